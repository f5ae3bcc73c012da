//! `mancala simulate`: many games between computer players, in parallel, and a summary of them.
//! Each game's RNGs come from `--seed` and the game's index alone, so the results are the same
//! whatever the number of threads.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use super::{load, OK, USAGE};
use crate::ai::AgentKind;
use crate::{Game, Player, Rules};

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
    /// Who plays South: random, greedy, mcts, mcts:ITERATIONS or mcts:MILLISECONDSms.
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
}

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
    /// Stones captured in the game (both players, at the end).
    pub captured: u32,
    /// Sowing actions and their laps.
    pub moves: u32,
    pub laps: u64,
    pub max_laps: u32,
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
    let rng = |stream| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        rng
    };
    let mut rngs = [rng(1), rng(2)];
    let mut game = Game::new(rules);
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
    };
    while let Some(player) = game.to_move() {
        if stats.length >= ACTION_CAP {
            break;
        }
        let agent = if player == Player::South { south } else { north };
        let Some(action) = agent.choose(&game, &mut rngs[player.index()]) else { break };
        let before = game.state().captured[player.index()];
        if game.apply(action).is_err() {
            break;
        }
        stats.length += 1;
        let laps = game.last_laps();
        if laps > 0 {
            stats.moves += 1;
            stats.laps += u64::from(laps);
            stats.max_laps = stats.max_laps.max(laps);
            if game.state().captured[player.index()] > before {
                stats.captures += 1;
            }
        }
    }
    stats.captured = game.state().captured.iter().sum();
    match game.result() {
        Some(result) => {
            stats.finished = true;
            stats.winner = result.winner;
            stats.reason = result.reason.clone();
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

/// Everything but the timing and thread count, from the games in index order.
pub fn summarise(rules: &Rules, south: AgentKind, north: AgentKind, seed: u64, stats: &[GameStats]) -> Summary {
    // At most MAX_GAMES games: every count fits.
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let games = count(stats.len());
    let wins = |p| count(stats.iter().filter(|s| s.winner == Some(p)).count());
    let (south_wins, north_wins) = (wins(Player::South), wins(Player::North));
    let unfinished = count(stats.iter().filter(|s| !s.finished).count());
    let draws = games - south_wins - north_wins - unfinished;
    let mean = |total: f64| if games == 0 { 0.0 } else { total / f64::from(games) };
    let mut lengths: Vec<u32> = stats.iter().map(|s| s.length).collect();
    lengths.sort_unstable();
    let median_length = match lengths.len() {
        0 => 0.0,
        n if n % 2 == 1 => f64::from(lengths[n / 2]),
        n => (f64::from(lengths[n / 2 - 1]) + f64::from(lengths[n / 2])) / 2.0,
    };
    let mut end_reasons = BTreeMap::new();
    for s in stats {
        *end_reasons.entry(s.reason.clone()).or_insert(0) += 1;
    }
    let moves: u64 = stats.iter().map(|s| u64::from(s.moves)).sum();
    let laps: u64 = stats.iter().map(|s| s.laps).sum();
    Summary {
        game: rules.name.clone(),
        options: Game::new(rules).position().options,
        south: south.to_string(),
        north: north.to_string(),
        seed,
        games,
        south_wins,
        north_wins,
        draws,
        unfinished,
        south_win_rate: Rate::wilson(south_wins, games),
        north_win_rate: Rate::wilson(north_wins, games),
        draw_rate: Rate::wilson(draws, games),
        mean_length: mean(lengths.iter().map(|&l| f64::from(l)).sum()),
        median_length,
        max_length: lengths.last().copied().unwrap_or(0),
        end_reasons,
        mean_captures: mean(stats.iter().map(|s| f64::from(s.captures)).sum()),
        mean_captured_stones: mean(stats.iter().map(|s| f64::from(s.captured)).sum()),
        mean_laps: if moves == 0 { 0.0 } else { laps as f64 / moves as f64 },
        max_laps: stats.iter().map(|s| s.max_laps).max().unwrap_or(0),
        threads: 0,
        seconds: 0.0,
        games_per_second: 0.0,
    }
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
    lines.push(format!(
        "  {:.0} games/s ({:.2} s, {} thread{})",
        summary.games_per_second,
        summary.seconds,
        summary.threads,
        if summary.threads == 1 { "" } else { "s" }
    ));
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
    let threads = match threads_to_use(args.threads, args.games) {
        Ok(threads) => threads,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    let builder = rayon::ThreadPoolBuilder::new().num_threads(threads);
    let pool = match builder.build() {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("error: cannot start threads: {error}");
            return USAGE;
        }
    };
    let progress = ProgressBar::with_draw_target(Some(u64::from(args.games)), progress_target());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}") {
        progress.set_style(style);
    }
    let start = Instant::now();
    let stats: Vec<GameStats> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|index| {
                let stats = play_game(&rules, args.south, args.north, game_seed(args.seed, u64::from(index)));
                progress.inc(1);
                stats
            })
            .collect()
    });
    progress.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let mut summary = summarise(&rules, args.south, args.north, args.seed, &stats);
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
