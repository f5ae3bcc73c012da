//! The repetition history: how many times each position has stood, kept as counts in a hash map
//! keyed by exactly the parts of the position a repetition compares ([`key`]), written as the
//! bytes of the position's layout ([`Cells::Key`]). Two keys are equal only when their positions
//! are the same for that repetition: nothing is told apart by a hash alone. Recording a position
//! and asking how often it stood cost one key and one look-up, whatever the length of the game.

use std::hash::BuildHasher;

use foldhash::fast::FixedState;
use hashbrown::HashTable;

use super::layout::{Cells, Key, Mask, KEY_HEAD};
use super::{Pending, StateIn};
use crate::compile::Rules;
use crate::vocabulary::Repeated;

/// Occurrences of positions, by [`key`]. Only the kinds of repetition the rules count are kept.
#[derive(Clone, Debug)]
pub struct History<C: Cells> {
    /// Each position recorded, and how many times.
    seen: HashTable<(C::Key, u32)>,
    /// The kinds recorded: `[board, position]`.
    kinds: [bool; 2],
    /// Whether the positions recorded before stones left play are forgotten ([`History::new`]).
    forgets: bool,
    /// The stones out of play (captured by either player) when the last position was recorded.
    out: u32,
}

impl<C: Cells> History<C> {
    /// An empty history that records the kinds `kinds` says (`[board, position]`). One that
    /// `forgets` is told of the positions of one game (or round) in turn, where stones never
    /// come back into play: once some leave (captured, or banked in a store), the stones on the
    /// board and in hand are fewer than in any position recorded before, so none of those can
    /// stand again and they are forgotten, which keeps the history short.
    pub fn new(kinds: [bool; 2], forgets: bool) -> History<C> {
        // Room for a few dozen positions from the start, rather than growing the table several
        // times in each game; no more, since a search copies the game, history and all, at each
        // playout (the history that forgets stays about this small).
        let room = if kinds.contains(&true) { 64 } else { 0 };
        History { seen: HashTable::with_capacity(room), kinds, forgets, out: 0 }
    }

    /// Counts `state` once more for each kind kept, and returns how many times it has now
    /// stood, compared as a board and as a position (0 for a kind not kept).
    pub fn record(&mut self, rules: &Rules, state: &StateIn<C>) -> [u32; 2] {
        if self.forgets {
            let out = state.captured[0] + state.captured[1];
            if out > self.out {
                self.seen.clear();
            }
            self.out = out;
        }
        let mut counts = [0; 2];
        for (count, what) in counts.iter_mut().zip([Repeated::Board, Repeated::Position]) {
            if self.kinds[usize::from(what == Repeated::Position)] {
                let key = key(rules, state, what);
                let hash = HASHER.hash_one(key);
                *count = match self.seen.find_mut(hash, |(seen, _)| *seen == key) {
                    Some((_, times)) => {
                        *times += 1;
                        *times
                    }
                    None => {
                        self.seen.insert_unique(hash, (key, 1), |(seen, _)| HASHER.hash_one(seen));
                        1
                    }
                };
            }
        }
        counts
    }

    /// Whether it forgets the positions before stones leave play ([`History::new`]).
    #[cfg(test)]
    pub fn forgets(&self) -> bool {
        self.forgets
    }

    pub fn clear(&mut self) {
        self.seen.clear();
    }
}

/// The hash of a key in the map (the same in every run).
const HASHER: FixedState = FixedState::with_seed(0);

