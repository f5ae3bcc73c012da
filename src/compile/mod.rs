//! [`Checked`] model + chosen option values → compact runtime [`Rules`]: hole indices, a
//! precomputed circuit, predicates over numbers. Nothing at run time looks anything up by name.
//! Compiling cannot fail: the checker has already proved every value in range for every option
//! value, and [`Checked::choose`] only hands out values from the options' domains.

pub mod code;
mod options;
pub(crate) mod pred;

pub use code::{Atom, Code, Condition};
pub use options::{Choice, OptionError};
pub use pred::{CountTable, Pred};

use crate::ast::CompareOp;
use crate::check::model::*;
use crate::check::Checked;
use crate::player::Player;
use crate::{hole_byte, MAX_HOLES};

/// A runtime capture rule.
#[derive(Clone, Debug)]
pub struct CaptureRule {
    pub when: Condition,
    /// What the rule takes, in order.
    pub takes: Box<[Take]>,
    /// A capture that would leave the opponent's side empty takes nothing.
    pub grand_slam_nothing: bool,
    pub chain: Option<(ChainDirection, Condition)>,
    /// How many more holes the mover chooses, and which holes may be chosen.
    pub bonus: Option<(u32, Condition)>,
    /// Where the stones taken are sown on from, if they are (tried after every lap, before a
    /// relay).
    pub sow_on: Option<SowOn>,
    /// The way the stones sown on and the rest of the move go: the first direction whose
    /// condition holds on the capturing hole (none: the way the move goes).
    pub directions: Box<[(Direction, Condition)]>,
    /// Holes the mover claims: takes their stones, and every stone sown into them later.
    pub claims: Box<[HoleRef]>,
    /// After the takes the move goes on: this hole is lifted and sown on (tried after every lap,
    /// before a relay).
    pub continue_from: Option<HoleRef>,
}

impl CaptureRule {
    /// Whether the rule sows its stones on, or goes on after taking them (and so is tried after
    /// every lap).
    pub fn resow(&self) -> bool {
        self.sow_on.is_some() || self.continue_from.is_some()
    }
}

#[derive(Clone, Debug)]
pub enum EndRule {
    Board(Condition),
    Repeats { what: Repeated, times: u32 },
}

/// A runtime ending: its condition, how it is scored, and its text for the result's reason.
#[derive(Clone, Debug)]
pub struct EndingRule {
    pub condition: EndRule,
    pub outcome: Outcome,
    pub reason: String,
}

/// A runtime trade rule: offers of `fewest..=most` holes, keeping `keep`, at `price` a hole.
#[derive(Clone, Debug)]
pub struct TradeRule {
    pub fewest: u32,
    pub most: u32,
    pub keep: u32,
    pub price: u32,
    pub declined_win: Option<String>,
}

