//! Sowing: one lap, and a whole move of laps joined by relays, with exact detection of moves
//! that would never end.

use super::State;
use crate::compile::{step, Rules};
use crate::player::Player;

/// What a finished sowing left behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The hole the last stone fell into.
    pub last: usize,
    pub laps: u32,
    /// The move stopped where the mover chooses to relay or stop (`relay or stop when …`).
    pub choice: bool,
}

/// Lifts every stone of `origin` and sows them; returns the hole of the last stone.
#[inline]
fn lap(rules: &Rules, counts: &mut [u16], origin: usize, next: &[u8; crate::MAX_HOLES], closed: u128) -> usize {
    let mut seeds = counts[origin];
    counts[origin] = 0;
    let mut at = origin;
    if rules.first_into_origin && seeds > 0 {
        counts[origin] = 1;
        seeds -= 1;
    }
    while seeds > 0 {
        at = if closed == 0 { next[at] as usize } else { step(next, at, closed) };
        if rules.skip_origin && at == origin {
            at = if closed == 0 { next[at] as usize } else { step(next, at, closed) };
        }
        counts[at] += 1;
        seeds -= 1;
    }
    at
}

/// Sows a whole move from `origin` for `mover`: laps and relays until a lap ends without one, or
/// ends where the mover has a choice to make ([`Sowing::choice`]).
/// Returns `None` if the move would never end; `state` is then left mid-move, so callers work on
/// a copy. Detection is exact (Brent's cycle finding over the position at the start of each lap),
/// so long moves that do end are never cut short.
pub fn sow(rules: &Rules, state: &mut State, origin: usize, mover: Player) -> Option<Sowing> {
    let holes = rules.holes;
    let mut lift = origin;
    let mut laps = 0u32;
    let mut checkpoint = state.counts;
    let mut checkpoint_hole = origin;
    let (mut power, mut steps) = (1u32, 0u32);
    let next = &rules.next[mover.index()];
    loop {
        let last = lap(rules, &mut state.counts, lift, next, state.closed);
        laps += 1;
        // A lap ending in a store ends the move.
        let in_store = last >= holes;
        let relays = match &rules.relay {
            Some(relay) => !in_store && state.holds(rules, relay, last, mover),
            None => false,
        };
        if !relays {
            let choice = !in_store && rules.relay_or_stop.as_ref().is_some_and(|p| state.holds(rules, p, last, mover));
            if rules.stores {
                // Stones sown into the stores are their owners' captures.
                for p in 0..2 {
                    state.captured[p] += u32::from(std::mem::take(&mut state.counts[holes + p]));
                }
            }
            return Some(Sowing { last, laps, choice });
        }
        lift = if rules.relay_next { step(next, last, state.closed) } else { last };
        if lift == checkpoint_hole && state.counts[..holes] == checkpoint[..holes] {
            return None;
        }
        steps += 1;
        if steps == power {
            checkpoint[..holes].copy_from_slice(&state.counts[..holes]);
            checkpoint_hole = lift;
            power = power.saturating_mul(2);
            steps = 0;
        }
    }
}
