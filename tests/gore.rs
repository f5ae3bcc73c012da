//! Goré scenarios: every rule of docs/games/gore.md and rulings G1–G7, played on the shipped
//! rules/gore.mancala, positions computed by hand.
//!
//! The circuit (counter-clockwise) is a1 → a2 → a3 → a4 → b4 → b3 → b2 → b1 → a1: "North's 1st hole
//! in sowing order" is b4. Backward (against sowing) from a1 is b1, b2, b3, b4, a4, … South starts
//! owning row a, North row b; `owners` lists only the holes whose owner differs from their row's
//! player. Captures are `[south, north]`.

mod common;

use std::sync::OnceLock;

use common::*;
use mancala::engine::position::parse_position;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn gore() -> &'static Rules {
    rules("gore")
}

/// Goré with option `trade=off`.
fn gore_without_trade() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| mancala::load_file(rules_path("gore"), &["trade=off"]).expect("gore loads with trade=off"))
}

fn owners_json(owners: &[(&str, &str)]) -> Value {
    Value::Object(owners.iter().map(|(hole, player)| (hole.to_string(), json!(player))).collect())
}

/// A Goré game: `to_move`, South's row `a`, North's row `b`, captures `[south, north]`, and the
/// holes held by the other row's player.
fn gore_at(to_move: &str, a: [u16; 4], b: [u16; 4], captured: [u32; 2], owners: &[(&str, &str)]) -> Game<'static> {
    setup(gore(), to_move).rows([a, b]).captured(captured).field("owners", owners_json(owners)).game()
}

/// The holes owned by the other row's player, exactly, in `position()` and in the JSON.
#[track_caller]
fn assert_owners(game: &Game<'_>, owners: &[(&str, &str)]) {
    let p = game.position();
    let got: Vec<(String, &str)> = p.owners.iter().map(|(hole, player)| (hole.clone(), player.name())).collect();
    let want: Vec<(String, &str)> = owners.iter().map(|(hole, player)| (hole.to_string(), *player)).collect();
    assert_eq!(got, want, "owners; position: {}", game.position_json());
    let json = position_value(game);
    assert_eq!(json["owners"], owners_json(owners), "owners in the JSON");
}

/// The exact position of a game that goes on, with no offer open.
#[track_caller]
fn assert_at(game: &Game<'_>, to_move: &str, a: [u16; 4], b: [u16; 4], captured: [u32; 2], owners: &[(&str, &str)], legal: &[&str]) {
    assert_position(game, Some(to_move), &a, &b, captured);
    assert_owners(game, owners);
    assert_legal(game, legal);
    assert_ongoing(game);
    assert_eq!(game.position().pending, None, "no offer is open; position: {}", game.position_json());
}

/// The exact position of a game that goes on with `offer` (holes in board order) open, made by
/// `by`: the other player must answer.
#[track_caller]
fn assert_offer_open(game: &Game<'_>, a: [u16; 4], b: [u16; 4], captured: [u32; 2], owners: &[(&str, &str)], offer: &[&str], by: &str) {
    let answering = if by == "south" { "north" } else { "south" };
    assert_position(game, Some(answering), &a, &b, captured);
    assert_owners(game, owners);
    assert_legal(game, &["accept", "decline"]);
    assert_ongoing(game);
    let pending = game.position().pending.unwrap_or_else(|| panic!("an open offer; position: {}", game.position_json()));
    assert_eq!(pending.offer.as_deref().unwrap_or_default(), offer, "the holes offered");
    assert_eq!(pending.by.name(), by, "who offered");
    let json = position_value(game);
    assert_eq!(json["pending"], json!({"offer": offer, "by": by}), "pending in the JSON");
}

/// The exact position of a finished game (rows and captures as play left them).
#[track_caller]
fn assert_over(game: &Game<'_>, a: [u16; 4], b: [u16; 4], captured: [u32; 2], owners: &[(&str, &str)]) {
    assert_position(game, None, &a, &b, captured);
    assert_owners(game, owners);
    assert_legal(game, &[]);
    assert_eq!(game.position().status, "over");
}

#[track_caller]
fn assert_reason(game: &Game<'_>, reason: &str) {
    let result = game.result().unwrap_or_else(|| panic!("the game is over; position: {}", game.position_json()));
    assert_eq!(result.reason, reason, "reason; position: {}", game.position_json());
    assert_eq!(game.position().result.map(|r| r.reason), Some(reason.to_string()));
}

/// Who has declined an offer so far, as the position lists them.
#[track_caller]
fn assert_declined(game: &Game<'_>, declined: &[&str]) {
    let p = game.position();
    let names: Vec<&str> = p.declined.iter().map(|p| p.name()).collect();
    assert_eq!(names, declined, "declined; position: {}", game.position_json());
    let json = position_value(game);
    if declined.is_empty() {
        assert!(json.get("declined").is_none(), "no `declined` field while nobody declined: {json}");
    } else {
        assert_eq!(json["declined"], json!(declined));
    }
}

const SOUTH_OFFERS_1: [&str; 4] = ["offer a1", "offer a2", "offer a3", "offer a4"];
const SOUTH_OFFERS_2: [&str; 6] = ["offer a1 a2", "offer a1 a3", "offer a1 a4", "offer a2 a3", "offer a2 a4", "offer a3 a4"];
const SOUTH_OFFERS_3: [&str; 4] = ["offer a1 a2 a3", "offer a1 a2 a4", "offer a1 a3 a4", "offer a2 a3 a4"];
const NORTH_OFFERS_1: [&str; 4] = ["offer b1", "offer b2", "offer b3", "offer b4"];

/// `moves` followed by `offers`.
fn with(moves: &[&'static str], offers: &[&[&'static str]]) -> Vec<&'static str> {
    let mut all = moves.to_vec();
    for group in offers {
        all.extend_from_slice(group);
    }
    all
}

// ---------------------------------------------------------------------------------------------
// The start

