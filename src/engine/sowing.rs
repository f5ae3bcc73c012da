//! Sowing: one lap, and a whole move of laps joined by relays, with exact detection of moves
//! that would never end.

use super::capture::GoesOn;
use super::events::{Event, LiftWhy, Silent, TakeHow, Trace};
use super::layout::step;
use super::layout::{Cells, Mask};
use super::placing::Kept;
use super::{Lap, StateIn};
use crate::compile::pred::CountTable;
use crate::compile::{Reach, Rules};
use crate::player::Player;
use crate::vocabulary::{FirstSeed, HoleRef, Relation, Taker};
use crate::MAX_HOLES;

/// What a finished sowing left behind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sowing {
    /// The hole the last stone fell into.
    pub last: usize,
    pub laps: u32,
    /// The move stopped where the mover chooses to relay or stop (`relay or stop when …`).
    pub choice: bool,
    /// The last lap, as the capture rules asked at the end of the move see it.
    pub lap: Lap,
    /// Stones taken by captures sown on during the move.
    pub taken: u32,
    /// Whether the move may still capture at its end (not where its first lap had to capture
    /// and did not).
    pub may_capture: bool,
}

/// Laps after which a move without a lap limit counts as one that never ends: about 20 ms of
/// sowing. Exact cycle detection finds most endless moves far sooner, but with conserved stones
/// (Hus without its cut) a move can wander for millions of laps before it repeats.
pub const ENDLESS_LAPS: u32 = 100_000;

/// The lap from which a move is watched for a lap start it has seen (Brent's cycle finding, see
/// [`Watch`]): most moves end before it, and a move that comes back to a lap start comes back to
/// it again however late the watch begins, so that what is found is the same.
const WATCHED_FROM: u32 = 24;

/// Brent's cycle finding over a move's lap starts: one start kept, each start after it compared
/// with it, and the start kept anew 1, 2, 4, 8 … laps after the last was kept, from lap
/// [`WATCHED_FROM`] on. A move that comes back to a start it has been through is found within
/// twice the laps of its cycle.
struct Watch<S> {
    kept: Option<S>,
    power: u32,
    steps: u32,
}

impl<S> Watch<S> {
    const fn new() -> Self {
        Watch { kept: None, power: 0, steps: 0 }
    }

    /// Whether the start at the end of lap `laps` is the one kept (`same`); if not, it is kept
    /// (`now`) where its turn has come.
    #[inline(always)]
    fn seen(&mut self, laps: u32, same: impl FnOnce(&S) -> bool, now: impl FnOnce() -> S) -> bool {
        if laps < WATCHED_FROM {
            return false;
        }
        if self.kept.as_ref().is_some_and(same) {
            return true;
        }
        self.steps += 1;
        if self.steps >= self.power {
            self.kept = Some(now());
            self.power = self.power.saturating_mul(2).max(1);
            self.steps = 0;
        }
        false
    }
}

/// The way stones go: a sowing table, the closed holes it passes over, and its rounds where they
/// serve.
#[derive(Clone, Copy)]
struct Way<'a, C: Cells> {
    /// The place after each.
    next: &'a [u8; MAX_HOLES],
    /// The holes passed over.
    closed: C::Mask,
    /// Each hole's round of `next` where it is the rules' table ([`crate::compile::Reach`]),
    /// for a lap sown at once; none where it is not.
    reach: &'a [Reach],
}

/// The way `mover`'s stones go from `state`: the rules' table the way the move goes, past the
/// position's closed holes.
#[inline(always)]
fn way_of<'r, C: Cells>(rules: &'r Rules, state: &StateIn<C>, mover: Player) -> Way<'r, C> {
    Way { next: rules.next_of(mover, state.reversed), closed: state.closed, reach: rules.reach_of(mover, state.reversed) }
}

/// Where the stones of a lap come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hand {
    /// The stones of this hole, lifted: all of them, or at most the number given (`lift only`).
    Lift(usize, u32),
    /// Stones a capture took, sown from the hole after `after`.
    Captured { after: usize, stones: u32 },
}

impl Hand {
    /// The stones this lap will sow.
    fn stones<C: Cells>(self, state: &StateIn<C>) -> u32 {
        match self {
            Hand::Lift(origin, most) => u32::from(state.count(origin)).min(most),
            Hand::Captured { stones, .. } => stones,
        }
    }

    /// The lap's origin: the hole lifted, or the one before the first stone of captured stones.
    fn origin(self) -> usize {
        match self {
            Hand::Lift(origin, _) | Hand::Captured { after: origin, .. } => origin,
        }
    }
}

/// Sows one lap (its stones lifted for `why`); returns the hole of the last stone.
#[inline(always)]
fn lap<C: Cells, T: Trace>(rules: &Rules, state: &mut StateIn<C>, hand: Hand, mover: Player, why: LiftWhy, tr: &mut T) -> usize {
    let (origin, seeds) = match hand {
        Hand::Lift(origin, most) => {
            let seeds = lift_from(state, origin, most);
            tr.event(|| Event::lifted(mover, origin, seeds, why));
            (origin, seeds)
        }
        Hand::Captured { after, stones } => (after, stones),
    };
    let plain = plain_stones(rules, state);
    let way = way_of(rules, state, mover);
    sow_stones(rules, state, origin, seeds, matches!(hand, Hand::Lift(..)), mover, plain, way, tr)
}

/// Whether every stone of a lap simply falls: none into a claimed hole that passes it on, none
/// onto a hole taken in passing. Claims do not change while a move is sown.
#[inline]
fn plain_stones<C: Cells>(rules: &Rules, state: &StateIn<C>) -> bool {
    none_passed_on(rules, state) && rules.sowing.in_passing.is_none()
}

/// Whether no stone of a lap falls into a claimed hole that passes it on to its claimer.
#[inline]
fn none_passed_on<C: Cells>(rules: &Rules, state: &StateIn<C>) -> bool {
    state.claimed == C::Mask::NONE || rules.captures.claims_keep
}

