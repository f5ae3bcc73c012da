//! Pallanguzhi scenarios: every ruling P1–P8 of the shipped rules/pallanguzhi.mancala and every
//! case its comments decide ("Cases none of the sources settles"), with both values of each
//! option (`seeds=5`, `pasu=owner`); positions computed by hand.
//!
//! The circuit (counter-clockwise) is a1 → a7, then b7 → b1, then a1 again; closed holes are
//! passed over. South owns row a, North row b; North's "left" is b7, so North refills b7, b6, …
//! Captures are each player's stock: `[south, north]`. 84 stones (70 with `seeds=5`).

mod common;

use std::sync::OnceLock;

use common::*;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn pallanguzhi() -> &'static Rules {
    rules("pallanguzhi")
}

fn pasu_owner() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| mancala::load_file(rules_path("pallanguzhi"), &["pasu=owner"]).expect("pallanguzhi loads with pasu=owner"))
}

fn five_seeds() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| mancala::load_file(rules_path("pallanguzhi"), &["seeds=5"]).expect("pallanguzhi loads with seeds=5"))
}

/// A game from a position: rows (as South sees them, b1..b7 left to right), stocks, closed holes
/// and the round.
fn at<'r>(rules: &'r Rules, to_move: &str, a: [u16; 7], b: [u16; 7], captured: [u32; 2], closed: &[&str], round: u16) -> Game<'r> {
    setup(rules, to_move).rows([a, b]).captured(captured).fields(json!({"closed": closed, "round": round})).game()
}

/// Stones in play under these rules: 84, or 70 with `seeds=5`.
fn stones(rules: &Rules) -> u32 {
    total(&Game::new(rules))
}

/// Plays actions; the stones (board + stocks) never change: 84 with 6 seeds, 70 with 5.
#[track_caller]
fn play(game: &mut Game<'_>, actions: &str) {
    let expected = stones(game.rules());
    assert_eq!(total(game), expected, "the test position does not hold {expected} stones: {}", game.position_json());
    common::play(game, actions);
}

/// The exact position: player to move, rows, stocks, closed holes and round.
#[track_caller]
fn assert_at(game: &Game<'_>, to_move: Option<&str>, a: [u16; 7], b: [u16; 7], captured: [u32; 2], closed: &[&str], round: u16) {
    assert_position(game, to_move, &a, &b, captured);
    assert_closed_and_round(game, closed, round);
}

const FULL: [u16; 7] = [6, 6, 6, 6, 6, 6, 6];

// ---------------------------------------------------------------- sowing (P1)

#[test]
fn the_start_and_the_opening_move() {
    // 6 in each of the 14 holes (84), South first, every hole playable.
    // a1 (6) → a2..a7 (7 each); the next hole b7 holds 6: lift it, sow b6..b1 (7 each); the next
    // hole a1 is empty (just lifted): the move ends and South takes a2 beyond it (7). No hole ever
    // holds four.
    let mut game = Game::new(pallanguzhi());
    assert_eq!(total(&game), 84);
    assert_at(&game, Some("south"), FULL, FULL, [0, 0], &[], 1);
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6", "a7"]);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [0, 0, 7, 7, 7, 7, 7], [7, 7, 7, 7, 7, 7, 0], [7, 0], &[], 1);
    assert_eq!(game.last_laps(), 2);
}

#[test]
fn a_single_stone_may_move() {
    // P1: a3 holds one stone and is playable. a3 (1) → a4; the next hole a5 is empty: South takes
    // a6 beyond it (2).
    let mut game = at(pallanguzhi(), "south", [0, 0, 1, 0, 0, 2, 0], [2, 2, 2, 2, 2, 2, 2], [33, 34], &[], 1);
    assert_legal(&game, &["a3", "a6"]);
    assert_illegal(&mut game, "a1");
    assert_illegal(&mut game, "b1");
    play(&mut game, "a3");
    assert_at(&game, Some("north"), [0, 0, 0, 1, 0, 0, 0], [2, 2, 2, 2, 2, 2, 2], [35, 34], &[], 1);
}

