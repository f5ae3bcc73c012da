//! Oware (Abapa) scenarios (rules/oware.mancala, the rules of conformance/README.md), positions
//! computed by hand. The circuit: a1 → a6, b6 → b1, a1.

mod common;

use common::*;
use mancala::Rules;

fn oware() -> &'static Rules {
    rules("oware")
}

#[test]
fn two_or_three_on_the_opponents_side_are_taken_with_a_backward_chain() {
    // a5 (3) → a6, b6, b5: b5 now 3, b6 2: both taken (the chain runs back to b6, then stops at
    // South's own a6).
    let mut game = position(oware(), "south", &[0, 0, 0, 0, 3, 1], &[2, 0, 0, 0, 2, 1], [10, 10]);
    apply(&mut game, "a5");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 2], &[2, 0, 0, 0, 0, 0], [15, 10]);
    // a4 (3) → a5 a6 b6: b6 now 3 is taken; the next hole back is a6, South's own: the chain stops.
    let mut game = position(oware(), "south", &[0, 0, 0, 3, 0, 1], &[1, 0, 0, 0, 1, 2], [10, 10]);
    apply(&mut game, "a4");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 1, 2], &[1, 0, 0, 0, 1, 0], [13, 10]);
}

#[test]
fn a_grand_slam_is_legal_but_takes_nothing() {
    // North has only b6 = 1 and b5 = 2. a4 (4) → a5 a6 b6 b5: b5 now 3 and b6 2 would both be
    // taken, leaving North nothing: a grand slam, so nothing is taken.
    let mut game = position(oware(), "south", &[0, 0, 0, 4, 0, 0], &[0, 0, 0, 0, 2, 1], [20, 21]);
    assert_legal(&game, &["a4"]);
    apply(&mut game, "a4");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 1, 1], &[0, 0, 0, 0, 3, 2], [20, 21]);
}

#[test]
fn an_empty_opponent_must_be_fed() {
    // North's row is empty: a1 (2) → a2, a3 does not reach it; a5 (2) → a6, b6 does: only a5.
    let game = position(oware(), "south", &[2, 0, 0, 0, 2, 0], &[0, 0, 0, 0, 0, 0], [20, 24]);
    assert_legal(&game, &["a5"]);
}

#[test]
fn when_no_move_can_feed_the_game_ends_each_taking_their_row() {
    // North's b1 (1) → a1 (empty before, so no capture): North's row is now empty, and neither
    // a1 (1 → a2) nor a2 (2 → a3 a4) reaches it: South has no legal move and the game ends, each
    // adding their row: 21 + 3 and 24, a draw. South's a1 (1) and a2 (2) move into South's
    // captures: the final board is empty.
    let mut game = position(oware(), "north", &[0, 2, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0], [21, 24]);
    assert_eq!(apply_to_end(&mut game, "b1"), ["south a1 1", "south a2 2"], "South's row goes to South");
    assert_position(&game, None, &[0, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 0], [24, 24]);
    assert_result(&game, None, [24, 24]);
    assert_eq!(game.result().unwrap().reason, "south cannot move");
}

#[test]
fn twelve_seeds_or_more_pass_over_their_origin() {
    // a1 (12) → a2 … a6, b6 … b1, then a2 again (a1 is passed over): a1 stays empty.
    let mut game = position(oware(), "south", &[12, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 4], [14, 18]);
    apply(&mut game, "a1");
    assert_position(&game, Some("north"), &[0, 2, 1, 1, 1, 1], &[1, 1, 1, 1, 1, 5], [14, 18]);
}

#[test]
fn more_than_half_ends_the_game() {
    // South takes b6 (3 → 24 + 3 = 27 > 24): over; each adds their row: South's is empty,
    // North's b1 (1) moves into North's captures.
    let mut game = position(oware(), "south", &[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 2], [24, 20]);
    assert_eq!(apply_to_end(&mut game, "a6"), ["north b1 1"], "North's row goes to North");
    assert_position(&game, None, &[0, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 0], [27, 21]);
    assert_result(&game, Some("south"), [27, 21]);
}

#[test]
fn a_position_repeated_since_the_last_capture_ends_the_game() {
    // From a game of the conformance traces: after its last capture the three single seeds chase
    // each other round the board; 12 moves later the position is back: over, each adds their row.
    let mut game = position(oware(), "north", &[1, 0, 0, 0, 0, 0], &[0, 0, 1, 0, 0, 1], [21, 24]);
    let moves = "b3, a1, b6, a2, b2, a3, b1, a4, b5, a5, b4, a6";
    let (most, last) = moves.rsplit_once(", ").expect("a list");
    apply(&mut game, most);
    assert_ongoing(&game);
    // The position is back: a1 1 goes to South, b3 1 and b6 1 to North; the board is empty.
    assert_eq!(apply_to_end(&mut game, last), ["south a1 1", "north b3 1", "north b6 1"], "each row to its owner");
    assert_position(&game, None, &[0, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 0], [22, 26]);
    assert_result(&game, Some("north"), [22, 26]);
    assert_eq!(game.result().unwrap().reason, "the same position came back twice");
}
