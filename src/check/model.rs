//! The checked game: what a rule file says, with every name resolved and every value known to be
//! in range, but option values not yet chosen ([`Num::Option`]). Compile turns it into runtime rules.
//! The words its statements are made of ([`crate::vocabulary`]) are re-exported here.

use serde::Serialize;

use crate::ast::{CompareOp, Span};
use crate::player::Player;
pub use crate::vocabulary::{
    ChainDirection, Direction, FirstSeed, HoleRef, Leftover, NoMove, Num, OptionValue, Outcome, Relation, Repeated, RowEnd, RowKind, SowOn,
    Take, Taker, Wins,
};

/// What values an option allows.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum OptionDomain {
    List(Vec<OptionValue>),
    Range { low: u32, high: u32 },
}

impl OptionDomain {
    pub fn contains(&self, value: &OptionValue) -> bool {
        match (self, value) {
            (OptionDomain::List(values), v) => values.contains(v),
            (OptionDomain::Range { low, high }, OptionValue::Number(n)) => (low..=high).contains(&n),
            (OptionDomain::Range { .. }, OptionValue::Word(_)) => false,
        }
    }

    /// The domain as a rule file writes it: `1 | 2 | 3` or `2..9`.
    pub fn describe(&self) -> String {
        match self {
            OptionDomain::List(values) => values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" | "),
            OptionDomain::Range { low, high } => format!("{low}..{high}"),
        }
    }

    /// The smallest and largest number allowed, if the domain is numeric.
    pub fn numeric_bounds(&self) -> Option<(u32, u32)> {
        match self {
            OptionDomain::Range { low, high } => Some((*low, *high)),
            OptionDomain::List(values) => {
                let numbers: Option<Vec<u32>> = values
                    .iter()
                    .map(|v| match v {
                        OptionValue::Number(n) => Some(*n),
                        OptionValue::Word(_) => None,
                    })
                    .collect();
                let numbers = numbers?;
                Some((*numbers.iter().min()?, *numbers.iter().max()?))
            }
        }
    }
}

/// A named option of the rule file.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OptionDef {
    pub name: String,
    pub domain: OptionDomain,
    pub default: OptionValue,
    pub span: Span,
}

/// Where some seeds go at the start.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Placement {
    Everywhere,
    Row(usize),
    Hole { row: usize, column: usize },
    Set(SetRef),
}

/// A set of holes: the rows of a kind, or a set the file names.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum SetRef {
    /// Every player's outer rows (the row at their edge of a four-row board) or inner rows.
    Rows(RowKind),
    /// Index into [`Board::sets`].
    Named(usize),
}

/// `set heads = last 2 holes of outer row`: in each player's row of that kind, the first or last
/// `count` holes in the order that player sows them.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HoleSet {
    pub name: String,
    /// `set nyumba = holes b5 c4`: the holes listed, as (row, column from 0); when not empty the
    /// set is these holes and `end`, `count` and `row` are not used.
    pub holes: Vec<(usize, usize)>,
    pub end: RowEnd,
    pub count: Num,
    pub row: RowKind,
}

/// A predicate over a hole (or, with [`Pred::EveryHole`], over the board).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Pred {
    Or(Vec<Pred>),
    And(Vec<Pred>),
    Not(Box<Pred>),
    EveryHole(Box<Pred>),
    Count(CompareOp, Num),
    CountIn(Vec<Num>),
    CountRange(Num, Num),
    CountEven(bool),
    Own,
    Opponent,
    Empty,
    In(SetRef),
    At(Relation, Box<Pred>),
    /// What the mover has captured (their store, where the game has stores).
    Captured(CompareOp, Num),
    /// What the mover's opponent has captured.
    OpponentCaptured(CompareOp, Num),
    /// The stones in the board's holes (`stones left`).
    StonesLeft(CompareOp, Num),
    /// How many holes the mover has claimed.
    Claims(CompareOp, Num),
    /// The hole is claimed (by either player).
    Claimed,
    /// The stones the mover holds in hand.
    Hand(CompareOp, Num),
    /// The number of the lap being sown (1 for a move's first; 0 before a move).
    Lap(CompareOp, Num),
    /// The stones the lap being sown started with (0 before a move).
    Sown(CompareOp, Num),
    /// The hole has held stones since the game began, never emptied (by a lift or a capture).
    Intact,
    /// The move under way has captured.
    Capturing,
    /// The mover's phase is (`true`) or is not (`false`) this one (index into `Model::phases`).
    Phase(bool, usize),
}

/// A stage of each player's game (`phase namua until hand = 0`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Phase {
    pub name: String,
    /// When a player's phase moves on to the next: asked for each player after every turn (`None`
    /// for the last phase, and for a phase played at once).
    pub until: Option<Pred>,
    /// `both at once, then last (first) to finish moves`: the phase is one turn both players play
    /// together, then the player who finished last (`Some(true)`) or first moves.
    pub at_once: Option<bool>,
}

