//! Source text → spanned [`RuleFile`]: the pest parser and one builder function per grammar rule.
//!
//! The grammar turns every line it cannot read into an `unparsed` statement, so parsing itself almost
//! never fails; the few ways it can (nesting too deep for a safe parse) come back as a
//! [`Diagnostic`] with a span like every other problem.

use std::borrow::Cow;
use std::sync::OnceLock;

use pest::iterators::{Pair, Pairs};
use pest::Parser;

use crate::ast::*;
use crate::diagnostic::Diagnostic;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/mancala.pest"]
struct RuleParser;

/// How deeply parentheses may nest in a predicate. Far beyond any real rule, and far below what
/// would exhaust the stack of a recursive-descent parser.
const MAX_NESTING: usize = 32;

/// Parses a rule file. Lines the grammar cannot read are kept as [`StatementKind::Unparsed`] for
/// the checker to report.
pub fn parse(source: &str) -> Result<RuleFile, Diagnostic> {
    check_nesting(source)?;
    let cut = cut_long_words(source);
    let mut pairs = RuleParser::parse(Rule::file, &cut).map_err(syntax_error)?;
    let file = pairs.next().ok_or_else(|| Diagnostic::internal("the parser returned no file", Span::default()))?;
    let mut file = build_file(file)?;
    if let Cow::Owned(_) = cut {
        restore_texts(&mut file, source);
    }
    Ok(file)
}

/// The longest name or number: a word longer than this is cut (see [`cut_long_words`]).
pub const LONGEST_WORD: usize = 64;

/// `source` with every run of name characters longer than [`LONGEST_WORD`] cut short: the rest
/// of the run becomes DEL characters, which nothing in the grammar reads, so that its line is
/// unparsed and reported. Byte for byte, so every span still fits the source.
///
/// Why: the generated parser may read the first word of a line once for each statement form that
/// starts with a name, which for a word of megabytes takes seconds. A bound in the grammar
/// (`ident_char{65}`) would cost every name twice its length; this costs one pass over the bytes,
/// and a copy only for a file with such a word.
fn cut_long_words(source: &str) -> Cow<'_, str> {
    let bytes = source.as_bytes();
    let mut run = 0;
    let mut cut: Option<Vec<u8>> = None;
    for (at, b) in bytes.iter().enumerate() {
        if !is_name_byte(*b) {
            run = 0;
            continue;
        }
        run += 1;
        if run > LONGEST_WORD {
            cut.get_or_insert_with(|| bytes.to_vec())[at] = 0x7f;
        }
    }
    match cut {
        // Only ASCII bytes were replaced, by an ASCII byte: still UTF-8.
        Some(bytes) => Cow::Owned(String::from_utf8(bytes).unwrap_or_else(|_| source.to_string())),
        None => Cow::Borrowed(source),
    }
}

/// Puts back the texts that [`cut_long_words`] may have cut: quoted texts and unparsed lines,
/// taken from `source` by their spans.
fn restore_texts(file: &mut RuleFile, source: &str) {
    let restore = |statement: &mut Statement| match &mut statement.kind {
        StatementKind::Game(text) | StatementKind::Source(text) | StatementKind::Ruling { text, .. } => {
            let quoted = text.span.text(source);
            text.text = quoted.get(1..quoted.len().saturating_sub(1)).unwrap_or("").to_string();
        }
        StatementKind::Unparsed(text) => *text = statement.span.text(source).to_string(),
        _ => {}
    };
    for item in &mut file.items {
        match item {
            Item::Statement(statement) => restore(statement),
            Item::Section(section) => section.statements.iter_mut().for_each(restore),
        }
    }
}

/// Where reading `line`, a line the grammar could not read, as a statement stops: the byte offset
/// of the first thing that cannot be read (the line's end when the line stops short), and what
/// was expected there, in words. `None` when the grammar cannot say anything useful.
pub fn stuck_at(line: &str) -> Option<(usize, String)> {
    // Past this, nobody wants a pointer into the line, and reading it again would cost time.
    const LONGEST: usize = 10_000;
    if line.len() > LONGEST {
        return None;
    }
    check_nesting(line).ok()?;
    let error = RuleParser::parse(Rule::statement_alone, line).err()?;
    let (pest::error::InputLocation::Pos(at) | pest::error::InputLocation::Span((at, _))) = error.location;
    let pest::error::ErrorVariant::ParsingError { positives, .. } = &error.variant else {
        return None;
    };
    let mut expected: Vec<String> = Vec::new();
    for rule in positives {
        if let Some(words) = expected_words(*rule) {
            if !expected.contains(&words) {
                expected.push(words);
            }
        }
    }
    if at == 0 || expected.is_empty() {
        return None;
    }
    Some((at, expected.join(" or ")))
}

