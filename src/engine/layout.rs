//! How a position is laid out in memory, chosen per game at load: the stones of each place (the
//! holes, then the stores) and the sets of holes (owned, claimed, closed …) as bits of a word.
//!
//! [`Wide`] holds any board (up to [`MAX_HOLES`] places, 65,535 stones in a place): counts of 16
//! bits and sets of 128. [`Narrow`] holds a board of at most [`Narrow::PLACES`] places and 255
//! stones in all (every two- and three-row game that ships): counts of a byte and sets of 32
//! bits, so that a whole position is 64 bytes. [`Middle`] (64 places, the four-row games of 32
//! holes) and [`Broad`] (any number of places) hold 255 stones or fewer with a byte a count and
//! sets of 64 and 128 bits. The layouts of a byte a count read which places hold stones from
//! their counts, sixteen at a time, where it is asked; [`Wide`] keeps it as the counts change.
//! [`Simple`] and [`SimpleMiddle`] are [`Narrow`] and [`Middle`] for rules whose every
//! turn is a simple one ([`Cells::SIMPLE`]). The engine is written once over [`Cells`]; a
//! [`super::Game`] is of one layout, [`Wide`] unless asked otherwise ([`fits`] says when a
//! narrower one may serve; `simulate`, `tournament` and `perft` play in the narrowest, a search
//! by any command searches in it, and `tests/layouts.rs` checks that each plays the same games
//! as [`Wide`] and searches them alike).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

use wide::u8x16;

use crate::compile::Rules;
use crate::MAX_HOLES;

/// A set of places, a bit per place (place `i`: bit `i`).
pub trait Mask:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// No place.
    const NONE: Self;
    /// The places a set can hold.
    const BITS: usize;
    /// The set of place `i` alone (none past [`Mask::BITS`]).
    fn bit(i: usize) -> Self;
    /// Whether place `i` is in the set.
    fn has(self, i: usize) -> bool;
    /// Every place when `every`, else none (without a branch).
    fn every_if(every: bool) -> Self;
    /// How many places are in the set.
    fn ones(self) -> u32;
    /// The set as 128 bits.
    fn wide(self) -> u128;
    /// The first [`Mask::BITS`] places of a set of 128 bits.
    fn from_wide(set: u128) -> Self;
    /// The lowest place of the set, and the set without it (`None`: empty).
    fn pop(self) -> Option<(usize, Self)>;
    /// The set with each place `p` moved to `p - by` (places moved off the set dropped).
    fn shifted(self, by: i8) -> Self;
    /// The places of the set, lowest first.
    #[inline]
    fn places(self) -> Places<Self> {
        Places(self)
    }
    /// The set of the places `places` gives.
    #[inline]
    fn of(places: impl IntoIterator<Item = usize>) -> Self {
        places.into_iter().fold(Self::NONE, |set, place| set | Self::bit(place))
    }
}

/// Every hole of the board of `rules`, as a set of layout `C`.
#[inline]
pub fn board_mask<C: Cells>(rules: &Rules) -> C::Mask {
    C::Mask::from_wide(rules.board.mask.0)
}

/// The places of a set, lowest first.
pub struct Places<M>(M);

impl<M: Mask> Iterator for Places<M> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let (place, rest) = self.0.pop()?;
        self.0 = rest;
        Some(place)
    }
}

