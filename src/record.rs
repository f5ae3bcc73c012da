//! Game records: the rule file (by name and the hash of its rules), the options, who played, the
//! actions and the result, as JSON. A record replays only against the rules it was played with
//! (comments and layout aside: see [`rules_text`]), and replaying checks every action and the
//! result.
//!
//! ```json
//! {"format": "mancala-record/1",
//!  "rules": {"file": "rules/gore.mancala", "game": "Goré", "hash": "rules-fnv1a64:5d2f…"},
//!  "sets": [], "options": {"trade": "on"},
//!  "south": "human", "north": "mcts", "seed": 1,
//!  "moves": "a1, b4, offer a2, decline",
//!  "result": {"winner": "south", "score": {"south": 20, "north": 12}, "reason": "…"}}
//! ```
//! `moves` is written exactly as `mancala run --moves` reads it.
//!
//! A record is written safely ([`Record::save`]): into a temporary file in the target's folder,
//! then renamed into place, so a reader never sees half a record; and only over nothing or over
//! another record, never over the rule file or any other file ([`check_target`]).

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::ai::AgentKind;
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
    /// `rules-fnv1a64:` and 16 hex digits of the file's rules as written ([`rules_hash`]), or in
    /// records before 0.13, `fnv1a64:` and 16 hex digits of the file's bytes.
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

/// The largest record file read (a record of a million actions is about 6 MB).
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

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

/// The hash records before 0.13 kept of a rule file: of its bytes, so that a comment or a new
/// layout made the file another one. Still read (see [`Record::check_source`]).
pub fn content_hash(source: &str) -> String {
    format!("{BYTES_HASH}{:016x}", fnv1a64(source.as_bytes()))
}

/// The prefix of a hash of a rule file's bytes (records before 0.13).
const BYTES_HASH: &str = "fnv1a64:";

/// The prefix of a hash of a rule file's rules ([`rules_hash`]).
const RULES_HASH: &str = "rules-fnv1a64:";

/// The hash a record keeps of a rule file: of its rules as written, not of its bytes, so that a
/// comment, a blank line or `mancala fmt` leaves it as it was ([`rules_text`]).
pub fn rules_hash(source: &str) -> String {
    format!("{RULES_HASH}{:016x}", fnv1a64(rules_text(source).as_bytes()))
}