/// What a grammar rule expected at a place is called in a diagnostic; `None` for the rules that
/// only say a line might have been a statement beginning with a name (`south owns …`, `most
/// stones wins`), which is rarely what a line that cannot be read meant.
fn expected_words(rule: Rule) -> Option<String> {
    Some(match rule {
        Rule::kw_owns | Rule::kw_moves | Rule::kw_seeds => return None,
        Rule::value => "a number or an option's name".to_string(),
        Rule::number => "a number".to_string(),
        Rule::ident | Rule::flag => "a name".to_string(),
        Rule::string => "a quoted text".to_string(),
        Rule::expr
        | Rule::conjunction
        | Rule::negation
        | Rule::term
        | Rule::condition
        | Rule::comparison
        | Rule::every_hole
        | Rule::some_hole => "a condition".to_string(),
        Rule::set => "a set like `{2, 4}` or a range like `1..8`".to_string(),
        Rule::range => "a range like `1..8`".to_string(),
        Rule::compare_op => "a comparison like `>=`".to_string(),
        Rule::parity => "`even` or `odd`".to_string(),
        Rule::domain => "the option's values, like `1 | 2 | 3` or `2..9`".to_string(),
        Rule::consequence | Rule::leftover | Rule::draw => "`leftover …` or `draw`".to_string(),
        Rule::place => "a row like `row a` or a hole like `a1`".to_string(),
        Rule::EOI => "the end of the line".to_string(),
        rule if is_keyword(rule) && rule != Rule::comment => format!("`{}`", format!("{rule:?}").trim_start_matches("kw_")),
        _ => return None,
    })
}

/// Refuses, before pest sees it, a line whose parentheses nest deeper than [`MAX_NESTING`], or
/// that writes `not`, `every` or `hole` more than [`MAX_NESTING`] times: each `not`, each
/// `every hole` and each `next hole is` nests the rest of the condition one level deeper, for the
/// parser and the checker alike (10,000 `next hole is` overflowed the stack).
/// Quoted texts and comments are not looked at.
fn check_nesting(source: &str) -> Result<(), Diagnostic> {
    let bytes = source.as_bytes();
    let (mut depth, mut nots, mut everys, mut holes) = (0usize, 0usize, 0usize, 0usize);
    // Inside a quoted text or a comment, which run to the end of the line at most.
    let (mut quoted, mut comment) = (false, false);
    let is_word = |at: usize, word: &[u8]| {
        bytes[at..].starts_with(word)
            && (at == 0 || !is_name_byte(bytes[at - 1]))
            && bytes.get(at + word.len()).is_none_or(|b| !is_name_byte(*b))
    };
    // Bytes, not chars: all that matter are ASCII, and this runs over every byte of the file.
    for (at, b) in bytes.iter().enumerate() {
        match b {
            b'\n' | b'\r' => (depth, nots, everys, holes, quoted, comment) = (0, 0, 0, 0, false, false),
            _ if comment => {}
            b'"' => quoted = !quoted,
            _ if quoted => {}
            b'/' if bytes.get(at + 1) == Some(&b'/') => comment = true,
            b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::too_deep(Span::new(at, at + 1), MAX_NESTING));
                }
            }
            b')' => depth = depth.saturating_sub(1),
            b'n' if is_word(at, b"not") => {
                nots += 1;
                if nots > MAX_NESTING {
                    return Err(Diagnostic::too_many(Span::new(at, at + 3), "not", MAX_NESTING));
                }
            }
            b'e' if is_word(at, b"every") => {
                everys += 1;
                if everys > MAX_NESTING {
                    return Err(Diagnostic::too_many(Span::new(at, at + 5), "every", MAX_NESTING));
                }
            }
            b'h' if is_word(at, b"hole") => {
                holes += 1;
                if holes > MAX_NESTING {
                    return Err(Diagnostic::too_many(Span::new(at, at + 4), "hole", MAX_NESTING));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether `b` may be part of a name (see `ident_char` in the grammar).
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'\'')
}

