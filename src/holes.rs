//! The board's places as numbers: a hole (or a store) is an index below [`MAX_HOLES`], kept by the
//! engine as a byte, and a set of places is a [`Holes`], a `u128` with a bit per place. A leaf
//! module: the compiler and the engine both number holes this way.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The most holes a board may have (hole sets are 128-bit masks).
pub const MAX_HOLES: usize = 128;

/// A set of places (holes or stores), a bit per place: place `h` is in the set when bit `h` is
/// set. A transparent wrapper of its word, as shakmaty's `Bitboard` is of a `u64`: every `u128` is
/// a set of places, so the word is public and the engine's own masks ([`crate::engine::Mask`]) meet
/// it through `.0`. Its holes iterate lowest first, in board order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Holes(pub u128);

impl Holes {
    /// No place.
    pub const EMPTY: Holes = Holes(0);

    /// The set of the one place `hole` (below [`MAX_HOLES`]).
    #[inline]
    #[must_use]
    pub const fn one(hole: usize) -> Holes {
        Holes(1 << hole)
    }

    /// The set of the given places (each below [`MAX_HOLES`]).
    #[inline]
    pub fn of(holes: impl IntoIterator<Item = usize>) -> Holes {
        holes.into_iter().collect()
    }

    /// The places below `places` (the first holes, then stores, of a board of `places` places).
    #[inline]
    #[must_use]
    pub const fn below(places: usize) -> Holes {
        if places >= MAX_HOLES {
            Holes(u128::MAX)
        } else {
            Holes((1 << places) - 1)
        }
    }

    /// Whether `hole` (below [`MAX_HOLES`]) is in the set: its 64-bit half picked, then shifted
    /// (a 128-bit word shifted by a variable costs a dozen instructions, this a few).
    #[inline(always)]
    #[must_use]
    pub const fn has(self, hole: usize) -> bool {
        // Each half kept whole: the cast drops only the other half.
        #[allow(clippy::cast_possible_truncation)]
        let half = (self.0 >> (hole & 64)) as u64;
        half >> (hole & 63) & 1 != 0
    }

    /// The set with `hole` added.
    #[inline]
    #[must_use]
    pub const fn with(self, hole: usize) -> Holes {
        Holes(self.0 | 1 << hole)
    }

    /// The set with `hole` taken out.
    #[inline]
    #[must_use]
    pub const fn without(self, hole: usize) -> Holes {
        Holes(self.0 & !(1 << hole))
    }

    /// How many places the set holds.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no place.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest place of the set, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The places of the set, lowest first.
    #[inline]
    pub fn iter(self) -> HolesIter {
        HolesIter(self.0)
    }
}

/// The places of a [`Holes`], lowest first.
#[derive(Clone, Debug)]
pub struct HolesIter(u128);

impl Iterator for HolesIter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let hole = Holes(self.0).first()?;
        self.0 &= self.0 - 1;
        Some(hole)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = Holes(self.0).len();
        (len, Some(len))
    }
}

impl ExactSizeIterator for HolesIter {}

impl std::iter::FusedIterator for HolesIter {}

impl IntoIterator for Holes {
    type Item = usize;
    type IntoIter = HolesIter;

    #[inline]
    fn into_iter(self) -> HolesIter {
        self.iter()
    }
}

impl FromIterator<usize> for Holes {
    #[inline]
    fn from_iter<I: IntoIterator<Item = usize>>(holes: I) -> Holes {
        holes.into_iter().fold(Holes::EMPTY, Holes::with)
    }
}

