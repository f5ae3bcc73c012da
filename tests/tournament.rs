//! `mancala tournament` with agents written in Python over the agent protocol: one that plays,
//! one that crashes, one that runs out of time and one that answers nonsense. The tournament
//! completes, every game is written, and each fault is reported against its agent.
//! `mancala agent-protocol` plays the other side of the protocol.

mod common;

use common::{mancala, rules_path, stderr, stdout};
use serde_json::Value;

fn agent(name: &str) -> String {
    format!("cmd:python3 {}/tests/fixtures/agents/{name}.py", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_tournament_with_python_agents_completes_and_reports_their_faults() {
    let dir = common::scratch();
    let games = dir.path().join("games.jsonl");
    let out = mancala(&[
        "tournament",
        &rules_path("kalah"),
        "--player",
        &format!("first={}", agent("first")),
        "--player",
        "random=random",
        "--player",
        &format!("crash={}", agent("crash")),
        "--player",
        &format!("slow={}", agent("slow")),
        "--player",
        &format!("wrong={}", agent("wrong")),
        "--games",
        "1",
        "--time-ms",
        "300",
        "--jsonl",
        games.to_str().expect("a path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // Ten pairs, each playing once with each colour.
    assert!(text.starts_with("Kalah: round robin of 5 players, 20 games (1 a pair with each colour), seed 1\n"), "{text}");
    let row = |name: &str| text.lines().find(|l| l.trim_start().starts_with(&format!("{name} "))).unwrap_or_default().to_string();
    // Every game is a JSON line: players, result, length and moves.
    let lines: Vec<Value> =
        std::fs::read_to_string(&games).expect("written").lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 20);
    // Each fault is counted against its agent, as the games file has them. The wrong agent faults
    // at its first answer, every game; the others at least against the two that never fault.
    let faults = |name: &str| lines.iter().filter(|l| l["fault"]["player"] == name).count();
    assert_eq!(faults("wrong"), 8);
    assert!(faults("crash") >= 4 && faults("slow") >= 4, "{text}");
    assert!(row("crash").ends_with(&format!("{} crash", faults("crash"))), "{text}");
    assert!(row("slow").ends_with(&format!("{} timeout", faults("slow"))), "{text}");
    assert!(row("wrong").ends_with("8 illegal"), "{text}");
    assert!(row("first").ends_with("none") && row("random").ends_with("none"), "{text}");
    assert!(row("wrong").contains("    8     0     0     8"), "lost all 8: {text}");
    let between = |a: &str, b: &str| lines.iter().find(|l| l["south"] == a && l["north"] == b).expect("the game").clone();
    let played = between("first", "random");
    assert!(played["fault"].is_null());
    assert_eq!(played["moves"].as_str().expect("moves").split(", ").count() as u64, played["length"].as_u64().expect("a length"));
    let crashed = between("crash", "first");
    assert_eq!(crashed["fault"], serde_json::json!({"player": "crash", "kind": "crash"}));
    assert_eq!(crashed["winner"], "first");
    assert_eq!(crashed["result"]["reason"], "south's agent ended without answering (forfeit)");
    let late = between("first", "slow");
    assert_eq!(late["result"]["reason"], "north's agent did not answer within 300 ms (forfeit)");
    assert_eq!(
        between("wrong", "random")["result"]["reason"],
        "south's agent answered `{\"action\": \"z99\"}`, not a legal action (forfeit)"
    );
    // The games file is never written over.
    let again =
        mancala(&["tournament", &rules_path("kalah"), "--player", "a=random", "--player", "b=greedy", "--jsonl", games.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("exists: the games are written to a new file only"), "{}", stderr(&again));
}

#[test]
fn bad_players_are_refused_in_one_line() {
    for (players, says) in [
        (vec!["a=random"], "a tournament needs 2 to 32 players"),
        (vec!["a=random", "a=greedy"], "two players are called `a`"),
        (vec!["a=random", "b=human"], "a tournament has no human players"),
        (vec!["a=random", "b"], "is not a player: write NAME=SPEC"),
        (vec!["a=random", "b=cmd:"], "`cmd:` names no program"),
    ] {
        let mut args = vec!["tournament".to_string(), rules_path("tihbat")];
        for p in players {
            args.extend(["--player".to_string(), p.to_string()]);
        }
        let out = mancala(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says) && stderr(&out).lines().count() == 1, "{says}: {}", stderr(&out));
    }
    // A program that cannot start loses its games; the tournament still completes.
    let out = mancala(&["tournament", &rules_path("tihbat"), "--player", "a=random", "--player", "b=cmd:/nonexistent/agent"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).lines().any(|l| l.trim_start().starts_with("b ") && l.ends_with("4 start")), "{}", stdout(&out));
}

/// `mancala agent-protocol` of the shipped `rules` as `player`, sent a start as South and one move
/// of `position` (a line of `run --json`) with `fields` (`,"name":value…`) added.
fn one_move(rules: &str, player: &str, seed: u64, position: &str, fields: &str) -> std::process::Output {
    let input = format!(
        "{{\"type\":\"start\",\"protocol\":\"mancala-agent/1\",\"you\":\"south\"}}\n{{\"type\":\"move\",\"position\":{}{fields}}}\n",
        position.trim()
    );
    common::mancala_with_input(&["agent-protocol", &rules_path(rules), "--player", player, "--seed", &seed.to_string()], &input)
}

#[test]
fn the_agent_protocol_keeps_the_game_and_so_knows_its_repetitions() {
    // Tihbat after these sixteen actions: South's a2 brings the same board back a second time, which
    // ends the game in South's favour; a1 does not. Greedy takes a win above all, if it can see it.
    let moves = "a2, b1, a1, b1, a1, b2, a2, b2, a1, b2, a2, b1, a2, b1, a2, b1";
    let after = |last: &str| -> Value {
        let out = stdout(&mancala(&["run", &rules_path("tihbat"), "--moves", &format!("{moves}, {last}"), "--json"]));
        serde_json::from_str(out.trim()).expect("a position")
    };
    assert_eq!(after("a2")["result"]["winner"], "south");
    assert_eq!(after("a2")["result"]["reason"], "the same board came back twice");
    assert_ne!(after("a1")["result"]["winner"], "south");
    let position = stdout(&mancala(&["run", &rules_path("tihbat"), "--moves", moves, "--json"]));
    let all: Vec<&str> = moves.split(", ").collect();
    let ask = |since: Option<&[&str]>, seed: u64| {
        let since = since.map_or(String::new(), |since| format!(",\"since\":{}", serde_json::json!(since)));
        let out = one_move("tihbat", "greedy", seed, &position, &since);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let answer: Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON answer");
        (answer["action"].as_str().expect("an action").to_string(), stderr(&out))
    };
    // Greedy breaks ties at random: whatever its seed, with the game kept it sees the win.
    let seeds = 1..=8;
    for seed in seeds.clone() {
        assert_eq!(ask(Some(&all), seed), ("a2".to_string(), String::new()), "seed {seed}");
    }
    // From the position alone the repetition cannot be seen: a1 and a2 are even, and some seed
    // plays a1.
    let blind = seeds.clone().find(|&seed| ask(None, seed).0 == "a1").expect("a seed for which greedy plays a1");
    // Actions that do not lead to the position are not trusted, and it says so.
    let (action, note) = ask(Some(&all[..5]), blind);
    assert_eq!(action, "a1");
    assert!(note.starts_with("note: message 2: the actions since the last move do not lead to its position"), "{note}");
}

#[test]
fn a_built_in_player_speaks_the_agent_protocol() {
    // Our own medium player as an outside agent of a tournament.
    let command = format!("cmd:{} agent-protocol {} --player greedy", env!("CARGO_BIN_EXE_mancala"), rules_path("oware"));
    let out = mancala(&["tournament", &rules_path("oware"), "--player", &format!("ours={command}"), "--player", "random=random"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Every move's `since` led to its position: the agent kept each game whole.
    assert!(!stderr(&out).contains("note:"), "{}", stderr(&out));
    assert!(stdout(&out).lines().any(|l| l.trim_start().starts_with("ours ") && l.ends_with("none")), "{}", stdout(&out));
    // By hand: a start, a move, the answer.
    let position = stdout(&mancala(&["run", &rules_path("oware"), "--json"]));
    let out = one_move("oware", "random", 1, &position, ",\"legal\":[]");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answer: Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON answer");
    assert!(["a1", "a2", "a3", "a4", "a5", "a6"].contains(&answer["action"].as_str().expect("an action")), "{answer}");
    let out = common::mancala_with_input(&["agent-protocol", &rules_path("oware")], "not json\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: message 1: not JSON"), "{}", stderr(&out));
}

#[test]
fn a_tournament_in_shards_merges_into_the_same_standings() {
    let players = ["--player", "random=random", "--player", "greedy=greedy", "--player", "search=mcts:30"];
    let base = |extra: &[&str]| {
        let mut args = vec!["tournament", "--games", "3", "--seed", "5"];
        args.extend(players);
        args.extend(extra);
        args.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let file = rules_path("tihbat");
    let run = |args: Vec<String>| {
        let mut all = vec![args[0].clone(), file.clone()];
        all.extend(args[1..].iter().cloned());
        mancala(&all.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let whole = run(base(&[]));
    assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
    let dir = common::scratch();
    let mut paths = Vec::new();
    for shard in 0..3 {
        let out = run(base(&["--shard", &format!("{shard}/3")]));
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let json: Value = serde_json::from_str(&stdout(&out)).expect("a shard file");
        assert_eq!(json["format"], "mancala-tournament-shard/1");
        assert_eq!(json["count"], 6, "18 games in 3 shards");
        let path = dir.path().join(format!("shard{shard}.json"));
        std::fs::write(&path, stdout(&out)).expect("written");
        paths.push(path.to_str().expect("a path").to_string());
    }
    let merged = mancala(&["merge", &paths[2], &paths[0], &paths[1]]);
    assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
    assert_eq!(stdout(&merged), stdout(&whole));
    let missing = mancala(&["merge", &paths[0], &paths[1]]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("shards missing: 2 of 3"), "{}", stderr(&missing));
}

/// Games played at once change nothing: the same lines, in the same order, and the same
/// standings on one thread as on two (and on more than there are games); `--threads 0` and a
/// shard without games are handled.
#[test]
fn a_tournament_is_the_same_whatever_its_threads() {
    let file = rules_path("kalah");
    let run = |threads: &str, jsonl: &std::path::Path| {
        let jsonl = jsonl.to_str().expect("a path");
        let args = ["tournament", &file, "--player", "r=random", "--player", "g=greedy", "--player", "m=mcts:20"];
        let out = mancala(&[&args[..], &["--games", "3", "--threads", threads, "--jsonl", jsonl]].concat());
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        (stdout(&out), std::fs::read_to_string(jsonl).expect("the games written"))
    };
    let dir = common::scratch();
    let (one, two, many) = (dir.path().join("one.jsonl"), dir.path().join("two.jsonl"), dir.path().join("many.jsonl"));
    let (standings, games) = run("1", &one);
    assert_eq!(games.lines().count(), 18, "{games}");
    assert_eq!(run("2", &two), (standings.clone(), games.clone()));
    assert_eq!(run("64", &many), (standings, games));
    let zero = mancala(&["tournament", &file, "--player", "r=random", "--player", "g=greedy", "--threads", "0"]);
    assert_eq!(zero.status.code(), Some(2));
    assert!(stderr(&zero).contains("--threads must be at least 1"), "{}", stderr(&zero));
    // Four games in five shards: one has none.
    let counts: Vec<u64> = (0..5)
        .map(|shard| {
            let shard = format!("{shard}/5");
            let out = mancala(&[
                "tournament",
                &file,
                "--player",
                "r=random",
                "--player",
                "g=greedy",
                "--games",
                "2",
                "--shard",
                &shard,
                "--threads",
                "2",
            ]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let json: Value = serde_json::from_str(&stdout(&out)).expect("a shard file");
            json["count"].as_u64().expect("a count")
        })
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 4, "{counts:?}");
    assert!(counts.contains(&0), "{counts:?}");
}
