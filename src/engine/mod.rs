//! The generic engine: a position ([`State`]), the actions on it, and [`Game`], which applies
//! actions, keeps the repetition history and decides the end. Every behaviour comes from
//! [`Rules`]; nothing here knows any game by name.
//!
//! One module per concern: [`sowing`] (laps, relays, endless-move detection), [`capture`],
//! [`ending`] (end conditions and scoring), [`trade`] (offers of holes for a price), [`game`]
//! (turns), [`action`] (action text),
//! [`position`] (the interchange JSON).

pub mod action;
mod capture;
mod ending;
pub mod events;
mod game;
mod history;
pub mod ids;
pub mod layout;
mod moves;
pub mod observe;
mod placing;
pub mod position;
mod predicate;
mod race;
mod rounds;
mod sowing;
mod trade;

pub use action::{Action, ActionError};
pub use game::{Game, GameIn, IllegalAction};
pub use layout::{Broad, Cells, Mask, Middle, Narrow, Simple, SimpleMiddle, Wide};

pub use crate::holes::holes_of;

use serde::Serialize;

use crate::compile::Rules;
use crate::player::Player;
use crate::MAX_HOLES;

/// A position laid out as [`Wide`]: what everything outside the engine's hot paths reads.
pub type State = StateIn<Wide>;

/// A position: the stones in every hole, who owns each hole, what each player has captured and
/// who is to move. Plain data, `Copy`: playing a move allocates nothing. Laid out as `C` says
/// ([`layout`]): [`Wide`] (any board) unless a game asks for a narrower one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateIn<C: Cells> {
    /// The stones in each place: the board's holes, then South's store and North's where there
    /// are stores.
    cells: C,
    /// The holes North owns; South owns the others.
    north: C::Mask,
    pub captured: [u32; 2],
    pub to_move: Player,
    /// Holes offered and not yet answered (empty: no offer is open). The offer is made by the
    /// opponent of `to_move`, who must answer it.
    pub offer: C::Mask,
    /// Whether each player has declined an offer in this game (for the result's note).
    pub declined: [bool; 2],
    /// A decision open inside `to_move`'s move.
    pub pending: Pending,
    /// Closed holes: out of play until a refill reopens them.
    pub closed: C::Mask,
    /// The round being played, from 1 (in games of rounds).
    pub round: u16,
    /// Claimed holes: each belongs to its claimer (`owner`), and every stone sown into it goes to
    /// the claimer's captures, so it is always empty; or, where claims keep their stones
    /// ([`crate::compile::Captures::claims_keep`]), stays in it. No move starts from a claimed hole.
    pub claimed: C::Mask,
    /// The stones each player holds in hand, off the board (South first).
    pub hand: [u16; 2],
    /// The move under way goes against the file's direction (a reversed move, or a capture's
    /// `direction` turned it). False between moves.
    pub reversed: bool,
    /// Holes that have held stones since the game began, never emptied by a lift or a capture
    /// (kept only where the rules ask `intact`).
    pub intact: C::Mask,
    /// The move under way has captured (false between moves).
    pub capturing: bool,
    /// Each player's phase (index into `Play::phases`; 0 in a game without phases).
    pub phase: [u8; 2],
}

/// A decision open inside a move: the move stands still until the mover answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pending {
    #[default]
    None,
    /// The last stone fell into this hole, where the mover chooses `continue` or `stop`.
    Continue(u8),
    /// After a capture by this rule (index into `Captures::rules`) the mover chooses holes to take.
    Choose(u8),
    /// In a turn played by both at once, the first player has chosen this hole; the other chooses.
    Race(u8),
}

impl<C: Cells> StateIn<C> {
    /// The holes North owns at the start.
    pub fn north_at_start(rules: &Rules) -> C::Mask {
        C::Mask::from_wide(rules.board.home_north)
    }

