//! Bosh scenarios: every rule of docs/games/bosh.md and rulings B1–B9, played on the shipped
//! rules/bosh.mancala (a match of rounds by default, `rounds=1` for a single round); positions
//! computed by hand.
//!
//! The circuit (counter-clockwise) is a1 → a5, then b5 → b1, then a1 again; Marin's holes A–J are
//! a1–a5, b5–b1. Captures are each player's stock: `[south, north]`.

mod common;

use std::sync::OnceLock;

use common::*;
use mancala::engine::position::parse_position;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn bosh() -> &'static Rules {
    rules("bosh")
}

fn bosh_one_round() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| mancala::load_file(rules_path("bosh"), &["rounds=1"]).expect("bosh loads with rounds=1"))
}

/// A game from a position: rows, stocks, closed holes and the round.
fn at<'r>(rules: &'r Rules, to_move: &str, a: [u16; 5], b: [u16; 5], captured: [u32; 2], closed: &[&str], round: u16) -> Game<'r> {
    let at = setup(rules, to_move).rows([a, b]).captured(captured);
    if rules.rounds.is_some() {
        at.fields(json!({"closed": closed, "round": round})).game()
    } else {
        at.game()
    }
}

/// Plays actions; the 40 stones (board + stocks) never change.
#[track_caller]
fn play(game: &mut Game<'_>, actions: &str) {
    apply(game, actions);
    assert_eq!(total(game), 40, "stones not conserved; position: {}", game.position_json());
}

/// The exact position: player to move, rows, stocks, closed holes and round.
#[track_caller]
fn assert_at(game: &Game<'_>, to_move: Option<&str>, a: [u16; 5], b: [u16; 5], captured: [u32; 2], closed: &[&str], round: u16) {
    assert_position(game, to_move, &a, &b, captured);
    assert_closed_and_round(game, closed, round);
}

// ---------------------------------------------------------------- sowing and capture (B1–B3)

#[test]
fn marins_worked_example() {
    // B3: South lifts E (a5), sows F G H I (b5 b4 b3 b2); the next hole J (b1) holds 4: lifts it,
    // sows A B C D (a1–a4); the next hole E is empty: the move ends, South takes F (b5), 5.
    let mut game = Game::new(bosh());
    play(&mut game, "a5");
    assert_at(&game, Some("north"), [5, 5, 5, 5, 0], [0, 5, 5, 5, 0], [5, 0], &[], 1);
    assert_eq!(game.last_laps(), 2);
}

#[test]
fn the_relay_lifts_the_next_hole_not_the_last() {
    // a1 (1) → a2; the next hole a3 holds 2: lift it, sow a4, a5; the next hole b5 is empty: the
    // move ends and South takes b4 beyond it (3).
    let mut game = at(bosh(), "south", [1, 0, 2, 0, 0], [2, 0, 0, 3, 0], [17, 15], &[], 1);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [0, 1, 0, 1, 1], [2, 0, 0, 0, 0], [20, 15], &[], 1);
}

#[test]
fn two_empty_holes_after_the_last_capture_nothing() {
    // a1 (1) → a2; a3 and a4 are empty: no capture, the turn is over.
    let mut game = at(bosh(), "south", [1, 0, 0, 0, 0], [0, 0, 0, 0, 2], [20, 17], &[], 1);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [0, 1, 0, 0, 0], [0, 0, 0, 0, 2], [20, 17], &[], 1);
}

#[test]
fn the_hole_beyond_is_taken_on_either_side() {
    // Own side: a1 (1) → a2; a3 empty; South takes its own a4 (2).
    let mut game = at(bosh(), "south", [1, 0, 0, 2, 0], [0, 0, 0, 0, 2], [20, 15], &[], 1);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [0, 1, 0, 0, 0], [0, 0, 0, 0, 2], [22, 15], &[], 1);
    // Round the corner: North b1 (1) → a1; a2 empty; North takes South's a3 (3).
    let mut game = at(bosh(), "north", [0, 0, 3, 1, 0], [1, 0, 0, 0, 2], [20, 13], &[], 1);
    play(&mut game, "b1");
    assert_at(&game, Some("south"), [1, 0, 0, 1, 0], [0, 0, 0, 0, 2], [20, 16], &[], 1);
}

