//! The warnings that reason over counts ([`Reasoner`]: a term about a hole's count is true or
//! false for each count, every other term may go either way, and a condition that is false for
//! every count the hole can hold never holds), `phases_never_asked`, and every warning of the
//! stage gathered ([`warnings`]; see [`super`]).

use std::cell::RefCell;
use std::collections::HashMap;

use crate::ast::{CompareOp, Expr, ExprKind, Item, RuleFile, Set, Span, Statement, StatementKind, Value};
use crate::check::model::Num;
use crate::check::Checked;
use crate::compile::Rules;
use crate::diagnostic::{Code, Diagnostic};
use crate::syntax::OPPONENTS_CAPTURED;

/// The most terms evaluated in working out one condition: past it the condition is let be.
const MOST_WORK: usize = 4_000_000;

/// The most stones a hole can hold, whatever the board.
const MOST_IN_A_HOLE: u32 = u16::MAX as u32;

/// Every warning of the lint stage, for a file that checked clean.
pub(super) fn warnings(file: &RuleFile, checked: &Checked, source: &str) -> Vec<Diagnostic> {
    let rules = super::start::default_rules(checked);
    let reasoner = Reasoner::of(checked, rules.as_ref());
    let mut found = Vec::new();
    for (section, statement) in statements(file) {
        if let Some((expr, asked)) = asked_after_drop(section, statement) {
            let low = if matches!(statement.kind, StatementKind::InPassing { .. }) { 1 } else { reasoner.last_low };
            found.extend(reasoner.never_holds(expr, asked, low));
        }
        if section == "end" {
            if let StatementKind::When { condition: crate::ast::Condition::Predicate(expr), .. } = &statement.kind {
                found.extend(reasoner.ending_never(expr));
            }
        }
        for expr in conditions(statement) {
            precedence(expr, source, &mut found);
        }
    }
    found.extend(relay_first(file, checked, &reasoner));
    found.extend(rules.as_ref().and_then(|rules| phases_never_asked(file, rules)));
    found.extend(rules.as_ref().and_then(|rules| super::endless::never_ends(file, rules, &reasoner)));
    found.extend(rules.and_then(|rules| super::start::no_start_move(file, checked, &rules)));
    found
}

/// Phases that no condition asks about (`phase = …`): they change nothing.
fn phases_never_asked(file: &RuleFile, rules: &Rules) -> Option<Diagnostic> {
    let first = statements(file).find_map(|(_, s)| match &s.kind {
        StatementKind::Phase { name, .. } => Some(name),
        _ => None,
    })?;
    // A turn played at once changes the game by itself.
    if rules.play.race.is_some() {
        return None;
    }
    // The phases' own `until`s aside: a phase is asked for by the rules it changes.
    let mut without = rules.clone();
    without.play.phases.clear();
    let asked = without.predicates().any(|p| p.mentions(&|p| matches!(p, crate::compile::Pred::Phase(..))));
    (!asked).then(|| {
        Diagnostic::warning(Code::PhasesNeverAsked, "no rule asks which phase a player is in", first.span, "the first phase").with_help(
            format!(
                "the phases change nothing until a condition asks for one: add `phase = {}` (or `phase != …`) to the condition \
                 of each rule that holds only then, or drop the phases",
                first.name
            ),
        )
    })
}

