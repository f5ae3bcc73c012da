//! Tihbat scenarios: every rule of docs/games/tihbat.md and rulings H1–H4, positions computed by hand.
//!
//! The circuit (counter-clockwise) is a1 → a2 → b2 → b1 → a1. South owns a1 a2, North b1 b2.

mod common;

use common::*;
use mancala::Rules;

fn tihbat() -> &'static Rules {
    rules("tihbat")
}

#[test]
fn start_seven_in_every_hole_south_moves_first() {
    let game = mancala::Game::new(tihbat());
    assert_ongoing(&game);
    assert_position(&game, Some("south"), &[7, 7], &[7, 7], [0, 0]);
    assert_legal(&game, &["a1", "a2"]);
    assert_eq!(total(&game), 28);
}

#[test]
fn h1_origin_first_then_one_lap_from_a1() {
    let mut game = mancala::Game::new(tihbat());
    apply(&mut game, "a1");
    // 7 lifted: #1 back into a1, then a2 b2 b1 a1 a2 b2 → a1 1+1, a2 7+2, b2 7+2, b1 7+1; last in b2
    // (North's: no capture); the lap stops there although b2 is occupied (no relay).
    assert_position(&game, Some("north"), &[2, 9], &[8, 9], [0, 0]);
    assert_legal(&game, &["b1", "b2"]);
}

#[test]
fn h1_origin_first_then_one_lap_from_a2() {
    let mut game = mancala::Game::new(tihbat());
    apply(&mut game, "a2");
    // 7 lifted: #1 back into a2, then b2 b1 a1 a2 b2 b1 → a2 1+1, b2 7+2, b1 7+2, a1 7+1; last in b1.
    assert_position(&game, Some("north"), &[8, 2], &[9, 9], [0, 0]);
}

#[test]
fn h1_north_sows_the_same_way_round() {
    let mut game = mancala::Game::new(tihbat());
    apply(&mut game, "a1, b1");
    // From a=2 9, b=8 9: b1's 8: #1 back into b1, then a1 a2 b2 b1 a1 a2 b2 → b1 1+1, a1 2+2,
    // a2 9+2, b2 9+2; last in North's own b2 with 11 (odd): no capture.
    assert_position(&game, Some("south"), &[4, 11], &[2, 11], [0, 0]);
}

#[test]
fn h1_a_lap_round_the_board_re_enters_its_origin() {
    let rules = tihbat();
    let mut game = position(rules, "south", &[5, 1], &[1, 1], [10, 10]);
    apply(&mut game, "a1");
    // 5 lifted: #1 a1, a2, b2, b1, #5 a1 again (origin not skipped) → a1 2, a2 2, b2 2, b1 2; last
    // in own a1 with 2 → South takes a1 only (H3: not a2 nor b1, which also hold 2).
    assert_position(&game, Some("north"), &[0, 2], &[2, 2], [12, 10]);
    assert_ongoing(&game);
}

#[test]
fn h2_one_stone_move_is_legal_and_changes_only_the_turn() {
    let rules = tihbat();
    let mut game = position(rules, "south", &[1, 3], &[2, 2], [10, 10]);
    assert_legal(&game, &["a1", "a2"]);
    apply(&mut game, "a1");
    // The single stone goes straight back into a1 (1: odd, no capture): only the turn changed.
    assert_position(&game, Some("north"), &[1, 3], &[2, 2], [10, 10]);
    assert_ongoing(&game);
    let mut game = position(rules, "north", &[2, 2], &[3, 1], [10, 10]);
    assert_legal(&game, &["b1", "b2"]);
    apply(&mut game, "b2");
    // The same for North's one-stone hole.
    assert_position(&game, Some("south"), &[2, 2], &[3, 1], [10, 10]);
}

