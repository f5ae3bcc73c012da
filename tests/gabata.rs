//! Gabata (Adwa): every ruling of rules/gabata.mancala on an exact position worked out by hand,
//! then the perft counts and random matches of an independent model
//! (tests/fixtures/models/gabata.py), agreeing at every step.
//!
//! Rows from South's edge: `a` South's row, `b` the middle row (b1-b3 North's, b4-b6 South's at
//! the start), `c` North's row. The track: a1-a6 b6-b4 c6-c1 b1-b3. 54 stones in all, on the
//! board or in stores. A *wegue* is a claimed hole: its claimer owns it and its stones stay in it.

mod common;

use common::*;
use mancala::{Game, Rules};
use serde_json::{json, Value};

fn gabata() -> &'static Rules {
    rules("gabata")
}

/// A game from a position: the three rows of six, what each player has won, and more fields of
/// the position JSON (`owners`, `claimed`, `intact`); without `intact`, no hole is intact.
fn at_with(to_move: &str, rows: [[u16; 6]; 3], captured: [u32; 2], more: Value) -> Game<'static> {
    setup(gabata(), to_move).rows(rows).captured(captured).field("intact", json!([])).fields(more).game()
}

/// [`at_with`], the stones not on the board split between the stores (South first) to make 54.
fn at(to_move: &str, rows: [[u16; 6]; 3], more: Value) -> Game<'static> {
    setup(gabata(), to_move).rows(rows).rest_captured(54).field("intact", json!([])).fields(more).game()
}

fn claimed(game: &Game<'_>) -> Vec<String> {
    game.position().claimed.unwrap_or_default()
}

#[test]
fn g1_g2_each_owns_a_row_and_half_the_middle_and_sows_along_the_track_relaying() {
    let game = Game::new(gabata());
    assert_legal(&game, &["a1", "a2", "a3", "a4", "a5", "a6", "b4", "b5", "b6"]);
    assert_eq!(game.state().total(gabata()), 54);
    assert_rows(&game, [[3; 6]; 3]);
    // a6 (2): b6, then b5, which held 1: a lap ending in an occupied hole relays; b5's 2 go to
    // b4 and c6, where the track crosses to North's row; c6 was empty, so the move ends.
    let mut game = at("south", [[0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 1, 0], [5, 0, 0, 0, 0, 0]], json!({}));
    apply(&mut game, "a6");
    assert_rows(&game, [[0; 6], [0, 0, 0, 1, 0, 1], [5, 0, 0, 0, 0, 1]]);
    assert_eq!(to_move(&game), Some("north"));
    assert!(claimed(&game).is_empty());
}

#[test]
fn g3_a_last_stone_making_an_opponents_hole_four_claims_it_as_a_wegue_that_keeps_its_stones() {
    // b4 (1) falls into c6 (3): four, in North's hole, which has been emptied before.
    let mut game = at("south", [[1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0], [2, 0, 0, 0, 0, 3]], json!({}));
    let before = stores(&game);
    apply(&mut game, "b4");
    // The hole is South's wegue, its four stones in it; the lap did not relay; nothing was taken.
    assert_rows(&game, [[1, 0, 0, 0, 0, 0], [0; 6], [2, 0, 0, 0, 0, 4]]);
    assert_eq!(claimed(&game), ["c6"]);
    assert_eq!(game.position().owners.get("c6").map(|p| p.name()), Some("south"));
    assert_eq!(stores(&game), before);
    assert_eq!(to_move(&game), Some("north"));
    assert_legal(&game, &["c1"]);
    let board = mancala::cli::board::draw(&game, mancala::Holes::EMPTY);
    assert!(board.contains("4@") && board.contains("@ c6 claimed by south: its stones stay in it"), "{board}");
}

#[test]
fn g4_a_hole_still_holding_its_first_stones_is_not_claimed_and_relays() {
    // The same move, c6 never emptied since the game began (intact): it relays its four to c5 c4
    // c3 c2, and the lap ends in c2, empty before.
    let mut game = at("south", [[1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0], [2, 0, 0, 0, 0, 3]], json!({"intact": ["a1", "c1", "c6"]}));
    apply(&mut game, "b4");
    assert_rows(&game, [[1, 0, 0, 0, 0, 0], [0; 6], [2, 1, 1, 1, 1, 0]]);
    assert!(claimed(&game).is_empty());
    assert_eq!(to_move(&game), Some("north"));
}

