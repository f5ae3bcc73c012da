//! Rule files of games that do not ship, written to show that the constructs of the shipped
//! ones serve others of the family (tests/fixtures/games/): each checks clean, plays random games
//! to their end with every stone kept, and does what its rules say where they differ from the
//! shipped game they resemble.

mod common;

use common::*;
use mancala::engine::position::parse_position;
use mancala::{Game, Rules};
use rand::{RngExt, SeedableRng};
use serde_json::json;

fn fixture(name: &str) -> Rules {
    let path = format!("{}/tests/fixtures/games/{name}.mancala", env!("CARGO_MANIFEST_DIR"));
    mancala::load_file(&path, &[] as &[&str]).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// `rules` from a position after the arrangement: the four rows in full.
fn at<'r>(rules: &'r Rules, to_move: &str, rows: [[u16; 8]; 4]) -> Game<'r> {
    let json = json!({"to_move": to_move, "rows": {"a": rows[0], "b": rows[1], "c": rows[2], "d": rows[3]}});
    let state = parse_position(&json.to_string(), rules).unwrap_or_else(|e| panic!("{json}: {e}"));
    Game::from_state(rules, state)
}

#[test]
fn every_fixture_game_checks_clean_and_plays_to_the_end() {
    let dir = format!("{}/tests/fixtures/games", env!("CARGO_MANIFEST_DIR"));
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("the fixture games") {
        let path = entry.expect("an entry").path();
        let source = std::fs::read_to_string(&path).expect("readable");
        let (checked, diagnostics) = mancala::load::check_source(&path.display().to_string(), &source);
        assert!(checked.is_some() && diagnostics.is_empty(), "{}: {diagnostics:?}", path.display());
        let rules = mancala::load_file(&path, &[] as &[&str]).expect("loads");
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(7);
        for number in 0..200 {
            let mut game = Game::new(&rules);
            let total = game.state().total(&rules);
            let mut actions = 0;
            while !game.is_over() {
                let legal = game.legal_actions();
                game.apply(legal[rng.random_range(0..legal.len())]).expect("a legal action");
                assert_eq!(game.state().total(&rules), total, "{}, game {number}: stones kept", path.display());
                actions += 1;
                assert!(actions < 100_000, "{}, game {number} does not end", path.display());
            }
        }
        files += 1;
    }
    assert_eq!(files, 2);
}

#[test]
fn igisoro_sows_clockwise_from_any_hole_to_capture_where_omweso_does_not() {
    // b5 clockwise: b6, b7 (2) facing c7 and d7: a capture; b5 is no left hole, which Omweso asks.
    let rows = [[2, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1, 0], [2, 0, 0, 0, 0, 0, 1, 0]];
    let igisoro = fixture("igisoro");
    let mut game = at(&igisoro, "south", rows);
    assert_legal(&game, &["a1", "b5", "b5 cw"]);
    // The two stones taken are sown on clockwise from the hole after b5: b6 b7; b7 (3) faces two
    // empty holes now: relay b8 a8 a7.
    apply(&mut game, "b5 cw");
    let p = game.position();
    assert_eq!(p.rows["b"], [0, 0, 0, 0, 0, 2, 0, 1]);
    assert_eq!(p.rows["a"], [2, 0, 0, 0, 0, 0, 1, 1]);
    assert_eq!([p.rows["c"][6], p.rows["d"][6]], [0, 0]);
    let omweso = rules("omweso");
    let json =
        json!({"to_move": "south", "rows": {"a": rows[0], "b": rows[1], "c": rows[2], "d": rows[3]}, "hand": {"south": 0, "north": 0}});
    let state = parse_position(&json.to_string(), omweso).expect("position");
    assert_legal(&Game::from_state(omweso, state), &["a1", "b5"]);
}

/// `rules` from a position of the four rows in full, with stones in hand.
fn with_hands<'r>(rules: &'r Rules, rows: [[u16; 8]; 4], hand: [u16; 2]) -> Game<'r> {
    let json = json!({
        "to_move": "south",
        "rows": {"a": rows[0], "b": rows[1], "c": rows[2], "d": rows[3]},
        "hand": {"south": hand[0], "north": hand[1]},
    });
    let state = parse_position(&json.to_string(), rules).unwrap_or_else(|e| panic!("{json}: {e}"));
    Game::from_state(rules, state)
}

