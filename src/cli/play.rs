//! `mancala play`: a game in the terminal. Actions come from standard input, one per line, so a
//! game can be piped in as well as typed.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::Args;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{board, load, Agent, OK};
use crate::{Action, Game, Player};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The rule file.
    rules: PathBuf,
    /// Choose an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Who plays South.
    #[arg(long, value_enum, default_value = "human")]
    south: Agent,
    /// Who plays North.
    #[arg(long, value_enum, default_value = "random")]
    north: Agent,
    /// Seed of the computer's random choices (the same seed plays the same game).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

const HELP: &str = "Type a hole to sow from (e.g. a1), or `pass` when it is offered; where the game has\n\
trades, `offer a1 a2` offers holes, and the other player answers `accept` or `decline`.\n\
Commands: help, board, legal, quit.";

pub fn play(args: &PlayArgs) -> u8 {
    let rules = match load(&args.rules, &args.set) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let mut game = Game::new(&rules);
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut last: Option<String> = None;
    println!("{HELP}\n");
    loop {
        print!("{}", board::draw(&game, last.as_deref()));
        if game.is_over() {
            return OK;
        }
        let player = game.state().to_move;
        let agent = if player == Player::South { args.south } else { args.north };
        let action = match agent {
            Agent::Random => {
                let actions = game.legal_actions();
                let Some(&action) = actions.choose(&mut rng) else { return OK };
                println!("{player} plays {}", action.text(&rules));
                action
            }
            Agent::Human => match ask(&mut game, &mut lines, player) {
                Some(action) => action,
                None => return OK,
            },
        };
        if let Err(error) = game.apply(action) {
            println!("{error}");
            continue;
        }
        last = Some(action.text(&rules));
        println!();
    }
}

/// Reads lines until one is a legal action; `None` on `quit` or the end of input.
fn ask(game: &mut Game<'_>, lines: &mut impl Iterator<Item = std::io::Result<String>>, player: Player) -> Option<Action> {
    let rules = game.rules();
    loop {
        print!("{player}> ");
        let _ = std::io::stdout().flush();
        let line = match lines.next() {
            Some(Ok(line)) => line,
            _ => {
                println!();
                return None;
            }
        };
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "exit" => return None,
            "help" | "?" => println!("{HELP}"),
            "board" => print!("{}", board::draw(game, None)),
            "legal" => println!("legal: {}", game.legal_texts().join(" ")),
            _ => match Action::parse(text, rules) {
                Ok(action) if game.legal_actions().contains(&action) => return Some(action),
                Ok(_) => println!("`{text}` is not legal now; legal: {}", game.legal_texts().join(" ")),
                Err(error) => println!("{error}"),
            },
        }
    }
}
