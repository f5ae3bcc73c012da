//! Abalala'e: every ruling of rules/abalalae.mancala on an exact position worked out by hand,
//! then the perft counts and random matches of an independent model
//! (tests/fixtures/models/abalalae.py), agreeing at every step, the opening race included.
//!
//! Rows from South's edge: `a` South's row, `b` the middle row (b1-b3 North's, b4-b6 South's), `c`
//! North's row. South sows a1-a6, b6-b1, c1-c6; North c6-c1, b1-b6, a6-a1. 54 stones in all.

mod common;

use common::*;
use mancala::engine::position::parse_position;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn abalalae() -> &'static Rules {
    rules("abalalae")
}

/// A game from a position in `phase` (both players'), with what each player has won.
fn at_in(rules: &'static Rules, phase: &str, to_move: &str, rows: [[u16; 6]; 3], captured: [u32; 2]) -> Game<'static> {
    setup(rules, to_move).rows(rows).captured(captured).phase(phase).game()
}

/// A position after the race, the stones off the board split between the stores to make 54.
fn at(to_move: &str, rows: [[u16; 6]; 3]) -> Game<'static> {
    setup(abalalae(), to_move).rows(rows).rest_captured(54).phase("play").game()
}

#[test]
fn a1_a2_a3_each_player_sows_their_own_serpent_through_the_three_rows() {
    let game = Game::new(abalalae());
    assert_rows(&game, [[3; 6]; 3]);
    assert_eq!(game.state().total(abalalae()), 54);
    // South's b4 (2): b3, b2 — right to left through the whole middle row, into North's half.
    let mut game = at("south", [[1, 0, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0], [0, 2, 0, 0, 0, 0]]);
    apply(&mut game, "b4");
    assert_rows(&game, [[1, 0, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0], [0, 2, 0, 0, 0, 0]]);
    assert_eq!(to_move(&game), Some("north"));
    // North's c2 (2): c1, then b1 — North's serpent turns into the middle row at its column 1 end.
    // b1 was empty and faces a1, empty: the move ends.
    let mut game = at("north", [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0]]);
    apply(&mut game, "c2");
    assert_rows(&game, [[0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]]);
    assert_eq!(to_move(&game), Some("south"));
    // A relay: South's a5 (2): a6, then b6, which held 1: its 2 go on to b5 and b4.
    let mut game = at("south", [[0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]]);
    apply(&mut game, "a5");
    assert_rows(&game, [[0, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0], [1, 0, 0, 0, 0, 0]]);
}

#[test]
fn a4_an_empty_own_hole_takes_the_opponents_holes_in_its_column_and_the_stone_moves_on() {
    // a2 (1) falls into a3, empty; on South's left half two holes of North's face it, b3 (2) and
    // c3 (4): both are taken. a3's stone moves on to a4, empty, facing c4, empty: the move ends.
    let mut game = at("south", [[0, 1, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0], [1, 0, 4, 0, 0, 0]]);
    let before = stores(&game);
    apply(&mut game, "a2");
    assert_rows(&game, [[0, 0, 0, 1, 0, 0], [0; 6], [1, 0, 0, 0, 0, 0]]);
    assert_eq!(stores(&game), [before[0] + 6, before[1]]);
    assert_eq!(to_move(&game), Some("north"));
    // On the right half one hole faces: b5 (1) into b4, empty; c4 (5) is taken (a4 is South's own).
    // b4's stone moves on to b3, North's: the move ends there.
    let mut game = at("south", [[0, 0, 0, 2, 0, 0], [0, 0, 0, 0, 1, 0], [1, 0, 0, 5, 0, 0]]);
    let before = stores(&game);
    apply(&mut game, "b5");
    assert_rows(&game, [[0, 0, 0, 2, 0, 0], [0, 0, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0]]);
    assert_eq!(stores(&game), [before[0] + 5, before[1]]);
    // The stone moving on can capture again: a2 (1) into a3 takes c3 (3); a3's stone into a4
    // takes c4 (2); a4's stone into a5, facing nothing: the move ends.
    let mut game = at("south", [[0, 1, 0, 0, 0, 0], [0; 6], [1, 0, 3, 2, 0, 0]]);
    let before = stores(&game);
    apply(&mut game, "a2");
    assert_rows(&game, [[0, 0, 0, 0, 1, 0], [0; 6], [1, 0, 0, 0, 0, 0]]);
    assert_eq!(stores(&game), [before[0] + 5, before[1]]);
    // Facing nothing, an empty own hole ends the move and the stone stays.
    let mut game = at("south", [[0, 1, 0, 0, 0, 0], [0; 6], [1, 0, 0, 0, 0, 0]]);
    let before = stores(&game);
    apply(&mut game, "a2");
    assert_rows(&game, [[0, 0, 1, 0, 0, 0], [0; 6], [1, 0, 0, 0, 0, 0]]);
    assert_eq!(stores(&game), before);
}

