//! The greedy player: the action that leaves it the most material right after it (captured
//! stones, own less the opponent's), a won game above everything, a lost one below and a draw as even; ties are
//! broken at random.

use rand::rngs::ChaCha8Rng;
use rand::RngExt;

use super::material;
use crate::engine::{Cells, GameIn};
use crate::Action;

/// The best action by immediate material; `None` once the game is over.
pub fn choose<C: Cells>(game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
    let me = game.to_move()?;
    let mut actions = Vec::new();
    game.legal_actions_into(&mut actions);
    let mut best = Vec::new();
    let mut best_value = i64::MIN;
    let mut after = game.clone();
    for &action in &actions {
        after.clone_from(game);
        if after.apply(action).is_err() {
            continue;
        }
        let value = match after.result().map(|r| r.winner) {
            Some(Some(winner)) if winner == me => i64::MAX,
            Some(Some(_)) => i64::MIN + 1,
            Some(None) => 0,
            None => material(&after, me),
        };
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(action);
        }
    }
    match best.len() {
        0 => None,
        n => Some(best[rng.random_range(0..n)]),
    }
}