/// Everything the engine needs to play one game, with options applied.
#[derive(Clone, Debug)]
pub struct Rules {
    pub name: String,
    pub sources: Vec<String>,
    /// Every option with the value chosen, in declaration order.
    pub options: Vec<(String, OptionValue)>,
    pub rows: usize,
    pub columns: usize,
    /// Number of holes: `rows * columns`. Hole `h` is row `h / columns`, column `h % columns`.
    pub holes: usize,
    /// Every hole of the board, a bit per hole.
    pub board: u128,
    /// Whether each player has a store, in their circuit after their row: South's is "hole"
    /// `holes`, North's `holes + 1`. Stones sown into a store count as the owner's captures.
    pub stores: bool,
    /// Whether each store is at the left end of its player's row as they see it (else the right).
    pub stores_left: bool,
    pub row_owner: Vec<Player>,
    /// The owner of each hole at the start: its row's, or the one an `owns … holes` line names.
    pub home: [Player; MAX_HOLES],
    pub initial: [u16; MAX_HOLES],
    pub first: Player,
    /// The hole after each hole in each player's sowing order (South's table first). Where
    /// circuits are per player, a hole off a player's circuit follows its row owner's.
    pub next: [[u8; MAX_HOLES]; 2],
    /// The hole before each hole in each player's sowing order.
    pub previous: [[u8; MAX_HOLES]; 2],
    /// The hole in the same column, mirrored across the middle of the board.
    pub opposite: [u8; MAX_HOLES],
    /// The holes of each named set of the rule file (a bit per hole), in declaration order.
    pub sets: Vec<(String, u128)>,
    pub start: Condition,
    /// Which holes may start a move when none meets `start`.
    pub fallback: Option<Condition>,
    pub no_move: NoMove,
    /// The mover moves again when the last seed falls into their own store.
    pub play_again: bool,
    /// When the opponent's side is empty, only moves that give them stones are legal.
    pub must_feed: bool,
    /// Whether the sowing goes clockwise (the way a move goes unless it is reversed).
    pub clockwise: bool,
    /// Every move may go either way.
    pub either_way: bool,
    /// Holes that may also start a reversed move, and whether only one that captures.
    pub reverse: Option<(Condition, bool)>,
    /// When some move captures only a move that captures is legal; such a move starts from a
    /// hole where this holds (`None`: no such rule).
    pub must_capture: Option<Condition>,
    /// A move after whose sowing this holds (for the mover) is not legal.
    pub no_move_leaves: Option<Condition>,
    /// A move whose first lap captures nothing captures nothing.
    pub first_lap_decides: bool,
    /// While the mover holds stones in hand, a move puts one into an own hole where this holds.
    pub place: Option<Condition>,
    /// Stones each player holds in hand at the start.
    pub hand: u16,
    /// The phases each player goes through, in order: each one's name and when a player's phase
    /// moves on (`None` for the last). Empty: the game has no phases.
    pub phases: Vec<(String, Option<Condition>)>,
    /// Where to place when no hole meets `place`'s condition.
    pub place_fallback: Option<Condition>,
    /// The first phase is one turn both players play at once; then the player who finished last
    /// (`Some(true)`) or first moves.
    pub race: Option<bool>,
    /// The hole placed into is then sown (or captures), the way the move names.
    pub place_then_sow: bool,
    /// A lap lifts at most this many stones of a hole where the condition holds.
    pub lift_only: Option<(u32, Condition)>,
    /// Whether some predicate asks `intact` (so the engine keeps [`crate::engine::State::intact`]).
    pub tracks_intact: bool,
    /// Whether a move's having captured is part of its state: asked by `capturing`, or by the
    /// first lap deciding the captures.
    pub tracks_capturing: bool,
    /// Each player's first and last hole of their outer, inner and own rows, in the order they
    /// sow (`u8::MAX`: no such row): `[player][outer, inner, own][first, last]`.
    pub row_ends: [[[u8; 2]; 3]; 2],
    /// The hole behind the opposite one (`u8::MAX`: none), on four rows.
    pub behind: [u8; MAX_HOLES],
    pub first_seed: FirstSeed,
    pub skip_origin: bool,
    pub relay: Option<Condition>,
    /// The hole a relay lifts, from the lap's last hole.
    pub relay_from: HoleRef,
    /// Where the mover chooses to relay or stop.
    pub relay_or_stop: Option<Condition>,
    /// The most laps a move sows: after that many it ends where it stands (`u32::MAX`: no limit).
    pub lap_limit: u32,
    /// Holes taken while sowing, right after a stone falls into them, and by whom.
    pub in_passing: Option<(Condition, Taker)>,
    pub captures: Vec<CaptureRule>,
    /// Whether some capture sows its stones on (tried at the end of every lap).
    pub resows: bool,
    /// Whether some capture claims holes.
    pub claims: bool,
    /// Whether a claimed hole keeps its stones (and those sown into it), rather than passing
    /// them to its claimer.
    pub claims_keep: bool,
    pub endings: Vec<EndingRule>,
    /// Which kinds of repetition the endings count: `[board, position]`.
    pub repetition_kinds: [bool; 2],
    pub leftover: Leftover,
    pub wins: Wins,
    pub trade: Option<TradeRule>,
    pub rounds: Option<RoundsRule>,
}