#[test]
fn a_lap_round_the_board_drops_a_stone_into_the_origin() {
    // P1: a1 (14) → a2..a7, b7..b1 (1 each: 13 stones) and the 14th into a1 itself, the origin.
    // Relays, each from the hole after the last: a2 (1) → a3 (2); a4 (1) → a5 (2); a6 (1) → a7
    // (2); b7 (1) → b6 (2); b5 (1) → b4 (2); b3 (1) → b2 (2); b1 (1) → a1 (2): the origin takes a
    // stone on a later lap too. The next hole a2 is empty: South takes a3 beyond it (2). 8 laps.
    let mut game = at(pallanguzhi(), "south", [14, 0, 0, 0, 0, 0, 0], [0; 7], [40, 30], &[], 1);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [2, 0, 0, 0, 2, 0, 2], [0, 2, 0, 2, 0, 2, 0], [42, 30], &[], 1);
    assert_eq!(game.last_laps(), 8);
}

#[test]
fn closed_holes_are_passed_over_when_sowing_and_looking_ahead() {
    // Round 2: a6, a7 and b1 closed; the circuit is a1..a5, b7..b2, a1. Closed holes cannot be
    // played.
    // South a5 (2) → b7 (2), b6 (1): a6 and a7 do not exist. The next hole b5 is empty: South
    // takes b4 beyond it (2).
    let closed = ["a6", "a7", "b1"];
    let mut game = at(pallanguzhi(), "south", [1, 0, 0, 0, 2, 0, 0], [0, 1, 1, 2, 0, 0, 1], [40, 36], &closed, 2);
    assert_legal(&game, &["a1", "a5"]);
    assert_illegal(&mut game, "a6");
    play(&mut game, "a5");
    assert_at(&game, Some("north"), [1, 0, 0, 0, 0, 0, 0], [0, 1, 1, 0, 0, 1, 2], [42, 36], &closed, 2);
    // North b2 (1) → a1 (b1 does not exist); the next hole a2 is empty: North takes a3 (2).
    let mut game = at(pallanguzhi(), "north", [0, 0, 2, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 3], [40, 37], &closed, 2);
    assert_legal(&game, &["b2", "b7"]);
    assert_illegal(&mut game, "b1");
    play(&mut game, "b2");
    assert_at(&game, Some("south"), [1, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 3], [40, 39], &closed, 2);
    // South a4 (1) → a5; the next hole is b7 (a6, a7 closed), holding 2: lift it, sow b6, b5; the
    // next hole b4 is empty: South takes b3 beyond it (1).
    let mut game = at(pallanguzhi(), "south", [1, 0, 0, 1, 0, 0, 0], [0, 0, 1, 0, 0, 0, 2], [40, 39], &closed, 2);
    play(&mut game, "a4");
    assert_at(&game, Some("north"), [1, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 1, 1, 0], [41, 39], &closed, 2);
}

// ---------------------------------------------------------------- relay and capture (P2)

#[test]
fn the_relay_lifts_the_next_hole_not_the_last() {
    // a1 (1) → a2 (3); the lap's last hole a2 stays; the next hole a3 (2) is lifted: a4, a5 (1
    // each); the next hole a6 is empty: South takes a7 beyond it (3).
    let mut game = at(pallanguzhi(), "south", [1, 2, 2, 0, 0, 0, 3], [1, 1, 1, 1, 1, 1, 1], [35, 34], &[], 1);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [0, 3, 0, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1, 1], [38, 34], &[], 1);
    assert_eq!(game.last_laps(), 2);
}

