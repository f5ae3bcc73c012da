//! The repetition history: how many times each position has stood, kept as counts in hash maps
//! keyed by exactly the parts of the position a repetition compares. A position of a board of at
//! most 20 holes that sets nothing but its counts, owners, captures, intact and claimed holes and
//! player to move (and, on a board of more than 13 holes, the players' phases) has a short key of
//! 16 or 32 bytes ([`ShortKeys`]); any other its long key ([`key`]), written as the bytes of the
//! position's layout ([`Cells::Key`]). Each kind of key has its table. Two keys are equal only
//! when their positions are the same for that repetition: nothing is told apart by a hash alone.
//! Recording a position and asking how often it stood cost one key and one look-up, whatever the
//! length of the game.

use std::hash::BuildHasher;

use foldhash::fast::FixedState;
use hashbrown::hash_table::Entry;
use hashbrown::HashTable;

use super::layout::{board_mask, Cells, Key, Mask, KEY_HEAD};
use super::{Pending, StateIn};
use crate::compile::Rules;
use crate::player::Player;
use crate::vocabulary::Repeated;

/// Occurrences of positions, by [`key`], or by a short key ([`ShortKeys::key16`],
/// [`ShortKeys::key32`]) where the position has one. Only the kinds of repetition the rules count
/// are kept.
#[derive(Debug)]
pub struct History<C: Cells> {
    /// Each position recorded by its [`key`], and how many times.
    seen: HashTable<(C::Key, u32)>,
    /// Each position recorded by its key of 16 bytes, and how many times.
    short: HashTable<(u128, u32)>,
    /// Each position recorded by its key of 32 bytes, and how many times.
    middle: HashTable<([u64; 4], u32)>,
    /// The kinds recorded: `[board, position]`.
    kinds: [bool; 2],
    /// Whether the positions recorded before stones left play are forgotten ([`History::new`]).
    forgets: bool,
    /// The stones out of play (captured by either player) when the last position was recorded.
    out: u32,
    /// Where the board has few enough holes for short keys, how they are laid out.
    short_keys: Option<ShortKeys<C>>,
}

/// The most holes of a board whose positions may have keys of 16 bytes: a byte for each hole's
/// count, each player's captures and a byte for who moves and the kind fill a `u128`.
const HOLES_16: usize = 13;

/// The most holes of a board whose positions may have keys of 32 bytes: a byte for each hole's
/// count, three bytes for each of the sets of holes that changed owner, intact holes and claimed
/// holes, each player's captures and a byte for who moves and the kind.
const HOLES_32: usize = 20;

/// How the short keys of a board's positions are laid out ([`ShortKeys::key16`],
/// [`ShortKeys::key32`]).
#[derive(Clone, Copy, Debug)]
struct ShortKeys<C: Cells> {
    /// Whether the keys have 32 bytes (16 otherwise).
    wide: bool,
    /// The bits of the holes' counts in the first three words of the key.
    counts: [u64; 3],
    /// The board's holes.
    board: C::Mask,
    /// The holes North owns at the start.
    home: C::Mask,
    /// In a key of 16 bytes, the changes of owner that fit in the bytes the counts leave free
    /// before the captures, as a set of holes.
    owners_room: u128,
    /// Where those bytes start.
    owners_at: u32,
    /// The holes whose being intact some rule reads ([`crate::compile::Tracks::intact_read`]):
    /// the others' are left out of every key.
    intact: C::Mask,
}

