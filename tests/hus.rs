//! Hus scenarios: every ruling U1–U6 of rules/hus.mancala and every case of its "Cases none of
//! the sources settles", on exact positions; positions computed by hand (the 100-lap cuts of U6
//! were found by a search, see each test, and are checked against [`model`] too).
//!
//! Rows from South's edge: `a` South's outer row, `b` South's inner row, `c` North's inner row,
//! `d` North's outer row; columns 1..8 as South sees the board. South's circuit runs a1 → a8, then
//! b8 → b1, then a1 again; North's runs d8 → d1, then c1 → c8, then d8 again. The hole facing b`k`
//! is c`k`, and a capture from b`k` takes c`k` and d`k` (from c`k`: b`k` and a`k`). No stone
//! leaves the board while the game goes on: 48 in all, `captured` `[0, 0]`. When it ends each
//! hole's stones go to its owner (the default `leftover to owner`): the final board is empty and
//! the captures are the score.

mod common;

use common::*;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn hus() -> &'static Rules {
    rules("hus")
}

/// Hus with `stop after 100 laps` replaced by `replacement` (a `stop after N laps` line, or
/// nothing): what the engine would do without U6's cut, or with another one.
fn hus_with_cut(replacement: &str) -> Rules {
    let source = std::fs::read_to_string(rules_path("hus")).expect("rules/hus.mancala");
    assert_eq!(source.matches("stop after 100 laps").count(), 1, "U6's line is in the file once");
    let source = source.replace("stop after 100 laps", replacement);
    mancala::load_str("hus-variant.mancala", &source, &[] as &[&str]).unwrap_or_else(|e| panic!("{replacement:?}: {e:?}"))
}

/// A game of `rules` from a position: rows `a`, `b`, `c`, `d` given sparsely as `(column, count)`.
fn at_with<'r>(rules: &'r Rules, to_move: &str, rows: [Sparse<'_>; 4]) -> Game<'r> {
    setup(rules, to_move).sparse(&rows).captured([0, 0]).game()
}

/// A game of Hus from a position, as [`at_with`].
fn at(to_move: &str, rows: [Sparse<'_>; 4]) -> Game<'static> {
    at_with(hus(), to_move, rows)
}

/// Plays actions; the stones never change in number and none is captured off the board while
/// the game goes on; once it is over every hole has gone to its owner's captures.
#[track_caller]
fn play(game: &mut Game<'_>, actions: &str) {
    common::play(game, actions);
    if game.is_over() {
        assert_eq!(board(game), [[0; 8]; 4], "the stones left went to their owners; position: {}", game.position_json());
    } else {
        assert_eq!(game.state().captured, [0, 0], "no stone leaves the board; position: {}", game.position_json());
    }
}

/// The end of a game: the board empty, every hole gone to its owner's captures `[south, north]`.
#[track_caller]
fn assert_swept(game: &Game<'_>, captured: [u32; 2]) {
    let p = game.position();
    assert_eq!(board(game), [[0; 8]; 4], "the board once over; position: {}", game.position_json());
    assert_eq!([p.captured.south, p.captured.north], captured, "captured [south, north]; position: {}", game.position_json());
    assert_eq!(p.to_move, None, "nobody moves once over");
}

/// The exact board (sparse rows as in [`at`]) and player to move (`None`: over); nothing captured.
#[track_caller]
fn assert_board(game: &Game<'_>, to_move: Option<&str>, rows: [Sparse<'_>; 4]) {
    common::assert_board(game, to_move, &rows, [0, 0]);
}

/// The board as four full rows `[a, b, c, d]`.
fn board(game: &Game<'_>) -> [[u16; 8]; 4] {
    let p = game.position();
    let mut board = [[0; 8]; 4];
    for (r, letter) in ["a", "b", "c", "d"].into_iter().enumerate() {
        board[r].copy_from_slice(&p.rows[letter]);
    }
    board
}

/// The holes of a player's circuit in sowing order, as (row 0..4 for a..d, column 0..8).
fn circuit(south: bool) -> Vec<(usize, usize)> {
    if south {
        (0..8).map(|c| (0, c)).chain((0..8).rev().map(|c| (1, c))).collect()
    } else {
        (0..8).rev().map(|c| (3, c)).chain((0..8).map(|c| (2, c))).collect()
    }
}

/// An independent model of a Hus move, written from the rule file's comments: sow from `start`
/// round the mover's circuit; a lap ending in an occupied own inner hole facing stones captures
/// that column and sows it on from the next hole (U3, U4), one ending in another occupied hole
/// relays (U2), one ending in an empty hole ends the move; at most `limit` laps (U6). Returns the
/// board, the laps sown and whether the move ended by itself.
fn model(mut board: [[u16; 8]; 4], south: bool, start: (usize, usize), limit: u32) -> ([[u16; 8]; 4], u32, bool) {
    let ring = circuit(south);
    let (inner, their_inner, their_outer) = if south { (1, 2, 3) } else { (2, 1, 0) };
    let mut at = ring.iter().position(|&h| h == start).expect("an own hole");
    let mut hand = std::mem::take(&mut board[start.0][start.1]);
    let mut laps = 0;
    loop {
        while hand > 0 {
            at = (at + 1) % 16;
            let (r, c) = ring[at];
            board[r][c] += 1;
            hand -= 1;
        }
        laps += 1;
        let (r, c) = ring[at];
        if laps >= limit {
            return (board, laps, board[r][c] < 2);
        }
        if board[r][c] < 2 {
            return (board, laps, true);
        }
        hand = if r == inner && board[their_inner][c] > 0 {
            std::mem::take(&mut board[their_inner][c]) + std::mem::take(&mut board[their_outer][c])
        } else {
            std::mem::take(&mut board[r][c])
        };
    }
}

/// The label of a hole given as (row index, column index).
fn label((r, c): (usize, usize)) -> String {
    format!("{}{}", ["a", "b", "c", "d"][r], c + 1)
}

// ---------------------------------------------------------------- the start (U1)

#[test]
fn the_start_matches_wikipedias_diagram() {
    // Two stones in every outer hole and in the right half of each inner row as its owner sees
    // it: b5–b8 for South, c1–c4 for North. 24 stones each, 48 in all; South first; every hole of
    // South's with stones holds two and may start.
    let game = Game::new(hus());
    let p = game.position();
    assert_eq!(p.rows.keys().map(String::as_str).collect::<Vec<_>>(), ["a", "b", "c", "d"]);
    assert_board(
        &game,
        Some("south"),
        [
            &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)],
            &[(5, 2), (6, 2), (7, 2), (8, 2)],
            &[(1, 2), (2, 2), (3, 2), (4, 2)],
            &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)],
        ],
    );
    assert_eq!(total(&game), 48);
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b5", "b6", "b7", "b8"]);
    assert_ongoing(&game);
}

