//! A game in progress: the position, the repetition history and the result once it is over.
//! Actions are checked before anything changes, so an illegal one leaves the game untouched.

use super::action::Action;
use super::capture::{capture, choosable, take_chosen, take_holes};
use super::ending;
use super::events::{Event, Recorder, Silent, TakeHow, Trace};
use super::history::History;
use super::layout::{Cells, Mask, OpenWays, Wide};
use super::moves::{Ahead, Moves};
use super::placing;
use super::rounds::{self, Next};
use super::sowing::{sow, sow_bare, sow_on, Sowing};
use super::trade;
use super::Lap;
use super::{GameResult, Pending, StateIn};
use crate::compile::{Condition, Rules};
use crate::player::Player;
use crate::vocabulary::{Leftover, NoMove, Outcome};

/// Calls `$call` with `$tr` the game's recorder when it records, else `Silent`, so that a game
/// not recording pays nothing per stone sown.
macro_rules! traced {
    ($game:ident, $tr:ident => $call:expr) => {
        if $game.trace.on() {
            let mut recorder = std::mem::take(&mut $game.trace);
            let result = {
                let $tr = &mut recorder;
                $call
            };
            $game.trace = recorder;
            result
        } else {
            let $tr = &mut Silent;
            $call
        }
    };
}

/// An action that is not legal now. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{action}` is not legal now; legal: {}", if legal.is_empty() { "none (the game is over)".to_string() } else { legal.join(", ") })]
pub struct IllegalAction {
    pub action: String,
    pub legal: Vec<String>,
}

/// A game laid out as [`Wide`]: the game the commands and bindings hold (`simulate`,
/// `tournament`, `perft` and every search play in the narrowest layout instead).
pub type Game<'r> = GameIn<'r, Wide>;

/// A game being played under some [`Rules`], its position laid out as `C` says.
#[derive(Debug)]
pub struct GameIn<'r, C: Cells> {
    pub(super) rules: &'r Rules,
    pub(super) state: StateIn<C>,
    /// How often each position has stood in this round (or game); kept only when an ending
    /// counts repetitions.
    history: History<C>,
    pub(super) result: Option<GameResult>,
    /// Laps sown by the last action (0 when it sowed nothing).
    last_laps: u32,
    /// The stones the end of the game moved off the board into each player's captures.
    swept: [u32; 2],
    /// In a match of rounds whose rules end it on repeated round starts, how often each start
    /// position has stood.
    round_starts: History<C>,
    /// The events of the last action (recorded only when asked: [`Game::set_tracing`]).
    trace: Recorder,
    /// The legal moves of the turn, found when it started.
    pub(super) moves: Moves<C>,
    /// The sowing tables past the closed holes, kept while the closed holes stand.
    pub(super) open: OpenWays<C::Mask>,
    /// The moves of the turn after a pass, found before it.
    pub(super) ahead: Ahead<C>,
}

impl<C: Cells> Clone for GameIn<'_, C> {
    fn clone(&self) -> Self {
        GameIn {
            rules: self.rules,
            state: self.state,
            history: self.history.clone(),
            result: self.result.clone(),
            last_laps: self.last_laps,
            swept: self.swept,
            round_starts: self.round_starts.clone(),
            trace: self.trace.clone(),
            moves: self.moves.clone(),
            open: self.open.clone(),
            ahead: self.ahead.clone(),
        }
    }

    /// Makes this game `source` again in this game's memory, as a search does after each
    /// playout: nothing is allocated where the repetition histories' tables have as many buckets
    /// as `source`'s and the lists of events and of moves sown are large enough.
    fn clone_from(&mut self, source: &Self) {
        // Every part named, so that a part added is not left out.
        let GameIn { rules, state, history, result, last_laps, swept, round_starts, trace, moves, open, ahead } = source;
        // The sowing tables past closed holes are found for the rules and the closed holes
        // alone: this game's serve as they are under the same rules.
        if !std::ptr::eq(self.rules, *rules) {
            self.open.clone_from(open);
        }
        self.rules = rules;
        self.state = *state;
        self.history.clone_from(history);
        self.result.clone_from(result);
        self.last_laps = *last_laps;
        self.swept = *swept;
        self.round_starts.clone_from(round_starts);
        self.trace.clone_from(trace);
        self.moves.clone_from(moves);
        self.ahead.clone_from(ahead);
    }
}

