//! Kalah scenarios (rules/kalah.mancala, the rules of conformance/README.md), positions computed by
//! hand. South's circuit: a1 → a6, South's store S, b6 → b1 (North's store N passed over), a1.
//! North's: b6 → b1, N, a1 → a6 (S passed over), b6. `captured` is each store.

mod common;

use common::*;
use mancala::Rules;
use serde_json::{json, Value};

fn kalah() -> &'static Rules {
    rules("kalah")
}

#[test]
fn the_last_seed_in_ones_own_store_moves_again() {
    // a3 (4) → a4 a5 a6 S: South moves again.
    let mut game = mancala::Game::new(kalah());
    apply(&mut game, "a3");
    assert_position(&game, Some("south"), &[4, 4, 0, 5, 5, 5], &[4, 4, 4, 4, 4, 4], [1, 0]);
    assert_legal(&game, &["a1", "a2", "a4", "a5", "a6"]);
    let json: Value = serde_json::from_str(&game.position_json()).expect("JSON");
    assert_eq!(json["stores"], json!({"south": 1, "north": 0}));
    // North too: b3 (3) → b2 b1 N.
    let mut game = position(kalah(), "north", &[1, 0, 0, 0, 0, 0], &[0, 0, 3, 0, 0, 2], [20, 22]);
    apply(&mut game, "b3");
    assert_position(&game, Some("north"), &[1, 0, 0, 0, 0, 0], &[1, 1, 0, 0, 0, 2], [20, 23]);
}

#[test]
fn the_last_seed_in_an_own_empty_hole_takes_the_opposite_one() {
    // a1 (1) → a2, empty; b2 facing it holds 5: both go to South's store.
    let mut game = position(kalah(), "south", &[1, 0, 3, 0, 0, 0], &[2, 5, 0, 0, 0, 1], [10, 26]);
    apply(&mut game, "a1");
    assert_position(&game, Some("north"), &[0, 0, 3, 0, 0, 0], &[2, 0, 0, 0, 0, 1], [16, 26]);
}

#[test]
fn no_capture_when_the_opposite_hole_is_empty_or_the_hole_is_the_opponents() {
    // a1 (1) → a2 (empty), b2 empty: the seed stays.
    let mut game = position(kalah(), "south", &[1, 0, 3, 0, 0, 0], &[2, 0, 1, 0, 0, 1], [15, 25]);
    apply(&mut game, "a1");
    assert_position(&game, Some("north"), &[0, 1, 3, 0, 0, 0], &[2, 0, 1, 0, 0, 1], [15, 25]);
    // a6 (2) → S, b6: b6 is North's (empty before): no capture for South.
    let mut game = position(kalah(), "south", &[0, 0, 3, 0, 0, 2], &[2, 0, 1, 0, 5, 0], [12, 23]);
    apply(&mut game, "a6");
    assert_position(&game, Some("north"), &[0, 0, 3, 0, 0, 0], &[2, 0, 1, 0, 5, 1], [13, 23]);
}

#[test]
fn sowing_passes_over_the_opponents_store_and_not_over_the_origin() {
    // a6 (13) → S, b6 … b1 (N passed over), a1 … a6: the 13th seed falls back into a6, emptied,
    // and b6 facing it now holds 1: a6's seed and b6's go to the store. (b3's stone keeps North's
    // row from being empty, which would end the game as read.)
    let mut game = position(kalah(), "south", &[0, 0, 0, 0, 0, 13], &[0, 0, 1, 0, 0, 0], [17, 18]);
    apply(&mut game, "a6");
    assert_position(&game, Some("north"), &[1, 1, 1, 1, 1, 0], &[1, 1, 2, 1, 1, 0], [18 + 2, 18]);
}

#[test]
fn the_game_ends_when_a_row_is_empty_each_adding_their_row() {
    // a6 (1) → S: South's row is empty, so the game is over (even with another move to make);
    // North adds its row: 22 + 3 = 25 against South's 23. The final position shows it: North's
    // three stones moved into North's store.
    let mut game = position(kalah(), "south", &[0, 0, 0, 0, 0, 1], &[0, 2, 0, 0, 1, 0], [22, 22]);
    apply(&mut game, "a6");
    assert_position(&game, None, &[0, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 0], [23, 25]);
    assert_result(&game, Some("north"), [23, 25]);
}
