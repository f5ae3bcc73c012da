//! The `board` section compiled ([`Board`]): the board's size, owners and stores, the stones at
//! the start, the named sets of holes as [`Holes`], and its geometry: each player's circuit as
//! tables of the next and previous hole, the opposite and behind holes, the ends of each kind of
//! row. [`Geometry`] works the circuits out for the number of columns chosen.

use super::Lowering;
use crate::check::model::{Model, Placement};
use crate::holes::Holes;
use crate::player::Player;
use crate::vocabulary::{Direction, Num, Relation, RowEnd, RowKind};
use crate::{hole_byte, MAX_HOLES};

/// What the `board` section says, for the options chosen: the board's size and geometry as the
/// engine reads them, a hole as its index (`row * columns + column`).
#[derive(Clone, Debug)]
pub struct Board {
    pub rows: usize,
    pub columns: usize,
    /// Number of holes: `rows * columns`. Hole `h` is row `h / columns`, column `h % columns`.
    pub holes: usize,
    /// Every hole of the board.
    pub mask: Holes,
    /// Whether each player has a store, in their circuit after their row: South's is "hole"
    /// `holes`, North's `holes + 1`. Stones sown into a store count as the owner's captures.
    pub stores: bool,
    /// Whether each store is at the left end of its player's row as they see it (else the right).
    pub stores_left: bool,
    pub row_owner: Vec<Player>,
    /// The owner of each hole at the start: its row's, or the one an `owns … holes` line names.
    pub home: [Player; MAX_HOLES],
    /// North's holes at the start ([`Board::home`]), as a set.
    pub home_north: u128,
    pub initial: [u16; MAX_HOLES],
    /// Stones each player holds in hand at the start.
    pub hand: u16,
    /// The holes of each named set of the rule file, in declaration order.
    pub sets: Vec<(String, Holes)>,
    /// The hole after each hole in each player's sowing order (South's table first). Where
    /// circuits are per player, a hole off a player's circuit follows its row owner's.
    pub next: [[u8; MAX_HOLES]; 2],
    /// The hole before each hole in each player's sowing order.
    pub previous: [[u8; MAX_HOLES]; 2],
    /// Each hole's round of each player's sowing table ([`Reach`]), a hole's at its index
    /// (South's first): what a lap sown from it reaches, read at once rather than stone by stone.
    pub reach: [Box<[Reach]>; 2],
    /// The same of each player's table the other way ([`Board::previous`]).
    pub reach_back: [Box<[Reach]>; 2],
    /// The hole in the same column, mirrored across the middle of the board.
    pub opposite: [u8; MAX_HOLES],
    /// The hole behind the opposite one (`u8::MAX`: none), on four rows.
    pub behind: [u8; MAX_HOLES],
    /// Each hole's column (`hole % columns`), read rather than divided for.
    pub column: [u8; MAX_HOLES],
    /// The holes of the first column, one a row: those of column `c` are these `c` places on
    /// ([`Board::column_holes`]).
    pub first_column: u128,
    /// Each player's first and last hole of their outer, inner and own rows, in the order they
    /// sow (`u8::MAX`: no such row): `[player][outer, inner, own][first, last]`.
    pub row_ends: [[[u8; 2]; 3]; 2],
}

impl Board {
    /// The places of a position: the holes, then the two stores where there are some.
    pub fn places(&self) -> usize {
        self.holes + if self.stores { 2 } else { 0 }
    }

    /// The holes of `hole`'s column, one a row (`hole` a hole of the board).
    #[inline]
    pub fn column_holes(&self, hole: usize) -> u128 {
        self.first_column << self.column[hole]
    }

    /// The hole a relation fixed by the board (opposite, symmetric, behind) names from `hole`:
    /// `None` where there is none (behind a hole of an outer row), and for the relations that
    /// follow the sowing (next, previous, beyond). For the cold paths (loading, checking a
    /// position); the engine's laps read the tables in the form each wants.
    pub fn fixed(&self, relation: Relation, hole: usize) -> Option<usize> {
        if hole >= self.holes {
            return None;
        }
        let to = match relation {
            Relation::Opposite => usize::from(self.opposite[hole]),
            Relation::Symmetric => self.holes - 1 - hole,
            Relation::Behind => usize::from(self.behind[hole]),
            Relation::Next | Relation::Previous | Relation::Beyond => return None,
        };
        (to < self.holes).then_some(to)
    }

