//! The `capture` sections compiled ([`Captures`]): each one a [`CaptureRule`], in the order
//! written, and what the engine needs to know of them all.

use super::{Condition, Lowering};
use crate::check::model;
use crate::vocabulary::{ChainDirection, Direction, HoleRef, Num, SowOn, Take};

/// Every `capture` section, lowered.
#[derive(Clone, Debug)]
pub struct Captures {
    /// The capture rules, in the order written: the first whose `when` holds captures.
    pub rules: Vec<CaptureRule>,
    /// Whether some capture sows its stones on (tried at the end of every lap).
    pub resows: bool,
    /// Where every capture that sows its stones on can be ruled out at a lap's end by the hole
    /// and its count alone ([`Condition::may_hold`]): for each count below 256, the holes where
    /// one of them may hold (a bit per hole), so that its condition is asked only there.
    pub resow_screen: Option<Box<[u128; 256]>>,
    /// The same of the captures at a move's end (those that keep their stones), where each can
    /// be ruled out so: the holes where one of them may hold, for each count below 256.
    pub end_screen: Option<Box<[u128; 256]>>,
    /// Whether some capture claims holes.
    pub claims: bool,
    /// Whether a claimed hole keeps its stones (and those sown into it), rather than passing
    /// them to its claimer.
    pub claims_keep: bool,
}

impl Captures {
    /// The `capture` sections.
    pub(super) fn of(captures: &[model::Capture], lower: &Lowering<'_>) -> Captures {
        let rules: Vec<CaptureRule> = captures.iter().map(|c| CaptureRule::of(c, lower)).collect();
        Captures {
            resows: rules.iter().any(CaptureRule::resow),
            resow_screen: screen(&rules, CaptureRule::resow),
            end_screen: screen(&rules, |c| !c.resow()),
            rules,
            claims: captures.iter().any(|c| !c.claims.is_empty()),
            claims_keep: captures.iter().any(|c| c.keeping),
        }
    }
}

/// Whether `screen` (one of [`Captures::resow_screen`] and [`Captures::end_screen`]) leaves open
/// a capture on `hole` holding `count` stones: true without a screen, and for counts past its
/// table.
#[inline(always)]
pub fn screen_allows(screen: Option<&[u128; 256]>, hole: usize, count: u16) -> bool {
    screen.is_none_or(|screen| screen.get(usize::from(count)).is_none_or(|holes| holes >> hole & 1 != 0))
}

/// For each count below 256, the holes where one of the capture rules `which` picks may hold
/// ([`Captures::resow_screen`], [`Captures::end_screen`]); `None` where one of them cannot be
/// ruled out by the hole and its count.
fn screen(rules: &[CaptureRule], which: impl Fn(&CaptureRule) -> bool) -> Option<Box<[u128; 256]>> {
    let picked: Vec<&Condition> = rules.iter().filter(|c| which(c)).map(|c| &c.when).collect();
    if !picked.iter().all(|when| when.screens()) {
        return None;
    }
    let mut screen = Box::new([0u128; 256]);
    for (count, holes) in (0u16..).zip(screen.iter_mut()) {
        *holes = picked.iter().fold(0, |holes, when| holes | when.may_hold_on(count));
    }
    Some(screen)
}

/// A runtime capture rule.
#[derive(Clone, Debug)]
pub struct CaptureRule {
    pub when: Condition,
    /// What the rule takes, in order.
    pub takes: Box<[Take]>,
    /// A capture that would leave the opponent's side empty takes nothing.
    pub grand_slam_nothing: bool,
    pub chain: Option<(ChainDirection, Condition)>,
    /// How many more holes the mover chooses, and which holes may be chosen.
    pub bonus: Option<(u32, Condition)>,
    /// Where the stones taken are sown on from, if they are (tried after every lap, before a
    /// relay).
    pub sow_on: Option<SowOn>,
    /// The way the stones sown on and the rest of the move go: the first direction whose
    /// condition holds on the capturing hole (none: the way the move goes).
    pub directions: Box<[(Direction, Condition)]>,
    /// Holes the mover claims: takes their stones, and every stone sown into them later.
    pub claims: Box<[HoleRef]>,
    /// After the takes the move goes on: this hole is lifted and sown on (tried after every lap,
    /// before a relay).
    pub continue_from: Option<HoleRef>,
}

impl CaptureRule {
    /// One `capture` section.
    fn of(c: &model::Capture, lower: &Lowering<'_>) -> CaptureRule {
        CaptureRule {
            when: lower.condition(&c.when),
            takes: c
                .takes
                .iter()
                .map(|t| match *t {
                    Take::Part(n, hole) => Take::Part(Num::Literal(lower.value(n)), hole),
                    other => other,
                })
                .collect(),
            grand_slam_nothing: c.grand_slam_nothing,
            chain: c.chain.as_ref().map(|(d, p)| (*d, lower.condition(p))),
            bonus: c.bonus.as_ref().map(|(n, p)| (lower.value(*n), lower.condition(p))),
            sow_on: c.sow_on,
            directions: c.directions.iter().map(|(d, p)| (*d, lower.condition(p))).collect(),
            claims: c.claims.clone().into_boxed_slice(),
            continue_from: c.continue_from,
        }
    }

    /// Whether the rule sows its stones on, or goes on after taking them (and so is tried after
    /// every lap).
    pub fn resow(&self) -> bool {
        self.sow_on.is_some() || self.continue_from.is_some()
    }
}
