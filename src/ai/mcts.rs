//! Monte Carlo tree search: UCT over the legal actions, random playouts of at most
//! [`DEFAULT_PLAYOUT_DEPTH`] actions, a playout that has not ended by then being judged by the
//! score as it stands (captures plus the board as the rules' leftover says).
//!
//! Each node keeps the reward of the player who chose the action leading to it (1 a win, ½ a
//! draw, 0 a loss; terminal positions by the game's own result), so a player who acts twice in a
//! row (answering an offer, a decision inside a move) is handled like any other. The tree lives
//! in one `Vec`, grown as it is expanded; the iterations play on one copy of the game, made the
//! searched position again before each (`clone_from`, in the copy's own memory), so that the
//! playouts allocate nothing but where one grew the repetition history's table past its room (it
//! is then made the searched position's size again).
//!
//! Bounds: a budget is at most [`MAX_ITERATIONS`] iterations or [`MAX_TIME`] per move, and the
//! tree at most [`MAX_NODES`] nodes (64 bytes each, about 128 MB). Once the tree is full the
//! search stops expanding it and goes on iterating, with playouts from the leaves it has, until
//! the budget is spent: the same seed still gives the same choice under an iteration budget.

use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::RngExt;

use crate::engine::{Cells, GameIn};
use crate::vocabulary::{Leftover, Wins};
use crate::{Action, Player};

/// Iterations per move unless told otherwise.
pub const DEFAULT_ITERATIONS: u32 = 2000;

/// Random actions per playout unless told otherwise: a playout still going then is judged by
/// the score as it stands (long random endgames say little and cost much).
pub const DEFAULT_PLAYOUT_DEPTH: usize = 60;

/// The most iterations a budget may ask for (`mcts:10000000`).
pub const MAX_ITERATIONS: u32 = 10_000_000;

/// The longest time a budget may ask for, per move: one hour (`mcts:3600000ms`).
pub const MAX_TIME: Duration = Duration::from_secs(3600);

/// The most nodes a search tree grows to (see the module's bounds).
pub const MAX_NODES: usize = 2_000_000;

/// How long the search runs for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: the same seed gives the same choice.
    Iterations(u32),
    /// Wall-clock time: stronger on fast machines, not reproducible.
    Time(Duration),
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::Iterations(DEFAULT_ITERATIONS)
    }
}

impl FromStr for Budget {
    type Err = String;

    /// `ITERATIONS` (1 to [`MAX_ITERATIONS`]) or `MILLISECONDSms` (1 to one hour), as after
    /// `mcts:`.
    fn from_str(spec: &str) -> Result<Budget, String> {
        let bad = || format!("`{spec}` is not a budget: write mcts:5000 (iterations) or mcts:500ms (time)");
        let (digits, time) = spec.strip_suffix("ms").map_or((spec, false), |ms| (ms, true));
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        // More digits than a u64 holds is past any cap too.
        let n = digits.parse::<u64>().unwrap_or(u64::MAX);
        let max_ms = u64::try_from(MAX_TIME.as_millis()).unwrap_or(u64::MAX);
        match (n, time) {
            (0, _) => Err(bad()),
            (ms, true) if ms > max_ms => Err(format!("`mcts:{spec}` is too long a search: at most {max_ms}ms (one hour) a move")),
            (ms, true) => Ok(Budget::Time(Duration::from_millis(ms))),
            (n, false) => match u32::try_from(n) {
                Ok(n) if n <= MAX_ITERATIONS => Ok(Budget::Iterations(n)),
                _ => Err(format!("`mcts:{spec}` is too many iterations: at most {MAX_ITERATIONS} a move")),
            },
        }
    }
}

/// The searcher's settings.
#[derive(Clone, Copy, Debug)]
pub struct Mcts {
    pub budget: Budget,
    /// UCT's exploration constant (rewards are in 0..=1).
    pub exploration: f64,
    /// Random actions at most per playout before the position is judged by its score.
    pub playout_depth: usize,
    /// The most nodes the tree grows to; then it stops expanding (see the module's bounds).
    pub max_nodes: usize,
}

struct Node {
    /// The action leading here from the parent, and who played it.
    action: Action,
    mover: Player,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// Total reward of `mover` over the playouts through this node.
    reward: f64,
}

impl Node {
    fn new(action: Action, mover: Player) -> Node {
        Node { action, mover, first_child: 0, children: 0, expanded: false, visits: 0, reward: 0.0 }
    }
}

impl Mcts {
    pub fn new(budget: Budget) -> Mcts {
        Mcts { budget, exploration: std::f64::consts::SQRT_2, playout_depth: DEFAULT_PLAYOUT_DEPTH, max_nodes: MAX_NODES }
    }

    /// A win at hand if there is one, else the most visited action at the root after the search
    /// (a sure win later can score as well as a win now); `None` once the game is over.
    pub fn choose<C: Cells>(&self, game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
        if let Some(win) = win_at_hand(game) {
            return Some(win);
        }
        self.analyse(game, rng).into_iter().max_by(|a, b| a.visits.cmp(&b.visits).then(a.mean.total_cmp(&b.mean))).map(|s| s.action)
    }