#[test]
fn south_moves_first_from_six_in_every_hole_with_no_offer() {
    let mut game = Game::new(gore());
    // 6 in each of the 8 holes; North has captured nothing, so South can offer nothing.
    assert_at(&game, "south", [6; 4], [6; 4], [0, 0], &[], &["a1", "a2", "a3", "a4"]);
    assert_declined(&game, &[]);
    assert_eq!(total(&game), 48);
    let json: Value = serde_json::from_str(&game.position_json()).unwrap();
    assert_eq!(json["game"], json!("Goré"));
    assert_eq!(json["options"], json!({"trade": "on"}));
    assert!(json.get("pending").is_none(), "{json}");
    for action in ["b1", "offer a1", "accept", "decline", "pass"] {
        assert_illegal(&mut game, action);
    }
    play(&mut game, "a1");
    // a1's 6 → a2 a3 a4 b4 b3 b2 (7 each); the last, b2, holds 7: nothing taken. South has
    // captured nothing: North has no offer either.
    assert_at(&game, "north", [0, 7, 7, 7], [6, 7, 7, 7], [0, 0], &[], &["b1", "b2", "b3", "b4"]);
}

// ---------------------------------------------------------------------------------------------
// G1 — sowing

#[test]
fn g1_one_lap_over_both_rows_starting_in_the_next_hole() {
    let mut game = Game::new(gore());
    play(&mut game, "a4");
    // a4's 6 → b4 b3 b2 b1 (North's) then a1 a2 (South's own): 7 each; the last, a2, is South's.
    assert_at(&game, "north", [7, 7, 6, 0], [7, 7, 7, 7], [0, 0], &[], &["b1", "b2", "b3", "b4"]);
    let mut game = gore_at("north", [6; 4], [6; 4], [0, 0], &[]);
    play(&mut game, "b1");
    // b1's 6 → a1 a2 a3 a4 b4 b3: 7 each; the last, b3, is North's own.
    assert_at(&game, "south", [7, 7, 7, 7], [0, 6, 7, 7], [0, 0], &[], &["a1", "a2", "a3", "a4"]);
}

#[test]
fn g1_eight_or_more_stones_wrap_round_and_the_origin_is_not_skipped() {
    let mut game = gore_at("south", [9, 0, 0, 0], [3, 3, 3, 3], [4, 4], &[]);
    play(&mut game, "a1");
    // a1's 9 → a2 a3 a4 b4 b3 b2 b1, the 8th back into a1, the 9th into a2 (2, South's own: nothing).
    assert_at(&game, "north", [1, 2, 1, 1], [4, 4, 4, 4], [4, 4], &[], &["b1", "b2", "b3", "b4"]);

    let mut game = gore_at("north", [3, 3, 3, 3], [8, 0, 0, 1], [4, 4], &[]);
    play(&mut game, "b1");
    // b1's 8 → a1 a2 a3 a4 b4 b3 b2, the 8th and last back into b1 itself (1, North's own).
    assert_at(&game, "south", [4, 4, 4, 4], [1, 1, 1, 2], [4, 4], &[], &["a1", "a2", "a3", "a4"]);

    let mut game = gore_at("south", [17, 0, 0, 0], [0; 4], [4, 4], &[]);
    play(&mut game, "a1");
    // a1's 17: two laps of 8 (a1 receives the 8th and the 16th) then the 17th into a2 → 3.
    assert_at(&game, "north", [2, 3, 2, 2], [2, 2, 2, 2], [4, 4], &[], &["b1", "b2", "b3", "b4"]);
}

// ---------------------------------------------------------------------------------------------
// G2 — ownership

#[test]
fn g2_moves_start_only_from_holes_the_mover_owns_now() {
    let owners = [("a2", "north"), ("b3", "south")];
    let mut game = gore_at("south", [1, 2, 0, 3], [4, 5, 6, 0], [0, 0], &owners);
    // South owns a1 (1), a3 (0), a4 (3) and b3 (6); a2 is North's now.
    assert_at(&game, "south", [1, 2, 0, 3], [4, 5, 6, 0], [0, 0], &owners, &["a1", "a4", "b3"]);
    for action in ["a2", "a3", "b1", "b2", "b4", "pass"] {
        assert_illegal(&mut game, action);
    }
    play(&mut game, "b3");
    // b3's 6 → b2 6, b1 5, a1 2, a2 3, a3 1, a4 4 (last, South's own: nothing).
    // North owns a2 (3), b1 (5), b2 (6), b4 (0).
    assert_at(&game, "north", [2, 3, 1, 4], [5, 6, 0, 0], [0, 0], &owners, &["a2", "b1", "b2"]);
    assert_illegal(&mut game, "b3");
    assert_illegal(&mut game, "a1");
    play(&mut game, "a2");
    // a2's 3 → a3 2, a4 5, b4 1 (last, North's own: nothing).
    assert_at(&game, "south", [2, 0, 2, 5], [5, 6, 0, 1], [0, 0], &owners, &["a1", "a3", "a4"]);
}

#[test]
fn g2_after_a_trade_the_new_owner_sows_the_hole_and_the_old_owner_no_longer_can() {
    let mut game = gore_at("south", [1, 3, 3, 3], [3; 4], [6, 10], &[]);
    // North holds 10 ≥ 6: South may offer any one hole (not two: 10 < 12).
    assert_at(&game, "south", [1, 3, 3, 3], [3; 4], [6, 10], &[], &with(&["a1", "a2", "a3", "a4"], &[&SOUTH_OFFERS_1]));
    play(&mut game, "offer a1, accept");
    // a1 becomes North's; North pays 6 into it: a1 1 + 6 = 7, North 10 − 6 = 4. North plays its
    // turn: a1 and its own row; South holds 6: North may offer one of its 5 holes.
    let owners = [("a1", "north")];
    let north_legal = with(&["a1", "b1", "b2", "b3", "b4"], &[&["offer a1"], &NORTH_OFFERS_1]);
    assert_at(&game, "north", [7, 3, 3, 3], [3; 4], [6, 4], &owners, &north_legal);

    let mut sown = game.clone();
    play(&mut sown, "a1");
    // a1's 7 → a2 a3 a4 b4 b3 b2 b1 (4 each; the last, b1, is North's own: nothing).
    assert_at(&sown, "south", [0, 4, 4, 4], [4; 4], [6, 4], &owners, &["a2", "a3", "a4"]);

    play(&mut game, "b4");
    // b4's 3 → b3 4, b2 4, b1 4 (North's own: nothing). a1 holds 7 but is North's: South cannot
    // sow it nor offer it (North's 4 pay for no offer anyway).
    assert_at(&game, "south", [7, 3, 3, 3], [4, 4, 4, 0], [6, 4], &owners, &["a2", "a3", "a4"]);
    assert_illegal(&mut game, "a1");
    assert_illegal(&mut game, "offer a1");
}

