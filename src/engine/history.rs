//! The repetition history: how many times each position has stood, kept as counts in a hash map
//! keyed by a 128-bit hash (XXH3) of exactly the parts of the position a repetition compares.
//! Recording a position and asking how often it stood both cost one hash, whatever the length
//! of the game. Two different positions would share a key with a probability of about n² / 2¹²⁹
//! for n positions (below 10⁻²⁸ for a game of 10⁶ actions).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::layout::{Cells, Mask};
use super::{Pending, StateIn};
use crate::compile::Rules;
use crate::vocabulary::Repeated;
use crate::MAX_HOLES;

/// The key of a position for a repetition of one kind.
pub type Key = u128;

/// Occurrences of positions, by [`key`]. Only the kinds of repetition the rules count are kept.
#[derive(Clone, Debug, Default)]
pub struct History {
    seen: HashMap<Key, u32, BuildHasherDefault<KeyHasher>>,
    /// The kinds recorded: `[board, position]`.
    kinds: [bool; 2],
    /// Whether the positions recorded before stones left play are forgotten ([`History::new`]).
    forgets: bool,
    /// The stones out of play (captured by either player) when the last position was recorded.
    out: u32,
}

impl History {
    /// An empty history that records the kinds `kinds` says (`[board, position]`). One that
    /// `forgets` is told of the positions of one game (or round) in turn, where stones never
    /// come back into play: once some leave (captured, or banked in a store), the stones on the
    /// board and in hand are fewer than in any position recorded before, so none of those can
    /// stand again and they are forgotten, which keeps the history short.
    pub fn new(kinds: [bool; 2], forgets: bool) -> History {
        // Room for the positions of a typical game from the start, rather than growing the map
        // several times in each game.
        let room = if kinds.contains(&true) { 256 } else { 0 };
        History { seen: HashMap::with_capacity_and_hasher(room, BuildHasherDefault::default()), kinds, forgets, out: 0 }
    }

    /// Counts `state` once more for each kind kept, and returns how many times it has now
    /// stood, compared as a board and as a position (0 for a kind not kept).
    pub fn record<C: Cells>(&mut self, rules: &Rules, state: &StateIn<C>) -> [u32; 2] {
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
                let seen = self.seen.entry(key(rules, state, what)).or_insert(0);
                *seen += 1;
                *count = *seen;
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

/// The key of `state` for a repetition of kind `what`: a hash of the player to move, any open
/// offer or decision, the closed and claimed holes and every hole's count; for a position, also
/// what each player has captured and who owns each hole.
pub fn key<C: Cells>(rules: &Rules, state: &StateIn<C>, what: Repeated) -> Key {
    // The bytes are written into the smallest buffer that holds them.
    if HEAD + 5 * (<C::Mask as Mask>::BITS / 8) + rules.board.holes * C::BYTES <= SMALL {
        key_in::<C, SMALL>(rules, state, what)
    } else {
        key_in::<C, { HEAD + 5 * 16 + 2 * MAX_HOLES }>(rules, state, what)
    }
}

/// A buffer for the keys of small boards.
const SMALL: usize = 96;

/// [`key`], its bytes written into a buffer of `N` bytes, which holds them.
fn key_in<C: Cells, const N: usize>(rules: &Rules, state: &StateIn<C>, what: Repeated) -> Key {
    let holes = rules.board.holes;
    let position = what == Repeated::Position;
    let (decision, at) = match state.pending {
        Pending::None => (0u8, 0),
        Pending::Continue(hole) => (1, hole),
        Pending::Choose(rule) => (2, rule),
        Pending::Race(hole) => (3, hole),
    };
    let owners = if position { state.owned(crate::player::Player::North, super::layout::board_mask::<C>(rules)) } else { C::Mask::NONE };
    let captured = if position { state.captured } else { [0, 0] };
    // Every part at a fixed place, so that no two different positions of a layout write the same
    // bytes: a set takes the bytes of its word, a count those of its cell.
    let mut bytes = [0u8; N];
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
    bytes[16..20].copy_from_slice(&(u32::from(state.hand[0]) | u32::from(state.hand[1]) << 16).to_le_bytes());
    let mut at = HEAD;
    let width = <C::Mask as Mask>::BITS / 8;
    for part in [state.offer, state.closed, state.claimed, owners, state.intact] {
        bytes[at..at + width].copy_from_slice(&part.wide().to_le_bytes()[..width]);
        at += width;
    }
    let end = at + holes * C::BYTES;
    state.cells.write_counts(holes, &mut bytes[at..end]);
    xxhash_rust::xxh3::xxh3_128(&bytes[..end])
}

/// The bytes of a key before the sets and counts: a word of the kind, the player to move, the
/// decision (2 bytes), the move's state (its way, whether it captured) and the players' phases;
/// a word of the two captures; the two hands.
const HEAD: usize = 8 + 8 + 4;

/// The map's hasher: a key is already a uniform hash, so its low 64 bits serve as they are.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u128` keys are hashed: `write_u128` takes them; anything else is folded in.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let bytes = key.to_le_bytes();
        self.0 = u64::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]]);
    }
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
        let mut forgetting = History::new([false, true], true);
        let mut keeping = History::new([false, true], false);
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
}
