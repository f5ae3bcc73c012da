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
pub use game::{Game, IllegalAction};

use serde::Serialize;

use crate::compile::Rules;
use crate::player::Player;
use crate::MAX_HOLES;

/// A position: the stones in every hole, who owns each hole, what each player has captured and
/// who is to move. Plain data, `Copy`: playing a move allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The stones in each hole (the board's, then South's store and North's where there are
    /// stores), changed only through the methods below, which keep `stocked`.
    counts: [u16; MAX_HOLES],
    /// The places holding stones (a bit per place): `counts` as a set, kept as it changes.
    stocked: u128,
    /// The holes North owns (a bit per hole); South owns the others.
    north: u128,
    pub captured: [u32; 2],
    pub to_move: Player,
    /// Holes offered and not yet answered (a bit per hole; 0: no offer is open). The offer is
    /// made by the opponent of `to_move`, who must answer it.
    pub offer: u128,
    /// Whether each player has declined an offer in this game (for the result's note).
    pub declined: [bool; 2],
    /// A decision open inside `to_move`'s move.
    pub pending: Pending,
    /// Closed holes (a bit per hole): out of play until a refill reopens them.
    pub closed: u128,
    /// The round being played, from 1 (in games of rounds).
    pub round: u16,
    /// Claimed holes (a bit per hole): each belongs to its claimer (`owners`), and every stone
    /// sown into it goes to the claimer's captures, so it is always empty; or, where claims keep
    /// their stones ([`Rules::claims_keep`]), stays in it. No move starts from a claimed hole.
    pub claimed: u128,
    /// The stones each player holds in hand, off the board (South first).
    pub hand: [u16; 2],
    /// The move under way goes against the file's direction (a reversed move, or a capture's
    /// `direction` turned it). False between moves.
    pub reversed: bool,
    /// Holes that have held stones since the game began, never emptied by a lift or a capture (a
    /// bit per hole; kept only where the rules ask `intact`).
    pub intact: u128,
    /// The move under way has captured (false between moves).
    pub capturing: bool,
    /// Each player's phase (index into `Rules::phases`; 0 in a game without phases).
    pub phase: [u8; 2],
}

/// A decision open inside a move: the move stands still until the mover answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pending {
    #[default]
    None,
    /// The last stone fell into this hole, where the mover chooses `continue` or `stop`.
    Continue(u8),
    /// After a capture by this rule (index into `Rules::captures`) the mover chooses holes to take.
    Choose(u8),
    /// In a turn played by both at once, the first player has chosen this hole; the other chooses.
    Race(u8),
}

impl State {
    /// The starting position of a game.
    pub fn initial(rules: &Rules) -> State {
        let north = (0..rules.holes).filter(|&h| rules.home_of(h) == Player::North).fold(0, |set, h| set | 1u128 << h);
        let mut state = State {
            counts: rules.initial,
            stocked: stocked(&rules.initial),
            north,
            captured: [0, 0],
            to_move: rules.first,
            offer: 0,
            declined: [false; 2],
            pending: Pending::None,
            closed: 0,
            round: 1,
            claimed: 0,
            hand: [rules.hand; 2],
            reversed: false,
            intact: if rules.tracks_intact {
                (0..rules.holes).filter(|&h| rules.initial[h] > 0).fold(0, |set, h| set | 1u128 << h)
            } else {
                0
            },
            capturing: false,
            phase: [0; 2],
        };
        state.advance_phases(rules);
        state
    }

    /// The stones in `place` (a hole, or a store after the board's holes).
    #[inline]
    pub fn count(&self, place: usize) -> u16 {
        self.counts[place]
    }

    /// The stones in every place.
    #[inline]
    pub fn counts(&self) -> &[u16; MAX_HOLES] {
        &self.counts
    }

    /// The places of `among` holding stones (a bit per place; [`Rules::board`]: the holes).
    #[inline]
    pub fn stocked(&self, among: u128) -> u128 {
        self.stocked & among
    }

    /// `place` now holds `stones`.
    #[inline]
    pub fn set_count(&mut self, place: usize, stones: u16) {
        self.counts[place] = stones;
        self.mark(place);
    }