fn syntax_error(error: pest::error::Error<Rule>) -> Diagnostic {
    let (start, end) = match error.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((s, e)) => (s, e),
    };
    let expected = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().map(|r| friendly_name(*r)).collect::<Vec<_>>().join(", ")
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::syntax(Span::new(start, end), expected)
}

/// What a grammar rule is called in an error message.
fn friendly_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::section => "a section",
        Rule::statement => "a statement",
        Rule::expr | Rule::term => "a condition",
        Rule::value | Rule::number => "a number",
        Rule::ident => "a name",
        Rule::string => "a quoted text",
        _ => "something else",
    }
}

/// The children of a pair, without keyword tokens, taken one by one by the builders.
struct Children<'i> {
    pairs: std::iter::Peekable<Pairs<'i, Rule>>,
    span: Span,
}

impl<'i> Children<'i> {
    fn of(pair: Pair<'i, Rule>) -> Children<'i> {
        // Only for reporting a bug: the raw span will do.
        let span = Span::new(pair.as_span().start(), pair.as_span().end());
        Children { pairs: pair.into_inner().peekable(), span }
    }

    fn skip_keywords(&mut self) {
        while self.pairs.peek().is_some_and(|p| is_keyword(p.as_rule())) {
            self.pairs.next();
        }
    }

    /// The next child, which the grammar guarantees is there.
    fn next(&mut self) -> Result<Pair<'i, Rule>, Diagnostic> {
        self.skip_keywords();
        self.pairs.next().ok_or_else(|| Diagnostic::internal("a grammar rule has fewer parts than expected", self.span))
    }

    /// The next child if it is a `rule`.
    fn optional(&mut self, rule: Rule) -> Option<Pair<'i, Rule>> {
        self.skip_keywords();
        if self.pairs.peek().is_some_and(|p| p.as_rule() == rule) {
            self.pairs.next()
        } else {
            None
        }
    }

    /// Whether a keyword token `rule` is among the remaining children.
    fn has_keyword(&mut self, rule: Rule) -> bool {
        self.pairs.clone().any(|p| p.as_rule() == rule)
    }

    /// All remaining children.
    fn rest(mut self) -> Vec<Pair<'i, Rule>> {
        self.skip_keywords();
        self.pairs.filter(|p| !is_keyword(p.as_rule())).collect()
    }
}

/// Tokens the builders pass over: keywords (`kw_…`), whose meaning is in the rule around them,
/// and comments. Read off the grammar's rule names once, so a keyword is declared in the grammar
/// alone.
fn is_keyword(rule: Rule) -> bool {
    static KEYWORDS: OnceLock<Vec<bool>> = OnceLock::new();
    let keywords = KEYWORDS.get_or_init(|| {
        let mut keywords = vec![false; Rule::all_rules().iter().map(|&rule| rule as usize + 1).max().unwrap_or(0)];
        for &rule in Rule::all_rules() {
            keywords[rule as usize] = rule == Rule::comment || format!("{rule:?}").starts_with("kw_");
        }
        keywords
    });
    // Rules outside `all_rules` (pest's end of input) are no keywords.
    keywords.get(rule as usize).copied().unwrap_or(false)
}

/// The span of what a pair says. A rule that ends in an optional or repeated part also holds
/// the spaces pest skipped while looking for that part (`seeds 4   `); they are cut off, so that
/// labels underline the statement and an ending's text is the condition as written.
fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let (start, text) = (pair.as_span().start(), pair.as_str());
    Span::new(start, start + text.trim_end_matches([' ', '\t']).len())
}

/// Words whose presence is what they say, with their span.
fn phrase(pair: &Pair<'_, Rule>) -> Phrase {
    Phrase { span: span_of(pair) }
}

fn unexpected(pair: &Pair<'_, Rule>) -> Diagnostic {
    Diagnostic::internal(&format!("unexpected grammar rule {:?}", pair.as_rule()), span_of(pair))
}