/// Sows the `seeds` stones of a lap from `origin` (`lifted` from it, rather than captured stones
/// sown after it); `plain` is [`plain_stones`]. `way`: the sowing table and the closed holes it
/// passes over. Returns the hole of the last stone.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn sow_stones<C: Cells, T: Trace>(
    rules: &Rules,
    state: &mut StateIn<C>,
    origin: usize,
    mut seeds: u32,
    lifted: bool,
    mover: Player,
    plain: bool,
    Way { next, closed, reach }: Way<C>,
    tr: &mut T,
) -> usize {
    let mut at = origin;
    if lifted && back_into_origin(rules, seeds) {
        seeds -= 1;
        drop_stone(rules, state, origin, mover, plain, tr);
    }
    if plain && !rules.sowing.skip_origin && !tr.on() {
        // Every stone falls into the next open hole: nothing else to skip, nothing to ask.
        if closed == C::Mask::NONE {
            return sow_round(state, next, reach, at, seeds);
        }
        for _ in 0..seeds {
            at = step(next, at, closed);
            state.add(at, 1);
        }
        return at;
    }
    while seeds > 0 {
        at = if closed == C::Mask::NONE { usize::from(next[at]) } else { step(next, at, closed) };
        if rules.sowing.skip_origin && at == origin {
            at = if closed == C::Mask::NONE { usize::from(next[at]) } else { step(next, at, closed) };
        }
        drop_stone(rules, state, at, mover, plain, tr);
        seeds -= 1;
    }
    at
}

/// At a move's end, the stones sown into the stores become their owners' captures.
#[inline]
pub(super) fn bank_stores<C: Cells>(rules: &Rules, state: &mut StateIn<C>) {
    if rules.board.stores {
        for p in 0..2 {
            state.captured[p] += u32::from(state.take(rules.board.holes + p));
        }
    }
}

/// Lifts at most `most` stones of `hole` into the hand; returns how many.
pub(super) fn lift_from<C: Cells>(state: &mut StateIn<C>, hole: usize, most: u32) -> u32 {
    let lifted = state.count(hole).min(u16::try_from(most).unwrap_or(u16::MAX));
    state.remove(hole, lifted);
    if state.count(hole) == 0 {
        state.intact &= !C::Mask::bit(hole);
    }
    u32::from(lifted)
}

/// Whether the first stone of a lap of `seeds` stones lifted from its origin goes back into it.
pub(super) fn back_into_origin(rules: &Rules, seeds: u32) -> bool {
    match rules.sowing.first_seed {
        FirstSeed::NextHole => false,
        FirstSeed::Origin => seeds > 0,
        FirstSeed::OriginUnlessAlone => seeds > 1,
    }
}

/// The most stones a lap numbered `number` lifts from `hole`: every one, or what `lift only`
/// allows there.
pub(super) fn lift_most<C: Cells>(rules: &Rules, state: &StateIn<C>, hole: usize, mover: Player, number: u32) -> u32 {
    match &rules.sowing.lift_only {
        Some((most, when)) => {
            let lap = Lap { number, sown: u32::from(state.count(hole)) };
            if state.holds_in_lap(rules, when, hole, mover, lap) {
                *most
            } else {
                u32::MAX
            }
        }
        None => u32::MAX,
    }
}

/// One stone falls into `at`: a claimed hole passes it to its claimer, and a hole taken in
/// passing goes at once to whoever takes it.
#[inline(always)]
pub(super) fn drop_stone<C: Cells, T: Trace>(rules: &Rules, state: &mut StateIn<C>, at: usize, mover: Player, plain: bool, tr: &mut T) {
    tr.stone(mover, at);
    if plain {
        state.add(at, 1);
        return;
    }
    if state.claimed.has(at) && !rules.captures.claims_keep {
        let by = state.owner(at);
        state.captured[by.index()] += 1;
        tr.event(|| Event::Take { by, hole: crate::hole_byte(at), stones: 1, how: TakeHow::Claimed });
        return;
    }
    state.add(at, 1);
    if let Some((pred, taker)) = &rules.sowing.in_passing {
        if at < rules.board.holes && state.holds(rules, pred, at, mover) {
            take_in_passing(state, at, mover, *taker, tr);
        }
    }
}

/// [`sow_stones`] of `seeds` stones after `at` (along `way`) where each hole a stone makes hold
/// as `table` says is taken in passing (for `taker`), and nothing else is asked: no claim passes
/// stones on, no hole is skipped, nothing is recorded. Returns the hole of the last stone.
#[inline(always)]
fn sow_passing<C: Cells>(
    rules: &Rules,
    state: &mut StateIn<C>,
    mut at: usize,
    seeds: u32,
    mover: Player,
    Way { next, closed, .. }: Way<C>,
    (table, taker): (&CountTable, Taker),
) -> usize {
    for _ in 0..seeds {
        at = if closed == C::Mask::NONE { usize::from(next[at]) } else { step(next, at, closed) };
        state.add(at, 1);
        if at < rules.board.holes && table.holds(u32::from(state.count(at))) {
            take_in_passing(state, at, mover, taker, &mut Silent);
        }
    }
    at
}

/// The hole `at`, which a stone has just fallen into, is taken in passing: by the mover or by its
/// owner, as `taker` says.
#[inline]
fn take_in_passing<C: Cells, T: Trace>(state: &mut StateIn<C>, at: usize, mover: Player, taker: Taker, tr: &mut T) {
    let by = match taker {
        Taker::Mover => mover,
        Taker::Owner => state.owner(at),
    };
    let stones = state.take(at);
    state.captured[by.index()] += u32::from(stones);
    state.intact &= !C::Mask::bit(at);
    tr.event(|| Event::Take { by, hole: crate::hole_byte(at), stones, how: TakeHow::Passing });
}