/// The key of `state` for a repetition of kind `what`: the player to move, any open offer or
/// decision, the closed and claimed holes and every hole's count; for a position, also what each
/// player has captured and who owns each hole. Every part has its fixed place, so that two
/// positions have the same key exactly when they agree on every part; what a kind does not
/// compare is written as zeros, and so are the stores' counts.
pub fn key<C: Cells>(rules: &Rules, state: &StateIn<C>, what: Repeated) -> C::Key {
    let position = what == Repeated::Position;
    let (decision, at) = match state.pending {
        Pending::None => (0u8, 0),
        Pending::Continue(hole) => (1, hole),
        Pending::Choose(rule) => (2, rule),
        Pending::Race(hole) => (3, hole),
    };
    let owners = if position { state.owned(crate::player::Player::North, super::layout::board_mask::<C>(rules)) } else { C::Mask::NONE };
    let captured = if position { state.captured } else { [0, 0] };
    let mut key = C::Key::ZERO;
    let bytes = key.bytes_mut();
    // The head as three words, each written at once.
    let head = u64::from(position)
        | u64::from(state.to_move == crate::player::Player::North) << 8
        | u64::from(decision) << 16
        | u64::from(at) << 24
        | u64::from(u8::from(state.reversed) | u8::from(state.capturing) << 1) << 32
        | u64::from(state.phase[0]) << 40
        | u64::from(state.phase[1]) << 48;
    bytes[..8].copy_from_slice(&head.to_le_bytes());
    bytes[8..16].copy_from_slice(&(u64::from(captured[0]) | u64::from(captured[1]) << 32).to_le_bytes());
    bytes[16..KEY_HEAD].copy_from_slice(&(u32::from(state.hand[0]) | u32::from(state.hand[1]) << 16).to_le_bytes());
    // A set takes the bytes of its word, a count those of its cell.
    let mut at = KEY_HEAD;
    let width = <C::Mask as Mask>::BITS / 8;
    for part in [state.offer, state.closed, state.claimed, owners, state.intact] {
        bytes[at..at + width].copy_from_slice(&part.wide().to_le_bytes()[..width]);
        at += width;
    }
    state.cells.write_counts(C::PLACES, &mut bytes[at..]);
    if rules.board.stores {
        // The stores are not part of the board: what they bank is counted as captured.
        let holes = at + rules.board.holes * C::BYTES;
        bytes[holes..holes + 2 * C::BYTES].fill(0);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{State, Wide};

    /// A history that forgets drops what it was told once stones leave play, and only then;
    /// one that does not forget keeps counting.
    #[test]
    fn stones_leaving_play_forget_the_positions_before() {
        let rules = crate::load::shipped("oware");
        let start: State = StateIn::<Wide>::initial(&rules);
        let mut captured = start;
        captured.remove(0, 2);
        captured.captured[0] += 2;
        let mut forgetting = History::<Wide>::new([false, true], true);
        let mut keeping = History::<Wide>::new([false, true], false);
        for history in [&mut forgetting, &mut keeping] {
            assert_eq!(history.record(&rules, &start), [0, 1]);
            assert_eq!(history.record(&rules, &start), [0, 2]);
        }
        // Nothing left play: still counted.
        assert_eq!(forgetting.record(&rules, &start), [0, 3]);
        // Two stones left play: what stood before is forgotten (it cannot stand again).
        assert_eq!(forgetting.record(&rules, &captured), [0, 1]);
        assert_eq!(forgetting.record(&rules, &start), [0, 1]);
        assert_eq!(keeping.record(&rules, &captured), [0, 1]);
        assert_eq!(keeping.record(&rules, &start), [0, 3]);
        // Stones back in play (a new round clears the history itself): nothing forgotten.
        assert_eq!(forgetting.record(&rules, &start), [0, 2]);
    }

    /// A key tells positions apart by every part its kind compares, and by nothing else: each
    /// part changed alone changes the key, in every layout; a store's count, a declined offer
    /// and the round do not.
    #[test]
    fn keys_are_equal_exactly_when_the_compared_parts_are() {
        /// A change to a position, and whether it changes the key of a board and of a position.
        type Change<C> = (&'static str, fn(&mut StateIn<C>), [bool; 2]);
        fn check<C: Cells>(rules: &Rules) {
            let start = StateIn::<C>::initial(rules);
            let [board, position] = [Repeated::Board, Repeated::Position].map(|what| key(rules, &start, what));
            assert_ne!(board, position);
            let changes: [Change<C>; 15] = [
                ("a count", |s| s.add(3, 1), [true, true]),
                ("the last hole's count", |s| s.add(11, 1), [true, true]),
                ("who moves", |s| s.to_move = s.to_move.opponent(), [true, true]),
                ("captures", |s| s.captured[1] += 1, [false, true]),
                ("an owner", |s| s.set_owner(2, s.owner(2).opponent()), [false, true]),
                ("a hand", |s| s.hand[1] += 1, [true, true]),
                ("an offer", |s| s.offer = C::Mask::bit(2), [true, true]),
                ("a decision", |s| s.pending = Pending::Continue(4), [true, true]),
                ("a closed hole", |s| s.closed = C::Mask::bit(5), [true, true]),
                ("a claimed hole", |s| s.claimed = C::Mask::bit(6), [true, true]),
                ("an intact hole", |s| s.intact = C::Mask::bit(7), [true, true]),
                ("a phase", |s| s.phase[1] = 1, [true, true]),
                ("a store", |s| s.add(12, 1), [false, false]),
                ("a declined offer", |s| s.declined = [true, true], [false, false]),
                ("the round", |s| s.round += 1, [false, false]),
            ];
            for (what, change, differs) in changes {
                let mut changed = start;
                change(&mut changed);
                for (kind, differs) in [Repeated::Board, Repeated::Position].into_iter().zip(differs) {
                    assert_eq!(key(rules, &changed, kind) != key(rules, &start, kind), differs, "{what}, {kind:?}");
                }
            }
        }
        // Kalah has stores (places 12 and 13).
        let rules = crate::load::shipped("kalah");
        check::<Wide>(&rules);
        check::<crate::engine::layout::Narrow>(&rules);
        check::<crate::engine::layout::Middle>(&rules);
        check::<crate::engine::layout::Broad>(&rules);
    }
}