#[test]
fn g5_a_lap_ending_in_the_opponents_wegue_takes_two_and_in_ones_own_nothing() {
    let wegue = json!({"owners": {"c5": "south"}, "claimed": ["c5"]});
    // North's c6 (1) falls into South's wegue c5 (5): the lap ends there, North takes 2.
    let mut game = at("north", [[1, 0, 0, 0, 0, 0], [0; 6], [1, 0, 0, 0, 5, 1]], wegue.clone());
    let before = stores(&game);
    apply(&mut game, "c6");
    assert_rows(&game, [[1, 0, 0, 0, 0, 0], [0; 6], [1, 0, 0, 0, 4, 0]]);
    assert_eq!(stores(&game), [before[0], before[1] + 2]);
    assert_eq!(claimed(&game), ["c5"]);
    assert_eq!(to_move(&game), Some("south"));
    // South's b4 (2): c6, then c5, South's own wegue: the move ends there and takes nothing.
    let mut game = at("south", [[1, 0, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0], [1, 0, 0, 0, 5, 0]], wegue);
    let before = stores(&game);
    apply(&mut game, "b4");
    assert_rows(&game, [[1, 0, 0, 0, 0, 0], [0; 6], [1, 0, 0, 0, 6, 1]]);
    assert_eq!(stores(&game), before);
    // A wegue holding nothing gives the one stone that ends there.
    let empty = json!({"owners": {"a3": "north"}, "claimed": ["a3"]});
    let mut game = at("south", [[0, 1, 0, 0, 0, 1], [0; 6], [1, 0, 0, 0, 0, 0]], empty);
    let before = stores(&game);
    apply(&mut game, "a2");
    assert_rows(&game, [[0, 0, 0, 0, 0, 1], [0; 6], [1, 0, 0, 0, 0, 0]]);
    assert_eq!(stores(&game), [before[0] + 1, before[1]]);
}

#[test]
fn g6_nobody_sows_from_a_wegue_and_stones_sown_into_one_stay() {
    // North's wegue a3 (5) in South's row, South's wegue c5 (2) in North's.
    let wegues = json!({"owners": {"a3": "north", "c5": "south"}, "claimed": ["a3", "c5"]});
    let game = at("south", [[0, 2, 5, 0, 0, 0], [0; 6], [1, 0, 0, 0, 2, 0]], wegues.clone());
    assert_legal(&game, &["a2"]);
    let north = at("north", [[0, 2, 5, 0, 0, 0], [0; 6], [1, 0, 0, 0, 2, 0]], wegues);
    assert_legal(&north, &["c1"]);
    // a2 (2): a3, the wegue, keeps the stone; a4, empty, ends the move.
    let mut game = game;
    apply(&mut game, "a2");
    assert_rows(&game, [[0, 0, 6, 1, 0, 0], [0; 6], [1, 0, 0, 0, 2, 0]]);
    assert_eq!(claimed(&game), ["a3", "c5"]);
}

/// South's b4 (1) makes c6 (3) its wegue; the rest of the board is North's wegue a1 (10): only
/// wegues hold stones, so the round ends, with the stores given.
fn round_end(captured: [u32; 2]) -> Game<'static> {
    let wegue = json!({"owners": {"a1": "north"}, "claimed": ["a1"]});
    let mut game = at_with("south", [[10, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 3]], captured, wegue);
    apply(&mut game, "b4");
    game
}

#[test]
fn g7_g10_g12_when_only_wegues_hold_stones_the_round_ends_and_holes_change_hands() {
    // South has 20 + 4 (its new wegue) = 24, North 20 + 10 = 30. North, the richer, fills first
    // along the track from c6: c6-c1, b1-b3 and then a1, ten holes; South fills eight from a1 on,
    // skipping a1: a2-a6, b6-b4. Every hole holds three; South, the poorer, starts.
    let game = round_end([20, 20]);
    let p = game.position();
    assert_eq!(p.round, Some(2));
    assert_rows(&game, [[3; 6]; 3]);
    assert_eq!(stores(&game), [0, 0]);
    assert_eq!(p.owners.iter().map(|(h, o)| (h.as_str(), o.name())).collect::<Vec<_>>(), [("a1", "north")]);
    assert!(claimed(&game).is_empty());
    assert_eq!(to_move(&game), Some("south"));
    assert_legal(&game, &["a2", "a3", "a4", "a5", "a6", "b4", "b5", "b6"]);
}

#[test]
fn g8_two_stones_over_fill_one_more_hole_with_a_stone_from_the_opponent() {
    // South 21 + 4 = 25 (eight holes, one over), North 19 + 10 = 29 (nine, two over): North's two
    // fill a tenth hole with South's one. The board is as in G7.
    let game = round_end([21, 19]);
    assert_rows(&game, [[3; 6]; 3]);
    assert_eq!((stores(&game), game.position().owners.len()), ([0, 0], 1));
    assert_eq!(game.position().owners.get("a1").map(|p| p.name()), Some("north"));
    // South 22 + 4 = 26 (eight, two over), North 18 + 10 = 28 (nine, one over): South fills a
    // ninth, so both fill nine holes, each their own again.
    let game = round_end([22, 18]);
    assert_rows(&game, [[3; 6]; 3]);
    assert!(game.position().owners.is_empty(), "{}", game.position_json());
    assert_eq!(to_move(&game), Some("south"));
}

#[test]
fn g9_a_player_who_cannot_fill_a_hole_loses_the_match() {
    // North's b3 (1) makes a1 (3) its wegue: only wegues hold stones. South has 1 stone, not a
    // hole's worth; North's 53 are two over, made up with South's last stone.
    let mut game = at_with("north", [[3, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0], [0; 6]], [1, 49], json!({}));
    apply(&mut game, "b3");
    assert_result(&game, Some("north"), [0, 54]);
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("south cannot fill a hole"));
}