impl<C: Cells> ShortKeys<C> {
    /// The key of 16 bytes of `state` for a repetition of kind `what`, where it has one: on a
    /// board of at most [`HOLES_16`] holes, in a position with no open offer or decision, no
    /// closed or claimed hole, no intact hole that a rule reads, nothing in hand, both players in
    /// their first phase and no hole holding more than 255 stones; for a position, also each
    /// player's captures under 256
    /// and the holes that changed owner since the start few enough to fit the bytes the counts
    /// leave free (all of them on a board of 11 holes or fewer, none on one of 13).
    ///
    /// It holds each hole's count in a byte, the first hole lowest; for a position, the holes
    /// that changed owner in the free bytes after them, and what each player has captured in
    /// bytes 13 and 14; and in the last byte, a bit for who moves and one for the kind. Whether
    /// a position has a key of 16 bytes depends only on the parts its kind compares, and the
    /// parts left out are the same in every position that has one: two positions have the same
    /// key of 16 bytes exactly when they have the same [`key`].
    #[inline]
    fn key16(&self, state: &StateIn<C>, what: Repeated) -> Option<u128> {
        if !plain(state) || (state.claimed | (state.intact & self.intact)) != C::Mask::NONE {
            return None;
        }
        let counts =
            u128::from_le_bytes(state.cells.first_bytes::<16>()?) & (u128::from(self.counts[1]) << 64 | u128::from(self.counts[0]));
        // Who moves, then the kind, in the last byte: a board and a position never share a key.
        let north = u128::from(state.to_move == Player::North) << 120;
        if what == Repeated::Board {
            return Some(counts | north);
        }
        let changed = (state.owned(Player::North, self.board) ^ self.home).wide();
        if changed & !self.owners_room != 0 {
            return None;
        }
        let [south, north_captured] = state.captured.map(|c| u8::try_from(c).ok().map(u128::from));
        Some(counts | changed << self.owners_at | south? << 104 | north_captured? << 112 | north | 1 << 121)
    }

    /// The key of 32 bytes of `state` for a repetition of kind `what`, where it has one: on a
    /// board of more than [`HOLES_16`] holes and at most [`HOLES_32`], in a position with no
    /// open offer or decision, no closed hole, nothing in hand, each player in one of their first
    /// eight phases and no hole holding more than 255 stones; for a position, also each player's
    /// captures under 256.
    ///
    /// Its first 20 bytes hold each hole's count in a byte, the first hole lowest; then three
    /// bytes for the holes that changed owner since the start (for a position), a byte for
    /// South's captures, a byte for North's (for a position), a byte with a bit for who moves, one
    /// for the kind and three for each player's phase, and three bytes each for the intact and
    /// the claimed holes. As for [`ShortKeys::key16`], two positions have the same key of 32 bytes
    /// exactly when they have the same [`key`].
    #[inline]
    fn key32(&self, state: &StateIn<C>, what: Repeated) -> Option<[u64; 4]> {
        if !settled(state) || (state.phase[0] | state.phase[1]) >= 8 {
            return None;
        }
        let bytes = state.cells.first_bytes::<24>()?;
        let word = |at: usize| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[8 * at..8 * at + 8]);
            u64::from_le_bytes(word) & self.counts[at]
        };
        let [intact, claimed] = [state.intact & self.intact, state.claimed].map(|set| low_24(set.wide()));
        let north = u64::from(state.to_move == Player::North) << 8;
        let phases = u64::from(state.phase[0]) << 10 | u64::from(state.phase[1]) << 13;
        let marks = north | phases | intact? << 16 | claimed? << 40;
        if what == Repeated::Board {
            return Some([word(0), word(1), word(2), marks]);
        }
        let changed = low_24((state.owned(Player::North, self.board) ^ self.home).wide())?;
        let [south, north_captured] = state.captured.map(|c| u8::try_from(c).ok().map(u64::from));
        Some([word(0), word(1), word(2) | changed << 32 | south? << 56, marks | north_captured? | 1 << 9])
    }
}

impl<C: Cells> Clone for History<C> {
    fn clone(&self) -> History<C> {
        History {
            seen: self.seen.clone(),
            short: self.short.clone(),
            middle: self.middle.clone(),
            kinds: self.kinds,
            forgets: self.forgets,
            out: self.out,
            short_keys: self.short_keys,
        }
    }

