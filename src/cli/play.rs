//! `mancala play`: a game in the terminal, you against the computer by default. Actions come
//! from standard input, one per line, so a game can be piped in as well as typed (at a terminal,
//! with line editing and history); commands `help`, `undo`, `hint`, `rules`, `save FILE`,
//! `board`, `legal`, `quit`. Every action is told in words from its events, and the holes it
//! changed are marked on the board; no line is wider than 80 columns. `play -` reads the rule file
//! from standard input instead, so it is played only between computers.
//!
//! With `--record FILE` nothing played is lost: the path is checked before the first move (see
//! [`check_target`]), and the game so far is saved at its end, at `quit`, at the end of input and
//! on SIGINT, SIGHUP or SIGTERM (see [`Keeper`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use clap::Args;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

use super::board::{self, Style, View, WIDTH};
use super::input::{thinking, Input, Line};
use super::narrate::{narrate, wrap};
use super::{load_or_stdin, Loaded, OK, USAGE};
use crate::ai::mcts::{win_at_hand, Scored};
use crate::ai::{AgentKind, Mcts, Search};
use crate::direction::Direction;
use crate::engine::{Cells, GameIn};
use crate::load::STDIN;
use crate::record::{check_target, Players, Record};
use crate::{Action, Game, Player, Rules};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The rule file, or a shipped game's name (`kalah`); `-`: standard input, read to its end
    /// before the game, so that both players must be computers. With --resume it may be left out:
    /// the record's rule file is found.
    rules: Option<PathBuf>,
    /// Choose an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Who plays South: human, easy, medium, hard, random, greedy, mcts, mcts:ITERATIONS or
    /// mcts:MILLISECONDSms [default: human, or the resumed record's].
    #[arg(long)]
    south: Option<AgentKind>,
    /// Who plays North (same choices) [default: medium, or the resumed record's].
    #[arg(long)]
    north: Option<AgentKind>,
    /// Seed of the computer's choices (the same seed and moves play the same game) [default: 1,
    /// or the resumed record's].
    #[arg(long)]
    seed: Option<u64>,
    /// Save the game's record here when it ends (or at `quit`, the end of input, Ctrl-C or a
    /// hang-up). Refused before the game starts unless it is new or an earlier record.
    #[arg(long, value_name = "FILE.json")]
    record: Option<PathBuf>,
    /// Go on with the game of this record (saved by `--record` or `save`); it is saved back to
    /// the same file unless `--record` names another.
    #[arg(long, value_name = "RECORD.json")]
    resume: Option<PathBuf>,
}

/// Who plays, and the seed, once defaults and a resumed record are settled.
#[derive(Clone, Copy, Debug)]
struct Sides {
    south: AgentKind,
    north: AgentKind,
    seed: u64,
}

const HELP: &str = "Type a hole to sow from (a1; with its way, `a1 cw` or `a1 ccw`, where moves go\n\
either way), or a word when one is offered (pass, accept, decline, continue,\n\
stop); `offer a1 a2` offers holes where the game has trades; where holes are\n\
to be chosen, type them (`c5 d7`, or `take c5 d7`). Commands: help, undo (takes\n\
back your last action and the computer's answers), hint, rules (the game's\n\
rules and rulings), save FILE, board, moves (the actions so far; `moves 5`: the\n\
last 5), legal, quit.";

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
    sides: Sides,
    /// The rule file as found (`-` for standard input; a shipped game's name resolved), its
    /// name in diagnostics (`<stdin>` for standard input) and its text.
    file: PathBuf,
    name: String,
    /// The options' `NAME=VALUE`, as given or as the resumed record gives them.
    sets: Vec<String>,
    source: String,
    game: Game<'r>,
    /// Every action so far and who played it.
    played: Vec<(Action, Player)>,
    /// One RNG per side, so one side's choices never shift the other's.
    rngs: [ChaCha8Rng; 2],
    style: Style,
    /// The holes the actions since the board was last shown changed, and how many actions.
    changed: crate::Holes,
    unseen: usize,
    /// Whether the board was shown after the last action (the next one starts a new count).
    shown: bool,
    /// What each action of `played` did, in words (for `moves`).
    told: Vec<Vec<String>>,
    /// The record a signal saves (only with `--record`).
    keeper: Option<Arc<Mutex<Keeper>>>,
    /// The files this game's record may be written over without asking: its `--record` (or
    /// resumed) file and those `save` wrote.
    ours: Vec<PathBuf>,
    /// A file holding another game's record that `save` was asked for once: asked again, it is
    /// written over.
    asked: Option<PathBuf>,
}

