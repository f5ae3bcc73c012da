//! The random player: every legal action equally likely.

use rand::rngs::ChaCha8Rng;
use rand::seq::IndexedRandom;

use crate::engine::with_actions;
use crate::engine::{Cells, GameIn};
use crate::Action;

/// A legal action chosen uniformly; `None` once the game is over.
pub fn choose<C: Cells>(game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
    with_actions(|actions| {
        game.legal_actions_into(actions);
        actions.choose(rng).copied()
    })
}
