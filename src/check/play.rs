//! Pass: the rules of play — who starts, which holes may start a move, sowing, captures and the
//! end — and the assembly of the checked [`Model`].

use super::diagnostic::{suggest, Diagnostic};
use super::model::*;
use super::options::Slot;
use super::predicate::Subject;
use super::{Checker, Sections};
use crate::ast::{Condition, Consequence, Ident, Span, Statement, StatementKind};
use crate::player::Player;

const REPEATS: Slot = Slot { what: "the number of occurrences", min: 2, max: 1000 };

impl Checker {
    pub(super) fn model(&mut self, sections: &Sections<'_>) -> Option<Model> {
        let name = self.game_name(sections);
        let sources = sections
            .top
            .iter()
            .filter_map(|s| match &s.kind {
                StatementKind::Source(text) => Some(text.text.clone()),
                _ => None,
            })
            .collect();
        let board = self.board(sections);

        let play = sections.of("play");
        let mut first = Player::South;
        let mut start = None;
        let mut no_move = NoMove::Pass;
        for statement in play {
            match &statement.kind {
                StatementKind::MovesFirst(player) => first = self.player(player).unwrap_or(first),
                StatementKind::Start { condition: Some(condition) } => start = self.predicate(condition, Subject::Hole),
                StatementKind::NoMove(word) => {
                    no_move = self
                        .word(
                            word,
                            "what a player without a move does",
                            &[("pass", NoMove::Pass), ("lose", NoMove::Lose), ("end", NoMove::End)],
                        )
                        .unwrap_or(no_move)
                }
                _ => {}
            }
        }

        let mut direction = Direction::CounterClockwise;
        let mut first_seed = FirstSeed::NextHole;
        let mut skip_origin = false;
        let mut relay = None;
        for statement in sections.of("sowing") {
            match &statement.kind {
                StatementKind::Sow(word) => {
                    direction = self
                        .word(
                            word,
                            "a sowing direction",
                            &[("counter-clockwise", Direction::CounterClockwise), ("clockwise", Direction::Clockwise)],
                        )
                        .unwrap_or(direction)
                }
                StatementKind::FirstSeed(word) => {
                    first_seed = self
                        .word(word, "where the first seed goes", &[("origin", FirstSeed::Origin), ("next", FirstSeed::NextHole)])
                        .unwrap_or(first_seed)
                }
                StatementKind::SkipOrigin => skip_origin = true,
                StatementKind::Relay(condition) => relay = self.predicate(condition, Subject::Hole),
                _ => {}
            }
        }
        if skip_origin && first_seed == FirstSeed::Origin {
            let span =
                sections.of("sowing").iter().find(|s| matches!(s.kind, StatementKind::SkipOrigin)).map(|s| s.span).unwrap_or_default();
            self.push(
                Diagnostic::error(
                    "contradiction",
                    "a lap cannot both start in its origin and skip it",
                    span,
                    "contradicts `first seed into origin`",
                )
                .with_help("keep `first seed into origin` or `skip origin`, not both"),
            );
        }

        let captures = sections.captures.iter().filter_map(|(header, statements)| self.capture(*header, statements)).collect();
        let (endings, leftover, wins) = self.end(sections.of("end"));
        self.unused_options();

        let board = board?;
        Some(Model {
            name: name?,
            sources,
            options: self.options.clone(),
            rows: board.rows,
            columns: board.columns,
            row_owner: board.row_owner,
            seeds: board.seeds,
            first,
            start,
            no_move,
            direction,
            first_seed,
            skip_origin,
            relay,
            captures,
            endings,
            leftover,
            wins,
            trade: None,
        })
    }

    fn game_name(&mut self, sections: &Sections<'_>) -> Option<String> {
        let name = sections.top.iter().find_map(|s| match &s.kind {
            StatementKind::Game(text) => Some(text),
            _ => None,
        });
        match name {
            Some(text) if !text.text.trim().is_empty() => Some(text.text.clone()),
            Some(text) => {
                self.push(
                    Diagnostic::error("empty_name", "the game's name is empty", text.span, "no name")
                        .with_help("write the name between the quotes"),
                );
                None
            }
            None => {
                self.push(
                    Diagnostic::error("missing_name", "the file does not name its game", Span::default(), "the file starts here")
                        .with_help("add a first line like `game \"Djenon-aboure\"`"),
                );
                None
            }
        }
    }

