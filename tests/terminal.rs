//! What a player sees in `mancala play`: every action told in words from its events, the holes it
//! changed marked, the reasons for extra turns and new rounds, a banner, the rulings, short
//! choices, named strengths, resuming a record, and no line wider than 80 columns in any shipped
//! game.

mod common;

use common::{mancala, mancala_with_input, rules_path, stdout};

/// The widest line of `text`, in terminal columns: its display width, one column for each of
/// `…`, `→` and `ā` though UTF-8 spends two or three bytes on them.
fn widest(text: &str) -> (usize, String) {
    text.lines().map(|l| (textwrap::core::display_width(l), l.to_string())).max().unwrap_or_default()
}

fn shipped() -> Vec<String> {
    common::mancala_files("rules").iter().filter_map(|p| Some(p.file_stem()?.to_str()?.to_string())).collect()
}

/// The seeds of the whole games each shipped file is played with.
const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;

#[test]
fn whole_games_of_every_shipped_file_fit_80_columns() {
    let names = shipped();
    assert!(names.len() >= 22);
    let games: Vec<(&str, u64)> = names.iter().flat_map(|name| SEEDS.map(move |seed| (name.as_str(), seed))).collect();
    // Played on two threads (about 3 s in all in a debug build, against 6 on one).
    let (first, second) = games.split_at(games.len() / 2);
    let play = |games: &[(&str, u64)]| -> Vec<String> {
        let mut problems = Vec::new();
        for &(name, seed) in games {
            // A whole game between computers, every action told and every board drawn.
            let seed = seed.to_string();
            let out = mancala(&["play", &rules_path(name), "--south", "random", "--north", "random", "--seed", &seed]);
            let text = stdout(&out);
            let (width, line) = widest(&text);
            if out.status.code() != Some(0) || !text.contains("Game over: ") {
                problems.push(format!("{name}, seed {seed}: the game does not end: exit {:?}", out.status.code()));
            } else if width > 80 {
                problems.push(format!("{name}, seed {seed}: a line of {width} columns: {line}"));
            }
        }
        problems
    };
    let problems: Vec<String> = std::thread::scope(|scope| {
        let other = scope.spawn(|| play(second));
        let mut problems = play(first);
        problems.extend(other.join().expect("the other half is played"));
        problems
    });
    assert_eq!(games.len(), names.len() * 5);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_long_relay_is_told_in_lines_of_80_columns() {
    // Pallanguzhi, seed 2: South's a1 relays twice, taking holes in passing; its first line fills
    // 80 columns exactly (84 bytes: each `…` is three), and the rest go on, indented, to the
    // capture.
    let out = mancala(&["play", &rules_path("pallanguzhi"), "--south", "random", "--north", "random", "--seed", "2"]);
    let text = stdout(&out);
    let told = "south a1 (3 stones): a2 a3 a4; relay a5 (12): a6 a7 b7 … (7 more) … a2 a3; relay\n  \
                a4 (13): a5 a6 a7 b7 (takes 4) b6 (takes 4) b5 b4 b3 b2 b1 a1 a2 (takes 4) a3;\n  \
                takes a5 (1)\n\n";
    assert!(text.contains(told), "{text}");
    let first = told.lines().next().expect("a line");
    assert_eq!((widest(first).0, first.len()), (80, 84));
}

#[test]
fn a_person_at_the_keyboard_sees_no_line_wider_than_80_columns() {
    for name in shipped() {
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
    assert!(text.contains(" b  4   4   4   4   4   4  north\n a  4   4   0'  5'  5'  5'  south\n   south  store 1 (by a6)\n"), "{text}");
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
    // Goré passes when a player has no move: its random game of seed 4 has one.
    let out = mancala(&["play", &rules_path("gore"), "--south", "random", "--north", "random", "--seed", "4"]);
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
    assert!(text.contains("   south  store 0 (by a6)\n    6   5   4   3   2   1\n a  4   4   4   4   4   4  south\n b  4   4"), "{text}");
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
fn the_rules_command_prints_the_games_page_or_the_rulings() {
    // A shipped file: its page of rules (docs/games/tihbat.md) as text, the rulings in it.
    let out = mancala_with_input(&["play", &rules_path("tihbat"), "--north", "random"], "rules\nquit\n");
    let text = stdout(&out);
    assert!(
        text.contains("south> rules\nTihbat\n======\n\nTihbat comes from Taourirt province, in the Oriental region of north-east\n"),
        "{text}"
    );
    let h1 = "Rulings\n-------\n\n- H1 — The first counter of a move goes back into the hole it was lifted from;\n  the rest are sown from the next hole on. A move is one lap.\n";
    assert!(text.contains(h1), "{text}");
    // Kalah names no rulings: its page says how it is played, to the end.
    let out = mancala_with_input(&["play", "kalah", "--north", "random"], "rules\nquit\n");
    let text = stdout(&out);
    assert!(
        text.contains("Rulings\n-------\n\nThe rule file names no rulings of its own: OpenSpiel's behaviour decides every\ncase.\n"),
        "{text}"
    );
    assert!(text.contains("\nRule file: `rules/kalah.mancala`\nsouth> quit\n"), "{text}");
    // A copy elsewhere has no page: its rulings, or that it has none.
    let dir = common::scratch();
    for name in ["tihbat", "kalah"] {
        std::fs::copy(rules_path(name), dir.path().join(format!("{name}.mancala"))).expect("copied");
    }
    let copy = |name: &str| dir.path().join(format!("{name}.mancala")).to_str().expect("a path").to_string();
    let out = mancala_with_input(&["play", &copy("tihbat"), "--north", "random"], "rules\nquit\n");
    assert!(
        stdout(&out)
            .contains("south> rules\nH1: First stone back into the origin hole, then the rest from the next hole on;\n  one lap.\n"),
        "{}",
        stdout(&out)
    );
    let out = mancala_with_input(&["play", &copy("kalah"), "--north", "random"], "rules\nquit\n");
    let said = format!("Kalah has no rulings and no page of rules: its rules are the file itself ({}).", copy("kalah"));
    let wrapped = mancala::cli::narrate::wrap(&said, 80).join("\n");
    assert!(stdout(&out).contains(&format!("south> rules\n{wrapped}\nsouth> quit\n")), "{}", stdout(&out));
}

#[test]
fn a_game_is_resumed_from_its_record_and_saved_back() {
    let dir = common::scratch();
    let path = dir.path().join("resume.json");
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
}

#[test]
fn replay_tells_every_move() {
    let dir = common::scratch();
    let path = dir.path().join("replay.json");
    let record = path.to_str().expect("a path");
    mancala_with_input(&["play", &rules_path("kalah"), "--north", "human", "--record", record], "a3\na1\nquit\n");
    let text = stdout(&mancala(&["replay", record]));
    assert!(
        text.contains("1. south a3 (4 stones): a4 a5 a6 south's store\n   south moves again: the last stone fell into their store.\n"),
        "{text}"
    );
    assert!(text.contains("2. south a1 (4 stones): a2 a3 a4 a5\n"), "{text}");
}

#[test]
fn an_ending_is_said_in_the_words_its_rule_file_gives() {
    // Tihbat's endings have words: the board coming back is said so, in play and in the JSON.
    let out = mancala(&["play", &rules_path("tihbat"), "--south", "random", "--north", "random", "--seed", "5"]);
    let text = stdout(&out);
    let last = text.lines().rev().find(|l| l.starts_with("Game over: ")).expect("the game ends");
    assert!(last.ends_with(": the same board came back twice.") || last.ends_with(": every stone has been captured."), "{last}");
    // Without words, the condition as written is the reason.
    let source = "game \"Plain\"\nboard {\n    size 2 x 1\n    seeds 1\n}\nend {\n    when board repeats 2 times\n}\n";
    let dir = common::scratch();
    let plain = dir.path().join("plain.mancala");
    std::fs::write(&plain, source).expect("written");
    let worded = dir.path().join("worded.mancala");
    std::fs::write(&worded, source.replace("2 times\n", "2 times, \"the board came back\"\n")).expect("written");
    let reason = |path: &std::path::Path| {
        let out = mancala(&["run", path.to_str().expect("a path"), "--moves", "a1, b1", "--json"]);
        let end: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        end["result"]["reason"].clone()
    };
    assert_eq!(reason(&plain), "board repeats 2 times");
    assert_eq!(reason(&worded), "the board came back");
    // A capture has no words of an ending.
    let capture = dir.path().join("capture.mancala");
    std::fs::write(&capture, source.replace("end {", "capture {\n    when count = 2, \"two\"\n    take last hole\n}\nend {"))
        .expect("written");
    let out = mancala(&["check", capture.to_str().expect("a path"), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("\"code\":\"mancala::misplaced_consequence\""), "{}", stdout(&out));
    assert!(stdout(&out).contains("a capture does not end the game, so it has no words of an ending"), "{}", stdout(&out));
}

#[test]
fn a_choice_of_holes_is_typed_as_the_holes_alone() {
    // Tsoro on 8 columns: South's a7 captures c3 and d3, then chooses 2 of c2 d4 d5 d7.
    let moves = "a5\ncontinue\nd1\na2\nd5\na6\nd8\na7\n";
    let input = format!("{moves}d4\nd1 d4\nd4 d4\npass\nd4 d7\nquit\n");
    let out = mancala_with_input(&["play", &rules_path("tsoro"), "--set", "columns=8", "--north", "human"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = stdout(&out);
    let how = "take 2 of: c2 d4 d5 d7 (type the 2 holes\n  together: `c2 d4`, or `take c2 d4`)\n";
    let asked = "south, take 2 of: c2 d4 d5 d7 (6 ways)? > ";
    let expected = format!(
        "{asked}d4\nd4 is 1 hole, not 2: take 2 of: c2 d4 d5 d7 (type the 2 holes together: `c2 d4`,\n  or `take c2 d4`)\n\
         {asked}d1 d4\nd1 cannot be taken (it is not among the holes to choose from): take 2 of: c2 d4\n  d5 d7 (type the 2 holes together: `c2 d4`, or `take c2 d4`)\n\
         {asked}d4 d4\n`d4` is named twice in the set: {how}\
         {asked}pass\n`pass` is not a choice of holes: {how}\
         {asked}d4 d7\nsouth take d4 d7: takes d4 (4) d7 (3)\n"
    );
    assert!(text.contains(&expected), "{text}");
    // `take d7 d4` is the same choice.
    let out =
        mancala_with_input(&["play", &rules_path("tsoro"), "--set", "columns=8", "--north", "human"], format!("{moves}take d7 d4\nquit\n"));
    assert!(stdout(&out).contains(&format!("{asked}take d7 d4\nsouth take d4 d7: takes d4 (4) d7 (3)\n")), "{}", stdout(&out));
}

#[test]
fn the_computers_turns_are_told_and_the_board_is_shown_once_before_yours() {
    // Kalah against `random` (seed 1): North's answer to a1 is two actions (b4 into its store,
    // then b6): both are told, and one board follows, marking what both changed.
    let input = "a1\na2\na3\na4\na5\na6\nmoves 2\nmoves\nquit\n";
    let out = mancala_with_input(&["play", "kalah", "--north", "random", "--seed", "1"], input);
    let text = stdout(&out);
    assert!(
        text.contains(
            "south> a1\nsouth a1 (4 stones): a2 a3 a4 a5\nnorth b4 (4 stones): b3 b2 b1 north's store\n\
             north moves again: the last stone fell into their store.\nnorth b6 (4 stones): b5 b4 b3 b2\n\n\
             Kalah\n   north  store 1 (by b1)\n    1   2   3   4   5   6\n b  5'  6'  6'  1'  5'  0'  north\n\
             \x20a  0'  5'  5'  5'  5'  4  south\n   south  store 0 (by a6)\n   ' changed by the last 3 actions\n\
             south to move; legal: a2 a3 a4 a5 a6\nsouth> a2\n"
        ),
        "{text}"
    );
    // A board before each of South's six moves and one after: never one between North's.
    assert_eq!(text.matches("\nKalah\n").count(), 7, "{text}");
    // A hole of 10 stones leaves the columns where they were.
    assert!(text.contains("    1   2   3   4   5   6\n b 10'  2'  0'  5'  2'  4'  north\n"), "{text}");
    assert_eq!(text.lines().filter(|l| l.trim_start().starts_with("1 ")).collect::<std::collections::BTreeSet<_>>().len(), 1, "{text}");
    // `moves 2`: the last two actions as they were told, numbered; `moves` every one.
    assert!(
        text.contains(
            "south> moves 2\n11. south a6 (9 stones): south's store b6 b5 b4 b3 b2 b1 a1 a2\n\
             12. north b3 (10 stones): b2 b1 north's store a1 a2 a3 a4 a5 a6 b6\nsouth> moves\n\
             1. south a1 (4 stones): a2 a3 a4 a5\n2. north b4 (4 stones): b3 b2 b1 north's store\n   \
             north moves again: the last stone fell into their store.\n3. north b6 (4 stones): b5 b4 b3 b2\n4. south a2"
        ),
        "{text}"
    );
}

#[test]
fn the_banner_says_which_way_moves_go() {
    let banner = |name: &str| {
        let text = stdout(&mancala_with_input(&["play", name], "quit\n"));
        text.lines()
            .skip_while(|l| !l.starts_with("Stones are sown"))
            .take_while(|l| !l.ends_with("Type help for the commands."))
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Bao la Kiswahili: every move names its way.
    assert_eq!(
        banner("bao-la-kiswahili"),
        "Stones are sown either way, as each move says: `a1 cw` sows a1 → b1 → b2 → b3 …,\n  `a1 ccw` a1 → a2 → a3 → a4 …"
    );
    // Omweso: counter-clockwise, some moves the other way.
    assert_eq!(banner("omweso"), "Stones are sown counter-clockwise: a1 → a2 → a3 → a4 …; some moves may go the\n  other way (`a1 cw`).");
    assert_eq!(banner("kalah"), "Stones are sown counter-clockwise: a1 → a2 → a3 → a4 …");
}

#[test]
fn the_end_is_told_the_stones_left_swept_who_won_and_how_to_play_again() {
    // Kalah (simulate --seed 4) one move from its end, North a person against `random`: North's
    // b1 empties North's row and South's last stones go into South's store.
    let moves = "a1, b6, a4, b5, a6, b4, a2, b6, a6, a5, b1, a2, b5, a6, a3, b3, a2, b4, a3, b2, a3, b6, a6, b3, b4, a1, a2, b5, b2, a3, \
                 b4, a1, b6, a4, b1, a3, b2, a5, a4, b6, a5, b4, a6, b6, a2, b2, a3, b3, a1, b5, a2, b1, a2, b4, a4, b2, b3, a1";
    let dir = common::scratch();
    let path = dir.path().join("end.json");
    let record = path.to_str().expect("a path");
    let input = moves.replace(", ", "\n") + "\nquit\n";
    let out = mancala_with_input(&["play", "kalah", "--north", "human", "--south", "human", "--record", record], input);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let out = mancala_with_input(&["play", "--resume", record, "--south", "random"], "b1\n");
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(
            "north> b1\nnorth b1 (2 stones): north's store a1\nThe stones left go to south's store: a1 (1) a3 (3) a5 (1) a6 (1), 6 stones in\n  \
             all.\n\nKalah\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Game over: north wins 26 to 22: a row is empty.\nYou won, 26 to 22.\n\
             To play again:\n  mancala play kalah --south random --north human --seed 2\n"
        ),
        "{text}"
    );
    // Between computers nobody is told they won, and no line offers to play again.
    let out = mancala(&["play", "kalah", "--south", "random", "--north", "random", "--seed", "4"]);
    assert!(!stdout(&out).contains("You ") && !stdout(&out).contains("To play again"), "{}", stdout(&out));
    assert!(stdout(&out).contains("\nThe stones left go to north's store: b1 (4) b2 (1) b5 (6), 11 stones in all.\n"), "{}", stdout(&out));
    // A resumed game's first board marks what the record's last action changed.
    assert!(text.contains("   ' changed by the last action\nnorth to move; legal: b1\nnorth> b1\n"), "{text}");
    // A file that is not the shipped one is named by its path, and a long command goes on over
    // lines as a shell reads it.
    let deep = dir.path().join("a-folder-with-a-rather-long-name-for-the-rules-of-this-game");
    std::fs::create_dir(&deep).expect("a folder");
    let copy = deep.join("kalah.mancala");
    std::fs::copy(rules_path("kalah"), &copy).expect("a copy");
    let record = deep.join("game.json");
    let (copy, record) = (copy.to_str().expect("a path"), record.to_str().expect("a path"));
    let out = mancala_with_input(
        &["play", copy, "--north", "human", "--south", "human", "--record", record],
        moves.replace(", ", "\n") + "\nquit\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = stdout(&mancala_with_input(&["play", "--resume", record, "--south", "random"], "b1\n"));
    let again = text.split("To play again:\n").nth(1).expect("the command").lines().take_while(|l| l.starts_with("  ")).collect::<Vec<_>>();
    // (A path longer than a line stands on a line of its own.)
    assert!(again.len() > 1 && again.iter().all(|l| widest(l).0 <= 80 || l.trim().trim_end_matches(" \\") == copy), "{again:?}");
    assert!(again[..again.len() - 1].iter().all(|l| l.ends_with(" \\")), "{again:?}");
    let joined = again.iter().map(|l| l.trim().trim_end_matches('\\').trim()).collect::<Vec<_>>().join(" ");
    assert_eq!(joined, format!("mancala play {copy} --south random --north human --seed 2"));
}

#[test]
fn the_turn_both_play_at_once_is_told_a_line_for_each_player_and_phases_in_words() {
    // Congkak's first turn: the banner says how it goes, South's hole is not named to North, and
    // each player's sowing is told on its own line, then who finished first.
    let out = mancala_with_input(&["play", &rules_path("congkak"), "--south", "human", "--north", "human"], "a3\nb4\nquit\n");
    let text = stdout(&out);
    assert!(
        text.contains(
            "The first turn is played by both at once: south chooses a hole, then north, and\n  both are sown together, a stone of \
             each at a time; whoever finishes last moves\n  next. Type help for the commands.\n"
        ),
        "{text}"
    );
    assert!(!text.contains("moves first"), "{text}");
    assert!(
        text.contains(
            "south> a3\nsouth has chosen a hole: both sow at once when north has chosen.\n\nCongkak, round 1\n   north  store 0 (by b7)\n    \
             1   2   3   4   5   6   7\n b  7   7   7   7   7   7   7  north\n a  7   7   7   7   7   7   7  south\n   south  store 0 \
             (by a1)\nsouth has chosen a hole for the move both play at once: north chooses one, then\n  both sow together\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "north> b4\nBoth sow at once, a stone of each at a time: south a3 and north b4.\n\
             south a3 (7 stones): a2 a1 south's store b1 b2 b3 b4\n\
             north b4 (7 stones): b5 b6 b7 north's store a7 a6 a5; relay a5 (8): a4 a3 a2 a1\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "  takes a3 (1) b3 (1)\nFinished first: south; last: north. north moves next.\n\
             The first turn, played by both at once, is over: from now on one player moves at\n  a time.\n"
        ),
        "{text}"
    );
    // Abalala'e's race: the first to finish moves next.
    let out = mancala(&["play", &rules_path("abalalae"), "--south", "random", "--north", "random", "--seed", "1"]);
    assert!(stdout(&out).contains("\nFinished first: south; last: north. south moves next.\n"), "{}", stdout(&out));
    // A phase is said in words, never by the rule file's statement: Bao's stages.
    let out = mancala(&["play", &rules_path("bao-la-kiswahili"), "--south", "random", "--north", "random", "--seed", "1"]);
    assert!(stdout(&out).contains("\nsouth moves on from namua to mtaji.\n"), "{}", stdout(&out));
    let out = mancala(&["play", &rules_path("bao-kiswahili-congo"), "--south", "random", "--north", "random", "--seed", "1"]);
    assert!(stdout(&out).contains("\nnorth moves on from first stage to second stage.\n"), "{}", stdout(&out));
    for name in ["congkak", "abalalae", "bao-la-kiswahili", "bao-kiswahili-congo"] {
        let out = mancala(&["play", &rules_path(name), "--south", "random", "--north", "random", "--seed", "2"]);
        assert!(!stdout(&out).contains("phase"), "{name}: {}", stdout(&out));
    }
}

#[test]
fn replay_steps_through_a_game_forward_and_back_with_its_narration() {
    // Kalah between `random` players (seed 4), recorded, then stepped through: next, next,
    // previous, a number, past the end, the end, next at the end, a word, quit.
    let dir = common::scratch();
    let path = dir.path().join("step.json");
    let record = path.to_str().expect("a path");
    let out = mancala(&["play", "kalah", "--south", "random", "--north", "random", "--seed", "4", "--record", record]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let out = mancala_with_input(&["replay", record, "--step"], "n\n\np\n3\n100\ne\nn\nx\nq\n");
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = stdout(&out);
    let expected = [
        "Kalah — south: random, north: random, seed 4\nverified: 42 actions, the result as recorded\n\
         Step through the game: Enter or n: the next move; p: the previous; a number:\n  after that move; s: the start; e: the end; q: quit.\n\n\
         Kalah\n",
        "south to move; legal: a1 a2 a3 a4 a5 a6\n[0/42] n, p, NUMBER, s, e, q > n\n\n1. south a5 (4 stones): a6 south's store b6 b5\nKalah\n",
        "north to move; legal: b1 b2 b3 b4 b5 b6\n[1/42] n, p, NUMBER, s, e, q > \n\n2. north b2 (4 stones): b1 north's store a1 a2\nKalah\n",
        "[2/42] n, p, NUMBER, s, e, q > p\n\n1. south a5 (4 stones): a6 south's store b6 b5\nKalah\n",
        "[1/42] n, p, NUMBER, s, e, q > 3\n\n3. south a4 (4 stones): a5 a6 south's store b6\nKalah\n",
        "[3/42] n, p, NUMBER, s, e, q > 100\nThe game has 42 moves: give a number from 0 (the start) to 42.\n\
         [3/42] n, p, NUMBER, s, e, q > e\n\n42. north b4 (1 stone): b3; takes b3 (1) a3 (2)\n    \
         The stones left go to north's store: b1 (4) b2 (1) b5 (6), 11 stones in all.\nKalah\n",
        "Game over: north wins 28 to 20: a row is empty.\n[42/42] n, p, NUMBER, s, e, q > n\n\
         That was the last move: p goes back, q quits.\n[42/42] n, p, NUMBER, s, e, q > x\n\
         `x` is not a command here: Enter or n: the next move; p: the previous; a number:\n  after that move; s: the start; e: the end; q: quit.\n\
         [42/42] n, p, NUMBER, s, e, q > q\n",
    ];
    let mut from = 0;
    for part in expected {
        let found = text[from..].find(part).unwrap_or_else(|| panic!("not found after byte {from}: {part:?}\n{text}"));
        from += found + part.len();
    }
    assert!(text.ends_with("q > q\n"), "{text}");
    // The board after move 1 marks what it changed, going forward or back.
    assert_eq!(text.matches(" b  4   4   4   4   5'  5'  north\n a  4   4   4   4   0'  5'  south\n").count(), 2, "{text}");
    // Piped without --step, every move at once, as before; the end of input ends the stepping.
    let all = stdout(&mancala(&["replay", record]));
    assert!(all.contains("\n42. north b4 (1 stone)") && !all.contains("[0/42]"), "{all}");
    let out = mancala_with_input(&["replay", record, "--step"], "n\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).ends_with("[1/42] n, p, NUMBER, s, e, q > \n"), "{}", stdout(&out));
    let out = mancala(&["replay", record, "--quiet", "--step"]);
    assert_eq!(
        (out.status.code(), common::stderr(&out)),
        (Some(2), "error: --quiet and --step cannot be given together: the game is shown one way\n".to_string())
    );
}
