//! What a diagnostic shows of its rule file: the lines its labels stand on, with a line of
//! context around them, and of a line too long to print only a window around its labels, cut
//! with `…`.
//!
//! miette prints each line it shows whole, and finds a span's line by reading the text from its
//! start. A diagnostic renders instead from a [`Snippet`]: a few lines copied out of the file,
//! which tells miette the lines' real numbers and the real column of the main label. So a label
//! in a 10 MB file costs no more to render than one in a small file, and a line of 100,000
//! characters prints as a window of a couple of hundred.

use std::borrow::Cow;
use std::sync::Arc;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use crate::ast::Span;

/// A line longer than this many characters is shown as a window around its labels.
pub const LONGEST_SHOWN_LINE: usize = 240;
/// How many characters of a long line a window shows.
const WINDOW: usize = 200;
/// How many of them stand before the label the window is about.
const BEFORE_LABEL: usize = 60;
/// Lines between two labels' lines shown rather than skipped: miette prints the lines between
/// two labels close to each other, and no more than these.
const LARGEST_GAP: usize = 20;
/// A label running over more lines is shown over its first ones only.
const LONGEST_LABEL: usize = 12;
/// What stands for the part of a line left out.
const ELLIPSIS: &str = "…";

/// A rule file's name and text, and where each of its lines starts (found once for all its
/// diagnostics). Lines end as miette reads them: at `\n`, `\r\n` or a lone `\r`.
pub struct SourceFile {
    name: String,
    text: Arc<str>,
    line_starts: Vec<usize>,
}

/// Where each line of `text` starts: lines end at `\n`, `\r\n` or a lone `\r`, as miette reads them.
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for (at, b) in bytes.iter().enumerate() {
        let ends = match b {
            b'\n' => true,
            b'\r' => bytes.get(at + 1) != Some(&b'\n'),
            _ => false,
        };
        if ends {
            starts.push(at + 1);
        }
    }
    starts
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        let text = text.into();
        let line_starts = line_starts(&text);
        SourceFile { name: name.into(), text, line_starts }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The line (from 0) that the byte at `offset` stands on.
    fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|start| *start <= offset).saturating_sub(1)
    }

    /// Where line `line` starts, where its text ends (before its line break) and where the next
    /// line starts.
    fn line_bounds(&self, line: usize) -> (usize, usize, usize) {
        let start = self.line_starts[line];
        let next = self.line_starts.get(line + 1).copied().unwrap_or(self.text.len());
        let body = &self.text[start..next];
        let end = next - (body.len() - body.trim_end_matches(['\n', '\r']).len()).min(2);
        (start, end, next)
    }
}

/// The name and size only: a diagnostic printed with `{:?}` does not print the whole file.
impl std::fmt::Debug for SourceFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SourceFile").field("name", &self.name).field("bytes", &self.text.len()).finish_non_exhaustive()
    }
}

/// A run of whole lines of the file, copied one after another into [`Snippet::text`].
#[derive(Debug, Clone)]
struct Region {
    /// Where it starts and ends in the snippet's text.
    start: usize,
    end: usize,
    /// The number (from 0) of its first line in the file.
    first_line: usize,
}

/// One line of the file as the snippet shows it.
#[derive(Debug, Clone)]
struct ShownLine {
    /// The line's number (from 0), where it starts in the file and where its text ends there.
    line: usize,
    file_start: usize,
    file_end: usize,
    /// Where it starts in the snippet's text.
    text_start: usize,
    /// For a long line, the part of the file shown (start and end) and where it starts in the
    /// snippet's text, after a leading `…` when the part does not start the line.
    window: Option<(usize, usize, usize)>,
}

/// The lines of a file one diagnostic shows; miette reads them through [`SourceCode`].
#[derive(Debug, Clone)]
pub(super) struct Snippet {
    name: String,
    text: String,
    regions: Vec<Region>,
    lines: Vec<ShownLine>,
}

impl Snippet {
    /// The snippet showing `labels` of `file`; the first label is the main one.
    pub(super) fn new(file: &SourceFile, labels: &[Span]) -> Snippet {
        let last_line = file.line_starts.len() - 1;
        // The lines of each label, with one line of context before and after.
        let mut wanted: Vec<(usize, usize)> = labels
            .iter()
            .map(|span| {
                let (start, end) = clamp(file, *span);
                let first = file.line_of(start);
                let last = file.line_of(end.saturating_sub(1).max(start)).min(first + LONGEST_LABEL - 1);
                (first.saturating_sub(1), (last + 1).min(last_line))
            })
            .collect();
        wanted.sort_unstable();
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for (first, last) in wanted {
            match runs.last_mut() {
                Some(run) if first <= run.1 + LARGEST_GAP + 1 => run.1 = run.1.max(last),
                _ => runs.push((first, last)),
            }
        }
        let mut snippet = Snippet { name: file.name.clone(), text: String::new(), regions: Vec::new(), lines: Vec::new() };
        for (first, last) in runs {
            let start = snippet.text.len();
            for line in first..=last {
                snippet.push_line(file, line, labels);
            }
            snippet.regions.push(Region { start, end: snippet.text.len(), first_line: first });
        }
        snippet
    }

