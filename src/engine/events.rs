//! What an action did, step by step: the stones lifted, the holes sown lap by lap, what was
//! taken and by whom, claims, decisions asked, extra turns, passes, new rounds and the end.
//!
//! The engine reports these as it plays, to a [`Trace`]: [`Silent`] (what every search and every
//! legality test uses: each call compiles to nothing) or a [`Recorder`] (a [`Game`] keeps one,
//! off unless asked for, so that a game in progress pays only a branch per event). The events
//! of an action, applied in order to the position before it, give the position after it: every
//! change of stones, owners, captures, claims, closed holes, turn, phase and result is one.
//!
//! [`Game`]: super::Game

use std::collections::BTreeMap;

use serde::Serialize;

use super::position::{owners_of, pending_json, rows_of, Pending, Sides};
use super::{GameResult, State};
use crate::compile::Rules;
use crate::player::Player;

/// Why stones were lifted to be sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiftWhy {
    /// The hole a move starts from.
    Move,
    /// A lap ended where the sowing goes on with the stones there (a relay).
    Relay,
    /// The mover chose to go on (`continue`).
    Continue,
    /// A capture was made and the move goes on from this hole (`continue from`).
    Capture,
}

/// How stones were taken from a hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeHow {
    /// A capture, to the captor's store.
    Capture,
    /// A capture whose stones are sown on: they go into the sower's hand.
    Sown,
    /// A hole taken the moment a stone made it what `take in passing` asks.
    Passing,
    /// A stone sown into a claimed hole, which passes it to the claimer.
    Claimed,
    /// Holes the mover chose.
    Chosen,
    /// The stones left on the board, given to the last mover at the end.
    Leftover,
}

/// One step of an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// `stones` lifted from `hole` into `by`'s hand.
    Lift { by: Player, hole: u8, stones: u16, why: LiftWhy },
    /// A stone placed from `by`'s hand (off the board) into `hole`.
    Place { by: Player, hole: u8 },
    /// One stone from `by`'s hand into each of `holes`, in order (a store is the hole number
    /// past the board: the board's holes, then South's store, then North's).
    Sow { by: Player, holes: Vec<u8> },
    /// `stones` taken from `hole` by `by`.
    Take { by: Player, hole: u8, stones: u16, how: TakeHow },
    /// `hole` becomes `by`'s claim for good (or, in a match, for the round).
    Claim { by: Player, hole: u8 },
    /// The action stops for a decision: the position's `pending` (an offer is [`Event::Offer`]).
    Ask(Box<State>),
    /// `by` offers holes (a bit per hole) for a price.
    Offer { by: Player, holes: u128 },
    /// `by` answers the open offer: accepted, the holes become theirs and each gets `price`
    /// stones from their captures.
    Answer { by: Player, accepted: bool, holes: u128, price: u32 },
    /// `by` has no move and passes.
    Pass { by: Player },
    /// `by` moves again, and why.
    Again { by: Player, why: &'static str },
    /// The turn goes to `to`.
    Turn { to: Player },
    /// `by` enters phase `phase` (an index of the rules' phases).
    Phase { by: Player, phase: u8 },
    /// The round is over: the board is emptied and each player holds `stocks` (South first).
    RoundOver { round: u16, stocks: [u32; 2] },
    /// A new round starts from this position.
    Round(Box<State>),
    /// The game is over; each player's captures are `captured` (South first).
    End { result: GameResult, captured: [u32; 2] },
}

impl Event {
    /// `seeds` stones lifted from `hole` by `by`, for `why`.
    pub(crate) fn lifted(by: Player, hole: usize, seeds: u32, why: LiftWhy) -> Event {
        Event::Lift { by, hole: crate::hole_byte(hole), stones: u16::try_from(seeds).unwrap_or(u16::MAX), why }
    }
}

/// Where events go. Every method does nothing unless a recorder asks for it.
pub trait Trace {
    /// Whether anything is recorded (so that callers skip work that only events need).
    fn on(&self) -> bool {
        false
    }
    /// Records the event `make` builds (called only when recording).
    fn event(&mut self, _make: impl FnOnce() -> Event) {}
    /// One stone of `by`'s falls into `place`.
    fn stone(&mut self, _by: Player, _place: usize) {}
    /// How many events there are, to go back to with [`Trace::truncate`].
    fn mark(&self) -> usize {
        0
    }
    /// Forgets the events after `mark` (a step undone).
    fn truncate(&mut self, _mark: usize) {}
}

/// Records nothing.
pub struct Silent;

impl Trace for Silent {}

/// Records every event while on.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    on: bool,
    events: Vec<Event>,
}

impl Recorder {
    pub fn set(&mut self, on: bool) {
        self.on = on;
        self.events.clear();
    }

    pub fn clear(&mut self) {
        self.events.clear();
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }
}

impl Trace for Recorder {
    #[inline]
    fn on(&self) -> bool {
        self.on
    }