#[test]
fn g2_landing_on_two_in_a_hole_of_norths_row_now_owned_by_south_is_no_capture_for_south() {
    let owners = [("b4", "south")];
    let mut game = gore_at("south", [0, 0, 3, 1], [5, 5, 5, 1], [4, 4], &owners);
    play(&mut game, "a4");
    // a4's 1 → b4 2: b4 is South's now, so nothing is taken.
    assert_at(&game, "north", [0, 0, 3, 0], [5, 5, 5, 2], [4, 4], &owners, &["b1", "b2", "b3"]);
    // The same move with b4 still North's: b4's 2 taken; a4 (0) and b3 (5) end the chain.
    let mut game = gore_at("south", [0, 0, 3, 1], [5, 5, 5, 1], [4, 4], &[]);
    play(&mut game, "a4");
    assert_at(&game, "north", [0, 0, 3, 0], [5, 5, 5, 0], [6, 4], &[], &with(&["b1", "b2", "b3"], &[&NORTH_OFFERS_1]));
}

#[test]
fn g2_landing_on_two_in_a_hole_of_souths_row_now_owned_by_north_is_a_capture_for_south() {
    let owners = [("a1", "north")];
    let mut game = gore_at("south", [1, 3, 0, 5], [0, 5, 5, 5], [4, 4], &owners);
    play(&mut game, "a4");
    // a4's 5 → b4 6, b3 6, b2 6, b1 1, a1 2 (North's now): taken; b1 (1) and a2 (3) end the chain.
    // South now holds 6: North may offer one of its holes a1 b1 b2 b3 b4.
    let north_legal = with(&["b1", "b2", "b3", "b4"], &[&["offer a1"], &NORTH_OFFERS_1]);
    assert_at(&game, "north", [0, 3, 0, 0], [1, 6, 6, 6], [6, 4], &owners, &north_legal);
    // The same move with a1 still South's: a1's 2 is South's own: nothing taken.
    let mut game = gore_at("south", [1, 3, 0, 5], [0, 5, 5, 5], [4, 4], &[]);
    play(&mut game, "a4");
    assert_at(&game, "north", [2, 3, 0, 0], [1, 6, 6, 6], [4, 4], &[], &["b1", "b2", "b3", "b4"]);
}

#[test]
fn g2_north_landing_in_a_hole_of_souths_row_it_owns_takes_nothing() {
    let owners = [("a1", "north")];
    let mut game = gore_at("north", [1, 4, 3, 4], [1, 3, 3, 3], [4, 4], &owners);
    play(&mut game, "b1");
    // b1's 1 → a1 2: a1 is North's own now: nothing (a2's 4 stays too).
    assert_at(&game, "south", [2, 4, 3, 4], [0, 3, 3, 3], [4, 4], &owners, &["a2", "a3", "a4"]);
    // With a1 South's, the same landing takes a1's 2, then a2's 4 forward, a3 (3) stops; b1 (0)
    // stops backward: 6 taken.
    let mut game = gore_at("north", [1, 4, 3, 4], [1, 3, 3, 3], [4, 4], &[]);
    play(&mut game, "b1");
    assert_at(&game, "south", [0, 0, 3, 4], [0, 3, 3, 3], [4, 10], &[], &with(&["a3", "a4"], &[&SOUTH_OFFERS_1]));
}

// ---------------------------------------------------------------------------------------------
// G3 — capture

#[test]
fn g3_the_worked_example_takes_eight() {
    // South 2 6 3 3; North's holes in sowing order b4 b3 b2 b1 hold 0 1 1 1.
    let mut game = gore_at("south", [2, 6, 3, 3], [1, 1, 1, 0], [0, 0], &[]);
    play(&mut game, "a2");
    // a2's 6 → a3 4, a4 4, b4 1, b3 2, b2 2, b1 2 (last, North's 4th): take b1; backward b2 b3
    // (2 each), b4 (1) stops; forward a1 (2), a2 (now 0) stops: 8 taken. South's 8 pay for one
    // hole: North may offer one.
    assert_at(&game, "north", [0, 0, 4, 4], [0, 0, 0, 1], [8, 0], &[], &with(&["b4"], &[&NORTH_OFFERS_1]));
}

#[test]
fn g3_a_chain_runs_both_ways_and_wraps_onto_the_movers_own_row() {
    let mut game = gore_at("north", [1, 3, 2, 4], [1, 1, 4, 3], [10, 2], &[]);
    play(&mut game, "b3");
    // b3's 4 → b2 2, b1 2, a1 2, a2 4 (last, South's): take a2 (4); backward a1 (2), then North's
    // own b1 (2) and b2 (2), b3 (0) stops; forward a3 (2), a4 (4), b4 (3) stops: 16 taken.
    // South now owns no stone: it must pass, and may not offer though North holds 18 (G4).
    assert_at(&game, "south", [0; 4], [0, 0, 0, 3], [10, 18], &[], &["pass"]);
    play(&mut game, "pass");
    assert_at(&game, "north", [0; 4], [0, 0, 0, 3], [10, 18], &[], &with(&["b4"], &[&NORTH_OFFERS_1]));
    play(&mut game, "b4");
    // b4's 3 → b3 1, b2 1, b1 1 (own): every hole ≤ 2 → over; South 10, North 18 + 3 = 21. The
    // three stones, all in North's holes, move into North's captures: the board is empty.
    assert_over(&game, [0; 4], [0; 4], [10, 21], &[]);
    assert_result(&game, Some("north"), [10, 21]);
    assert_reason(&game, "no hole holds more than two stones");
}

