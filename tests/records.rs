//! Records are never lost or clobbered: `play --record` checks its path before the first move,
//! writes only over nothing or an earlier record (never the rule file or any other file), `save`
//! inside play refuses the same and the game goes on, and SIGINT, SIGHUP, SIGTERM and the end of
//! input all save the game so far. Through the real binary.

mod common;

use common::{mancala, mancala_with_input, rules_path as rules, stderr, stdout};

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long a step of a spawned game may take before the test gives up (a debug build on a busy
/// machine); every wait below returns as soon as its output comes.
const PATIENCE: Duration = Duration::from_secs(60);

fn text(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_string()
}

fn read_record(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the record was saved")).expect("the record is JSON")
}

/// The names in a folder, sorted.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(folder).expect("readable").map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// `play` with `--record target` is refused with exactly `error` (one line, exit 2) before any
/// board is drawn or move asked.
#[track_caller]
fn assert_refused_before_play(target: &str, error: &str) {
    // No input: were the game to start, it would end at once and draw its board.
    let out = mancala(&["play", &rules("tihbat"), "--north", "human", "--record", target]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(stderr(&out), format!("{error}\n"));
    assert_eq!(stdout(&out), "", "nothing is played");
}

#[test]
fn a_record_into_a_missing_folder_is_refused_before_the_first_move() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("no-such-folder").join("game.json");
    assert_refused_before_play(
        &text(&target),
        &format!("error: cannot save a record to {}: the folder {} does not exist", target.display(), dir.join("no-such-folder").display()),
    );
    assert!(!target.exists());
}

#[test]
fn a_record_into_a_file_that_is_no_folder_is_refused() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let file = dir.join("plain.txt");
    std::fs::write(&file, "notes\n").expect("written");
    let target = file.join("game.json");
    assert_refused_before_play(
        &text(&target),
        &format!("error: cannot save a record to {}: {} is not a folder", target.display(), file.display()),
    );
}

