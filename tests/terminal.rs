//! What a player sees in `mancala play`: every action told in words from its events, the holes it
//! changed marked, the reasons for extra turns and new rounds, a banner, the rulings, short
//! choices, named strengths, resuming a record, and no line wider than 80 columns in any shipped
//! game.

mod common;

use common::{mancala, mancala_with_input, rules_path, stdout};

/// The widest line of `text`, in characters (what a terminal's columns count).
fn widest(text: &str) -> (usize, String) {
    text.lines().map(|l| (l.chars().count(), l.to_string())).max().unwrap_or_default()
}

fn shipped() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("rules/ lists")
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".mancala").map(str::to_string))
        .collect();
    names.sort();
    names
}

#[test]
fn a_scripted_play_of_every_shipped_game_fits_80_columns() {
    let names = shipped();
    assert!(names.len() >= 22);
    for name in names {
        // A whole game between computers, every action told and every board drawn.
        let out = mancala(&["play", &rules_path(&name), "--south", "random", "--north", "random", "--seed", "5"]);
        assert_eq!(out.status.code(), Some(0), "{name}");
        let text = stdout(&out);
        assert!(text.contains("Game over: "), "{name}: the game ends: {text}");
        let (width, line) = widest(&text);
        assert!(width <= 80, "{name}: a line of {width} columns: {line}");
        // A person at the keyboard: the banner, the help, the rulings, the legal actions.
        let out = mancala_with_input(&["play", &rules_path(&name), "--north", "random"], "rules\nlegal\nboard\nquit\n");
        let text = stdout(&out);
        let (width, line) = widest(&text);
        assert!(width <= 80, "{name}: a line of {width} columns: {line}");
        assert!(text.starts_with("You play south: "), "{name}: {text}");
    }
}

#[test]
fn a_move_is_told_with_its_laps_relays_and_captures() {
    // Bosh's a4 from the start: four stones, a relay from the hole after the last, a capture.
    let out = mancala_with_input(&["play", &rules_path("bosh"), "--north", "human"], "a4\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("south> a4\nsouth a4 (4 stones): a5 b5 b4 b3; relay b2 (4): b1 a1 a2 a3; takes a5 (5)\n"), "{text}");
}

#[test]
fn an_extra_turn_is_told_with_its_reason_and_the_changed_holes_are_marked() {
    let out = mancala_with_input(&["play", &rules_path("kalah"), "--north", "human"], "a3\nquit\n");
    let text = stdout(&out);
    assert!(
        text.contains("south a3 (4 stones): a4 a5 a6 south's store\nsouth moves again: the last stone fell into their store.\n"),
        "{text}"
    );
    assert!(text.contains(" b 4  4  4  4  4  4  north\n a 4  4  0' 5' 5' 5'  south\n   south  store 1 (by a6)\n"), "{text}");
    assert!(text.contains("   ' changed by the last action\nsouth to move; legal: a1 a2 a4 a5 a6\n"), "{text}");
}

#[test]
fn stones_into_a_claimed_hole_and_new_rounds_are_told() {
    // Toguz Kumalak: a tuzdik sooner or later, and stones sown into it counted for its claimer.
    let out = mancala(&["play", &rules_path("toguz-kumalak"), "--south", "random", "--north", "random", "--seed", "2"]);
    let text = stdout(&out);
    assert!(text.contains(" claims "), "a claim is told: {text}");
    assert!(text.contains("'s claimed holes (@)"), "stones passed to a claim are told: {text}");
    // Bosh: a match of rounds.
    let out = mancala(&["play", &rules_path("bosh"), "--south", "random", "--north", "random", "--seed", "2"]);
    let text = stdout(&out);
    assert!(text.contains("Round 1 is over: south holds "), "{text}");
    assert!(text.contains("Round 2 starts: south fills "), "{text}");
}

#[test]
fn a_pass_is_told() {
    // Goré passes when a player has no move: its first random game (seed 1) has one.
    let out = mancala(&["play", &rules_path("gore"), "--south", "random", "--north", "random", "--seed", "1"]);
    assert!(stdout(&out).contains("south pass: no move\n"), "{}", stdout(&out));
}

#[test]
fn the_banner_says_whose_row_is_whose_and_north_sees_the_board_turned() {
    let out = mancala_with_input(&["play", &rules_path("kalah"), "--south", "hard", "--north", "human"], "quit\n");
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "You play north: row b, at the bottom: the board is turned for you; south is the\n  computer (hard: mcts:20000).\n\
             Stones are sown counter-clockwise: b1 → north's store → a1 → a2 …\nsouth moves first."
        ),
        "{text}"
    );
    // South's row on top, read from North's side: columns from 6 down to 1.
    assert!(text.contains("   south  store 0 (by a6)\n   6  5  4  3  2  1\n a 4  4  4  4  4  4  south\n b 4  4"), "{text}");
}