/// The hint's search ([`Mcts::analyse`]), run where [`crate::ai::replaying`] runs it.
struct Analysis<'a> {
    mcts: Mcts,
    rng: &'a mut ChaCha8Rng,
}

impl Search for Analysis<'_> {
    type Found = Vec<Scored>;
    fn run<C: Cells>(self, game: &GameIn<'_, C>) -> Vec<Scored> {
        self.mcts.analyse(game, self.rng)
    }
}

impl<'r> Session<'r> {
    /// Every action so far, from the start.
    fn actions(&self) -> Vec<Action> {
        self.played.iter().map(|&(action, _)| action).collect()
    }

    fn agent(&self, player: Player) -> AgentKind {
        if player == Player::South {
            self.sides.south
        } else {
            self.sides.north
        }
    }

    /// The board as the person playing sees it: from North's side when only North is human;
    /// the holes changed since it was last shown marked.
    fn draw(&mut self) -> String {
        self.shown = true;
        let from_north = self.sides.north == AgentKind::Human && self.sides.south != AgentKind::Human;
        board::draw_view(&self.game, &View { style: self.style, changed: self.changed, actions: self.unseen, from_north })
    }

    /// Whether the board is shown before the next action: where a person is to move (or nobody
    /// plays here, so every action is watched) and at the end; not between the computer's
    /// actions, which are told in words, so that a person's own move stays on the screen.
    fn board_due(&self) -> bool {
        let people = Player::BOTH.into_iter().any(|p| self.agent(p) == AgentKind::Human);
        match self.game.to_move() {
            Some(player) => !people || self.agent(player) == AgentKind::Human,
            None => true,
        }
    }

    /// Plays `action` for `player`, keeping what it changed for the next board and its narration.
    fn apply(&mut self, action: Action, player: Player) -> Result<(), String> {
        let before = *self.game.state();
        self.game.apply(action).map_err(|e| e.to_string())?;
        self.played.push((action, player));
        if self.shown {
            (self.changed, self.unseen, self.shown) = (crate::Holes::EMPTY, 0, false);
        }
        self.changed |= board::changes(self.rules, &before, self.game.state());
        self.unseen += 1;
        // Kept unwrapped: `moves` wraps them under their numbers.
        self.told.push(narrate(self.rules, player, &action.text(self.rules), self.game.events(), usize::MAX));
        Ok(())
    }

    /// Plays `action` for `player`, then tells what it did.
    fn play(&mut self, action: Action, player: Player) -> Result<(), String> {
        self.apply(action, player)?;
        // The signal watcher holds the action before anyone is told of it: a signal sent once its
        // narration shows saves it.
        self.publish();
        for line in self.told.last().into_iter().flatten().flat_map(|line| wrap(line, WIDTH)) {
            println!("{line}");
        }
        Ok(())
    }

    /// `moves [N]`: every action so far (or the last N), numbered and told as when played.
    fn moves(&self, last: Option<usize>) -> Vec<String> {
        if self.told.is_empty() {
            return vec!["no action has been played yet".to_string()];
        }
        let from = last.map_or(0, |n| self.told.len().saturating_sub(n));
        self.told.iter().enumerate().skip(from).flat_map(|(index, told)| super::narrate::numbered(index + 1, told, WIDTH)).collect()
    }

    fn record(&self) -> Record {
        let players = Players { south: self.sides.south.to_string(), north: self.sides.north.to_string(), seed: self.sides.seed };
        let actions: Vec<Action> = self.played.iter().map(|&(a, _)| a).collect();
        Record::new(&self.file.display().to_string(), &self.source, &self.sets, &players, &actions, &self.game)
    }

    fn save(&self, path: &Path) -> Result<(), String> {
        self.record().save(path, &self.file).map_err(|e| e.to_string())
    }

