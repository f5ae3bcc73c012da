//! Engine speed on every shipped game: whole random games (one benchmark iteration is one game,
//! so games/s is 1 / time) and perft from the start; and the `mcts` searcher's playouts/s. Each
//! in the layout the commands play the rules in (`mancala::in_narrowest!`).

use std::path::Path;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use mancala::ai::mcts::{Budget, Mcts};
use mancala::ai::AgentKind;
use mancala::cli::perft::{perft, perft_each};
use mancala::cli::simulate::{game_seed, play_game};
use mancala::engine::{Cells, GameIn};
use mancala::Rules;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

/// Every shipped rule file, by name (`tests/fmt.rs` pins how many there are).
const GAMES: [&str; 22] = [
    "tihbat",
    "djenon-aboure",
    "gore",
    "tsoro",
    "bosh",
    "kalah",
    "oware",
    "pallanguzhi",
    "hus",
    "toguz-kumalak",
    "bao-la-kiswahili",
    "bao-la-kujifunza",
    "bao-kiswahili-congo",
    "omweso",
    "rabe",
    "gabata",
    "congkak",
    "abalalae",
    "hoyito",
    "bohnenspiel",
    "moruba",
    "vai-lung-thlan",
];

fn rules(name: &str) -> Rules {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join(format!("{name}.mancala"));
    mancala::load_file(&path, &[] as &[&str]).unwrap_or_else(|e| panic!("cannot load {name}: {e}"))
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random game");
    group.throughput(Throughput::Elements(1));
    for name in GAMES {
        let rules = rules(name);
        let mut index = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                index += 1;
                play_game(&rules, AgentKind::Random, AgentKind::Random, game_seed(1, index))
            })
        });
    }
    group.finish();
}

fn perft_from_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    let depths = [
        ("tihbat", 8),
        ("djenon-aboure", 5),
        ("gore", 4),
        ("tsoro", 3),
        ("bosh", 6),
        ("kalah", 5),
        ("oware", 5),
        ("pallanguzhi", 6),
        ("hus", 5),
        ("toguz-kumalak", 5),
    ];
    for (name, depth) in depths {
        let rules = rules(name);
        mancala::in_narrowest!(&rules, C => perft_in::<C>(&mut group, &rules, name, depth));
    }
    group.finish();
}

/// `mancala perft`'s walk (every depth up to `depth`) in layout `C`; the throughput counts the
/// sequences of the deepest.
fn perft_in<C: Cells>(group: &mut BenchmarkGroup<'_, WallTime>, rules: &Rules, name: &str, depth: u32) {
    let game = GameIn::<C>::new(rules);
    group.throughput(Throughput::Elements(perft(&game, depth)));
    group.bench_function(format!("{name} depth {depth}"), |b| b.iter(|| perft_each(&game, depth)));
}

/// A game of 100,000 random actions (the simulate cap) on a small board whose endings never
/// hold, with and without an ending that counts repetitions: counting them must cost about
/// nothing more per action, however long the game.
fn long_game_repetition(c: &mut Criterion) {
    let mut group = c.benchmark_group("100,000 actions");
    group.sample_size(10);
    let board = "game \"Long\"\nboard {\n size 2 x 12\n seeds 0\n seeds 1 in a1 b12\n}\nplay {\n no move: pass\n}\nend {\n when every hole has count > 5\n";
    for (name, end) in [("without repetition", ""), ("position repeats 1000 times", " when position repeats 1000 times\n")] {
        let source = format!("{board}{end}}}\n");
        let rules = mancala::load_str("long.mancala", &source, &[] as &[&str]).unwrap_or_else(|e| panic!("{e}"));
        group.bench_function(name, |b| {
            b.iter(|| {
                let stats = play_game(&rules, AgentKind::Random, AgentKind::Random, game_seed(1, 1));
                assert_eq!(stats.length, mancala::cli::simulate::ACTION_CAP, "the game runs to the cap");
                stats
            })
        });
    }
    group.finish();
}

/// Playouts a search makes in one move.
const PLAYOUTS: u32 = 300;

/// The `mcts` searcher's random playouts (throughput: playouts/s): one search of [`PLAYOUTS`]
/// iterations, each one playout on the copy of the game it makes the searched position again,
/// from a few random actions into a game of Kalah (no repetition counted) and of Oware (a history
/// that forgets the positions before each capture), and 40 into one of Gore (a history that
/// never forgets: the copy grows with the game).
fn mcts_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts playouts");
    group.throughput(Throughput::Elements(u64::from(PLAYOUTS)));
    for (name, actions) in [("kalah", 6), ("oware", 6), ("gore", 40)] {
        let rules = rules(name);
        mancala::in_narrowest!(&rules, C => playouts_in::<C>(&mut group, &rules, name, actions));
    }
    group.finish();
}

/// One search of [`PLAYOUTS`] iterations in layout `C`, `actions` random actions into a game.
fn playouts_in<C: Cells>(group: &mut BenchmarkGroup<'_, WallTime>, rules: &Rules, name: &str, actions: usize) {
    let mut game = GameIn::<C>::new(rules);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..actions {
        let Some(action) = AgentKind::Random.choose(&game, &mut rng) else { break };
        game.apply(action).expect("a legal action applies");
    }
    assert!(!game.is_over() && game.legal_actions().len() > 1, "{name}: a choice to search");
    let search = Mcts::new(Budget::Iterations(PLAYOUTS));
    group.bench_function(name, |b| b.iter(|| search.analyse(&game, &mut ChaCha8Rng::seed_from_u64(2))));
}

criterion_group!(benches, random_games, perft_from_start, long_game_repetition, mcts_playouts);
criterion_main!(benches);
