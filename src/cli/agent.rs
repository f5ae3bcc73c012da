//! `mancala agent-protocol`: a built-in player as an agent of `mancala-agent/1` (docs/agents.md),
//! so that any program driving agents (a tournament of another tool, a test) can play against
//! ours. Reads the engine's messages on standard input, one JSON object a line, and answers each
//! `move` with `{"action": …}` on standard output; ends at the end of input. From a `start`, it
//! keeps the game with each move's `since`, so that it knows the positions that came before (the
//! repetitions); a move whose position does not follow from them is played from that position alone.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::Args;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

use super::{load, OK, USAGE};
use crate::ai::AgentKind;
use crate::engine::position::parse_position;
use crate::{Action, Game, State};

#[derive(Debug, Args)]
pub struct AgentArgs {
    /// The rule file.
    rules: PathBuf,
    /// Choose an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// The player: random, greedy, easy, medium, hard, mcts, mcts:N or mcts:Nms.
    #[arg(long, default_value = "medium")]
    player: AgentKind,
    /// The seed of its choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn agent(args: &AgentArgs) -> u8 {
    if args.player == AgentKind::Human {
        eprintln!("error: --player human: an agent is a computer player");
        return USAGE;
    }
    let rules = match load(&args.rules, &args.set) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    // The game as the messages tell it: from the start, with each move's `since` (so its
    // repetitions are known); `None` until a start, or once a position did not follow.
    let mut kept: Option<Kept<'_>> = None;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for (number, line) in stdin.lock().lines().enumerate() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let refuse = |why: String| {
            eprintln!("error: message {}: {why}", number + 1);
            USAGE
        };
        let message: serde_json::Value = match serde_json::from_str(&line) {
            Ok(message) => message,
            Err(error) => return refuse(format!("not JSON: {error}")),
        };
        match message.get("type").and_then(|t| t.as_str()) {
            Some("start") => kept = Some(Kept { game: Game::new(&rules), start: None, actions: Vec::new() }),
            Some("end") => kept = None,
            Some("move") => {
                let given = message.get("position").cloned().unwrap_or_default();
                let state = match parse_position(&given.to_string(), &rules) {
                    Ok(state) => state,
                    Err(error) => return refuse(format!("a position this agent cannot read: {error}")),
                };
                let since = message.get("since").and_then(|s| s.as_array());
                let game = match (kept.take(), since) {
                    (game, Some(since)) => {
                        let followed = game.and_then(|game| follow(game, since, &given));
                        if followed.is_none() {
                            eprintln!(
                                "note: message {}: the actions since the last move do not lead to its position: it is played from the position alone",
                                number + 1
                            );
                        }
                        followed
                    }
                    (_, None) => None,
                };
                let game = game.unwrap_or_else(|| Kept { game: Game::from_state(&rules, state), start: Some(state), actions: Vec::new() });
                let Some(action) = args.player.choose_replaying(&game.game, game.start.as_ref(), &game.actions, &mut rng) else {
                    return refuse("no legal action to choose".to_string());
                };
                kept = Some(game);
                let answer = serde_json::json!({ "action": action.text(&rules) });
                if writeln!(out, "{answer}").and_then(|()| out.flush()).is_err() {
                    return OK;
                }
            }
            _ => return refuse("a message whose `type` is not start, move or end".to_string()),
        }
    }
    OK
}

/// The game as the messages tell it: where it started (`None`: the rules' start) and the
/// actions since, which a search plays again in a narrower layout
/// ([`AgentKind::choose_replaying`]).
struct Kept<'r> {
    game: Game<'r>,
    start: Option<State>,
    actions: Vec<Action>,
}

/// `kept` with the actions of `since` played, if they are legal and lead to the position `given`
/// (else `None`: the position is then read on its own, without the game before it).
fn follow<'r>(mut kept: Kept<'r>, since: &[serde_json::Value], given: &serde_json::Value) -> Option<Kept<'r>> {
    for text in since {
        let action = Action::parse(text.as_str()?, kept.game.rules()).ok()?;
        kept.game.apply(action).ok()?;
        kept.actions.push(action);
    }
    let reached = serde_json::to_value(kept.game.position()).ok()?;
    (&reached == given).then_some(kept)
}
