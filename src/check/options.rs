//! Pass: option declarations (`option NAME: DOMAIN = DEFAULT`) and every number of the file,
//! which may be written out or name a numeric option.

use super::model::{Num, OptionDef, OptionDomain, OptionValue};
use super::{Checker, Sections};
use crate::ast::{Domain, Ident, StatementKind, Value};
use crate::diagnostic::{did_you_mean, Code, Diagnostic};

/// What a number stands for and the values it may take, for diagnostics.
#[derive(Clone, Copy)]
pub(super) struct Slot {
    pub what: &'static str,
    pub min: u32,
    pub max: u32,
}

impl Checker {
    pub(super) fn options(&mut self, sections: &Sections<'_>) {
        for statement in &sections.top {
            let StatementKind::Option { name, domain, default } = &statement.kind else {
                continue;
            };
            if let Some(earlier) = self.options.iter().find(|o| o.name == name.name) {
                let earlier = earlier.span;
                self.broken_options.push(name.name.clone());
                self.push(
                    Diagnostic::error(
                        Code::DuplicateOption,
                        format!("the option `{}` is declared twice", name.name),
                        name.span,
                        "declared again",
                    )
                    .with_label(earlier, "first declared here")
                    .with_help("keep one declaration"),
                );
                continue;
            }
            let Some(domain) = self.domain(domain) else {
                self.broken_options.push(name.name.clone());
                continue;
            };
            let Some(default_value) = self.option_value(default) else {
                self.broken_options.push(name.name.clone());
                continue;
            };
            if !domain.contains(&default_value) {
                self.push(
                    Diagnostic::error(
                        Code::DefaultOutsideDomain,
                        format!("the default `{default_value}` is not one of the values of `{}`", name.name),
                        default.span(),
                        "not allowed by the option",
                    )
                    .with_help(format!("choose the default among `{}`", domain.describe())),
                );
                self.broken_options.push(name.name.clone());
                continue;
            }
            self.options.push(OptionDef { name: name.name.clone(), domain, default: default_value, span: name.span });
        }
        self.used_options = vec![false; self.options.len()];
    }

    fn domain(&mut self, domain: &Domain) -> Option<OptionDomain> {
        match domain {
            Domain::Range { low, high } => {
                let (low_value, high_value) = (self.option_value(low), self.option_value(high));
                if low_value.is_none() || high_value.is_none() {
                    // A number too large, reported already.
                    return None;
                }
                let (Some(OptionValue::Number(l)), Some(OptionValue::Number(h))) = (low_value, high_value) else {
                    self.push(
                        Diagnostic::error(
                            Code::BadRange,
                            "a range of option values needs a number at each end",
                            low.span().to(high.span()),
                            "not two numbers",
                        )
                        .with_help("write it like `2..9`, or list words like `on | off`"),
                    );
                    return None;
                };
                if l > h {
                    self.push(
                        Diagnostic::error(
                            Code::BadRange,
                            format!("the range {l}..{h} is empty"),
                            low.span().to(high.span()),
                            "the low end is above the high end",
                        )
                        .with_help(format!("write the low end first: `{h}..{l}`")),
                    );
                    return None;
                }
                Some(OptionDomain::Range { low: l, high: h })
            }
            Domain::List(values) => {
                // Each value checked (and reported) before any failure counts.
                let values: Vec<Option<OptionValue>> = values.iter().map(|v| self.option_value(v)).collect();
                let values: Option<Vec<OptionValue>> = values.into_iter().collect();
                Some(OptionDomain::List(values?))
            }
        }
    }

    /// A value written in an option declaration: a number or a word such as `on`.
    fn option_value(&mut self, value: &Value) -> Option<OptionValue> {
        match value {
            Value::Number(n) => match n.value {
                Some(n) => Some(OptionValue::Number(n)),
                None => {
                    self.push(
                        Diagnostic::error(Code::NumberTooLarge, "this number is too large for an option value", n.span, "too large")
                            .with_help("an option's numbers stand for sizes and counts of stones, none of which comes near this"),
                    );
                    None
                }
            },
            Value::Name(word) => Some(OptionValue::Word(word.name.clone())),
        }
    }

