//! `mancala simulate`: many games between computer players, in parallel, and a summary of them.
//! Each game's RNGs come from `--seed` and the game's index alone, so the results are the same
//! whatever the number of threads, and a run split into shards (`--shard I/N`, each on a machine
//! of its own) adds up, shard files merged by `mancala merge`, to exactly the run in one piece: a
//! summary is computed from a [`Tally`] of counts that add.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{load, OK, USAGE};
use crate::ai::AgentKind;
use crate::engine::{Cells, GameIn};
use crate::{Action, Game, Player, Rules};

/// A game still going after this many actions is stopped and counted as unfinished.
pub const ACTION_CAP: u32 = 100_000;

/// The most games one run plays (each keeps about a hundred bytes until the summary).
pub const MAX_GAMES: u32 = 1_000_000;

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The rule file.
    rules: PathBuf,
    /// Choose an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// How many games.
    #[arg(long)]
    games: u32,
    /// Who plays South: easy, medium, hard, random, greedy, mcts, mcts:ITERATIONS or
    /// mcts:MILLISECONDSms.
    #[arg(long, default_value = "random")]
    south: AgentKind,
    /// Who plays North (same choices).
    #[arg(long, default_value = "random")]
    north: AgentKind,
    /// The seed every game's seed is derived from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: one per core); at most one per core and one per game are started.
    #[arg(long)]
    threads: Option<usize>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    json: bool,
    /// Play only shard I of N (I from 0): the games of the run's I-th N-th by index, and print
    /// the shard's counts as one JSON object for `mancala merge` (e.g. `--shard 3/8 > s3.json`).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Print one JSON line per game (index, seed, result, length, moves…) instead of a summary.
    #[arg(long)]
    jsonl: bool,
}

/// The format of a shard file.
pub const SHARD_FORMAT: &str = "mancala-shard/1";

/// The most shards a run is split into.
pub const MAX_SHARDS: u32 = 100_000;

/// What one game came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStats {
    /// `None` for a draw or an unfinished game.
    pub winner: Option<Player>,
    /// Whether the game reached an end of its rules (not the action cap, nor a player without
    /// an answer).
    pub finished: bool,
    /// Actions played.
    pub length: u32,
    pub reason: String,
    /// Sowing actions after which the mover had captured more.
    pub captures: u32,
    /// Stones captured in the game (both players), not counting those the end sweeps off the board.
    pub captured: u32,
    /// Sowing actions and their laps.
    pub moves: u32,
    pub laps: u64,
    pub max_laps: u32,
    /// The actions, where the game was played to be written out (`--jsonl`); empty otherwise.
    pub actions: Vec<Action>,
}

/// The seed of game `index`: `seed` and the index mixed (SplitMix64), independent of threads.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays one game between two computer players from the start.
pub fn play_game(rules: &Rules, south: AgentKind, north: AgentKind, seed: u64) -> GameStats {
    play_game_with(rules, south, north, seed, false)
}

/// [`play_game`], keeping its actions when `record` says so. The game is laid out as narrowly as
/// its rules allow ([`crate::engine::layout`]): the same game either way, played faster.
pub fn play_game_with(rules: &Rules, south: AgentKind, north: AgentKind, seed: u64, record: bool) -> GameStats {
    crate::in_narrowest!(rules, C => play_in::<C>(rules, south, north, seed, record))
}

/// [`play_game_with`] in layout `C`.
fn play_in<C: Cells>(rules: &Rules, south: AgentKind, north: AgentKind, seed: u64, record: bool) -> GameStats {
    let rng = |stream| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        rng
    };
    let mut rngs = [rng(1), rng(2)];
    let mut game = GameIn::<C>::new(rules);
    let mut stats = GameStats {
        winner: None,
        finished: false,
        length: 0,
        reason: String::new(),
        captures: 0,
        captured: 0,
        moves: 0,
        laps: 0,
        max_laps: 0,
        actions: Vec::new(),
    };
    while let Some(player) = game.to_move() {
        if stats.length >= ACTION_CAP {
            break;
        }
        let agent = if player == Player::South { south } else { north };
        let Some(action) = agent.choose(&game, &mut rngs[player.index()]) else { break };
        // Captures in play: not the stones the end sweeps off the board.
        let in_play = |game: &GameIn<'_, C>| game.state().captured[player.index()] - game.swept()[player.index()];
        let before = in_play(&game);
        if game.apply(action).is_err() {
            break;
        }
        if record {
            stats.actions.push(action);
        }
        stats.length += 1;
        let laps = game.last_laps();
        if laps > 0 {
            stats.moves += 1;
            stats.laps += u64::from(laps);
            stats.max_laps = stats.max_laps.max(laps);
            // Counted without a branch: whether a move captures is a toss-up.
            stats.captures += u32::from(in_play(&game) > before);
        }
    }
    stats.captured = game.state().captured.iter().sum::<u32>() - game.swept().iter().sum::<u32>();
    match game.into_result() {
        Some(result) => {
            stats.finished = true;
            stats.winner = result.winner;
            stats.reason = result.reason;
        }
        None => stats.reason = format!("unfinished after {} actions", stats.length),
    }
    stats
}

