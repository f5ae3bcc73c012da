//! Rooms: one game each, with two seats (a person or a computer player) and whoever watches.
//!
//! A room keeps its rules, the actions played and who played them; the game itself is replayed
//! from them when needed (a few microseconds an action), so an undo is a truncation and nothing
//! is ever half-applied: an action is tried on the replayed game and kept only if it is legal.
//! Every change is published to the room's connections as one JSON message (see [`Room::state`]);
//! a connection that falls behind is sent the whole state again.
//!
//! The rooms know nothing of HTTP: [`super`] turns requests and WebSocket messages into calls
//! here, and the tests call them directly.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use serde_json::{json, Value};
use tokio::sync::broadcast;

use crate::ai::AgentKind;
use crate::engine::position::Sides;
use crate::narrate::narrate;
use crate::record::{Players, Record};
use crate::{Action, Game, Player, Rules};

/// The most rooms open at once: a new one beyond it is refused until idle ones are cleaned up.
pub const MAX_ROOMS: usize = 1000;

/// The most connections to one room (its players' and its watchers').
pub const MAX_CONNECTIONS: usize = 64;

/// The most actions a room's game holds (an undo replays them all).
pub const MAX_ACTIONS: usize = 100_000;

/// The width narration lines are wrapped to: none, the page wraps them.
const NARRATION_WIDTH: usize = usize::MAX;

/// Who sits in a seat.
#[derive(Clone, Debug)]
pub enum Seat {
    /// A person; `token` is the secret that identifies them, once someone has taken the seat.
    Person { token: Option<String>, present: usize },
    /// A computer player of one of the page's strengths.
    Computer(AgentKind),
}

/// The computer players the page offers: bounded in time (no `mcts:N` of a billion).
pub fn page_agent(name: &str) -> Result<Option<AgentKind>, String> {
    match name {
        "human" | "person" => Ok(None),
        "easy" | "greedy" | "medium" | "mcts" | "hard" | "random" => name.parse().map(Some),
        _ => Err(format!("unknown player {name:?}: choose human, easy, medium, hard or random")),
    }
}

/// What a new room is made of.
pub struct RoomSpec {
    /// The rule file's name as shown and recorded (`rules/kalah.mancala`).
    pub file: String,
    pub source: String,
    pub sets: Vec<String>,
    pub rules: Rules,
    /// South's and North's players: `None` for a person.
    pub players: [Option<AgentKind>; 2],
    pub seed: u64,
    /// Actions to replay first (a loaded record's).
    pub actions: Vec<Action>,
}

/// One game and its seats.
pub struct Room {
    pub id: String,
    rules: Arc<Rules>,
    file: String,
    source: String,
    sets: Vec<String>,
    seed: u64,
    seats: [Seat; 2],
    /// Connections without a seat.
    watchers: usize,
    played: Vec<(Action, Player)>,
    /// One random stream per side, so one side's choices never shift the other's.
    rngs: [ChaCha8Rng; 2],
    /// Bumped by every change: a computer's answer computed for an older one is dropped.
    generation: u64,
    /// The player the computer is thinking for.
    thinking: Option<Player>,
    last_active: Instant,
    updates: broadcast::Sender<Arc<str>>,
}

/// A change to a room that the caller must follow up.
#[derive(Debug, PartialEq, Eq)]
pub enum After {
    /// Nothing more happens by itself.
    Wait,
    /// A computer player is to move: ask it (see [`Room::think`]).
    Think,
}

/// What the computer needs to choose a move away from the room's lock.
pub struct Thinking {
    pub rules: Arc<Rules>,
    pub actions: Vec<Action>,
    pub agent: AgentKind,
    pub player: Player,
    pub rng: ChaCha8Rng,
    pub generation: u64,
}

impl Thinking {
    /// The computer's choice (slow: run it off the async threads), searched in the narrowest
    /// layout ([`AgentKind::choose_replaying`]).
    pub fn choose(&mut self) -> Option<Action> {
        let game = replay(&self.rules, self.actions.iter().copied())?;
        self.agent.choose_replaying(&game, None, &self.actions, &mut self.rng)
    }
}

/// Replays `actions` from the start (`None` if one is not legal).
fn replay(rules: &Rules, actions: impl IntoIterator<Item = Action>) -> Option<Game<'_>> {
    let mut game = Game::new(rules);
    for action in actions {
        game.apply(action).ok()?;
    }
    Some(game)
}

