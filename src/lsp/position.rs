//! Byte offsets (the checker's spans) to LSP positions and back. LSP counts a line's columns in
//! UTF-16 code units: `𝄞` is one character, four bytes and two columns.

use lsp_types::{Position, Range};

use crate::ast::Span;
use crate::diagnostic::line_starts;

/// A document's text and where each of its lines starts.
pub struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines { text, starts: line_starts(text) }
    }

    /// The position of byte `offset` (past the end: the end; inside a character: its start).
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&start| start <= offset).saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column: usize = self.text[start..].char_indices().take_while(|(at, _)| start + at < offset).map(|(_, c)| c.len_utf16()).sum();
        Position { line: saturate(line), character: saturate(column) }
    }

    pub fn range(&self, span: Span) -> Range {
        Range { start: self.position(usize_of(span.start)), end: self.position(usize_of(span.end)) }
    }

    /// The range of the whole text.
    pub fn whole(&self) -> Range {
        Range { start: Position { line: 0, character: 0 }, end: self.position(self.text.len()) }
    }

    /// The byte offset of `position` (past a line's end: its end; past the last line: the end).
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(usize_of(position.line)) else {
            return self.text.len();
        };
        let line = self.line_text(start);
        let mut units = 0;
        for (at, c) in line.char_indices() {
            if units >= usize_of(position.character) {
                return start + at;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The line starting at `start`, without its line break.
    pub fn line_text(&self, start: usize) -> &'a str {
        let rest = &self.text[start.min(self.text.len())..];
        rest.find(['\n', '\r']).map_or(rest, |end| &rest[..end])
    }

    /// Where the line holding byte `offset` starts.
    pub fn line_start(&self, offset: usize) -> usize {
        let line = self.starts.partition_point(|&start| start <= offset).saturating_sub(1);
        self.starts.get(line).copied().unwrap_or(0)
    }
}

fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn usize_of(n: u32) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        let text = "ab\n s𝄞é x\r\nlast";
        let lines = Lines::new(text);
        let x = text.find('x').unwrap_or_default();
        assert_eq!(lines.position(x), Position { line: 1, character: 6 });
        assert_eq!(lines.offset(Position { line: 1, character: 6 }), x);
        assert_eq!(lines.position(text.len()), Position { line: 2, character: 4 });
        assert_eq!(lines.offset(Position { line: 1, character: 99 }), text.find('\r').unwrap_or_default());
        assert_eq!(lines.offset(Position { line: 9, character: 0 }), text.len());
    }
}
