//! Toguz Kumalak scenarios: every ruling K1–K6 of rules/toguz-kumalak.mancala and the cases its
//! comments decide; positions computed by hand.
//!
//! The circuit (counter-clockwise) is a1 → a9, then b9 → b1, then a1 again. South's holes 1–9
//! are a1–a9, North's b9–b1 (each counts from their own left), so North's ninth hole is b1 and
//! South's a9. Captures are `[south, north]`.

mod common;

use common::*;
use mancala::engine::position::parse_position;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn toguz() -> &'static Rules {
    rules("toguz-kumalak")
}

/// A game from a position with claimed holes (tuzdiks), each `(hole, claimer)`.
fn at(to_move: &str, a: [u16; 9], b: [u16; 9], captured: [u32; 2], claimed: &[(&str, &str)]) -> Game<'static> {
    let owners: serde_json::Map<String, Value> = claimed.iter().map(|(h, p)| (h.to_string(), json!(p))).collect();
    let claimed: Vec<&str> = claimed.iter().map(|(h, _)| *h).collect();
    setup(toguz(), to_move).rows([a, b]).captured(captured).fields(json!({"owners": owners, "claimed": claimed})).game()
}

/// The claimed holes and their claimers, as the position JSON gives them.
#[track_caller]
fn assert_claimed(game: &Game<'_>, claimed: &[(&str, &str)]) {
    let json = position_value(game);
    assert_eq!(json["claimed"], json!(claimed.iter().map(|(h, _)| *h).collect::<Vec<_>>()), "claimed; position: {json}");
    let owners: serde_json::Map<String, Value> = claimed.iter().map(|(h, p)| (h.to_string(), json!(p))).collect();
    assert_eq!(json["owners"], Value::Object(owners), "owners; position: {json}");
}

// ---------------------------------------------------------------- sowing (K1)

#[test]
fn the_start_has_nine_stones_in_every_hole() {
    let game = Game::new(toguz());
    assert_position(&game, Some("south"), &[9; 9], &[9; 9], [0, 0]);
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"]);
    assert_claimed(&game, &[]);
}

#[test]
fn the_first_stone_goes_back_into_the_hole_just_emptied() {
    // a1 (9): one back into a1, eight into a2–a9; the last falls in South's own a9: nothing.
    let mut game = Game::new(toguz());
    play(&mut game, "a1");
    assert_position(&game, Some("north"), &[1, 10, 10, 10, 10, 10, 10, 10, 10], &[9; 9], [0, 0]);
}

#[test]
fn a_single_stone_moves_to_the_next_hole() {
    // a3 (1) → a4; two stones from a5: one back into a5, one into a6.
    let mut game = at("south", [0, 0, 1, 0, 2, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0], &[]);
    play(&mut game, "a3");
    assert_position(&game, Some("north"), &[0, 0, 0, 1, 2, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0]);
    let mut game = at("south", [0, 0, 1, 0, 2, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0], &[]);
    play(&mut game, "a5");
    assert_position(&game, Some("north"), &[0, 0, 1, 0, 1, 1, 0, 0, 0], &[1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0]);
}

// ---------------------------------------------------------------- even captures (K2)

#[test]
fn a_last_stone_that_makes_an_opponents_hole_even_captures_it() {
    // a9 (9): one back, eight into b9–b2 (10 each); the last makes b2 ten: South takes 10.
    let mut game = Game::new(toguz());
    play(&mut game, "a9");
    assert_position(&game, Some("north"), &[9, 9, 9, 9, 9, 9, 9, 9, 1], &[9, 0, 10, 10, 10, 10, 10, 10, 10], [10, 0]);
}

#[test]
fn an_odd_count_captures_nothing() {
    // a8 (3): a8 1, a9 +1, b9 4 → 5: odd, nothing.
    let mut game = at("south", [0, 0, 0, 0, 0, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 4], [0, 0], &[]);
    play(&mut game, "a8");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 0, 0, 1, 1], &[0, 0, 0, 0, 0, 0, 0, 0, 5], [0, 0]);
}