macro_rules! mask {
    ($word:ty) => {
        impl Mask for $word {
            const NONE: $word = 0;
            const BITS: usize = <$word>::BITS as usize;

            #[inline]
            fn bit(i: usize) -> $word {
                if i < <Self as Mask>::BITS {
                    1 << i
                } else {
                    0
                }
            }

            #[inline]
            fn every_if(every: bool) -> $word {
                <$word>::from(every).wrapping_neg()
            }

            #[inline]
            fn has(self, i: usize) -> bool {
                i < <Self as Mask>::BITS && self >> i & 1 != 0
            }

            #[inline]
            fn ones(self) -> u32 {
                self.count_ones()
            }

            #[inline]
            fn wide(self) -> u128 {
                u128::from(self)
            }

            #[inline]
            fn from_wide(set: u128) -> $word {
                // Only the places the word holds: the rest are past its board.
                <$word>::try_from(set & u128::from(<$word>::MAX)).unwrap_or(0)
            }

            #[inline]
            fn pop(self) -> Option<(usize, $word)> {
                (self != 0).then(|| (self.trailing_zeros() as usize, self & self.wrapping_sub(1)))
            }

            #[inline]
            fn shifted(self, by: i8) -> $word {
                let places = u32::from(by.unsigned_abs());
                match by >= 0 {
                    true => self.checked_shr(places).unwrap_or(0),
                    false => self.checked_shl(places).unwrap_or(0),
                }
            }
        }
    };
}

mask!(u32);
mask!(u64);
mask!(u128);

/// Each player's sowing table (the file's way) past the closed holes of one position: the next
/// open place after each place, read at once where [`step`] would pass over closed holes stone by
/// stone. Found for a set of closed holes and kept while it stands (holes close and open only
/// between rounds).
#[derive(Clone, Debug)]
pub struct OpenWays<M: Mask> {
    /// The closed holes each player's table was found for ([`Mask::NONE`]: none found yet).
    closed: [M; 2],
    next: [[u8; MAX_HOLES]; 2],
}

impl<M: Mask> Default for OpenWays<M> {
    fn default() -> OpenWays<M> {
        OpenWays { closed: [M::NONE; 2], next: [[0; MAX_HOLES]; 2] }
    }
}

impl<M: Mask> OpenWays<M> {
    /// Finds `player`'s table past `closed` (not [`Mask::NONE`]), unless it is kept already.
    #[inline]
    pub fn find(&mut self, rules: &Rules, player: crate::player::Player, closed: M) {
        let i = player.index();
        if self.closed[i] != closed {
            let table = rules.next_of(player, false);
            let places = rules.board.places();
            for (place, open) in self.next[i].iter_mut().enumerate().take(places) {
                *open = crate::hole_byte(step(table, place, closed));
            }
            self.closed[i] = closed;
        }
    }

    /// `player`'s table as [`OpenWays::find`] last found it.
    #[inline]
    pub fn of(&self, player: crate::player::Player) -> &[u8; MAX_HOLES] {
        &self.next[player.index()]
    }
}

/// The hole after `hole` along `table`, passing over the `closed` holes (at most once round).
#[inline]
pub fn step<M: Mask>(table: &[u8; MAX_HOLES], hole: usize, closed: M) -> usize {
    let mut at = usize::from(table[hole]);
    let mut guard = 0;
    while closed.has(at) && guard < MAX_HOLES {
        at = usize::from(table[at]);
        guard += 1;
    }
    at
}