/// Sows a whole move from `origin` for `mover`, the way `state.reversed` says: laps and relays
/// (and captures sown on) until a lap ends without one, or ends where the mover has a choice to
/// make ([`Sowing::choice`]). Returns `None` if the move would never end (never under `stop after
/// N laps`, which cuts such a move instead); `state` is then left mid-move, so callers work on a
/// copy. Detection is exact (Brent's cycle finding over the position at the start of each lap,
/// from lap [`WATCHED_FROM`] on) up to [`ENDLESS_LAPS`] laps, a move still going then counting
/// as endless. Where nothing is recorded and every move is laps joined by relays alone,
/// [`sow_relays`] sows it.
#[inline(always)]
pub fn sow<C: Cells, T: Trace>(rules: &Rules, state: &mut StateIn<C>, origin: usize, mover: Player, tr: &mut T) -> Option<Sowing> {
    if rules.tracks.plain_relays && !tr.on() {
        return sow_relays(rules, state, origin, mover);
    }
    sow_laps(rules, state, origin, mover, tr)
}

/// [`sow`] of a move that is not laps joined by relays alone, or is recorded. Where nothing is
/// recorded and every move is such laps but for a choice to relay or stop
/// ([`crate::compile::Tracks::choice_relays`]), [`sow_relays_or_stop`] sows it.
#[inline(never)]
fn sow_laps<C: Cells, T: Trace>(rules: &Rules, state: &mut StateIn<C>, origin: usize, mover: Player, tr: &mut T) -> Option<Sowing> {
    if rules.tracks.choice_relays && !tr.on() {
        return sow_relays_or_stop(rules, state, origin, mover);
    }
    if rules.tracks.sown_on && !tr.on() {
        return sow_resown(rules, state, (origin, 0), mover);
    }
    let hand = lift(rules, state, origin, mover, 1);
    sow_hand(rules, state, hand, mover, false, 0, LiftWhy::Move, tr)
}

/// [`sow`] where the rules make every move a plain lap ([`crate::compile::Tracks::plain_laps`]):
/// the same lap, without asking what such rules never do.
#[inline]
pub fn sow_plain<C: Cells>(rules: &Rules, state: &mut StateIn<C>, origin: usize, mover: Player) -> Sowing {
    let sown = u32::from(state.count(origin));
    let last = lap(rules, state, Hand::Lift(origin, u32::MAX), mover, LiftWhy::Move, &mut Silent);
    bank_stores(rules, state);
    Sowing { last, laps: 1, choice: false, lap: Lap { number: 1, sown }, taken: 0, may_capture: true }
}

/// [`sow_plain`] where the rules make every stone simply fall into the next place
/// ([`crate::compile::Tracks::bare_laps`]), no hole is closed or claimed and the lap is too short
/// to come back to its origin ([`crate::compile::Tracks::short_lap`]): the stones of `origin`
/// sown along the table (the first back into it where the rules say so), nothing else asked.
/// `None`, and nothing changed, where it is not such a lap.
#[inline(always)]
pub fn sow_bare<C: Cells>(rules: &Rules, state: &mut StateIn<C>, origin: usize, mover: Player) -> Option<Sowing> {
    let sown = state.count(origin);
    if !(rules.tracks.bare_laps && state.closed | state.claimed == C::Mask::NONE && sown < rules.tracks.short_lap[mover.index()]) {
        return None;
    }
    // The first stone back into the origin where the rules say so.
    let back = u16::from(sown >= rules.tracks.back_from);
    state.set_count(origin, back);
    state.intact &= !C::Mask::bit(origin);
    let last = sow_round(state, &rules.board.next[mover.index()], &rules.board.reach[mover.index()], origin, u32::from(sown - back));
    bank_stores(rules, state);
    Some(Sowing { last, laps: 1, choice: false, lap: Lap { number: 1, sown: u32::from(sown) }, taken: 0, may_capture: true })
}

/// Sows `seeds` stones along the table `next` after `at`, no hole closed, nothing asked: at once
/// round `at`'s round of the table where `reach` has it and the layout can
/// ([`StateIn::sow_reach`]), else one by one. Returns the hole of the last stone (`at` where
/// there are none).
#[inline(always)]
fn sow_round<C: Cells>(state: &mut StateIn<C>, next: &[u8; MAX_HOLES], reach: &[Reach], at: usize, seeds: u32) -> usize {
    let round = reach.get(at).zip(u16::try_from(seeds).ok());
    match round.and_then(|(reach, stones)| state.sow_reach(reach, stones)) {
        Some(last) => last,
        None => sow_along(state, next, at, seeds),
    }
}

/// Sows `seeds` stones one by one along the table `next` after `at`, no hole closed, nothing
/// asked; returns the hole of the last stone (`at` where there are none).
#[inline(always)]
fn sow_along<C: Cells>(state: &mut StateIn<C>, next: &[u8; MAX_HOLES], mut at: usize, seeds: u32) -> usize {
    for _ in 0..seeds {
        // Every entry of a table is a place, below `MAX_HOLES`: the mask only spares the bounds
        // check of each step.
        at = usize::from(next[at & (MAX_HOLES - 1)]);
        state.add(at, 1);
    }
    at
}

/// [`sow`] where the rules make every move laps of whole holes joined by relays alone
/// ([`crate::compile::Tracks::plain_relays`]): the same laps and the same cycle finding, without
/// asking what such rules never do (a capture sown on, a choice to stop, a lift limit, the first
/// lap deciding). Nothing is recorded.
pub fn sow_relays<C: Cells>(rules: &Rules, state: &mut StateIn<C>, origin: usize, mover: Player) -> Option<Sowing> {
    let way = way_of(rules, state, mover);
    relays_of::<C, false, _>(rules, mover, way, One { state, origin })
}

