//! The random player: every legal action equally likely.

use std::cell::RefCell;

use rand::rngs::ChaCha8Rng;
use rand::seq::IndexedRandom;

use crate::{Action, Game};

thread_local! {
    /// The legal actions of the last choice, kept so that a choice allocates nothing once the
    /// buffer is large enough (simulations call this once per action).
    static LEGAL: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
}

/// A legal action chosen uniformly; `None` once the game is over.
pub fn choose(game: &Game<'_>, rng: &mut ChaCha8Rng) -> Option<Action> {
    LEGAL.with(|legal| {
        // A choice never calls itself, so the buffer is free; should it ever be borrowed, a fresh one serves.
        match legal.try_borrow_mut() {
            Ok(mut actions) => pick(game, rng, &mut actions),
            Err(_) => pick(game, rng, &mut Vec::new()),
        }
    })
}

fn pick(game: &Game<'_>, rng: &mut ChaCha8Rng, actions: &mut Vec<Action>) -> Option<Action> {
    game.legal_actions_into(actions);
    actions.choose(rng).copied()
}