    /// Copies line `line` of `file`, or a window of it when it is long.
    fn push_line(&mut self, file: &SourceFile, line: usize, labels: &[Span]) {
        let (file_start, file_end, next) = file.line_bounds(line);
        let text_start = self.text.len();
        let body = &file.text[file_start..file_end];
        let window = (body.len() > LONGEST_SHOWN_LINE && body.chars().nth(LONGEST_SHOWN_LINE).is_some()).then(|| {
            // Around the main label when it is on this line, else around the first one that is.
            let anchor =
                labels.iter().map(|span| clamp(file, *span).0).find(|at| (file_start..=file_end).contains(at)).unwrap_or(file_start);
            let from = body[..anchor - file_start].char_indices().rev().nth(BEFORE_LABEL - 1).map_or(0, |(at, _)| at);
            let to = body[from..].char_indices().nth(WINDOW).map_or(body.len(), |(at, _)| from + at);
            (file_start + from, file_start + to)
        });
        let window = window.map(|(from, to)| {
            if from > file_start {
                self.text.push_str(ELLIPSIS);
            }
            let at = self.text.len();
            self.text.push_str(&file.text[from..to]);
            if to < file_end {
                self.text.push_str(ELLIPSIS);
            }
            (from, to, at)
        });
        if window.is_none() {
            self.text.push_str(body);
        }
        // miette shows a line ended by a lone `\r` as part of the next one: it gets a `\n`, of
        // the same length.
        self.text.push_str(match &file.text[file_end..next] {
            "\r" => "\n",
            end => end,
        });
        self.lines.push(ShownLine { line, file_start, file_end, text_start, window });
    }

    /// Where `span` of the file stands in the snippet's text.
    pub(super) fn map(&self, file: &SourceFile, span: Span) -> SourceSpan {
        let (start, end) = clamp(file, span);
        let first = file.line_of(start);
        // A long label ends where the snippet stops showing it.
        let end = match file.line_starts.get(first + LONGEST_LABEL) {
            Some(stop) if end > *stop => file.line_bounds(first + LONGEST_LABEL - 1).1,
            _ => end,
        };
        let (start, end) = (self.map_offset(file, start), self.map_offset(file, end));
        SourceSpan::new(start.into(), end.saturating_sub(start))
    }

    /// Where the byte at `offset` of the file stands in the snippet's text: on a line cut to a
    /// window, a place before the window is its leading `…`, a place after it the end of the
    /// trailing one.
    fn map_offset(&self, file: &SourceFile, offset: usize) -> usize {
        let line = file.line_of(offset);
        let index = self.lines.partition_point(|shown| shown.line < line);
        let Some(shown) = self.lines.get(index).filter(|shown| shown.line == line) else {
            // Not shown (a label cut short): the end of the lines before it.
            return self.lines.get(index).map_or(self.text.len(), |shown| shown.text_start);
        };
        let Some((from, to, at)) = shown.window else {
            return shown.text_start + (offset - shown.file_start);
        };
        let after = at + (to - from) + if to < shown.file_end { ELLIPSIS.len() } else { 0 };
        match offset {
            _ if offset < from => shown.text_start,
            _ if offset <= to => at + (offset - from),
            _ if offset <= shown.file_end => after,
            _ => after + (offset - shown.file_end),
        }
    }

    /// The column (from 0, in bytes, as miette counts) in the file of the place `offset` of the
    /// snippet's text stands for.
    fn file_column(&self, offset: usize) -> Option<usize> {
        let index = self.lines.partition_point(|shown| shown.text_start <= offset).checked_sub(1)?;
        let shown = &self.lines[index];
        let in_line = offset - shown.text_start;
        Some(match shown.window {
            None => in_line,
            Some((from, _, at)) => (from - shown.file_start) + offset.saturating_sub(at),
        })
    }
}

