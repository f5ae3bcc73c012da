//! The position JSON: written from a game ([`GameIn`], in any layout), read back into a [`State`].
//!
//! Reading checks a position against the rules, not only its JSON shape: [`json`] refuses
//! malformed text, repeated keys, unknown fields and wrong types; [`board`] the board, captures,
//! owners, claimed and closed holes and the round; [`claims`] claims no claim rule could have
//! made; [`pending`] an open offer or decision the rules could not have left open. Every refusal
//! is a [`PositionError`] naming the field and the reason.

mod board;
mod claims;
mod json;
mod pending;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Cells, GameIn, GameResult, Pending as Open, State};
use crate::compile::Rules;
use crate::direction::Direction;
use crate::player::Player;
use crate::vocabulary::OptionValue;

/// A value per player, written `{"south": …, "north": …}`: stones (the default), a phase's name,
/// anything the JSON gives each player.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Sides<T = u32> {
    pub south: T,
    pub north: T,
}

impl<T> Sides<T> {
    /// Each player's value, as `value` gives it.
    pub fn by(mut value: impl FnMut(Player) -> T) -> Sides<T> {
        Sides { south: value(Player::South), north: value(Player::North) }
    }
}

impl<T> From<[T; 2]> for Sides<T> {
    /// South's value first, as the engine keeps them (`Player::index`).
    fn from([south, north]: [T; 2]) -> Sides<T> {
        Sides { south, north }
    }
}

/// `result` of a finished game.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ResultJson {
    pub winner: Option<Player>,
    pub score: Sides,
    pub reason: String,
}

/// A position as `interchange.md` writes it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Position {
    pub game: String,
    pub options: BTreeMap<String, serde_json::Value>,
    pub to_move: Option<Player>,
    pub rows: BTreeMap<String, Vec<u16>>,
    /// Each player's store (only where the game has stores): what they have captured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stores: Option<Sides>,
    pub captured: Sides,
    /// The stones each player holds in hand (only where the game has hands).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Sides>,
    /// Each player's phase (only where the game has phases).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<Sides<String>>,
    pub owners: BTreeMap<String, Player>,
    pub legal: Vec<String>,
    pub status: &'static str,
    pub result: Option<ResultJson>,
    /// An offer waiting for `to_move`'s answer, or a decision open inside `to_move`'s move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// The players who have declined an offer (where the game has trades).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub declined: Vec<Player>,
    /// Closed holes, in board order (only where holes can close).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed: Option<Vec<String>>,
    /// The round being played (only in games of rounds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u16>,
    /// Claimed holes, in board order (only where holes can be claimed); `owners` says whose.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Vec<String>>,
    /// The holes never emptied since the game began, in board order (only where the rules ask
    /// `intact`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intact: Option<Vec<String>>,
}

/// What is open: an offer (the holes offered, `by` the player who offered them), or a decision
/// inside `by`'s move: `"continue or stop"` with the move standing `at` a hole, or `"take"` with
/// the number of `holes` to choose.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Pending {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<Vec<String>>,
    pub by: Player,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holes: Option<u32>,
    /// For a `take`, the capture section (1 for the file's first) whose holes are chosen: given
    /// only where another section chooses as many holes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<usize>,
    /// For a decision inside a move, the way the move goes (only where moves may go either way):
    /// `"clockwise"` or `"counter-clockwise"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<String>,
    /// For a decision inside a move, whether the move has captured (only where that matters:
    /// games whose rules ask `capturing` or decide captures by the first lap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<bool>,
}

/// The decision words of [`Pending::decision`].
const CONTINUE_OR_STOP: &str = "continue or stop";
const TAKE: &str = "take";
/// The second choice of a turn both play at once: `at` is the hole the other player chose.
const RACE: &str = "race";

