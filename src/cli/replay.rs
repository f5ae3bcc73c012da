//! `mancala replay RECORD`: reads a game record, refuses it if its rule file changed or its game
//! name, options or players are not the rule file's, replays every action (each must be legal),
//! checks the result and shows the game move by move.

use std::path::PathBuf;

use clap::Args;

use super::board::{self, Style, View};
use super::{check, ILLEGAL_ACTION, OK, RECORD_MISMATCH, RULE_ERRORS, USAGE};
use crate::load::read_source;
use crate::record::Record;
use crate::{Game, LoadError};

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game record (JSON, as `play` saves it).
    record: PathBuf,
    /// The rule file, if it is no longer at the path the record names.
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// Only check the record: print the final board, not every move.
    #[arg(long)]
    quiet: bool,
}

pub fn replay(args: &ReplayArgs) -> u8 {
    let record = match Record::read(&args.record) {
        Ok(record) => record,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    let how = "name the rule file it was played with, as it was then, with --rules FILE";
    let found = match &args.rules {
        Some(rules) => super::shipped::find(rules).and_then(|path| {
            let source = read_source(&path).map_err(|e| e.to_string())?;
            record.check_source_of(&path.display().to_string(), &source).map_err(|e| format!("{e}: {how}"))?;
            Ok((path, source))
        }),
        None => super::shipped::find_for_record(&record, &args.record, how),
    };
    let (path, source) = match found {
        Ok(found) => found,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    let rules = match crate::load_str(&path.display().to_string(), &source, &record.sets) {
        Ok(rules) => rules,
        Err(LoadError::Rules { diagnostics, .. }) => {
            check::report(&diagnostics);
            return RULE_ERRORS;
        }
        Err(LoadError::Option(error)) => {
            eprintln!("error: {}: field `sets`: {error}", args.record.display());
            return USAGE;
        }
        Err(other) => {
            eprintln!("error: {other}");
            return USAGE;
        }
    };
    if let Err(error) = record.check_against(&Game::new(&rules)) {
        eprintln!("error: {}: {error}", args.record.display());
        return USAGE;
    }
    let actions = match record.actions(&rules) {
        Ok(actions) => actions,
        Err(error) => {
            eprintln!("error: {}: {error}", args.record.display());
            return ILLEGAL_ACTION;
        }
    };
    let style = Style::for_stdout();
    let mut game = Game::new(&rules);
    game.set_tracing(!args.quiet);
    println!("{} — south: {}, north: {}, seed {}", rules.name, record.south, record.north, record.seed);
    if !args.quiet {
        print!("{}", board::draw_view(&game, &View::new(style)));
    }
    for (index, &action) in actions.iter().enumerate() {
        let Some(player) = game.to_move() else {
            eprintln!("error: action {} of {}, `{}`: the game is already over", index + 1, actions.len(), action.text(&rules));
            return ILLEGAL_ACTION;
        };
        let text = action.text(&rules);
        let before = *game.state();
        if let Err(error) = game.apply(action) {
            eprintln!("error: action {} of {}: {error}", index + 1, actions.len());
            return ILLEGAL_ACTION;
        }
        if !args.quiet {
            println!();
            let told = super::narrate::narrate(&rules, player, &text, game.events(), board::WIDTH - 2 - (index + 1).to_string().len());
            for (n, line) in told.iter().enumerate() {
                let number = if n == 0 { format!("{}. ", index + 1) } else { " ".repeat((index + 1).to_string().len() + 2) };
                println!("{number}{line}");
            }
            let changed = board::changes(&rules, &before, game.state());
            print!("{}", board::draw_view(&game, &View { changed, ..View::new(style) }));
        }
    }
    if args.quiet {
        print!("{}", board::draw_view(&game, &View::new(style)));
    }
    if let Err(error) = record.check_result(&game) {
        eprintln!("error: {error}");
        return RECORD_MISMATCH;
    }
    println!(
        "verified: {} actions, {}",
        actions.len(),
        if game.is_over() { "the result as recorded" } else { "the game unfinished as recorded" }
    );
    OK
}