#[test]
fn closed_holes_are_skipped_when_sowing() {
    // B1: a4 is closed: a3 (2) → a5, b5 (a4 does not exist). b5 was empty, b4 is empty: the move
    // ends, and b3 beyond is empty: nothing taken.
    let mut game = at(bosh(), "south", [0, 0, 2, 0, 0], [1, 0, 0, 0, 0], [17, 20], &["a4"], 2);
    play(&mut game, "a3");
    assert_at(&game, Some("north"), [0, 0, 0, 0, 1], [1, 0, 0, 0, 1], [17, 20], &["a4"], 2);
}

#[test]
fn closed_holes_are_skipped_by_the_next_hole_test() {
    // a2 (1) → a3; the next hole is a5 (a4 closed), holding 3: lift it, sow b5 b4 b3; b2 is empty:
    // the move ends; South takes b1 (2) beyond it.
    let mut game = at(bosh(), "south", [0, 1, 0, 0, 3], [2, 0, 0, 0, 0], [14, 20], &["a4"], 2);
    play(&mut game, "a2");
    assert_at(&game, Some("north"), [0, 0, 1, 0, 0], [0, 0, 1, 1, 1], [16, 20], &["a4"], 2);
}

#[test]
fn closed_holes_are_skipped_by_the_look_ahead() {
    // a1 (1) → a2; a3 is empty; beyond it a4 is closed, so the hole beyond is a5 (3): taken.
    let mut game = at(bosh(), "south", [1, 0, 0, 0, 3], [0, 0, 0, 0, 2], [14, 20], &["a4"], 2);
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [0, 1, 0, 0, 0], [0, 0, 0, 0, 2], [17, 20], &["a4"], 2);
}

#[test]
fn a_closed_hole_cannot_be_played_and_the_json_lists_it() {
    let game = at(bosh(), "south", [4, 4, 0, 0, 0], [4, 4, 4, 4, 4], [2, 10], &["a3", "a4", "a5"], 3);
    assert_legal(&game, &["a1", "a2"]);
    let json: Value = serde_json::from_str(&game.position_json()).expect("JSON");
    assert_eq!(json["closed"], json!(["a3", "a4", "a5"]));
    // A position cannot put stones in a closed hole.
    let bad = json!({"to_move": "south", "rows": {"a": [4, 4, 1, 0, 0], "b": [4, 4, 4, 4, 4]}, "captured": {"south": 1, "north": 10}, "closed": ["a3"], "round": 2});
    assert!(parse_position(&bad.to_string(), bosh()).is_err());
}

#[test]
fn a_player_whose_every_move_would_never_end_passes() {
    // B4b. Round 2, only a3 and b5 open (found by a search over positions with closed holes):
    // South's a3 (8) would relay round the two holes for ever, so South's only action is `pass`;
    // North's b5 (10) does end.
    let closed = ["a1", "a2", "a4", "a5", "b1", "b2", "b3", "b4"];
    let mut game = at(bosh(), "south", [0, 0, 8, 0, 0], [0, 0, 0, 0, 10], [0, 22], &closed, 2);
    assert_legal(&game, &["pass"]);
    assert_illegal(&mut game, "a3");
    play(&mut game, "pass");
    assert_at(&game, Some("north"), [0, 0, 8, 0, 0], [0, 0, 0, 0, 10], [0, 22], &closed, 2);
    assert_legal(&game, &["b5"]);
}

#[test]
fn a_move_of_hundreds_of_laps_is_played_to_its_end() {
    // No lap cap: from this position (met in a random game) a4 sows 267 laps and ends.
    let mut game = at(bosh_one_round(), "south", [3, 0, 3, 1, 5], [0, 5, 0, 0, 4], [10, 9], &[], 1);
    assert_legal(&game, &["a1", "a3", "a4", "a5"]);
    play(&mut game, "a4");
    assert_eq!(game.last_laps(), 267);
}

// ---------------------------------------------------------------- rounds (B4–B7)

#[test]
fn a_player_left_without_stones_forfeits_the_board_and_a_new_round_starts() {
    // South a3 (1) → a4; a5 is empty; South takes b5 (2), North's last stones. North, to move,
    // has no stone: the round ends (B4) and South takes the board (a1 3, a4 1). Stocks: South
    // 20 + 2 + 4 = 26, North 14. B5: South fills its 5 holes (20, 6 left); North 3 holes from its
    // left, b5 b4 b3 (12, 2 left); b2 and b1 close. B7: North starts round 2.
    let mut game = at(bosh(), "south", [3, 0, 1, 0, 0], [0, 0, 0, 0, 2], [20, 14], &[], 1);
    play(&mut game, "a3");
    assert_at(&game, Some("north"), [4, 4, 4, 4, 4], [0, 0, 4, 4, 4], [6, 2], &["b1", "b2"], 2);
    assert_legal(&game, &["b3", "b4", "b5"]);
    assert_ongoing(&game);
}

