//! What surrounds a place in a document, read from its text alone (so that it works on a file
//! that does not parse yet): the section it is in, the words of its line, the hole it names.

use crate::check::model::{Model, Num, OptionValue};
use crate::check::FORMS;
use crate::row_letter;

/// The section the byte `offset` stands in, by the `name … {` and `}` lines before it.
pub fn section_at(text: &str, offset: usize) -> Option<String> {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let mut section = None;
    for line in before.split(['\n', '\r']) {
        let code = line.split("//").next().unwrap_or(line).trim();
        let opens = code.matches('{').count();
        let closes = code.matches('}').count();
        if code.ends_with('{') {
            section = code.split_whitespace().next().map(str::to_string);
        } else if closes > opens {
            section = None;
        }
    }
    section
}

/// The words of a line (a comment cut off), with where each starts in the line.
pub fn words(line: &str) -> Vec<(usize, &str)> {
    let code = line.split("//").next().unwrap_or(line);
    let mut words = Vec::new();
    let mut start = None;
    for (at, c) in code.char_indices().chain(std::iter::once((code.len(), ' '))) {
        match (start, c.is_whitespace()) {
            (None, false) => start = Some(at),
            (Some(s), true) => {
                words.push((s, &code[s..at]));
                start = None;
            }
            _ => {}
        }
    }
    words
}

/// The index in [`FORMS`] of the statement form whose leading words the word at `index` of
/// `words` is one of (the longest such form: `take in passing` before `take`).
pub fn form_at(words: &[(usize, &str)], index: usize) -> Option<usize> {
    let texts: Vec<&str> = words.iter().map(|(_, w)| w.trim_end_matches(':')).collect();
    let mut best: Option<(usize, usize)> = None;
    for (at, form) in FORMS.iter().enumerate() {
        let keyword: Vec<&str> = form.keyword.split(' ').collect();
        // `south owns …`, `south moves first`, `most stones wins`: the keyword comes later.
        let starts = if matches!(form.keyword, "owns" | "moves first" | "wins") { 1..3 } else { 0..1 };
        for start in starts {
            let end = start + keyword.len();
            if texts.get(start..end) == Some(&keyword[..]) && index < end && best.is_none_or(|(_, n)| keyword.len() > n) {
                best = Some((at, keyword.len()));
            }
        }
    }
    best.map(|(at, _)| at)
}

/// Where a form belongs, in words.
pub fn home(keyword: &str, section: Option<&str>) -> String {
    match (keyword, section) {
        ("when", _) => "a `capture { … }` or `end { … }` section".to_string(),
        (_, Some(section)) => format!("the `{section} {{ … }}` section"),
        (_, None) => "the top of the file, outside any section".to_string(),
    }
}

/// Whether a statement with this keyword may stand in `section`, as the checker has it.
pub fn allowed_in(keyword: &str, home: Option<&str>, section: Option<&str>) -> bool {
    (keyword == "when" && matches!(section, Some("capture" | "end"))) || home == section
}

/// The number of columns of a board, options at their defaults.
pub fn columns(model: &Model) -> Option<usize> {
    let value = match model.board.columns {
        Num::Literal(n) => n,
        Num::Option(index) => match model.options.get(index)?.default {
            OptionValue::Number(n) => n,
            OptionValue::Word(_) => return None,
        },
    };
    usize::try_from(value).ok()
}

/// Every hole label of the board, with whose row it is in: `("a1", "south's row a, column 1")`.
pub fn hole_labels(model: &Model) -> Vec<(String, String)> {
    let columns = columns(model).unwrap_or(0);
    let mut labels = Vec::new();
    for row in 0..model.board.rows {
        for column in 1..=columns {
            labels.push((format!("{}{column}", row_letter(row)), describe_hole(model, row, column, columns)));
        }
    }
    labels
}

/// "south's row a, column 1 of 6".
pub fn describe_hole(model: &Model, row: usize, column: usize, columns: usize) -> String {
    let by_hole = model.board.hole_owner.iter().find(|&&(r, c, _)| (r, c + 1) == (row, column)).map(|&(_, _, p)| p);
    let owner = by_hole.or(model.board.row_owner.get(row).copied()).map_or("nobody", |p| p.name());
    format!("{owner}'s row {}, column {column} of {columns}", row_letter(row))
}
