//! A turn both players play at once (`phase race, both at once, then … to finish moves`): each
//! has chosen a hole, and the two moves are sown together, stone by stone. Time goes in ticks;
//! in each tick the player who moves first in the game drops a stone, then the other. Each move
//! follows the usual rules of a lap's end the moment its lap's last stone falls: a relay lifts
//! at once (its first stone falls in the next tick), and a move that ends captures there and
//! then, on the board as it is at that moment (one that goes on, `continue from`, lifts at once
//! as a relay does). A move ending in its player's store ends like any other: nobody moves again
//! inside a race.

use super::capture::{capture, resolve, resow, GoesOn};
use super::events::{Event, LiftWhy, Trace};
use super::layout::{step, Cells, Mask};
use super::sowing::{back_into_origin, bank_stores, drop_stone, lift_from, lift_most};
use super::{Lap, StateIn};
use crate::compile::Rules;
use crate::player::Player;

/// Ticks after which a race that has not ended counts as one that never ends (exact cycle
/// detection finds most such races far sooner).
const ENDLESS_TICKS: u32 = 1_000_000;

/// One player's move in a race: where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sower {
    player: Player,
    /// The place the last stone fell into (at a lap's start, its origin).
    at: usize,
    origin: usize,
    /// Stones still in hand.
    seeds: u32,
    /// The next stone goes back into the origin (`first seed into origin`).
    back: bool,
    /// Laps begun, and the stones of the one being sown.
    laps: u32,
    sown: u32,
    done: bool,
}

/// What a race left: the position, and who moves next.
pub struct Finish<C: Cells> {
    pub state: StateIn<C>,
    pub next: Player,
}

/// Plays the race from `start` in which each player sows from `holes[player]`; `None` if it
/// would never end. `last_moves`: the player who finished last moves next (else the first).
pub fn race<C: Cells, T: Trace>(rules: &Rules, start: &StateIn<C>, holes: [usize; 2], last_moves: bool, tr: &mut T) -> Option<Finish<C>> {
    let mut state = *start;
    state.reversed = false;
    let mut sowers = [rules.play.first, rules.play.first.opponent()].map(|player| {
        let origin = holes[player.index()];
        let most = lift_most(rules, &state, origin, player, 1);
        let seeds = lift_from(&mut state, origin, most);
        tr.event(|| Event::lifted(player, origin, seeds, LiftWhy::Move));
        Sower { player, at: origin, origin, seeds, back: back_into_origin(rules, seeds), laps: 1, sown: seeds, done: false }
    });
    // Who finished first (the other finished second).
    let mut first = None;
    for sower in &mut sowers {
        settle(rules, &mut state, sower, &mut first, tr);
    }
    let places = rules.board.holes + 2;
    let mut checkpoint = (*state.cells(), sowers);
    let (mut power, mut steps) = (1u32, 0u32);
    for _ in 0..ENDLESS_TICKS {
        if sowers.iter().all(|s| s.done) {
            bank_stores(rules, &mut state);
            // Both have finished, so one finished first.
            let earlier = first.unwrap_or(rules.play.first);
            let next = if last_moves { earlier.opponent() } else { earlier };
            return Some(Finish { state, next });
        }
        for sower in &mut sowers {
            if sower.done {
                continue;
            }
            let place = if sower.back {
                sower.back = false;
                sower.origin
            } else {
                let next = rules.next_of(sower.player, false);
                let mut place = step(next, sower.at, state.closed);
                if rules.sowing.skip_origin && place == sower.origin {
                    place = step(next, place, state.closed);
                }
                place
            };
            drop_stone(rules, &mut state, place, sower.player, false, tr);
            sower.at = place;
            sower.seeds -= 1;
            settle(rules, &mut state, sower, &mut first, tr);
        }
        // A race that comes back to a tick it has seen never ends.
        if state.cells().same(&checkpoint.0, places) && sowers == checkpoint.1 {
            return None;
        }
        steps += 1;
        if steps == power {
            checkpoint = (*state.cells(), sowers);
            power = power.saturating_mul(2);
            steps = 0;
        }
    }
    None
}

/// While `sower`'s hand is empty: the lap has ended where it stands, so it goes on (a capture
/// sown on or going on, a relay) or the move ends and captures; `first` names the player whose
/// move ended first, once one has.
fn settle<C: Cells, T: Trace>(rules: &Rules, state: &mut StateIn<C>, sower: &mut Sower, first: &mut Option<Player>, tr: &mut T) {
    while sower.seeds == 0 && !sower.done {
        let (last, player) = (sower.at, sower.player);
        let lap = Lap { number: sower.laps, sown: sower.sown };
        let ends_here = last >= rules.board.holes || state.claimed.has(last) || sower.laps >= rules.sowing.lap_limit;
        // A capture that goes on (or sows its stones on) comes before any relay.
        let resown = if rules.captures.resows && !ends_here { resow(rules, state, last, sower.origin, player, lap, tr) } else { None };
        let why = if resown.is_some() { LiftWhy::Capture } else { LiftWhy::Relay };
        let next = match resown {
            Some((_, GoesOn::Lift(hole))) => Some(hole),
            Some((stones, GoesOn::SowAfter(after))) => {
                // Captured stones sown on, the first into the hole after `after`.
                *sower = Sower { at: after, origin: after, seeds: stones, back: false, laps: sower.laps + 1, sown: stones, ..*sower };
                continue;
            }
            None if !ends_here && rules.sowing.relay.as_ref().is_some_and(|relay| state.holds_in_lap(rules, relay, last, player, lap)) => {
                Some(
                    resolve(rules, state, rules.sowing.relay_from, last, sower.origin, player)
                        .filter(|&h| h < rules.board.holes)
                        .unwrap_or(last),
                )
            }
            None => None,
        };
        match next {
            // The next lap, lifted at once: its first stone falls in the next tick.
            Some(hole) => {
                let seeds = lift_from(state, hole, lift_most(rules, state, hole, player, sower.laps + 1));
                tr.event(|| Event::lifted(player, hole, seeds, why));
                let back = back_into_origin(rules, seeds);
                *sower = Sower { at: hole, origin: hole, seeds, back, laps: sower.laps + 1, sown: seeds, ..*sower };
            }
            None => {
                sower.done = true;
                first.get_or_insert(player);
                capture(rules, state, last, player, lap, tr);
            }
        }
    }
}
