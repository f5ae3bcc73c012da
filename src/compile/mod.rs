//! [`Checked`] model + chosen option values → compact runtime [`Rules`]: hole indices, a
//! precomputed circuit, predicates over numbers. Nothing at run time looks anything up by name.
//! Compiling cannot fail: the checker has already proved every value in range for every option
//! value, and [`Checked::choose`] only hands out values from the options' domains.
//!
//! The rules are held by section, as the checked model is: [`Board`], [`Play`], [`Sowing`],
//! [`Captures`], [`End`], and the `trade` and `rounds` sections, each built by one function from
//! its section of the model (`Lowering` lowers their numbers, sets and conditions). A construct
//! of a section adds a field to its struct and sets it in its `of`.

mod board;
mod capture;
pub mod code;
mod end;
mod options;
mod play;
pub(crate) mod pred;
mod rounds;
mod sowing;

pub use board::{Board, Reach};
pub use capture::{screen_allows, CaptureRule, Captures, Live, Need, Plain, Screen, Takes};
pub use code::{Atom, Code, Condition};
pub use end::{Asked, End, EndRule, EndingRule, QuickEnding, Sided};
pub use options::{Choice, OptionError};
pub use play::{Play, TradeRule};
pub use pred::{CountTable, Pred};
pub use rounds::{RoundRepeats, RoundsRule};
pub use sowing::Sowing;

use crate::check::model::{self, Model, SetRef};
use crate::check::Checked;
use crate::player::Player;
use crate::vocabulary::{FirstSeed, HoleRef, Num, OptionValue};
use crate::{Holes, MAX_HOLES};
use board::Geometry;

/// Everything the engine needs to play one game, with options applied, by section of the rule
/// file.
#[derive(Clone, Debug)]
pub struct Rules {
    pub name: String,
    pub sources: Vec<String>,
    /// Every option with the value chosen, in declaration order.
    pub options: Vec<(String, OptionValue)>,
    pub board: Board,
    pub play: Play,
    pub sowing: Sowing,
    pub captures: Captures,
    pub end: End,
    pub trade: Option<TradeRule>,
    pub rounds: Option<RoundsRule>,
    /// What the engine keeps track of in a position because some rule asks about it.
    pub tracks: Tracks,
}

/// What a position keeps beyond its stones, owners and captures, because some rule asks it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tracks {
    /// Whether some predicate asks `intact` (so the engine keeps [`crate::engine::State::intact`]).
    pub intact: bool,
    /// The holes whose being intact some condition may read ([`Condition::intact_read`]): a
    /// repetition compares the intact holes among these alone.
    pub intact_read: u128,
    /// Whether a move's having captured is part of its state: asked by `capturing`, or by the
    /// first lap deciding the captures.
    pub capturing: bool,
    /// Whether every move that may start ends and leaves nothing to refuse, whatever the
    /// position: no relay and no capture sown on (either could go on for ever) unless a lap limit
    /// cuts every move or the relays go round through the mover's store
    /// ([`Rules::relays_pass_own_store`]), and no forbidden result.
    pub moves_end: bool,
    /// Whether a turn's moves are simply the holes that may start ([`Tracks::moves_end`], and no
    /// compulsory capture, fallback or move the other way): found directly, unless an opponent
    /// must be fed.
    pub plain_turns: bool,
    /// Whether every move is one lap: no relay (chosen or not), no capture sown on.
    pub one_lap: bool,
    /// Whether every lap lifts all the stones of its hole and no first lap decides the captures:
    /// no lift limit, no `no capture unless the first lap captures`.
    pub whole_laps: bool,
    /// Whether every move is one lap ([`Tracks::one_lap`]) of all the stones of its hole, whatever
    /// it meets ([`Tracks::whole_laps`]).
    pub plain_laps: bool,
    /// Whether every move is a plain lap ([`Tracks::plain_laps`]) whose stones each simply fall
    /// into the next place of the sowing table (the first one back into the origin where the
    /// rules say so: [`Tracks::back_from`]), none taken in passing. A lap of such a move is then
    /// sown by the engine's `sow_bare` wherever no hole is closed or claimed and it
    /// is too short to come back to its origin ([`Tracks::short_lap`]).
    pub bare_laps: bool,
    /// The stones a lap lifts from at least which its first stone goes back into its origin
    /// (`first seed into origin`: 1; `unless alone`: 2; `u16::MAX`: never).
    pub back_from: u16,
    /// For each player, the stones below which a lap of theirs the file's way cannot come back
    /// to its origin: the fewest places of any round of their sowing table through a hole (no
    /// limit where no lap skips its origin).
    pub short_lap: [u16; 2],
    /// Whether every move is laps of whole holes joined by relays alone: a relay, and no choice to
    /// stop, capture sown on, lift limit or first lap deciding.
    pub plain_relays: bool,
    /// Whether every move is such laps ([`Tracks::plain_relays`]) but for a choice to relay or
    /// stop, which a lap that does not relay may leave the mover (`relay or stop when …`).
    pub choice_relays: bool,
    /// Whether every move is laps of whole holes joined by relays and captures sown on (or
    /// going on from a hole): no choice to stop, lift limit or first lap deciding.
    pub sown_on: bool,
    /// Whether every turn is a simple one: a move (or a pass) that leaves nothing open, with no
    /// phases, no offers, no turn played at once and no stone placed from hand. No choice to
    /// relay or stop, no capture whose holes the mover chooses: after each action the next
    /// player simply starts a turn. Such rules play in [`crate::engine::Simple`] (or
    /// [`crate::engine::SimpleMiddle`]).
    pub simple: bool,
}

