//! Actions and their canonical text (`a3`, `pass`, `offer a1 a2`, `accept`), as `interchange.md`
//! defines them.

use crate::compile::Rules;

/// One thing a player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Start a move from this hole.
    Sow(u8),
    /// No move is possible: hand the turn over.
    Pass,
    /// Offer these holes (a bit per hole) to the other player, instead of moving.
    Offer(u128),
    /// Accept the offer just made.
    Accept,
    /// Decline the offer just made.
    Decline,
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
    #[error("an offer names its holes: `offer a1 a2`")]
    EmptyOffer,
}

impl Action {
    /// The canonical text of the action.
    pub fn text(self, rules: &Rules) -> String {
        match self {
            Action::Sow(hole) => rules.label(hole as usize),
            Action::Pass => "pass".to_string(),
            Action::Offer(set) => {
                let labels: Vec<String> = super::holes_of(set).map(|h| rules.label(h)).collect();
                format!("offer {}", labels.join(" "))
            }
            Action::Accept => "accept".to_string(),
            Action::Decline => "decline".to_string(),
        }
    }

    /// Reads an action's text (case and surrounding spaces do not matter).
    pub fn parse(text: &str, rules: &Rules) -> Result<Action, ActionError> {
        let text = text.trim().to_lowercase();
        match text.as_str() {
            "pass" => return Ok(Action::Pass),
            "accept" => return Ok(Action::Accept),
            "decline" => return Ok(Action::Decline),
            _ => {}
        }
        let mut words = text.split_whitespace();
        if words.next() == Some("offer") {
            let mut set = 0u128;
            for label in words {
                let hole = rules.hole(label).ok_or_else(|| ActionError::NoSuchHole(label.to_string()))?;
                if set & (1u128 << hole) != 0 {
                    return Err(ActionError::Repeated(label.to_string()));
                }
                set |= 1u128 << hole;
            }
            if set == 0 {
                return Err(ActionError::EmptyOffer);
            }
            return Ok(Action::Offer(set));
        }
        if crate::parse_label(&text).is_some() {
            return match rules.hole(&text) {
                Some(hole) => Ok(Action::Sow(hole as u8)),
                None => Err(ActionError::NoSuchHole(text)),
            };
        }
        Err(ActionError::NotAnAction(text))
    }

    /// Splits a comma-separated list of actions (`"a1, b2, pass"`) into their texts.
    pub fn split_list(list: &str) -> Vec<&str> {
        list.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()
    }
}
