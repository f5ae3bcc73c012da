//! Bao la Kiswahili scenarios: the rulings of rules/bao-la-kiswahili.mancala that Bao la
//! Kujifunza's tests do not already show (the stage of stones in hand, the house, the tax), on
//! exact positions worked out by hand; then the perft counts and random games of an independent
//! model (tests/fixtures/models/bao_la_kiswahili.py), agreeing at every step.
//!
//! Rows from South's edge: `a` South's back row, `b` its front row, `c` North's front row, `d`
//! North's back row. South's house is b5, North's c4; South's kichwa b1 (clockwise) and b8
//! (counter-clockwise), its kimbi b1 b2 and b7 b8. 64 stones in all, on the board or in hand.

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