    /// A number in a rule: a literal within `slot`, or a numeric option whose every value is.
    pub(super) fn num(&mut self, value: &Value, slot: Slot) -> Option<Num> {
        match value {
            Value::Number(number) => {
                let (code, message) = match number.value {
                    Some(n) if (slot.min..=slot.max).contains(&n) => return Some(Num::Literal(n)),
                    Some(n) => (Code::OutOfRange, format!("{} cannot be {n}", slot.what)),
                    // Too many digits for any count: say so without repeating them all.
                    None => (Code::NumberTooLarge, format!("this number is far too large for {}", slot.what)),
                };
                self.push(
                    Diagnostic::error(code, message, number.span, format!("must be {}..{}", slot.min, slot.max))
                        .with_help(format!("write a number from {} to {}", slot.min, slot.max)),
                );
                None
            }
            Value::Name(name) => {
                let index = self.option_index(name)?;
                let option = &self.options[index];
                let Some((low, high)) = option.domain.numeric_bounds() else {
                    let d = Diagnostic::error(
                        Code::NotANumber,
                        format!("the option `{}` is not a number", name.name),
                        name.span,
                        format!("{} must be a number", slot.what),
                    )
                    .with_label(option.span, format!("its values are {}", option.domain.describe()))
                    .with_help("use a number here, or give the option numbers as values");
                    self.push(d);
                    return None;
                };
                if low < slot.min || high > slot.max {
                    let d = Diagnostic::error(
                        Code::OutOfRange,
                        format!("the option `{}` allows values that {} cannot take", name.name, slot.what),
                        name.span,
                        format!("must be {}..{}", slot.min, slot.max),
                    )
                    .with_label(option.span, format!("allows {}", option.domain.describe()))
                    .with_help(format!("keep the option's values within {}..{}", slot.min, slot.max));
                    self.push(d);
                    return None;
                }
                Some(Num::Option(index))
            }
        }
    }

    /// Marks the option `name`, if there is one, as used.
    pub(super) fn mark_used(&mut self, name: &str) {
        if let Some(index) = self.options.iter().position(|o| o.name == name) {
            self.used_options[index] = true;
        }
    }

    /// The index of the option `name` refers to, reported when there is none.
    fn option_index(&mut self, name: &Ident) -> Option<usize> {
        if let Some(index) = self.options.iter().position(|o| o.name == name.name) {
            self.used_options[index] = true;
            return Some(index);
        }
        if self.broken_options.contains(&name.name) {
            // Its declaration is reported already.
            return None;
        }
        let close = did_you_mean(&name.name, self.options.iter().map(|o| o.name.as_str())).map(str::to_string);
        let help = match (close, number_word(&name.name)) {
            (_, Some(n)) => format!("write numbers in digits: `{n}`"),
            (Some(close), None) => {
                // The option is used, misspelt: not "unused" too.
                self.mark_used(&close);
                format!("did you mean the option `{close}`?")
            }
            (None, None) if self.options.is_empty() => {
                format!(
                    "write a number, or declare `{}` as an option at the top of the file, e.g. `option {}: 1..9 = 4`",
                    name.name, name.name
                )
            }
            (None, None) => format!(
                "write a number, or one of the options: {}",
                self.options.iter().map(|o| format!("`{}`", o.name)).collect::<Vec<_>>().join(", ")
            ),
        };
        self.push(
            Diagnostic::error(Code::UnknownName, format!("`{}` is neither a number nor an option", name.name), name.span, "unknown name")
                .with_help(help),
        );
        None
    }

    /// Warns about options that nothing uses.
    pub(super) fn unused_options(&mut self) {
        let unused: Vec<(String, crate::ast::Span, bool)> = self
            .options
            .iter()
            .zip(&self.used_options)
            .filter(|(_, used)| !**used)
            .map(|(o, _)| (o.name.clone(), o.span, o.domain.numeric_bounds().is_some()))
            .collect();
        for (name, span, numeric) in unused {
            let help = if numeric {
                format!("write `{name}` in a rule in place of a number, or remove the option")
            } else {
                format!("make a section or statement depend on it with a guard, e.g. `capture if {name} = …`, or remove it")
            };
            self.push(
                Diagnostic::warning(Code::UnusedOption, format!("the option `{name}` is never used"), span, "declared here")
                    .with_help(help),
            );
        }
    }
}

/// The number a word like `four` names, for a number written in letters.
fn number_word(word: &str) -> Option<u32> {
    const WORDS: &str = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen \
                         seventeen eighteen nineteen twenty";
    WORDS.split_whitespace().position(|w| w.eq_ignore_ascii_case(word)).and_then(|n| u32::try_from(n).ok())
}
