//! Pass: sections and where statements stand. Reports unknown sections, statements in the wrong
//! place, statements written twice, sections left open and lines the grammar could not read.
//!
//! Each mistake is reported once and then repaired as well as can be guessed, so that it does not
//! drag a train of consequences after it: a misspelt section is read as the section it most likely
//! meant, a misplaced statement counts where it belongs, the statements after a section's header
//! whose `}` is missing belong to that section, and an unreadable line excuses the section it
//! stands in from "missing statement" errors.

use std::collections::{BTreeMap, BTreeSet};

use super::forms::{self, allowed_in, form_of, home, Form, FORMS, SECTIONS};
use super::{Checker, Sections};
use crate::ast::{Item, RuleFile, Span, Statement, StatementKind};
use crate::diagnostic::{did_you_mean, suggest, Code, Diagnostic};

/// Words the grammar never reads as names (see `keyword` in the grammar).
const RESERVED: &[&str] = &["and", "or", "not", "in", "x", "when", "while", "where", "if"];

/// The longest name or number the parser reads.
const LONGEST_NAME: usize = crate::syntax::LONGEST_WORD;

/// How many unreadable lines of a file are reported in full: the statement each looks like (typos
/// too), where reading it stops, and the statements its section holds. Each further one says only
/// that it cannot be read and which statement it starts like, which costs a fraction of the time:
/// only the first [`super::SHOWN`] diagnostics of a file are printed anyway.
pub(super) const DETAILED_UNREADABLE: usize = 1000;

/// Where the statements being read go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    /// Outside any section.
    Top,
    /// A known section other than `capture`.
    Named(&'static str),
    /// The capture section at this index of [`Sections::captures`].
    Capture(usize),
    /// A section nothing can be made of: its statements are not checked.
    Ignored,
}

/// A line that is not a statement but part of the file's structure.
enum Structure<'t> {
    /// `name {`, whose section the grammar could not close.
    Header(&'t str),
    /// `name` alone, where a section was meant to open (the name as written, and the section).
    BareName(&'t str, &'static str),
    /// `}`.
    Close,
}

fn structure(text: &str) -> Option<Structure<'_>> {
    let text = text.trim();
    if text == "}" {
        return Some(Structure::Close);
    }
    if let Some(name) = text.strip_suffix('{').map(str::trim) {
        if !name.is_empty() && !name.contains(char::is_whitespace) {
            return Some(Structure::Header(name));
        }
    }
    // A lone word that is (nearly) a section's name.
    if text.chars().all(|c| c.is_ascii_alphabetic()) {
        return did_you_mean(text, SECTIONS.iter().copied()).map(|section| Structure::BareName(text, section));
    }
    None
}

/// A section whose header was read as a line of its own: the statements after it, up to the next
/// section, belong to it.
struct Open {
    target: Target,
    /// Opened with a bare name: a later `}` closes it.
    without_brace: bool,
}

