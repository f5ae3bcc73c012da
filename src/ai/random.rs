//! The random player: every legal action equally likely.

use rand::rngs::ChaCha8Rng;
use rand::seq::IndexedRandom;

use crate::engine::layout::Mask;
use crate::engine::with_actions;
use crate::engine::{Cells, GameIn};
use crate::Action;

/// The indices of a list of actions (at most one action a hole).
const INDICES: [u8; crate::MAX_HOLES] = {
    let mut indices = [0u8; crate::MAX_HOLES];
    let mut i = 0;
    while i < crate::MAX_HOLES {
        indices[i] = i as u8;
        i += 1;
    }
    indices
};

/// A legal action chosen uniformly; `None` once the game is over.
pub fn choose<C: Cells>(game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
    if let Some(holes) = game.sowings() {
        // The same draw as from the list of actions: an index among as many, then that hole.
        let count = holes.ones() as usize;
        let index = usize::from(*INDICES[..count].choose(rng)?);
        return holes.places().nth(index).map(|hole| Action::Sow(crate::hole_byte(hole)));
    }
    with_actions(|actions| {
        game.legal_actions_into(actions);
        actions.choose(rng).copied()
    })
}