/// One `capture { … }` section.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Capture {
    pub when: Pred,
    /// What the capture takes, in order.
    pub takes: Vec<Take>,
    pub chain: Option<(ChainDirection, Pred)>,
    /// `choose N more holes where …`: then the mover chooses this many holes where the condition
    /// holds, and takes them.
    pub bonus: Option<(Num, Pred)>,
    /// `grand slam captures nothing`: a capture that would leave the opponent's side empty takes nothing.
    pub grand_slam_nothing: bool,
    /// `sow captured from …`: the stones taken are sown on from there instead of being kept.
    /// Such a capture is tried at the end of every lap, before a relay.
    pub sow_on: Option<SowOn>,
    /// `direction clockwise when …`: the way the stones sown on (and the rest of the move) go,
    /// the first whose condition holds on the capturing hole; none: the way the move goes.
    pub directions: Vec<(Direction, Pred)>,
    /// `claim last hole`: holes the mover takes, stones and hole, for the rest of the game (or
    /// the round, in a match of rounds).
    pub claims: Vec<HoleRef>,
    /// `, keeping its stones`: the claimed holes keep their stones, and those sown into them.
    pub keeping: bool,
    /// `continue from last hole`: after the takes the move goes on, that hole lifted and sown on.
    /// Such a capture is tried at the end of every lap, before a relay.
    pub continue_from: Option<HoleRef>,
}

/// A match of rounds: when an ending is reached the round ends, its stones go where the ending
/// says, and a new round starts with every player refilling their holes from their stock.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Rounds {
    /// Stones per hole at a refill; a hole its owner cannot fill closes.
    pub refill: Num,
    /// Whether the player who starts a round changes every round.
    pub alternate: bool,
    /// What is left after a player's full holes: kept, in one more hole, or made up by the
    /// opponent into one more hole when at least this many.
    pub rest: RefillRest,
    /// `holes change hands`: each player fills holes along their circuit from their first hole,
    /// whoever owned them, and owns the holes they fill.
    pub change_hands: bool,
    /// `refill from last hole`: each player's refill begins at the last hole of their row in
    /// their sowing order, and runs backwards.
    pub from_last: bool,
    /// `refill as many holes as the poorer`: both players refill as many holes as the poorer can.
    pub as_poorer: bool,
    /// `unfilled holes stay open`: holes left empty by a refill stay in play.
    pub stay_open: bool,
    /// `loser starts` (`Some(true)`) or `winner starts` (`Some(false)`): the player with fewer
    /// (more) stones after a round starts the next.
    pub result_starts: Option<bool>,
    /// `end match when round start repeats N times`.
    pub repeats: Option<MatchRepeats>,
}

/// Each player's circuit (South's first), as (row, column) holes in counter-clockwise order.
pub type Tracks = [Vec<(usize, usize)>; 2];

/// What a refill does with the stones left after a player's full holes.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum RefillRest {
    /// They stay in the player's stock.
    Kept,
    /// `the rest in one more hole`.
    OneMoreHole,
    /// `a rest of N or more made up by the opponent`: a rest of at least N fills one more hole,
    /// the opponent giving the stones it lacks.
    MadeUp(Num),
}

/// The match ends when a round starts, for the `times`-th time, as an earlier round did (the
/// same stones in every hole and stock, closed holes and starter).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MatchRepeats {
    pub times: Num,
    /// `None`: as the file's `leftover` says.
    pub outcome: Option<Outcome>,
    /// The condition as written (`round start repeats 5 times`).
    pub text: String,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum EndCondition {
    Board(Pred),
    Repeats { what: Repeated, times: Num },
}

/// One `when` of the `end` section.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Ending {
    pub condition: EndCondition,
    /// `None`: scored with the file's `leftover` rule.
    pub outcome: Option<Outcome>,
    /// The condition as written, for the result's reason.
    pub text: String,
}

/// Offering holes for a price: instead of moving, the mover offers some of their holes; the other
/// player accepts (and pays into each received hole from their captures) or declines.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Trade {
    /// How many holes an offer holds: `fewest..=most`.
    pub fewest: Num,
    pub most: Num,
    /// Holes the offerer must keep.
    pub keep: Num,
    /// Captured stones the receiver puts into each received hole.
    pub price: Num,
    /// What the result says of a winner who declined an offer.
    pub declined_win: Option<String>,
}

/// A checked game, by section: a construct of the language adds a field to its section's struct
/// (and the pass that reads it), nothing more.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Model {
    pub name: String,
    pub sources: Vec<String>,
    pub options: Vec<OptionDef>,
    /// The names the file gives conditions (`condition NAME = …`), in order; each condition that
    /// asks one holds it written out.
    pub conditions: Vec<String>,
    pub board: Board,
    pub play: Play,
    /// The phases each player goes through, in order (none: the game has no phases).
    pub phases: Vec<Phase>,
    pub sowing: Sowing,
    pub captures: Vec<Capture>,
    pub endings: Vec<Ending>,
    pub leftover: Leftover,
    pub wins: Wins,
    pub trade: Option<Trade>,
    pub rounds: Option<Rounds>,
}

