//! Reading a position's fields against the rules: the game and its options, the player to move,
//! the rows, captures and stores, who owns which hole, claimed and closed holes, the round, and
//! the players who have declined an offer. The claims and any open offer or decision are then
//! checked by [`super::claims`] and [`super::pending`].

use serde_json::{Map, Value};

use super::json::{self, join, list, object, optional, player, refuse, shown, string, whole};
use super::{options_json, PositionError, State};
use crate::compile::Rules;
use crate::player::Player;
use crate::vocabulary::OptionValue;
use crate::Holes;

/// Every field of a position.
const FIELDS: [&str; 18] = [
    "game", "options", "to_move", "rows", "stores", "captured", "owners", "legal", "status", "result", "pending", "declined", "closed",
    "round", "claimed", "hand", "intact", "phase",
];

/// The most stones a position may hold in all: every one must fit a hole whatever the sowing does.
const MOST_STONES: u64 = u16::MAX as u64;

/// Reads the position `map` for `rules`.
pub(super) fn read(map: &Map<String, Value>, rules: &Rules) -> Result<State, PositionError> {
    json::fields(map, "", &FIELDS)?;
    check_ignored(map)?;
    check_game(map, rules)?;
    check_options(map, rules)?;
    let mut state = State::initial(rules);
    state.to_move = to_move(map)?;
    read_rows(map, rules, &mut state)?;
    read_captured(map, rules, &mut state)?;
    read_hand(map, rules, &mut state)?;
    check_total(rules, &state)?;
    read_owners(map, rules, &mut state)?;
    read_claimed(map, rules, &mut state)?;
    check_owners(rules, &state)?;
    read_rounds(map, rules, &mut state)?;
    read_declined(map, rules, &mut state)?;
    read_intact(map, rules, &mut state)?;
    read_phase(map, rules, &mut state)?;
    super::claims::check(rules, &state)?;
    if let Some(pending) = optional(map, "pending") {
        super::pending::read(pending, rules, &mut state)?;
    }
    Ok(state)
}

/// `legal`, `status` and `result` are ignored, but must be what they name.
fn check_ignored(map: &Map<String, Value>) -> Result<(), PositionError> {
    if let Some(legal) = optional(map, "legal") {
        for (i, action) in list(legal, "legal")?.iter().enumerate() {
            string(action, &format!("legal[{i}]"), "an action")?;
        }
    }
    if let Some(status) = optional(map, "status") {
        let word = string(status, "status", "the status")?;
        if !["ongoing", "over"].contains(&word) {
            return Err(refuse("status", format!("\"{}\" is not a status (\"ongoing\" or \"over\")", shown(word))));
        }
    }
    let Some(result) = optional(map, "result") else { return Ok(()) };
    let result = object(result, "result", &["winner", "score", "reason"])?;
    if let Some(winner) = optional(result, "winner") {
        player(winner, "result.winner")?;
    }
    if let Some(score) = optional(result, "score") {
        let score = object(score, "result.score", &["south", "north"])?;
        for (side, value) in score {
            whole(value, &join("result.score", side), u64::from(u32::MAX))?;
        }
    }
    if let Some(reason) = optional(result, "reason") {
        string(reason, "result.reason", "the reason")?;
    }
    Ok(())
}

fn check_game(map: &Map<String, Value>, rules: &Rules) -> Result<(), PositionError> {
    let Some(game) = optional(map, "game") else { return Ok(()) };
    let name = string(game, "game", "the game's name")?;
    if name != rules.name {
        return Err(refuse("game", format!("the position is of \"{}\", but the rules are of \"{}\"", shown(name), rules.name)));
    }
    Ok(())
}

/// Each option the position names must have the value the rules are loaded with.
fn check_options(map: &Map<String, Value>, rules: &Rules) -> Result<(), PositionError> {
    let Some(options) = optional(map, "options") else { return Ok(()) };
    let Value::Object(options) = options else {
        return Err(refuse("options", format!("an object {{…}} goes here, not {}", json::kind(options))));
    };
    let ours = options_json(rules);
    for (name, value) in options {
        let path = join("options", name);
        let Some(loaded) = ours.get(name) else {
            let names: Vec<&str> = rules.options.iter().map(|(n, _)| n.as_str()).collect();
            let known = if names.is_empty() { "it has no options".to_string() } else { format!("its options: {}", names.join(", ")) };
            return Err(refuse(path, format!("{} has no option {} ({known})", rules.name, shown(name))));
        };
        if !matches!(value, Value::Number(_) | Value::String(_)) {
            return Err(refuse(path, format!("an option's value is a number or a word, not {}", json::kind(value))));
        }
        if value != loaded {
            let given = match value {
                Value::String(word) => shown(word),
                other => shown(&other.to_string()),
            };
            let current = match rules.options.iter().find(|(n, _)| n == name).map(|(_, v)| v) {
                Some(OptionValue::Number(n)) => n.to_string(),
                Some(OptionValue::Word(w)) => w.clone(),
                None => loaded.to_string(),
            };
            return Err(refuse(
                path,
                format!(
                    "the position is played with {name}={given}, but the rules are loaded with {name}={current} (add --set {name}={given})"
                ),
            ));
        }
    }
    Ok(())
}