/// [`sow_relays`] of the move from each of `holes` the file's way, in one call, so that what the
/// laps read of the rules is set up once for a turn's moves rather than once a move. Each is sown
/// in a copy of `state` pushed on `sown` ([`Kept`]), and kept there where it ends and `legal`
/// allows what it leaves; returns the holes of those kept. `open`: where holes are closed, the
/// mover's table of the next open place after each, past them ([`super::layout::OpenWays`]), so
/// that each stone's hole is read at once rather than found past them; `None`: the rules' table.
pub fn sow_relays_each<C: Cells>(
    rules: &Rules,
    state: &StateIn<C>,
    holes: C::Mask,
    mover: Player,
    open: Option<&[u8; MAX_HOLES]>,
    sown: &mut Vec<Kept<C>>,
    legal: impl Allows<C>,
) -> C::Mask {
    // The rules' rounds serve their own table alone.
    let way = match open {
        Some(next) => Way { next, closed: C::Mask::NONE, reach: &[] },
        None => Way { next: rules.next_of(mover, false), closed: C::Mask::NONE, reach: rules.reach_of(mover, false) },
    };
    relays_of::<C, false, _>(rules, mover, way, Each { state, holes, sown, legal })
}

/// [`sow`] of the move from each of `holes` the file's way where they are not laps joined by
/// relays alone ([`sow_relays_each`] sows those), in one call, so that what the laps read of the
/// rules is set up once for a turn's moves: each sown in a copy of `state` pushed on `sown`, and
/// kept there where it ends and `legal` allows what it leaves; returns the holes of those kept.
/// Nothing is recorded. Out of line, so that the relay games' turns do not grow.
#[inline(never)]
pub fn sow_laps_each<C: Cells>(
    rules: &Rules,
    state: &StateIn<C>,
    holes: C::Mask,
    mover: Player,
    sown: &mut Vec<Kept<C>>,
    legal: impl Allows<C>,
) -> C::Mask {
    let each = Each { state, holes, sown, legal };
    if rules.tracks.sown_on {
        return match rules.captures.live.is_some() {
            true => resown_each_live(rules, mover, each),
            false => resown_each(rules, mover, each),
        };
    }
    if rules.tracks.choice_relays {
        return each.run(|after, hole| sow_relays_or_stop(rules, after, hole, mover));
    }
    match rules.tracks.whole_laps {
        true => hands_each::<C, true, _>(rules, mover, each),
        false => hands_each::<C, false, _>(rules, mover, each),
    }
}

/// [`sow_laps_each`] by [`sow_hand_in`], `WHOLE` as there.
fn hands_each<C: Cells, const WHOLE: bool, L: Allows<C>>(rules: &Rules, mover: Player, each: Each<'_, C, L>) -> C::Mask {
    each.run(|after, hole| {
        let hand = lift(rules, after, hole, mover, 1);
        sow_hand_in::<C, Silent, WHOLE>(rules, after, hand, mover, false, 0, LiftWhy::Move, &mut Silent)
    })
}

/// Whether the rules allow a move to leave a position, asked of each move a turn sows to find its
/// moves ([`sow_relays_each`], [`sow_laps_each`]). A trait rather than a closure, so that the
/// question is inlined where it is asked.
pub trait Allows<C: Cells> {
    fn allows(&self, after: &StateIn<C>) -> bool;
}

/// The moves a sowing of laps joined by relays sows, given how to sow one ([`relays_of`]).
trait Sower<C: Cells> {
    type Out;
    /// The position the moves start from.
    fn state(&self) -> &StateIn<C>;
    /// Sows the moves by `laps` (a position, sown in place, and the hole a move starts from).
    fn run(self, laps: impl FnMut(&mut StateIn<C>, usize) -> Option<Sowing>) -> Self::Out;
}

/// One move, from `origin`, sown in `state` ([`sow_relays`]).
struct One<'s, C: Cells> {
    state: &'s mut StateIn<C>,
    origin: usize,
}

impl<C: Cells> Sower<C> for One<'_, C> {
    type Out = Option<Sowing>;

    #[inline(always)]
    fn state(&self) -> &StateIn<C> {
        self.state
    }

    #[inline(always)]
    fn run(self, mut laps: impl FnMut(&mut StateIn<C>, usize) -> Option<Sowing>) -> Option<Sowing> {
        laps(self.state, self.origin)
    }
}

/// A turn's moves the file's way, one from each of `holes` ([`sow_relays_each`]).
struct Each<'s, C: Cells, L> {
    state: &'s StateIn<C>,
    holes: C::Mask,
    sown: &'s mut Vec<Kept<C>>,
    legal: L,
}

impl<C: Cells, L: Allows<C>> Sower<C> for Each<'_, C, L> {
    type Out = C::Mask;

    #[inline(always)]
    fn state(&self) -> &StateIn<C> {
        self.state
    }

    #[inline(always)]
    fn run(self, mut laps: impl FnMut(&mut StateIn<C>, usize) -> Option<Sowing>) -> C::Mask {
        let mut kept = C::Mask::NONE;
        for hole in self.holes.places() {
            let mut after = *self.state;
            after.reversed = false;
            self.sown.push((crate::hole_byte(hole), false, after, Sowing::default()));
            let Some((_, _, after, sowing)) = self.sown.last_mut() else { continue };
            match laps(after, hole) {
                Some(found) if self.legal.allows(after) => {
                    *sowing = found;
                    kept |= C::Mask::bit(hole);
                }
                _ => {
                    self.sown.pop();
                }
            }
        }
        kept
    }
}

/// [`sow_relays`] where a lap that does not relay may leave the mover a choice to relay or stop
/// ([`crate::compile::Tracks::choice_relays`]), asked where a lap stops. Apart, so that the laps
/// of files without such a choice do not grow.
fn sow_relays_or_stop<C: Cells>(rules: &Rules, state: &mut StateIn<C>, origin: usize, mover: Player) -> Option<Sowing> {
    let way = way_of(rules, state, mover);
    relays_of::<C, true, _>(rules, mover, way, One { state, origin })
}

