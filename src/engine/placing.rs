//! Moves of a player holding stones in hand (`place from hand`): one stone goes into a hole of
//! theirs; with `then sow`, a capture that holds there is made at once and its stones sown on, or
//! else the hole is sown, the way the move names.

use super::capture::{resow, GoesOn};
use super::events::{Event, Silent, Trace};
use super::layout::{Cells, Mask};
use super::predicate::Ctx;
use super::sowing::{sow_on, sow_taken, Sowing};
use super::{Action, Lap, StateIn};
use crate::compile::{Condition, Rules};
use crate::player::Player;
use crate::Holes;

/// Whether `mover` moves by placing a stone from their hand.
pub fn placing<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player) -> bool {
    rules.play.place.is_some() && state.hand[mover.index()] > 0
}

/// The holes `mover` may place into where `pred` holds (a bit per hole).
fn holes_where<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player, pred: Option<&Condition>) -> u128 {
    let Some(pred) = pred else { return 0 };
    let ctx = Ctx::new(state, rules, mover, Lap::default());
    (ctx.own() & !state.claimed & ctx.holes_where(pred)).wide()
}

/// The holes either condition (`place`, `otherwise place`) allows: where a capture is compulsory,
/// any of them may make one.
fn either_allows<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player) -> u128 {
    holes_where(rules, state, mover, rules.play.place.as_ref()) | holes_where(rules, state, mover, rules.play.place_fallback.as_ref())
}

/// The ways a placement may sow on: the file's, and the other where the rules allow either.
fn ways_of(rules: &Rules) -> &'static [bool] {
    if rules.sowing.either_way {
        &[false, true]
    } else {
        &[false]
    }
}

/// The holes a placement may go into: those of `place`, or of `otherwise place` when none is.
pub(super) fn allowed<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player) -> u128 {
    match holes_where(rules, state, mover, rules.play.place.as_ref()) {
        0 => holes_where(rules, state, mover, rules.play.place_fallback.as_ref()),
        holes => holes,
    }
}

/// `mover`'s placements into `actions`, in board order (with `then sow`, each way the rules
/// allow, a capture compulsory where the rules say so and possible).
pub fn placements<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player, actions: &mut Vec<Action>) {
    if !rules.play.place_then_sow {
        actions.extend(super::holes_of(allowed(rules, state, mover)).map(|h| Action::Sow(crate::hole_byte(h))));
        return;
    }
    if rules.play.must_capture.is_some() {
        // Any hole either condition allows may capture.
        let candidates = either_allows(rules, state, mover);
        push_moves(rules, state, mover, candidates, true, actions);
        if !actions.is_empty() {
            return;
        }
    }
    push_moves(rules, state, mover, allowed(rules, state, mover), false, actions);
}

/// The legal placements into the holes of `holes` (only those that capture, with `capturing`).
/// The two ways from a hole that lead to the same position (a capture whose `direction` forces
/// the way) are one move, written with the way the capture turned it.
fn push_moves<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player, holes: u128, capturing: bool, actions: &mut Vec<Action>) {
    let ways = ways_of(rules);
    for hole in super::holes_of(holes) {
        let byte = crate::hole_byte(hole);
        let mut moves = [None, None];
        for (slot, &reversed) in moves.iter_mut().zip(ways) {
            *slot = placement(rules, state, mover, hole, reversed, &mut Silent).filter(|(_, sowing, _)| !capturing || sowing.taken > 0);
        }
        each_listed(&moves, |way, _| actions.push(action(byte, way)));
    }
}

/// Calls `each` with every legal placement into a hole, of `moves` (the file's way's and the
/// other's, if legal), as a list of actions has them: its way, and what it leaves. The two ways
/// that lead to the same position (a capture whose `direction` forces the way) are one, the way
/// the capture turned it, with that way's sowing.
fn each_listed<C: Cells>(moves: &[Option<(StateIn<C>, Sowing, bool)>; 2], mut each: impl FnMut(bool, &(StateIn<C>, Sowing, bool))) {
    match moves {
        [Some(file_way), Some(other_way)] if file_way.0 == other_way.0 => {
            let turned = file_way.2;
            each(turned, if turned { other_way } else { file_way });
        }
        [file_way, other_way] => {
            file_way.iter().for_each(|placed| each(false, placed));
            other_way.iter().for_each(|placed| each(true, placed));
        }
    }
}

/// What a move sown to know it is legal leaves: its hole, its way (`true`: against the file's),
/// the position and its sowing, as [`super::moves::Moves`] keeps the moves of a turn.
pub(super) type Kept<C> = (u8, bool, StateIn<C>, Sowing);

