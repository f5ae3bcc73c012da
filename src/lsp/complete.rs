//! Completion: the statements that may stand in the section the cursor is in (the sections
//! themselves at the top level), and the board's hole labels, options, hole sets and named
//! conditions when the file has checked.

use lsp_types::{CompletionItem, CompletionItemKind, Position};

use super::context::{allowed_in, hole_labels, section_at};
use super::position::Lines;
use super::Document;
use crate::check::{FORMS, SECTIONS};

/// What may be written at `position` of `document`.
pub fn complete(document: &Document, position: Position) -> Vec<CompletionItem> {
    let lines = Lines::new(&document.text);
    let section = section_at(&document.text, lines.offset(position));
    let section = section.as_deref();
    let mut items: Vec<CompletionItem> = FORMS
        .iter()
        .filter(|form| allowed_in(form.keyword, form.section, section))
        .map(|form| item(form.keyword, CompletionItemKind::KEYWORD, form.example_in(section)))
        .collect();
    if section.is_none() {
        items.extend(SECTIONS.iter().map(|name| item(name, CompletionItemKind::MODULE, &format!("{name} {{ … }}"))));
    }
    if let Some(model) = &document.model {
        items
            .extend(model.options.iter().map(|o| item(&o.name, CompletionItemKind::VARIABLE, &format!("option: {}", o.domain.describe()))));
        items.extend(model.board.sets.iter().map(|s| item(&s.name, CompletionItemKind::CONSTANT, "hole set")));
        items.extend(model.conditions.iter().map(|name| item(name, CompletionItemKind::CONSTANT, "named condition")));
        items.extend(hole_labels(model).iter().map(|(label, detail)| item(label, CompletionItemKind::VALUE, detail)));
    }
    items
}

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem { label: label.to_string(), kind: Some(kind), detail: Some(detail.to_string()), ..CompletionItem::default() }
}
