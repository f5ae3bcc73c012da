//! `mancala tournament`: a round robin between built-in players and outside agents (programs that
//! speak `mancala-agent/1`, see docs/agents.md). Every two players meet `--games` times with each
//! colour; an agent that answers late, wrongly or not at all loses that game (the fault is
//! recorded) and the tournament goes on. The standings give each player's score and an Elo rating
//! with a 95% interval; `--jsonl FILE` keeps every game as one JSON line.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::simulate::{game_seed, parse_shard, shard_range, thread_pool, Rate, ACTION_CAP};
use super::{load, OK, USAGE};
use crate::agent::{External, Fault};
use crate::ai::AgentKind;
use crate::engine::{Cells, GameIn};
use crate::{Game, Player, Rules};

/// The most players in one tournament.
const MAX_PLAYERS: usize = 32;

#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The rule file.
    rules: PathBuf,
    /// Choose an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// A player, NAME=SPEC (at least two): SPEC is a built-in player (random, greedy, easy,
    /// medium, hard, mcts:N) or `cmd:PROGRAM ARG…`, an agent program (arguments split at spaces).
    #[arg(long = "player", value_name = "NAME=SPEC", required = true)]
    players: Vec<String>,
    /// Games each two players play with each colour.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// The seed the games' seeds come from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The time an agent has for each answer, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    time_ms: u64,
    /// Write every game here, one JSON line each (a new file: an existing one is not written over).
    #[arg(long, value_name = "FILE.jsonl")]
    jsonl: Option<PathBuf>,
    /// Play only shard I of N (I from 0) of the tournament's games, by number, and print the
    /// shard's standings as one JSON object for `mancala merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Games played at once (default: one per core where every player is built in, one where an
    /// agent program plays, whose time is wall time); at most one per core. The same games and
    /// standings whatever the number.
    #[arg(long)]
    threads: Option<usize>,
}

/// The format of a tournament's shard file.
pub const TOURNAMENT_SHARD_FORMAT: &str = "mancala-tournament-shard/1";

/// A shard of a tournament: what the tournament is, which of its games were played, the standings.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TournamentShard {
    pub format: String,
    pub game: String,
    pub options: std::collections::BTreeMap<String, serde_json::Value>,
    /// Each player as given: NAME=SPEC.
    pub players: Vec<String>,
    /// Games a pair with each colour, the seed and the time per answer.
    pub games: u32,
    pub seed: u64,
    pub time_ms: u64,
    /// Every game of the tournament, this shard's number of N, and its games' numbers.
    pub total: u32,
    pub shard: u32,
    pub shards: u32,
    pub first: u32,
    pub count: u32,
    pub standings: Vec<Standing>,
}

/// Who a player is.
#[derive(Clone, Debug)]
enum Spec {
    BuiltIn(AgentKind),
    Program(Vec<String>),
}

#[derive(Clone, Debug)]
struct Entrant {
    name: String,
    spec: Spec,
}

fn parse_player(text: &str) -> Result<Entrant, String> {
    let (name, spec) = text.split_once('=').ok_or_else(|| format!("`{text}` is not a player: write NAME=SPEC, as mcts=mcts:500"))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("`{text}`: the player has no name"));
    }
    let spec = match spec.strip_prefix("cmd:") {
        Some(command) => {
            let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
            if words.is_empty() {
                return Err(format!("`{text}`: `cmd:` names no program"));
            }
            Spec::Program(words)
        }
        None => match spec.parse::<AgentKind>()? {
            AgentKind::Human => return Err(format!("`{text}`: a tournament has no human players")),
            kind => Spec::BuiltIn(kind),
        },
    };
    Ok(Entrant { name: name.to_string(), spec })
}

/// One game as `--jsonl` writes it.
#[derive(Serialize)]
struct GameLine<'a> {
    game: u32,
    south: &'a str,
    north: &'a str,
    seed: u64,
    /// The winner's name (`null`: a draw or an unfinished game).
    winner: Option<&'a str>,
    result: Option<crate::engine::position::ResultJson>,
    length: u32,
    moves: String,
    /// An agent's fault that ended the game: the player and what went wrong.
    fault: Option<FaultLine<'a>>,
}