impl<'r, C: Cells> GameIn<'r, C> {
    /// A new game from the rules' starting position. No ending is asked of it: endings follow
    /// actions.
    pub fn new(rules: &'r Rules) -> GameIn<'r, C> {
        GameIn::starting(rules, StateIn::initial(rules), false)
    }

    /// A game continuing from `state` (a position given from outside); repetition counting starts
    /// afresh from it, and a position that already meets an ending is over.
    pub fn from_state(rules: &'r Rules, state: StateIn<C>) -> GameIn<'r, C> {
        GameIn::starting(rules, state, true)
    }

    fn starting(rules: &'r Rules, state: StateIn<C>, ask_endings: bool) -> GameIn<'r, C> {
        // Only rules whose turns are all simple play in a layout that leaves out the rest.
        debug_assert!(!C::SIMPLE || rules.tracks.simple, "{}: not simple rules", rules.name);
        // Round starts are told of across rounds, whose stones come back into play.
        let round_starts = History::new(rules, [false, rules.rounds.as_ref().is_some_and(|r| r.repeats.is_some())], false);
        let mut game = GameIn {
            rules,
            state,
            // Within a round only a trade brings captured stones back into play.
            history: History::new(rules, rules.end.repetition_kinds, rules.trade.is_none()),
            result: None,
            last_laps: 0,
            swept: [0, 0],
            round_starts,
            trace: Recorder::default(),
            moves: Moves::default(),
            open: OpenWays::default(),
            ahead: Ahead::default(),
        };
        game.history.record(rules, &state);
        // A position may leave a choice open that is no choice at all: settle it.
        if let Pending::Choose(rule) = state.pending {
            let mover = state.to_move;
            let holes = choosable(rules, &state, mover, rule as usize);
            if holes.count_ones() <= rules.chosen_count(rule as usize) {
                game.state.pending = Pending::None;
                take_holes(&mut game.state, mover, holes, &mut Silent);
                game.end_action(mover, mover.opponent(), true);
                return game;
            }
        }
        // A position that already meets an ending is over (in a match, its round is), the ending
        // asked as after the last action: that of the opponent of the player to move.
        if ask_endings && !state.left_open() {
            let mover = state.to_move.opponent();
            if let Some((outcome, reason)) = ending::board_ending(rules, &state, mover, None) {
                game.conclude(outcome, ending::loser(outcome, mover), mover, &|| reason.to_string());
                return game;
            }
        }
        // The player who acted last is taken to be the opponent of the one to move.
        let last = game.state.to_move.opponent();
        game.start_turn(last, None);
        game
    }

    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    pub fn state(&self) -> &StateIn<C> {
        &self.state
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// The result, the game given up for it (its words not copied).
    pub fn into_result(self) -> Option<GameResult> {
        self.result
    }

    /// Laps sown by the last action applied (0 when it sowed nothing, or before any action).
    pub fn last_laps(&self) -> u32 {
        self.last_laps
    }

    /// The stones the end of the game moved off the board into each player's captures, South
    /// first (the leftover; none before the end): what they have captured less these is what
    /// they captured in play.
    pub fn swept(&self) -> [u32; 2] {
        self.swept
    }

    /// Records (or stops recording) the events of each action from now on.
    pub fn set_tracing(&mut self, on: bool) {
        self.trace.set(on);
    }

    /// The events of the last action applied, in order (none unless tracing is on).
    pub fn events(&self) -> &[Event] {
        self.trace.events()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Who must act now; `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        (!self.is_over()).then_some(self.state.to_move)
    }

    /// Every legal action now, in board order (holes by row then column, words after).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(&mut actions);
        actions
    }

    /// [`Game::legal_actions`] into a buffer the caller reuses (no allocation once it is large enough).
    /// The holes the legal actions sow from, where every legal action is a sowing the file's way
    /// (no offer, decision or reversed move, and something to sow): the actions
    /// [`Game::legal_actions_into`] lists, one a hole in board order. `None`: ask that.
    #[inline]
    pub fn sowings(&self) -> Option<C::Mask> {
        let moves = &self.moves;
        let plain = moves.known
            && moves.reversed == C::Mask::NONE
            && moves.forward != C::Mask::NONE
            && self.result.is_none()
            && !self.state.left_open()
            && self.rules.trade.is_none();
        plain.then_some(moves.forward)
    }

    /// Where the only actions are a choice of holes open inside a move: the holes to choose
    /// among and how many to take. The actions [`Game::legal_actions_into`] lists are then every
    /// set of that many of those holes, as [`super::subsets`] orders them. `None`: ask that.
    #[inline]
    pub fn choice(&self) -> Option<(u128, u32)> {
        let Pending::Choose(rule) = self.state.pending else { return None };
        if self.is_over() || self.state.offer != C::Mask::NONE {
            return None;
        }
        let rule = usize::from(rule);
        Some((choosable(self.rules, &self.state, self.state.to_move, rule), self.rules.chosen_count(rule)))
    }

    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        if self.is_over() {
            return;
        }
        if self.state.offer != C::Mask::NONE {
            actions.extend([Action::Accept, Action::Decline]);
            return;
        }
        let mover = self.state.to_move;
        match self.state.pending {
            Pending::None => {}
            Pending::Continue(hole) => {
                if self.continued(hole as usize, &mut Silent).is_some() {
                    actions.push(Action::Continue);
                }
                actions.push(Action::Stop);
                return;
            }
            Pending::Choose(_) => {
                if let Some((holes, count)) = self.choice() {
                    super::subsets(holes, count, &mut |set| actions.push(Action::Take(set)));
                }
                return;
            }
            Pending::Race(chosen) => {
                let replies = (0..self.rules.board.holes).filter(|&h| self.race_reply(usize::from(chosen), h, &mut Silent).is_some());
                actions.extend(replies.map(|h| Action::Sow(crate::hole_byte(h))));
                return;
            }
        }
        if self.moves.known {
            let (forward, reversed) = (self.moves.forward, self.moves.reversed);
            for hole in (forward | reversed).places() {
                let byte = crate::hole_byte(hole);
                if forward.has(hole) {
                    actions.push(Action::Sow(byte));
                }
                if reversed.has(hole) {
                    actions.push(Action::SowReversed(byte));
                }
            }
        } else if self.racing() {
            let choices = (0..self.rules.board.holes).filter(|&h| self.race_choice(h));
            actions.extend(choices.map(|h| Action::Sow(crate::hole_byte(h))));
            return;
        } else {
            self.moves_into(mover, actions);
        }
        if actions.is_empty() {
            if self.rules.play.no_move == NoMove::Pass {
                actions.push(Action::Pass);
            }
        } else if let Some(rule) = &self.rules.trade {
            trade::offers(self.rules, rule, &self.state, mover, actions);
        }
    }

    /// `mover`'s moves (no pass, no offer) into `actions`: placements while they hold stones in
    /// hand, else sowings, either way where the rules allow, only capturing ones where a capture
    /// is compulsory and possible.
    fn moves_into(&self, mover: Player, actions: &mut Vec<Action>) {
        let rules = self.rules;
        if self.placing(mover) {
            return match self.placeable(mover) {
                Some(holes) => actions.extend(holes.places().map(|h| Action::Sow(crate::hole_byte(h)))),
                None => placing::placements(rules, &self.state, mover, actions),
            };
        }
        let start = self.start_condition(mover);
        let reversible = rules.reversible();
        let sow_to_know = self.sow_to_know(mover);
        for hole in 0..rules.board.holes {
            if self.can_start(mover, hole, start, sow_to_know) {
                actions.push(Action::Sow(crate::hole_byte(hole)));
            }
            if reversible && self.can_reverse(mover, hole, start) {
                actions.push(Action::SowReversed(crate::hole_byte(hole)));
            }
        }
        if rules.play.must_capture.is_some() {
            // The capturing moves go after the others; where there are some, only they stay
            // (moved to the front in place: nothing is allocated).
            let others = actions.len();
            for hole in 0..rules.board.holes {
                for reversed in [false, true] {
                    if self.is_capture(mover, hole, reversed) {
                        let hole = crate::hole_byte(hole);
                        actions.push(if reversed { Action::SowReversed(hole) } else { Action::Sow(hole) });
                    }
                }
            }
            if actions.len() > others {
                actions.drain(..others);
            }
        }
    }

    /// Whether sowing from `hole` that way is a move that a compulsory capture allows: from a
    /// hole `must capture` names, a way the rules allow there, and capturing.
    fn is_capture(&self, mover: Player, hole: usize, reversed: bool) -> bool {
        let rules = self.rules;
        let Some(from) = &rules.play.must_capture else { return false };
        let allowed =
            !reversed || rules.sowing.either_way || rules.play.reverse.as_ref().is_some_and(|(p, _)| self.startable(mover, hole, p));
        allowed
            && self.startable(mover, hole, from)
            && self.try_move(mover, hole, reversed, &mut Silent).is_some_and(|(after, sowing)| self.captures(&after, &sowing, mover))
    }

    /// Whether some move of `mover`'s captures where a capture is compulsory.
    fn some_capture(&self, mover: Player) -> bool {
        self.rules.play.must_capture.is_some()
            && (0..self.rules.board.holes).any(|h| self.is_capture(mover, h, false) || self.is_capture(mover, h, true))
    }

    /// Whether the turn now is one both players play at once (the game's first phase is such a
    /// turn, and both are still in it).
    pub(super) fn racing(&self) -> bool {
        !C::SIMPLE && self.rules.play.race.is_some() && self.state.phase == [0, 0]
    }

    /// Whether the first player of a turn played at once may choose `hole`: a hole they may
    /// start from, against which the other has some hole that makes the race end.
    fn race_choice(&self, hole: usize) -> bool {
        let first = self.rules.play.first;
        self.startable(first, hole, self.start_condition(first))
            && (0..self.rules.board.holes).any(|reply| self.race_reply(hole, reply, &mut Silent).is_some())
    }

    /// The race of the first player's `chosen` hole against the other's `reply`, if the other may
    /// choose it and the race ends.
    fn race_reply<T: Trace>(&self, chosen: usize, reply: usize, tr: &mut T) -> Option<super::race::Finish<C>> {
        let (rules, second) = (self.rules, self.rules.play.first.opponent());
        if !self.startable(second, reply, self.start_condition(second)) {
            return None;
        }
        let mut holes = [0; 2];
        holes[rules.play.first.index()] = chosen;
        holes[second.index()] = reply;
        super::race::race(rules, &self.state, holes, rules.play.race.unwrap_or(true), tr)
    }

    /// Whether `mover` moves by placing a stone from their hand.
    pub(super) fn placing(&self, mover: Player) -> bool {
        !C::SIMPLE && placing::placing(self.rules, &self.state, mover)
    }

    /// Whether `mover` may sow from `hole` against the file's direction.
    fn can_reverse(&self, mover: Player, hole: usize, start: &Condition) -> bool {
        let rules = self.rules;
        if rules.sowing.either_way {
            return self.startable(mover, hole, start) && self.try_move(mover, hole, true, &mut Silent).is_some();
        }
        let Some((from, only_to_capture)) = &rules.play.reverse else { return false };
        if !self.startable(mover, hole, from) {
            return false;
        }
        match self.try_move(mover, hole, true, &mut Silent) {
            Some((after, sowing)) => !only_to_capture || self.captures(&after, &sowing, mover),
            None => false,
        }
    }

    /// Whether the move that left `after` (its sowing `sowing`) captured: stones sown on, or a
    /// capture at its end.
    pub(super) fn captures(&self, after: &StateIn<C>, sowing: &Sowing, mover: Player) -> bool {
        if sowing.taken > 0 || after.capturing {
            return true;
        }
        if sowing.choice || !sowing.may_capture {
            return false;
        }
        let mut end = *after;
        capture(self.rules, &mut end, sowing.last, mover, sowing.lap, &mut Silent) > 0
            || end.pending != Pending::None
            || end.claimed != after.claimed
    }

    /// The legal actions as canonical text.
    pub fn legal_texts(&self) -> Vec<String> {
        self.legal_actions().into_iter().map(|a| a.text(self.rules)).collect()
    }

    /// Plays `action`, or returns why it is illegal and changes nothing (the events kept are
    /// still those of the last action applied).
    #[inline(always)]
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        if self.trace.on() {
            return self.apply_traced(action);
        }
        if self.play_bare(action) {
            return Ok(());
        }
        self.play(action)
    }

    /// Plays `action` where it is one of the turn's known moves the file's way, sown in place,
    /// and its lap a bare one ([`sow_bare`]); returns whether it did (if not, nothing changed).
    /// Inline where a game is played, the rest of [`GameIn::play`] out of line.
    #[inline(always)]
    fn play_bare(&mut self, action: Action) -> bool {
        let Action::Sow(hole) = action else { return false };
        let (hole, mover) = (usize::from(hole), self.state.to_move);
        if !(self.rules.tracks.bare_laps && self.moves.known && self.moves.in_place && self.moves.forward.has(hole)) {
            return false;
        }
        let Some(sowing) = sow_bare(self.rules, &mut self.state, hole, mover) else { return false };
        // As [`GameIn::play_known`] sows a move in place: the file's way.
        self.state.reversed = false;
        self.moves.known = false;
        self.last_laps = sowing.laps;
        self.lap_ended(mover, &sowing);
        true
    }

    /// [`Game::apply`] where events are recorded: those of the last action are kept if this one
    /// is illegal. Out of line, so that playing untraced stays small.
    #[inline(never)]
    fn apply_traced(&mut self, action: Action) -> Result<(), IllegalAction> {
        let before = self.trace.clone();
        self.trace.clear();
        let played = self.play(action);
        if played.is_err() {
            self.trace = before;
        }
        played
    }

    fn illegal(&self, action: Action) -> IllegalAction {
        IllegalAction { action: action.text(self.rules), legal: self.legal_texts() }
    }

    #[inline]
    fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        // The moves found for this turn serve to check the action; whatever it changes, the next
        // turn finds its own.
        let known = std::mem::replace(&mut self.moves.known, false);
        let played = self.play_checked(action, known);
        if played.is_err() {
            self.moves.known = known;
        }
        played
    }

    /// The holes `mover` may place a stone into without sowing on, where they were found at the
    /// turn's start ([`Moves::placeable`]: `mover` is to move); `None` where they were not.
    fn placeable(&self, mover: Player) -> Option<C::Mask> {
        self.moves.placeable.filter(|_| mover == self.state.to_move)
    }

    /// Whether `action` is a placement `mover` may make now ([`placing::is_legal`]), from the
    /// holes found at the turn's start where they were ([`GameIn::placeable`]).
    #[inline(never)]
    fn may_place(&self, mover: Player, action: Action) -> bool {
        match self.placeable(mover) {
            Some(holes) => matches!(action, Action::Sow(hole) if holes.has(usize::from(hole))),
            None => placing::is_legal(self.rules, &self.state, mover, action),
        }
    }

    /// [`Game::play`]; `known`: whether the turn's moves are known ([`Moves`]).
    fn play_checked(&mut self, action: Action, known: bool) -> Result<(), IllegalAction> {
        let mover = self.state.to_move;
        if self.is_over() {
            return Err(self.illegal(action));
        }
        // Simple turns leave no offer or decision open (`C::SIMPLE`).
        let answering = !C::SIMPLE && self.state.offer != C::Mask::NONE;
        let mut laps = 0;
        let idle = !answering && (C::SIMPLE || self.state.pending == Pending::None);
        match (action, self.state.pending) {
            // The turn's moves are known (so it is idle and not raced; placements are known only
            // where they sow on).
            (Action::Sow(hole) | Action::SowReversed(hole), _) if known && !self.trace.on() => {
                let reversed = matches!(action, Action::SowReversed(_));
                if !self.moves.has(hole as usize, reversed) {
                    return Err(self.illegal(action));
                }
                let Some(sowing) = self.play_known(mover, hole as usize, reversed) else {
                    return Err(self.illegal(action));
                };
                laps = sowing.laps;
                self.lap_ended(mover, &sowing);
            }
            (Action::Sow(hole), _) if idle && self.racing() => {
                // The first of the two choices of a turn played at once: nothing moves yet.
                if !self.race_choice(hole as usize) {
                    return Err(self.illegal(action));
                }
                self.state.pending = Pending::Race(hole);
                self.state.to_move = mover.opponent();
                self.trace.event(|| Event::Ask(Box::new(self.state.widen())));
                self.trace.event(|| Event::Turn { to: self.state.to_move });
            }
            (Action::Sow(hole), Pending::Race(chosen)) => {
                let finish = traced!(self, tr => self.race_reply(usize::from(chosen), hole as usize, tr));
                let Some(finish) = finish else {
                    return Err(self.illegal(action));
                };
                self.state = finish.state;
                self.state.pending = Pending::None;
                // The turn played at once is over for both: on to the next phase.
                self.state.phase = [1, 1];
                for by in Player::BOTH {
                    self.trace.event(|| Event::Phase { by, phase: 1 });
                }
                self.end_action(mover, finish.next, true);
            }
            (Action::Sow(hole) | Action::SowReversed(hole), _) if idle && self.placing(mover) => {
                if !self.may_place(mover, action) {
                    return Err(self.illegal(action));
                }
                let hole = hole as usize;
                if !self.rules.play.place_then_sow {
                    self.state.hand[mover.index()] -= 1;
                    self.state.add(hole, 1);
                    self.trace.event(|| Event::Place { by: mover, hole: crate::hole_byte(hole) });
                    self.end_action(mover, mover.opponent(), true);
                } else {
                    let reversed = matches!(action, Action::SowReversed(_));
                    let placed = traced!(self, tr => placing::placement(self.rules, &self.state, mover, hole, reversed, tr));
                    let Some((after, sowing, _)) = placed else {
                        return Err(self.illegal(action));
                    };
                    self.state = after;
                    laps = sowing.laps;
                    self.lap_ended(mover, &sowing);
                }
            }
            (Action::Sow(hole) | Action::SowReversed(hole), _) if idle => {
                let legal = traced!(self, tr => self.legal_move(mover, action, hole as usize, tr));
                let Some((after, sowing)) = legal else {
                    return Err(self.illegal(action));
                };
                self.state = after;
                laps = sowing.laps;
                self.lap_ended(mover, &sowing);
            }
            (Action::Continue, Pending::Continue(hole)) => {
                let continued = traced!(self, tr => self.continued(hole as usize, tr));
                let Some((after, sowing)) = continued else {
                    return Err(self.illegal(action));
                };
                self.state = after;
                laps = sowing.laps;
                self.lap_ended(mover, &sowing);
            }
            (Action::Stop, Pending::Continue(hole)) => {
                self.state.pending = Pending::None;
                let may_capture = !self.rules.play.first_lap_decides || self.state.capturing;
                self.move_ended(mover, hole as usize, Lap::default(), may_capture);
            }
            (Action::Take(set), Pending::Choose(_)) => {
                let mut after = self.state;
                if !take_chosen(self.rules, &mut after, mover, set, &mut self.trace) {
                    return Err(self.illegal(action));
                }
                self.state = after;
                self.end_action(mover, mover.opponent(), true);
            }
            (Action::Pass, _) if idle => {
                // The turn's moves, where they are known, say whether the mover has one.
                let none = match known {
                    true => self.moves.forward | self.moves.reversed == C::Mask::NONE,
                    false => self.has_no_move(mover),
                };
                if !none || self.rules.play.no_move != NoMove::Pass {
                    return Err(self.illegal(action));
                }
                self.trace.event(|| Event::Pass { by: mover });
                self.end_action(mover, mover.opponent(), true);
            }
            (Action::Offer(set), _) if idle => {
                let Some(rule) = &self.rules.trade else { return Err(self.illegal(action)) };
                if self.has_no_move(mover) || !trade::can_offer(self.rules, rule, &self.state, mover, set) {
                    return Err(self.illegal(action));
                }
                self.state.offer = C::Mask::from_wide(set);
                self.trace.event(|| Event::Offer { by: mover, holes: set });
                // An offer is not a move: it changes no stone, so no board ending is asked.
                self.end_action(mover, mover.opponent(), false);
            }
            (Action::Accept | Action::Decline, _) if answering => {
                let Some(rule) = &self.rules.trade else { return Err(self.illegal(action)) };
                let (accepted, holes, price) = (action == Action::Accept, self.state.offer, rule.price);
                trade::answer(rule, &mut self.state, accepted);
                self.trace.event(|| Event::Answer { by: mover, accepted, holes: holes.wide(), price });
                // The offer was the offerer's whole turn: the receiver now plays theirs.
                // A decline moves no stone: no board ending is asked after it.
                self.end_action(mover, mover, action == Action::Accept);
            }
            _ => return Err(self.illegal(action)),
        }
        self.last_laps = laps;
        Ok(())
    }

    /// A lap of `mover`'s move ended without a relay. Where the mover may choose to relay, the
    /// move waits for the choice (made for them when relaying would never end).
    #[inline(always)]
    fn lap_ended(&mut self, mover: Player, sowing: &Sowing) {
        let last = sowing.last;
        if !C::SIMPLE && sowing.choice && self.continued(last, &mut Silent).is_some() {
            self.state.pending = Pending::Continue(crate::hole_byte(last));
            self.trace.event(|| Event::Ask(Box::new(self.state.widen())));
            self.record_position(mover);
        } else {
            self.move_ended(mover, last, sowing.lap, sowing.may_capture);
        }
    }

    /// `mover`'s sowing ended in `last` after `lap`: capture (if the move still may), then hand
    /// over the turn (unless the mover has holes to choose).
    #[inline(always)]
    fn move_ended(&mut self, mover: Player, last: usize, lap: Lap, may_capture: bool) {
        if may_capture {
            traced!(self, tr => capture(self.rules, &mut self.state, last, mover, lap, tr));
        }
        if C::SIMPLE || self.state.pending == Pending::None {
            // The last seed in the mover's own store: they move again.
            let again = self.rules.play.play_again && last == self.rules.board.holes + mover.index();
            if again {
                self.trace.event(|| Event::Again { by: mover, why: "the last stone fell into their store" });
            }
            self.end_action(mover, if again { mover } else { mover.opponent() }, true);
        } else {
            self.trace.event(|| Event::Ask(Box::new(self.state.widen())));
            self.record_position(mover);
        }
    }

    /// The position after relaying from `hole`, where the move stands; `None` if it would
    /// never end.
    fn continued<T: Trace>(&self, hole: usize, tr: &mut T) -> Option<(StateIn<C>, Sowing)> {
        let mut after = self.state;
        after.pending = Pending::None;
        let mover = after.to_move;
        let sowing = sow_on(self.rules, &mut after, hole, mover, true, tr)?;
        Some((after, sowing))
    }

    /// The position after sowing from `hole`, if `mover` may start a move there (the hole is
    /// theirs, `start` holds, and the move would end).
    fn sowing<T: Trace>(&self, mover: Player, hole: usize, start: &Condition, tr: &mut T) -> Option<(StateIn<C>, Sowing)> {
        if !self.startable(mover, hole, start) {
            return None;
        }
        self.try_move(mover, hole, false, tr)
    }

    /// The position after `action`, a sowing from `hole`, if it is legal now.
    fn legal_move<T: Trace>(&self, mover: Player, action: Action, hole: usize, tr: &mut T) -> Option<(StateIn<C>, Sowing)> {
        let reversed = matches!(action, Action::SowReversed(_));
        // Where a capture is compulsory and possible, only a capture is legal.
        if self.some_capture(mover) {
            return self.is_capture(mover, hole, reversed).then(|| self.try_move(mover, hole, reversed, tr)).flatten();
        }
        let start = self.start_condition(mover);
        if reversed {
            return self.can_reverse(mover, hole, start).then(|| self.try_move(mover, hole, true, tr)).flatten();
        }
        self.sowing(mover, hole, start, tr)
    }

    /// The position after `mover` sows from `hole` (against the file's direction when
    /// `reversed`), if the move ends and the rules allow what it leaves; the hole is not checked.
    pub(super) fn try_move<T: Trace>(&self, mover: Player, hole: usize, reversed: bool, tr: &mut T) -> Option<(StateIn<C>, Sowing)> {
        let mut after = self.state;
        after.reversed = reversed;
        let sowing = sow(self.rules, &mut after, hole, mover, tr)?;
        self.may_leave(mover, &after).then_some((after, sowing))
    }

    /// Whether the rules allow `mover`'s move to leave `after`: an opponent without stones must
    /// be given some, where the rules say so, and no move may leave a forbidden position.
    #[inline(always)]
    pub(super) fn may_leave(&self, mover: Player, after: &StateIn<C>) -> bool {
        let rules = self.rules;
        let starves =
            rules.play.must_feed && self.side_is_empty(&self.state, mover.opponent()) && self.side_is_empty(after, mover.opponent());
        !starves && !rules.play.no_move_leaves.as_ref().is_some_and(|p| after.holds(rules, p, 0, mover))
    }

    /// Whether `player` has no stone in the holes they own.
    fn side_is_empty(&self, state: &StateIn<C>, player: Player) -> bool {
        let board = super::layout::board_mask::<C>(self.rules);
        state.owned(player, board) & state.stocked(board) == C::Mask::NONE
    }

    /// Whether `mover` may start a move from `hole`: [`Game::sowing`] without its result.
    /// `sow_to_know` is [`Game::sow_to_know`] for `mover`, asked once for all their holes.
    fn can_start(&self, mover: Player, hole: usize, start: &Condition, sow_to_know: bool) -> bool {
        if !sow_to_know {
            return self.startable(mover, hole, start);
        }
        self.sowing(mover, hole, start, &mut Silent).is_some()
    }

    /// Whether a move of `mover`'s that may start must be sown to know it is legal: where it may
    /// relay or sow captures on with no lap limit (it might never end), where what it leaves may
    /// be forbidden, or where it must feed an opponent who has no stone now. Otherwise every move
    /// that may start ends and leaves nothing to refuse.
    pub(super) fn sow_to_know(&self, mover: Player) -> bool {
        let rules = self.rules;
        !rules.tracks.moves_end || (rules.play.must_feed && self.side_is_empty(&self.state, mover.opponent()))
    }

    /// The hole is `mover`'s, holds stones and satisfies `start`.
    pub(super) fn startable(&self, mover: Player, hole: usize, start: &Condition) -> bool {
        let state = &self.state;
        hole < self.rules.board.holes
            && state.owner(hole) == mover
            && state.count(hole) > 0
            && !state.claimed.has(hole)
            && state.holds(self.rules, start, hole, mover)
    }

    /// The condition a hole of `mover`'s must meet to start a move now: the rules' `start`, or
    /// their fallback when no hole meets it (whether or not its moves would end).
    pub(super) fn start_condition(&self, mover: Player) -> &'r Condition {
        let rules = self.rules;
        match &rules.play.fallback {
            Some(fallback) if self.startable_holes(mover, &rules.play.start, None) == C::Mask::NONE => fallback,
            _ => &rules.play.start,
        }
    }

    #[inline(always)]
    fn has_no_move(&self, player: Player) -> bool {
        if self.moves.known && player == self.state.to_move {
            return self.moves.forward | self.moves.reversed == C::Mask::NONE;
        }
        self.has_no_move_found(player)
    }

    /// [`Game::has_no_move`] where the turn's moves are not known: found now. Out of line, so
    /// that asking the known moves stays a few instructions where it is asked.
    #[inline(never)]
    fn has_no_move_found(&self, player: Player) -> bool {
        if self.racing() {
            return !(0..self.rules.board.holes).any(|h| self.race_choice(h));
        }
        if self.placing(player) {
            return match self.placeable(player) {
                Some(holes) => holes == C::Mask::NONE,
                None => !placing::any(self.rules, &self.state, player),
            };
        }
        let start = self.start_condition(player);
        let reversible = self.rules.reversible();
        let sow_to_know = self.sow_to_know(player);
        // A compulsory capture only narrows the moves, unless it is one the others do not include.
        !(0..self.rules.board.holes)
            .any(|h| self.can_start(player, h, start, sow_to_know) || (reversible && self.can_reverse(player, h, start)))
            && !self.some_capture(player)
    }

    /// Adds the position to the repetition history, and ends the game (or the round) if that
    /// repeats it too often after `mover`'s action. Returns whether it ended.
    #[inline(always)]
    fn record_position(&mut self, mover: Player) -> bool {
        self.rules.tracks_repetition() && self.record_repeated(mover)
    }

    /// Whether the position now can stand only once in a game, so that counting it could never
    /// end one (a repetition is counted at least twice): the player to move holds stones in hand
    /// and moves by placing one, with no offer or decision open and no turn played at once, and
    /// no pass where they cannot place. Their next action then takes a stone from their hand, and
    /// nothing gives stones back to a hand; nor can it have stood before, since the action after
    /// it did the same. Where the rules trade, an offer is an action that takes no stone from a
    /// hand (and an answer may bring the position back): not then.
    fn stands_once(&self) -> bool {
        let rules = self.rules;
        rules.play.place.is_some()
            && self.state.hand[self.state.to_move.index()] > 0
            && !self.state.left_open()
            && rules.trade.is_none()
            && rules.play.no_move != NoMove::Pass
            && !self.racing()
    }

    /// [`Game::record_position`] where the rules count repetitions.
    fn record_repeated(&mut self, mover: Player) -> bool {
        if self.stands_once() {
            return false;
        }
        let counts = self.history.record(self.rules, &self.state);
        if let Some((outcome, reason)) = ending::repetition_ending(self.rules, counts) {
            self.conclude(outcome, ending::loser(outcome, mover), mover, &|| reason.to_string());
            return true;
        }
        false
    }

    /// After `mover`'s action: hand the turn to `next`, then look for an ending (board endings
    /// only after an action that may have moved stones).
    fn end_action(&mut self, mover: Player, next: Player, moved: bool) {
        self.state.to_move = next;
        self.state.reversed = false;
        self.state.capturing = false;
        if !C::SIMPLE && !self.rules.play.phases.is_empty() {
            let phases = self.state.phase;
            self.state.advance_phases(self.rules);
            if self.trace.on() && phases != self.state.phase {
                for by in Player::BOTH.into_iter().filter(|p| phases[p.index()] != self.state.phase[p.index()]) {
                    let phase = self.state.phase[by.index()];
                    self.trace.event(|| Event::Phase { by, phase });
                }
            }
        }
        self.trace.event(|| Event::Turn { to: next });
        // The holes holding stones, read once for the endings and the next turn's moves.
        let stocked = self.state.stocked(super::layout::board_mask::<C>(self.rules));
        let ended = if moved { ending::after_action(self.rules, &self.state, mover, stocked) } else { None };
        if let Some((outcome, reason)) = ended {
            return self.conclude(outcome, ending::loser(outcome, mover), mover, &|| reason.to_string());
        }
        if !self.record_position(mover) {
            self.start_turn(mover, Some(stocked));
        }
    }

    /// At the start of a turn, after `last` acted (the player to move again, after a move into
    /// their own store): a player without a move passes, loses or ends the game.
    /// `stocked`: the holes of the board holding stones, where the caller has read them.
    #[inline(always)]
    fn start_turn(&mut self, last: Player, stocked: Option<C::Mask>) {
        self.find_moves(stocked);
        if !self.state.left_open() && self.has_no_move(self.state.to_move) {
            self.cannot_move(last);
        }
    }

    /// The player to move at the start of a turn has no move (`last` acted before them).
    fn cannot_move(&mut self, last: Player) {
        let player = self.state.to_move;
        let leftover = Outcome::Leftover(self.rules.end.leftover);
        let mover = last;
        // "Neither" asks the other player, who is not always the one who acted last: after a move
        // into one's own store, or an answer to an offer, the same player is to move.
        match self.rules.play.no_move {
            NoMove::Pass => {
                if self.opponent_cannot_move(player) {
                    self.conclude(leftover, None, mover, &|| "neither player can move".to_string());
                }
            }
            NoMove::Lose => self.conclude(leftover, Some(player), mover, &|| format!("{player} cannot move")),
            NoMove::End => self.conclude(leftover, None, mover, &|| format!("{player} cannot move")),
        }
    }

    /// Whether the opponent of `player` (to move, and without a move) has no move either. Where
    /// the opponent's turn searches its moves (sowing them to know they are legal), they are
    /// searched now, in the position the pass will leave, and kept for that turn ([`Ahead`]):
    /// asking whether one is legal would sow some of them, and the turn all of them again.
    #[inline(never)]
    fn opponent_cannot_move(&mut self, player: Player) -> bool {
        let opponent = player.opponent();
        // The pass changes only the player to move (and the phases, where there are some).
        if !(self.moves.known && self.rules.play.phases.is_empty() && !self.placing(opponent) && self.searches(opponent)) {
            return self.has_no_move(opponent);
        }
        let mut found = self.ahead.0.take().unwrap_or_default();
        self.state.to_move = opponent;
        std::mem::swap(&mut self.moves, &mut found.moves);
        self.moves.forget();
        self.search_moves(None);
        let none = self.moves.forward | self.moves.reversed == C::Mask::NONE;
        found.of = Some(self.state);
        std::mem::swap(&mut self.moves, &mut found.moves);
        self.ahead.0 = Some(found);
        self.state.to_move = player;
        none
    }

    /// An ending is reached after `mover`'s action: the game is over, or in a match of rounds
    /// (unless a player lost outright) the round is. `reason` says why in words, asked only when
    /// the game is over (a round's end allocates nothing).
    fn conclude(&mut self, outcome: Outcome, loser: Option<Player>, mover: Player, reason: &dyn Fn() -> String) {
        match &self.rules.rounds {
            Some(rounds) if loser.is_none() => {
                let leftover = ending::leftover_of(self.rules, outcome);
                if self.trace.on() {
                    let (round, stocks) = (self.state.round, ending::score(self.rules, &self.state, leftover, mover));
                    self.trace.event(|| Event::RoundOver { round, stocks });
                }
                match rounds::end_round(self.rules, rounds, &mut self.state, leftover, mover) {
                    Next::Round => {
                        self.trace.event(|| Event::Round(Box::new(self.state.widen())));
                        // A match whose rules say so ends when a round starts as earlier ones
                        // did for the given time.
                        if let Some(repeats) = &rounds.repeats {
                            let [_, starts] = self.round_starts.record(self.rules, &self.state);
                            if starts >= repeats.times {
                                // Over: as after any ending, the turn is the next player's.
                                self.state.to_move = mover.opponent();
                                return self.finish(repeats.outcome, None, mover, repeats.reason.clone());
                            }
                        }
                        // Repetition counts within a round.
                        self.history.clear();
                        if !self.record_position(mover) {
                            self.start_turn(mover, None);
                        }
                    }
                    Next::Unfilled(loser) => {
                        // The reason is the same whatever the round (which the position shows), so
                        // that statistics over many games group it.
                        let why = match loser {
                            Some(p) => format!("{p} cannot fill a hole"),
                            None => "neither player can fill a hole".to_string(),
                        };
                        let outcome = if loser.is_some() { Outcome::Leftover(Leftover::Owner) } else { Outcome::Draw };
                        // Over: the turn is the next player's, even after a move that gave its
                        // player another.
                        self.state.to_move = mover.opponent();
                        self.finish(outcome, loser, mover, why);
                    }
                }
            }
            _ => self.finish(outcome, loser, mover, reason()),
        }
    }

    fn finish(&mut self, outcome: Outcome, loser: Option<Player>, mover: Player, reason: String) {
        self.moves.known = false;
        self.moves.placeable = None;
        // The stones left on the board go where the ending sends them, so that the final
        // position shows the score: what each player has captured (and holds in hand).
        let leftover = ending::leftover_of(self.rules, outcome);
        let (trace, swept) = (&mut self.trace, &mut self.swept);
        ending::sweep(self.rules, &mut self.state, leftover, mover, |by, hole, stones| {
            swept[by.index()] += u32::from(stones);
            trace.event(|| Event::Take { by, hole: crate::hole_byte(hole), stones, how: TakeHow::Leftover });
        });
        let mut result = ending::result(self.rules, &self.state, outcome, loser, mover, reason);
        let note = self.rules.trade.as_ref().and_then(|t| t.declined_win.as_ref());
        if let (Some(note), Some(winner)) = (note, result.winner) {
            if self.state.declined[winner.index()] {
                result.reason = format!("{}; {note}: {winner} declined an offer", result.reason);
            }
        }
        let captured = self.state.captured;
        self.trace.event(|| Event::End { result: result.clone(), captured });
        self.result = Some(result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::shipped;

    /// A game made another again by `clone_from` (as a search does after each playout) is that
    /// game in everything a player or an ending can see, whatever it was before: for random
    /// games of every shipped file, in the widest layout and the narrowest the rules fit, a copy
    /// played on at random (some playouts long enough to end the game, clear the history or
    /// start a round) and made the game again, several times over, is alike it, and then, played
    /// on with the same actions as a fresh copy, alike that after each.
    #[test]
    fn a_game_made_another_again_by_clone_from_is_that_game() {
        use rand::rngs::ChaCha8Rng;
        use rand::{RngExt, SeedableRng};
        fn random<C: Cells>(game: &GameIn<'_, C>, rng: &mut ChaCha8Rng) -> Option<Action> {
            let actions = game.legal_actions();
            (!game.is_over() && !actions.is_empty()).then(|| actions[rng.random_range(0..actions.len())])
        }
        fn alike<C: Cells>(a: &GameIn<'_, C>, b: &GameIn<'_, C>) -> bool {
            a.state == b.state
                && a.result == b.result
                && a.legal_actions() == b.legal_actions()
                && a.history.same_counts(&b.history)
                && a.round_starts.same_counts(&b.round_starts)
        }
        fn check<C: Cells>(rules: &Rules, seed: u64) -> u32 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut copies = 0;
            for _ in 0..6 {
                let mut game = GameIn::<C>::new(rules);
                for step in 0..300 {
                    if step % 9 == 0 {
                        let mut playing = game.clone();
                        for playout in 0..4 {
                            for _ in 0..rng.random_range(0..[10, 60, 200, 400][playout]) {
                                let Some(action) = random(&playing, &mut rng) else { break };
                                playing.apply(action).expect("a legal action applies");
                            }
                            playing.clone_from(&game);
                            copies += 1;
                            assert!(alike(&playing, &game), "{}: made step {step} again", rules.name);
                        }
                        let mut fresh = game.clone();
                        for _ in 0..80 {
                            let Some(action) = random(&fresh, &mut rng) else { break };
                            fresh.apply(action).expect("a legal action applies");
                            playing.apply(action).expect("the same action applies");
                            assert!(alike(&playing, &fresh), "{}: played on from step {step}", rules.name);
                        }
                    }
                    let Some(action) = random(&game, &mut rng) else { break };
                    game.apply(action).expect("a legal action applies");
                }
            }
            copies
        }
        for (file, rules) in crate::load::every_shipped() {
            let name = file.display();
            assert!(check::<Wide>(&rules, 1) > 20, "{name}");
            assert!(crate::in_narrowest!(&rules, C => check::<C>(&rules, 2)) > 20, "{name}");
        }
    }

    /// A relaying move is sown to find whether it is legal only where it might never end: under a
    /// lap limit (Hus) every move ends, so the turn's moves are the holes that may start.
    #[test]
    fn only_moves_that_might_not_end_are_sown_to_find_them() {
        for (name, sown) in [("hus", false), ("hoyito", true), ("kalah", false)] {
            let rules = shipped(name);
            let game = Game::new(&rules);
            assert!(game.moves.known, "{name}");
            assert_eq!(game.moves.in_place, !sown, "{name}");
            assert_eq!(game.moves.sown.is_empty(), !sown, "{name}");
            assert_ne!(game.moves.forward, Mask::NONE, "{name}");
        }
    }

    /// Relays that go round through the mover's store end every move
    /// ([`Rules::relays_pass_own_store`]): of the shipped files that relay, Congkak's, whose turns
    /// are then the holes that may start, not sown to be found. On the positions of random games
    /// of it and of Kalah made to relay (either way round, as a file may reverse), every such move
    /// ends; with the relay lifting the next hole instead, or without stores, the rule says
    /// nothing.
    #[test]
    fn relays_through_the_movers_store_end_every_move() {
        use rand::{RngExt, SeedableRng};
        let passing: Vec<String> = crate::load::every_shipped()
            .into_iter()
            .filter(|(_, rules)| rules.relays_pass_own_store())
            .map(|(file, _)| file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default())
            .collect();
        assert_eq!(passing, ["congkak", "kalah"], "Kalah's moves are one lap anyway");
        let kalah = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/kalah.mancala")).expect("kalah");
        let sow = "    sow counter-clockwise                   // the origin is not skipped\n";
        assert_eq!(kalah.matches(sow).count(), 1);
        let variant = |lines: &str| crate::load_str("kalah-relay.mancala", &kalah.replace(sow, lines), &[] as &[&str]).expect("loads");
        let relaying = variant("    sow counter-clockwise\n    relay when count >= 2\n");
        let either = variant("    sow either way\n    relay when count >= 2\n");
        assert!(relaying.relays_pass_own_store() && either.relays_pass_own_store());
        assert!(!variant("    sow counter-clockwise\n    relay from next hole when next hole is not empty\n").relays_pass_own_store());
        assert!(!crate::load::shipped("bosh").relays_pass_own_store(), "no stores");
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
        for rules in [shipped("congkak"), relaying, either] {
            let mut ended = 0;
            for _ in 0..40 {
                let mut game = Game::new(&rules);
                for _ in 0..2_000 {
                    let actions = game.legal_actions();
                    if game.is_over() || actions.is_empty() {
                        break;
                    }
                    if game.moves.known && !game.racing() && !rules.reversible() {
                        assert!(game.moves.sown.is_empty(), "{}: moves sown to be found", rules.name);
                    }
                    for &action in &actions {
                        let mut tried = game.clone();
                        assert!(tried.apply(action).is_ok(), "{}: {action:?} does not end from {}", rules.name, game.position_json());
                        ended += 1;
                    }
                    game.apply(actions[rng.random_range(0..actions.len())]).expect("a legal action applies");
                }
            }
            assert!(ended > 2_000, "{}: {ended} moves", rules.name);
        }
    }

    /// A position whose player to move must place a stone from hand stands once in a game, and is
    /// not counted ([`GameIn::stands_once`]): every placement of Omweso's, where a player who
    /// cannot move loses; the history holds the start alone until the stones are sown. The holes
    /// a stone may go into are found once, at the turn's start ([`Moves::placeable`]): every own
    /// hole, and no other, nor a way to sow.
    #[test]
    fn positions_before_a_placement_are_not_counted() {
        let rules = shipped("omweso");
        let mut game = Game::new(&rules);
        for placed in 0..64 {
            assert!(game.stands_once(), "placement {placed}");
            assert_eq!(game.history.held(), 1, "placement {placed}: the start alone");
            let own = game.state.owned(game.state.to_move, crate::engine::layout::board_mask::<Wide>(&rules));
            assert_eq!(game.moves.placeable, Some(own), "placement {placed}");
            let listed: Vec<Action> = own.places().map(|h| Action::Sow(crate::hole_byte(h))).collect();
            assert_eq!(game.legal_actions(), listed, "placement {placed}");
            let hole = own.places().nth(placed % 16).expect("a hole");
            let theirs = own.places().next().map(|h| rules.board.opposite[h] as usize).expect("a hole");
            assert!(game.apply(Action::Sow(crate::hole_byte(theirs))).is_err(), "an opponent's hole");
            assert!(game.apply(Action::SowReversed(crate::hole_byte(hole))).is_err(), "no way to sow");
            assert!(!game.has_no_move(game.state.to_move));
            game.apply(Action::Sow(crate::hole_byte(hole))).expect("an own hole");
        }
        assert_eq!(game.moves.placeable, None, "sowing now");
        assert_eq!(game.state.hand, [0, 0]);
        assert!(!game.stands_once(), "the stones are sown now");
        assert_eq!(game.history.held(), 2, "the position after the last placement");
    }

    /// A player holding stones who has no hole to place one into, where such a player passes, is
    /// in a position that may come back: counted. South holds a stone and both their holes are
    /// full, so they pass, while North's one stone goes round their row and back: the start
    /// stands a third time after eight actions (not after nine, as the position after South's
    /// pass would, were the start not counted).
    #[test]
    fn a_player_who_passes_holding_stones_may_see_the_position_again() {
        let text = "game \"Pass while holding\"\nsource \"a test\"\n\
            board {\n size 2 x 2\n south owns row a\n north owns row b\n seeds 1\n seeds 1 in hand\n}\n\
            play {\n south moves first\n place from hand into own hole where count = 0\n start from own hole\n no move: pass\n}\n\
            sowing {\n sow counter-clockwise round own rows\n}\n\
            end {\n when position repeats 3 times, draw, \"the same position came back 3 times\"\n}\n";
        let rules = crate::load_str("pass.mancala", text, &[] as &[&str]).expect("loads");
        let mut start = StateIn::<Wide>::initial(&rules);
        start.hand = [1, 0];
        start.remove(3, 1);
        let mut game = GameIn::from_state(&rules, start);
        assert!(!game.stands_once());
        for action in 0..8 {
            assert!(!game.is_over(), "over after {action} actions");
            let actions = game.legal_actions();
            assert_eq!(actions.len(), 1, "{actions:?}");
            game.apply(actions[0]).expect("legal");
        }
        assert_eq!(game.result.as_ref().map(|r| r.reason.as_str()), Some("the same position came back 3 times"));
    }

    /// Where a player without a move passes, the opponent's moves are found before the pass (to
    /// know whether they have one) and kept for their turn after it ([`Ahead`]): in random games
    /// of Gabata and Djenon Aboure, whose relaying moves are sown to be found, the turn after
    /// every pass has the moves, and what each leaves, that a game starting from its position
    /// finds; a copy made before the pass keeps none and finds the same.
    #[test]
    fn the_moves_found_before_a_pass_are_those_of_the_turn_after_it() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(3);
        for name in ["gabata", "djenon-aboure"] {
            let rules = shipped(name);
            let mut passes = 0;
            for _ in 0..30 {
                let mut game = Game::new(&rules);
                while !game.is_over() {
                    let actions = game.legal_actions();
                    if actions == [Action::Pass] {
                        let mut after = game.state;
                        after.to_move = after.to_move.opponent();
                        let found = game.ahead.0.as_ref().expect("kept");
                        assert_eq!(found.of, Some(after), "{name}: the opponent's moves are found");
                        assert_eq!(found.moves.forward | found.moves.reversed == Mask::NONE, game.is_over());
                        let mut copy = game.clone();
                        assert!(copy.ahead.0.is_none(), "{name}: a copy keeps none");
                        game.apply(Action::Pass).expect("a pass");
                        copy.apply(Action::Pass).expect("a pass");
                        if game.is_over() {
                            continue;
                        }
                        passes += 1;
                        assert!(!game.ahead.waiting(), "{name}: taken");
                        let fresh = GameIn::from_state(&rules, game.state);
                        for found in [&game, &copy] {
                            assert!(found.moves.known, "{name}");
                            assert_eq!((found.moves.forward, found.moves.reversed), (fresh.moves.forward, fresh.moves.reversed), "{name}");
                            assert_eq!(found.moves.in_place, fresh.moves.in_place, "{name}");
                        }
                        assert_eq!(game.moves.sown, fresh.moves.sown, "{name}: what each move leaves");
                        assert!(!game.moves.sown.is_empty(), "{name}: sown to be found");
                        continue;
                    }
                    game.apply(actions[rng.random_range(0..actions.len())]).expect("a legal action applies");
                }
            }
            assert!(passes > 20, "{name}: {passes} passes");
        }
    }

    /// Captured stones come back into play only by a trade: a game with one keeps every
    /// position it has seen; others forget those before stones left play.
    #[test]
    fn only_a_game_without_trade_forgets_positions() {
        for (name, forgets) in [("gore", false), ("oware", true), ("bao-la-kiswahili", true)] {
            let rules = shipped(name);
            assert_eq!(Game::new(&rules).history.forgets(), forgets, "{name}");
        }
    }

    /// A game given up for its result gives the result it showed: none before the end, the
    /// finished game's after it (Kalah played at random to its end).
    #[test]
    fn a_game_given_up_for_its_result_gives_that_result() {
        use rand::rngs::ChaCha8Rng;
        use rand::{RngExt, SeedableRng};
        let rules = shipped("kalah");
        assert_eq!(Game::new(&rules).into_result(), None);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut game = Game::new(&rules);
        while !game.is_over() {
            let actions = game.legal_actions();
            game.apply(actions[rng.random_range(0..actions.len())]).expect("a legal action applies");
        }
        let shown = game.result().cloned();
        assert!(shown.as_ref().is_some_and(|result| !result.reason.is_empty()));
        assert_eq!(game.into_result(), shown);
    }
}