    /// Copies `source` into this history's tables: no allocation where each has as many buckets
    /// as `source`'s.
    fn clone_from(&mut self, source: &History<C>) {
        // Every part named, so that a part added is not left out.
        let History { seen, short, middle, kinds, forgets, out, short_keys } = source;
        self.seen.clone_from(seen);
        self.short.clone_from(short);
        self.middle.clone_from(middle);
        self.kinds = *kinds;
        self.forgets = *forgets;
        self.out = *out;
        self.short_keys = *short_keys;
    }
}

impl<C: Cells> History<C> {
    /// An empty history of positions under `rules` that records the kinds `kinds` says
    /// (`[board, position]`). One that `forgets` is told of the positions of one game (or round)
    /// in turn, where stones never come back into play: once some leave (captured, or banked in a
    /// store), the stones on the board and in hand are fewer than in any position recorded
    /// before, so none of those can stand again and they are forgotten, which keeps the history
    /// short.
    pub fn new(rules: &Rules, kinds: [bool; 2], forgets: bool) -> History<C> {
        let holes = rules.board.holes;
        // One that records nothing needs no keys laid out (a game without repetition endings
        // makes two such at its start).
        let records = kinds.contains(&true);
        let short_keys = (records && holes <= HOLES_32).then(|| {
            let counts = |word: usize| match holes.saturating_sub(8 * word) {
                0 => 0,
                bytes if bytes >= 8 => u64::MAX,
                bytes => (1u64 << (8 * bytes)) - 1,
            };
            ShortKeys {
                wide: holes > HOLES_16,
                counts: [counts(0), counts(1), counts(2)],
                board: board_mask::<C>(rules),
                home: StateIn::<C>::north_at_start(rules),
                owners_room: (1u128 << (8 * HOLES_16.saturating_sub(holes))) - 1,
                owners_at: 8 * u32::try_from(holes.min(HOLES_16)).unwrap_or(0),
                intact: C::Mask::from_wide(rules.tracks.intact_read),
            }
        });
        // Room for a few dozen positions from the start, rather than growing the table several
        // times in each game; no more, since a search copies the game, history and all, at each
        // playout (the history that forgets stays about this small). Most positions of a small
        // board have short keys.
        let room = if records { 64 } else { 0 };
        let [short, middle, long] = match short_keys.map(|keys| keys.wide) {
            Some(false) => [room, 0, 0],
            Some(true) => [0, room, 0],
            None => [0, 0, room],
        };
        History {
            seen: HashTable::with_capacity(long),
            short: HashTable::with_capacity(short),
            middle: HashTable::with_capacity(middle),
            kinds,
            forgets,
            out: 0,
            short_keys,
        }
    }

    /// Counts `state` once more for each kind kept, and returns how many times it has now
    /// stood, compared as a board and as a position (0 for a kind not kept). Inlined where the
    /// game records its positions, itself out of line.
    #[inline(always)]
    pub fn record(&mut self, rules: &Rules, state: &StateIn<C>) -> [u32; 2] {
        if self.forgets {
            let out = state.captured[0] + state.captured[1];
            if out > self.out {
                self.clear();
            }
            self.out = out;
        }
        match &self.short_keys {
            Some(keys) if keys.wide => self.count_kinds::<true>(rules, state),
            _ => self.count_kinds::<false>(rules, state),
        }
    }

    /// [`History::record`] once stones out of play are told of, where `MIDDLE` says whether the
    /// board's positions may have keys of 32 bytes (each way compiled apart, so that a board of
    /// short keys of 16 bytes does not pay for the other).
    #[inline(always)]
    fn count_kinds<const MIDDLE: bool>(&mut self, rules: &Rules, state: &StateIn<C>) -> [u32; 2] {
        let [board, position] = self.kinds;
        [
            if board { self.count::<MIDDLE>(rules, state, Repeated::Board) } else { 0 },
            if position { self.count::<MIDDLE>(rules, state, Repeated::Position) } else { 0 },
        ]
    }