/// A runtime match of rounds.
#[derive(Clone, Debug)]
pub struct RoundsRule {
    /// Stones per hole at a refill.
    pub refill: u32,
    pub alternate: bool,
    /// What is left after the full holes goes into one more hole.
    pub rest: bool,
    /// A rest of at least this many fills one more hole, the opponent giving what it lacks.
    pub made_up: Option<u32>,
    /// Each player fills holes along the whole circuit from their first hole, and owns them.
    pub change_hands: bool,
    /// Both players refill as many holes as the poorer can.
    pub as_poorer: bool,
    /// Holes left empty by a refill stay in play.
    pub stay_open: bool,
    /// The player with fewer (`true`) or more stones after a round starts the next.
    pub result_starts: Option<bool>,
    /// Each player's holes in the order they are refilled: their own, in sowing order from the
    /// first hole of their row (South's a1 onwards, North's bN onwards, counter-clockwise); where
    /// holes change hands, every hole of the circuit from that one on.
    pub fill_order: [Vec<u8>; 2],
    /// The match ends when a round starts for this many times as an earlier one did.
    pub repeats: Option<RoundRepeats>,
}

/// `end match when round start repeats N times`: how often and with what outcome.
#[derive(Clone, Debug)]
pub struct RoundRepeats {
    pub times: u32,
    pub outcome: Outcome,
    /// The condition as written, the result's reason.
    pub reason: String,
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

/// Lowers a checked game with the chosen option values.
pub fn compile(checked: &Checked, choice: &Choice) -> Rules {
    let model = checked
        .variants
        .iter()
        .find(|(variant, _)| variant.iter().all(|(i, v)| choice.values().get(*i) == Some(v)))
        .map_or(&checked.model, |(_, model)| model);
    let value = |n: Num| choice.number(n);
    let board = Board::of(model, value(model.board.columns) as usize);
    let (rows, columns, holes) = (board.rows, board.columns, board.holes);
    let named = named_sets(model, &board, &value);
    let set_mask = |set: SetRef| -> u128 {
        match set {
            SetRef::Rows(kind) => board.rows_of_kind(kind).into_iter().filter(|r| *r < rows).fold(0, |m, r| m | board.row_mask(r)),
            SetRef::Named(i) => named.get(i).copied().unwrap_or(0),
        }
    };
    let initial = initial_counts(model, &board, &value, &set_mask);
    let lower = |p: &crate::check::model::Pred| Condition::new(pred::lower(p, &value, &set_mask));
    let endings = endings(model, &lower, &value);

    let mut rules = Rules {
        name: model.name.clone(),
        sources: model.sources.clone(),
        options: model.options.iter().zip(choice.values()).map(|(o, v)| (o.name.clone(), v.clone())).collect(),
        rows,
        columns,
        holes,
        board: crate::holes::first_places(holes),
        stores: model.board.stores,
        stores_left: model.board.stores_left,
        row_owner: model.board.row_owner.clone(),
        home: board.home,
        initial,
        first: model.play.first,
        next: board.next,
        previous: board.previous,
        opposite: board.opposite,
        sets: model.board.sets.iter().zip(&named).map(|(set, mask)| (set.name.clone(), *mask)).collect(),
        start: model.play.start.as_ref().map(lower).unwrap_or_else(|| Condition::new(Pred::Count(CompareOp::Ge, 1))),
        fallback: model.play.fallback.as_ref().map(lower),
        no_move: model.play.no_move,
        play_again: model.play.play_again,
        must_feed: model.play.must_feed,
        clockwise: model.sowing.direction == Direction::Clockwise,
        either_way: model.sowing.either_way,
        reverse: model.play.reverse.as_ref().map(|(p, only)| (lower(p), *only)),
        must_capture: model.play.must_capture.as_ref().map(|from| {
            from.as_ref().or(model.play.start.as_ref()).map(lower).unwrap_or_else(|| Condition::new(Pred::Count(CompareOp::Ge, 1)))
        }),
        no_move_leaves: model.play.no_move_leaves.as_ref().map(lower),
        first_lap_decides: model.play.first_lap_decides.is_some(),
        place: model.play.place.as_ref().map(lower),
        place_fallback: model.play.place_fallback.as_ref().map(lower),
        place_then_sow: model.play.place_then_sow,
        lift_only: model.sowing.lift_only.as_ref().map(|(n, p)| (value(*n), lower(p))),
        tracks_intact: false,
        tracks_capturing: false,
        hand: model.board.hand.map_or(0, |n| u16::try_from(value(n)).unwrap_or(u16::MAX)),
        phases: model.phases.iter().map(|p| (p.name.clone(), p.until.as_ref().map(lower))).collect(),
        race: model.phases.first().and_then(|p| p.at_once),
        row_ends: board.row_ends(),
        behind: board.behind(),
        first_seed: model.sowing.first_seed,
        skip_origin: model.sowing.skip_origin,
        relay: model.sowing.relay.as_ref().map(lower),
        relay_from: model.sowing.relay_from,
        relay_or_stop: model.sowing.relay_or_stop.as_ref().map(lower),
        lap_limit: model.sowing.lap_limit.map_or(u32::MAX, value),
        in_passing: model.sowing.in_passing.as_ref().map(|(p, taker)| (lower(p), *taker)),
        resows: model.captures.iter().any(|c| c.sow_on.is_some() || c.continue_from.is_some()),
        claims: model.captures.iter().any(|c| !c.claims.is_empty()),
        claims_keep: model.captures.iter().any(|c| c.keeping),
        captures: model
            .captures
            .iter()
            .map(|c| CaptureRule {
                when: lower(&c.when),
                takes: c
                    .takes
                    .iter()
                    .map(|t| match *t {
                        Take::Part(n, hole) => Take::Part(Num::Literal(value(n)), hole),
                        other => other,
                    })
                    .collect(),
                grand_slam_nothing: c.grand_slam_nothing,
                chain: c.chain.as_ref().map(|(d, p)| (*d, lower(p))),
                bonus: c.bonus.as_ref().map(|(n, p)| (value(*n), lower(p))),
                sow_on: c.sow_on,
                directions: c.directions.iter().map(|(d, p)| (*d, lower(p))).collect(),
                claims: c.claims.clone().into_boxed_slice(),
                continue_from: c.continue_from,
            })
            .collect(),
        repetition_kinds: [Repeated::Board, Repeated::Position]
            .map(|kind| endings.iter().any(|e| matches!(e.condition, EndRule::Repeats { what, .. } if what == kind))),
        endings,
        leftover: model.leftover,
        wins: model.wins,
        trade: model.trade.as_ref().map(|t| TradeRule {
            fewest: value(t.fewest),
            most: value(t.most),
            keep: value(t.keep),
            price: value(t.price),
            declined_win: t.declined_win.clone(),
        }),
        rounds: model.rounds.as_ref().map(|r| rounds_rule(model, r, &board, &value)),
    };
    let intact = rules.predicates().any(|p| p.mentions(&|p| *p == Pred::Intact));
    rules.tracks_intact = intact;
    let capturing = rules.first_lap_decides || rules.predicates().any(|p| p.mentions(&|p| *p == Pred::Capturing));
    rules.tracks_capturing = capturing;
    rules
}

/// The board's geometry for a number of columns: each player's circuit and the tables of the
/// next, previous and opposite hole.
struct Board<'m> {
    rows: usize,
    columns: usize,
    holes: usize,
    row_owner: &'m [Player],
    /// The owner of each hole at the start.
    home: [Player; MAX_HOLES],
    /// Whether each player owns whole rows (so that rows have kinds: outer, inner).
    whole_rows: bool,
    own_circuits: bool,
    /// Each player's circuit, stores included.
    circuits: [Vec<usize>; 2],
    next: [[u8; MAX_HOLES]; 2],
    previous: [[u8; MAX_HOLES]; 2],
    opposite: [u8; MAX_HOLES],
}

