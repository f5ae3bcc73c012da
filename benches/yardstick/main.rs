//! The yardstick: hand-written Kalah and Oware (`kalah.rs`, `oware.rs`: no rule file, no
//! interpreter) against the generic engine playing the shipped rule files, in the same run, on
//! one thread, with the same uniform random players as `simulate` (the same generators, seeded
//! the same way, choosing among the legal moves listed in the same order). So both play the very
//! same games: the run checks that they do (winners and lengths of the first games), then prints
//! games per second for every shipped file and, for Kalah and Oware, the ratio engine ÷ yardstick.
//!
//!     cargo bench --bench yardstick                     # every shipped file, median of 5 runs
//!     cargo bench --bench yardstick -- kalah oware      # some files
//!     cargo bench --bench yardstick -- --runs 9 --seconds 1
//!
//! Each run of a file plays the same games (game seeds 0, 1, 2, … of `--seed 1`) for about
//! `--seconds` (0.5 by default, measured once beforehand); the yardstick's runs alternate with the
//! engine's, so a busy machine slows both alike. Two more columns: the time to load the file
//! (read, check, compile; the median of 21 loads) and the `mcts` searcher's random playouts per
//! second from a position near the start (a search of 1,000 iterations, the default playout
//! depth, in the layout `simulate` plays in; the median of as many searches as runs).

mod kalah;
mod oware;

use std::path::Path;
use std::time::Instant;

use mancala::ai::mcts::{Budget, Mcts};
use mancala::ai::AgentKind;
use mancala::cli::simulate::{game_seed, play_game};
use mancala::{Player, Rules};
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

/// How a game ended: its length in actions and its winner (0 South, 1 North, `None` a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    length: u32,
    winner: Option<usize>,
}

