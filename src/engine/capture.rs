//! Captures at the end of a move: the first capture rule whose condition holds on the last hole
//! takes what it takes (the last hole, the opposite one or the opponent's column), then its
//! chain, then the holes the mover chooses.

use super::{Pending, State};
use crate::check::model::{ChainDirection, Take};
use crate::compile::{step, Rules};
use crate::player::Player;

/// Applies the first capture rule that holds on `last`; returns the stones taken. Where the
/// mover must then choose holes among more than they may take, the choice is left open in
/// `state.pending`; with no real choice the holes are taken at once.
pub fn capture(rules: &Rules, state: &mut State, last: usize, mover: Player) -> u32 {
    // A lap that ends in a store captures nothing.
    if last >= rules.holes {
        return 0;
    }
    let Some((index, rule)) = rules.captures.iter().enumerate().find(|(_, c)| state.holds(rules, &c.when, last, mover)) else {
        return 0;
    };
    // Kept only where a grand slam may have to be undone.
    let before = rule.grand_slam_nothing.then_some(*state);
    let mut taken = 0u32;
    for what in &rule.takes {
        take_one(rules, state, *what, last, mover, &mut taken);
    }
    if let Some((direction, pred)) = &rule.chain {
        let mut visited: u128 = 1 << last;
        let mut walk = |state: &mut State, table: &[u8; crate::MAX_HOLES]| {
            let mut hole = step(table, last, state.closed);
            while hole < rules.holes && visited & (1 << hole) == 0 && state.holds(rules, pred, hole, mover) {
                visited |= 1 << hole;
                take(state, hole, &mut taken);
                hole = step(table, hole, state.closed);
            }
        };
        if matches!(direction, ChainDirection::Backward | ChainDirection::Both) {
            walk(state, &rules.previous[mover.index()]);
        }
        if matches!(direction, ChainDirection::Forward | ChainDirection::Both) {
            walk(state, &rules.next[mover.index()]);
        }
    }
    // A grand slam (the opponent's side left empty) takes nothing where the rule says so.
    if let Some(before) = before.filter(|_| taken > 0 && (0..rules.holes).all(|h| state.owners[h] == mover || state.counts[h] == 0)) {
        *state = before;
        return 0;
    }
    if let Some((count, _)) = &rule.bonus {
        let choosable = choosable(rules, state, mover, index);
        if choosable.count_ones() <= *count {
            super::holes_of(choosable).for_each(|hole| take(state, hole, &mut taken));
        } else {
            state.pending = Pending::Choose(index as u8);
        }
    }
    state.captured[mover.index()] += taken;
    taken
}

/// Moves every stone of `hole` to what the capture has taken.
fn take(state: &mut State, hole: usize, taken: &mut u32) {
    *taken += u32::from(state.counts[hole]);
    state.counts[hole] = 0;
}

/// Takes what `what` names, from the last hole `last`.
fn take_one(rules: &Rules, state: &mut State, what: Take, last: usize, mover: Player, taken: &mut u32) {
    match what {
        Take::LastHole => take(state, last, taken),
        Take::Opposite => take(state, rules.opposite[last] as usize, taken),
        Take::Next => {
            let next = step(&rules.next[mover.index()], last, state.closed);
            take(state, next, taken)
        }
        Take::Beyond => {
            let next = &rules.next[mover.index()];
            let beyond = step(next, step(next, last, state.closed), state.closed);
            take(state, beyond, taken)
        }
        Take::OpponentColumn => {
            for row in 0..rules.rows {
                let hole = row * rules.columns + last % rules.columns;
                if state.owners[hole] != mover {
                    take(state, hole, taken);
                }
            }
        }
    }
}

/// The holes `mover` may choose from after capture rule `rule` (a bit per hole).
pub fn choosable(rules: &Rules, state: &State, mover: Player, rule: usize) -> u128 {
    let Some((_, pred)) = rules.captures.get(rule).and_then(|r| r.bonus.as_ref()) else { return 0 };
    (0..rules.holes).filter(|&h| state.holds(rules, pred, h, mover)).fold(0, |set, h| set | 1u128 << h)
}

/// Takes the chosen holes `set` for `mover`, ending the choice; `false` (and nothing changed) if
/// the set is not one the open choice allows.
pub fn take_chosen(rules: &Rules, state: &mut State, mover: Player, set: u128) -> bool {
    let Pending::Choose(rule) = state.pending else { return false };
    let count = rules.chosen_count(rule as usize);
    if count == 0 || set.count_ones() != count || set & !choosable(rules, state, mover, rule as usize) != 0 {
        return false;
    }
    take_holes(state, mover, set);
    state.pending = Pending::None;
    true
}

/// Moves every stone of the holes of `set` to `mover`'s captures.
pub fn take_holes(state: &mut State, mover: Player, set: u128) {
    let mut taken = 0;
    super::holes_of(set).for_each(|hole| take(state, hole, &mut taken));
    state.captured[mover.index()] += taken;
}
