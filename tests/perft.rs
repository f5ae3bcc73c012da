//! Perft: the number of action sequences of each depth from the start of every shipped game,
//! pinned so any change to move generation shows. A game that ends sooner adds nothing.

mod common;

use common::rules;
use mancala::cli::perft::perft;
use mancala::Game;

fn counts(name: &str, depth: u32) -> Vec<u64> {
    let game = Game::new(rules(name));
    (1..=depth).map(|d| perft(&game, d)).collect()
}

#[test]
fn tihbat() {
    // Two holes each, both full until the first capture can empty one (depth 7).
    assert_eq!(counts("tihbat", 10), [2, 4, 8, 16, 32, 64, 126, 239, 464, 879]);
}

#[test]
fn djenon_aboure() {
    assert_eq!(counts("djenon-aboure", 6), [6, 27, 120, 512, 1963, 7862]);
}

#[test]
fn gore() {
    // The first offers come at depth 6: the receiver pays 6 captured stones a hole, so must have
    // captured them first.
    assert_eq!(counts("gore", 7), [4, 16, 64, 241, 947, 3701, 13970]);
}

#[test]
fn gore_without_trades() {
    let rules = mancala::load_file(common::rules_path("gore"), &["trade=off"]).expect("loads");
    let game = Game::new(&rules);
    assert_eq!((1..=7).map(|d| perft(&game, d)).collect::<Vec<_>>(), [4, 16, 64, 241, 947, 3609, 13316]);
}

#[test]
fn the_command_prints_every_depth() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["perft", &common::rules_path("djenon-aboure"), "--depth", "3"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "depth 1: 6\ndepth 2: 27\ndepth 3: 120\n");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["perft", &common::rules_path("gore"), "--depth", "0"])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn tsoro() {
    // Counts include the decisions inside a move: a head's `continue`/`stop`, a bonus `take`.
    assert_eq!(counts("tsoro", 3), [21, 194, 1866]);
    let rules = mancala::load_file(common::rules_path("tsoro"), &["columns=8"]).expect("loads");
    let game = Game::new(&rules);
    assert_eq!((1..=5).map(|d| perft(&game, d)).collect::<Vec<_>>(), [8, 40, 196, 962, 4650]);
}

#[test]
fn bosh() {
    assert_eq!(counts("bosh", 6), [5, 19, 79, 266, 864, 2881]);
}

#[test]
fn kalah() {
    // An extra turn is one more action of the same player.
    assert_eq!(counts("kalah", 5), [6, 35, 185, 942, 4690]);
}

#[test]
fn oware() {
    assert_eq!(counts("oware", 5), [6, 36, 190, 1014, 5219]);
}

#[test]
fn toguz_kumalak() {
    // The same counts, to depth 6, as the independent model tests/fixtures/models/toguz_kumalak.py.
    assert_eq!(counts("toguz-kumalak", 6), [9, 73, 613, 5199, 43184, 360035]);
}

#[test]
fn pallanguzhi() {
    // The same counts as the independent model tests/fixtures/models/pallanguzhi.py, whose depth 6
    // crosses a round end and a refill.
    assert_eq!(counts("pallanguzhi", 6), [7, 41, 210, 1043, 4578, 19328]);
    let owner = mancala::load_file(format!("{}/rules/pallanguzhi.mancala", env!("CARGO_MANIFEST_DIR")), &["pasu=owner"]).expect("loads");
    let game = Game::new(&owner);
    assert_eq!((1..=6).map(|d| perft(&game, d)).collect::<Vec<_>>(), [7, 41, 210, 1043, 4578, 19343]);
}

#[test]
fn hus() {
    // The same counts, to depth 6, as the independent model tests/fixtures/models/hus.py.
    assert_eq!(counts("hus", 5), [12, 144, 1244, 11350, 77105]);
}