fn build_file(pair: Pair<'_, Rule>) -> Result<RuleFile, Diagnostic> {
    let mut items = Vec::new();
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::section => items.push(Item::Section(build_section(child)?)),
            Rule::statement => items.push(Item::Statement(build_statement(child)?)),
            Rule::unparsed => items.push(Item::Statement(build_unparsed(child))),
            Rule::EOI | Rule::comment => {}
            _ => return Err(unexpected(&child)),
        }
    }
    Ok(RuleFile { items })
}

fn build_section(pair: Pair<'_, Rule>) -> Result<Section, Diagnostic> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let name = build_ident(children.next()?);
    let guard = children.optional(Rule::guard).map(build_guard).transpose()?;
    let mut statements = Vec::new();
    for child in children.rest() {
        match child.as_rule() {
            Rule::statement => statements.push(build_statement(child)?),
            Rule::unparsed_in_section => statements.push(build_unparsed(child)),
            _ => return Err(unexpected(&child)),
        }
    }
    Ok(Section { name, guard, statements, span })
}

fn build_guard(pair: Pair<'_, Rule>) -> Result<Guard, Diagnostic> {
    let span = span_of(&pair);
    let mut c = Children::of(pair);
    Ok(Guard { option: build_ident(c.next()?), value: build_value(c.next()?)?, span })
}

fn build_unparsed(pair: Pair<'_, Rule>) -> Statement {
    let text = pair.as_str();
    let trimmed = text.trim_end();
    let span = span_of(&pair);
    let span = Span::new(span.start as usize, span.start as usize + trimmed.len());
    Statement { kind: StatementKind::Unparsed(trimmed.to_string()), guard: None, span }
}