fn to_move(map: &Map<String, Value>) -> Result<Player, PositionError> {
    match map.get("to_move") {
        None => Err(refuse("to_move", "missing: the player to move (\"south\" or \"north\")")),
        Some(Value::Null) => Err(refuse("to_move", "null: the game is over, and a position to play from needs a player to move")),
        Some(value) => player(value, "to_move"),
    }
}

/// Every row of the board, each with a count for every column.
fn read_rows(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let letters: Vec<String> = (0..rules.board.rows).map(|r| crate::row_letter(r).to_string()).collect();
    let rows_named = letters.join(", ");
    let Some(rows) = map.get("rows") else { return Err(refuse("rows", format!("missing: the stones of every row ({rows_named})"))) };
    let Value::Object(rows) = rows else { return Err(refuse("rows", format!("an object {{…}} goes here, not {}", json::kind(rows)))) };
    if let Some(other) = rows.keys().find(|k| !letters.contains(k)) {
        return Err(refuse(join("rows", other), format!("the board has no row {} (its rows: {rows_named})", shown(other))));
    }
    for (row, letter) in letters.iter().enumerate() {
        let path = join("rows", letter);
        let Some(counts) = rows.get(letter) else { return Err(refuse(path, format!("missing: every row is given ({rows_named})"))) };
        let counts = list(counts, &path)?;
        if counts.len() != rules.board.columns {
            return Err(refuse(path, format!("{} holes, but the board has {} columns", counts.len(), rules.board.columns)));
        }
        for (column, count) in counts.iter().enumerate() {
            let hole = row * rules.board.columns + column;
            state.set_count(hole, stones(count, &path, &rules.label(hole))?);
        }
    }
    Ok(())
}

/// The stones in the hole `label`, which fit a `u16`.
fn stones(count: &Value, path: &str, label: &str) -> Result<u16, PositionError> {
    match count.as_u64() {
        Some(n) => u16::try_from(n)
            .map_err(|_| refuse(path, format!("{label} holds {n} stones, more than a hole can hold (at most {})", u16::MAX))),
        None => {
            let found = if count.is_number() { count.to_string() } else { json::kind(count).to_string() };
            Err(refuse(path, format!("{label} holds {}: a count of stones is a whole number from 0 to {}", shown(&found), u16::MAX)))
        }
    }
}

/// `captured`, and `stores` where the game has them (a store holds its player's captures).
fn read_captured(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let captured = optional(map, "captured").map(|c| sides(c, "captured")).transpose()?;
    let stores = optional(map, "stores").map(|s| sides(s, "stores")).transpose()?;
    if stores.is_some() && !rules.board.stores {
        return Err(refuse("stores", "this game has no stores"));
    }
    if let (Some(captured), Some(stores)) = (captured, stores) {
        if captured != stores {
            return Err(refuse("stores", "a store holds what its player captured, but \"stores\" and \"captured\" differ"));
        }
    }
    state.captured = stores.or(captured).unwrap_or([0, 0]);
    Ok(())
}

/// `intact`, where the rules ask it: the holes never emptied (missing: every hole holding stones).
fn read_intact(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let listed = optional(map, "intact");
    if !rules.tracks.intact {
        return match listed {
            Some(_) => Err(refuse("intact", "this game does not ask whether a hole was ever emptied")),
            None => Ok(()),
        };
    }
    let full = Holes::of((0..rules.board.holes).filter(|&h| state.count(h) > 0));
    let Some(listed) = listed else {
        state.intact = full.0;
        return Ok(());
    };
    let intact = holes(listed, "intact", rules)?;
    if let Some(hole) = (intact & !full).first() {
        return Err(refuse("intact", format!("{} is empty, so it has been emptied", rules.label(hole))));
    }
    state.intact = intact.0;
    Ok(())
}

