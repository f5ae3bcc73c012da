//! Source text → spanned [`RuleFile`]: the pest parser and one builder function per grammar rule.
//!
//! The grammar turns every line it cannot read into an `unparsed` statement, so parsing itself almost
//! never fails; the few ways it can (nesting too deep for a safe parse) come back as a
//! [`Diagnostic`] with a span like every other problem.

use pest::iterators::{Pair, Pairs};
use pest::Parser;

use crate::ast::*;
use crate::check::Diagnostic;

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
    let mut pairs = RuleParser::parse(Rule::file, source).map_err(syntax_error)?;
    let file = pairs.next().ok_or_else(|| Diagnostic::internal("the parser returned no file", Span::default()))?;
    build_file(file)
}

/// Refuses text whose parentheses nest deeper than [`MAX_NESTING`] before pest sees it.
fn check_nesting(source: &str) -> Result<(), Diagnostic> {
    let mut depth = 0usize;
    for (at, c) in source.char_indices() {
        match c {
            '(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::too_deep(Span::new(at, at + 1), MAX_NESTING));
                }
            }
            ')' => depth = depth.saturating_sub(1),
            '\n' => depth = 0,
            _ => {}
        }
    }
    Ok(())
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
        let span = span_of(&pair);
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

fn is_keyword(rule: Rule) -> bool {
    format!("{rule:?}").starts_with("kw_")
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
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
            Rule::EOI => {}
            _ => return Err(unexpected(&child)),
        }
    }
    Ok(RuleFile { items })
}

fn build_section(pair: Pair<'_, Rule>) -> Result<Section, Diagnostic> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let name = build_ident(children.next()?);
    let mut statements = Vec::new();
    for child in children.rest() {
        match child.as_rule() {
            Rule::statement => statements.push(build_statement(child)?),
            Rule::unparsed_in_section => statements.push(build_unparsed(child)),
            _ => return Err(unexpected(&child)),
        }
    }
    Ok(Section { name, statements, span })
}

fn build_unparsed(pair: Pair<'_, Rule>) -> Statement {
    let text = pair.as_str();
    let trimmed = text.trim_end();
    let span = span_of(&pair);
    let span = Span::new(span.start as usize, span.start as usize + trimmed.len());
    Statement { kind: StatementKind::Unparsed(trimmed.to_string()), span }
}

fn build_statement(pair: Pair<'_, Rule>) -> Result<Statement, Diagnostic> {
    let span = span_of(&pair);
    let form = Children::of(pair).next()?;
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
        Rule::size => StatementKind::Size { rows: build_value(c.next()?)?, columns: build_value(c.next()?)? },
        Rule::owns => {
            let player = build_ident(c.next()?);
            let rows = c.rest().into_iter().map(build_ident).collect();
            StatementKind::Owns { player, rows }
        }
        Rule::seeds => {
            let count = build_value(c.next()?)?;
            let places = c.rest().into_iter().map(build_place).collect::<Result<_, _>>()?;
            StatementKind::Seeds { count, places }
        }
        Rule::moves_first => StatementKind::MovesFirst(build_ident(c.next()?)),
        Rule::start => StatementKind::Start { condition: c.optional(Rule::expr).map(build_expr).transpose()? },
        Rule::no_move => StatementKind::NoMove(build_ident(c.next()?)),
        Rule::sow => StatementKind::Sow(build_ident(c.next()?)),
        Rule::first_seed => StatementKind::FirstSeed(build_ident(c.next()?)),
        Rule::skip_origin => StatementKind::SkipOrigin,
        Rule::relay => StatementKind::Relay(build_expr(c.next()?)?),
        Rule::take => StatementKind::Take(build_ident(c.next()?)),
        Rule::chain => StatementKind::Chain { direction: build_ident(c.next()?), condition: build_expr(c.next()?)? },
        Rule::when => {
            let condition = build_condition(c.next()?)?;
            let consequence = c.optional(Rule::consequence).map(build_consequence).transpose()?;
            StatementKind::When { condition, consequence }
        }
        Rule::leftover => StatementKind::Leftover(build_ident(c.next()?)),
        Rule::wins => StatementKind::Wins(build_ident(c.next()?)),
        _ => return Err(Diagnostic::internal(&format!("unexpected statement form {rule:?}"), span)),
    };
    Ok(Statement { kind, span })
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
            let span = span_of(&inner);
            let mut c = Children::of(inner);
            Ok(Condition::Repeats { what: build_ident(c.next()?), times: build_value(c.next()?)?, span })
        }
        Rule::expr => Ok(Condition::Predicate(build_expr(inner)?)),
        _ => Err(unexpected(&inner)),
    }
}

fn build_consequence(pair: Pair<'_, Rule>) -> Result<Consequence, Diagnostic> {
    let inner = Children::of(pair).next()?;
    match inner.as_rule() {
        Rule::leftover => Ok(Consequence::Leftover(build_ident(Children::of(inner).next()?))),
        Rule::draw => Ok(Consequence::Draw(span_of(&inner))),
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
        Rule::comparison => build_comparison(inner)?,
        Rule::flag => ExprKind::Flag(build_ident(Children::of(inner).next()?)),
        _ => return Err(unexpected(&inner)),
    };
    Ok(Expr { kind, span })
}

fn build_comparison(pair: Pair<'_, Rule>) -> Result<ExprKind, Diagnostic> {
    let mut c = Children::of(pair);
    let quantity = build_ident(c.next()?);
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
