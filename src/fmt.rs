//! The canonical layout of a rule file, for `mancala fmt`.
//!
//! The parsed tree gives the file's structure (sections, statements and their spans); the text
//! between the spans gives the comments and blank lines, which the tree does not hold. Each
//! statement is written on a line of its own with its words as written, one space between them
//! (none inside `{2, 4}`, `(…)` or `1..8`, none before `,` or `:`); section contents are indented
//! 4 spaces; runs of blank lines become one, and a section's `}` is followed by one; a trailing
//! comment stays on its line, aligned with those of the lines around it (see
//! [`comment_columns`]). A file with a line the grammar cannot read is refused, not guessed at,
//! and a layout that would read differently from the original is refused too (a bug, never
//! written).

use crate::ast::{Item, RuleFile, Section, Span, Statement, StatementKind};
use crate::diagnostic::Diagnostic;

/// The column (counted from 0) where trailing comments start at the earliest; see
/// [`comment_columns`]. Of the 128 trailing comments of the shipped rule files before `fmt`
/// existed, that rule left 76 where they were (the files were not consistent); a fixed column
/// 44 with long lines on their own left 74, one column per block with no exceptions 69.
pub const COMMENT_COLUMN: usize = 44;

/// The longest line (indentation included) that joins its block's column of comments.
const ALIGNED_WIDTH: usize = 48;

/// The spaces between the longest line of a block and its comments.
const COMMENT_GAP: usize = 3;

/// The indentation of one level (a section's statements and comments).
const INDENT: &str = "    ";

/// Why a file was not formatted.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The file cannot be parsed at all (nesting too deep for a safe parse).
    #[error("the file cannot be read: {0}")]
    Parse(Diagnostic),
    /// Lines the grammar cannot read (unparsed statements, sections left open), by their spans.
    #[error("{} line{} cannot be read", .0.len(), if .0.len() == 1 { "" } else { "s" })]
    Unreadable(Vec<Span>),
    /// A bug: the layout lost something or would read differently from the original.
    #[error("internal error: {0} (this is a bug in mancala, not in your file: please report it with the file)")]
    Internal(String),
}

/// The file in its canonical layout. Refused when a line cannot be read; the result always
/// parses to the same syntax tree as `source`, spans aside, with the same comments in the same
/// order; formatting it again changes nothing (`tests/fmt.rs` holds it to that).
pub fn format(source: &str) -> Result<String, FormatError> {
    let file = crate::syntax::parse(source).map_err(FormatError::Parse)?;
    let unreadable = unparsed_spans(&file);
    if !unreadable.is_empty() {
        return Err(FormatError::Unreadable(unreadable));
    }
    let pieces = pieces(&file, source)?;
    let lines = lay_out(&pieces, source)?;
    let text = render(&lines);
    let again = crate::syntax::parse(&text).map_err(|d| FormatError::Internal(format!("the formatted file cannot be read: {d}")))?;
    if file != again {
        return Err(FormatError::Internal("the formatted file would read differently".to_string()));
    }
    if comments(source) != comments(&text) {
        return Err(FormatError::Internal("the formatted file would lose or change a comment".to_string()));
    }
    Ok(text)
}

/// The texts of a file's comments, in order (each from `//` to its line's end, trailing spaces
/// cut): what formatting must keep. Strings are passed over (`"… //Hus"` holds no comment).
pub fn comments(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in source.split(['\n', '\r']) {
        let mut in_string = false;
        for (at, c) in line.char_indices() {
            match c {
                '"' => in_string = !in_string,
                '/' if !in_string && line[at..].starts_with("//") => {
                    found.push(line[at..].trim_end().to_string());
                    break;
                }
                _ => {}
            }
        }
    }
    found
}

/// The spans of the lines the grammar could not read.
fn unparsed_spans(file: &RuleFile) -> Vec<Span> {
    let unparsed = |s: &Statement| matches!(s.kind, StatementKind::Unparsed(_)).then_some(s.span);
    file.items
        .iter()
        .flat_map(|item| match item {
            Item::Statement(statement) => unparsed(statement).into_iter().collect::<Vec<_>>(),
            Item::Section(section) => section.statements.iter().filter_map(unparsed).collect(),
        })
        .collect()
}

/// One thing of the file's structure that starts a line of its own in the layout.
struct Piece {
    /// Where it stands in the source.
    span: Span,
    /// Its text in the layout, without indentation.
    text: String,
    /// 0 at the top level, 1 inside a section.
    depth: usize,
}

