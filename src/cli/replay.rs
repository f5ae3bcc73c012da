//! `mancala replay RECORD`: reads a game record, refuses it if its rule file changed or its game
//! name, options or players are not the rule file's, replays every action (each must be legal),
//! checks the result and shows the game move by move: all at once, or (at a terminal, or with
//! `--step`) a move at a time, forward and back.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::Args;

use super::board::{self, Style, View};
use super::input::{Input, Line};
use super::narrate::wrap;
use super::{check, ILLEGAL_ACTION, OK, RECORD_MISMATCH, RULE_ERRORS, USAGE};
use crate::load::read_source;
use crate::record::Record;
use crate::{Game, LoadError, State};

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
    /// Step through the game a move at a time (next, previous, a move's number), reading commands
    /// from standard input: what `replay` does at a terminal.
    #[arg(long)]
    step: bool,
    /// Print every move at once, even at a terminal.
    #[arg(long)]
    all: bool,
}

/// The game as stepped through: the position after each action (the start first), and each
/// action told.
struct Steps {
    positions: Vec<State>,
    told: Vec<Vec<String>>,
}

pub fn replay(args: &ReplayArgs) -> u8 {
    let ways: Vec<&str> =
        [(args.quiet, "--quiet"), (args.step, "--step"), (args.all, "--all")].into_iter().filter(|w| w.0).map(|w| w.1).collect();
    if let [first, second, ..] = ways[..] {
        eprintln!("error: {first} and {second} cannot be given together: the game is shown one way");
        return USAGE;
    }
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
    let stepping = args.step || (!args.all && !args.quiet && std::io::stdin().is_terminal() && std::io::stdout().is_terminal());
    // Every move is shown as it is checked, unless it is stepped through once all are checked.
    let shown = !args.quiet && !stepping;
    let mut steps = Steps { positions: Vec::new(), told: Vec::new() };
    let mut game = Game::new(&rules);
    game.set_tracing(!args.quiet);
    println!("{} — south: {}, north: {}, seed {}", rules.name, record.south, record.north, record.seed);
    if shown {
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
        if stepping {
            steps.positions.push(before);
            steps.told.push(super::narrate::narrate(&rules, player, &text, game.events(), usize::MAX));
        }
        if shown {
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
    if stepping {
        steps.positions.push(*game.state());
        step_through(&steps, &game, style);
    }
    OK
}

const STEP_HELP: &str = "Enter or n: the next move; p: the previous; a number: after that move; s: the start; e: the end; \
                         q: quit.";

/// Shows the game a move at a time as the commands of standard input ask, from its start; `last`
/// is the game at its end.
fn step_through(steps: &Steps, last: &Game<'_>, style: Style) {
    let count = steps.told.len();
    for line in wrap(&format!("Step through the game: {STEP_HELP}"), board::WIDTH) {
        println!("{line}");
    }
    let mut input = Input::new();
    let mut at = 0;
    show(steps, last, style, at);
    loop {
        let prompt = format!("[{at}/{count}] n, p, NUMBER, s, e, q > ");
        let line = match input.line(&prompt) {
            Line::Text(line) => line,
            Line::Refused(why) => {
                println!("{why}");
                continue;
            }
            Line::Interrupted | Line::End => return,
        };
        let to = match line.trim() {
            "" | "n" | "next" => at + 1,
            "p" | "previous" | "prev" | "back" => match at.checked_sub(1) {
                Some(to) => to,
                None => {
                    println!("This is the start: n goes on.");
                    continue;
                }
            },
            "s" | "start" => 0,
            "e" | "end" => count,
            "q" | "quit" => return,
            "h" | "help" | "?" => {
                for line in wrap(STEP_HELP, board::WIDTH) {
                    println!("{line}");
                }
                continue;
            }
            other => match other.parse::<usize>() {
                Ok(to) => to,
                Err(_) => {
                    for line in wrap(&format!("`{other}` is not a command here: {STEP_HELP}"), board::WIDTH) {
                        println!("{line}");
                    }
                    continue;
                }
            },
        };
        if to > count {
            if at == count && to == at + 1 {
                println!("That was the last move: p goes back, q quits.");
            } else {
                println!("The game has {count} moves: give a number from 0 (the start) to {count}.");
            }
            continue;
        }
        at = to;
        show(steps, last, style, at);
    }
}

/// The board after `at` moves (the start: 0), after the move that led there told.
fn show(steps: &Steps, last: &Game<'_>, style: Style, at: usize) {
    let rules = last.rules();
    println!();
    let game = match at {
        0 => Game::new(rules),
        _ if at == steps.told.len() => last.clone(),
        _ => Game::from_state(rules, steps.positions[at]),
    };
    let changed = match at {
        0 => crate::Holes::EMPTY,
        _ => {
            for line in super::narrate::numbered(at, &steps.told[at - 1], board::WIDTH) {
                println!("{line}");
            }
            board::changes(rules, &steps.positions[at - 1], &steps.positions[at])
        }
    };
    print!("{}", board::draw_view(&game, &View { changed, ..View::new(style) }));
}