/// [`sow_laps_each`] where captures sow their stones on ([`crate::compile::Tracks::sown_on`]):
/// the laps of [`relay_laps`], asking the relay and each stone in the general way. Apart, so
/// that the laps of relays alone do not grow.
#[inline(never)]
fn resown_each<C: Cells, L: Allows<C>>(rules: &Rules, mover: Player, each: Each<'_, C, L>) -> C::Mask {
    let way = way_of(rules, each.state, mover);
    each.run(|state, origin| {
        relay_laps::<C, false, false, false, true, false>(rules, state, (origin, 0), mover, way, C::Mask::NONE, None, None)
    })
}

/// [`resown_each`] where the captures are asked only where the holes they need may hold stones
/// ([`super::capture::live_holes`]). Apart, so that the laps of the others do not grow.
#[inline(never)]
fn resown_each_live<C: Cells, L: Allows<C>>(rules: &Rules, mover: Player, each: Each<'_, C, L>) -> C::Mask {
    let way = way_of(rules, each.state, mover);
    let live = super::capture::live_holes(rules, each.state, mover, each.holes);
    each.run(|state, origin| relay_laps::<C, false, false, false, true, true>(rules, state, (origin, 0), mover, way, live, None, None))
}

/// A move (or the rest of one) sown in place where captures sow their stones on
/// ([`crate::compile::Tracks::sown_on`]), nothing recorded: from `origin`, lifted, or (where
/// `carried` is not 0) with the stones a capture took, the first into the hole after it.
#[inline(always)]
fn sow_resown<C: Cells>(rules: &Rules, state: &mut StateIn<C>, from: (usize, u32), mover: Player) -> Option<Sowing> {
    match rules.captures.live.is_some() {
        true => sow_resown_live(rules, state, from, mover),
        false => sow_resown_all(rules, state, from, mover),
    }
}

/// [`sow_resown`] where every capture is asked wherever its hole and count allow.
#[inline(never)]
fn sow_resown_all<C: Cells>(rules: &Rules, state: &mut StateIn<C>, (origin, carried): (usize, u32), mover: Player) -> Option<Sowing> {
    let way = way_of(rules, state, mover);
    relay_laps::<C, false, false, false, true, false>(rules, state, (origin, carried), mover, way, C::Mask::NONE, None, None)
}

/// [`sow_resown`] where the captures are asked only where the holes they need may hold stones.
#[inline(never)]
fn sow_resown_live<C: Cells>(rules: &Rules, state: &mut StateIn<C>, (origin, carried): (usize, u32), mover: Player) -> Option<Sowing> {
    let way = way_of(rules, state, mover);
    let live = super::capture::live_holes(rules, state, mover, C::Mask::bit(origin));
    relay_laps::<C, false, false, false, true, true>(rules, state, (origin, carried), mover, way, live, None, None)
}

/// [`sow_relays`] and [`sow_relays_each`] (`CHOICE` false) and [`sow_relays_or_stop`] (`CHOICE`
/// true), along `way`: the moves of `sower`.
#[inline(always)]
fn relays_of<C: Cells, const CHOICE: bool, S: Sower<C>>(rules: &Rules, mover: Player, way: Way<C>, sower: S) -> S::Out {
    // A relay that asks the count of the next hole alone and lifts that hole (`relay from next
    // hole when next hole is …`): the next hole found once, its count read from the table. The
    // laps are sown apart where it does, so that the others do not grow.
    let next_relay = match (&rules.sowing.relay, rules.sowing.relay_from) {
        (Some(relay), HoleRef::Related(Relation::Next)) => match relay.of_neighbour.as_deref() {
            Some((Relation::Next, neighbour)) => neighbour.of_count.as_deref(),
            _ => None,
        },
        _ => None,
    };
    // Stones taken in passing by a condition of the count alone, where nothing else is asked of
    // a stone (no claim passes stones on, no hole is skipped): sown by [`sow_passing`], in laps
    // sown apart too.
    let passing = match &rules.sowing.in_passing {
        Some((pred, taker)) if !rules.sowing.skip_origin && none_passed_on(rules, sower.state()) => {
            pred.of_count.as_deref().map(|table| (table, *taker))
        }
        _ => None,
    };
    match (next_relay.is_some(), passing.is_some()) {
        (true, true) => sower.run(|state, origin| {
            relay_laps::<C, true, true, CHOICE, false, false>(rules, state, (origin, 0), mover, way, C::Mask::NONE, next_relay, passing)
        }),
        (true, false) => sower.run(|state, origin| {
            relay_laps::<C, true, false, CHOICE, false, false>(rules, state, (origin, 0), mover, way, C::Mask::NONE, next_relay, passing)
        }),
        (false, true) => sower.run(|state, origin| {
            relay_laps::<C, false, true, CHOICE, false, false>(rules, state, (origin, 0), mover, way, C::Mask::NONE, next_relay, passing)
        }),
        (false, false) => sower.run(|state, origin| {
            relay_laps::<C, false, false, CHOICE, false, false>(rules, state, (origin, 0), mover, way, C::Mask::NONE, next_relay, passing)
        }),
    }
}