/// Refuses `seat` unless it is a player and the one to move in `game`; `what` says what a
/// watcher may not do.
fn to_act(game: &Game<'_>, seat: Option<Player>, what: &str) -> Result<Player, String> {
    let Some(player) = seat else { return Err(format!("you are watching this game: {what}")) };
    match game.to_move() {
        None => Err("the game is over".to_string()),
        Some(to_move) if to_move != player => Err(format!("it is {to_move}'s turn")),
        Some(_) => Ok(player),
    }
}

impl Room {
    /// A room for `spec`, its record's actions replayed (refused if one is not legal).
    pub fn new(id: String, spec: RoomSpec) -> Result<Room, String> {
        if spec.actions.len() > MAX_ACTIONS {
            return Err(format!("the record has more than {MAX_ACTIONS} actions"));
        }
        let mut played = Vec::with_capacity(spec.actions.len());
        let mut game = Game::new(&spec.rules);
        for (index, &action) in spec.actions.iter().enumerate() {
            let Some(player) = game.to_move() else {
                return Err(format!("action {} of {} comes after the end of the game", index + 1, spec.actions.len()));
            };
            game.apply(action).map_err(|e| format!("action {} of {}: {e}", index + 1, spec.actions.len()))?;
            played.push((action, player));
        }
        drop(game);
        let rng = |stream| {
            let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
            rng.set_stream(stream);
            rng
        };
        let seat = |player: Option<AgentKind>| match player {
            Some(agent) => Seat::Computer(agent),
            None => Seat::Person { token: None, present: 0 },
        };
        let (updates, _) = broadcast::channel(64);
        Ok(Room {
            id,
            rules: Arc::new(spec.rules),
            file: spec.file,
            source: spec.source,
            sets: spec.sets,
            seed: spec.seed,
            seats: [seat(spec.players[0]), seat(spec.players[1])],
            watchers: 0,
            played,
            rngs: [rng(1), rng(2)],
            generation: 0,
            thinking: None,
            last_active: Instant::now(),
            updates,
        })
    }

