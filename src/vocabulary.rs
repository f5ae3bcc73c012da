//! The rule vocabulary: the words a rule file's statements are made of once checked (directions,
//! holes named from the sowing, what a capture takes, how a game is scored), as the checker's
//! [`crate::check::model`], the compiled [`crate::compile::Rules`], the engine and the computer
//! players all read them. A leaf module: it imports nothing of the crate but the ways round a
//! circuit ([`crate::direction`]), which it re-exports.

use serde::Serialize;

/// A number in a rule: written out, or the value of a numeric option chosen at load time.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Num {
    Literal(u32),
    /// Index into the checked game's options ([`crate::check::model::Model::options`]).
    Option(usize),
}

/// A value an option can take.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum OptionValue {
    Number(u32),
    Word(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Number(n) => write!(f, "{n}"),
            OptionValue::Word(w) => f.write_str(w),
        }
    }
}

/// A player's row on a four-row board: at their edge (`outer`) or next to the opponent (`inner`).
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum RowKind {
    Outer,
    Inner,
    /// The rows a player owns, as one row in their sowing order (only in `set … of own row`).
    Own,
}

/// Which end of a row, in sowing order.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum RowEnd {
    First,
    Last,
}

/// A hole related to another.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Relation {
    /// The next hole in sowing order (of the mover's circuit, or the hole owner's where circuits
    /// are per player and the hole is not on the mover's).
    Next,
    Previous,
    /// The hole in the same column, mirrored across the middle of the board.
    Opposite,
    /// The hole after the next one.
    Beyond,
    /// The hole that takes this one's place when the board is turned half round: a player's
    /// hole with the same number, counted from each player's left.
    Symmetric,
    /// The hole behind the opposite one, one row further from this hole (four rows: the
    /// opponent's outer hole in an inner hole's column).
    Behind,
}

impl Relation {
    /// Whether the board fixes the hole the relation names (opposite, symmetric, behind), rather
    /// than the sowing's way, which a move may turn (next, previous, beyond).
    pub const fn board_fixed(self) -> bool {
        match self {
            Relation::Opposite | Relation::Symmetric | Relation::Behind => true,
            Relation::Next | Relation::Previous | Relation::Beyond => false,
        }
    }
}

/// A hole named from where the sowing stands, resolved by one function in the engine.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum HoleRef {
    /// The hole the last stone fell into.
    Last,
    /// The hole the lap was lifted from (for a lap of captured stones, the hole before its first).
    Origin,
    /// Related to the last hole, as in predicates (`next`, `opposite`, `behind` …).
    Related(Relation),
    /// An end of the mover's row of that kind, in the order the move now sows.
    RowEnd(RowEnd, RowKind),
}

/// Where a capture that sows its stones on starts: the first stone into `from`, or with `after`
/// into the hole after it.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct SowOn {
    pub from: HoleRef,
    pub after: bool,
}

/// Who takes the holes taken in passing.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Taker {
    /// The player who is sowing.
    Mover,
    /// The owner of the hole.
    Owner,
}

/// Where the first seed of a lap goes.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum FirstSeed {
    NextHole,
    Origin,
    /// Into the origin, unless the lap lifted a single stone: that one goes to the next hole.
    OriginUnlessAlone,
}

/// A way round a circuit, with its words ([`crate::direction`]).
pub use crate::direction::Direction;

/// What happens to a player who has no move.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum NoMove {
    Pass,
    Lose,
    End,
}

/// Which way a capture chain runs from the last hole.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum ChainDirection {
    Backward,
    Forward,
    Both,
}

/// What a capture takes first.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Take {
    /// One hole: the last, the opposite, the next, beyond (Bosh: beyond the empty hole that ended
    /// the move), behind …
    Hole(HoleRef),
    /// Every hole of the opponent in the last hole's column.
    OpponentColumn,
    /// At most this many stones of one hole (`take 2 from last hole`).
    Part(Num, HoleRef),
}

/// Where stones left on the board go when the game ends.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Leftover {
    Owner,
    Split,
    Removed,
    /// Every stone to the player whose action has just been played.
    Mover,
}

/// What counts as "the same position" for a repetition ending.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Repeated {
    /// The board and the player to move.
    Board,
    /// Board, owners, captures and the player to move.
    Position,
}

/// How an ending is scored.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Outcome {
    Leftover(Leftover),
    Draw,
    /// The player whose action has just been played wins (`true`) or loses, whatever the score.
    Mover(bool),
}

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Wins {
    Most,
    Fewest,
}
