//! `mancala play`: a game in the terminal, you against the computer by default. Actions come
//! from standard input, one per line, so a game can be piped in as well as typed; commands
//! `help`, `undo`, `hint`, `save FILE`, `board`, `legal`, `quit`.
//!
//! With `--record FILE` nothing played is lost: the path is checked before the first move (see
//! [`check_target`]), and the game so far is saved at its end, at `quit`, at the end of input and
//! on SIGINT, SIGHUP or SIGTERM (see [`Keeper`]).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board::{self, Style};
use super::{load_with_source, OK, USAGE};
use crate::ai::mcts::win_at_hand;
use crate::ai::{AgentKind, Mcts};
use crate::record::{check_target, Players, Record};
use crate::{Action, Game, Player, Rules};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The rule file.
    rules: PathBuf,
    /// Choose an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Who plays South: human, random, greedy, mcts, mcts:ITERATIONS or mcts:MILLISECONDSms.
    #[arg(long, default_value = "human")]
    south: AgentKind,
    /// Who plays North (same choices).
    #[arg(long, default_value = "mcts")]
    north: AgentKind,
    /// Seed of the computer's choices (the same seed and moves play the same game).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Save the game's record here when it ends (or at `quit`, the end of input, Ctrl-C or a
    /// hang-up). Refused before the game starts unless it is new or an earlier record.
    #[arg(long, value_name = "FILE.json")]
    record: Option<PathBuf>,
}

const HELP: &str = "Type a hole to sow from (e.g. a1; with its way, `a1 cw` or `a1 ccw`, where moves go either way),\n\
or a word when one is offered (pass, accept, decline, continue, stop); `offer a1 a2` offers holes\n\
where the game has trades, `take c5 d7` chooses holes.\n\
Commands: help, undo (takes back your last action and the computer's answers), hint, save FILE,\n\
board, legal, quit.";

/// The longest input line read (longer lines are refused, not kept).
const MAX_LINE: usize = 4096;

/// The record a signal saves, shared by the play loop and the signal watcher.
///
/// Why this has no race: one lock guards it. The play loop replaces `record` under the lock
/// after every change to the game (an action, an undo) and makes its own last save under the
/// lock, setting `closed`. The watcher is an ordinary thread (signal-hook's iterator: the
/// signal handler itself only wakes it), so it may lock and write files; it takes the same lock,
/// so it saves the record as it stood before an action or after it, never half of one, and it
/// leaves a game the loop has closed to the loop. It needs nothing from the loop, so a signal
/// that comes while the loop is blocked reading standard input (or the computer is thinking)
/// saves at once; the watcher then ends the process (exit 128 + the signal's number) still
/// holding the lock, so the loop cannot go on behind it.
struct Keeper {
    record: Record,
    closed: bool,
}

/// A game in progress with everything `undo` and `save` need.
struct Session<'r> {
    rules: &'r Rules,
    args: &'r PlayArgs,
    source: String,
    game: Game<'r>,
    /// Every action so far and who played it.
    played: Vec<(Action, Player)>,
    /// One RNG per side, so one side's choices never shift the other's.
    rngs: [ChaCha8Rng; 2],
    style: Style,
    /// The record a signal saves (only with `--record`).
    keeper: Option<Arc<Mutex<Keeper>>>,
}

impl<'r> Session<'r> {
    fn agent(&self, player: Player) -> AgentKind {
        if player == Player::South {
            self.args.south
        } else {
            self.args.north
        }
    }

    fn last(&self) -> Option<String> {
        self.played.last().map(|(a, _)| a.text(self.rules))
    }

    fn draw(&self) -> String {
        board::draw_styled(&self.game, self.last().as_deref(), self.style)
    }

    fn record(&self) -> Record {
        let players = Players { south: self.args.south.to_string(), north: self.args.north.to_string(), seed: self.args.seed };
        let actions: Vec<Action> = self.played.iter().map(|&(a, _)| a).collect();
        Record::new(&self.args.rules.display().to_string(), &self.source, &self.args.set, &players, &actions, &self.game)
    }

    fn save(&self, path: &Path) -> Result<(), String> {
        self.record().save(path, &self.args.rules).map_err(|e| e.to_string())
    }

    /// Hands the record as it stands to the signal watcher.
    fn publish(&self) {
        if let Some(keeper) = &self.keeper {
            let record = self.record();
            keeper.lock().unwrap_or_else(PoisonError::into_inner).record = record;
        }
    }

    /// Takes back the last human action and every computer action after it.
    fn undo(&mut self) -> Result<(), &'static str> {
        let Some(index) = self.played.iter().rposition(|&(_, p)| self.agent(p) == AgentKind::Human) else {
            return Err("nothing to undo");
        };
        self.played.truncate(index);
        let mut game = Game::new(self.rules);
        for &(action, _) in &self.played {
            if game.apply(action).is_err() {
                return Err("the game cannot be replayed (this is a bug)");
            }
        }
        self.game = game;
        self.publish();
        Ok(())
    }
}

