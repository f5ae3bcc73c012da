//! Pass: predicates. Resolves the vocabulary of conditions (`count`, `own`, `opponent`, `empty`,
//! `every hole …`) and checks each term makes sense where it stands: a hole's properties need a
//! hole, which an ending (looking at the whole board) does not have.

use super::board::ROW;
use super::conditions::{joined, negated};
use super::model::{Num, Pred, Relation};
use super::options::Slot;
use super::Checker;
use crate::ast::{CompareOp, Expr, ExprKind, Ident, Set, Span, Value};
use crate::diagnostic::{did_you_mean, suggest, Code, Diagnostic};
use crate::syntax::{OPPONENTS_CAPTURED, STONES_LEFT};

/// Numbers a hole can be asked about.
const QUANTITIES: &[&str] = &["count", "captured"];
/// Properties a hole can have.
const FLAGS: &[&str] = &["own", "opponent", "opponent's", "empty", "claimed", "intact", "capturing"];
/// Numbers about a player rather than a hole: what the mover or the opponent has captured, and
/// how many holes the mover has claimed.
const PLAYER_QUANTITIES: &[&str] = &["captured", OPPONENTS_CAPTURED, "claims", "hand", "lap", "sown"];

const CAPTURED: Slot = Slot { what: "a number of captured stones", min: 0, max: 65_535 };
const COUNT: Slot = Slot { what: "a count of stones", min: 0, max: 65_535 };

/// Whether a term of a condition stands on `word` alone or begins with it (`own`, `count`,
/// `phase`, `every`): no named condition may be called so.
pub(super) fn is_term_word(word: &str) -> bool {
    [FLAGS, QUANTITIES, PLAYER_QUANTITIES, &["phase", "every", "some"]].iter().any(|words| words.contains(&word))
}

/// What a predicate is asked about.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Subject {
    /// A hole: the last hole of a lap, a hole that may start a move, a hole of a chain.
    Hole,
    /// The whole board: an ending.
    Board,
}

impl Checker {
    pub(super) fn predicate(&mut self, expr: &Expr, subject: Subject) -> Option<Pred> {
        match &expr.kind {
            ExprKind::Or(terms) => self.predicates(terms, subject).map(|preds| Pred::Or(joined(self, terms, preds, true))),
            ExprKind::And(terms) => self.predicates(terms, subject).map(|preds| Pred::And(joined(self, terms, preds, false))),
            ExprKind::Not(inner) => self.predicate(inner, subject).map(|p| Pred::Not(Box::new(p))),
            ExprKind::EveryHole(inner) => self.predicate(inner, Subject::Hole).map(|p| Pred::EveryHole(Box::new(p))),
            // Not every hole is without it: what the engine asks.
            ExprKind::SomeHole(inner) => {
                self.predicate(inner, Subject::Hole).map(|p| Pred::Not(Box::new(Pred::EveryHole(Box::new(negated(p))))))
            }
            ExprKind::Compare { quantity, op, value } if quantity.name == "phase" => self.phase_term(quantity, *op, value),
            ExprKind::Compare { quantity, op, value } if quantity.name == STONES_LEFT => {
                Some(Pred::StonesLeft(*op, self.num(value, COUNT)?))
            }
            ExprKind::Compare { quantity, op, value } if PLAYER_QUANTITIES.contains(&quantity.name.as_str()) => {
                let value = self.num(value, CAPTURED)?;
                Some(match quantity.name.as_str() {
                    "captured" => Pred::Captured(*op, value),
                    "claims" => Pred::Claims(*op, value),
                    "hand" => Pred::Hand(*op, value),
                    "lap" => Pred::Lap(*op, value),
                    "sown" => Pred::Sown(*op, value),
                    _ => Pred::OpponentCaptured(*op, value),
                })
            }
            ExprKind::Compare { quantity, op, value } => {
                let quantity_ok = self.quantity(quantity, expr, subject);
                let value = self.num(value, COUNT);
                Some(Pred::Count(*op, value.filter(|_| quantity_ok)?))
            }
            ExprKind::In { quantity, set } => {
                let quantity_ok = self.quantity(quantity, expr, subject);
                let pred = match set {
                    Set::List(values) => {
                        // Each value checked (and reported) before any failure counts.
                        let nums: Vec<Option<Num>> = values.iter().map(|v| self.num(v, COUNT)).collect();
                        let nums: Option<Vec<Num>> = nums.into_iter().collect();
                        Pred::CountIn(nums?)
                    }
                    Set::Range { low, high } => {
                        let low = self.num(low, COUNT);
                        let high = self.num(high, COUNT);
                        Pred::CountRange(low?, high?)
                    }
                };
                quantity_ok.then_some(pred)
            }
            ExprKind::Parity { quantity, even } => self.quantity(quantity, expr, subject).then_some(Pred::CountEven(*even)),
            ExprKind::Flag(flag) => self.flag(flag, subject),
            ExprKind::SetEmpty { own, set, negated } if set.name == ROW => self.row_empty(*own, expr.span, *negated),
            ExprKind::SetEmpty { own, set, negated } => {
                // Every hole of the set that the player owns is empty: a board-wide term.
                let set = self.set_ref(set)?;
                let whose = if *own { Pred::Own } else { Pred::Opponent };
                let empty =
                    Pred::EveryHole(Box::new(Pred::Or(vec![Pred::Not(Box::new(whose)), Pred::Not(Box::new(Pred::In(set))), Pred::Empty])));
                Some(if *negated { Pred::Not(Box::new(empty)) } else { empty })
            }
            ExprKind::Member(name) => {
                let set = self.set_ref(name)?;
                let every_hole = format!("every hole is {}", expr.span.text(&self.source));
                (subject == Subject::Hole || self.needs_hole(name, &every_hole)).then_some(Pred::In(set))
            }
            ExprKind::Related { relation, condition } => {
                let related = self.word(
                    relation,
                    "a hole related to another",
                    &[
                        ("next", Relation::Next),
                        ("previous", Relation::Previous),
                        ("opposite", Relation::Opposite),
                        ("beyond", Relation::Beyond),
                        ("symmetric", Relation::Symmetric),
                        ("behind", Relation::Behind),
                    ],
                );
                let condition = self.predicate(condition, Subject::Hole);
                let every_hole = format!("every hole has {}", expr.span.text(&self.source));
                let (related, condition) = (related?, condition?);
                (subject == Subject::Hole || self.needs_hole(relation, &every_hole)).then(|| Pred::At(related, Box::new(condition)))
            }
        }
    }