#[test]
fn the_hole_beyond_an_empty_hole_is_taken_on_either_side() {
    // North b1 (1) → a1 (round the corner); the next hole a2 is empty: North takes South's a3 (5).
    let mut game = at(pallanguzhi(), "north", [0, 0, 5, 1, 1, 1, 1], [1, 0, 0, 0, 0, 0, 2], [36, 36], &[], 1);
    play(&mut game, "b1");
    assert_at(&game, Some("south"), [1, 0, 0, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 2], [36, 41], &[], 1);
    // South a6 (1) → a7 (2); the next hole b7 is empty: South takes North's b6 (3).
    let mut game = at(pallanguzhi(), "south", [2, 0, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 3, 0], [36, 36], &[], 1);
    play(&mut game, "a6");
    assert_at(&game, Some("north"), [2, 0, 0, 0, 0, 0, 2], [1, 1, 1, 1, 1, 0, 0], [39, 36], &[], 1);
}

#[test]
fn two_empty_holes_capture_nothing() {
    // a5 (1) → a6; the next hole a7 is empty and b7 beyond it too: nothing is taken (b6's 3 stay).
    let mut game = at(pallanguzhi(), "south", [1, 1, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 3, 0], [36, 35], &[], 1);
    play(&mut game, "a5");
    assert_at(&game, Some("north"), [1, 1, 1, 1, 0, 1, 0], [1, 1, 1, 1, 1, 3, 0], [36, 35], &[], 1);
}

// ---------------------------------------------------------------- pasu (P3)

#[test]
fn pasu_mid_lap_goes_to_the_sower() {
    // a6 (3) → a7 (1), b7 (3 → 4: pasu, South takes the four, b7 empty), b6 (1): the sowing goes
    // on past the emptied hole. The next hole b5 is empty: South takes b4 beyond it (1). 4 + 1.
    let mut game = at(pallanguzhi(), "south", [1, 1, 1, 1, 1, 3, 0], [1, 1, 1, 1, 0, 0, 3], [35, 34], &[], 1);
    play(&mut game, "a6");
    assert_at(&game, Some("north"), [1, 1, 1, 1, 1, 0, 1], [1, 1, 1, 0, 0, 1, 0], [40, 34], &[], 1);
}

#[test]
fn pasu_goes_to_the_hole_owner_with_pasu_owner() {
    // The same move with pasu=owner: b7's four go to North, its owner; the capture beyond the
    // empty b5 (b4, 1) is still the mover's.
    let mut game = at(pasu_owner(), "south", [1, 1, 1, 1, 1, 3, 0], [1, 1, 1, 1, 0, 0, 3], [35, 34], &[], 1);
    play(&mut game, "a6");
    assert_at(&game, Some("north"), [1, 1, 1, 1, 1, 0, 1], [1, 1, 1, 0, 0, 1, 0], [36, 38], &[], 1);
    // North sowing into South's row: b1 (2) → a1 (3 → 4: pasu, for South, its owner), a2 (1);
    // the next hole a3 is empty: North takes a4 beyond it (2).
    let mut game = at(pasu_owner(), "north", [3, 0, 0, 2, 1, 1, 1], [2, 1, 1, 1, 1, 1, 1], [34, 34], &[], 1);
    play(&mut game, "b1");
    assert_at(&game, Some("south"), [0, 1, 0, 0, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1], [38, 36], &[], 1);
    // With the default (pasu=sower) North, the sower, takes a1's four as well.
    let mut game = at(pallanguzhi(), "north", [3, 0, 0, 2, 1, 1, 1], [2, 1, 1, 1, 1, 1, 1], [34, 34], &[], 1);
    play(&mut game, "b1");
    assert_at(&game, Some("south"), [0, 1, 0, 0, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1], [34, 40], &[], 1);
}

#[test]
fn pasu_on_the_last_stone_then_the_next_hole_relays() {
    // a5 (2) → a6 (1), a7 (3 → 4 with the lap's last stone: pasu, South takes 4). The move goes on
    // as after any lap: the next hole b7 holds 2: lift it, sow b6 (1), b5 (2); the next hole b4 is
    // empty: South takes b3 beyond it (2). 4 + 2.
    let mut game = at(pallanguzhi(), "south", [1, 1, 1, 1, 2, 0, 3], [1, 1, 2, 0, 1, 0, 2], [34, 34], &[], 1);
    play(&mut game, "a5");
    assert_at(&game, Some("north"), [1, 1, 1, 1, 0, 1, 0], [1, 1, 0, 0, 2, 1, 0], [40, 34], &[], 1);
    assert_eq!(game.last_laps(), 2);
}

