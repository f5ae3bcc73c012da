//! The position JSON of `interchange.md`: written from a [`Game`], read back into a [`State`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Game, GameResult, Pending as Open, State};
use crate::check::model::OptionValue;
use crate::compile::Rules;
use crate::player::Player;

/// A value per player.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    pub south: u32,
    pub north: u32,
}

impl From<[u32; 2]> for Sides {
    fn from(v: [u32; 2]) -> Sides {
        Sides { south: v[0], north: v[1] }
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
}

/// The decision words of [`Pending::decision`].
const CONTINUE_OR_STOP: &str = "continue or stop";
const TAKE: &str = "take";

impl Game<'_> {
    /// The position in the interchange format.
    pub fn position(&self) -> Position {
        let rules = self.rules();
        let state = self.state();
        let rows = (0..rules.rows)
            .map(|r| (crate::row_letter(r).to_string(), state.counts[r * rules.columns..(r + 1) * rules.columns].to_vec()))
            .collect();
        let owners =
            (0..rules.holes).filter(|&h| state.owners[h] != rules.row_owner_of(h)).map(|h| (rules.label(h), state.owners[h])).collect();
        Position {
            game: rules.name.clone(),
            options: options_json(rules),
            to_move: self.to_move(),
            rows,
            stores: rules.stores.then(|| state.captured.into()),
            captured: state.captured.into(),
            owners,
            legal: self.legal_texts(),
            status: if self.is_over() { "over" } else { "ongoing" },
            result: self.result().map(|r: &GameResult| ResultJson { winner: r.winner, score: r.score.into(), reason: r.reason.clone() }),
            pending: pending_json(rules, state),
            declined: Player::BOTH.into_iter().filter(|p| state.declined[p.index()]).collect(),
            closed: rules.rounds.as_ref().map(|_| super::holes_of(state.closed).map(|h| rules.label(h)).collect()),
            round: rules.rounds.as_ref().map(|_| state.round),
            claimed: rules.claims.then(|| super::holes_of(state.claimed).map(|h| rules.label(h)).collect()),
        }
    }

