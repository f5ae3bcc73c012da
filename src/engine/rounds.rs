//! Matches of rounds: the end of a round sends the board's stones to the players' stocks, then
//! each player refills their holes from their stock, closing those they cannot fill.

use super::ending;
use super::State;
use crate::check::model::Leftover;
use crate::compile::{RoundsRule, Rules};
use crate::player::Player;

/// What follows the end of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A new round has started.
    Round,
    /// These players cannot fill a single hole: the match is over (lost by the one, drawn if both).
    Unfilled(Option<Player>),
}

/// Ends the round in `state` after `mover`'s action: the board's stones go to the stocks as
/// `leftover` says, then both players refill (or the match ends).
pub fn end_round(rules: &Rules, rounds: &RoundsRule, state: &mut State, leftover: Leftover, mover: Player) -> Next {
    state.captured = ending::score(rules, state, leftover, mover);
    state.counts[..rules.holes].fill(0);
    state.pending = super::Pending::None;
    state.offer = 0;
    let refill = rounds.refill.max(1);
    // The holes each player can fill: full ones, and with `the rest in one more hole` one more
    // for what is left.
    let fillable = |p: Player| {
        let stock = state.captured[p.index()];
        let holes = if rounds.rest { stock.div_ceil(refill) } else { stock / refill };
        holes.min(u32::try_from(rounds.fill_order[p.index()].len()).unwrap_or(u32::MAX))
    };
    let mut filled = Player::BOTH.map(fillable);
    match filled {
        [0, 0] => return Next::Unfilled(None),
        [0, _] => return Next::Unfilled(Some(Player::South)),
        [_, 0] => return Next::Unfilled(Some(Player::North)),
        _ => {}
    }
    // The poorer player, by the stones after the round (`None`: as many each).
    let poorer = match state.captured[0].cmp(&state.captured[1]) {
        std::cmp::Ordering::Less => Some(Player::South),
        std::cmp::Ordering::Greater => Some(Player::North),
        std::cmp::Ordering::Equal => None,
    };
    if rounds.as_poorer {
        let fewest = filled[0].min(filled[1]);
        filled = [fewest; 2];
    }
    state.closed = 0;
    // Claims last for the round: the holes go back to their rows' players.
    for hole in super::holes_of(std::mem::take(&mut state.claimed)) {
        state.owners[hole] = rules.home_of(hole);
    }
    for p in Player::BOTH {
        for (i, &hole) in rounds.fill_order[p.index()].iter().enumerate() {
            if u32::try_from(i).is_ok_and(|i| i < filled[p.index()]) {
                // At most 500 (the checker's bound on `refill`); the last hole may take less.
                let stones = refill.min(state.captured[p.index()]);
                state.counts[usize::from(hole)] = u16::try_from(stones).unwrap_or(u16::MAX);
                state.captured[p.index()] -= stones;
            } else if !rounds.stay_open {
                state.closed |= 1u128 << hole;
            }
        }
    }
    state.round = state.round.saturating_add(1);
    state.to_move = match rounds.result_starts {
        // The loser (or winner) of the round; on equal stones, the turn passes as after any move.
        Some(loser) => poorer.map_or(mover.opponent(), |p| if loser { p } else { p.opponent() }),
        None => starter(rules, rounds, state.round),
    };
    Next::Round
}

/// Who starts round `round`.
pub fn starter(rules: &Rules, rounds: &RoundsRule, round: u16) -> Player {
    if rounds.alternate && round.is_multiple_of(2) {
        rules.first.opponent()
    } else {
        rules.first
    }
}