/// The stones of every place of a board, laid out one way.
pub trait Cells: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// A set of places of this layout.
    type Mask: Mask;
    /// The most places (holes and stores) it holds.
    const PLACES: usize;
    /// The most stones in all it holds.
    const STONES: u32;
    /// The bytes of a place's count.
    const BYTES: usize;
    /// Whether the game is played as one whose every turn is simple
    /// ([`crate::compile::Tracks::simple`]): the engine then leaves out, where the program is
    /// compiled, what such turns never meet (phases, offers, decisions left open, turns played at
    /// once, stones placed from hand). Only [`Simple`] and [`SimpleMiddle`] are; [`fits`] gives them
    /// no other rules.
    const SIMPLE: bool = false;
    /// The layout's name, as `simulate` and the benches print it.
    const NAME: &'static str;
    /// The stones of `counts` (one per place from the first; the rest empty). Counts past the
    /// layout's places or stones are cut: [`fits`] says when they are not.
    fn of(counts: &[u16]) -> Self;
    /// The stones in `place`.
    fn get(&self, place: usize) -> u16;
    fn set(&mut self, place: usize, stones: u16);
    fn add(&mut self, place: usize, stones: u16);
    fn sub(&mut self, place: usize, stones: u16);
    /// One stone more into each place whose `distance` is at most `near` (a lap sown round a
    /// hole's [`crate::compile::Reach`] at once), among the first `span` sixteens of places (the
    /// others' distances are all `u8::MAX`); returns whether it did. [`Wide`] does not (it keeps
    /// the places holding stones as they change), nor does [`Broad`] (rounds of up to eight
    /// sixteens): their laps are sown stone by stone.
    fn add_reach(&mut self, distance: &[u8; MAX_HOLES], near: u8, span: usize) -> bool;
    /// The places holding stones.
    fn stocked(&self) -> Self::Mask;
    /// The places holding at least `k` stones (`k` from 1 to 128).
    fn at_least(&self, k: u8) -> Self::Mask;
    /// Whether the first `places` places hold the same stones in both.
    fn same(&self, other: &Self, places: usize) -> bool;
    /// Writes the counts of the first `places` places into `out`, [`Cells::BYTES`] each, little
    /// end first (`out` holds `places * BYTES` bytes).
    fn write_counts(&self, places: usize, out: &mut [u8]);
    /// The counts of the first `N` places (or of every place, the rest zeros), a byte each, the
    /// first place first; `None` if one of them holds more than 255 stones.
    fn first_bytes<const N: usize>(&self) -> Option<[u8; N]>;
    /// The key of a position of this layout in the repetition history: room for its every part
    /// ([`super::history::key`]).
    type Key: Key;
}

/// The bytes of a position's key ([`Cells::Key`]), compared exactly.
pub trait Key: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// A key of zeros.
    const ZERO: Self;
    fn bytes_mut(&mut self) -> &mut [u8];
}

/// A key of `N` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyOf<const N: usize>([u8; N]);

impl<const N: usize> Hash for KeyOf<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // The bytes alone: every key of a layout has the same length.
        state.write(&self.0);
    }
}

impl<const N: usize> Key for KeyOf<N> {
    const ZERO: Self = KeyOf([0; N]);

    #[inline]
    fn bytes_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

/// The bytes of a key before its sets and counts ([`super::history::key`]).
pub const KEY_HEAD: usize = 8 + 8 + 4;

/// The bytes of a key of a layout of `places` places of `count` bytes and sets of `mask` bytes:
/// the head, five sets and every count.
pub const fn key_bytes(places: usize, count: usize, mask: usize) -> usize {
    KEY_HEAD + 5 * mask + places * count
}

/// Any board: 16-bit counts, 128-bit sets, and the places holding stones kept as they change
/// (counts of two bytes are not compared sixteen at a time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide {
    counts: [u16; MAX_HOLES],
    stocked: u128,
}

impl Wide {
    /// Every place's stones.
    pub fn counts(&self) -> &[u16; MAX_HOLES] {
        &self.counts
    }

    /// Whether `place` holds stones, marked in the set kept.
    #[inline]
    fn mark(&mut self, place: usize) {
        // `place` indexes a count, so it is below `MAX_HOLES`, the bits of a set: the place's
        // bit without asking [`Mask::bit`]'s question.
        let bit = 1u128 << place;
        if self.counts[place] != 0 {
            self.stocked |= bit;
        } else {
            self.stocked &= !bit;
        }
    }
}

impl Cells for Wide {
    type Mask = u128;
    const PLACES: usize = MAX_HOLES;
    const STONES: u32 = u16::MAX as u32;
    const BYTES: usize = 2;
    const NAME: &'static str = "wide";

    fn of(counts: &[u16]) -> Wide {
        let mut cells = Wide { counts: [0; MAX_HOLES], stocked: 0 };
        for (place, &stones) in counts.iter().enumerate().take(MAX_HOLES) {
            cells.set(place, stones);
        }
        cells
    }

    #[inline]
    fn get(&self, place: usize) -> u16 {
        self.counts[place]
    }