/// `/sys` takes no new file, even for root (permission bits alone would not stop root).
#[cfg(target_os = "linux")]
#[test]
fn a_record_where_nothing_can_be_written_is_refused() {
    let out = mancala(&["play", &rules("tihbat"), "--record", "/sys/mancala-game.json"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    let reason = err
        .strip_prefix("error: cannot save a record to /sys/mancala-game.json: cannot write in the folder /sys: ")
        .unwrap_or_else(|| panic!("{err}"));
    assert!(["permission denied\n", "read-only filesystem or storage medium\n"].contains(&reason), "{err}");
    assert_eq!(stdout(&out), "");
}

#[test]
fn the_rule_file_being_played_is_never_written_over() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let rule_file = dir.join("tihbat.mancala");
    std::fs::copy(rules("tihbat"), &rule_file).expect("copied");
    let original = std::fs::read_to_string(&rule_file).expect("readable");
    // The same file by another spelling of its path is the same file.
    let roundabout = dir.join("..").join(dir.file_name().expect("a name")).join("tihbat.mancala");
    for target in [rule_file.clone(), roundabout] {
        let out = mancala(&["play", &text(&rule_file), "--north", "human", "--record", &text(&target)]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert_eq!(stderr(&out), format!("error: cannot save a record to {}: it is the rule file being played\n", target.display()));
        assert_eq!(stdout(&out), "");
    }
    assert_eq!(std::fs::read_to_string(&rule_file).expect("readable"), original);
    assert_eq!(names(dir), ["tihbat.mancala"], "no temporary file left behind");
}

#[test]
fn a_file_that_is_no_record_is_never_written_over() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let cases: [(&str, &[u8]); 5] = [
        ("notes.txt", b"my notes\n"),
        ("other.json", b"{\"format\": \"something-else\"}\n"),
        ("future.json", b"{\"format\": \"mancala-record/9\"}\n"),
        ("empty.json", b""),
        ("binary.json", &[0xff, 0x00, 0x7b]),
    ];
    for (name, contents) in cases {
        let target = dir.join(name);
        std::fs::write(&target, contents).expect("written");
        assert_refused_before_play(
            &text(&target),
            &format!(
                "error: cannot save a record to {}: it exists and is not a game record (only a record is written over)",
                target.display()
            ),
        );
        assert_eq!(std::fs::read(&target).expect("readable"), contents, "{name} untouched");
    }
    assert_refused_before_play(&text(dir), &format!("error: cannot save a record to {}: it is a folder", dir.display()));
    #[cfg(unix)]
    assert_refused_before_play("/dev/null", "error: cannot save a record to /dev/null: it exists and is not a regular file");
}

#[test]
fn an_earlier_record_is_written_over_whole() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("game.json");
    for (seed, input) in [("1", "a1\nb2\n"), ("2", "a2\n")] {
        let out = mancala_with_input(&["play", &rules("tihbat"), "--north", "human", "--seed", seed, "--record", &text(&target)], input);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let record = read_record(&target);
    assert_eq!(record["moves"], "a2");
    assert_eq!(record["seed"], 2);
    assert_eq!(names(dir), ["game.json"], "no temporary file left behind");
}

#[test]
fn save_inside_play_refuses_what_is_no_record_and_the_game_goes_on() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let rule_file = dir.join("tihbat.mancala");
    std::fs::copy(rules("tihbat"), &rule_file).expect("copied");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "keep me\n").expect("written");
    let good = dir.join("good.json");
    let input = format!(
        "a1\nsave {}\nsave {}\nsave {}\nb2\nsave {}\nquit\n",
        rule_file.display(),
        notes.display(),
        dir.join("gone").join("x.json").display(),
        good.display()
    );
    let out = mancala_with_input(&["play", &text(&rule_file), "--north", "human"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let shown = stdout(&out);
    // Each refusal in lines of 80 columns.
    let wrapped = |line: String| format!("\n{}\n", mancala::cli::narrate::wrap(&line, 80).join("\n"));
    for line in [
        wrapped(format!("cannot save a record to {}: it is the rule file being played", rule_file.display())),
        wrapped(format!("cannot save a record to {}: it exists and is not a game record (only a record is written over)", notes.display())),
        wrapped(format!("cannot save a record to {0}/gone/x.json: the folder {0}/gone does not exist", dir.display())),
        format!("south> save {0}\nsaved to {0}\n", good.display()),
    ] {
        assert!(shown.contains(&line), "{line:?} in {shown}");
    }
    assert_eq!(std::fs::read_to_string(&notes).expect("readable"), "keep me\n");
    assert_eq!(std::fs::read_to_string(&rule_file).expect("readable"), std::fs::read_to_string(rules("tihbat")).expect("readable"));
    // b2 was played after the refusals: the game went on.
    assert_eq!(read_record(&good)["moves"], "a1, b2");
}

/// A game file that appears at the target during the game (after the check at the start) is
/// not written over either, and the actions played are not lost: the error line lists them.
#[test]
fn a_file_that_appears_during_the_game_is_kept_and_the_actions_are_told() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("game.json");
    let mut game = Playing::start(&["play", &rules("tihbat"), "--north", "human", "--record", &text(&target)]);
    game.send("a1");
    game.wait_for("north> ", 1);
    std::fs::write(&target, "someone else's\n").expect("written");
    game.send("b2");
    game.wait_for("south> ", 2);
    game.close_input();
    let (code, _, err) = game.finish();
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "error: cannot save a record to {}: it exists and is not a game record (only a record is written over); the actions played: a1, b2\n",
            target.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&target).expect("readable"), "someone else's\n");
}

#[test]
fn the_end_of_input_saves_the_game_so_far() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("game.json");
    let mut game = Playing::start(&["play", &rules("tihbat"), "--north", "human", "--record", &text(&target)]);
    game.send("a1");
    game.send("b2");
    game.wait_for("south> ", 2);
    game.close_input();
    let (code, out, err) = game.finish();
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "");
    assert!(
        out.ends_with(&format!("south> \nend of input: the game so far (2 actions, unfinished) saved to {}\n", target.display())),
        "{out}"
    );
    let record = read_record(&target);
    assert_eq!(record["moves"], "a1, b2");
    assert_eq!(record["result"], Value::Null);
    let replayed = mancala(&["replay", &text(&target), "--quiet"]);
    assert_eq!(replayed.status.code(), Some(0), "{}", stderr(&replayed));
}

