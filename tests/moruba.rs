//! Moruba: every ruling of rules/moruba.mancala on an exact position worked out by hand (M6's
//! cycle found by an exhaustive search of the positions of three stones), then the perft counts and
//! random games of an independent model (tests/fixtures/models/moruba.py), agreeing at every step.
//!
//! Rows from South's edge: `a` South's outer row, `b` its inner row, `c` North's inner row, `d` its
//! outer row. South sows a1 … a12 then b12 … b1; North c1 … c12 then d12 … d1. 192 stones.

mod common;

use common::*;
use mancala::{Game, Rules};

fn moruba() -> &'static Rules {
    rules("moruba")
}

/// A row of 12 holes, empty but for `(column, count)`.
fn row(holes: Sparse<'_>) -> Vec<u16> {
    sparse_row(12, holes)
}

/// A game from a position, the stones off the board split between the stores to make 192.
fn at(to_move: &str, rows: [Vec<u16>; 4]) -> Game<'static> {
    setup(moruba(), to_move).rows(rows).rest_captured(192).game()
}

#[test]
fn m1_m2_each_sows_one_lap_round_their_own_two_rows() {
    let mut game = Game::new(moruba());
    assert_eq!(game.legal_texts().len(), 24);
    assert_eq!(game.state().total(moruba()), 192);
    // b1 (4): South's circuit turns from the inner row's end into the outer row: a1 … a4. No relay.
    apply(&mut game, "b1");
    let p = game.position();
    assert_eq!((p.rows["a"][..5].to_vec(), p.rows["b"][0]), (vec![5, 5, 5, 5, 4], 0));
    // North's c12 (2): d12, d11 — from its inner row's end into its outer row.
    let mut game = at("north", [row(&[(1, 1)]), row(&[]), row(&[(12, 2)]), row(&[])]);
    apply(&mut game, "c12");
    assert_rows(&game, [row(&[(1, 1)]), row(&[]), row(&[]), row(&[(11, 1), (12, 1)])]);
}

#[test]
fn m3_a_last_stone_in_the_inner_row_takes_the_facing_inner_hole_and_the_outer_one_behind() {
    // a12 (1) falls into b12, South's inner row; c12 (3) faces it: taken, and d12 (2) behind it.
    // b12 held 2 already: it does not matter.
    let mut game = at("south", [row(&[(12, 1)]), row(&[(12, 2)]), row(&[(1, 1), (12, 3)]), row(&[(12, 2)])]);
    let before = stores(&game);
    apply(&mut game, "a12");
    assert_rows(&game, [row(&[]), row(&[(12, 3)]), row(&[(1, 1)]), row(&[])]);
    assert_eq!(stores(&game), [before[0] + 5, before[1]]);
    // The facing inner hole empty: nothing is taken, not even the outer one behind it.
    let mut game = at("south", [row(&[(12, 1)]), row(&[]), row(&[(1, 1)]), row(&[(12, 2)])]);
    let before = stores(&game);
    apply(&mut game, "a12");
    assert_rows(&game, [row(&[]), row(&[(12, 1)]), row(&[(1, 1)]), row(&[(12, 2)])]);
    assert_eq!(stores(&game), before);
    // A last stone in the outer row takes nothing: a1 (1) into a2, facing nothing of North's.
    let mut game = at("south", [row(&[(1, 1)]), row(&[]), row(&[(2, 4)]), row(&[(2, 4)])]);
    let before = stores(&game);
    apply(&mut game, "a1");
    assert_eq!(stores(&game), before);
    // North's c3 (1) into c4, its inner row, facing b4 (2): taken with a4 (1).
    let mut game = at("north", [row(&[(4, 1)]), row(&[(4, 2)]), row(&[(3, 1)]), row(&[(1, 1)])]);
    let before = stores(&game);
    apply(&mut game, "c3");
    assert_rows(&game, [row(&[]), row(&[]), row(&[(4, 1)]), row(&[(1, 1)])]);
    assert_eq!(stores(&game), [before[0], before[1] + 3]);
}

#[test]
fn m4_m5_a_player_who_cannot_move_ends_the_game_and_only_captures_count() {
    // South's rows are empty: the game is over at once. North's 12 stones on the board count for
    // nobody: 90 captured against 90 is a draw.
    let game = setup(moruba(), "south").rows([row(&[]), row(&[]), row(&[(5, 12)]), row(&[])]).captured([90, 90]).game();
    assert_result(&game, None, [90, 90]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("south cannot move"));
    // With 91 against 89 South wins, North's stones on the board notwithstanding.
    let game = setup(moruba(), "south").rows([row(&[]), row(&[]), row(&[(5, 12)]), row(&[])]).captured([91, 89]).game();
    assert_result(&game, Some("south"), [91, 89]);
}

#[test]
fn m6_a_position_seen_a_third_time_ends_the_game() {
    // Three stones going round (an exhaustive search found no position of fewer stones that can
    // come back): North's pair and South's single stone keep out of each other's way, each player
    // entering their inner row only when the other's stones have left the facing holes, so
    // nothing is ever taken. b1 (1): a1. d2 (2): d1, c1, facing b1, now empty. After 48 actions the
    // position is back.
    let start = || [row(&[]), row(&[(1, 1)]), row(&[]), row(&[(2, 2)])];
    let cycle = "b1, d2, a1, d1, a2, c1, a3, c2, a4, c3, a5, c4, a6, c5, a7, c6, a8, c7, a9, c8, a10, c9, a11, c10, \
                 a12, c11, b12, c12, b11, d12, b10, d11, b9, d10, b8, d9, b7, d8, b6, d7, b5, d6, b4, d5, b3, d4, b2, d3";
    let mut game = setup(moruba(), "south").rows(start()).captured([95, 94]).game();
    apply(&mut game, "b1, d2");
    assert_rows(&game, [row(&[(1, 1)]), row(&[]), row(&[(1, 1)]), row(&[(1, 1)])]);
    apply(&mut game, cycle.split_once("d2, ").expect("moves").1);
    assert_rows(&game, start());
    assert_eq!(to_move(&game), Some("south"));
    // Seen twice: the game goes on, to the last action of the second round of the cycle.
    let (most, last) = cycle.rsplit_once(", ").expect("moves");
    apply(&mut game, most);
    assert_ongoing(&game);
    // The third time ends it; the stones on the board count for nobody (M4): 95 to 94.
    apply(&mut game, last);
    assert_result(&game, Some("south"), [95, 94]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the same position came back 3 times"));
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 moruba.py 4`).
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(moruba());
    let counts: Vec<u64> = (1..=4).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [24, 552, 12164, 258498]);
}

/// 100 random games of the independent model (tests/fixtures/moruba-model.jsonl): the engine
/// agrees at every step on the board, the stores, the player to move and the legal moves, then on
/// the result.
#[test]
fn a_hundred_games_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(moruba(), "moruba-model.jsonl", plain_model_view), 100);
}