impl<'m> Board<'m> {
    fn of(model: &'m Model, columns: usize) -> Board<'m> {
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
        Board { rows, columns, holes, row_owner, home, whole_rows, own_circuits, circuits, next, previous, opposite }
    }

    fn row_mask(&self, row: usize) -> u128 {
        ((1u128 << self.columns) - 1) << (row * self.columns)
    }

    /// Each player's row of that kind (`usize::MAX` where there is none).
    fn rows_of_kind(&self, kind: RowKind) -> [usize; 2] {
        let Some(kinds) = crate::check::row_kinds(self.row_owner).filter(|_| kind != RowKind::Own && self.whole_rows) else {
            return [usize::MAX; 2];
        };
        kinds.map(|(outer, inner)| if kind == RowKind::Outer { outer } else { inner })
    }

    /// [`Rules::row_ends`]: each player's first and last hole of each kind of row, along their
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

    /// [`Rules::behind`]: the hole one row further on from the opposite hole, away from the hole.
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
    fn own_along(&self, circuit: &[usize], player: Player) -> Vec<usize> {
        circuit.iter().copied().filter(|&h| h < self.holes && self.home[h] == player).collect()
    }
}

/// Each named set of holes as a mask: by their place in each player's circuit.
fn named_sets(model: &Model, board: &Board<'_>, value: &impl Fn(Num) -> u32) -> Vec<u128> {
    model
        .board
        .sets
        .iter()
        .map(|set| {
            if !set.holes.is_empty() {
                return set.holes.iter().fold(0u128, |m, (row, column)| m | 1u128 << (row * board.columns + column));
            }
            let n = (value(set.count) as usize).min(board.columns);
            let mut mask = 0u128;
            for (p, row) in board.rows_of_kind(set.row).into_iter().enumerate() {
                // A player's holes of that row (or of all their rows), in their sowing order.
                let along: Vec<usize> = match set.row {
                    RowKind::Own => board.own_along(&board.circuits[p], Player::BOTH[p]),
                    _ if row < board.rows => board.circuits[p].iter().copied().filter(|h| h / board.columns == row).collect(),
                    _ => continue,
                };
                let n = n.min(along.len());
                let chosen = match set.end {
                    RowEnd::First => &along[..n],
                    RowEnd::Last => &along[along.len() - n..],
                };
                mask |= chosen.iter().fold(0u128, |m, h| m | 1u128 << h);
            }
            mask
        })
        .collect()
}

/// The stones in each hole at the start, `seeds` lines applied in order.
fn initial_counts(model: &Model, board: &Board<'_>, value: &impl Fn(Num) -> u32, set_mask: &impl Fn(SetRef) -> u128) -> [u16; MAX_HOLES] {
    let (columns, holes) = (board.columns, board.holes);
    let mut initial = [0u16; MAX_HOLES];
    for (count, place) in &model.board.seeds {
        // At most 500 (the checker's bound on `seeds`).
        let count = u16::try_from(value(*count)).unwrap_or(u16::MAX);
        match *place {
            Placement::Everywhere => initial[..holes].fill(count),
            Placement::Row(r) => initial[r * columns..(r + 1) * columns].fill(count),
            Placement::Hole { row, column } => initial[row * columns + column] = count,
            Placement::Set(set) => crate::holes::holes_of(set_mask(set)).for_each(|h| initial[h] = count),
        }
    }
    initial
}

/// The `end` section's endings, each with its outcome and its text as the result's reason.
fn endings(model: &Model, lower: &impl Fn(&crate::check::model::Pred) -> Condition, value: &impl Fn(Num) -> u32) -> Vec<EndingRule> {
    model
        .endings
        .iter()
        .map(|e| EndingRule {
            condition: match &e.condition {
                EndCondition::Board(p) => EndRule::Board(lower(p)),
                EndCondition::Repeats { what, times } => EndRule::Repeats { what: *what, times: value(*times) },
            },
            outcome: e.outcome.unwrap_or(Outcome::Leftover(model.leftover)),
            reason: e.text.clone(),
        })
        .collect()
}

/// A match of rounds: refills in each player's sowing order from the first hole of their row.
fn rounds_rule(model: &Model, rounds: &Rounds, board: &Board<'_>, value: &impl Fn(Num) -> u32) -> RoundsRule {
    RoundsRule {
        refill: value(rounds.refill),
        alternate: rounds.alternate,
        rest: rounds.rest == RefillRest::OneMoreHole,
        made_up: match rounds.rest {
            RefillRest::MadeUp(least) => Some(value(least)),
            _ => None,
        },
        change_hands: rounds.change_hands,
        as_poorer: rounds.as_poorer,
        stay_open: rounds.stay_open,
        result_starts: rounds.result_starts,
        repeats: rounds.repeats.as_ref().map(|m| RoundRepeats {
            times: value(m.times),
            outcome: m.outcome.unwrap_or(Outcome::Leftover(model.leftover)),
            reason: m.text.clone(),
        }),
        fill_order: Player::BOTH.map(|p| {
            let circuit = &board.circuits[if board.own_circuits { p.index() } else { 0 }];
            let mut own = board.own_along(circuit, p);
            if rounds.from_last {
                own.reverse();
            }
            if !rounds.change_hands {
                return own.into_iter().map(hole_byte).collect();
            }
            let mut holes: Vec<usize> = circuit.iter().copied().filter(|&h| h < board.holes).collect();
            if rounds.from_last {
                holes.reverse();
            }
            let from = own.first().and_then(|first| holes.iter().position(|h| h == first)).unwrap_or(0);
            holes[from..].iter().chain(&holes[..from]).copied().map(hole_byte).collect()
        }),
    }
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

impl Rules {
    /// The owner of a hole at the start of the game ([`Rules::home`]): its row's, or the one an
    /// `owns … holes` line names.
    pub fn home_of(&self, hole: usize) -> Player {
        self.home[hole]
    }

    /// Whether any ending counts repetitions (so the engine keeps a history).
    pub fn tracks_repetition(&self) -> bool {
        self.repetition_kinds.contains(&true)
    }

    /// Every predicate of the rules.
    pub fn predicates(&self) -> impl Iterator<Item = &Pred> {
        self.conditions().map(|c| &c.pred)
    }

    /// Every condition of the rules.
    pub fn conditions(&self) -> impl Iterator<Item = &Condition> {
        let captures = self.captures.iter().flat_map(|c| {
            std::iter::once(&c.when)
                .chain(c.chain.as_ref().map(|(_, p)| p))
                .chain(c.bonus.as_ref().map(|(_, p)| p))
                .chain(c.directions.iter().map(|(_, p)| p))
        });
        let endings = self.endings.iter().filter_map(|e| match &e.condition {
            EndRule::Board(p) => Some(p),
            EndRule::Repeats { .. } => None,
        });
        [Some(&self.start), self.fallback.as_ref(), self.relay.as_ref(), self.relay_or_stop.as_ref(), self.place.as_ref()]
            .into_iter()
            .chain([self.place_fallback.as_ref(), self.no_move_leaves.as_ref(), self.must_capture.as_ref()])
            .chain([
                self.reverse.as_ref().map(|(p, _)| p),
                self.lift_only.as_ref().map(|(_, p)| p),
                self.in_passing.as_ref().map(|(p, _)| p),
            ])
            .flatten()
            .chain(captures)
            .chain(endings)
            .chain(self.phases.iter().filter_map(|(_, until)| until.as_ref()))
    }

    /// Whether players hold stones in hand (the position JSON then shows them).
    pub fn has_hands(&self) -> bool {
        self.hand > 0 || self.place.is_some()
    }

    /// Whether some move may be sown against the file's direction (so that action texts name
    /// their direction).
    pub fn reversible(&self) -> bool {
        self.either_way || self.reverse.is_some()
    }

    /// `player`'s sowing table for a move going the file's way (`reversed`: the other way).
    #[inline]
    pub fn next_of(&self, player: Player, reversed: bool) -> &[u8; MAX_HOLES] {
        if reversed {
            &self.previous[player.index()]
        } else {
            &self.next[player.index()]
        }
    }

    /// `player`'s table of the hole before each, for a move going that way.
    #[inline]
    pub fn previous_of(&self, player: Player, reversed: bool) -> &[u8; MAX_HOLES] {
        self.next_of(player, !reversed)
    }

    /// How many holes the mover chooses after capture rule `rule` (0: it has no `choose`).
    pub fn chosen_count(&self, rule: usize) -> u32 {
        self.captures.get(rule).and_then(|r| r.bonus.as_ref()).map_or(0, |(n, _)| *n)
    }

    /// The hole's label: `a1`, `b6`.
    pub fn label(&self, hole: usize) -> String {
        format!("{}{}", crate::row_letter(hole / self.columns), hole % self.columns + 1)
    }

    /// The hole a label names, if it is on this board.
    pub fn hole(&self, label: &str) -> Option<usize> {
        let (row, column) = crate::parse_label(label)?;
        (row < self.rows && (1..=self.columns).contains(&column)).then(|| row * self.columns + column - 1)
    }
}