#[test]
fn quit_saves_the_game_so_far() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("game.json");
    let out = mancala_with_input(&["play", &rules("tihbat"), "--north", "human", "--record", &text(&target)], "a1\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).ends_with(&format!("north> quit\nquit: the game so far (1 action, unfinished) saved to {}\n", target.display())));
    assert_eq!(read_record(&target)["moves"], "a1");
}

/// Two actions, then `signal` while `play` waits for the third: the record holds both, unfinished,
/// the line says so, and the exit code is 128 + the signal's number.
fn a_signal_saves_the_game_so_far(signal: &str, said: &str, code: i32) {
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("game.json");
    let mut game = Playing::start(&["play", &rules("tihbat"), "--north", "human", "--record", &text(&target)]);
    game.send("a1");
    game.wait_for("north> ", 1);
    game.send("b2");
    game.wait_for("south> ", 2);
    game.signal(signal);
    let (exit, _, err) = game.finish();
    assert_eq!(exit, Some(code), "{err}");
    assert_eq!(err, format!("{said}: the game so far (2 actions, unfinished) saved to {}\n", target.display()));
    let record = read_record(&target);
    assert_eq!(record["moves"], "a1, b2");
    assert_eq!(record["result"], Value::Null);
    assert_eq!(names(dir), ["game.json"], "no temporary file left behind");
}

#[cfg(unix)]
#[test]
fn sigint_saves_the_game_so_far() {
    a_signal_saves_the_game_so_far("INT", "interrupted (SIGINT)", 130);
}

#[cfg(unix)]
#[test]
fn sighup_saves_the_game_so_far() {
    a_signal_saves_the_game_so_far("HUP", "hung up (SIGHUP)", 129);
}

#[cfg(unix)]
#[test]
fn sigterm_saves_the_game_so_far() {
    a_signal_saves_the_game_so_far("TERM", "terminated (SIGTERM)", 143);
}

/// While the computer thinks (a search of millions of iterations), Ctrl-C saves at once.
#[cfg(unix)]
#[test]
fn sigint_while_the_computer_thinks_saves_at_once() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("game.json");
    let mut game = Playing::start(&["play", &rules("gore"), "--north", "mcts:10000000", "--record", &text(&target)]);
    game.send("a4");
    game.wait_for("south a4 (", 1);
    game.signal("INT");
    let (exit, out, err) = game.finish();
    assert_eq!(exit, Some(130), "{err}");
    assert!(!out.contains("north plays"), "the search was cut short: {out}");
    assert_eq!(err, format!("interrupted (SIGINT): the game so far (1 action, unfinished) saved to {}\n", target.display()));
    assert_eq!(read_record(&target)["moves"], "a4");
}

