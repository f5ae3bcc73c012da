//! The random player: every legal action equally likely.

use rand::rngs::ChaCha8Rng;
use rand::seq::IndexedRandom;
use rand::RngExt;

use crate::engine::layout::Mask;
use crate::engine::{nth_subset, subset_count, with_actions};
use crate::engine::{Cells, GameIn};
use crate::Action;

/// The indices of a list of actions (at most one action a hole).
const INDICES: [u8; crate::MAX_HOLES] = {
    let mut indices = [0u8; crate::MAX_HOLES];
    let mut i = 0;
    while i < crate::MAX_HOLES {
        // i < MAX_HOLES (128): a byte. (`u8::try_from` is not const.)
        #[allow(clippy::cast_possible_truncation)]
        let index = i as u8;
        indices[i] = index;
        i += 1;
    }
    indices
};

/// A legal action chosen uniformly; `None` once the game is over.
#[inline(always)]
pub fn choose<C: Cells>(game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
    if let Some(holes) = game.sowings() {
        // The same draw as from the list of actions: an index among as many, then that hole.
        let count = holes.ones() as usize;
        let index = usize::from(*INDICES[..count].choose(rng)?);
        return holes.places().nth(index).map(|hole| Action::Sow(crate::hole_byte(hole)));
    }
    choose_otherwise(game, rng)
}

/// [`choose`] where the turn's moves are not known as a set of holes to sow from: a set of holes
/// to take, or the list of legal actions.
#[inline(never)]
fn choose_otherwise<C: Cells>(game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
    if let Some((holes, size)) = game.choice() {
        // The same draw as from the list of every set of `size` of the holes: an index among as
        // many, then the set of that number, found without listing them.
        if let Some(count) = subset_count(holes.count_ones(), size).and_then(|n| usize::try_from(n).ok()).filter(|&n| n > 0) {
            let index = rng.random_range(..count);
            return Some(Action::Take(nth_subset(holes, size, index as u128)));
        }
    }
    with_actions(|actions| {
        game.legal_actions_into(actions);
        actions.choose(rng).copied()
    })
}