impl Tracks {
    /// What the conditions of `rules` ask about.
    fn of(rules: &Rules) -> Tracks {
        let asks = |what: Pred| rules.predicates().any(|p| p.mentions(&|p| *p == what));
        let cut = rules.sowing.lap_limit != u32::MAX;
        let moves_end = (cut || (rules.sowing.relay.is_none() && !rules.captures.resows) || rules.relays_pass_own_store())
            && rules.play.no_move_leaves.is_none();
        let plain_turns = moves_end && rules.play.must_capture.is_none() && rules.play.fallback.is_none() && !rules.reversible();
        // Nothing but a relay may carry a move past its lap: no choice to stop, no capture sown on.
        let relays_alone = rules.sowing.relay_or_stop.is_none() && !rules.captures.resows;
        let one_lap = rules.sowing.relay.is_none() && relays_alone;
        let whole_laps = rules.sowing.lift_only.is_none() && !rules.play.first_lap_decides;
        let plain_laps = one_lap && whole_laps;
        let bare_laps = plain_laps && rules.sowing.in_passing.is_none();
        let back_from = match rules.sowing.first_seed {
            FirstSeed::NextHole => u16::MAX,
            FirstSeed::Origin => 1,
            FirstSeed::OriginUnlessAlone => 2,
        };
        let short_lap = match rules.sowing.skip_origin {
            true => rules.board.reach.each_ref().map(|rounds| shortest_round(rounds)),
            false => [u16::MAX; 2],
        };
        let plain_relays = rules.sowing.relay.is_some() && relays_alone && whole_laps;
        let choice_relays = rules.sowing.relay.is_some() && rules.sowing.relay_or_stop.is_some() && !rules.captures.resows && whole_laps;
        let sown_on = rules.captures.resows && rules.sowing.relay_or_stop.is_none() && whole_laps;
        let play = &rules.play;
        let simple = play.phases.is_empty()
            && play.race.is_none()
            && play.place.is_none()
            && rules.trade.is_none()
            && rules.sowing.relay_or_stop.is_none()
            && rules.captures.rules.iter().all(|c| c.bonus.is_none());
        Tracks {
            intact: asks(Pred::Intact),
            intact_read: rules.conditions().fold(0, |read, c| read | c.intact_read()),
            capturing: rules.play.first_lap_decides || asks(Pred::Capturing),
            moves_end,
            plain_turns,
            one_lap,
            whole_laps,
            plain_laps,
            bare_laps,
            back_from,
            short_lap,
            plain_relays,
            choice_relays,
            sown_on,
            simple,
        }
    }
}

