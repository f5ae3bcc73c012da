//! Pass: the `capture` sections — when each capture happens, what it takes, chains, chosen
//! holes, claims — and how many of them a file may have.

use super::model::{Capture, ChainDirection, Direction, HoleRef, SowOn, Take};
use super::options::Slot;
use super::predicate::Subject;
use super::{Checker, Sections};
use crate::ast::{Condition, Consequence, Phrase, Span, Statement, StatementKind};
use crate::diagnostic::{Code, Diagnostic};

/// The most `capture` sections a file may have (the engine numbers them in a byte).
pub const MAX_CAPTURES: usize = u8::MAX as usize;

/// Chosen holes are one action, a set: more than 3 would give too many actions to list.
const CHOSEN: Slot = Slot { what: "the number of holes chosen", min: 1, max: 3 };
/// The stones `take N from …` takes at most.
const PART: Slot = Slot { what: "the stones taken from a hole", min: 1, max: 500 };

impl Checker {
    /// One `capture` section (`header` is its name); `None` when it has errors.
    pub(super) fn capture(&mut self, header: Span, statements: &[&Statement]) -> Option<Capture> {
        let mut when_span: Option<Span> = None;
        let mut when = None;
        let mut takes = Vec::new();
        let mut chain = None;
        let mut bonus = None;
        let mut grand_slam_nothing = false;
        let mut resow: Option<Span> = None;
        let mut sow_on = None;
        let mut directions = Vec::new();
        let mut direction_span: Option<Span> = None;
        let mut claims = Vec::new();
        let mut keeping = false;
        let mut continue_from: Option<(HoleRef, Span)> = None;
        let mut ok = true;
        for statement in statements {
            match &statement.kind {
                StatementKind::When { condition: Condition::Predicate(expr), consequence, words } => {
                    if let (None, Some(words)) = (consequence, words) {
                        self.push(
                            Diagnostic::error(
                                Code::MisplacedConsequence,
                                "a capture does not end the game, so it has no words of an ending",
                                words.span,
                                "only an ending says this",
                            )
                            .with_help("remove it from the capture; the words a player reads at the end belong to the `when` lines of the `end` section"),
                        );
                    }
                    if let Some(consequence) = consequence {
                        // From the word after the comma to the end of the statement.
                        let start = match consequence {
                            Consequence::Leftover(word) => {
                                let text = Span { start: expr.span.end, end: word.span.start }.text(&self.source);
                                text.rfind("leftover")
                                    .and_then(|at| u32::try_from(at).ok())
                                    .map_or(word.span.start, |at| expr.span.end + at)
                            }
                            Consequence::Draw(phrase) | Consequence::Mover { phrase, .. } => phrase.span.start,
                        };
                        let span = Span { start, end: statement.span.end };
                        self.push(
                            Diagnostic::error(
                                Code::MisplacedConsequence,
                                format!("a capture does not end the game, so it has no `{}`", span.text(&self.source)),
                                span,
                                "only an ending says this",
                            )
                            .with_help("remove it from the capture; `leftover` and `draw` belong to the `when` lines of the `end` section"),
                        );
                    }
                    if let Some(earlier) = when_span {
                        self.push(
                            Diagnostic::error(
                                Code::DuplicateStatement,
                                "this capture says `when` twice",
                                statement.span,
                                "said again here",
                            )
                            .with_label(earlier, "first said here")
                            .with_help("join the two with `or` in one `when`, or give the second its own capture section"),
                        );
                        ok = false;
                    }
                    when_span = Some(statement.span);
                    when = self.predicate(expr, Subject::Hole);
                    ok &= when.is_some();
                }
                StatementKind::When { condition: Condition::Repeats { phrase: Phrase { span }, .. }, .. } => {
                    self.push(
                        Diagnostic::error(
                            Code::MisplacedRepetition,
                            "a repetition is an ending, not a capture",
                            *span,
                            "not a capture condition",
                        )
                        .with_help("move this `when` into the `end` section"),
                    );
                    ok = false;
                }
                StatementKind::Take(hole) => {
                    let take = self.hole_ref(hole, "a hole a capture takes").map(Take::Hole);
                    ok &= take.is_some();
                    takes.extend(take);
                }
                StatementKind::TakeColumn(whose) => {
                    let take = self.word(whose, "whose holes of the column a capture takes", &[("opponent's", Take::OpponentColumn)]);
                    ok &= take.is_some();
                    takes.extend(take);
                }
                StatementKind::GrandSlamNothing => grand_slam_nothing = true,
                StatementKind::SowCaptured { after, from } => {
                    sow_on = self.hole_ref(from, "where captured stones are sown from").map(|from| SowOn { from, after: *after });
                    ok &= sow_on.is_some();
                    resow = Some(statement.span);
                }
                StatementKind::Direction { way, condition } => {
                    let way = self.word(way, "a way of sowing", &Direction::choices());
                    let condition = self.predicate(condition, Subject::Hole);
                    ok &= way.is_some() && condition.is_some();
                    directions.extend(way.zip(condition));
                    direction_span.get_or_insert(statement.span);
                }
                StatementKind::Claim { hole, keeping: keeps } => {
                    let claim = self.hole_ref(hole, "a hole a capture claims");
                    ok &= claim.is_some();
                    claims.extend(claim);
                    keeping |= *keeps;
                }
                StatementKind::ContinueFrom(hole) => {
                    let from = self.hole_ref(hole, "where the move goes on from");
                    ok &= from.is_some();
                    continue_from = from.map(|from| (from, statement.span));
                }
                StatementKind::TakePart { count, hole } => {
                    let count = self.num(count, PART);
                    let hole = self.hole_ref(hole, "a hole a capture takes from");
                    ok &= count.is_some() && hole.is_some();
                    takes.extend(count.zip(hole).map(|(count, hole)| Take::Part(count, hole)));
                }
                StatementKind::Choose { count, condition } => {
                    let count = self.num(count, CHOSEN);
                    let condition = self.predicate(condition, Subject::Hole);
                    bonus = count.zip(condition);
                    ok &= bonus.is_some();
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
            if self.maybe_unreadable(Some("capture"), "when") {
                return None;
            }
            self.push(
                Diagnostic::error(
                    Code::CaptureWithoutCondition,
                    "this capture never says when it happens",
                    header,
                    "no `when` in this section",
                )
                .with_help("add a line like `when own and count in {2, 4}` (it tests the last hole sown)"),
            );
            return None;
        };
        if let (Some(span), Some(_)) = (resow, &bonus) {
            self.push(
                Diagnostic::error(Code::ResowAndChoose, "stones sown on cannot also be chosen", span, "sows the captured stones on")
                    .with_help("a capture that sows its stones on continues the move; remove `choose`, or keep the stones"),
            );
            return None;
        }
        if let (Some((_, goes_on)), Some(sown)) = (continue_from, resow) {
            self.push(
                Diagnostic::error(
                    Code::Contradiction,
                    "this capture both sows its stones on and goes on from a hole",
                    goes_on,
                    "goes on from here",
                )
                .with_label(sown, "sows the captured stones")
                .with_help("keep one: `sow captured …` sows what was taken; `continue from …` keeps it and lifts the hole named"),
            );
            return None;
        }
        if let (Some((_, goes_on)), Some(_)) = (continue_from, &bonus) {
            self.push(
                Diagnostic::error(Code::ResowAndChoose, "a capture that goes on cannot also choose holes", goes_on, "the move goes on")
                    .with_help("a capture that goes on continues the move; remove `choose`, or `continue from …`"),
            );
            return None;
        }
        if let (Some(span), None) = (direction_span, resow) {
            self.push(
                Diagnostic::error(Code::DirectionWithoutSowOn, "this capture keeps its stones: no sowing goes on to turn", span, "turns the sowing")
                    .with_help("a `direction` turns the stones a capture sows on: add a line like `sow captured from first hole of inner row`, or remove this one"),
            );
            return None;
        }
        if takes.is_empty() && claims.is_empty() {
            if self.maybe_unreadable(Some("capture"), "take") {
                return None;
            }
            self.push(
                Diagnostic::error(Code::CaptureWithoutTake, "this capture never says what it takes", header, "no `take` in this section")
                    .with_help("add the line `take last hole`"),
            );
            return None;
        }
        let continue_from = continue_from.map(|(from, _)| from);
        Some(Capture { when, takes, chain, bonus, grand_slam_nothing, sow_on, directions, claims, keeping, continue_from })
    }

    /// Whether the file has more `capture` sections than the engine numbers (reported).
    pub(super) fn too_many_captures(&mut self, sections: &Sections<'_>) -> bool {
        let Some((header, _)) = sections.captures.get(MAX_CAPTURES) else { return false };
        let count = sections.captures.len();
        self.push(
            Diagnostic::error(
                Code::TooManyCaptures,
                format!("{count} `capture` sections are more than the {MAX_CAPTURES} a game may have"),
                *header,
                format!("capture section number {}", MAX_CAPTURES + 1),
            )
            .with_help("join captures that take the same way into one section: a `when` may list several conditions with `or`"),
        );
        true
    }
}