fn build_statement(pair: Pair<'_, Rule>) -> Result<Statement, Diagnostic> {
    let span = span_of(&pair);
    let mut parts = Children::of(pair);
    let form = parts.next()?;
    let guard = parts.optional(Rule::guard).map(build_guard).transpose()?;
    let rule = form.as_rule();
    let mut c = Children::of(form);
    let kind = match rule {
        Rule::game_name => StatementKind::Game(build_text(c.next()?)?),
        Rule::source => StatementKind::Source(build_text(c.next()?)?),
        Rule::ruling => {
            let project = c.optional(Rule::project).is_some();
            StatementKind::Ruling { project, id: build_ident(c.next()?), text: build_text(c.next()?)? }
        }
        Rule::option => {
            StatementKind::Option { name: build_ident(c.next()?), domain: build_domain(c.next()?)?, default: build_value(c.next()?)? }
        }
        Rule::named_condition => StatementKind::NamedCondition { name: build_ident(c.next()?), condition: build_expr(c.next()?)? },
        Rule::size => StatementKind::Size { rows: build_value(c.next()?)?, columns: build_value(c.next()?)? },
        Rule::owns => {
            let player = build_ident(c.next()?);
            let (mut rows, mut holes) = (Vec::new(), Vec::new());
            for part in c.rest() {
                match part.as_rule() {
                    Rule::owned_holes => holes.extend(Children::of(part).rest().into_iter().map(build_ident)),
                    _ => rows.push(build_ident(part)),
                }
            }
            StatementKind::Owns { player, rows, holes }
        }
        Rule::seeds => {
            let count = build_value(c.next()?)?;
            let places = c.rest().into_iter().map(build_place).collect::<Result<_, _>>()?;
            StatementKind::Seeds { count, places }
        }
        Rule::moves_first => StatementKind::MovesFirst(build_ident(c.next()?)),
        Rule::start => StatementKind::Start { condition: c.optional(Rule::expr).map(build_expr).transpose()? },
        Rule::no_move => StatementKind::NoMove(build_ident(c.next()?)),
        Rule::sow => {
            let direction = build_ident(c.next()?);
            match c.optional(Rule::own_rows) {
                Some(own) => StatementKind::SowOwnRows { direction, own_rows: phrase(&own) },
                None => StatementKind::Sow(direction),
            }
        }
        Rule::hole_set => StatementKind::HoleSet {
            name: build_ident(c.next()?),
            end: build_ident(c.next()?),
            count: build_value(c.next()?)?,
            row: build_ident(c.next()?),
        },
        Rule::otherwise => StatementKind::Otherwise(build_expr(c.next()?)?),
        Rule::stores => StatementKind::Stores(build_ident(c.next()?)),
        Rule::stores_not_sown => StatementKind::StoresNotSown,
        Rule::play_again => StatementKind::PlayAgain(build_ident(c.next()?)),
        Rule::must_feed => StatementKind::MustFeed,
        Rule::grand_slam => StatementKind::GrandSlamNothing,
        Rule::relay_from => StatementKind::RelayFrom { from: build_hole_ref(c.next()?)?, condition: build_expr(c.next()?)? },
        Rule::sow_either => StatementKind::SowEitherWay { own_rows: c.optional(Rule::own_rows).map(|p| phrase(&p)) },
        Rule::reverse => {
            let condition = build_expr(c.next()?)?;
            StatementKind::Reverse { condition, only_to_capture: c.optional(Rule::only_to_capture).is_some() }
        }
        Rule::must_capture => StatementKind::MustCapture(c.optional(Rule::expr).map(build_expr).transpose()?),
        Rule::no_move_leaves => StatementKind::NoMoveLeaves(build_expr(c.next()?)?),
        Rule::no_capture_unless => StatementKind::FirstLapDecides,
        Rule::place_from_hand => {
            let condition = c.optional(Rule::expr).map(build_expr).transpose()?;
            StatementKind::PlaceFromHand { condition, then_sow: c.optional(Rule::then_sow).is_some() }
        }
        Rule::track => StatementKind::Track(c.rest().into_iter().map(build_ident).collect()),
        Rule::player_track => {
            let player = build_ident(c.next()?);
            StatementKind::PlayerTrack { player, runs: c.rest().into_iter().map(build_ident).collect() }
        }
        Rule::continue_from => StatementKind::ContinueFrom(build_hole_ref(c.next()?)?),
        Rule::otherwise_place => StatementKind::OtherwisePlace(build_expr(c.next()?)?),
        Rule::phase => {
            let name = build_ident(c.next()?);
            let until = c.optional(Rule::expr).map(build_expr).transpose()?;
            let at_once = match c.optional(Rule::both_at_once) {
                Some(both) => {
                    let span = span_of(&both);
                    Some(AtOnce { last_moves: Children::of(both).next()?.as_str() == "last", span })
                }
                None => None,
            };
            StatementKind::Phase { name, until, at_once }
        }
        Rule::lift_only => StatementKind::LiftOnly { count: build_value(c.next()?)?, condition: build_expr(c.next()?)? },
        Rule::hole_list_set => {
            let name = build_ident(c.next()?);
            StatementKind::HoleListSet { name, holes: c.rest().into_iter().map(build_ident).collect() }
        }
        Rule::direction => StatementKind::Direction { way: build_ident(c.next()?), condition: build_expr(c.next()?)? },
        Rule::refill => {
            let count = build_value(c.next()?)?;
            let rest = if c.optional(Rule::rest_in_one_more).is_some() {
                Rest::OneMoreHole
            } else if let Some(made_up) = c.optional(Rule::rest_made_up) {
                Rest::MadeUp(build_value(Children::of(made_up).next()?)?)
            } else {
                Rest::Kept
            };
            StatementKind::Refill { count, rest }
        }
        Rule::refill_as_poorer => StatementKind::RefillAsPoorer,
        Rule::holes_change_hands => StatementKind::HolesChangeHands,
        Rule::refill_from => StatementKind::RefillFrom(build_ident(c.next()?)),
        Rule::unfilled_open => StatementKind::UnfilledOpen,
        Rule::result_starts => StatementKind::ResultStarts(!c.has_keyword(Rule::kw_winner)),
        Rule::starter_alternates => StatementKind::StarterAlternates,
        Rule::end_match => {
            let repeats = c.next()?;
            let condition = phrase(&repeats);
            let times = build_value(Children::of(repeats).next()?)?;
            let consequence = c.optional(Rule::consequence).map(build_consequence).transpose()?;
            let words = c.optional(Rule::string).map(build_text).transpose()?;
            StatementKind::EndMatch { times, consequence, condition, words }
        }
        Rule::relay_or_stop => StatementKind::RelayOrStop(build_expr(c.next()?)?),
        Rule::take_column => StatementKind::TakeColumn(build_ident(c.next()?)),
        Rule::choose => StatementKind::Choose { count: build_value(c.next()?)?, condition: build_expr(c.next()?)? },
        Rule::first_seed => {
            let to = build_ident(c.next()?);
            match c.optional(Rule::unless_alone) {
                Some(_) => StatementKind::FirstSeedUnlessAlone(to),
                None => StatementKind::FirstSeed(to),
            }
        }
        Rule::in_passing => {
            let condition = build_expr(c.next()?)?;
            StatementKind::InPassing { condition, to: c.optional(Rule::ident).map(build_ident) }
        }
        Rule::sow_captured => {
            let after = c.optional(Rule::after).is_some();
            StatementKind::SowCaptured { after, from: build_hole_ref(c.next()?)? }
        }
        Rule::claim => {
            let hole = build_hole_ref(c.next()?)?;
            StatementKind::Claim { hole, keeping: c.optional(Rule::keeping).is_some() }
        }
        Rule::stop_after => StatementKind::StopAfter(build_value(c.next()?)?),
        Rule::skip_origin => StatementKind::SkipOrigin,
        Rule::relay => StatementKind::Relay(build_expr(c.next()?)?),
        Rule::take => StatementKind::Take(build_hole_ref(c.next()?)?),
        Rule::take_part => StatementKind::TakePart { count: build_value(c.next()?)?, hole: build_hole_ref(c.next()?)? },
        Rule::chain => StatementKind::Chain { direction: build_ident(c.next()?), condition: build_expr(c.next()?)? },
        Rule::when => {
            let condition = build_condition(c.next()?)?;
            let consequence = c.optional(Rule::consequence).map(build_consequence).transpose()?;
            let words = c.optional(Rule::string).map(build_text).transpose()?;
            StatementKind::When { condition, consequence, words }
        }
        Rule::leftover => StatementKind::Leftover(build_ident(c.next()?)),
        Rule::wins => StatementKind::Wins(build_ident(c.next()?)),
        Rule::offer => match c.optional(Rule::range) {
            Some(range) => {
                let (fewest, most) = build_range(range)?;
                StatementKind::Offer { fewest, most }
            }
            None => {
                let count = build_value(c.next()?)?;
                StatementKind::Offer { fewest: count.clone(), most: count }
            }
        },
        Rule::keep => StatementKind::Keep(build_value(c.next()?)?),
        Rule::price => StatementKind::Price(build_value(c.next()?)?),
        Rule::win_after_decline => StatementKind::WinAfterDecline(build_text(c.next()?)?),
        _ => return Err(Diagnostic::internal(&format!("unexpected statement form {rule:?}"), span)),
    };
    Ok(Statement { kind, guard, span })
}