    /// `own row is empty` (`opponent's row is empty`): every hole the mover (the opponent) owns
    /// now is empty, on a board where a player owns one row (and perhaps holes of another: `own
    /// row` is all of them, as in `set … of own row`). Written out: `every hole is (opponent or
    /// empty)` (`(own or empty)`), which the engine runs as it is.
    fn row_empty(&mut self, own: bool, span: Span, negated: bool) -> Option<Pred> {
        if self.rows_each > 1 {
            let whose = if own { "own" } else { "opponent's" };
            let which =
                if self.row_kinds { format!("`{whose} inner row is empty` or `{whose} outer row is empty`; ") } else { String::new() };
            let (other, holes) = if own { ("opponent", "the mover's") } else { ("own", "the opponent's") };
            self.push(
                Diagnostic::error(
                    Code::NeedsOneRowEach,
                    format!("`{whose} row` is one row, but a player owns {} rows on this board", self.rows_each),
                    span,
                    "which row?",
                )
                .with_help(format!("say which: {which}for all {holes} holes, write `every hole is ({other} or empty)`")),
            );
            return None;
        }
        let other = if own { Pred::Opponent } else { Pred::Own };
        let empty = Pred::EveryHole(Box::new(Pred::Or(vec![other, Pred::Empty])));
        Some(if negated { Pred::Not(Box::new(empty)) } else { empty })
    }