    /// Counts `state` once more as a repetition of kind `what` ([`History::count_kinds`]).
    #[inline(always)]
    fn count<const MIDDLE: bool>(&mut self, rules: &Rules, state: &StateIn<C>, what: Repeated) -> u32 {
        match &self.short_keys {
            Some(_) if MIDDLE => self.count_middle(rules, state, what),
            Some(keys) => match keys.key16(state, what) {
                Some(key) => bump(&mut self.short, key, hash16),
                None => self.count_long(rules, state, what),
            },
            None => self.count_long(rules, state, what),
        }
    }

    /// Counts `state` by its key of 32 bytes if it has one, by its [`key`] otherwise (out of
    /// line, for the same reason as [`History::count_long`]).
    #[inline(never)]
    fn count_middle(&mut self, rules: &Rules, state: &StateIn<C>, what: Repeated) -> u32 {
        match self.short_keys.as_ref().and_then(|keys| keys.key32(state, what)) {
            Some(key) => bump(&mut self.middle, key, hash32),
            None => self.count_long(rules, state, what),
        }
    }

    /// Counts `state` by its [`key`], for a position without a short key (out of line: the
    /// compiler would otherwise start building the long key before it knows it needs it).
    #[inline(never)]
    fn count_long(&mut self, rules: &Rules, state: &StateIn<C>, what: Repeated) -> u32 {
        bump(&mut self.seen, key(rules, state, what), |key| HASHER.hash_one(key))
    }

    /// How many positions it holds, of every kind.
    #[cfg(test)]
    pub fn held(&self) -> usize {
        self.seen.len() + self.short.len() + self.middle.len()
    }

    /// Whether `state` has a short key for a repetition of kind `what`.
    #[cfg(test)]
    fn has_short_key(&self, state: &StateIn<C>, what: Repeated) -> bool {
        match &self.short_keys {
            Some(keys) if keys.wide => keys.key32(state, what).is_some(),
            Some(keys) => keys.key16(state, what).is_some(),
            None => false,
        }
    }

    /// Whether it holds the very positions `other` holds, each counted as often, of every kind,
    /// and was told of as many stones out of play.
    #[cfg(test)]
    pub fn same_counts(&self, other: &History<C>) -> bool {
        fn same<K: Copy + Eq>(a: &HashTable<(K, u32)>, b: &HashTable<(K, u32)>, hash: impl Fn(&K) -> u64) -> bool {
            a.len() == b.len() && a.iter().all(|&(key, n)| b.find(hash(&key), |(seen, _)| *seen == key).is_some_and(|&(_, m)| m == n))
        }
        same(&self.short, &other.short, hash16)
            && same(&self.middle, &other.middle, hash32)
            && same(&self.seen, &other.seen, |key| HASHER.hash_one(key))
            && self.out == other.out
    }

    /// Whether it forgets the positions before stones leave play ([`History::new`]).
    #[cfg(test)]
    pub fn forgets(&self) -> bool {
        self.forgets
    }

    /// Forgets every position recorded.
    pub fn clear(&mut self) {
        self.seen.clear();
        self.short.clear();
        self.middle.clear();
    }
}

/// The hash of a key in the map (the same in every run).
const HASHER: FixedState = FixedState::with_seed(0);

/// Counts `key` once more in `table`, and returns how many times it has now been counted.
#[inline(always)]
fn bump<K: Copy + Eq>(table: &mut HashTable<(K, u32)>, key: K, hash: impl Fn(&K) -> u64) -> u32 {
    match table.entry(hash(&key), |(seen, _)| *seen == key, |(seen, _)| hash(seen)) {
        Entry::Occupied(mut seen) => {
            seen.get_mut().1 += 1;
            seen.get().1
        }
        Entry::Vacant(new) => {
            new.insert((key, 1));
            1
        }
    }
}

