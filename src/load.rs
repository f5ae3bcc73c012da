//! From a file name and text to [`Rules`]: parse, check (and lint, for the checker's callers),
//! choose options, compile.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use crate::check::{self, Checked};
use crate::compile::{compile, OptionError, Rules};
use crate::diagnostic::{Diagnostic, SourceFile};
use crate::lint;
use crate::syntax;

/// The largest rule file read, in bytes: 1 MiB, two hundred times the largest shipped one. A
/// file past it is refused unread; a file within it checks in seconds even when every line of it
/// is broken (the slowest case: half a million diagnostics, of which 50 are printed).
pub const LARGEST_RULE_FILE: usize = 1 << 20;

/// The file name that stands for standard input, where a command reads rules with [`read_rules`].
pub const STDIN: &str = "-";

/// What diagnostics call standard input.
pub const STDIN_NAME: &str = "<stdin>";

/// Why a rule file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
    #[error("{path} is not a text file (it is not valid UTF-8)")]
    NotText { path: String },
    #[error("{path} is larger than {} MiB, too large for a rule file", LARGEST_RULE_FILE >> 20)]
    TooLarge { path: String },
    #[error("{path} has {} error(s)", .diagnostics.iter().filter(|d| d.is_error()).count())]
    Rules { path: String, diagnostics: Vec<Diagnostic> },
    #[error(transparent)]
    Option(#[from] OptionError),
}

/// Reads a rule file as text (at most [`LARGEST_RULE_FILE`] bytes).
pub fn read_source(path: &Path) -> Result<String, LoadError> {
    let shown = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| io_error(&shown, &e))?;
    read_bounded(file, &shown)
}

/// Reads rules from the file `path`, or from standard input when it is [`STDIN`]; returns the
/// name diagnostics give them (the path, or [`STDIN_NAME`]) and the text.
pub fn read_rules(path: &Path) -> Result<(String, String), LoadError> {
    if path == Path::new(STDIN) {
        let source = read_bounded(std::io::stdin().lock(), STDIN_NAME)?;
        return Ok((STDIN_NAME.to_string(), source));
    }
    Ok((path.display().to_string(), read_source(path)?))
}

/// Reads all of `reader` as text, refusing more than [`LARGEST_RULE_FILE`] bytes (without
/// reading further) and bytes that are not UTF-8.
fn read_bounded(reader: impl Read, shown: &str) -> Result<String, LoadError> {
    let mut bytes = Vec::new();
    let limit = u64::try_from(LARGEST_RULE_FILE).unwrap_or(u64::MAX);
    reader.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| io_error(shown, &e))?;
    if bytes.len() > LARGEST_RULE_FILE {
        return Err(LoadError::TooLarge { path: shown.to_string() });
    }
    String::from_utf8(bytes).map_err(|_| LoadError::NotText { path: shown.to_string() })
}

fn io_error(shown: &str, error: &std::io::Error) -> LoadError {
    LoadError::Io { path: shown.to_string(), message: error.to_string().to_lowercase() }
}

/// Parses and checks a rule file's text. Every diagnostic (warnings too) comes back with the
/// source attached, ready to render; `Checked` only when there is no error.
pub fn check_source(name: &str, source: &str) -> (Option<Checked>, Vec<Diagnostic>) {
    checked_source(name, source, true)
}

/// [`check_source`], looking for warnings only when `lint` says so (loading a game to play
/// needs only its errors).
fn checked_source(name: &str, source: &str, lint: bool) -> (Option<Checked>, Vec<Diagnostic>) {
    let named = Arc::new(SourceFile::new(name, source));
    let attach = |ds: Vec<Diagnostic>| ds.into_iter().map(|d| d.with_source(named.clone())).collect::<Vec<_>>();
    let file = match syntax::parse(source) {
        Ok(file) => file,
        Err(d) => return (None, attach(vec![d])),
    };
    let checked = check::check(&file, source).map(|mut checked| {
        if lint {
            lint::lint(&file, &mut checked, source);
        }
        checked
    });
    match checked {
        Ok(checked) => {
            let warnings = attach(checked.warnings.clone());
            (Some(checked), warnings)
        }
        Err(diagnostics) => (None, attach(diagnostics)),
    }
}

/// Loads rules from text, with `sets` (`NAME=VALUE`) choosing options.
pub fn load_str<S: AsRef<str>>(name: &str, source: &str, sets: &[S]) -> Result<Rules, LoadError> {
    let (checked, diagnostics) = checked_source(name, source, false);
    let Some(checked) = checked else {
        return Err(LoadError::Rules { path: name.to_string(), diagnostics });
    };
    let choice = checked.choose(sets)?;
    Ok(compile(&checked, &choice))
}

/// Loads a rule file, with `sets` (`NAME=VALUE`) choosing options.
pub fn load_file<S: AsRef<str>>(path: impl AsRef<Path>, sets: &[S]) -> Result<Rules, LoadError> {
    let path = path.as_ref();
    let source = read_source(path)?;
    load_str(&path.display().to_string(), &source, sets)
}

/// The shipped rule file `rules/NAME.mancala` with its options' defaults, for the unit tests.
#[cfg(test)]
pub(crate) fn shipped(name: &str) -> Rules {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join(format!("{name}.mancala"));
    load_file(&path, &[] as &[&str]).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// Every shipped rule file with its options' defaults, by path, in the order of their names, for
/// the unit tests.
#[cfg(test)]
pub(crate) fn every_shipped() -> Vec<(std::path::PathBuf, Rules)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut files: Vec<_> = std::fs::read_dir(folder).into_iter().flatten().flatten().map(|e| e.path()).collect();
    files.sort();
    assert!(files.len() >= 22, "{files:?}");
    files
        .into_iter()
        .map(|file| {
            let rules = load_file(&file, &[] as &[&str]).unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
            (file, rules)
        })
        .collect()
}