macro_rules! operator {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Holes {
            type Output = Holes;

            #[inline]
            fn $method(self, other: Holes) -> Holes {
                Holes(self.0 $op other.0)
            }
        }

        impl $assign for Holes {
            #[inline]
            fn $assign_method(&mut self, other: Holes) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Holes {
    type Output = Holes;

    #[inline]
    fn not(self) -> Holes {
        Holes(!self.0)
    }
}

/// A hole (or a store) as the byte the engine keeps it in. Every hole and store is below
/// [`MAX_HOLES`], which the checker enforces, so the conversion never saturates.
pub(crate) fn hole_byte(hole: usize) -> u8 {
    u8::try_from(hole).unwrap_or(u8::MAX)
}

/// The holes of a set given as a raw word (one of the engine's masks), in board order.
#[inline]
pub fn holes_of(set: u128) -> HolesIter {
    Holes(set).iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_in_a_set_as_its_bit_says() {
        for set in [0u128, 1, 1 << 63, 1 << 64, 1 << 127, u128::MAX, 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210] {
            for place in 0..MAX_HOLES {
                assert_eq!(Holes(set).has(place), set >> place & 1 != 0, "{set:#x} at {place}");
            }
        }
    }

    #[test]
    fn one_has_with_and_without() {
        let set = Holes::one(3);
        assert_eq!(set, Holes(0b1000));
        assert!(set.has(3) && !set.has(2) && !set.has(4));
        assert_eq!(set.with(0), Holes(0b1001));
        assert_eq!(set.with(3), set);
        assert_eq!(set.without(3), Holes::EMPTY);
        assert_eq!(set.without(5), set);
    }

    #[test]
    fn of_and_collect_make_the_same_set() {
        let set = Holes::of([5, 0, 70, 5]);
        assert_eq!(set, Holes(1 | 1 << 5 | 1 << 70));
        assert_eq!([70, 0, 5].into_iter().collect::<Holes>(), set);
        assert_eq!(Holes::of([]), Holes::EMPTY);
    }

    #[test]
    fn len_is_empty_and_first() {
        assert_eq!(Holes::EMPTY.len(), 0);
        assert!(Holes::EMPTY.is_empty() && Holes::default().is_empty());
        assert_eq!(Holes::EMPTY.first(), None);
        let set = Holes::of([9, 4, 100]);
        assert_eq!(set.len(), 3);
        assert!(!set.is_empty());
        assert_eq!(set.first(), Some(4));
        assert_eq!(Holes(u128::MAX).len(), MAX_HOLES);
    }

    #[test]
    fn the_holes_come_lowest_first() {
        let set = Holes::of([127, 64, 63, 1, 0]);
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 1, 63, 64, 127]);
        assert_eq!(set.into_iter().len(), 5);
        let mut holes = Holes::EMPTY.into_iter();
        assert_eq!(holes.next(), None);
        assert_eq!(holes.next(), None);
        assert_eq!(holes_of(set.0).collect::<Vec<_>>(), [0, 1, 63, 64, 127]);
    }

    #[test]
    fn hole_127_is_the_top_bit() {
        let set = Holes::one(MAX_HOLES - 1);
        assert_eq!(set, Holes(1 << 127));
        assert!(set.has(127));
        assert_eq!(set.first(), Some(127));
        assert_eq!(set.iter().collect::<Vec<_>>(), [127]);
        assert_eq!(set.without(127), Holes::EMPTY);
        assert_eq!((!set).len(), 127);
        assert!(!(!set).has(127));
    }

    #[test]
    fn below_counts_the_first_places() {
        assert_eq!(Holes::below(0), Holes::EMPTY);
        assert_eq!(Holes::below(3), Holes(0b111));
        assert_eq!(Holes::below(127), Holes(u128::MAX >> 1));
        assert_eq!(Holes::below(MAX_HOLES), Holes(u128::MAX));
    }

    #[test]
    fn the_operators_work_bit_by_bit() {
        let a = Holes::of([0, 1, 127]);
        let b = Holes::of([1, 2]);
        assert_eq!(a & b, Holes::one(1));
        assert_eq!(a | b, Holes::of([0, 1, 2, 127]));
        assert_eq!(a ^ b, Holes::of([0, 2, 127]));
        assert_eq!(!Holes::EMPTY, Holes(u128::MAX));
        assert_eq!(a & !b, Holes::of([0, 127]));
        let mut c = a;
        c &= b;
        assert_eq!(c, a & b);
        c = a;
        c |= b;
        assert_eq!(c, a | b);
        c = a;
        c ^= b;
        assert_eq!(c, a ^ b);
    }
}
