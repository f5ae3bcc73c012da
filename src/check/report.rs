//! A file's diagnostics as a user reads them: at most [`SHOWN`] of them, then one line saying
//! how many more there are, so that a file of a million broken lines prints a page, not a
//! million.

use std::io::{self, Write};

use super::Diagnostic;

/// How many diagnostics of one file are printed.
pub const SHOWN: usize = 50;

/// Writes the first [`SHOWN`] of `diagnostics` as miette's installed handler renders them, each
/// followed by a blank line, then [`more_problems`] if there are more.
pub fn write_report(out: &mut impl Write, diagnostics: &[Diagnostic]) -> io::Result<()> {
    for diagnostic in diagnostics.iter().take(SHOWN) {
        writeln!(out, "{:?}", miette::Report::new(diagnostic.clone()))?;
    }
    if let Some(more) = more_problems(diagnostics.len()) {
        writeln!(out, "{more}")?;
    }
    Ok(())
}

/// The line that stands for the diagnostics past the first [`SHOWN`] of `total`: `… and 3 more
/// problems (the first 50 are shown)`.
pub fn more_problems(total: usize) -> Option<String> {
    let more = total.checked_sub(SHOWN).filter(|more| *more > 0)?;
    let problems = if more == 1 { "problem" } else { "problems" };
    Some(format!("… and {more} more {problems} (the first {SHOWN} are shown)"))
}