    /// The starting position of a game.
    pub fn initial(rules: &Rules) -> StateIn<C> {
        let north = Self::north_at_start(rules);
        let intact = match rules.tracks.intact {
            true => C::Mask::of((0..rules.board.holes).filter(|&h| rules.board.initial[h] > 0)),
            false => C::Mask::NONE,
        };
        let mut state = StateIn {
            cells: C::of(&rules.board.initial[..rules.board.holes]),
            north,
            captured: [0, 0],
            to_move: rules.play.first,
            offer: C::Mask::NONE,
            declined: [false; 2],
            pending: Pending::None,
            closed: C::Mask::NONE,
            round: 1,
            claimed: C::Mask::NONE,
            hand: [rules.board.hand; 2],
            reversed: false,
            intact,
            capturing: false,
            phase: [0; 2],
        };
        state.advance_phases(rules);
        state
    }

    /// The same position laid out as [`Wide`], as everything outside the engine reads it.
    pub fn widen(&self) -> State {
        let mut counts = [0u16; MAX_HOLES];
        for (place, count) in counts.iter_mut().enumerate().take(C::PLACES) {
            *count = self.cells.get(place);
        }
        State {
            cells: Wide::of(&counts),
            north: self.north.wide(),
            captured: self.captured,
            to_move: self.to_move,
            offer: self.offer.wide(),
            declined: self.declined,
            pending: self.pending,
            closed: self.closed.wide(),
            round: self.round,
            claimed: self.claimed.wide(),
            hand: self.hand,
            reversed: self.reversed,
            intact: self.intact.wide(),
            capturing: self.capturing,
            phase: self.phase,
        }
    }

    /// Moves each player's phase on while the `until` of the phase they are in holds for them.
    pub fn advance_phases(&mut self, rules: &Rules) {
        if rules.play.phases.is_empty() {
            return;
        }
        for player in Player::BOTH {
            let i = player.index();
            while let Some((_, Some(until))) = rules.play.phases.get(usize::from(self.phase[i])) {
                if usize::from(self.phase[i]) + 1 >= rules.play.phases.len() || !self.holds(rules, until, 0, player) {
                    break;
                }
                self.phase[i] += 1;
            }
        }
    }

    /// The stones in `place` (a hole, or a store after the board's holes).
    #[inline]
    pub fn count(&self, place: usize) -> u16 {
        self.cells.get(place)
    }

    /// The places of `among` holding stones ([`crate::compile::Board::mask`]: the holes).
    #[inline]
    pub fn stocked(&self, among: C::Mask) -> C::Mask {
        self.cells.stocked() & among
    }

    /// The places of `among` holding at least `k` stones (`k` from 1 to 128).
    #[inline]
    pub fn at_least(&self, k: u8, among: C::Mask) -> C::Mask {
        self.cells.at_least(k) & among
    }

    /// `place` now holds `stones`.
    #[inline]
    pub fn set_count(&mut self, place: usize, stones: u16) {
        self.cells.set(place, stones);
    }

    /// `stones` more stones in `place`.
    #[inline]
    pub fn add(&mut self, place: usize, stones: u16) {
        self.cells.add(place, stones);
    }

    /// Sows `stones` stones round `reach` (a hole's round of the mover's sowing table), the
    /// first into the place after the hole, at once; returns the place of the last (the hole
    /// where there are none). `None`, and nothing changed, where they would go round it more
    /// than once, or the layout sows stone by stone ([`Cells::add_reach`]).
    #[inline(always)]
    pub fn sow_reach(&mut self, reach: &crate::compile::Reach, stones: u16) -> Option<usize> {
        // A round's length is 0 where the table never comes back to the hole: only a lap of no
        // stone is sown round it.
        let near = u8::try_from(stones).ok().filter(|&near| near <= reach.length)?;
        self.cells.add_reach(&reach.distance, near, usize::from(reach.span)).then(|| usize::from(reach.place[usize::from(near)]))
    }

