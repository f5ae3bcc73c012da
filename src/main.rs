//! The `mancala` command: check, inspect, run and play rule files.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = mancala::cli::Cli::parse();
    ExitCode::from(mancala::cli::run(cli))
}