impl Checker {
    pub(super) fn layout<'f>(&mut self, file: &'f RuleFile) -> Sections<'f> {
        let mut sections = Sections::default();
        self.unreadable_lines = 0;
        // Every section name the file writes, to read a misspelt one as a section it lacks.
        let written: BTreeSet<&str> = file
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Section(section) => Some(section.name.name.as_str()),
                Item::Statement(Statement { kind: StatementKind::Unparsed(text), .. }) => match structure(text) {
                    Some(Structure::Header(name)) => Some(name),
                    _ => None,
                },
                Item::Statement(_) => None,
            })
            .collect();
        // For each item, the index of the first section after it (or the end): where a section
        // left open stops.
        let mut next_section = vec![file.items.len(); file.items.len()];
        for index in (0..file.items.len().saturating_sub(1)).rev() {
            next_section[index] = match file.items[index + 1] {
                Item::Section(_) => index + 1,
                Item::Statement(_) => next_section[index + 1],
            };
        }
        let mut seen: BTreeMap<&'static str, Span> = BTreeMap::new();
        let mut open: Option<Open> = None;
        let mut misplaced: Vec<(&'static Form, &'f Statement)> = Vec::new();
        for (index, item) in file.items.iter().enumerate() {
            match item {
                Item::Section(section) => {
                    open = None;
                    if !self.active(section.guard.as_ref()) {
                        continue;
                    }
                    let target = self.section(&mut sections, &mut seen, &written, &section.name.name, section.name.span);
                    for statement in &section.statements {
                        self.put(&mut sections, target, statement, &mut misplaced);
                    }
                }
                Item::Statement(statement) => {
                    let structure = match &statement.kind {
                        StatementKind::Unparsed(text) => structure(text),
                        _ => None,
                    };
                    match structure {
                        Some(Structure::Header(name)) => {
                            let next = next_section[index];
                            self.unclosed(name, statement.span, &file.items[index + 1..next], file.items.get(next));
                            let target = self.section(&mut sections, &mut seen, &written, name, statement.span);
                            open = Some(Open { target, without_brace: false });
                        }
                        Some(Structure::BareName(written_name, name)) => {
                            let message = match written_name == name {
                                true => format!("the `{name}` section is not opened"),
                                false => format!("`{written_name}` looks like the `{name}` section, misspelt and not opened"),
                            };
                            self.push(
                                Diagnostic::error(Code::MissingBrace, message, statement.span, "no `{` here")
                                    .with_help(format!("write `{name} {{` to open the section; a line holding just `}}` closes it")),
                            );
                            let target = self.section(&mut sections, &mut seen, &written, name, statement.span);
                            open = Some(Open { target, without_brace: true });
                        }
                        Some(Structure::Close) if open.as_ref().is_some_and(|o| o.without_brace) => open = None,
                        Some(Structure::Close) => self.push(
                            Diagnostic::error(Code::UnmatchedBrace, "this `}` closes no section", statement.span, "nothing to close")
                                .with_help("remove it, or open a section before it with `name {`"),
                        ),
                        None => {
                            let target = open.as_ref().map_or(Target::Top, |o| o.target);
                            self.put(&mut sections, target, statement, &mut misplaced);
                        }
                    }
                }
            }
        }
        self.adopt(&mut sections, misplaced);
        for statements in sections.named.values() {
            self.duplicates(statements);
        }
        self.duplicates(&sections.top);
        for (_, statements) in &sections.captures {
            self.duplicates(statements);
        }
        sections
    }

    /// Where the statements of the section called `name` go; reports a name that is no section.
    fn section<'f>(
        &mut self,
        sections: &mut Sections<'f>,
        seen: &mut BTreeMap<&'static str, Span>,
        written: &BTreeSet<&str>,
        name: &str,
        span: Span,
    ) -> Target {
        let known = match SECTIONS.iter().find(|s| **s == name) {
            Some(known) => *known,
            None => {
                self.push(
                    Diagnostic::error(Code::UnknownSection, format!("there is no section called `{name}`"), span, "unknown section")
                        .with_help(suggest(name, SECTIONS)),
                );
                // Read it as the section it most likely meant, unless the file has that one too.
                match did_you_mean(name, SECTIONS.iter().copied()) {
                    Some(meant) if !written.contains(meant) => meant,
                    _ => return Target::Ignored,
                }
            }
        };
        if known == "capture" {
            sections.captures.push((span, Vec::new()));
            return Target::Capture(sections.captures.len() - 1);
        }
        if let Some(first) = seen.get(known) {
            self.push(
                Diagnostic::error(Code::DuplicateSection, format!("the `{known}` section is written twice"), span, "second one")
                    .with_label(*first, "first one")
                    .with_help(format!("put all the statements of `{known}` in one section")),
            );
        } else {
            seen.insert(known, span);
            sections.spans.insert(known, span);
        }
        sections.named.entry(known).or_default();
        Target::Named(known)
    }

    /// Files `statement` under `target` if it may stand there; reports it when not.
    fn put<'f>(
        &mut self,
        sections: &mut Sections<'f>,
        target: Target,
        statement: &'f Statement,
        misplaced: &mut Vec<(&'static Form, &'f Statement)>,
    ) {
        let section = match target {
            Target::Top => None,
            Target::Named(name) => Some(name),
            Target::Capture(_) => Some("capture"),
            Target::Ignored => return,
        };
        // A guard outside the sections is reported (by the guard pass) and has no effect.
        if target != Target::Top && !self.active(statement.guard.as_ref()) {
            return;
        }
        let Some(form) = form_of(&statement.kind) else {
            if let StatementKind::Unparsed(text) = &statement.kind {
                self.unreadable(text, statement.span, section);
            }
            return;
        };
        if allowed_in(form, section) {
            match target {
                Target::Top => sections.top.push(statement),
                Target::Named(name) => sections.named.entry(name).or_default().push(statement),
                Target::Capture(index) => sections.captures[index].1.push(statement),
                Target::Ignored => {}
            }
            return;
        }
        let (here, help) = match (section, form.section) {
            (Some(s), None) => (format!("in `{s}`"), format!("move it to {}", home(form))),
            (Some(s), Some(_)) => (format!("in `{s}`"), format!("move it into {}", home(form))),
            (None, _) => ("outside any section".to_string(), format!("move it into {}", home(form))),
        };
        let belongs = match (form.keyword, form.section) {
            ("when", _) => "belongs in `capture` or `end`".to_string(),
            (_, Some(home)) => format!("belongs in `{home}`"),
            (_, None) => "belongs outside the sections".to_string(),
        };
        self.push(
            Diagnostic::error(Code::MisplacedStatement, format!("`{}` does not belong {here}", form.keyword), statement.span, belongs)
                .with_help(help),
        );
        misplaced.push((form, statement));
    }

    /// Counts each misplaced statement where it belongs, when that place is plain and does not
    /// already say the same, so that moving it is the only fix its report asks for.
    fn adopt<'f>(&mut self, sections: &mut Sections<'f>, misplaced: Vec<(&'static Form, &'f Statement)>) {
        let same =
            |statements: &[&Statement], form: &Form| statements.iter().any(|s| form_of(&s.kind).is_some_and(|f| f.keyword == form.keyword));
        for (form, statement) in misplaced {
            match form.section {
                _ if form.keyword == "when" => {}
                None => {
                    if !same(&sections.top, form) {
                        sections.top.push(statement);
                    }
                }
                Some("capture") => {
                    if let [(_, only)] = sections.captures.as_mut_slice() {
                        if !same(only, form) {
                            only.push(statement);
                        }
                    }
                }
                Some(section) => {
                    let statements = sections.named.entry(section).or_default();
                    if !same(statements, form) {
                        statements.push(statement);
                    }
                }
            }
        }
    }

    /// Reports a section header whose section the grammar could not close. `body` is the lines
    /// after it, up to `next`, the section that follows, if any.
    fn unclosed(&mut self, name: &str, span: Span, body: &[Item], next: Option<&Item>) {
        let mut diagnostic = Diagnostic::error(Code::UnclosedSection, format!("the `{name}` section is never closed"), span, "opened here");
        if let Some(Item::Statement(statement)) = body.last() {
            diagnostic = diagnostic.with_label(statement.span, "its last statement");
        }
        let help = match next {
            Some(Item::Section(section)) => {
                format!("add a line holding just `}}` after its last statement, before `{}` begins", section.name.name)
            }
            _ => "add a line holding just `}` after its last statement".to_string(),
        };
        self.push(diagnostic.with_help(help));
    }

    fn unreadable(&mut self, text: &str, span: Span, section: Option<&'static str>) {
        self.unreadable_in.insert(section);
        let trimmed = text.trim();
        let long = has_long_word(trimmed);
        // The words that tell a statement are at its start: do not read a megabyte line to the end.
        let start = &trimmed[..trimmed.floor_char_boundary(200)];
        self.unreadable_lines += 1;
        let detailed = self.unreadable_lines <= DETAILED_UNREADABLE;
        let guess = if detailed { forms::guess(start) } else { forms::guess_exactly(start) };
        if let Some(form) = guess {
            self.unreadable_forms.insert(form.keyword);
        }
        let help = if long {
            format!("a name or a number has at most {LONGEST_NAME} characters; write a shorter one")
        } else if let Some(form) = guess {
            format!("this looks like a `{}` statement, which is written like {}", form.keyword, form.examples())
        } else if !detailed {
            format!("one of more than {DETAILED_UNREADABLE} lines that cannot be read: each line is one statement")
        } else {
            let examples = |section: Option<&str>| {
                FORMS
                    .iter()
                    .filter(|f| allowed_in(f, section) && f.keyword != "project ruling")
                    .map(|f| format!("`{}`", f.example_in(section)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            match section {
                Some(section) => {
                    format!("each line is one statement; the `{section}` section holds lines like {}", examples(Some(section)))
                }
                None => format!(
                    "each line is one statement; outside the sections go lines like {}, and each rule goes in its section: {}",
                    examples(None),
                    SECTIONS.iter().map(|s| format!("`{s} {{ … }}`")).collect::<Vec<_>>().join(", ")
                ),
            }
        };
        // Point at a word too long, or where reading the line as a statement stops, saying what
        // was expected there; else underline the line. (One label: miette draws a second one on
        // the same line poorly.)
        let long_word = long.then(|| long_word(trimmed)).flatten();
        // Only for a line that looks like a statement: reading another line as one points at
        // nothing useful (`the stones go round` reads as far as `the stones`, like `most stones`).
        let stuck = if long || !detailed { None } else { guess.and_then(|_| crate::syntax::stuck_at(trimmed)) };
        let (span, label) = match stuck {
            Some((at, expected)) => {
                let rest = &trimmed[at..];
                // The word (or the one character) reading stops at.
                let word = match rest.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '\''))) {
                    Some(0) => rest.chars().next().map_or(0, char::len_utf8),
                    Some(end) => end,
                    None => rest.len(),
                };
                let stuck = Span::new(span.start as usize + at, span.start as usize + at + word);
                let stuck_word = &rest[..word];
                if rest.is_empty() {
                    (stuck, format!("the line stops here, where {expected} should follow"))
                } else if RESERVED.iter().any(|r| r.eq_ignore_ascii_case(stuck_word)) {
                    (stuck, format!("`{stuck_word}` is a reserved word, not a name; expected {expected} here"))
                } else {
                    (stuck, format!("expected {expected} here"))
                }
            }
            None => match long_word {
                Some((at, len)) => (Span::new(span.start as usize + at, span.start as usize + at + len), format!("{len} characters")),
                None => (span, "not a statement".to_string()),
            },
        };
        self.push(Diagnostic::error(Code::UnreadableLine, "this line cannot be read", span, label).with_help(help));
    }

    /// Reports statements that may appear once but appear again.
    fn duplicates(&mut self, statements: &[&Statement]) {
        if self.defer_duplicates {
            return;
        }
        let mut first: BTreeMap<String, Span> = BTreeMap::new();
        for statement in statements {
            let key = match &statement.kind {
                // Once per player (docs/language.md): `south owns rows a c`, not two lines.
                StatementKind::Owns { player, .. } => format!("{} owns", player.name),
                StatementKind::PlayerTrack { player, .. } => format!("{} track", player.name),
                kind => match form_of(kind) {
                    Some(form) if !form.may_repeat() => form.keyword.to_string(),
                    _ => continue,
                },
            };
            if let Some(earlier) = first.get(&key) {
                self.push(
                    Diagnostic::error(Code::DuplicateStatement, format!("`{key}` is said twice"), statement.span, "said again here")
                        .with_label(*earlier, "first said here")
                        .with_help("keep one of the two"),
                );
            } else {
                first.insert(key, statement.span);
            }
        }
    }
}

/// Where the first run of name characters longer than a name may be starts in `text`, and its
/// length.
fn long_word(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let is_name = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'\'');
    let mut at = 0;
    while at < bytes.len() {
        let len = bytes[at..].iter().take_while(|b| is_name(b)).count();
        if len > LONGEST_NAME {
            return Some((at, len));
        }
        at += len.max(1);
    }
    None
}

/// Whether `text` has a run of name characters longer than a name or number may be.
fn has_long_word(text: &str) -> bool {
    let mut run = 0;
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'\'') {
            run += 1;
            if run > LONGEST_NAME {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}