#[test]
fn pasu_on_the_last_stone_then_the_next_hole_is_empty() {
    // a5 (2) → a6 (1), a7 (3 → 4: pasu, South takes 4, a7 empty). The next hole b7 is empty: the
    // move ends and South takes b6 beyond it (2). 4 + 2.
    let mut game = at(pallanguzhi(), "south", [1, 1, 1, 1, 2, 0, 3], [1, 1, 1, 1, 1, 2, 0], [34, 34], &[], 1);
    play(&mut game, "a5");
    assert_at(&game, Some("north"), [1, 1, 1, 1, 0, 1, 0], [1, 1, 1, 1, 1, 0, 0], [40, 34], &[], 1);
    assert_eq!(game.last_laps(), 1);
}

#[test]
fn a_relay_that_lifts_a_hole_of_four_sows_them() {
    // a1 (1) → a2 (1); the next hole a3 holds four (no stone made it four, so it is no pasu):
    // lift them, sow a4..a7 (1 each); the next hole b7 is empty: South takes b6 beyond it (2).
    let mut game = at(pallanguzhi(), "south", [1, 0, 4, 0, 0, 0, 0], [1, 1, 1, 1, 1, 2, 0], [36, 36], &[], 1);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [0, 1, 0, 1, 1, 1, 1], [1, 1, 1, 1, 1, 0, 0], [38, 36], &[], 1);
    assert_eq!(game.last_laps(), 2);
}

#[test]
fn the_origin_counts_on_later_laps_and_pasu_takes_it() {
    // Round 2, only a1, a2 and b7 open: the circuit is a1 → a2 → b7 → a1.
    // South a2 (1) → b7 (2). The next hole a1 (8) is lifted: a2 (1: the origin, on lap 2), b7 (3),
    // a1 (1), a2 (2), b7 (4: pasu for South, b7 empty), a1 (2), a2 (3), b7 (1). The next hole a1
    // (2) is lifted: a2 (4: pasu in the origin on lap 3, for South), b7 (2). The next hole a1 is
    // empty, and a2 beyond it too: nothing more. South 30 + 8.
    let closed = ["a3", "a4", "a5", "a6", "a7", "b1", "b2", "b3", "b4", "b5", "b6"];
    let mut game = at(pallanguzhi(), "south", [8, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1], [30, 44], &closed, 2);
    play(&mut game, "a2");
    assert_at(&game, Some("north"), [0; 7], [0, 0, 0, 0, 0, 0, 2], [38, 44], &closed, 2);
    assert_eq!(game.last_laps(), 3);
    assert_legal(&game, &["b7"]);
    // pasu=owner: b7's four go to North, a2's (South's own origin) to South.
    let mut game = at(pasu_owner(), "south", [8, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1], [30, 44], &closed, 2);
    play(&mut game, "a2");
    assert_at(&game, Some("north"), [0; 7], [0, 0, 0, 0, 0, 0, 2], [34, 48], &closed, 2);
}

// ---------------------------------------------------------------- end of a round (P4, P5, P6)