#[test]
fn the_first_move_a1_relays_through_both_rows() {
    // a1 (2) → a2, a3 (2 → 3): relay. a3 (3) → a4, a5, a6 (3): relay. a6 (3) → a7, a8, b8 (3):
    // inner, but c8 facing it is empty: relay. b8 (3) → b7, b6, b5 (3), c5 empty: relay.
    // b5 (3) → b4, b3, b2: b2 was empty: the move ends after 5 laps (c2 facing holds 2, but the
    // last stone fell into an empty hole: no capture).
    let mut game = Game::new(hus());
    play(&mut game, "a1");
    assert_eq!(game.last_laps(), 5);
    assert_board(
        &game,
        Some("north"),
        [
            &[(2, 3), (4, 3), (5, 3), (7, 3), (8, 3)],
            &[(2, 1), (3, 1), (4, 1), (6, 3), (7, 3)],
            &[(1, 2), (2, 2), (3, 2), (4, 2)],
            &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)],
        ],
    );
    // North's legal moves: c1–c4 and the whole outer row.
    assert_legal(&game, &["c1", "c2", "c3", "c4", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]);
}

// ---------------------------------------------------------------- circuits (U1)

#[test]
fn south_sows_round_rows_a_and_b_only() {
    // a6 (3) → a7, a8, then up into the inner row at b8 (all empty: one lap).
    let mut game = at("south", [&[(6, 3)], &[], &[], &[(5, 2)]]);
    play(&mut game, "a6");
    assert_eq!(game.last_laps(), 1);
    assert_board(&game, Some("north"), [&[(7, 1), (8, 1)], &[(8, 1)], &[], &[(5, 2)]]);
    // b2 (3) → b1, then down into the outer row: a1, a2.
    let mut game = at("south", [&[], &[(2, 3)], &[], &[(5, 2)]]);
    play(&mut game, "b2");
    assert_board(&game, Some("north"), [&[(1, 1), (2, 1)], &[(1, 1)], &[], &[(5, 2)]]);
    // a1 (16): 15 stones into a2 … a8, b8 … b1, the 16th back into a1, which was emptied (the
    // origin is not skipped): it holds 1, the move ends. North's rows got nothing.
    let mut game = at("south", [&[(1, 16)], &[], &[], &[(5, 2)]]);
    play(&mut game, "a1");
    assert_eq!(game.last_laps(), 1);
    let ones: Vec<(usize, u16)> = (1..=8).map(|c| (c, 1)).collect();
    assert_board(&game, Some("north"), [&ones, &ones, &[], &[(5, 2)]]);
}