/// [`placements`] with `then sow`, each placement sown once: the legal ones (what [`placements`]
/// lists, in its order) go into `kept`, what each leaves with them; `spare` is a list to work in
/// (both cleared first, and kept by the caller so that a turn allocates nothing once they are
/// large enough). Returns the holes of the listed placements each way: the file's, and the other.
pub(super) fn find<C: Cells>(
    rules: &Rules,
    state: &StateIn<C>,
    mover: Player,
    kept: &mut Vec<Kept<C>>,
    spare: &mut Vec<Kept<C>>,
) -> (C::Mask, C::Mask) {
    kept.clear();
    spare.clear();
    let allowed = allowed(rules, state, mover);
    // Where a capture is compulsory, the holes either condition allows, each placement sown once:
    // those that capture go into `spare`, and those of `allowed` into `kept`, in case none does.
    let must_capture = rules.play.must_capture.is_some();
    let candidates = match must_capture {
        true => either_allows(rules, state, mover),
        false => allowed,
    };
    let ways = ways_of(rules);
    for hole in super::holes_of(candidates) {
        let byte = crate::hole_byte(hole);
        let mut moves = [None, None];
        for (slot, &reversed) in moves.iter_mut().zip(ways) {
            *slot = placement(rules, state, mover, hole, reversed, &mut Silent);
        }
        if must_capture {
            let capturing = moves.map(|m| m.filter(|(_, sowing, _)| sowing.taken > 0));
            keep_moves(byte, &capturing, spare);
        }
        if allowed >> hole & 1 != 0 {
            keep_moves(byte, &moves, kept);
        }
    }
    if !spare.is_empty() {
        std::mem::swap(kept, spare);
    }
    kept.iter().fold((C::Mask::NONE, C::Mask::NONE), |(forward, reversed), &(hole, way, ..)| match way {
        false => (forward | C::Mask::bit(usize::from(hole)), reversed),
        true => (forward, reversed | C::Mask::bit(usize::from(hole))),
    })
}

/// The legal placements into `hole` of `moves` into `kept`, as [`each_listed`] lists them.
fn keep_moves<C: Cells>(hole: u8, moves: &[Option<(StateIn<C>, Sowing, bool)>; 2], kept: &mut Vec<Kept<C>>) {
    each_listed(moves, |way, &(after, sowing, _)| kept.push((hole, way, after, sowing)));
}

fn action(hole: u8, reversed: bool) -> Action {
    if reversed {
        Action::SowReversed(hole)
    } else {
        Action::Sow(hole)
    }
}

/// The position after `mover` places a stone into `hole` and (with `then sow`) plays on the way
/// `reversed` says, with its sowing and the way the move went after a capture at the hole
/// (`reversed` where none was made). `None` if the move would never end or leaves what
/// `no move leaves` forbids. The hole is not checked.
pub fn placement<C: Cells, T: Trace>(
    rules: &Rules,
    state: &StateIn<C>,
    mover: Player,
    hole: usize,
    reversed: bool,
    tr: &mut T,
) -> Option<(StateIn<C>, Sowing, bool)> {
    let mut after = *state;
    after.hand[mover.index()] -= 1;
    after.add(hole, 1);
    after.reversed = reversed;
    tr.event(|| Event::Place { by: mover, hole: crate::hole_byte(hole) });
    let (mut sowing, turned) = match resow(rules, &mut after, hole, hole, mover, Lap::default(), tr) {
        Some((stones, goes_on)) => {
            after.capturing = rules.tracks.capturing;
            let turned = after.reversed;
            let mut sowing = match goes_on {
                GoesOn::SowAfter(from) => sow_taken(rules, &mut after, from, stones, mover, tr)?,
                GoesOn::Lift(from) => sow_on(rules, &mut after, from, mover, false, tr)?,
            };
            sowing.taken += stones;
            (sowing, turned)
        }
        None => (sow_on(rules, &mut after, hole, mover, false, tr)?, reversed),
    };
    if rules.play.no_move_leaves.as_ref().is_some_and(|p| after.holds(rules, p, 0, mover)) {
        return None;
    }
    sowing.may_capture &= after.capturing || !rules.play.first_lap_decides;
    Some((after, sowing, turned))
}

/// Whether a placement of `mover`'s into `hole` captures, either way the rules allow.
fn captures_from<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player, hole: usize) -> bool {
    let ways = ways_of(rules);
    ways.iter().any(|&r| placement(rules, state, mover, hole, r, &mut Silent).is_some_and(|(_, sowing, _)| sowing.taken > 0))
}

/// Whether `mover` has a placement to make (allocates nothing).
pub fn any<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player) -> bool {
    let ways = ways_of(rules);
    let possible = |holes: u128| {
        super::holes_of(holes)
            .any(|h| !rules.play.place_then_sow || ways.iter().any(|&r| placement(rules, state, mover, h, r, &mut Silent).is_some()))
    };
    // A capture may be made from a hole of either condition; otherwise the holes of `allowed`.
    let capturing = rules.play.must_capture.is_some()
        && rules.play.place_then_sow
        && super::holes_of(either_allows(rules, state, mover)).any(|h| captures_from(rules, state, mover, h));
    capturing || possible(allowed(rules, state, mover))
}

/// Whether `action` is a placement `mover` may make now: one of [`placements`], found from its
/// hole's moves alone, and the others' only as far as needed to know whether a capture is
/// compulsory.
pub fn is_legal<C: Cells>(rules: &Rules, state: &StateIn<C>, mover: Player, action: Action) -> bool {
    let hole = match action {
        Action::Sow(hole) | Action::SowReversed(hole) if usize::from(hole) < rules.board.holes => usize::from(hole),
        _ => return false,
    };
    let only = |holes: u128| (Holes(holes) & Holes::one(hole)).0;
    if !rules.play.place_then_sow {
        return matches!(action, Action::Sow(_)) && only(allowed(rules, state, mover)) != 0;
    }
    // The moves of the action's hole, as `placements` lists them.
    let listed = |holes: u128, capturing: bool| {
        super::with_actions(|moves| {
            push_moves(rules, state, mover, only(holes), capturing, moves);
            moves.contains(&action)
        })
    };
    if rules.play.must_capture.is_some() {
        let candidates = either_allows(rules, state, mover);
        if listed(candidates, true) {
            return true;
        }
        // Not a capture: legal only where no placement captures.
        if super::holes_of(candidates).any(|h| captures_from(rules, state, mover, h)) {
            return false;
        }
    }
    listed(allowed(rules, state, mover), false)
}
