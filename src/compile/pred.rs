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
    /// Where the condition is a few thresholds of `count >= k` (`k` from 1 to 128), those: the
    /// engine answers it for every hole at once.
    pub steps: Option<Steps>,
}

/// The most thresholds a [`Steps`] holds.
pub const MOST_STEPS: usize = 4;

/// A condition of the count that changes its answer at no more than [`MOST_STEPS`] counts, each
/// from 1 to 128: it holds of a count `c` when `zero` does not equal whether an odd number of
/// the thresholds `at[..len]` are at most `c`. (`count >= 2`: `zero` false, one threshold, 2;
/// `count <= 1`: `zero` true, the same threshold; `count in {2, 4}`: 2, 3, 4 and 5.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    pub zero: bool,
    pub at: [u8; MOST_STEPS],
    pub len: u8,
}

impl Steps {
    /// The thresholds.
    #[inline]
    pub fn thresholds(&self) -> &[u8] {
        &self.at[..usize::from(self.len)]
    }

    /// The steps of `holds` (over every count), if it has few enough, all from 1 to 128.
    fn of(holds: impl Fn(u32) -> bool) -> Option<Steps> {
        let mut steps = Steps { zero: holds(0), at: [0; MOST_STEPS], len: 0 };
        for k in 1..=128u8 {
            if holds(u32::from(k)) != holds(u32::from(k) - 1) {
                *steps.at.get_mut(usize::from(steps.len))? = k;
                steps.len += 1;
            }
        }
        // Past 128 the answer must not change again (128 stones or more all read as 128).
        let top = holds(128);
        ((129..=256).all(|c| holds(c) == top) && holds(u32::from(u16::MAX)) == top).then_some(steps)
    }
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
        let steps = Steps::of(|count| match count {
            0..256 => below_256[(count / 64) as usize] >> (count % 64) & 1 != 0,
            _ => pred.holds_for_count(count),
        });
        CountTable { below_256, pred, steps }
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

    /// A count table knows its thresholds (answered for every hole at once) where it has at most
    /// four, all from 1 to 128, and only then.
    #[test]
    fn a_count_table_knows_its_thresholds() {
        use CompareOp::{Eq, Ge, Gt, Le, Lt};
        let steps = |pred: Pred| CountTable::of(pred).steps.map(|s| (s.zero, s.thresholds().to_vec()));
        assert_eq!(steps(Pred::Count(Ge, 2)), Some((false, vec![2])));
        assert_eq!(steps(Pred::Count(Gt, 0)), Some((false, vec![1])));
        assert_eq!(steps(Pred::Not(Box::new(Pred::Empty))), Some((false, vec![1])));
        assert_eq!(steps(Pred::Empty), Some((true, vec![1])));
        assert_eq!(steps(Pred::Count(Ge, 128)), Some((false, vec![128])));
        assert_eq!(steps(Pred::Count(Le, 1)), Some((true, vec![2])));
        assert_eq!(steps(Pred::Count(Lt, 128)), Some((true, vec![128])));
        assert_eq!(steps(Pred::Count(Eq, 3)), Some((false, vec![3, 4])));
        assert_eq!(steps(Pred::CountIn(vec![2, 4].into())), Some((false, vec![2, 3, 4, 5])));
        assert_eq!(steps(Pred::CountRange(2, 5)), Some((false, vec![2, 6])));
        assert_eq!(steps(Pred::Count(Ge, 0)), Some((true, vec![])));
        // Past 128, five thresholds, or no end to them: asked hole by hole.
        assert_eq!(steps(Pred::Count(Ge, 129)), None);
        assert_eq!(steps(Pred::Count(Le, 128)), None);
        assert_eq!(steps(Pred::CountRange(3, 128)), None);
        assert_eq!(steps(Pred::CountIn(vec![1, 3, 5].into())), None);
        assert_eq!(steps(Pred::CountEven(true)), None);
    }

    /// What the thresholds say is what the table says, for every count up to 300.
    #[test]
    fn a_count_tables_thresholds_agree_with_it() {
        use CompareOp::{Eq, Ge, Le, Ne};
        let preds = [
            Pred::Count(Ge, 2),
            Pred::Count(Le, 1),
            Pred::Count(Ne, 0),
            Pred::Count(Eq, 4),
            Pred::CountIn(vec![2, 4].into()),
            Pred::CountIn(vec![1, 127].into()),
            Pred::CountRange(3, 127),
            Pred::Empty,
        ];
        for pred in preds {
            let table = CountTable::of(pred);
            let steps = table.steps.expect("thresholds");
            for count in 0..300u32 {
                let read = count.min(128);
                let odd = steps.thresholds().iter().filter(|&&k| u32::from(k) <= read).count() % 2 == 1;
                assert_eq!(steps.zero != odd, table.holds(count), "{:?} at {count}", table.pred);
            }
        }
    }
}
