//! One problem found in a rule file: a message in the player's terms, a code ([`Code`]), labelled
//! spans and help that says what to write instead. A leaf module: the parser's errors and the
//! checker's are both [`Diagnostic`]s. `snippet` is what each shows of the file, `report` how
//! many of them are printed (or their JSON).

mod code;
mod report;
mod snippet;

pub use code::Code;
pub use report::{json_diagnostics, more_problems, write_json, write_report, write_report_in, Colour, JsonDiagnostic, SHOWN};
pub(crate) use snippet::line_starts;
pub use snippet::{SourceFile, LONGEST_SHOWN_LINE, LONGEST_TEXT};

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use miette::{LabeledSpan, Severity, SourceCode};

use crate::ast::Span;
use snippet::{shorten, Snippet};

/// A problem with a rule file. Rendered by miette with the file's text once it is attached with
/// [`Diagnostic::with_source`]: the lines of its labels only, a long line cut to a window around
/// them, and a message, label or help of more than a thousand characters cut in the middle.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// What kind of problem it is: written out as `mancala::` and [`Code::as_str`].
    pub code: Code,
    pub message: String,
    /// The main span first; every other span involved after it.
    pub labels: Vec<(Span, String)>,
    pub help: Option<String>,
    pub severity: Severity,
    source: Option<Arc<SourceFile>>,
    /// What miette is shown of the file, made when it is first rendered.
    shown: OnceLock<Arc<Snippet>>,
}

impl Diagnostic {
    /// An error with its code, message and main label.
    pub fn error(code: Code, message: impl Into<String>, span: Span, label: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            labels: vec![(span, label.into())],
            help: None,
            severity: Severity::Error,
            source: None,
            shown: OnceLock::new(),
        }
    }

    /// A warning: the file still runs.
    pub fn warning(code: Code, message: impl Into<String>, span: Span, label: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message, span, label) }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn with_label(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.labels.push((span, label.into()));
        self
    }

    /// Attaches the file's text and name, so the diagnostic renders its spans.
    pub fn with_source(mut self, source: Arc<SourceFile>) -> Diagnostic {
        self.source = Some(source);
        self.shown = OnceLock::new();
        self
    }

    /// The lines of the file this diagnostic shows, with the file they come from.
    fn snippet(&self) -> Option<(&SourceFile, &Snippet)> {
        let file = self.source.as_deref()?;
        let spans: Vec<Span> = self.labels.iter().map(|(span, _)| *span).collect();
        Some((file, self.shown.get_or_init(|| Arc::new(Snippet::new(file, &spans)))))
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The main span.
    pub fn span(&self) -> Span {
        self.labels.first().map(|(s, _)| *s).unwrap_or_default()
    }

    /// A broken promise inside the parser: says plainly that it is a bug.
    pub fn internal(what: &str, span: Span) -> Diagnostic {
        Diagnostic::error(Code::Internal, format!("internal error: {what}"), span, "while reading this")
            .with_help("this is a bug in mancala, not in your file: please report it with the file")
    }

    pub fn too_deep(span: Span, limit: usize) -> Diagnostic {
        Diagnostic::error(Code::TooDeep, format!("parentheses nest more than {limit} deep"), span, "this one is too deep")
            .with_help("split the condition into simpler parts; no rule needs this much nesting")
    }

    /// A word that nests what follows it (`not`, `every`, `hole`), written too often on one line.
    pub fn too_many(span: Span, word: &str, limit: usize) -> Diagnostic {
        Diagnostic::error(Code::TooDeep, format!("`{word}` is written more than {limit} times on one line"), span, "one too many")
            .with_help(match word {
                "hole" => "no rule needs this many: a condition looks a few holes away at most, like `next hole is empty`",
                _ => "no rule needs this many: two `not`s in a row cancel out, and one `every hole` is enough",
            })
    }

    pub fn syntax(span: Span, expected: String) -> Diagnostic {
        Diagnostic::error(Code::Syntax, "the file cannot be read here", span, format!("expected {expected}"))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shorten(&self.message))
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("mancala::{}", self.code.as_str())))
    }

    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(shorten(h).into_owned()) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.snippet().map(|(_, snippet)| snippet as &dyn SourceCode)
    }

    /// The labels, placed in the lines the diagnostic shows.
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let snippet = self.snippet();
        Some(Box::new(self.labels.iter().enumerate().map(move |(i, (span, label))| {
            let label = if label.is_empty() { None } else { Some(shorten(label).into_owned()) };
            let span = snippet.map_or_else(|| span.source_span(), |(file, snippet)| snippet.map(file, *span));
            if i == 0 {
                LabeledSpan::new_primary_with_span(label, span)
            } else {
                LabeledSpan::new_with_span(label, span)
            }
        })))
    }
}