    /// `stones` fewer stones in `place` (which holds at least that many).
    #[inline]
    pub fn remove(&mut self, place: usize, stones: u16) {
        self.cells.sub(place, stones);
    }

    /// Takes every stone of `place`; returns how many.
    #[inline]
    pub fn take(&mut self, place: usize) -> u16 {
        let stones = self.cells.get(place);
        self.cells.set(place, 0);
        stones
    }

    /// Empties the first `holes` places.
    pub fn empty_board(&mut self, holes: usize) {
        for place in 0..holes {
            self.cells.set(place, 0);
        }
    }

    /// The stones of every place.
    #[inline]
    pub(crate) fn cells(&self) -> &C {
        &self.cells
    }

    /// Who owns `hole`.
    #[inline]
    pub fn owner(&self, hole: usize) -> Player {
        if self.north.has(hole) {
            Player::North
        } else {
            Player::South
        }
    }

    /// `hole` becomes `player`'s.
    #[inline]
    pub fn set_owner(&mut self, hole: usize, player: Player) {
        let bit = C::Mask::bit(hole);
        if player == Player::North {
            self.north |= bit;
        } else {
            self.north &= !bit;
        }
    }

    /// Whether an offer or a decision inside a move is open (the player to move then answers it
    /// rather than starting a turn). Never in a layout of simple turns ([`Cells::SIMPLE`]): the
    /// question is left out where the program is compiled.
    #[inline]
    pub fn left_open(&self) -> bool {
        !C::SIMPLE && (self.offer != C::Mask::NONE || self.pending != Pending::None)
    }

    /// The holes of `among` that `player` owns ([`crate::compile::Board::mask`]: all of theirs).
    #[inline]
    pub fn owned(&self, player: Player, among: C::Mask) -> C::Mask {
        // North's holes, or the others: turned over without a branch (the player to move
        // changes from one action to the next).
        (self.north ^ C::Mask::every_if(player == Player::South)) & among
    }

    /// Stones on the board.
    pub fn board_total(&self, rules: &Rules) -> u32 {
        (0..rules.board.holes).map(|h| u32::from(self.cells.get(h))).sum()
    }

    /// Stones on the board, in hand and captured: constant through a game.
    pub fn total(&self, rules: &Rules) -> u32 {
        self.board_total(rules) + self.captured[0] + self.captured[1] + u32::from(self.hand[0]) + u32::from(self.hand[1])
    }

    /// Whether `pred` holds for `hole` with `mover` as the player whose move it is (outside a lap).
    #[inline]
    pub(crate) fn holds(&self, rules: &Rules, pred: &crate::compile::Condition, hole: usize, mover: Player) -> bool {
        self.holds_in_lap(rules, pred, hole, mover, Lap::default())
    }

    /// [`StateIn::holds_in_lap`] where a general lap asks whether it relays: a condition of the
    /// hole's set and count alone ([`crate::compile::Condition::of_place`]) is also read without
    /// a point of view. Apart, so that the other callers do not grow.
    #[inline]
    pub(crate) fn relays_in_lap(&self, rules: &Rules, pred: &crate::compile::Condition, hole: usize, mover: Player, lap: Lap) -> bool {
        if hole < rules.board.holes {
            if let Some(table) = &pred.of_count {
                return table.holds(u32::from(self.count(hole)));
            }
            if let Some(single) = &pred.of_place {
                return single.covers(hole, self.count(hole)) == single.holds;
            }
        }
        self.relays_by_neighbour(rules, pred, hole, mover, lap)
    }

    /// [`StateIn::relays_in_lap`] of a condition that reads more than the hole's set and count:
    /// one of a neighbour alone ([`crate::compile::Condition::of_neighbour`]) is asked of the
    /// neighbour, one of the hole alone read from its table ([`StateIn::holds_locally`]),
    /// any other asked in full. Out of line, so that the laps that relay by the count alone stay small (asking it
    /// inline made Rab'e, Congkak and Hoyito 5–6% slower).
    #[inline(never)]
    fn relays_by_neighbour(&self, rules: &Rules, pred: &crate::compile::Condition, hole: usize, mover: Player, lap: Lap) -> bool {
        if let Some(holds) = self.holds_locally(pred, hole, mover) {
            return holds;
        }
        let ctx = predicate::Ctx::new(self, rules, mover, lap);
        match pred.of_neighbour.as_deref() {
            Some((relation, neighbour)) => ctx.holds_at(*relation, neighbour, hole),
            None => ctx.holds(pred, hole),
        }
    }

