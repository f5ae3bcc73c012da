//! Computer players, generic over any rule file: they see only
//! [`Game::legal_actions_into`](crate::engine::GameIn::legal_actions_into),
//! [`Game::apply`](crate::engine::GameIn::apply) and the result, never a particular game's rules.
//!
//! [`random`] picks uniformly, [`greedy`] takes the best immediate material, [`mcts`] searches
//! with UCT and random playouts. Every choice draws on a caller's seeded RNG, so a seed replays
//! the same game.

pub mod greedy;
pub mod mcts;
pub mod random;

use std::fmt;
use std::str::FromStr;

use rand::rngs::ChaCha8Rng;

use crate::engine::{Cells, GameIn};
use crate::Action;

pub use mcts::{Budget, Mcts};

/// Who plays a side: a person at the terminal or one of the computer players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentKind {
    Human,
    Random,
    Greedy,
    Mcts(Budget),
}

/// The search of the `hard` player: ten times the default's iterations.
pub const HARD_ITERATIONS: u32 = 10 * mcts::DEFAULT_ITERATIONS;

impl AgentKind {
    /// The named strength this player is, if it is one: `easy`, `medium` or `hard`.
    pub fn strength(self) -> Option<&'static str> {
        match self {
            AgentKind::Greedy => Some("easy"),
            AgentKind::Mcts(budget) if budget == Budget::default() => Some("medium"),
            AgentKind::Mcts(Budget::Iterations(HARD_ITERATIONS)) => Some("hard"),
            _ => None,
        }
    }

    /// The computer's choice in `game` (which is not over); `None` for a human or a finished game.
    pub fn choose<C: Cells>(self, game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
        match self {
            AgentKind::Human => None,
            AgentKind::Random => random::choose(game, rng),
            AgentKind::Greedy => greedy::choose(game, rng),
            AgentKind::Mcts(budget) => Mcts::new(budget).choose(game, rng),
        }
    }
}

impl fmt::Display for AgentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentKind::Human => f.write_str("human"),
            AgentKind::Random => f.write_str("random"),
            AgentKind::Greedy => f.write_str("greedy"),
            AgentKind::Mcts(budget) if *budget == Budget::default() => f.write_str("mcts"),
            AgentKind::Mcts(Budget::Iterations(n)) => write!(f, "mcts:{n}"),
            AgentKind::Mcts(Budget::Time(time)) => write!(f, "mcts:{}ms", time.as_millis()),
        }
    }
}

impl FromStr for AgentKind {
    type Err = String;

    /// `human`, `random`, `greedy`, `mcts`, `mcts:ITERATIONS` or `mcts:MILLISECONDSms`.
    fn from_str(text: &str) -> Result<AgentKind, String> {
        let text = text.trim().to_lowercase();
        match text.as_str() {
            "human" => Ok(AgentKind::Human),
            "random" => Ok(AgentKind::Random),
            "greedy" => Ok(AgentKind::Greedy),
            "mcts" | "medium" => Ok(AgentKind::Mcts(Budget::default())),
            // Greedy takes the most it can at once and never looks further: it can be led.
            "easy" => Ok(AgentKind::Greedy),
            "hard" => Ok(AgentKind::Mcts(Budget::Iterations(HARD_ITERATIONS))),
            _ => match text.strip_prefix("mcts:") {
                Some(spec) => spec.parse::<Budget>().map(AgentKind::Mcts),
                None => Err(format!("`{text}` is not a player: write human, easy, medium, hard, random, greedy, mcts or mcts:ITERATIONS")),
            },
        }
    }
}

/// A player's material: what they have captured less what the opponent has.
fn material<C: Cells>(game: &GameIn<'_, C>, player: crate::Player) -> i64 {
    let captured = game.state().captured;
    i64::from(captured[player.index()]) - i64::from(captured[player.opponent().index()])
}