#[test]
fn g3_landing_on_two_or_four_in_ones_own_hole_takes_nothing_and_starts_no_chain() {
    let mut game = gore_at("south", [1, 1, 4, 2], [2, 4, 4, 2], [4, 4], &[]);
    play(&mut game, "a1");
    // a1's 1 → a2 2 (South's own): nothing, though a3 (4), a4 (2) and b1 (2) are ripe.
    assert_at(&game, "north", [0, 2, 4, 2], [2, 4, 4, 2], [4, 4], &[], &["b1", "b2", "b3", "b4"]);
    let mut game = gore_at("south", [2, 1, 3, 2], [2, 4, 4, 2], [4, 4], &[]);
    play(&mut game, "a1");
    // a1's 2 → a2 2, a3 4 (last, South's own): nothing, though a2 (2) and a4 (2) are ripe.
    assert_at(&game, "north", [0, 2, 4, 2], [2, 4, 4, 2], [4, 4], &[], &["b1", "b2", "b3", "b4"]);
    let mut game = gore_at("north", [4, 4, 2, 2], [3, 1, 1, 0], [4, 4], &[]);
    play(&mut game, "b3");
    // b3's 1 → b2 2 (North's own): nothing.
    assert_at(&game, "south", [4, 4, 2, 2], [3, 2, 0, 0], [4, 4], &[], &["a1", "a2", "a3", "a4"]);
}

#[test]
fn g3_landing_on_any_count_but_two_or_four_takes_nothing() {
    // a4's 1 → b4 (North's) 2 + 1 = 3, 4 + 1 = 5 or 5 + 1 = 6: nothing, though b3's and b2's 4 are ripe.
    for (b4, after) in [(2, 3), (4, 5), (5, 6)] {
        let mut game = gore_at("south", [0, 3, 0, 1], [2, 4, 4, b4], [4, 4], &[]);
        play(&mut game, "a4");
        assert_at(&game, "north", [0, 3, 0, 0], [2, 4, 4, after], [4, 4], &[], &["b1", "b2", "b3", "b4"]);
    }
    // The control: b4 1 + 1 = 2 is taken; backward a4 (0) stops; forward b3 (4), b2 (4), b1 (2) are
    // taken, a1 (0) stops: 12. North then owns no stone: it must pass.
    let mut game = gore_at("south", [0, 3, 0, 1], [2, 4, 4, 1], [4, 4], &[]);
    play(&mut game, "a4");
    assert_at(&game, "north", [0, 3, 0, 0], [0; 4], [16, 4], &[], &["pass"]);
    let mut game = gore_at("south", [0, 0, 2, 0], [2, 4, 4, 0], [4, 4], &[]);
    play(&mut game, "a3");
    // a3's 2 → a4 1, b4 1 (North's, was empty): nothing.
    assert_at(&game, "north", [0, 0, 0, 1], [2, 4, 4, 1], [4, 4], &[], &["b1", "b2", "b3", "b4"]);
}

#[test]
fn g3_each_direction_stops_at_the_first_hole_holding_another_count() {
    let mut game = gore_at("south", [2, 5, 0, 2], [3, 4, 1, 2], [0, 0], &[]);
    play(&mut game, "a4");
    // a4's 2 → b4 3, b3 2 (last, North's): take b3; backward b4 (3) stops; forward b2 (4) taken,
    // b1 (3) stops — a1's 2 beyond it stays: 6 taken.
    assert_at(&game, "north", [2, 5, 0, 0], [3, 0, 0, 3], [6, 0], &[], &with(&["b1", "b4"], &[&NORTH_OFFERS_1]));
}

#[test]
fn g3_a_chain_round_the_whole_board_takes_every_hole_once() {
    let mut game = gore_at("south", [0, 2, 0, 17], [0, 2, 0, 1], [3, 5], &[]);
    play(&mut game, "a4");
    // a4's 17: two laps of 8 (a4 itself gets the 8th and 16th) and the 17th into b4: b4 4, b3 2,
    // b2 4, b1 2, a1 2, a2 4, a3 2, a4 2. Take b4; backward a4 a3 a2 a1 b1 b2 b3, then b4 (the
    // landing hole, visited) ends it; forward b3 is taken already: 22 = the whole board, once.
    // Every hole empty → over: South 3 + 22 = 25, North 5.
    assert_over(&game, [0; 4], [0; 4], [25, 5], &[]);
    assert_result(&game, Some("south"), [25, 5]);
    assert_reason(&game, "no hole holds more than two stones");
}

// ---------------------------------------------------------------------------------------------
// G4 — pass

#[test]
fn g4_a_player_without_stones_in_their_holes_passes_and_may_not_offer() {
    let mut game = gore_at("south", [0; 4], [3; 4], [10, 14], &[]);
    // South's four holes are empty: pass, though North's 14 would pay for two holes.
    assert_at(&game, "south", [0; 4], [3; 4], [10, 14], &[], &["pass"]);
    for action in ["a1", "b1", "offer a1", "offer a1 a2", "accept", "decline"] {
        assert_illegal(&mut game, action);
    }
    play(&mut game, "pass");
    // Nothing changes but the turn; South's 10 pay for one of North's holes.
    assert_at(&game, "north", [0; 4], [3; 4], [10, 14], &[], &with(&["b1", "b2", "b3", "b4"], &[&NORTH_OFFERS_1]));
    play(&mut game, "b1");
    // b1's 3 → a1 1, a2 1, a3 1 (South's, 1: nothing). South has stones again: it moves, and may
    // offer one or two holes (North holds 14 ≥ 12), not pass.
    assert_at(&game, "south", [1, 1, 1, 0], [0, 3, 3, 3], [10, 14], &[], &with(&["a1", "a2", "a3"], &[&SOUTH_OFFERS_1, &SOUTH_OFFERS_2]));
    assert_illegal(&mut game, "pass");
}

