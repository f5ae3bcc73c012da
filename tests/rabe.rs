//! Rab'e: every ruling of rules/rabe.mancala on an exact position worked out by hand (R9's
//! repetitions found by a search and in a random match of the model, then checked move by move),
//! then the perft counts and random matches of an independent model
//! (tests/fixtures/models/rabe.py), agreeing at every step.
//!
//! Rows from South's edge: `a` South's row, `b` the middle row (b1-b3 North's, b4-b6 South's), `c`
//! North's row. The track: a1-a6 b6-b4 c6-c1 b1-b3. 72 stones in all, on the board or in stores.

mod common;

use common::*;
use mancala::engine::position::parse_position;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn rabe() -> &'static Rules {
    rules("rabe")
}

/// A game from a position: the three rows of six and what each player has won so far.
fn at_with(to_move: &str, rows: [[u16; 6]; 3], captured: [u32; 2]) -> Game<'static> {
    setup(rabe(), to_move).rows(rows).captured(captured).game()
}

/// A game from a position of the three rows, the stones not on the board split between the
/// players' stores (South first) to make 72.
fn at(to_move: &str, rows: [[u16; 6]; 3]) -> Game<'static> {
    setup(rabe(), to_move).rows(rows).rest_captured(72).game()
}

#[test]
fn r1_r2_three_rows_share_the_middle_one_and_the_track_runs_through_all() {
    let game = Game::new(rabe());
    // South owns row a and b4-b6; North row c and b1-b3.
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6", "b4", "b5", "b6"]);
    let board = mancala::cli::board::draw(&game, mancala::Holes::EMPTY);
    assert!(board.contains("north b1-b3, south b4-b6"), "{board}");
    // a6 (2): b6 then b5, along South's half of the middle row right to left; b5 was empty.
    let mut game = at("south", [[1, 0, 0, 0, 0, 2], [0; 6], [2, 0, 0, 0, 0, 0]]);
    apply(&mut game, "a6");
    assert_eq!(game.position().rows["b"], [0, 0, 0, 0, 1, 1]);
    // North's c1 (2) goes on into North's half: b1, b2.
    assert_legal(&game, &["c1"]);
    apply(&mut game, "c1");
    assert_eq!(game.position().rows["b"], [1, 1, 0, 0, 1, 1]);
    // From b4, South's last middle hole, the track crosses to North's row at c6.
    let mut game = at("south", [[1, 0, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0], [1, 0, 0, 0, 0, 0]]);
    apply(&mut game, "b4");
    assert_eq!(game.position().rows["c"], [1, 0, 0, 0, 1, 1]);
}

#[test]
fn r3_a_hole_made_four_is_taken_and_a_last_one_ends_the_move() {
    // b4 (2): c6 made four (North's) is taken by South; c5, empty, ends the move.
    let mut game = at("south", [[1, 0, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0], [1, 0, 0, 0, 0, 3]]);
    let before = game.position().captured.south;
    apply(&mut game, "b4");
    assert_eq!(game.position().rows["c"], [1, 0, 0, 0, 1, 0]);
    assert_eq!(game.position().captured.south, before + 4);
    // a5 (1) makes a6 four: taken, and the lap ends there though a6 was occupied.
    let mut game = at("south", [[0, 0, 0, 0, 1, 3], [0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]]);
    let before = game.position().captured.south;
    apply(&mut game, "a5");
    assert_eq!(game.position().rows["a"], [0; 6]);
    assert_eq!(game.position().captured.south, before + 4);
    assert_eq!(game.to_move().map(|p| p.name()), Some("north"));
}

#[test]
fn r4_r5_r7_r8_a_round_ends_with_each_taking_their_own_and_the_poorer_fills_first_and_starts() {
    // South's b4 (1) makes c6 four: taken; North's holes are empty, so the round ends. South
    // takes its a1 (2): 25 + 4 + 2 = 31; North has 41.
    let mut game = at_with("south", [[2, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 3]], [25, 41]);
    apply(&mut game, "b4");
    // South, the poorer, fills 8 holes: a1-a6 b6 with four, b5 with the 3 left; North as many,
    // c6-c1 b1 b2, keeping 9. b3 and b4 stay empty, in play. South starts.
    assert_rows(&game, [[4, 4, 4, 4, 4, 4], [4, 4, 0, 0, 3, 4], [4, 4, 4, 4, 4, 4]]);
    let p = game.position();
    assert_eq!(([p.captured.south, p.captured.north], p.round, p.closed.clone()), ([0, 9], Some(2), Some(Vec::new())));
    assert_eq!(game.to_move().map(|p| p.name()), Some("south"));
    assert_eq!(total_of(&game), 72);
}