    #[inline]
    fn set(&mut self, place: usize, stones: u16) {
        self.counts[place] = stones;
        self.mark(place);
    }

    #[inline]
    fn add(&mut self, place: usize, stones: u16) {
        self.counts[place] = self.counts[place].wrapping_add(stones);
        if stones > 0 {
            // A count that grows holds stones (the layout holds every stone of the game: no
            // count wraps round).
            self.stocked |= 1u128 << place;
        } else {
            self.mark(place);
        }
    }

    #[inline]
    fn sub(&mut self, place: usize, stones: u16) {
        self.counts[place] = self.counts[place].wrapping_sub(stones);
        self.mark(place);
    }

    #[inline]
    fn add_reach(&mut self, _: &[u8; MAX_HOLES], _: u8, _: usize) -> bool {
        false
    }

    #[inline]
    fn stocked(&self) -> u128 {
        self.stocked
    }

    #[inline]
    fn at_least(&self, k: u8) -> u128 {
        self.counts.at_least(k)
    }

    #[inline]
    fn same(&self, other: &Wide, places: usize) -> bool {
        self.counts[..places] == other.counts[..places]
    }

    #[inline]
    fn write_counts(&self, places: usize, out: &mut [u8]) {
        for (bytes, count) in out.chunks_exact_mut(Self::BYTES).zip(&self.counts[..places]) {
            bytes.copy_from_slice(&count.to_le_bytes());
        }
    }

    #[inline]
    fn first_bytes<const N: usize>(&self) -> Option<[u8; N]> {
        let mut bytes = [0u8; N];
        for (byte, &count) in bytes.iter_mut().zip(&self.counts) {
            *byte = u8::try_from(count).ok()?;
        }
        Some(bytes)
    }

    type Key = KeyOf<{ key_bytes(MAX_HOLES, 2, 16) }>;
}

/// A layout named `$names` (without, then with [`Cells::SIMPLE`]) of `$places` places of a
/// byte and `$mask` sets, that reads the places holding stones from its counts where they are
/// asked ([`AtLeast`]: sixteen at a time) rather than keeping them as they change.
macro_rules! byte_cells {
    ($(#[$doc:meta])* $name:ident, $names:expr, $places:expr, $mask:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name<const SIMPLE: bool> {
            counts: [u8; $places],
        }

        // Every place has its bit in a set.
        const _: () = assert!($places <= <$mask>::BITS as usize);

        impl<const SIMPLE: bool> Cells for $name<SIMPLE> {
            type Mask = $mask;
            const PLACES: usize = $places;
            const STONES: u32 = u8::MAX as u32;
            const BYTES: usize = 1;
            const SIMPLE: bool = SIMPLE;
            const NAME: &'static str = $names[SIMPLE as usize];

            fn of(counts: &[u16]) -> $name<SIMPLE> {
                let mut cells = $name { counts: [0; $places] };
                for (cell, &stones) in cells.counts.iter_mut().zip(counts) {
                    *cell = u8::try_from(stones).unwrap_or(u8::MAX);
                }
                cells
            }

            #[inline]
            fn get(&self, place: usize) -> u16 {
                u16::from(self.counts[place])
            }

            #[inline]
            fn set(&mut self, place: usize, stones: u16) {
                self.counts[place] = u8::try_from(stones).unwrap_or(u8::MAX);
            }

            #[inline]
            fn add(&mut self, place: usize, stones: u16) {
                self.counts[place] = self.counts[place].wrapping_add(u8::try_from(stones).unwrap_or(u8::MAX));
            }

            #[inline]
            fn sub(&mut self, place: usize, stones: u16) {
                self.counts[place] = self.counts[place].wrapping_sub(u8::try_from(stones).unwrap_or(u8::MAX));
            }

            #[inline(always)]
            fn add_reach(&mut self, distance: &[u8; MAX_HOLES], near: u8, span: usize) -> bool {
                // `Broad`'s boards (Tsoro's four rows of up to 21) have rounds of up to eight
                // sixteens: added at once, Tsoro ran 9% more instructions for 17% fewer
                // mispredicted branches (docs/speed.md, 0.14.31).
                if $places > 64 {
                    return false;
                }
                add_near(&mut self.counts, distance, near, span);
                true
            }

            #[inline]
            fn stocked(&self) -> $mask {
                self.at_least(1)
            }

            #[inline]
            fn at_least(&self, k: u8) -> $mask {
                AtLeast::<$mask>::at_least(&self.counts, k)
            }

            #[inline]
            fn same(&self, other: &$name<SIMPLE>, places: usize) -> bool {
                self.counts[..places] == other.counts[..places]
            }

            #[inline]
            fn write_counts(&self, places: usize, out: &mut [u8]) {
                out[..places].copy_from_slice(&self.counts[..places]);
            }

            #[inline]
            fn first_bytes<const N: usize>(&self) -> Option<[u8; N]> {
                let mut bytes = [0u8; N];
                let places = N.min(Self::PLACES);
                bytes[..places].copy_from_slice(&self.counts[..places]);
                Some(bytes)
            }

            type Key = KeyOf<{ key_bytes($places, 1, std::mem::size_of::<$mask>()) }>;
        }
    };
}

