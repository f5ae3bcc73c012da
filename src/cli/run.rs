//! `mancala run`, exactly as `interchange.md` specifies it; `run -` reads the rule file from
//! standard input.

use std::path::PathBuf;

use clap::Args;

use super::{board, load_or_stdin, ILLEGAL_ACTION, OK, USAGE};
use crate::engine::position::parse_position_bytes;
use crate::record::Record;
use crate::{Action, Game};

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The rule file (`-`: standard input).
    rules: PathBuf,
    /// Choose an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Start from this position (interchange JSON) instead of the initial one.
    #[arg(long, value_name = "FILE.json")]
    position: Option<PathBuf>,
    /// Actions to play, comma-separated: "a1, b2, pass"; `@FILE` reads them from a file, either a
    /// game record (its `moves`) or the list itself.
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    moves: Option<String>,
    /// Print the final position as JSON.
    #[arg(long)]
    json: bool,
    /// Print one JSON position per line: the start, then after every action, with the action
    /// (`action`) and the steps it took (`events`).
    #[arg(long)]
    trace: bool,
}

pub fn run(args: &RunArgs) -> u8 {
    let rules = match load_or_stdin(&args.rules, &args.set) {
        Ok(loaded) => loaded.rules,
        Err(code) => return code,
    };
    let mut game = match &args.position {
        None => Game::new(&rules),
        Some(path) => {
            let bytes = match std::fs::read(path) {
                Ok(bytes) => bytes,
                Err(error) => {
                    eprintln!("error: cannot read {}: {}", path.display(), error.to_string().to_lowercase());
                    return USAGE;
                }
            };
            match parse_position_bytes(&bytes, &rules) {
                Ok(state) => Game::from_state(&rules, state),
                Err(error) => {
                    eprintln!("error: {}: {error}", path.display());
                    return USAGE;
                }
            }
        }
    };
    if args.trace {
        game.set_tracing(true);
        println!("{}", game.position_json());
    }
    let text = match args.moves.as_deref().map(read_moves).transpose() {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    let moves = text.as_deref().map(Action::split_list).unwrap_or_default();
    let count = moves.len();
    let mut changed = crate::Holes::EMPTY;
    for (index, text) in moves.into_iter().enumerate() {
        let legal = game.legal_texts();
        let place = format!("action {} of {count}", index + 1);
        let action = match Action::parse(text, &rules) {
            Ok(action) => action,
            Err(error) => {
                eprintln!("error: {place}, `{text}`: {error}; legal here: {}", list(&legal));
                return ILLEGAL_ACTION;
            }
        };
        let before = *game.state();
        if game.apply(action).is_err() {
            let why = if game.is_over() {
                "the game is already over".to_string()
            } else {
                format!("it is not legal here; legal: {}", list(&legal))
            };
            eprintln!("error: {place}, `{text}`: {why}");
            return ILLEGAL_ACTION;
        }
        if args.trace {
            println!("{}", game.step_json(&action.text(&rules)));
        }
        changed = board::changes(&rules, &before, game.state());
    }
    if args.trace {
        return OK;
    }
    if args.json {
        println!("{}", game.position_json());
    } else {
        print!("{}", board::draw(&game, changed));
    }
    OK
}

fn list(legal: &[String]) -> String {
    if legal.is_empty() {
        "none".to_string()
    } else {
        legal.join(", ")
    }
}

/// The list `--moves` names: itself, or with `@FILE` a record's `moves` or the file's text.
fn read_moves(moves: &str) -> Result<String, String> {
    let Some(path) = moves.strip_prefix('@') else { return Ok(moves.to_string()) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {}", e.to_string().to_lowercase()))?;
    if text.trim_start().starts_with('{') {
        return Record::parse(&text).map(|record| record.moves).map_err(|e| format!("{path}: {e}"));
    }
    Ok(text)
}