    /// `stones` more stones in `place`.
    #[inline]
    pub fn add(&mut self, place: usize, stones: u16) {
        self.counts[place] += stones;
        self.mark(place);
    }

    /// `stones` fewer stones in `place` (which holds at least that many).
    #[inline]
    pub fn remove(&mut self, place: usize, stones: u16) {
        self.counts[place] -= stones;
        self.mark(place);
    }

    /// Takes every stone of `place`; returns how many.
    #[inline]
    pub fn take(&mut self, place: usize) -> u16 {
        let stones = std::mem::take(&mut self.counts[place]);
        self.mark(place);
        stones
    }

    /// Empties the first `holes` places.
    pub fn empty_board(&mut self, holes: usize) {
        self.counts[..holes].fill(0);
        self.stocked &= !first_places(holes);
    }

    /// `stocked` follows `place`'s count.
    #[inline]
    fn mark(&mut self, place: usize) {
        if place < MAX_HOLES {
            let bit = 1u128 << place;
            self.stocked = if self.counts[place] != 0 { self.stocked | bit } else { self.stocked & !bit };
        }
    }

    /// Who owns `hole`.
    #[inline]
    pub fn owner(&self, hole: usize) -> Player {
        if hole < MAX_HOLES && self.north & 1u128 << hole != 0 {
            Player::North
        } else {
            Player::South
        }
    }

    /// `hole` becomes `player`'s.
    #[inline]
    pub fn set_owner(&mut self, hole: usize, player: Player) {
        if hole < MAX_HOLES {
            let bit = 1u128 << hole;
            self.north = if player == Player::North { self.north | bit } else { self.north & !bit };
        }
    }

    /// The holes of `among` that `player` owns (a bit per hole; [`Rules::board`]: all of theirs).
    #[inline]
    pub fn owned(&self, player: Player, among: u128) -> u128 {
        let all = among;
        match player {
            Player::North => self.north & all,
            Player::South => !self.north & all,
        }
    }

    /// Moves each player's phase on while the `until` of the phase they are in holds for them.
    pub fn advance_phases(&mut self, rules: &Rules) {
        for player in Player::BOTH {
            let i = player.index();
            while let Some((_, Some(until))) = rules.phases.get(usize::from(self.phase[i])) {
                if usize::from(self.phase[i]) + 1 >= rules.phases.len() || !self.holds(rules, until, 0, player) {
                    break;
                }
                self.phase[i] += 1;
            }
        }
    }

    /// Stones on the board.
    pub fn board_total(&self, rules: &Rules) -> u32 {
        self.counts()[..rules.holes].iter().map(|&c| u32::from(c)).sum()
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

    /// [`State::holds`] at the end of a lap, for the predicates that ask about it.
    #[inline]
    pub(crate) fn holds_in_lap(&self, rules: &Rules, pred: &crate::compile::Condition, hole: usize, mover: Player, lap: Lap) -> bool {
        predicate::Ctx { state: self, rules, mover, lap }.holds(pred, hole)
    }

    /// The holes where `pred` holds for `mover` (outside a lap), a bit per hole.
    #[inline]
    pub(crate) fn holes_where(&self, rules: &Rules, pred: &crate::compile::Condition, mover: Player) -> u128 {
        predicate::Ctx { state: self, rules, mover, lap: Lap::default() }.holes_where(pred)
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

/// The places holding stones of `counts`, a bit per place.
fn stocked(counts: &[u16; MAX_HOLES]) -> u128 {
    counts.iter().enumerate().filter(|(_, &c)| c != 0).fold(0, |set, (h, _)| set | 1u128 << h)
}

/// The first `places` places (holes, then stores), a bit per place.
#[inline]
pub(crate) fn first_places(places: usize) -> u128 {
    if places >= MAX_HOLES {
        u128::MAX
    } else {
        (1u128 << places) - 1
    }
}

/// The holes of a set, in board order.
pub fn holes_of(set: u128) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        let hole = rest.trailing_zeros() as usize;
        rest &= rest.wrapping_sub(1);
        (hole < MAX_HOLES).then_some(hole)
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
