//! `mancala play`: a game in the terminal, you against the computer by default. Actions come
//! from standard input, one per line, so a game can be piped in as well as typed; commands
//! `help`, `undo`, `hint`, `save FILE`, `board`, `legal`, `quit`.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board::{self, Style};
use super::{load_with_source, OK, USAGE};
use crate::ai::mcts::win_at_hand;
use crate::ai::{AgentKind, Mcts};
use crate::record::{Players, Record};
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
    /// Save the game's record here when it ends (or at `quit`).
    #[arg(long, value_name = "FILE.json")]
    record: Option<PathBuf>,
}

const HELP: &str = "Type a hole to sow from (e.g. a1), or a word when one is offered (pass, accept, decline,\n\
continue, stop); `offer a1 a2` offers holes where the game has trades, `take c5 d7` chooses holes.\n\
Commands: help, undo (takes back your last action and the computer's answers), hint, save FILE,\n\
board, legal, quit.";

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
        std::fs::write(path, self.record().to_json() + "\n")
            .map_err(|e| format!("cannot save to {}: {}", path.display(), e.to_string().to_lowercase()))
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
        Ok(())
    }
}

pub fn play(args: &PlayArgs) -> u8 {
    let (source, rules) = match load_with_source(&args.rules, &args.set) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
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
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    if args.south == AgentKind::Human || args.north == AgentKind::Human {
        println!("{HELP}\n");
    }
    loop {
        print!("{}", session.draw());
        if session.game.is_over() {
            break;
        }
        let player = session.game.state().to_move;
        let agent = session.agent(player);
        let action = match agent {
            AgentKind::Human => match ask(&mut session, &mut lines, player) {
                Some(Asked::Action(action)) => action,
                Some(Asked::Undone) => {
                    println!();
                    continue;
                }
                None => break,
            },
            computer => {
                let Some(action) = computer.choose(&session.game, &mut session.rngs[player.index()]) else { break };
                println!("{player} plays {}", session.style.paint("1;33", &action.text(&rules)));
                action
            }
        };
        if let Err(error) = session.game.apply(action) {
            println!("{error}");
            continue;
        }
        session.played.push((action, player));
        println!();
    }
    if let Some(path) = &args.record {
        if let Err(error) = session.save(path) {
            eprintln!("error: {error}");
            return USAGE;
        }
        println!("record saved to {}", path.display());
    }
    OK
}

/// What the human asked for.
enum Asked {
    Action(Action),
    Undone,
}

/// Reads lines until one is a legal action or an `undo` that worked; `None` on `quit` or the
/// end of input.
fn ask(session: &mut Session<'_>, lines: &mut impl Iterator<Item = std::io::Result<String>>, player: Player) -> Option<Asked> {
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
        let line = match lines.next() {
            Some(Ok(line)) => line,
            _ => {
                println!();
                return None;
            }
        };
        let text = line.trim();
        let (command, rest) = text.split_once(char::is_whitespace).map_or((text, ""), |(c, r)| (c, r.trim()));
        match command {
            "" => continue,
            "quit" | "exit" => return None,
            "help" | "?" => println!("{HELP}"),
            "board" => print!("{}", session.draw()),
            "legal" => println!("legal: {}", session.game.legal_texts().join(" ")),
            "undo" => match session.undo() {
                Ok(()) => return Some(Asked::Undone),
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
                Ok(action) if legal.contains(&action) => return Some(Asked::Action(action)),
                Ok(_) => println!("`{text}` is not legal now; legal: {}", session.game.legal_texts().join(" ")),
                Err(error) => println!("{error}"),
            },
        }
    }
}