pub fn play(args: &PlayArgs) -> u8 {
    let (source, rules) = match load_with_source(&args.rules, &args.set) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    if let Some(path) = &args.record {
        if let Err(error) = check_target(path, &args.rules) {
            eprintln!("error: {error}");
            return USAGE;
        }
    }
    let rng = |stream| {
        let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
        rng.set_stream(stream);
        rng
    };
    let mut session = Session {
        rules: &rules,
        args,
        source,
        game: Game::new(&rules),
        played: Vec::new(),
        rngs: [rng(1), rng(2)],
        style: Style::for_stdout(),
        keeper: None,
    };
    if let Some(path) = &args.record {
        let keeper = Arc::new(Mutex::new(Keeper { record: session.record(), closed: false }));
        if let Err(error) = watch_signals(Arc::clone(&keeper), path.clone(), args.rules.clone()) {
            eprintln!("error: {error}");
            return USAGE;
        }
        session.keeper = Some(keeper);
    }
    // A panic mid-game (above all `println!` on an output pipe closed early, which `main` turns
    // into exit 141) must not lose the record: save it, then let the panic go on.
    let why = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| play_out(&mut session))) {
        Ok(why) => why,
        Err(payload) => {
            if let (Some(path), Some(keeper)) = (&args.record, &session.keeper) {
                let mut kept = keeper.lock().unwrap_or_else(PoisonError::into_inner);
                kept.closed = true;
                kept.record = session.record();
                let (Ok(line) | Err(line)) = save_and_say(&kept.record, path, &args.rules, "the output closed");
                let _ = writeln!(std::io::stderr(), "{line}");
            }
            std::panic::resume_unwind(payload);
        }
    };
    match (&args.record, &session.keeper) {
        (Some(path), Some(keeper)) => close(&session, keeper, path, why),
        _ => OK,
    }
}

/// The loop's own last save, under the keeper's lock (so a signal now changes nothing).
fn close(session: &Session<'_>, keeper: &Mutex<Keeper>, path: &Path, why: &str) -> u8 {
    let mut kept = keeper.lock().unwrap_or_else(PoisonError::into_inner);
    kept.closed = true;
    kept.record = session.record();
    match save_and_say(&kept.record, path, &session.args.rules, why) {
        Ok(line) => {
            println!("{line}");
            OK
        }
        Err(line) => {
            eprintln!("{line}");
            USAGE
        }
    }
}