/// `relay_preempts_capture`: a capture that keeps its stones whose `when` can hold only where the
/// relay's condition holds too. Such a capture is asked at the end of a move, of the last hole of
/// a lap that did not relay; a lap whose last hole meets the relay's condition relays instead,
/// so the capture never takes anything. Only where no guard makes the relay or the capture hold
/// in some variants and not in others, and where every lap that does not relay ends the move: no
/// lap limit (a lap at the limit ends the move without a relay) and no claimed hole that keeps
/// its stones (a lap ending in one does too).
fn relay_first(file: &RuleFile, checked: &Checked, reasoner: &Reasoner) -> Vec<Diagnostic> {
    let mut models = std::iter::once(&checked.model).chain(checked.variants.iter().map(|(_, m)| m));
    if models.any(|m| m.sowing.lap_limit.is_some() || m.captures.iter().any(|c| c.keeping)) {
        return Vec::new();
    }
    let sections: Vec<&crate::ast::Section> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Section(section) => Some(section),
            Item::Statement(_) => None,
        })
        .collect();
    let unguarded = |section: &crate::ast::Section| section.guard.is_none() && section.statements.iter().all(|s| s.guard.is_none());
    let relays: Vec<(&Expr, bool)> = sections
        .iter()
        .flat_map(|section| section.statements.iter().map(move |s| (section, s)))
        .filter_map(|(section, s)| match &s.kind {
            StatementKind::Relay(expr) | StatementKind::RelayFrom { condition: expr, .. } => {
                Some((expr, section.guard.is_none() && s.guard.is_none()))
            }
            _ => None,
        })
        .collect();
    let [(relay, true)] = relays[..] else { return Vec::new() };
    let mut found = Vec::new();
    for section in sections.iter().filter(|s| s.name.name == "capture" && unguarded(s)) {
        let sown_on =
            section.statements.iter().any(|s| matches!(s.kind, StatementKind::SowCaptured { .. } | StatementKind::ContinueFrom(_)));
        let when = section.statements.iter().find_map(|s| match &s.kind {
            StatementKind::When { condition: crate::ast::Condition::Predicate(expr), .. } => Some(expr),
            _ => None,
        });
        let Some(when) = when.filter(|_| !sown_on) else { continue };
        let Some(counts) = reasoner.relayed_wherever(when, relay, reasoner.last_low) else { continue };
        let count = counts[0];
        found.push(
            Diagnostic::warning(
                Code::RelayPreemptsCapture,
                "this capture never happens: the lap relays first",
                when.span,
                "may hold only where the relay's condition holds too",
            )
            .with_label(relay.span, "holds there first: the lap relays and the move goes on")
            .with_help(format!(
                "a lap whose last hole meets the relay's condition relays, and the move goes on; a capture that keeps its \
                 stones is asked only when the move ends, of a last hole where the relay did not hold. This capture's \
                 `when` may hold only at counts where the relay's holds too (at {count}, for one), so it never takes \
                 anything: leave those counts to the capture (`relay when (…) and count != {count}`, say), \
                 or sow the captured stones on (`sow captured from next hole`), which is tried before the relay (found \
                 by reasoning over the counts the last hole can hold)"
            )),
        );
    }
    found
}

/// Each statement of the file with the name of the section it stands in.
fn statements(file: &RuleFile) -> impl Iterator<Item = (&str, &Statement)> {
    file.items.iter().flat_map(|item| match item {
        Item::Section(section) => section.statements.iter().map(|s| (section.name.name.as_str(), s)).collect::<Vec<_>>(),
        Item::Statement(statement) => vec![("", statement)],
    })
}

/// The condition of a statement asked of the hole the last stone has just fallen into, and what
/// the warning calls it.
fn asked_after_drop<'s>(section: &str, statement: &'s Statement) -> Option<(&'s Expr, &'static str)> {
    match &statement.kind {
        StatementKind::When { condition: crate::ast::Condition::Predicate(expr), .. } if section == "capture" => {
            Some((expr, "a capture's `when`"))
        }
        StatementKind::Relay(expr) | StatementKind::RelayFrom { condition: expr, .. } => Some((expr, "a relay's `when`")),
        StatementKind::RelayOrStop(expr) => Some((expr, "`relay or stop when`")),
        StatementKind::InPassing { condition, .. } => Some((condition, "`take in passing when`")),
        _ => None,
    }
}

/// Every condition a statement holds.
fn conditions(statement: &Statement) -> Vec<&Expr> {
    match &statement.kind {
        StatementKind::Start { condition: Some(expr) }
        | StatementKind::Otherwise(expr)
        | StatementKind::Relay(expr)
        | StatementKind::RelayFrom { condition: expr, .. }
        | StatementKind::RelayOrStop(expr)
        | StatementKind::Choose { condition: expr, .. }
        | StatementKind::InPassing { condition: expr, .. }
        | StatementKind::Chain { condition: expr, .. }
        | StatementKind::When { condition: crate::ast::Condition::Predicate(expr), .. } => vec![expr],
        _ => Vec::new(),
    }
}

/// Whether a predicate may hold: certainly not, perhaps, certainly (in that order, so that `and`
/// is the least of its terms and `or` the greatest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Truth {
    False,
    Perhaps,
    True,
}

impl Truth {
    fn of(holds: bool) -> Truth {
        if holds {
            Truth::True
        } else {
            Truth::False
        }
    }

    fn not(self) -> Truth {
        match self {
            Truth::False => Truth::True,
            Truth::Perhaps => Truth::Perhaps,
            Truth::True => Truth::False,
        }
    }
}

/// Whether some number from 0 to `most` compares with `n` as `op` says.
fn reachable(op: CompareOp, n: u32, most: u32) -> bool {
    match op {
        CompareOp::Eq | CompareOp::Ge => n <= most,
        CompareOp::Ne => most > 0 || n != 0,
        CompareOp::Lt => n > 0,
        CompareOp::Le => true,
        CompareOp::Gt => n < most,
    }
}

