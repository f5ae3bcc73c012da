//! Agents in any language: a program that plays by line-delimited JSON on its standard input and
//! output (`mancala-agent/1`, docs/agents.md). The engine starts it once per game, tells it the game
//! and its side, sends the position and the legal actions whenever it is to act, and reads one
//! line back: the action. An answer that is late, not JSON, not a legal action, or never comes
//! because the program ended, forfeits the game for that agent; nothing else is affected.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde::Serialize;

use crate::engine::{Cells, GameIn};
use crate::{Action, Player};

/// The protocol's name and version, in the first message of every game.
pub const PROTOCOL: &str = "mancala-agent/1";

/// The longest line read from an agent.
const MAX_LINE: u64 = 64 * 1024;

/// Time allowed beyond the limit for an agent's first answer of a game: the program's start.
pub const STARTUP: Duration = Duration::from_secs(2);

/// Why an agent lost a game without it being played out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It could not be started.
    Start(String),
    /// No answer within the time.
    Timeout(Duration),
    /// Its output ended (it exited or crashed).
    Crashed,
    /// An answer that is not a legal action here.
    Illegal(String),
}

impl Fault {
    /// The fault in words, for a result's reason.
    pub fn describe(&self, player: Player) -> String {
        match self {
            Fault::Start(why) => format!("{player}'s agent could not start: {why}"),
            Fault::Timeout(limit) => format!("{player}'s agent did not answer within {} ms", limit.as_millis()),
            Fault::Crashed => format!("{player}'s agent ended without answering"),
            Fault::Illegal(answer) => format!("{player}'s agent answered {answer}, not a legal action"),
        }
    }

    /// A short name for counting faults: `start`, `timeout`, `crash`, `illegal`.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Start(_) => "start",
            Fault::Timeout(_) => "timeout",
            Fault::Crashed => "crash",
            Fault::Illegal(_) => "illegal",
        }
    }
}

#[derive(Serialize)]
struct Start<'a> {
    r#type: &'static str,
    protocol: &'static str,
    game: &'a str,
    options: &'a std::collections::BTreeMap<String, serde_json::Value>,
    you: Player,
    time_ms: u128,
}

#[derive(Serialize)]
struct Ask<'a> {
    r#type: &'static str,
    position: &'a crate::engine::position::Position,
    legal: &'a [String],
    time_ms: u128,
    /// The actions played since the agent's last `move` (its own answer first), or since the
    /// start for its first: with them an agent can keep the whole game, repetitions included.
    since: &'a [String],
}

#[derive(Serialize)]
struct End<'a> {
    r#type: &'static str,
    result: Option<&'a crate::engine::position::ResultJson>,
}

/// A running agent program, for one game.
pub struct External {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
    time: Duration,
    /// Whether it has answered yet in this game (the first answer may take [`STARTUP`] more).
    answered: bool,
    /// How many of the game's actions it has been told (in `since`).
    told: usize,
}

impl External {
    /// Starts `command` (a program and its arguments) as `player` in `game`, with `time` per answer.
    pub fn start<C: Cells>(command: &[String], game: &GameIn<'_, C>, player: Player, time: Duration) -> Result<External, Fault> {
        let (program, args) = command.split_first().ok_or_else(|| Fault::Start("no program given".to_string()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| Fault::Start(format!("{program}: {}", e.to_string().to_lowercase())))?;
        let stdout = child.stdout.take().ok_or_else(|| Fault::Start("no output to read".to_string()))?;
        let (send, lines) = mpsc::channel();
        // Lines are read on a thread of their own, so that a silent agent can be timed out.
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match (&mut reader).take(MAX_LINE).read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = send.send(None);
                        return;
                    }
                    Ok(_) => {
                        if send.send(Some(line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        let mut agent = External { child, stdin, lines, time, answered: false, told: 0 };
        let position = game.position();
        let start = Start {
            r#type: "start",
            protocol: PROTOCOL,
            game: &position.game,
            options: &position.options,
            you: player,
            time_ms: time.as_millis(),
        };
        agent.send(&start)?;
        Ok(agent)
    }

    fn send(&mut self, message: &impl Serialize) -> Result<(), Fault> {
        let line = serde_json::to_string(message).map_err(|e| Fault::Start(e.to_string()))?;
        let stdin = self.stdin.as_mut().ok_or(Fault::Crashed)?;
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).map_err(|_| Fault::Crashed)
    }

    /// The agent's action in `game`, where it is to act; `played` is every action of the game
    /// so far, as text (the agent is sent those it has not been told).
    pub fn choose<C: Cells>(&mut self, game: &GameIn<'_, C>, played: &[String]) -> Result<Action, Fault> {
        let position = game.position();
        let since = played.get(self.told..).unwrap_or_default();
        self.send(&Ask { r#type: "move", position: &position, legal: &position.legal, time_ms: self.time.as_millis(), since })?;
        self.told = played.len();
        let limit = if self.answered { self.time } else { self.time + STARTUP };
        self.answered = true;
        let line = match self.lines.recv_timeout(limit) {
            Ok(Some(line)) => line,
            Ok(None) | Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crashed),
            Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout(self.time)),
        };
        let shown = || {
            let text: String = line.trim().chars().take(60).collect();
            format!("`{text}`")
        };
        let value: serde_json::Value = serde_json::from_str(&line).map_err(|_| Fault::Illegal(shown()))?;
        let text = value.get("action").and_then(|a| a.as_str()).ok_or_else(|| Fault::Illegal(shown()))?;
        let action = Action::parse(text, game.rules()).map_err(|_| Fault::Illegal(shown()))?;
        if !game.legal_actions().contains(&action) {
            return Err(Fault::Illegal(shown()));
        }
        Ok(action)
    }

    /// Tells the agent how the game ended, then stops it.
    pub fn finish<C: Cells>(mut self, game: &GameIn<'_, C>) {
        let position = game.position();
        let _ = self.send(&End { r#type: "end", result: position.result.as_ref() });
        self.stop();
    }

    fn stop(&mut self) {
        // Closing its input asks it to end; one that does not within a moment is killed.
        self.stdin = None;
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for External {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
