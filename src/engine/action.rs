//! Actions and their canonical text (`a3`, `pass`), as `interchange.md` defines them.

use crate::compile::Rules;

/// One thing a player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Start a move from this hole.
    Sow(u8),
    /// No move is possible: hand the turn over.
    Pass,
}

/// Text that is not an action of this game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("`{0}` is not an action: write a hole such as `a1`, or a word such as `pass`")]
    NotAnAction(String),
    #[error("there is no hole `{0}` on this board")]
    NoSuchHole(String),
}

impl Action {
    /// The canonical text of the action.
    pub fn text(self, rules: &Rules) -> String {
        match self {
            Action::Sow(hole) => rules.label(hole as usize),
            Action::Pass => "pass".to_string(),
        }
    }

    /// Reads an action's text (case and surrounding spaces do not matter).
    pub fn parse(text: &str, rules: &Rules) -> Result<Action, ActionError> {
        let text = text.trim().to_lowercase();
        if text == "pass" {
            return Ok(Action::Pass);
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