/// The file's pieces in source order: top-level statements, and for each section its header
/// (`name if … {`), its statements and its `}`.
fn pieces(file: &RuleFile, source: &str) -> Result<Vec<Piece>, FormatError> {
    let mut pieces = Vec::new();
    for item in &file.items {
        match item {
            Item::Statement(statement) => pieces.push(statement_piece(statement, source, 0)),
            Item::Section(section) => section_pieces(section, source, &mut pieces)?,
        }
    }
    Ok(pieces)
}

fn statement_piece(statement: &Statement, source: &str, depth: usize) -> Piece {
    Piece { span: statement.span, text: normalise(statement.span.text(source)), depth }
}

fn section_pieces(section: &Section, source: &str, pieces: &mut Vec<Piece>) -> Result<(), FormatError> {
    let missing = |what: &str| FormatError::Internal(format!("the section `{}` has no {what}", section.name.name));
    let after_header = section.guard.as_ref().map_or(section.name.span, |guard| guard.span).end;
    let open = source
        .get(after_header as usize..section.span.end as usize)
        .and_then(|rest| rest.find('{'))
        .and_then(|at| u32::try_from(at).ok())
        .map(|at| after_header + at)
        .ok_or_else(|| missing("`{`"))?;
    let header = Span { start: section.span.start, end: open };
    let brace = Span { start: open, end: open + 1 };
    pieces.push(Piece { span: header.to(brace), text: format!("{} {{", normalise(header.text(source))), depth: 0 });
    pieces.extend(section.statements.iter().map(|statement| statement_piece(statement, source, 1)));
    let close = Span { start: section.span.end.saturating_sub(1), end: section.span.end };
    if close.text(source) != "}" {
        return Err(missing("`}`"));
    }
    pieces.push(Piece { span: close, text: "}".to_string(), depth: 0 });
    Ok(())
}

/// A statement's words with one space between them: none after `(` and `{`, none before `)`,
/// `}`, `,` and `:`, none around `..`. Quoted texts are kept as written.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut glue_next = true;
    for token in tokens(text) {
        let glue = glue_next || matches!(token, ")" | "}" | "," | ":" | "..");
        if !glue {
            out.push(' ');
        }
        out.push_str(token);
        glue_next = matches!(token, "(" | "{" | "..");
    }
    out
}

/// The tokens of a statement: quoted texts, words (name characters), two-character operators
/// and single characters; spaces and tabs separate them.
fn tokens(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let length = match c {
            ' ' | '\t' => {
                rest = &rest[1..];
                continue;
            }
            '"' => rest[1..].find('"').map_or(rest.len(), |end| end + 2),
            c if is_name_char(c) => rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len()),
            _ if ["<=", ">=", "!=", ".."].iter().any(|op| rest.starts_with(op)) => 2,
            c => c.len_utf8(),
        };
        tokens.push(&rest[..length]);
        rest = &rest[length..];
    }
    tokens
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '\'')
}

/// One line of the layout.
#[derive(Debug, PartialEq)]
enum Line {
    Blank,
    /// A piece or a whole-line comment (`code` empty), with its trailing comment.
    Text {
        depth: usize,
        code: String,
        comment: Option<String>,
    },
}

impl Line {
    fn is_close(&self) -> bool {
        matches!(self, Line::Text { depth: 0, code, .. } if code == "}")
    }

    fn is_open(&self) -> bool {
        matches!(self, Line::Text { depth: 0, code, .. } if code.ends_with('{'))
    }
}

/// The lines of the layout: the pieces, with the comments and blank lines of the text between them.
fn lay_out(pieces: &[Piece], source: &str) -> Result<Vec<Line>, FormatError> {
    let mut layout = Layout::default();
    let mut at = 0;
    for piece in pieces {
        layout.gap(source.get(at..piece.span.start as usize).unwrap_or(""))?;
        layout.piece(piece);
        at = piece.span.end as usize;
    }
    layout.gap(source.get(at..).unwrap_or(""))?;
    Ok(layout.finish())
}

/// The lines laid out so far.
#[derive(Default)]
struct Layout {
    lines: Vec<Line>,
    /// Something was written on the source line being read: a comment now trails it.
    line_open: bool,
    /// Inside a section.
    depth: usize,
}

impl Layout {
    fn piece(&mut self, piece: &Piece) {
        self.lines.push(Line::Text { depth: piece.depth, code: piece.text.clone(), comment: None });
        self.line_open = true;
        self.depth = match piece.text.as_str() {
            "}" => 0,
            text if piece.depth == 0 && text.ends_with('{') => 1,
            _ => self.depth,
        };
    }