    /// `save FILE`: the record written to `path`, unless it holds another game's record and this
    /// is the first time it was asked for (then `Err` says whose, and how to write over it).
    fn save_asked(&mut self, path: &Path) -> Result<(), String> {
        let known = |p: &PathBuf| p == path || matches!((std::fs::canonicalize(p), std::fs::canonicalize(path)), (Ok(a), Ok(b)) if a == b);
        let record = self.record();
        if !self.ours.iter().any(known) && self.asked.as_ref().is_none_or(|p| !known(p)) {
            if let Ok(other) = Record::read(path) {
                if !other.is_earlier_of(&record) {
                    self.asked = Some(path.to_path_buf());
                    let actions = Action::split_list(&other.moves).len();
                    let state = if other.result.is_some() { "finished" } else { "unfinished" };
                    return Err(format!(
                        "{} holds the record of another game ({}, {actions} action{}, {state}): type `save {}` again to write over it, or save to another file",
                        path.display(),
                        other.rules.game,
                        if actions == 1 { "" } else { "s" },
                        path.display()
                    ));
                }
            }
        }
        self.save(path)?;
        if self.asked.as_ref().is_some_and(known) {
            self.asked = None;
        }
        self.ours.push(path.to_path_buf());
        Ok(())
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
        self.told.truncate(index);
        let mut game = Game::new(self.rules);
        game.set_tracing(true);
        for &(action, _) in &self.played {
            if game.apply(action).is_err() {
                return Err("the game cannot be replayed (this is a bug)");
            }
        }
        self.game = game;
        (self.changed, self.unseen, self.shown) = (crate::Holes::EMPTY, 0, false);
        self.publish();
        Ok(())
    }

    /// The game's rules: its page (`docs/games/NAME.md` beside a shipped file, see
    /// [`crate::rules_page::find`]) as text, or where it has none the rulings of the rule file,
    /// each as `ID: text`; wrapped.
    fn rules_text(&self) -> Vec<String> {
        if let Some((_, page)) = crate::rules_page::find(&self.file, &self.rules.name) {
            return crate::rules_page::to_text(&page, WIDTH);
        }
        let Ok(file) = crate::syntax::parse(&self.source) else { return vec!["the rule file cannot be read again".to_string()] };
        let mut lines: Vec<String> = file.rulings().into_iter().flat_map(|(id, text)| wrap(&format!("{id}: {text}"), WIDTH)).collect();
        if lines.is_empty() {
            let text = format!("{} has no rulings and no page of rules: its rules are the file itself ({}).", self.rules.name, self.name);
            lines.extend(wrap(&text, WIDTH));
        }
        lines
    }

    /// After the game's last board, where a person played: whether they won (one person
    /// against the computer), and the command that plays again (the computer with the next seed,
    /// so that it answers otherwise).
    fn epilogue(&self) -> Vec<String> {
        let humans: Vec<Player> = Player::BOTH.into_iter().filter(|&p| self.agent(p) == AgentKind::Human).collect();
        let Some(result) = self.game.result() else { return Vec::new() };
        if humans.is_empty() {
            return Vec::new();
        }
        let mut lines = Vec::new();
        if let [you] = humans[..] {
            let (mine, theirs) = (result.score[you.index()], result.score[you.opponent().index()]);
            lines.push(match result.winner {
                Some(winner) if winner == you => format!("You won, {mine} to {theirs}."),
                Some(_) => format!("You lost, {mine} to {theirs}."),
                None => format!("A draw, {mine} to {theirs}."),
            });
        }
        let mut command = vec!["mancala".to_string(), "play".to_string()];
        // A shipped game by its name (found so from any folder), else the file's path.
        let same = |a: &Path, b: &Path| a.canonicalize().ok().is_some_and(|a| b.canonicalize().ok() == Some(a));
        let name = self.file.file_stem().map(|stem| Path::new(stem).to_path_buf());
        command.push(match name {
            Some(name) if super::shipped::find(&name).is_ok_and(|found| same(&found, &self.file)) => name.display().to_string(),
            _ => match &self.args.rules {
                Some(rules) => rules.display().to_string(),
                None => self.file.display().to_string(),
            },
        });
        for set in &self.sets {
            command.push(format!("--set {set}"));
        }
        for (side, player) in [("--south", Player::South), ("--north", Player::North)] {
            let default = if player == Player::South { AgentKind::Human } else { AgentKind::Mcts(Default::default()) };
            if self.agent(player) != default {
                command.push(format!("{side} {}", self.agent(player)));
            }
        }
        command.push(format!("--seed {}", self.sides.seed.wrapping_add(1)));
        lines.push("To play again:".to_string());
        // A long command (a long path) goes on over lines as a shell reads it, ` \` at the end of each.
        let mut line = " ".to_string();
        for word in command {
            if line.len() > 2 && line.chars().count() + 1 + word.chars().count() > WIDTH - 2 {
                lines.push(format!("{line} \\"));
                line = "   ".to_string();
            }
            line.push(' ');
            line.push_str(&word);
        }
        lines.push(line);
        lines
    }