#[derive(Serialize)]
struct FaultLine<'a> {
    player: &'a str,
    kind: &'static str,
}

/// How a game between two entrants came out.
struct Played {
    /// South's half points: 2 a win, 1 a draw, 0 a loss (`None`: unfinished, not counted).
    south_points: Option<u32>,
    line: String,
    fault: Option<(Player, Fault)>,
}

/// Plays one game; `seats` are South's and North's entrants. The game is laid out as narrowly as
/// its rules allow, as `simulate` lays it out ([`crate::engine::layout`]): the same game either
/// way, its built-in players' searches faster.
fn play(rules: &Rules, seats: [&Entrant; 2], number: u32, seed: u64, time: Duration) -> Played {
    crate::in_narrowest!(rules, C => play_in::<C>(rules, seats, number, seed, time))
}

/// [`play`] in layout `C`.
fn play_in<C: Cells>(rules: &Rules, seats: [&Entrant; 2], number: u32, seed: u64, time: Duration) -> Played {
    let mut game = GameIn::<C>::new(rules);
    let rng = |stream| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        rng
    };
    let mut rngs = [rng(1), rng(2)];
    let mut fault = None;
    let mut agents: [Option<External>; 2] = [None, None];
    for player in Player::BOTH {
        if let Spec::Program(command) = &seats[player.index()].spec {
            match External::start(command, &game, player, time) {
                Ok(agent) => agents[player.index()] = Some(agent),
                Err(why) => {
                    fault.get_or_insert((player, why));
                }
            }
        }
    }
    // The actions as text: the record's moves, and the agents' `since`.
    let mut played: Vec<String> = Vec::new();
    while fault.is_none() && played.len() < ACTION_CAP as usize {
        let Some(player) = game.to_move() else { break };
        let choice = match (&seats[player.index()].spec, agents[player.index()].as_mut()) {
            (Spec::BuiltIn(kind), _) => kind.choose(&game, &mut rngs[player.index()]).ok_or(Fault::Crashed),
            (Spec::Program(_), Some(agent)) => agent.choose(&game, &played),
            (Spec::Program(_), None) => Err(Fault::Crashed),
        };
        match choice.and_then(|action| game.apply(action).map(|()| action).map_err(|e| Fault::Illegal(e.action))) {
            Ok(action) => played.push(action.text(rules)),
            Err(why) => fault = Some((player, why)),
        }
    }
    for (index, agent) in agents.into_iter().enumerate() {
        if let Some(agent) = agent {
            // An agent that faulted is stopped without a word; the other is told the end.
            if fault.as_ref().is_some_and(|(p, _)| p.index() == index) {
                drop(agent);
            } else {
                agent.finish(&game);
            }
        }
    }
    let position = game.position();
    let (south_points, winner, result) = match (&fault, &position.result) {
        (Some((loser, why)), _) => {
            let winner = loser.opponent();
            let result = crate::engine::position::ResultJson {
                winner: Some(winner),
                score: position.captured,
                reason: format!("{} (forfeit)", why.describe(*loser)),
            };
            (Some(if winner == Player::South { 2 } else { 0 }), Some(winner), Some(result))
        }
        (None, Some(result)) => {
            let points = match result.winner {
                Some(Player::South) => 2,
                Some(Player::North) => 0,
                None => 1,
            };
            (Some(points), result.winner, Some(result.clone()))
        }
        (None, None) => (None, None, None),
    };
    let line = GameLine {
        game: number,
        south: &seats[0].name,
        north: &seats[1].name,
        seed,
        winner: winner.map(|w| seats[w.index()].name.as_str()),
        result,
        length: u32::try_from(played.len()).unwrap_or(u32::MAX),
        moves: played.join(", "),
        fault: fault.as_ref().map(|(p, why)| FaultLine { player: &seats[p.index()].name, kind: why.kind() }),
    };
    Played { south_points, line: serde_json::to_string(&line).unwrap_or_default(), fault }
}

/// A player's standing.
#[derive(Default, Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub unfinished: u32,
    pub faults: std::collections::BTreeMap<String, u32>,
}

