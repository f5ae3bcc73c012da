//! Choosing option values: defaults, overridden by `--set NAME=VALUE`.

use crate::check::Checked;
use crate::vocabulary::{Num, OptionValue};

/// A value for every option of a checked game, each within its domain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    values: Vec<OptionValue>,
}

/// A `--set` that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("`{0}` is not of the form NAME=VALUE")]
    Malformed(String),
    #[error("this game has no option `{name}`{known}")]
    Unknown { name: String, known: String },
    #[error("option `{name}` cannot be `{value}`: it takes {domain}")]
    OutOfDomain { name: String, value: String, domain: String },
}

impl Choice {
    pub fn values(&self) -> &[OptionValue] {
        &self.values
    }

    /// The value of a number in a rule under this choice.
    pub fn number(&self, n: Num) -> u32 {
        match n {
            Num::Literal(n) => n,
            Num::Option(i) => match self.values.get(i) {
                Some(OptionValue::Number(n)) => *n,
                // The checker only lets numeric options stand where numbers go.
                _ => 0,
            },
        }
    }
}

impl Checked {
    /// Option values: each default, then every `NAME=VALUE` of `sets` in order.
    pub fn choose<S: AsRef<str>>(&self, sets: &[S]) -> Result<Choice, OptionError> {
        let options = &self.model.options;
        let mut values: Vec<OptionValue> = options.iter().map(|o| o.default.clone()).collect();
        for set in sets {
            let set = set.as_ref();
            let Some((name, value)) = set.split_once('=') else {
                return Err(OptionError::Malformed(set.to_string()));
            };
            let (name, value) = (name.trim(), value.trim());
            let Some(index) = options.iter().position(|o| o.name == name) else {
                let known = if options.is_empty() {
                    " (it has no options)".to_string()
                } else {
                    format!(" (its options: {})", options.iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join(", "))
                };
                return Err(OptionError::Unknown { name: name.to_string(), known });
            };
            let parsed = match value.parse::<u32>() {
                Ok(n) => OptionValue::Number(n),
                Err(_) => OptionValue::Word(value.to_string()),
            };
            if !options[index].domain.contains(&parsed) {
                return Err(OptionError::OutOfDomain {
                    name: name.to_string(),
                    value: value.to_string(),
                    domain: options[index].domain.describe(),
                });
            }
            values[index] = parsed;
        }
        Ok(Choice { values })
    }
}
