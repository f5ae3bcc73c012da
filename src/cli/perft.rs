//! `mancala perft`: how many action sequences of each depth there are from the start, as chess
//! engines count them. A game that ends before the depth adds nothing to it. The numbers pin
//! move generation down for regression tests.

use std::path::PathBuf;

use clap::Args;

use super::{load, OK, USAGE};
use crate::engine::{Cells, GameIn};
use crate::Action;

/// The deepest `perft` the command accepts (the counts grow exponentially).
pub const MAX_DEPTH: u32 = 12;

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The rule file.
    rules: PathBuf,
    /// Choose an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Count sequences of every depth from 1 up to this one.
    #[arg(long)]
    depth: u32,
    /// Print `{"depths": [..]}` (the count at depth 1 first) instead of lines.
    #[arg(long)]
    json: bool,
}

/// The number of action sequences of exactly `depth` actions from `game`.
pub fn perft<C: Cells>(game: &GameIn<'_, C>, depth: u32) -> u64 {
    perft_each(game, depth).last().copied().unwrap_or(1)
}

/// The number of action sequences of each depth from 1 to `depth` from `game` (the count at
/// depth 1 first), found in one walk of the tree: a position `k` actions deep adds its legal
/// actions to the count of depth `k + 1`.
pub fn perft_each<C: Cells>(game: &GameIn<'_, C>, depth: u32) -> Vec<u64> {
    let depth = depth as usize;
    let mut counts = vec![0; depth];
    // A list of actions and a copy of the game for each depth, reused by every position there.
    let mut buffers = vec![Vec::new(); depth];
    let mut copies = vec![game.clone(); depth.saturating_sub(1)];
    walk(game, &mut counts, &mut buffers, &mut copies);
    counts
}

/// Adds the sequences from `game` to `counts` (`counts[0]`: those of one action from it).
fn walk<'r, C: Cells>(game: &GameIn<'r, C>, counts: &mut [u64], buffers: &mut [Vec<Action>], copies: &mut [GameIn<'r, C>]) {
    let (Some((count, deeper)), Some((actions, buffers))) = (counts.split_first_mut(), buffers.split_first_mut()) else { return };
    game.legal_actions_into(actions);
    *count += actions.len() as u64;
    let Some((next, copies)) = copies.split_first_mut() else { return };
    for &action in actions.iter() {
        next.clone_from(game);
        if next.apply(action).is_ok() {
            walk(next, deeper, buffers, copies);
        }
    }
}

pub fn perft_command(args: &PerftArgs) -> u8 {
    if args.depth == 0 || args.depth > MAX_DEPTH {
        eprintln!("error: --depth must be 1 to {MAX_DEPTH}");
        return USAGE;
    }
    let rules = match load(&args.rules, &args.set) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    // In the layout `simulate` plays the rules in: the same games, walked faster.
    let counts = crate::in_narrowest!(&rules, C => perft_each(&GameIn::<C>::new(&rules), args.depth));
    if args.json {
        println!("{}", serde_json::json!({ "game": rules.name, "depths": counts }));
    } else {
        for (depth, n) in counts.iter().enumerate() {
            println!("depth {}: {n}", depth + 1);
        }
    }
    OK
}