/// [`sow_relays`], where `NEXT` says whether the relay is one of the next hole's count alone
/// (`next_relay`, its table) and `PASSING` whether stones are taken in passing by a count alone
/// (`passing`, its table and taker): each `true` exactly where its option is `Some`, so that
/// each way is compiled apart. `CHOICE`: whether a lap that does not relay may leave a choice to
/// relay or stop, asked only then. `RESOW`: whether a capture may sow its stones on (or go on
/// from a hole) at the end of a lap ([`crate::compile::Tracks::sown_on`]), asked before the
/// relay; where `LIVE`, only on the holes of `live` ([`super::capture::live_holes`]: where the
/// holes it needs may hold stones; not read otherwise). `way`: the sowing table and the closed holes it
/// passes over. `(origin, carried)`: the first lap's hole, and the stones a capture took that it
/// sows after that hole (0: it lifts the hole).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn relay_laps<C: Cells, const NEXT: bool, const PASSING: bool, const CHOICE: bool, const RESOW: bool, const LIVE: bool>(
    rules: &Rules,
    state: &mut StateIn<C>,
    (origin, carried): (usize, u32),
    mover: Player,
    way: Way<C>,
    live: C::Mask,
    next_relay: Option<&CountTable>,
    passing: Option<(&CountTable, Taker)>,
) -> Option<Sowing> {
    let holes = rules.board.holes;
    // The way, which a capture sown on may turn: the rules' table from then on.
    let mut way: Way<'_, C> = way;
    // Brent's cycle finding over the lap starts ([`Watch`]): the hole lifted (or the stones
    // carried after it) and the position, where no lap limit cuts it. Without captures sown on,
    // the move's way and whether it captures never change in such a move; with them, they are
    // part of a start.
    let endless = rules.sowing.lap_limit == u32::MAX;
    // A lap start: the hole, the intact holes, the counts, then the stones carried, the way and
    // whether the move captures.
    type Start<C> = (usize, <C as Cells>::Mask, C, (u32, bool, bool));
    let mut watch: Watch<Start<C>> = Watch::new();
    let (mut hole, mut carried, mut laps, mut taken) = (origin, carried, 0u32, 0u32);
    let mut plain = plain_stones(rules, state);
    loop {
        let lifted = !RESOW || carried == 0;
        let seeds = if lifted { lift_from(state, hole, u32::MAX) } else { carried };
        let lap_now = Lap { number: laps + 1, sown: seeds };
        let last = match passing {
            Some((table, taker)) if PASSING && !back_into_origin(rules, seeds) => {
                sow_passing(rules, state, hole, seeds, mover, way, (table, taker))
            }
            _ => sow_stones(rules, state, hole, seeds, lifted, mover, plain, way, &mut Silent),
        };
        laps += 1;
        let ends_here = last >= holes || state.claimed.has(last) || laps >= rules.sowing.lap_limit;
        // A capture whose stones are sown on comes before any relay; only where it may hold, by
        // the hole, its count and whose it is, the holes it needs and the holes it takes
        // ([`super::capture::may_resow`], `live`), is it asked in full.
        let resown = match RESOW && !ends_here && (!LIVE || live.has(last)) && super::capture::may_resow(rules, state, last, mover) {
            true => super::capture::resow(rules, state, last, hole, mover, lap_now, &mut Silent),
            false => None,
        };
        carried = 0;
        if let Some((stones, goes_on)) = resown {
            taken += stones;
            state.capturing = rules.tracks.capturing;
            match goes_on {
                GoesOn::SowAfter(after) => (hole, carried) = (after, stones),
                GoesOn::Lift(from) => hole = from,
            }
            // The capture may turn the move, or claim holes.
            way = way_of(rules, state, mover);
            plain = plain_stones(rules, state);
        } else {
            // The next hole where the relay reads it from the table, if it is on the board.
            let on_next = match next_relay {
                Some(table) if NEXT && !ends_here => next_holds(rules, state, last, way, table),
                _ => None,
            };
            let stops = match on_next {
                Some((relays, _)) => !relays,
                None => {
                    ends_here || !rules.sowing.relay.as_ref().is_some_and(|relay| state.relays_in_lap(rules, relay, last, mover, lap_now))
                }
            };
            if stops {
                // Where it does not relay, the mover may have a choice to relay or stop.
                let choice = CHOICE
                    && !ends_here
                    && rules.sowing.relay_or_stop.as_ref().is_some_and(|p| state.relays_in_lap(rules, p, last, mover, lap_now));
                bank_stores(rules, state);
                return Some(Sowing { last, laps, choice, lap: lap_now, taken, may_capture: true });
            }
            hole = match on_next {
                Some((_, on)) => on,
                None => relay_hole(rules, state, last, hole, mover),
            };
        }
        if endless
            && (laps >= ENDLESS_LAPS
                || watch.seen(
                    laps,
                    |(at, intact, cells, turned)| {
                        *at == hole
                            && (!RESOW || *turned == (carried, state.reversed, state.capturing))
                            && *intact == state.intact
                            && state.cells().same(cells, holes)
                    },
                    || (hole, state.intact, *state.cells(), (carried, state.reversed, state.capturing)),
                ))
        {
            return None;
        }
    }
}

/// The hole after `last` along `way`, if it is on the board, and whether its count holds as
/// `table` says.
#[inline(always)]
fn next_holds<C: Cells>(
    rules: &Rules,
    state: &StateIn<C>,
    last: usize,
    Way { next, closed, .. }: Way<C>,
    table: &CountTable,
) -> Option<(bool, usize)> {
    let on = step(next, last, closed);
    (on < rules.board.holes).then(|| (table.holds(u32::from(state.count(on))), on))
}

/// The hole a relay lifts after a lap from `origin` ended in `last`: the last hole, or the one
/// `relay from` names (the last hole where it names none on the board).
#[inline]
fn relay_hole<C: Cells>(rules: &Rules, state: &StateIn<C>, last: usize, origin: usize, mover: Player) -> usize {
    match rules.sowing.relay_from {
        HoleRef::Last => last,
        from => super::capture::resolve(rules, state, from, last, origin, mover).filter(|&h| h < rules.board.holes).unwrap_or(last),
    }
}

/// [`sow`] of a move whose captures are already decided (`state.capturing` says whether it
/// captures): a hole sown after a placement that did not capture, its laps numbered from 1; or a
/// move continued after a decision inside it (`continued`), numbered from 2, as laps after the first.
pub fn sow_on<C: Cells, T: Trace>(
    rules: &Rules,
    state: &mut StateIn<C>,
    origin: usize,
    mover: Player,
    continued: bool,
    tr: &mut T,
) -> Option<Sowing> {
    if !continued && rules.tracks.sown_on && !tr.on() {
        // Under whole laps a hole sown after a placement is sown as a move from it.
        return sow_resown(rules, state, (origin, 0), mover);
    }
    let offset = u32::from(continued);
    let hand = lift(rules, state, origin, mover, 1 + offset);
    let why = if continued { LiftWhy::Continue } else { LiftWhy::Move };
    sow_hand(rules, state, hand, mover, true, offset, why, tr)
}

