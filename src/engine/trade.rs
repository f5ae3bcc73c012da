//! Offers of holes for a price: instead of moving, a player offers some of their holes; the other
//! player accepts (the holes change owner and the receiver pays into each) or declines. Either
//! way the offer was the offerer's whole turn, and the receiver then plays theirs.

use super::{holes_of, Action, State};
use crate::compile::{Rules, TradeRule};
use crate::player::Player;

/// The holes `player` owns, as a set.
fn owned(rules: &Rules, state: &State, player: Player) -> u128 {
    (0..rules.holes).filter(|&h| state.owners[h] == player).fold(0, |set, h| set | 1u128 << h)
}

/// Whether `player` may offer `set` now (they have a move, which the caller knows).
pub fn can_offer(rules: &Rules, trade: &TradeRule, state: &State, player: Player, set: u128) -> bool {
    let own = owned(rules, state, player);
    let size = set.count_ones();
    set & !own == 0
        && (trade.fewest..=trade.most).contains(&size)
        && own.count_ones() - size >= trade.keep
        && state.captured[player.opponent().index()] >= trade.price * size
}

/// Every offer `player` may make, smallest first, each size in board order.
pub fn offers(rules: &Rules, trade: &TradeRule, state: &State, player: Player, out: &mut Vec<Action>) {
    let own: Vec<usize> = holes_of(owned(rules, state, player)).collect();
    for size in trade.fewest.max(1)..=trade.most {
        subsets(&own, size as usize, 0, 0, &mut |set| {
            if can_offer(rules, trade, state, player, set) {
                out.push(Action::Offer(set));
            }
        });
    }
}

/// Calls `each` with every subset of `holes[from..]` of `size` holes added to `chosen`.
fn subsets(holes: &[usize], size: usize, from: usize, chosen: u128, each: &mut impl FnMut(u128)) {
    if size == 0 {
        return each(chosen);
    }
    for i in from..holes.len() {
        if holes.len() - i < size {
            break;
        }
        subsets(holes, size - 1, i + 1, chosen | 1u128 << holes[i], each);
    }
}

/// The answer to the open offer: on acceptance the holes change owner and the receiver
/// (`state.to_move`) pays `price` captured stones into each.
pub fn answer(trade: &TradeRule, state: &mut State, accept: bool) {
    let receiver = state.to_move;
    if accept {
        for hole in holes_of(state.offer) {
            state.owners[hole] = receiver;
            state.counts[hole] += trade.price as u16;
            state.captured[receiver.index()] -= trade.price;
        }
    } else {
        state.declined[receiver.index()] = true;
    }
    state.offer = 0;
}