/// A proportion with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Rate {
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    pub fn wilson(successes: u32, n: u32) -> Rate {
        if n == 0 {
            return Rate { rate: 0.0, low: 0.0, high: 1.0 };
        }
        let (n, z) = (f64::from(n), 1.96f64);
        let p = f64::from(successes) / n;
        let denominator = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denominator;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
        Rate { rate: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
    }
}

/// The summary `simulate` prints (with `--json`, exactly these fields).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    pub game: String,
    pub options: BTreeMap<String, serde_json::Value>,
    pub south: String,
    pub north: String,
    pub seed: u64,
    pub games: u32,
    pub south_wins: u32,
    pub north_wins: u32,
    pub draws: u32,
    /// Games stopped at the action cap: neither won nor drawn.
    pub unfinished: u32,
    pub south_win_rate: Rate,
    pub north_win_rate: Rate,
    pub draw_rate: Rate,
    pub mean_length: f64,
    pub median_length: f64,
    pub max_length: u32,
    pub end_reasons: BTreeMap<String, u32>,
    /// Capturing moves per game, and stones captured per game.
    pub mean_captures: f64,
    pub mean_captured_stones: f64,
    /// Laps per sowing move.
    pub mean_laps: f64,
    pub max_laps: u32,
    pub threads: usize,
    pub seconds: f64,
    pub games_per_second: f64,
}

/// Counts over games that add up exactly: a run's summary is computed from its tally, and the
/// tallies of a run's shards add up to the run's.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub games: u32,
    pub south_wins: u32,
    pub north_wins: u32,
    pub unfinished: u32,
    /// How many games had each length (in actions).
    pub lengths: BTreeMap<u32, u32>,
    pub end_reasons: BTreeMap<String, u32>,
    /// Capturing moves and stones captured, over all games.
    pub captures: u64,
    pub captured: u64,
    /// Sowing moves and their laps, over all games.
    pub moves: u64,
    pub laps: u64,
    pub max_laps: u32,
}

impl Tally {
    /// The tally of these games.
    pub fn of(stats: &[GameStats]) -> Tally {
        let mut tally = Tally::default();
        for game in stats {
            tally.games += 1;
            match (game.winner, game.finished) {
                (Some(Player::South), _) => tally.south_wins += 1,
                (Some(Player::North), _) => tally.north_wins += 1,
                (None, false) => tally.unfinished += 1,
                (None, true) => {}
            }
            *tally.lengths.entry(game.length).or_insert(0) += 1;
            // The reason copied only the first time it is met.
            match tally.end_reasons.get_mut(&game.reason) {
                Some(n) => *n += 1,
                None => {
                    tally.end_reasons.insert(game.reason.clone(), 1);
                }
            }
            tally.captures += u64::from(game.captures);
            tally.captured += u64::from(game.captured);
            tally.moves += u64::from(game.moves);
            tally.laps += game.laps;
            tally.max_laps = tally.max_laps.max(game.max_laps);
        }
        tally
    }

    /// Adds `other`'s games to these.
    pub fn add(&mut self, other: &Tally) {
        self.games = self.games.saturating_add(other.games);
        self.south_wins = self.south_wins.saturating_add(other.south_wins);
        self.north_wins = self.north_wins.saturating_add(other.north_wins);
        self.unfinished = self.unfinished.saturating_add(other.unfinished);
        for (length, n) in &other.lengths {
            *self.lengths.entry(*length).or_insert(0) += n;
        }
        for (reason, n) in &other.end_reasons {
            *self.end_reasons.entry(reason.clone()).or_insert(0) += n;
        }
        self.captures += other.captures;
        self.captured += other.captured;
        self.moves += other.moves;
        self.laps += other.laps;
        self.max_laps = self.max_laps.max(other.max_laps);
    }

    /// The length of the game at `rank` (from 0) in order of length.
    fn length_at(&self, rank: u64) -> u32 {
        let mut seen = 0u64;
        for (length, n) in &self.lengths {
            seen += u64::from(*n);
            if seen > rank {
                return *length;
            }
        }
        0
    }
}

/// Everything but the timing and thread count, from the games in index order.
pub fn summarise(rules: &Rules, south: AgentKind, north: AgentKind, seed: u64, stats: &[GameStats]) -> Summary {
    let who = Who {
        game: rules.name.clone(),
        options: Game::new(rules).position().options,
        south: south.to_string(),
        north: north.to_string(),
        seed,
    };
    summary_of(&who, &Tally::of(stats))
}