#[test]
fn an_even_count_in_an_own_hole_captures_nothing() {
    // North b2 (3): b2 1, b1 +1 → 2, a1 +1 → 2: South's hole, even: North takes 2. But from b3
    // (2): b3 1, b2 +1 → 4, North's own: nothing.
    let mut game = at("north", [1, 0, 0, 0, 0, 0, 0, 0, 1], [1, 3, 2, 0, 0, 0, 0, 0, 0], [0, 0], &[]);
    play(&mut game, "b2");
    assert_position(&game, Some("south"), &[0, 0, 0, 0, 0, 0, 0, 0, 1], &[2, 1, 2, 0, 0, 0, 0, 0, 0], [0, 2]);
    let mut game = at("north", [1, 0, 0, 0, 0, 0, 0, 0, 1], [1, 3, 2, 0, 0, 0, 0, 0, 0], [0, 0], &[]);
    play(&mut game, "b3");
    assert_position(&game, Some("south"), &[1, 0, 0, 0, 0, 0, 0, 0, 1], &[1, 4, 1, 0, 0, 0, 0, 0, 0], [0, 0]);
}

// ---------------------------------------------------------------- tuzdik (K3, K4)

#[test]
fn three_in_an_opponents_hole_makes_it_a_tuzdik() {
    // a8 (3): a8 1, a9 1, b9 2 → 3: b9 (North's first hole) becomes South's: the three are taken.
    let mut game = at("south", [0, 0, 0, 0, 0, 0, 0, 3, 0], [11, 0, 0, 0, 0, 0, 0, 0, 2], [0, 0], &[]);
    play(&mut game, "a8");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 0, 0, 1, 1], &[11, 0, 0, 0, 0, 0, 0, 0, 0], [3, 0]);
    assert_claimed(&game, &[("b9", "south")]);
    assert_legal(&game, &["b1"]);
}

#[test]
fn every_stone_sown_into_a_tuzdik_goes_to_its_claimer_whoever_sows() {
    // South's tuzdik b9. North b1 (11): one back into b1, a1–a9 +1, the last into b9: South's
    // (3 → 4); a last stone in a tuzdik captures nothing more. Then South a9 (2): a9 1, b9: South's.
    let mut game = at("south", [0, 0, 0, 0, 0, 0, 0, 1, 1], [11, 0, 0, 0, 0, 0, 0, 0, 0], [3, 0], &[("b9", "south")]);
    play(&mut game, "a8");
    // a8 (1) → a9: 2.
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 0, 0, 0, 2], &[11, 0, 0, 0, 0, 0, 0, 0, 0], [3, 0]);
    play(&mut game, "b1");
    assert_position(&game, Some("south"), &[1, 1, 1, 1, 1, 1, 1, 1, 3], &[1, 0, 0, 0, 0, 0, 0, 0, 0], [4, 0]);
    // a9 (3): a9 1, b9 → South (4 → 5), b8 +1: the last stone falls in b8 (1), odd.
    play(&mut game, "a9");
    assert_position(&game, Some("north"), &[1, 1, 1, 1, 1, 1, 1, 1, 1], &[1, 0, 0, 0, 0, 0, 0, 1, 0], [5, 0]);
    assert_claimed(&game, &[("b9", "south")]);
}

#[test]
fn a_player_makes_one_tuzdik_in_a_game() {
    // South already has b9. a9 (6): a9 1, b9 → South, b8 b7 b6 +1, b5 2 → 3: no second tuzdik,
    // and three is odd: nothing.
    let mut game = at("south", [0, 0, 0, 0, 0, 0, 0, 0, 6], [1, 0, 0, 0, 2, 0, 0, 0, 0], [3, 0], &[("b9", "south")]);
    play(&mut game, "a9");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 3, 1, 1, 1, 0], [4, 0]);
    assert_claimed(&game, &[("b9", "south")]);
}

