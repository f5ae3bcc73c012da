//! Djenon-aboure scenarios: every rule of docs/games/djenon-aboure.md and rulings D1–D6, positions
//! computed by hand.
//!
//! The circuit (counter-clockwise) is a1 → … → a6 → b6 → … → b1 → a1. South owns row a, North
//! row b. Backward (against sowing) from a2 is a1, b1, b2, …

mod common;

use common::*;
use mancala::{Action, Game, Rules};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

fn djenon() -> &'static Rules {
    rules("djenon-aboure")
}

#[test]
fn start_four_in_every_hole_south_moves_first() {
    let game = Game::new(djenon());
    assert_ongoing(&game);
    assert_position(&game, Some("south"), &[4; 6], &[4; 6], [0, 0]);
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6"]);
    assert_eq!(total(&game), 48);
}

#[test]
fn worked_example_a1_from_the_start() {
    let mut game = Game::new(djenon());
    apply(&mut game, "a1");
    // Lap 1: a1's 4 → a1 1, a2 a3 a4 5; a4 = 5 relays. Lap 2: a4's 5 → a4 1, a5 a6 b6 b5 5; b5
    // relays. Lap 3: b5's 5 → b5 1, b4 b3 b2 b1 5; b1 relays. Lap 4: b1's 5 → b1 1, a1 2, a2 6,
    // a3 6, a4 2 → a4's 2 taken; the hole before it, a3, holds 6: the chain stops.
    assert_position(&game, Some("north"), &[2, 6, 6, 0, 5, 5], &[1, 5, 5, 5, 1, 5], [2, 0]);
    assert_legal(&game, &["b2", "b3", "b4", "b6"]);
    assert_ongoing(&game);
}

#[test]
fn every_opening_move_captures_exactly_two() {
    // The start is the same from every hole, so each opening is a1's shifted along the circuit:
    // 4 laps, the 4th ending on a hole now holding 2 whose predecessor holds 6 — exactly 2 taken.
    let south: [(&str, [u16; 6], [u16; 6]); 6] = [
        ("a1", [2, 6, 6, 0, 5, 5], [1, 5, 5, 5, 1, 5]),
        ("a2", [1, 2, 6, 6, 0, 5], [5, 5, 5, 1, 5, 5]),
        ("a3", [5, 1, 2, 6, 6, 0], [5, 5, 1, 5, 5, 5]),
        ("a4", [5, 5, 1, 2, 6, 6], [5, 1, 5, 5, 5, 0]),
        ("a5", [5, 5, 5, 1, 2, 6], [1, 5, 5, 5, 0, 6]),
        ("a6", [1, 5, 5, 5, 1, 2], [5, 5, 5, 0, 6, 6]),
    ];
    for (hole, a, b) in south {
        let mut game = Game::new(djenon());
        apply(&mut game, hole);
        assert_position(&game, Some("north"), &a, &b, [2, 0]);
    }
    // And North, from four everywhere with North to move: b1 is a1 shifted by six holes.
    let north: [(&str, [u16; 6], [u16; 6]); 6] = [
        ("b1", [6, 6, 0, 5, 5, 5], [2, 1, 5, 5, 5, 1]),
        ("b2", [6, 0, 5, 5, 5, 1], [6, 2, 1, 5, 5, 5]),
        ("b3", [0, 5, 5, 5, 1, 5], [6, 6, 2, 1, 5, 5]),
        ("b4", [5, 5, 5, 1, 5, 5], [0, 6, 6, 2, 1, 5]),
        ("b5", [5, 5, 1, 5, 5, 5], [5, 0, 6, 6, 2, 1]),
        ("b6", [5, 1, 5, 5, 5, 1], [5, 5, 0, 6, 6, 2]),
    ];
    for (hole, a, b) in north {
        let mut game = position(djenon(), "north", &[4; 6], &[4; 6], [0, 0]);
        apply(&mut game, hole);
        assert_position(&game, Some("south"), &a, &b, [0, 2]);
    }
}

#[test]
fn singletons_and_empty_holes_cannot_move() {
    let mut game = position(djenon(), "south", &[1, 2, 0, 1, 3, 0], &[1, 1, 2, 0, 0, 0], [18, 20]);
    assert_legal(&game, &["a2", "a5"]);
    assert_illegal(&mut game, "a1"); // a single seed
    assert_illegal(&mut game, "a4"); // a single seed
    assert_illegal(&mut game, "a3"); // empty
}