/// `last hole`, `origin`, `first hole of inner row`.
fn build_hole_ref(pair: Pair<'_, Rule>) -> Result<HoleRef, Diagnostic> {
    let span = span_of(&pair);
    let mut c = Children::of(pair);
    let first = c.next()?;
    if first.as_rule() == Rule::row_end_ref {
        let mut r = Children::of(first);
        return Ok(HoleRef { word: build_ident(r.next()?), row: Some(build_ident(r.next()?)), span });
    }
    Ok(HoleRef { word: build_ident(first), row: None, span })
}

fn build_ident(pair: Pair<'_, Rule>) -> Ident {
    Ident { name: pair.as_str().to_string(), span: span_of(&pair) }
}

fn build_text(pair: Pair<'_, Rule>) -> Result<Text, Diagnostic> {
    let span = span_of(&pair);
    let inner = Children::of(pair).next()?;
    Ok(Text { text: inner.as_str().to_string(), span })
}

fn build_number(pair: Pair<'_, Rule>) -> Number {
    Number { value: pair.as_str().parse().ok(), span: span_of(&pair) }
}

fn build_value(pair: Pair<'_, Rule>) -> Result<Value, Diagnostic> {
    let inner = Children::of(pair).next()?;
    Ok(match inner.as_rule() {
        Rule::number => Value::Number(build_number(inner)),
        Rule::ident => Value::Name(build_ident(inner)),
        _ => return Err(unexpected(&inner)),
    })
}

fn build_values(pairs: Vec<Pair<'_, Rule>>) -> Result<Vec<Value>, Diagnostic> {
    pairs.into_iter().map(build_value).collect()
}

