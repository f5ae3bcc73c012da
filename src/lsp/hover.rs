//! Hover: over a statement's leading words, how the form is written and where it belongs; over a
//! hole label, whose row it is in and which column.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use super::context::{columns, describe_hole, form_at, home, words};
use super::position::Lines;
use super::Document;
use crate::check::FORMS;
use crate::{parse_label, row_letter};

/// What to show at `position` of `document`, if anything.
pub fn hover(document: &Document, position: Position) -> Option<Hover> {
    let lines = Lines::new(&document.text);
    let offset = lines.offset(position);
    let start = lines.line_start(offset);
    let line = lines.line_text(start);
    let words = words(line);
    let at = offset - start;
    let index = words.iter().position(|(s, w)| (*s..=s + w.len()).contains(&at))?;
    let text = form_text(&words, index).or_else(|| hole_text(document, words.get(index)?.1))?;
    Some(Hover { contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: text }), range: None })
}

fn form_text(words: &[(usize, &str)], index: usize) -> Option<String> {
    let form = FORMS.get(form_at(words, index)?)?;
    Some(format!("**`{}`**, in {}\n\nWritten like {}", form.keyword, home(form.keyword, form.section), form.examples()))
}

fn hole_text(document: &Document, word: &str) -> Option<String> {
    let label = word.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    let (row, column) = parse_label(label)?;
    let Some(model) = &document.model else {
        return Some(format!("`{label}`: row {}, column {column} (whose row it is shows once the file checks)", row_letter(row)));
    };
    let columns = columns(model).unwrap_or(0);
    if row >= model.board.rows || column > columns {
        return Some(format!("`{label}`: not a hole of this {} x {columns} board", model.board.rows));
    }
    Some(format!("`{label}`: {}", describe_hole(model, row, column, columns)))
}
