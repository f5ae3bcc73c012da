//! `mancala play` and `mancala replay` through the real binary, actions piped in: undo, hint,
//! save, records replayed and verified, records refused.

mod common;

use common::{mancala, mancala_with_input, rules_path as rules, stderr, stdout};

use std::path::Path;

use serde_json::Value;

fn read_record(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the record was saved")).expect("the record is JSON")
}

/// The board as `play` draws Tihbat's starting position.
const TIHBAT_START: &str =
    "   north  captured 0\n    1   2\n b  7   7  north\n a  7   7  south\n   south  captured 0\nsouth to move; legal: a1 a2\n";

#[test]
fn a_scripted_session_undoes_hints_saves_and_replays() {
    let dir = common::scratch();
    let (before_undo, after) = (dir.path().join("before-undo.json"), dir.path().join("after.json"));
    let input = format!("a1\nundo\nsave {}\na2\nhint\nsave {}\nquit\n", before_undo.display(), after.display());
    let out = mancala_with_input(&["play", &rules("tihbat"), "--north", "random", "--seed", "3"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!text.contains('\x1b'), "no colour when piped: {text}");
    // a1, North's answer, then `undo` takes both back: the start is drawn again.
    assert!(text.contains("south a1 (7 stones): a1 a2 b2 b1 a1 a2 b2\n"), "{text}");
    assert!(text.contains("\nnorth b"), "North's answer is told: {text}");
    assert_eq!(text.matches(TIHBAT_START).count(), 2, "{text}");
    assert_eq!(read_record(&before_undo)["moves"], "");
    assert!(text.contains("hint: a"), "{text}");
    let record = read_record(&after);
    let moves = record["moves"].as_str().expect("moves");
    assert!(moves.starts_with("a2, b"), "{moves}");
    assert_eq!(moves.split(", ").count(), 2);
    assert_eq!(record["result"], Value::Null, "saved mid-game");
    assert_eq!(record["south"], "human");
    assert_eq!(record["north"], "random");
    assert!(record["rules"]["hash"].as_str().expect("hash").starts_with("rules-fnv1a64:"));

    let replayed = mancala(&["replay", after.to_str().unwrap()]);
    assert_eq!(replayed.status.code(), Some(0), "{}", stderr(&replayed));
    let shown = stdout(&replayed);
    assert!(shown.contains("1. south a2 ("), "{shown}");
    assert!(shown.contains("2. north b"), "{shown}");
    assert!(shown.contains("verified: 2 actions, the game unfinished as recorded"), "{shown}");
}

#[test]
fn a_whole_game_recorded_at_its_end_replays_and_runs() {
    let dir = common::scratch();
    let path = dir.path().join("whole.json");
    let out =
        mancala(&["play", &rules("gore"), "--south", "greedy", "--north", "random", "--seed", "4", "--record", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("Game over: "), "{}", stdout(&out));
    let record = read_record(&path);
    let result = record["result"].clone();
    assert!(result["reason"].is_string(), "{record}");
    assert_eq!(record["options"], serde_json::json!({"trade": "on"}));

    let replayed = mancala(&["replay", path.to_str().unwrap(), "--quiet"]);
    assert_eq!(replayed.status.code(), Some(0), "{}", stderr(&replayed));
    assert!(stdout(&replayed).contains("the result as recorded"), "{}", stdout(&replayed));

    // `run --moves` takes the record itself, or its `moves` as they are.
    let moves = record["moves"].as_str().expect("moves").to_string();
    for list in [format!("@{}", path.display()), moves] {
        let run = mancala(&["run", &rules("gore"), "--moves", &list, "--json"]);
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
        let end: Value = serde_json::from_slice(&run.stdout).expect("a position");
        assert_eq!(end["status"], "over");
        assert_eq!(end["result"], result);
    }
}

#[test]
fn decisions_are_asked_in_words_and_undone_one_at_a_time() {
    // Two people at one terminal; North offers b1 after five moves and South must answer.
    let input = "a4\nb2\na1\nb3\na4\noffer b1\naccept\nundo\ndecline\nquit\n";
    let out = mancala_with_input(&["play", &rules("gore"), "--north", "human"], input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("north offers b1 to south: accept or decline?"), "{text}");
    assert_eq!(text.matches("south, accept or decline? > ").count(), 2, "asked again after the undo: {text}");
    assert!(text.contains("* owned by the other row's player"), "accepted: b1 changed hands: {text}");
    assert!(text.ends_with("south to move; legal: a1 a2 a3\nsouth> quit\n"), "declined: South moves on: {text}");
}

#[test]
fn a_record_outlives_comments_and_layout_but_not_a_change_of_rules() {
    // A variant no shipped file has (5 cows a hole), so nothing else holds its rules.
    let dir = common::scratch();
    let rule_file = dir.path().join("gore5.mancala");
    let source = std::fs::read_to_string(rules("gore")).expect("readable").replace("    seeds 6 ", "    seeds 5 ");
    std::fs::write(&rule_file, &source).expect("written");
    let (file, record) = (rule_file.to_str().unwrap(), dir.path().join("changed.json"));
    let out = mancala(&["play", file, "--south", "random", "--north", "random", "--record", record.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(read_record(&record)["rules"]["hash"], mancala::record::rules_hash(&source));
    let replay = |extra: &[&str]| mancala(&[&["replay", record.to_str().unwrap(), "--quiet"][..], extra].concat());

    // A comment, blank lines, another indentation, then `fmt`: the same rules, the record replays.
    let relaid = format!("// my variant\n\n{}\n// the end\n", source.replace("    ", "  ").replace("{\n", "{\n\n"));
    std::fs::write(&rule_file, &relaid).expect("written");
    assert_eq!(mancala::record::rules_hash(&relaid), mancala::record::rules_hash(&source));
    let out = replay(&[]);
    assert_eq!((out.status.code(), stderr(&out)), (Some(0), String::new()));
    assert_eq!(mancala(&["fmt", file]).status.code(), Some(0));
    assert_ne!(std::fs::read_to_string(&rule_file).expect("readable"), relaid);
    assert_eq!((replay(&[]).status.code(), stderr(&replay(&[]))), (Some(0), String::new()));

    // Another rule: refused in one line, which says how to go on.
    let changed = source.replace("    seeds 5 ", "    seeds 4 ");
    std::fs::write(&rule_file, &changed).expect("written");
    let out = replay(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: the rule file {file} has changed since the game was played (the hash of its rules is {}, the record's {}): the record \
             replays only with the rules it was played with, and no rule file of rules has them: name the rule file it was played with, \
             as it was then, with --rules FILE\n",
            mancala::record::rules_hash(&changed),
            mancala::record::rules_hash(&source)
        )
    );
    // --rules names the file given, not the record's.
    let out = replay(&["--rules", "kalah"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: the rule file rules/kalah.mancala is not the one the game was played with, {file} (the hash of its rules is {}, the \
             record's {}): name the rule file it was played with, as it was then, with --rules FILE\n",
            mancala::record::rules_hash(&std::fs::read_to_string(rules("kalah")).expect("readable")),
            mancala::record::rules_hash(&source)
        )
    );
    let original = dir.path().join("gore5-original.mancala");
    std::fs::write(&original, &source).expect("written");
    assert_eq!(replay(&["--rules", original.to_str().unwrap()]).status.code(), Some(0));

    // A record written before 0.13 keeps the hash of the file's bytes: those bytes replay it.
    let mut old = read_record(&record);
    old["rules"]["hash"] = mancala::record::content_hash(&source).into();
    std::fs::write(&record, old.to_string()).expect("written");
    assert_eq!(replay(&["--rules", original.to_str().unwrap()]).status.code(), Some(0));
    std::fs::write(&original, format!("{source}// a comment\n")).expect("written");
    let out = replay(&["--rules", original.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is not the one the game was played with") && stderr(&out).contains("the hash of its text is fnv1a64:"));
}

#[test]
fn a_record_finds_its_rules_where_they_are_now() {
    let scratch = common::scratch();
    let dir = scratch.path().join("moved");
    std::fs::create_dir_all(dir.join("rules")).expect("a folder");
    std::fs::copy(rules("kalah"), dir.join("rules/kalah.mancala")).expect("copied");
    // Played from `dir` with the relative path rules/kalah.mancala, then looked at from elsewhere.
    let game = ["--north", "human", "--record", "k.json"];
    let out = mancala_in_with_input(&dir, &[&["play", "rules/kalah.mancala"][..], &game[..]].concat(), "a1\nb1\na2\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(read_record(&dir.join("k.json"))["rules"]["file"], "rules/kalah.mancala");
    let record = dir.join("k.json");
    // Looked at from another folder: found beside the record, and said so.
    let elsewhere = scratch.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).expect("a folder");
    let out = mancala_in(&elsewhere, &["replay", record.to_str().unwrap(), "--quiet"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let beside = dir.join("rules/kalah.mancala");
    assert_eq!(
        stderr(&out),
        format!("note: the record's rule file rules/kalah.mancala is not there: {} has its rules\n", beside.display())
    );
    // Gone from there: the shipped file with its rules, said in a note.
    std::fs::remove_file(dir.join("rules/kalah.mancala")).expect("removed");
    let out = mancala_in(&elsewhere, &["replay", record.to_str().unwrap(), "--quiet"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), format!("note: the record's rule file rules/kalah.mancala is not there: {} has its rules\n", rules("kalah")));
    // `play --resume` alone goes on with it: the banner says where the game stands.
    let out = mancala_with_input(&["play", "--resume", record.to_str().unwrap()], "quit\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("Two people play here: south row a at the bottom, north row b at the top.\nStones are sown counter-clockwise: a1 → a2 → a3 → a4 …\nResumed after 3 actions: north to move. Type help for the commands.\n"), "{text}");
    assert!(!text.contains("moves first"), "{text}");
    // Without a rule file or a record, play says what it needs.
    let out = mancala(&["play"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: play needs a rule file, its path or a shipped game's name (rules/NAME.mancala or NAME), or --resume RECORD\n"
    );
}

#[test]
fn save_asks_before_writing_over_another_games_record() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let other = dir.join("other.json");
    let out = mancala_with_input(&["play", "tihbat", "--north", "human", "--record", other.to_str().unwrap()], "a1\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (path, mine) = (other.to_str().unwrap(), dir.join("mine.json"));
    let input = format!("a2\nsave {path}\nsave {}\nb1\nsave {}\nsave {path}\nquit\n", mine.display(), mine.display());
    let out = mancala_with_input(&["play", "tihbat", "--north", "human"], input);
    let text = stdout(&out);
    // Asked once; this game's own earlier save is written over without asking; asked again: written.
    let asked = format!(
        "{path} holds the record of another game (Tihbat, 1 action, unfinished): type `save {path}` again to write over it, or save to another file"
    );
    let asked = mancala::cli::narrate::wrap(&asked, 80).join("\n");
    assert!(
        text.contains(&format!("north> save {path}\n{asked}\nnorth> save {}\nsaved to {}\n", mine.display(), mine.display())),
        "{text}"
    );
    assert!(
        text.contains(&format!("south> save {}\nsaved to {}\nsouth> save {path}\nsaved to {path}\n", mine.display(), mine.display())),
        "{text}"
    );
    assert_eq!(read_record(&mine)["moves"], "a2, b1");
    assert_eq!(read_record(&other)["moves"], "a2, b1");
}

#[test]
fn replay_refuses_bad_records_in_one_line() {
    let dir = common::scratch();
    let good = dir.path().join("good.json");
    let out = mancala(&["play", &rules("tihbat"), "--south", "random", "--north", "random", "--record", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let record = read_record(&good);
    let altered = |name: &str, change: &dyn Fn(&mut Value)| {
        let mut r = record.clone();
        change(&mut r);
        let path = dir.path().join(name);
        std::fs::write(&path, r.to_string()).expect("written");
        path
    };
    let cases = [
        (altered("result.json", &|r| r["result"]["reason"] = "resigned".into()), 4),
        (altered("illegal.json", &|r| r["moves"] = "a1, a1".into()), 3),
        (altered("nonsense.json", &|r| r["moves"] = "a1, jump".into()), 3),
        (altered("format.json", &|r| r["format"] = "mancala-record/9".into()), 2),
        (altered("hash.json", &|r| r["rules"]["hash"] = "fnv1a64:0000000000000000".into()), 2),
        (altered("options.json", &|r| r["sets"] = serde_json::json!(["columns=3"])), 2),
        (altered("field.json", &|r| r["extra"] = 1.into()), 2),
        (dir.path().join("missing.json"), 2),
    ];
    for (path, code) in cases {
        let out = mancala(&["replay", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(code), "{}: {}", path.display(), stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{}: {}", path.display(), stderr(&out));
    }
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, [0xff, 0x00, 0x7b]).expect("written");
    let out = mancala(&["replay", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

#[test]
fn every_computer_player_finishes_a_game() {
    for agent in ["random", "greedy", "mcts:30"] {
        let out = mancala(&["play", &rules("tihbat"), "--south", agent, "--north", "greedy", "--seed", "2"]);
        assert_eq!(out.status.code(), Some(0), "{agent}: {}", stderr(&out));
        assert!(stdout(&out).contains("Game over: "), "{agent}: {}", stdout(&out));
    }
}

#[test]
fn an_unknown_player_is_a_usage_error() {
    let out = mancala(&["play", &rules("tihbat"), "--north", "deep-blue"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is not a player"), "{}", stderr(&out));
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let args = ["play", &rules("gore"), "--south", "mcts:150", "--north", "greedy", "--seed", "11"];
    let (first, second) = (mancala(&args), mancala(&args));
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert_eq!(stdout(&first), stdout(&second));
    let other = mancala(&["play", &rules("gore"), "--south", "mcts:150", "--north", "greedy", "--seed", "12"]);
    assert_ne!(stdout(&first), stdout(&other));
}

/// In every position of a few random games where the player to move can win at once, the search
/// scores that action 1 for the mover (each node is seen from its mover's side, even when the same
/// player acts twice in a row, as after an answer to an offer), its choice scores nearly as well,
/// and `choose` takes a win.
#[test]
fn mcts_sees_a_win_at_hand_from_the_movers_side() {
    use mancala::ai::{Budget, Mcts};
    use mancala::Game;
    use rand::rngs::ChaCha8Rng;
    use rand::SeedableRng;

    let mut checked = 0;
    for name in ["tihbat", "djenon-aboure", "gore"] {
        let rules = mancala::load_file(rules(name), &[] as &[&str]).expect("loads");
        for seed in 0..60u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(&rules);
            while let Some(me) = game.to_move() {
                let wins_now = |action| {
                    let mut after = game.clone();
                    after.apply(action).is_ok() && after.result().is_some_and(|r| r.winner == Some(me))
                };
                let legal = game.legal_actions();
                if legal.len() > 1 && legal.iter().any(|&a| wins_now(a)) {
                    let search = Mcts::new(Budget::Iterations(300));
                    let scored = search.analyse(&game, &mut rng);
                    let at = game.position_json();
                    for s in scored.iter().filter(|s| wins_now(s.action)) {
                        assert_eq!(s.mean, 1.0, "{name}: {me}'s win scored {s:?} at {at}");
                    }
                    let best = scored.iter().max_by_key(|s| s.visits).expect("actions");
                    assert!(best.mean > 0.9, "{name}: {me} chose {best:?} over a win at {at}: {scored:?}");
                    let chosen = search.choose(&game, &mut rng).expect("an action");
                    assert!(wins_now(chosen), "{name}: {me} missed a win at {at}");
                    checked += 1;
                }
                let action = mancala::ai::random::choose(&game, &mut rng).expect("a legal action");
                game.apply(action).expect("legal");
            }
        }
    }
    assert!(checked >= 15, "only {checked} positions with a win at hand");
}

#[test]
fn tsoro_decisions_inside_a_move_are_asked_in_words() {
    // Two humans on 4 x 8: South's a5 stands on the head a7 (continue or stop); later a capture
    // leaves South 2 more holes to choose (see tests/tsoro.rs for the positions).
    let input = "a5\ncontinue\nd1\na2\nd5\na6\nd8\na7\ntake d7 d4\nquit\n";
    let out = mancala_with_input(&["play", &rules("tsoro"), "--set", "columns=8", "--south", "human", "--north", "human"], input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("south's move stands on a7: continue (sow on from it) or stop?"), "{text}");
    assert!(text.contains("south, continue or stop?"), "{text}");
    assert!(text.contains("south chooses 2 more holes to take"), "{text}");
    // The choice is asked in short: the holes and how many ways.
    assert!(text.contains("south, take 2 of: c2 d4 d5 d7 (6 ways)? > take d7 d4\nsouth take d4 d7: takes d4 (4) d7 (3)\n"), "{text}");
    // Four rows drawn, North's outer row on top; after the take South has captured 9.
    assert!(text.contains(" d  1   3   0   0'  1   0   0'  0  north\n"), "{text}");
    assert!(text.contains(" a  2   0   3   0   1   0   0   5  south\n   south  captured 9\n"), "{text}");
}

/// A record whose game name, options or players are not the rule file's is refused in one line
/// naming the field (exit 2), even though its hash matches.
#[test]
fn replay_refuses_a_record_whose_game_options_or_players_do_not_match() {
    let dir = common::scratch();
    let good = dir.path().join("fields.json");
    let out = mancala(&["play", &rules("gore"), "--south", "random", "--north", "random", "--record", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let record = read_record(&good);
    type Change = dyn Fn(&mut Value);
    let cases: [(&str, &Change, &str); 9] = [
        ("game.json", &|r| r["rules"]["game"] = "Gore".into(), "field `rules.game`: the record says `Gore`, the rule file plays `Goré`"),
        (
            "option-value.json",
            &|r| r["options"] = serde_json::json!({"trade": "off"}),
            "field `options`: `trade` is \"off\" in the record but \"on\" in the rule file with the record's sets (none)",
        ),
        (
            "option-missing.json",
            &|r| r["options"] = serde_json::json!({}),
            "field `options`: `trade` is absent in the record but \"on\" in the rule file with the record's sets (none)",
        ),
        (
            "option-extra.json",
            &|r| r["options"]["seeds"] = 4.into(),
            "field `options`: `seeds` is 4 in the record but absent in the rule file with the record's sets (none)",
        ),
        (
            "sets-change-options.json",
            &|r| r["sets"] = serde_json::json!(["trade=off"]),
            "field `options`: `trade` is \"on\" in the record but \"off\" in the rule file with the record's sets (trade=off)",
        ),
        (
            "sets-unknown.json",
            &|r| r["sets"] = serde_json::json!(["columns=3"]),
            "field `sets`: this game has no option `columns` (its options: trade)",
        ),
        ("sets-form.json", &|r| r["sets"] = serde_json::json!(["trade"]), "field `sets`: `trade` is not of the form NAME=VALUE"),
        (
            "south.json",
            &|r| r["south"] = "deep-blue".into(),
            "field `south`: `deep-blue` is not a player: write human, easy, medium, hard, random, greedy, mcts or mcts:ITERATIONS",
        ),
        (
            "north.json",
            &|r| r["north"] = "mcts:99999999".into(),
            "field `north`: `mcts:99999999` is too many iterations: at most 10000000 a move",
        ),
    ];
    for (name, change, error) in cases {
        let mut altered = record.clone();
        change(&mut altered);
        let path = dir.path().join(name);
        std::fs::write(&path, altered.to_string()).expect("written");
        let out = mancala(&["replay", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert_eq!(stderr(&out), format!("error: {}: {error}\n", path.display()), "{name}");
        assert_eq!(stdout(&out), "", "{name}: nothing replayed");
    }
    // The sets and options as play wrote them replay.
    let mut off = record.clone();
    off["sets"] = serde_json::json!(["trade=off"]);
    off["options"] = serde_json::json!({"trade": "off"});
    off["moves"] = "".into();
    off["result"] = Value::Null;
    let path = dir.path().join("trade-off.json");
    std::fs::write(&path, off.to_string()).expect("written");
    let out = mancala(&["replay", path.to_str().unwrap(), "--quiet"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn replay_refuses_a_record_larger_than_any_game_in_one_line() {
    let out = mancala(&["replay", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "error: /dev/zero: not a game record (larger than 64 MiB)\n");
}

/// The real binary run in `dir` (colour off), no input.
fn mancala_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    mancala_in_with_input(dir, args, "")
}

/// The real binary run in `dir` (colour off), `input` on its standard input.
fn mancala_in_with_input(dir: &std::path::Path, args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    child.wait_with_output().expect("the binary finishes")
}

#[test]
fn a_shipped_game_is_played_by_its_name() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let game = ["--south", "random", "--north", "random", "--seed", "3"];
    // No rules/ here: the crate's own rules/kalah.mancala, the very game its path plays.
    let by_name = mancala_in(dir, &[&["play", "kalah", "--record", "kalah.json"][..], &game[..]].concat());
    assert_eq!(by_name.status.code(), Some(0), "{}", stderr(&by_name));
    let by_path = mancala(&[&["play", &rules("kalah")][..], &game[..]].concat());
    assert_eq!(stdout(&by_name), stdout(&by_path) + "record saved to kalah.json\n");
    assert_eq!(read_record(&dir.join("kalah.json"))["rules"]["file"], rules("kalah"));
    // The record names the file found, so it replays from anywhere.
    assert_eq!(mancala(&["replay", dir.join("kalah.json").to_str().unwrap(), "--quiet"]).status.code(), Some(0));
    // A rules/ folder here comes first.
    std::fs::create_dir_all(dir.join("rules")).expect("a folder");
    let local =
        "game \"Local\"\nboard {\n    size 2 x 1\n    seeds 1\n}\nend {\n    when every hole is empty\n    when board repeats 2 times\n}\n";
    std::fs::write(dir.join("rules/kalah.mancala"), local).expect("written");
    let out = mancala_in(dir, &["run", "kalah"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("Local\n"), "{}", stdout(&out));
    // Not found: one line, where it was looked for, a likely name and every name (the local
    // kalah is one of the shipped names).
    let names: Vec<String> = common::mancala_files("rules").iter().map(|p| p.file_stem().unwrap().to_str().unwrap().to_string()).collect();
    let out = mancala_in(dir, &["play", "kalahh"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: no rule file `kalahh` (did you mean `kalah`?): no such file, nor rules/kalahh.mancala, nor {}/rules/kalahh.mancala; the games by name: {}\n",
            env!("CARGO_MANIFEST_DIR"),
            names.join(" ")
        )
    );
    // A path (a folder or an extension in it) is read as it is, never looked for.
    for path in ["kalah.mancala", "./kalah"] {
        let out = mancala_in(dir, &["run", path]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert_eq!(stderr(&out), format!("error: cannot read {path}: no such file or directory (os error 2)\n"));
    }
}

#[test]
fn a_resumed_game_keeps_its_options_in_its_record() {
    let dir = common::scratch();
    let path = dir.path().join("resumed-options.json");
    let record = path.to_str().unwrap();
    let out = mancala_with_input(&["play", "tsoro", "--set", "columns=8", "--north", "human", "--record", record], "a1\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = mancala_with_input(&["play", "--resume", record], "d1\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let saved = read_record(&path);
    assert_eq!((saved["sets"].clone(), saved["moves"].clone()), (serde_json::json!(["columns=8"]), "a1, d1".into()));
    let out = mancala(&["replay", record, "--quiet"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}
