//! Runtime predicates: numbers instead of option names, flat slices instead of vectors.

use crate::ast::CompareOp;
use crate::check::model::{self, Num};

/// A predicate the engine evaluates on a hole (or, under [`Pred::EveryHole`], on the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pred {
    Or(Box<[Pred]>),
    And(Box<[Pred]>),
    Not(Box<Pred>),
    EveryHole(Box<Pred>),
    Count(CompareOp, u32),
    CountIn(Box<[u32]>),
    CountRange(u32, u32),
    CountEven(bool),
    Own,
    Opponent,
    Empty,
}

pub(super) fn lower(pred: &model::Pred, value: &impl Fn(Num) -> u32) -> Pred {
    let all = |ps: &[model::Pred]| ps.iter().map(|p| lower(p, value)).collect();
    match pred {
        model::Pred::Or(ps) => Pred::Or(all(ps)),
        model::Pred::And(ps) => Pred::And(all(ps)),
        model::Pred::Not(p) => Pred::Not(Box::new(lower(p, value))),
        model::Pred::EveryHole(p) => Pred::EveryHole(Box::new(lower(p, value))),
        model::Pred::Count(op, n) => Pred::Count(*op, value(*n)),
        model::Pred::CountIn(ns) => Pred::CountIn(ns.iter().map(|n| value(*n)).collect()),
        model::Pred::CountRange(low, high) => Pred::CountRange(value(*low), value(*high)),
        model::Pred::CountEven(even) => Pred::CountEven(*even),
        model::Pred::Own => Pred::Own,
        model::Pred::Opponent => Pred::Opponent,
        model::Pred::Empty => Pred::Empty,
    }
}

impl Pred {
    /// Evaluates the predicate. `count(h)` and `owner_is_mover(h)` read the position; `hole` is
    /// the hole asked about (ignored by board-wide terms), `holes` the number of holes.
    #[inline]
    pub fn holds(&self, hole: usize, holes: usize, count: &impl Fn(usize) -> u32, own: &impl Fn(usize) -> bool) -> bool {
        match self {
            Pred::Or(ps) => ps.iter().any(|p| p.holds(hole, holes, count, own)),
            Pred::And(ps) => ps.iter().all(|p| p.holds(hole, holes, count, own)),
            Pred::Not(p) => !p.holds(hole, holes, count, own),
            Pred::EveryHole(p) => (0..holes).all(|h| p.holds(h, holes, count, own)),
            Pred::Count(op, n) => {
                let c = count(hole);
                match op {
                    CompareOp::Eq => c == *n,
                    CompareOp::Ne => c != *n,
                    CompareOp::Lt => c < *n,
                    CompareOp::Le => c <= *n,
                    CompareOp::Gt => c > *n,
                    CompareOp::Ge => c >= *n,
                }
            }
            Pred::CountIn(ns) => ns.contains(&count(hole)),
            Pred::CountRange(low, high) => (*low..=*high).contains(&count(hole)),
            Pred::CountEven(even) => count(hole).is_multiple_of(2) == *even,
            Pred::Own => own(hole),
            Pred::Opponent => !own(hole),
            Pred::Empty => count(hole) == 0,
        }
    }
}