#[test]
fn the_opponents_ninth_hole_never_becomes_a_tuzdik() {
    // a9 (10): a9 1, b9–b2 +1, b1 2 → 3: North's ninth hole: nothing. North's ninth is b1, South's a9.
    let mut game = at("south", [0, 0, 0, 0, 0, 0, 0, 0, 10], [2, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0], &[]);
    play(&mut game, "a9");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 0, 0, 0, 1], &[3, 1, 1, 1, 1, 1, 1, 1, 1], [0, 0]);
    assert_claimed(&game, &[]);
    // North's ninth is a9: b1 (3): b1 1, a1 +1, a2 2 → 3: a2 is South's second hole: a tuzdik.
    // From b1 with 10, the last would make a9 three: refused.
    let mut game = at("north", [0, 2, 0, 0, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0], &[]);
    play(&mut game, "b1");
    assert_position(&game, Some("south"), &[1, 0, 0, 0, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 3]);
    assert_claimed(&game, &[("a2", "north")]);
    let mut game = at("north", [0, 0, 0, 0, 0, 0, 0, 0, 2], [10, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0], &[]);
    play(&mut game, "b1");
    assert_position(&game, Some("south"), &[1, 1, 1, 1, 1, 1, 1, 1, 3], &[1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0]);
    assert_claimed(&game, &[]);
}

#[test]
fn no_tuzdik_with_the_number_of_the_opponents() {
    // North's tuzdik is a4, South's hole 4. South's last makes b6 (North's hole 4) three: refused;
    // b5 (North's hole 5) may be claimed.
    let north_a4 = [("a4", "north")];
    let mut game = at("south", [0, 0, 0, 0, 0, 0, 0, 0, 5], [0, 0, 0, 0, 0, 2, 0, 0, 0], [0, 3], &north_a4);
    play(&mut game, "a9");
    // a9 (5): a9 1, b9 b8 b7 +1, b6 2 → 3.
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 3, 1, 1, 1], [0, 3]);
    assert_claimed(&game, &[("a4", "north")]);
    let mut game = at("south", [0, 0, 0, 0, 0, 0, 0, 0, 6], [0, 0, 0, 0, 2, 0, 0, 0, 0], [0, 3], &north_a4);
    play(&mut game, "a9");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 1, 1, 1, 1], [3, 3]);
    assert_claimed(&game, &[("a4", "north"), ("b5", "south")]);
}