/// A race from a small position, the stones off the board split between the stores.
fn race(rows: [[u16; 6]; 3]) -> Game<'static> {
    let on_board: u32 = rows.iter().flatten().map(|&c| u32::from(c)).sum();
    let rest = 54 - on_board;
    at_in(abalalae(), "race", "south", rows, [rest / 2, rest - rest / 2])
}

#[test]
fn a5_a9_the_match_opens_with_a_race_from_each_leftmost_hole_and_the_first_to_finish_moves() {
    let mut game = Game::new(abalalae());
    assert_legal(&game, &["a1"]);
    apply(&mut game, "a1");
    assert_eq!(to_move(&game), Some("north"));
    assert_legal(&game, &["c6"]);
    assert_rows(&game, [[3; 6]; 3]);
    // South's a1 (1) falls into a2 in the first moment: empty, facing nothing; South is done.
    // North's c6 (2): c5, then c4 in the second moment, empty, facing a4 (3) (b4 is South's too):
    // taken, and c4's stone moves on to c3 in the third, facing nothing. South finished first.
    let mut game = race([[1, 0, 0, 3, 0, 0], [5, 0, 0, 0, 5, 0], [0, 0, 0, 0, 0, 2]]);
    let before = stores(&game);
    apply(&mut game, "a1, c6");
    assert_rows(&game, [[0, 1, 0, 0, 0, 0], [5, 0, 0, 0, 5, 0], [0, 0, 1, 0, 1, 0]]);
    assert_eq!(stores(&game), [before[0], before[1] + 3]);
    assert_eq!(to_move(&game), Some("south"));
    assert_eq!(game.position().phase.map(|p| [p.south, p.north]), Some(["play".to_string(), "play".to_string()]));
    // Both finishing in the first moment, each in an empty own hole facing nothing: South's stone
    // fell first, so South moves.
    let mut game = race([[1, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 5], [0, 0, 0, 0, 0, 1]]);
    apply(&mut game, "a1, c6");
    assert_rows(&game, [[0, 1, 0, 0, 0, 0], [5, 0, 0, 0, 0, 5], [0, 0, 0, 0, 1, 0]]);
    assert_eq!(to_move(&game), Some("south"));
}

#[test]
fn a6_a7_a10_a11_a_round_ends_with_an_emptied_side_and_the_poorer_refills_all_and_starts() {
    // a2 (1) into a3 takes b3 (4) and c3 (3), North's last stones; a3's stone moves on to a4.
    // North's holes are empty: the round ends, South taking a4 (1) and a6 (6): South 20 + 7 + 7 =
    // 34, North 20. North fills seven holes, c6-c1 with three and b1 with the 2 left; South as
    // many, a1-a6 and b6, keeping 13. North, the poorer, starts, with a move of its own.
    let mut game = at_in(abalalae(), "play", "south", [[0, 1, 0, 0, 0, 6], [0, 0, 4, 0, 0, 0], [0, 0, 3, 0, 0, 0]], [20, 20]);
    apply(&mut game, "a2");
    let p = game.position();
    assert_eq!(p.round, Some(2));
    assert_rows(&game, [[3; 6], [2, 0, 0, 0, 0, 3], [3; 6]]);
    assert_eq!(stores(&game), [13, 0]);
    assert_eq!(p.closed, Some(Vec::new()));
    assert_eq!(to_move(&game), Some("north"));
    assert_eq!(p.phase.map(|p| [p.south, p.north]), Some(["play".to_string(), "play".to_string()]));
    assert_legal(&game, &["b1", "c1", "c2", "c3", "c4", "c5", "c6"]);
}

