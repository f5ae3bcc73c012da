//! A game in progress: the position, the repetition history and the result once it is over.
//! Actions are checked before anything changes, so an illegal one leaves the game untouched.

use super::action::Action;
use super::capture::capture;
use super::ending;
use super::sowing::{sow, Sowing};
use super::trade;
use super::{GameResult, State};
use crate::check::model::{NoMove, Outcome};
use crate::compile::Rules;
use crate::player::Player;

/// An action that is not legal now. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{action}` is not legal now; legal: {}", if legal.is_empty() { "none (the game is over)".to_string() } else { legal.join(", ") })]
pub struct IllegalAction {
    pub action: String,
    pub legal: Vec<String>,
}

/// A game being played under some [`Rules`].
#[derive(Clone, Debug)]
pub struct Game<'r> {
    rules: &'r Rules,
    state: State,
    /// Every position so far, the current one last; kept only when an ending counts repetitions.
    history: Vec<State>,
    result: Option<GameResult>,
    /// Laps sown by the last action (0 when it sowed nothing).
    last_laps: u32,
}

impl<'r> Game<'r> {
    /// A new game from the rules' starting position.
    pub fn new(rules: &'r Rules) -> Game<'r> {
        Game::from_state(rules, State::initial(rules))
    }

    /// A game continuing from `state`; repetition counting starts afresh from it.
    pub fn from_state(rules: &'r Rules, state: State) -> Game<'r> {
        let mut game = Game { rules, state, history: Vec::new(), result: None, last_laps: 0 };
        if rules.tracks_repetition {
            game.history.push(state);
        }
        game.start_turn();
        game
    }

    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Laps sown by the last action applied (0 when it sowed nothing, or before any action).
    pub fn last_laps(&self) -> u32 {
        self.last_laps
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
    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        if self.is_over() {
            return;
        }
        if self.state.offer != 0 {
            actions.extend([Action::Accept, Action::Decline]);
            return;
        }
        let mover = self.state.to_move;
        actions.extend((0..self.rules.holes).filter(|&h| self.can_start(mover, h)).map(|h| Action::Sow(h as u8)));
        if actions.is_empty() {
            if self.rules.no_move == NoMove::Pass {
                actions.push(Action::Pass);
            }
        } else if let Some(rule) = &self.rules.trade {
            trade::offers(self.rules, rule, &self.state, mover, actions);
        }
    }

    /// The legal actions as canonical text.
    pub fn legal_texts(&self) -> Vec<String> {
        self.legal_actions().into_iter().map(|a| a.text(self.rules)).collect()
    }

    /// Plays `action`, or returns why it is illegal and changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let mover = self.state.to_move;
        let illegal = || IllegalAction { action: action.text(self.rules), legal: self.legal_texts() };
        if self.is_over() {
            return Err(illegal());
        }
        let answering = self.state.offer != 0;
        match action {
            Action::Sow(hole) if !answering => {
                let Some((mut after, sowing)) = self.sowing(mover, hole as usize) else {
                    return Err(illegal());
                };
                capture(self.rules, &mut after, sowing.last, mover);
                self.state = after;
                self.last_laps = sowing.laps;
            }
            Action::Pass if !answering => {
                if !self.has_no_move(mover) || self.rules.no_move != NoMove::Pass {
                    return Err(illegal());
                }
                self.last_laps = 0;
            }
            Action::Offer(set) if !answering => {
                let Some(rule) = &self.rules.trade else { return Err(illegal()) };
                if self.has_no_move(mover) || !trade::can_offer(self.rules, rule, &self.state, mover, set) {
                    return Err(illegal());
                }
                self.state.offer = set;
                self.last_laps = 0;
                // An offer is not a move: it changes no stone, so no board ending is asked.
                self.end_action(mover, mover.opponent(), false);
                return Ok(());
            }
            Action::Accept | Action::Decline if answering => {
                let Some(rule) = &self.rules.trade else { return Err(illegal()) };
                trade::answer(rule, &mut self.state, action == Action::Accept);
                self.last_laps = 0;
                // The offer was the offerer's whole turn: the receiver now plays theirs.
                // A decline moves no stone: no board ending is asked after it.
                self.end_action(mover, mover, action == Action::Accept);
                return Ok(());
            }
            _ => return Err(illegal()),
        }
        self.end_action(mover, mover.opponent(), true);
        Ok(())
    }

    /// The position after sowing from `hole`, if `mover` may start a move there (the hole is
    /// theirs, the start condition holds, and the move would end).
    fn sowing(&self, mover: Player, hole: usize) -> Option<(State, Sowing)> {
        if !self.startable(mover, hole) {
            return None;
        }
        let mut after = self.state;
        let sowing = sow(self.rules, &mut after, hole, mover)?;
        Some((after, sowing))
    }

    /// Whether `mover` may start a move from `hole`: [`Game::sowing`] without its result, which
    /// needs no sowing at all when a move is a single lap.
    fn can_start(&self, mover: Player, hole: usize) -> bool {
        match self.rules.relay {
            None => self.startable(mover, hole),
            Some(_) => self.sowing(mover, hole).is_some(),
        }
    }

    /// The hole is `mover`'s, holds stones and satisfies the start condition.
    fn startable(&self, mover: Player, hole: usize) -> bool {
        let state = &self.state;
        hole < self.rules.holes
            && state.owners[hole] == mover
            && state.counts[hole] > 0
            && state.holds(self.rules, &self.rules.start, hole, mover)
    }

    fn has_no_move(&self, player: Player) -> bool {
        !(0..self.rules.holes).any(|h| self.can_start(player, h))
    }

    /// After `mover`'s action: hand the turn to `next`, then look for an ending (board endings
    /// only after an action that may have moved stones).
    fn end_action(&mut self, mover: Player, next: Player, moved: bool) {
        self.state.to_move = next;
        if let Some((outcome, reason)) = ending::board_ending(self.rules, &self.state, mover).filter(|_| moved) {
            return self.finish(outcome, None, reason.to_string());
        }
        if self.rules.tracks_repetition {
            self.history.push(self.state);
            if let Some((outcome, reason)) = ending::repetition_ending(self.rules, &self.history) {
                return self.finish(outcome, None, reason.to_string());
            }
        }
        self.start_turn();
    }

    /// At the start of a turn: a player without a move passes, loses or ends the game.
    fn start_turn(&mut self) {
        let player = self.state.to_move;
        if self.state.offer != 0 || !self.has_no_move(player) {
            return;
        }
        let leftover = Outcome::Leftover(self.rules.leftover);
        match self.rules.no_move {
            NoMove::Pass if self.has_no_move(player.opponent()) => self.finish(leftover, None, "neither player can move".to_string()),
            NoMove::Pass => {}
            NoMove::Lose => self.finish(leftover, Some(player), format!("{player} cannot move")),
            NoMove::End => self.finish(leftover, None, format!("{player} cannot move")),
        }
    }

    fn finish(&mut self, outcome: Outcome, loser: Option<Player>, reason: String) {
        let mut result = ending::result(self.rules, &self.state, outcome, loser, reason);
        let note = self.rules.trade.as_ref().and_then(|t| t.declined_win.as_ref());
        if let (Some(note), Some(winner)) = (note, result.winner) {
            if self.state.declined[winner.index()] {
                result.reason = format!("{}; {note}: {winner} declined an offer", result.reason);
            }
        }
        self.result = Some(result);
    }
}