#[test]
fn g4_a_player_who_declines_with_no_stones_passes_and_the_game_goes_on() {
    // South's offer is South's whole turn; North, answering it, then plays its own turn (G5). North
    // owns only b3, empty, so that turn is a pass (G4): the game is not over, since South can move.
    let owners = [("b1", "south"), ("b2", "south"), ("b4", "south")];
    let mut game = gore_at("south", [3, 6, 8, 1], [3, 13, 0, 0], [6, 8], &owners);
    play(&mut game, "offer a4");
    play(&mut game, "decline");
    assert_at(&game, "north", [3, 6, 8, 1], [3, 13, 0, 0], [6, 8], &owners, &["pass"]);
    assert_declined(&game, &["north"]);
    play(&mut game, "pass");
    let south_legal = with(&["a1", "a2", "a3", "a4", "b1", "b2"], &[&SOUTH_OFFERS_1, &["offer b1", "offer b2", "offer b4"]]);
    assert_at(&game, "south", [3, 6, 8, 1], [3, 13, 0, 0], [6, 8], &owners, &south_legal);
}

#[test]
fn g4_what_counts_is_the_holes_the_player_owns_now() {
    // South's row holds 10 stones, but a1 and a2 are North's; South's a3 and a4 are empty: pass.
    let owners = [("a1", "north"), ("a2", "north")];
    let mut game = gore_at("south", [5, 5, 0, 0], [0, 3, 3, 3], [8, 12], &owners);
    assert_at(&game, "south", [5, 5, 0, 0], [0, 3, 3, 3], [8, 12], &owners, &["pass"]);
    assert_illegal(&mut game, "a1");
    assert_illegal(&mut game, "offer a3");
    play(&mut game, "pass");
    let north_legal = with(&["a1", "a2", "b2", "b3", "b4"], &[&["offer a1", "offer a2"], &NORTH_OFFERS_1]);
    assert_at(&game, "north", [5, 5, 0, 0], [0, 3, 3, 3], [8, 12], &owners, &north_legal);
    // South's row empty, but South owns b2 (3): South moves, and may offer one of its 5 holes.
    let owners = [("b2", "south")];
    let game = gore_at("south", [0; 4], [3; 4], [8, 6], &owners);
    assert_at(&game, "south", [0; 4], [3; 4], [8, 6], &owners, &with(&["b2"], &[&SOUTH_OFFERS_1, &["offer b2"]]));
}

// ---------------------------------------------------------------------------------------------
// G5 — trade

#[test]
fn g5_the_offers_on_the_list_depend_on_what_the_opponent_has_captured() {
    let moves = ["a1", "a2", "a3", "a4"];
    let cases: [(u32, Vec<&str>); 7] = [
        (0, moves.to_vec()),
        (5, moves.to_vec()),
        (6, with(&moves, &[&SOUTH_OFFERS_1])),
        (11, with(&moves, &[&SOUTH_OFFERS_1])),
        (12, with(&moves, &[&SOUTH_OFFERS_1, &SOUTH_OFFERS_2])),
        (18, with(&moves, &[&SOUTH_OFFERS_1, &SOUTH_OFFERS_2, &SOUTH_OFFERS_3])),
        // Never all four: South keeps at least one hole.
        (40, with(&moves, &[&SOUTH_OFFERS_1, &SOUTH_OFFERS_2, &SOUTH_OFFERS_3])),
    ];
    for (north, legal) in cases {
        // North holds `north`: 6 a hole buys ⌊north / 6⌋ holes at most, and at most 3.
        let game = gore_at("south", [3; 4], [3; 4], [0, north], &[]);
        assert_at(&game, "south", [3; 4], [3; 4], [0, north], &[], &legal);
    }
    // What South captured decides North's offers.
    let game = gore_at("north", [3; 4], [3; 4], [12, 5], &[]);
    assert_at(
        &game,
        "north",
        [3; 4],
        [3; 4],
        [12, 5],
        &[],
        &with(
            &["b1", "b2", "b3", "b4"],
            &[&NORTH_OFFERS_1, &["offer b1 b2", "offer b1 b3", "offer b1 b4", "offer b2 b3", "offer b2 b4", "offer b3 b4"]],
        ),
    );
    // South owning only a1 and a2 may offer one of them, never both, whatever North holds.
    let owners = [("a3", "north"), ("a4", "north")];
    let game = gore_at("south", [3; 4], [3; 4], [0, 48], &owners);
    assert_at(&game, "south", [3; 4], [3; 4], [0, 48], &owners, &["a1", "a2", "offer a1", "offer a2"]);
    // South owning a1 a2 a3 a4 b3, North holding 18: up to 3 of the 5, in board order.
    let owners = [("b3", "south")];
    let game = gore_at("south", [0, 0, 0, 1], [3; 4], [0, 18], &owners);
    let offers = [
        "offer a1",
        "offer a2",
        "offer a3",
        "offer a4",
        "offer b3",
        "offer a1 a2",
        "offer a1 a3",
        "offer a1 a4",
        "offer a1 b3",
        "offer a2 a3",
        "offer a2 a4",
        "offer a2 b3",
        "offer a3 a4",
        "offer a3 b3",
        "offer a4 b3",
        "offer a1 a2 a3",
        "offer a1 a2 a4",
        "offer a1 a2 b3",
        "offer a1 a3 a4",
        "offer a1 a3 b3",
        "offer a1 a4 b3",
        "offer a2 a3 a4",
        "offer a2 a3 b3",
        "offer a2 a4 b3",
        "offer a3 a4 b3",
    ];
    assert_at(&game, "south", [0, 0, 0, 1], [3; 4], [0, 18], &owners, &with(&["a4", "b3"], &[&offers]));
}