/// What the `board` section says.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub columns: Num,
    /// The owner of each row, `a` first.
    pub row_owner: Vec<Player>,
    /// Holes owned one by one (row, column, owner), over their rows' owners.
    pub hole_owner: Vec<(usize, usize, Player)>,
    /// Each player's circuit, counter-clockwise (`track …`, the same for both, or `south track …`
    /// and `north track …`), as (row, column).
    pub track: Option<Tracks>,
    /// Applied in order; a later placement overrides an earlier one.
    pub seeds: Vec<(Num, Placement)>,
    /// Named sets of holes, in the order declared.
    pub sets: Vec<HoleSet>,
    /// Whether each player has a store at an end of their row, in their circuit.
    pub stores: bool,
    /// Whether the stores are at the left end of each player's row as they see it (else the right).
    pub stores_left: bool,
    /// Whether laps sow into the mover's store (`stores not sown into`: they pass it).
    pub stores_sown: bool,
    /// Stones each player holds in hand at the start (`seeds N in hand`).
    pub hand: Option<Num>,
    /// The `seeds N in hand` line.
    pub hand_line: Option<Span>,
}

/// What the `play` section says (its phases aside).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Play {
    pub first: Player,
    pub start: Option<Pred>,
    /// Which holes may start a move when no hole meets `start`.
    pub fallback: Option<Pred>,
    pub no_move: NoMove,
    /// The mover moves again when the last seed falls into their own store.
    pub play_again: bool,
    /// The `play again` line, for a board without stores.
    pub play_again_line: Option<Span>,
    /// When the opponent's side is empty, only moves that give them stones are legal.
    pub must_feed: bool,
    /// `reverse from own hole where …`: holes that may also start a move sown against the
    /// sowing's direction, and whether only such a move that captures is legal.
    pub reverse: Option<(Pred, bool)>,
    /// `must capture`: when a move captures, only one that does is legal; the holes such a move
    /// may start from (`None`: those of `start`).
    pub must_capture: Option<Option<Pred>>,
    /// `no move leaves …`: a move after whose sowing this holds is not legal.
    pub no_move_leaves: Option<Pred>,
    /// `no capture unless the first lap captures`: the line, if written.
    pub first_lap_decides: Option<Span>,
    /// `place from hand into own hole where …`: while the mover holds stones in hand, a move puts
    /// one into such a hole.
    pub place: Option<Pred>,
    /// `otherwise place from hand …`: where to place when no hole meets `place`'s condition.
    pub place_fallback: Option<Pred>,
    /// `, then sow`: the hole placed into is then sown (or, where a capture holds there, the
    /// capture is made first), the way the move names.
    pub place_then_sow: bool,
    /// The `place from hand` line.
    pub place_line: Option<Span>,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            first: Player::South,
            start: None,
            fallback: None,
            no_move: NoMove::Pass,
            play_again: false,
            play_again_line: None,
            must_feed: false,
            reverse: None,
            must_capture: None,
            no_move_leaves: None,
            first_lap_decides: None,
            place: None,
            place_fallback: None,
            place_then_sow: false,
            place_line: None,
        }
    }
}

/// What the `sowing` section says.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Sowing {
    pub direction: Direction,
    pub first_seed: FirstSeed,
    pub skip_origin: bool,
    pub relay: Option<Pred>,
    /// The hole a relay lifts: the lap's last (default), or another (`relay from next hole`:
    /// the Indian relay).
    pub relay_from: HoleRef,
    /// Where the mover chooses to relay (`continue`) or end the move (`stop`).
    pub relay_or_stop: Option<Pred>,
    /// The `relay or stop` line.
    pub relay_or_stop_line: Option<Span>,
    /// `sow either way`: every move may go either way (`direction` is then counter-clockwise,
    /// and the other way its reverse).
    pub either_way: bool,
    /// `lift only N when …`: a lap lifts at most N stones of a hole where the condition holds.
    pub lift_only: Option<(Num, Pred)>,
    /// `take in passing when …`: holes taken while sowing, right after a stone falls into them.
    pub in_passing: Option<(Pred, Taker)>,
    /// `stop after N laps`: a move that has sown this many laps ends there.
    pub lap_limit: Option<Num>,
    /// `round own rows`, where each player sows round their own rows (else everyone sows round
    /// the whole board).
    pub own_circuits: Option<Span>,
}

impl Default for Sowing {
    fn default() -> Sowing {
        Sowing {
            direction: Direction::CounterClockwise,
            first_seed: FirstSeed::NextHole,
            skip_origin: false,
            relay: None,
            relay_from: HoleRef::Last,
            relay_or_stop: None,
            relay_or_stop_line: None,
            either_way: false,
            lift_only: None,
            in_passing: None,
            lap_limit: None,
            own_circuits: None,
        }
    }
}