    /// The `board` section of `model`, on the board of the columns chosen.
    pub(super) fn of(model: &Model, lower: &Lowering<'_>) -> Board {
        let geometry = &lower.geometry;
        Board {
            rows: geometry.rows,
            columns: geometry.columns,
            holes: geometry.holes,
            mask: Holes::below(geometry.holes),
            stores: model.board.stores,
            stores_left: model.board.stores_left,
            row_owner: model.board.row_owner.clone(),
            home: geometry.home,
            home_north: (0..geometry.holes).filter(|&h| geometry.home[h] == Player::North).fold(0, |set, h| set | 1 << h),
            initial: initial_counts(model, lower),
            hand: model.board.hand.map_or(0, |n| u16::try_from(lower.value(n)).unwrap_or(u16::MAX)),
            sets: model.board.sets.iter().zip(&lower.named).map(|(set, mask)| (set.name.clone(), *mask)).collect(),
            next: geometry.next,
            reach: geometry.next.map(|next| Reach::of_each(&next, geometry.holes)),
            reach_back: geometry.previous.map(|previous| Reach::of_each(&previous, geometry.holes)),
            previous: geometry.previous,
            opposite: geometry.opposite,
            behind: geometry.behind(),
            column: std::array::from_fn(|hole| hole_byte(hole % geometry.columns.max(1))),
            first_column: (0..geometry.rows)
                .fold(0, |set, row| set | 1u128.checked_shl(u32::try_from(row * geometry.columns).unwrap_or(u32::MAX)).unwrap_or(0)),
            row_ends: geometry.row_ends(),
        }
    }
}

/// The round of a player's sowing table through a hole: the places the table comes to from the
/// hole before it comes back to it. A lap of `n` stones from the hole (none back into it), `n`
/// at most the round's length, puts one into each place at most `n` on and ends `n` on.
#[derive(Clone, Debug)]
pub struct Reach {
    /// How far each place is from the hole along the round: 1 for the next one, the round's
    /// length for the hole itself, `u8::MAX` for a place off the round.
    pub distance: [u8; MAX_HOLES],
    /// The place at each distance from the hole, from 0 (the hole) to the round's length (the
    /// hole again); the hole past it. Read at any byte, without a bound to check.
    pub place: [u8; 256],
    /// The places of the round; 0 where the table never comes back to the hole.
    pub length: u8,
    /// The sixteens of places, from the first, that hold the round's (its last place's sixteen
    /// and those before it): a lap round it changes none past them.
    pub span: u8,
}

impl Reach {
    /// The round through each of the first `holes` holes of the sowing table `next`.
    fn of_each(next: &[u8; MAX_HOLES], holes: usize) -> Box<[Reach]> {
        (0..holes).map(|hole| Reach::of(next, hole)).collect()
    }

    /// The round through `hole` of the sowing table `next`.
    fn of(next: &[u8; MAX_HOLES], hole: usize) -> Reach {
        let none = Reach { distance: [u8::MAX; MAX_HOLES], place: [hole_byte(hole); 256], length: 0, span: 0 };
        let mut reach = none.clone();
        let mut at = hole;
        // A round has at most every place once: at most `MAX_HOLES` steps.
        for length in 1..=MAX_HOLES {
            at = usize::from(next[at]);
            let Some(distance) = reach.distance.get_mut(at) else { break };
            reach.place[length] = hole_byte(at);
            if at == hole {
                *distance = hole_byte(length);
                reach.length = hole_byte(length);
                let last = reach.distance.iter().rposition(|&d| d != u8::MAX).unwrap_or(0);
                reach.span = hole_byte(last / 16 + 1);
                return reach;
            }
            if *distance != u8::MAX {
                // The table goes round without coming back to the hole.
                break;
            }
            *distance = hole_byte(length);
        }
        none
    }
}