#[test]
fn g5_an_accepted_offer_moves_the_holes_and_the_receiver_pays_six_into_each() {
    let mut game = gore_at("south", [1, 2, 3, 4], [5; 4], [3, 15], &[]);
    play(&mut game, "offer a4 a2");
    // The offer is South's turn; North answers. Nothing has moved yet.
    assert_offer_open(&game, [1, 2, 3, 4], [5; 4], [3, 15], &[], &["a2", "a4"], "south");
    play(&mut game, "accept");
    // a2 and a4 become North's; North pays 6 into each: a2 2 + 6 = 8, a4 4 + 6 = 10, North
    // 15 − 12 = 3. Then North plays its own turn: a2 a4 b1..b4 (South's 3 buy no offer).
    let owners = [("a2", "north"), ("a4", "north")];
    assert_at(&game, "north", [1, 8, 3, 10], [5; 4], [3, 3], &owners, &["a2", "a4", "b1", "b2", "b3", "b4"]);
    assert_declined(&game, &[]);
    let json: Value = serde_json::from_str(&game.position_json()).unwrap();
    assert_eq!(json["owners"], json!({"a2": "north", "a4": "north"}));
    assert_eq!(json["captured"], json!({"south": 3, "north": 3}));
    assert_eq!(json["rows"], json!({"a": [1, 8, 3, 10], "b": [5, 5, 5, 5]}));
    assert_eq!(json["to_move"], json!("north"));
    assert!(json.get("pending").is_none(), "{json}");
    play(&mut game, "a4");
    // a4's 10 → b4 b3 b2 b1 (6), a1 2, a2 9, a3 4, a4 1 (the 8th, origin not skipped), b4 7, b3 7
    // (last, North's own: nothing). South owns a1 (2) and a3 (4).
    assert_at(&game, "south", [2, 9, 4, 1], [6, 6, 7, 7], [3, 3], &owners, &["a1", "a3"]);
}

#[test]
fn g5_north_can_offer_too_and_south_then_sows_the_received_hole() {
    let mut game = gore_at("north", [3; 4], [2, 0, 1, 6], [7, 9], &[]);
    play(&mut game, "offer b1");
    assert_offer_open(&game, [3; 4], [2, 0, 1, 6], [7, 9], &[], &["b1"], "north");
    play(&mut game, "accept");
    // b1 becomes South's: b1 2 + 6 = 8, South 7 − 6 = 1. South plays; North's 9 buy one of South's
    // five holes.
    let owners = [("b1", "south")];
    assert_at(
        &game,
        "south",
        [3; 4],
        [8, 0, 1, 6],
        [1, 9],
        &owners,
        &with(&["a1", "a2", "a3", "a4", "b1"], &[&SOUTH_OFFERS_1, &["offer b1"]]),
    );
    play(&mut game, "b1");
    // b1's 8 → a1 a2 a3 a4 (4), b4 7, b3 2, b2 1, and the 8th back into b1 (1, South's own).
    assert_at(&game, "north", [4; 4], [1, 1, 2, 7], [1, 9], &owners, &["b2", "b3", "b4"]);
}

#[test]
fn g5_a_declined_offer_changes_nothing_but_the_turn() {
    let mut game = gore_at("south", [1, 2, 3, 4], [5; 4], [3, 15], &[]);
    play(&mut game, "offer a1");
    assert_offer_open(&game, [1, 2, 3, 4], [5; 4], [3, 15], &[], &["a1"], "south");
    play(&mut game, "decline");
    // Same board, owners and captures; the offer was South's turn, so North plays.
    assert_at(&game, "north", [1, 2, 3, 4], [5; 4], [3, 15], &[], &["b1", "b2", "b3", "b4"]);
    assert_declined(&game, &["north"]);
    play(&mut game, "b1");
    // b1's 5 → a1 2, a2 3, a3 4, a4 5, b4 6 (North's own: nothing); North's 15 buy up to 2 holes.
    assert_at(
        &game,
        "south",
        [2, 3, 4, 5],
        [0, 5, 5, 6],
        [3, 15],
        &[],
        &with(&["a1", "a2", "a3", "a4"], &[&SOUTH_OFFERS_1, &SOUTH_OFFERS_2]),
    );
    assert_declined(&game, &["north"]);
}

#[test]
fn g5_offers_that_break_the_rules_and_answers_out_of_turn_are_refused() {
    let mut game = gore_at("south", [1, 2, 3, 4], [5; 4], [3, 11], &[]);
    assert_at(&game, "south", [1, 2, 3, 4], [5; 4], [3, 11], &[], &with(&["a1", "a2", "a3", "a4"], &[&SOUTH_OFFERS_1]));
    for action in [
        "offer a1 a2",       // two holes cost 12; North holds 11
        "offer a1 a2 a3",    // 18
        "offer a1 a2 a3 a4", // every hole
        "offer b1",          // North's hole
        "offer a1 b1",       // half North's
        "offer a1 a1",       // a hole twice
        "offer",             // no hole
        "accept",            // no offer open
        "decline",           // no offer open
    ] {
        assert_illegal(&mut game, action);
    }
    let mut rich = gore_at("south", [1, 2, 3, 4], [5; 4], [3, 45], &[]);
    assert_illegal(&mut rich, "offer a1 a2 a3 a4"); // 24 affordable, but South must keep a hole
    play(&mut game, "offer a3");
    // While the offer is open only North's answer is legal: no sowing, no pass, no counter-offer.
    for action in ["b1", "a1", "a3", "pass", "offer b1", "offer a1"] {
        assert_illegal(&mut game, action);
    }
    assert_offer_open(&game, [1, 2, 3, 4], [5; 4], [3, 11], &[], &["a3"], "south");
}

#[test]
fn g5_a_win_by_a_player_who_declined_is_a_victory_without_glory() {
    let mut game = gore_at("north", [0, 0, 0, 3], [1, 1, 0, 0], [20, 10], &[]);
    play(&mut game, "offer b1, decline");
    assert_at(&game, "south", [0, 0, 0, 3], [1, 1, 0, 0], [20, 10], &[], &with(&["a4"], &[&SOUTH_OFFERS_1]));
    assert_declined(&game, &["south"]);
    play(&mut game, "a4");
    // a4's 3 → b4 1, b3 1, b2 2 (last, North's): taken; b3 (1) and b1 (1) stop the chain. Every
    // hole ≤ 2 → over: South 20 + 2 = 22, North 10 + b1 b3 b4 (3) = 13. South declined and wins.
    // North's three singles move into North's captures: the board is empty.
    assert_over(&game, [0; 4], [0; 4], [22, 13], &[]);
    assert_result(&game, Some("south"), [22, 13]);
    assert_reason(&game, "no hole holds more than two stones; victory without glory: south declined an offer");
    assert_declined(&game, &["south"]);

    // The same, South holding 6: it declines and loses 8–13 — no note.
    let mut game = gore_at("north", [0, 0, 0, 3], [1, 1, 0, 0], [6, 10], &[]);
    play(&mut game, "offer b1, decline, a4");
    assert_over(&game, [0; 4], [0; 4], [8, 13], &[]);
    assert_result(&game, Some("north"), [8, 13]);
    assert_reason(&game, "no hole holds more than two stones");

    // `declined` read from the position: North declined earlier and now wins.
    let mut game = from_json(
        gore(),
        json!({"to_move": "north", "rows": {"a": [1, 0, 0, 0], "b": [0, 0, 3, 0]}, "captured": {"south": 10, "north": 30}, "declined": ["north"]}),
    );
    play(&mut game, "b3");
    // b3's 3 → b2 1, b1 1, a1 2 (South's): taken; b1 (1) and a2 (0) stop. Over: North 30 + 2 + 2,
    // b1 and b2 moved into North's captures.
    assert_over(&game, [0; 4], [0; 4], [10, 34], &[]);
    assert_result(&game, Some("north"), [10, 34]);
    assert_reason(&game, "no hole holds more than two stones; victory without glory: north declined an offer");
}

