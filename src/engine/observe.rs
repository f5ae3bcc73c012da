//! A position as a fixed-size vector of numbers, for learning code: the same length for every
//! position of a game, each entry in one place.
//!
//! With H holes, in order: the stones of each hole (H), whether each hole is South's (H), closed
//! (H) or claimed (H), each player's captures and stones in hand (South then North: 4), the player
//! to move (South, North: 2, both 0 once over), the decision open (none, continue or stop, a choice
//! of holes, a turn played at once, an offer: 5) and the hole it is about or the holes offered (H).

use super::{Game, Pending};
use crate::compile::Rules;
use crate::player::Player;
use crate::Holes;

/// The length of the vectors of `rules`.
pub fn observation_size(rules: &Rules) -> usize {
    5 * rules.board.holes + 4 + 2 + 5
}

/// The position of `game` as a vector of [`observation_size`] numbers.
pub fn observation(game: &Game<'_>) -> Vec<f32> {
    let (rules, state) = (game.rules(), game.state());
    let h = rules.board.holes;
    let mut v = vec![0.0f32; observation_size(rules)];
    let bit = |set: u128, hole: usize| if Holes(set).has(hole) { 1.0 } else { 0.0 };
    for hole in 0..h {
        v[hole] = f32::from(state.count(hole));
        v[h + hole] = if state.owner(hole) == Player::South { 1.0 } else { 0.0 };
        v[2 * h + hole] = bit(state.closed, hole);
        v[3 * h + hole] = bit(state.claimed, hole);
    }
    let base = 4 * h;
    // Counts up to 65,535 stones: exact in an f32.
    v[base] = state.captured[0] as f32;
    v[base + 1] = state.captured[1] as f32;
    v[base + 2] = f32::from(state.hand[0]);
    v[base + 3] = f32::from(state.hand[1]);
    if let Some(player) = game.to_move() {
        v[base + 4 + player.index()] = 1.0;
    }
    let decision = base + 6;
    let about = decision + 5;
    let (kind, holes) = if state.offer != 0 {
        (4, Holes(state.offer))
    } else {
        match state.pending {
            Pending::None => (0, Holes::EMPTY),
            Pending::Continue(hole) => (1, Holes::one(usize::from(hole))),
            Pending::Choose(_) => (2, Holes::EMPTY),
            Pending::Race(hole) => (3, Holes::one(usize::from(hole))),
        }
    };
    v[decision + kind] = 1.0;
    for hole in holes {
        v[about + hole] = 1.0;
    }
    v
}