byte_cells!(
    /// A board of at most [`Middle::PLACES`] places and 255 stones (the four-row games of 32
    /// holes): a byte a place, 64-bit sets. `SIMPLE`: [`Cells::SIMPLE`].
    MiddleIn,
    ["middle", "simple middle"],
    64,
    u64
);

/// The layout of a board of four rows of eight ([`MiddleIn`]).
pub type Middle = MiddleIn<false>;

/// [`Middle`]'s layout, for rules whose turns are all simple ones ([`Cells::SIMPLE`]).
pub type SimpleMiddle = MiddleIn<true>;

byte_cells!(
    /// A small board: at most [`Narrow::PLACES`] places and 255 stones, a byte a place, 32-bit
    /// sets. `SIMPLE`: [`Cells::SIMPLE`] ([`Narrow`] is the layout without it, [`Simple`] the one
    /// with it).
    NarrowIn,
    ["narrow", "simple"],
    20,
    u32
);

/// The layout of a small board ([`NarrowIn`]).
pub type Narrow = NarrowIn<false>;

/// [`Narrow`]'s layout, for rules whose turns are all simple ones ([`Cells::SIMPLE`]).
pub type Simple = NarrowIn<true>;

byte_cells!(
    /// Any board of at most 255 stones (Tsoro's four rows of up to 21): a byte a place, 128-bit
    /// sets: [`Wide`]'s sets with half its counts. Played only without [`Cells::SIMPLE`] ([`Broad`]):
    /// no simple rules that ship need a board this large.
    BroadIn,
    ["broad", "simple broad"],
    MAX_HOLES,
    u128
);

/// The layout of any board of at most 255 stones ([`BroadIn`]).
pub type Broad = BroadIn<false>;

/// Which of a layout's counts are at least `k` (from 1 to 128), as a set `M`.
trait AtLeast<M> {
    fn at_least(&self, k: u8) -> M;
}

impl AtLeast<u32> for [u8; 20] {
    /// The first sixteen counts compared at once, then the sixteen from the fifth, of which the
    /// last four are the board's last.
    #[inline]
    fn at_least(&self, k: u8) -> u32 {
        let from = |first: usize| sixteen_at_least(&self[first..first + 16], k);
        from(0) | from(4) >> 12 << 16
    }
}

impl AtLeast<u64> for [u8; 64] {
    /// Sixteen counts at a time ([`sixteen_at_least`]).
    #[inline]
    fn at_least(&self, k: u8) -> u64 {
        (0..4).fold(0, |set, i| set | u64::from(sixteen_at_least(&self[16 * i..16 * i + 16], k)) << (16 * i))
    }
}