#[test]
fn over_long_and_binary_input_lines_are_refused_and_the_game_goes_on() {
    let mut input = "a".repeat(100_000).into_bytes();
    input.extend_from_slice(b"\n\xff\xfe\na1\n");
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("game.json");
    let out = mancala_with_input(&["play", &rules("tihbat"), "--north", "human", "--record", &text(&target)], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let shown = stdout(&out);
    assert!(
        shown.contains("south> that line is longer than 4096 bytes: ignored\nsouth> that line is not text (UTF-8): ignored\nsouth> "),
        "{shown}"
    );
    assert_eq!(read_record(&target)["moves"], "a1");
}

/// `mancala play` running with piped standard input, its output read as it comes.
struct Playing {
    child: Child,
    stdin: Option<ChildStdin>,
    chunks: Receiver<(bool, String)>,
    out: String,
    err: String,
}

impl Playing {
    fn start(args: &[&str]) -> Playing {
        let mut child = common::spawn(args);
        let (sender, chunks) = mpsc::channel();
        let readers: [(bool, Box<dyn Read + Send>); 2] =
            [(true, Box::new(child.stdout.take().expect("stdout"))), (false, Box::new(child.stderr.take().expect("stderr")))];
        for (is_out, mut reader) in readers {
            let sender = sender.clone();
            std::thread::spawn(move || {
                let mut buffer = [0u8; 4096];
                while let Ok(n @ 1..) = reader.read(&mut buffer) {
                    if sender.send((is_out, String::from_utf8_lossy(&buffer[..n]).into_owned())).is_err() {
                        break;
                    }
                }
            });
        }
        let stdin = child.stdin.take();
        Playing { child, stdin, chunks, out: String::new(), err: String::new() }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).expect("input written");
    }

    fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Takes in output until `needle` has been printed `count` times on standard output.
    fn wait_for(&mut self, needle: &str, count: usize) {
        let deadline = Instant::now() + PATIENCE;
        while self.out.matches(needle).count() < count {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok((true, chunk)) => self.out.push_str(&chunk),
                Ok((false, chunk)) => self.err.push_str(&chunk),
                Err(_) => {
                    let _ = self.child.kill();
                    panic!("no {needle:?} ×{count} within {PATIENCE:?}; stdout: {}\nstderr: {}", self.out, self.err);
                }
            }
        }
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill").arg(format!("-{name}")).arg(self.child.id().to_string()).status().expect("kill runs");
        assert!(status.success(), "kill -{name}");
    }

    /// Waits for the process to end (input still open unless closed): its exit code and all its
    /// output.
    fn finish(mut self) -> (Option<i32>, String, String) {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            match self.child.try_wait().expect("waitable") {
                Some(status) => break status,
                None if Instant::now() >= deadline => {
                    let _ = self.child.kill();
                    panic!("still running after {PATIENCE:?}; stdout: {}\nstderr: {}", self.out, self.err);
                }
                None => std::thread::sleep(Duration::from_millis(5)),
            }
        };
        // The readers end at the end of the pipes, which the exit closes.
        while let Ok((is_out, chunk)) = self.chunks.recv_timeout(PATIENCE) {
            if is_out {
                self.out.push_str(&chunk);
            } else {
                self.err.push_str(&chunk);
            }
        }
        drop(self.stdin.take());
        (status.code(), self.out, self.err)
    }
}

#[test]
fn an_output_closed_early_still_saves_the_record() {
    // `… | head -2`: printing fails mid-game (exit 141, as for any command whose reader leaves),
    // but the record of the game so far is saved first. Pallanguzhi between random players prints
    // some 240 kB, far more than a pipe holds, so a print fails whenever `head` leaves.
    let scratch = common::scratch();
    let dir = scratch.path();
    let target = dir.join("game.json");
    let command = format!(
        "'{}' play '{}' --south random --north random --record '{}' </dev/null | head -2 >/dev/null; echo \"${{PIPESTATUS[0]}}\"",
        env!("CARGO_BIN_EXE_mancala"),
        rules("pallanguzhi"),
        text(&target)
    );
    let out = Command::new("bash").arg("-c").arg(&command).env("NO_COLOR", "1").output().expect("bash runs");
    assert_eq!(stdout(&out).trim(), "141", "{}", stderr(&out));
    // How far the game got before a print failed depends on when `head` left: mid-game (the
    // game so far is saved, and said on standard error), or as the finished game's record was
    // being announced (saved whole; the announcement is what failed).
    let said = stderr(&out);
    let record = read_record(&target);
    let moves = record["moves"].as_str().expect("moves");
    let actions = if moves.is_empty() { 0 } else { moves.split(", ").count() };
    let plural = if actions == 1 { "" } else { "s" };
    if record["result"].is_null() {
        assert_eq!(said, format!("the output closed: the game so far ({actions} action{plural}, unfinished) saved to {}\n", text(&target)));
    } else {
        assert_eq!(said, "", "a finished game: {record}");
    }
}