#[test]
fn north_sows_round_rows_d_and_c_mirrored() {
    // d3 (4) → d2, d1, then into the inner row at c1, c2 (all empty). South's b2 facing c2 is
    // untouched: the hole was empty.
    let mut game = at("north", [&[(5, 2)], &[(2, 2)], &[], &[(3, 4)]]);
    play(&mut game, "d3");
    assert_eq!(game.last_laps(), 1);
    assert_board(&game, Some("south"), [&[(5, 2)], &[(2, 2)], &[(1, 1), (2, 1)], &[(1, 1), (2, 1)]]);
    // c7 (3) → c8, then back into the outer row at d8, d7.
    let mut game = at("north", [&[(5, 2)], &[], &[(7, 3)], &[]]);
    play(&mut game, "c7");
    assert_board(&game, Some("south"), [&[(5, 2)], &[], &[(8, 1)], &[(7, 1), (8, 1)]]);
}

#[test]
fn single_stones_cannot_start() {
    // U1: a hole of two or more. a1 and b2 hold one stone each; a3 (2) and b6 (3) may move.
    let mut game = at("south", [&[(1, 1), (3, 2)], &[(2, 1), (6, 3)], &[], &[(5, 2)]]);
    assert_legal(&game, &["a3", "b6"]);
    assert_illegal(&mut game, "a1");
    assert_illegal(&mut game, "b2");
    assert_illegal(&mut game, "a2"); // empty
    assert_illegal(&mut game, "d5"); // North's
                                     // North too: d5 (2) only, not c1 (1).
    let game = at("north", [&[(3, 2)], &[], &[(1, 1)], &[(5, 2)]]);
    assert_legal(&game, &["d5"]);
}

// ---------------------------------------------------------------- relay (U2)

#[test]
fn a_lap_ending_in_an_occupied_hole_relays() {
    // a1 (2) → a2, a3; a3 held 1, now 2: lifted, a3 (2) → a4, a5 (empty): the move ends.
    let mut game = at("south", [&[(1, 2), (3, 1)], &[], &[], &[(5, 2)]]);
    play(&mut game, "a1");
    assert_eq!(game.last_laps(), 2);
    assert_board(&game, Some("north"), [&[(2, 1), (4, 1), (5, 1)], &[], &[], &[(5, 2)]]);
}

#[test]
fn a_lap_ending_in_an_empty_hole_ends_the_move_even_facing_stones() {
    // a6 (3) → a7, a8, b8: b8 was empty. c8 and d8 facing it hold stones, but a last stone in an
    // empty hole neither relays nor captures.
    let mut game = at("south", [&[(6, 3)], &[], &[(8, 2)], &[(8, 2)]]);
    play(&mut game, "a6");
    assert_eq!(game.last_laps(), 1);
    assert_board(&game, Some("north"), [&[(7, 1), (8, 1)], &[(8, 1)], &[(8, 2)], &[(8, 2)]]);
}

#[test]
fn no_capture_when_the_last_stone_falls_in_the_outer_row() {
    // a1 (2) → a2, a3 (1 → 2): a3 is an outer hole, so it relays although c3 and d3 hold stones:
    // a3 (2) → a4, a5 (empty).
    let mut game = at("south", [&[(1, 2), (3, 1)], &[], &[(3, 2)], &[(3, 2)]]);
    play(&mut game, "a1");
    assert_board(&game, Some("north"), [&[(2, 1), (4, 1), (5, 1)], &[], &[(3, 2)], &[(3, 2)]]);
    // North: d5 (2) → d4, d3 (1 → 2), an outer hole facing b3 and a3: relay, d3 (2) → d2, d1.
    let mut game = at("north", [&[(3, 2)], &[(3, 2)], &[], &[(3, 1), (5, 2)]]);
    play(&mut game, "d5");
    assert_eq!(game.last_laps(), 2);
    assert_board(&game, Some("south"), [&[(3, 2)], &[(3, 2)], &[], &[(1, 1), (2, 1), (4, 1)]]);
}

// ---------------------------------------------------------------- capture (U3, U4)