    /// [`State::holds`] at the end of a lap, for the predicates that ask about it.
    #[inline]
    pub(crate) fn holds_in_lap(&self, rules: &Rules, pred: &crate::compile::Condition, hole: usize, mover: Player, lap: Lap) -> bool {
        if let Some(table) = pred.of_count.as_ref().filter(|_| hole < rules.board.holes) {
            return table.holds(u32::from(self.count(hole)));
        }
        predicate::Ctx::new(self, rules, mover, lap).holds(pred, hole)
    }

    /// [`StateIn::holds_in_lap`] of a capture's condition, asked at the end of every lap (a
    /// capture sown on) or of a move: a condition (or a split condition's case) of one term over
    /// the hole and the counts of fixed neighbours is read with no point of view.
    #[inline(always)]
    pub(crate) fn holds_at_lap_end(&self, rules: &Rules, pred: &crate::compile::Condition, hole: usize, mover: Player, lap: Lap) -> bool {
        if let Some(table) = pred.of_count.as_ref().filter(|_| hole < rules.board.holes) {
            return table.holds(u32::from(self.count(hole)));
        }
        if let Some(crate::compile::Code { whole: None, single: Some(single), .. }) = &pred.code {
            if single.literals.is_empty() {
                return self.single_within(rules, single, hole, mover) == single.holds;
            }
        }
        self.holds_in_case(rules, pred, hole, mover, lap)
    }

    /// [`StateIn::holds_at_lap_end`] of a condition that is not one term over the hole and its
    /// fixed neighbours: a split condition's case, or any condition asked in full. Out of line,
    /// so that the one-term way stays small where it is inlined.
    #[inline(never)]
    fn holds_in_case(&self, rules: &Rules, pred: &crate::compile::Condition, hole: usize, mover: Player, lap: Lap) -> bool {
        let ctx = predicate::Ctx::new(self, rules, mover, lap);
        let pred = match (&pred.code, &pred.split) {
            (None, Some(split)) => ctx.case(split),
            _ => pred,
        };
        if let Some(crate::compile::Code { whole: None, single: Some(single), .. }) = &pred.code {
            if single.literals.is_empty() {
                return self.single_within(rules, single, hole, mover) == single.holds;
            }
        }
        ctx.holds(pred, hole)
    }
}

impl State {
    /// The stones in every place.
    #[inline]
    pub fn counts(&self) -> &[u16; MAX_HOLES] {
        self.cells.counts()
    }

    /// The same position in layout `C`, if it fits.
    pub fn narrow<C: Cells>(&self, rules: &Rules) -> Option<StateIn<C>> {
        let places = rules.board.places();
        let fits = places <= C::PLACES
            && places <= <C::Mask as Mask>::BITS
            && self.counts()[..places].iter().map(|&c| u32::from(c)).sum::<u32>() <= C::STONES;
        fits.then(|| StateIn {
            cells: C::of(&self.counts()[..places]),
            north: C::Mask::from_wide(self.north),
            captured: self.captured,
            to_move: self.to_move,
            offer: C::Mask::from_wide(self.offer),
            declined: self.declined,
            pending: self.pending,
            closed: C::Mask::from_wide(self.closed),
            round: self.round,
            claimed: C::Mask::from_wide(self.claimed),
            hand: self.hand,
            reversed: self.reversed,
            intact: C::Mask::from_wide(self.intact),
            capturing: self.capturing,
            phase: self.phase,
        })
    }
}