#[test]
fn g5_an_open_offer_and_traded_holes_are_read_from_the_position_json() {
    let mut game = from_json(
        gore(),
        json!({
            "to_move": "north",
            "rows": {"a": [1, 2, 3, 4], "b": [5, 5, 5, 5]},
            "captured": {"south": 3, "north": 15},
            "owners": {"b4": "south"},
            "pending": {"offer": ["a3", "b4"], "by": "south"},
        }),
    );
    assert_offer_open(&game, [1, 2, 3, 4], [5; 4], [3, 15], &[("b4", "south")], &["a3", "b4"], "south");
    play(&mut game, "accept");
    // a3 and b4 become North's (b4 back to its row's player): a3 9, b4 11, North 15 − 12 = 3.
    let owners = [("a3", "north")];
    assert_at(&game, "north", [1, 2, 9, 4], [5, 5, 5, 11], [3, 3], &owners, &["a3", "b1", "b2", "b3", "b4"]);
    // The written position reads back to the same state.
    let again = parse_position(&game.position_json(), gore()).expect("the engine's own JSON reads back");
    assert_eq!(again, *game.state());
}

#[test]
fn g5_with_trade_off_no_offer_ever_appears() {
    let rules = gore_without_trade();
    let game = Game::new(rules);
    let json: Value = serde_json::from_str(&game.position_json()).unwrap();
    assert_eq!(json["options"], json!({"trade": "off"}));
    assert_legal(&game, &["a1", "a2", "a3", "a4"]);
    let json = |to_move: &str, north: u32| json!({"to_move": to_move, "rows": {"a": [1, 2, 3, 4], "b": [5, 5, 5, 5]}, "captured": {"south": 48 - north, "north": north}});
    // Either side holding 30 would pay for three holes with trade=on.
    let mut game = from_json(rules, json("south", 30));
    assert_legal(&game, &["a1", "a2", "a3", "a4"]);
    assert_illegal(&mut game, "offer a1");
    assert_illegal(&mut game, "accept");
    let mut game = from_json(rules, json("north", 18));
    assert_legal(&game, &["b1", "b2", "b3", "b4"]);
    assert_illegal(&mut game, "offer b1");
    play(&mut game, "b1");
    // b1's 5 → a1 2, a2 3, a3 4, a4 5, b4 6 (own): nothing; still no offer.
    assert_position(&game, Some("south"), &[2, 3, 4, 5], &[0, 5, 5, 6], [30, 18]);
    assert_legal(&game, &["a1", "a2", "a3", "a4"]);
    // An open offer cannot even be read into a game without trades.
    let pending = json!({"to_move": "north", "rows": {"a": [1, 1, 1, 1], "b": [1, 1, 1, 1]}, "pending": {"offer": ["a1"], "by": "south"}});
    assert!(parse_position(&pending.to_string(), rules).is_err());
}

// ---------------------------------------------------------------------------------------------
// G6 — end and score

#[test]
fn g6_the_game_ends_once_every_hole_holds_two_or_fewer_and_each_adds_the_holes_they_own_now() {
    let mut game = gore_at("south", [1, 0, 0, 4], [0; 4], [5, 6], &[]);
    play(&mut game, "offer a1, accept");
    // a1 is North's: 1 + 6 = 7; North 6 − 6 = 0 and South's 5 buy North no offer.
    let owners = [("a1", "north")];
    assert_at(&game, "north", [7, 0, 0, 4], [0; 4], [5, 0], &owners, &["a1"]);
    play(&mut game, "a1");
    // a1's 7 → a2 1, a3 1, a4 5, b4 1, b3 1, b2 1, b1 1 (own: nothing); a4's 5 keeps it going.
    assert_at(&game, "south", [0, 1, 1, 5], [1; 4], [5, 0], &owners, &["a2", "a3", "a4"]);
    // a4's 5 → b4 b3 b2 b1 2 each, a1 1 (last, North's, 1: nothing). Every hole ≤ 2 → over.
    // South 5 + a2 a3 (2) = 7; North 0 + a1 (1) + row b (8) = 9. (By rows it would be 8–8.) Each
    // hole goes to the player who owns it now: a1 to North though it is in row a. The holes
    // keep their owners; the board is empty.
    let takes = apply_to_end(&mut game, "a4");
    assert_eq!(
        takes,
        ["north a1 1", "south a2 1", "south a3 1", "north b1 2", "north b2 2", "north b3 2", "north b4 2"],
        "each hole to its current owner"
    );
    assert_over(&game, [0; 4], [0; 4], [7, 9], &owners);
    assert_result(&game, Some("north"), [7, 9]);
    assert_reason(&game, "no hole holds more than two stones");

    // The same ending from a position, which is over as read: a1 North's decides the winner.
    let owners = [("a1", "north")];
    let game = gore_at("south", [2, 0, 0, 1], [1, 1, 0, 0], [22, 20], &owners);
    // South 22 + a4 1 = 23, North 20 + a1 2 + b 2 = 24, moved into the captures as it is read.
    assert_over(&game, [0; 4], [0; 4], [23, 24], &owners);
    assert_result(&game, Some("north"), [23, 24]);
    assert_reason(&game, "no hole holds more than two stones");
    let game = gore_at("south", [2, 0, 0, 1], [1, 1, 0, 0], [22, 20], &[]);
    // With a1 South's: South 22 + 3 = 25, North 20 + 2 = 22.
    assert_result(&game, Some("south"), [25, 22]);
}

