//! The `end` section compiled ([`End`]): the endings in the order written, each with its outcome
//! and its words, where the stones left go, and who wins.

use super::code::Sides;
use super::pred::Scalar;
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
    /// Where every board ending is asked from its sides ([`Sided`]), each one's place among the
    /// endings and its sides: asked after every action without the general walk of a condition.
    pub by_sides: Option<Box<[QuickEnding<Sided>]>>,
    /// Where not, but every board ending may still be asked without it ([`Asked`]): how.
    pub mixed: Option<Box<[QuickEnding<Asked>]>>,
}

impl End {
    /// Sets each ending of [`End::by_sides`]'s [`Sided::home`] from the holes' owners at the
    /// start ([`super::Board::home_north`]).
    pub(super) fn at_home(&mut self, board: &super::Board) {
        let (all, north) = (board.mask.0, board.home_north);
        for e in self.by_sides.iter_mut().flat_map(|list| list.iter_mut()) {
            let terms = monotone_terms(e.asked.truth, e.asked.sides.len());
            let sides = &e.asked.sides;
            e.asked.home = [!north & all, north].map(|own| {
                let other = !own & all;
                let side = |sets: &[u128; 2]| sets[0] & own | sets[1] & other;
                let atoms: Vec<[u128; 2]> = sides.iter().map(|sides| [side(&sides.empty), side(&sides.full)]).collect();
                let Some(terms) = &terms else { return atoms.into() };
                // Each term's atoms' holes joined.
                let term = |of: &u32| {
                    let clear = atoms.iter().enumerate().filter(|(i, _)| of >> i & 1 != 0);
                    clear.fold([0, 0], |[empty, full], (_, [e, f])| [empty | e, full | f])
                };
                terms.iter().map(term).collect()
            });
            e.asked.home_terms = terms.is_some();
        }
    }
}

/// Where a truth table over `atoms` atoms (bit `c`: the condition holds when the atoms are clear
/// as `c` says) never goes from holding to failing as one more atom is clear: its least sets of
/// atoms that make it hold when clear (bit `i`: atom `i`). The condition then holds where every
/// atom of one of them is clear. `None` where it may fail with more atoms clear (`own row is
/// empty and opponent's row is not empty`).
fn monotone_terms(truth: u32, atoms: usize) -> Option<Vec<u32>> {
    // A condition has at most five atoms (a table of 32 bits): more are refused, not walked.
    let combinations = 1u32.checked_shl(u32::try_from(atoms).ok()?).filter(|&c| c <= u32::BITS)?;
    let holds = |c: u32| truth >> c & 1 != 0;
    let atom = |c: u32| (0..atoms).map(move |i| 1u32 << i).filter(move |bit| c & bit != 0);
    let monotone = (0..combinations).filter(|&c| holds(c)).all(|c| (0..atoms).all(|i| holds(c | 1 << i)));
    monotone.then(|| (0..combinations).filter(|&c| holds(c) && atom(c).all(|bit| !holds(c & !bit))).collect())
}

/// A board ending asked after every action without the general walk of its condition: its place
/// in [`End::endings`] and how it is asked.
#[derive(Clone, Debug)]
pub struct QuickEnding<A> {
    pub ending: usize,
    pub asked: A,
}

/// A condition asked from its atoms' [`Sides`] alone, whose the holes are and whether they hold
/// stones (`own row is empty or opponent's row is empty`).
#[derive(Clone, Debug)]
pub struct Sided {
    pub sides: Box<[Sides]>,
    /// Bit `c`: the condition holds when the atoms are clear as `c` says (bit `i`: atom `i`).
    pub truth: u32,
    /// For each player as the mover (South, North), where the holes' owners are those at the
    /// start: each atom's holes that must hold no stone and holes that must hold some, for it to
    /// be clear, in order (empty for a condition not in [`End::by_sides`]); or, where
    /// [`Sided::home_terms`], each term's instead.
    pub home: [Box<[[u128; 2]]>; 2],
    /// The truth is monotone ([`monotone_terms`]) and [`Sided::home`] lists its terms: each least
    /// set of atoms that makes the condition hold, as the holes its atoms need empty and need
    /// holding stones. The condition holds where one term is clear.
    pub home_terms: bool,
}