#[test]
fn named_strengths_are_players() {
    for (name, shown) in [("easy", "the computer (easy: greedy)"), ("medium", "the computer (medium: mcts)"), ("hard", "mcts:20000")] {
        let out = mancala_with_input(&["play", &rules_path("tihbat"), "--north", name], "quit\n");
        assert_eq!(out.status.code(), Some(0), "{name}");
        assert!(stdout(&out).contains(shown), "{name}: {}", stdout(&out));
    }
}

#[test]
fn the_rules_command_prints_the_rulings() {
    let out = mancala_with_input(&["play", &rules_path("tihbat"), "--north", "random"], "rules\nquit\n");
    let text = stdout(&out);
    assert!(
        text.contains("south> rules\nH1: First stone back into the origin hole, then the rest from the next hole on;\n  one lap.\n"),
        "{text}"
    );
    let out = mancala_with_input(&["play", &rules_path("kalah"), "--north", "random"], "rules\nquit\n");
    assert!(stdout(&out).contains("Kalah has no rulings"), "{}", stdout(&out));
}

#[test]
fn a_game_is_resumed_from_its_record_and_saved_back() {
    let path = std::env::temp_dir().join(format!("mancala-terminal-{}-resume.json", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let record = path.to_str().expect("a path");
    let out = mancala_with_input(&["play", &rules_path("kalah"), "--north", "human", "--record", record], "a1\nb1\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("saved")).expect("JSON");
    assert_eq!(saved["moves"], "a1, b1");
    // Resumed: the players, the seed and the moves are the record's; the game goes on from there.
    let out = mancala_with_input(&["play", &rules_path("kalah"), "--resume", record], "a2\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Two people play here"), "{text}");
    assert!(text.contains("south> a2\nsouth a2 ("), "{text}");
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("saved")).expect("JSON");
    assert_eq!(saved["moves"], "a1, b1, a2");
    // A record of other options is refused in one line.
    let out = mancala(&["play", &rules_path("kalah"), "--resume", record, "--set", "seeds=3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).starts_with("error: --set seeds=3: a resumed game keeps the options"), "{}", common::stderr(&out));
    let out = mancala(&["play", &rules_path("kalah"), "--resume", "/nonexistent/record.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(common::stderr(&out).lines().count(), 1, "{}", common::stderr(&out));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn replay_tells_every_move() {
    let path = std::env::temp_dir().join(format!("mancala-terminal-{}-replay.json", std::process::id()));
    let record = path.to_str().expect("a path");
    let _ = std::fs::remove_file(&path);
    mancala_with_input(&["play", &rules_path("kalah"), "--north", "human", "--record", record], "a3\na1\nquit\n");
    let text = stdout(&mancala(&["replay", record]));
    assert!(
        text.contains("1. south a3 (4 stones): a4 a5 a6 south's store\n   south moves again: the last stone fell into their store.\n"),
        "{text}"
    );
    assert!(text.contains("2. south a1 (4 stones): a2 a3 a4 a5\n"), "{text}");
    let _ = std::fs::remove_file(&path);
}