#[test]
fn closed_holes_reopen_when_the_stock_allows_and_the_starter_alternates() {
    // Round 2, North's b1 b2 closed. North b4 (1) → b3; the next holes b2, b1 are closed, so the
    // next is a1, empty: the move ends; North takes a2 (4) beyond it. South has no stone: the round
    // ends, North takes the board (b3 1, b5 2): North 23 + 4 + 3 = 30, South 10. Round 3: South
    // fills a1 a2 (2 left), a3–a5 close; North fills all five (b1, b2 reopen; 10 left). South
    // starts round 3.
    let mut game = at(bosh(), "north", [0, 4, 0, 0, 0], [0, 0, 0, 1, 2], [10, 23], &["b1", "b2"], 2);
    play(&mut game, "b4");
    assert_at(&game, Some("south"), [4, 4, 0, 0, 0], [4, 4, 4, 4, 4], [2, 10], &["a3", "a4", "a5"], 3);
}

#[test]
fn a_player_who_cannot_fill_a_hole_loses_the_match() {
    // Round 5; North has one open hole, b5 (3). South a3 (1) → a4; a5 is empty: South takes b5.
    // North has no stone: the round ends, South takes the board; North's stock is 3, less than
    // one hole's 4: North loses the match (B6). The score is each player's stones.
    let mut game = at(bosh(), "south", [0, 0, 1, 0, 0], [0, 0, 0, 0, 3], [33, 3], &["b1", "b2", "b3", "b4"], 5);
    play(&mut game, "a3");
    assert_at(&game, None, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [37, 3], &["b1", "b2", "b3", "b4"], 5);
    assert_result(&game, Some("south"), [37, 3]);
    assert_eq!(game.result().unwrap().reason, "north cannot fill a hole");
}