    /// Who the person is, which holes are theirs, which way the stones go.
    fn banner(&self) -> Vec<String> {
        let rules = self.rules;
        let describe = |kind: AgentKind| match kind.strength() {
            Some(name) => format!("the computer ({name}: {kind})"),
            None if kind == AgentKind::Human => "human".to_string(),
            None => format!("the computer ({kind})"),
        };
        let mut lines = Vec::new();
        let humans: Vec<Player> = Player::BOTH.into_iter().filter(|&p| self.agent(p) == AgentKind::Human).collect();
        let rows_of = |player: Player| {
            let rows: Vec<String> =
                (0..rules.board.rows).filter(|&r| rules.board.row_owner[r] == player).map(|r| crate::row_letter(r).to_string()).collect();
            format!("row{} {}", if rows.len() == 1 { "" } else { "s" }, rows.join(" and "))
        };
        match humans[..] {
            [player] => {
                let turned = if player == Player::North { ", at the bottom: the board is turned for you" } else { ", at the bottom" };
                lines.push(format!(
                    "You play {player}: {}{turned}; {} is {}.",
                    rows_of(player),
                    player.opponent(),
                    describe(self.agent(player.opponent()))
                ));
            }
            [_, _] => lines.push(format!(
                "Two people play here: south {} at the bottom, north {} at the top.",
                rows_of(Player::South),
                rows_of(Player::North)
            )),
            _ => lines.push(format!("South: {}; north: {}.", describe(self.sides.south), describe(self.sides.north))),
        }
        // The first holes of the person's circuit (South's, if nobody or both play here) from
        // their first hole, in sowing order.
        let player = if humans.len() == 1 { humans[0] } else { Player::South };
        let first = (0..rules.board.holes).find(|&h| rules.home_of(h) == player).unwrap_or(0);
        let track = |reversed: bool| {
            let next = rules.next_of(player, reversed);
            let mut track = vec![rules.label(first)];
            let mut at = first;
            for _ in 0..3 {
                at = next[at] as usize;
                track.push(super::narrate::place(rules, at));
            }
            format!("{} …", track.join(" → "))
        };
        let (way, other) = (Direction::of(rules.sowing.clockwise).word(), Direction::of(!rules.sowing.clockwise).short());
        let label = rules.label(first);
        if rules.sowing.either_way {
            // Every move names its way: both, from the first hole.
            let (cw, ccw) = if rules.sowing.clockwise { (track(false), track(true)) } else { (track(true), track(false)) };
            let (cw_short, ccw_short) = (Direction::Clockwise.short(), Direction::CounterClockwise.short());
            lines.push(format!(
                "Stones are sown either way, as each move says: `{label} {cw_short}` sows {cw}, `{label} {ccw_short}` {ccw}"
            ));
        } else if rules.play.reverse.is_some() {
            lines.push(format!("Stones are sown {way}: {}; some moves may go the other way (`{label} {other}`).", track(false)));
        } else {
            lines.push(format!("Stones are sown {way}: {}", track(false)));
        }
        let start = match (self.played.len(), self.game.to_move()) {
            (0, _) => match rules.play.race {
                // The first turn both play at once (Pending::Race): the first player chooses first.
                Some(last) => format!(
                    "The first turn is played by both at once: {} chooses a hole, then {}, and both are sown together, a stone of each at a time; whoever finishes {} moves next.",
                    rules.play.first,
                    rules.play.first.opponent(),
                    if last { "last" } else { "first" }
                ),
                None => format!("{} moves first.", rules.play.first),
            },
            (n, Some(player)) => format!("Resumed after {n} action{}: {player} to move.", if n == 1 { "" } else { "s" }),
            (n, None) => format!("Resumed after {n} action{}: the game is over.", if n == 1 { "" } else { "s" }),
        };
        lines.push(format!("{start} Type help for the commands."));
        lines.into_iter().flat_map(|l| wrap(&l, WIDTH)).collect()
    }
}