/// What a run is of: the game, its options, the players and the seed.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Who {
    pub game: String,
    pub options: BTreeMap<String, serde_json::Value>,
    pub south: String,
    pub north: String,
    pub seed: u64,
}

/// The summary of a tally (timing and threads left 0).
pub fn summary_of(who: &Who, tally: &Tally) -> Summary {
    let games = tally.games;
    let draws = games - tally.south_wins - tally.north_wins - tally.unfinished;
    // Integer sums, divided once: the same whatever order the games were added in.
    let mean = |total: u64| if games == 0 { 0.0 } else { total as f64 / f64::from(games) };
    let total_length: u64 = tally.lengths.iter().map(|(l, n)| u64::from(*l) * u64::from(*n)).sum();
    let n = u64::from(games);
    let median_length = match n {
        0 => 0.0,
        n if n % 2 == 1 => f64::from(tally.length_at(n / 2)),
        n => (f64::from(tally.length_at(n / 2 - 1)) + f64::from(tally.length_at(n / 2))) / 2.0,
    };
    Summary {
        game: who.game.clone(),
        options: who.options.clone(),
        south: who.south.clone(),
        north: who.north.clone(),
        seed: who.seed,
        games,
        south_wins: tally.south_wins,
        north_wins: tally.north_wins,
        draws,
        unfinished: tally.unfinished,
        south_win_rate: Rate::wilson(tally.south_wins, games),
        north_win_rate: Rate::wilson(tally.north_wins, games),
        draw_rate: Rate::wilson(draws, games),
        mean_length: mean(total_length),
        median_length,
        max_length: tally.lengths.keys().next_back().copied().unwrap_or(0),
        end_reasons: tally.end_reasons.clone(),
        mean_captures: mean(tally.captures),
        mean_captured_stones: mean(tally.captured),
        mean_laps: if tally.moves == 0 { 0.0 } else { tally.laps as f64 / tally.moves as f64 },
        max_laps: tally.max_laps,
        threads: 0,
        seconds: 0.0,
        games_per_second: 0.0,
    }
}

/// A shard's file: what the run is, which of its games this shard played, and their tally.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    pub format: String,
    #[serde(flatten)]
    pub who: Who,
    /// The games of the whole run.
    pub games: u32,
    pub shard: u32,
    pub shards: u32,
    /// The indices of this shard's games: `first` and the `count` after it.
    pub first: u32,
    pub count: u32,
    pub tally: Tally,
    pub seconds: f64,
}

/// The games of shard `shard` of `shards` in a run of `games`: its first index and how many.
pub fn shard_range(games: u32, shard: u32, shards: u32) -> (u32, u32) {
    let at = |i: u32| u32::try_from(u64::from(games) * u64::from(i) / u64::from(shards)).unwrap_or(u32::MAX);
    (at(shard), at(shard + 1) - at(shard))
}

