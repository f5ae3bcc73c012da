//! The legal moves of a turn, found once: when a turn starts (no offer or decision open, no turn
//! played at once, no stone to place without sowing on), the holes each way a move may start
//! from are found as bit sets, and where a move must be sown to know it is legal (it may relay
//! for ever, it must feed an opponent, it must capture; a placement sown on) what it leaves is
//! kept, so that playing it sows nothing again.
//! Listing the moves, asking whether a player can move and checking an action then read these.

use super::events::Silent;
use super::layout::{Cells, Mask};
use super::placing::{self, Kept};
use super::predicate::Ctx;
use super::sowing::{sow, sow_laps_each, sow_plain, sow_relays_each, Allows, Sowing};
use super::{GameIn, Lap, StateIn};
use crate::player::Player;

/// The moves of the player to move, found when their turn started.
#[derive(Debug)]
pub(super) struct Moves<C: Cells> {
    /// Whether the sets describe the position now: an idle turn, found at its start.
    pub known: bool,
    /// The holes a move may start from, the file's way and the other way.
    pub forward: C::Mask,
    pub reversed: C::Mask,
    /// What each move sown to know it is legal leaves: its hole, whether reversed, the position
    /// and its sowing (kept from turn to turn, so that it allocates nothing once large enough).
    pub sown: Vec<Kept<C>>,
    /// A second such list, to work in while placements are found, and to keep what the moves that
    /// do not capture leave while a compulsory capture is looked for (kept for the same reason).
    pub spare: Vec<Kept<C>>,
    /// The moves the file's way were not sown to find them: each is one that always ends, sown in
    /// place when played.
    pub in_place: bool,
    /// Where the player to move places a stone from hand without sowing on, the holes it may go
    /// into, found at the turn's start (not `known`: such a turn is played the old way, asking
    /// these rather than the rules again).
    pub placeable: Option<C::Mask>,
}

impl<C: Cells> Default for Moves<C> {
    fn default() -> Moves<C> {
        Moves {
            known: false,
            forward: C::Mask::NONE,
            reversed: C::Mask::NONE,
            sown: Vec::new(),
            spare: Vec::new(),
            in_place: false,
            placeable: None,
        }
    }
}

impl<C: Cells> Clone for Moves<C> {
    /// A copy knows the same moves but keeps none of their positions (a copy of a game is made to
    /// play on; what a move leaves is found again if it is played).
    fn clone(&self) -> Moves<C> {
        Moves {
            known: self.known,
            forward: self.forward,
            reversed: self.reversed,
            sown: Vec::new(),
            spare: Vec::new(),
            in_place: self.in_place,
            placeable: self.placeable,
        }
    }

    /// Knows `source`'s moves and keeps what those sown to be found leave (they are of the same
    /// position), in this one's lists: no allocation once they are large enough.
    fn clone_from(&mut self, source: &Moves<C>) {
        // Every part named, so that a part added is not left out.
        let Moves { known, forward, reversed, sown, spare: _, in_place, placeable } = source;
        self.known = *known;
        self.forward = *forward;
        self.reversed = *reversed;
        self.sown.clone_from(sown);
        self.spare.clear();
        self.in_place = *in_place;
        self.placeable = *placeable;
    }
}

/// The moves of the player who will move after a pass, found at the start of the passing
/// player's turn (whether either player can move is asked there) and kept for that turn: the
/// position they are the moves of, and the moves. A turn's moves are those of its position alone,
/// so that they serve whenever the turn starts from that very position. Boxed, and only once a
/// game has a pass: a game without one carries a word.
#[derive(Debug)]
pub(super) struct Ahead<C: Cells>(pub Option<Box<Found<C>>>);

/// The moves [`Ahead`] keeps, and the position they are the moves of (`None`: none kept now).
#[derive(Debug)]
pub(super) struct Found<C: Cells> {
    pub of: Option<StateIn<C>>,
    pub moves: Moves<C>,
}

impl<C: Cells> Default for Found<C> {
    fn default() -> Found<C> {
        Found { of: None, moves: Moves::default() }
    }
}

impl<C: Cells> Default for Ahead<C> {
    fn default() -> Ahead<C> {
        Ahead(None)
    }
}

impl<C: Cells> Clone for Ahead<C> {
    /// A copy keeps none (a copy of a game is made to play on, seldom to pass).
    fn clone(&self) -> Ahead<C> {
        Ahead(None)
    }

    /// Keeps none either, but keeps its box for the next pass.
    fn clone_from(&mut self, _: &Ahead<C>) {
        if let Some(found) = self.0.as_mut() {
            found.of = None;
        }
    }
}

