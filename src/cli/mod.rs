//! The command line: `check`, `ast`, `fmt`, `lsp`, `run`, `play`, `replay`, `simulate`, `merge`, `tournament`, `agent-protocol`, `serve` and `perft`. Every
//! command returns an exit code: [`OK`], [`RULE_ERRORS`], [`USAGE`], [`ILLEGAL_ACTION`] or
//! [`RECORD_MISMATCH`].

mod agent;
pub mod board;
mod check;
mod fmt;
mod input;
mod merge;
pub mod perft;
mod play;
mod replay;
mod run;
#[cfg(feature = "serve")]
mod serve;
pub mod shipped;
pub mod simulate;
mod tournament;

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

pub use crate::exit::{ILLEGAL_ACTION, OK, RECORD_MISMATCH, RULE_ERRORS, USAGE};
use crate::load::{read_rules, read_source};
/// An action told in words ([`crate::narrate`]), where the command line's modules and tests find it.
pub use crate::narrate;
use crate::typed;
use crate::{LoadError, Rules};

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
    Check(check::CheckArgs),
    /// Print a rule file's syntax tree as RON.
    Ast {
        /// The rule file.
        file: PathBuf,
    },
    /// Rewrite rule files in the canonical layout (`--check`: only say which are not).
    Fmt(fmt::FmtArgs),
    /// Serve editors as a language server on standard input and output (see docs/editors.md).
    Lsp,
    /// Play actions from a position and print the result (see interchange.md).
    Run(run::RunArgs),
    /// Play a game in the terminal against the computer, reading actions from standard input.
    Play(play::PlayArgs),
    /// Replay a game record, checking every action and the result, and show it move by move.
    Replay(replay::ReplayArgs),
    /// Play many games between computer players and summarise them (or one shard of them).
    Simulate(simulate::SimulateArgs),
    /// Add up the shard files of one `simulate` run into its summary.
    Merge(merge::MergeArgs),
    /// A round robin between built-in players and agent programs, with Elo ratings.
    Tournament(tournament::TournamentArgs),
    /// Play as an agent of the agent protocol (docs/agents.md) on standard input and output.
    AgentProtocol(agent::AgentArgs),
    /// Serve the board in the browser: play shipped or edited rule files, alone or in a room.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Count the action sequences of each depth from the start (move-generation checks).
    Perft(perft::PerftArgs),
}

/// Runs a parsed command line; returns the exit code.
pub fn run(cli: Cli) -> u8 {
    match cli.command {
        Command::Check(args) => check::check(&args),
        Command::Ast { file } => check::ast(&file),
        Command::Fmt(args) => fmt::fmt(&args),
        Command::Lsp => crate::lsp::serve(),
        Command::Run(args) => run::run(&args),
        Command::Play(args) => play::play(&args),
        Command::Replay(args) => replay::replay(&args),
        Command::Simulate(args) => simulate::simulate(&args),
        Command::Merge(args) => merge::merge(&args),
        Command::Tournament(args) => tournament::tournament(&args),
        Command::AgentProtocol(args) => agent::agent(&args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&args),
        Command::Perft(args) => perft::perft_command(&args),
    }
}

/// The rule file a command's RULES names: a path, or a shipped game's bare name (`kalah`, see
/// [`shipped::find`]); `Err` (printed) holds the exit code.
fn find_rules(path: &Path) -> Result<PathBuf, u8> {
    shipped::find(path).map_err(|error| {
        eprintln!("error: {error}");
        USAGE
    })
}

/// Loads a rule file (or a shipped game by name) for a command, printing what went wrong; `Err`
/// holds the exit code.
fn load(path: &Path, sets: &[String]) -> Result<Rules, u8> {
    let path = find_rules(path)?;
    let source = read_source(&path).map_err(|error| {
        eprintln!("error: {error}");
        USAGE
    })?;
    compile_source(&path.display().to_string(), &source, sets)
}

/// [`load`] of `path`, or of standard input where `path` is `-` (named `<stdin>` in diagnostics):
/// the file read, the name diagnostics give the rules, the rule file's text (for a record's hash)
/// and the rules.
fn load_or_stdin(path: &Path, sets: &[String]) -> Result<Loaded, u8> {
    let path = find_rules(path)?;
    let (name, source) = read_rules(&path).map_err(|error| {
        eprintln!("error: {error}");
        USAGE
    })?;
    let rules = compile_source(&name, &source, sets)?;
    Ok(Loaded { path, name, source, rules })
}

/// A rule file loaded: the path it was read from (`-` for standard input), its name in
/// diagnostics, its text and its rules.
struct Loaded {
    path: PathBuf,
    name: String,
    source: String,
    rules: Rules,
}

/// The rules of `source` (named `name` in diagnostics) with `sets`, printing what went wrong.
fn compile_source(name: &str, source: &str, sets: &[String]) -> Result<Rules, u8> {
    crate::load_str(name, source, sets).map_err(|error| match error {
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