/// A lap being sown, as predicates see it: its number in the move (from 1) and the stones it
/// started with. Both 0 outside a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lap {
    pub number: u32,
    pub sown: u32,
}

thread_local! {
    /// A list of actions kept per thread for [`with_actions`].
    static ACTIONS: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on an empty list of actions kept per thread, so that code listing actions once per
/// move (the random player, the check of a placement) allocates nothing once the list is large
/// enough. Should the list be in use further up the stack, a fresh one serves.
pub fn with_actions<R>(f: impl FnOnce(&mut Vec<Action>) -> R) -> R {
    ACTIONS.with(|kept| match kept.try_borrow_mut() {
        Ok(mut actions) => {
            actions.clear();
            f(&mut actions)
        }
        Err(_) => f(&mut Vec::new()),
    })
}

/// Calls `each` with every subset of `size` holes of the set `holes`, in board order (lowest
/// holes first). Allocates nothing.
pub(crate) fn subsets(holes: u128, size: u32, each: &mut impl FnMut(u128)) {
    fn go(rest: u128, size: u32, chosen: u128, each: &mut impl FnMut(u128)) {
        if size == 0 {
            return each(chosen);
        }
        let mut rest = rest;
        while rest.count_ones() >= size {
            let lowest = rest & rest.wrapping_neg();
            rest ^= lowest;
            go(rest, size - 1, chosen | lowest, each);
        }
    }
    go(holes, size, 0, each);
}

/// How many subsets of `size` holes a set of `holes` holes has; `None` past `u128`.
pub(crate) fn subset_count(holes: u32, size: u32) -> Option<u128> {
    if size > holes {
        return Some(0);
    }
    // Each step's product of consecutive numbers is divisible by the step's count.
    (0..size).try_fold(1u128, |count, i| Some(count.checked_mul(u128::from(holes - i))? / u128::from(i + 1)))
}

/// The subset numbered `index` (from 0) of those [`subsets`] gives, in its order; `index` below
/// [`subset_count`] of `holes`. Found without listing the others: at each hole, lowest first,
/// the subsets that take it come before those that do not.
pub(crate) fn nth_subset(holes: u128, size: u32, mut index: u128) -> u128 {
    let (mut rest, mut size, mut chosen) = (holes, size, 0u128);
    while size > 0 && rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        rest ^= lowest;
        let taking = subset_count(rest.count_ones(), size - 1).unwrap_or(u128::MAX);
        if index < taking {
            chosen |= lowest;
            size -= 1;
        } else {
            index -= taking;
        }
    }
    chosen
}

/// How a finished game came out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// `None`: a draw.
    pub winner: Option<Player>,
    /// Each player's final total under the game's scoring, South first.
    pub score: [u32; 2],
    /// Why the game ended, in words.
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nth_subset_is_the_one_listed_nth() {
        for (holes, size) in
            [(0b1011_0110u128, 2), (0xffff, 3), (0xf0f0_0000_0000_0000_0000_0000_0000_0001, 2), (0b111, 0), (0b1, 1), (u128::MAX >> 100, 4)]
        {
            let mut listed = Vec::new();
            subsets(holes, size, &mut |set| listed.push(set));
            assert_eq!(subset_count(holes.count_ones(), size), Some(listed.len() as u128), "{holes:#x} {size}");
            for (index, &set) in listed.iter().enumerate() {
                assert_eq!(nth_subset(holes, size, index as u128), set, "{holes:#x} {size} {index}");
            }
        }
        assert_eq!(subset_count(3, 4), Some(0));
        assert_eq!(subset_count(128, 64), None);
        assert_eq!(subset_count(40, 2), Some(780));
    }

    #[test]
    fn a_narrow_position_is_64_bytes() {
        assert_eq!(std::mem::size_of::<StateIn<Narrow>>(), 64);
        assert!(std::mem::size_of::<State>() <= 400, "{}", std::mem::size_of::<State>());
    }
}