impl<C: Cells> Ahead<C> {
    /// Whether moves are kept for a position.
    #[inline(always)]
    pub fn waiting(&self) -> bool {
        self.0.as_ref().is_some_and(|found| found.of.is_some())
    }
}

impl<C: Cells> Moves<C> {
    /// Forgets the moves of the last turn (keeping the room of its lists).
    #[inline(always)]
    pub fn forget(&mut self) {
        self.known = false;
        self.in_place = false;
        self.placeable = None;
        self.sown.clear();
    }

    /// Whether a move from `hole` that way is among them.
    pub fn has(&self, hole: usize, reversed: bool) -> bool {
        let set = if reversed { self.reversed } else { self.forward };
        set.has(hole)
    }

    /// What the move from `hole` that way leaves, if it was sown to find it.
    pub fn sown(&self, hole: usize, reversed: bool) -> Option<&Kept<C>> {
        self.sown.iter().find(|(h, r, ..)| usize::from(*h) == hole && *r == reversed)
    }
}

/// The question whether `mover`'s move may leave a position ([`GameIn::may_leave`]).
struct MayLeave<'g, 'r, C: Cells> {
    game: &'g GameIn<'r, C>,
    mover: Player,
}

impl<C: Cells> Allows<C> for MayLeave<'_, '_, C> {
    #[inline(always)]
    fn allows(&self, after: &StateIn<C>) -> bool {
        self.game.may_leave(self.mover, after)
    }
}

