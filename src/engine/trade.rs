//! Offers of holes for a price: instead of moving, a player offers some of their holes; the other
//! player accepts (the holes change owner and the receiver pays into each) or declines. Either
//! way the offer was the offerer's whole turn, and the receiver then plays theirs.

use super::layout::{Cells, Mask};
use super::{Action, StateIn};
use crate::compile::{Rules, TradeRule};
use crate::player::Player;

/// The holes `player` owns and may trade, as a set: a claimed hole is theirs for good, not a
/// hole of their territory to trade.
fn owned<C: Cells>(rules: &Rules, state: &StateIn<C>, player: Player) -> u128 {
    (state.owned(player, super::layout::board_mask::<C>(rules)) & !state.claimed).wide()
}

/// Whether `player` may offer `set` now (they have a move, which the caller knows).
pub fn can_offer<C: Cells>(rules: &Rules, trade: &TradeRule, state: &StateIn<C>, player: Player, set: u128) -> bool {
    affordable(trade, state, player, owned(rules, state, player), set)
}

/// [`can_offer`], with `own` the holes `player` owns.
fn affordable<C: Cells>(trade: &TradeRule, state: &StateIn<C>, player: Player, own: u128, set: u128) -> bool {
    set & !own == 0 && size_affordable(trade, state, player, own, set.count_ones())
}

/// Whether an offer of `size` of the holes `own` is one `player` may make: it depends on the
/// offer's size alone (the most and fewest holes, the holes kept, the price of each).
fn size_affordable<C: Cells>(trade: &TradeRule, state: &StateIn<C>, player: Player, own: u128, size: u32) -> bool {
    (trade.fewest..=trade.most).contains(&size)
        && own.count_ones().checked_sub(size).is_some_and(|kept| kept >= trade.keep)
        && state.captured[player.opponent().index()] >= trade.price * size
}

/// Every offer `player` may make, smallest first, each size in board order. Allocates nothing
/// beyond `out`. A size that may not be offered is passed over without listing its sets (the
/// opponent without the price of one hole: no set of any size).
pub fn offers<C: Cells>(rules: &Rules, trade: &TradeRule, state: &StateIn<C>, player: Player, out: &mut Vec<Action>) {
    let own = owned(rules, state, player);
    for size in (trade.fewest.max(1)..=trade.most).filter(|&size| size_affordable(trade, state, player, own, size)) {
        super::subsets(own, size, &mut |set| out.push(Action::Offer(set)));
    }
}

/// The answer to the open offer: on acceptance the holes change owner and the receiver
/// (`state.to_move`) pays `price` captured stones into each.
pub fn answer<C: Cells>(trade: &TradeRule, state: &mut StateIn<C>, accept: bool) {
    let receiver = state.to_move;
    if accept {
        for hole in state.offer.places() {
            state.set_owner(hole, receiver);
            // At most 500 (the checker's bound on `price`), and a position holds at most 65,535 stones.
            state.add(hole, u16::try_from(trade.price).unwrap_or(u16::MAX));
            state.captured[receiver.index()] -= trade.price;
        }
    } else {
        state.declined[receiver.index()] = true;
    }
    state.offer = C::Mask::NONE;
}