/// [`sow_on`] of stones a capture took, the first into the hole after `after`.
pub fn sow_taken<C: Cells, T: Trace>(
    rules: &Rules,
    state: &mut StateIn<C>,
    after: usize,
    stones: u32,
    mover: Player,
    tr: &mut T,
) -> Option<Sowing> {
    if stones > 0 && rules.tracks.sown_on && !tr.on() {
        return sow_resown(rules, state, (after, stones), mover);
    }
    sow_hand(rules, state, Hand::Captured { after, stones }, mover, true, 0, LiftWhy::Move, tr)
}

/// The hand of a lap lifted from `hole` as lap `number`: every stone, or at most what `lift only`
/// allows there.
fn lift<C: Cells>(rules: &Rules, state: &StateIn<C>, hole: usize, mover: Player, number: u32) -> Hand {
    Hand::Lift(hole, lift_most(rules, state, hole, mover, number))
}

/// The laps of a move from `hand`. `decided`: whether the move has passed the point where its
/// first lap decides its captures. `offset`: laps of the move before these (0 or 1), for the lap
/// numbers predicates see. `why`: why the first lap's stones are lifted.
#[allow(clippy::too_many_arguments)]
fn sow_hand<C: Cells, T: Trace>(
    rules: &Rules,
    state: &mut StateIn<C>,
    hand: Hand,
    mover: Player,
    decided: bool,
    offset: u32,
    why: LiftWhy,
    tr: &mut T,
) -> Option<Sowing> {
    match rules.tracks.whole_laps {
        true => sow_hand_in::<C, T, true>(rules, state, hand, mover, decided, offset, why, tr),
        false => sow_hand_in::<C, T, false>(rules, state, hand, mover, decided, offset, why, tr),
    }
}

