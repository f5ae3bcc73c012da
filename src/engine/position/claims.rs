//! Claimed holes no claim rule could have made. A hole is claimed when a capture rule that
//! claims the last hole holds there; the claims of a position must have been made one after
//! another, each allowed by the claims made before it.
//!
//! What a rule's condition asked at the time of a claim is partly unknown: the stones then in
//! every hole and the captures are not the position's. The condition is therefore evaluated in
//! three values, every count and capture unknown, and a claim is possible unless the condition
//! is surely false. What is known: the claimer (the hole's owner now), the holes claimed before
//! it (and by whom), who owned every other hole (its row's player: without trades only claims
//! change owners), the closed holes (fixed within a round, as claims are), the board's sets and
//! relations. Toguz Kumalak's one tuzdik each, never the ninth hole, never the hole symmetric to
//! the opponent's tuzdik, and only the opponent's holes, are all refused so.
//!
//! Only claims of the last hole are checked: a rule that claims another hole (the opposite, the
//! next) could claim a hole already claimed, which this reasoning does not follow. Nor are claims
//! in a game whose holes change hands between rounds: who owned a hole before it was claimed is
//! then not known.

use std::collections::HashSet;

use super::json::refuse;
use super::{PositionError, State};
use crate::compile::{Pred, Rules};
use crate::engine::layout::step;
use crate::player::Player;
use crate::vocabulary::{HoleRef, Relation};
use crate::{Holes, MAX_HOLES};

/// Claims tried as the last of a set before the set is taken as possible (undecided): the search
/// for an order of the claims is exact for a few claims, and bounded for many.
const BUDGET: u32 = 20_000;

/// Refuses claims that no order of claims the rules allow could have made.
pub(super) fn check(rules: &Rules, state: &State) -> Result<(), PositionError> {
    let only_last_hole = rules.captures.rules.iter().all(|c| c.claims.iter().all(|t| *t == HoleRef::Last));
    // Where holes change hands between rounds, who owned a hole before its claim is not known.
    let changes_hands = rules.rounds.as_ref().is_some_and(|r| r.change_hands);
    if state.claimed == 0 || !only_last_hole || changes_hands {
        return Ok(());
    }
    let mut search = Search { rules, state, failed: HashSet::new(), budget: BUDGET };
    if search.possible(Holes(state.claimed)) {
        return Ok(());
    }
    Err(search.why())
}

/// The search for an order in which the claims could have been made.
struct Search<'a> {
    rules: &'a Rules,
    state: &'a State,
    /// Sets of claims found impossible.
    failed: HashSet<Holes>,
    budget: u32,
}

impl Search<'_> {
    /// Whether the claims `set` could all have been made, in some order.
    fn possible(&mut self, set: Holes) -> bool {
        if set.is_empty() {
            return true;
        }
        if self.failed.contains(&set) {
            return false;
        }
        for last in set {
            if self.budget == 0 {
                return true;
            }
            self.budget -= 1;
            let before = set.without(last);
            if self.could_claim(last, before) && self.possible(before) {
                return true;
            }
        }
        self.failed.insert(set);
        false
    }

    /// Whether `hole`'s claimer could have claimed it with the claims `before` already made.
    fn could_claim(&self, hole: usize, before: Holes) -> bool {
        let rules = self.rules;
        let mut owners: [Player; MAX_HOLES] = std::array::from_fn(|h| self.state.owner(h));
        for later in Holes(self.state.claimed) & !before {
            owners[later] = rules.home_of(later);
        }
        let past = Past {
            rules,
            owners,
            claimed: before,
            closed: self.state.closed,
            mover: self.state.owner(hole),
            known_owners: rules.trade.is_none(),
        };
        // Captures are tried in order, the first that holds applying: an earlier rule that surely
        // holds there leaves the claim rules after it unasked.
        for resow in [false, true] {
            for rule in rules.captures.rules.iter().filter(|c| c.resow() == resow) {
                let holds = past.maybe(&rule.when.pred, hole);
                if holds != Some(false) && rule.claims.contains(&HoleRef::Last) {
                    return true;
                }
                if holds == Some(true) {
                    break;
                }
            }
        }
        false
    }

    /// Why the claims are impossible: a claim no rule allows, two claims that exclude each other,
    /// or (rarely) only all of them together.
    fn why(&mut self) -> PositionError {
        let (rules, claimed) = (self.rules, Holes(self.state.claimed));
        let whose = |hole: usize| self.state.owner(hole);
        for hole in claimed {
            if !self.could_claim(hole, Holes::EMPTY) && !self.could_claim(hole, claimed.without(hole)) {
                let claimer = whose(hole);
                let own = if rules.home_of(hole) == claimer { format!(", a hole of {claimer}'s own row") } else { String::new() };
                return refuse("claimed", format!("no claim rule lets {claimer} claim {}{own}", rules.label(hole)));
            }
        }
        self.budget = BUDGET;
        for first in claimed {
            for second in claimed & !Holes::below(first + 1) {
                if !self.possible(Holes::of([first, second])) {
                    let (a, b) = (rules.label(first), rules.label(second));
                    let why = format!(
                        "{a} ({}'s) and {b} ({}'s) cannot both be claimed: no claim rule allows either after the other",
                        whose(first),
                        whose(second)
                    );
                    return refuse("claimed", why);
                }
            }
        }
        let all: Vec<String> = claimed.into_iter().map(|h| format!("{} ({}'s)", rules.label(h), whose(h))).collect();
        refuse("claimed", format!("the claims {} cannot all have been made: no claim rule allows them in any order", all.join(", ")))
    }
}