#[test]
fn the_player_to_move_without_a_stone_ends_the_round_and_the_board_goes_to_the_mover() {
    // a6 (1) → a7 (1); the next hole b7 is empty: South takes b6 (3), North's last stones. North,
    // to move, has none: the round ends (P4) and South takes the board (11): South 50 + 3 + 11 =
    // 64, North 20. P5: South fills its 7 holes (42, 22 left); North fills 3 from its left, b7 b6
    // b5 (18, 2 left); b4..b1 close. P6: North, who did not begin round 1, begins round 2.
    let mut game = at(pallanguzhi(), "south", [2, 2, 2, 2, 2, 1, 0], [0, 0, 0, 0, 0, 3, 0], [50, 20], &[], 1);
    play(&mut game, "a6");
    assert_at(&game, Some("north"), FULL, [0, 0, 0, 0, 6, 6, 6], [22, 2], &["b1", "b2", "b3", "b4"], 2);
    assert_legal(&game, &["b5", "b6", "b7"]);
    assert_ongoing(&game);
}

#[test]
fn only_the_player_to_move_needs_a_stone() {
    // South a7 (1) → b7 (1); b6 and b5 are empty: nothing taken. South has no stone left, but North
    // is to move and has two: the round goes on.
    let mut game = at(pallanguzhi(), "south", [0, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0], [40, 42], &[], 1);
    play(&mut game, "a7");
    assert_at(&game, Some("north"), [0; 7], [1, 0, 0, 0, 0, 0, 1], [40, 42], &[], 1);
    assert_legal(&game, &["b1", "b7"]);
    // North b7 (1) → b6; b5 and b4 are empty: nothing taken. South, to move, has no stone: the
    // board (b1 1, b6 1) goes to North: 44. South 40 fills a1..a6 (4 left), a7 closes; North
    // fills all 7 (2 left). North begins round 2.
    play(&mut game, "b7");
    assert_at(&game, Some("north"), [6, 6, 6, 6, 6, 6, 0], FULL, [4, 2], &["a7"], 2);
}

#[test]
fn closed_holes_reopen_when_their_owner_can_fill_them_and_the_starter_alternates() {
    // Round 2, a5..a7 and b1, b2 closed. South a3 (1) → a4 (2); the next hole is b7 (a5..a7
    // closed), empty: South takes b6 beyond it (2), North's last stones. North has none: South
    // takes the board (a1 1, a2 1, a4 2): South 40 + 2 + 4 = 46, North 38. Round 3: South fills
    // all 7 (a5..a7 reopen; 4 left); North fills b7..b2 (b2 reopens; 2 left), b1 stays closed.
    // South began round 1, North round 2: South begins round 3.
    let mut game = at(pallanguzhi(), "south", [1, 1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 2, 0], [40, 38], &["a5", "a6", "a7", "b1", "b2"], 2);
    play(&mut game, "a3");
    assert_at(&game, Some("south"), FULL, [0, 6, 6, 6, 6, 6, 6], [4, 2], &["b1"], 3);
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6", "a7"]);
}

#[test]
fn a_player_who_cannot_fill_a_hole_loses_the_match() {
    // Round 4, North has only b7 open (2). South a5 (1) → a6 (1); the next hole a7 is empty: South
    // takes b7 (2). North has no stone: South takes the board (9): South 68 + 2 + 9 = 79. North's
    // stock is 5, less than one hole's 6: North loses (P6); the score is each player's stones.
    let closed = ["b1", "b2", "b3", "b4", "b5", "b6"];
    let mut game = at(pallanguzhi(), "south", [2, 2, 2, 2, 1, 0, 0], [0, 0, 0, 0, 0, 0, 2], [68, 5], &closed, 4);
    play(&mut game, "a5");
    assert_at(&game, None, [0; 7], [0; 7], [79, 5], &closed, 4);
    assert_result(&game, Some("south"), [79, 5]);
    assert_eq!(game.result().unwrap().reason, "north cannot fill a hole");
}

// ---------------------------------------------------------------- seeds=5

