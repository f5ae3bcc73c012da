//! Pass: `never_ends` warns of a game that can never end, with every option at its default. A
//! game ends by an `end` condition, by a repetition, by a match's rounds, or by a player who
//! cannot move (under `no move: pass`, by both). The warning is a proof, never a guess from
//! games played: no `end` condition can be met (reasoning over counts, as `ending_never` does),
//! nothing repeats into an ending, there are no rounds, no stone ever leaves the board and every
//! move that may start ends, so a player can always move. The start position is then played a
//! few actions deep, a check that the reasoning and the engine agree.

use super::warnings::Reasoner;
use crate::ast::{CompareOp, Condition, Item, RuleFile, Span, StatementKind};
use crate::compile::{Pred, Rules};
use crate::diagnostic::{Code, Diagnostic};
use crate::engine::{Game, State};
use crate::player::Player;
use crate::vocabulary::NoMove;

/// The actions played from the start to see that the game goes on.
const PLAYED: usize = 200;

/// `never_ends` for `rules`, the game with every option at its default.
pub(super) fn never_ends(file: &RuleFile, rules: &Rules, reasoner: &Reasoner) -> Option<Diagnostic> {
    let (end, no_move_pass, game) = places(file);
    endings_unreachable(file, reasoner).then_some(())?;
    stones_stay(rules).then_some(())?;
    let initial = State::initial(rules);
    let holds = |p: Player| (0..rules.board.holes).filter(|&h| initial.owner(h) == p).map(|h| u32::from(initial.count(h))).sum::<u32>();
    // Under `no move: pass` the game ends only when neither player can move: while a stone is on
    // the board, its hole's owner can. Otherwise the player to move must always be able to: each
    // player's stones stay in their own holes, and each has some.
    let own_stones_stay = rules.play.no_move != NoMove::Pass;
    if own_stones_stay {
        Player::BOTH.into_iter().all(|p| holds(p) > 0 && sows_own_holes(rules, &initial, p)).then_some(())?;
    } else {
        (holds(Player::South) + holds(Player::North) > 0).then_some(())?;
    }
    still_going(rules).then_some(())?;
    let (span, label) = match (end, game) {
        (Some(end), _) => (end, "none of these endings can be met"),
        (None, Some(game)) => (game, "this game has no `end` section"),
        (None, None) => return None,
    };
    let mut diagnostic = Diagnostic::warning(Code::NeverEnds, "this game never ends", span, label);
    if let Some(pass) = no_move_pass {
        diagnostic = diagnostic.with_label(pass, "a player who cannot move passes");
    }
    let why = if own_stones_stay {
        "each player, sowing only their own holes, always has stones to move"
    } else {
        "some player can always move (one who cannot passes)"
    };
    Some(diagnostic.with_help(format!(
        "no `end` condition can be met, no repetition or round ends the game, and no stone ever leaves the board, so \
         {why}. Every game goes on for ever (`simulate` stops it after 100,000 actions): add an ending the game \
         reaches, such as `when position repeats 3 times` in the `end` section, or captures that take stones off \
         the board (found by reasoning over the rules with every option at its default, not by playing)"
    )))
}

/// The `end` section's name, the `no move: pass` statement and the `game` statement, for labels.
fn places(file: &RuleFile) -> (Option<Span>, Option<Span>, Option<Span>) {
    let (mut end, mut pass, mut game) = (None, None, None);
    for item in &file.items {
        match item {
            Item::Section(section) => {
                if section.name.name == "end" {
                    end = end.or(Some(section.name.span));
                }
                for statement in &section.statements {
                    match &statement.kind {
                        StatementKind::NoMove(word) if word.name == "pass" => pass = Some(statement.span),
                        StatementKind::Game(_) => game = Some(statement.span),
                        _ => {}
                    }
                }
            }
            Item::Statement(statement) => {
                if let StatementKind::Game(_) = statement.kind {
                    game = Some(statement.span);
                }
            }
        }
    }
    (end, pass, game)
}

/// Whether no `end` condition of the file, guarded or not, can ever be met: each is a condition
/// no position meets (a repetition always can be, in time).
fn endings_unreachable(file: &RuleFile, reasoner: &Reasoner) -> bool {
    file.items.iter().all(|item| match item {
        Item::Section(section) if section.name.name == "end" => section.statements.iter().all(|s| match &s.kind {
            StatementKind::When { condition: Condition::Predicate(expr), .. } => reasoner.never_met(expr),
            StatementKind::When { condition: Condition::Repeats { .. }, .. } => false,
            _ => true,
        }),
        _ => true,
    })
}

/// Whether no stone ever leaves the board and every move that may start from a hole holding
/// stones ends: nothing captured, stored, claimed, traded, placed from hand or played at once, no
/// phases, rounds or refusals of moves, and a move starts from any own hole holding stones.
fn stones_stay(rules: &Rules) -> bool {
    let ending_moves = rules.sowing.relay.is_none() || rules.sowing.lap_limit != u32::MAX;
    rules.captures.rules.is_empty()
        && rules.sowing.in_passing.is_none()
        && !rules.board.stores
        && !rules.captures.claims
        && rules.trade.is_none()
        && rules.rounds.is_none()
        && rules.board.hand == 0
        && rules.play.place.is_none()
        && rules.play.race.is_none()
        && rules.play.phases.is_empty()
        && !rules.play.must_feed
        && rules.play.no_move_leaves.is_none()
        && rules.play.fallback.is_none()
        && rules.play.start.pred == Pred::Count(CompareOp::Ge, 1)
        && ending_moves
        && rules.end.endings.iter().all(|e| matches!(e.condition, crate::compile::EndRule::Board(_)))
}

/// Whether every hole `player` owns at the start passes its stones, either way they may be sown,
/// only to holes `player` owns.
fn sows_own_holes(rules: &Rules, initial: &State, player: Player) -> bool {
    let ways: &[bool] = if rules.reversible() { &[false, true] } else { &[false] };
    ways.iter().all(|&reversed| {
        let next = rules.next_of(player, reversed);
        (0..rules.board.holes).filter(|&h| initial.owner(h) == player).all(|h| {
            let to = usize::from(next[h]);
            to < rules.board.holes && initial.owner(to) == player
        })
    })
}

/// Whether the game, each player playing their first legal action, is still going after
/// [`PLAYED`] actions.
fn still_going(rules: &Rules) -> bool {
    let mut game = Game::new(rules);
    for _ in 0..PLAYED {
        let Some(&action) = game.legal_actions().first() else { return false };
        if game.is_over() || game.apply(action).is_err() {
            return false;
        }
    }
    !game.is_over()
}