#[test]
fn bawo_a_house_of_six_is_an_ordinary_hole_where_bao_la_kiswahili_taxes_it() {
    // South's front row holds only its house, b5 (6), and South has stones in hand: namua.
    let rows = [[0; 8], [0, 0, 0, 0, 6, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0], [0; 8]];
    let bawo = fixture("bawo");
    let mut game = with_hands(&bawo, rows, [5, 5]);
    assert_eq!(game.position().phase.map(|p| (p.south, p.north)), Some(("namua".to_string(), "namua".to_string())));
    assert_legal(&game, &["b5 ccw", "b5 cw"]);
    // Not a house under eight: all seven stones go, b4 b3 b2 b1 a1 a2 a3.
    apply(&mut game, "b5 ccw");
    let rows_of = |game: &Game<'_>| game.position().rows;
    assert_eq!(rows_of(&game)["a"], [1, 1, 1, 0, 0, 0, 0, 0]);
    assert_eq!(rows_of(&game)["b"], [1, 1, 1, 1, 0, 0, 0, 0]);
    // Bao la Kiswahili's house of six stands: placed into only as the last resort, and taxed,
    // two stones sown (b4 b3).
    let kiswahili = rules("bao-la-kiswahili");
    let mut game = with_hands(kiswahili, rows, [5, 5]);
    assert_legal(&game, &["b5 ccw", "b5 cw"]);
    apply(&mut game, "b5 ccw");
    assert_eq!(rows_of(&game)["a"], [0; 8]);
    assert_eq!(rows_of(&game)["b"], [0, 0, 1, 1, 5, 0, 0, 0]);
}

#[test]
fn bawo_a_move_may_empty_the_movers_front_row_and_loses() {
    // Mtaji (no stones in hand): South's b1 (2) is its only front stone.
    let rows = [[0; 8], [2, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0, 0], [0; 8]];
    let bawo = fixture("bawo");
    let mut game = with_hands(&bawo, rows, [0, 0]);
    assert_eq!(game.position().phase.map(|p| (p.south, p.north)), Some(("mtaji".to_string(), "mtaji".to_string())));
    assert_legal(&game, &["b1 ccw", "b1 cw"]);
    // b1 counter-clockwise sows a1 a2, the back row: South's front row is empty, and South loses.
    apply(&mut game, "b1 ccw");
    assert_result(&game, Some("north"), [2, 1]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("own inner row is empty"));
    // Bao la Kiswahili forbids the move.
    let game = with_hands(rules("bao-la-kiswahili"), rows, [0, 0]);
    assert_legal(&game, &["b1 cw"]);
}

#[test]
fn a_track_makes_a_circuit_where_the_rows_would_not() {
    // Four rows, each player's two not neighbours: refused without a track, played along one.
    let source = |track: &str| {
        format!(
            "game \"Stripes\"\nboard {{\n    size 4 x 2\n    south owns rows a c\n    north owns rows b d\n{track}    seeds 1\n}}\n\
             sowing {{\n    sow counter-clockwise round own rows\n}}\nend {{\n    when every hole is empty\n}}\n"
        )
    };
    let (checked, diagnostics) = mancala::load::check_source("stripes.mancala", &source(""));
    assert!(checked.is_none() && diagnostics.iter().any(|d| d.code.as_str() == "rows_not_neighbours"), "{diagnostics:?}");
    let tracked = source("    track a1-a2 b2-b1 c1-c2 d2-d1\n").replace(" round own rows", "");
    let rules = mancala::load_str("stripes.mancala", &tracked, &[] as &[&str]).expect("a track gives the circuit");
    let mut game = Game::new(&rules);
    assert_legal(&game, &["a1", "a2", "c1", "c2"]);
    // a2's stone goes on to b2, the track's next hole.
    apply(&mut game, "a2");
    assert_eq!(game.position().rows["b"], [1, 2]);
}