#[test]
fn g11_a_player_with_no_hole_to_move_from_passes() {
    // South's holes are empty; North has stones.
    let mut game = at("south", [[0; 6], [1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 2]], json!({}));
    assert_legal(&game, &["pass"]);
    apply(&mut game, "pass");
    assert_eq!(to_move(&game), Some("north"));
    assert_legal(&game, &["b1", "c6"]);
}

#[test]
fn g13_a_position_seen_a_third_time_in_a_round_ends_the_round() {
    // Two lone stones chase each other round the track, each player moving (or passing) the
    // only way they can. Played without the repetition rule, the first position seen a third
    // time is found; with it, the round ends after exactly that action.
    let start = json!({
        "to_move": "south",
        "rows": {"a": [1, 0, 0, 0, 0, 0], "b": [0, 0, 0, 0, 0, 0], "c": [1, 0, 0, 0, 0, 0]},
        "captured": {"south": 26, "north": 26},
        "intact": [],
    });
    let (played, ending) = third_repetition(
        "gabata",
        "    when position repeats 3 times, leftover to owner, \"the same position came back 3 times\"   // G13\n",
        &start.to_string(),
    );
    let mut game = at_with("south", [[1, 0, 0, 0, 0, 0], [0; 6], [1, 0, 0, 0, 0, 0]], [26, 26], json!({}));
    for (i, action) in played.iter().enumerate() {
        assert_eq!(game.position().round, Some(1), "after {i} actions");
        apply(&mut game, action);
    }
    assert_eq!(game.position().round, Some(2), "the round ends after {} actions", played.len());
    // Each player took the stones of the holes they held: 26 and one stone each, or 28 and 26 (two
    // over, made up by the other's one): nine holes each, every one its player's own again.
    let owned = |player: &str| -> u32 {
        let rows = ["a", "b", "c"].map(|r| ending.rows[r].clone());
        (0..18).filter(|&h| gabata().home_of(h).name() == player).map(|h| u32::from(rows[h / 6][h % 6])).sum()
    };
    assert_eq!(owned("south") + owned("north"), 2);
    assert_rows(&game, [[3; 6]; 3]);
    assert!(game.position().owners.is_empty(), "{}", game.position_json());
    assert_eq!(stores(&game), [0, 0]);
}

#[test]
fn g14_the_last_hole_of_a_player_is_made_a_wegue_like_any_other() {
    // North holds only c1 (3); South's c2 (1) makes it four: an ordinary wegue, all four stones
    // kept in it; North, with no hole to move from, passes.
    let mut owners = serde_json::Map::new();
    for row in ["b", "c"] {
        for column in 1..=6 {
            let label = format!("{row}{column}");
            if label != "c1" && !(row == "b" && column >= 4) {
                owners.insert(label, json!("south"));
            }
        }
    }
    let mut game = at("south", [[1, 0, 0, 0, 0, 0], [0; 6], [3, 1, 0, 0, 0, 0]], json!({"owners": owners}));
    let before = stores(&game);
    apply(&mut game, "c2");
    assert_rows(&game, [[1, 0, 0, 0, 0, 0], [0; 6], [4, 0, 0, 0, 0, 0]]);
    assert_eq!(claimed(&game), ["c1"]);
    assert_eq!(stores(&game), before);
    assert_legal(&game, &["pass"]);
}

// ---------------------------------------------------------------- an independent model

/// The perft counts of the independent model (`python3 gabata.py 6`).
#[test]
fn perft_agrees_with_the_independent_model() {
    let game = Game::new(gabata());
    let counts: Vec<u64> = (1..=5).map(|d| mancala::cli::perft::perft(&game, d)).collect();
    assert_eq!(counts, [9, 71, 544, 4107, 30383]);
}

/// 100 random matches of the independent model (tests/fixtures/gabata-model.jsonl), through every
/// round: the engine agrees at every step on the board, who owns each hole and which are wegues,
/// the stores, the round, the player to move and the legal actions, then on the result.
#[test]
fn a_hundred_matches_agree_with_the_independent_model_at_every_step() {
    assert_eq!(replay_model_games(gabata(), "gabata-model.jsonl", model_view), 100);
}

/// A position as the model writes it: the 18 counts, the owners (upper case for a wegue), the
/// two stores, the round, the player to move and the legal actions.
fn model_view(game: &Game<'_>) -> Value {
    let state = game.state();
    let owners: String = (0..18)
        .map(|h| {
            let letter = if state.owner(h).name() == "south" { 's' } else { 'n' };
            if state.claimed & (1u128 << h) != 0 {
                letter.to_ascii_uppercase()
            } else {
                letter
            }
        })
        .collect();
    model_line(game, [json!(owners), json!(state.captured[0]), json!(state.captured[1]), json!(state.round)])
}
