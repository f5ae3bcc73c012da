//! Bao la Kiswahili scenarios: every ruling S1–S14 of rules/bao-la-kiswahili.mancala (S15, takasia
//! not played, has nothing to show), on exact positions worked out by hand: the stages of stones
//! in hand (namua) and of lifting (mtaji), captures and their kichwa, takasa, relays, the house and
//! its tax, compulsory captures, the ends of a game, the front row never emptied, a move that would
//! go round for ever and the draw by repetition; then the perft counts and random games of an
//! independent model (tests/fixtures/models/bao_la_kiswahili.py), agreeing at every step.
//!
//! Rows from South's edge: `a` South's back row, `b` its front row, `c` North's front row, `d`
//! North's back row. South's house is b5, North's c4; South's kichwa b1 (clockwise) and b8
//! (counter-clockwise), its kimbi b1 b2 and b7 b8. Counter-clockwise South sows a1 → a8, then
//! b8 → b1; North c1 → c8, then d8 → d1. 64 stones in all, on the board or in hand, at the start;
//! the positions below hold fewer. When a game ends each side's stones go to their owner.

mod common;

use common::*;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn bao() -> &'static Rules {
    rules("bao-la-kiswahili")
}

/// A game from a position: the hands `[south, north]` and rows `a`, `b`, `c`, `d` as `(column,
/// count)`. Every hole holding stones is taken as never emptied (so a house of six stands).
fn at(to_move: &str, hand: [u16; 2], rows: [Sparse<'_>; 4]) -> Game<'static> {
    setup(bao(), to_move).sparse(&rows).hand(hand).game()
}

#[track_caller]
fn assert_rows(game: &Game<'_>, rows: [Sparse<'_>; 4]) {
    assert_sparse_rows(game, &rows);
}

fn intact(game: &Game<'_>) -> Vec<String> {
    game.position().intact.expect("the game tracks intact holes")
}

#[test]
fn s1_the_start() {
    let game = Game::new(bao());
    assert_rows(&game, [&[], &[(5, 6), (6, 2), (7, 2)], &[(2, 2), (3, 2), (4, 6)], &[]]);
    assert_eq!(game.position().hand.map(|h| [h.south, h.north]), Some([22, 22]));
    // S2, S4: no capture is possible; the standing house is not placed into.
    assert_legal(&game, &["b6 ccw", "b6 cw", "b7 ccw", "b7 cw"]);
}

#[test]
fn s2_s4_a_takasa_placement_sows_the_hole_placed_into() {
    // b6 (3 with the placed stone) clockwise: b7, b8, a8; a8 was empty.
    let mut game = Game::new(bao());
    apply(&mut game, "b6 cw");
    assert_rows(&game, [&[(8, 1)], &[(5, 6), (7, 3), (8, 1)], &[(2, 2), (3, 2), (4, 6)], &[]]);
    assert_eq!(game.position().hand.map(|h| [h.south, h.north]), Some([21, 22]));
}

#[test]
fn s3_a_placement_facing_stones_captures_and_the_mover_chooses_the_end() {
    // b6 (2 with the placed stone) faces c6 (3): captured. b6 is a middle hole: the way named
    // decides the kichwa. Counter-clockwise from b8: b8 b7 b6; b6 (3) relays: b5 b4 b3.
    let start = || at("south", [5, 5], [&[], &[(5, 6), (6, 1)], &[(4, 6), (6, 3)], &[]]);
    assert_legal(&start(), &["b6 ccw", "b6 cw"]);
    let mut game = start();
    apply(&mut game, "b6 ccw");
    assert_rows(&game, [&[], &[(3, 1), (4, 1), (5, 7), (7, 1), (8, 1)], &[(4, 6)], &[]]);
    // Clockwise from b1: b1 b2 b3; b3 was empty.
    let mut game = start();
    apply(&mut game, "b6 cw");
    assert_rows(&game, [&[], &[(1, 1), (2, 1), (3, 1), (5, 6), (6, 2)], &[(4, 6)], &[]]);
}

#[test]
fn s3_a_capture_in_a_kimbi_has_its_end_forced_and_is_written_once() {
    // b2 (2) faces c2 (2): the left kimbi: clockwise from b1: b1 b2; b2 (3) relays: b3 b4 b5.
    let mut game = at("south", [3, 3], [&[], &[(2, 1), (8, 1)], &[(2, 2), (7, 1)], &[]]);
    assert_legal(&game, &["b2 cw"]);
    apply(&mut game, "b2 cw");
    assert_rows(&game, [&[], &[(1, 1), (3, 1), (4, 1), (5, 1), (8, 1)], &[(7, 1)], &[]]);
}

#[test]
fn s4_a_lone_standing_house_is_taxed() {
    // The house b5 is South's only occupied front hole: the stone goes into it and only two
    // stones are sown (b4 b3); five stay, and the house, never emptied, is intact still.
    let mut game = at("south", [4, 4], [&[(1, 1)], &[(5, 6)], &[(8, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b5 ccw", "b5 cw"]);
    apply(&mut game, "b5 ccw");
    assert_rows(&game, [&[(1, 1)], &[(3, 1), (4, 1), (5, 5)], &[(8, 1)], &[(1, 2)]]);
    assert!(intact(&game).contains(&"b5".to_string()), "{:?}", intact(&game));
}

#[test]
fn s5_without_a_standing_house_a_takasa_places_into_a_hole_of_two() {
    // No house (b5 empty): b6 (2) but not b3 (1). With the house standing, either.
    let game = at("south", [4, 4], [&[], &[(3, 1), (6, 2)], &[(8, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b6 ccw", "b6 cw"]);
    let game = at("south", [4, 4], [&[], &[(3, 1), (5, 6), (6, 2)], &[(8, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b3 ccw", "b3 cw", "b6 ccw", "b6 cw"]);
}

#[test]
fn s10_a_takasa_that_reaches_the_standing_house_stops_there() {
    // Mtaji: b7 counter-clockwise: b6, b5 (7): the move ends in the house, which is not sown.
    let mut game = at("south", [0, 0], [&[], &[(5, 6), (7, 2)], &[(1, 1)], &[(1, 2)]]);
    apply(&mut game, "b7 ccw");
    assert_rows(&game, [&[], &[(5, 7), (6, 1)], &[(1, 1)], &[(1, 2)]]);
}

#[test]
fn s10_a_capturing_mtaji_move_sows_the_house_on_and_it_is_gone() {
    // a8 ccw: b8, b7 (2) faces c7 (4): captured; b7 is in the right kimbi: from b8 b8 b7 b6 b5.
    // The house (7) faces nothing: safari, b4 b3 b2 b1 a1 a2 a3. The house has been emptied.
    let mut game = at("south", [0, 0], [&[(8, 2)], &[(5, 6), (7, 1)], &[(1, 1), (7, 4)], &[(1, 2)]]);
    assert_legal(&game, &["a8 ccw"]);
    apply(&mut game, "a8 ccw");
    assert_rows(&game, [&[(1, 1), (2, 1), (3, 1)], &[(1, 1), (2, 1), (3, 1), (4, 1), (6, 1), (7, 3), (8, 2)], &[(1, 1)], &[(1, 2)]]);
    assert!(!intact(&game).contains(&"b5".to_string()), "{:?}", intact(&game));
}

#[test]
fn s10_in_namua_the_mover_chooses_to_stop_at_the_house_or_go_on() {
    // b7 (2 with the placed stone) faces c7 (4): from b8 b8 b7 b6 b5: the house, standing: the
    // mover decides.
    let start = || {
        let mut game = at("south", [3, 3], [&[], &[(5, 6), (7, 1)], &[(1, 1), (7, 4)], &[(1, 2)]]);
        assert_legal(&game, &["b7 ccw"]);
        apply(&mut game, "b7 ccw");
        game
    };
    let mut game = start();
    assert_legal(&game, &["continue", "stop"]);
    let pending = serde_json::to_value(game.position().pending).expect("JSON");
    assert_eq!(
        pending,
        json!({"by": "south", "decision": "continue or stop", "at": "b5", "direction": "counter-clockwise", "captured": true})
    );
    apply(&mut game, "stop");
    assert_rows(&game, [&[], &[(5, 7), (6, 1), (7, 3), (8, 1)], &[(1, 1)], &[(1, 2)]]);
    assert!(intact(&game).contains(&"b5".to_string()));
    let mut game = start();
    apply(&mut game, "continue");
    assert_rows(&game, [&[(1, 1), (2, 1), (3, 1)], &[(1, 1), (2, 1), (3, 1), (4, 1), (6, 1), (7, 3), (8, 1)], &[(1, 1)], &[(1, 2)]]);
    assert!(!intact(&game).contains(&"b5".to_string()));
}

#[test]
fn s6_with_an_empty_hand_a_move_lifts_a_hole_of_two_or_more_either_way() {
    // South's hand is empty (North's is not: each player's stage is their own): b3 (3) is lifted,
    // either way; the single b6 may not start a move.
    let start = || at("south", [0, 1], [&[], &[(3, 3), (6, 1)], &[(1, 1)], &[(1, 2)]]);
    assert_legal(&start(), &["b3 ccw", "b3 cw"]);
    // b3 (3) ccw: b2, b1, a1; a1 was empty: the move ends.
    let mut game = start();
    apply(&mut game, "b3 ccw");
    assert_rows(&game, [&[(1, 1)], &[(1, 1), (2, 1), (6, 1)], &[(1, 1)], &[(1, 2)]]);
    assert_eq!(game.position().hand.map(|h| [h.south, h.north]), Some([0, 1]));
    assert_eq!(to_move(&game), Some("north"));
    // b3 (3) cw: b4, b5, b6; b6 (2 now) faces an empty c6 and relays: b7, b8; b8 was empty.
    let mut game = start();
    apply(&mut game, "b3 cw");
    assert_rows(&game, [&[], &[(4, 1), (5, 1), (7, 1), (8, 1)], &[(1, 1)], &[(1, 2)]]);
    // The same board with a stone in South's hand is namua: the stone goes into b3 (4 now), and
    // counter-clockwise b2, b1, a1, a2; a2 was empty.
    let mut game = at("south", [1, 1], [&[], &[(3, 3), (6, 1)], &[(1, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b3 ccw", "b3 cw"]);
    apply(&mut game, "b3 ccw");
    assert_rows(&game, [&[(1, 1), (2, 1)], &[(1, 1), (2, 1), (6, 1)], &[(1, 1)], &[(1, 2)]]);
    assert_eq!(game.position().hand.map(|h| [h.south, h.north]), Some([0, 1]));
}

#[test]
fn s7_a_capture_in_the_middle_keeps_the_moves_way() {
    // b1 (2) cw: b2, b3; b3 (2 now) faces c3 (2): captured. b3 is a middle hole: the move keeps
    // going clockwise and the 2 stones enter at its kichwa, b1: b1, b2. b2 (2) faces an empty c2:
    // it relays, clockwise: b3 (3 now), b4; b4 was empty: the move ends. b1 ccw (a1, a2) captures
    // nothing, so it may not be played (S11).
    let mut game = at("south", [0, 0], [&[], &[(1, 2), (3, 1), (8, 1)], &[(3, 2), (7, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b1 cw"]);
    apply(&mut game, "b1 cw");
    assert_rows(&game, [&[], &[(1, 1), (3, 3), (4, 1), (8, 1)], &[(7, 1)], &[(1, 2)]]);
    assert_eq!(to_move(&game), Some("north"));
}

#[test]
fn s7_a_capture_in_the_right_kimbi_turns_the_move_from_the_right_kichwa() {
    // b6 (2) cw: b7, b8; b8 (2 now) faces c8 (3): captured. b8 is in the right kimbi: the stones
    // enter at b8 and go counter-clockwise, against the move: b8 (3), b7 (2), b6; b6, emptied by
    // the lift, was empty: the move ends. b6 ccw (b5, b4) captures nothing.
    let mut game = at("south", [0, 0], [&[], &[(6, 2), (8, 1)], &[(1, 1), (8, 3)], &[(1, 2)]]);
    assert_legal(&game, &["b6 cw"]);
    apply(&mut game, "b6 cw");
    assert_rows(&game, [&[], &[(6, 1), (7, 2), (8, 3)], &[(1, 1)], &[(1, 2)]]);
    assert_eq!(to_move(&game), Some("north"));
}

#[test]
fn s7_a_first_mtaji_lap_of_sixteen_or_more_captures_nothing() {
    // b8 (17) ccw: b7..b1, a1..a8, b8, and the 17th in b7 (2 now), facing c7 (3). The lap sowed 17:
    // no capture, and so none in the whole move (S8): it relays b7 → b6 b5, b5 → b4 b3, b3 → b2
    // b1, b1 → a1 a2 (b1 faces c1's stone, but the move captures nothing), a2 → a3 a4, a4 → a5
    // a6, a6 → a7 a8, a8 → b8 b7; b7 was empty: the move ends. North keeps c1 and c7.
    let mut game = at("south", [0, 0], [&[], &[(8, 17)], &[(1, 1), (7, 3)], &[(1, 2)]]);
    assert_legal(&game, &["b8 ccw", "b8 cw"]);
    apply(&mut game, "b8 ccw");
    assert_rows(&game, [&[(1, 2), (3, 2), (5, 2), (7, 2)], &[(2, 2), (4, 2), (6, 2), (7, 1), (8, 2)], &[(1, 1), (7, 3)], &[(1, 2)]]);
}

#[test]
fn s8_a_mtaji_move_whose_first_lap_does_not_capture_captures_nothing() {
    // No front hole holds two, so the takasa starts in the back row. a5 (2) ccw: a6, a7 (2 now)
    // relays: a8, b8 (2 now) faces c8 (2), but the first lap ended in a7: no capture; b8 relays:
    // b7, b6; b6 was empty. c8 keeps its stones.
    let mut game = at("south", [0, 0], [&[(5, 2), (7, 1)], &[(8, 1)], &[(8, 2)], &[(1, 2)]]);
    assert_legal(&game, &["a5 ccw", "a5 cw"]);
    apply(&mut game, "a5 ccw");
    assert_rows(&game, [&[(6, 1), (8, 1)], &[(6, 1), (7, 1)], &[(8, 2)], &[(1, 2)]]);
}

#[test]
fn s8_a_namua_move_whose_placement_does_not_capture_captures_nothing() {
    // Namua: the stone goes into b6 (17 now), which faces nothing: a takasa. Counter-clockwise:
    // b5..b1, a1..a8, b8, b7, b6, and the 17th in b5 (2 now), facing c5 (2). In namua a lap of 16
    // or more may capture, but the placement did not: b5 relays: b4 b3, b3 → b2 b1, b1 → a1 a2,
    // a2 → a3 a4, a4 → a5 a6, a6 → a7 a8, a8 → b8 b7, b7 → b6 b5; b5 was empty: the move ends.
    let mut game = at("south", [2, 2], [&[], &[(6, 16)], &[(5, 2)], &[]]);
    assert_legal(&game, &["b6 ccw", "b6 cw"]);
    apply(&mut game, "b6 ccw");
    assert_rows(&game, [&[(1, 2), (3, 2), (5, 2), (7, 2)], &[(2, 2), (4, 2), (5, 1), (6, 2), (8, 2)], &[(5, 2)], &[]]);
    assert_eq!(game.position().hand.map(|h| [h.south, h.north]), Some([1, 2]));
}

#[test]
fn s8_a_mtaji_takasa_starts_in_the_front_row_when_a_front_hole_holds_two() {
    // No move captures; b3 holds two, so a5 (two, in the back row) may not start the move.
    let game = at("south", [0, 0], [&[(5, 2)], &[(3, 2)], &[(1, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b3 ccw", "b3 cw"]);
    // With b3 single, a5 may: both ways.
    let game = at("south", [0, 0], [&[(5, 2)], &[(3, 1)], &[(1, 1)], &[(1, 2)]]);
    assert_legal(&game, &["a5 ccw", "a5 cw"]);
}

#[test]
fn s9_a_lap_ending_in_an_occupied_hole_relays_the_same_way() {
    // No move captures.
    let start = || at("south", [0, 0], [&[(1, 1), (8, 1)], &[(2, 2), (7, 2)], &[(3, 1)], &[(1, 2)]]);
    assert_legal(&start(), &["b2 ccw", "b2 cw", "b7 ccw", "b7 cw"]);
    // b2 ccw: b1, a1 (2 now) relays counter-clockwise: a2, a3; a3 was empty.
    let mut game = start();
    apply(&mut game, "b2 ccw");
    assert_rows(&game, [&[(2, 1), (3, 1), (8, 1)], &[(1, 1), (7, 2)], &[(3, 1)], &[(1, 2)]]);
    // b7 cw: b8, a8 (2 now) relays clockwise: a7, a6; a6 was empty.
    let mut game = start();
    apply(&mut game, "b7 cw");
    assert_rows(&game, [&[(1, 1), (6, 1), (7, 1)], &[(2, 2), (8, 1)], &[(3, 1)], &[(1, 2)]]);
    // b2 cw: b3, b4; b4 was empty: the move ends there, whatever c3 holds.
    let mut game = start();
    apply(&mut game, "b2 cw");
    assert_rows(&game, [&[(1, 1), (8, 1)], &[(3, 1), (4, 1), (7, 2)], &[(3, 1)], &[(1, 2)]]);
}

#[test]
fn s11_a_capture_is_compulsory_in_mtaji_even_from_the_back_row() {
    // a7 ccw: a8, b8 (2 now) faces c8 (2): captured; b8 is in the right kimbi: b8 (3), b7; b7 was
    // empty. The takasa b3 (either way) may not be played while a7 captures.
    let mut game = at("south", [0, 0], [&[(7, 2)], &[(3, 2), (8, 1)], &[(1, 1), (8, 2)], &[(1, 2)]]);
    assert_legal(&game, &["a7 ccw"]);
    apply(&mut game, "a7 ccw");
    assert_rows(&game, [&[(8, 1)], &[(3, 2), (7, 1), (8, 3)], &[(1, 1)], &[(1, 2)]]);
    assert_eq!(to_move(&game), Some("north"));
    // Without c8's stones nothing captures: the takasa starts in the front row (S8).
    let game = at("south", [0, 0], [&[(7, 2)], &[(3, 2), (8, 1)], &[(1, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b3 ccw", "b3 cw"]);
}

#[test]
fn s11_a_capture_is_compulsory_in_namua() {
    // The stone into b6 (2 now) faces c6 (2): it captures, so the takasa into b3 may not be played.
    // b6 cw: b6 is a middle hole, the way named decides: from b1, b1 b2; b2 was empty.
    let mut game = at("south", [3, 3], [&[], &[(3, 2), (6, 1)], &[(1, 1), (6, 2)], &[]]);
    assert_legal(&game, &["b6 ccw", "b6 cw"]);
    apply(&mut game, "b6 cw");
    assert_rows(&game, [&[], &[(1, 1), (2, 1), (3, 2), (6, 2)], &[(1, 1)], &[]]);
    assert_eq!(game.position().hand.map(|h| [h.south, h.north]), Some([2, 3]));
    // Without c6's stones: a takasa, into b3 (not the single b6, S5).
    let game = at("south", [3, 3], [&[], &[(3, 2), (6, 1)], &[(1, 1)], &[]]);
    assert_legal(&game, &["b3 ccw", "b3 cw"]);
}

#[test]
fn s12_emptying_the_opponents_front_row_wins() {
    // b1 cw: b2, b3 (2 now) takes c3, North's only front stones; from b1: b1, b2 (2) relays:
    // b3 (3), b4; b4 was empty. North's front row is empty: South wins, and each side's stones go
    // to their owner: South's b1 1, b3 3, b4 1, North's d1 2.
    let mut game = at("south", [0, 0], [&[], &[(1, 2), (3, 1)], &[(3, 2)], &[(1, 2)]]);
    assert_legal(&game, &["b1 cw"]);
    let takes = apply_to_end(&mut game, "b1 cw");
    assert_eq!(takes, ["south b1 1", "south b3 3", "south b4 1", "north d1 2"], "the board the move left");
    assert_rows(&game, [&[], &[], &[], &[]]);
    assert_eq!(stores(&game), [5, 2]);
    assert_result(&game, Some("south"), [5, 2]);
    assert_eq!(game.result().expect("over").reason, "the other player's front row is empty");
}

#[test]
fn s12_a_player_who_cannot_move_loses() {
    // b3 ccw: b2, b1; b1 was empty. North has stones in its front row but none in hand and no hole
    // of two: it cannot move and loses, though it has more stones (3 to 2).
    let mut game = at("south", [0, 0], [&[], &[(3, 2)], &[(1, 1), (7, 1)], &[(1, 1)]]);
    assert_legal(&game, &["b3 ccw", "b3 cw"]);
    let takes = apply_to_end(&mut game, "b3 ccw");
    assert_eq!(takes, ["south b1 1", "south b2 1", "north c1 1", "north c7 1", "north d1 1"], "the board the move left");
    assert_rows(&game, [&[], &[], &[], &[]]);
    assert_result(&game, Some("south"), [2, 3]);
    assert_eq!(game.result().expect("over").reason, "north cannot move");
    // With two in d1 North can move: the game goes on.
    let mut game = at("south", [0, 0], [&[], &[(3, 2)], &[(1, 1), (7, 1)], &[(1, 2)]]);
    apply(&mut game, "b3 ccw");
    assert_rows(&game, [&[], &[(1, 1), (2, 1)], &[(1, 1), (7, 1)], &[(1, 2)]]);
    assert_ongoing(&game);
    assert_eq!(to_move(&game), Some("north"));
}

#[test]
fn s13_a_move_may_not_leave_the_movers_front_row_empty() {
    // South's only front stones are in b1: counter-clockwise they would go to the back row
    // (a1, a2), emptying it; clockwise they stay (b2, b3).
    let mut game = at("south", [0, 0], [&[], &[(1, 2)], &[(8, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b1 cw"]);
    assert_illegal(&mut game, "b1 ccw");
    // With a stone in b6 as well, b1 ccw leaves it: allowed.
    let mut game = at("south", [0, 0], [&[], &[(1, 2), (6, 1)], &[(8, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b1 ccw", "b1 cw"]);
    apply(&mut game, "b1 ccw");
    assert_rows(&game, [&[(1, 1), (2, 1)], &[(6, 1)], &[(8, 1)], &[(1, 2)]]);
    // In namua too: the stone into the single b1 makes 2, sown the same two ways.
    let game = at("south", [2, 2], [&[], &[(1, 1)], &[(8, 1)], &[(1, 2)]]);
    assert_legal(&game, &["b1 cw"]);
}

/// The rule file with its lines changed (each `from` must be in it once).
fn variant(changes: &[(&str, &str)]) -> Rules {
    common::variant("bao-la-kiswahili", changes)
}

#[test]
fn s14_a_move_that_would_go_round_for_ever_is_not_offered() {
    // (Found by a search of random positions.) b3 cw: b4, b5 (2) relays: b6, b7 (2): b8, a8 (3):
    // a7, a6, a5 (2): a4, a3 (2): a2, a1 (2): b1, b2 (2): b3, b4 (2): ... every lap ends in an
    // occupied hole, and after 128 laps (eight times round) the sowing is back at b3 with every
    // hole as it was: it never ends. Only b3 ccw (b2, b1; b1 was empty) is offered.
    let rows: [Sparse<'_>; 4] = [&[(1, 1), (3, 1), (5, 1), (7, 1), (8, 2)], &[(2, 1), (3, 2), (5, 1), (7, 1)], &[(1, 1)], &[(1, 2)]];
    assert_legal(&at("south", [0, 0], rows), &["b3 ccw"]);
    // With a limit of 128 laps written into the file, b3 cw is legal, and its 128 laps leave the
    // board as it was: it was refused for that reason alone.
    let relay = "    relay when count >= 2 and";
    let cut = variant(&[(relay, &format!("    stop after 128 laps\n{relay}"))]);
    let mut game = setup(&cut, "south").sparse(&rows).hand([0, 0]).game();
    assert_legal(&game, &["b3 ccw", "b3 cw"]);
    apply(&mut game, "b3 cw");
    assert_rows(&game, rows);
    assert_eq!(to_move(&game), Some("north"));
}

#[test]
fn s14_a_position_seen_a_third_time_is_a_draw() {
    // Each player has a pair (two stones, and one after them) walking its rows counter-clockwise,
    // and a single stone in the front row (South's b7, North's c2) that keeps the row from being
    // emptied. Sowing the two puts one on the one (now two) and one in an empty hole: the move
    // ends and the pair has moved on one hole. Passing the single: a8 (2) → b8 (2), b7 (2) relays
    // b6 b5; b8 (2) → b7, b6 (2) relays b5 (2) b4: the pair b5 b4 goes on, b7 single again (North
    // likewise at c2). The pair's hole of two is the only one each time, so each move is one of
    // its two ways. After 14 moves each the board is back; the third time, after 56 actions, is a
    // draw, not before. The holes that held stones at the start are intact (never emptied) then,
    // and have all been lifted when the board comes back: that is nothing to a repetition, since
    // no rule asks it of any hole but a house.
    let start: [Sparse<'_>; 4] = [&[(1, 2), (2, 1)], &[(7, 1)], &[(2, 1)], &[(7, 1), (8, 2)]];
    let mut game = at("south", [0, 0], start);
    assert_eq!(intact(&game), ["a1", "a2", "b7", "c2", "d7", "d8"]);
    let cycle = "a1 ccw, d8 ccw, a2 ccw, d7 ccw, a3 ccw, d6 ccw, a4 ccw, d5 ccw, a5 ccw, d4 ccw, a6 ccw, d3 ccw, a7 ccw, d2 ccw, \
                 a8 ccw, d1 ccw, b8 ccw, c1 ccw, b5 ccw, c4 ccw, b4 ccw, c5 ccw, b3 ccw, c6 ccw, b2 ccw, c7 ccw, b1 ccw, c8 ccw";
    let moves: Vec<&str> = cycle.split(", ").collect();
    assert_eq!(moves.len(), 28);
    assert_legal(&game, &["a1 ccw", "a1 cw"]);
    // The first pass: South's a8 (2) ccw b8, b7 (2, facing an empty c7) relays b6, b5.
    apply(&mut game, &moves[..14].join(", "));
    assert_rows(&game, [&[(8, 2)], &[(7, 1), (8, 1)], &[(1, 1), (2, 1)], &[(1, 2)]]);
    apply(&mut game, moves[14]);
    assert_rows(&game, [&[], &[(5, 1), (6, 1), (8, 2)], &[(1, 1), (2, 1)], &[(1, 2)]]);
    apply(&mut game, &moves[15..].join(", "));
    assert_rows(&game, start);
    assert_eq!(to_move(&game), Some("south"));
    assert!(game.result().is_none(), "seen twice: the game goes on");
    apply(&mut game, &moves[..27].join(", "));
    assert_ongoing(&game);
    apply(&mut game, moves[27]);
    // A draw; each scores the stones on their side.
    assert_rows(&game, [&[], &[], &[], &[]]);
    assert_result(&game, None, [4, 4]);
    assert_eq!(game.result().expect("over").reason, "the same position came back 3 times");
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 bao_la_kiswahili.py 6`).
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(bao());
    let counts: Vec<u64> = (1..=6).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [4, 14, 38, 122, 354, 1083]);
}

/// 100 random games of the independent model (tests/fixtures/bao-la-kiswahili-model.jsonl), from
/// the start through namua and mtaji, decisions at the house included: the engine agrees at every
/// step on the board, the hands, which houses are intact, the player to move and the legal moves
/// in order, then on the winner, the score and the reason.
#[test]
fn a_hundred_games_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(bao(), "bao-la-kiswahili-model.jsonl", model_view), 100);
}

/// A position as the model writes it: the 32 counts, the two hands, whether each house is intact,
/// the player to move and the legal moves.
fn model_view(game: &Game<'_>) -> Value {
    let (rules, state) = (game.rules(), game.state());
    let houses = ["b5", "c4"].map(|house| json!(state.intact & (1u128 << rules.hole(house).expect("a hole")) != 0));
    model_line(game, state.hand.map(Value::from).into_iter().chain(houses))
}
