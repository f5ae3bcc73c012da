//! Pass: named conditions. `condition NAME = …`, at the top of a file, names a condition; any
//! condition of the file then asks it by its name, a word a hole can be (`not standing`, `own
//! and standing`). A name stands for its condition written out in its place (`and` inside `and`
//! joined, as the words read), so the engine runs what the long form says. A name is defined
//! once, is none of the language's words, may be asked before or after its line, and may ask
//! other names, but not round a circle.

use super::model::Pred;
use super::play::grouped;
use super::predicate::{is_term_word, Subject};
use super::Checker;
use crate::ast::{CompareOp, Expr, ExprKind, Ident, Statement, StatementKind};
use crate::diagnostic::{Code, Diagnostic};
use crate::parse_label;

/// How many names deep a condition may ask names, as parentheses nest at most this deep.
const DEEPEST: usize = 32;
/// The most terms the named conditions of a file may add, written out, to the file's conditions:
/// far beyond any rule, and a bound on what a few lines naming each other twice can make.
const MOST_WRITTEN_OUT: u32 = 10_000;

/// A `condition NAME = …` line, and what its condition says once asked.
#[derive(Clone, Debug)]
pub(super) struct Named {
    name: Ident,
    condition: Expr,
    state: State,
}

#[derive(Clone, Debug)]
enum State {
    Unasked,
    /// Being checked: asked again meanwhile, it would ask itself.
    Asking,
    /// Checked: `None` where it has errors.
    Known(Option<Pred>),
}

impl Checker {
    /// The file's `condition` lines: each name once, and none a word of the language's conditions.
    pub(super) fn named_conditions(&mut self, top: &[&Statement]) {
        self.conditions.clear();
        self.written_out = 0;
        for statement in top {
            let StatementKind::NamedCondition { name, condition } = &statement.kind else { continue };
            if let Some(first) = self.conditions.iter().find(|n| n.name.name == name.name) {
                let first = first.name.span;
                self.push(
                    Diagnostic::error(
                        Code::DuplicateCondition,
                        format!("the condition `{}` is named twice", name.name),
                        name.span,
                        "named again",
                    )
                    .with_label(first, "first named here")
                    .with_help("keep one of the two lines, or give the second condition another name"),
                );
                continue;
            }
            let label = parse_label(&name.name).is_some();
            if label || is_term_word(&name.name) {
                let taken = if label { "already names a hole" } else { "is already a word of conditions" };
                self.push(
                    Diagnostic::error(Code::ReservedConditionName, format!("`{}` {taken}", name.name), name.span, "taken").with_help(
                        format!(
                            "choose another name for the condition, such as `strong`: `{}` would not say which one a condition means",
                            name.name
                        ),
                    ),
                );
                continue;
            }
            self.conditions.push(Named { name: name.clone(), condition: condition.clone(), state: State::Unasked });
        }
    }

    /// What the named condition `word` says, asked of a hole (`Subject::Hole`) or in an ending:
    /// `None` when `word` names no condition, `Some(None)` when it names one with errors or one
    /// asked where it cannot be (each reported once).
    pub(super) fn named_condition(&mut self, word: &Ident, subject: Subject) -> Option<Option<Pred>> {
        let index = self.conditions.iter().position(|n| n.name.name == word.name)?;
        self.conditions_used.insert(word.name.clone());
        let Some(pred) = self.condition_of(index, word) else {
            // Its errors are reported where they are.
            return Some(None);
        };
        let size = u32::try_from(size(&pred)).unwrap_or(u32::MAX);
        if self.written_out > MOST_WRITTEN_OUT {
            // Reported at the use that went over.
            return Some(None);
        }
        if self.written_out.saturating_add(size) > MOST_WRITTEN_OUT {
            self.push(
                Diagnostic::error(
                    Code::ConditionTooLarge,
                    format!("written out where they are asked, the named conditions come to more than {} terms", grouped(MOST_WRITTEN_OUT)),
                    word.span,
                    format!("`{}` is {} terms", word.name, grouped(size)),
                )
                .with_help("a name stands for its whole condition wherever it is asked: ask each name fewer times, or say the conditions more simply"),
            );
            self.written_out = MOST_WRITTEN_OUT + 1;
            return Some(None);
        }
        self.written_out += size;
        if subject == Subject::Board && asks_a_hole(&pred) && !self.needs_hole(word, &format!("every hole is {}", word.name)) {
            return Some(None);
        }
        Some(Some(pred))
    }

    /// The condition `index` names, checked once (asked by `word`), or `None`, its errors
    /// reported.
    fn condition_of(&mut self, index: usize, word: &Ident) -> Option<Pred> {
        match &self.conditions[index].state {
            State::Known(pred) => return pred.clone(),
            State::Asking => {
                self.circle(index, word);
                return None;
            }
            State::Unasked => {}
        }
        if self.asking.len() >= DEEPEST {
            self.push(
                Diagnostic::error(
                    Code::TooDeep,
                    format!("conditions are named within one another more than {DEEPEST} deep"),
                    word.span,
                    "one too deep",
                )
                .with_help("write some of the conditions out in full; no rule needs names this deep"),
            );
            return None;
        }
        self.conditions[index].state = State::Asking;
        self.asking.push(index);
        let condition = self.conditions[index].condition.clone();
        let pred = self.predicate(&condition, Subject::Hole);
        self.asking.pop();
        self.conditions[index].state = State::Known(pred.clone());
        pred
    }