#[test]
fn h3_capture_of_2_in_own_hole() {
    let mut game = position(tihbat(), "south", &[2, 1], &[1, 1], [12, 12]);
    apply(&mut game, "a1");
    // a1's 2: #1 back into a1, #2 into a2 (1 → 2, own, even ≤ 8) → a2's 2 taken.
    assert_position(&game, Some("north"), &[1, 0], &[1, 1], [14, 12]);
}

#[test]
fn h3_capture_of_4_6_8_in_own_hole_and_no_chain() {
    // a1's 6: #1 a1, a2, b2, b1, #5 a1, #6 a2 → a1 2, a2 +2, b2 2, b1 2; last in own a2. Only a2
    // is taken although a1, b1, b2 (its predecessors on the circuit) hold 2 each: no chain.
    for (a2_before, taken) in [(2, 4), (4, 6), (6, 8)] {
        let mut game = position(tihbat(), "south", &[6, a2_before], &[1, 1], [0, 0]);
        apply(&mut game, "a1");
        assert_position(&game, Some("north"), &[2, 0], &[2, 2], [taken, 0]);
        assert_eq!(total(&game), 8 + u32::from(a2_before), "stones conserved");
    }
}

#[test]
fn h3_ten_and_odd_counts_are_not_captured() {
    // Same sowing as above: a2 ends with a2_before + 2: 10 (even but above eight), 5, 3: no capture.
    for a2_before in [8, 3, 1] {
        let mut game = position(tihbat(), "south", &[6, a2_before], &[1, 1], [0, 0]);
        apply(&mut game, "a1");
        assert_position(&game, Some("north"), &[2, a2_before + 2], &[2, 2], [0, 0]);
    }
    // A last stone into an empty own hole makes 1: no capture.
    let mut game = position(tihbat(), "south", &[2, 0], &[1, 1], [0, 0]);
    apply(&mut game, "a1");
    assert_position(&game, Some("north"), &[1, 1], &[1, 1], [0, 0]);
}

#[test]
fn h3_landing_on_the_opponents_side_never_captures() {
    // South's a2 with 2: #1 back into a2, #2 into North's b2, which then holds 2, 4, 6 or 8.
    for b2_before in [1, 3, 5, 7] {
        let mut game = position(tihbat(), "south", &[0, 2], &[1, b2_before], [0, 0]);
        apply(&mut game, "a2");
        assert_position(&game, Some("north"), &[0, 1], &[1, b2_before + 1], [0, 0]);
    }
    // North's b1 with 2: #1 back into b1, #2 into South's a1 (1 → 2): not North's, no capture.
    let mut game = position(tihbat(), "north", &[1, 1], &[2, 0], [0, 0]);
    apply(&mut game, "b1");
    assert_position(&game, Some("south"), &[2, 1], &[1, 0], [0, 0]);
}

#[test]
fn h3_north_captures_in_its_own_holes() {
    let mut game = position(tihbat(), "north", &[1, 1], &[1, 2], [4, 6]);
    apply(&mut game, "b2");
    // b2's 2: #1 back into b2, #2 into b1 (1 → 2, North's own, even) → North takes b1's 2.
    assert_position(&game, Some("south"), &[1, 1], &[0, 1], [4, 8]);
}

#[test]
fn h4a_no_stone_left_the_game_is_over_and_scored_by_captures() {
    // (No move can empty the board — the origin keeps its first stone and one hole at most is taken —
    // so the ending is only ever met by a position given as such.)
    let game = position(tihbat(), "south", &[0, 0], &[0, 0], [16, 12]);
    assert_position(&game, None, &[0, 0], &[0, 0], [16, 12]);
    assert_result(&game, Some("south"), [16, 12]);
    let game = position(tihbat(), "north", &[0, 0], &[0, 0], [14, 14]);
    assert_result(&game, None, [14, 14]);
}

