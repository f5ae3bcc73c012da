//! Congkak: every ruling of rules/congkak.mancala on an exact position worked out by hand, then
//! the perft counts and random matches of an independent model (tests/fixtures/models/congkak.py),
//! agreeing at every step, the first turn played by both at once included.
//!
//! Row `a` is South's, `b` North's, columns 1-7 from South's left. Each store is at its player's
//! left: South's by a1 and b1, North's by a7 and b7. Sowing is clockwise: South a7 … a1, its store,
//! b1 … b7; North b1 … b7, its store, a7 … a1. 98 stones in all.

mod common;

use common::*;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn congkak() -> &'static Rules {
    rules("congkak")
}

/// A game from a position in `phase` (both players'), with more fields of the position JSON.
fn at_in(rules: &'static Rules, phase: &str, to_move: &str, a: [u16; 7], b: [u16; 7], captured: [u32; 2], more: Value) -> Game<'static> {
    setup(rules, to_move).rows([a, b]).captured(captured).phase(phase).fields(more).game()
}

/// A position after the first turn, the stones off the board split between the stores to make 98.
fn at(to_move: &str, a: [u16; 7], b: [u16; 7]) -> Game<'static> {
    setup(congkak(), to_move).rows([a, b]).rest_captured(98).phase("play").game()
}

#[track_caller]
fn assert_rows(game: &Game<'_>, a: [u16; 7], b: [u16; 7]) {
    common::assert_rows(game, [a, b]);
}

#[test]
fn k1_k2_seven_a_hole_and_each_sows_clockwise_through_their_own_store_only() {
    let game = Game::new(congkak());
    assert_rows(&game, [7; 7], [7; 7]);
    assert_eq!(game.position().stores.map(|s| [s.south, s.north]), Some([0, 0]));
    // South's a2 (3): a1, South's store, b1, which was empty: the move ends in North's row.
    let mut game = at("south", [0, 3, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 3, 0]);
    let before = stores(&game);
    apply(&mut game, "a2");
    assert_rows(&game, [1, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 3, 0]);
    assert_eq!(stores(&game), [before[0] + 1, before[1]]);
    assert_eq!(to_move(&game), Some("north"));
    // North's b6 (3): b7, North's store, a7, which held 1: it relays, a7's 2 going to a6 and a5.
    let before = stores(&game);
    apply(&mut game, "b6");
    assert_rows(&game, [1, 0, 0, 0, 1, 1, 0], [1, 0, 0, 0, 0, 0, 1]);
    assert_eq!(stores(&game), [before[0], before[1] + 1]);
    // South's a1 (9): its store, b1-b7, North's store passed, a7: nine stones, eight places. a7
    // was empty and faces b7, now 1: both go to South's store.
    let mut game = at("south", [9, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0]);
    let before = stores(&game);
    apply(&mut game, "a1");
    assert_rows(&game, [0; 7], [1, 2, 1, 1, 1, 1, 0]);
    assert_eq!(stores(&game), [before[0] + 3, before[1]]);
}