/// A number written out (an option's value is not known to the reasoning).
fn literal(value: &Value) -> Option<u32> {
    match value {
        Value::Number(n) => n.value,
        Value::Name(_) => None,
    }
}

/// What the reasoning knows of the board: the stones of the game and its holes.
pub(super) struct Reasoner {
    /// Every stone of the game (on the board, in stores and captured), where no option changes it.
    total: Option<u32>,
    holes: Option<u32>,
    /// The fewest stones the last hole can hold when a capture or relay is asked of it: 1, or 0
    /// where a hole taken in passing or a relay from the next hole (which may be empty) can leave
    /// it empty.
    last_low: u32,
    /// Whether holes may close (a match of rounds), so that `every hole` asks fewer holes.
    closing: bool,
    /// What each `every hole` term (by the span of its condition) was found to be: it does not
    /// depend on the hole asked, and nested ones would otherwise be worked out again and again.
    every_hole_seen: RefCell<HashMap<Span, Truth>>,
}

impl Reasoner {
    /// `rules`: the game compiled with every option at its default.
    fn of(checked: &Checked, rules: Option<&Rules>) -> Reasoner {
        let models = || std::iter::once(&checked.model).chain(checked.variants.iter().map(|(_, m)| m));
        let empties = models().any(|m| m.sowing.in_passing.is_some() || m.sowing.relay_from != crate::vocabulary::HoleRef::Last);
        let model = &checked.model;
        let fixed = checked.variants.is_empty()
            && !matches!(model.board.columns, Num::Option(_))
            && model.board.seeds.iter().all(|(n, _)| matches!(n, Num::Literal(_)))
            && model.board.sets.iter().all(|s| matches!(s.count, Num::Literal(_)));
        let (total, holes) = if fixed {
            let holes = rules.and_then(|r| u32::try_from(r.board.holes).ok());
            // Stones in hand come onto the board too.
            let total =
                rules.map(|r| r.board.initial[..r.board.holes].iter().map(|&c| u32::from(c)).sum::<u32>() + 2 * u32::from(r.board.hand));
            (total, holes)
        } else {
            (None, None)
        };
        Reasoner {
            total,
            holes,
            last_low: if empties { 0 } else { 1 },
            closing: model.rounds.is_some(),
            every_hole_seen: RefCell::new(HashMap::new()),
        }
    }

    /// The most stones one hole can hold.
    fn most_in_a_hole(&self) -> u32 {
        self.total.map_or(MOST_IN_A_HOLE, |t| t.min(MOST_IN_A_HOLE))
    }

    /// Whether `expr` holds of a hole holding `count` stones.
    fn truth(&self, expr: &Expr, count: u32) -> Truth {
        match &expr.kind {
            ExprKind::Or(terms) => terms.iter().fold(Truth::False, |t, e| t.max(self.truth(e, count))),
            ExprKind::And(terms) => terms.iter().fold(Truth::True, |t, e| t.min(self.truth(e, count))),
            ExprKind::Not(inner) => self.truth(inner, count).not(),
            ExprKind::EveryHole(inner) => self.every_hole(inner),
            // No hole can meet what no count meets.
            ExprKind::SomeHole(inner) if self.fewest_meeting(inner, 0, self.most_in_a_hole()).is_none() => Truth::False,
            ExprKind::SomeHole(_) | ExprKind::SetEmpty { .. } => Truth::Perhaps,
            ExprKind::Compare { quantity, op, value } => match quantity.name.as_str() {
                "count" => literal(value).map_or(Truth::Perhaps, |n| Truth::of(crate::compile::pred::compare(count, *op, n))),
                "captured" | OPPONENTS_CAPTURED => self.player_number(*op, value, self.total),
                "claims" => self.player_number(*op, value, self.holes),
                _ => Truth::Perhaps,
            },
            ExprKind::In { set: Set::List(values), .. } => {
                let numbers: Option<Vec<u32>> = values.iter().map(literal).collect();
                match numbers {
                    Some(numbers) => Truth::of(numbers.contains(&count)),
                    None if values.iter().any(|v| literal(v) == Some(count)) => Truth::True,
                    None => Truth::Perhaps,
                }
            }
            ExprKind::In { set: Set::Range { low, high }, .. } => match (literal(low), literal(high)) {
                (Some(low), Some(high)) => Truth::of((low..=high).contains(&count)),
                _ => Truth::Perhaps,
            },
            ExprKind::Parity { even, .. } => Truth::of(count.is_multiple_of(2) == *even),
            ExprKind::Flag(flag) if flag.name == "empty" => Truth::of(count == 0),
            ExprKind::Flag(_) | ExprKind::Member(_) | ExprKind::Related { .. } => Truth::Perhaps,
        }
    }

