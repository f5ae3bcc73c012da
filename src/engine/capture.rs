//! Captures at the end of a move: the first capture rule whose condition holds on the last hole
//! takes that hole, then its chain.

use super::State;
use crate::check::model::{ChainDirection, Take};
use crate::compile::Rules;
use crate::player::Player;

/// Applies the first capture rule that holds on `last`; returns the stones taken.
pub fn capture(rules: &Rules, state: &mut State, last: usize, mover: Player) -> u32 {
    let Some(rule) = rules.captures.iter().find(|c| state.holds(rules, &c.when, last, mover)) else {
        return 0;
    };
    let mut taken = 0u32;
    let mut take = |state: &mut State, hole: usize| {
        taken += u32::from(state.counts[hole]);
        state.counts[hole] = 0;
    };
    match rule.take {
        Take::LastHole => take(state, last),
    }
    if let Some((direction, pred)) = &rule.chain {
        let mut visited: u128 = 1 << last;
        let mut walk = |state: &mut State, step: &[u8]| {
            let mut hole = step[last] as usize;
            while visited & (1 << hole) == 0 && state.holds(rules, pred, hole, mover) {
                visited |= 1 << hole;
                take(state, hole);
                hole = step[hole] as usize;
            }
        };
        if matches!(direction, ChainDirection::Backward | ChainDirection::Both) {
            walk(state, &rules.previous);
        }
        if matches!(direction, ChainDirection::Forward | ChainDirection::Both) {
            walk(state, &rules.next);
        }
    }
    state.captured[mover.index()] += taken;
    taken
}