/// The position as a claim found it, as far as it is known.
struct Past<'a> {
    rules: &'a Rules,
    owners: [Player; MAX_HOLES],
    claimed: Holes,
    closed: u128,
    /// The claimer.
    mover: Player,
    /// Whether `owners` is what it was (without trades only claims change owners).
    known_owners: bool,
}

impl Past<'_> {
    /// Whether `pred` held on `hole`: `None` when that depends on what is not known.
    fn maybe(&self, pred: &Pred, hole: usize) -> Option<bool> {
        let owner = || self.owners.get(hole).copied().filter(|_| self.known_owners);
        match pred {
            Pred::Or(ps) => any(ps.iter().map(|p| self.maybe(p, hole))),
            Pred::And(ps) => any(ps.iter().map(|p| self.maybe(p, hole).map(|b| !b))).map(|b| !b),
            Pred::Not(p) => self.maybe(p, hole).map(|b| !b),
            Pred::EveryHole(p) => any((0..self.rules.board.holes).map(|h| self.maybe(p, h).map(|b| !b))).map(|b| !b),
            Pred::Count(..)
            | Pred::CountIn(_)
            | Pred::CountRange(..)
            | Pred::CountEven(_)
            | Pred::Counts(_)
            | Pred::Empty
            | Pred::Captured(..)
            | Pred::OpponentCaptured(..)
            | Pred::StonesLeft(..)
            | Pred::Hand(..)
            | Pred::Lap(..)
            | Pred::Sown(..)
            | Pred::Intact
            | Pred::Capturing
            | Pred::Phase(..) => None,
            Pred::Own => owner().map(|o| o == self.mover),
            Pred::Opponent => owner().map(|o| o != self.mover),
            Pred::In(set) => (hole < MAX_HOLES).then(|| Holes(*set).has(hole)),
            Pred::Claimed => (hole < MAX_HOLES).then(|| self.claimed.has(hole)),
            Pred::Claims(op, n) => {
                let claims = self.claimed.into_iter().filter(|&h| self.owners[h] == self.mover).count();
                Some(crate::compile::pred::compare(u32::try_from(claims).ok()?, *op, *n))
            }
            Pred::At(relation, p) => self.maybe(p, self.related(*relation, hole)?),
        }
    }

    /// The hole `relation` names from `hole`, for the claimer.
    fn related(&self, relation: Relation, hole: usize) -> Option<usize> {
        let rules = self.rules;
        if hole >= MAX_HOLES {
            return None;
        }
        let (next, previous) = (&rules.board.next[self.mover.index()], &rules.board.previous[self.mover.index()]);
        let related = match relation {
            Relation::Next => step(next, hole, self.closed),
            Relation::Previous => step(previous, hole, self.closed),
            Relation::Beyond => step(next, step(next, hole, self.closed), self.closed),
            Relation::Opposite | Relation::Symmetric | Relation::Behind => rules.board.fixed(relation, hole)?,
        };
        (related < MAX_HOLES).then_some(related)
    }
}

/// Three-valued "or": true if one is, false if all are, else unknown.
fn any(values: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    let mut unknown = false;
    for value in values {
        match value {
            Some(true) => return Some(true),
            None => unknown = true,
            Some(false) => {}
        }
    }
    if unknown {
        None
    } else {
        Some(false)
    }
}