    /// A player's number (captured stones, claimed holes), which is at most `most`.
    fn player_number(&self, op: CompareOp, value: &Value, most: Option<u32>) -> Truth {
        match (literal(value), most) {
            (Some(n), Some(most)) if !reachable(op, n, most) => Truth::False,
            _ => Truth::Perhaps,
        }
    }

    /// `every hole has inner`: false where even the fewest stones that let one hole meet `inner`,
    /// in every hole, are more than the game has.
    fn every_hole(&self, inner: &Expr) -> Truth {
        if let Some(truth) = self.every_hole_seen.borrow().get(&inner.span) {
            return *truth;
        }
        let truth = self.every_hole_anew(inner);
        self.every_hole_seen.borrow_mut().insert(inner.span, truth);
        truth
    }

    fn every_hole_anew(&self, inner: &Expr) -> Truth {
        match self.fewest_meeting(inner, 0, self.most_in_a_hole()) {
            None => Truth::False,
            Some(fewest) => match (self.total, self.holes) {
                (Some(total), Some(holes)) if !self.closing && u64::from(fewest) * u64::from(holes) > u64::from(total) => Truth::False,
                _ => Truth::Perhaps,
            },
        }
    }

    /// The fewest stones, from `low` to `high`, that a hole may hold and meet `expr`.
    fn fewest_meeting(&self, expr: &Expr, low: u32, high: u32) -> Option<u32> {
        // A condition so large that trying each count would take long is let be: it may hold.
        let Some(candidates) = counts_to_try(&[expr], low, high) else { return Some(low) };
        candidates.into_iter().find(|&count| self.truth(expr, count) != Truth::False)
    }

    /// The counts from `low` at which `when` may hold, if at each of them `relay` certainly
    /// holds (`None`: at some count `when` may hold and `relay` may not, or `when` never holds,
    /// or the conditions are too large to try).
    fn relayed_wherever(&self, when: &Expr, relay: &Expr, low: u32) -> Option<Vec<u32>> {
        let candidates = counts_to_try(&[when, relay], low, self.most_in_a_hole())?;
        let mut held = Vec::new();
        for count in candidates.into_iter().filter(|&count| self.truth(when, count) != Truth::False) {
            if self.truth(relay, count) != Truth::True {
                return None;
            }
            held.push(count);
        }
        (!held.is_empty()).then_some(held)
    }

    /// `never_holds`: `expr`, asked of the last hole (`asked`), holds for no count from `low`.
    fn never_holds(&self, expr: &Expr, asked: &str, low: u32) -> Option<Diagnostic> {
        let high = self.most_in_a_hole();
        self.fewest_meeting(expr, low, high).is_none().then_some(())?;
        let mut culprits = Vec::new();
        self.culprits(expr, &mut |term| self.fewest_meeting(term, low, high).is_none(), &mut culprits);
        let too_few = culprits.iter().any(|t| self.fewest_meeting(t, 0, high).is_some());
        let (label, help) = if too_few {
            (
                "never true after the last stone fell in".to_string(),
                format!(
                    "{asked} is asked of the hole the last stone fell into, after it fell, so that hole holds at least \
                     one stone and `empty` (or `count = 0`) never holds there. For a last stone that falls into an \
                     empty hole, write `count = 1`: the hole was empty before the stone fell (found by reasoning over \
                     the counts the hole can hold)"
                ),
            )
        } else {
            let most =
                self.total.map_or("65,535 stones, the most a hole holds".to_string(), |t| format!("{t} stones, every stone of the game"));
            (
                "no count of the last hole meets this".to_string(),
                format!(
                    "{asked} is asked of the hole the last stone fell into, which holds from {low} to {most}, and no \
                     count in that range meets it: write a count the hole can reach, from {low} to {high} (found by \
                     reasoning over the counts the hole can hold)"
                ),
            )
        };
        let spans: Vec<Span> = if culprits.is_empty() { vec![expr.span] } else { culprits.iter().map(|c| c.span).collect() };
        let (first, rest) = spans.split_first()?;
        let diagnostic = Diagnostic::warning(Code::NeverHolds, format!("{asked} can never hold"), *first, label.clone());
        Some(rest.iter().fold(diagnostic, |d, span| d.with_label(*span, label.clone())).with_help(help))
    }