    /// Reports a condition that asks itself, through the names being checked: `index`'s, asked
    /// again by `word`.
    fn circle(&mut self, index: usize, word: &Ident) {
        let from = self.asking.iter().position(|&i| i == index).unwrap_or(0);
        let circle: Vec<usize> = self.asking[from..].to_vec();
        let names: Vec<String> = circle.iter().map(|&i| format!("`{}`", self.conditions[i].name.name)).collect();
        let mut diagnostic = Diagnostic::error(
            Code::ConditionCycle,
            format!("the condition `{}` asks itself: {} → `{}`", word.name, names.join(" → "), word.name),
            word.span,
            "asked again here",
        );
        for &i in &circle {
            diagnostic = diagnostic.with_label(self.conditions[i].name.span, "named here");
        }
        self.push(diagnostic.with_help(format!(
            "a condition cannot be said through itself: write `{}` out here, without its name",
            self.conditions[index].name.name
        )));
    }

    /// Every named condition that no rule asked, checked too, so that its errors are reported.
    pub(super) fn unasked_conditions(&mut self) {
        for index in 0..self.conditions.len() {
            if matches!(self.conditions[index].state, State::Unasked) {
                let word = self.conditions[index].name.clone();
                self.condition_of(index, &word);
            }
        }
    }

    /// Whether `term` asks a named condition by its name.
    pub(super) fn names_a_condition(&self, term: &Expr) -> bool {
        matches!(&term.kind, ExprKind::Flag(word) if self.conditions.iter().any(|n| n.name.name == word.name))
    }

    /// The names of the file's conditions.
    pub(super) fn condition_names(&self) -> Vec<String> {
        self.conditions.iter().map(|n| n.name.name.clone()).collect()
    }

    /// Warns of each named condition that no rule asks.
    pub(super) fn unused_conditions(&mut self) {
        let unused: Vec<Ident> =
            self.conditions.iter().filter(|n| !self.conditions_used.contains(&n.name.name)).map(|n| n.name.clone()).collect();
        for name in unused {
            self.push(
                Diagnostic::warning(
                    Code::UnusedCondition,
                    format!("the condition `{}` is never asked", name.name),
                    name.span,
                    "named here",
                )
                .with_help(format!("ask it by its name in a rule's condition, such as `when own and {}`, or remove the line", name.name)),
            );
        }
    }
}

/// The terms of a condition, counted.
fn size(pred: &Pred) -> usize {
    match pred {
        Pred::Or(ps) | Pred::And(ps) => 1 + ps.iter().map(size).sum::<usize>(),
        Pred::Not(p) | Pred::EveryHole(p) | Pred::At(_, p) => 1 + size(p),
        _ => 1,
    }
}

/// Whether a condition asks about the hole it is asked of (a term not under `every hole`).
fn asks_a_hole(pred: &Pred) -> bool {
    match pred {
        Pred::Or(ps) | Pred::And(ps) => ps.iter().any(asks_a_hole),
        Pred::Not(p) => asks_a_hole(p),
        Pred::EveryHole(_) => false,
        Pred::Count(..)
        | Pred::CountIn(_)
        | Pred::CountRange(..)
        | Pred::CountEven(_)
        | Pred::Own
        | Pred::Opponent
        | Pred::Empty
        | Pred::In(_)
        | Pred::At(..)
        | Pred::Claimed
        | Pred::Intact => true,
        _ => false,
    }
}

/// `terms`' conditions, joined by `and` (`or`: `or`): a term that names a condition joined the
/// same way gives its own terms, as its words would read written out in its place.
pub(super) fn joined(checker: &Checker, terms: &[Expr], preds: Vec<Pred>, or: bool) -> Vec<Pred> {
    let mut joined = Vec::with_capacity(preds.len());
    for (term, pred) in terms.iter().zip(preds) {
        match pred {
            Pred::Or(inner) if or && checker.names_a_condition(term) => joined.extend(inner),
            Pred::And(inner) if !or && checker.names_a_condition(term) => joined.extend(inner),
            pred => joined.push(pred),
        }
    }
    joined
}

/// `not pred`, with the `not` taken inside (`not (a and b)` is `not a or not b`, `not count >= 6`
/// is `count < 6`, `not not a` is `a`), so that `some hole is …` reads as the `not every hole is
/// …` it stands for would be written.
pub(super) fn negated(pred: Pred) -> Pred {
    let flat = |preds: Vec<Pred>, or: bool| -> Vec<Pred> {
        let mut out = Vec::new();
        for pred in preds.into_iter().map(negated) {
            match pred {
                Pred::Or(inner) if or => out.extend(inner),
                Pred::And(inner) if !or => out.extend(inner),
                pred => out.push(pred),
            }
        }
        out
    };
    match pred {
        Pred::Or(ps) => Pred::And(flat(ps, false)),
        Pred::And(ps) => Pred::Or(flat(ps, true)),
        Pred::Not(p) => *p,
        Pred::Count(op, n) => Pred::Count(opposite(op), n),
        other => Pred::Not(Box::new(other)),
    }
}

/// The comparison that holds exactly where `op` does not.
fn opposite(op: CompareOp) -> CompareOp {
    match op {
        CompareOp::Eq => CompareOp::Ne,
        CompareOp::Ne => CompareOp::Eq,
        CompareOp::Lt => CompareOp::Ge,
        CompareOp::Ge => CompareOp::Lt,
        CompareOp::Le => CompareOp::Gt,
        CompareOp::Gt => CompareOp::Le,
    }
}