#[test]
fn r8_with_equal_stones_the_turn_passes_as_after_any_move() {
    let mut game = at_with("south", [[2, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 3]], [30, 36]);
    apply(&mut game, "b4");
    // 36 each: both fill all nine holes; South moved last, so North starts.
    assert_rows(&game, [[4; 6], [4; 6], [4; 6]]);
    assert_eq!(game.to_move().map(|p| p.name()), Some("north"));
}

#[test]
fn winner_starts_gives_the_next_round_to_the_richer_player() {
    // The same round end as above, in a variant whose winner starts: North, with 41 against 31.
    let mut source = std::fs::read_to_string(rules_path("rabe")).expect("rules/rabe.mancala");
    assert_eq!(source.matches("    loser starts").count(), 1);
    source = source.replace("    loser starts", "    winner starts");
    let rules = mancala::load_str("rabe-winner.mancala", &source, &[] as &[&str]).expect("the variant loads");
    let json = json!({
        "to_move": "south",
        "rows": {"a": [2, 0, 0, 0, 0, 0], "b": [0, 0, 0, 1, 0, 0], "c": [0, 0, 0, 0, 0, 3]},
        "captured": {"south": 25, "north": 41},
    });
    let state = parse_position(&json.to_string(), &rules).expect("a position");
    let mut game = Game::from_state(&rules, state);
    apply(&mut game, "b4");
    assert_eq!(game.position().round, Some(2));
    assert_eq!(game.to_move().map(|p| p.name()), Some("north"));
}

#[test]
fn r6_a_player_with_no_stone_to_place_loses_the_match() {
    // North's b3 (1) makes a1 four: taken; South's holes are empty and South has won nothing.
    let mut game = at_with("north", [[3, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0], [5, 0, 0, 0, 0, 0]], [0, 63]);
    apply(&mut game, "b3");
    assert_result(&game, Some("north"), [0, 72]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("south cannot fill a hole"));
}

/// The R9 line that ends a round on a position seen for the third time.
const POSITION_REPEATS: &str = "    when position repeats 3 times, leftover to owner, \"the same position came back 3 times\"   // R9\n";

/// The R9 line that ends a match on a round start seen for the third time.
const ROUND_START_REPEATS: &str =
    "    end match when round start repeats 3 times, leftover to owner, \"the same round start came back 3 times\"   // R9\n";

#[test]
fn r9_a_position_seen_a_third_time_in_a_round_ends_the_round() {
    // Four lone stones chase each other round the track (from a random match of the independent
    // model): after 18 actions, and again after 36, the position is the one they started from.
    let start = [[0, 1, 0, 0, 0, 0], [1, 0, 0, 1, 0, 0], [0, 0, 0, 1, 0, 0]];
    let cycles = [
        "b4, c4, a2, c6, a3, b1, a4, c3, a5, b2, a6, c2, b6, b3, a1, c1, b5, c5",
        "a2, c4, a3, b1, b4, c3, a4, c6, a5, b2, a6, c2, b6, b3, b5, c5, a1, c1",
    ];
    let mut game = at_with("south", start, [32, 36]);
    apply(&mut game, cycles[0]);
    assert_rows(&game, start);
    assert_eq!((game.position().round, to_move(&game)), (Some(1), Some("south")));
    let (most, last) = cycles[1].rsplit_once(", ").expect("a list");
    apply(&mut game, most);
    assert_eq!(game.position().round, Some(1));
    // The third time ends the round, each taking the stones of their own holes: South a2 and b4
    // (34 in all), North b1 and c4 (38). South, the poorer, fills a1-a6 b6 b5 with four and b4
    // with 2; North its nine holes, keeping 2. South starts.
    apply(&mut game, last);
    assert_rows(&game, [[4; 6], [4, 4, 4, 2, 4, 4], [4; 6]]);
    let p = game.position();
    assert_eq!(([p.captured.south, p.captured.north], p.round, to_move(&game)), ([0, 2], Some(2), Some("south")));
    // Without the rule, the same actions leave the round going on.
    let without = variant("rabe", &[(POSITION_REPEATS, "")]);
    let json = json!({"to_move": "south", "rows": {"a": start[0], "b": start[1], "c": start[2]}, "captured": {"south": 32, "north": 36}});
    let mut game = Game::from_state(&without, parse_position(&json.to_string(), &without).expect("a position"));
    apply(&mut game, &format!("{}, {}", cycles[0], cycles[1]));
    assert_rows(&game, start);
    assert_eq!(game.position().round, Some(1));
}

