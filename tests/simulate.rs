//! `mancala simulate` through the real binary: the same seed gives the same games whatever the
//! thread count, the JSON summary holds together, and bad requests are one-line errors.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn rules(name: &str) -> String {
    format!("{}/rules/{name}.mancala", env!("CARGO_MANIFEST_DIR"))
}

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala")).args(args).env("NO_COLOR", "1").output().expect("the binary runs")
}

/// The JSON summary, without the fields that depend on the machine (time and threads).
fn summary(args: &[&str]) -> Value {
    let out = mancala(args);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let mut json: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let object = json.as_object_mut().expect("an object");
    for timing in ["seconds", "games_per_second", "threads"] {
        assert!(object.remove(timing).is_some(), "missing {timing}");
    }
    json
}

#[test]
fn one_thread_and_two_threads_play_the_same_games() {
    for game in ["tihbat", "djenon-aboure", "gore"] {
        let args = |threads| {
            vec![
                "simulate".to_string(),
                rules(game),
                "--games".into(),
                "60".into(),
                "--south".into(),
                "greedy".into(),
                "--seed".into(),
                "17".into(),
                "--threads".into(),
                threads,
                "--json".into(),
            ]
        };
        let one: Vec<String> = args("1".into());
        let two: Vec<String> = args("2".into());
        let one = summary(&one.iter().map(String::as_str).collect::<Vec<_>>());
        let two = summary(&two.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(one, two, "{game}");
    }
}

#[test]
fn another_seed_plays_other_games() {
    let a = summary(&["simulate", &rules("djenon-aboure"), "--games", "30", "--seed", "1", "--json"]);
    let b = summary(&["simulate", &rules("djenon-aboure"), "--games", "30", "--seed", "2", "--json"]);
    assert_ne!(a, b);
}

#[test]
fn the_json_summary_adds_up() {
    let s = summary(&["simulate", &rules("gore"), "--games", "50", "--seed", "3", "--json"]);
    let n = |field: &str| s[field].as_f64().unwrap_or_else(|| panic!("{field} in {s}"));
    assert_eq!(n("games"), 50.0);
    assert_eq!(n("south_wins") + n("north_wins") + n("draws"), 50.0);
    let reasons: f64 = s["end_reasons"].as_object().expect("end_reasons").values().filter_map(Value::as_f64).sum();
    assert_eq!(reasons, 50.0);
    assert!(n("mean_length") > 0.0 && n("mean_length") <= n("max_length"), "{s}");
    assert!(n("median_length") <= n("max_length"), "{s}");
    // Goré sows one lap per move.
    assert_eq!(n("mean_laps"), 1.0);
    assert_eq!(n("max_laps"), 1.0);
    let rate = &s["south_win_rate"];
    assert!(rate["low"].as_f64() <= rate["rate"].as_f64() && rate["rate"].as_f64() <= rate["high"].as_f64(), "{rate}");
    assert_eq!(s["south"], "random");
    assert_eq!(s["north"], "random");
}

#[test]
fn relay_games_count_their_laps() {
    let s = summary(&["simulate", &rules("djenon-aboure"), "--games", "20", "--json"]);
    assert!(s["mean_laps"].as_f64().expect("mean_laps") > 1.0, "{s}");
    assert!(s["max_laps"].as_u64().expect("max_laps") > 1, "{s}");
}

#[test]
fn mcts_plays_a_few_games_with_a_small_budget() {
    let s = summary(&["simulate", &rules("tihbat"), "--games", "4", "--south", "mcts:40", "--north", "greedy", "--json"]);
    assert_eq!(s["south"], "mcts:40");
    assert_eq!(s["games"], 4);
}

#[test]
fn the_text_summary_names_every_part() {
    let out = mancala(&["simulate", &rules("tihbat"), "--games", "10"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for part in
        ["south wins", "north wins", "draws", "length (actions): mean", "end reasons:", "captures per game", "laps per move", "games/s"]
    {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert!(!text.contains('\x1b'), "no colour or progress bar when piped: {text}");
}

#[test]
fn bad_requests_are_one_line_usage_errors() {
    for args in [
        vec!["simulate", "RULES", "--games", "5", "--south", "human"],
        vec!["simulate", "RULES", "--games", "0"],
        vec!["simulate", "RULES", "--games", "4000000000"],
        vec!["simulate", "RULES", "--games", "5", "--threads", "0"],
        vec!["simulate", "no/such/file.mancala", "--games", "5"],
        vec!["simulate", "RULES", "--games", "5", "--north", "mcts:0"],
        vec!["simulate", "RULES", "--games", "5", "--north", "alphazero"],
    ] {
        let path = rules("tihbat");
        let args: Vec<&str> = args.into_iter().map(|a| if a == "RULES" { path.as_str() } else { a }).collect();
        let out = mancala(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.lines().filter(|l| !l.trim().is_empty()).count() <= 3, "{args:?}: {err}");
    }
}

#[test]
fn a_game_stopped_by_the_action_cap_is_unfinished_never_a_draw() {
    // One stone going round a 2 x 1 board for ever: no ending can hold.
    let dir = common::scratch();
    let file = dir.path().join("endless.mancala");
    std::fs::write(&file, "game \"Endless\"\nboard {\n size 2 x 1\n seeds 1\n}\nend {\n when every hole has count > 5\n}\n")
        .expect("written");
    let path = file.to_string_lossy().to_string();
    let json = summary(&["simulate", &path, "--games", "3", "--json"]);
    assert_eq!((json["south_wins"].as_u64(), json["north_wins"].as_u64()), (Some(0), Some(0)));
    assert_eq!((json["draws"].as_u64(), json["unfinished"].as_u64()), (Some(0), Some(3)));
    assert_eq!(json["end_reasons"], serde_json::json!({"unfinished after 100000 actions": 3}));
    assert_eq!(json["max_length"].as_u64(), Some(100_000));
    let out = mancala(&["simulate", &path, "--games", "3"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("  draws            0")
            && text.contains("  unfinished       3  (stopped after 100000 actions: neither won nor drawn)"),
        "{text}"
    );
}

/// Writes `text` to a file in `dir`, a test's own folder; returns its path.
fn temp_file(dir: &Path, name: &str, text: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.to_str().expect("a path").to_string()
}

#[test]
fn four_shards_of_ten_thousand_games_merge_into_the_single_run_exactly() {
    let file = rules("kalah");
    let dir = common::scratch();
    let whole = summary(&["simulate", &file, "--games", "10000", "--seed", "7", "--json"]);
    let mut paths = Vec::new();
    for shard in 0..4 {
        let out = mancala(&["simulate", &file, "--games", "10000", "--seed", "7", "--shard", &format!("{shard}/4")]);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let json: Value = serde_json::from_slice(&out.stdout).expect("a shard file");
        assert_eq!(json["format"], "mancala-shard/1");
        assert_eq!((json["first"].as_u64(), json["count"].as_u64()), (Some(2500 * shard), Some(2500)));
        paths.push(temp_file(dir.path(), &format!("shard{shard}.json"), &out.stdout));
    }
    // In any order.
    let mut args = vec!["merge", "--json"];
    args.extend(paths.iter().rev().map(String::as_str));
    assert_eq!(summary(&args), whole);
    // The text summary says the same.
    let out = mancala(&["merge", &paths[0], &paths[1], &paths[2], &paths[3]]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.starts_with("Kalah: 10000 games, south random v north random, seed 7\n"), "{text}");
    assert!(text.contains("s of the shards' time)"), "{text}");

    // A shard missing, given twice, or of another run: refused in one line.
    let refused = |args: &[&str], says: &str| {
        let out = mancala(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(error.contains(says), "{says:?} in {error}");
    };
    refused(&["merge", &paths[0], &paths[1], &paths[2]], "shards missing: 3 of 4");
    refused(&["merge", &paths[0], &paths[1], &paths[2], &paths[2]], "shard 2 of 4 again");
    let other = mancala(&["simulate", &file, "--games", "10000", "--seed", "8", "--shard", "3/4"]);
    let other = temp_file(dir.path(), "other.json", &other.stdout);
    refused(&["merge", &paths[0], &paths[1], &paths[2], &other], "not of the run of");
    let broken = temp_file(dir.path(), "broken.json", b"{\"format\": \"mancala-shard/1\"}");
    refused(&["merge", &broken], "not a shard file");
    refused(&["merge", "/nonexistent/shard.json"], "cannot read /nonexistent/shard.json");
    for bad in ["4/4", "1", "a/b", "0/0"] {
        refused(&["simulate", &file, "--games", "10", "--shard", bad], "--shard");
    }
}

#[test]
fn jsonl_writes_one_line_per_game_that_replays() {
    let file = rules("oware");
    let out = mancala(&["simulate", &file, "--games", "20", "--seed", "3", "--jsonl"]);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 20);
    let whole = summary(&["simulate", &file, "--games", "20", "--seed", "3", "--json"]);
    let south_wins = lines.iter().filter(|l| l["winner"] == "south").count();
    assert_eq!(Some(south_wins as u64), whole["south_wins"].as_u64());
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(line["index"], index);
        // The moves replay to the recorded result.
        let moves = line["moves"].as_str().expect("moves");
        assert_eq!(moves.split(", ").count() as u64, line["length"].as_u64().expect("a length"));
        let end = mancala(&["run", &file, "--moves", moves, "--json"]);
        let end: Value = serde_json::from_slice(&end.stdout).expect("the end position");
        assert_eq!(end["result"]["winner"], line["winner"], "game {index}");
        assert_eq!(end["result"]["reason"], line["reason"], "game {index}");
    }
    // A shard's lines are its games only, numbered as in the whole run.
    let out = mancala(&["simulate", &file, "--games", "20", "--seed", "3", "--jsonl", "--shard", "1/2"]);
    let shard: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(shard.len(), 10);
    assert_eq!(shard[0], lines[10]);
}
