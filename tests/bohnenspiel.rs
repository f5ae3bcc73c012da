//! Das Bohnenspiel: every ruling of rules/bohnenspiel.mancala on an exact position worked out by
//! hand, then the perft counts and random games of an independent model
//! (tests/fixtures/models/bohnenspiel.py), agreeing at every step.
//!
//! Row `a` is South's, `b` North's; sowing runs counter-clockwise, a1 … a6 then b6 … b1. 72 beans.

mod common;

use common::*;
use mancala::{Game, Rules};
use serde_json::json;

fn bohnenspiel() -> &'static Rules {
    rules("bohnenspiel")
}

/// A position, the beans off the board split between the stores (South first) to make 72.
fn at(to_move: &str, a: [u16; 6], b: [u16; 6]) -> Game<'static> {
    setup(bohnenspiel(), to_move).rows([a, b]).rest_captured(72).game()
}

#[test]
fn b1_b2_six_a_hole_and_one_lap_a_move() {
    let mut game = Game::new(bohnenspiel());
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6"]);
    // a6 (6): b6 … b1, each now 7; b1's 7 takes nothing, and no lap follows.
    apply(&mut game, "a6");
    assert_position(&game, Some("north"), &[6, 6, 6, 6, 6, 0], &[7; 6], [0, 0]);
}

#[test]
fn b3_a_hole_made_two_four_or_six_is_taken_with_the_holes_before_it() {
    // a5 (2): a6 (1, now 2), b6 (1, now 2): b6 is taken, then a6 before it, North's and South's
    // alike; a5, just emptied, ends the chain.
    let mut game = at("south", [1, 0, 0, 0, 2, 1], [3, 0, 0, 0, 0, 1]);
    let before = stores(&game);
    apply(&mut game, "a5");
    assert_position(&game, Some("north"), &[1, 0, 0, 0, 0, 0], &[3, 0, 0, 0, 0, 0], [before[0] + 4, before[1]]);
    // a4 (1) makes a5 four: taken.
    let mut game = at("south", [1, 0, 0, 1, 3, 0], [3, 0, 0, 0, 0, 0]);
    let before = stores(&game);
    apply(&mut game, "a4");
    assert_position(&game, Some("north"), &[1, 0, 0, 0, 0, 0], &[3, 0, 0, 0, 0, 0], [before[0] + 4, before[1]]);
    // a3 (2): a4 (1, now 2), a5 (5, now 6): six taken, then a4's two; a3, emptied, stops the chain.
    // A hole of another count stops it as well: a2 (3) is left.
    let mut game = at("south", [0, 3, 2, 1, 5, 0], [3, 0, 0, 0, 0, 0]);
    let before = stores(&game);
    apply(&mut game, "a3");
    assert_position(&game, Some("north"), &[0, 3, 0, 0, 0, 0], &[3, 0, 0, 0, 0, 0], [before[0] + 8, before[1]]);
    // A last bean making 3 or 5 takes nothing.
    let mut game = at("south", [0, 0, 0, 1, 2, 0], [3, 0, 0, 0, 0, 0]);
    let before = stores(&game);
    apply(&mut game, "a4");
    assert_position(&game, Some("north"), &[0, 0, 0, 0, 3, 0], &[3, 0, 0, 0, 0, 0], before);
}

#[test]
fn b4_b5_a_player_who_cannot_move_ends_the_game_and_the_other_receives_the_rest() {
    // a5 (2) takes b6 and a6: North's row is empty and North cannot move. South, the last to
    // move, receives a1's 3: South 30 + 4 + 3 = 37, North 35. South wins.
    let mut game = position(bohnenspiel(), "south", &[3, 0, 0, 0, 2, 1], &[0, 0, 0, 0, 0, 1], [30, 35]);
    apply(&mut game, "a5");
    assert_result(&game, Some("south"), [37, 35]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("north cannot move"));
}

#[test]
fn b6_a_position_seen_a_third_time_ends_the_game_each_taking_their_own() {
    // Single beans chasing each other round the board (found by a search of small positions).
    // Played without the repetition rule, the first position seen a third time is found; with it,
    // the game ends after exactly that move.
    let (a, b) = ([1u16, 0, 1, 1, 0, 1], [0u16, 1, 0, 1, 0, 0]);
    let json = json!({"to_move": "south", "rows": {"a": a, "b": b}, "captured": {"south": 33, "north": 33}}).to_string();
    let (played, ending) = third_repetition(
        "bohnenspiel",
        "    when position repeats 3 times, leftover to owner, \"the same position came back 3 times\"   // B6\n",
        &json,
    );
    let mut game = position(bohnenspiel(), "south", &a, &b, [33, 33]);
    let (last, rest) = played.split_last().expect("moves");
    for action in rest {
        apply(&mut game, action);
        assert_ongoing(&game);
    }
    apply(&mut game, last);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the same position came back 3 times"));
    let own = |row: &str| ending.rows[row].iter().map(|&c| u32::from(c)).sum::<u32>();
    assert_eq!(game.result().map(|r| r.score), Some([ending.captured.south + own("a"), ending.captured.north + own("b")]));
}

#[test]
fn b7_the_stores_hold_what_is_taken_and_no_lap_sows_into_them() {
    // a6 (8): b6 … b1, then a1 and a2 — South's store, by a1, is passed. The last bean makes
    // a2 one: nothing is taken, and no store has gained a bean.
    let mut game = at("south", [0, 0, 0, 0, 0, 8], [1; 6]);
    let before = stores(&game);
    apply(&mut game, "a6");
    assert_position(&game, Some("north"), &[1, 1, 0, 0, 0, 0], &[2; 6], before);
    // What is taken goes to the store: the position shows it as `stores`.
    assert_eq!(game.position().stores.map(|s| [s.south, s.north]), Some(before));
    // Stores not sown into need stores, and give no last seed in a store to play again on.
    let source = std::fs::read_to_string(rules_path("bohnenspiel")).expect("rules/bohnenspiel.mancala");
    let check = |text: &str| stderr(&mancala_with_input(&["check", "--color", "never", "-"], text));
    let without = check(&source.replace("    stores at left                          // B7\n", ""));
    assert!(without.contains("this board has no stores to leave out of the sowing"), "{without}");
    let again = check(&source.replace("    start from own hole ", "    play again when last seed in own store\n    start from own hole "));
    assert!(again.contains("no seed falls into a store that is not sown into"), "{again}");
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 bohnenspiel.py 8`).
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(bohnenspiel());
    let counts: Vec<u64> = (1..=7).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [6, 36, 206, 1166, 6599, 36654, 203586]);
}

/// 100 random games of the independent model (tests/fixtures/bohnenspiel-model.jsonl): the engine
/// agrees at every step on the board, the stores, the player to move and the legal moves, then on
/// the result.
#[test]
fn a_hundred_games_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(bohnenspiel(), "bohnenspiel-model.jsonl", plain_model_view), 100);
}