/// `span` within the file and on char boundaries.
fn clamp(file: &SourceFile, span: Span) -> (usize, usize) {
    let text = file.text();
    let start = text.floor_char_boundary((span.start as usize).min(text.len()));
    let end = text.floor_char_boundary((span.end as usize).min(text.len())).max(start);
    (start, end)
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let (start, end) = (span.offset(), span.offset() + span.len());
        // A span runs within one region (miette asks for two labels' lines at once when they
        // are close; when lines between them are left out, it shows each label on its own).
        let region = self
            .regions
            .iter()
            .find(|r| r.start <= start && start < r.end && end <= r.end)
            .or_else(|| self.regions.iter().find(|r| r.start <= start && end <= r.end))
            .ok_or(MietteError::OutOfBounds)?;
        let text = &self.text[region.start..region.end];
        let local = SourceSpan::new((start - region.start).into(), span.len());
        let contents = text.read_span(&local, context_lines_before, context_lines_after)?;
        let column = match context_lines_before {
            0 => self.file_column(start).unwrap_or(contents.column()),
            _ => contents.column(),
        };
        let data_span = SourceSpan::new((contents.span().offset() + region.start).into(), contents.span().len());
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            data_span,
            contents.line() + region.first_line,
            column,
            contents.line_count() + region.first_line,
        )))
    }
}

/// How many characters of a message, label or help a diagnostic prints at most.
pub const LONGEST_TEXT: usize = 1000;

/// `text`, with its middle left out when it is longer than [`LONGEST_TEXT`] characters (a
/// condition quoted from a line of megabytes).
pub fn shorten(text: &str) -> Cow<'_, str> {
    const TAIL: usize = 200;
    if text.len() <= LONGEST_TEXT || text.chars().nth(LONGEST_TEXT).is_none() {
        return Cow::Borrowed(text);
    }
    let head = text.char_indices().nth(LONGEST_TEXT - TAIL).map_or(text.len(), |(at, _)| at);
    let tail = text.char_indices().rev().nth(TAIL - 1).map_or(head, |(at, _)| at.max(head));
    Cow::Owned(format!("{}{ELLIPSIS}{}", &text[..head], &text[tail..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_as_miette_reads_them() {
        let file = SourceFile::new("f", "a\nbc\r\nd\re");
        assert_eq!(file.line_starts, [0, 2, 6, 8]);
        assert_eq!((file.line_of(0), file.line_of(3), file.line_of(5), file.line_of(6), file.line_of(9)), (0, 1, 1, 2, 3));
        assert_eq!((file.line_bounds(1), file.line_bounds(2), file.line_bounds(3)), ((2, 4, 6), (6, 7, 8), (8, 9, 9)));
    }

    #[test]
    fn a_long_line_is_cut_to_a_window_around_the_label() {
        let line = format!("{}LABEL{}", "a".repeat(300), "b".repeat(300));
        let file = SourceFile::new("f", format!("first\n{line}\nlast\n"));
        let label = Span::new(6 + 300, 6 + 305);
        let snippet = Snippet::new(&file, &[label]);
        let shown = format!("…{}LABEL{}…", "a".repeat(60), "b".repeat(135));
        assert_eq!(snippet.text, format!("first\n{shown}\nlast\n"));
        let mapped = snippet.map(&file, label);
        assert_eq!(&snippet.text[mapped.offset()..mapped.offset() + mapped.len()], "LABEL");
        assert_eq!(snippet.file_column(mapped.offset()), Some(300));
        // Before the window: its leading `…`; after it: past the trailing one.
        assert_eq!(snippet.map_offset(&file, 6), 6);
        assert_eq!(snippet.map_offset(&file, 6 + 605), 6 + shown.len());
    }

    #[test]
    fn labels_far_apart_are_shown_apart() {
        let text: String = (1..=100).map(|n| format!("line {n}\n")).collect();
        let file = SourceFile::new("f", text.as_str());
        let (third, ninetieth) = (text.find("line 3\n").unwrap_or(0), text.find("line 90\n").unwrap_or(0));
        let snippet = Snippet::new(&file, &[Span::new(third, third + 6), Span::new(ninetieth, ninetieth + 7)]);
        assert_eq!(snippet.text, "line 2\nline 3\nline 4\nline 89\nline 90\nline 91\n");
        assert_eq!(snippet.regions.iter().map(|r| r.first_line).collect::<Vec<_>>(), [1, 88]);
        // One span over both regions cannot be read: miette then shows each label on its own.
        assert!(snippet.read_span(&SourceSpan::new(7.into(), 30), 1, 1).is_err());
        let contents = snippet.read_span(&snippet.map(&file, Span::new(ninetieth, ninetieth + 7)), 0, 0).expect("one region");
        assert_eq!((contents.line(), contents.column()), (89, 0));
    }

    #[test]
    fn long_texts_are_cut_in_the_middle() {
        assert_eq!(shorten("short"), "short");
        let long = format!("{}{}", "a".repeat(900), "b".repeat(900));
        let cut = shorten(&long);
        assert_eq!(cut, format!("{}…{}", "a".repeat(800), "b".repeat(200)));
    }
}
