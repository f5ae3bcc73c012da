//! Vai Lung Thlān: every ruling of rules/vai-lung-thlan.mancala on an exact position worked out by
//! hand (but V6: a search of 200,000 small positions found none that comes back, so no position
//! shows the repetition ending firing), then the perft counts and random games of an independent model
//! (tests/fixtures/models/vai_lung_thlan.py), agreeing at every step.
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
