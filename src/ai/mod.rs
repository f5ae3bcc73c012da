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

use crate::engine::{Cells, GameIn, State};
use crate::{Action, Game, Rules};

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
    /// The random player's choice is made inline, where it is most of a random game's work but
    /// for the game's own; the others are made out of line.
    #[inline(always)]
    pub fn choose<C: Cells>(self, game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
        match self {
            AgentKind::Random => random::choose(game, rng),
            _ => self.choose_otherwise(game, rng),
        }
    }

    /// [`AgentKind::choose`] of a player other than the random one.
    #[inline(never)]
    fn choose_otherwise<C: Cells>(self, game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
        match self {
            AgentKind::Human => None,
            AgentKind::Random => random::choose(game, rng),
            AgentKind::Greedy => greedy::choose(game, rng),
            AgentKind::Mcts(budget) => Mcts::new(budget).choose(game, rng),
        }
    }

    /// [`AgentKind::choose`] in `game`, which started at `start` (`None`: the rules' start) and
    /// has had `actions` played since. A search (`mcts`) runs in that game replayed in the layout
    /// `simulate` plays the rules in ([`crate::in_narrowest!`]), where it runs faster: the same
    /// choice as in `game`, which is laid out as [`Wide`](crate::engine::Wide). The other players choose in `game`.
    pub fn choose_replaying(self, game: &Game<'_>, start: Option<&State>, actions: &[Action], rng: &mut ChaCha8Rng) -> Option<Action> {
        if !matches!(self, AgentKind::Mcts(_)) {
            return self.choose(game, rng);
        }
        replaying(game, start, actions, Choice { kind: self, rng })
    }
}

/// Work that runs in a game of any layout, as [`replaying`] runs it.
pub trait Search {
    type Found;
    fn run<C: Cells>(self, game: &GameIn<'_, C>) -> Self::Found;
}

/// [`AgentKind::choose`] as a [`Search`].
struct Choice<'a> {
    kind: AgentKind,
    rng: &'a mut ChaCha8Rng,
}

impl Search for Choice<'_> {
    type Found = Option<Action>;
    fn run<C: Cells>(self, game: &GameIn<'_, C>) -> Option<Action> {
        self.kind.choose(game, self.rng)
    }
}

/// `search` run in `game`, which started at `start` (`None`: the rules' start) and has had
/// `actions` played since, replayed in the layout `simulate` plays the rules in
/// ([`crate::in_narrowest!`]): what it finds there, as in `game` itself, but sooner. In `game`
/// where the start does not fit that layout (more stones than the rules' own) or the actions do
/// not lead to `game`.
pub fn replaying<S: Search>(game: &Game<'_>, start: Option<&State>, actions: &[Action], search: S) -> S::Found {
    let rules = game.rules();
    crate::in_narrowest!(rules, C => match replayed::<C>(rules, start, actions) {
        Some(narrow) if narrow.state().widen() == game.state().widen() => search.run(&narrow),
        _ => search.run(game),
    })
}

/// The game of `rules` from `start` (`None`: the rules' start) after `actions`, in layout `C`;
/// `None` where the start does not fit `C` or an action is not legal.
fn replayed<'r, C: Cells>(rules: &'r Rules, start: Option<&State>, actions: &[Action]) -> Option<GameIn<'r, C>> {
    let mut game = match start {
        Some(state) => GameIn::from_state(rules, state.narrow::<C>(rules)?),
        None => GameIn::new(rules),
    };
    for &action in actions {
        game.apply(action).ok()?;
    }
    Some(game)
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

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    /// A search in the game replayed in a narrower layout chooses what it chooses in the game
    /// itself, from the rules' start and from a position given as a start; where the actions do
    /// not lead to the game, it searches the game itself.
    #[test]
    fn a_search_replayed_in_a_narrower_layout_chooses_the_same() {
        let search = AgentKind::Mcts(Budget::Iterations(60));
        let same = |game: &Game<'_>, start: Option<&State>, actions: &[Action], seed: u64| {
            let replaying = search.choose_replaying(game, start, actions, &mut ChaCha8Rng::seed_from_u64(seed));
            assert!(replaying.is_some());
            assert_eq!(replaying, search.choose(game, &mut ChaCha8Rng::seed_from_u64(seed)), "after {actions:?}");
        };
        // Simple (Kalah, Oware), Narrow (Gore), Middle (Bao la Kiswahili).
        for name in ["kalah", "oware", "gore", "bao-la-kiswahili"] {
            let rules = crate::load::shipped(name);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let (mut game, mut actions) = (Game::new(&rules), Vec::new());
            while actions.len() < 12 && !game.is_over() {
                same(&game, None, &actions, actions.len() as u64);
                let action = AgentKind::Random.choose(&game, &mut rng).expect("a legal action");
                game.apply(action).expect("legal");
                actions.push(action);
            }
            // The game replayed is the game (so the search runs in the narrower layout).
            let replayed = crate::in_narrowest!(&rules, C => replayed::<C>(&rules, None, &actions).map(|g| g.state().widen()));
            assert_eq!(replayed, Some(game.state().widen()), "{name}");
            // The position reached, given as a start, with two actions since.
            let start = *game.state();
            let mut from = Game::from_state(&rules, start);
            let mut since = Vec::new();
            for _ in 0..2 {
                let Some(action) = AgentKind::Random.choose(&from, &mut rng) else { break };
                from.apply(action).expect("legal");
                since.push(action);
            }
            if !from.is_over() {
                same(&from, Some(&start), &since, 1);
                // Actions that do not lead to `from`: the search is `from`'s own.
                same(&from, None, &since, 2);
            }
        }
    }
}