#[test]
fn d1_d2_relay_on_three_with_the_first_seed_back_into_the_relay_hole() {
    let mut game = position(djenon(), "south", &[2, 2, 0, 0, 0, 0], &[2, 0, 0, 0, 0, 0], [20, 22]);
    apply(&mut game, "a1");
    // a1's 2 → a1 1, a2 3 (held 2): relay. a2's 3 → a2 1 (origin first), a3 1, a4 1 (was empty):
    // the move ends, nothing taken.
    assert_position(&game, Some("north"), &[1, 1, 1, 1, 0, 0], &[2, 0, 0, 0, 0, 0], [20, 22]);
    assert_legal(&game, &["b1"]);
}

#[test]
fn d1_d2_relay_on_five_after_three_origin_first_on_every_lap() {
    let mut game = position(djenon(), "south", &[2, 2, 0, 4, 0, 0], &[2, 0, 0, 0, 0, 0], [18, 20]);
    apply(&mut game, "a1");
    // a1's 2 → a1 1, a2 3: relay. a2's 3 → a2 1, a3 1, a4 5 (held 4): relay. a4's 5 → a4 1, a5 1,
    // a6 1, b6 1, b5 1 (was empty): the move ends.
    assert_position(&game, Some("north"), &[1, 1, 1, 1, 1, 1], &[2, 0, 0, 0, 1, 1], [18, 20]);
}

#[test]
fn d1_relay_on_six_and_more() {
    let mut game = position(djenon(), "south", &[2, 5, 0, 0, 0, 0], &[2, 0, 0, 0, 0, 0], [20, 19]);
    apply(&mut game, "a1");
    // a1's 2 → a1 1, a2 6 (held 5): relay. a2's 6 → a2 1, a3 a4 a5 a6 1, b6 1 (was empty): ends.
    assert_position(&game, Some("north"), &[1, 1, 1, 1, 1, 1], &[2, 0, 0, 0, 0, 1], [20, 19]);
    let mut game = position(djenon(), "south", &[2, 6, 0, 0, 0, 0], &[2, 0, 0, 0, 0, 0], [20, 18]);
    apply(&mut game, "a1");
    // a1's 2 → a1 1, a2 7 (held 6): relay. a2's 7 → a2 1, a3 a4 a5 a6 1, b6 1, b5 1 (was empty).
    assert_position(&game, Some("north"), &[1, 1, 1, 1, 1, 1], &[2, 0, 0, 0, 1, 1], [20, 18]);
}

#[test]
fn d1_d4_relay_from_a_hole_on_the_opponents_side() {
    let mut game = position(djenon(), "south", &[0, 0, 0, 0, 0, 2], &[2, 0, 0, 0, 0, 4], [20, 20]);
    apply(&mut game, "a6");
    // a6's 2 → a6 1, b6 5 (held 4): relay from North's b6. b6's 5 → b6 1, b5 b4 b3 b2 1 (b2 was
    // empty): ends.
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 1], &[2, 1, 1, 1, 1, 1], [20, 20]);
    assert_legal(&game, &["b1"]);
}

#[test]
fn d1_ending_on_one_captures_nothing_even_after_a_two() {
    let mut game = position(djenon(), "south", &[3, 1, 0, 0, 0, 0], &[2, 0, 0, 0, 0, 0], [20, 22]);
    apply(&mut game, "a1");
    // a1's 3 → a1 1, a2 2, a3 1 (was empty): the move ends on 1 — a2's 2 is not taken.
    assert_position(&game, Some("north"), &[1, 2, 1, 0, 0, 0], &[2, 0, 0, 0, 0, 0], [20, 22]);
}

#[test]
fn d1_capture_on_two_and_on_four_on_the_movers_side() {
    // a1's 2 → a1 1, a2 1+1 = 2 or 3+1 = 4: taken; the hole before, a1, holds 1: no chain.
    for (a2_before, taken) in [(1, 2), (3, 4)] {
        let mut game = position(djenon(), "south", &[2, a2_before, 0, 0, 0, 0], &[2, 0, 0, 0, 0, 0], [20, 20]);
        apply(&mut game, "a1");
        assert_position(&game, Some("north"), &[1, 0, 0, 0, 0, 0], &[2, 0, 0, 0, 0, 0], [20 + taken, 20]);
        assert_legal(&game, &["b1"]);
    }
}

