//! Matches of rounds: the end of a round sends the board's stones to the players' stocks, then
//! each player refills their holes from their stock, closing those they cannot fill.

use super::ending;
use super::layout::{Cells, Mask};
use super::StateIn;
use crate::compile::{RoundsRule, Rules};
use crate::player::Player;
use crate::vocabulary::Leftover;
use crate::Holes;

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
pub fn end_round<C: Cells>(rules: &Rules, rounds: &RoundsRule, state: &mut StateIn<C>, leftover: Leftover, mover: Player) -> Next {
    state.captured = ending::score(rules, state, leftover, mover);
    state.empty_board(rules.board.holes);
    state.pending = super::Pending::None;
    state.offer = C::Mask::NONE;
    let refill = rounds.refill.max(1);
    // The poorer player, by the stones after the round (`None`: as many each).
    let poorer = match state.captured[0].cmp(&state.captured[1]) {
        std::cmp::Ordering::Less => Some(Player::South),
        std::cmp::Ordering::Greater => Some(Player::North),
        std::cmp::Ordering::Equal => None,
    };
    // The richer fills first (on equal stones, South): it decides whose holes are whose where
    // holes change hands, and who is made up first.
    let order = match poorer {
        Some(p) => [p.opponent(), p],
        None => Player::BOTH,
    };
    if let Some(least) = rounds.made_up {
        for p in order {
            let rest = state.captured[p.index()] % refill;
            if rest > 0 && rest >= least {
                let given = (refill - rest).min(state.captured[p.opponent().index()]);
                state.captured[p.opponent().index()] -= given;
                state.captured[p.index()] += given;
            }
        }
    }
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
    if rounds.as_poorer {
        let fewest = filled[0].min(filled[1]);
        filled = [fewest; 2];
    }
    state.closed = C::Mask::NONE;
    // Claims last for the round: the holes go back to their rows' players.
    for hole in std::mem::take(&mut state.claimed).places() {
        state.set_owner(hole, rules.home_of(hole));
    }
    // The holes filled so far: where holes change hands, a player skips those the other has
    // filled, and owns the ones they fill.
    let mut taken = Holes::EMPTY;
    for p in order {
        let mut left = filled[p.index()];
        for &hole in &rounds.fill_order[p.index()] {
            if left == 0 || taken.has(usize::from(hole)) {
                continue;
            }
            // At most 500 (the checker's bound on `refill`); the last hole may take less.
            let stones = refill.min(state.captured[p.index()]);
            state.set_count(usize::from(hole), u16::try_from(stones).unwrap_or(u16::MAX));
            state.captured[p.index()] -= stones;
            state.set_owner(usize::from(hole), p);
            taken = taken.with(usize::from(hole));
            left -= 1;
        }
    }
    for hole in 0..rules.board.holes {
        if !taken.has(hole) {
            if rounds.change_hands {
                state.set_owner(hole, rules.home_of(hole));
            }
            if !rounds.stay_open {
                state.closed |= C::Mask::bit(hole);
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
        rules.play.first.opponent()
    } else {
        rules.play.first
    }
}
