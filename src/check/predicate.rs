//! Pass: predicates. Resolves the vocabulary of conditions (`count`, `own`, `opponent`, `empty`,
//! `every hole …`) and checks each term makes sense where it stands: a hole's properties need a
//! hole, which an ending (looking at the whole board) does not have.

use super::diagnostic::{suggest, Diagnostic};
use super::model::{Num, Pred};
use super::options::Slot;
use super::Checker;
use crate::ast::{Expr, ExprKind, Ident, Set};

/// Numbers a hole can be asked about.
const QUANTITIES: &[&str] = &["count"];
/// Properties a hole can have.
const FLAGS: &[&str] = &["own", "opponent", "opponent's", "empty"];

const COUNT: Slot = Slot { what: "a count of stones", min: 0, max: 65_535 };

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
            ExprKind::Or(terms) => self.predicates(terms, subject).map(Pred::Or),
            ExprKind::And(terms) => self.predicates(terms, subject).map(Pred::And),
            ExprKind::Not(inner) => self.predicate(inner, subject).map(|p| Pred::Not(Box::new(p))),
            ExprKind::EveryHole(inner) => self.predicate(inner, Subject::Hole).map(|p| Pred::EveryHole(Box::new(p))),
            ExprKind::Compare { quantity, op, value } => {
                let quantity_ok = self.quantity(quantity, subject);
                let value = self.num(value, COUNT);
                Some(Pred::Count(*op, value.filter(|_| quantity_ok)?))
            }
            ExprKind::In { quantity, set } => {
                let quantity_ok = self.quantity(quantity, subject);
                let pred = match set {
                    Set::List(values) => {
                        let nums: Option<Vec<Num>> = values.iter().map(|v| self.num(v, COUNT)).collect();
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
            ExprKind::Parity { quantity, even } => self.quantity(quantity, subject).then_some(Pred::CountEven(*even)),
            ExprKind::Flag(flag) => self.flag(flag, subject),
        }
    }

    /// Every term checked, so that each problem is reported, before any is given up on.
    fn predicates(&mut self, terms: &[Expr], subject: Subject) -> Option<Vec<Pred>> {
        let preds: Vec<Option<Pred>> = terms.iter().map(|t| self.predicate(t, subject)).collect();
        preds.into_iter().collect()
    }

    fn quantity(&mut self, quantity: &Ident, subject: Subject) -> bool {
        if !QUANTITIES.contains(&quantity.name.as_str()) {
            self.push(
                Diagnostic::error(
                    "unknown_quantity",
                    format!("`{}` is not a number that a hole has", quantity.name),
                    quantity.span,
                    "unknown quantity",
                )
                .with_help(suggest(&quantity.name, QUANTITIES)),
            );
            return false;
        }
        self.needs_hole(quantity, subject)
    }

    fn flag(&mut self, flag: &Ident, subject: Subject) -> Option<Pred> {
        let pred = match flag.name.as_str() {
            "own" => Pred::Own,
            "opponent" | "opponent's" => Pred::Opponent,
            "empty" => Pred::Empty,
            name => {
                self.push(
                    Diagnostic::error("unknown_flag", format!("`{name}` is not something a hole can be"), flag.span, "unknown property")
                        .with_help(suggest(name, FLAGS)),
                );
                return None;
            }
        };
        self.needs_hole(flag, subject).then_some(pred)
    }

    /// A hole's property used where there is no hole: reported with the fix.
    fn needs_hole(&mut self, word: &Ident, subject: Subject) -> bool {
        if subject == Subject::Hole {
            return true;
        }
        self.push(
            Diagnostic::error(
                "needs_a_hole",
                format!("`{}` needs a hole, but an ending looks at the whole board", word.name),
                word.span,
                "which hole?",
            )
            .with_help(format!("say which holes: `every hole has {} …` or `every hole is …`", word.name)),
        );
        false
    }
}
