//! Pass: the start position, played. `no_start_move` warns of a game in which neither player can
//! start a move from the start position, with every option at its default: the checked game is
//! compiled for that choice, as loading it would, and the engine asked.

use crate::ast::{Item, RuleFile, Span, StatementKind};
use crate::check::Checked;
use crate::compile::{compile, Rules};
use crate::diagnostic::{Code, Diagnostic};
use crate::engine::{Game, State};
use crate::vocabulary::NoMove;

/// The rules with every option at its default.
pub(super) fn default_rules(checked: &Checked) -> Option<Rules> {
    let choice = checked.choose::<&str>(&[]).ok()?;
    Some(compile(checked, &choice))
}

/// Whether neither player can start a move from the start position of `rules`.
fn nobody_moves(rules: &Rules) -> bool {
    // Asked as a game that passes when a player has no move and has no other ending: then it is
    // over at once exactly when neither player can move.
    let mut plain = rules.clone();
    plain.play.no_move = NoMove::Pass;
    plain.end.endings.clear();
    plain.end.repetition_kinds = [false; 2];
    plain.rounds = None;
    let game = Game::from_state(&plain, State::initial(&plain));
    game.is_over()
}

/// `no_start_move` for `rules`, the game with every option at its default: labelled on the `start` condition and on each `seeds` statement.
pub(super) fn no_start_move(file: &RuleFile, checked: &Checked, rules: &Rules) -> Option<Diagnostic> {
    nobody_moves(rules).then_some(())?;
    let mut spans: Vec<(Span, &str)> = Vec::new();
    for item in &file.items {
        let Item::Section(section) = item else { continue };
        for statement in &section.statements {
            match &statement.kind {
                StatementKind::Start { condition: Some(condition) } => spans.push((condition.span, "no hole meets this at the start")),
                StatementKind::Seeds { .. } => spans.push((statement.span, "the stones at the start")),
                _ => {}
            }
        }
    }
    let (&(first, label), rest) = spans.split_first()?;
    let mut diagnostic = Diagnostic::warning(Code::NoStartMove, "neither player can move from the start position", first, label);
    for &(span, label) in rest {
        diagnostic = diagnostic.with_label(span, label);
    }
    let options = if checked.model.options.is_empty() { "" } else { ", with every option at its default," };
    Some(diagnostic.with_help(format!(
        "at the start{options} no hole of either player may start a move, so the game is over before it begins (found by \
         playing the start position): put more stones in each hole (`seeds 4`), or let a move start from fewer \
         (`start from own hole where count >= 1`)"
    )))
}