fn build_range(pair: Pair<'_, Rule>) -> Result<(Value, Value), Diagnostic> {
    let mut c = Children::of(pair);
    Ok((build_value(c.next()?)?, build_value(c.next()?)?))
}

fn build_domain(pair: Pair<'_, Rule>) -> Result<Domain, Diagnostic> {
    let mut c = Children::of(pair);
    if let Some(range) = c.optional(Rule::range) {
        let (low, high) = build_range(range)?;
        return Ok(Domain::Range { low, high });
    }
    Ok(Domain::List(build_values(c.rest())?))
}

fn build_set(pair: Pair<'_, Rule>) -> Result<Set, Diagnostic> {
    let mut c = Children::of(pair);
    if let Some(range) = c.optional(Rule::range) {
        let (low, high) = build_range(range)?;
        return Ok(Set::Range { low, high });
    }
    Ok(Set::List(build_values(c.rest())?))
}

fn build_place(pair: Pair<'_, Rule>) -> Result<Place, Diagnostic> {
    let is_row = Children::of(pair.clone()).has_keyword(Rule::kw_row);
    let name = build_ident(Children::of(pair).next()?);
    Ok(if is_row { Place::Row(name) } else { Place::Hole(name) })
}

fn build_condition(pair: Pair<'_, Rule>) -> Result<Condition, Diagnostic> {
    let inner = Children::of(pair).next()?;
    match inner.as_rule() {
        Rule::repeats => {
            let phrase = phrase(&inner);
            let mut c = Children::of(inner);
            Ok(Condition::Repeats { what: build_ident(c.next()?), times: build_value(c.next()?)?, phrase })
        }
        Rule::expr => Ok(Condition::Predicate(build_expr(inner)?)),
        _ => Err(unexpected(&inner)),
    }
}

fn build_consequence(pair: Pair<'_, Rule>) -> Result<Consequence, Diagnostic> {
    let inner = Children::of(pair).next()?;
    match inner.as_rule() {
        Rule::leftover => Ok(Consequence::Leftover(build_ident(Children::of(inner).next()?))),
        Rule::draw => Ok(Consequence::Draw(phrase(&inner))),
        Rule::mover_result => {
            let wins = Children::of(inner.clone()).has_keyword(Rule::kw_wins);
            Ok(Consequence::Mover { wins, phrase: phrase(&inner) })
        }
        _ => Err(unexpected(&inner)),
    }
}

fn build_expr(pair: Pair<'_, Rule>) -> Result<Expr, Diagnostic> {
    let span = span_of(&pair);
    let terms = Children::of(pair).rest().into_iter().map(build_conjunction).collect::<Result<Vec<_>, _>>()?;
    Ok(join(terms, span, ExprKind::Or))
}

fn build_conjunction(pair: Pair<'_, Rule>) -> Result<Expr, Diagnostic> {
    let span = span_of(&pair);
    let terms = Children::of(pair).rest().into_iter().map(build_negation).collect::<Result<Vec<_>, _>>()?;
    Ok(join(terms, span, ExprKind::And))
}

/// One term stays itself; several are joined with `make`.
fn join(mut terms: Vec<Expr>, span: Span, make: fn(Vec<Expr>) -> ExprKind) -> Expr {
    if terms.len() == 1 {
        terms.remove(0)
    } else {
        Expr { kind: make(terms), span }
    }
}

fn build_negation(pair: Pair<'_, Rule>) -> Result<Expr, Diagnostic> {
    let span = span_of(&pair);
    let mut children = Children::of(pair).rest();
    let term = match children.pop() {
        Some(term) => build_term(term)?,
        None => return Err(Diagnostic::internal("a negation without a term", span)),
    };
    let nots = children.iter().filter(|p| p.as_rule() == Rule::not).count();
    Ok((0..nots).fold(term, |inner, _| Expr { kind: ExprKind::Not(Box::new(inner)), span }))
}