/// A rule file's rules as written, comments and layout aside: its words, quoted texts and marks,
/// one space between them, one line per statement. Comments (from `//` outside a quoted text to
/// the line's end) go, spaces and tabs only separate words, blank lines go, and a line break
/// next to a `{` or `}` goes (a section written on one line reads as one written on three). Two
/// files that read the same to the grammar give the same text; a word, a number or a quoted text
/// changed gives another.
pub fn rules_text(source: &str) -> String {
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = source.chars().peekable();
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | '\'');
    while let Some(c) = chars.next() {
        match c {
            '\n' | '\r' => tokens.push("\n".to_string()),
            '"' => {
                let mut text = String::from('"');
                while let Some(&next) = chars.peek() {
                    if matches!(next, '\n' | '\r') {
                        break;
                    }
                    text.push(next);
                    chars.next();
                    if next == '"' {
                        break;
                    }
                }
                tokens.push(text);
            }
            '/' if chars.peek() == Some(&'/') => {
                while chars.peek().is_some_and(|&next| !matches!(next, '\n' | '\r')) {
                    chars.next();
                }
            }
            c if c.is_whitespace() => {}
            c if is_word(c) => {
                let mut word = String::from(c);
                while let Some(&next) = chars.peek().filter(|&&next| is_word(next)) {
                    word.push(next);
                    chars.next();
                }
                tokens.push(word);
            }
            c => tokens.push(c.to_string()),
        }
    }
    // Line breaks: none at the ends, none beside a brace, one between two statements.
    let mut kept: Vec<&str> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if token == "\n" {
            let brace_after = tokens[i + 1..].iter().find(|t| *t != "\n").is_some_and(|t| t == "{" || t == "}");
            if kept.last().is_none_or(|&t| t == "\n" || t == "{" || t == "}") || brace_after {
                continue;
            }
        }
        kept.push(token);
    }
    while kept.last() == Some(&"\n") {
        kept.pop();
    }
    kept.join(" ").replace(" \n ", "\n")
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
            rules: RuleFileRef { file: file.to_string(), game: rules.name.clone(), hash: rules_hash(source) },
            sets: sets.to_vec(),
            options: game.position().options,
            south: players.south.clone(),
            north: players.north.clone(),
            seed: players.seed,
            moves: actions.iter().map(|a| a.text(rules)).collect::<Vec<_>>().join(", "),
            result: game.result().map(|r| RecordResult { winner: r.winner, score: r.score.into(), reason: r.reason.clone() }),
        }
    }

    /// Reads a record file (at most [`MAX_RECORD_BYTES`]).
    pub fn read(path: &Path) -> Result<Record, RecordError> {
        Record::parse(&read_bounded(path)?).map_err(|e| RecordError(format!("{}: {e}", path.display())))
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

    /// Writes the record to `path`: into a temporary file in the same folder, renamed into place.
    /// Refused as [`check_target`] refuses (checked again here: the file may have appeared
    /// since); a file that appears between the check and the rename is not written over either.
    pub fn save(&self, path: &Path, rule_file: &Path) -> Result<(), RecordError> {
        let target = check_target(path, rule_file)?;
        let refuse = |why: String| RecordError(format!("cannot save a record to {}: {why}", path.display()));
        let folder = folder_of(path);
        let io = |e: std::io::Error| refuse(format!("cannot write in the folder {}: {}", folder.display(), kind_words(&e)));
        let mut file = temp_file_in(folder).map_err(io)?;
        file.write_all((self.to_json() + "\n").as_bytes()).map_err(io)?;
        file.as_file().sync_all().map_err(io)?;
        let persisted = match target {
            Target::Record => file.persist(path),
            Target::Absent => file.persist_noclobber(path),
        };
        persisted.map(drop).map_err(|e| match e.error.kind() {
            std::io::ErrorKind::AlreadyExists => refuse("a file appeared there while saving; it was left as it is".to_string()),
            _ => io(e.error),
        })
    }

    /// Refuses a rule file whose rules are not the ones the game was played with (comments and
    /// layout aside; for a record before 0.13, whose text is not the one it was played with).
    /// `name` is the rule file as the reader knows it.
    pub fn check_source_of(&self, name: &str, source: &str) -> Result<(), RecordError> {
        let hash = if self.rules.hash.starts_with(BYTES_HASH) { content_hash(source) } else { rules_hash(source) };
        if hash != self.rules.hash {
            let what = if self.rules.hash.starts_with(RULES_HASH) { "rules" } else { "text" };
            return Err(RecordError(if name == self.rules.file {
                format!(
                    "the rule file {name} has changed since the game was played (the hash of its {what} is {hash}, the record's {}): \
                     the record replays only with the rules it was played with",
                    self.rules.hash
                )
            } else {
                format!(
                    "the rule file {name} is not the one the game was played with, {} (the hash of its {what} is {hash}, the record's {})",
                    self.rules.file, self.rules.hash
                )
            }));
        }
        Ok(())
    }

    /// [`Record::check_source_of`] for the rule file the record names.
    pub fn check_source(&self, source: &str) -> Result<(), RecordError> {
        self.check_source_of(&self.rules.file.clone(), source)
    }

    /// Refuses a record that does not describe a game of these rules: its game name, its options
    /// (the rule file with the record's `sets` must give exactly the options it lists) and its
    /// players (each a player `play` knows). Each mismatch is one sentence naming the field.
    pub fn check_against(&self, game: &Game<'_>) -> Result<(), RecordError> {
        let name = &game.rules().name;
        if *name != self.rules.game {
            return Err(RecordError(format!("field `rules.game`: the record says `{}`, the rule file plays `{name}`", self.rules.game)));
        }
        let options = game.position().options;
        let keys: std::collections::BTreeSet<&String> = options.keys().chain(self.options.keys()).collect();
        let show = |value: Option<&serde_json::Value>| value.map_or("absent".to_string(), |v| format!("{v}"));
        if let Some(key) = keys.into_iter().find(|&key| options.get(key) != self.options.get(key)) {
            return Err(RecordError(format!(
                "field `options`: `{key}` is {} in the record but {} in the rule file with the record's sets ({})",
                show(self.options.get(key)),
                show(options.get(key)),
                if self.sets.is_empty() { "none".to_string() } else { self.sets.join(", ") },
            )));
        }
        for (field, spec) in [("south", &self.south), ("north", &self.north)] {
            spec.parse::<AgentKind>().map_err(|why| RecordError(format!("field `{field}`: {why}")))?;
        }
        Ok(())
    }

    /// Whether this record is `later`'s game as it stood earlier: the same rules, options,
    /// players and seed, and its actions the first of `later`'s.
    pub fn is_earlier_of(&self, later: &Record) -> bool {
        let (mine, theirs) = (Action::split_list(&self.moves), Action::split_list(&later.moves));
        self.rules.hash == later.rules.hash
            && self.sets == later.sets
            && (&self.south, &self.north, self.seed) == (&later.south, &later.north, later.seed)
            && theirs.starts_with(&mine)
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

/// What a record would be written over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Nothing yet.
    Absent,
    /// An earlier record (ours to write over).
    Record,
}

/// Whether a record may be written to `path` while `rule_file` is played: its folder exists and
/// takes new files, and the path holds nothing yet or a record — never the rule file, a folder or
/// any file that does not read as a `mancala-record/1`.
pub fn check_target(path: &Path, rule_file: &Path) -> Result<Target, RecordError> {
    let refuse = |why: String| RecordError(format!("cannot save a record to {}: {why}", path.display()));
    if path.is_dir() {
        return Err(refuse("it is a folder".to_string()));
    }
    if path.file_name().is_none() {
        return Err(refuse("the path names no file".to_string()));
    }
    let folder = folder_of(path);
    match std::fs::metadata(folder) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(refuse(format!("{} is not a folder", folder.display()))),
        Err(e) if matches!(e.kind(), std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory) => {
            return Err(refuse(format!("the folder {} does not exist", folder.display())))
        }
        Err(e) => return Err(refuse(format!("cannot reach the folder {}: {}", folder.display(), lower(&e)))),
    }
    let target = match std::fs::metadata(path) {
        Ok(_) if same_file(path, rule_file) => return Err(refuse("it is the rule file being played".to_string())),
        Ok(meta) if !meta.is_file() => return Err(refuse("it exists and is not a regular file".to_string())),
        Ok(_) => match read_bounded(path).and_then(|text| Record::parse(&text)) {
            Ok(_) => Target::Record,
            Err(_) => return Err(refuse("it exists and is not a game record (only a record is written over)".to_string())),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Target::Absent,
        Err(e) => return Err(refuse(lower(&e))),
    };
    // The one sure test of "can write here": make a temporary file (removed at once).
    temp_file_in(folder).map_err(|e| refuse(format!("cannot write in the folder {}: {}", folder.display(), kind_words(&e))))?;
    Ok(target)
}

/// A new temporary file in `folder`, removed when dropped unless persisted; readable as any new
/// file is (the umask decides), not only by its owner as a bare temporary file would be.
fn temp_file_in(folder: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".mancala-record-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(folder)
}

/// The folder a file goes into (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Whether two paths name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
}