/// Plays until the game ends or the human stops; says why it stopped (for the record's line).
fn play_out(session: &mut Session<'_>) -> &'static str {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    if session.args.south == AgentKind::Human || session.args.north == AgentKind::Human {
        println!("{HELP}\n");
    }
    loop {
        print!("{}", session.draw());
        if session.game.is_over() {
            return "the game is over";
        }
        let player = session.game.state().to_move;
        let action = match session.agent(player) {
            AgentKind::Human => match ask(session, &mut input, player) {
                Asked::Action(action) => action,
                Asked::Undone => {
                    println!();
                    continue;
                }
                Asked::Quit => return "quit",
                Asked::EndOfInput => return "end of input",
            },
            computer => {
                let Some(action) = computer.choose(&session.game, &mut session.rngs[player.index()]) else {
                    return "the computer found no action";
                };
                println!("{player} plays {}", session.style.paint("1;33", &action.text(session.rules)));
                action
            }
        };
        if let Err(error) = session.game.apply(action) {
            println!("{error}");
            continue;
        }
        session.played.push((action, player));
        session.publish();
        println!();
    }
}

/// Saves `record` and says so in one line (`why`: what ended the game or the session); `Err`
/// holds the error line, with the actions played so that nothing is lost.
fn save_and_say(record: &Record, path: &Path, rule_file: &Path, why: &str) -> Result<String, String> {
    match record.save(path, rule_file) {
        Ok(()) if record.result.is_some() => Ok(format!("record saved to {}", path.display())),
        Ok(()) => {
            let actions = Action::split_list(&record.moves).len();
            let plural = if actions == 1 { "" } else { "s" };
            Ok(format!("{why}: the game so far ({actions} action{plural}, unfinished) saved to {}", path.display()))
        }
        Err(error) => Err(format!("error: {error}; the actions played: {}", record.moves)),
    }
}

/// Starts the thread that saves the game so far on SIGINT, SIGHUP or SIGTERM (see [`Keeper`]).
#[cfg(unix)]
fn watch_signals(keeper: Arc<Mutex<Keeper>>, path: PathBuf, rule_file: PathBuf) -> Result<(), String> {
    use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGTERM};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGINT, SIGHUP, SIGTERM]).map_err(|e| format!("cannot watch for signals: {e}"))?;
    std::thread::spawn(move || {
        for signal in signals.forever() {
            let mut kept = keeper.lock().unwrap_or_else(PoisonError::into_inner);
            if kept.closed {
                continue; // the loop saved the game and is ending
            }
            kept.closed = true;
            let name = match signal {
                SIGINT => "interrupted (SIGINT)",
                SIGHUP => "hung up (SIGHUP)",
                _ => "terminated (SIGTERM)",
            };
            // Standard error, unbuffered: the loop may hold standard output's lock.
            let line = save_and_say(&kept.record, &path, &rule_file, name).unwrap_or_else(|error| error);
            let _ = writeln!(std::io::stderr(), "{line}");
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// No signals to watch here: the record is saved at the end, at `quit` and at the end of input.
#[cfg(not(unix))]
fn watch_signals(_: Arc<Mutex<Keeper>>, _: PathBuf, _: PathBuf) -> Result<(), String> {
    Ok(())
}

/// What the human asked for.
enum Asked {
    Action(Action),
    Undone,
    Quit,
    EndOfInput,
}

/// One line of input: `None` at its end (or when it cannot be read). A line longer than
/// [`MAX_LINE`] bytes or not UTF-8 is read to its end, not kept, and refused in words.
fn read_line(input: &mut impl BufRead) -> Option<Result<String, String>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let limit = u64::try_from(MAX_LINE + 1 - bytes.len()).unwrap_or(0);
        match std::io::Read::take(&mut *input, limit).read_until(b'\n', &mut bytes) {
            Ok(0) if bytes.is_empty() && !too_long => return None,
            Ok(_) if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') => {
                too_long = true;
                bytes.clear(); // keep reading to the end of this line, keeping nothing
            }
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    if too_long {
        return Some(Err(format!("that line is longer than {MAX_LINE} bytes: ignored")));
    }
    Some(String::from_utf8(bytes).map_err(|_| "that line is not text (UTF-8): ignored".to_string()))
}

/// Reads lines until one is a legal action, an `undo` that worked, `quit` or the end of input.
fn ask(session: &mut Session<'_>, input: &mut impl BufRead, player: Player) -> Asked {
    let rules = session.rules;
    loop {
        let legal = session.game.legal_actions();
        // A decision in words (an answer to an offer, a choice inside a move): say the words.
        if legal.iter().all(|a| !matches!(a, Action::Sow(_) | Action::Offer(_))) {
            let words: Vec<String> = legal.iter().map(|a| a.text(rules)).collect();
            print!("{player}, {}? > ", words.join(" or "));
        } else {
            print!("{player}> ");
        }
        let _ = std::io::stdout().flush();
        let line = match read_line(input) {
            Some(Ok(line)) => line,
            Some(Err(why)) => {
                println!("{why}");
                continue;
            }
            None => {
                println!();
                return Asked::EndOfInput;
            }
        };
        let text = line.trim();
        let (command, rest) = text.split_once(char::is_whitespace).map_or((text, ""), |(c, r)| (c, r.trim()));
        match command {
            "" => continue,
            "quit" | "exit" => return Asked::Quit,
            "help" | "?" => println!("{HELP}"),
            "board" => print!("{}", session.draw()),
            "legal" => println!("legal: {}", session.game.legal_texts().join(" ")),
            "undo" => match session.undo() {
                Ok(()) => return Asked::Undone,
                Err(why) => println!("{why}"),
            },
            "hint" => {
                if let Some(win) = win_at_hand(&session.game) {
                    println!("hint: {} (wins now)", win.text(rules));
                    continue;
                }
                let mut rng = ChaCha8Rng::seed_from_u64(session.args.seed ^ session.played.len() as u64);
                let scored = Mcts::new(Default::default()).analyse(&session.game, &mut rng);
                match scored.iter().max_by(|a, b| a.visits.cmp(&b.visits)) {
                    Some(best) if scored.len() == 1 => println!("hint: {} (the only legal action)", best.action.text(rules)),
                    Some(best) => println!("hint: {} (won {:.0}% of the search's playouts)", best.action.text(rules), best.mean * 100.0),
                    None => println!("no hint: the game is over"),
                }
            }
            "save" if rest.is_empty() => println!("save where? write `save FILE`"),
            "save" => match session.save(Path::new(rest)) {
                Ok(()) => println!("saved to {rest}"),
                Err(error) => println!("{error}"),
            },
            _ => match Action::parse(text, rules) {
                Ok(action) if legal.contains(&action) => return Asked::Action(action),
                Ok(_) => println!("`{text}` is not legal now; legal: {}", session.game.legal_texts().join(" ")),
                Err(error) => println!("{error}"),
            },
        }
    }
}