#[test]
fn five_seeds_start_with_five_per_hole() {
    // 70 stones. a1 (5) → a2..a6 (6 each); the next hole a7 (5) is lifted: b7..b3 (6 each); the
    // next hole b2 (5) is lifted: b1 (6), a1 (1), a2, a3, a4 (7 each); the next hole a5 (6) is
    // lifted: a6 (7), a7 (1), b7, b6, b5, b4 (7 each); the next hole b3 (6) is lifted: b2 (1), b1
    // (7), a1 (2), a2, a3, a4 (8 each); the next hole a5 is empty: South takes a6 beyond it (7).
    let mut game = Game::new(five_seeds());
    assert_eq!(total(&game), 70);
    assert_at(&game, Some("south"), [5; 7], [5; 7], [0, 0], &[], 1);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [2, 8, 8, 8, 0, 0, 1], [7, 1, 0, 7, 7, 7, 7], [7, 0], &[], 1);
    assert_eq!(game.last_laps(), 5);
}

#[test]
fn five_seeds_refill_five_per_hole_and_five_stones_fill_one() {
    // The loss above with seeds=5 (70 stones): South a5 (1) → a6; a7 empty: South takes b7 (2);
    // North has none: South takes the board (9): 54 + 2 + 9 = 65. North's 5 fill one hole, b7;
    // South fills 7 holes of 5 (35, 30 left). Round 5 is South's.
    let closed = ["b1", "b2", "b3", "b4", "b5", "b6"];
    let mut game = at(five_seeds(), "south", [2, 2, 2, 2, 1, 0, 0], [0, 0, 0, 0, 0, 0, 2], [54, 5], &closed, 4);
    play(&mut game, "a5");
    assert_at(&game, Some("south"), [5; 7], [0, 0, 0, 0, 0, 0, 5], [30, 0], &closed, 5);
    assert_ongoing(&game);
}

// ---------------------------------------------------------------- never-ending moves and repetition (P7)

#[test]
fn a_player_whose_every_move_would_never_end_passes() {
    // Round 2, only a1 and b7 open: the circuit is a1 → b7 → a1. South's a1 (2) → b7 (2), a1 (1:
    // the origin); the next hole b7 (2) is lifted: a1 (2), b7 (1); the next hole a1 (2) is lifted:
    // b7 (2), a1 (1) — where the first lap ended, lifting b7 again: for ever, and no hole ever
    // holds four. South's only action is `pass`.
    let closed = ["a2", "a3", "a4", "a5", "a6", "a7", "b1", "b2", "b3", "b4", "b5", "b6"];
    let mut game = at(pallanguzhi(), "south", [2, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1], [40, 41], &closed, 2);
    assert_legal(&game, &["pass"]);
    assert_illegal(&mut game, "a1");
    play(&mut game, "pass");
    assert_at(&game, Some("north"), [2, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1], [40, 41], &closed, 2);
    assert_legal(&game, &["b7"]);
    // North's b7 (1) → a1 (3); the next hole b7 is empty, and the hole beyond it is a1 again:
    // North takes its 3. South has no stone: the round ends, the (empty) board to North: 44.
    // Round 3: South's 40 fill a1..a6 (4 left, a7 closed), North's 44 all 7 (2 left).
    play(&mut game, "b7");
    assert_at(&game, Some("south"), [6, 6, 6, 6, 6, 6, 0], FULL, [4, 2], &["a7"], 3);
}

/// South's and North's single stones chase each other round the 8 open holes of
/// `a_third_repetition_ends_the_round_each_taking_their_own_holes`, one hole a turn.
const CHASE: &str = "a1, b7, a2, b6, a3, b5, a4, b4";

