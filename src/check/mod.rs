//! Spanned AST → [`Checked`] game, or every problem of the file at once, each with its [`Code`].
//!
//! Small passes each push into one sink of diagnostics and never stop at the first problem:
//! [`layout`] (sections, placement, duplicates, unreadable lines), [`options`] (option
//! declarations and the values that use them), [`board`], [`predicate`], [`capture`] and [`play`]
//! (the rules of a turn and of the end). Diagnostics ([`crate::diagnostic`]) come back sorted by
//! position. A file without errors may then go through the lint stage ([`crate::lint`]), after
//! compile: rules that check clean but cannot work.

mod board;
mod capture;
mod conditions;
mod forms;
mod guards;
mod layout;
pub mod model;
mod options;
mod play;
mod predicate;

use std::collections::{BTreeMap, BTreeSet};

pub use crate::diagnostic::{did_you_mean, Code, Diagnostic};
pub use crate::diagnostic::{json_diagnostics, more_problems, write_json, write_report, write_report_in, Colour, SHOWN};
pub use crate::diagnostic::{SourceFile, LONGEST_SHOWN_LINE, LONGEST_TEXT};
pub use board::row_kinds;
pub use forms::{FORMS, SECTIONS};
use model::Model;

use crate::ast::{Item, RuleFile, Span, Statement};

/// A rule file that passed every check. Only a `Checked` can be compiled.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The game with every option at its default.
    pub model: Model,
    /// Where guards make variants: the game for each combination of the guarded options' values
    /// (option index and value).
    pub variants: Vec<(Vec<(usize, model::OptionValue)>, Model)>,
    /// Problems that do not stop the file from running.
    pub warnings: Vec<Diagnostic>,
}