impl AtLeast<u128> for [u8; MAX_HOLES] {
    /// Sixteen counts at a time ([`sixteen_at_least`]).
    #[inline]
    fn at_least(&self, k: u8) -> u128 {
        self.chunks(16).enumerate().fold(0u128, |set, (i, chunk)| set | u128::from(sixteen_at_least(chunk, k)) << (16 * i))
    }
}

/// One stone more into each of `counts` whose `distance` is at most `near`, among the first
/// `span` sixteens of them ([`Cells::add_reach`]): sixteen places at a time, without a branch
/// but the one on `span` (the same for every lap from a hole; none in a layout of two sixteens
/// or fewer, which adds to all of them) (`wide`: one comparison and one subtraction of sixteen
/// bytes).
#[inline(always)]
fn add_near<const N: usize>(counts: &mut [u8; N], distance: &[u8; MAX_HOLES], near: u8, span: usize) {
    let near = u8x16::splat(near);
    // A lane is all ones (−1) where the place's distance is the smaller.
    let add = |counts: [u8; 16], far: [u8; 16]| {
        let far = u8x16::new(far);
        (u8x16::new(counts) - far.min(near).simd_eq(far)).to_array()
    };
    // A layout has at most `MAX_HOLES` places: each sixteen of them has its sixteen distances.
    let ((sixteens, last), (fars, _)) = (counts.as_chunks_mut::<16>(), distance.as_chunks::<16>());
    // Two sixteens or fewer cost less added every time than the branch that spares some.
    let span = if N <= 32 { usize::MAX } else { span };
    for (sixteen, far) in sixteens.iter_mut().zip(fars).take(span) {
        *sixteen = add(*sixteen, *far);
    }
    // The last places, fewer than sixteen (the bytes past them left as they were).
    if let Some(far) = fars.get(sixteens.len()).filter(|_| !last.is_empty() && span > sixteens.len()) {
        let mut sum = [0u8; 16];
        sum[..last.len()].copy_from_slice(last);
        let sum = add(sum, *far);
        last.copy_from_slice(&sum[..last.len()]);
    }
}

/// Which of up to sixteen counts are at least `k` (from 1), a bit each, the first lowest: the
/// sixteen compared at once (`wide`: one comparison of sixteen bytes and the gathering of their
/// top bits, where the processor has them).
#[inline]
fn sixteen_at_least(counts: &[u8], k: u8) -> u32 {
    let mut bytes = [0u8; 16];
    // Bytes past the counts are zero: below any `k`.
    bytes[..counts.len()].copy_from_slice(counts);
    let counts = u8x16::new(bytes);
    // A count is at least `k` where it is the larger of the two.
    counts.max(u8x16::splat(k)).simd_eq(counts).to_bitmask()
}

impl AtLeast<u128> for [u16; MAX_HOLES] {
    /// One count at a time (only [`Wide`]'s counts are of two bytes, and it keeps its stocked
    /// places: this is asked only of thresholds in conditions).
    #[inline]
    fn at_least(&self, k: u8) -> u128 {
        self.iter().enumerate().filter(|&(_, &c)| c >= u16::from(k)).fold(0, |set, (i, _)| set | 1 << i)
    }
}

/// Whether a game of `rules` fits layout `C` from its start: its places, and its stones
/// wherever they go (a place never holds more than the game's stones); for a layout that leaves
/// out what simple turns never meet ([`Cells::SIMPLE`]), also whether the rules' turns are all
/// simple ones.
pub fn fits<C: Cells>(rules: &Rules) -> bool {
    if C::SIMPLE && !rules.tracks.simple {
        return false;
    }
    let places = rules.board.places();
    let stones: u32 = rules.board.initial[..rules.board.holes].iter().map(|&c| u32::from(c)).sum::<u32>() + 2 * u32::from(rules.board.hand);
    places <= C::PLACES && places <= <C::Mask as Mask>::BITS && stones <= C::STONES
}