#[test]
fn a_third_repetition_ends_the_round_each_taking_their_own_holes() {
    // Round 2, a5..a7 and b1..b3 closed: the circuit is a1..a4, b7..b4 (8 holes). One stone in a1,
    // one in b7, four holes apart. Each turn the mover's stone steps one hole and the two holes
    // after it are empty: nothing is taken. a1→a2, b7→b6, a2→a3, b6→b5, a3→a4, b5→b4, a4→b7 (now
    // North's), b4→a1 (now South's): after 8 turns the position is the first one again.
    let closed = ["a5", "a6", "a7", "b1", "b2", "b3"];
    let mut game = at(pallanguzhi(), "south", [1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1], [40, 42], &closed, 2);
    play(&mut game, "a1, b7, a2, b6, a3, b5, a4");
    assert_at(&game, Some("north"), [0; 7], [0, 0, 0, 1, 0, 0, 1], [40, 42], &closed, 2);
    play(&mut game, "b4");
    assert_at(&game, Some("south"), [1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1], [40, 42], &closed, 2);
    play(&mut game, CHASE);
    // The third time: the round ends, each taking their own holes (a1 to South, b7 to North):
    // South 41 fills a1..a6 (5 left, a7 closed), North 43 all 7 (1 left). Round 3: South's.
    assert_at(&game, Some("south"), [6, 6, 6, 6, 6, 6, 0], FULL, [5, 1], &["a7"], 3);
}

// ---------------------------------------------------------------- the match always ends

#[test]
fn p8_a_round_starting_the_same_way_for_the_fifth_time_ends_the_match() {
    // pasu=owner. S0, a round start: South's 11 fill a1 (5 left), North's 73 all 7 (31 left),
    // South to move (round 3).
    let s0_closed = ["a2", "a3", "a4", "a5", "a6", "a7"];
    let mut game = at(pasu_owner(), "south", [6, 0, 0, 0, 0, 0, 0], FULL, [5, 31], &s0_closed, 3);
    // South a1 (6) → b7..b2 (7 each); b1 (6) lifted: a1 (1), b7..b3 (8); b2 (7) lifted: b1 (1),
    // a1 (2), b7..b3 (9); b2 is empty: South takes b1 (1).
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [2, 0, 0, 0, 0, 0, 0], [0, 0, 9, 9, 9, 9, 9], [6, 31], &s0_closed, 3);
    // North b4 (9) → b3 (10), b2 (1), b1 (1), a1 (3), b7, b6, b5 (10), b4 (1), b3 (11); b2 (1)
    // lifted: b1 (2); a1 (3) lifted: b7, b6, b5 (11); b4 (1) lifted: b3 (12); b2 is empty: North
    // takes b1 (2). South has no stone: North takes the board (45): South 6, North 78.
    // S1: South fills a1 (0 left), North all 7 (36 left); North begins round 4.
    play(&mut game, "b4");
    assert_at(&game, Some("north"), [6, 0, 0, 0, 0, 0, 0], FULL, [0, 36], &s0_closed, 4);
    // North b3 (6) → b2, b1, a1, b7, b6, b5 (7 each); b4 (6) lifted: b3 (1), b2, b1, a1, b7, b6
    // (8); b5 (7) lifted: b4 (1), b3 (2), b2, b1, a1, b7, b6 (9); b5 is empty: North takes b4 (1).
    play(&mut game, "b3");
    assert_at(&game, Some("south"), [9, 0, 0, 0, 0, 0, 0], [9, 9, 2, 0, 0, 9, 9], [0, 37], &s0_closed, 4);
    // South a1 (9) → b7 (10), b6 (10), b5 (1), b4 (1), b3 (3), b2 (10), b1 (10), a1 (1), b7 (11);
    // b6 (10) lifted: b5 (2), b4 (2), b3 (4: pasu, for North its owner), b2 (11), b1 (11), a1 (2),
    // b7 (12), b6 (1), b5 (3), b4 (3); b3 is empty: South takes b2 (11).
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [2, 0, 0, 0, 0, 0, 0], [11, 0, 0, 3, 3, 1, 12], [11, 41], &s0_closed, 4);
    // North b6 (1) → b5 (4 with the lap's last stone: pasu, North's); the next hole b4 (3) is
    // lifted: b3 (1), b2 (1), b1 (12); a1 (2) lifted: b7 (13), b6 (1); b5 is empty and b4 beyond
    // it too: nothing. South has no stone: North takes the board (28): South 11, North 73 — S0
    // again, South to move in round 5.
    play(&mut game, "b6");
    assert_at(&game, Some("south"), [6, 0, 0, 0, 0, 0, 0], FULL, [5, 31], &s0_closed, 5);
    // So far S1 started round 4 and S0 round 5 (the position the test began from is not counted:
    // only rounds started in this game are). Three more pairs, then S1 starts round 12 — after
    // rounds 4, 6, 8 and 10, the fifth time — which ends the match, scored by each player's
    // stones (`leftover to owner`): South 0 + 6, North 36 + 42. The refilled holes move into
    // their owners' stocks, South's a1 (6) and North's seven 6s: the board is empty, the closed
    // holes stay closed.
    for round in [7, 9, 11] {
        play(&mut game, "a1, b4, b3, a1, b6");
        assert_at(&game, Some("south"), [6, 0, 0, 0, 0, 0, 0], FULL, [5, 31], &s0_closed, round);
        assert_ongoing(&game);
    }
    play(&mut game, "a1");
    let takes = apply_to_end(&mut game, "b4");
    assert_eq!(
        takes,
        ["south a1 6", "north b1 6", "north b2 6", "north b3 6", "north b4 6", "north b5 6", "north b6 6", "north b7 6"],
        "S1's holes, each to its owner"
    );
    assert_eq!(total(&game), 84);
    assert_at(&game, None, [0; 7], [0; 7], [6, 78], &s0_closed, 12);
    assert_result(&game, Some("north"), [6, 78]);
    assert_eq!(game.result().unwrap().reason, "the same round start came back 5 times");
}

