//! The board's places as numbers: a hole (or a store) is an index below [`MAX_HOLES`], kept by the
//! engine as a byte, and a set of places is a `u128` with a bit per place. A leaf module: the
//! compiler and the engine both number holes this way.

/// The most holes a board may have (hole sets are 128-bit masks).
pub const MAX_HOLES: usize = 128;

/// A hole (or a store) as the byte the engine keeps it in. Every hole and store is below
/// [`MAX_HOLES`], which the checker enforces, so the conversion never saturates.
pub(crate) fn hole_byte(hole: usize) -> u8 {
    u8::try_from(hole).unwrap_or(u8::MAX)
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