/// Checks a parsed rule file (`source` is its text, for the conditions quoted in results). On
/// failure the list holds every error and warning, sorted by span. The warnings that reason over
/// the compiled rules or play the start are the lint stage's ([`crate::lint`]), run after this.
pub fn check(file: &RuleFile, source: &str) -> Result<Checked, Vec<Diagnostic>> {
    if file.items.is_empty() {
        return Err(vec![Diagnostic::error(
            Code::EmptyFile,
            "the file holds no rules",
            Span::default(),
            "nothing but blank lines and comments",
        )
        .with_help(
            "a rule file names its game and describes its board; start with\n\ngame \"My game\"\n\nboard {\n    size 2 x 2\n    seeds 7\n}",
        )]);
    }
    let first_item = file.items.first().map(|item| match item {
        Item::Section(section) => section.name.span,
        Item::Statement(statement) => statement.span,
    });
    let mut checker = Checker { source: source.to_string(), first_item, ..Checker::default() };
    let guarded = !guards::all_guards(file).is_empty();
    // With guards, statements that exclude each other may say the same thing: duplicates are
    // judged variant by variant.
    checker.defer_duplicates = guarded;
    let sections = checker.layout(file);
    checker.options(&sections);
    let guard_options = checker.guards(file);
    let (model, variants) = if !guarded {
        (checker.model(&sections), Vec::new())
    } else {
        checker.defer_duplicates = false;
        let defaults: Vec<(usize, model::OptionValue)> =
            guard_options.iter().map(|(i, _)| (*i, checker.options[*i].default.clone())).collect();
        let mut variants = Vec::new();
        let mut default_model = None;
        let mut all_sound = true;
        for variant in guards::variants(&guard_options) {
            checker.variant = variant.clone();
            let sections = checker.layout(file);
            match checker.model(&sections) {
                Some(model) => {
                    if variant == defaults {
                        default_model = Some(model.clone());
                    }
                    variants.push((variant, model));
                }
                None => all_sound = false,
            }
        }
        (default_model.filter(|_| all_sound), variants)
    };
    checker.unused_options();
    checker.unused_conditions();
    let mut diagnostics = checker.diagnostics;
    crate::diagnostic::sort(&mut diagnostics);
    match model {
        Some(model) if !diagnostics.iter().any(Diagnostic::is_error) => Ok(Checked { model, variants, warnings: diagnostics }),
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
    /// Options declared with a mistake already reported: a use of one is not reported again.
    broken_options: Vec<String>,
    /// The sections (`None`: the top level) holding a line that could not be read. They are not
    /// reported for a missing statement: the unreadable line may well be it.
    unreadable_in: BTreeSet<Option<&'static str>>,
    /// The statement forms unreadable lines looked like, for the same reason.
    unreadable_forms: BTreeSet<&'static str>,
    /// Unreadable lines reported so far by this layout pass (see [`layout::DETAILED_UNREADABLE`]).
    unreadable_lines: usize,
    /// The first statement or section of the file, where a missing `game` line would go.
    first_item: Option<Span>,
    /// The variant being checked: the value of each guarded option (none: every guard holds).
    variant: Vec<(usize, model::OptionValue)>,
    /// Leave duplicate statements to the checks of each variant.
    defer_duplicates: bool,
    /// The names of the board's `set`s, in order.
    set_names: Vec<String>,
    /// The names of the `phase`s, in order.
    phase_names: Vec<String>,
    /// The file's named conditions (`condition NAME = …`), in order, each checked once asked.
    conditions: Vec<conditions::Named>,
    /// The named conditions being checked, each asked by the one before.
    asking: Vec<usize>,
    /// The names of the conditions some rule asks, in any variant.
    conditions_used: BTreeSet<String>,
    /// The terms the named conditions have added, written out, to the conditions checked so far.
    written_out: u32,
    /// Whether each player owns two neighbouring rows, so that `outer` and `inner` mean something.
    row_kinds: bool,
    /// The most whole rows a player owns (0 where the owners are not known), so that `own row` is
    /// one row or not.
    rows_each: usize,
    /// The board's size was given but its rows refused: which rows exist is not known.
    rows_unknown: bool,
    /// The board's rows were reported as not making two rows each: uses of `outer` and `inner`
    /// are not reported again.
    rows_reported: bool,
}

impl Checker {
    fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Whether a missing `keyword` statement of `section` may be hidden in an unreadable line.
    fn maybe_unreadable(&self, section: Option<&'static str>, keyword: &str) -> bool {
        (section.is_some() && self.unreadable_in.contains(&section)) || self.unreadable_forms.contains(keyword)
    }
}

#[cfg(test)]
mod tests {
    /// A phase's `until` knows the board's sets and rows: the board is read before the phases.
    #[test]
    fn a_phase_ends_on_the_boards_sets_and_rows() {
        let file = "game \"Stages\"\nboard {\n    size 4 x 4\n    set marked = holes b2 c3\n    seeds 2\n}\n\
                    play {\n    phase first until every hole is (not in marked or empty) or own inner row is empty\n    \
                    phase second\n    start from own hole where phase = first or count >= 2\n}\n\
                    sowing {\n    sow counter-clockwise round own rows\n}\nend {\n    when every hole is empty\n}\n";
        let (checked, diagnostics) = crate::load::check_source("stages", file);
        assert!(checked.is_some(), "{diagnostics:?}");
        assert!(diagnostics.iter().all(|d| !d.is_error()), "{diagnostics:?}");
    }

    /// A board may list several sets of holes, as it may define several by place.
    #[test]
    fn a_board_lists_several_sets() {
        let file = "game \"Sets\"\nboard {\n    size 2 x 4\n    set marked = holes a2 b3\n    set ends = holes a1 b4\n    seeds 2\n}\n\
                    play {\n    start from own hole where in marked or in ends\n}\nend {\n    when every hole is empty\n}\n";
        let (checked, diagnostics) = crate::load::check_source("sets", file);
        assert!(checked.is_some() && diagnostics.is_empty(), "{diagnostics:?}");
    }
}
