//! Game records: the rule file (by name and content hash), the options, who played, the actions
//! and the result, as JSON. A record replays only against the very rule file it was played
//! with, and replaying checks every action and the result.
//!
//! ```json
//! {"format": "mancala-record/1",
//!  "rules": {"file": "rules/gore.mancala", "game": "Goré", "hash": "fnv1a64:5d2f…"},
//!  "sets": [], "options": {"trade": "on"},
//!  "south": "human", "north": "mcts", "seed": 1,
//!  "moves": "a1, b4, offer a2, decline",
//!  "result": {"winner": "south", "score": {"south": 20, "north": 12}, "reason": "…"}}
//! ```
//! `moves` is written exactly as `mancala run --moves` reads it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::position::Sides;
use crate::{Action, Game, Player, Rules};

/// The `format` of the records this version writes and reads.
pub const FORMAT: &str = "mancala-record/1";

/// A played game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: String,
    pub rules: RuleFileRef,
    /// The `--set NAME=VALUE` the game was loaded with.
    #[serde(default)]
    pub sets: Vec<String>,
    /// Every option in force (for the reader; `sets` is what replays).
    #[serde(default)]
    pub options: BTreeMap<String, serde_json::Value>,
    pub south: String,
    pub north: String,
    pub seed: u64,
    /// The actions, comma-separated, as `run --moves` reads them.
    pub moves: String,
    /// `null` for a game saved before its end.
    pub result: Option<RecordResult>,
}

/// Which rule file a record was played with.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RuleFileRef {
    /// The path as it was given to `play`.
    pub file: String,
    /// The game's name in the file.
    pub game: String,
    /// `fnv1a64:` and 16 hex digits of the file's bytes.
    pub hash: String,
}

/// How the recorded game ended.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RecordResult {
    pub winner: Option<Player>,
    pub score: Sides,
    pub reason: String,
}

/// A record that cannot be read or does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RecordError(pub String);

/// FNV-1a, 64 bits: a small, stable hash of a rule file's bytes.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The hash a record keeps of a rule file's text.
pub fn content_hash(source: &str) -> String {
    format!("fnv1a64:{:016x}", fnv1a64(source.as_bytes()))
}

/// Who played and with which seed, for a record.
#[derive(Clone, Debug)]
pub struct Players {
    pub south: String,
    pub north: String,
    pub seed: u64,
}

impl Record {
    /// The record of `game` (played from the start with `actions`), loaded from `file` with
    /// text `source` and options `sets`.
    pub fn new(file: &str, source: &str, sets: &[String], players: &Players, actions: &[Action], game: &Game<'_>) -> Record {
        let rules = game.rules();
        Record {
            format: FORMAT.to_string(),
            rules: RuleFileRef { file: file.to_string(), game: rules.name.clone(), hash: content_hash(source) },
            sets: sets.to_vec(),
            options: game.position().options,
            south: players.south.clone(),
            north: players.north.clone(),
            seed: players.seed,
            moves: actions.iter().map(|a| a.text(rules)).collect::<Vec<_>>().join(", "),
            result: game.result().map(|r| RecordResult { winner: r.winner, score: r.score.into(), reason: r.reason.clone() }),
        }
    }

    /// Reads a record's JSON.
    pub fn parse(json: &str) -> Result<Record, RecordError> {
        let record: Record = serde_json::from_str(json).map_err(|e| RecordError(format!("not a game record: {e}")))?;
        if record.format != FORMAT {
            return Err(RecordError(format!("unknown record format `{}` (this version reads `{FORMAT}`)", record.format)));
        }
        Ok(record)
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// Refuses a rule file whose text is not the one the game was played with.
    pub fn check_source(&self, source: &str) -> Result<(), RecordError> {
        let hash = content_hash(source);
        if hash != self.rules.hash {
            return Err(RecordError(format!(
                "the rule file {} has changed since the game was played (its hash is {hash}, the record's {}): the record cannot be replayed",
                self.rules.file, self.rules.hash
            )));
        }
        Ok(())
    }

    /// The recorded actions, read against `rules`.
    pub fn actions(&self, rules: &Rules) -> Result<Vec<Action>, RecordError> {
        Action::split_list(&self.moves)
            .into_iter()
            .enumerate()
            .map(|(i, text)| Action::parse(text, rules).map_err(|e| RecordError(format!("action {}, `{text}`: {e}", i + 1))))
            .collect()
    }

    /// Whether `game`, after every recorded action, ended as the record says.
    pub fn check_result(&self, game: &Game<'_>) -> Result<(), RecordError> {
        let actual = game.result().map(|r| RecordResult { winner: r.winner, score: r.score.into(), reason: r.reason.clone() });
        if actual != self.result {
            let show = |r: &Option<RecordResult>| match r {
                None => "no result (the game goes on)".to_string(),
                Some(r) => format!(
                    "{}, {}–{} ({})",
                    r.winner.map_or("a draw".to_string(), |w| format!("{w} wins")),
                    r.score.south,
                    r.score.north,
                    r.reason
                ),
            };
            return Err(RecordError(format!("the record says {}, but the replay gives {}", show(&self.result), show(&actual))));
        }
        Ok(())
    }
}