/// The board's geometry for a number of columns: each player's circuit and the tables of the
/// next, previous and opposite hole.
pub(super) struct Geometry<'m> {
    pub(super) rows: usize,
    pub(super) columns: usize,
    pub(super) holes: usize,
    row_owner: &'m [Player],
    /// The owner of each hole at the start.
    home: [Player; MAX_HOLES],
    /// Whether each player owns whole rows (so that rows have kinds: outer, inner).
    whole_rows: bool,
    pub(super) own_circuits: bool,
    /// Each player's circuit, stores included.
    pub(super) circuits: [Vec<usize>; 2],
    next: [[u8; MAX_HOLES]; 2],
    previous: [[u8; MAX_HOLES]; 2],
    opposite: [u8; MAX_HOLES],
}

impl<'m> Geometry<'m> {
    pub(super) fn of(model: &'m Model, columns: usize) -> Geometry<'m> {
        let rows = model.board.rows;
        let holes = rows * columns;
        let row_owner = model.board.row_owner.as_slice();
        let mut home = [Player::South; MAX_HOLES];
        for (hole, owner) in home.iter_mut().enumerate().take(holes) {
            *owner = row_owner[hole / columns];
        }
        for &(row, column, owner) in &model.board.hole_owner {
            home[row * columns + column] = owner;
        }
        let mut circuits: [Vec<usize>; 2] = match &model.board.track {
            // Each player's track, counter-clockwise, is their circuit.
            Some(tracks) => tracks.clone().map(|track| {
                let mut order: Vec<usize> = track.iter().map(|(r, c)| r * columns + c).collect();
                if model.sowing.direction == Direction::Clockwise {
                    order.reverse();
                }
                order
            }),
            None => Player::BOTH.map(|p| {
                circuit(rows, columns, model.sowing.direction, model.sowing.own_circuits.is_some().then_some((p, &model.board.row_owner)))
            }),
        };
        if model.board.stores && model.board.stores_sown {
            for (p, circuit) in circuits.iter_mut().enumerate() {
                place_store(circuit, Player::BOTH[p], row_owner, columns, model.sowing.direction, model.board.stores_left, holes + p);
            }
        }
        let mut next = [[0u8; MAX_HOLES]; 2];
        let mut previous = [[0u8; MAX_HOLES]; 2];
        for (p, circuit) in circuits.iter().enumerate() {
            for (i, &hole) in circuit.iter().enumerate() {
                let after = circuit[(i + 1) % circuit.len()];
                next[p][hole] = hole_byte(after);
                previous[p][after] = hole_byte(hole);
            }
        }
        // A hole off a player's circuit follows the circuit of its owner.
        for hole in 0..holes {
            let owner = home[hole].index();
            for p in 0..2 {
                if !circuits[p].contains(&hole) {
                    next[p][hole] = next[owner][hole];
                    previous[p][hole] = previous[owner][hole];
                }
            }
        }
        let mut opposite = [0u8; MAX_HOLES];
        for (hole, facing) in opposite.iter_mut().enumerate().take(holes) {
            *facing = hole_byte((rows - 1 - hole / columns) * columns + hole % columns);
        }
        let whole_rows = model.board.hole_owner.is_empty();
        // Players who sow along tracks of their own go round the board by circuits of their own.
        let own_circuits = model.sowing.own_circuits.is_some() || model.board.track.as_ref().is_some_and(|[south, north]| south != north);
        Geometry { rows, columns, holes, row_owner, home, whole_rows, own_circuits, circuits, next, previous, opposite }
    }

    pub(super) fn row_holes(&self, row: usize) -> Holes {
        Holes(Holes::below(self.columns).0 << (row * self.columns))
    }

    /// Each player's row of that kind (`usize::MAX` where there is none).
    pub(super) fn rows_of_kind(&self, kind: RowKind) -> [usize; 2] {
        let Some(kinds) = crate::check::row_kinds(self.row_owner).filter(|_| kind != RowKind::Own && self.whole_rows) else {
            return [usize::MAX; 2];
        };
        kinds.map(|(outer, inner)| if kind == RowKind::Outer { outer } else { inner })
    }

    /// [`Board::row_ends`]: each player's first and last hole of each kind of row, along their
    /// circuit.
    fn row_ends(&self) -> [[[u8; 2]; 3]; 2] {
        let mut ends = [[[u8::MAX; 2]; 3]; 2];
        for (p, player) in Player::BOTH.iter().enumerate() {
            let circuit = &self.circuits[if self.own_circuits { p } else { 0 }];
            let rows = self.rows_of_kind(RowKind::Outer);
            let inner = self.rows_of_kind(RowKind::Inner);
            for (k, row) in [Some(rows[p]), Some(inner[p]), None].into_iter().enumerate() {
                let along: Vec<usize> = match row {
                    Some(row) => circuit.iter().copied().filter(|&h| h < self.holes && h / self.columns == row).collect(),
                    None => self.own_along(circuit, *player),
                };
                if let (Some(first), Some(last)) = (along.first(), along.last()) {
                    ends[p][k] = [hole_byte(*first), hole_byte(*last)];
                }
            }
        }
        ends
    }

    /// [`Board::behind`]: the hole one row further on from the opposite hole, away from the hole.
    fn behind(&self) -> [u8; MAX_HOLES] {
        let mut behind = [u8::MAX; MAX_HOLES];
        for (hole, at) in behind.iter_mut().enumerate().take(self.holes) {
            let (row, facing) = (hole / self.columns, self.rows - 1 - hole / self.columns);
            let further = if facing > row { facing + 1 } else { facing.wrapping_sub(1) };
            if facing != row && further < self.rows {
                *at = hole_byte(further * self.columns + hole % self.columns);
            }
        }
        behind
    }

    /// `player`'s own holes along `circuit`, in its order.
    pub(super) fn own_along(&self, circuit: &[usize], player: Player) -> Vec<usize> {
        circuit.iter().copied().filter(|&h| h < self.holes && self.home[h] == player).collect()
    }
}

/// Each named set of holes: by their place in each player's circuit.
pub(super) fn named_sets(model: &Model, geometry: &Geometry<'_>, value: &impl Fn(Num) -> u32) -> Vec<Holes> {
    model
        .board
        .sets
        .iter()
        .map(|set| {
            if !set.holes.is_empty() {
                return set.holes.iter().map(|(row, column)| row * geometry.columns + column).collect();
            }
            let n = (value(set.count) as usize).min(geometry.columns);
            let mut holes = Holes::EMPTY;
            for (p, row) in geometry.rows_of_kind(set.row).into_iter().enumerate() {
                // A player's holes of that row (or of all their rows), in their sowing order.
                let along: Vec<usize> = match set.row {
                    RowKind::Own => geometry.own_along(&geometry.circuits[p], Player::BOTH[p]),
                    _ if row < geometry.rows => geometry.circuits[p].iter().copied().filter(|h| h / geometry.columns == row).collect(),
                    _ => continue,
                };
                let n = n.min(along.len());
                let chosen = match set.end {
                    RowEnd::First => &along[..n],
                    RowEnd::Last => &along[along.len() - n..],
                };
                holes |= Holes::of(chosen.iter().copied());
            }
            holes
        })
        .collect()
}

/// The stones in each hole at the start, `seeds` lines applied in order.
fn initial_counts(model: &Model, lower: &Lowering<'_>) -> [u16; MAX_HOLES] {
    let (columns, holes) = (lower.geometry.columns, lower.geometry.holes);
    let mut initial = [0u16; MAX_HOLES];
    for (count, place) in &model.board.seeds {
        // At most 500 (the checker's bound on `seeds`).
        let count = u16::try_from(lower.value(*count)).unwrap_or(u16::MAX);
        match *place {
            Placement::Everywhere => initial[..holes].fill(count),
            Placement::Row(r) => initial[r * columns..(r + 1) * columns].fill(count),
            Placement::Hole { row, column } => initial[row * columns + column] = count,
            Placement::Set(set) => lower.set_holes(set).into_iter().for_each(|h| initial[h] = count),
        }
    }
    initial
}

/// Puts `player`'s store (place `store`) into their circuit at their right end (or left, with
/// `left`), as they see the board: beside the hole of their row at that end (at the right,
/// South's column N and North's column 1), on the side away from their row. Going towards that
/// end the circuit reaches the hole last of the row, so the store follows it; going away from
/// it the circuit reaches the hole first, so the store comes before it. The opponent's store is
/// not on it.
fn place_store(
    circuit: &mut Vec<usize>,
    player: Player,
    row_owner: &[Player],
    columns: usize,
    direction: Direction,
    left: bool,
    store: usize,
) {
    let column = if (player == Player::South) != left { columns - 1 } else { 0 };
    let Some(row) = row_owner.iter().position(|&owner| owner == player) else { return };
    let Some(at) = circuit.iter().position(|&h| h == row * columns + column) else { return };
    // Counter-clockwise, a player's row runs towards their right end.
    let towards = (direction == Direction::CounterClockwise) != left;
    circuit.insert(if towards { at + 1 } else { at }, store);
}

/// The holes in sowing order. Counter-clockwise seen from above with South at the bottom: the
/// lowest row left to right, then the row above right to left. With `own` (a player and the
/// owner of each row) only that player's rows, else the whole (two-row) board.
fn circuit(rows: usize, columns: usize, direction: Direction, own: Option<(Player, &Vec<Player>)>) -> Vec<usize> {
    let mut order = Vec::with_capacity(rows * columns);
    let circuit_rows = (0..rows).filter(|&r| own.is_none_or(|(p, owner)| owner[r] == p));
    for (i, row) in circuit_rows.enumerate() {
        let mut row_holes: Vec<usize> = (0..columns).map(|c| row * columns + c).collect();
        if i % 2 == 1 {
            row_holes.reverse();
        }
        order.extend(row_holes);
    }
    if direction == Direction::Clockwise {
        order.reverse();
    }
    order
}

#[cfg(test)]
mod tests {
    use super::Reach;
    use crate::MAX_HOLES;