// ---------------------------------------------------------------- the command line

/// `mancala run` on the shipped file with `args`: it succeeds and prints one JSON position.
fn run(args: &[&str]) -> Value {
    let path = rules_path("pallanguzhi");
    let output = mancala(&[&["run", path.as_str()], args].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("one JSON position")
}

#[test]
fn run_plays_the_opening_move() {
    // As in the_start_and_the_opening_move: a1 ends after two laps, South takes a2 (7).
    assert_eq!(
        run(&["--moves", "a1", "--json"]),
        json!({
            "game": "Pallanguzhi",
            "options": {"pasu": "sower", "seeds": 6},
            "to_move": "north",
            "rows": {"a": [0, 0, 7, 7, 7, 7, 7], "b": [7, 7, 7, 7, 7, 7, 0]},
            "captured": {"south": 7, "north": 0},
            "owners": {},
            "closed": [],
            "round": 1,
            "legal": ["b1", "b2", "b3", "b4", "b5", "b6"],
            "status": "ongoing",
            "result": null
        })
    );
}

#[test]
fn run_crosses_a_round_boundary_from_a_position_with_options() {
    // S0 of the fifth-start match (pasu=owner, seeds=6 spelled out): a1, b4 end round 3 as
    // computed there; North begins round 4 with every hole of its row playable.
    let position = json!({
        "to_move": "south",
        "rows": {"a": [6, 0, 0, 0, 0, 0, 0], "b": FULL},
        "captured": {"south": 5, "north": 31},
        "closed": ["a2", "a3", "a4", "a5", "a6", "a7"],
        "round": 3,
    });
    let dir = common::scratch();
    let path = dir.path().join("position.json");
    std::fs::write(&path, position.to_string()).expect("position file written");
    let file = path.to_str().expect("a UTF-8 path").to_string();
    let json = run(&["--set", "pasu=owner", "--set", "seeds=6", "--position", &file, "--moves", "a1, b4", "--json"]);
    assert_eq!(
        json,
        json!({
            "game": "Pallanguzhi",
            "options": {"pasu": "owner", "seeds": 6},
            "to_move": "north",
            "rows": {"a": [6, 0, 0, 0, 0, 0, 0], "b": FULL},
            "captured": {"south": 0, "north": 36},
            "owners": {},
            "closed": ["a2", "a3", "a4", "a5", "a6", "a7"],
            "round": 4,
            "legal": ["b1", "b2", "b3", "b4", "b5", "b6", "b7"],
            "status": "ongoing",
            "result": null
        })
    );
}