    /// The game as it stands, on `rules` (the room's, held by the caller so that the room may
    /// change while the game is looked at).
    fn game_on<'r>(&self, rules: &'r Rules) -> Game<'r> {
        // The actions were legal when played and the rules have not changed.
        replay(rules, self.played.iter().map(|&(a, _)| a)).unwrap_or_else(|| Game::new(rules))
    }

    fn actions(&self) -> Vec<Action> {
        self.played.iter().map(|&(a, _)| a).collect()
    }

    /// The answer to a visitor: the room, and a free person's seat for them if there is one.
    pub fn join(&mut self) -> Created {
        let seat = self.take_seat();
        Created { room: self.id.clone(), seat: seat.as_ref().map(|s| s.0), token: seat.map(|s| s.1) }
    }

    /// Takes a free person's seat (South's first) and returns it with its token.
    pub fn take_seat(&mut self) -> Option<(Player, String)> {
        for player in Player::BOTH {
            if let Seat::Person { token: token @ None, .. } = &mut self.seats[player.index()] {
                let new = new_token();
                *token = Some(new.clone());
                self.last_active = Instant::now();
                return Some((player, new));
            }
        }
        None
    }

    /// The seat whose token this is (none: a watcher).
    pub fn seat_of(&self, token: Option<&str>) -> Option<Player> {
        let token = token?;
        Player::BOTH.into_iter().find(|p| matches!(&self.seats[p.index()], Seat::Person { token: Some(t), .. } if t == token))
    }

    /// A connection for `seat` opens: it receives every change from now on.
    pub fn connect(&mut self, seat: Option<Player>) -> broadcast::Receiver<Arc<str>> {
        match seat.map(|p| &mut self.seats[p.index()]) {
            Some(Seat::Person { present, .. }) => *present += 1,
            _ => self.watchers += 1,
        }
        self.last_active = Instant::now();
        let receiver = self.updates.subscribe();
        self.publish();
        receiver
    }

    /// A connection for `seat` closes.
    pub fn disconnect(&mut self, seat: Option<Player>) {
        match seat.map(|p| &mut self.seats[p.index()]) {
            Some(Seat::Person { present, .. }) => *present = present.saturating_sub(1),
            _ => self.watchers = self.watchers.saturating_sub(1),
        }
        self.last_active = Instant::now();
        self.publish();
    }

    /// How many connections the room has.
    pub fn connections(&self) -> usize {
        let seated: usize = self.seats.iter().map(|s| if let Seat::Person { present, .. } = s { *present } else { 0 }).sum();
        seated + self.watchers
    }

    /// Plays `text` for `seat`, if it is that seat's turn and the action is legal; `ply` is the
    /// number of actions the sender had seen (an action sent against an older board is refused).
    pub fn act(&mut self, seat: Option<Player>, text: &str, ply: Option<usize>) -> Result<After, String> {
        if seat.is_none() {
            return Err("you are watching this game: only its players move".to_string());
        }
        if ply.is_some_and(|ply| ply != self.played.len()) {
            return Err("the board has changed since you chose: look again".to_string());
        }
        if self.played.len() >= MAX_ACTIONS {
            return Err(format!("this game has reached {MAX_ACTIONS} actions, the most a room keeps"));
        }
        let rules = Arc::clone(&self.rules);
        let mut game = self.game_on(&rules);
        let player = to_act(&game, seat, "only its players move")?;
        let action = crate::typed::read(text, &game)?;
        game.set_tracing(true);
        game.apply(action).map_err(|e| e.to_string())?;
        let step = step(&rules, &game, player, action);
        self.played.push((action, player));
        self.changed();
        self.publish_game(&game, Some(step));
        Ok(self.after(&game))
    }

    /// Takes back `seat`'s last action and every computer action after it. Against another
    /// person only one's own last action can be taken back, before the other has answered.
    pub fn undo(&mut self, seat: Option<Player>) -> Result<After, String> {
        let Some(player) = seat else { return Err("you are watching this game: only its players undo".to_string()) };
        let Some(index) = self.played.iter().rposition(|&(_, p)| p == player) else {
            return Err("you have no action to take back".to_string());
        };
        let other_person = self.played[index + 1..].iter().any(|&(_, p)| matches!(self.seats[p.index()], Seat::Person { .. }));
        if other_person {
            return Err(format!("{} has moved since: only your last action can be taken back, before they answer", player.opponent()));
        }
        self.played.truncate(index);
        self.changed();
        let rules = Arc::clone(&self.rules);
        let game = self.game_on(&rules);
        self.publish_game(&game, None);
        Ok(self.after(&game))
    }

    fn changed(&mut self) {
        self.generation += 1;
        self.thinking = None;
        self.last_active = Instant::now();
    }

    /// Whether a computer is to move in `game` (the room's as it stands).
    fn after(&self, game: &Game<'_>) -> After {
        match game.to_move() {
            Some(player) if matches!(self.seats[player.index()], Seat::Computer(_)) => After::Think,
            _ => After::Wait,
        }
    }

    /// What the computer to move needs to think, marking the room as thinking (`None` when no
    /// computer is to move or one is already thinking).
    pub fn think(&mut self) -> Option<Thinking> {
        if self.thinking.is_some() {
            return None;
        }
        let rules = Arc::clone(&self.rules);
        let game = self.game_on(&rules);
        let player = game.to_move()?;
        let Seat::Computer(agent) = self.seats[player.index()] else { return None };
        self.thinking = Some(player);
        self.publish_game(&game, None);
        // A copy of the side's stream: kept by the room until the answer is played.
        let rng = ChaCha8Rng::deserialize_state(&self.rngs[player.index()].serialize_state());
        Some(self.thinking_for(agent, player, rng))
    }

    fn thinking_for(&self, agent: AgentKind, player: Player, rng: ChaCha8Rng) -> Thinking {
        Thinking { rules: Arc::clone(&self.rules), actions: self.actions(), agent, player, rng, generation: self.generation }
    }

    /// What a hint for `seat` needs: the `medium` player's search on the game as it stands, with
    /// a random stream of its own (a hint never shifts the computer's choices).
    pub fn hint(&self, seat: Option<Player>) -> Result<Thinking, String> {
        let player = to_act(&self.game_on(&self.rules), seat, "hints are for its players")?;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ self.played.len() as u64);
        rng.set_stream(3);
        Ok(self.thinking_for(AgentKind::Mcts(crate::ai::Budget::default()), player, rng))
    }

    /// Plays the computer's choice, unless the room changed while it thought.
    pub fn answer(&mut self, thought: Thinking, action: Option<Action>) -> After {
        if thought.generation != self.generation {
            return self.after(&self.game_on(&self.rules));
        }
        self.thinking = None;
        let Some(action) = action else {
            self.publish();
            return After::Wait;
        };
        self.rngs[thought.player.index()] = thought.rng;
        let text = action.text(&self.rules);
        match self.act(Some(thought.player), &text, None) {
            Ok(after) => after,
            Err(_) => After::Wait,
        }
    }

    /// Whether the room can go: nobody connected and nothing done for `idle`.
    pub fn is_abandoned(&self, now: Instant, idle: Duration) -> bool {
        self.connections() == 0 && now.saturating_duration_since(self.last_active) >= idle
    }

    /// The game's record as it stands.
    pub fn record(&self) -> Record {
        let name = |seat: &Seat| match seat {
            Seat::Person { .. } => "human".to_string(),
            Seat::Computer(agent) => agent.to_string(),
        };
        let players = Players { south: name(&self.seats[0]), north: name(&self.seats[1]), seed: self.seed };
        Record::new(&self.file, &self.source, &self.sets, &players, &self.actions(), &self.game_on(&self.rules))
    }

    /// The rule file's name, for a record's file name.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The rule file's text.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// A new game of this room's rules, options and players, the computer with the next seed (so
    /// that it answers otherwise): a rematch.
    pub fn rematch(&self) -> RoomSpec {
        let players = self.seats.each_ref().map(|seat| match seat {
            Seat::Person { .. } => None,
            Seat::Computer(agent) => Some(*agent),
        });
        RoomSpec {
            file: self.file.clone(),
            source: self.source.clone(),
            sets: self.sets.clone(),
            rules: (*self.rules).clone(),
            players,
            seed: self.seed.wrapping_add(1),
            actions: Vec::new(),
        }
    }

    /// How many actions have been played.
    pub fn ply(&self) -> usize {
        self.played.len()
    }

    /// Every action so far told as `play` tells it (the narration of the steps the page saw).
    pub fn told(&self) -> Vec<Vec<String>> {
        let mut game = Game::new(&self.rules);
        game.set_tracing(true);
        self.played
            .iter()
            .map(|&(action, by)| {
                // The actions were legal when played and the rules have not changed.
                let _ = game.apply(action);
                narrate(&self.rules, by, &action.text(&self.rules), game.events(), NARRATION_WIDTH)
            })
            .collect()
    }

    /// The game after its first `ply` actions, to look back at: the position then and the step
    /// of its last action (`null` at the start); `None` past the actions played.
    pub fn review(&self, ply: usize) -> Option<Value> {
        let played = self.played.get(..ply)?;
        let mut game = Game::new(&self.rules);
        let mut last = Value::Null;
        for (index, &(action, by)) in played.iter().enumerate() {
            game.set_tracing(index + 1 == ply);
            let _ = game.apply(action);
            if index + 1 == ply {
                last = step(&self.rules, &game, by, action);
            }
        }
        Some(json!({"ply": ply, "of": self.played.len(), "position": game.position(), "step": last}))
    }

    /// What the page needs to draw this game, once per connection: the board's shape, who owns
    /// which hole, the stores, the rulings.
    pub fn info(&self, seat: Option<Player>) -> Value {
        let rules = &self.rules;
        let rulings: Vec<Value> = crate::syntax::parse(&self.source)
            .map(|file| file.rulings().into_iter().map(|(id, text)| json!({"id": id, "text": text})).collect())
            .unwrap_or_default();
        let rows: Vec<Value> = (0..rules.board.rows)
            .map(|r| {
                let labels: Vec<String> = (0..rules.board.columns).map(|c| rules.label(r * rules.board.columns + c)).collect();
                json!({"letter": crate::row_letter(r).to_string(), "owner": rules.board.row_owner[r], "holes": labels})
            })
            .collect();
        let home: serde_json::Map<String, Value> = (0..rules.board.holes).map(|h| (rules.label(h), json!(rules.home_of(h)))).collect();
        json!({
            "type": "welcome",
            "room": self.id,
            "you": seat,
            "file": self.file,
            "game": rules.name,
            "sources": rules.sources,
            "rulings": rulings,
            "rows": rows,
            "columns": rules.board.columns,
            "home": home,
            "stores": rules.board.stores,
            "stores_left": rules.board.stores_left,
            "clockwise": rules.sowing.clockwise,
            // The first turn played by both at once, and who moves after it.
            "race": rules.play.race.map(|last| if last { "last to finish moves" } else { "first to finish moves" }),
            "state": self.state(None),
            "told": self.told(),
        })
    }

    /// The room as every connection sees it: the position, the moves, the seats, who is
    /// thinking, and the step (the last action and its events, for the page to animate) when
    /// the change was an action.
    pub fn state(&self, step: Option<&Value>) -> Value {
        self.state_of(&self.game_on(&self.rules), step)
    }

    /// [`Room::state`] with `game`, the room's game as it stands.
    fn state_of(&self, game: &Game<'_>, step: Option<&Value>) -> Value {
        let seat = |player: Player| match &self.seats[player.index()] {
            Seat::Person { token, present } => json!({"kind": "person", "taken": token.is_some(), "present": *present > 0}),
            Seat::Computer(agent) => {
                json!({"kind": "computer", "name": agent.strength().map_or_else(|| agent.to_string(), str::to_string)})
            }
        };
        let moves: Vec<Value> = self.played.iter().map(|&(a, p)| json!({"by": p, "action": a.text(&self.rules)})).collect();
        json!({
            "type": "state",
            "ply": self.played.len(),
            "position": game.position(),
            "moves": moves,
            "seats": Sides::by(seat),
            "watchers": self.watchers,
            "thinking": self.thinking,
            "step": step,
        })
    }

    /// Sends the room's state to every connection.
    fn publish(&self) {
        self.publish_game(&self.game_on(&self.rules), None);
    }

    /// Sends the room's state, whose game is `game`, and the step that led to it.
    fn publish_game(&self, game: &Game<'_>, step: Option<Value>) {
        let text: Arc<str> = self.state_of(game, step.as_ref()).to_string().into();
        // No receiver is not an error: nobody is connected.
        let _ = self.updates.send(text);
    }
}