    #[inline]
    fn event(&mut self, make: impl FnOnce() -> Event) {
        if self.on {
            self.events.push(make());
        }
    }

    #[inline]
    fn stone(&mut self, by: Player, place: usize) {
        if !self.on {
            return;
        }
        let place = crate::hole_byte(place);
        match self.events.last_mut() {
            Some(Event::Sow { by: sower, holes }) if *sower == by => holes.push(place),
            _ => self.events.push(Event::Sow { by, holes: vec![place] }),
        }
    }

    fn mark(&self) -> usize {
        self.events.len()
    }

    fn truncate(&mut self, mark: usize) {
        self.events.truncate(mark);
    }
}

/// The name of a place in events: a hole's label, or `"store:south"` / `"store:north"`.
pub fn place_name(rules: &Rules, place: usize) -> String {
    if place < rules.board.holes {
        rules.label(place)
    } else {
        format!("store:{}", Player::BOTH[(place - rules.board.holes).min(1)].name())
    }
}

impl LiftWhy {
    pub fn word(self) -> &'static str {
        match self {
            LiftWhy::Move => "move",
            LiftWhy::Relay => "relay",
            LiftWhy::Continue => "continue",
            LiftWhy::Capture => "capture",
        }
    }
}

impl TakeHow {
    pub fn word(self) -> &'static str {
        match self {
            TakeHow::Capture => "capture",
            TakeHow::Sown => "sown on",
            TakeHow::Passing => "in passing",
            TakeHow::Claimed => "claim",
            TakeHow::Chosen => "chosen",
            TakeHow::Leftover => "leftover",
        }
    }
}

/// An event as `run --trace` writes it: `event` names its kind, and only the fields of that kind
/// are given.
#[derive(Clone, Debug, Default, Serialize)]
pub struct EventJson {
    pub event: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hole: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holes: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stones: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub how: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stocks: Option<Sides>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<BTreeMap<String, Vec<u16>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owners: Option<BTreeMap<String, Player>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured: Option<Sides>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Sides>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intact: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Option<Player>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Sides>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Event {
    /// The event as `run --trace` writes it.
    pub fn json(&self, rules: &Rules) -> EventJson {
        let name = |h: &u8| Some(place_name(rules, usize::from(*h)));
        let labels = |set: u128| Some(super::holes_of(set).map(|h| rules.label(h)).collect::<Vec<_>>());
        let none = EventJson::default();
        match self {
            Event::Lift { by, hole, stones, why } => {
                EventJson { event: "lift", by: Some(*by), hole: name(hole), stones: Some(*stones), why: Some(why.word()), ..none }
            }
            Event::Place { by, hole } => EventJson { event: "place", by: Some(*by), hole: name(hole), ..none },
            Event::Sow { by, holes } => {
                EventJson { event: "sow", by: Some(*by), holes: Some(holes.iter().filter_map(name).collect()), ..none }
            }
            Event::Take { by, hole, stones, how } => {
                EventJson { event: "take", by: Some(*by), hole: name(hole), stones: Some(*stones), how: Some(how.word()), ..none }
            }
            Event::Claim { by, hole } => EventJson { event: "claim", by: Some(*by), hole: name(hole), ..none },
            Event::Ask(state) => EventJson { event: "ask", pending: pending_json(rules, state), ..none },
            Event::Offer { by, holes } => EventJson { event: "offer", by: Some(*by), holes: labels(*holes), ..none },
            Event::Answer { by, accepted, holes, price } => {
                EventJson { event: "answer", by: Some(*by), accepted: Some(*accepted), holes: labels(*holes), price: Some(*price), ..none }
            }
            Event::Pass { by } => EventJson { event: "pass", by: Some(*by), ..none },
            Event::Again { by, why } => EventJson { event: "again", by: Some(*by), why: Some(why), ..none },
            Event::Turn { to } => EventJson { event: "turn", to: Some(*to), ..none },
            Event::Phase { by, phase } => {
                let phase = rules.play.phases.get(usize::from(*phase)).map(|(n, _)| n.clone());
                EventJson { event: "phase", by: Some(*by), phase, ..none }
            }
            Event::RoundOver { round, stocks } => {
                EventJson { event: "round over", round: Some(*round), stocks: Some((*stocks).into()), ..none }
            }
            Event::Round(state) => EventJson {
                event: "round",
                round: Some(state.round),
                to_move: Some(state.to_move),
                rows: Some(rows_of(rules, state)),
                owners: Some(owners_of(rules, state)),
                captured: Some(state.captured.into()),
                closed: labels(state.closed),
                claimed: labels(state.claimed),
                hand: rules.has_hands().then(|| state.hand.map(u32::from).into()),
                intact: rules.tracks.intact.then(|| labels(state.intact)).flatten(),
                ..none
            },
            Event::End { result, captured } => EventJson {
                event: "end",
                winner: Some(result.winner),
                score: Some(result.score.into()),
                reason: Some(result.reason.clone()),
                captured: Some((*captured).into()),
                ..none
            },
        }
    }
}