    /// Kalah's South from their third hole: their row, their store, North's row right to left
    /// and their own first holes, North's store passed.
    #[test]
    fn a_round_is_every_place_from_a_hole_back_to_it() {
        let kalah = crate::load::shipped("kalah");
        let reach = &kalah.board.reach[0][2];
        let round = [3, 4, 5, 12, 11, 10, 9, 8, 7, 6, 0, 1, 2];
        assert_eq!(reach.length, 13);
        // Places 0 to 12: the first sixteen.
        assert_eq!(reach.span, 1);
        assert_eq!(reach.place[0], 2);
        assert_eq!(reach.place[1..=13], round);
        for (distance, place) in (1..).zip(round) {
            assert_eq!(reach.distance[usize::from(place)], distance, "place {place}");
        }
        // North's store, and every place past the board, is off the round.
        assert!(reach.distance[13..].iter().all(|&d| d == u8::MAX));
        // North's round from their last hole passes South's store.
        assert_eq!(kalah.board.reach[1][11].distance[12], u8::MAX);
        assert_eq!(kalah.board.reach[1][11].length, 13);
    }

    /// A table that goes round without coming back to the hole (hole 0 leads into the round of
    /// 1 and 2) gives it no round: every lap from it is sown stone by stone.
    #[test]
    fn a_hole_the_table_never_comes_back_to_has_no_round() {
        let mut next = [0u8; MAX_HOLES];
        next[..3].copy_from_slice(&[1, 2, 1]);
        let reach = Reach::of(&next, 0);
        assert_eq!((reach.length, reach.span), (0, 0));
        assert!(reach.distance.iter().all(|&d| d == u8::MAX));
        assert!(reach.place.iter().all(|&p| p == 0));
        let round = Reach::of(&next, 1);
        assert_eq!((round.length, round.distance[2], round.distance[1], round.distance[0]), (2, 1, 2, u8::MAX));
    }
}