impl Played {
    fn new(length: u32, score: [u32; 2]) -> Played {
        let winner = match score[0].cmp(&score[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        Played { length, winner }
    }
}

/// Games compared move for move between the engine and the yardstick before timing.
const COMPARED: u64 = 20_000;

/// The two players' generators of game `index`, as `simulate` seeds them.
fn generators(index: u64) -> [ChaCha8Rng; 2] {
    let seed = game_seed(1, index);
    [1, 2].map(|stream| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        rng
    })
}

/// The engine's game `index` of `rules`, as `simulate --seed 1` plays it.
fn engine(rules: &Rules, index: u64) -> Played {
    let stats = play_game(rules, AgentKind::Random, AgentKind::Random, game_seed(1, index));
    Played { length: stats.length, winner: stats.winner.map(Player::index) }
}

/// The yardstick's game `index` of `name`, where there is one.
fn yardstick(name: &str) -> Option<Box<dyn FnMut(u64) -> Played>> {
    match name {
        "kalah" => Some(Box::new(|index| kalah::play(&mut generators(index)))),
        "oware" => {
            let mut seen = Vec::with_capacity(512);
            Some(Box::new(move |index| oware::play(&mut generators(index), &mut seen)))
        }
        _ => None,
    }
}

/// Games per second of `play` over games `0..games`.
fn rate(games: u64, play: &mut dyn FnMut(u64) -> Played) -> f64 {
    let start = Instant::now();
    let mut lengths = 0u64;
    for index in 0..games {
        lengths += u64::from(play(index).length);
    }
    std::hint::black_box(lengths);
    games as f64 / start.elapsed().as_secs_f64()
}

/// Milliseconds to load `path` (the median of 21 loads).
fn load_ms(path: &Path) -> f64 {
    let times = (0..21)
        .map(|_| {
            let start = Instant::now();
            let rules = mancala::load_file(path, &[] as &[&str]);
            std::hint::black_box(rules.is_ok());
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    median(times)
}

/// The searcher's iterations (each one random playout) per second, from a position near the
/// start of the game, in the layout `simulate` plays the rules in: the median of `runs` searches
/// of that position with the same generator (the same playouts each time).
fn playouts(rules: &Rules, runs: usize) -> f64 {
    mancala::in_narrowest!(rules, C => playouts_in::<C>(rules, runs))
}

fn playouts_in<C: mancala::engine::Cells>(rules: &Rules, runs: usize) -> f64 {
    // From a position a few random actions in where there is a choice to make: a game's first
    // turn may be one a search answers at once (a single move, a turn played by both at once).
    let mut game = mancala::engine::GameIn::<C>::new(rules);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut played = 0;
    while (played < 4 || game.legal_actions().len() < 2) && played < 200 && !game.is_over() {
        let Some(action) = AgentKind::Random.choose(&game, &mut rng) else { break };
        if game.apply(action).is_err() {
            break;
        }
        played += 1;
    }
    let iterations = 1000;
    let rates = (0..runs)
        .map(|_| {
            let mut rng = ChaCha8Rng::seed_from_u64(2);
            let start = Instant::now();
            std::hint::black_box(Mcts::new(Budget::Iterations(iterations)).choose(&game, &mut rng));
            f64::from(iterations) / start.elapsed().as_secs_f64()
        })
        .collect();
    median(rates)
}

/// The layout `simulate` plays the rules in, and the bytes of its position.
fn layout(rules: &Rules) -> String {
    use mancala::engine::{Cells, StateIn};
    let (name, bytes) = mancala::in_narrowest!(rules, C => (<C as Cells>::NAME, std::mem::size_of::<StateIn<C>>()));
    format!("{name} {bytes} B")
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

struct Options {
    runs: usize,
    seconds: f64,
    games: Vec<String>,
}

fn options() -> Options {
    let mut options = Options { runs: 5, seconds: 0.5, games: Vec::new() };
    // Every shipped rule file (the crate's rules/ folder), by name.
    let shipped = mancala::cli::shipped::names();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => options.runs = args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(5),
            "--seconds" => options.seconds = args.next().and_then(|n| n.parse().ok()).filter(|&s: &f64| s > 0.0).unwrap_or(0.5),
            // What `cargo bench` passes to every bench target.
            "--bench" => {}
            name if shipped.iter().any(|g| g == name) => options.games.push(name.to_string()),
            other => {
                eprintln!("yardstick: `{other}` is neither an option (--runs N, --seconds S) nor a shipped game");
                std::process::exit(2);
            }
        }
    }
    if options.games.is_empty() {
        options.games = shipped;
    }
    options
}

fn main() {
    let options = options();
    println!("random v random, one thread, median of {} runs of about {} s each (same games each run)", options.runs, options.seconds);
    println!(
        "{:<22} {:>9} {:>20} {:>14} {:>14} {:>6} {:>14}",
        "file", "load ms", "layout", "engine games/s", "by hand", "ratio", "mcts playouts/s"
    );
    let mut mismatches = 0;
    for name in &options.games {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join(format!("{name}.mancala"));
        let rules = mancala::load_file(&path, &[] as &[&str]).unwrap_or_else(|e| panic!("cannot load {name}: {e}"));
        let mut ours = |index| engine(&rules, index);
        let mut theirs = yardstick(name);
        if let Some(theirs) = theirs.as_mut() {
            // The same games, or the comparison means nothing.
            if let Some(index) = (0..COMPARED).find(|&i| ours(i) != theirs(i)) {
                println!("{name}: game {index} differs: engine {:?}, by hand {:?}", ours(index), theirs(index));
                mismatches += 1;
            }
        }
        // As many games as take about `seconds`, from a short first measure.
        let per_second = rate(20, &mut ours) * options.seconds;
        let games = (20..).step_by(20).find(|&n| n as f64 >= per_second).unwrap_or(20);
        let (mut engine_rates, mut hand_rates) = (Vec::new(), Vec::new());
        for _ in 0..options.runs {
            engine_rates.push(rate(games, &mut ours));
            if let Some(theirs) = theirs.as_mut() {
                hand_rates.push(rate(games, theirs.as_mut()));
            }
        }
        let engine_rate = median(engine_rates);
        let (load, search) = (load_ms(&path), playouts(&rules, options.runs));
        let (hand, ratio) = match hand_rates.is_empty() {
            true => (String::new(), String::new()),
            false => {
                let hand_rate = median(hand_rates);
                (format!("{hand_rate:.0}"), format!("{:.2}", engine_rate / hand_rate))
            }
        };
        println!("{name:<22} {load:>9.3} {:>20} {engine_rate:>14.0} {hand:>14} {ratio:>6} {search:>14.0}", layout(&rules));
    }
    if mismatches > 0 {
        println!("the engine and the hand-written games differ: the ratios compare different games");
        std::process::exit(1);
    }
    println!("(the engine and the hand-written Kalah and Oware played the same {COMPARED} games: same winners, same lengths)");
}
