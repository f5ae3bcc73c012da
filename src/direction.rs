//! The two ways round a circuit and every word for them: the rule file's (`sow clockwise`), the
//! position JSON's (`"direction": "clockwise"`), an action's (`b3 cw`) and the other words people
//! write for them (`anticlockwise`), which the checker answers with the language's word. One list,
//! [`WAYS`]: the checker, the actions, the position JSON and the terminal take their words from
//! it (the grammar reads a way as a plain name, and the checker judges it).

use serde::Serialize;

/// A way round a circuit, seen from above with South at the bottom.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Direction {
    CounterClockwise,
    Clockwise,
}

/// The words of one way.
pub struct Way {
    pub direction: Direction,
    /// The word of rule files and of the position JSON: `counter-clockwise`.
    pub word: &'static str,
    /// The short word of actions (`b3 ccw`), which take the word too.
    pub short: &'static str,
    /// Other words for it, not the language's: the checker refuses them with the word as the fix.
    pub others: &'static [&'static str],
}

/// Every way, with its words.
pub const WAYS: [Way; 2] = [
    Way {
        direction: Direction::CounterClockwise,
        word: "counter-clockwise",
        short: "ccw",
        others: &["anticlockwise", "anti-clockwise", "counterclockwise"],
    },
    Way { direction: Direction::Clockwise, word: "clockwise", short: "cw", others: &[] },
];

impl Direction {
    /// Clockwise, or else counter-clockwise.
    pub fn of(clockwise: bool) -> Direction {
        if clockwise {
            Direction::Clockwise
        } else {
            Direction::CounterClockwise
        }
    }

    pub fn is_clockwise(self) -> bool {
        self == Direction::Clockwise
    }

    fn way(self) -> &'static Way {
        match WAYS.iter().find(|way| way.direction == self) {
            Some(way) => way,
            None => &WAYS[0],
        }
    }

    /// Its word in rule files and the position JSON.
    pub fn word(self) -> &'static str {
        self.way().word
    }

    /// Its short word in actions.
    pub fn short(self) -> &'static str {
        self.way().short
    }

    /// The way a rule file or the position JSON names: its word exactly.
    pub fn from_word(text: &str) -> Option<Direction> {
        WAYS.iter().find(|way| way.word == text).map(|way| way.direction)
    }

    /// The way an action names: its short word or its word.
    pub fn from_action(text: &str) -> Option<Direction> {
        WAYS.iter().find(|way| way.short == text || way.word == text).map(|way| way.direction)
    }

    /// The language's word for `other`, another word for a way (`anticlockwise`, `ccw`), in any
    /// case.
    pub fn word_for(other: &str) -> Option<&'static str> {
        WAYS.iter().find(|way| way.others.iter().chain([&way.short]).any(|o| o.eq_ignore_ascii_case(other))).map(|way| way.word)
    }

    /// Each way's word, as the checker's choices of a word.
    pub fn choices() -> [(&'static str, Direction); 2] {
        WAYS.map(|way| (way.word, way.direction))
    }

    /// How an action names its way: "`a3 cw` (clockwise) or `a3 ccw` (counter-clockwise)", or
    /// without a hole "`cw` (clockwise) or …".
    pub fn how_to_name(hole: Option<&str>) -> String {
        let named = |way: &Way| match hole {
            Some(hole) => format!("`{hole} {}` ({})", way.short, way.word),
            None => format!("`{}` ({})", way.short, way.word),
        };
        WAYS.iter().rev().map(named).collect::<Vec<_>>().join(" or ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_way_is_read_back_from_its_words() {
        for way in &WAYS {
            let direction = way.direction;
            assert_eq!(Direction::from_word(direction.word()), Some(direction));
            assert_eq!(Direction::from_action(direction.short()), Some(direction));
            assert_eq!(Direction::from_action(direction.word()), Some(direction));
            assert_eq!(Direction::word_for(&direction.short().to_uppercase()), Some(direction.word()));
            assert_eq!(Direction::of(direction.is_clockwise()), direction);
            for other in way.others {
                assert_eq!(Direction::word_for(other), Some(direction.word()));
                assert_eq!((Direction::from_word(other), Direction::from_action(other)), (None, None));
            }
        }
        assert_eq!(Direction::from_word("cw"), None);
        assert_eq!(Direction::how_to_name(Some("a3")), "`a3 cw` (clockwise) or `a3 ccw` (counter-clockwise)");
    }
}
