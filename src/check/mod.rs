//! Spanned AST → [`Checked`] game, or every problem of the file at once.
//!
//! Small passes each push into one sink of diagnostics and never stop at the first problem:
//! [`layout`] (sections, placement, duplicates, unreadable lines), [`options`] (option
//! declarations and the values that use them), [`board`], [`predicate`] and [`play`] (the rules
//! of a turn and of the end). Diagnostics come back sorted by position.

mod board;
mod diagnostic;
mod forms;
mod layout;
pub mod model;
mod options;
mod play;
mod predicate;

use std::collections::BTreeMap;

pub use diagnostic::{did_you_mean, Diagnostic};
pub use forms::{FORMS, SECTIONS};
use model::Model;

use crate::ast::{RuleFile, Span, Statement};

/// A rule file that passed every check. Only a `Checked` can be compiled.
#[derive(Clone, Debug)]
pub struct Checked {
    pub model: Model,
    /// Problems that do not stop the file from running.
    pub warnings: Vec<Diagnostic>,
}

/// Checks a parsed rule file (`source` is its text, for the conditions quoted in results). On failure the list holds every error and warning, sorted by span.
pub fn check(file: &RuleFile, source: &str) -> Result<Checked, Vec<Diagnostic>> {
    let mut checker = Checker { source: source.to_string(), ..Checker::default() };
    let sections = checker.layout(file);
    checker.options(&sections);
    let model = checker.model(&sections);
    let mut diagnostics = checker.diagnostics;
    diagnostics.sort_by_key(|d| (d.span(), d.code));
    match model {
        Some(model) if !diagnostics.iter().any(Diagnostic::is_error) => Ok(Checked { model, warnings: diagnostics }),
        _ => Err(diagnostics),
    }
}

/// The statements of a file grouped by where they stand: `None` for the top level, else the
/// section's name. Capture sections stay separate: each one is a capture rule.
#[derive(Default)]
struct Sections<'f> {
    top: Vec<&'f Statement>,
    named: BTreeMap<&'static str, Vec<&'f Statement>>,
    /// Span of each named section's header, for "missing statement" diagnostics.
    spans: BTreeMap<&'static str, Span>,
    captures: Vec<(Span, Vec<&'f Statement>)>,
}

impl<'f> Sections<'f> {
    fn of(&self, section: &str) -> &[&'f Statement] {
        self.named.get(section).map(Vec::as_slice).unwrap_or(&[])
    }
}

#[derive(Default)]
struct Checker {
    source: String,
    diagnostics: Vec<Diagnostic>,
    options: Vec<model::OptionDef>,
    /// Options used somewhere, by index into `options`.
    used_options: Vec<bool>,
}

impl Checker {
    fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }
}
