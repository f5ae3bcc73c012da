//! `mancala fmt FILE... [--check]`: rule files rewritten in the canonical layout ([`crate::fmt`]).
//!
//! A file is rewritten only when its layout changes, through a temporary file in its folder
//! renamed into place, so that it is never left half-written. A file with a line that cannot be
//! read is refused with its diagnostics and left as it is. `-` reads standard input and writes
//! the formatted text to standard output.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use super::{check::report, OK, RULE_ERRORS, USAGE};
use crate::ast::Span;
use crate::diagnostic::Diagnostic;
use crate::fmt::{format, FormatError};
use crate::load::{check_source, read_rules, STDIN};

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// The rule files (`-` reads one from standard input and writes it formatted to standard output).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Rewrite nothing: list the files that are not formatted (exit 1 if any).
    #[arg(long)]
    check: bool,
}

/// Formats (or, with `--check`, judges) every file; the exit code is the worst of them.
pub fn fmt(args: &FmtArgs) -> u8 {
    args.files.iter().map(|file| fmt_one(file, args.check)).max().unwrap_or(OK)
}

fn fmt_one(file: &Path, check: bool) -> u8 {
    let (name, source) = match read_rules(file) {
        Ok(read) => read,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    let formatted = match format(&source) {
        Ok(formatted) => formatted,
        Err(error) => {
            refuse(&name, &source, &error);
            return RULE_ERRORS;
        }
    };
    let result = match (check, file == Path::new(STDIN)) {
        (true, _) if formatted != source => {
            println!("{name}: not formatted");
            return RULE_ERRORS;
        }
        (true, _) => Ok(()),
        (false, true) => io::stdout().lock().write_all(formatted.as_bytes()).map_err(|e| format!("cannot write the formatted text: {e}")),
        (false, false) if formatted == source => Ok(()),
        (false, false) => rewrite(file, &formatted),
    };
    match result {
        Ok(()) => OK,
        Err(why) => {
            eprintln!("error: {name}: {why}; it was left as it is");
            USAGE
        }
    }
}

/// Says why a file was not formatted: the diagnostics of its unreadable lines, then one line.
fn refuse(name: &str, source: &str, error: &FormatError) {
    let diagnostics: Vec<Diagnostic> = match error {
        FormatError::Internal(_) => Vec::new(),
        FormatError::Parse(_) => check_source(name, source).1,
        FormatError::Unreadable(lines) => {
            let errors: Vec<Diagnostic> = check_source(name, source).1.into_iter().filter(Diagnostic::is_error).collect();
            let about_lines: Vec<Diagnostic> = errors.iter().filter(|d| within(d.span(), lines)).cloned().collect();
            if about_lines.is_empty() {
                errors
            } else {
                about_lines
            }
        }
    };
    report(&diagnostics);
    eprintln!("error: {name} was not formatted: {error}");
}

/// Whether `span` lies on one of `lines`.
fn within(span: Span, lines: &[Span]) -> bool {
    lines.iter().any(|line| line.start <= span.start && span.end <= line.end)
}

/// Writes `text` over `path`: into a temporary file in the same folder (with the file's
/// permissions), renamed into place. A symbolic link is followed: the file it names is rewritten,
/// and the link stays a link.
fn rewrite(path: &Path, text: &str) -> Result<(), String> {
    let words = |e: &io::Error| io::Error::from(e.kind()).to_string().to_lowercase();
    let path = std::fs::canonicalize(path).map_err(|e| format!("cannot find where it is: {}", words(&e)))?;
    let folder = path.parent().unwrap_or(Path::new("."));
    let permissions = std::fs::metadata(&path).map_err(|e| format!("cannot read its permissions: {}", words(&e)))?.permissions();
    let mut file = tempfile::Builder::new()
        .prefix(".mancala-fmt-")
        .permissions(permissions)
        .tempfile_in(folder)
        .map_err(|e| format!("cannot write in the folder {}: {}", folder.display(), words(&e)))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.as_file().sync_all())
        .map_err(|e| format!("cannot write in the folder {}: {}", folder.display(), words(&e)))?;
    file.persist(&path).map(drop).map_err(|e| format!("cannot replace it: {}", words(&e.error)))
}