impl<C: Cells> GameIn<'_, C> {
    /// Finds the moves of the player to move at the start of their turn (nothing where the turn
    /// is not an idle one: the old ways serve those).
    /// `stocked`: the holes of the board holding stones, where the caller has read them.
    #[inline(always)]
    pub(super) fn find_moves(&mut self, stocked: Option<C::Mask>) {
        self.moves.forget();
        let state = &self.state;
        let mover = state.to_move;
        if self.result.is_some() || state.left_open() || self.racing() {
            return;
        }
        let rules = self.rules;
        if self.placing(mover) {
            return self.find_placements();
        }
        if !self.searches(mover) {
            // No compulsory capture, fallback or move the other way, and every move one that
            // always ends and leaves nothing to refuse: the moves are the holes that may start,
            // sown in place (what the search below finds, without its bookkeeping).
            self.moves.forward = self.startable_holes(mover, &rules.play.start, stocked);
            self.moves.reversed = C::Mask::NONE;
            self.moves.in_place = true;
            self.moves.known = true;
            return;
        }
        // Found already, before a pass that led here?
        if self.ahead.waiting() && self.take_ahead() {
            return;
        }
        self.search_moves(stocked);
    }

    /// Takes the moves found before a pass ([`Ahead`]) as the turn's, if they are the moves of
    /// the position now; they serve no later turn either way. Out of line: few turns follow a
    /// pass.
    #[cold]
    #[inline(never)]
    fn take_ahead(&mut self) -> bool {
        let Some(found) = self.ahead.0.as_mut() else { return false };
        let same = found.of.take() == Some(self.state);
        if same {
            std::mem::swap(&mut self.moves, &mut found.moves);
        }
        same
    }

    /// Whether an idle turn of `mover`'s (placing no stone) searches its moves
    /// ([`GameIn::search_moves`]) rather than taking the holes that may start as they are: where
    /// the rules narrow the moves otherwise, or a move must be sown to know it is legal.
    #[inline(always)]
    pub(super) fn searches(&self, mover: Player) -> bool {
        !self.rules.tracks.plain_turns || self.sow_to_know(mover)
    }

    /// [`GameIn::find_moves`] of an idle turn whose moves are not all plain ones: each found by
    /// the rules that narrow them, sown where that is the way to know it is legal. Out of line,
    /// so that the plain turns' way stays small where it is inlined.
    #[inline(never)]
    pub(super) fn search_moves(&mut self, stocked: Option<C::Mask>) {
        let mover = self.state.to_move;
        let rules = self.rules;
        // The list of positions is taken while the game is asked about them (a list, not the
        // whole `Moves`, so that a turn copies three words out and back).
        let mut sown = std::mem::take(&mut self.moves.sown);
        let (mut forward, mut reversed) = (C::Mask::NONE, C::Mask::NONE);
        let mut in_place = false;
        type Sown<C> = Vec<Kept<C>>;
        let keep = |sown: &mut Sown<C>, hole: usize, way: bool, found: Option<(StateIn<C>, Sowing)>, set: &mut C::Mask| {
            if let Some((after, sowing)) = found {
                *set |= C::Mask::bit(hole);
                sown.push((crate::hole_byte(hole), way, after, sowing));
            }
        };
        // A capture is compulsory where some move captures: only those are legal then.
        let (mut capturing, mut sown_already) = (false, false);
        if let Some(from) = &rules.play.must_capture {
            (capturing, sown_already) = self.compulsory(from, stocked, &mut sown, (&mut forward, &mut reversed));
        }
        if !capturing && !sown_already {
            let start = self.start_condition(mover);
            let sow_to_know = self.sow_to_know(mover);
            let startable = self.startable_holes(mover, start, stocked);
            if sow_to_know {
                // Laps joined by relays alone are all sown in one call, along the table past the
                // closed holes where there are some (found once for those).
                let past_closed = rules.tracks.plain_relays && self.state.closed != C::Mask::NONE;
                if past_closed {
                    self.open.find(rules, mover, self.state.closed);
                }
                // Each sown where it is kept (as `try_move` sows it), and dropped if not legal.
                let legal = MayLeave { game: self, mover };
                forward = if rules.tracks.plain_relays {
                    let open = past_closed.then(|| self.open.of(mover));
                    sow_relays_each(rules, &self.state, startable, mover, open, &mut sown, legal)
                } else {
                    sow_laps_each(rules, &self.state, startable, mover, &mut sown, legal)
                };
            } else {
                forward = startable;
                in_place = true;
            }
            if rules.reversible() {
                let from = if rules.sowing.either_way { Some(start) } else { rules.play.reverse.as_ref().map(|(p, _)| p) };
                let only_to_capture = !rules.sowing.either_way && rules.play.reverse.as_ref().is_some_and(|(_, only)| *only);
                let holes = from.map_or(C::Mask::NONE, |p| self.startable_holes(mover, p, stocked));
                // Moves only to capture are none where no move can capture.
                let holes = match only_to_capture && super::capture::none_can_capture(rules, &self.state, mover, holes) {
                    true => C::Mask::NONE,
                    false => holes,
                };
                for hole in holes.places() {
                    let found = self
                        .try_move(mover, hole, true, &mut Silent)
                        .filter(|(after, sowing)| !only_to_capture || self.captures(after, sowing, mover));
                    keep(&mut sown, hole, true, found, &mut reversed);
                }
            }
        }
        let moves = &mut self.moves;
        moves.sown = sown;
        moves.forward = forward;
        moves.reversed = reversed;
        moves.in_place = in_place;
        moves.known = true;
    }

    /// The moves of a turn where a capture is compulsory, from the holes where `from` holds: each
    /// sown, those that capture kept in `sown` (their holes in `forward` and `reversed`, the
    /// file's way and the other). Returns whether one captures, and whether, none capturing, the moves that do not
    /// are the turn's moves as they were sown and are kept instead (every hole that may start a
    /// move among those tried, both ways where a move may go either way, else the file's way
    /// only, each one that must be sown to know it is legal). Out of line, so that the turns of
    /// files without such a rule do not grow.
    #[inline(never)]
    fn compulsory(
        &mut self,
        from: &crate::compile::Condition,
        stocked: Option<C::Mask>,
        sown: &mut Vec<Kept<C>>,
        (forward, reversed): (&mut C::Mask, &mut C::Mask),
    ) -> (bool, bool) {
        let (rules, mover) = (self.rules, self.state.to_move);
        // What the moves that do not capture leave, kept apart in the spare list.
        let mut others = std::mem::take(&mut self.moves.spare);
        others.clear();
        let allowed_back =
            |hole| rules.sowing.either_way || rules.play.reverse.as_ref().is_some_and(|(p, _)| self.startable(mover, hole, p));
        let tried = self.startable_holes(mover, from, stocked);
        for hole in tried.places() {
            for way in [false, true] {
                if way && !allowed_back(hole) {
                    continue;
                }
                let Some((after, sowing)) = self.try_move(mover, hole, way, &mut Silent) else { continue };
                let kept = (crate::hole_byte(hole), way, after, sowing);
                if self.captures(&after, &sowing, mover) {
                    *(if way { &mut *reversed } else { &mut *forward }) |= C::Mask::bit(hole);
                    sown.push(kept);
                } else {
                    others.push(kept);
                }
            }
        }
        let capturing = *forward | *reversed != C::Mask::NONE;
        let mut sown_already = false;
        if !capturing && (rules.sowing.either_way || rules.play.reverse.is_none()) && self.sow_to_know(mover) {
            let startable = self.startable_holes(mover, self.start_condition(mover), stocked);
            if startable & !tried == C::Mask::NONE {
                others.retain(|&(hole, ..)| startable.has(usize::from(hole)));
                for &(hole, way, ..) in &others {
                    *(if way { &mut *reversed } else { &mut *forward }) |= C::Mask::bit(usize::from(hole));
                }
                std::mem::swap(sown, &mut others);
                sown_already = true;
            }
        }
        self.moves.spare = others;
        (capturing, sown_already)
    }

    /// [`GameIn::find_moves`] of a turn that places a stone: the holes it may go into
    /// ([`Moves::placeable`]), or where it sows on, each placement sown once ([`placing::find`]),
    /// what the legal ones leave kept. Out of line, so that the turns of files without
    /// placements do not grow.
    #[inline(never)]
    fn find_placements(&mut self) {
        if !self.rules.play.place_then_sow {
            self.moves.placeable = Some(C::Mask::from_wide(placing::allowed(self.rules, &self.state, self.state.to_move)));
            return;
        }
        let mut moves = std::mem::take(&mut self.moves);
        let (forward, reversed) = placing::find(self.rules, &self.state, self.state.to_move, &mut moves.sown, &mut moves.spare);
        moves.forward = forward;
        moves.reversed = reversed;
        moves.in_place = false;
        moves.known = true;
        self.moves = moves;
    }

    /// The holes `mover` may start a move from under `start` (theirs, holding stones, not
    /// claimed, where `start` holds), a bit per hole.
    /// `stocked`: the holes of the board holding stones, where the caller has read them.
    #[inline(always)]
    pub(super) fn startable_holes(&self, mover: Player, start: &crate::compile::Condition, stocked: Option<C::Mask>) -> C::Mask {
        match &start.code {
            Some(code) if code.implied => {
                let ctx = Ctx::new(&self.state, self.rules, mover, Lap::default()).knowing(stocked);
                ctx.own() & ctx.stocked() & !self.state.claimed
            }
            _ => self.startable_where(mover, start, stocked),
        }
    }

    /// [`GameIn::startable_holes`] where `start` says more than `own hole`: asked of the holes
    /// that may start. Out of line, so that the plain way stays small where it is inlined.
    #[inline(never)]
    fn startable_where(&self, mover: Player, start: &crate::compile::Condition, stocked: Option<C::Mask>) -> C::Mask {
        let ctx = Ctx::new(&self.state, self.rules, mover, Lap::default()).knowing(stocked);
        let startable = ctx.own() & ctx.stocked() & !self.state.claimed;
        match (&start.code, &start.of_count, &start.split) {
            // A condition of the count alone: each hole that may start looked up in its table.
            (_, Some(table), _) => C::Mask::of(startable.places().filter(|&hole| table.holds(u32::from(self.state.count(hole))))),
            // A condition that asks about other holes (`next hole is empty`) is asked of the holes
            // that may start, each as far as its first deciding atom, rather than built as a set
            // over the whole board.
            (Some(code), _, _) if code.cheap < code.atoms.len() => C::Mask::of(startable.places().filter(|&hole| ctx.holds(start, hole))),
            // Terms about the position that leave a condition over the basis alone (`own hole
            // where phase = play or in leftmost`): the case they pick, from the position's sets.
            (Some(_), _, Some(split)) => startable & ctx.holes_where(ctx.case(split)),
            _ => startable & ctx.holes_where(start),
        }
    }

    /// Plays the known move from `hole` (that way) for `mover`, which is legal: from the position
    /// it was found to leave, or sown now where it always ends. Returns its sowing.
    pub(super) fn play_known(&mut self, mover: Player, hole: usize, reversed: bool) -> Option<Sowing> {
        if !reversed && self.moves.in_place {
            // A move that always ends and leaves nothing to refuse: sown in place (none of the
            // file's way was sown to find it). A bare lap was played before this was asked
            // ([`GameIn::play_bare`]).
            self.state.reversed = false;
            if self.rules.tracks.plain_laps {
                return Some(sow_plain(self.rules, &mut self.state, hole, mover));
            }
            return sow(self.rules, &mut self.state, hole, mover, &mut Silent);
        }
        if let Some(&(_, _, after, sowing)) = self.moves.sown(hole, reversed) {
            self.state = after;
            return Some(sowing);
        }
        let (after, sowing) = match self.placing(mover) {
            // A placement (in a copy of a game, which keeps no position).
            true => {
                placing::placement(self.rules, &self.state, mover, hole, reversed, &mut Silent).map(|(after, sowing, _)| (after, sowing))?
            }
            false => self.try_move(mover, hole, reversed, &mut Silent)?,
        };
        self.state = after;
        Some(sowing)
    }
}