#[test]
fn r9_a_round_starting_the_same_way_for_the_third_time_ends_the_match() {
    // Round 1 ends at once (South's b4 makes c6 four and takes it, leaving North no stone):
    // South has 8, North 64. S: South fills a1 and a2, North c6 and c5, keeping 56; South, the
    // poorer, starts round 2.
    let mut game = at_with("south", [[2, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 3]], [2, 64]);
    apply(&mut game, "b4");
    let s = [[4, 4, 0, 0, 0, 0], [0; 6], [0, 0, 0, 0, 4, 4]];
    assert_rows(&game, s);
    assert_eq!((stores(&game), game.position().round, to_move(&game)), ([0, 56], Some(2), Some("south")));
    // A round (found by a search) that ends with South holding 8 again: South takes two holes
    // made four in passing (8), and its last two stones, b4's, go into North's row (c6, c5),
    // leaving South's holes empty; North takes the 8 left in its own. S starts round 3.
    let round = "a1, c5, a2, c1, a3, b1, a4, b2, a5, b3, a1, c1, a2, b1, a3, b2, a4, c2, a5, b1, a6, c4, b6, c1, b4";
    apply(&mut game, round);
    assert_rows(&game, s);
    assert_eq!((stores(&game), game.position().round, to_move(&game)), ([0, 56], Some(3), Some("south")));
    assert_ongoing(&game);
    // The third start of S ends the match, each counting the stones they own: South 8, North 64.
    apply(&mut game, round);
    assert_result(&game, Some("north"), [8, 64]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the same round start came back 3 times"));
    // Without the rule, S starts round 4 and the match goes on.
    let without = variant("rabe", &[(ROUND_START_REPEATS, "")]);
    let json = json!({"to_move": "south", "rows": {"a": [2, 0, 0, 0, 0, 0], "b": [0, 0, 0, 1, 0, 0], "c": [0, 0, 0, 0, 0, 3]}, "captured": {"south": 2, "north": 64}});
    let mut game = Game::from_state(&without, parse_position(&json.to_string(), &without).expect("a position"));
    apply(&mut game, &format!("b4, {round}, {round}"));
    assert_rows(&game, s);
    assert_eq!((game.position().round, to_move(&game)), (Some(4), Some("south")));
}

fn total_of(game: &Game<'_>) -> u32 {
    let p = game.position();
    p.rows.values().flatten().map(|&c| u32::from(c)).sum::<u32>() + p.captured.south + p.captured.north
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 rabe.py 6`).
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(rabe());
    let counts: Vec<u64> = (1..=5).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [9, 69, 493, 3433, 23987]);
}

/// 100 random matches of the independent model (tests/fixtures/rabe-model.jsonl), through every
/// round: the engine agrees at every step on the board, the stores, the round, the player to move
/// and the legal moves, then on the winner, the score and the reason. They end by a repeated
/// round start (R9), and by a player with no stone to place (R6); two rounds end by a repeated
/// position (R9).
#[test]
fn a_hundred_matches_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(rabe(), "rabe-model.jsonl", model_view), 100);
}

/// A position as the model writes it: the 18 counts, the two stores, the round, the player to
/// move and the legal moves.
fn model_view(game: &Game<'_>) -> Value {
    let state = game.state();
    model_line(game, [json!(state.captured[0]), json!(state.captured[1]), json!(state.round)])
}