/// A file's text, refused past [`MAX_RECORD_BYTES`] (a device or a huge file is no record).
fn read_bounded(path: &Path) -> Result<String, RecordError> {
    let file = std::fs::File::open(path).map_err(|e| RecordError(format!("cannot read {}: {}", path.display(), lower(&e))))?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError(format!("cannot read {}: {}", path.display(), lower(&e))))?;
    if u64::try_from(bytes.len()).map_or(true, |n| n > MAX_RECORD_BYTES) {
        return Err(RecordError(format!("{}: not a game record (larger than {} MiB)", path.display(), MAX_RECORD_BYTES >> 20)));
    }
    String::from_utf8(bytes).map_err(|_| RecordError(format!("{}: not a game record (not UTF-8 text)", path.display())))
}

/// An I/O error as the rest of a sentence.
fn lower(error: &std::io::Error) -> String {
    error.to_string().to_lowercase()
}

/// What went wrong with a temporary file, in general words: `tempfile` adds the file's random
/// name to its errors, which says nothing to the reader and would differ from run to run.
fn kind_words(error: &std::io::Error) -> String {
    std::io::Error::from(error.kind()).to_string().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::rules_text;

    #[test]
    fn the_rules_text_leaves_out_comments_and_layout_only() {
        let written =
            "game \"A // b\" // the name\n\nboard {\n    size 2 x 2   // small\n    seeds 1\n}\nend {\n  when count in {2, 4}\n}\n";
        assert_eq!(rules_text(written), "game \"A // b\"\nboard { size 2 x 2\nseeds 1 } end { when count in { 2 , 4 } }");
        let one_line = "game \"A // b\"\nboard { size 2 x 2\n seeds 1 }\n\n\nend {\nwhen count in { 2,4 } }";
        assert_eq!(rules_text(one_line), rules_text(written));
        for changed in [written.replace("seeds 1", "seeds 2"), written.replace("A // b", "A // c"), written.replace("{2, 4}", "{2, 4, 6}")]
        {
            assert_ne!(rules_text(&changed), rules_text(written), "{changed}");
        }
    }
}
