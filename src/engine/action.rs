//! Actions and their canonical text (`a3`, `pass`, `offer a1 a2`, `accept`, `continue`, `stop`,
//! `take c5 d7`), as `interchange.md` defines them.

use crate::compile::Rules;
use crate::direction::Direction;
use crate::Holes;

/// One thing a player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Start a move from this hole (the file's way), or, for a player with stones in hand,
    /// place one there.
    Sow(u8),
    /// Start a move from this hole, sown against the file's direction.
    SowReversed(u8),
    /// No move is possible: hand the turn over.
    Pass,
    /// Offer these holes (a bit per hole) to the other player, instead of moving.
    Offer(u128),
    /// Accept the offer just made.
    Accept,
    /// Decline the offer just made.
    Decline,
    /// Inside a move: relay from the hole the move stands on.
    Continue,
    /// Inside a move: end the move where it stands.
    Stop,
    /// Inside a move: take these holes (a bit per hole), the choice after a capture.
    Take(u128),
}

/// Text that is not an action of this game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("`{0}` is not an action: write a hole such as `a1`, or a word such as `pass`")]
    NotAnAction(String),
    #[error("there is no hole `{0}` on this board")]
    NoSuchHole(String),
    #[error("`{0}` is named twice in the set")]
    Repeated(String),
    #[error("`{0}` names its holes: `{0} a1 a2`")]
    EmptySet(&'static str),
    #[error("`{0}` needs its way: {ways}", ways = Direction::how_to_name(Some(.0)))]
    NoWay(String),
    #[error("this game sows one way only: write the hole alone, `{0}`")]
    OneWay(String),
    #[error("`{0}` is not a way to sow: write {ways}", ways = Direction::how_to_name(None))]
    NotAWay(String),
}

/// The text of a sowing from `hole`: the hole, and the way it goes where that is not the file's
/// one way (`a3 cw`), or where every move may go either way (`a3 cw`, `a3 ccw`).
fn sow_text(rules: &Rules, hole: u8, reversed: bool) -> String {
    let label = rules.label(hole as usize);
    if !rules.sowing.either_way && !reversed {
        return label;
    }
    format!("{label} {}", Direction::of(rules.sowing.clockwise != reversed).short())
}

impl Action {
    /// The canonical text of the action.
    pub fn text(self, rules: &Rules) -> String {
        match self {
            Action::Sow(hole) => sow_text(rules, hole, false),
            Action::SowReversed(hole) => sow_text(rules, hole, true),
            Action::Pass => "pass".to_string(),
            Action::Offer(set) => format!("offer {}", labels(set, rules)),
            Action::Accept => "accept".to_string(),
            Action::Decline => "decline".to_string(),
            Action::Continue => "continue".to_string(),
            Action::Stop => "stop".to_string(),
            Action::Take(set) => format!("take {}", labels(set, rules)),
        }
    }

    /// Reads an action's text (case and surrounding spaces do not matter).
    pub fn parse(text: &str, rules: &Rules) -> Result<Action, ActionError> {
        let text = text.trim().to_lowercase();
        match text.as_str() {
            "pass" => return Ok(Action::Pass),
            "accept" => return Ok(Action::Accept),
            "decline" => return Ok(Action::Decline),
            "continue" => return Ok(Action::Continue),
            "stop" => return Ok(Action::Stop),
            _ => {}
        }
        let mut words = text.split_whitespace();
        match words.next() {
            Some("offer") => return hole_set(words, rules, "offer").map(Action::Offer),
            Some("take") => return hole_set(words, rules, "take").map(Action::Take),
            _ => {}
        }
        let mut words = text.split_whitespace();
        let (Some(label), way, None) = (words.next(), words.next(), words.next()) else {
            return Err(ActionError::NotAnAction(text));
        };
        if crate::parse_label(label).is_none() {
            return Err(ActionError::NotAnAction(text));
        }
        let hole = crate::hole_byte(rules.hole(label).ok_or_else(|| ActionError::NoSuchHole(label.to_string()))?);
        let clockwise = match way {
            None if rules.sowing.either_way => return Err(ActionError::NoWay(label.to_string())),
            None => return Ok(Action::Sow(hole)),
            Some(_) if !rules.reversible() => return Err(ActionError::OneWay(label.to_string())),
            Some(way) => Direction::from_action(way).ok_or_else(|| ActionError::NotAWay(way.to_string()))?.is_clockwise(),
        };
        Ok(if clockwise == rules.sowing.clockwise { Action::Sow(hole) } else { Action::SowReversed(hole) })
    }

    /// Whether the action is a decision inside a move (`continue`, `stop`, `take …`).
    pub fn is_decision(self) -> bool {
        matches!(self, Action::Continue | Action::Stop | Action::Take(_))
    }

    /// Splits a comma-separated list of actions (`"a1, b2, pass"`) into their texts.
    pub fn split_list(list: &str) -> Vec<&str> {
        list.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()
    }
}

/// The labels of a set of holes, in board order.
fn labels(set: u128, rules: &Rules) -> String {
    Holes(set).into_iter().map(|h| rules.label(h)).collect::<Vec<_>>().join(" ")
}

/// Reads the holes of `offer a1 a2` or `take c5 d7` (any order, none twice), as the word the
/// action keeps.
fn hole_set<'a>(labels: impl Iterator<Item = &'a str>, rules: &Rules, word: &'static str) -> Result<u128, ActionError> {
    let mut set = Holes::EMPTY;
    for label in labels {
        let hole = rules.hole(label).ok_or_else(|| ActionError::NoSuchHole(label.to_string()))?;
        if set.has(hole) {
            return Err(ActionError::Repeated(label.to_string()));
        }
        set = set.with(hole);
    }
    if set.is_empty() {
        return Err(ActionError::EmptySet(word));
    }
    Ok(set.0)
}