#[test]
fn a_capture_takes_the_column_and_sows_it_from_the_next_hole() {
    // a7 (2) → a8, b8 (1 → 2): an occupied inner hole facing c8 = 1: capture instead of relay,
    // c8 (1) and d8 (2) behind it: 3 stones, sown from the hole after b8 as the move's second lap:
    // b7, b6, b5 (empty): the move ends. b8 keeps its 2 (it is not lifted).
    let mut game = at("south", [&[(7, 2)], &[(8, 1)], &[(8, 1)], &[(3, 2), (8, 2)]]);
    play(&mut game, "a7");
    assert_eq!(game.last_laps(), 2);
    assert_board(&game, Some("north"), [&[(8, 1)], &[(5, 1), (6, 1), (7, 1), (8, 2)], &[], &[(3, 2)]]);
}

#[test]
fn the_lap_of_captured_stones_relays_like_any_other() {
    // As above, with b5 = 1: the captured lap b7, b6, b5 ends in b5 (1 → 2), c5 empty: relay,
    // b5 (2) → b4, b3 (empty): 3 laps.
    let mut game = at("south", [&[(7, 2)], &[(5, 1), (8, 1)], &[(8, 1)], &[(3, 2), (8, 2)]]);
    play(&mut game, "a7");
    assert_eq!(game.last_laps(), 3);
    assert_board(&game, Some("north"), [&[(8, 1)], &[(3, 1), (4, 1), (6, 1), (7, 1), (8, 2)], &[], &[(3, 2)]]);
}

#[test]
fn the_lap_of_captured_stones_captures_again() {
    // As above, with c5 = 2 and d5 = 1 facing b5: the captured lap ends in b5 (1 → 2) facing
    // c5 = 2: a second capture, c5 + d5 = 3, sown from b4: b4, b3, b2 (empty): 3 laps.
    let mut game = at("south", [&[(7, 2)], &[(5, 1), (8, 1)], &[(5, 2), (8, 1)], &[(3, 2), (5, 1), (8, 2)]]);
    play(&mut game, "a7");
    assert_eq!(game.last_laps(), 3);
    assert_board(&game, Some("north"), [&[(8, 1)], &[(2, 1), (3, 1), (4, 1), (5, 2), (6, 1), (7, 1), (8, 2)], &[], &[(3, 2)]]);
}

#[test]
fn captured_stones_go_round_the_corner_into_the_outer_row() {
    // b3 (2) → b2, b1 (1 → 2) facing c1 = 2: c1 + d1 = 5 captured, sown from the hole after b1:
    // a1, a2, a3, a4, a5 (empty): the move ends.
    let mut game = at("south", [&[], &[(1, 1), (3, 2)], &[(1, 2)], &[(1, 3), (6, 2)]]);
    play(&mut game, "b3");
    assert_eq!(game.last_laps(), 2);
    assert_board(&game, Some("north"), [&[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)], &[(1, 2), (2, 1)], &[], &[(6, 2)]]);
}

#[test]
fn sixteen_captured_stones_come_back_to_the_emptied_column_and_relay() {
    // a7 (2) → a8 (1), b8 (1 → 2) facing c8 = 10: c8 + d8 = 16 captured, sown from b7 round
    // all 16 holes: b7 … b1, a1 … a8, and the 16th into b8 itself (2 → 3). c8 is empty now:
    // b8 relays (U4: the captured lap is a lap like any other). After lap 2: a = 1 1 1 1 1 1 1 2,
    // b (b1..b8) = 1 1 1 1 1 1 1 3.
    //   lap 3: b8 (3) → b7 b6 b5 (1 → 2)        lap 4: b5 (2) → b4, b3 (1 → 2)
    //   lap 5: b3 (2) → b2, b1 (1 → 2)          lap 6: b1 (2) → a1, a2 (1 → 2)
    //   lap 7: a2 (2) → a3, a4 (1 → 2)          lap 8: a4 (2) → a5, a6 (1 → 2)
    //   lap 9: a6 (2) → a7 (2), a8 (2 → 3)      lap 10: a8 (3) → b8 (0 → 1), b7 (3), b6 (2 → 3)
    //   lap 11: b6 (3) → b5 (0 → 1), b4 (2 → 3), b3 (0 → 1): empty, the move ends.
    // No c hole but c8 ever held stones, so no further capture.
    let mut game = at("south", [&[(7, 2)], &[(8, 1)], &[(8, 10)], &[(3, 2), (8, 6)]]);
    play(&mut game, "a7");
    assert_eq!(game.last_laps(), 11);
    assert_board(
        &game,
        Some("north"),
        [&[(1, 2), (3, 2), (5, 2), (7, 2)], &[(2, 2), (3, 1), (4, 3), (5, 1), (7, 3), (8, 1)], &[], &[(3, 2)]],
    );
}

