//! The `play` section compiled ([`Play`]): who moves first, the holes a move may start from and
//! what makes one legal, stones placed from hand, the phases; and the `trade` section
//! ([`TradeRule`]), offered instead of a move.

use super::{Condition, Lowering, Pred};
use crate::ast::CompareOp;
use crate::check::model;
use crate::player::Player;
use crate::vocabulary::NoMove;

/// What the `play` section says, its conditions lowered.
#[derive(Clone, Debug)]
pub struct Play {
    pub first: Player,
    pub start: Condition,
    /// Which holes may start a move when none meets `start`.
    pub fallback: Option<Condition>,
    pub no_move: NoMove,
    /// The mover moves again when the last seed falls into their own store.
    pub play_again: bool,
    /// When the opponent's side is empty, only moves that give them stones are legal.
    pub must_feed: bool,
    /// Holes that may also start a reversed move, and whether only one that captures.
    pub reverse: Option<(Condition, bool)>,
    /// When some move captures only a move that captures is legal; such a move starts from a
    /// hole where this holds (`None`: no such rule).
    pub must_capture: Option<Condition>,
    /// A move after whose sowing this holds (for the mover) is not legal.
    pub no_move_leaves: Option<Condition>,
    /// A move whose first lap captures nothing captures nothing.
    pub first_lap_decides: bool,
    /// While the mover holds stones in hand, a move puts one into an own hole where this holds.
    pub place: Option<Condition>,
    /// Where to place when no hole meets `place`'s condition.
    pub place_fallback: Option<Condition>,
    /// The hole placed into is then sown (or captures), the way the move names.
    pub place_then_sow: bool,
    /// The phases each player goes through, in order: each one's name and when a player's phase
    /// moves on (`None` for the last). Empty: the game has no phases.
    pub phases: Vec<(String, Option<Condition>)>,
    /// The first phase is one turn both players play at once; then the player who finished last
    /// (`Some(true)`) or first moves.
    pub race: Option<bool>,
}

impl Play {
    /// The `play` section and its `phases`.
    pub(super) fn of(play: &model::Play, phases: &[model::Phase], lower: &Lowering<'_>) -> Play {
        let condition = |p: &model::Pred| lower.condition(p);
        // The conditions that choose the holes a move may start from.
        let start = |p: &model::Pred| lower.condition(p).split_by_position();
        let any_stones = || Condition::new(Pred::Count(CompareOp::Ge, 1));
        Play {
            first: play.first,
            start: play.start.as_ref().map(start).unwrap_or_else(any_stones),
            fallback: play.fallback.as_ref().map(start),
            no_move: play.no_move,
            play_again: play.play_again,
            must_feed: play.must_feed,
            reverse: play.reverse.as_ref().map(|(p, only)| (start(p), *only)),
            must_capture: play
                .must_capture
                .as_ref()
                .map(|from| from.as_ref().or(play.start.as_ref()).map(start).unwrap_or_else(any_stones)),
            no_move_leaves: play.no_move_leaves.as_ref().map(condition),
            first_lap_decides: play.first_lap_decides.is_some(),
            place: play.place.as_ref().map(condition),
            place_fallback: play.place_fallback.as_ref().map(condition),
            place_then_sow: play.place_then_sow,
            phases: phases.iter().map(|p| (p.name.clone(), p.until.as_ref().map(condition))).collect(),
            race: phases.first().and_then(|p| p.at_once),
        }
    }
}

/// A runtime trade rule: offers of `fewest..=most` holes, keeping `keep`, at `price` a hole.
#[derive(Clone, Debug)]
pub struct TradeRule {
    pub fewest: u32,
    pub most: u32,
    pub keep: u32,
    pub price: u32,
    pub declined_win: Option<String>,
}

impl TradeRule {
    /// The `trade` section.
    pub(super) fn of(trade: &model::Trade, lower: &Lowering<'_>) -> TradeRule {
        TradeRule {
            fewest: lower.value(trade.fewest),
            most: lower.value(trade.most),
            keep: lower.value(trade.keep),
            price: lower.value(trade.price),
            declined_win: trade.declined_win.clone(),
        }
    }
}