#[test]
fn d4_capture_on_the_opponents_side() {
    // South's a6's 2 → a6 1, b6 1+1 = 2 or 3+1 = 4 (North's hole): South takes it; before it, a6
    // holds 1: no chain.
    for (b6_before, taken) in [(1, 2), (3, 4)] {
        let mut game = position(djenon(), "south", &[0, 0, 0, 0, 0, 2], &[2, 0, 0, 0, 0, b6_before], [20, 20]);
        apply(&mut game, "a6");
        assert_position(&game, Some("north"), &[0, 0, 0, 0, 0, 1], &[2, 0, 0, 0, 0, 0], [20 + taken, 20]);
    }
    // North's b1's 2 → b1 1, a1 3+1 = 4 (South's hole): North takes it.
    let mut game = position(djenon(), "north", &[3, 0, 0, 0, 2, 0], &[2, 0, 0, 0, 0, 0], [20, 20]);
    apply(&mut game, "b1");
    assert_position(&game, Some("south"), &[0, 0, 0, 0, 2, 0], &[1, 0, 0, 0, 0, 0], [20, 24]);
    assert_legal(&game, &["a5"]);
}

#[test]
fn d3_backward_chain_across_both_rows_stops_at_the_first_other_count() {
    let mut game = position(djenon(), "south", &[1, 1, 2, 0, 0, 9], &[1, 3, 0, 1, 1, 1], [14, 14]);
    apply(&mut game, "a6");
    // a6's 9 → a6 1, b6 2, b5 2, b4 2, b3 1, b2 4, b1 2, a1 2, a2 2 (last). Take a2 (2), then
    // backward a1 (2), b1 (2), b2 (4); b3 holds 1: stop — b4 b5 b6's 2s stay, and a3's 2 (after
    // the landing hole) is not taken: the chain runs backward only. 2+2+2+4 = 10.
    assert_position(&game, Some("north"), &[0, 0, 2, 0, 0, 1], &[0, 0, 1, 2, 2, 2], [24, 14]);
    assert_legal(&game, &["b4", "b5", "b6"]);
}

#[test]
fn d3_chain_stops_at_the_lap_origin_and_at_a_three() {
    // a1's 3 → a1 1, a2 2, a3 2 (last): take a3, then a2 (2); a1 holds 1: stop. 4 taken.
    let mut game = position(djenon(), "south", &[3, 1, 1, 0, 0, 0], &[0, 0, 0, 0, 2, 0], [20, 20]);
    apply(&mut game, "a1");
    assert_position(&game, Some("north"), &[1, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 2, 0], [24, 20]);
    // a1's 4 → a1 1, a2 3, a3 2, a4 4 (last): take a4 (4), a3 (2); a2 holds 3: stop. 6 taken.
    let mut game = position(djenon(), "south", &[4, 2, 1, 3, 0, 0], &[0, 0, 0, 0, 2, 0], [16, 20]);
    apply(&mut game, "a1");
    assert_position(&game, Some("north"), &[1, 3, 0, 0, 0, 0], &[0, 0, 0, 0, 2, 0], [22, 20]);
}

#[test]
fn d3_d4_north_chain_from_souths_row_back_into_its_own() {
    let mut game = position(djenon(), "north", &[1, 0, 0, 0, 0, 2], &[3, 1, 4, 0, 0, 0], [18, 18]);
    apply(&mut game, "b3");
    // b3's 4 → b3 1, b2 2, b1 4, a1 2 (last, South's hole): North takes a1 (2), then backward b1
    // (4), b2 (2); b3 holds 1: stop. 8 taken.
    assert_position(&game, Some("south"), &[0, 0, 0, 0, 0, 2], &[0, 0, 1, 0, 0, 0], [18, 26]);
    assert_legal(&game, &["a6"]);
}

#[test]
fn d3_d4_a_lap_round_the_whole_board_re_enters_its_origin_and_the_chain_stops_at_the_landing_hole() {
    let mut game = position(djenon(), "south", &[13, 1, 1, 1, 1, 1], &[1, 1, 1, 1, 1, 1], [10, 14]);
    apply(&mut game, "a1");
    // a1's 13 → #1 back into a1, #2–#12 into a2…a6, b6…b1 (each 1 → 2), #13 into a1 again (no
    // skip): a1 2, the last. Take a1, then backward b1, b2, …, b6, a6, …, a2 (all 2) = 24; the
    // next hole back is the landing hole a1: the chain ends. Every hole empty → over (D5).
    assert_position(&game, None, &[0; 6], &[0; 6], [34, 14]);
    assert_result(&game, Some("south"), [34, 14]);
}

