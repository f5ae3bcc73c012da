//! Runtime predicates: numbers instead of option names, flat slices instead of vectors.

use crate::ast::CompareOp;
use crate::check::model::{self, Num, Relation};
use crate::player::Player;
use crate::MAX_HOLES;

/// A predicate the engine evaluates on a hole (or, under [`Pred::EveryHole`], on the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pred {
    Or(Box<[Pred]>),
    And(Box<[Pred]>),
    Not(Box<Pred>),
    EveryHole(Box<Pred>),
    /// `EveryHole` of a predicate that only asks who owns a hole, whether it is empty and which
    /// sets it is in: evaluated for all holes at once, as bit sets.
    EveryHoleAtOnce(Box<Pred>),
    Count(CompareOp, u32),
    CountIn(Box<[u32]>),
    CountRange(u32, u32),
    CountEven(bool),
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
    /// The mover's phase is (`true`) or is not (`false`) this one (index into `Rules::phases`).
    Phase(bool, u8),
}

/// What a predicate reads: the position, the player whose move it is, and the board's relations.
pub struct View<'a> {
    pub counts: &'a [u16; MAX_HOLES],
    pub owners: &'a [Player; MAX_HOLES],
    pub mover: Player,
    pub holes: usize,
    /// The mover's `next` and `previous` tables, and the board's `opposite`.
    pub next: &'a [u8; MAX_HOLES],
    pub previous: &'a [u8; MAX_HOLES],
    pub opposite: &'a [u8; MAX_HOLES],
    /// The hole behind the opposite one (`u8::MAX`: none).
    pub behind: &'a [u8; MAX_HOLES],
    /// Closed holes (a bit per hole), which do not exist for `next`, `previous` and `beyond`.
    pub closed: u128,
    /// What the mover and their opponent have captured.
    pub captured: u32,
    pub opponent_captured: u32,
    /// Claimed holes (a bit per hole); their owner is the claimer.
    pub claimed: u128,
    /// The stones the mover holds in hand.
    pub hand: u32,
    /// The lap being sown and the stones it started with (both 0 outside a move).
    pub lap: u32,
    pub sown: u32,
    /// Holes never emptied since the game began (a bit per hole).
    pub intact: u128,
    /// Whether the move under way has captured.
    pub capturing: bool,
    /// The mover's phase (index into `Rules::phases`; 0 in a game without phases).
    pub phase: u8,
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

/// The hole after `hole` along `table`, passing over closed holes (at most once round).
#[inline]
pub fn step(table: &[u8; MAX_HOLES], hole: usize, closed: u128) -> usize {
    let mut at = table[hole] as usize;
    let mut guard = 0;
    while closed & (1u128 << at) != 0 && guard < MAX_HOLES {
        at = table[at] as usize;
        guard += 1;
    }
    at
}