fn build_term(pair: Pair<'_, Rule>) -> Result<Expr, Diagnostic> {
    let span = span_of(&pair);
    let inner = Children::of(pair).next()?;
    let kind = match inner.as_rule() {
        Rule::expr => return build_expr(inner),
        Rule::every_hole => ExprKind::EveryHole(Box::new(build_term(Children::of(inner).next()?)?)),
        Rule::some_hole => ExprKind::SomeHole(Box::new(build_term(Children::of(inner).next()?)?)),
        Rule::comparison => build_comparison(inner)?,
        Rule::relation => {
            let mut c = Children::of(inner);
            let relation = build_ident(c.next()?);
            ExprKind::Related { relation, condition: Box::new(build_negation(c.next()?)?) }
        }
        Rule::membership => ExprKind::Member(build_ident(Children::of(inner).next()?)),
        Rule::row_empty => {
            let words = inner.clone().into_inner().collect::<Vec<_>>();
            let own = words.first().is_some_and(|w| w.as_str() == "own");
            let negated = words.iter().any(|w| w.as_rule() == Rule::not);
            let set = words.iter().find(|w| w.as_rule() == Rule::ident).map(|w| build_ident(w.clone()));
            ExprKind::SetEmpty { own, set: set.ok_or_else(|| unexpected(&inner))?, negated }
        }
        Rule::flag => ExprKind::Flag(build_ident(Children::of(inner).next()?)),
        _ => return Err(unexpected(&inner)),
    };
    Ok(Expr { kind, span })
}

/// The quantity `opponent's captured`, as the AST names it.
pub const OPPONENTS_CAPTURED: &str = "opponent's captured";

/// The quantity `stones left` (or `seeds left`, `counters left`), as the AST names it.
pub const STONES_LEFT: &str = "stones left";

fn build_comparison(pair: Pair<'_, Rule>) -> Result<ExprKind, Diagnostic> {
    let mut c = Children::of(pair);
    let quantity = c.next()?;
    let quantity = match quantity.as_rule() {
        // Written with any spaces between the two words; named in one way.
        Rule::opponents_captured => Ident { name: OPPONENTS_CAPTURED.to_string(), span: span_of(&quantity) },
        Rule::stones_left => Ident { name: STONES_LEFT.to_string(), span: span_of(&quantity) },
        _ => build_ident(quantity),
    };
    let tail = c.next()?;
    Ok(match tail.as_rule() {
        Rule::compare_op => {
            let op = match tail.as_str() {
                "<=" => CompareOp::Le,
                ">=" => CompareOp::Ge,
                "!=" => CompareOp::Ne,
                "<" => CompareOp::Lt,
                ">" => CompareOp::Gt,
                _ => CompareOp::Eq,
            };
            ExprKind::Compare { quantity, op, value: build_value(c.next()?)? }
        }
        Rule::set => ExprKind::In { quantity, set: build_set(tail)? },
        Rule::parity => ExprKind::Parity { quantity, even: Children::of(tail).has_keyword(Rule::kw_even) },
        _ => return Err(unexpected(&tail)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Trees are equal when they say the same, wherever it was written.
    #[test]
    fn equality_passes_over_spans() {
        let tree = |source: &str| parse(source).expect("parses");
        let file = "game \"X\"\nend {\n    when board repeats 2 times, draw\n}\n";
        let moved = "\n\ngame   \"X\"\nend {\n    when board  repeats 2 times,   draw   // c\n}\n";
        assert_eq!(tree(file), tree(moved));
        assert_ne!(tree(file), tree(&file.replace("draw", "mover wins")));
        assert_ne!(tree(file), tree(&file.replace('2', "3")));
    }

    /// The keywords passed over are the grammar file's `kw_` rules and the comment, no more.
    #[test]
    fn every_keyword_rule_is_passed_over() {
        let grammar = include_str!("../../grammar/mancala.pest");
        let declared: Vec<&str> = grammar
            .lines()
            .filter_map(|line| line.split_once(" = ").map(|(name, _)| name.trim()))
            .filter(|name| name.starts_with("kw_"))
            .collect();
        assert!(declared.len() > 100, "the grammar's keywords are read: {declared:?}");
        let mut passed: Vec<String> = Rule::all_rules().iter().filter(|&&rule| is_keyword(rule)).map(|rule| format!("{rule:?}")).collect();
        let mut expected: Vec<String> = declared.iter().map(|name| name.to_string()).chain(["comment".to_string()]).collect();
        passed.sort();
        expected.sort();
        assert_eq!(passed, expected);
    }
}
