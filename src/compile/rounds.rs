//! The `rounds` section compiled ([`RoundsRule`]): a match of rounds, each refilled in each
//! player's sowing order from the first hole of their row.

use super::Lowering;
use crate::check::model::{RefillRest, Rounds};
use crate::hole_byte;
use crate::player::Player;
use crate::vocabulary::{Leftover, Outcome};

/// A runtime match of rounds.
#[derive(Clone, Debug)]
pub struct RoundsRule {
    /// Stones per hole at a refill.
    pub refill: u32,
    pub alternate: bool,
    /// What is left after the full holes goes into one more hole.
    pub rest: bool,
    /// A rest of at least this many fills one more hole, the opponent giving what it lacks.
    pub made_up: Option<u32>,
    /// Each player fills holes along the whole circuit from their first hole, and owns them.
    pub change_hands: bool,
    /// Both players refill as many holes as the poorer can.
    pub as_poorer: bool,
    /// Holes left empty by a refill stay in play.
    pub stay_open: bool,
    /// The player with fewer (`true`) or more stones after a round starts the next.
    pub result_starts: Option<bool>,
    /// Each player's holes in the order they are refilled: their own, in sowing order from the
    /// first hole of their row (South's a1 onwards, North's bN onwards, counter-clockwise); where
    /// holes change hands, every hole of the circuit from that one on.
    pub fill_order: [Vec<u8>; 2],
    /// The match ends when a round starts for this many times as an earlier one did.
    pub repeats: Option<RoundRepeats>,
}

/// `end match when round start repeats N times`: how often and with what outcome.
#[derive(Clone, Debug)]
pub struct RoundRepeats {
    pub times: u32,
    pub outcome: Outcome,
    /// The condition as written, the result's reason.
    pub reason: String,
}

impl RoundsRule {
    /// The `rounds` section; an outcome it leaves unsaid is the file's `leftover`.
    pub(super) fn of(rounds: &Rounds, leftover: Leftover, lower: &Lowering<'_>) -> RoundsRule {
        let geometry = &lower.geometry;
        RoundsRule {
            refill: lower.value(rounds.refill),
            alternate: rounds.alternate,
            rest: rounds.rest == RefillRest::OneMoreHole,
            made_up: match rounds.rest {
                RefillRest::MadeUp(least) => Some(lower.value(least)),
                _ => None,
            },
            change_hands: rounds.change_hands,
            as_poorer: rounds.as_poorer,
            stay_open: rounds.stay_open,
            result_starts: rounds.result_starts,
            repeats: rounds.repeats.as_ref().map(|m| RoundRepeats {
                times: lower.value(m.times),
                outcome: m.outcome.unwrap_or(Outcome::Leftover(leftover)),
                reason: m.text.clone(),
            }),
            fill_order: Player::BOTH.map(|p| {
                let circuit = &geometry.circuits[if geometry.own_circuits { p.index() } else { 0 }];
                let mut own = geometry.own_along(circuit, p);
                if rounds.from_last {
                    own.reverse();
                }
                if !rounds.change_hands {
                    return own.into_iter().map(hole_byte).collect();
                }
                let mut holes: Vec<usize> = circuit.iter().copied().filter(|&h| h < geometry.holes).collect();
                if rounds.from_last {
                    holes.reverse();
                }
                let from = own.first().and_then(|first| holes.iter().position(|h| h == first)).unwrap_or(0);
                holes[from..].iter().chain(&holes[..from]).copied().map(hole_byte).collect()
            }),
        }
    }
}
