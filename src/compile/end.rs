//! The `end` section compiled ([`End`]): the endings in the order written, each with its outcome
//! and its words, where the stones left go, and who wins.

use super::code::Sides;
use super::{Condition, Lowering};
use crate::check::model::{EndCondition, Model};
use crate::vocabulary::{Leftover, Outcome, Repeated, Wins};

/// What the `end` section says, its conditions lowered.
#[derive(Clone, Debug)]
pub struct End {
    pub endings: Vec<EndingRule>,
    /// Which kinds of repetition the endings count: `[board, position]`.
    pub repetition_kinds: [bool; 2],
    /// The fewest times a position must have stood, of each kind, for a repetition ending to be
    /// reached (`u32::MAX` for a kind no ending counts): below both, none is, without asking
    /// each ending.
    pub repeats_least: [u32; 2],
    pub leftover: Leftover,
    pub wins: Wins,
    /// Where every board ending asks only whose the holes are and whether they hold stones
    /// (`own row is empty or opponent's row is empty`): each one's place among the endings, its
    /// atoms' [`Sides`] and its truth table, asked after every action without the general walk.
    pub by_sides: Option<Box<[SidesEnding]>>,
}

/// A board ending whose condition is asked from its atoms' [`Sides`] alone.
#[derive(Clone, Debug)]
pub struct SidesEnding {
    /// Its place in [`End::endings`].
    pub ending: usize,
    pub sides: Box<[Sides]>,
    /// Bit `c`: the condition holds when the atoms are clear as `c` says (bit `i`: atom `i`).
    pub truth: u32,
}

/// The board condition stays inline: every action asks it, and the rules hold a few at most.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum EndRule {
    Board(Condition),
    Repeats { what: Repeated, times: u32 },
}

/// A runtime ending: its condition, how it is scored, and its text for the result's reason.
#[derive(Clone, Debug)]
pub struct EndingRule {
    pub condition: EndRule,
    pub outcome: Outcome,
    pub reason: String,
}

impl End {
    /// The `end` section: each ending with its outcome (the file's `leftover` where it says none)
    /// and its text as the result's reason.
    pub(super) fn of(model: &Model, lower: &Lowering<'_>) -> End {
        let endings: Vec<EndingRule> = model
            .endings
            .iter()
            .map(|e| EndingRule {
                condition: match &e.condition {
                    EndCondition::Board(p) => EndRule::Board(lower.condition(p)),
                    EndCondition::Repeats { what, times } => EndRule::Repeats { what: *what, times: lower.value(*times) },
                },
                outcome: e.outcome.unwrap_or(Outcome::Leftover(model.leftover)),
                reason: e.text.clone(),
            })
            .collect();
        let least = |kind: Repeated| {
            let times = endings.iter().filter_map(|e| match e.condition {
                EndRule::Repeats { what, times } if what == kind => Some(times),
                _ => None,
            });
            times.min().unwrap_or(u32::MAX)
        };
        let repeats_least = [least(Repeated::Board), least(Repeated::Position)];
        let by_sides = endings
            .iter()
            .enumerate()
            .filter_map(|(ending, e)| match &e.condition {
                EndRule::Board(condition) => Some((ending, condition)),
                EndRule::Repeats { .. } => None,
            })
            .map(|(ending, condition)| {
                let whole = condition.code.as_ref()?.whole.as_ref()?;
                Some(SidesEnding { ending, sides: whole.sides.clone()?, truth: whole.truth })
            })
            .collect::<Option<Box<[SidesEnding]>>>();
        End {
            by_sides,
            repetition_kinds: repeats_least.map(|least| least != u32::MAX),
            repeats_least,
            endings,
            leftover: model.leftover,
            wins: model.wins,
        }
    }
}
