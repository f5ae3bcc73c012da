//! The real binary, colour off: exit codes, JSON, errors, piped play.

mod common;

use common::{mancala, mancala_with_input, rules_path as rules, stderr, stdout};

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

/// A file written in `dir`, a test's own folder.
fn temp_file(dir: &Path, name: &str, contents: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("temp file written");
    path
}

#[test]
fn check_accepts_every_shipped_rule_file() {
    let out = mancala(&["check", &rules("tihbat"), &rules("djenon-aboure")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("tihbat.mancala: ok"));
    assert!(stdout(&out).contains("djenon-aboure.mancala: ok"));
    assert_eq!(stderr(&out), "");
}

#[test]
fn check_reports_rule_errors_with_exit_1() {
    let dir = common::scratch();
    let path = temp_file(dir.path(), "broken.mancala", b"game \"Broken\"\nbord {\n    size 2 x 6\n}\n");
    let out = mancala(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("mancala::unknown_section"), "{err}");
    assert!(err.contains("did you mean `board`?"), "{err}");
    assert!(stdout(&out).contains("error"));
}

#[test]
fn check_of_a_missing_file_is_a_one_line_usage_error() {
    let out = mancala(&["check", "no/such/file.mancala"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: cannot read no/such/file.mancala"), "{err}");
}

#[test]
fn check_of_binary_junk_is_a_one_line_error() {
    let dir = common::scratch();
    let path = temp_file(dir.path(), "junk.bin", &[0xff, 0xfe, 0x00, 0x9c, 0x80, 0x13]);
    let out = mancala(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1);
    assert!(stderr(&out).contains("not a text file"));
}

#[test]
fn check_keeps_going_over_several_files() {
    let dir = common::scratch();
    let broken = temp_file(dir.path(), "several.mancala", b"size 2 x 6\n");
    let out = mancala(&["check", broken.to_str().unwrap(), &rules("tihbat"), "missing.mancala"]);
    assert_eq!(out.status.code(), Some(2), "the worst problem decides the exit code");
    assert!(stdout(&out).contains("tihbat.mancala: ok"));
}

#[test]
fn run_prints_the_worked_example_as_interchange_json() {
    let out = mancala(&["run", &rules("djenon-aboure"), "--moves", "a1", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let position: Value = serde_json::from_str(&stdout(&out)).expect("one JSON position");
    assert_eq!(
        position,
        json!({
            "game": "Djenon-aboure",
            "options": {},
            "to_move": "north",
            "rows": {"a": [2, 6, 6, 0, 5, 5], "b": [1, 5, 5, 5, 1, 5]},
            "captured": {"south": 2, "north": 0},
            "owners": {},
            "legal": ["b2", "b3", "b4", "b6"],
            "status": "ongoing",
            "result": null
        })
    );
}

#[test]
fn run_without_json_draws_the_board() {
    let out = mancala(&["run", &rules("tihbat"), "--moves", "a1"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    // Every hole a1 changed is marked.
    assert!(text.contains(" b  8'  9'  north\n"), "{text}");
    assert!(text.contains(" a  2'  9'  south\n"), "{text}");
    assert!(text.contains("   ' changed by the last action\n"), "{text}");
    assert!(text.contains("north to move; legal: b1 b2"), "{text}");
}

#[test]
fn run_stops_at_an_illegal_action_naming_it_its_place_and_the_legal_actions() {
    let out = mancala(&["run", &rules("djenon-aboure"), "--moves", "a1, b1", "--json"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout(&out), "", "nothing is printed for a half-applied list");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("action 2 of 2, `b1`"), "{err}");
    assert!(err.contains("legal: b2, b3, b4, b6"), "{err}");
}

#[test]
fn run_rejects_text_that_is_no_action() {
    let out = mancala(&["run", &rules("tihbat"), "--moves", "a1, jump"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("action 2 of 2, `jump`"));
    let out = mancala(&["run", &rules("tihbat"), "--moves", "a9"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("there is no hole `a9`"));
}

#[test]
fn run_trace_prints_the_start_and_every_action() {
    let out = mancala(&["run", &rules("tihbat"), "--moves", "a1, b2, a2", "--trace"]);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["rows"], json!({"a": [7, 7], "b": [7, 7]}));
    assert_eq!(lines[1]["rows"], json!({"a": [2, 9], "b": [8, 9]}));
    assert_eq!(lines[3]["to_move"], json!("north"));
}

#[test]
fn run_continues_from_a_position_file() {
    let position = json!({
        "game": "Tihbat",
        "to_move": "south",
        "rows": {"a": [1, 0], "b": [0, 0]},
        "captured": {"south": 12, "north": 15},
        "legal": ["ignored"],
        "status": "over"
    });
    let dir = common::scratch();
    let path = temp_file(dir.path(), "position.json", position.to_string().as_bytes());
    let out = mancala(&["run", &rules("tihbat"), "--position", path.to_str().unwrap(), "--moves", "a1", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after: Value = serde_json::from_str(&stdout(&out)).unwrap();
    // a1's single stone goes back into a1 (origin first): nothing changes but the turn; North
    // then has no stone and must pass.
    assert_eq!(after["rows"], json!({"a": [1, 0], "b": [0, 0]}));
    assert_eq!(after["legal"], json!(["pass"]));
}

#[test]
fn run_refuses_a_bad_position_file_in_one_line() {
    let dir = common::scratch();
    for (name, contents) in [
        ("not-json.json", "{ this is not json"),
        ("short-row.json", r#"{"to_move": "south", "rows": {"a": [1], "b": [0, 0]}}"#),
        ("no-mover.json", r#"{"to_move": null, "rows": {"a": [1, 1], "b": [0, 0]}}"#),
        ("other-game.json", r#"{"game": "Oware", "to_move": "south", "rows": {"a": [1, 1], "b": [0, 0]}}"#),
    ] {
        let path = temp_file(dir.path(), name, contents.as_bytes());
        let out = mancala(&["run", &rules("tihbat"), "--position", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert_eq!(stderr(&out).lines().count(), 1, "{name}: {}", stderr(&out));
    }
}

#[test]
fn run_refuses_an_unknown_option() {
    let out = mancala(&["run", &rules("tihbat"), "--set", "columns=8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no option `columns`"), "{}", stderr(&out));
}

#[test]
fn run_applies_options() {
    let source = "game \"Options\"\noption width: 2..6 = 3\noption stones: 1 | 2 | 3 = 2\nboard {\n    size 2 x width\n    seeds stones\n}\nend {\n    when board repeats 2 times\n}\n";
    let dir = common::scratch();
    let path = temp_file(dir.path(), "options.mancala", source.as_bytes());
    let out = mancala(&["run", path.to_str().unwrap(), "--json"]);
    let position: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(position["rows"]["a"], json!([2, 2, 2]));
    assert_eq!(position["options"], json!({"stones": 2, "width": 3}));
    let out = mancala(&["run", path.to_str().unwrap(), "--set", "width=5", "--set", "stones=1", "--json"]);
    let position: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(position["rows"]["b"], json!([1, 1, 1, 1, 1]));
    let out = mancala(&["run", path.to_str().unwrap(), "--set", "width=9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("option `width` cannot be `9`: it takes 2..6"), "{}", stderr(&out));
}

#[test]
fn run_with_a_broken_rule_file_exits_1() {
    let dir = common::scratch();
    let path = temp_file(dir.path(), "broken-run.mancala", b"game \"X\"\n");
    let out = mancala(&["run", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("mancala::missing_board"), "{}", stderr(&out));
}

#[test]
fn run_reads_the_rule_file_from_standard_input() {
    let kalah = std::fs::read_to_string(rules("kalah")).expect("a shipped file");
    let out = mancala_with_input(&["run", "-", "--moves", "a1, b1", "--json"], &kalah);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), stdout(&mancala(&["run", &rules("kalah"), "--moves", "a1, b1", "--json"])));
    assert_eq!(
        stdout(&out),
        "{\"game\":\"Kalah\",\"options\":{},\"to_move\":\"south\",\"rows\":{\"a\":[1,6,6,5,5,4],\"b\":[0,4,4,4,4,4]},\
         \"stores\":{\"south\":0,\"north\":1},\"captured\":{\"south\":0,\"north\":1},\"owners\":{},\
         \"legal\":[\"a1\",\"a2\",\"a3\",\"a4\",\"a5\",\"a6\"],\"status\":\"ongoing\",\"result\":null}\n"
    );
    // Diagnostics name it `<stdin>`.
    let out = mancala_with_input(&["run", "-"], "game \"X\"\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("mancala::missing_board"), "{}", stderr(&out));
    assert!(stderr(&out).contains("╭─[<stdin>:1:1]"), "{}", stderr(&out));
}

#[test]
fn play_reads_the_rule_file_from_standard_input_when_computers_play_both_sides() {
    let tihbat = std::fs::read_to_string(rules("tihbat")).expect("a shipped file");
    let out = mancala_with_input(&["play", "-", "--south", "random", "--north", "random", "--seed", "3"], &tihbat);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let from_file = mancala(&["play", &rules("tihbat"), "--south", "random", "--north", "random", "--seed", "3"]);
    assert_eq!(stdout(&out), stdout(&from_file));
    assert!(stdout(&out).ends_with("Game over: south wins 15 to 13: the same board came back twice.\n"), "{}", stdout(&out));
    // Its record names the rule file `-`: replayed with the file named.
    let dir = common::scratch();
    let record = dir.path().join("stdin-record.json");
    let record = record.to_str().expect("a path");
    let out = mancala_with_input(&["play", "-", "--south", "random", "--north", "random", "--seed", "3", "--record", record], &tihbat);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(record).expect("saved")).expect("JSON");
    assert_eq!(saved["rules"]["file"], "-");
    let out = mancala(&["replay", record, "--rules", &rules("tihbat"), "--quiet"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("verified: 44 actions, the result as recorded\n"), "{}", stdout(&out));
    // A person's moves would come from standard input too: refused before it is read.
    let refusal = "error: play -: the rule file comes from standard input, so no move can be typed there: let the computer \
                   play both sides (--south random --north medium, say) or give the rule file's path\n";
    for sides in [&[][..], &["--south", "random", "--north", "human"][..]] {
        let out = mancala_with_input(&[&["play", "-"][..], sides].concat(), &tihbat);
        assert_eq!((out.status.code(), stderr(&out), stdout(&out)), (Some(2), refusal.to_string(), String::new()), "{sides:?}");
    }
}

#[test]
fn ast_prints_ron() {
    let out = mancala(&["ast", &rules("tihbat")]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("(\n    items: ["), "{text}");
    assert!(text.contains("Game("));
}

#[test]
fn play_reads_actions_from_a_pipe() {
    let out = mancala_with_input(&["play", &rules("tihbat"), "--north", "human"], "a1\nnonsense\nb2\nb1\nquit\n");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("`nonsense` is not an action"), "{text}");
    // After a1 (a = 2 9, b = 8 9) North plays b2: one back into b2, then 8 round the board twice:
    // b1 = 10, a1 = 4, a2 = 11, b2 = 3 (the last, own hole, odd: no capture).
    assert!(text.contains(" b 10'  3'  north\n"), "{text}");
    assert!(text.contains(" a  4' 11'  south\n"), "{text}");
    assert!(text.contains("`b1` is not legal now"), "b1 is South's turn now: {text}");
}

#[test]
fn play_against_the_computer_ends_at_the_end_of_input() {
    let out = mancala_with_input(&["play", &rules("djenon-aboure"), "--seed", "7"], "a1\n");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("\nnorth b"), "North's move is told: {text}");
    assert!(text.ends_with("south> \nend of input: the game stops here\n"), "{text}");
}

#[test]
fn two_computers_play_a_whole_game() {
    let out = mancala(&["play", &rules("tihbat"), "--south", "random", "--north", "random", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("Game over:"), "{}", stdout(&out));
}

#[test]
fn run_gore_offer_and_accept_json() {
    // North holds 10 ≥ 6: South may offer one hole. South offers a1, North accepts: a1 becomes
    // North's and North pays 6 into it (1 + 6 = 7, North 10 − 6 = 4); the offer was South's turn,
    // so North plays: a1 and row b, or offer one of those five (South holds 6).
    let position = json!({
        "game": "Goré",
        "to_move": "south",
        "rows": {"a": [1, 3, 3, 3], "b": [3, 3, 3, 3]},
        "captured": {"south": 6, "north": 10}
    });
    let dir = common::scratch();
    let path = temp_file(dir.path(), "gore-trade.json", position.to_string().as_bytes());
    let out = mancala(&["run", &rules("gore"), "--position", path.to_str().unwrap(), "--moves", "offer a1, accept", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after: Value = serde_json::from_str(&stdout(&out)).expect("one JSON position");
    assert_eq!(
        after,
        json!({
            "game": "Goré",
            "options": {"trade": "on"},
            "to_move": "north",
            "rows": {"a": [7, 3, 3, 3], "b": [3, 3, 3, 3]},
            "captured": {"south": 6, "north": 4},
            "owners": {"a1": "north"},
            "legal": ["a1", "b1", "b2", "b3", "b4", "offer a1", "offer b1", "offer b2", "offer b3", "offer b4"],
            "status": "ongoing",
            "result": null
        })
    );
    // Offering every hole is never legal (South must keep one), whatever North could pay.
    let out = mancala(&["run", &rules("gore"), "--position", path.to_str().unwrap(), "--moves", "offer a1 a2 a3 a4", "--json"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(err.contains("action 1 of 1, `offer a1 a2 a3 a4`"), "{err}");
    assert!(err.contains("legal: a1, a2, a3, a4, offer a1, offer a2, offer a3, offer a4"), "{err}");
    let rich = json!({"to_move": "south", "rows": {"a": [1, 3, 3, 3], "b": [3, 3, 3, 3]}, "captured": {"south": 0, "north": 48}});
    let path = temp_file(dir.path(), "gore-rich.json", rich.to_string().as_bytes());
    let out = mancala(&["run", &rules("gore"), "--position", path.to_str().unwrap(), "--moves", "offer a1 a2 a3 a4"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
}

/// The output of a command clap refused: its first line (the rest is clap's pointer to --help).
fn first_line(out: &std::process::Output) -> String {
    stderr(out).lines().next().unwrap_or("").to_string()
}

#[test]
fn mcts_budgets_are_capped_with_a_clear_error() {
    for (player, error) in [
        ("mcts:10000001", "`mcts:10000001` is too many iterations: at most 10000000 a move"),
        ("mcts:99999999999999999999999", "`mcts:99999999999999999999999` is too many iterations: at most 10000000 a move"),
        ("mcts:3600001ms", "`mcts:3600001ms` is too long a search: at most 3600000ms (one hour) a move"),
        ("mcts:0", "`0` is not a budget: write mcts:5000 (iterations) or mcts:500ms (time)"),
        ("mcts:0ms", "`0ms` is not a budget: write mcts:5000 (iterations) or mcts:500ms (time)"),
        ("mcts:-5", "`-5` is not a budget: write mcts:5000 (iterations) or mcts:500ms (time)"),
    ] {
        let path = rules("tihbat");
        for args in [vec!["play", &path, "--north", player], vec!["simulate", &path, "--games", "1", "--north", player]] {
            let out = mancala(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert_eq!(first_line(&out), format!("error: invalid value '{player}' for '--north <NORTH>': {error}"), "{args:?}");
        }
    }
    // The caps themselves are accepted (the game ends at once: no input, South to move).
    for player in ["mcts:10000000", "mcts:3600000ms"] {
        let out = mancala(&["play", &rules("tihbat"), "--north", player]);
        assert_eq!(out.status.code(), Some(0), "{player}: {}", stderr(&out));
        assert!(stdout(&out).ends_with("south> \nend of input: the game stops here\n"), "{player}: {}", stdout(&out));
    }
}

#[test]
fn simulate_starts_no_more_threads_than_cores_or_games() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    for (asked, games, expected) in
        [("1000", "1", 1), ("1000", "3", cores.min(3)), ("18446744073709551615", "2", cores.min(2)), ("1", "3", 1)]
    {
        let out = mancala(&["simulate", &rules("tihbat"), "--games", games, "--threads", asked, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let summary: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        assert_eq!(summary["threads"], expected, "--threads {asked} --games {games}");
    }
    let out = mancala(&["simulate", &rules("tihbat"), "--games", "5", "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "error: --threads must be at least 1\n");
}

#[test]
fn simulate_games_are_capped_at_a_million() {
    for games in ["1000001", "4000000000", "0"] {
        let out = mancala(&["simulate", &rules("tihbat"), "--games", games]);
        assert_eq!(out.status.code(), Some(2), "{games}");
        assert_eq!(stderr(&out), "error: --games must be 1 to 1000000\n", "{games}");
    }
}
