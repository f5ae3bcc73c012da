//! Rule files of games that do not ship, written to show that the constructs of the shipped
//! ones serve others of the family (tests/fixtures/games/): each checks clean, plays random games
//! to their end with every stone kept, and does what its rules say where they differ from the
//! shipped game they resemble.

mod common;

use common::*;
use mancala::engine::position::parse_position;
use mancala::{Game, Rules};
use rand::{Rng, SeedableRng};
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
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for number in 0..200 {
            let mut game = Game::new(&rules);
            let total = game.state().total(&rules);
            let mut actions = 0;
            while !game.is_over() {
                let legal = game.legal_actions();
                game.apply(legal[rng.gen_range(0..legal.len())]).expect("a legal action");
                assert_eq!(game.state().total(&rules), total, "{}, game {number}: stones kept", path.display());
                actions += 1;
                assert!(actions < 100_000, "{}, game {number} does not end", path.display());
            }
        }
        files += 1;
    }
    assert_eq!(files, 3);
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

/// Rab'e from a position of its three rows (`a`, `b`, `c`: six holes each).
fn rabe_at<'r>(rules: &'r Rules, to_move: &str, rows: [[u16; 6]; 3]) -> Game<'r> {
    let json = json!({"to_move": to_move, "rows": {"a": rows[0], "b": rows[1], "c": rows[2]}});
    let state = parse_position(&json.to_string(), rules).unwrap_or_else(|e| panic!("{json}: {e}"));
    Game::from_state(rules, state)
}

#[test]
fn rabe_three_rows_share_the_middle_one_and_the_track_runs_through_all() {
    let rabe = fixture("rabe");
    let game = Game::new(&rabe);
    // South owns row a and b4-b6; North row c and b1-b3.
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6", "b4", "b5", "b6"]);
    let board = mancala::cli::board::draw(&game, None);
    assert!(board.contains("north b1-b3, south b4-b6"), "{board}");
    // a6 (2): b6 then b5, along South's half of the middle row right to left; b5 was empty.
    let mut game = rabe_at(&rabe, "south", [[1, 0, 0, 0, 0, 2], [0; 6], [2, 0, 0, 0, 0, 0]]);
    apply(&mut game, "a6");
    assert_eq!(game.position().rows["b"], [0, 0, 0, 0, 1, 1]);
    // North's c1 (2) goes on into North's half: b1, b2.
    assert_legal(&game, &["c1"]);
    apply(&mut game, "c1");
    assert_eq!(game.position().rows["b"], [1, 1, 0, 0, 1, 1]);
    // From b4, South's last middle hole, the track crosses to North's row at c6.
    let mut game = rabe_at(&rabe, "south", [[1, 0, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0], [1, 0, 0, 0, 0, 0]]);
    apply(&mut game, "b4");
    assert_eq!(game.position().rows["c"], [1, 0, 0, 0, 1, 1]);
}

#[test]
fn rabe_a_hole_made_four_is_taken_and_a_last_one_ends_the_move() {
    let rabe = fixture("rabe");
    // b4 (2): c6 made four (North's) is taken by South; c5, empty, ends the move.
    let mut game = rabe_at(&rabe, "south", [[1, 0, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0], [1, 0, 0, 0, 0, 3]]);
    apply(&mut game, "b4");
    assert_eq!(game.position().rows["c"], [1, 0, 0, 0, 1, 0]);
    assert_eq!(game.position().captured.south, 4);
    // a5 (1) makes a6 four: taken, and the lap ends there though a6 was occupied.
    let mut game = rabe_at(&rabe, "south", [[0, 0, 0, 0, 1, 3], [0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]]);
    apply(&mut game, "a5");
    assert_eq!(game.position().rows["a"], [0; 6]);
    assert_eq!(game.position().captured.south, 4);
    assert_eq!(game.to_move().map(|p| p.name()), Some("north"));
}

#[test]
fn rabe_the_round_ends_when_a_players_holes_are_empty_and_each_takes_their_own() {
    let rabe = fixture("rabe");
    let mut game = rabe_at(&rabe, "north", [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0], [0, 0, 3, 1, 0, 0]]);
    // North's c4 (1) makes c3 four: North takes it, and North's holes are empty. Each takes the
    // stones left in their own holes: South its b5.
    apply(&mut game, "c4");
    assert_result(&game, Some("north"), [1, 4]);
}