    /// Whether no position meets `expr`, a condition of the `end` section.
    pub(super) fn never_met(&self, expr: &Expr) -> bool {
        self.truth(expr, 0) == Truth::False
    }

    /// `ending_never`: an `end` condition no board meets.
    fn ending_never(&self, expr: &Expr) -> Option<Diagnostic> {
        self.never_met(expr).then_some(())?;
        let mut culprits = Vec::new();
        self.culprits(expr, &mut |term| self.truth(term, 0) == Truth::False, &mut culprits);
        let stones = match (self.total, self.holes) {
            (Some(total), Some(holes)) => format!("the game has {total} stones in all, on a board of {holes} holes"),
            _ => "no hole holds more than 65,535 stones".to_string(),
        };
        let help = format!(
            "{stones}, so no position meets this condition and the game never ends this way: write a number the game \
             can reach, such as `every hole has count <= 1` or `captured > {}` (found by reasoning over the counts, \
             not by playing)",
            self.total.map_or(24, |t| t / 2)
        );
        let labels: Vec<(Span, String)> = if culprits.is_empty() {
            vec![(expr.span, "no position meets this".to_string())]
        } else {
            culprits.iter().map(|c| (c.span, self.ending_label(c))).collect()
        };
        let ((first, label), rest) = labels.split_first()?;
        let diagnostic = Diagnostic::warning(Code::EndingNever, "this ending can never be reached", *first, label.clone());
        Some(rest.iter().fold(diagnostic, |d, (span, label)| d.with_label(*span, label.clone())).with_help(help))
    }

    /// Why a term of an ending holds for no position.
    fn ending_label(&self, term: &Expr) -> String {
        match (&term.kind, self.total, self.holes) {
            (ExprKind::EveryHole(inner), Some(total), Some(holes)) => match self.fewest_meeting(inner, 0, self.most_in_a_hole()) {
                Some(fewest) => format!("needs {fewest} stones in each of {holes} holes, more than the {total} of the game"),
                None => "no hole meets this".to_string(),
            },
            (ExprKind::Compare { quantity, .. }, _, Some(holes)) if quantity.name == "claims" => {
                format!("a player claims from 0 to {holes} holes")
            }
            (ExprKind::Compare { .. }, Some(total), _) => format!("a player captures from 0 to {total} stones"),
            _ => "no position meets this".to_string(),
        }
    }

    /// The terms of `expr` that `never` says cannot hold, looking through `and` and `or` only (a
    /// term under `not` may well be why the whole holds).
    fn culprits<'e>(&self, expr: &'e Expr, never: &mut dyn FnMut(&Expr) -> bool, found: &mut Vec<&'e Expr>) {
        match &expr.kind {
            ExprKind::Or(terms) | ExprKind::And(terms) => terms.iter().for_each(|t| self.culprits(t, never, found)),
            _ if never(expr) => found.push(expr),
            _ => {}
        }
    }
}

/// The counts from `low` to `high` at which the truth of `exprs` may change, enough to know each
/// of them at every count: the numbers they name and those either side (two after each, for
/// `is even`), and the ends. `None` where trying them all would take too long.
fn counts_to_try(exprs: &[&Expr], low: u32, high: u32) -> Option<Vec<u32>> {
    let mut candidates = vec![low, low.saturating_add(1), high.saturating_sub(1), high, 0];
    exprs.iter().for_each(|expr| numbers_in(expr, &mut candidates));
    let mut candidates: Vec<u32> = candidates
        .into_iter()
        .flat_map(|n| [n.saturating_sub(1), n, n.saturating_add(1), n.saturating_add(2)])
        .filter(|n| (low..=high).contains(n))
        .collect();
    candidates.sort_unstable();
    candidates.dedup();
    let work: usize = exprs.iter().map(|expr| size(expr)).sum();
    (candidates.len().saturating_mul(work) <= MOST_WORK).then_some(candidates)
}

/// The terms of `expr`, counted.
fn size(expr: &Expr) -> usize {
    match &expr.kind {
        ExprKind::Or(terms) | ExprKind::And(terms) => 1 + terms.iter().map(size).sum::<usize>(),
        ExprKind::Not(inner) | ExprKind::EveryHole(inner) | ExprKind::SomeHole(inner) => 1 + size(inner),
        ExprKind::Related { condition, .. } => 1 + size(condition),
        _ => 1,
    }
}