#[test]
fn a8_a_player_with_no_stone_to_place_loses_the_match() {
    // The same capture, North having won nothing before.
    let mut game = at_in(abalalae(), "play", "south", [[0, 1, 0, 0, 0, 6], [0, 0, 4, 0, 0, 0], [0, 0, 3, 0, 0, 0]], [40, 0]);
    apply(&mut game, "a2");
    assert_result(&game, Some("south"), [54, 0]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("north cannot fill a hole"));
}

#[test]
fn a12_a_position_seen_a_third_time_in_a_round_ends_the_round() {
    // A few stones going round and round (found by a search of small positions). Played without
    // the repetition rule, the first position seen a third time is found; with it, the round ends
    // after exactly that action.
    let start = json!({
        "to_move": "south",
        "rows": {"a": [0, 1, 1, 0, 0, 0], "b": [0, 1, 0, 2, 0, 0], "c": [0, 1, 0, 0, 0, 0]},
        "captured": {"south": 24, "north": 24},
        "phase": {"south": "play", "north": "play"},
    })
    .to_string();
    let (played, _) = third_repetition(
        "abalalae",
        "    when position repeats 3 times, leftover to owner, \"the same position came back 3 times\"   // A12\n",
        &start,
    );
    let mut game = Game::from_state(abalalae(), parse_position(&start, abalalae()).expect("a position"));
    for (i, action) in played.iter().enumerate() {
        assert_eq!(game.position().round, Some(1), "after {i} actions");
        apply(&mut game, action);
    }
    assert_eq!(game.position().round, Some(2), "the round ends after {} actions", played.len());
    assert_eq!(game.state().total(abalalae()), 54);
}

#[test]
fn tracks_of_their_own_are_given_for_both_players_or_not_at_all() {
    let source = std::fs::read_to_string(rules_path("abalalae")).expect("rules/abalalae.mancala");
    let north = "    north track c6-c1 b1-b6 a6-a1           // A2\n";
    assert_eq!(source.matches(north).count(), 1);
    let check = |text: &str| stderr(&mancala_with_input(&["check", "--color", "never", "-"], text));
    let one = check(&source.replace(north, ""));
    assert!(one.contains("south has a track of their own, north none"), "{one}");
    let both = check(&source.replace(north, "    track a1-a6 b6-b4 c6-c1 b1-b3\n"));
    assert!(both.contains("the board's circuit is given twice"), "{both}");
    let twice = check(&source.replace(north, "    north track c6-c1 b1-b6 a6-a1\n    north track c6-c1 b1-b6 a6-a1\n"));
    assert!(twice.contains("north track"), "{twice}");
    // A capture that goes on cannot also sow its stones on.
    let resown = check(&source.replace("    continue from last hole", "    continue from last hole\n    sow captured from next hole"));
    assert!(resown.contains("both sows its stones on and goes on from a hole"), "{resown}");
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 abalalae.py 6`): depths 1 and 2 are the
/// race's two choices, one each.
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(abalalae());
    let counts: Vec<u64> = (1..=6).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [1, 1, 8, 52, 359, 2555]);
}

/// 100 random matches of the independent model (tests/fixtures/abalalae-model.jsonl), from the
/// race through every round: the engine agrees at every step on the board, the stores, the round,
/// the player to move and the legal actions, then on the result.
#[test]
fn a_hundred_matches_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(abalalae(), "abalalae-model.jsonl", model_view), 100);
}

/// A position as the model writes it: the 18 counts, the two stores, the round, the player to
/// move and the legal actions.
fn model_view(game: &Game<'_>) -> Value {
    let state = game.state();
    model_line(game, [json!(state.captured[0]), json!(state.captured[1]), json!(state.round)])
}