/// The step an action took, for the page: who, what, its events and its narration.
fn step(rules: &Rules, game: &Game<'_>, by: Player, action: Action) -> Value {
    let text = action.text(rules);
    let events: Vec<_> = game.events().iter().map(|e| e.json(rules)).collect();
    let narration = narrate(rules, by, &text, game.events(), NARRATION_WIDTH);
    json!({"by": by, "action": text, "events": events, "narration": narration})
}

/// 64 bits from the operating system's generator, as rand advises for secrets; should it ever
/// fail, from rand's thread generator (ChaCha12, seeded by the operating system) rather than none.
pub fn secret_u64() -> u64 {
    use rand::TryRng;
    rand::rngs::SysRng.try_next_u64().unwrap_or_else(|_| rand::rng().random())
}

/// A secret of 128 random bits, as hex.
fn new_token() -> String {
    let bits = u128::from(secret_u64()) << 64 | u128::from(secret_u64());
    format!("{bits:032x}")
}

/// Every open room, by id.
pub struct Rooms {
    rooms: Mutex<HashMap<String, Arc<Mutex<Room>>>>,
    /// How long a room nobody is connected to is kept.
    pub idle: Duration,
}

/// Locks a room, whatever a panicking holder left (the room's data stays consistent: every
/// change is made whole or not at all).
pub fn lock(room: &Mutex<Room>) -> MutexGuard<'_, Room> {
    room.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Rooms {
    pub fn new(idle: Duration) -> Rooms {
        Rooms { rooms: Mutex::new(HashMap::new()), idle }
    }

    fn all(&self) -> MutexGuard<'_, HashMap<String, Arc<Mutex<Room>>>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens a room for `spec`; returns it.
    pub fn open(&self, spec: RoomSpec) -> Result<Arc<Mutex<Room>>, String> {
        let mut rooms = self.all();
        if rooms.len() >= MAX_ROOMS {
            return Err(format!("the server has {MAX_ROOMS} rooms open, its most: try again when idle ones are cleaned up"));
        }
        let id = loop {
            let bits = secret_u64();
            let id = format!("{bits:016x}");
            if !rooms.contains_key(&id) {
                break id;
            }
        };
        let room = Arc::new(Mutex::new(Room::new(id.clone(), spec)?));
        rooms.insert(id, Arc::clone(&room));
        Ok(room)
    }

    pub fn get(&self, id: &str) -> Option<Arc<Mutex<Room>>> {
        self.all().get(id).cloned()
    }

    pub fn len(&self) -> usize {
        self.all().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Closes every room abandoned at `now`; returns how many.
    pub fn clean_up(&self, now: Instant) -> usize {
        let mut rooms = self.all();
        let before = rooms.len();
        rooms.retain(|_, room| !lock(room).is_abandoned(now, self.idle));
        before - rooms.len()
    }
}

/// A room just opened or joined: its id, and the seat taken with its token (none: watching).
#[derive(Serialize)]
pub struct Created {
    pub room: String,
    pub seat: Option<Player>,
    pub token: Option<String>,
}