/// The numbers written in `expr`, where the truth of its terms about a count may change.
fn numbers_in(expr: &Expr, out: &mut Vec<u32>) {
    match &expr.kind {
        ExprKind::Or(terms) | ExprKind::And(terms) => terms.iter().for_each(|t| numbers_in(t, out)),
        ExprKind::Not(inner) => numbers_in(inner, out),
        ExprKind::Compare { value, .. } => out.extend(literal(value)),
        ExprKind::In { set: Set::List(values), .. } => out.extend(values.iter().filter_map(literal)),
        ExprKind::In { set: Set::Range { low, high }, .. } => out.extend([low, high].into_iter().filter_map(literal)),
        _ => {}
    }
}

/// Whether a term asks about the one hole a condition is asked of.
fn hole_local(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Flag(flag) => ["own", "opponent", "opponent's", "empty"].contains(&flag.name.as_str()),
        ExprKind::Compare { quantity, .. } => quantity.name == "count",
        ExprKind::In { .. } | ExprKind::Parity { .. } => true,
        ExprKind::Not(inner) => hole_local(inner),
        _ => false,
    }
}

/// Whether the text around `span` puts it in parentheses of its own.
fn parenthesised(span: Span, source: &str) -> bool {
    let before = source.get(..span.start as usize).unwrap_or("").trim_end();
    let after = source.get(span.end as usize..).unwrap_or("").trim_start();
    before.ends_with('(') && after.starts_with(')')
}

/// `every_hole_precedence`: an `every hole` term followed, in the same `and` or `or`, by terms
/// about the one hole.
fn precedence(expr: &Expr, source: &str, found: &mut Vec<Diagnostic>) {
    match &expr.kind {
        ExprKind::Or(terms) | ExprKind::And(terms) => {
            let joiner = if matches!(expr.kind, ExprKind::Or(_)) { "or" } else { "and" };
            for (i, term) in terms.iter().enumerate() {
                let (ExprKind::EveryHole(inner) | ExprKind::SomeHole(inner)) = &term.kind else { continue };
                let local: Vec<&Expr> = terms[i + 1..].iter().take_while(|t| hole_local(t)).collect();
                if let (Some(last), false) = (local.last(), parenthesised(term.span, source)) {
                    found.push(precedence_warning(term, inner, &local, last.span, joiner, source));
                }
            }
            terms.iter().for_each(|t| precedence(t, source, found));
        }
        ExprKind::Not(inner) | ExprKind::EveryHole(inner) | ExprKind::SomeHole(inner) => precedence(inner, source, found),
        ExprKind::Related { condition, .. } => precedence(condition, source, found),
        _ => {}
    }
}

fn precedence_warning(term: &Expr, inner: &Expr, local: &[&Expr], end: Span, joiner: &str, source: &str) -> Diagnostic {
    let every = Span { start: term.span.start, end: inner.span.start }.text(source);
    let governed = inner.span.text(source);
    let whole = Span { start: inner.span.start, end: end.end }.text(source);
    let rest = Span { start: term.span.end, end: end.end }.text(source);
    let quantifier = if matches!(term.kind, ExprKind::SomeHole(_)) { "some hole" } else { "every hole" };
    let mut diagnostic = Diagnostic::warning(
        Code::EveryHolePrecedence,
        format!("`{quantifier}` governs only `{governed}`, not the terms joined to it by `{joiner}`"),
        term.span,
        format!("`{quantifier}` ends here"),
    );
    for other in local {
        diagnostic = diagnostic.with_label(other.span, "asked of the one hole, not of every hole");
    }
    diagnostic.with_help(format!(
        "this reads `({every}{governed}){rest}`. For a condition on {quantifier}, put it in parentheses: \
         `{every}({whole})`; to mean what it reads, write those parentheses: `({every}{governed}){rest}`"
    ))
}

#[cfg(test)]
mod tests {
    /// Kalah, whose rules draw no warning, with `from` replaced by `to`.
    fn kalah(from: &str, to: &str) -> String {
        let source = KALAH.replace(from, to);
        assert_ne!(source, KALAH, "`{from}` is not in the file");
        source
    }

    const KALAH: &str = "game \"Kalah\"\nboard {\n    size 2 x 6\n    south owns row a\n    north owns row b\n    seeds 4\n    \
                         stores at right\n}\nplay {\n    south moves first\n    start from own hole\n    play again when last seed in own store\n}\n\
                         sowing {\n    sow counter-clockwise\n}\ncapture {\n    when own and count = 1 and opposite hole is not empty\n    \
                         take last hole\n    take opposite hole\n}\nend {\n    when every hole is (own or empty) or every hole is (opponent or empty)\n    \
                         leftover to owner\n    most stones wins\n}\n";

