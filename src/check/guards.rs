//! Pass: guards (`trade if trade = on { … }`, `seeds 3 in a1 if heads = 1`). A guard names an
//! option with a list of values and one of those values; what it guards applies only when the
//! option has that value. The checker then checks the file once for every combination of the
//! guarded options' values, so each variant of the game is known to be sound.

use super::model::{OptionDomain, OptionValue};
use super::Checker;
use crate::ast::{Guard, Item, RuleFile, Value};
use crate::diagnostic::{did_you_mean, Code, Diagnostic};

/// The most variants guards may create.
const MAX_VARIANTS: usize = 64;

/// For each option a guard names: its index and the values it can take.
pub(super) type GuardOptions = Vec<(usize, Vec<OptionValue>)>;

/// Every guard of the file, with whether it stands at the top level (where guards are not allowed).
pub(super) fn all_guards(file: &RuleFile) -> Vec<(&Guard, bool)> {
    let mut guards = Vec::new();
    for item in &file.items {
        match item {
            Item::Section(section) => {
                guards.extend(section.guard.iter().map(|g| (g, false)));
                guards.extend(section.statements.iter().filter_map(|s| s.guard.as_ref()).map(|g| (g, false)));
            }
            Item::Statement(statement) => guards.extend(statement.guard.iter().map(|g| (g, true))),
        }
    }
    guards
}

/// The value a guard compares with, as an option value.
fn guard_value(value: &Value) -> Option<OptionValue> {
    match value {
        Value::Number(n) => n.value.map(OptionValue::Number),
        Value::Name(word) => Some(OptionValue::Word(word.name.clone())),
    }
}

impl Checker {
    /// Checks every guard and returns the options they name, with their values.
    pub(super) fn guards(&mut self, file: &RuleFile) -> GuardOptions {
        let mut named: GuardOptions = Vec::new();
        for (guard, top_level) in all_guards(file) {
            if top_level {
                self.push(
                    Diagnostic::error(
                        Code::MisplacedGuard,
                        "a statement outside the sections cannot depend on an option",
                        guard.span,
                        "not here",
                    )
                    .with_help("guard a section (`trade if trade = on {`) or a statement inside one"),
                );
                continue;
            }
            let name = &guard.option.name;
            let Some(index) = self.options.iter().position(|o| o.name == *name) else {
                if self.broken_options.contains(name) {
                    continue;
                }
                let close = did_you_mean(name, self.options.iter().map(|o| o.name.as_str())).map(str::to_string);
                if let Some(index) = close.as_ref().and_then(|c| self.options.iter().position(|o| o.name == *c)) {
                    // The option meant is used: it draws no "never used" warning.
                    self.used_options[index] = true;
                }
                let help = match close {
                    Some(close) => format!("did you mean the option `{close}`?"),
                    None => format!("declare it at the top of the file, e.g. `option {name}: on | off = on`"),
                };
                self.push(
                    Diagnostic::error(
                        Code::UnknownName,
                        format!("there is no option called `{name}`"),
                        guard.option.span,
                        "unknown option",
                    )
                    .with_help(help),
                );
                continue;
            };
            self.used_options[index] = true;
            let option = &self.options[index];
            let OptionDomain::List(values) = &option.domain else {
                let d = Diagnostic::error(
                    Code::GuardOnRange,
                    format!("`{name}` takes a range of values: a guard needs an option that lists them"),
                    guard.option.span,
                    "a range",
                )
                .with_label(option.span, format!("takes {}", option.domain.describe()))
                .with_help(format!("list the values instead, e.g. `option {name}: {}`", option.domain.describe().replace("..", " | … | ")));
                self.push(d);
                continue;
            };
            let values = values.clone();
            match guard_value(&guard.value) {
                Some(value) if values.contains(&value) => {}
                _ => {
                    let d = Diagnostic::error(
                        Code::GuardOutsideDomain,
                        format!("`{name}` can never be `{}`", guard.value.span().text(&self.source)),
                        guard.value.span(),
                        "not one of its values",
                    )
                    .with_label(option.span, format!("takes {}", option.domain.describe()))
                    .with_help(format!("compare with one of: {}", option.domain.describe()));
                    self.push(d);
                    continue;
                }
            }
            if !named.iter().any(|(i, _)| *i == index) {
                named.push((index, values));
            }
        }
        let variants: usize = named.iter().map(|(_, values)| values.len()).product();
        if variants > MAX_VARIANTS {
            let span = all_guards(file).first().map(|(g, _)| g.span).unwrap_or_default();
            self.push(
                Diagnostic::error(
                    Code::TooManyVariants,
                    format!("the guards make {variants} variants of the game"),
                    span,
                    "the first guard",
                )
                .with_help(format!("guards may make at most {MAX_VARIANTS} variants; use options as numbers where you can")),
            );
            return Vec::new();
        }
        named
    }

    /// Whether what `guard` guards applies in the variant being checked.
    pub(super) fn active(&self, guard: Option<&Guard>) -> bool {
        let Some(guard) = guard else { return true };
        let Some(index) = self.options.iter().position(|o| o.name == guard.option.name) else { return true };
        match self.variant.iter().find(|(i, _)| *i == index) {
            Some((_, value)) => guard_value(&guard.value).as_ref() == Some(value),
            None => true,
        }
    }
}

/// Every combination of the guarded options' values.
pub(super) fn variants(options: &GuardOptions) -> Vec<Vec<(usize, OptionValue)>> {
    let mut combos: Vec<Vec<(usize, OptionValue)>> = vec![Vec::new()];
    for (index, values) in options {
        combos =
            combos.into_iter().flat_map(|combo| values.iter().map(move |v| [combo.clone(), vec![(*index, v.clone())]].concat())).collect();
    }
    combos
}