#[test]
fn g6_a_hole_of_three_keeps_the_game_going_and_equal_totals_draw() {
    // (b3's 3 keeps the position from ending as read.)
    let mut game = gore_at("south", [0, 0, 0, 1], [1, 1, 3, 2], [8, 21], &[]);
    play(&mut game, "a4");
    // a4's 1 → b4 3 (nothing): holes hold 3, so the game goes on.
    assert_at(&game, "north", [0; 4], [1, 1, 3, 3], [8, 21], &[], &with(&["b1", "b2", "b3", "b4"], &[&NORTH_OFFERS_1]));
    let mut game = gore_at("south", [1, 0, 0, 3], [1, 0, 0, 0], [23, 20], &[]);
    play(&mut game, "a4");
    // a4's 3 → b4, b3, b2 1 each (b2 North's, 1: nothing); every hole ≤ 2 → over: South 23 + 1,
    // North 20 + 4: a draw. Each single moves into its owner's captures.
    assert_over(&game, [0; 4], [0; 4], [24, 24], &[]);
    assert_result(&game, None, [24, 24]);
    assert_reason(&game, "no hole holds more than two stones");
}

// ---------------------------------------------------------------------------------------------
// G7 — repetition

#[test]
fn g7_the_third_occurrence_of_a_position_ends_the_game_scored_as_g6() {
    let owners = [("a1", "north")];
    let mut game = gore_at("south", [3, 1, 3, 3], [3; 4], [7, 6], &owners);
    let south_legal = with(&["a2", "a3", "a4"], &[&["offer a2", "offer a3", "offer a4"]]);
    assert_at(&game, "south", [3, 1, 3, 3], [3; 4], [7, 6], &owners, &south_legal);
    play(&mut game, "offer a2, decline");
    // Declined: North to move; South's 7 buy one of North's holes a1 b1..b4.
    let north_legal = with(&["a1", "b1", "b2", "b3", "b4"], &[&["offer a1"], &NORTH_OFFERS_1]);
    assert_at(&game, "north", [3, 1, 3, 3], [3; 4], [7, 6], &owners, &north_legal);
    play(&mut game, "offer b1, decline");
    // The start again, South to move: 2nd occurrence.
    assert_at(&game, "south", [3, 1, 3, 3], [3; 4], [7, 6], &owners, &south_legal);
    assert_declined(&game, &["south", "north"]);
    play(&mut game, "offer a2, decline, offer b1");
    assert_offer_open(&game, [3, 1, 3, 3], [3; 4], [7, 6], &owners, &["b1"], "north");
    // 3rd occurrence → over, scored as G6: South 7 + a2 a3 a4 (7) = 14; North 6 + a1 (3) + row b
    // (12) = 21. North, who declined, wins. The stones move into the captures of the holes'
    // current owners, a1's to North.
    let takes = apply_to_end(&mut game, "decline");
    assert_eq!(
        takes,
        ["north a1 3", "south a2 1", "south a3 3", "south a4 3", "north b1 3", "north b2 3", "north b3 3", "north b4 3"],
        "each hole to its current owner"
    );
    assert_over(&game, [0; 4], [0; 4], [14, 21], &owners);
    assert_result(&game, Some("north"), [14, 21]);
    assert_reason(&game, "the same position came back 3 times; victory without glory: north declined an offer");
}

#[test]
fn g5_g6_an_offer_or_a_decline_is_not_a_move_and_does_not_end_the_game() {
    // Only reachable from a position file with the offer open (in play such a board has already
    // ended the game, and a position at the ending without an open offer is over as read): every
    // hole holds ≤ 2 and North, who has stones, has offered b1 instead of moving (South's 20 pay).
    // G6 ends the game "after every move"; an offer is made "instead of moving", so South answers
    // it, and after the decline (no stone moved) South plays its turn.
    let position = json!({
        "to_move": "south", "rows": {"a": [0, 0, 0, 1], "b": [1, 0, 0, 1]}, "captured": {"south": 20, "north": 10},
        "pending": {"offer": ["b1"], "by": "north"},
    });
    let mut game = from_json(gore(), position);
    assert_offer_open(&game, [0, 0, 0, 1], [1, 0, 0, 1], [20, 10], &[], &["b1"], "north");
    play(&mut game, "decline");
    assert_at(&game, "south", [0, 0, 0, 1], [1, 0, 0, 1], [20, 10], &[], &with(&["a4"], &[&SOUTH_OFFERS_1]));
    play(&mut game, "a4");
    // a4's 1 → b4 2 (North's): taken; a4 (0) and b3 (0) stop. Now a move left every hole ≤ 2: over,
    // South 20 + 2 = 22, North 10 + b1 (1) = 11, and South, who declined, wins without glory.
    // b1's stone moves into North's captures.
    assert_over(&game, [0; 4], [0; 4], [22, 11], &[]);
    assert_result(&game, Some("south"), [22, 11]);
    assert_reason(&game, "no hole holds more than two stones; victory without glory: south declined an offer");
    assert!(game.position().pending.is_none());
}

#[test]
fn a_player_who_owns_no_hole_is_a_position_like_any_other() {
    // After trades South may own nothing at all (G4: it then passes). Such a position reads back
    // from its JSON; rounds' closed holes have nothing to do with it.
    let game = gore_at("north", [13, 4, 7, 6], [4, 8, 4, 0], [2, 0], &[("a1", "north"), ("a2", "north"), ("a3", "north"), ("a4", "north")]);
    assert_legal(&game, &["a1", "a2", "a3", "a4", "b1", "b2", "b3"]);
    let reread = parse_position(&game.position_json(), gore()).expect("the position reads back");
    assert_eq!(reread, *game.state());
}