/// How a board ending of [`End::mixed`] is asked.
#[derive(Clone, Debug)]
pub enum Asked {
    Sides(Sided),
    /// Only where one of its leading terms about the position holds (`captured > 24 or (captured
    /// = 24 and every hole is empty)`: never below 24), and then in full.
    Terms(Box<[Scalar]>),
}

impl Asked {
    /// How `condition` may be asked without the general walk, if it may.
    fn of(condition: &Condition) -> Option<Asked> {
        let whole = condition.code.as_ref()?.whole.as_ref()?;
        if let Some(sides) = &whole.sides {
            return Some(Asked::Sides(Sided { sides: sides.clone(), truth: whole.truth, home: Default::default(), home_terms: false }));
        }
        // Known not to hold when no leading term does.
        let none = 1u64.checked_shl(1 << whole.leading.len())?;
        let fails = !whole.leading.is_empty() && whole.known & none != 0 && whole.value & none == 0;
        fails.then(|| Asked::Terms(whole.leading.clone()))
    }
}

/// How `endings` are asked quickly ([`End::by_sides`], [`End::mixed`]), if every board ending
/// among them may be.
#[allow(clippy::type_complexity)]
fn quick(endings: &[EndingRule]) -> (Option<Box<[QuickEnding<Sided>]>>, Option<Box<[QuickEnding<Asked>]>>) {
    let Some(asked) = endings
        .iter()
        .enumerate()
        .filter_map(|(ending, e)| match &e.condition {
            EndRule::Board(condition) => Some(Asked::of(condition).map(|asked| QuickEnding { ending, asked })),
            EndRule::Repeats { .. } => None,
        })
        .collect::<Option<Vec<_>>>()
    else {
        return (None, None);
    };
    let sided = asked
        .iter()
        .map(|e| match &e.asked {
            Asked::Sides(sided) => Some(QuickEnding { ending: e.ending, asked: sided.clone() }),
            Asked::Terms(_) => None,
        })
        .collect::<Option<Box<[_]>>>();
    match sided {
        Some(sided) => (Some(sided), None),
        None => (None, Some(asked.into())),
    }
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
        let (by_sides, mixed) = quick(&endings);
        End {
            by_sides,
            mixed,
            repetition_kinds: repeats_least.map(|least| least != u32::MAX),
            repeats_least,
            endings,
            leftover: model.leftover,
            wins: model.wins,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::monotone_terms;

    /// The least sets of atoms that make a monotone condition hold, found from its truth table
    /// (bit `c`: holds when the atoms are clear as `c` says); none where it is not monotone.
    #[test]
    fn a_monotone_truth_is_its_least_sets_of_atoms() {
        // a or b: holds for 01, 10, 11.
        assert_eq!(monotone_terms(0b1110, 2), Some(vec![0b01, 0b10]));
        // a and b.
        assert_eq!(monotone_terms(0b1000, 2), Some(vec![0b11]));
        // a or (b and c): 001, 011, 101, 110, 111.
        assert_eq!(monotone_terms(0b1110_1010, 3), Some(vec![0b001, 0b110]));
        // Always, and never.
        assert_eq!(monotone_terms(0b1111, 2), Some(vec![0b00]));
        assert_eq!(monotone_terms(0, 2), Some(vec![]));
        // a and not b: 01 only, failing at 11.
        assert_eq!(monotone_terms(0b0010, 2), None);
        // not a.
        assert_eq!(monotone_terms(0b01, 1), None);
        // More atoms than a table of 32 bits has room for.
        assert_eq!(monotone_terms(u32::MAX, 6), None);
    }
}
