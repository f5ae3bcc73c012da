//! `pending`: an open offer, or a decision open inside a move, read only where the rules could
//! have left it open. An offer must be one the offerer could make on their turn (its size, the
//! holes they keep, holes they own and may trade, a price the receiver can pay, a move to make
//! instead); a `continue`/`stop` decision must stand where the `relay or stop` rule holds at the
//! end of a lap of the mover's; a `take` must be a real choice of a `choose` rule, more holes
//! to choose from than it takes (the engine takes them at once otherwise).

use serde_json::{Map, Value};

use super::json::{object, optional, player, refuse, shown, string, whole};
use super::{PositionError, State, CONTINUE_OR_STOP, RACE, TAKE};
use crate::compile::Rules;
use crate::direction::{Direction, WAYS};
use crate::engine::{capture::choosable, ending, events::Silent, holes_of, sowing::sow_on, Action, Game, Pending as Open};
use crate::player::Player;
use crate::Holes;

/// Opens in `state` the offer or decision `value` describes.
pub(super) fn read(value: &Value, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    if value.get("placed").is_some() {
        return Err(refuse("pending.placed", "no longer read (since 0.8.0): the stage a move began in is the mover's \"phase\""));
    }
    let map = object(value, "pending", &["offer", "by", "decision", "at", "holes", "capture", "direction", "captured"])?;
    let by = match optional(map, "by") {
        Some(by) => player(by, "pending.by")?,
        None => return Err(refuse("pending.by", "missing: the player who offered, or whose move it is")),
    };
    match (optional(map, "offer"), optional(map, "decision")) {
        (Some(_), Some(_)) => Err(refuse("pending", "an offer or a decision, not both")),
        (None, None) => Err(refuse("pending", "an \"offer\" or a \"decision\" goes here")),
        (Some(offer), None) => {
            foreign(map, &["at", "holes", "capture", "direction", "captured"], "an offer")?;
            read_offer(offer, by, rules, state)
        }
        (None, Some(decision)) => match string(decision, "pending.decision", "a decision")
            .and_then(|d| read_direction(map, rules, state).map(|()| d))
            .and_then(|d| read_move_flags(map, rules, state).map(|()| d))?
        {
            CONTINUE_OR_STOP => {
                foreign(map, &["holes", "capture"], "\"continue or stop\"")?;
                mover(by, state)?;
                read_continue(map, by, rules, state)
            }
            TAKE => {
                foreign(map, &["at"], "\"take\"")?;
                mover(by, state)?;
                read_take(map, by, rules, state)
            }
            RACE => {
                foreign(map, &["holes", "capture", "direction", "captured"], "\"race\"")?;
                mover(by, state)?;
                read_race(map, by, rules, state)
            }
            other => Err(refuse(
                "pending.decision",
                format!("\"{}\" is not a decision (\"{CONTINUE_OR_STOP}\", \"{TAKE}\" or \"{RACE}\")", shown(other)),
            )),
        },
    }
}

/// `pending.direction`: the way the move stands going, required where moves may go either way.
fn read_direction(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    const FIELD: &str = "pending.direction";
    let direction = optional(map, "direction");
    if !rules.reversible() {
        return match direction {
            Some(_) => Err(refuse(FIELD, "in this game every move goes one way")),
            None => Ok(()),
        };
    }
    let Some(direction) = direction else {
        return Err(refuse(FIELD, format!("missing: the way the move goes ({})", way_words())));
    };
    let way = string(direction, FIELD, "a way of sowing")?;
    let Some(way) = Direction::from_word(way) else {
        return Err(refuse(FIELD, format!("\"{}\" is not a way of sowing ({})", shown(way), way_words())));
    };
    state.reversed = way.is_clockwise() != rules.sowing.clockwise;
    Ok(())
}

/// The ways of sowing as the position JSON writes them: `"clockwise" or "counter-clockwise"`.
fn way_words() -> String {
    WAYS.iter().rev().map(|way| format!("\"{}\"", way.word)).collect::<Vec<_>>().join(" or ")
}

/// `pending.captured`: whether the move under way has captured, where it matters.
fn read_move_flags(map: &Map<String, Value>, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    const FIELD: &str = "pending.captured";
    let Some(value) = optional(map, "captured") else { return Ok(()) };
    if !rules.tracks.capturing {
        return Err(refuse(FIELD, "this game's moves do not carry it"));
    }
    let Some(flag) = value.as_bool() else { return Err(refuse(FIELD, format!("{} is not true or false", super::json::kind(value)))) };
    state.capturing = flag;
    Ok(())
}

/// Refuses the fields of `map` among `keys`, which do not belong to `what`.
fn foreign(map: &Map<String, Value>, keys: &[&str], what: &str) -> Result<(), PositionError> {
    match keys.iter().find(|k| optional(map, k).is_some()) {
        Some(key) => Err(refuse(format!("pending.{key}"), format!("not part of {what}"))),
        None => Ok(()),
    }
}

