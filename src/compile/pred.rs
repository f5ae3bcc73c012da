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

/// A term about the position rather than a hole (`captured > 24`, `lap = 1`, `capturing` …),
/// lowered: the number it reads and the values where it holds, so that asking it is one read
/// and one range check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar {
    pub reads: Reads,
    /// The term holds where `low <= value <= high` is `inside`.
    pub low: u32,
    pub high: u32,
    pub inside: bool,
}

/// The number a [`Scalar`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    Captured,
    OpponentCaptured,
    StonesLeft,
    Claims,
    Hand,
    Lap,
    Sown,
    /// 1 while the move under way has captured.
    Capturing,
    /// The mover's phase.
    Phase,
    /// Nothing: a term that is not about the position (it never holds).
    Nothing,
}

impl Scalar {
    /// `pred` lowered (a term that is not about the position never holds).
    #[inline]
    pub fn of(pred: &Pred) -> Scalar {
        let compared = |reads, op, n: u32| {
            let (low, high, inside) = match op {
                CompareOp::Eq => (n, n, true),
                CompareOp::Ne => (n, n, false),
                CompareOp::Lt => match n.checked_sub(1) {
                    Some(high) => (0, high, true),
                    None => (0, u32::MAX, false),
                },
                CompareOp::Le => (0, n, true),
                CompareOp::Gt => match n.checked_add(1) {
                    Some(low) => (low, u32::MAX, true),
                    None => (0, u32::MAX, false),
                },
                CompareOp::Ge => (n, u32::MAX, true),
            };
            Scalar { reads, low, high, inside }
        };
        match *pred {
            Pred::Captured(op, n) => compared(Reads::Captured, op, n),
            Pred::OpponentCaptured(op, n) => compared(Reads::OpponentCaptured, op, n),
            Pred::StonesLeft(op, n) => compared(Reads::StonesLeft, op, n),
            Pred::Claims(op, n) => compared(Reads::Claims, op, n),
            Pred::Hand(op, n) => compared(Reads::Hand, op, n),
            Pred::Lap(op, n) => compared(Reads::Lap, op, n),
            Pred::Sown(op, n) => compared(Reads::Sown, op, n),
            Pred::Capturing => compared(Reads::Capturing, CompareOp::Eq, 1),
            Pred::Phase(equal, index) => compared(Reads::Phase, if equal { CompareOp::Eq } else { CompareOp::Ne }, u32::from(index)),
            _ => compared(Reads::Nothing, CompareOp::Lt, 0),
        }
    }

    /// Whether the term holds where the number it reads is `value`.
    #[inline(always)]
    pub fn holds(&self, value: u32) -> bool {
        (self.low <= value && value <= self.high) == self.inside
    }
}

/// A condition of a hole's count alone: whether it holds for each count below 256 (a bit per
/// count), and the condition itself for larger counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountTable {
    pub below_256: [u64; 4],
    pub pred: Pred,
    /// `Some(k)` where the condition is `count >= k` for some `k` from 1 to 128, which the
    /// engine answers for every hole at once.
    pub at_least: Option<u8>,
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
        let holds = |count: u32| below_256[(count / 64) as usize] >> (count % 64) & 1 != 0;
        let at_least = (1..=128u8).find(|&k| {
            (0..256).all(|count| holds(count) == (count >= u32::from(k)))
                && pred.holds_for_count(256)
                && pred.holds_for_count(u32::from(u16::MAX))
        });
        CountTable { below_256, pred, at_least }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A lowered term holds exactly where its comparison does, at the edges of every operator.
    #[test]
    fn a_lowered_term_holds_where_its_comparison_does() {
        use CompareOp::{Eq, Ge, Gt, Le, Lt, Ne};
        let values = [0, 1, 2, 23, 24, 25, u32::MAX - 1, u32::MAX];
        for op in [Eq, Ne, Lt, Le, Gt, Ge] {
            for n in values {
                for (pred, reads) in
                    [(Pred::Captured(op, n), Reads::Captured), (Pred::Lap(op, n), Reads::Lap), (Pred::Sown(op, n), Reads::Sown)]
                {
                    let scalar = Scalar::of(&pred);
                    assert_eq!(scalar.reads, reads);
                    for value in values {
                        assert_eq!(scalar.holds(value), compare(value, op, n), "{pred:?} at {value}");
                    }
                }
            }
        }
        let capturing = Scalar::of(&Pred::Capturing);
        assert!(capturing.holds(1) && !capturing.holds(0));
        let (phase, not_phase) = (Scalar::of(&Pred::Phase(true, 2)), Scalar::of(&Pred::Phase(false, 2)));
        assert!(phase.holds(2) && !phase.holds(1) && !not_phase.holds(2) && not_phase.holds(0));
        let nothing = Scalar::of(&Pred::Own);
        assert!(values.iter().all(|&v| !nothing.holds(v)) && nothing.reads == Reads::Nothing);
    }

    /// A count table knows when it is `count >= k` (answered for every hole at once), and only
    /// then.
    #[test]
    fn a_count_table_knows_a_threshold() {
        use CompareOp::{Ge, Gt, Le};
        assert_eq!(CountTable::of(Pred::Count(Ge, 2)).at_least, Some(2));
        assert_eq!(CountTable::of(Pred::Count(Gt, 0)).at_least, Some(1));
        assert_eq!(CountTable::of(Pred::Not(Box::new(Pred::Empty))).at_least, Some(1));
        assert_eq!(CountTable::of(Pred::Count(Ge, 128)).at_least, Some(128));
        assert_eq!(CountTable::of(Pred::Count(Ge, 129)).at_least, None);
        assert_eq!(CountTable::of(Pred::Count(Le, 2)).at_least, None);
        assert_eq!(CountTable::of(Pred::CountIn(vec![2, 3].into())).at_least, None);
        assert_eq!(CountTable::of(Pred::Count(Ge, 0)).at_least, None);
    }
}
