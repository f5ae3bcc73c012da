//! The generic engine: a position ([`State`]), the actions on it, and [`Game`], which applies
//! actions, keeps the repetition history and decides the end. Every behaviour comes from
//! [`Rules`]; nothing here knows any game by name.
//!
//! One module per concern: [`sowing`] (laps, relays, endless-move detection), [`capture`],
//! [`ending`] (end conditions and scoring), [`trade`] (offers of holes for a price), [`game`]
//! (turns), [`action`] (action text),
//! [`position`] (the interchange JSON).

pub mod action;
mod capture;
mod ending;
mod game;
pub mod position;
mod sowing;
mod trade;

pub use action::{Action, ActionError};
pub use game::{Game, IllegalAction};

use serde::Serialize;

use crate::compile::Rules;
use crate::player::Player;
use crate::MAX_HOLES;

/// A position: the stones in every hole, who owns each hole, what each player has captured and
/// who is to move. Plain data, `Copy`: playing a move allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub counts: [u16; MAX_HOLES],
    pub owners: [Player; MAX_HOLES],
    pub captured: [u32; 2],
    pub to_move: Player,
    /// Holes offered and not yet answered (a bit per hole; 0: no offer is open). The offer is
    /// made by the opponent of `to_move`, who must answer it.
    pub offer: u128,
    /// Whether each player has declined an offer in this game (for the result's note).
    pub declined: [bool; 2],
}

impl State {
    /// The starting position of a game.
    pub fn initial(rules: &Rules) -> State {
        let mut owners = [Player::South; MAX_HOLES];
        for (hole, owner) in owners.iter_mut().enumerate().take(rules.holes) {
            *owner = rules.row_owner_of(hole);
        }
        State { counts: rules.initial, owners, captured: [0, 0], to_move: rules.first, offer: 0, declined: [false; 2] }
    }

    /// Stones on the board.
    pub fn board_total(&self, rules: &Rules) -> u32 {
        self.counts[..rules.holes].iter().map(|&c| u32::from(c)).sum()
    }

    /// Stones on the board plus everything captured: constant through a game.
    pub fn total(&self, rules: &Rules) -> u32 {
        self.board_total(rules) + self.captured[0] + self.captured[1]
    }

    /// Whether `pred` holds for `hole` with `mover` as the player whose move it is.
    #[inline]
    pub(crate) fn holds(&self, rules: &Rules, pred: &crate::compile::Pred, hole: usize, mover: Player) -> bool {
        pred.holds(hole, rules.holes, &|h| u32::from(self.counts[h]), &|h| self.owners[h] == mover)
    }
}

/// The holes of a set, in board order.
pub fn holes_of(set: u128) -> impl Iterator<Item = usize> {
    (0..MAX_HOLES).filter(move |&h| set & (1u128 << h) != 0)
}

/// How a finished game came out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// `None`: a draw.
    pub winner: Option<Player>,
    /// Each player's final total under the game's scoring, South first.
    pub score: [u32; 2],
    /// Why the game ended, in words.
    pub reason: String,
}