pub(super) fn lower(pred: &model::Pred, value: &impl Fn(Num) -> u32, set: &impl Fn(model::SetRef) -> u128) -> Pred {
    let all = |ps: &[model::Pred]| ps.iter().map(|p| lower(p, value, set)).collect();
    match pred {
        model::Pred::Or(ps) => Pred::Or(all(ps)),
        model::Pred::And(ps) => Pred::And(all(ps)),
        model::Pred::Not(p) => Pred::Not(Box::new(lower(p, value, set))),
        model::Pred::EveryHole(p) => {
            let inner = lower(p, value, set);
            if inner.by_sets() {
                Pred::EveryHoleAtOnce(Box::new(inner))
            } else {
                Pred::EveryHole(Box::new(inner))
            }
        }
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
                Pred::Not(p) | Pred::EveryHole(p) | Pred::EveryHoleAtOnce(p) | Pred::At(_, p) => p.mentions(wanted),
                _ => false,
            }
    }

    /// Whether [`Pred::set`] can evaluate the predicate.
    fn by_sets(&self) -> bool {
        match self {
            Pred::Or(ps) | Pred::And(ps) => ps.iter().all(Pred::by_sets),
            Pred::Not(p) => p.by_sets(),
            Pred::Own | Pred::Opponent | Pred::Empty | Pred::In(_) => true,
            Pred::Count(op, n) => {
                matches!((op, n), (CompareOp::Eq | CompareOp::Le, 0) | (CompareOp::Ne | CompareOp::Gt, 0) | (CompareOp::Ge, 1))
            }
            _ => false,
        }
    }

    /// The holes (among `all`) where the predicate holds, for one that [`Pred::by_sets`], from
    /// the holes the mover owns and the non-empty ones.
    fn set(&self, own: u128, nonempty: u128, all: u128) -> u128 {
        match self {
            Pred::Or(ps) => ps.iter().fold(0, |m, p| m | p.set(own, nonempty, all)),
            Pred::And(ps) => ps.iter().fold(all, |m, p| m & p.set(own, nonempty, all)),
            Pred::Not(p) => all & !p.set(own, nonempty, all),
            Pred::Own => own,
            Pred::Opponent => all & !own,
            Pred::In(set) => set & all,
            Pred::Empty | Pred::Count(CompareOp::Eq | CompareOp::Le, 0) => all & !nonempty,
            // The rest of what `by_sets` admits: non-empty.
            _ => nonempty,
        }
    }

    /// Evaluates the predicate on `hole` (ignored by board-wide terms).
    #[inline]
    pub fn holds(&self, hole: usize, v: &View<'_>) -> bool {
        match self {
            Pred::Or(ps) => ps.iter().any(|p| p.holds(hole, v)),
            Pred::And(ps) => ps.iter().all(|p| p.holds(hole, v)),
            Pred::Not(p) => !p.holds(hole, v),
            Pred::EveryHole(p) => (0..v.holes).all(|h| p.holds(h, v)),
            Pred::EveryHoleAtOnce(p) => {
                // Built in two 64-bit halves: shifts of a u128 by a variable cost far more.
                let (mut own, mut nonempty) = ([0u64; 2], [0u64; 2]);
                for h in 0..v.holes {
                    own[h / 64] |= u64::from(v.owners[h] == v.mover) << (h % 64);
                    nonempty[h / 64] |= u64::from(v.counts[h] != 0) << (h % 64);
                }
                let join = |halves: [u64; 2]| u128::from(halves[0]) | u128::from(halves[1]) << 64;
                let (own, nonempty) = (join(own), join(nonempty));
                let all = if v.holes >= 128 { u128::MAX } else { (1u128 << v.holes) - 1 };
                p.set(own, nonempty, all) == all
            }
            Pred::Count(op, n) => compare(u32::from(v.counts[hole]), *op, *n),
            Pred::Captured(op, n) => compare(v.captured, *op, *n),
            Pred::OpponentCaptured(op, n) => compare(v.opponent_captured, *op, *n),
            Pred::StonesLeft(op, n) => compare(v.counts[..v.holes].iter().map(|&c| u32::from(c)).sum(), *op, *n),
            Pred::Claims(op, n) => {
                let claims = crate::engine::holes_of(v.claimed).filter(|&h| v.owners[h] == v.mover).count();
                compare(u32::try_from(claims).unwrap_or(u32::MAX), *op, *n)
            }
            Pred::Claimed => v.claimed & (1u128 << hole) != 0,
            Pred::Hand(op, n) => compare(v.hand, *op, *n),
            Pred::Lap(op, n) => compare(v.lap, *op, *n),
            Pred::Sown(op, n) => compare(v.sown, *op, *n),
            Pred::Intact => v.intact & (1u128 << hole) != 0,
            Pred::Capturing => v.capturing,
            Pred::Phase(equal, index) => (v.phase == *index) == *equal,
            Pred::CountIn(ns) => ns.contains(&u32::from(v.counts[hole])),
            Pred::CountRange(low, high) => (*low..=*high).contains(&u32::from(v.counts[hole])),
            Pred::CountEven(even) => v.counts[hole].is_multiple_of(2) == *even,
            Pred::Own => v.owners[hole] == v.mover,
            Pred::Opponent => v.owners[hole] != v.mover,
            Pred::Empty => v.counts[hole] == 0,
            Pred::In(set) => set & (1u128 << hole) != 0,
            Pred::At(relation, p) => {
                let related = match relation {
                    Relation::Next => step(v.next, hole, v.closed),
                    Relation::Previous => step(v.previous, hole, v.closed),
                    Relation::Opposite => v.opposite[hole] as usize,
                    Relation::Symmetric => v.holes - 1 - hole,
                    Relation::Beyond => step(v.next, step(v.next, hole, v.closed), v.closed),
                    // A hole with nothing behind it has no such neighbour: nothing holds there.
                    Relation::Behind if v.behind[hole] == u8::MAX => return false,
                    Relation::Behind => v.behind[hole] as usize,
                };
                p.holds(related, v)
            }
        }
    }
}