#[test]
fn h4b_second_occurrence_of_board_and_player_to_move_ends_with_the_board_split() {
    let mut game = position(tihbat(), "south", &[1, 0], &[0, 1], [14, 12]);
    assert_legal(&game, &["a1"]);
    apply(&mut game, "a1");
    // Same board, but North to move: a new position, the game goes on.
    assert_ongoing(&game);
    assert_position(&game, Some("north"), &[1, 0], &[0, 1], [14, 12]);
    assert_legal(&game, &["b2"]);
    // Board a=1 0 b=0 1 with South to move: the start, a second time → over. The 2 stones left are
    // split 1–1: South 14+1, North 12+1. Each half moves into its player's captures, South's
    // first, in board order (a1 a2 b1 b2): South takes a1's stone, North b2's; the board is empty.
    assert_eq!(apply_to_end(&mut game, "b2"), ["south a1 1", "north b2 1"], "the board split 1–1");
    assert_position(&game, None, &[0, 0], &[0, 0], [15, 13]);
    assert_result(&game, Some("south"), [15, 13]);

    // An odd number left (only from a position given as such: captures are even, 28 is even):
    // a=1 2 b=0 0, South to move. a1's single stone goes back into a1; North, with both holes
    // empty, passes: the same board with South to move, a second time → over. 3 stones: one
    // each, South's from a1, North's from a2 (a split shares the stones, not the holes); the odd
    // one stays in a2 for nobody: 12+1 against 13+1.
    let mut game = position(tihbat(), "south", &[1, 2], &[0, 0], [12, 13]);
    apply(&mut game, "a1");
    assert_position(&game, Some("north"), &[1, 2], &[0, 0], [12, 13]);
    assert_eq!(apply_to_end(&mut game, "pass"), ["south a1 1", "north a2 1"], "one each, the odd stone left");
    assert_position(&game, None, &[0, 1], &[0, 0], [13, 14]);
    assert_result(&game, Some("north"), [13, 14]);
    assert_eq!(total(&game), 28);
}

#[test]
fn h4b_equal_totals_after_the_split_are_a_draw() {
    let mut game = position(tihbat(), "south", &[1, 1], &[1, 1], [12, 12]);
    apply(&mut game, "a1");
    assert_ongoing(&game);
    apply(&mut game, "b1");
    // Back to a=1 1 b=1 1, South to move: second occurrence; 4 stones split 2–2 → 14–14.
    assert_result(&game, None, [14, 14]);
}

#[test]
fn h4b_north_wins_on_the_split_when_ahead() {
    let mut game = position(tihbat(), "north", &[0, 1], &[1, 0], [8, 18]);
    apply(&mut game, "b1, a2");
    // North's single stone, South's single stone: back to the start with North to move → 9–19.
    assert_result(&game, Some("north"), [9, 19]);
}

#[test]
fn h4b_a_full_board_lap_recreating_the_start_ends_the_game() {
    let mut game = mancala::Game::new(tihbat());
    apply(&mut game, "a1, b2");
    // b2's 9 from a=2 9 b=8 9: b2 1, then b1 a1 a2 b2 b1 a1 a2 b2 → b1 10, a1 4, a2 11, b2 3 (odd).
    assert_position(&game, Some("south"), &[4, 11], &[10, 3], [0, 0]);
    apply(&mut game, "a2, b2, a1, b2, a1, b2, a2, b2, a1, b2, a2, b2, a2");
    assert_position(&game, Some("north"), &[1, 1], &[25, 1], [0, 0]);
    assert_ongoing(&game);
    // b1's 25: b1 1, then 24 = 6 laps of a1 a2 b2 b1 → every hole 1 + 6 = 7, last in b1 (7, odd).
    // 7 7 / 7 7 with South to move is the start: its second occurrence → 28 split 14–14, a draw.
    // South's 14 are the first in board order, a1 and a2; North's b1 and b2: the board is empty.
    let takes = apply_to_end(&mut game, "b1");
    assert_eq!(takes, ["south a1 7", "south a2 7", "north b1 7", "north b2 7"], "the board split 14–14");
    assert_position(&game, None, &[0, 0], &[0, 0], [14, 14]);
    assert_result(&game, None, [14, 14]);
}