/// Whether nothing but the counts, the owners, the intact and claimed holes, the captures and
/// the player to move is set in `state`: no open offer or decision, no closed hole, nothing in
/// hand, both players in their first phase, no move under way.
#[inline]
fn plain<C: Cells>(state: &StateIn<C>) -> bool {
    // Simple turns have no phases (`C::SIMPLE`).
    settled(state) && (C::SIMPLE || state.phase == [0, 0])
}

/// Whether nothing but the counts, the owners, the intact and claimed holes, the captures, the
/// players' phases and the player to move is set in `state` ([`plain`], in any phase).
#[inline]
fn settled<C: Cells>(state: &StateIn<C>) -> bool {
    // Simple turns leave no offer or decision open (`C::SIMPLE`).
    let offer = if C::SIMPLE { C::Mask::NONE } else { state.offer };
    (C::SIMPLE || state.pending == Pending::None)
        && !state.reversed
        && !state.capturing
        && state.hand == [0, 0]
        && (offer | state.closed) == C::Mask::NONE
}

/// The holes of `set`, if all of them are among the first 24.
#[inline]
fn low_24(set: u128) -> Option<u64> {
    (set >> 24 == 0).then(|| halves(set)[0])
}

/// One multiplication of two words, each turned by a constant, the product's halves folded
/// together.
#[inline]
fn fold(low: u64, high: u64, keys: [u64; 2]) -> u64 {
    let [low, high] = halves(u128::from(low ^ keys[0]) * u128::from(high ^ keys[1]));
    low ^ high
}

/// The hash of a key of 16 bytes: one multiplication of its two halves (the same in every run).
#[inline]
fn hash16(key: &u128) -> u64 {
    let [low, high] = halves(*key);
    fold(low, high, [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344])
}

/// The hash of a key of 32 bytes: two multiplications, each of two of its words, side by side.
#[inline]
fn hash32(key: &[u64; 4]) -> u64 {
    fold(key[0], key[1], [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344])
        ^ fold(key[2], key[3], [0xa409_3822_299f_31d0, 0x082e_fa98_ec4e_6c89])
}

/// The low and the high 64 bits of `x`.
#[inline]
fn halves(x: u128) -> [u64; 2] {
    // Both halves are kept: the casts lose nothing.
    #[allow(clippy::cast_possible_truncation)]
    [x as u64, (x >> 64) as u64]
}