    /// One of a fixed set of words, reported with a suggestion when it is none of them.
    fn word<T: Copy>(&mut self, word: &Ident, what: &str, choices: &[(&'static str, T)]) -> Option<T> {
        if let Some((_, value)) = choices.iter().find(|(w, _)| *w == word.name) {
            return Some(*value);
        }
        let names: Vec<&str> = choices.iter().map(|(w, _)| *w).collect();
        self.push(
            Diagnostic::error("unknown_word", format!("`{}` is not {what}", word.name), word.span, "not understood")
                .with_help(suggest(&word.name, &names)),
        );
        None
    }

    fn capture(&mut self, header: Span, statements: &[&Statement]) -> Option<Capture> {
        let mut when = None;
        let mut take = None;
        let mut chain = None;
        let mut ok = true;
        for statement in statements {
            match &statement.kind {
                StatementKind::When { condition: Condition::Predicate(expr), consequence } => {
                    if let Some(consequence) = consequence {
                        let span = match consequence {
                            Consequence::Leftover(word) => word.span,
                            Consequence::Draw(span) => *span,
                        };
                        self.push(
                            Diagnostic::error("misplaced_consequence", "a capture has no leftover or draw", span, "only endings have this")
                                .with_help("remove it; write what an ending does in the `end` section"),
                        );
                    }
                    when = self.predicate(expr, Subject::Hole);
                    ok &= when.is_some();
                }
                StatementKind::When { condition: Condition::Repeats { span, .. }, .. } => {
                    self.push(
                        Diagnostic::error(
                            "misplaced_repetition",
                            "a repetition is an ending, not a capture",
                            *span,
                            "not a capture condition",
                        )
                        .with_help("move this `when` into the `end` section"),
                    );
                    ok = false;
                }
                StatementKind::Take(word) => {
                    take = self.word(word, "something a capture takes", &[("last", Take::LastHole)]);
                    ok &= take.is_some();
                }
                StatementKind::Chain { direction, condition } => {
                    let direction = self.word(
                        direction,
                        "a chain direction",
                        &[("backward", ChainDirection::Backward), ("forward", ChainDirection::Forward), ("both", ChainDirection::Both)],
                    );
                    let condition = self.predicate(condition, Subject::Hole);
                    chain = direction.zip(condition);
                    ok &= chain.is_some();
                }
                _ => {}
            }
        }
        if !ok {
            return None;
        }
        let Some(when) = when else {
            self.push(
                Diagnostic::error(
                    "capture_without_condition",
                    "this capture never says when it happens",
                    header,
                    "no `when` in this section",
                )
                .with_help("add a line like `when own and count in {2, 4}` (it tests the last hole sown)"),
            );
            return None;
        };
        let Some(take) = take else {
            self.push(
                Diagnostic::error("capture_without_take", "this capture never says what it takes", header, "no `take` in this section")
                    .with_help("add the line `take last hole`"),
            );
            return None;
        };
        Some(Capture { when, take, chain })
    }

    fn end(&mut self, statements: &[&Statement]) -> (Vec<Ending>, Leftover, Wins) {
        let mut endings = Vec::new();
        let mut leftover = Leftover::Owner;
        let mut wins = Wins::Most;
        let leftovers = [("owner", Leftover::Owner), ("split", Leftover::Split), ("removed", Leftover::Removed)];
        for statement in statements {
            match &statement.kind {
                StatementKind::When { condition, consequence } => {
                    let outcome = match consequence {
                        None => None,
                        Some(Consequence::Draw(_)) => Some(Outcome::Draw),
                        Some(Consequence::Leftover(word)) => match self.word(word, "where leftover stones go", &leftovers) {
                            Some(l) => Some(Outcome::Leftover(l)),
                            None => continue,
                        },
                    };
                    let (condition, text) = match condition {
                        Condition::Predicate(expr) => match self.predicate(expr, Subject::Board) {
                            Some(pred) => (EndCondition::Board(pred), self.text_of(expr.span)),
                            None => continue,
                        },
                        Condition::Repeats { what, times, span } => {
                            let what = self.word(
                                what,
                                "what a repetition compares",
                                &[("board", Repeated::Board), ("position", Repeated::Position)],
                            );
                            let times = self.num(times, REPEATS);
                            let (Some(what), Some(times)) = (what, times) else {
                                continue;
                            };
                            (EndCondition::Repeats { what, times }, self.text_of(*span))
                        }
                    };
                    endings.push(Ending { condition, outcome, text });
                }
                StatementKind::Leftover(word) => leftover = self.word(word, "where leftover stones go", &leftovers).unwrap_or(leftover),
                StatementKind::Wins(word) => {
                    wins = self.word(word, "a winner rule", &[("most", Wins::Most), ("fewest", Wins::Fewest)]).unwrap_or(wins)
                }
                _ => {}
            }
        }
        (endings, leftover, wins)
    }

    fn text_of(&self, span: Span) -> String {
        span.text(&self.source).to_string()
    }
}