/// The fewest places of any of a player's `rounds` of their sowing table, one through each hole
/// ([`Board::reach`]): a lap of fewer stones from a hole never comes back to it. `u16::MAX` where
/// no hole is on a round.
fn shortest_round(rounds: &[Reach]) -> u16 {
    rounds.iter().map(|round| u16::from(round.length)).filter(|&length| length > 0).min().unwrap_or(u16::MAX)
}

/// Lowers a checked game with the chosen option values.
pub fn compile(checked: &Checked, choice: &Choice) -> Rules {
    let model = checked
        .variants
        .iter()
        .find(|(variant, _)| variant.iter().all(|(i, v)| choice.values().get(*i) == Some(v)))
        .map_or(&checked.model, |(_, model)| model);
    let lower = Lowering::new(model, choice);
    let mut rules = Rules {
        name: model.name.clone(),
        sources: model.sources.clone(),
        options: model.options.iter().zip(choice.values()).map(|(o, v)| (o.name.clone(), v.clone())).collect(),
        board: Board::of(model, &lower),
        play: Play::of(&model.play, &model.phases, &lower),
        sowing: Sowing::of(&model.sowing, &lower),
        captures: Captures::of(&model.captures, &lower),
        end: End::of(model, &lower),
        trade: model.trade.as_ref().map(|t| TradeRule::of(t, &lower)),
        rounds: model.rounds.as_ref().map(|r| RoundsRule::of(r, model.leftover, &lower)),
        tracks: Tracks::default(),
    };
    rules.tracks = Tracks::of(&rules);
    rules.end.at_home(&rules.board);
    rules.captures.live = capture::Live::of(&rules);
    rules.captures.resow_takes = capture::Takes::of(&rules);
    rules.captures.plain = capture::Plain::of(&rules);
    rules
}

/// What lowering a section needs: the option values chosen, the board's geometry for them, and
/// each named set of holes as a bit set.
struct Lowering<'m> {
    choice: &'m Choice,
    geometry: Geometry<'m>,
    /// Each named set of the board, in declaration order.
    named: Vec<Holes>,
}

impl<'m> Lowering<'m> {
    fn new(model: &'m Model, choice: &'m Choice) -> Lowering<'m> {
        let value = |n: Num| choice.number(n);
        let geometry = Geometry::of(model, value(model.board.columns) as usize);
        let named = board::named_sets(model, &geometry, &value);
        Lowering { choice, geometry, named }
    }

    /// A number of a rule, under the choice.
    fn value(&self, n: Num) -> u32 {
        self.choice.number(n)
    }

    /// The holes of a set.
    fn set_holes(&self, set: SetRef) -> Holes {
        let geometry = &self.geometry;
        match set {
            SetRef::Rows(kind) => geometry
                .rows_of_kind(kind)
                .into_iter()
                .filter(|r| *r < geometry.rows)
                .map(|r| geometry.row_holes(r))
                .fold(Holes::EMPTY, |m, r| m | r),
            SetRef::Named(i) => self.named.get(i).copied().unwrap_or(Holes::EMPTY),
        }
    }

    /// A condition of the rules, lowered.
    fn condition(&self, p: &model::Pred) -> Condition {
        Condition::new(pred::lower(p, &|n| self.value(n), &|set| self.set_holes(set).0))
    }
}

impl Rules {
    /// The owner of a hole at the start of the game ([`Board::home`]): its row's, or the one an
    /// `owns … holes` line names.
    pub fn home_of(&self, hole: usize) -> Player {
        self.board.home[hole]
    }

    /// Whether any ending counts repetitions (so the engine keeps a history).
    pub fn tracks_repetition(&self) -> bool {
        self.end.repetition_kinds.contains(&true)
    }

    /// Every predicate of the rules.
    pub fn predicates(&self) -> impl Iterator<Item = &Pred> {
        self.conditions().map(|c| &c.pred)
    }