/// `I/N`, with 0 <= I < N <= MAX_SHARDS.
pub fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{text}` is not a shard: write I/N, the I-th (from 0) of N, as --shard 0/4");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n) = (i.trim().parse::<u32>().map_err(|_| bad())?, n.trim().parse::<u32>().map_err(|_| bad())?);
    if n == 0 || n > MAX_SHARDS {
        return Err(format!("--shard {text}: N must be 1 to {MAX_SHARDS}"));
    }
    if i >= n {
        return Err(format!("--shard {text}: I counts from 0, so it is at most {}", n - 1));
    }
    Ok((i, n))
}

/// One game as `--jsonl` writes it.
#[derive(Serialize)]
struct GameLine<'a> {
    index: u32,
    seed: u64,
    winner: Option<Player>,
    finished: bool,
    length: u32,
    reason: &'a str,
    captures: u32,
    captured: u32,
    laps: u64,
    moves: String,
}

/// The summary as lines of text.
pub fn render(summary: &Summary) -> String {
    let percent = |r: &Rate| format!("{:5.1}%  [{:.1}%, {:.1}%]", r.rate * 100.0, r.low * 100.0, r.high * 100.0);
    let mut lines = vec![
        format!("{}: {} games, south {} v north {}, seed {}", summary.game, summary.games, summary.south, summary.north, summary.seed),
        format!("  south wins  {:>6}  {}", summary.south_wins, percent(&summary.south_win_rate)),
        format!("  north wins  {:>6}  {}", summary.north_wins, percent(&summary.north_win_rate)),
        format!("  draws       {:>6}  {}", summary.draws, percent(&summary.draw_rate)),
    ];
    if summary.unfinished > 0 {
        lines.push(format!("  unfinished  {:>6}  (stopped after {ACTION_CAP} actions: neither won nor drawn)", summary.unfinished));
    }
    lines.extend([
        format!("  length (actions): mean {:.1}, median {:.1}, max {}", summary.mean_length, summary.median_length, summary.max_length),
        "  end reasons:".to_string(),
    ]);
    let mut reasons: Vec<(&String, &u32)> = summary.end_reasons.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    lines.extend(reasons.into_iter().map(|(reason, n)| format!("    {n:>6}  {reason}")));
    lines.push(format!("  captures per game: {:.2} capturing moves, {:.1} stones", summary.mean_captures, summary.mean_captured_stones));
    lines.push(format!("  laps per move: mean {:.3}, max {}", summary.mean_laps, summary.max_laps));
    lines.push(match summary.threads {
        // Merged shards: their machines' time added up.
        0 => format!("  {:.0} games/s ({:.2} s of the shards' time)", summary.games_per_second, summary.seconds),
        threads => format!(
            "  {:.0} games/s ({:.2} s, {threads} thread{})",
            summary.games_per_second,
            summary.seconds,
            if threads == 1 { "" } else { "s" }
        ),
    });
    lines.join("\n") + "\n"
}

pub fn simulate(args: &SimulateArgs) -> u8 {
    if args.south == AgentKind::Human || args.north == AgentKind::Human {
        eprintln!("error: simulate plays computer players only: random, greedy or mcts");
        return USAGE;
    }
    if args.games == 0 || args.games > MAX_GAMES {
        eprintln!("error: --games must be 1 to {MAX_GAMES}");
        return USAGE;
    }
    let rules = match load(&args.rules, &args.set) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let pool = match thread_pool(args.threads, args.games) {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    let (first, count, shard) = match args.shard.as_deref().map(parse_shard).transpose() {
        Ok(Some((shard, shards))) => {
            let (first, count) = shard_range(args.games, shard, shards);
            (first, count, Some((shard, shards)))
        }
        Ok(None) => (0, args.games, None),
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    let progress = ProgressBar::with_draw_target(Some(u64::from(count)), progress_target());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}") {
        progress.set_style(style);
    }
    // A hidden bar is not told of each game: telling it reads the clock.
    let shown = !progress.is_hidden();
    let start = Instant::now();
    let stats: Vec<GameStats> = pool.install(|| {
        (first..first + count)
            .into_par_iter()
            .map(|index| {
                let stats = play_game_with(&rules, args.south, args.north, game_seed(args.seed, u64::from(index)), args.jsonl);
                if shown {
                    progress.inc(1);
                }
                stats
            })
            .collect()
    });
    progress.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    if args.jsonl {
        let mut out = std::io::stdout().lock();
        for (index, game) in (first..).zip(&stats) {
            let line = GameLine {
                index,
                seed: game_seed(args.seed, u64::from(index)),
                winner: game.winner,
                finished: game.finished,
                length: game.length,
                reason: &game.reason,
                captures: game.captures,
                captured: game.captured,
                laps: game.laps,
                moves: game.actions.iter().map(|a| a.text(&rules)).collect::<Vec<_>>().join(", "),
            };
            let text = serde_json::to_string(&line).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
            let _ = writeln!(out, "{text}");
        }
        return OK;
    }
    let mut summary = summarise(&rules, args.south, args.north, args.seed, &stats);
    if let Some((shard, shards)) = shard {
        let who = Who { game: summary.game, options: summary.options, south: summary.south, north: summary.north, seed: args.seed };
        let file = Shard {
            format: SHARD_FORMAT.to_string(),
            who,
            games: args.games,
            shard,
            shards,
            first,
            count,
            tally: Tally::of(&stats),
            seconds,
        };
        println!("{}", serde_json::to_string(&file).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")));
        return OK;
    }
    summary.threads = pool.current_num_threads();
    summary.seconds = seconds;
    summary.games_per_second = if seconds > 0.0 { f64::from(args.games) / seconds } else { 0.0 };
    if args.json {
        println!("{}", serde_json::to_string(&summary).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")));
    } else {
        print!("{}", render(&summary));
    }
    OK
}

/// A pool of [`threads_to_use`] threads (at least one, even for no games), or why not.
pub fn thread_pool(asked: Option<usize>, games: u32) -> Result<rayon::ThreadPool, String> {
    let threads = threads_to_use(asked, games)?.max(1);
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| format!("cannot start threads: {e}"))
}

/// The threads to start: `--threads` (default: one per core), but never more than the cores or
/// the games, which is all that helps; 0 is refused.
pub fn threads_to_use(asked: Option<usize>, games: u32) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let games = usize::try_from(games).unwrap_or(usize::MAX);
    match asked {
        Some(0) => Err("--threads must be at least 1".to_string()),
        Some(threads) => Ok(threads.min(cores).min(games)),
        None => Ok(cores.min(games).max(1)),
    }
}

/// A progress bar on standard error when it is a terminal, none otherwise.
fn progress_target() -> ProgressDrawTarget {
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}