    /// Each warning of `source`: its code and the text under each label.
    fn warnings(source: &str) -> Vec<(&'static str, Vec<String>)> {
        let file = crate::syntax::parse(source).expect("the file parses");
        let mut checked = crate::check::check(&file, source).expect("the file checks");
        crate::lint::lint(&file, &mut checked, source);
        checked
            .warnings
            .iter()
            .map(|w| (w.code.as_str(), w.labels.iter().map(|(span, _)| span.text(source).to_string()).collect()))
            .collect()
    }

    fn one(code: &'static str, labelled: &[&str]) -> Vec<(&'static str, Vec<String>)> {
        vec![(code, labelled.iter().map(|s| s.to_string()).collect())]
    }

    #[test]
    fn kalah_draws_no_warning() {
        assert_eq!(warnings(KALAH), vec![]);
    }

    #[test]
    fn an_empty_last_hole_never_holds_unless_something_empties_it() {
        let empty = kalah("when own and count = 1", "when own and empty");
        assert_eq!(warnings(&empty), one("never_holds", &["empty"]));
        let either = kalah("when own and count = 1", "when count < 1 or count > 48");
        assert_eq!(warnings(&either), one("never_holds", &["count < 1", "count > 48"]));
        assert_eq!(warnings(&kalah("when own and count = 1", "when count = 48")), vec![]);
        assert_eq!(warnings(&kalah("when own and count = 1", "when not empty and count is odd")), vec![]);
        // A hole taken in passing may be the last, emptied: then `empty` may hold.
        let in_passing = kalah("sow counter-clockwise\n", "sow counter-clockwise\n    take in passing when count = 4\n");
        assert_eq!(warnings(&in_passing.replace("when own and count = 1", "when own and empty")), vec![]);
        assert_eq!(
            warnings(&in_passing.replace("take in passing when count = 4", "take in passing when empty")),
            one("never_holds", &["empty"])
        );
    }

    #[test]
    fn a_count_from_an_option_may_hold() {
        let option = kalah("board {", "option most: 1..60 = 50\nboard {");
        assert_eq!(warnings(&option.replace("when own and count = 1", "when count > most")), vec![]);
        // Seeds from an option: the total is not known, only the most a hole holds.
        let seeds = option.replace("seeds 4", "seeds most");
        assert_eq!(warnings(&seeds.replace("when own and count = 1", "when count > 48")), vec![]);
    }

    #[test]
    fn every_hole_joined_to_terms_of_one_hole() {
        let start = |condition: &str| kalah("start from own hole\n", &format!("start from own hole where {condition}\n"));
        let trap = start("count >= 1 or every hole has count <= 1 and own");
        assert_eq!(warnings(&trap), one("every_hole_precedence", &["every hole has count <= 1", "own"]));
        assert_eq!(warnings(&start("count >= 1 or every hole is empty or own or not opponent")).len(), 1);
        for clear in [
            "count >= 1 or (every hole has count <= 1) and own",
            "count >= 1 or every hole has (count <= 1 and own)",
            "own and every hole has count <= 48",
        ] {
            assert_eq!(warnings(&start(clear)), vec![], "{clear}");
        }
        let some = start("count >= 1 or some hole has count >= 2 and own");
        assert_eq!(warnings(&some), one("every_hole_precedence", &["some hole has count >= 2", "own"]));
        assert_eq!(warnings(&start("count >= 1 or some hole has (count >= 2 and own)")), vec![]);
    }

    #[test]
    fn some_hole_past_the_stones_of_the_game() {
        let end = |condition: &str| kalah("leftover to owner", &format!("when {condition}\n    leftover to owner"));
        assert_eq!(warnings(&end("some hole has count > 48")), one("ending_never", &["some hole has count > 48"]));
        assert_eq!(warnings(&end("some hole has count = 48")), vec![]);
    }

    #[test]
    fn an_ending_past_the_stones_of_the_game() {
        let end = |condition: &str| kalah("leftover to owner", &format!("when {condition}\n    leftover to owner"));
        assert_eq!(warnings(&end("every hole has count >= 5")), one("ending_never", &["every hole has count >= 5"]));
        assert_eq!(
            warnings(&end("captured > 48 or opponent's captured >= 49")),
            one("ending_never", &["captured > 48", "opponent's captured >= 49"])
        );
        assert_eq!(warnings(&end("every hole has count >= 4")), vec![]);
        assert_eq!(warnings(&end("captured > 47")), vec![]);
        assert_eq!(warnings(&end("not every hole has count >= 5")), vec![]);
        assert_eq!(warnings(&end("claims > 12")), one("ending_never", &["claims > 12"]));
        assert_eq!(warnings(&end("captured < 0")), one("ending_never", &["captured < 0"]));
        for reachable in ["claims >= 12", "captured = 48", "captured != 0", "captured < 1", "captured <= 0"] {
            assert_eq!(warnings(&end(reachable)), vec![], "{reachable}");
        }
    }

