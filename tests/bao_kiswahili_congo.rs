//! Bao Kiswahili of eastern Congo: every ruling of rules/bao-kiswahili-congo.mancala on an exact
//! position worked out by hand, then the perft counts and random games of an independent model
//! (tests/fixtures/models/bao_kiswahili_congo.py), agreeing at every step.
//!
//! Rows from South's edge: `a` South's back row, `b` its front row, `c` North's front row, `d`
//! North's back row. South's kichwa are b1 (sown clockwise: b1 b2 …) and b8 (counter-clockwise:
//! b8 b7 …), its kimbi b1 b2 and b7 b8. 64 stones in all, on the board or in hand.

mod common;

use common::*;
use mancala::{Game, Rules};
use serde_json::Value;

fn congo() -> &'static Rules {
    rules("bao-kiswahili-congo")
}

/// A game from a position: the hands `[south, north]` and rows `a`, `b`, `c`, `d` as `(column,
/// count)`. Each player's stage follows from their hand.
fn at(to_move: &str, hand: [u16; 2], rows: [Sparse<'_>; 4]) -> Game<'static> {
    setup(congo(), to_move).sparse(&rows).hand(hand).game()
}

#[track_caller]
fn assert_rows(game: &Game<'_>, rows: [Sparse<'_>; 4]) {
    assert_sparse_rows(game, &rows);
}

fn phases(game: &Game<'_>) -> (String, String) {
    let phase = game.position().phase.expect("the game has phases");
    (phase.south, phase.north)
}

fn hands(game: &Game<'_>) -> [u32; 2] {
    game.position().hand.map(|h| [h.south, h.north]).expect("the game has hands")
}

fn stage(south: &str, north: &str) -> (String, String) {
    (south.to_string(), north.to_string())
}

#[test]
fn c1_c3_the_start_every_placement_captures_and_a_kimbi_forces_its_end() {
    let mut game = Game::new(congo());
    let ones: &[(usize, u16)] = &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)];
    assert_rows(&game, [&[], ones, ones, &[]]);
    assert_eq!(hands(&game), [24, 24]);
    assert_eq!(phases(&game), stage("first_stage", "first_stage"));
    // Every front hole faces a stone: every placement captures, and one in a kimbi has one way.
    assert_legal(
        &game,
        &["b1 cw", "b2 cw", "b3 ccw", "b3 cw", "b4 ccw", "b4 cw", "b5 ccw", "b5 cw", "b6 ccw", "b6 cw", "b7 ccw", "b8 ccw"],
    );
    // b1 (2) takes c1 (1), sown from b1: b1 (3) faces an empty c1 and relays clockwise: b2 b3 b4;
    // b4 (2) takes c4 (1), a middle hole: the way stays, from b1 again; b1 was empty: the end.
    apply(&mut game, "b1 cw");
    assert_rows(
        &game,
        [&[], &[(1, 1), (2, 2), (3, 2), (4, 2), (5, 1), (6, 1), (7, 1), (8, 1)], &[(2, 1), (3, 1), (5, 1), (6, 1), (7, 1), (8, 1)], &[]],
    );
    assert_eq!(hands(&game), [23, 24]);
    assert_eq!(total(&game), 64);
}

#[test]
fn c3_a_right_kimbi_sows_from_the_right_kichwa_counter_clockwise() {
    let mut game = Game::new(congo());
    // b7 (2) takes c7 (1), from b8: b8 (2) takes c8 (1), from b8 again: b8 (3) faces an empty c8
    // and relays: b7 b6 b5; b5 (2) takes c5 (1), a middle hole, the way kept: into b8, empty.
    apply(&mut game, "b7 ccw");
    assert_rows(
        &game,
        [&[], &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 1)], &[(1, 1), (2, 1), (3, 1), (4, 1), (6, 1)], &[]],
    );
}