#[test]
fn k3_a_lap_ending_in_ones_own_store_gives_another_move() {
    let mut game = at("south", [0, 0, 3, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0]);
    let before = stores(&game);
    apply(&mut game, "a3");
    assert_rows(&game, [1, 1, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(stores(&game), [before[0] + 1, before[1]]);
    assert_eq!(to_move(&game), Some("south"));
}

#[test]
fn k4_a_lap_ending_in_a_hole_that_holds_stones_relays_on_either_side() {
    // a4 (2): a3, a2 (1, now 2): relay, a1 and the store: South moves again.
    let mut game = at("south", [0, 1, 0, 2, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]);
    apply(&mut game, "a4");
    assert_rows(&game, [1, 0, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(to_move(&game), Some("south"));
    // a1 (2): the store, b1 (2, now 3): relay in North's row, b2 b3 b4; b4 was empty.
    let mut game = at("south", [2, 0, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 0, 0]);
    apply(&mut game, "a1");
    assert_rows(&game, [0, 0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 0, 0, 0]);
    assert_eq!(to_move(&game), Some("north"));
}

#[test]
fn k5_k15_a_lap_ending_in_an_empty_own_hole_takes_the_facing_hole_and_the_last_stone() {
    // a3 (1) falls into a2, empty; b2 faces it with 4: the 4 and the last stone go to the store.
    let mut game = at("south", [0, 0, 1, 0, 0, 0, 1], [0, 4, 0, 0, 0, 0, 1]);
    let before = stores(&game);
    apply(&mut game, "a3");
    assert_rows(&game, [0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(stores(&game), [before[0] + 5, before[1]]);
    assert_eq!(to_move(&game), Some("north"));
    // The facing hole empty: nothing is taken, the last stone stays.
    let mut game = at("south", [0, 0, 1, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1]);
    let before = stores(&game);
    apply(&mut game, "a3");
    assert_rows(&game, [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(stores(&game), before);
}

#[test]
fn k6_a_lap_ending_in_an_empty_hole_of_the_opponents_ends_the_turn() {
    // North's b7 (2): North's store, a7, empty: North's turn is over though a7 faces b7.
    let mut game = at("north", [1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 2]);
    let before = stores(&game);
    apply(&mut game, "b7");
    assert_rows(&game, [1, 0, 0, 0, 0, 0, 1], [0; 7]);
    assert_eq!(stores(&game), [before[0], before[1] + 1]);
    assert_eq!(to_move(&game), Some("south"));
}

/// A first turn from a small position: South's a2 (1) and North's b1 (3), the rest in a7, b7
/// and the stores.
fn race(rules: &'static Rules) -> Game<'static> {
    at_in(rules, "race", "south", [0, 1, 0, 0, 0, 0, 5], [3, 0, 0, 0, 0, 0, 5], [42, 42], json!({}))
}

#[test]
fn k7_k12_the_first_turn_is_played_by_both_at_once_and_the_last_to_finish_moves() {
    let mut game = Game::new(congkak());
    assert_eq!(game.position().phase.map(|p| [p.south, p.north]), Some(["race".to_string(), "race".to_string()]));
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6", "a7"]);
    // South's choice moves nothing: North chooses next, against it.
    apply(&mut game, "a4");
    assert_rows(&game, [7; 7], [7; 7]);
    assert_eq!(to_move(&game), Some("north"));
    assert_legal(&game, &["b1", "b2", "b3", "b4", "b5", "b6", "b7"]);
    let pending = game.position().pending.expect("a choice left open");
    assert_eq!((pending.decision.as_deref(), pending.at.as_deref()), (Some("race"), Some("a4")));
    // Both holes are lifted at once: South's a2 (1) falls into a1 as North's b1 (3) begins b2.
    // a1 faces b1, emptied by North's lift: South's move ends there and takes nothing. North's
    // b3 and b4 follow; b4 is empty and faces a4, empty: North finishes last, and moves.
    let mut game = race(congkak());
    apply(&mut game, "a2, b1");
    assert_rows(&game, [1, 0, 0, 0, 0, 0, 5], [0, 1, 1, 1, 0, 0, 5]);
    assert_eq!(stores(&game), [42, 42]);
    assert_eq!(to_move(&game), Some("north"));
    assert_eq!(game.position().phase.map(|p| [p.south, p.north]), Some(["play".to_string(), "play".to_string()]));
    // Played one after the other, South's a2 would have taken b1's 3 with its last stone.
    let mut game = at_in(congkak(), "play", "south", [0, 1, 0, 0, 0, 0, 5], [3, 0, 0, 0, 0, 0, 5], [42, 42], json!({}));
    apply(&mut game, "a2");
    assert_eq!(stores(&game), [46, 42]);
}

#[test]
fn k7_with_the_first_to_finish_moving_south_would_move() {
    let source = std::fs::read_to_string(rules_path("congkak")).expect("rules/congkak.mancala");
    assert_eq!(source.matches("then last to finish moves").count(), 1);
    let first = source.replace("then last to finish moves", "then first to finish moves");
    let rules: &'static Rules = Box::leak(Box::new(mancala::load_str("first.mancala", &first, &[] as &[&str]).expect("the variant loads")));
    let mut game = race(rules);
    apply(&mut game, "a2, b1");
    assert_rows(&game, [1, 0, 0, 0, 0, 0, 5], [0, 1, 1, 1, 0, 0, 5]);
    assert_eq!(to_move(&game), Some("south"));
}

#[test]
fn k12_k13_a_race_move_into_ones_store_ends_it_and_finishing_together_north_moves() {
    // South's a1 (1) ends in its store in the first moment: no move again; North, last, moves.
    let mut game = at_in(congkak(), "race", "south", [1, 0, 0, 0, 0, 0, 5], [3, 0, 0, 0, 0, 0, 5], [42, 42], json!({}));
    apply(&mut game, "a1, b1");
    assert_rows(&game, [0, 0, 0, 0, 0, 0, 5], [0, 1, 1, 1, 0, 0, 5]);
    assert_eq!((stores(&game), to_move(&game)), ([43, 42], Some("north")));
    // South's a2 (1) and North's b6 (1) both end in the first moment, in empty own holes facing
    // empty ones; South's stone fell first, so North finished last, and moves.
    let mut game = at_in(congkak(), "race", "south", [0, 1, 0, 0, 5, 0, 0], [0, 0, 0, 5, 0, 1, 0], [43, 43], json!({}));
    apply(&mut game, "a2, b6");
    assert_rows(&game, [1, 0, 0, 0, 5, 0, 0], [0, 0, 0, 5, 0, 0, 1]);
    assert_eq!((stores(&game), to_move(&game)), ([43, 43], Some("north")));
}

#[test]
fn k8_k9_k10_k14_a_round_ends_when_the_player_to_move_cannot_and_burnt_holes_are_left_out() {
    // a1 (1) ends in South's store: South moves again, but its row is empty, so the round ends;
    // North takes its own 10. South has 41: five holes of seven from a1 (by its store), 6 over,
    // a6 and a7 burnt. North has 57: all seven, 8 over. North, the richer, starts.
    let mut game = at_in(congkak(), "play", "south", [1, 0, 0, 0, 0, 0, 0], [10, 0, 0, 0, 0, 0, 0], [40, 47], json!({}));
    apply(&mut game, "a1");
    let p = game.position();
    assert_eq!(p.round, Some(2));
    assert_rows(&game, [7, 7, 7, 7, 7, 0, 0], [7; 7]);
    assert_eq!(p.closed, Some(vec!["a6".to_string(), "a7".to_string()]));
    assert_eq!(stores(&game), [6, 8]);
    assert_eq!(to_move(&game), Some("north"));
    // A round's first turn is one player's move: North moves alone, still in the phase `play`.
    assert_eq!(p.phase.map(|p| [p.south, p.north]), Some(["play".to_string(), "play".to_string()]));
    // b6 (7): b7, North's store, then a7 and a6, burnt, are passed: a5 … a1, and b1 (7, now 8)
    // relays; 8 stones go b2 … b7, North's store, and a5 (now 9) relays again …
    let mut game = at_in(
        congkak(),
        "play",
        "north",
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 3, 0],
        [45, 50],
        json!({"round": 2, "closed": ["a6", "a7"]}),
    );
    apply(&mut game, "b6");
    // b6 (3): b7, North's store, a5 (a7 and a6 burnt): empty, South's: the turn ends.
    assert_rows(&game, [0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(stores(&game), [45, 51]);
}

#[test]
fn k11_a_player_who_cannot_fill_a_hole_loses_the_match() {
    // a1 (1) into the store: South, with 6, cannot fill a hole.
    let mut game = at_in(congkak(), "play", "south", [1, 0, 0, 0, 0, 0, 0], [10, 0, 0, 0, 0, 0, 0], [5, 82], json!({}));
    apply(&mut game, "a1");
    assert_result(&game, Some("north"), [6, 92]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("south cannot fill a hole"));
}

#[test]
fn k16_a_round_starting_the_third_time_as_an_earlier_one_did_ends_the_match() {
    // a1 (1) into South's store: South's row is empty, the round ends. South has 7: a1 filled,
    // a2-a7 burnt; North 91: all seven, 42 over. S: North, the richer, starts round 2.
    let start = || at_in(congkak(), "play", "south", [1, 0, 0, 0, 0, 0, 0], [10, 0, 0, 0, 0, 0, 0], [6, 81], json!({}));
    let s = |game: &Game<'_>, round: u16| {
        assert_rows(game, [7, 0, 0, 0, 0, 0, 0], [7; 7]);
        assert_eq!((stores(game), to_move(game), game.position().round), ([0, 42], Some("north"), Some(round)));
        assert_closed_and_round(game, &["a2", "a3", "a4", "a5", "a6", "a7"], round);
    };
    let mut game = start();
    apply(&mut game, "a1");
    s(&game, 2);
    // A round (found by a search) that ends with South holding 7 again: S starts round 3.
    let round = "b1, b3, a1, b2, b1, b5, a1, b1, b3";
    apply(&mut game, round);
    s(&game, 3);
    assert_ongoing(&game);
    // The third start of S ends the match, each counting the stones they hold: South 7, North 91.
    apply(&mut game, round);
    assert_result(&game, Some("north"), [7, 91]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the same round start came back 3 times"));
    // Without the rule, S starts round 4 and the match goes on.
    let line = "    end match when round start repeats 3 times, leftover to owner, \"the same round start came back 3 times\"   // K16\n";
    let without: &'static Rules = Box::leak(Box::new(variant("congkak", &[(line, "")])));
    let mut game = at_in(without, "play", "south", [1, 0, 0, 0, 0, 0, 0], [10, 0, 0, 0, 0, 0, 0], [6, 81], json!({}));
    apply(&mut game, &format!("a1, {round}, {round}"));
    s(&game, 4);
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 congkak.py 6`): depths 1 and 2 are the
/// two choices of the turn played at once.
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(congkak());
    let counts: Vec<u64> = (1..=6).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [7, 49, 297, 1837, 10932, 63640]);
}

/// 100 random matches of the independent model (tests/fixtures/congkak-model.jsonl), through
/// every round: the engine agrees at every step on the board, the burnt holes, the stores, the
/// round, the player to move and the legal actions, then on the result. Most end by a repeated
/// round start (K16), the rest by a player who cannot fill a hole (K11).
#[test]
fn a_hundred_matches_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(congkak(), "congkak-model.jsonl", model_view), 100);
}

/// A position as the model writes it: the 14 counts, the burnt holes, the two stores, the round,
/// the player to move and the legal actions.
fn model_view(game: &Game<'_>) -> Value {
    let state = game.state();
    let closed: String = (0..14).map(|h| if state.closed & (1u128 << h) != 0 { '#' } else { '.' }).collect();
    model_line(game, [json!(closed), json!(state.captured[0]), json!(state.captured[1]), json!(state.round)])
}