    /// Every condition of the rules.
    pub fn conditions(&self) -> impl Iterator<Item = &Condition> {
        let captures = self.captures.rules.iter().flat_map(|c| {
            std::iter::once(&c.when)
                .chain(c.chain.as_ref().map(|(_, p)| p))
                .chain(c.bonus.as_ref().map(|(_, p)| p))
                .chain(c.directions.iter().map(|(_, p)| p))
        });
        let endings = self.end.endings.iter().filter_map(|e| match &e.condition {
            EndRule::Board(p) => Some(p),
            EndRule::Repeats { .. } => None,
        });
        let (play, sowing) = (&self.play, &self.sowing);
        [Some(&play.start), play.fallback.as_ref(), sowing.relay.as_ref(), sowing.relay_or_stop.as_ref(), play.place.as_ref()]
            .into_iter()
            .chain([play.place_fallback.as_ref(), play.no_move_leaves.as_ref(), play.must_capture.as_ref()])
            .chain([
                play.reverse.as_ref().map(|(p, _)| p),
                sowing.lift_only.as_ref().map(|(_, p)| p),
                sowing.in_passing.as_ref().map(|(p, _)| p),
            ])
            .flatten()
            .chain(captures)
            .chain(endings)
            .chain(play.phases.iter().filter_map(|(_, until)| until.as_ref()))
    }

    /// Whether players hold stones in hand (the position JSON then shows them).
    pub fn has_hands(&self) -> bool {
        self.board.hand > 0 || self.play.place.is_some()
    }

    /// Whether some move may be sown against the file's direction (so that action texts name
    /// their direction).
    pub fn reversible(&self) -> bool {
        self.sowing.either_way || self.play.reverse.is_some()
    }

    /// Whether every move ends because its relays go round through the mover's store: each lap
    /// starts where the one before ended (a relay lifts the lap's last hole, no capture sows its
    /// stones on) and every way a move may go from any hole runs through the mover's own store,
    /// where a lap ends the move. The sowing then only goes forward, and each time round it drops
    /// a stone into the store, which nothing lifts: it goes round at most once per stone on the
    /// board, each lap at least one hole further.
    pub(crate) fn relays_pass_own_store(&self) -> bool {
        let board = &self.board;
        let ways: &[bool] = if self.reversible() { &[false, true] } else { &[false] };
        board.stores
            && self.sowing.relay_from == HoleRef::Last
            && !self.captures.resows
            && Player::BOTH.iter().all(|&mover| {
                let store = board.holes + mover.index();
                ways.iter().all(|&reversed| {
                    let next = self.next_of(mover, reversed);
                    (0..board.holes).all(|hole| {
                        std::iter::successors(Some(hole), |&h| next.get(h).map(|&n| usize::from(n)))
                            .skip(1)
                            .take(board.places())
                            .any(|h| h == store)
                    })
                })
            })
    }

    /// `player`'s sowing table for a move going the file's way (`reversed`: the other way).
    #[inline]
    pub fn next_of(&self, player: Player, reversed: bool) -> &[u8; MAX_HOLES] {
        if reversed {
            &self.board.previous[player.index()]
        } else {
            &self.board.next[player.index()]
        }
    }

    /// `player`'s rounds of the table [`Rules::next_of`] gives ([`Board::reach`]).
    #[inline]
    pub fn reach_of(&self, player: Player, reversed: bool) -> &[Reach] {
        if reversed {
            &self.board.reach_back[player.index()]
        } else {
            &self.board.reach[player.index()]
        }
    }

    /// `player`'s table of the hole before each, for a move going that way.
    #[inline]
    pub fn previous_of(&self, player: Player, reversed: bool) -> &[u8; MAX_HOLES] {
        self.next_of(player, !reversed)
    }

    /// How many holes the mover chooses after capture rule `rule` (0: it has no `choose`).
    pub fn chosen_count(&self, rule: usize) -> u32 {
        self.captures.rules.get(rule).and_then(|r| r.bonus.as_ref()).map_or(0, |(n, _)| *n)
    }

    /// The hole's label: `a1`, `b6`.
    pub fn label(&self, hole: usize) -> String {
        let columns = self.board.columns;
        format!("{}{}", crate::row_letter(hole / columns), hole % columns + 1)
    }

    /// The hole a label names, if it is on this board.
    pub fn hole(&self, label: &str) -> Option<usize> {
        let (row, column) = crate::parse_label(label)?;
        let (rows, columns) = (self.board.rows, self.board.columns);
        (row < rows && (1..=columns).contains(&column)).then(|| row * columns + column - 1)
    }
}