    /// The text between two pieces: spaces, line ends and comments only (anything else is a bug).
    fn gap(&mut self, gap: &str) -> Result<(), FormatError> {
        let mut rest = gap;
        while let Some(c) = rest.chars().next() {
            match c {
                // A line ends at `\n`, `\r\n` or a lone `\r`, as the grammar has it.
                '\r' if rest.starts_with("\r\n") => {}
                '\n' | '\r' => self.line_end(),
                ' ' | '\t' => {}
                '/' if rest.starts_with("//") => {
                    let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
                    self.comment(rest[..end].trim_end());
                    rest = &rest[end..];
                    continue;
                }
                c => return Err(FormatError::Internal(format!("unexpected `{c}` between statements"))),
            }
            rest = &rest[c.len_utf8()..];
        }
        Ok(())
    }

    fn line_end(&mut self) {
        if !self.line_open && !matches!(self.lines.last(), None | Some(Line::Blank)) {
            self.lines.push(Line::Blank);
        }
        self.line_open = false;
    }

    fn comment(&mut self, text: &str) {
        if let (true, Some(Line::Text { comment: trailing @ None, .. })) = (self.line_open, self.lines.last_mut()) {
            *trailing = Some(text.to_string());
        } else {
            self.lines.push(Line::Text { depth: self.depth, code: String::new(), comment: Some(text.to_string()) });
        }
        self.line_open = true;
    }

    /// The lines without blank lines at either end, just inside a section's braces, and with
    /// one after each section.
    fn finish(self) -> Vec<Line> {
        let mut lines: Vec<Line> = Vec::with_capacity(self.lines.len());
        for line in self.lines {
            let after_close = lines.last().is_some_and(Line::is_close);
            match line {
                Line::Blank if lines.last().is_some_and(Line::is_open) => {}
                Line::Blank => lines.push(Line::Blank),
                line if line.is_close() && lines.last() == Some(&Line::Blank) => {
                    lines.pop();
                    lines.push(line);
                }
                line => {
                    if after_close {
                        lines.push(Line::Blank);
                    }
                    lines.push(line);
                }
            }
        }
        while lines.last() == Some(&Line::Blank) {
            lines.pop();
        }
        lines
    }
}

/// The text of the lines, trailing comments aligned, ending with one newline (an empty file
/// stays empty).
fn render(lines: &[Line]) -> String {
    let columns = comment_columns(lines);
    let mut out = String::new();
    for (line, column) in lines.iter().zip(columns) {
        if let Line::Text { depth, code, comment } = line {
            let mut text = INDENT.repeat(*depth);
            text.push_str(code);
            if let Some(comment) = comment {
                if !code.is_empty() {
                    let width = text.chars().count();
                    text.push_str(&" ".repeat(column.saturating_sub(width).max(1)));
                }
                text.push_str(comment);
            }
            out.push_str(&text);
        }
        out.push('\n');
    }
    out
}

/// The width of a line's code when it has a trailing comment.
fn commented_width(line: &Line) -> Option<usize> {
    match line {
        Line::Text { depth, code, comment: Some(_) } if !code.is_empty() => Some(depth * INDENT.len() + code.chars().count()),
        _ => None,
    }
}

/// For each line, the column of its trailing comment. Consecutive lines with trailing comments
/// form a block, whose comments share one column: [`COMMENT_GAP`] spaces after its longest line,
/// at least [`COMMENT_COLUMN`]. A line longer than [`ALIGNED_WIDTH`] stays out of its block's
/// column and puts its comment [`COMMENT_GAP`] spaces after itself.
fn comment_columns(lines: &[Line]) -> Vec<usize> {
    let mut columns = vec![0; lines.len()];
    let mut start = 0;
    while start < lines.len() {
        let end = (start..lines.len()).find(|&i| commented_width(&lines[i]).is_none()).unwrap_or(lines.len());
        let widths: Vec<usize> = lines[start..end].iter().filter_map(commented_width).collect();
        let longest = widths.iter().copied().filter(|&w| w <= ALIGNED_WIDTH).max().unwrap_or(0);
        let column = COMMENT_COLUMN.max(longest + COMMENT_GAP);
        for (at, width) in (start..end).zip(widths) {
            columns[at] = if width <= ALIGNED_WIDTH { column } else { width + COMMENT_GAP };
        }
        start = end + 1;
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_get_one_space_and_punctuation_none() {
        assert_eq!(normalise("when  count in { 2 , 4 } ,leftover\tto owner"), "when count in {2, 4}, leftover to owner");
        assert_eq!(normalise("option x : 1 .. 3 = 2"), "option x: 1..3 = 2");
        assert_eq!(normalise("when ( count>=2 )"), "when (count >= 2)");
        assert_eq!(normalise(r#"game   "a  //  b""#), r#"game "a  //  b""#);
    }

    #[test]
    fn comments_skip_strings() {
        assert_eq!(comments("source \"x //y\"  // z  \n// w\n"), ["// z", "// w"]);
    }
}
