//! The `mancala` command: check, inspect, run and play rule files.

use std::process::ExitCode;

use clap::Parser;

/// The exit code of a process whose output pipe closed early (128 + SIGPIPE), as shells report it.
const BROKEN_PIPE: u8 = 141;

fn main() -> ExitCode {
    let cli = mancala::cli::Cli::parse();
    // `println!` panics when standard output is a pipe closed early (`mancala … | head`): such a
    // reader wants no more output, so stop quietly instead of printing a panic.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !is_broken_pipe(info.payload()) {
            default_hook(info);
        }
    }));
    match std::panic::catch_unwind(|| mancala::cli::run(cli)) {
        Ok(code) => ExitCode::from(code),
        Err(payload) if is_broken_pipe(payload.as_ref()) => ExitCode::from(BROKEN_PIPE),
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

fn is_broken_pipe(payload: &(dyn std::any::Any + Send)) -> bool {
    let message = payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied());
    message.is_some_and(|m| m.contains("Broken pipe"))
}
