//! Vai Lung Thlān: every ruling of rules/vai-lung-thlan.mancala on an exact position worked out by
//! hand (V6's cycle found by an exhaustive search of the positions of up to nine stones), then the
//! perft counts and random games of an independent model (tests/fixtures/models/vai_lung_thlan.py),
//! agreeing at every step.
//!
//! Row `a` is South's, `b` North's; sowing runs clockwise, a6 … a1 then b1 … b6. 60 stones.

mod common;

use common::*;
use mancala::{Game, Rules};

fn vai() -> &'static Rules {
    rules("vai-lung-thlan")
}

/// A position, the stones off the board split between the stores (South first) to make 60.
fn at(to_move: &str, a: [u16; 6], b: [u16; 6]) -> Game<'static> {
    setup(vai(), to_move).rows([a, b]).rest_captured(60).game()
}

#[test]
fn v1_v2_five_a_hole_and_one_lap_clockwise() {
    let mut game = Game::new(vai());
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6"]);
    // a2 (5): a1, then round the corner into North's row, b1 … b4; b4 held 5: nothing taken.
    apply(&mut game, "a2");
    assert_position(&game, Some("north"), &[6, 0, 5, 5, 5, 5], &[6, 6, 6, 6, 5, 5], [0, 0]);
}

#[test]
fn v3_a_last_stone_into_an_empty_hole_is_taken_with_the_single_stones_behind_it() {
    // a3 (3): a2 (1, now 2), a1 (0, now 1), b1 (empty, now 1): b1 is taken, then a1 before it
    // (1), but not a2 (2).
    let mut game = at("south", [0, 1, 3, 0, 0, 1], [0, 0, 0, 0, 0, 2]);
    let before = stores(&game);
    apply(&mut game, "a3");
    assert_position(&game, Some("north"), &[0, 2, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 2], [before[0] + 2, before[1]]);
    // The line goes on across the corner and past holes made single by this lap: a4 (4): a3,
    // a2, a1, b1, all empty: b1, a1, a2, a3 are all taken; a4, emptied, stops the chain.
    let mut game = at("south", [0, 0, 0, 4, 0, 1], [0, 0, 0, 0, 0, 2]);
    let before = stores(&game);
    apply(&mut game, "a4");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 2], [before[0] + 4, before[1]]);
    // A last stone into an occupied hole takes nothing.
    let mut game = at("south", [1, 1, 0, 0, 0, 1], [0, 0, 0, 0, 0, 2]);
    let before = stores(&game);
    apply(&mut game, "a2");
    assert_position(&game, Some("north"), &[2, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 2], before);
}

#[test]
fn v4_v5_a_player_who_cannot_move_ends_the_game_and_only_captures_count() {
    let mut game = position(vai(), "south", &[1, 0, 0, 0, 0, 3], &[0; 6], [28, 28]);
    apply(&mut game, "a1");
    // a1 (1) falls into b1, empty: taken. North has no stone: the game is over; South's a6 (3)
    // counts for nobody. 29 against 28: South wins.
    assert_result(&game, Some("south"), [29, 28]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("north cannot move"));
}

#[test]
fn v6_a_position_seen_a_third_time_ends_the_game() {
    // Nine stones going round (an exhaustive search found no position of fewer stones that can
    // come back). Every
    // lap ends in an occupied hole, so nothing is taken, and after twelve moves the position is
    // back: a5 (2): a4, a3 (2). b3 (2): b4, b5 (2). a3 (2): a2, a1 (2). b5 (2): b6, a6 (2).
    let (a, b) = ([1, 0, 1, 0, 2, 1], [0, 1, 2, 0, 1, 0]);
    let cycle = "a5, b3, a3, b5, a1, b2, a6, b4, a4, b6, a2, b1";
    let mut game = position(vai(), "south", &a, &b, [26, 25]);
    apply(&mut game, "a5, b3, a3, b5");
    assert_position(&game, Some("south"), &[2, 1, 0, 1, 0, 2], &[0, 1, 0, 1, 0, 1], [26, 25]);
    apply(&mut game, "a1, b2, a6, b4, a4, b6, a2, b1");
    assert_position(&game, Some("south"), &a, &b, [26, 25]);
    // Seen twice: the game goes on, to the last move of the cycle's second round.
    let (most, last) = cycle.rsplit_once(", ").expect("moves");
    apply(&mut game, most);
    assert_ongoing(&game);
    // The third time ends it; the stones on the board count for nobody (V4): 26 to 25.
    apply(&mut game, last);
    assert_result(&game, Some("south"), [26, 25]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the same position came back 3 times"));
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 vai_lung_thlan.py 7`).
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(vai());
    let counts: Vec<u64> = (1..=7).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [6, 36, 190, 1015, 5454, 29161, 157011]);
}

/// 100 random games of the independent model (tests/fixtures/vai-lung-thlan-model.jsonl): the
/// engine agrees at every step on the board, the stores, the player to move and the legal moves,
/// then on the result.
#[test]
fn a_hundred_games_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(vai(), "vai-lung-thlan-model.jsonl", plain_model_view), 100);
}
