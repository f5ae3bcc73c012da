//! `mancala perft`: how many action sequences of each depth there are from the start, as chess
//! engines count them. A game that ends before the depth adds nothing to it. The numbers pin
//! move generation down for regression tests.

use std::path::PathBuf;

use clap::Args;

use super::{load, OK, USAGE};
use crate::{Action, Game};

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
pub fn perft(game: &Game<'_>, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    count(game, depth, &mut buffers)
}

fn count(game: &Game<'_>, depth: u32, buffers: &mut [Vec<Action>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((actions, deeper)) = buffers.split_first_mut() else { return 0 };
    game.legal_actions_into(actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    let mut total = 0;
    for &action in actions.iter() {
        let mut next = game.clone();
        if next.apply(action).is_ok() {
            total += count(&next, depth - 1, deeper);
        }
    }
    total
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
    let game = Game::new(&rules);
    let counts: Vec<u64> = (1..=args.depth).map(|d| perft(&game, d)).collect();
    if args.json {
        println!("{}", serde_json::json!({ "game": rules.name, "depths": counts }));
    } else {
        for (depth, n) in counts.iter().enumerate() {
            println!("depth {}: {n}", depth + 1);
        }
    }
    OK
}