#[test]
fn c2_c3_c6_c10_a_placement_into_an_empty_hole_captures_and_a_later_capture_keeps_the_way() {
    // South places its last stone; North has none left.
    let mut game = at("south", [1, 0], [&[], &[(5, 1)], &[(3, 3), (5, 2)], &[(8, 1)]]);
    assert_eq!(phases(&game), stage("first_stage", "second_stage"));
    // b3 is empty and faces c3, b5 faces c5: captures at once, middle holes, either way; b4
    // clockwise and b6 counter-clockwise capture later (C5: their one stone is sown into b5,
    // which faces c5), the other placements not at all, so they are not legal (C4).
    assert_legal(&game, &["b3 ccw", "b3 cw", "b4 cw", "b5 ccw", "b5 cw", "b6 ccw"]);
    // b3 (1) takes c3 (3), clockwise from b1: b1 b2 b3; b3 (2) faces an empty c3: relay b4 b5;
    // b5 (2) takes c5 (2): the way stays clockwise, from b1: b1 (2) b2 (2); b2 relays: b3 b4; b4
    // (2) relays: b5 (3) b6, empty: the end. The move began in the first stage, so its later laps
    // capture; North's front row is empty: South wins. The board left is b1 2, b3 1, b5 3, b6 1
    // and North's d8 1; under the default `leftover to owner` each hole goes to its owner, so the
    // final board is empty and the captures are the score, 7 to 1.
    let takes = apply_to_end(&mut game, "b3 cw");
    assert_eq!(takes, ["south b1 2", "south b3 1", "south b5 3", "south b6 1", "north d8 1"], "each hole left goes to its owner");
    assert_rows(&game, [&[], &[], &[], &[]]);
    assert_eq!(game.position().captured.south, 7);
    assert_eq!(game.position().captured.north, 1);
    assert_eq!(hands(&game), [0, 0]);
    assert_eq!(phases(&game), stage("second_stage", "second_stage"));
    assert_result(&game, Some("south"), [7, 1]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the other player's front row is empty"));
}

#[test]
fn c5_without_a_capture_at_the_placement_the_hole_placed_into_is_sown_either_way() {
    // While the opponent's front row holds stones a placement facing one of them captures, so
    // one that does not is legal only when its sowing captures later (C4).
    let mut game = at("south", [1, 1], [&[], &[(4, 2), (6, 1), (7, 1)], &[(1, 1), (7, 1)], &[(1, 1)]]);
    assert_legal(&game, &["b1 cw", "b3 cw", "b4 cw", "b7 ccw", "b8 ccw"]);
    // b4 (3 with the placed stone) is lifted and sown clockwise: b5 b6 b7; b7 (2) takes c7 (1), a
    // right kimbi: counter-clockwise from b8, empty.
    apply(&mut game, "b4 cw");
    assert_rows(&game, [&[], &[(5, 1), (6, 2), (7, 2), (8, 1)], &[(1, 1)], &[(1, 1)]]);
    assert_eq!(hands(&game), [0, 1]);
}

#[test]
fn c4_c7_a_capture_is_compulsory_in_the_second_stage() {
    // b5 counter-clockwise ends in b4 (2), facing c4 (2): the only capture, so the only move; a3
    // and the other ways would be legal moves without it.
    let mut game = at("south", [0, 0], [&[(3, 1)], &[(4, 1), (5, 1)], &[(1, 1), (4, 2)], &[(1, 1)]]);
    assert_eq!(phases(&game), stage("second_stage", "second_stage"));
    assert_legal(&game, &["b5 ccw"]);
    // c4's 2 stones from b8, counter-clockwise: b8 b7, empty.
    apply(&mut game, "b5 ccw");
    assert_rows(&game, [&[(3, 1)], &[(4, 2), (7, 1), (8, 1)], &[(1, 1)], &[(1, 1)]]);
    assert_eq!(game.to_move().map(|p| p.name()), Some("north"));
    // Without the capture, a single stone may be lifted (C7): a3, b4, b5 both ways.
    let game = at("south", [0, 0], [&[(3, 1)], &[(4, 1), (5, 1)], &[(1, 1), (6, 2)], &[(1, 1)]]);
    assert_legal(&game, &["a3 ccw", "a3 cw", "b4 ccw", "b4 cw", "b5 ccw", "b5 cw"]);
}

#[test]
fn c8_a_second_stage_move_whose_first_lap_does_not_capture_relays_instead() {
    let game = at("south", [0, 0], [&[(7, 1), (8, 1)], &[(7, 1)], &[(3, 1), (7, 1)], &[(1, 1)]]);
    assert_legal(&game, &["a7 ccw", "a7 cw", "a8 ccw", "a8 cw", "b7 ccw", "b7 cw"]);
    // a7 to a8 (2), relay: b8 b7; b7 (2) faces c7 (1) on the second lap: no capture, a relay:
    // b6 b5, empty.
    let mut second = game.clone();
    apply(&mut second, "a7 ccw");
    assert_rows(&second, [&[], &[(5, 1), (6, 1), (8, 1)], &[(3, 1), (7, 1)], &[(1, 1)]]);
    // In the first stage a stone in hand must be placed, and captures are made on any lap: b6
    // clockwise and b8 counter-clockwise reach b7 on their first lap and capture there; b7
    // placed into (2) takes c7 at once.
    let mut first = at("south", [1, 0], [&[(7, 1), (8, 1)], &[(7, 1)], &[(3, 1), (7, 1)], &[(1, 1)]]);
    assert_legal(&first, &["b3 ccw", "b3 cw", "b6 cw", "b7 ccw", "b8 ccw"]);
    apply(&mut first, "b7 ccw");
    // c7 (1) from b8: b8 (1), empty: the end.
    assert_rows(&first, [&[(7, 1), (8, 1)], &[(7, 2), (8, 1)], &[(3, 1)], &[(1, 1)]]);
}

#[test]
fn c9_a_player_whose_front_row_is_empty_after_a_move_loses_the_mover_too() {
    let mut game = at("south", [0, 0], [&[(5, 1)], &[(1, 1)], &[(8, 1)], &[(8, 1)]]);
    assert_legal(&game, &["a5 ccw", "a5 cw", "b1 ccw", "b1 cw"]);
    // b1 counter-clockwise goes into a1: South's front row is empty.
    apply(&mut game, "b1 ccw");
    assert_result(&game, Some("north"), [2, 2]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the mover's own front row is empty"));
}

#[test]
fn c11_a_third_repetition_is_a_draw() {
    // Single stones shuttled back and forth: South b1 a1 b1 …, North c8 d8 c8 …; the start is
    // seen again after four moves, a third time after eight.
    let mut game = at("south", [0, 0], [&[], &[(1, 1), (3, 1)], &[(6, 1), (8, 1)], &[]]);
    for action in ["b3 cw", "c6 cw", "b4 ccw", "c5 ccw", "b3 cw", "c6 cw", "b4 ccw"] {
        apply(&mut game, action);
    }
    assert_ongoing(&game);
    apply(&mut game, "c5 ccw");
    assert_result(&game, None, [2, 2]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the same position came back 3 times"));
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 bao_kiswahili_congo.py 5`).
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(congo());
    let counts: Vec<u64> = (1..=5).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [12, 142, 1474, 15414, 156818]);
}

/// 100 random games of the independent model (tests/fixtures/bao-kiswahili-congo-model.jsonl),
/// from the start through both stages: the engine agrees at every step on the board, the hands,
/// the player to move and the legal moves in order, then on the winner, the score and the reason.
#[test]
fn a_hundred_games_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(congo(), "bao-kiswahili-congo-model.jsonl", model_view), 100);
}

/// A position as the model writes it: the 32 counts, the two hands, the player to move and the
/// legal moves.
fn model_view(game: &Game<'_>) -> Value {
    model_line(game, game.state().hand.map(Value::from))
}