#[test]
fn with_the_opponents_outer_hole_empty_only_the_inner_one_is_taken() {
    // Sources differ; this file follows Mancala World and boardgamesoftheworld: the facing inner
    // hole alone decides. a7 (2) → a8, b8 (1 → 2) facing c8 = 3, d8 empty: c8's 3 are taken and
    // sown b7, b6, b5 (empty).
    let mut game = at("south", [&[(7, 2)], &[(8, 1)], &[(8, 3)], &[(2, 2)]]);
    play(&mut game, "a7");
    assert_eq!(game.last_laps(), 2);
    assert_board(&game, Some("north"), [&[(8, 1)], &[(5, 1), (6, 1), (7, 1), (8, 2)], &[], &[(2, 2)]]);
}

#[test]
fn no_capture_when_the_facing_inner_hole_is_empty_even_if_the_outer_one_is_not() {
    // a7 (2) → a8, b8 (1 → 2); c8 is empty (d8 behind it holds 3): no capture, b8 relays:
    // b8 (2) → b7, b6 (empty). d8 keeps its 3.
    let mut game = at("south", [&[(7, 2)], &[(8, 1)], &[], &[(8, 3)]]);
    play(&mut game, "a7");
    assert_eq!(game.last_laps(), 2);
    assert_board(&game, Some("north"), [&[(8, 1)], &[(6, 1), (7, 1)], &[], &[(8, 3)]]);
}

#[test]
fn north_captures_the_column_facing_it() {
    // d2 (2) → d1, c1 (1 → 2) facing b1 = 2: b1 + a1 (1) = 3 captured, sown c2, c3, c4 (empty).
    let mut game = at("north", [&[(1, 1), (5, 2)], &[(1, 2)], &[(1, 1)], &[(2, 2)]]);
    play(&mut game, "d2");
    assert_eq!(game.last_laps(), 2);
    assert_board(&game, Some("south"), [&[(5, 2)], &[], &[(1, 2), (2, 1), (3, 1), (4, 1)], &[(1, 1)]]);
    // c5 (2) → c6, c7 (1 → 2) facing b7 = 3 (a7 empty): 3 captured, sown from c8 on round the
    // corner: c8, d8, d7 (empty).
    let mut game = at("north", [&[(2, 2)], &[(7, 3)], &[(5, 2), (7, 1)], &[]]);
    play(&mut game, "c5");
    assert_eq!(game.last_laps(), 2);
    assert_board(&game, Some("south"), [&[(2, 2)], &[], &[(6, 1), (7, 2), (8, 1)], &[(7, 1), (8, 1)]]);
}

// ---------------------------------------------------------------- no move (U5)

#[test]
fn a_player_left_with_single_stones_loses() {
    // d5 (2) → d4, d3 (empty). South has a1, a3, b4: single stones only, no move: North wins.
    // The score is the stones on each side (each keeps their own): South 3, North 2. The move
    // leaves a1, a3, b4 and d3, d4 single; each goes into its owner's captures.
    let mut game = at("north", [&[(1, 1), (3, 1)], &[(4, 1)], &[], &[(5, 2)]]);
    let takes = apply_to_end(&mut game, "d5");
    assert_eq!(takes, ["south a1 1", "south a3 1", "south b4 1", "north d3 1", "north d4 1"], "each hole to its owner");
    assert_swept(&game, [3, 2]);
    assert_result(&game, Some("north"), [3, 2]);
    assert_eq!(game.result().unwrap().reason, "south cannot move");
    // The mirror: a1 (2) → a2, a3 (empty); North's d1 and c3 are single: South wins, 2 to 2.
    let mut game = at("south", [&[(1, 2)], &[], &[(3, 1)], &[(1, 1)]]);
    let takes = apply_to_end(&mut game, "a1");
    assert_eq!(takes, ["south a2 1", "south a3 1", "north c3 1", "north d1 1"], "each hole to its owner");
    assert_swept(&game, [2, 2]);
    assert_result(&game, Some("south"), [2, 2]);
    assert_eq!(game.result().unwrap().reason, "north cannot move");
}

