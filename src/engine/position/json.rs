//! Reading position JSON strictly: a key given twice is refused (serde_json alone keeps the last
//! silently), every object is checked for fields it does not know, and every value for its type,
//! each refusal naming the field by its path (`captured.south`, `rows.a[2]`).

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::PositionError;
use crate::player::Player;

/// The longest piece of the input a message quotes: a longer one is cut, so that a refusal
/// stays one short line whatever the file holds.
const QUOTED: usize = 32;

/// Parses `text` as JSON, refusing a key repeated in any object.
pub(super) fn parse(text: &str) -> Result<Value, PositionError> {
    let repeated = RefCell::new(None);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = Strict { path: String::new(), repeated: &repeated }.deserialize(&mut deserializer).and_then(|value| {
        deserializer.end()?;
        Ok(value)
    });
    match (value, repeated.into_inner()) {
        (_, Some(field)) => Err(refuse(field, "given twice (a key may appear once)")),
        (Ok(value), None) => Ok(value),
        (Err(error), None) => Err(PositionError::Malformed(error.to_string())),
    }
}

/// A refusal of `field` for `reason`.
pub(super) fn refuse(field: impl Into<String>, reason: impl Into<String>) -> PositionError {
    PositionError::Field { field: field.into(), reason: reason.into() }
}

/// A piece of the input as a message shows it: escaped onto one line, and cut if long.
pub(super) fn shown(text: &str) -> String {
    let mut cut: String = text.chars().take(QUOTED).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut.escape_debug().to_string()
}

/// The path of `key` inside the field `path`.
pub(super) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        shown(key)
    } else {
        format!("{path}.{}", shown(key))
    }
}

/// What kind of JSON value `value` is, for a message.
pub(super) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The object `value` (the field `path`), which may hold only the keys `known`.
pub(super) fn object<'v>(value: &'v Value, path: &str, known: &[&str]) -> Result<&'v Map<String, Value>, PositionError> {
    let Value::Object(map) = value else {
        return Err(refuse(path, format!("an object {{…}} goes here, not {}", kind(value))));
    };
    fields(map, path, known)?;
    Ok(map)
}

/// `map` (the field `path`) holds only the keys `known`.
pub(super) fn fields(map: &Map<String, Value>, path: &str, known: &[&str]) -> Result<(), PositionError> {
    let Some(key) = map.keys().find(|k| !known.contains(&k.as_str())) else { return Ok(()) };
    let hint = match crate::diagnostic::did_you_mean(key, known.iter().copied()) {
        Some(close) => format!("did you mean \"{close}\"?"),
        None => format!("its fields: {}", known.join(", ")),
    };
    let place = if path.is_empty() { "a position".to_string() } else { format!("\"{path}\"") };
    Err(refuse(join(path, key), format!("not a field of {place} ({hint})")))
}

/// The field `key` of `map`, absent when missing or `null`.
pub(super) fn optional<'v>(map: &'v Map<String, Value>, key: &str) -> Option<&'v Value> {
    map.get(key).filter(|v| !v.is_null())
}

/// A whole number from 0 to `most`.
pub(super) fn whole(value: &Value, path: &str, most: u64) -> Result<u64, PositionError> {
    match value.as_u64() {
        Some(n) if n <= most => Ok(n),
        Some(n) => Err(refuse(path, format!("{n} is more than the engine holds (at most {most})"))),
        None => {
            let found = if value.is_number() { value.to_string() } else { kind(value).to_string() };
            Err(refuse(path, format!("a whole number from 0 to {most} goes here, not {}", shown(&found))))
        }
    }
}

/// A string.
pub(super) fn string<'v>(value: &'v Value, path: &str, what: &str) -> Result<&'v str, PositionError> {
    value.as_str().ok_or_else(|| refuse(path, format!("{what} is a string, not {}", kind(value))))
}

/// `"south"` or `"north"`.
pub(super) fn player(value: &Value, path: &str) -> Result<Player, PositionError> {
    let name = string(value, path, "a player")?;
    Player::from_name(name).ok_or_else(|| refuse(path, format!("\"{}\" is not a player (\"south\" or \"north\")", shown(name))))
}

/// A list.
pub(super) fn list<'v>(value: &'v Value, path: &str) -> Result<&'v [Value], PositionError> {
    match value {
        Value::Array(items) => Ok(items),
        _ => Err(refuse(path, format!("a list […] goes here, not {}", kind(value)))),
    }
}

/// Builds a [`Value`] like serde_json's own, but records the first key repeated in an object
/// (by its path) and stops there.
struct Strict<'r> {
    path: String,
    repeated: &'r RefCell<Option<String>>,
}

impl Strict<'_> {
    fn child(&self, key: &str) -> Self {
        Strict { path: join(&self.path, key), repeated: self.repeated }
    }
}

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        loop {
            let path = format!("{}[{}]", self.path, items.len());
            match seq.next_element_seed(Strict { path, repeated: self.repeated })? {
                Some(item) => items.push(item),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                *self.repeated.borrow_mut() = Some(join(&self.path, &key));
                return Err(de::Error::custom("a key given twice"));
            }
            let value = map.next_value_seed(self.child(&key))?;
            fields.insert(key, value);
        }
        Ok(Value::Object(fields))
    }
}
