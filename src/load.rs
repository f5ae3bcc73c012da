//! From a file name and text to [`Rules`]: parse, check, choose options, compile.

use std::path::Path;
use std::sync::Arc;

use crate::check::{self, Checked, Diagnostic, SourceFile};
use crate::compile::{compile, OptionError, Rules};
use crate::syntax;

/// Why a rule file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
    #[error("{path} is not a text file (it is not valid UTF-8)")]
    NotText { path: String },
    #[error("{path} has {} error(s)", .diagnostics.iter().filter(|d| d.is_error()).count())]
    Rules { path: String, diagnostics: Vec<Diagnostic> },
    #[error(transparent)]
    Option(#[from] OptionError),
}

/// Reads a rule file as text.
pub fn read_source(path: &Path) -> Result<String, LoadError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| LoadError::Io { path: shown.clone(), message: e.to_string().to_lowercase() })?;
    String::from_utf8(bytes).map_err(|_| LoadError::NotText { path: shown })
}

/// Parses and checks a rule file's text. Every diagnostic (warnings too) comes back with the
/// source attached, ready to render; `Checked` only when there is no error.
pub fn check_source(name: &str, source: &str) -> (Option<Checked>, Vec<Diagnostic>) {
    let named = Arc::new(SourceFile::new(name, source));
    let attach = |ds: Vec<Diagnostic>| ds.into_iter().map(|d| d.with_source(named.clone())).collect::<Vec<_>>();
    let file = match syntax::parse(source) {
        Ok(file) => file,
        Err(d) => return (None, attach(vec![d])),
    };
    match check::check(&file, source) {
        Ok(checked) => {
            let warnings = attach(checked.warnings.clone());
            (Some(checked), warnings)
        }
        Err(diagnostics) => (None, attach(diagnostics)),
    }
}

/// Loads rules from text, with `sets` (`NAME=VALUE`) choosing options.
pub fn load_str<S: AsRef<str>>(name: &str, source: &str, sets: &[S]) -> Result<Rules, LoadError> {
    let (checked, diagnostics) = check_source(name, source);
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