/// Sorts diagnostics by position, dropping repeats.
pub(crate) fn sort(diagnostics: &mut Vec<Diagnostic>) {
    diagnostics.sort_by(|a, b| (a.span(), a.code.as_str(), &a.message).cmp(&(b.span(), b.code.as_str(), &b.message)));
    diagnostics.dedup_by(|a, b| (a.span(), a.code, &a.message) == (b.span(), b.code, &b.message));
}

/// The closest of `candidates` to `word`, if one is close enough to be a likely typo: a few
/// letters wrong, or a candidate with a few letters more or less at its end (`owned` → `own`).
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    /// Longer words are no typo of any name; comparing them would only cost time.
    const LONGEST: usize = 64;
    if word.len() > LONGEST {
        return None;
    }
    let word = word.to_lowercase();
    candidates
        .into_iter()
        .filter_map(|c| {
            // Names are mostly lower case already: no copy for them.
            let lower = if c.chars().any(char::is_uppercase) { Cow::Owned(c.to_lowercase()) } else { Cow::Borrowed(c) };
            let (shorter, longer) = if lower.len() <= word.len() { (&*lower, word.as_str()) } else { (word.as_str(), &*lower) };
            // One edit in a short word, one more for every four letters: `behind` is no typo of `beyond`.
            let allowed = (longer.len() / 4).max(1);
            if longer.len() - shorter.len() > allowed.max(3) {
                return None;
            }
            let distance = edit_distance(&word, &lower);
            let extended = shorter.len() >= 3 && longer.starts_with(shorter);
            (distance <= allowed || extended).then_some((distance, c))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// "did you mean `x`?" or, without a close match, the list of what is allowed.
pub fn suggest(word: &str, candidates: &[&str]) -> String {
    match did_you_mean(word, candidates.iter().copied()) {
        Some(c) => format!("did you mean `{c}`?"),
        None => format!("write one of: {}", candidates.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ")),
    }
}

/// Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. Three rows of
/// the table at a time: this runs for every word of every line that cannot be read.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let width = b.len() + 1;
    // Rows i - 2, i - 1 and i of the table, row i at `(i % 3) * width`.
    let mut rows = vec![0usize; 3 * width];
    for (j, cell) in rows[..width].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        let (this, up, up2) = ((i % 3) * width, ((i - 1) % 3) * width, ((i + 1) % 3) * width);
        rows[this] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[up + j] + 1).min(rows[this + j - 1] + 1).min(rows[up + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[up2 + j - 2] + 1);
            }
            rows[this + j] = d;
        }
    }
    rows[(a.len() % 3) * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_words_are_suggested() {
        assert_eq!(did_you_mean("bord", ["board", "sowing", "end"]), Some("board"));
        assert_eq!(did_you_mean("xyz", ["board", "sowing", "end"]), None);
        assert_eq!(did_you_mean("sotuh", ["south", "north"]), Some("south"));
        assert_eq!(did_you_mean("owned", ["own", "opponent", "empty"]), Some("own"));
        assert_eq!(did_you_mean("counts", ["count"]), Some("count"));
        assert_eq!(did_you_mean("o", ["own"]), None);
        assert_eq!(did_you_mean(&"x".repeat(1 << 20), ["board"]), None);
        assert_eq!(did_you_mean("BORD", ["Board", "sowing"]), Some("Board"));
    }

    #[test]
    fn edit_distances() {
        for (a, b, d) in [("", "", 0), ("a", "", 1), ("", "abc", 3), ("bord", "board", 1), ("sotuh", "south", 1), ("abcd", "badc", 2)] {
            assert_eq!(edit_distance(a, b), d, "{a} → {b}");
            assert_eq!(edit_distance(b, a), d, "{b} → {a}");
        }
    }
}