pub fn play(args: &PlayArgs) -> u8 {
    let resumed = match &args.resume {
        Some(path) => match Record::read(path) {
            Ok(record) => Some(record),
            Err(error) => {
                eprintln!("error: {error}");
                return USAGE;
            }
        },
        None => None,
    };
    // A resumed game keeps its options: `--set` may only repeat them.
    let sets = match &resumed {
        Some(record) if !args.set.is_empty() && args.set != record.sets => {
            eprintln!(
                "error: --set {}: a resumed game keeps the options it was played with ({})",
                args.set.join(" "),
                record.sets.join(" ")
            );
            return USAGE;
        }
        Some(record) => record.sets.clone(),
        None => args.set.clone(),
    };
    let sides = match settle_sides(args, resumed.as_ref()) {
        Ok(sides) => sides,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    // Standard input cannot hold both the rule file and a person's moves: refused before reading.
    if args.rules.as_deref() == Some(Path::new(STDIN)) && [sides.south, sides.north].contains(&AgentKind::Human) {
        eprintln!(
            "error: play -: the rule file comes from standard input, so no move can be typed there: let the \
             computer play both sides (--south random --north medium, say) or give the rule file's path"
        );
        return USAGE;
    }
    let loaded = match (&args.rules, &resumed, &args.resume) {
        (Some(rules), _, _) => load_or_stdin(rules, &sets),
        // The record's own rule file, wherever it is now.
        (None, Some(record), Some(path)) => {
            match super::shipped::find_for_record(record, path, "give the rule file before --resume: mancala play FILE --resume RECORD") {
                Ok((file, source)) => {
                    let name = file.display().to_string();
                    super::compile_source(&name, &source, &sets).map(|rules| Loaded { path: file, name, source, rules })
                }
                Err(error) => {
                    eprintln!("error: {error}");
                    Err(USAGE)
                }
            }
        }
        _ => {
            eprintln!("error: play needs a rule file, its path or a shipped game's name (rules/NAME.mancala or NAME), or --resume RECORD");
            Err(USAGE)
        }
    };
    let Loaded { path: file, name, source, rules } = match loaded {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let record_path = args.record.clone().or_else(|| args.resume.clone());
    if let Some(path) = &record_path {
        if let Err(error) = check_target(path, &file) {
            eprintln!("error: {error}");
            return USAGE;
        }
    }
    let rng = |stream| {
        let mut rng = ChaCha8Rng::seed_from_u64(sides.seed);
        rng.set_stream(stream);
        rng
    };
    let mut game = Game::new(&rules);
    game.set_tracing(true);
    let mut session = Session {
        rules: &rules,
        args,
        sides,
        file: file.clone(),
        name,
        sets: sets.clone(),
        source,
        game,
        played: Vec::new(),
        rngs: [rng(1), rng(2)],
        style: Style::for_stdout(),
        changed: crate::Holes::EMPTY,
        unseen: 0,
        shown: false,
        told: Vec::new(),
        keeper: None,
        ours: Vec::new(),
        asked: None,
    };
    if let (Some(record), Some(path)) = (&resumed, &args.resume) {
        if let Err(error) = resume(&mut session, record) {
            eprintln!("error: {}: {error}", path.display());
            return USAGE;
        }
    }
    session.ours.extend(record_path.clone());
    if let Some(path) = &record_path {
        let keeper = Arc::new(Mutex::new(Keeper { record: session.record(), closed: false }));
        if let Err(error) = watch_signals(Arc::clone(&keeper), path.clone(), file.clone()) {
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
            if let (Some(path), Some(keeper)) = (&record_path, &session.keeper) {
                let mut kept = keeper.lock().unwrap_or_else(PoisonError::into_inner);
                kept.closed = true;
                kept.record = session.record();
                let (Ok(line) | Err(line)) = save_and_say(&kept.record, path, &file, "the output closed");
                let _ = writeln!(std::io::stderr(), "{line}");
            }
            std::panic::resume_unwind(payload);
        }
    };
    match (&record_path, &session.keeper) {
        (Some(path), Some(keeper)) => close(&session, keeper, path, why),
        _ => OK,
    }
}

/// Who plays and the seed: as given, else the resumed record's, else human against medium.
fn settle_sides(args: &PlayArgs, resumed: Option<&Record>) -> Result<Sides, String> {
    let recorded = |text: &str| text.parse::<AgentKind>().map_err(|e| format!("the record's player: {e}"));
    let (south, north, seed) = match resumed {
        Some(record) => (recorded(&record.south)?, recorded(&record.north)?, record.seed),
        None => (AgentKind::Human, AgentKind::Mcts(Default::default()), 1),
    };
    Ok(Sides { south: args.south.unwrap_or(south), north: args.north.unwrap_or(north), seed: args.seed.unwrap_or(seed) })
}

/// Plays the record's actions in `session`, whose rules must be the record's.
fn resume(session: &mut Session<'_>, record: &Record) -> Result<(), String> {
    record.check_source_of(&session.file.display().to_string(), &session.source).map_err(|e| e.to_string())?;
    record.check_against(&session.game).map_err(|e| e.to_string())?;
    let actions = record.actions(session.rules).map_err(|e| e.to_string())?;
    for (index, action) in actions.into_iter().enumerate() {
        let player = session.game.state().to_move;
        // The board shown next marks what the record's last action changed, as `play` did.
        session.shown = true;
        session.apply(action, player).map_err(|e| format!("action {}: {e}", index + 1))?;
    }
    // The computers' generators start afresh from the seed: the same record resumed with the
    // same seed plays on the same way.
    Ok(())
}

/// The loop's own last save, under the keeper's lock (so a signal now changes nothing).
fn close(session: &Session<'_>, keeper: &Mutex<Keeper>, path: &Path, why: &str) -> u8 {
    let mut kept = keeper.lock().unwrap_or_else(PoisonError::into_inner);
    kept.closed = true;
    kept.record = session.record();
    match save_and_say(&kept.record, path, &session.file, why) {
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
    let mut input = Input::new();
    for line in session.banner() {
        println!("{line}");
    }
    if session.sides.south == AgentKind::Human || session.sides.north == AgentKind::Human {
        println!("{HELP}");
    }
    println!();
    let mut first = true;
    loop {
        // The board at the start (or where a resumed game stands), then where it is due.
        if first || session.board_due() {
            // A blank line between the last action's words and the board.
            if !first {
                println!();
            }
            first = false;
            let board = session.draw();
            print!("{board}");
        }
        if session.game.is_over() {
            for line in session.epilogue() {
                println!("{line}");
            }
            return "the game is over";
        }
        let player = session.game.state().to_move;
        let action = match session.agent(player) {
            AgentKind::Human => match ask(session, &mut input, player) {
                Asked::Action(action) => action,
                Asked::Undone => continue,
                Asked::Quit => return "quit",
                // With a record, saving it says so; without one, say why the game stops.
                Asked::Interrupted => {
                    if session.keeper.is_none() {
                        println!("interrupted (Ctrl-C): the game stops here");
                    }
                    return "interrupted";
                }
                Asked::EndOfInput => {
                    if session.keeper.is_none() {
                        println!("end of input: the game stops here");
                    }
                    return "end of input";
                }
            },
            computer => {
                let thinking = thinking(player);
                // The game is played from the start: searched in the narrowest layout.
                let actions = session.actions();
                let chosen = computer.choose_replaying(&session.game, None, &actions, &mut session.rngs[player.index()]);
                thinking.finish_and_clear();
                let Some(action) = chosen else {
                    return "the computer found no action";
                };
                action
            }
        };
        if let Err(error) = session.play(action, player) {
            println!("{error}");
        }
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
    Interrupted,
    EndOfInput,
}

/// Reads lines until one is a legal action, an `undo` that worked, `quit` or the end of input.
fn ask(session: &mut Session<'_>, input: &mut Input, player: Player) -> Asked {
    let rules = session.rules;
    loop {
        let legal = session.game.legal_actions();
        // A decision in words (an answer to an offer, a choice inside a move): say the words;
        // a choice of holes, the holes.
        let prompt = if legal.iter().all(|a| matches!(a, Action::Take(_))) && legal.len() > 1 {
            format!("{player}, {}? > ", board::legal_line(&session.game))
        } else if legal.iter().all(|a| !matches!(a, Action::Sow(_) | Action::SowReversed(_) | Action::Offer(_))) {
            let words: Vec<String> = legal.iter().map(|a| a.text(rules)).collect();
            format!("{player}, {}? > ", words.join(" or "))
        } else {
            format!("{player}> ")
        };
        let line = match input.line(&prompt) {
            Line::Text(line) => line,
            Line::Refused(why) => {
                println!("{why}");
                continue;
            }
            Line::Interrupted => return Asked::Interrupted,
            Line::End => return Asked::EndOfInput,
        };
        let text = line.trim();
        let (command, rest) = text.split_once(char::is_whitespace).map_or((text, ""), |(c, r)| (c, r.trim()));
        match command {
            "" => continue,
            "quit" | "exit" => return Asked::Quit,
            "help" | "?" => println!("{HELP}"),
            "board" => {
                let board = session.draw();
                print!("{board}");
            }
            "moves" => match (rest, rest.parse::<usize>()) {
                ("", _) => session.moves(None).iter().for_each(|l| println!("{l}")),
                (_, Ok(n)) if n > 0 => session.moves(Some(n)).iter().for_each(|l| println!("{l}")),
                _ => println!("`moves` lists every action so far; `moves 5`, the last 5"),
            },
            "legal" => {
                for line in wrap(&board::legal_line(&session.game), WIDTH) {
                    println!("{line}");
                }
            }
            "rules" => {
                for line in session.rules_text() {
                    println!("{line}");
                }
            }
            "undo" => match session.undo() {
                Ok(()) => return Asked::Undone,
                Err(why) => println!("{why}"),
            },
            "hint" => {
                if let Some(win) = win_at_hand(&session.game) {
                    println!("hint: {} (wins now)", win.text(rules));
                    continue;
                }
                let mut rng = ChaCha8Rng::seed_from_u64(session.sides.seed ^ session.played.len() as u64);
                let thinking = thinking(player);
                // Searched in the game replayed in the narrowest layout, as the computer searches.
                let search = Analysis { mcts: Mcts::new(Default::default()), rng: &mut rng };
                let scored = crate::ai::replaying(&session.game, None, &session.actions(), search);
                thinking.finish_and_clear();
                match scored.iter().max_by(|a, b| a.visits.cmp(&b.visits)) {
                    Some(best) if scored.len() == 1 => println!("hint: {} (the only legal action)", best.action.text(rules)),
                    Some(best) => println!("hint: {} (won {:.0}% of the search's playouts)", best.action.text(rules), best.mean * 100.0),
                    None => println!("no hint: the game is over"),
                }
            }
            "save" if rest.is_empty() => println!("save where? write `save FILE`"),
            "save" => match session.save_asked(Path::new(rest)) {
                Ok(()) => println!("saved to {rest}"),
                Err(error) => {
                    for line in wrap(&error, WIDTH) {
                        println!("{line}");
                    }
                }
            },
            _ => match super::typed::read(text, &session.game) {
                Ok(action) if legal.contains(&action) => return Asked::Action(action),
                Ok(_) => {
                    for line in wrap(&format!("`{text}` is not legal now; {}", board::legal_line(&session.game)), WIDTH) {
                        println!("{line}");
                    }
                }
                Err(error) => {
                    for line in wrap(&error, WIDTH) {
                        println!("{line}");
                    }
                }
            },
        }
    }
}