#[test]
fn a_tuzdik_holds_no_stones_and_is_never_played() {
    let json = json!({
        "to_move": "north",
        "rows": {"a": [0, 0, 0, 0, 0, 0, 0, 0, 1], "b": [1, 0, 0, 0, 0, 0, 0, 0, 2]},
        "captured": {"south": 3, "north": 0},
        "owners": {"b9": "south"},
        "claimed": ["b9"],
    });
    let error = parse_position(&json.to_string(), toguz()).expect_err("a tuzdik with stones");
    assert_eq!(error.to_string(), "field \"claimed\": b9 is claimed but holds stones (they belong in its owner's captures)");
    // Neither player may play it: North does not own it, South's is empty.
    let game = at("north", [0, 0, 0, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0, 0, 0], [3, 0], &[("b9", "south")]);
    assert_legal(&game, &["b1"]);
    let off_board =
        json!({"to_move": "south", "rows": {"a": [1, 0, 0, 0, 0, 0, 0, 0, 0], "b": [1, 0, 0, 0, 0, 0, 0, 0, 0]}, "claimed": ["c1"]});
    let error = parse_position(&off_board.to_string(), toguz()).expect_err("c1 is off the board");
    assert_eq!(error.to_string(), r#"field "claimed": "c1" is not a hole of this board"#);
}

// ---------------------------------------------------------------- the end (K5, K6)

#[test]
fn more_than_81_wins_at_once() {
    // a9 (2): a9 1, b9 1 → 2: South takes 2, 82: over. Each keeps the stones of their holes:
    // South's a1 (3) and a9 (1) move into South's store, North's b1 (5) into North's.
    let mut game = at("south", [3, 0, 0, 0, 0, 0, 0, 0, 2], [5, 0, 0, 0, 0, 0, 0, 0, 1], [80, 70], &[]);
    assert_eq!(apply_to_end(&mut game, "a9"), ["south a1 3", "south a9 1", "north b1 5"], "each hole to its owner");
    assert_position(&game, None, &[0; 9], &[0; 9], [86, 75]);
    assert_result(&game, Some("south"), [86, 75]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("a player has captured more than half the stones"));
}

#[test]
fn the_opponent_can_carry_a_player_past_81() {
    // South has 81 and the tuzdik b9. North b1 (11): the last stone falls into b9: South 82, on
    // North's move. The board left, a1–a9 1 each and North's b1 1, goes to the holes' owners:
    // 82 + 9 and 50 + 1; the tuzdik b9 is empty and stays South's.
    let mut game = at("north", [0; 9], [11, 0, 0, 0, 0, 0, 0, 0, 0], [81, 50], &[("b9", "south")]);
    play(&mut game, "b1");
    assert_position(&game, None, &[0; 9], &[0; 9], [91, 51]);
    assert_claimed(&game, &[("b9", "south")]);
    assert_result(&game, Some("south"), [91, 51]);
}

#[test]
fn a_player_who_cannot_move_ends_the_game() {
    // North's holes are empty after South's a1 (2): a1 1, a2 1. The stones left are South's:
    // a1, a2 and a9 (7) move into South's store.
    let mut game = at("south", [2, 0, 0, 0, 0, 0, 0, 0, 5], [0; 9], [70, 80], &[]);
    assert_eq!(apply_to_end(&mut game, "a1"), ["south a1 1", "south a2 1", "south a9 5"], "South's holes to South");
    assert_position(&game, None, &[0; 9], &[0; 9], [77, 80]);
    assert_result(&game, Some("north"), [77, 80]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("north cannot move"));
}

#[test]
fn eighty_one_each_is_a_draw() {
    // a9 (1) → b9: 2, even: South takes it, 81 each; the board is empty and North cannot move.
    let mut game = at("south", [0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 0, 1], [79, 81], &[]);
    play(&mut game, "a9");
    assert_position(&game, None, &[0; 9], &[0; 9], [81, 81]);
    assert_result(&game, None, [81, 81]);
}

// ---------------------------------------------------------------- the interface

#[test]
fn run_prints_the_claimed_hole_and_its_claimer() {
    let position =
        r#"{"to_move": "south", "rows": {"a": [0,0,0,0,0,0,0,3,0], "b": [11,0,0,0,0,0,0,0,2]}, "captured": {"south": 0, "north": 0}}"#;
    let dir = common::scratch();
    let file = dir.path().join("position.json");
    std::fs::write(&file, position).expect("position file");
    let output = mancala(&["run", &rules_path("toguz-kumalak"), "--position", file.to_str().expect("path"), "--moves", "a8", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = json!({
        "game": "Toguz Kumalak",
        "options": {},
        "to_move": "north",
        "rows": {"a": [0, 0, 0, 0, 0, 0, 0, 1, 1], "b": [11, 0, 0, 0, 0, 0, 0, 0, 0]},
        "captured": {"south": 3, "north": 0},
        "owners": {"b9": "south"},
        "legal": ["b1"],
        "status": "ongoing",
        "result": null,
        "claimed": ["b9"],
    });
    assert_eq!(serde_json::from_str::<Value>(&stdout(&output)).expect("JSON"), expected);
    // The board drawing says whose the tuzdik is.
    let output = mancala(&["run", &rules_path("toguz-kumalak"), "--position", file.to_str().expect("path"), "--moves", "a8"]);
    assert!(stdout(&output).contains("@ b9 claimed by south"), "{}", stdout(&output));
}

// ---------------------------------------------------------------- an independent model

/// 50 random games played by an independent Python model of the rules
/// (tests/fixtures/models/toguz_kumalak.py): the engine replays each and agrees at every step on
/// the rows, the captures, each player's tuzdik, the player to move and the legal moves, then on
/// the winner and the score.
#[test]
fn fifty_games_agree_with_an_independent_model_at_every_step() {
    assert_eq!(replay_model_games(toguz(), "toguz-kumalak-model.jsonl", model_view), 50);
}

/// A position as the model writes it: rows a and b, the captures, South's and North's tuzdik
/// ("" for none), the player to move ("s"/"n") and the legal moves.
fn model_view(game: &Game<'_>) -> Value {
    let state = game.state();
    let rules = game.rules();
    let tuzdiks = ["south", "north"].map(|player| {
        let tuzdik = (0..18).find(|&h| state.claimed & (1u128 << h) != 0 && state.owner(h).to_string() == player);
        json!(tuzdik.map(|h| rules.label(h)).unwrap_or_default())
    });
    model_line(game, state.captured.map(Value::from).into_iter().chain(tuzdiks))
}