    /// Every legal action with its visits and mean reward for the player to move, in board order.
    pub fn analyse<C: Cells>(&self, game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Vec<Scored> {
        let Some(me) = game.to_move() else { return Vec::new() };
        let mut legal = Vec::new();
        game.legal_actions_into(&mut legal);
        if legal.len() == 1 {
            return vec![Scored { action: legal[0], visits: 0, mean: 0.5 }];
        }
        let tree = self.search(game, me, rng);
        let root = &tree[0];
        (root.first_child..root.first_child + root.children)
            .map(|c| &tree[c as usize])
            .map(|c| Scored { action: c.action, visits: c.visits, mean: if c.visits == 0 { 0.5 } else { c.reward / f64::from(c.visits) } })
            .collect()
    }

    /// The search tree after the budget is spent; the root (`tree[0]`) is `me` to move in `game`.
    fn search<C: Cells>(&self, game: &GameIn<'_, C>, me: Player, rng: &mut ChaCha8Rng) -> Vec<Node> {
        let mut tree = vec![Node::new(Action::Pass, me.opponent())];
        let mut path: Vec<usize> = Vec::new();
        let mut actions = Vec::new();
        let start = Instant::now();
        let mut iteration = 0u32;
        let mut playing = game.clone();
        loop {
            let done = match self.budget {
                Budget::Iterations(n) => iteration >= n,
                Budget::Time(limit) => iteration == u32::MAX || (iteration > 0 && iteration.is_multiple_of(32) && start.elapsed() >= limit),
            };
            if done {
                break;
            }
            iteration += 1;
            playing.clone_from(game);
            path.clear();
            path.push(0);
            let mut node = 0usize;
            // Selection: down the expanded nodes by UCT.
            while tree[node].expanded && tree[node].children > 0 {
                node = self.select(&tree, node);
                if playing.apply(tree[node].action).is_err() {
                    break; // cannot happen: children are legal actions of this very position
                }
                path.push(node);
            }
            // Expansion: one more level, in a random order so ties do not favour board order.
            if let Some(first) = self.expand(&mut tree, node, &mut playing, &mut actions, rng) {
                if playing.apply(tree[first].action).is_ok() {
                    path.push(first);
                }
            }
            let winner = playout(&mut playing, rng, &mut actions, self.playout_depth);
            for &n in &path {
                let n = &mut tree[n];
                n.visits = n.visits.saturating_add(1);
                n.reward += reward(winner, n.mover);
            }
        }
        tree
    }

    /// Adds the children of leaf `node` (the position `playing`), shuffled, and returns the first;
    /// `None` when the game is over there, it has no action, or the tree is full — the root is
    /// always expanded, so the search always has its actions to choose from.
    fn expand<C: Cells>(
        &self,
        tree: &mut Vec<Node>,
        node: usize,
        playing: &mut GameIn<'_, C>,
        actions: &mut Vec<Action>,
        rng: &mut ChaCha8Rng,
    ) -> Option<usize> {
        if tree[node].expanded || playing.is_over() {
            return None;
        }
        let mover = playing.to_move()?;
        playing.legal_actions_into(actions);
        let full = tree.len() + actions.len() > self.max_nodes;
        let (Ok(first), Ok(children)) = (u32::try_from(tree.len()), u32::try_from(actions.len())) else { return None };
        if full && node != 0 {
            return None;
        }
        actions.shuffle(rng);
        tree.extend(actions.iter().map(|&a| Node::new(a, mover)));
        tree[node].first_child = first;
        tree[node].children = children;
        tree[node].expanded = true;
        (children > 0).then_some(first as usize)
    }

    /// The child of `node` with the best upper confidence bound; unvisited children first.
    fn select(&self, tree: &[Node], node: usize) -> usize {
        let parent = &tree[node];
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let mut best = parent.first_child as usize;
        let mut best_value = f64::NEG_INFINITY;
        let first = parent.first_child as usize;
        for (child, c) in tree.iter().enumerate().skip(first).take(parent.children as usize) {
            if c.visits == 0 {
                return child;
            }
            let visits = f64::from(c.visits);
            let value = c.reward / visits + self.exploration * (log_visits / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }
}

/// An action after which the player to move has won, if there is one.
pub fn win_at_hand<C: Cells>(game: &GameIn<'_, C>) -> Option<Action> {
    let me = game.to_move()?;
    let mut after = game.clone();
    game.legal_actions().into_iter().find(|&action| {
        after.clone_from(game);
        after.apply(action).is_ok() && after.result().is_some_and(|r| r.winner == Some(me))
    })
}

/// An action with what the search learnt of it.
#[derive(Clone, Copy, Debug)]
pub struct Scored {
    pub action: Action,
    pub visits: u32,
    /// Mean reward for the player choosing it: 1 always wins, 0 always loses.
    pub mean: f64,
}

/// How a playout ended: the winner, a draw, or stopped and judged by material.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Outcome {
    Won(Player),
    Draw,
}

/// Plays random actions to the end, or `depth` of them, and says who won or is ahead.
fn playout<C: Cells>(game: &mut GameIn<'_, C>, rng: &mut ChaCha8Rng, actions: &mut Vec<Action>, depth: usize) -> Outcome {
    for _ in 0..depth {
        if game.is_over() {
            break;
        }
        game.legal_actions_into(actions);
        if actions.is_empty() {
            break;
        }
        let action = actions[rng.random_range(0..actions.len())];
        if game.apply(action).is_err() {
            break;
        }
    }
    match game.result() {
        Some(result) => result.winner.map_or(Outcome::Draw, Outcome::Won),
        None => {
            let score = score_now(game);
            let south_ahead = match game.rules().end.wins {
                Wins::Most => score[0].cmp(&score[1]),
                Wins::Fewest => score[1].cmp(&score[0]),
            };
            match south_ahead {
                std::cmp::Ordering::Greater => Outcome::Won(Player::South),
                std::cmp::Ordering::Less => Outcome::Won(Player::North),
                std::cmp::Ordering::Equal => Outcome::Draw,
            }
        }
    }
}

fn reward(outcome: Outcome, player: Player) -> f64 {
    match outcome {
        Outcome::Won(winner) if winner == player => 1.0,
        Outcome::Won(_) => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// Each player's total if the game were scored now: captures plus the stones on the board as the
/// rules' leftover says.
fn score_now<C: Cells>(game: &GameIn<'_, C>) -> [u32; 2] {
    let (rules, state) = (game.rules(), game.state());
    let mut score = state.captured;
    match rules.end.leftover {
        Leftover::Owner => {
            for hole in 0..rules.board.holes {
                score[state.owner(hole).index()] += u32::from(state.count(hole));
            }
        }
        Leftover::Split | Leftover::Removed | Leftover::Mover => {}
    }
    score
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use rand::SeedableRng;

    use super::*;

    fn gore() -> crate::Rules {
        crate::load::shipped("gore")
    }

    fn search<C: Cells>(mcts: &Mcts, game: &GameIn<'_, C>, seed: u64) -> Vec<Node> {
        mcts.search(game, Player::South, &mut ChaCha8Rng::seed_from_u64(seed))
    }

    fn children(tree: &[Node]) -> Vec<(Action, u32, u64)> {
        let root = &tree[0];
        (root.first_child..root.first_child + root.children)
            .map(|c| &tree[c as usize])
            .map(|c| (c.action, c.visits, c.reward.to_bits()))
            .collect()
    }

    #[test]
    fn a_full_tree_stops_growing_and_the_search_goes_on_deterministically() {
        let rules = gore();
        let game = Game::new(&rules);
        let unbounded = search(&Mcts::new(Budget::Iterations(3000)), &game, 7);
        assert!(unbounded.len() > 1000, "without the bound the tree grows: {} nodes", unbounded.len());
        let bounded = Mcts { max_nodes: 40, ..Mcts::new(Budget::Iterations(3000)) };
        let tree = search(&bounded, &game, 7);
        assert!(tree.len() <= 40, "{} nodes", tree.len());
        assert_eq!(tree[0].visits, 3000, "every iteration ran");
        assert_eq!(children(&tree).iter().map(|&(_, visits, _)| visits).sum::<u32>(), 3000);
        assert_eq!(children(&tree), children(&search(&bounded, &game, 7)), "the same seed, the same search");
    }

    #[test]
    fn the_root_is_expanded_whatever_the_bound() {
        let rules = gore();
        let game = Game::new(&rules);
        let tiny = Mcts { max_nodes: 1, ..Mcts::new(Budget::Iterations(200)) };
        let scored = tiny.analyse(&game, &mut ChaCha8Rng::seed_from_u64(1));
        let mut actions: Vec<String> = scored.iter().map(|s| s.action.text(&rules)).collect();
        actions.sort();
        assert_eq!(actions, ["a1", "a2", "a3", "a4"]);
        assert_eq!(scored.iter().map(|s| s.visits).sum::<u32>(), 200);
        assert!(tiny.choose(&game, &mut ChaCha8Rng::seed_from_u64(1)).is_some());
    }

    /// The module's bound says 64 bytes a node, about 128 MB for a full tree.
    #[test]
    fn a_node_is_64_bytes() {
        assert_eq!(std::mem::size_of::<Node>(), 64);
    }

    #[test]
    fn budgets_read_up_to_their_caps() {
        assert_eq!("10000000".parse::<Budget>(), Ok(Budget::Iterations(MAX_ITERATIONS)));
        assert_eq!("3600000ms".parse::<Budget>(), Ok(Budget::Time(MAX_TIME)));
        assert_eq!("10000001".parse::<Budget>(), Err("`mcts:10000001` is too many iterations: at most 10000000 a move".to_string()));
        assert_eq!(
            "3600001ms".parse::<Budget>(),
            Err("`mcts:3600001ms` is too long a search: at most 3600000ms (one hour) a move".to_string())
        );
        assert_eq!("ms".parse::<Budget>(), Err("`ms` is not a budget: write mcts:5000 (iterations) or mcts:500ms (time)".to_string()));
    }
}