#[test]
fn a_capture_can_leave_the_opponent_without_a_move() {
    // d2 (2) → d1, c1 (1 → 2) facing b1 = 2: b1 + a1 (empty) = 2 captured, sown c2, c3 (empty).
    // South keeps a3 and b5, single: it cannot move and loses, 2 stones to North's 5. The move
    // leaves North c1 2, c2 1, c3 1, d1 1; each hole goes to its owner.
    let mut game = at("north", [&[(3, 1)], &[(1, 2), (5, 1)], &[(1, 1)], &[(2, 2)]]);
    let takes = apply_to_end(&mut game, "d2");
    assert_eq!(takes, ["south a3 1", "south b5 1", "north c1 2", "north c2 1", "north c3 1", "north d1 1"], "each hole to its owner");
    assert_swept(&game, [2, 5]);
    assert_result(&game, Some("north"), [2, 5]);
}

#[test]
fn a_position_without_a_move_is_lost_at_once() {
    // South to move with 16 single stones: lost before anything is played, although the stones
    // are even (16 each): the winner is who can move, not who has more.
    let ones: Vec<(usize, u16)> = (1..=8).map(|c| (c, 1)).collect();
    let twos: Vec<(usize, u16)> = (1..=8).map(|c| (c, 2)).collect();
    let game = at("south", [&ones, &ones, &[], &twos]);
    assert_result(&game, Some("north"), [16, 16]);
    assert_eq!(game.result().unwrap().reason, "south cannot move");
    // An empty side too.
    let game = at("north", [&[(4, 3)], &[], &[], &[]]);
    assert_result(&game, Some("south"), [3, 0]);
}

// ---------------------------------------------------------------- the 100-lap cut (U6)

#[test]
fn a_move_that_would_sow_for_ever_ends_after_its_100th_lap() {
    // Eleven stones (found by a search over random positions). South's holes in circuit order,
    // a1 … a8 then b8 … b1, read 10101012 01021010. A runner: a lap lifts 2 and drops them into a
    // hole holding 0 and one holding 1, which now holds 2 and relays; where it meets the other 2
    // it lifts 3 instead.
    //   lap 1: a8 (2) → b8, b7 (1 → 2):              10101010 12021010
    //   lap 2: b7 (2) → b6, b5 (2 → 3):              10101010 10131010
    //   lap 3: b5 (3) → b4 (2), b3, b2 (1 → 2):      10101010 10102120
    //   laps 4–10 lift 2 each, from b2 round to b4 (2 → 3); lap 11 lifts b4's 3:
    //                                                01010101 01010212, ending in b1:
    //   the circuit of lap 3 turned one hole on, its last hole too. So after lap 8k + 3 it is
    //   turned k holes on: after lap 99 (k = 12) 10101010 21201010, ending in b6 (2).
    //   lap 100: b6 (2) → b5 (0 → 1), b4 (1 → 2):    10101010 21012010
    // The 100th lap ends in b4 holding 2, which would relay: U6 ends the move there. After
    // 16 × 8 = 128 laps the move would be back where it was: it never ends.
    let start: [&[(usize, u16)]; 4] = [&[(1, 1), (3, 1), (5, 1), (7, 1), (8, 2)], &[(2, 1), (4, 1), (5, 2), (7, 1)], &[], &[(5, 2)]];
    let mut game = at("south", start);
    assert_legal(&game, &["a8", "b5"]);
    play(&mut game, "a8");
    assert_eq!(game.last_laps(), 100);
    assert_board(&game, Some("north"), [&[(1, 1), (3, 1), (5, 1), (7, 1)], &[(2, 1), (4, 2), (5, 1), (7, 1), (8, 2)], &[], &[(5, 2)]]);
    assert_ongoing(&game);
    // The independent model agrees, and says the move would not have ended by itself.
    let from = board(&at("south", start));
    assert_eq!(model(from, true, (0, 7), 100), (board(&game), 100, false));
    // The engine's own sowing, cut elsewhere: after 129 laps the board is the board after 1 lap.
    let cut = |laps: u32| {
        let rules = hus_with_cut(&format!("stop after {laps} laps"));
        let mut game = at_with(&rules, "south", start);
        play(&mut game, "a8");
        assert_eq!(game.last_laps(), laps);
        board(&game)
    };
    assert_eq!(cut(129), cut(1));
    assert_eq!(cut(1), [[1, 0, 1, 0, 1, 0, 1, 0], [0, 1, 0, 1, 2, 0, 2, 1], [0; 8], [0, 0, 0, 0, 2, 0, 0, 0]]);
    // Without U6's line the move would never end: the engine refuses it.
    let uncut = hus_with_cut("");
    let game = at_with(&uncut, "south", start);
    assert_eq!(game.legal_texts(), ["b5"]);
}