/// A decision inside a move is the mover's.
fn mover(by: Player, state: &State) -> Result<(), PositionError> {
    if by != state.to_move {
        return Err(refuse("pending.by", format!("a decision inside {by}'s move is {by}'s to make, but \"to_move\" is {}", state.to_move)));
    }
    Ok(())
}

/// "1 hole", "3 holes".
fn holes(n: u32) -> String {
    if n == 1 {
        "1 hole".to_string()
    } else {
        format!("{n} holes")
    }
}

/// An offer `by` made on their turn, which `to_move` answers.
fn read_offer(offer: &Value, by: Player, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    const FIELD: &str = "pending.offer";
    let Some(trade) = &rules.trade else { return Err(refuse(FIELD, "this game has no trades")) };
    let receiver = state.to_move;
    if by != receiver.opponent() {
        return Err(refuse("pending.by", format!("an offer by {by} is answered by {}, but \"to_move\" is {receiver}", by.opponent())));
    }
    let set = super::board::holes(offer, FIELD, rules)?;
    if set.is_empty() {
        return Err(refuse(FIELD, "the offer names no hole"));
    }
    for hole in set {
        let label = rules.label(hole);
        if state.owner(hole) != by {
            return Err(refuse(FIELD, format!("{label} is not a hole {by} may offer (it is {}'s)", state.owner(hole))));
        }
        if Holes(state.claimed).has(hole) {
            return Err(refuse(FIELD, format!("{label} is not a hole {by} may offer (claimed holes are never traded)")));
        }
    }
    let size = u32::try_from(set.len()).unwrap_or(u32::MAX);
    if !(trade.fewest..=trade.most).contains(&size) {
        let sizes = if trade.fewest == trade.most { holes(trade.most) } else { format!("{} to {}", trade.fewest, holes(trade.most)) };
        return Err(refuse(FIELD, format!("{by} offers {}, but an offer is of {sizes}", holes(size))));
    }
    let own = (0..rules.board.holes).filter(|&h| state.owner(h) == by && !Holes(state.claimed).has(h)).count();
    let kept = u32::try_from(own).unwrap_or(u32::MAX).saturating_sub(size);
    if kept < trade.keep {
        let offered: Vec<String> = set.into_iter().map(|h| rules.label(h)).collect();
        let why =
            format!("{by} may not offer {}: they would keep {} (keep at least {})", offered.join(" "), holes(kept), holes(trade.keep));
        return Err(refuse(FIELD, why));
    }
    let (price, has) = (u64::from(trade.price) * u64::from(size), state.captured[receiver.index()]);
    if u64::from(has) < price {
        let why = format!("{receiver} cannot pay for {}: the price is {price} captured stones, and {receiver} has {has}", holes(size));
        return Err(refuse(FIELD, why));
    }
    // The offer was `by`'s turn, instead of a move they had. (Where the board already meets an
    // ending no ending is asked while the offer is open, as in play after an offer.)
    let turn = State { to_move: by, ..*state };
    if ending::board_ending(rules, &turn, receiver, None).is_none()
        && !Game::from_state(rules, turn).legal_actions().contains(&Action::Offer(set.0))
    {
        return Err(refuse(FIELD, format!("{by} could not have offered: a player without a move cannot offer, and {by} has none")));
    }
    state.offer = set.0;
    Ok(())
}

/// The move stands `at` a hole where the mover chooses to relay (`continue`) or `stop`.
fn read_continue(map: &Map<String, Value>, by: Player, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    const FIELD: &str = "pending.at";
    let Some(condition) = &rules.sowing.relay_or_stop else {
        return Err(refuse("pending.decision", "this game has no choice to continue or stop"));
    };
    let Some(at) = optional(map, "at") else { return Err(refuse(FIELD, "missing: the hole the move stands on")) };
    let label = string(at, FIELD, "a hole")?;
    let Some(hole) = rules.hole(label) else { return Err(refuse(FIELD, format!("\"{}\" is not a hole of this board", shown(label)))) };
    let why = if !on_circuit(rules, by, hole) {
        format!("{label} is not on {by}'s circuit, so no move of {by}'s stands there")
    } else if Holes(state.closed).has(hole) {
        format!("{label} is closed: no stone falls there")
    } else if Holes(state.claimed).has(hole) {
        format!("{label} is claimed: a lap that ends there ends the move")
    } else if state.count(hole) == 0 {
        format!("{label} is empty, but the last stone of the lap lies there")
    } else if rules.sowing.relay.as_ref().is_some_and(|relay| state.holds(rules, relay, hole, by)) {
        format!("{by}'s move relays from {label} by itself: there is nothing to choose")
    } else if super::super::capture::resow(rules, &mut { *state }, hole, hole, by, super::super::Lap::default(), &mut Silent).is_some() {
        format!("a capture at {label} sows its stones on: there is nothing to choose")
    } else if !state.holds(rules, condition, hole, by) {
        format!("the rules give no choice to continue or stop at {label} (their condition does not hold there)")
    } else if sow_on(rules, &mut { *state }, hole, by, true, &mut Silent).is_none() {
        format!("continuing from {label} would never end, so the move stops there by itself (a choice with one answer is never left open)")
    } else {
        state.pending = Open::Continue(u8::try_from(hole).map_err(|_| refuse(FIELD, "the hole is beyond the engine's board"))?);
        return Ok(());
    };
    Err(refuse(FIELD, why))
}