    /// The position as one line of JSON.
    pub fn position_json(&self) -> String {
        serde_json::to_string(&self.position()).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

fn pending_json(rules: &Rules, state: &State) -> Option<Pending> {
    let open = Pending { offer: None, by: state.to_move, decision: None, at: None, holes: None };
    if state.offer != 0 {
        let offer = super::holes_of(state.offer).map(|h| rules.label(h)).collect();
        return Some(Pending { offer: Some(offer), by: state.to_move.opponent(), ..open });
    }
    match state.pending {
        Open::None => None,
        Open::Continue(hole) => {
            Some(Pending { decision: Some(CONTINUE_OR_STOP.to_string()), at: Some(rules.label(hole as usize)), ..open })
        }
        Open::Choose(rule) => Some(Pending { decision: Some(TAKE.to_string()), holes: Some(rules.chosen_count(rule as usize)), ..open }),
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

/// A position read from JSON: the fields that matter on input (`legal`, `status` and `result`
/// are ignored).
#[derive(Debug, Deserialize)]
struct PositionInput {
    game: Option<String>,
    options: Option<BTreeMap<String, serde_json::Value>>,
    to_move: Option<Player>,
    rows: BTreeMap<String, Vec<u32>>,
    captured: Option<Sides>,
    stores: Option<Sides>,
    #[serde(default)]
    owners: BTreeMap<String, Player>,
    pending: Option<Pending>,
    #[serde(default)]
    declined: Vec<Player>,
    #[serde(default)]
    closed: Vec<String>,
    round: Option<u16>,
    #[serde(default)]
    claimed: Vec<String>,
}

/// A position file that does not fit the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PositionError(String);

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Player, D::Error> {
        let name = String::deserialize(deserializer)?;
        Player::from_name(&name).ok_or_else(|| serde::de::Error::custom(format!("`{name}` is not a player (south or north)")))
    }
}

/// Reads a position (interchange JSON) for `rules`.
pub fn parse_position(json: &str, rules: &Rules) -> Result<State, PositionError> {
    let input: PositionInput = serde_json::from_str(json).map_err(|e| PositionError(format!("not a position: {e}")))?;
    let error = |m: String| Err(PositionError(m));
    if let Some(game) = &input.game {
        if *game != rules.name {
            return error(format!("the position is of the game `{game}`, but the rules are `{}`", rules.name));
        }
    }
    if let Some(options) = &input.options {
        let ours = options_json(rules);
        for (name, value) in options {
            match ours.get(name) {
                Some(v) if v == value => {}
                Some(v) => {
                    return error(format!(
                        "the position has option {name}={value}, but the rules are loaded with {name}={v}: add --set {name}={value}"
                    ))
                }
                None => return error(format!("the position has an option `{name}` this game does not have")),
            }
        }
    }
    let Some(to_move) = input.to_move else {
        return error("the position has no player to move (`to_move` is null: the game is over)".to_string());
    };
    let mut state = State::initial(rules);
    state.to_move = to_move;
    for (letter, counts) in &input.rows {
        let Some(row) = (0..rules.rows).find(|&r| crate::row_letter(r).to_string() == *letter) else {
            return error(format!("the board has no row `{letter}`"));
        };
        if counts.len() != rules.columns {
            return error(format!("row `{letter}` has {} holes, but the board has {} columns", counts.len(), rules.columns));
        }
        for (column, &count) in counts.iter().enumerate() {
            state.counts[row * rules.columns + column] = count.min(u32::from(u16::MAX)) as u16;
        }
    }
    for r in 0..rules.rows {
        let letter = crate::row_letter(r).to_string();
        if !input.rows.contains_key(&letter) {
            return error(format!("the position has no row `{letter}`"));
        }
    }
    state.captured = match input.captured {
        Some(c) => [c.south, c.north],
        None => [0, 0],
    };
    if let Some(stores) = input.stores {
        if !rules.stores {
            return error("the position has stores, but this game has none".to_string());
        }
        if input.captured.is_some_and(|c| c != stores) {
            return error("a store holds what its player captured: `stores` and `captured` differ".to_string());
        }
        state.captured = [stores.south, stores.north];
    }
    for (label, owner) in &input.owners {
        let Some(hole) = rules.hole(label) else {
            return error(format!("`owners` names `{label}`, which is not a hole of this board"));
        };
        state.owners[hole] = *owner;
    }
    if let Some(pending) = &input.pending {
        read_pending(pending, rules, &mut state)?;
    }
    for player in &input.declined {
        state.declined[player.index()] = true;
    }
    if (!input.closed.is_empty() || input.round.is_some()) && rules.rounds.is_none() {
        return error("the position has closed holes or a round, but this game has no rounds".to_string());
    }
    for label in &input.closed {
        let Some(hole) = rules.hole(label) else {
            return error(format!("`closed` names `{label}`, which is not a hole of this board"));
        };
        if state.counts[hole] != 0 {
            return error(format!("`{label}` is closed but holds stones"));
        }
        state.closed |= 1u128 << hole;
    }
    if !input.claimed.is_empty() && !rules.claims {
        return error("the position has claimed holes, but no capture of this game claims one".to_string());
    }
    for label in &input.claimed {
        let Some(hole) = rules.hole(label) else {
            return error(format!("`claimed` names `{label}`, which is not a hole of this board"));
        };
        if state.counts[hole] != 0 {
            return error(format!("`{label}` is claimed but holds stones (they belong in its owner's captures)"));
        }
        state.claimed |= 1u128 << hole;
    }
    if let Some(hole) = super::holes_of(state.offer & state.claimed).next() {
        return error(format!("the offer names `{}`, which is claimed and never traded", rules.label(hole)));
    }
    if let Some(round) = input.round {
        if round == 0 {
            return error("rounds are numbered from 1".to_string());
        }
        state.round = round;
    }
    // A refill always leaves each player a hole open (or ends the match).
    for player in Player::BOTH.into_iter().filter(|_| state.closed != 0) {
        let open = (0..rules.holes).any(|h| state.owners[h] == player && state.closed & (1u128 << h) == 0);
        if !open {
            return error(format!("every hole of {player}'s is closed"));
        }
    }
    // Stones must fit a hole whatever the sowing does, and totals must not overflow.
    let total: u64 =
        input.rows.values().flatten().map(|&c| u64::from(c)).sum::<u64>() + u64::from(state.captured[0]) + u64::from(state.captured[1]);
    if total > u64::from(u16::MAX) {
        return error(format!("the position holds {total} stones; the engine plays at most {}", u16::MAX));
    }
    Ok(state)
}

/// Opens the offer or decision `pending` describes in `state`.
fn read_pending(pending: &Pending, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let error = |m: String| Err(PositionError(m));
    let to_move = state.to_move;
    match (&pending.offer, pending.decision.as_deref()) {
        (Some(offer), None) => {
            if rules.trade.is_none() {
                return error("the position has an open offer, but this game has no trades".to_string());
            }
            if pending.by != to_move.opponent() {
                return error(format!(
                    "an offer by {} must be answered by {}, but `to_move` is {to_move}",
                    pending.by,
                    pending.by.opponent()
                ));
            }
            for label in offer {
                let Some(hole) = rules.hole(label) else {
                    return error(format!("the offer names `{label}`, which is not a hole of this board"));
                };
                if state.owners[hole] != pending.by {
                    return error(format!("the offer names `{label}`, which {} does not own", pending.by));
                }
                state.offer |= 1u128 << hole;
            }
            if state.offer == 0 {
                return error("the open offer names no hole".to_string());
            }
        }
        (None, Some(decision)) => {
            if pending.by != to_move {
                return error(format!("a decision inside {}'s move is theirs, but `to_move` is {to_move}", pending.by));
            }
            match decision {
                CONTINUE_OR_STOP => {
                    if rules.relay_or_stop.is_none() {
                        return error("this game has no choice to continue or stop".to_string());
                    }
                    let Some(at) = &pending.at else {
                        return error("`continue or stop` needs `at`: the hole the move stands on".to_string());
                    };
                    let Some(hole) = rules.hole(at) else { return error(format!("`at` names `{at}`, which is not a hole of this board")) };
                    if state.counts[hole] == 0 {
                        return error(format!("the move cannot stand on `{at}`: it is empty"));
                    }
                    state.pending = Open::Continue(hole as u8);
                }
                TAKE => {
                    let Some(rule) = rules.captures.iter().position(|c| c.bonus.is_some()) else {
                        return error("this game has no holes to choose after a capture".to_string());
                    };
                    state.pending = Open::Choose(rule as u8);
                }
                other => return error(format!("`{other}` is not a decision: write `{CONTINUE_OR_STOP}` or `{TAKE}`")),
            }
        }
        _ => return error("`pending` holds either an `offer` or a `decision`".to_string()),
    }
    Ok(())
}
