//! Hoyito: every ruling of rules/hoyito.mancala on an exact position worked out by hand, then the
//! perft counts and random games of an independent model (tests/fixtures/models/hoyito.py),
//! agreeing at every step.
//!
//! Row `a` is South's, `b` North's; sowing runs counter-clockwise, a1 … a6 then b6 … b1. 48 stones.

mod common;

use common::*;
use mancala::{Game, Rules};
use serde_json::json;

fn hoyito() -> &'static Rules {
    rules("hoyito")
}

/// A position, the stones off the board split between the stores (South first) to make 48.
fn at(to_move: &str, a: [u16; 6], b: [u16; 6]) -> Game<'static> {
    setup(hoyito(), to_move).rows([a, b]).rest_captured(48).game()
}

#[test]
fn h1_h2_h4_four_a_hole_and_laps_relay_from_occupied_holes() {
    let game = Game::new(hoyito());
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6"]);
    assert_eq!(game.state().total(hoyito()), 48);
    // a5 (2): a6, then b6, which held 1: its 2 go on to b5 and b4, both empty before.
    let mut game = at("south", [1, 0, 0, 0, 2, 0], [2, 0, 0, 0, 0, 1]);
    apply(&mut game, "a5");
    assert_position(&game, Some("north"), &[1, 0, 0, 0, 0, 1], &[2, 0, 0, 1, 1, 0], [21, 21]);
}

#[test]
fn h3_a_hole_made_four_is_taken_at_once_and_sowing_goes_on() {
    // a4 (3): a5 (3) is made four: South takes it; a6 and b6 follow, b6 empty: the move ends.
    let mut game = at("south", [1, 0, 0, 3, 3, 0], [2, 0, 0, 0, 0, 0]);
    let before = stores(&game);
    apply(&mut game, "a4");
    assert_position(&game, Some("north"), &[1, 0, 0, 0, 0, 1], &[2, 0, 0, 0, 0, 1], [before[0] + 4, before[1]]);
    // North's b1 (2): a1, then a2 (3), South's, made four: North takes it, whoever owns it; the
    // lap's last stone taken so, the move ends.
    let mut game = at("north", [0, 3, 0, 0, 0, 1], [2, 0, 0, 0, 0, 0]);
    let before = stores(&game);
    apply(&mut game, "b1");
    assert_position(&game, Some("south"), &[1, 0, 0, 0, 0, 1], &[0; 6], [before[0], before[1] + 4]);
}

#[test]
fn h4_a_lap_whose_last_stone_makes_four_ends_the_move() {
    // a5 (1) into a6 (3): four, taken; a6 is then empty and the move ends there.
    let mut game = at("south", [1, 0, 0, 0, 1, 3], [0, 0, 0, 0, 0, 2]);
    let before = stores(&game);
    apply(&mut game, "a5");
    assert_position(&game, Some("north"), &[1, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 2], [before[0] + 4, before[1]]);
}

#[test]
fn h5_a_player_with_no_stone_passes() {
    let mut game = at("south", [0; 6], [1, 0, 0, 0, 0, 2]);
    assert_legal(&game, &["pass"]);
    apply(&mut game, "pass");
    assert_legal(&game, &["b1", "b6"]);
}

#[test]
fn h6_h7_the_four_taken_from_the_last_eight_takes_the_last_four_too() {
    // Eight on the board; South's a5 (1) makes a6 four and takes it: four are left, and South
    // takes them too. South 18 + 4 + 4 = 26, North 22: South wins.
    let mut game = position(hoyito(), "south", &[0, 0, 0, 0, 1, 3], &[0, 0, 0, 2, 0, 2], [18, 22]);
    apply(&mut game, "a5");
    assert_result(&game, Some("south"), [26, 22]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("four stones are left"));
    assert_eq!(game.position().rows["b"], [0; 6], "the last four are off the board");
}

#[test]
fn h8_a_position_seen_a_third_time_ends_the_game_each_taking_their_own() {
    // Eight stones shuffled round with no four ever made (found by a search of small positions).
    let (start, north) = ([0u16, 0, 0, 2, 0, 1], [2u16, 1, 1, 0, 1, 0]);
    let json = json!({"to_move": "south", "rows": {"a": start, "b": north}, "captured": {"south": 20, "north": 20}}).to_string();
    let (played, ending) = third_repetition(
        "hoyito",
        "    when position repeats 3 times, leftover to owner, \"the same position came back 3 times\"   // H8\n",
        &json,
    );
    let mut game = position(hoyito(), "south", &start, &north, [20, 20]);
    let (last, rest) = played.split_last().expect("actions");
    for action in rest {
        apply(&mut game, action);
        assert_ongoing(&game);
    }
    apply(&mut game, last);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the same position came back 3 times"));
    // Each player's score: their store and the stones of their own holes.
    let own = |row: &str| ending.rows[row].iter().map(|&c| u32::from(c)).sum::<u32>();
    let expected = [ending.captured.south + own("a"), ending.captured.north + own("b")];
    assert_eq!(game.result().map(|r| r.score), Some(expected));
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 hoyito.py 7`).
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(hoyito());
    let counts: Vec<u64> = (1..=7).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [6, 32, 140, 638, 3029, 13793, 58653]);
}

/// 100 random games of the independent model (tests/fixtures/hoyito-model.jsonl): the engine
/// agrees at every step on the board, the stores, the player to move and the legal actions, then
/// on the result.
#[test]
fn a_hundred_games_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(hoyito(), "hoyito-model.jsonl", plain_model_view), 100);
}