#[test]
fn d4_a_wrapping_lap_into_an_empty_board() {
    let mut game = position(djenon(), "south", &[13, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 1], [16, 18]);
    apply(&mut game, "a1");
    // a1's 13 → a1 1, a2…a6 1, b6 2, b5…b1 1, #13 back into a1 → 2 (last, own): taken; before
    // it b1 holds 1: stop. b6's 2 keeps the game going.
    assert_position(&game, Some("north"), &[0, 1, 1, 1, 1, 1], &[1, 1, 1, 1, 1, 2], [18, 18]);
    assert_legal(&game, &["b6"]);
}

#[test]
fn d5_no_hole_of_two_or_more_passes_then_the_move_leaving_every_hole_at_most_one_ends_a_draw() {
    let mut game = position(djenon(), "north", &[2, 0, 0, 0, 0, 0], &[1, 1, 0, 0, 0, 0], [22, 22]);
    // North has only single seeds: pass is its only action.
    assert_legal(&game, &["pass"]);
    assert_illegal(&mut game, "b1");
    assert_illegal(&mut game, "b3");
    apply(&mut game, "pass");
    assert_position(&game, Some("south"), &[2, 0, 0, 0, 0, 0], &[1, 1, 0, 0, 0, 0], [22, 22]);
    assert_legal(&game, &["a1"]);
    apply(&mut game, "a1");
    // a1's 2 → a1 1, a2 1: every hole ≤ 1 → over. South 22 + 2 (a1 a2), North 22 + 2 (b1 b2): 24–24.
    // Each row's seeds move into its owner's captures: the final board is empty.
    assert_position(&game, None, &[0; 6], &[0; 6], [24, 24]);
    assert_result(&game, None, [24, 24]);
}

#[test]
fn d5_pass_until_the_opponents_sowing_makes_a_group() {
    let mut game = position(djenon(), "north", &[0, 0, 0, 0, 4, 0], &[1, 0, 0, 0, 0, 1], [20, 22]);
    assert_legal(&game, &["pass"]);
    apply(&mut game, "pass");
    apply(&mut game, "a5");
    // a5's 4 → a5 1, a6 1, b6 1+1 = 2, b5 1 (was empty, last): ends; North now has b6's 2.
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 1, 1], &[1, 0, 0, 0, 1, 2], [20, 22]);
    assert_legal(&game, &["b6"]);
    assert_illegal(&mut game, "pass");
}

#[test]
fn d5_end_each_player_adds_the_seeds_of_their_own_row() {
    let mut game = position(djenon(), "south", &[1, 1, 1, 0, 2, 0], &[0; 6], [20, 22]);
    // a5's 2 → a5 1, a6 1: every hole ≤ 1 → over. South 20 + 5 seeds of row a, North 22 + 0 (splitting
    // the 5 instead would hand North the win). The five singles of row a move into South's
    // captures, hole by hole; the final board is empty.
    let takes = apply_to_end(&mut game, "a5");
    assert_eq!(takes, ["south a1 1", "south a2 1", "south a3 1", "south a5 1", "south a6 1"], "row a goes to South");
    assert_position(&game, None, &[0; 6], &[0; 6], [25, 22]);
    assert_result(&game, Some("south"), [25, 22]);
}

#[test]
fn d5_end_north_adds_its_row() {
    let mut game = position(djenon(), "north", &[1, 0, 0, 0, 0, 0], &[0, 2, 1, 1, 0, 1], [23, 19]);
    apply(&mut game, "b2");
    // b2's 2 → b2 1, b1 1 (was empty): every hole ≤ 1 → over. South 23 + 1, North 19 + 5 = 24–24.
    assert_result(&game, None, [24, 24]);
    let mut game = position(djenon(), "north", &[0; 6], &[0, 2, 1, 1, 0, 1], [20, 22]);
    apply(&mut game, "b2");
    // South 20 + 0, North 22 + 5.
    assert_result(&game, Some("north"), [20, 27]);
}

#[test]
fn d6_the_rule_file_ends_the_game_on_the_third_occurrence_of_a_position() {
    use mancala::check::model::{Leftover, Outcome, Repeated};
    use mancala::compile::EndRule;
    // In play a position can never recur (see d6_no_position_ever_recurs_in_play), so the ruling is
    // checked on the compiled rules: board + captures + player to move, 3 times, scored as D5.
    let rules = djenon();
    let repeats: Vec<_> = rules.end.endings.iter().filter(|e| matches!(e.condition, EndRule::Repeats { .. })).collect();
    assert_eq!(repeats.len(), 1);
    assert!(matches!(repeats[0].condition, EndRule::Repeats { what: Repeated::Position, times: 3 }), "{:?}", repeats[0]);
    assert_eq!(repeats[0].outcome, Outcome::Leftover(Leftover::Owner));
    assert_eq!(rules.end.leftover, Leftover::Owner);
}

