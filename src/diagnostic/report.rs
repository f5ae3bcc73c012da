//! A file's diagnostics as a user reads them — at most [`SHOWN`] of them, then one line saying
//! how many more there are, so that a file of a million broken lines prints a page, not a
//! million — or as a program reads them: every one, one JSON object a line ([`write_json`]).

use std::fmt;
use std::io::{self, Write};

use miette::Severity;
use serde::Serialize;

use super::snippet::shorten;
use super::Diagnostic;
use crate::ast::Span;

/// How many diagnostics of one file are printed.
pub const SHOWN: usize = 50;

/// Whether diagnostics are printed in colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Colour {
    /// Colour on a terminal that supports it, never with `NO_COLOR`.
    #[default]
    Auto,
    Always,
    Never,
}

/// Writes the first [`SHOWN`] of `diagnostics` as miette's installed handler renders them, each
/// followed by a blank line, then [`more_problems`] if there are more.
pub fn write_report(out: &mut impl Write, diagnostics: &[Diagnostic]) -> io::Result<()> {
    write_report_in(out, diagnostics, Colour::Auto)
}

/// [`write_report`], in colour or not as `colour` says.
pub fn write_report_in(out: &mut impl Write, diagnostics: &[Diagnostic], colour: Colour) -> io::Result<()> {
    let handler = Handler::new(colour);
    for diagnostic in diagnostics.iter().take(SHOWN) {
        writeln!(out, "{}", Rendered { handler: &handler, diagnostic })?;
    }
    if let Some(more) = more_problems(diagnostics.len()) {
        writeln!(out, "{more}")?;
    }
    Ok(())
}

/// What renders a diagnostic: miette's installed handler for [`Colour::Auto`], else miette's
/// own handler told whether to colour (without the `fancy` feature there is no colour at all).
enum Handler {
    Installed,
    #[cfg(feature = "fancy")]
    Coloured(miette::MietteHandler),
}

impl Handler {
    fn new(colour: Colour) -> Handler {
        match colour {
            Colour::Auto => Handler::Installed,
            #[cfg(feature = "fancy")]
            Colour::Always | Colour::Never => Handler::Coloured(miette::MietteHandlerOpts::new().color(colour == Colour::Always).build()),
            #[cfg(not(feature = "fancy"))]
            Colour::Always | Colour::Never => Handler::Installed,
        }
    }
}

/// One diagnostic as its handler renders it.
struct Rendered<'a> {
    handler: &'a Handler,
    diagnostic: &'a Diagnostic,
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.handler {
            Handler::Installed => write!(f, "{:?}", miette::Report::new(self.diagnostic.clone())),
            #[cfg(feature = "fancy")]
            Handler::Coloured(handler) => miette::ReportHandler::debug(handler, self.diagnostic, f),
        }
    }
}

/// The line that stands for the diagnostics past the first [`SHOWN`] of `total`: `… and 3 more
/// problems (the first 50 are shown)`.
pub fn more_problems(total: usize) -> Option<String> {
    let more = total.checked_sub(SHOWN).filter(|more| *more > 0)?;
    let problems = if more == 1 { "problem" } else { "problems" };
    Some(format!("… and {more} more {problems} (the first {SHOWN} are shown)"))
}

/// Writes every one of `diagnostics` of the rule file `file` (whose text is `source`) as one
/// JSON object a line (see [`json_diagnostics`]).
pub fn write_json(out: &mut impl Write, file: &str, source: &str, diagnostics: &[Diagnostic]) -> io::Result<()> {
    for record in json_diagnostics(file, source, diagnostics) {
        serde_json::to_writer(&mut *out, &record)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Every one of `diagnostics` of the rule file `file` (whose text is `source`) as a JSON object:
/// `file`, `code`, `severity`, `message`, `labels` (each with its `message`, its `span` in bytes
/// and its `start` and `end` as 1-based line and column, columns counted in characters) and
/// `help` (or `null`). Texts are cut as the human format cuts them.
pub fn json_diagnostics<'a>(file: &'a str, source: &str, diagnostics: &[Diagnostic]) -> Vec<JsonDiagnostic<'a>> {
    if diagnostics.is_empty() {
        return Vec::new();
    }
    let lines = Lines::new(source);
    diagnostics
        .iter()
        .map(|diagnostic| JsonDiagnostic {
            file,
            code: format!("mancala::{}", diagnostic.code.as_str()),
            severity: match diagnostic.severity {
                Severity::Error => "error",
                Severity::Warning | Severity::Advice => "warning",
            },
            message: shorten(&diagnostic.message).into_owned(),
            labels: diagnostic.labels.iter().map(|(span, label)| lines.label(*span, label)).collect(),
            help: diagnostic.help.as_deref().map(|help| shorten(help).into_owned()),
        })
        .collect()
}

/// One diagnostic as JSON (see [`json_diagnostics`]).
#[derive(Serialize)]
pub struct JsonDiagnostic<'a> {
    file: &'a str,
    code: String,
    severity: &'static str,
    message: String,
    labels: Vec<Label>,
    help: Option<String>,
}

#[derive(Serialize)]
struct Label {
    message: String,
    span: ByteSpan,
    start: Place,
    end: Place,
}

#[derive(Serialize)]
struct ByteSpan {
    start: usize,
    end: usize,
}

/// A 1-based line and column (in characters).
#[derive(Serialize, Debug, PartialEq, Eq)]
struct Place {
    line: usize,
    column: usize,
}

/// Where each line of a text starts (lines end at `\n`, `\r\n` or a lone `\r`, as miette reads
/// them), and where each byte that continues a character stands, so that a place is found in
/// logarithmic time even on a line of a megabyte.
struct Lines {
    len: usize,
    starts: Vec<usize>,
    continuations: Vec<usize>,
}

impl Lines {
    fn new(text: &str) -> Lines {
        let continuations = text.bytes().enumerate().filter(|(_, b)| b & 0xC0 == 0x80).map(|(at, _)| at).collect();
        Lines { len: text.len(), starts: super::snippet::line_starts(text), continuations }
    }

    /// The line and column of the byte at `offset` (the end of the text at most).
    fn place(&self, offset: usize) -> Place {
        let offset = offset.min(self.len);
        let line = self.starts.partition_point(|start| *start <= offset).saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let continued = self.continuations.partition_point(|at| *at < offset) - self.continuations.partition_point(|at| *at < start);
        Place { line: line + 1, column: offset - start - continued + 1 }
    }

    fn label(&self, span: Span, message: &str) -> Label {
        let (start, end) = (usize::try_from(span.start).unwrap_or(usize::MAX), usize::try_from(span.end).unwrap_or(usize::MAX));
        Label { message: shorten(message).into_owned(), span: ByteSpan { start, end }, start: self.place(start), end: self.place(end) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lines_from_one_and_columns_in_characters() {
        let lines = Lines::new("ab\né€x\r\ny\rz");
        let place = |offset| {
            let Place { line, column } = lines.place(offset);
            (line, column)
        };
        assert_eq!(place(0), (1, 1));
        assert_eq!(place(2), (1, 3));
        assert_eq!(place(3), (2, 1));
        // `é` is two bytes and `€` three: `x` stands in the third column.
        assert_eq!(place(8), (2, 3));
        assert_eq!(place(11), (3, 1));
        assert_eq!(place(13), (4, 1));
        assert_eq!(place(14), (4, 2));
        assert_eq!(place(99), (4, 2));
    }
}