/// `hand`, where players hold stones in hand (missing: none in hand).
fn read_hand(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let hand = optional(map, "hand").map(|h| sides(h, "hand")).transpose()?;
    if hand.is_some() && !rules.has_hands() {
        return Err(refuse("hand", "in this game no player holds stones in hand"));
    }
    let hand = hand.unwrap_or([0, 0]);
    for player in Player::BOTH {
        let n = hand[player.index()];
        state.hand[player.index()] =
            u16::try_from(n).map_err(|_| refuse(join("hand", player.name()), format!("{n} stones in hand: at most {}", u16::MAX)))?;
    }
    Ok(())
}

/// `phase`, where the game has phases (missing: each player's phase follows from the position,
/// as at the start: the first, moved on while its `until` holds).
fn read_phase(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let Some(value) = optional(map, "phase") else {
        // A turn played at once is the first of the game: a position after any other is past it.
        let untouched =
            state.round <= 1 && state.counts()[..rules.board.holes] == rules.board.initial[..rules.board.holes] && state.captured == [0, 0];
        state.phase = if rules.play.race.is_some() && !untouched { [1; 2] } else { [0; 2] };
        state.advance_phases(rules);
        return Ok(());
    };
    if rules.play.phases.is_empty() {
        return Err(refuse("phase", "this game has no phases"));
    }
    let names = || rules.play.phases.iter().map(|(n, _)| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
    let sides = object(value, "phase", &["south", "north"])?;
    for player in Player::BOTH {
        let field = join("phase", player.name());
        let Some(value) = sides.get(player.name()) else { return Err(refuse(field, "missing (both players are given)")) };
        let name = string(value, &field, "a phase")?;
        let Some(index) = rules.play.phases.iter().position(|(n, _)| n == name) else {
            return Err(refuse(field, format!("\"{}\" is not a phase of this game ({})", shown(name), names())));
        };
        state.phase[player.index()] = u8::try_from(index).unwrap_or(u8::MAX);
    }
    if rules.play.race.is_some() && (state.phase[0] == 0) != (state.phase[1] == 0) {
        let first = &rules.play.phases[0].0;
        return Err(refuse("phase", format!("\"{first}\" is one turn both players play at once: they are in it together or both past it")));
    }
    Ok(())
}

/// A value for each player: `{"south": …, "north": …}`.
fn sides(value: &Value, path: &str) -> Result<[u32; 2], PositionError> {
    let map = object(value, path, &["south", "north"])?;
    let mut both = [0u32; 2];
    for player in Player::BOTH {
        let field = join(path, player.name());
        let Some(value) = map.get(player.name()) else { return Err(refuse(field, "missing (both players are given)")) };
        let n = whole(value, &field, u64::from(u32::MAX))?;
        both[player.index()] = u32::try_from(n).unwrap_or(u32::MAX);
    }
    Ok(both)
}

/// Stones on the board and captured, in all: they must fit a hole.
fn check_total(rules: &Rules, state: &State) -> Result<(), PositionError> {
    let board: u64 = state.counts()[..rules.board.holes].iter().map(|&c| u64::from(c)).sum();
    let captured = state.captured.iter().map(|&c| u64::from(c)).sum::<u64>();
    let total = board + captured + state.hand.iter().map(|&c| u64::from(c)).sum::<u64>();
    if total > MOST_STONES {
        let field = if board > MOST_STONES {
            "rows"
        } else if board + captured > MOST_STONES {
            "captured"
        } else {
            "hand"
        };
        return Err(refuse(
            field,
            format!(
                "the position holds {total} stones in all (board{}captures{}); the engine plays at most {MOST_STONES}",
                if rules.has_hands() { ", " } else { " and " },
                if rules.has_hands() { " and hands" } else { "" }
            ),
        ));
    }
    Ok(())
}

/// The holes `value` lists (the field `path`), each once, as a set.
pub(super) fn holes(value: &Value, path: &str, rules: &Rules) -> Result<Holes, PositionError> {
    let mut set = Holes::EMPTY;
    for label in list(value, path)? {
        let label = string(label, path, "a hole")?;
        let Some(hole) = rules.hole(label) else { return Err(refuse(path, format!("\"{}\" is not a hole of this board", shown(label)))) };
        if set.has(hole) {
            return Err(refuse(path, format!("{label} is listed twice")));
        }
        set = set.with(hole);
    }
    Ok(set)
}

fn read_owners(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let Some(owners) = optional(map, "owners") else { return Ok(()) };
    let Value::Object(owners) = owners else {
        return Err(refuse("owners", format!("an object {{…}} goes here, not {}", json::kind(owners))));
    };
    for (label, owner) in owners {
        let path = join("owners", label);
        let Some(hole) = rules.hole(label) else { return Err(refuse(path, format!("\"{}\" is not a hole of this board", shown(label)))) };
        state.set_owner(hole, player(owner, &path)?);
    }
    Ok(())
}

/// Claimed holes: only where a capture claims, and empty unless claims keep their stones (else
/// those go to the claimer).
fn read_claimed(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let Some(claimed) = optional(map, "claimed") else { return Ok(()) };
    let set = holes(claimed, "claimed", rules)?;
    if !set.is_empty() && !rules.captures.claims {
        return Err(refuse("claimed", "no capture of this game claims a hole"));
    }
    if let Some(hole) = set.into_iter().find(|&h| state.count(h) != 0 && !rules.captures.claims_keep) {
        let label = rules.label(hole);
        return Err(refuse("claimed", format!("{label} is claimed but holds stones (they belong in its owner's captures)")));
    }
    state.claimed = set.0;
    Ok(())
}

/// Holes change hands only by a trade, a claim or a refill that says so.
fn check_owners(rules: &Rules, state: &State) -> Result<(), PositionError> {
    if rules.trade.is_some() || rules.rounds.as_ref().is_some_and(|r| r.change_hands) {
        return Ok(());
    }
    let changed = (0..rules.board.holes).find(|&h| state.owner(h) != rules.home_of(h) && !Holes(state.claimed).has(h));
    let Some(hole) = changed else { return Ok(()) };
    let (label, owner) = (rules.label(hole), state.owner(hole));
    let why = if rules.captures.claims {
        format!("{label} can be {owner}'s only by a claim, and \"claimed\" does not list it")
    } else {
        format!("{label} cannot be {owner}'s: holes never change hands in this game (it has no trade and no claim)")
    };
    Err(refuse("owners", why))
}

/// `round` and `closed`, only in games of rounds.
fn read_rounds(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let (round, closed) = (optional(map, "round"), optional(map, "closed"));
    let Some(rounds) = &rules.rounds else {
        if round.is_some() {
            return Err(refuse("round", "this game is not played in rounds"));
        }
        if closed.is_some() {
            return Err(refuse("closed", "holes close only in games of rounds, and this game has none"));
        }
        return Ok(());
    };
    if let Some(round) = round {
        let number = round.as_u64().and_then(|n| u16::try_from(n).ok()).filter(|&n| n > 0);
        let Some(number) = number else {
            let found = if round.is_number() { round.to_string() } else { json::kind(round).to_string() };
            return Err(refuse("round", format!("rounds are numbered from 1 to {}, not {}", u16::MAX, shown(&found))));
        };
        state.round = number;
    }
    let Some(closed) = closed else { return Ok(()) };
    let set = holes(closed, "closed", rules)?;
    if let Some(hole) = set.into_iter().find(|&h| state.count(h) != 0 && !rules.captures.claims_keep) {
        return Err(refuse("closed", format!("{} is closed but holds stones", rules.label(hole))));
    }
    if !set.is_empty() && state.round == 1 {
        return Err(refuse("closed", "no hole is closed in round 1: holes close only when a round starts"));
    }
    // A refill leaves each player a hole open, or ends the match.
    for player in Player::BOTH {
        if rounds.fill_order[player.index()].iter().all(|&h| set.has(usize::from(h))) {
            return Err(refuse(
                "closed",
                format!("every hole of {player}'s is closed: a refill leaves each player a hole, or ends the match"),
            ));
        }
    }
    state.closed = set.0;
    Ok(())
}

/// The players who have declined an offer: only where the game has trades.
fn read_declined(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    let Some(declined) = optional(map, "declined") else { return Ok(()) };
    let players = list(declined, "declined")?;
    if !players.is_empty() && rules.trade.is_none() {
        return Err(refuse("declined", "no offer is ever made in this game (it has no trade)"));
    }
    for value in players {
        let player = player(value, "declined")?;
        if std::mem::replace(&mut state.declined[player.index()], true) {
            return Err(refuse("declined", format!("{player} is listed twice")));
        }
    }
    Ok(())
}
