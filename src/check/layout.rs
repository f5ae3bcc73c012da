//! Pass: sections and where statements stand. Reports unknown sections, statements in the wrong
//! place, statements written twice and lines the grammar could not read.

use std::collections::BTreeMap;

use super::diagnostic::{suggest, Diagnostic};
use super::forms::{self, allowed_in, form_of, home, SECTIONS};
use super::{Checker, Sections};
use crate::ast::{Item, RuleFile, Span, Statement, StatementKind};

impl Checker {
    pub(super) fn layout<'f>(&mut self, file: &'f RuleFile) -> Sections<'f> {
        let mut sections = Sections::default();
        let mut seen_sections: BTreeMap<&str, Span> = BTreeMap::new();
        for item in &file.items {
            match item {
                Item::Statement(statement) => {
                    if self.placed(statement, None) {
                        sections.top.push(statement);
                    }
                }
                Item::Section(section) => {
                    let name = section.name.name.as_str();
                    let Some(&known) = SECTIONS.iter().find(|s| **s == name) else {
                        self.push(
                            Diagnostic::error(
                                "unknown_section",
                                format!("there is no section called `{name}`"),
                                section.name.span,
                                "unknown section",
                            )
                            .with_help(suggest(name, SECTIONS)),
                        );
                        continue;
                    };
                    let statements: Vec<&Statement> = section.statements.iter().filter(|s| self.placed(s, Some(known))).collect();
                    if known == "capture" {
                        sections.captures.push((section.name.span, statements));
                        continue;
                    }
                    if let Some(first) = seen_sections.get(known) {
                        self.push(
                            Diagnostic::error(
                                "duplicate_section",
                                format!("the `{known}` section is written twice"),
                                section.name.span,
                                "second one",
                            )
                            .with_label(*first, "first one")
                            .with_help("put all its statements in one section"),
                        );
                    } else {
                        seen_sections.insert(known, section.name.span);
                        sections.spans.insert(known, section.name.span);
                    }
                    sections.named.entry(known).or_default().extend(statements);
                }
            }
        }
        for statements in sections.named.values() {
            self.duplicates(statements);
        }
        self.duplicates(&sections.top);
        for (_, statements) in &sections.captures {
            self.duplicates(statements);
        }
        sections
    }

    /// Whether `statement` may stand in `section`; reports it when not.
    fn placed(&mut self, statement: &Statement, section: Option<&'static str>) -> bool {
        let Some(form) = form_of(&statement.kind) else {
            if let StatementKind::Unparsed(text) = &statement.kind {
                self.unreadable(text, statement.span);
            }
            return false;
        };
        if allowed_in(form, section) {
            return true;
        }
        let here = match section {
            Some(s) => format!("in `{s}`"),
            None => "outside any section".to_string(),
        };
        self.push(
            Diagnostic::error("misplaced_statement", format!("`{}` does not belong {here}", form.keyword), statement.span, "misplaced")
                .with_help(format!("move it into {}", home(form))),
        );
        false
    }

    fn unreadable(&mut self, text: &str, span: Span) {
        let trimmed = text.trim();
        if trimmed.ends_with('{') {
            let name = trimmed.trim_end_matches('{').trim();
            self.push(
                Diagnostic::error("unclosed_section", format!("the section `{name}` is never closed"), span, "opened here")
                    .with_help("end the section with a line holding just `}`"),
            );
            return;
        }
        if trimmed == "}" {
            self.push(
                Diagnostic::error("unmatched_brace", "this `}` closes no section", span, "nothing to close")
                    .with_help("remove it, or open the section with `name {`"),
            );
            return;
        }
        let help = match forms::guess(trimmed) {
            Some(form) => format!("this looks like a `{}` statement, which is written: {}", form.keyword, form.example),
            None => "each line is one statement, such as `size 2 x 6`; see docs/language.md for every statement".to_string(),
        };
        self.push(Diagnostic::error("unreadable_line", "this line cannot be read", span, "not a statement").with_help(help));
    }

    /// Reports statements that may appear once but appear again.
    fn duplicates(&mut self, statements: &[&Statement]) {
        let mut first: BTreeMap<String, Span> = BTreeMap::new();
        for statement in statements {
            let key = match &statement.kind {
                StatementKind::Source(_) | StatementKind::Ruling { .. } | StatementKind::Option { .. } => continue,
                StatementKind::Seeds { .. } | StatementKind::When { .. } => continue,
                StatementKind::Owns { player, .. } => format!("{} owns", player.name),
                kind => match form_of(kind) {
                    Some(form) => form.keyword.to_string(),
                    None => continue,
                },
            };
            if let Some(earlier) = first.get(&key) {
                self.push(
                    Diagnostic::error("duplicate_statement", format!("`{key}` is said twice"), statement.span, "said again here")
                        .with_label(*earlier, "first said here")
                        .with_help("keep one of the two"),
                );
            } else {
                first.insert(key, statement.span);
            }
        }
    }
}