#[test]
fn a_move_of_101_laps_loses_its_last_lap() {
    // Found by a search: a6 would end by itself on its 101st lap. U6 stops it after the 100th,
    // which ends in a2 (5 stones: it would relay).
    let start: [&[(usize, u16)]; 4] =
        [&[(2, 1), (3, 3), (5, 1), (6, 3), (7, 1), (8, 2)], &[(1, 4), (2, 3), (3, 2), (4, 1), (6, 3), (7, 2), (8, 1)], &[], &[(5, 2)]];
    let mut game = at("south", start);
    play(&mut game, "a6");
    assert_eq!(game.last_laps(), 100);
    let after_100: [&[(usize, u16)]; 4] =
        [&[(1, 1), (2, 5), (3, 2), (5, 4), (6, 1), (8, 1)], &[(2, 1), (3, 6), (4, 1), (6, 1), (7, 4)], &[], &[(5, 2)]];
    assert_board(&game, Some("north"), after_100);
    assert_eq!(model(board(&at("south", start)), true, (0, 5), 100), (board(&game), 100, false));
    // Without the cut, the 101st lap: a2 (5) → a3 (3), a4 (1), a5 (5), a6 (2), a7 (0 → 1): empty,
    // the move ends.
    let uncut = hus_with_cut("stop after 1000 laps");
    let mut game = at_with(&uncut, "south", start);
    play(&mut game, "a6");
    assert_eq!(game.last_laps(), 101);
    assert_board(
        &game,
        Some("north"),
        [&[(1, 1), (3, 3), (4, 1), (5, 5), (6, 2), (7, 1), (8, 1)], &[(2, 1), (3, 6), (4, 1), (6, 1), (7, 4)], &[], &[(5, 2)]],
    );
}

#[test]
fn a_move_of_546_laps_is_cut_at_100() {
    // Found by a search: a1 would end by itself after 546 laps (North's d1 and d5 face empty c
    // holes: no capture on the way). U6 cuts it at 100; its 100th lap ends in b7 (2 stones).
    let start: [&[(usize, u16)]; 4] = [
        &[(1, 6), (2, 2), (3, 3), (4, 2), (5, 3), (6, 2), (7, 1), (8, 2)],
        &[(1, 3), (2, 4), (3, 3), (4, 2), (5, 3), (6, 2), (7, 5), (8, 3)],
        &[],
        &[(1, 1), (5, 3)],
    ];
    let mut game = at("south", start);
    play(&mut game, "a1");
    assert_eq!(game.last_laps(), 100);
    assert_board(
        &game,
        Some("north"),
        [
            &[(1, 2), (2, 4), (3, 1), (4, 2), (5, 1), (6, 2), (7, 9)],
            &[(1, 1), (3, 12), (5, 1), (6, 2), (7, 2), (8, 7)],
            &[],
            &[(1, 1), (5, 3)],
        ],
    );
    assert_eq!(model(board(&at("south", start)), true, (0, 0), 100), (board(&game), 100, false));
    let uncut = hus_with_cut("stop after 1000 laps");
    let mut game = at_with(&uncut, "south", start);
    play(&mut game, "a1");
    assert_eq!(game.last_laps(), 546);
    assert_eq!(model(board(&at("south", start)), true, (0, 0), 1000), (board(&game), 546, true));
}

#[test]
fn a_move_ending_by_itself_on_its_100th_lap_is_not_changed() {
    // Found by a search: a1 ends by itself on its 100th lap, its last stone in an empty hole. The
    // cut changes nothing: the same board with or without it.
    let start: [&[(usize, u16)]; 4] =
        [&[(1, 2), (3, 2), (4, 1), (5, 4), (6, 1), (8, 1)], &[(1, 6), (3, 5), (4, 1), (6, 2), (7, 3), (8, 2)], &[], &[(5, 2)]];
    let mut game = at("south", start);
    play(&mut game, "a1");
    assert_eq!(game.last_laps(), 100);
    let after: [&[(usize, u16)]; 4] =
        [&[(1, 2), (2, 1), (3, 5), (5, 1), (6, 5), (7, 1)], &[(1, 4), (3, 1), (4, 4), (5, 1), (6, 2), (7, 1), (8, 2)], &[], &[(5, 2)]];
    assert_board(&game, Some("north"), after);
    assert_eq!(model(board(&at("south", start)), true, (0, 0), 1000), (board(&game), 100, true));
    let uncut = hus_with_cut("stop after 1000 laps");
    let mut game = at_with(&uncut, "south", start);
    play(&mut game, "a1");
    assert_eq!(game.last_laps(), 100);
    assert_board(&game, Some("north"), after);
}