impl<C: Cells> GameIn<'_, C> {
    /// The position in the interchange format (whatever the game's layout: it is read as
    /// [`super::Wide`]).
    pub fn position(&self) -> Position {
        let rules = self.rules();
        let state = &self.state().widen();
        let (rows, owners) = (rows_of(rules, state), owners_of(rules, state));
        Position {
            game: rules.name.clone(),
            options: options_json(rules),
            to_move: self.to_move(),
            rows,
            stores: rules.board.stores.then(|| state.captured.into()),
            captured: state.captured.into(),
            hand: rules.has_hands().then(|| state.hand.map(u32::from).into()),
            phase: (!rules.play.phases.is_empty()).then(|| {
                Sides::by(|p| rules.play.phases.get(usize::from(state.phase[p.index()])).map_or(String::new(), |(n, _)| n.clone()))
            }),
            owners,
            legal: self.legal_texts(),
            status: if self.is_over() { "over" } else { "ongoing" },
            result: self.result().map(|r: &GameResult| ResultJson { winner: r.winner, score: r.score.into(), reason: r.reason.clone() }),
            pending: pending_json(rules, state),
            declined: Player::BOTH.into_iter().filter(|p| state.declined[p.index()]).collect(),
            closed: rules.rounds.as_ref().map(|_| super::holes_of(state.closed).map(|h| rules.label(h)).collect()),
            round: rules.rounds.as_ref().map(|_| state.round),
            claimed: rules.captures.claims.then(|| super::holes_of(state.claimed).map(|h| rules.label(h)).collect()),
            intact: rules.tracks.intact.then(|| super::holes_of(state.intact).map(|h| rules.label(h)).collect()),
        }
    }

    /// The position as one line of JSON.
    pub fn position_json(&self) -> String {
        serde_json::to_string(&self.position()).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// A line of `run --trace` after `action` (its canonical text): the action, its events (the
    /// game must be tracing) and the position after it, as one line of JSON.
    pub fn step_json(&self, action: &str) -> String {
        let events = self.events().iter().map(|e| e.json(self.rules())).collect();
        let step = Step { action, events, position: self.position() };
        serde_json::to_string(&step).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// A line of `run --trace`: a position with the action that led to it and its events.
#[derive(Serialize)]
struct Step<'a> {
    action: &'a str,
    events: Vec<super::events::EventJson>,
    #[serde(flatten)]
    position: Position,
}

/// The stones of each row, by its letter.
pub(crate) fn rows_of(rules: &Rules, state: &State) -> BTreeMap<String, Vec<u16>> {
    (0..rules.board.rows)
        .map(|r| (crate::row_letter(r).to_string(), state.counts()[r * rules.board.columns..(r + 1) * rules.board.columns].to_vec()))
        .collect()
}

/// The holes owned by another player than their row's, with their owners.
pub(crate) fn owners_of(rules: &Rules, state: &State) -> BTreeMap<String, Player> {
    (0..rules.board.holes).filter(|&h| state.owner(h) != rules.home_of(h)).map(|h| (rules.label(h), state.owner(h))).collect()
}

pub(crate) fn pending_json(rules: &Rules, state: &State) -> Option<Pending> {
    let open =
        Pending { offer: None, by: state.to_move, decision: None, at: None, holes: None, capture: None, direction: None, captured: None };
    if state.offer != 0 {
        let offer = super::holes_of(state.offer).map(|h| rules.label(h)).collect();
        return Some(Pending { offer: Some(offer), by: state.to_move.opponent(), ..open });
    }
    let open = Pending {
        direction: rules.reversible().then(|| Direction::of(rules.sowing.clockwise != state.reversed).word().to_string()),
        captured: rules.tracks.capturing.then_some(state.capturing),
        ..open
    };
    match state.pending {
        Open::None => None,
        Open::Continue(hole) => {
            Some(Pending { decision: Some(CONTINUE_OR_STOP.to_string()), at: Some(rules.label(usize::from(hole))), ..open })
        }
        Open::Race(hole) => Some(Pending { decision: Some(RACE.to_string()), at: Some(rules.label(usize::from(hole))), ..open }),
        Open::Choose(rule) => {
            let rule = usize::from(rule);
            let count = rules.chosen_count(rule);
            let shared = (0..rules.captures.rules.len()).filter(|&r| rules.chosen_count(r) == count).count() > 1;
            Some(Pending { decision: Some(TAKE.to_string()), holes: Some(count), capture: shared.then_some(rule + 1), ..open })
        }
    }
}

fn options_json(rules: &Rules) -> BTreeMap<String, serde_json::Value> {
    rules
        .options
        .iter()
        .map(|(name, value)| {
            let json = match value {
                OptionValue::Number(n) => serde_json::Value::from(*n),
                OptionValue::Word(w) => serde_json::Value::from(w.as_str()),
            };
            (name.clone(), json)
        })
        .collect()
}

/// Why a position file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text is not JSON (or not UTF-8).
    #[error("malformed JSON: {0}")]
    Malformed(String),
    /// The JSON is not an object.
    #[error("not a position: a position is a JSON object {{…}}, not {0}")]
    NotAnObject(&'static str),
    /// A field is missing, unknown, given twice, of the wrong type, or does not fit the rules.
    /// `field` is its path as the message shows it (`captured.south`, `legal[2]`,
    /// `pending.offer`; a key from the file escaped onto one line and cut if long).
    #[error("field \"{field}\": {reason}")]
    Field { field: String, reason: String },
}

impl PositionError {
    /// The path of the field refused, if the refusal is of one field.
    pub fn field(&self) -> Option<&str> {
        match self {
            PositionError::Field { field, .. } => Some(field),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Player, D::Error> {
        let name = String::deserialize(deserializer)?;
        Player::from_name(&name).ok_or_else(|| serde::de::Error::custom(format!("`{name}` is not a player (south or north)")))
    }
}

/// Reads a position (interchange JSON) for `rules`: the JSON's shape and every field against the
/// rules. `legal`, `status` and `result` are ignored (but must be what they name); `game` and
/// `options`, where given, must be the rules'.
pub fn parse_position(json: &str, rules: &Rules) -> Result<State, PositionError> {
    let value = json::parse(json)?;
    let Value::Object(map) = &value else { return Err(PositionError::NotAnObject(json::kind(&value))) };
    board::read(map, rules)
}

/// [`parse_position`] of the bytes of a file (a UTF-8 byte order mark is skipped).
pub fn parse_position_bytes(bytes: &[u8], rules: &Rules) -> Result<State, PositionError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_position(text, rules),
        Err(error) => Err(PositionError::Malformed(format!("not UTF-8 text (an invalid byte at offset {})", error.valid_up_to()))),
    }
}