/// The key of `state` for a repetition of kind `what`: the player to move, any open offer or
/// decision, the closed and claimed holes, the intact holes that a rule reads
/// ([`crate::compile::Tracks::intact_read`]) and every hole's count; for a position, also what each
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
    let intact = state.intact & C::Mask::from_wide(rules.tracks.intact_read);
    for part in [state.offer, state.closed, state.claimed, owners, intact] {
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

    /// A change to a position, and whether it changes the position as a board and as a position.
    type Change<C> = (&'static str, fn(&mut StateIn<C>), [bool; 2]);

    /// A change of each part of a position that a key compares, and of some it does not, on a
    /// board of at least 12 holes under `rules` (hole 7 made intact or not changes a key only
    /// where a rule reads it).
    fn changes<C: Cells>(rules: &Rules) -> [Change<C>; 23] {
        let intact = rules.tracks.intact_read >> 7 & 1 != 0;
        [
            ("a count", |s| s.add(3, 1), [true, true]),
            ("the last hole's count", |s| s.add(11, 1), [true, true]),
            ("who moves", |s| s.to_move = s.to_move.opponent(), [true, true]),
            ("captures", |s| s.captured[1] += 1, [false, true]),
            ("South's captures", |s| s.captured[0] += 1, [false, true]),
            ("captures past 255", |s| s.captured[0] += 300, [false, true]),
            ("an owner", |s| s.set_owner(2, s.owner(2).opponent()), [false, true]),
            ("two owners", |s| (0..2).for_each(|h| s.set_owner(h, s.owner(h).opponent())), [false, true]),
            ("the last hole's owner", |s| s.set_owner(11, s.owner(11).opponent()), [false, true]),
            ("a hand", |s| s.hand[1] += 1, [true, true]),
            ("an offer", |s| s.offer = C::Mask::bit(2), [true, true]),
            ("a decision", |s| s.pending = Pending::Continue(4), [true, true]),
            ("a closed hole", |s| s.closed = C::Mask::bit(5), [true, true]),
            ("a claimed hole", |s| s.claimed = C::Mask::bit(6), [true, true]),
            ("an intact hole", |s| s.intact = s.intact ^ C::Mask::bit(7), [intact; 2]),
            ("a phase", |s| s.phase[1] = 1, [true, true]),
            ("South's phase", |s| s.phase[0] = 2, [true, true]),
            ("a phase past the short keys' room", |s| s.phase[0] = 9, [true, true]),
            ("a reversed move", |s| s.reversed = true, [true, true]),
            ("a capturing move", |s| s.capturing = true, [true, true]),
            ("a declined offer", |s| s.declined = [true, true], [false, false]),
            ("the round", |s| s.round += 1, [false, false]),
            ("nothing", |_| {}, [false, false]),
        ]
    }

    /// Whether a hole is intact (never emptied) is part of a key only where some rule reads it:
    /// Bao la Kiswahili's houses alone (`in nyumba and intact`), Gabata's every hole (a hole made
    /// four is asked whether it is intact, wherever it is), nowhere in a game that never asks.
    #[test]
    fn a_hole_being_intact_is_compared_only_where_a_rule_reads_it() {
        let bao = crate::load::shipped("bao-la-kiswahili");
        let houses = ["b5", "c4"].map(|label| bao.hole(label).expect("a hole"));
        assert_eq!(bao.tracks.intact_read, houses.iter().fold(0, |set, &h| set | 1u128 << h));
        let gabata = crate::load::shipped("gabata");
        let board = (1u128 << gabata.board.holes) - 1;
        assert_eq!(gabata.tracks.intact_read & board, board);
        assert_eq!(crate::load::shipped("oware").tracks.intact_read, 0);
        // In Bao, two positions told apart by an ordinary hole having been emptied are the same;
        // by a house, not.
        let start = StateIn::<Wide>::initial(&bao);
        let [mut ordinary, mut house] = [start; 2];
        let b6 = bao.hole("b6").expect("a hole");
        assert!(start.intact.has(b6) && start.intact.has(houses[0]));
        ordinary.intact = start.intact & !<Wide as Cells>::Mask::bit(b6);
        house.intact = start.intact & !<Wide as Cells>::Mask::bit(houses[0]);
        let mut history = History::<Wide>::new(&bao, [false, true], false);
        assert_eq!(history.record(&bao, &start), [0, 1]);
        assert_eq!(history.record(&bao, &ordinary), [0, 2]);
        assert_eq!(history.record(&bao, &house), [0, 1]);
    }

    /// A history that forgets drops what it was told once stones leave play, and only then;
    /// one that does not forget keeps counting.
    #[test]
    fn stones_leaving_play_forget_the_positions_before() {
        let rules = crate::load::shipped("oware");
        let start: State = StateIn::<Wide>::initial(&rules);
        let mut captured = start;
        captured.remove(0, 2);
        captured.captured[0] += 2;
        let mut forgetting = History::<Wide>::new(&rules, [false, true], true);
        let mut keeping = History::<Wide>::new(&rules, [false, true], false);
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
        fn check<C: Cells>(rules: &Rules) {
            let start = StateIn::<C>::initial(rules);
            let [board, position] = [Repeated::Board, Repeated::Position].map(|what| key(rules, &start, what));
            assert_ne!(board, position);
            let mut changes = changes::<C>(rules).to_vec();
            changes.push(("a store", |s| s.add(12, 1), [false, false]));
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

    /// A history counts a changed position as the one before exactly when the parts its kind
    /// compares are the same, whether the positions have short keys or not: on boards of keys
    /// of 16 bytes (Kalah's 12 holes, in a layout of byte counts and one of 16-bit counts), of 32
    /// bytes (Rab'e's 18, Gabata's 18 with intact holes) and of long ones only (Bao la
    /// Kiswahili's 32).
    #[test]
    fn a_changed_position_is_counted_again_exactly_when_its_compared_parts_are_the_same() {
        fn check<C: Cells>(rules: &Rules, short: bool) {
            let start = StateIn::<C>::initial(rules);
            let store = rules.board.holes;
            for (what, change, differs) in changes::<C>(rules) {
                let mut changed = start;
                change(&mut changed);
                for kinds in [[true, false], [false, true], [true, true]] {
                    for (index, kind) in [Repeated::Board, Repeated::Position].into_iter().enumerate().filter(|&(i, _)| kinds[i]) {
                        let mut history = History::<C>::new(rules, kinds, false);
                        let [once, twice] = if differs[index] { [1, 2] } else { [2, 3] };
                        assert_eq!(history.record(rules, &start)[index], 1, "{what}, {kind:?}");
                        assert_eq!(history.record(rules, &changed)[index], once, "{what}, {kind:?}");
                        assert_eq!(history.record(rules, &changed)[index], twice, "{what}, {kind:?}");
                        assert_eq!(history.has_short_key(&start, kind), short, "{what}, {kind:?}");
                    }
                }
            }
            // Forgotten once cleared, whatever the key.
            let mut history = History::<C>::new(rules, [true, true], false);
            history.record(rules, &start);
            assert_eq!(history.record(rules, &start), [2, 2]);
            history.clear();
            assert_eq!(history.record(rules, &start), [1, 1]);
            // A set naming a place past the first 24 (none does on a board of short keys) is not
            // taken for one without it.
            let mut far = start;
            far.claimed = C::Mask::bit(25);
            let mut history = History::<C>::new(rules, [true, true], false);
            history.record(rules, &start);
            assert_eq!(history.record(rules, &far), [1, 1]);
            // The same captures, by the other player.
            let [mut south, mut north] = [start; 2];
            south.captured = [1, 0];
            north.captured = [0, 1];
            let mut history = History::<C>::new(rules, [true, true], false);
            assert_eq!(history.record(rules, &south), [1, 1]);
            assert_eq!(history.record(rules, &north), [2, 1]);
            // A change of owner that does not fit before the captures is not taken for captures.
            let [mut owner, mut captures] = [start; 2];
            owner.set_owner(11, owner.owner(11).opponent());
            captures.captured[0] = 8;
            let mut history = History::<C>::new(rules, [false, true], false);
            assert_eq!(history.record(rules, &owner), [0, 1]);
            assert_eq!(history.record(rules, &captures), [0, 1]);
            if store + 2 <= C::PLACES && rules.board.stores {
                // A store's count is not part of the board.
                let mut banked = start;
                banked.add(store, 1);
                let mut history = History::<C>::new(rules, [true, true], false);
                history.record(rules, &start);
                assert_eq!(history.record(rules, &banked), [2, 2]);
            }
        }
        let kalah = crate::load::shipped("kalah");
        check::<crate::engine::layout::Narrow>(&kalah, true);
        check::<Wide>(&kalah, true);
        // Keys of 32 bytes: 18 holes, Gabata's intact holes, and Congkak's 14 holes and stores.
        let rabe = crate::load::shipped("rabe");
        check::<crate::engine::layout::Narrow>(&rabe, true);
        check::<Wide>(&rabe, true);
        check::<crate::engine::layout::Narrow>(&crate::load::shipped("gabata"), true);
        check::<crate::engine::layout::Narrow>(&crate::load::shipped("congkak"), true);
        let bao = crate::load::shipped("bao-la-kiswahili");
        check::<crate::engine::layout::Middle>(&bao, false);
        check::<Wide>(&bao, false);
    }

    /// On the positions of random games of every shipped file, a history counts each position as
    /// a list of the long keys seen before does, with short keys where the board allows them: in
    /// the widest layout, and in the narrowest the rules fit (where the counts are bytes).
    #[test]
    fn a_history_counts_as_a_list_of_long_keys_does() {
        use crate::engine::layout::{fits, Broad, Middle, Narrow};
        use rand::rngs::ChaCha8Rng;
        use rand::{RngExt, SeedableRng};
        /// A history in layout `C`, how many of its positions had short keys, and how many it
        /// was told of.
        struct Narrowed<C: Cells>(History<C>, usize, usize);
        impl<C: Cells> Narrowed<C> {
            fn new(rules: &Rules) -> Option<Narrowed<C>> {
                fits::<C>(rules).then(|| Narrowed(History::new(rules, [true, true], false), 0, 0))
            }
            /// Records `state` in this layout, and returns its counts.
            fn record(&mut self, rules: &Rules, state: &State) -> [u32; 2] {
                let state = state.narrow::<C>(rules).expect("a position of rules that fit the layout");
                self.1 += usize::from([Repeated::Board, Repeated::Position].iter().any(|&kind| self.0.has_short_key(&state, kind)));
                self.2 += 1;
                self.0.record(rules, &state)
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut short, mut again) = (0, 0);
        let (mut narrow_short, mut narrow_played) = ([0; 3], [0; 3]);
        for (file, rules) in crate::load::every_shipped() {
            for _ in 0..6 {
                let mut game = crate::engine::Game::new(&rules);
                let mut history = History::<Wide>::new(&rules, [true, true], false);
                let mut narrow = Narrowed::<Narrow>::new(&rules);
                let mut middle = Narrowed::<Middle>::new(&rules).filter(|_| narrow.is_none());
                let mut broad = Narrowed::<Broad>::new(&rules).filter(|_| narrow.is_none() && middle.is_none());
                let mut list: Vec<(Repeated, <Wide as Cells>::Key)> = Vec::new();
                for _ in 0..400 {
                    let state = game.state();
                    let counts = history.record(&rules, state);
                    let narrowed = [
                        narrow.as_mut().map(|n| n.record(&rules, state)),
                        middle.as_mut().map(|n| n.record(&rules, state)),
                        broad.as_mut().map(|n| n.record(&rules, state)),
                    ];
                    for (index, kind) in [Repeated::Board, Repeated::Position].into_iter().enumerate() {
                        let key = key(&rules, state, kind);
                        list.push((kind, key));
                        let times = list.iter().filter(|&&(k, seen)| k == kind && seen == key).count();
                        assert_eq!(counts[index] as usize, times, "{}", file.display());
                        for counts in narrowed.iter().flatten() {
                            assert_eq!(counts[index] as usize, times, "{} in its narrowest layout", file.display());
                        }
                        short += usize::from(history.has_short_key(state, kind));
                        again += usize::from(times > 1);
                    }
                    let actions = game.legal_actions();
                    if actions.is_empty() {
                        break;
                    }
                    game.apply(actions[rng.random_range(0..actions.len())]).expect("a legal action applies");
                }
                let told =
                    [narrow.map(|n| [n.1, n.2]), middle.map(|n| [n.1, n.2]), broad.map(|n| [n.1, n.2])].map(Option::unwrap_or_default);
                for (layout, [short, played]) in told.into_iter().enumerate() {
                    narrow_short[layout] += short;
                    narrow_played[layout] += played;
                }
            }
        }
        // Both kinds of key were used, and positions came back.
        assert!(short > 1_000, "{short}");
        assert!(again > 100, "{again}");
        // Short keys in the narrowest layout, and every narrow layout played.
        assert!(narrow_short[0] > 1_000, "{narrow_short:?}");
        assert!(narrow_played.iter().all(|&played| played > 100), "{narrow_played:?}");
    }
}