// ---------------------------------------------------------------- whole games

#[test]
fn random_games_keep_all_48_stones_and_agree_with_the_model() {
    // 60 games of random moves: after every move 48 stones, none captured until the end, each
    // move exactly as [`model`] sows it (at most 100 laps); a game ends only when the player to
    // move has no hole of two or more, and then the other wins with each side's stones as score.
    // The move that ends a game is checked against the model too: the model's board, each side
    // moved into its owner's captures, leaving the board empty.
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let mut moves = 0;
    let mut ended = 0;
    for _ in 0..60 {
        let mut game = Game::new(hus());
        // The board the last move left, before the end swept it.
        let mut last = board(&game);
        for _ in 0..400 {
            if game.is_over() {
                break;
            }
            let legal = game.legal_texts();
            let mover = game.position().to_move.expect("someone moves").name();
            let south = mover == "south";
            let before = board(&game);
            // Every hole of the mover's with two or more stones may start, and no other.
            let mut sorted: Vec<String> = circuit(south).into_iter().filter(|&(r, c)| before[r][c] >= 2).map(label).collect();
            sorted.sort_by_key(|l| (l.as_bytes()[0], l[1..].parse::<u8>().unwrap()));
            assert_eq!(legal, sorted, "position: {}", game.position_json());
            let action = legal[rng.below(legal.len())].clone();
            let hole = circuit(south).into_iter().find(|&h| label(h) == action).expect("an own hole");
            play(&mut game, &action);
            moves += 1;
            assert_eq!(total(&game), 48);
            let (expected, laps, _) = model(before, south, hole, 100);
            if game.is_over() {
                let side = |rows: [usize; 2]| rows.iter().flat_map(|&r| expected[r]).map(u32::from).sum::<u32>();
                let p = game.position();
                assert_eq!(board(&game), [[0; 8]; 4], "{action} from {before:?} ends the game");
                assert_eq!(
                    [p.captured.south, p.captured.north],
                    [side([0, 1]), side([2, 3])],
                    "{action} from {before:?}: {expected:?} swept"
                );
            } else {
                assert_eq!(board(&game), expected, "{action} from {before:?}");
            }
            assert_eq!(game.last_laps(), laps, "{action} from {before:?}");
            last = expected;
        }
        if let Some(result) = game.result() {
            ended += 1;
            let b = last;
            let south: u32 = b[0].iter().chain(&b[1]).map(|&n| u32::from(n)).sum();
            let north: u32 = b[2].iter().chain(&b[3]).map(|&n| u32::from(n)).sum();
            assert_eq!(result.score, [south, north]);
            assert_eq!(south + north, 48);
            let winner = result.winner.expect("no draws in Hus").name();
            let loser_rows = if winner == "south" { [2, 3] } else { [0, 1] };
            assert!(loser_rows.iter().all(|&r| b[r].iter().all(|&n| n <= 1)), "the loser had a move: {b:?}");
        }
    }
    assert!(moves > 1000 && ended > 0, "{moves} moves, {ended} games ended");
}

// ---------------------------------------------------------------- the interchange (`mancala run`)

#[test]
fn run_plays_a_relay_and_a_capture() {
    // a1 as in `the_first_move_a1_relays_through_both_rows`. Then North d1 (2) → c1 (3),
    // c2 (2 → 3) facing b2 = 1: b2 + a2 (3) = 4 captured, sown c3 (3), c4 (3), c5 (1), c6 (1):
    // c6 was empty, the move ends. South may move a4, a5, a7, a8, b6, b7.
    let out = mancala(&["run", &rules_path("hus"), "--moves", "a1, d1", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(
        json,
        json!({
            "game": "Hus",
            "options": {},
            "to_move": "south",
            "rows": {
                "a": [0, 0, 0, 3, 3, 0, 3, 3],
                "b": [0, 0, 1, 1, 0, 3, 3, 0],
                "c": [3, 3, 3, 3, 1, 1, 0, 0],
                "d": [0, 2, 2, 2, 2, 2, 2, 2]
            },
            "captured": {"south": 0, "north": 0},
            "owners": {},
            "legal": ["a4", "a5", "a7", "a8", "b6", "b7"],
            "status": "ongoing",
            "result": null
        })
    );
}