    #[test]
    fn a_capture_the_relay_always_comes_before() {
        let relayed = |relay: &str, when: &str| {
            kalah("sow counter-clockwise\n", &format!("sow counter-clockwise\n    relay when {relay}\n"))
                .replace("when own and count = 1 and opposite hole is not empty", &format!("when {when}"))
        };
        assert_eq!(warnings(&relayed("count >= 2", "count = 4")), one("relay_preempts_capture", &["count = 4", "count >= 2"]));
        assert_eq!(
            warnings(&relayed("count is even", "count in {2, 4}")),
            one("relay_preempts_capture", &["count in {2, 4}", "count is even"])
        );
        // The capture may hold where the relay does not, or the relay may not hold for reasons
        // other than the count.
        for (relay, when) in
            [("count >= 2", "own and count = 1"), ("count is even", "count in {2, 5}"), ("count >= 2 and own", "count = 4")]
        {
            assert_eq!(warnings(&relayed(relay, when)), vec![], "relay when {relay}; capture when {when}");
        }
        // Captured stones sown on are taken before the relay; a lap at the lap limit ends the move
        // unrelayed.
        let sown_on =
            relayed("count >= 2", "count = 4").replace("take opposite hole\n", "take opposite hole\n    sow captured from next hole\n");
        assert_eq!(warnings(&sown_on), vec![]);
        let limited =
            relayed("count >= 2", "count = 4").replace("relay when count >= 2\n", "relay when count >= 2\n    stop after 3 laps\n");
        assert_eq!(warnings(&limited), vec![]);
        // A guarded relay may not be the relay of every variant.
        let guarded = format!(
            "option relays: on | off = on\n{}",
            relayed("count >= 2", "count = 4").replace("count >= 2\n", "count >= 2 if relays = on\n")
        );
        assert_eq!(warnings(&guarded), vec![]);
    }

    /// Two rows of six, four stones each, sown round: nothing captured, no ending.
    const ROUND: &str = "game \"Round\"\nboard {\n    size 2 x 6\n    south owns row a\n    north owns row b\n    seeds 4\n}\n\
                         play {\n    start from own hole\n}\nsowing {\n    sow counter-clockwise\n}\n";

    #[test]
    fn a_game_that_never_ends() {
        assert_eq!(warnings(ROUND), one("never_ends", &["game \"Round\""]));
        let pass = ROUND.replace("start from own hole\n", "start from own hole\n    no move: pass\n");
        assert_eq!(warnings(&pass), one("never_ends", &["game \"Round\"", "no move: pass"]));
        let unreachable = format!("{ROUND}end {{\n    when every hole has count >= 5\n}}\n");
        let expected = vec![("never_ends", vec!["end".to_string()]), ("ending_never", vec!["every hole has count >= 5".to_string()])];
        assert_eq!(warnings(&unreachable), expected);
        // A player who cannot move loses: one may lose all their stones to the other's side.
        assert_eq!(warnings(&ROUND.replace("start from own hole\n", "start from own hole\n    no move: lose\n")), vec![]);
        // Endings that may be met, in time: a condition, a repetition.
        for ending in ["every hole has count <= 4", "position repeats 50 times"] {
            assert_eq!(warnings(&format!("{ROUND}end {{\n    when {ending}\n}}\n")), vec![], "{ending}");
        }
        // Stones that may leave the board: into stores, captured.
        assert_eq!(warnings(&ROUND.replace("seeds 4\n", "seeds 4\n    stores at right\n")), vec![]);
        let capture = format!("{ROUND}capture {{\n    when count = 4\n    take last hole\n}}\n");
        assert_eq!(warnings(&capture), vec![]);
        // A move that may not start from every hole holding stones.
        assert_eq!(warnings(&ROUND.replace("start from own hole\n", "start from own hole where count >= 2\n")), vec![]);
    }

    #[test]
    fn a_start_where_nobody_moves() {
        let stuck = kalah("start from own hole\n", "start from own hole where count >= 5\n");
        assert_eq!(warnings(&stuck), one("no_start_move", &["seeds 4", "count >= 5"]));
        let south_only = kalah("seeds 4", "seeds 4\n    seeds 0 in row b");
        assert_eq!(warnings(&south_only), vec![]);
    }
}
