//! The `sowing` section compiled ([`Sowing`]): which way, where the first seed goes, relays, laps
//! and holes taken in passing.

use super::{Condition, Lowering};
use crate::check::model;
use crate::vocabulary::{Direction, FirstSeed, HoleRef, Taker};

/// What the `sowing` section says, its conditions lowered.
#[derive(Clone, Debug)]
pub struct Sowing {
    /// Whether the sowing goes clockwise (the way a move goes unless it is reversed).
    pub clockwise: bool,
    /// Every move may go either way.
    pub either_way: bool,
    pub first_seed: FirstSeed,
    pub skip_origin: bool,
    pub relay: Option<Condition>,
    /// The hole a relay lifts, from the lap's last hole.
    pub relay_from: HoleRef,
    /// Where the mover chooses to relay or stop.
    pub relay_or_stop: Option<Condition>,
    /// The most laps a move sows: after that many it ends where it stands (`u32::MAX`: no limit).
    pub lap_limit: u32,
    /// A lap lifts at most this many stones of a hole where the condition holds.
    pub lift_only: Option<(u32, Condition)>,
    /// Holes taken while sowing, right after a stone falls into them, and by whom.
    pub in_passing: Option<(Condition, Taker)>,
}

impl Sowing {
    /// The `sowing` section.
    pub(super) fn of(sowing: &model::Sowing, lower: &Lowering<'_>) -> Sowing {
        let condition = |p: &model::Pred| lower.condition(p);
        Sowing {
            clockwise: sowing.direction == Direction::Clockwise,
            either_way: sowing.either_way,
            first_seed: sowing.first_seed,
            skip_origin: sowing.skip_origin,
            relay: sowing.relay.as_ref().map(condition),
            relay_from: sowing.relay_from,
            relay_or_stop: sowing.relay_or_stop.as_ref().map(condition),
            lap_limit: sowing.lap_limit.map_or(u32::MAX, |n| lower.value(n)),
            lift_only: sowing.lift_only.as_ref().map(|(n, p)| (lower.value(*n), condition(p))),
            in_passing: sowing.in_passing.as_ref().map(|(p, taker)| (condition(p), *taker)),
        }
    }
}