impl Standing {
    /// Adds `other`'s games to these.
    pub fn add(&mut self, other: &Standing) {
        self.games += other.games;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unfinished += other.unfinished;
        for (kind, n) in &other.faults {
            *self.faults.entry(kind.clone()).or_insert(0) += n;
        }
    }

    /// Wins and draws in half points.
    fn half_points(&self) -> u32 {
        2 * self.wins + self.draws
    }

    fn points(&self) -> f64 {
        f64::from(self.half_points()) / 2.0
    }
}

/// An Elo difference from a score fraction against the field (kept off 0 and 1 by half a game).
fn elo(score: f64, games: u32) -> f64 {
    let half = 0.5 / f64::from(games.max(1));
    let p = score.clamp(half, 1.0 - half);
    400.0 * (p / (1.0 - p)).log10()
}

pub fn tournament(args: &TournamentArgs) -> u8 {
    let entrants: Vec<Entrant> = match args.players.iter().map(|p| parse_player(p)).collect() {
        Ok(entrants) => entrants,
        Err(error) => {
            eprintln!("error: --player {error}");
            return USAGE;
        }
    };
    if entrants.len() < 2 || entrants.len() > MAX_PLAYERS {
        eprintln!("error: a tournament needs 2 to {MAX_PLAYERS} players (--player NAME=SPEC each)");
        return USAGE;
    }
    let mut names: Vec<&str> = entrants.iter().map(|e| e.name.as_str()).collect();
    names.sort_unstable();
    if let Some(pair) = names.windows(2).find(|w| w[0] == w[1]) {
        eprintln!("error: two players are called `{}`", pair[0]);
        return USAGE;
    }
    if args.games == 0 || args.games > 10_000 {
        eprintln!("error: --games must be 1 to 10000");
        return USAGE;
    }
    if args.time_ms == 0 || args.time_ms > 3_600_000 {
        eprintln!("error: --time-ms must be 1 to 3600000 (an hour)");
        return USAGE;
    }
    let rules = match load(&args.rules, &args.set) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    // The games file is new: checked before the first game, written at the end, atomically.
    let mut out = match &args.jsonl {
        Some(path) => match new_file(path) {
            Ok(file) => Some((path, file)),
            Err(error) => {
                eprintln!("error: {error}");
                return USAGE;
            }
        },
        None => None,
    };
    let time = Duration::from_millis(args.time_ms);
    let pairs = u32::try_from(entrants.len() * (entrants.len() - 1) / 2).unwrap_or(u32::MAX);
    let total = pairs.saturating_mul(2).saturating_mul(args.games);
    let (first, count, shard) = match args.shard.as_deref().map(parse_shard).transpose() {
        Ok(Some((shard, shards))) => {
            let (first, count) = shard_range(total, shard, shards);
            (first, count, Some((shard, shards)))
        }
        Ok(None) => (0, total, None),
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    // Every pair of players, in the order their games are numbered: each pair's games, each
    // game twice (its first player South, then North).
    let pairs: Vec<(usize, usize)> = (0..entrants.len()).flat_map(|a| (a + 1..entrants.len()).map(move |b| (a, b))).collect();
    let seats = |number: u32| {
        let (a, b) = pairs[(number / 2 / args.games) as usize];
        if number.is_multiple_of(2) {
            (a, b)
        } else {
            (b, a)
        }
    };
    let programs = entrants.iter().any(|e| matches!(e.spec, Spec::Program(_)));
    let pool = match thread_pool(args.threads.or(programs.then_some(1)), count) {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    let mut standings = vec![Standing::default(); entrants.len()];
    // A few games a thread at once, then their lines and results in order: the same file and
    // standings whatever the threads, and no more than a batch of lines held.
    let batch = 8 * u32::try_from(pool.current_num_threads()).unwrap_or(1).max(1);
    for start in (first..first + count).step_by(batch as usize) {
        let numbers = start..(start + batch).min(first + count);
        let played: Vec<Played> = pool.install(|| {
            numbers
                .clone()
                .into_par_iter()
                .map(|this| {
                    let (south, north) = seats(this);
                    play(&rules, [&entrants[south], &entrants[north]], this, game_seed(args.seed, u64::from(this)), time)
                })
                .collect()
        });
        for (played, (south, north)) in played.iter().zip(numbers.map(seats)) {
            if let Some((_, file)) = out.as_mut() {
                if let Err(error) = writeln!(file, "{}", played.line) {
                    eprintln!("error: cannot write the games: {error}");
                    return USAGE;
                }
            }
            for (seat, index) in [(Player::South, south), (Player::North, north)] {
                let standing = &mut standings[index];
                standing.games += 1;
                match played.south_points {
                    None => standing.unfinished += 1,
                    Some(1) => standing.draws += 1,
                    Some(p) if (p == 2) == (seat == Player::South) => standing.wins += 1,
                    Some(_) => standing.losses += 1,
                }
                if let Some((who, why)) = &played.fault {
                    if *who == seat {
                        *standing.faults.entry(why.kind().to_string()).or_insert(0) += 1;
                    }
                }
            }
        }
    }
    if let Some((path, file)) = out {
        if let Err(error) = file.persist_noclobber(path) {
            eprintln!("error: cannot write {}: {}", path.display(), error.error.to_string().to_lowercase());
            return USAGE;
        }
    }
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    if let Some((shard, shards)) = shard {
        let file = TournamentShard {
            format: TOURNAMENT_SHARD_FORMAT.to_string(),
            game: rules.name.clone(),
            options: Game::new(&rules).position().options,
            players: args.players.clone(),
            games: args.games,
            seed: args.seed,
            time_ms: args.time_ms,
            total,
            shard,
            shards,
            first,
            count,
            standings,
        };
        println!("{}", serde_json::to_string(&file).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")));
        return OK;
    }
    print!("{}", standings_text(&rules.name, &names, &standings, args.games, args.seed));
    OK
}

/// A temporary file beside `path`, to become it at the end; refused if `path` exists already.
fn new_file(path: &std::path::Path) -> Result<tempfile::NamedTempFile, String> {
    if path.exists() {
        return Err(format!("{} exists: the games are written to a new file only", path.display()));
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    tempfile::NamedTempFile::new_in(folder).map_err(|e| format!("cannot write beside {}: {}", path.display(), e.to_string().to_lowercase()))
}

/// The standings as lines of text: `game`'s round robin of the players `names` (`games` a pair
/// with each colour, from `seed`).
pub fn standings_text(game: &str, names: &[String], standings: &[Standing], games_a_pair: u32, seed: u64) -> String {
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| standings[b].points().total_cmp(&standings[a].points()).then(a.cmp(&b)));
    let games: u32 = standings.iter().map(|s| s.games).sum::<u32>() / 2;
    let mut lines = vec![
        format!(
            "{}: round robin of {} players, {} games ({} a pair with each colour), seed {}",
            game,
            names.len(),
            games,
            games_a_pair,
            seed
        ),
        format!(
            "  {:<16} {:>5} {:>5} {:>5} {:>5} {:>7}  {:>18}  faults",
            "player", "games", "wins", "draws", "losses", "score", "Elo (95%)"
        ),
    ];
    for index in order {
        let s = &standings[index];
        let counted = s.games - s.unfinished;
        let score = if counted == 0 { 0.5 } else { s.points() / f64::from(counted) };
        // The interval of the score fraction (Wilson), draws as half a win, turned into Elo.
        let rate = Rate::wilson(s.half_points(), counted * 2);
        let faults: Vec<String> = s.faults.iter().map(|(k, n)| format!("{n} {k}")).collect();
        lines.push(format!(
            "  {:<16} {:>5} {:>5} {:>5} {:>5} {:>6.1}%  {:>+5.0} [{:+.0}, {:+.0}]  {}",
            names[index],
            s.games,
            s.wins,
            s.draws,
            s.losses,
            score * 100.0,
            elo(score, counted),
            elo(rate.low, counted),
            elo(rate.high, counted),
            if faults.is_empty() { "none".to_string() } else { faults.join(", ") }
        ));
    }
    lines.push("  Elo against the field: 400 log10(score / (1 - score)), the interval from the score's.".to_string());
    lines.join("\n") + "\n"
}