/// `$body` with the type `$layout` standing for the narrowest layout the rules `$rules` fit
/// ([`fits`]: `Simple`, else `Narrow`, else `SimpleMiddle`, else `Middle`, else `Broad`, else
/// `Wide`), the one `simulate` plays in: the choice made once at run time, among copies of
/// `$body` compiled for each.
///
/// ```
/// let kalah = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/kalah.mancala");
/// let rules = mancala::load_file(kalah, &[] as &[&str]).expect("Kalah loads");
/// // Kalah's 14 places and 48 stones fit `Narrow`, whose position takes 64 bytes, and its turns
/// // are all simple ones: it plays in `Simple`, `Narrow` for such rules.
/// assert_eq!(mancala::in_narrowest!(&rules, C => <C as mancala::engine::Cells>::NAME), "simple");
/// let bytes = mancala::in_narrowest!(&rules, C => std::mem::size_of::<mancala::engine::StateIn<C>>());
/// assert_eq!(bytes, 64);
/// ```
#[macro_export]
macro_rules! in_narrowest {
    ($rules:expr, $layout:ident => $body:expr) => {{
        let rules: &$crate::Rules = $rules;
        if $crate::engine::layout::fits::<$crate::engine::layout::Simple>(rules) {
            type $layout = $crate::engine::layout::Simple;
            $body
        } else if $crate::engine::layout::fits::<$crate::engine::layout::Narrow>(rules) {
            type $layout = $crate::engine::layout::Narrow;
            $body
        } else if $crate::engine::layout::fits::<$crate::engine::layout::SimpleMiddle>(rules) {
            type $layout = $crate::engine::layout::SimpleMiddle;
            $body
        } else if $crate::engine::layout::fits::<$crate::engine::layout::Middle>(rules) {
            type $layout = $crate::engine::layout::Middle;
            $body
        } else if $crate::engine::layout::fits::<$crate::engine::layout::Broad>(rules) {
            type $layout = $crate::engine::layout::Broad;
            $body
        } else {
            type $layout = $crate::engine::layout::Wide;
            $body
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lap added at once: one stone into each place at most `near` along the round, among the
    /// sixteens it is told the round spans (a layout of two sixteens or fewer adds to all); the
    /// layouts of wide counts or many sixteens decline.
    #[test]
    fn a_lap_at_once_adds_a_stone_to_each_place_near_enough() {
        let mut distance = [u8::MAX; MAX_HOLES];
        // A round of five places in the second sixteen and the first: 17, 18, 19, 3, 4.
        for (d, place) in (1..).zip([17, 18, 19, 3, 4]) {
            distance[place] = d;
        }
        let counts: Vec<u16> = (0..20).map(|i| i % 3).collect();
        let added = |cells: &dyn Fn(usize) -> u16| (0..20).filter(|&p| cells(p) != counts[p]).collect::<Vec<usize>>();
        for (span, holes) in [(2, vec![3, 17, 18, 19]), (1, vec![3])] {
            let mut middle = Middle::of(&counts);
            assert!(middle.add_reach(&distance, 4, span));
            assert_eq!(added(&|p| middle.get(p)), holes, "span {span}");
            assert!((0..20).all(|p| middle.get(p) <= counts[p] + 1));
            let mut narrow = Narrow::of(&counts);
            assert!(narrow.add_reach(&distance, 5, span));
            assert_eq!(added(&|p| narrow.get(p)), [3, 4, 17, 18, 19], "span {span}");
        }
        assert!(!Broad::of(&counts).add_reach(&distance, 5, 2));
        assert!(!Wide::of(&counts).add_reach(&distance, 5, 2));
    }

    #[test]
    fn a_narrow_board_knows_which_places_hold_stones() {
        let mut counts = [0u16; 20];
        for (i, c) in counts.iter_mut().enumerate() {
            *c = if i % 3 == 0 { 0 } else { u16::try_from(i * 13 % 256).unwrap_or(0) };
        }
        let narrow = Narrow::of(&counts);
        let expected = (0..20).filter(|&i| counts[i] != 0).fold(0u32, |m, i| m | 1 << i);
        assert_eq!(narrow.stocked(), expected);
        let mut one = Narrow::of(&[0; 20]);
        one.set(19, 255);
        assert_eq!(one.stocked(), 1 << 19);
        one.sub(19, 255);
        assert_eq!(one.stocked(), 0);
    }

    #[test]
    fn a_middle_board_knows_which_places_hold_stones() {
        let counts: Vec<u16> = (0..64).map(|i| if i % 5 == 0 { 0 } else { i * 3 % 200 + 1 }).collect();
        let mut middle = Middle::of(&counts);
        let expected = (0..64).filter(|&i| counts[i] != 0).fold(0u64, |m, i| m | 1 << i);
        assert_eq!(middle.stocked(), expected);
        middle.sub(63, counts[63]);
        middle.add(0, 255);
        assert_eq!(middle.stocked(), expected & !(1 << 63) | 1);
        assert_eq!((middle.get(0), middle.get(63)), (255, 0));
        assert!(!middle.same(&Middle::of(&counts), 64) && Middle::of(&counts).same(&Middle::of(&counts), 64));
    }

    #[test]
    fn every_layout_finds_the_places_of_at_least_k_stones_as_a_count_would() {
        fn check<C: Cells>(counts: &[u16]) {
            let cells = C::of(counts);
            for k in 1..=128u8 {
                let expected = (0..C::PLACES).filter(|&p| cells.get(p) >= u16::from(k)).fold(C::Mask::NONE, |m, p| m | C::Mask::bit(p));
                assert_eq!(cells.at_least(k), expected, "k = {k}");
                if k == 1 {
                    assert_eq!(cells.stocked(), expected);
                }
            }
        }
        // Every count a byte holds, at every place of every word, and the edges of `k`.
        let counts: Vec<u16> =
            (0..128).map(|i| [0, 1, 2, 3, 4, 127, 128, 129, 200, 255][i % 10] + if i % 7 == 0 { 5 } else { 0 }).collect();
        let bytes: Vec<u16> = counts.iter().map(|&c| c.min(255)).collect();
        check::<Narrow>(&bytes[..20]);
        check::<Middle>(&bytes[..64]);
        check::<Broad>(&bytes);
        check::<Wide>(&counts);
    }

    #[test]
    fn every_layout_writes_its_counts_as_it_reads_them() {
        fn written<C: Cells>(counts: &[u16]) -> Vec<u8> {
            let cells = C::of(counts);
            let mut out = vec![0; counts.len() * C::BYTES];
            cells.write_counts(counts.len(), &mut out);
            assert_eq!(out.len(), counts.len() * C::BYTES);
            out
        }
        let counts: Vec<u16> = (0..20).map(|i| i * 11 % 200).collect();
        let bytes: Vec<u8> = counts.iter().map(|&c| u8::try_from(c).unwrap_or(0)).collect();
        assert_eq!(written::<Narrow>(&counts), bytes);
        assert_eq!(written::<Middle>(&counts), bytes);
        assert_eq!(written::<Broad>(&counts), bytes);
        let wide: Vec<u8> = counts.iter().flat_map(|c| c.to_le_bytes()).collect();
        assert_eq!(written::<Wide>(&counts), wide);
        assert_eq!(written::<Narrow>(&counts[..3]), bytes[..3]);
    }

    #[test]
    fn sets_of_every_width_agree() {
        for i in [0usize, 1, 19, 31] {
            assert_eq!(u32::bit(i).wide(), u128::bit(i));
            assert!(u64::bit(i).has(i) && !u64::bit(i).has(i + 1));
        }
        assert_eq!(u32::bit(32), 0);
        assert_eq!(u32::from_wide(u128::MAX), u32::MAX);
        assert_eq!((0b1010_0001u32).places().collect::<Vec<_>>(), [0, 5, 7]);
    }
}