    /// `phase = placing`, `phase != sowing`: the mover's phase, one of the file's.
    fn phase_term(&mut self, quantity: &Ident, op: CompareOp, value: &Value) -> Option<Pred> {
        let equal = match op {
            CompareOp::Eq => true,
            CompareOp::Ne => false,
            _ => {
                self.push(
                    Diagnostic::error(Code::PhaseCompared, "phases come one after another, but are not numbers", quantity.span, "a phase")
                        .with_help(format!("ask whether it is one phase: `phase = {0}` or `phase != {0}`", self.phase_example())),
                );
                return None;
            }
        };
        let name = match value {
            Value::Name(name) => name,
            Value::Number(number) => {
                let help = format!("a phase is named: `phase = {}`", self.phase_example());
                self.push(
                    Diagnostic::error(Code::UnknownPhase, "a phase is a name, not a number", number.span, "not a phase").with_help(help),
                );
                return None;
            }
        };
        if let Some(index) = self.phase_names.iter().position(|n| *n == name.name) {
            return Some(Pred::Phase(equal, index));
        }
        let help = match did_you_mean(&name.name, self.phase_names.iter().map(String::as_str)) {
            Some(close) => format!("did you mean `{close}`?"),
            None if self.phase_names.is_empty() => {
                "this game has no phases; declare them in order in the play section: `phase placing until hand = 0`, then `phase sowing`"
                    .to_string()
            }
            None => {
                format!("the phases of this game are {}", self.phase_names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "))
            }
        };
        self.push(
            Diagnostic::error(Code::UnknownPhase, format!("there is no phase called `{}`", name.name), name.span, "unknown phase")
                .with_help(help),
        );
        None
    }

    /// A phase name for examples: the file's first, or `placing`.
    fn phase_example(&self) -> String {
        self.phase_names.first().cloned().unwrap_or_else(|| "placing".to_string())
    }

    /// Every term checked, so that each problem is reported, before any is given up on.
    fn predicates(&mut self, terms: &[Expr], subject: Subject) -> Option<Vec<Pred>> {
        let preds: Vec<Option<Pred>> = terms.iter().map(|t| self.predicate(t, subject)).collect();
        preds.into_iter().collect()
    }

    /// The quantity of the comparison `term`.
    fn quantity(&mut self, quantity: &Ident, term: &Expr, subject: Subject) -> bool {
        if PLAYER_QUANTITIES.contains(&quantity.name.as_str()) {
            self.push(
                Diagnostic::error(
                    Code::CapturedCompared,
                    format!("`{}` can only be compared with a number", quantity.name),
                    quantity.span,
                    "not a hole's count",
                )
                .with_help(format!(
                    "write a comparison such as `{}`",
                    match quantity.name.as_str() {
                        "claims" => "claims = 0",
                        "captured" => "captured > 24",
                        "hand" => "hand > 0",
                        "lap" => "lap > 1",
                        "sown" => "sown < 16",
                        _ => "opponent's captured > 81",
                    }
                )),
            );
            return false;
        }
        if !QUANTITIES.contains(&quantity.name.as_str()) {
            // The comparison as it would read with `count`.
            let fixed = format!(
                "{}count{}",
                Span { start: term.span.start, end: quantity.span.start }.text(&self.source),
                Span { start: quantity.span.end, end: term.span.end }.text(&self.source)
            );
            let help = match did_you_mean(&quantity.name, QUANTITIES.iter().copied()) {
                Some(close) => format!("did you mean `{close}`?"),
                None => format!("the number of stones in a hole is its `count`: write `{fixed}`"),
            };
            self.push(
                Diagnostic::error(
                    Code::UnknownQuantity,
                    format!("`{}` is not a number that a hole has", quantity.name),
                    quantity.span,
                    "unknown quantity",
                )
                .with_help(help),
            );
            return false;
        }
        if subject == Subject::Hole {
            return true;
        }
        let term = term.span.text(&self.source).to_string();
        self.needs_hole(quantity, &format!("every hole has {term}"))
    }

    fn flag(&mut self, flag: &Ident, subject: Subject) -> Option<Pred> {
        let pred = match flag.name.as_str() {
            "own" => Pred::Own,
            "opponent" | "opponent's" => Pred::Opponent,
            "empty" => Pred::Empty,
            "claimed" => Pred::Claimed,
            "intact" => Pred::Intact,
            // About the move under way, not a hole: usable anywhere a move is asked about.
            "capturing" => return Some(Pred::Capturing),
            name => {
                if let Some(named) = self.named_condition(flag, subject) {
                    return named;
                }
                let names = self.condition_names();
                let words: Vec<&str> = FLAGS.iter().copied().chain(names.iter().map(String::as_str)).collect();
                let help = match did_you_mean(name, words.iter().copied()) {
                    Some(close) => format!("did you mean `{close}`?"),
                    None if names.is_empty() => format!(
                        "{}; or name a condition at the top of the file, `condition {name} = …`, to ask it by its name",
                        suggest(name, FLAGS)
                    ),
                    None => suggest(name, &words),
                };
                self.push(
                    Diagnostic::error(Code::UnknownFlag, format!("`{name}` is not something a hole can be"), flag.span, "unknown property")
                        .with_help(help),
                );
                return None;
            }
        };
        if subject == Subject::Hole {
            return Some(pred);
        }
        self.needs_hole(flag, &format!("every hole is {}", flag.name)).then_some(pred)
    }

    /// Reports a hole's property used in an ending, where there is no hole, with the fix:
    /// `every_hole`, the term as it would read about every hole.
    pub(super) fn needs_hole(&mut self, word: &Ident, every_hole: &str) -> bool {
        self.push(
            Diagnostic::error(
                Code::NeedsAHole,
                format!("`{}` needs a hole, but an ending looks at the whole board", word.name),
                word.span,
                "which hole?",
            )
            .with_help(format!("say which holes it is about: to end when it holds for every hole, write `{every_hole}`")),
        );
        false
    }
}