#[test]
fn h4_a_player_with_both_holes_empty_passes_and_the_cycle_still_counts() {
    let mut game = position(tihbat(), "south", &[2, 0], &[0, 0], [14, 12]);
    apply(&mut game, "a1");
    // a1's 2: back into a1, then a2 (0 → 1: odd, no capture).
    assert_position(&game, Some("north"), &[1, 1], &[0, 0], [14, 12]);
    // North has both holes empty: pass is its only action; its holes and South's are refused.
    assert_legal(&game, &["pass"]);
    assert_illegal(&mut game, "b1");
    assert_illegal(&mut game, "a1");
    apply(&mut game, "pass");
    // a=1 1 b=0 0 with South to move: first time (the start had a=2 0).
    assert_ongoing(&game);
    assert_position(&game, Some("south"), &[1, 1], &[0, 0], [14, 12]);
    assert_legal(&game, &["a1", "a2"]);
    apply(&mut game, "a2");
    // One stone back into a2: a=1 1 b=0 0 with North to move, as after the first move → over,
    // 2 stones split: 15–13.
    assert_result(&game, Some("south"), [15, 13]);
}

#[test]
fn h4_pass_only_while_both_holes_are_empty_then_play_resumes() {
    let mut game = position(tihbat(), "south", &[2, 2], &[0, 0], [12, 12]);
    apply(&mut game, "a1");
    // a1's 2: back into a1, then a2 (2 → 3: odd).
    assert_position(&game, Some("north"), &[1, 3], &[0, 0], [12, 12]);
    apply(&mut game, "pass");
    assert_position(&game, Some("south"), &[1, 3], &[0, 0], [12, 12]);
    assert_illegal(&mut game, "pass"); // South can move: no pass
    apply(&mut game, "a2");
    // a2's 3: back into a2, then b2, b1 → counters reach North's side: North moves again.
    assert_position(&game, Some("north"), &[1, 1], &[1, 1], [12, 12]);
    assert_legal(&game, &["b1", "b2"]);
    assert_illegal(&mut game, "pass");
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut game = position(tihbat(), "south", &[0, 3], &[2, 1], [10, 12]);
    assert_legal(&game, &["a2"]);
    assert_illegal(&mut game, "a1"); // empty
    assert_illegal(&mut game, "b1"); // North's hole
    assert_illegal(&mut game, "pass"); // South has a move
    assert_illegal(&mut game, "a3"); // off the board
    assert_illegal(&mut game, "c1"); // no row c
    assert_illegal(&mut game, "sow"); // not an action
    assert!(game.apply(mancala::Action::Sow(4)).is_err(), "hole index past the board");
    assert_position(&game, Some("south"), &[0, 3], &[2, 1], [10, 12]);
}

#[test]
fn no_action_once_the_game_is_over() {
    let mut game = position(tihbat(), "south", &[1, 0], &[0, 1], [14, 12]);
    apply(&mut game, "a1, b2");
    assert_result(&game, Some("south"), [15, 13]);
    for action in ["a1", "b2", "pass"] {
        assert_illegal(&mut game, action);
    }
}

#[test]
fn whole_game_graph_has_about_11000_positions() {
    // The spec: "about 11,000 positions". Every (board, player to move) reachable from the start
    // through the engine's legal actions; an independent count written from the spec gives 10,852.
    let rules = tihbat();
    let start = *mancala::Game::new(rules).state();
    let key = |s: &mancala::State| (s.counts()[..4].to_vec(), s.to_move);
    let mut seen = std::collections::HashSet::from([key(&start)]);
    let mut stack = vec![start];
    while let Some(state) = stack.pop() {
        let game = mancala::Game::from_state(rules, state);
        for action in game.legal_actions() {
            let mut next = game.clone();
            next.apply(action).expect("a legal action applies");
            assert_eq!(total(&next), 28, "stones conserved");
            if seen.insert(key(next.state())) {
                stack.push(*next.state());
            }
        }
    }
    assert_eq!(seen.len(), 10_852);
}
