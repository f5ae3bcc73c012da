//! The command line: `check`, `ast`, `run` and `play`. Every command returns an exit code:
//! [`OK`], [`RULE_ERRORS`], [`USAGE`] or [`ILLEGAL_ACTION`].

mod board;
mod check;
mod play;
mod run;

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::{LoadError, Rules};

/// Success.
pub const OK: u8 = 0;
/// A rule file has errors.
pub const RULE_ERRORS: u8 = 1;
/// Bad usage, a file that cannot be read, a bad option or position.
pub const USAGE: u8 = 2;
/// An action that is not legal where it was played.
pub const ILLEGAL_ACTION: u8 = 3;

/// Mancala games whose rules are plain text files.
#[derive(Debug, Parser)]
#[command(name = "mancala", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check rule files and report every problem (exit 0 clean, 1 rule errors, 2 unreadable).
    Check {
        /// The rule files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print a rule file's syntax tree as RON.
    Ast {
        /// The rule file.
        file: PathBuf,
    },
    /// Play actions from a position and print the result (see interchange.md).
    Run(run::RunArgs),
    /// Play a game in the terminal, reading actions from standard input.
    Play(play::PlayArgs),
}

/// Who plays a side in `play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Agent {
    Human,
    Random,
}

/// Runs a parsed command line; returns the exit code.
pub fn run(cli: Cli) -> u8 {
    match cli.command {
        Command::Check { files } => check::check(&files),
        Command::Ast { file } => check::ast(&file),
        Command::Run(args) => run::run(&args),
        Command::Play(args) => play::play(&args),
    }
}

/// Loads a rule file for `run` and `play`, printing what went wrong; `Err` holds the exit code.
fn load(path: &PathBuf, sets: &[String]) -> Result<Rules, u8> {
    crate::load_file(path, sets).map_err(|error| match error {
        LoadError::Rules { diagnostics, .. } => {
            check::report(&diagnostics);
            RULE_ERRORS
        }
        other => {
            eprintln!("error: {other}");
            USAGE
        }
    })
}