/// In a turn both play at once, the first player has chosen `at`; `by`, the other, chooses now.
fn read_race(map: &Map<String, Value>, by: Player, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    const FIELD: &str = "pending.at";
    if rules.play.race.is_none() {
        return Err(refuse("pending.decision", "this game has no turn played by both at once"));
    }
    if state.phase != [0, 0] {
        return Err(refuse(
            "pending.decision",
            format!("the turn played at once is the phase \"{}\", and the players are past it", rules.play.phases[0].0),
        ));
    }
    let first = rules.play.first;
    if by == first {
        return Err(refuse(
            "pending.by",
            format!("{first} chooses first in the turn played at once: the choice left open is {}'s", first.opponent()),
        ));
    }
    let Some(at) = optional(map, "at") else { return Err(refuse(FIELD, "missing: the hole the first player chose")) };
    let label = string(at, FIELD, "a hole")?;
    let Some(hole) = rules.hole(label) else { return Err(refuse(FIELD, format!("\"{}\" is not a hole of this board", shown(label)))) };
    let mut game = Game::from_state(rules, State { to_move: first, ..*state });
    let chosen = Action::Sow(u8::try_from(hole).map_err(|_| refuse(FIELD, "the hole is beyond the engine's board"))?);
    if game.apply(chosen).is_err() {
        return Err(refuse(
            FIELD,
            format!("{first} could not have chosen {label} (it is not a hole they may start from, or no reply to it ends)"),
        ));
    }
    *state = *game.state();
    Ok(())
}

/// Whether `hole` is on `player`'s sowing circuit (every hole where circuits are the board's).
fn on_circuit(rules: &Rules, player: Player, hole: usize) -> bool {
    let next = &rules.board.next[player.index()];
    let Some(start) = (0..rules.board.holes).find(|&h| rules.home_of(h) == player) else { return false };
    let mut at = start;
    for _ in 0..rules.board.holes + 2 {
        if at == hole {
            return true;
        }
        at = usize::from(next[at]);
        if at == start {
            break;
        }
    }
    false
}

/// After a capture, the mover chooses `holes` holes to take among more than that.
fn read_take(map: &Map<String, Value>, by: Player, rules: &Rules, state: &mut State) -> Result<(), PositionError> {
    const FIELD: &str = "pending.holes";
    let choosing: Vec<usize> = (0..rules.captures.rules.len()).filter(|&r| rules.chosen_count(r) > 0).collect();
    if choosing.is_empty() {
        return Err(refuse("pending.decision", "this game has no holes to choose after a capture"));
    }
    let Some(count) = optional(map, "holes") else { return Err(refuse(FIELD, "missing: how many holes the mover chooses")) };
    let count = whole(count, FIELD, u64::from(u32::MAX))?;
    let matching: Vec<usize> = choosing.iter().copied().filter(|&r| u64::from(rules.chosen_count(r)) == count).collect();
    if matching.is_empty() {
        let mut counts: Vec<u32> = choosing.iter().map(|&r| rules.chosen_count(r)).collect();
        counts.dedup();
        let counts: Vec<String> = counts.into_iter().map(holes).collect();
        return Err(refuse(FIELD, format!("{by} chooses {} after a capture in this game, not {count}", counts.join(" or "))));
    }
    // The section, where several choose as many holes: `capture` says which.
    let rule = match (optional(map, "capture"), matching.as_slice()) {
        (None, [only]) => *only,
        (None, _) => {
            let numbers: Vec<String> = matching.iter().map(|r| (r + 1).to_string()).collect();
            return Err(refuse(
                "pending.capture",
                format!(
                    "missing: capture sections {} each choose {}: say which one's holes are chosen",
                    numbers.join(" and "),
                    holes(rules.chosen_count(matching[0]))
                ),
            ));
        }
        (Some(section), _) => {
            let section = whole(section, "pending.capture", u64::from(u32::MAX))?;
            match matching.iter().copied().find(|&r| u64::try_from(r + 1).is_ok_and(|n| n == section)) {
                Some(rule) => rule,
                None => {
                    let chosen = holes(rules.chosen_count(matching[0]));
                    return Err(refuse("pending.capture", format!("capture section {section} does not choose {chosen} after its capture")));
                }
            }
        }
    };
    let from = choosable(rules, state, by, rule);
    if from.count_ones() <= rules.chosen_count(rule) {
        let labels: Vec<String> = holes_of(from).map(|h| rules.label(h)).collect();
        let among = if labels.is_empty() { "none".to_string() } else { labels.join(" ") };
        let why = format!(
            "{by} has only {} to choose from ({among}) and takes {count}: the engine takes them at once, so no choice is left open",
            holes(from.count_ones())
        );
        return Err(refuse(FIELD, why));
    }
    state.pending = Open::Choose(u8::try_from(rule).map_err(|_| refuse(FIELD, "too many capture rules"))?);
    Ok(())
}