/// [`sow_hand`], where `WHOLE` is [`crate::compile::Tracks::whole_laps`] (every lap lifts all the
/// stones of its hole and no first lap decides the captures): then compiled without asking either.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn sow_hand_in<C: Cells, T: Trace, const WHOLE: bool>(
    rules: &Rules,
    state: &mut StateIn<C>,
    mut hand: Hand,
    mover: Player,
    decided: bool,
    offset: u32,
    mut why: LiftWhy,
    tr: &mut T,
) -> Option<Sowing> {
    let first_lap_decides = !WHOLE && rules.play.first_lap_decides;
    let lift = |state: &StateIn<C>, hole, number| match WHOLE {
        true => Hand::Lift(hole, u32::MAX),
        false => lift(rules, state, hole, mover, number),
    };
    let holes = rules.board.holes;
    let mut laps = 0u32;
    let mut taken = 0u32;
    // Under `no capture unless the first lap captures`: whether captures are still possible.
    let mut may_capture = !(decided && first_lap_decides) || state.capturing;
    if rules.tracks.one_lap {
        // One lap, as the loop below sows it when nothing relays and nothing is sown on.
        let lap_now = Lap { number: 1 + offset, sown: hand.stones(state) };
        let last = lap(rules, state, hand, mover, why, tr);
        if first_lap_decides && !decided {
            may_capture = false;
        }
        bank_stores(rules, state);
        let may_capture = may_capture || !first_lap_decides || !decided;
        return Some(Sowing { last, laps: 1, choice: false, lap: lap_now, taken, may_capture });
    }
    // Brent's cycle finding over the lap starts ([`Watch`]), kept only where a move can sow more
    // than one lap and no lap limit cuts it.
    let watched = (rules.sowing.relay.is_some() || rules.captures.resows) && rules.sowing.lap_limit == u32::MAX;
    // A lap start: the counts, then the hand, the way, whether the move captures, the intact holes.
    type Start<C> = (C, (Hand, bool, bool, <C as Cells>::Mask));
    let mut watch: Watch<Start<C>> = Watch::new();
    loop {
        let lap_now = Lap { number: laps + 1 + offset, sown: hand.stones(state) };
        let origin = hand.origin();
        let last = lap(rules, state, hand, mover, why, tr);
        laps += 1;
        // A lap ending in a store (or a claimed hole, which acts as one) ends the move, and so
        // does the last lap a move may sow: nothing relays or is sown on from there.
        let ends_here = last >= holes || state.claimed.has(last) || laps >= rules.sowing.lap_limit;
        // A capture whose stones are sown on comes before any relay; only where it may hold, by
        // the hole, its count and whose it is and the holes it takes
        // ([`super::capture::may_resow`]), is it asked in full.
        let resown = match rules.captures.resows && may_capture && !ends_here && super::capture::may_resow(rules, state, last, mover) {
            true => super::capture::resow(rules, state, last, origin, mover, lap_now, tr),
            false => None,
        };
        if first_lap_decides && !decided && laps == 1 && resown.is_none() {
            may_capture = false;
        }
        if let Some((stones, goes_on)) = resown {
            taken += stones;
            state.capturing = rules.tracks.capturing;
            hand = match goes_on {
                GoesOn::SowAfter(after) => Hand::Captured { after, stones },
                GoesOn::Lift(hole) => lift(state, hole, laps + 1 + offset),
            };
            why = LiftWhy::Capture;
        } else {
            let relays = match &rules.sowing.relay {
                Some(relay) => !ends_here && state.relays_in_lap(rules, relay, last, mover, lap_now),
                None => false,
            };
            if !relays {
                let choice =
                    !ends_here && rules.sowing.relay_or_stop.as_ref().is_some_and(|p| state.relays_in_lap(rules, p, last, mover, lap_now));
                bank_stores(rules, state);
                // A move that has sown more than one lap without its first capturing ends with none.
                let may_capture = may_capture || !first_lap_decides || (laps == 1 && !decided);
                return Some(Sowing { last, laps, choice, lap: lap_now, taken, may_capture });
            }
            hand = lift(state, relay_hole(rules, state, last, origin, mover), laps + 1 + offset);
            why = LiftWhy::Relay;
        }
        // Under a lap limit every move ends, endless or not: it is cut at the limit. Without one, a
        // move that comes back to a lap start it has seen never ends; nor, in practice, does one
        // still going after `ENDLESS_LAPS` laps (a cycle can take millions of laps to close).
        if rules.sowing.lap_limit == u32::MAX
            && (laps >= ENDLESS_LAPS
                || watched
                    && watch.seen(
                        laps,
                        |(counts, at)| (hand, state.reversed, state.capturing, state.intact) == *at && state.cells().same(counts, holes),
                        || (*state.cells(), (hand, state.reversed, state.capturing, state.intact)),
                    ))
        {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    use super::{sow_bare, sow_plain, Watch, WATCHED_FROM};
    use crate::engine::Game;
    use crate::load::every_shipped;
    use crate::Action;

    /// Where the rules make every lap a bare one, a lap sown bare leaves the position and the
    /// sowing a plain lap does, and laps long enough to come back to their origin (where it is
    /// skipped) are left to the plain way: every move of random games of every such shipped file,
    /// tried both ways on a copy of the position, and sown bare in the layout `simulate` plays the
    /// file in too (at once round the origin's round, or stone by stone where it goes further).
    #[test]
    fn a_lap_sown_bare_is_the_plain_lap() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut files, mut bare, mut left, mut at_once, mut by_stone) = (Vec::new(), 0, 0, 0, 0);
        for (file, rules) in every_shipped() {
            if !rules.tracks.bare_laps {
                continue;
            }
            files.push(file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string());
            for _ in 0..20 {
                let mut game = Game::new(&rules);
                loop {
                    let actions = game.legal_actions();
                    let Some(&action) = actions.get(rng.random_range(0..actions.len().max(1))) else { break };
                    let state = *game.state();
                    for hole in actions.iter().filter_map(|a| match a {
                        Action::Sow(hole) => Some(usize::from(*hole)),
                        _ => None,
                    }) {
                        let (mut sown, mut plain) = (state, state);
                        let mover = state.to_move;
                        // The same lap in the layout `simulate` plays the file in, which sows a
                        // lap going round its origin's round once at most at once.
                        let narrow = crate::in_narrowest!(&rules, C => {
                            let mut narrow = state.narrow::<C>(&rules).expect("a position of the game fits its layout");
                            sow_bare(&rules, &mut narrow, hole, mover).map(|sowing| (sowing, narrow.widen()))
                        });
                        match sow_bare(&rules, &mut sown, hole, mover) {
                            Some(sowing) => {
                                assert_eq!(sowing, sow_plain(&rules, &mut plain, hole, mover), "{}", file.display());
                                assert_eq!(sown, plain, "{}", file.display());
                                assert_eq!(narrow, Some((sowing, plain)), "{}", file.display());
                                let round = rules.board.reach[mover.index()][hole].length;
                                let back = u32::from(sowing.lap.sown >= u32::from(rules.tracks.back_from));
                                match sowing.lap.sown - back <= u32::from(round) {
                                    true => at_once += 1,
                                    false => by_stone += 1,
                                }
                                bare += 1;
                            }
                            None => {
                                assert_eq!(sown, state, "{}: a lap left to the plain way is not begun", file.display());
                                assert_eq!(narrow, None, "{}", file.display());
                                left += 1;
                            }
                        }
                    }
                    game.apply(action).expect("a legal action applies");
                }
            }
        }
        assert_eq!(files, ["bohnenspiel", "gore", "kalah", "moruba", "oware", "tihbat", "toguz-kumalak", "vai-lung-thlan"]);
        assert!(bare > 10_000 && left > 100, "{bare} bare, {left} left");
        assert!(at_once > 10_000 && by_stone > 100, "{at_once} round a round once at most, {by_stone} more");
    }

    /// The stones below which a lap cannot come back to its origin: a round of the board where
    /// the origin is skipped (Oware's twelve holes), no limit where it is not (Kalah).
    #[test]
    fn a_lap_is_short_below_a_round_of_the_board() {
        let rules = |name: &str| crate::load::shipped(name);
        assert_eq!(rules("oware").tracks.short_lap, [12, 12]);
        assert_eq!(rules("kalah").tracks.short_lap, [u16::MAX, u16::MAX]);
    }

    /// The first lap at whose end the watch sees the start of lap `start` again, in a move of
    /// `laps` laps.
    fn found(start: impl Fn(u32) -> u32, laps: u32) -> Option<u32> {
        let mut watch = Watch::new();
        (1..=laps).find(|&lap| watch.seen(lap, |kept| *kept == start(lap), || start(lap)))
    }

    #[test]
    fn the_watch_finds_every_cycle_a_move_comes_back_to_and_nothing_else() {
        // Starts that never come back are never seen.
        assert_eq!(found(|lap| lap, 100_000), None);
        // Starts that are all alike are seen from the lap after the watch begins, not before.
        assert_eq!(found(|_| 7, 1_000), Some(WATCHED_FROM + 1));
        // A move that wanders `tail` laps, then goes round a cycle of `period` laps: the start
        // seen is one a cycle back, found within a few cycles of the watch's reaching it.
        for tail in [0, 5, 23, 24, 25, 100, 1_000] {
            for period in [1, 2, 3, 7, 24, 100, 1_023, 1_024, 1_025] {
                let start = |lap: u32| if lap < tail { 1_000_000 + lap } else { (lap - tail) % period };
                let at = found(start, 100_000).unwrap_or_else(|| panic!("tail {tail}, period {period}: not found"));
                assert!(at >= tail + period && at >= WATCHED_FROM + period, "tail {tail}, period {period}: seen at {at}");
                assert_eq!(start(at), start(at - period));
                assert!(at <= tail.max(WATCHED_FROM) + 3 * period + tail, "tail {tail}, period {period}: seen only at {at}");
            }
        }
    }
}
