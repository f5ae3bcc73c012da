//! Runtime predicates: numbers instead of option names, flat slices instead of vectors, and a
//! condition of a hole's count alone lowered to one table look-up. The engine evaluates them
//! (`engine::predicate`), a board-wide one as bit sets over all holes at once.

use crate::ast::CompareOp;
use crate::check::model;
use crate::vocabulary::{Num, Relation};

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
    /// A condition of a hole's count alone (a combination of the four above and `Empty`), decided
    /// by a table for counts below 256.
    Counts(Box<CountTable>),
    Own,
    Opponent,
    Empty,
    /// The hole is in this set (a bit per hole).
    In(u128),
    At(Relation, Box<Pred>),
    /// The mover's captures.
    Captured(CompareOp, u32),
    /// The opponent's captures.
    OpponentCaptured(CompareOp, u32),
    /// The stones in the board's holes.
    StonesLeft(CompareOp, u32),
    /// How many holes the mover has claimed.
    Claims(CompareOp, u32),
    /// The hole is claimed.
    Claimed,
    /// The stones the mover holds in hand.
    Hand(CompareOp, u32),
    /// The lap being sown (1: a move's first; 0 outside a move).
    Lap(CompareOp, u32),
    /// The stones the lap being sown started with (0 outside a move).
    Sown(CompareOp, u32),
    /// The hole has never been emptied since the game began.
    Intact,
    /// The move under way has captured.
    Capturing,
    /// The mover's phase is (`true`) or is not (`false`) this one (index into [`super::Play::phases`]).
    Phase(bool, u8),
}

/// Whether `c op n` holds.
#[inline]
pub(crate) fn compare(c: u32, op: CompareOp, n: u32) -> bool {
    match op {
        CompareOp::Eq => c == n,
        CompareOp::Ne => c != n,
        CompareOp::Lt => c < n,
        CompareOp::Le => c <= n,
        CompareOp::Gt => c > n,
        CompareOp::Ge => c >= n,
    }
}

/// A condition of a hole's count alone: whether it holds for each count below 256 (a bit per
/// count), and the condition itself for larger counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountTable {
    pub below_256: [u64; 4],
    pub pred: Pred,
}

impl CountTable {
    /// The table of a condition of the count alone.
    pub fn of(pred: Pred) -> CountTable {
        let mut below_256 = [0u64; 4];
        for (count, word) in (0..256u32).zip((0..4).flat_map(|w| [w; 64])) {
            if pred.holds_for_count(count) {
                below_256[word] |= 1 << (count % 64);
            }
        }
        CountTable { below_256, pred }
    }

    /// Whether the condition holds for a hole of `count` stones.
    #[inline]
    pub fn holds(&self, count: u32) -> bool {
        match usize::try_from(count) {
            Ok(c) if c < 256 => self.below_256[c / 64] >> (c % 64) & 1 != 0,
            _ => self.pred.holds_for_count(count),
        }
    }
}

/// Lowers a checked predicate with the options' values: a condition of the count alone that is
/// more than one comparison becomes a [`CountTable`].
pub(super) fn lower(pred: &model::Pred, value: &impl Fn(Num) -> u32, set: &impl Fn(model::SetRef) -> u128) -> Pred {
    let lowered = lower_terms(pred, value, set);
    match lowered {
        Pred::Count(..) | Pred::Empty => lowered,
        _ if lowered.of_count_alone() => Pred::Counts(Box::new(CountTable::of(lowered))),
        _ => lowered,
    }
}

fn lower_terms(pred: &model::Pred, value: &impl Fn(Num) -> u32, set: &impl Fn(model::SetRef) -> u128) -> Pred {
    let all = |ps: &[model::Pred]| ps.iter().map(|p| lower(p, value, set)).collect();
    match pred {
        model::Pred::Or(ps) => Pred::Or(all(ps)),
        model::Pred::And(ps) => Pred::And(all(ps)),
        model::Pred::Not(p) => Pred::Not(Box::new(lower(p, value, set))),
        model::Pred::EveryHole(p) => Pred::EveryHole(Box::new(lower(p, value, set))),
        model::Pred::Count(op, n) => Pred::Count(*op, value(*n)),
        model::Pred::CountIn(ns) => Pred::CountIn(ns.iter().map(|n| value(*n)).collect()),
        model::Pred::CountRange(low, high) => Pred::CountRange(value(*low), value(*high)),
        model::Pred::CountEven(even) => Pred::CountEven(*even),
        model::Pred::Own => Pred::Own,
        model::Pred::Opponent => Pred::Opponent,
        model::Pred::Empty => Pred::Empty,
        model::Pred::In(r) => Pred::In(set(*r)),
        model::Pred::At(relation, p) => Pred::At(*relation, Box::new(lower(p, value, set))),
        model::Pred::Captured(op, n) => Pred::Captured(*op, value(*n)),
        model::Pred::OpponentCaptured(op, n) => Pred::OpponentCaptured(*op, value(*n)),
        model::Pred::StonesLeft(op, n) => Pred::StonesLeft(*op, value(*n)),
        model::Pred::Claims(op, n) => Pred::Claims(*op, value(*n)),
        model::Pred::Claimed => Pred::Claimed,
        model::Pred::Hand(op, n) => Pred::Hand(*op, value(*n)),
        model::Pred::Lap(op, n) => Pred::Lap(*op, value(*n)),
        model::Pred::Sown(op, n) => Pred::Sown(*op, value(*n)),
        model::Pred::Intact => Pred::Intact,
        model::Pred::Capturing => Pred::Capturing,
        model::Pred::Phase(equal, index) => Pred::Phase(*equal, u8::try_from(*index).unwrap_or(u8::MAX)),
    }
}

impl Pred {
    /// Whether `wanted` holds of the predicate or of any part of it.
    pub fn mentions(&self, wanted: &impl Fn(&Pred) -> bool) -> bool {
        wanted(self)
            || match self {
                Pred::Or(ps) | Pred::And(ps) => ps.iter().any(|p| p.mentions(wanted)),
                Pred::Not(p) | Pred::EveryHole(p) | Pred::At(_, p) => p.mentions(wanted),
                Pred::Counts(table) => table.pred.mentions(wanted),
                _ => false,
            }
    }

    /// Whether the predicate asks nothing but a hole's count.
    pub(super) fn of_count_alone(&self) -> bool {
        match self {
            Pred::Or(ps) | Pred::And(ps) => ps.iter().all(Pred::of_count_alone),
            Pred::Not(p) => p.of_count_alone(),
            Pred::Count(..) | Pred::CountIn(_) | Pred::CountRange(..) | Pred::CountEven(_) | Pred::Empty | Pred::Counts(_) => true,
            _ => false,
        }
    }

    /// For a predicate of the count alone ([`Pred::of_count_alone`]): whether it holds for a
    /// hole of `count` stones (anything else: false).
    fn holds_for_count(&self, count: u32) -> bool {
        match self {
            Pred::Or(ps) => ps.iter().any(|p| p.holds_for_count(count)),
            Pred::And(ps) => ps.iter().all(|p| p.holds_for_count(count)),
            Pred::Not(p) => !p.holds_for_count(count),
            Pred::Count(op, n) => compare(count, *op, *n),
            Pred::CountIn(ns) => ns.contains(&count),
            Pred::CountRange(low, high) => (*low..=*high).contains(&count),
            Pred::CountEven(even) => count.is_multiple_of(2) == *even,
            Pred::Empty => count == 0,
            Pred::Counts(table) => table.holds(count),
            _ => false,
        }
    }
}