#[test]
fn d6_third_occurrence_ends_the_game_in_a_variant_where_positions_can_recur() {
    // The shipped rule file with one change, singletons allowed to move (a single seed goes back
    // into its hole: nothing changes but the turn), so that positions recur. The end section — D6 —
    // is the shipped one, word for word.
    let source = std::fs::read_to_string(rules_path("djenon-aboure")).expect("rule file");
    let start = "start from own hole where count >= 2";
    assert!(source.contains(start));
    let variant = source.replace(start, "start from own hole where count >= 1");
    let rules = mancala::load_str("djenon-aboure-singletons.mancala", &variant, &[] as &[&str]).expect("variant loads");
    let mut game = position(&rules, "south", &[1, 2, 0, 0, 0, 0], &[1, 2, 0, 0, 0, 0], [20, 22]);
    apply(&mut game, "a1"); // the start, North to move: 1st
    apply(&mut game, "b1"); // the start position: 2nd — not yet
    assert_ongoing(&game);
    apply(&mut game, "a1"); // 2nd with North to move
    assert_ongoing(&game);
    // 3rd → over, each adds their own row: 20 + 3, 22 + 3, moved into the captures.
    let takes = apply_to_end(&mut game, "b1");
    assert_eq!(takes, ["south a1 1", "south a2 2", "north b1 1", "north b2 2"], "each row goes to its owner");
    assert_position(&game, None, &[0; 6], &[0; 6], [23, 25]);
    assert_result(&game, Some("north"), [23, 25]);
}

#[test]
fn d6_no_position_ever_recurs_in_play() {
    // Why D6 never fires: a lifted hole gets its first seed straight back, so no hole empties during
    // a sowing; a move without capture ends on a hole that was empty (now 1). So every move either
    // captures (captures only grow) or leaves strictly fewer empty holes, and passes cannot follow
    // each other without ending the game: no position can come back. Checked over random games.
    let rules = djenon();
    let mut rng = ChaCha8Rng::seed_from_u64(0xd6);
    for _ in 0..300 {
        let mut game = Game::new(rules);
        let mut seen = std::collections::HashSet::new();
        while !game.is_over() {
            let before = *game.state();
            assert!(seen.insert((*before.counts(), before.captured, before.to_move)), "a position recurred: {}", game.position_json());
            let legal = game.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(action).expect("a legal action applies");
            let after = *game.state();
            let empty = |s: &mancala::State| s.counts()[..12].iter().filter(|&&c| c == 0).count();
            if action != Action::Pass && after.captured == before.captured {
                assert!(empty(&after) < empty(&before), "a capture-free move kept every empty hole: {}", game.position_json());
            }
        }
        assert_ne!(game.result().map(|r| r.reason.contains("repeat")), Some(true));
    }
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut game = position(djenon(), "south", &[1, 0, 2, 4, 0, 0], &[3, 0, 1, 0, 0, 2], [17, 17]);
    assert_legal(&game, &["a3", "a4"]);
    assert_illegal(&mut game, "a1"); // a single seed
    assert_illegal(&mut game, "a2"); // empty
    assert_illegal(&mut game, "b1"); // North's hole, 3 seeds
    assert_illegal(&mut game, "b6"); // North's hole, 2 seeds
    assert_illegal(&mut game, "pass"); // South can move
    assert_illegal(&mut game, "a7"); // off the board
    assert_illegal(&mut game, "a0"); // off the board
    assert_illegal(&mut game, "c3"); // no row c
    assert_illegal(&mut game, "take a1"); // not an action here
    for index in [12u8, 13, 127, 255] {
        let state = *game.state();
        assert!(game.apply(Action::Sow(index)).is_err(), "hole index {index} is off the board");
        assert_eq!(*game.state(), state);
    }
    let error = game.apply(Action::parse("a1", djenon()).expect("a1 parses")).expect_err("a1 is illegal");
    assert_eq!(error.legal, ["a3", "a4"], "the error lists the legal actions");
    assert_position(&game, Some("south"), &[1, 0, 2, 4, 0, 0], &[3, 0, 1, 0, 0, 2], [17, 17]);
}

#[test]
fn no_action_once_the_game_is_over() {
    let mut game = position(djenon(), "south", &[1, 1, 1, 0, 2, 0], &[0; 6], [20, 22]);
    apply(&mut game, "a5");
    assert_result(&game, Some("south"), [25, 22]);
    for action in ["a1", "a5", "b1", "pass"] {
        assert_illegal(&mut game, action);
    }
}