#[test]
fn b9_a_round_starting_the_same_way_for_the_fifth_time_ends_the_match() {
    // S0, a round start: South's 6 fill a1 (2 left), North's 34 all five (14 left), South to
    // move (round 3). Two rounds (found by a search) lead from S0 to S1 and back.
    let s0 =
        |game: &Game<'_>, round: u16| assert_at(game, Some("south"), [4, 0, 0, 0, 0], [4; 5], [2, 14], &["a2", "a3", "a4", "a5"], round);
    let s1 =
        |game: &Game<'_>, round: u16| assert_at(game, Some("north"), [4, 0, 0, 0, 0], [4; 5], [0, 16], &["a2", "a3", "a4", "a5"], round);
    let mut game = at(bosh(), "south", [4, 0, 0, 0, 0], [4; 5], [2, 14], &["a2", "a3", "a4", "a5"], 3);
    // a1 (4) → b5 b4 b3 b2 (5 each), past the closed holes; b1 (4) lifted: a1, b5 b4 b3 (6);
    // b2 (5) lifted: b1, a1 (2), b5 b4 b3 (7); b2 is empty: South takes b1 beyond it (1).
    play(&mut game, "a1");
    assert_at(&game, Some("north"), [2, 0, 0, 0, 0], [0, 0, 7, 7, 7], [3, 14], &["a2", "a3", "a4", "a5"], 3);
    // Three more moves end the round, South now with 4 stones and North 36: S1, South's a1
    // filled, North's five (16 left), North's turn to start. The next round gives South its 6
    // back: S0 again.
    let to_s1 = "b3, a1, b1";
    let to_s0 = "b2, a1, b1, a1, b2, a1, b3, a1, b5";
    play(&mut game, to_s1);
    s1(&game, 4);
    play(&mut game, to_s0);
    s0(&game, 5);
    // So far S1 started round 4 and S0 round 5 (the start the test began from is not counted:
    // only rounds started in this game are). Three more pairs, then S1 starts round 12 — after
    // rounds 4, 6, 8 and 10, the fifth time — which ends the match, each scoring their stones
    // (`leftover to owner`): South 0 + 4, North 16 + 20.
    for round in [7, 9, 11] {
        play(&mut game, &format!("a1, {to_s1}"));
        s1(&game, round - 1);
        assert_ongoing(&game);
        play(&mut game, to_s0);
        s0(&game, round);
    }
    play(&mut game, &format!("a1, {to_s1}"));
    assert_result(&game, Some("north"), [4, 36]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the same round start came back 5 times"));
}

#[test]
fn with_one_round_the_round_end_ends_the_game() {
    // The same move as above with rounds=1: the game ends. B4's forfeit moves the board's stones
    // (a3's 1 now in a4, and a1's 3) to South, as at the end of a round in a match: the final
    // position shows them in South's captures. No `round` or `closed` in the JSON.
    let mut game = at(bosh_one_round(), "south", [3, 0, 1, 0, 0], [0, 0, 0, 0, 2], [20, 14], &[], 1);
    play(&mut game, "a3");
    assert_position(&game, None, &[0, 0, 0, 0, 0], &[0, 0, 0, 0, 0], [26, 14]);
    assert_result(&game, Some("south"), [26, 14]);
    let json: Value = serde_json::from_str(&game.position_json()).expect("JSON");
    assert!(json.get("round").is_none() && json.get("closed").is_none(), "{json}");
}

// ---------------------------------------------------------------- repetition (B8)

/// A game from the start (met in random play) whose last action repeats a position a third time.
const REPEATING: &str = "a1, b1, a4, b5, a3, b3, a3, b5, a5, b1, a1, b2, a5, b4, a5, b5, a2, b1, a1, b4, a2, b3, a3, b2, a4, \
                         b1, a5, b5, a1, b4, a2, b3, a3, b2, a4, b1, a5, b5";

#[test]
fn a_third_repetition_ends_the_round_each_taking_their_own_holes() {
    // rounds=1: the game ends; each player adds the stones of their own row (B8). Before the
    // last action South's a1 and North's b5 hold a stone each, stocks 20 and 18; North's b5 (1)
    // falls into b4, b3 is empty (no relay) and b2 beyond it too (no capture): a1 1, b4 1, the
    // third time. The stones left move into the owners' captures: the final board is empty and
    // shows the score, 21 to 19.
    let mut single = Game::new(bosh_one_round());
    let (most, last) = REPEATING.rsplit_once(", ").expect("a list");
    play(&mut single, most);
    assert_ongoing(&single);
    assert_position(&single, Some("north"), &[1, 0, 0, 0, 0], &[0, 0, 0, 0, 1], [20, 18]);
    assert_eq!(apply_to_end(&mut single, last), ["south a1 1", "north b4 1"], "each hole left goes to its owner");
    assert_position(&single, None, &[0, 0, 0, 0, 0], &[0, 0, 0, 0, 0], [21, 19]);
    assert_result(&single, Some("south"), [21, 19]);
    assert_eq!(single.result().unwrap().reason, "the same position came back 3 times");
    let score = [21, 19];
    // In a match the same actions end round 1 the same way: the stocks are those scores, then
    // the refill. Round 2 starts with North.
    let mut matched = Game::new(bosh());
    play(&mut matched, REPEATING);
    let m = matched.position();
    assert_eq!(m.round, Some(2));
    assert_eq!(m.to_move.map(|p| p.name()), Some("north"));
    for (row, player) in [("a", 0), ("b", 1)] {
        let on_board: u32 = m.rows[row].iter().map(|&c| u32::from(c)).sum();
        let stock = [m.captured.south, m.captured.north][player];
        assert_eq!(on_board + stock, score[player], "row {row}: refilled holes + stock = the round's stones");
        assert_eq!(on_board, (score[player] / 4).min(5) * 4, "row {row}: as many holes of 4 as the stock allows");
    }
}

// ---------------------------------------------------------------- the interchange across a round boundary

#[test]
fn run_crosses_a_round_boundary() {
    // Checked by hand for the last action: North b4 (1) → b3; b2 (1) is next: lift it, sow b1; a1
    // is empty: the move ends, North takes a2 (1). South has no stone: North takes the board (9):
    // stocks 25 and 15. South refills 5 holes (5 left), North 3 (3 left), b1 b2 close; North
    // starts round 2.
    let moves = "a2, b1, a1, b5, a4, b3, a1, b4, a5, b1, a1, b4";
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["run", &rules_path("bosh"), "--moves", moves, "--json"])
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(
        json,
        json!({
            "game": "Bosh",
            "options": {"rounds": "match"},
            "to_move": "north",
            "rows": {"a": [4, 4, 4, 4, 4], "b": [0, 0, 4, 4, 4]},
            "captured": {"south": 5, "north": 3},
            "owners": {},
            "closed": ["b1", "b2"],
            "round": 2,
            "legal": ["b3", "b4", "b5"],
            "status": "ongoing",
            "result": null
        })
    );
}
