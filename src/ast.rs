//! The spanned syntax tree of a rule file: plain data, serialisable for `mancala ast`.
//!
//! The tree says what was written, not whether it makes sense: names of sections, players, flags
//! and options are kept as written and judged by [`crate::check`].
//!
//! Two trees are equal when they say the same, wherever it was written: equality passes over
//! every span (as kdl-rs does), so a file and its formatted text read to equal trees.

use serde::Serialize;

/// A byte range in the rule file's text.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        // Rule files are read whole and bounded far below 4 GiB, so a byte offset always fits.
        Span { start: u32::try_from(start).unwrap_or(u32::MAX), end: u32::try_from(end).unwrap_or(u32::MAX) }
    }

    /// The span as miette wants it.
    pub fn source_span(self) -> miette::SourceSpan {
        (self.start as usize, (self.end - self.start) as usize).into()
    }

    /// The text this span covers.
    pub fn text(self, source: &str) -> &str {
        source.get(self.start as usize..self.end as usize).unwrap_or("")
    }
}

/// Words of the file whose presence is what they say (`round own rows`, `draw`): where they were
/// written, which equality passes over like every span of the tree.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Phrase {
    pub span: Span,
}

/// `PartialEq` and `Eq` for a type of the tree: the fields named are compared, those after `;`
/// (its spans) passed over. Every field is named, so a new one cannot be forgotten.
macro_rules! equal_but_spans {
    ($($type:ident { $($field:ident),* ; $($span:ident),* })+) => {$(
        impl PartialEq for $type {
            fn eq(&self, other: &Self) -> bool {
                let $type { $($field,)* $($span: _,)* } = self;
                true $(&& *$field == other.$field)*
            }
        }

        impl Eq for $type {}
    )+};
}

impl PartialEq for Phrase {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Phrase {}

equal_but_spans! {
    Ident { name; span }
    Number { value; span }
    Text { text; span }
    Section { name, guard, statements; span }
    Statement { kind, guard; span }
    AtOnce { last_moves; span }
    Guard { option, value; span }
    HoleRef { word, row; span }
    Expr { kind; span }
}

/// A word as written, with where it was written.
#[derive(Clone, Debug, Serialize)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A number as written. `value` is `None` when the digits do not fit any count we use.
#[derive(Clone, Debug, Serialize)]
pub struct Number {
    pub value: Option<u32>,
    pub span: Span,
}

/// A place where a number is expected: a literal or an option's name.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Value {
    Number(Number),
    Name(Ident),
}

impl Value {
    pub fn span(&self) -> Span {
        match self {
            Value::Number(n) => n.span,
            Value::Name(i) => i.span,
        }
    }
}

/// A quoted text.
#[derive(Clone, Debug, Serialize)]
pub struct Text {
    pub text: String,
    pub span: Span,
}

/// A whole rule file.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct RuleFile {
    pub items: Vec<Item>,
}

impl RuleFile {
    /// Every ruling of the file, in the file's order: its id and its text.
    pub fn rulings(&self) -> Vec<(&str, &str)> {
        let statements = self.items.iter().flat_map(|item| match item {
            Item::Section(section) => section.statements.iter().collect::<Vec<_>>(),
            Item::Statement(statement) => vec![statement],
        });
        statements
            .filter_map(|statement| match &statement.kind {
                StatementKind::Ruling { id, text, .. } => Some((id.name.as_str(), text.text.as_str())),
                _ => None,
            })
            .collect()
    }
}

/// A top-level item: a section or a statement written outside any section.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Item {
    Section(Section),
    Statement(Statement),
}

/// `name { statements }`.
#[derive(Clone, Debug, Serialize)]
pub struct Section {
    pub name: Ident,
    pub guard: Option<Guard>,
    pub statements: Vec<Statement>,
    pub span: Span,
}

/// One line of a rule file.
#[derive(Clone, Debug, Serialize)]
pub struct Statement {
    pub kind: StatementKind,
    pub guard: Option<Guard>,
    pub span: Span,
}

/// What a statement says. Each variant is one statement form of the grammar.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum StatementKind {
    /// `game "Wari"`
    Game(Text),
    /// `source "…"`
    Source(Text),
    /// `ruling H1 "…"`, `project ruling D6 "…"`
    Ruling { id: Ident, project: bool, text: Text },
    /// `option bonus: 1 | 2 | 3 = 2`
    Option { name: Ident, domain: Domain, default: Value },
    /// `condition standing = in marked and intact and count >= 6`: a condition named, asked by
    /// its name.
    NamedCondition { name: Ident, condition: Expr },
    /// `size 2 x 6`
    Size { rows: Value, columns: Value },
    /// `south owns row a`
    Owns { player: Ident, rows: Vec<Ident>, holes: Vec<Ident> },
    /// `track a1-a6 b6-b4 c6-c1 b1-b3`: the board's circuit, counter-clockwise.
    Track(Vec<Ident>),
    /// `south track a1-a6 b6-b1 c1-c6`: one player's own circuit.
    PlayerTrack { player: Ident, runs: Vec<Ident> },
    /// `continue from last hole`: after a capture the move goes on from this hole.
    ContinueFrom(HoleRef),
    /// `seeds 4`, `seeds 2 in row a`, `seeds 3 in d21`
    Seeds { count: Value, places: Vec<Place> },
    /// `south moves first`
    MovesFirst(Ident),
    /// `start from own hole where count >= 2`
    Start { condition: Option<Expr> },
    /// `no move: pass`
    NoMove(Ident),
    /// `sow counter-clockwise`
    Sow(Ident),
    /// `sow counter-clockwise round own rows`: each player sows round the rows they own.
    SowOwnRows { direction: Ident, own_rows: Phrase },
    /// `set heads = last 2 holes of outer row`
    HoleSet { name: Ident, end: Ident, count: Value, row: Ident },
    /// `otherwise from own hole where …`: the start condition when no hole meets `start`'s.
    Otherwise(Expr),
    /// `stores at right`
    Stores(Ident),
    /// `stores not sown into`: laps pass the stores; they hold only what the players take.
    StoresNotSown,
    /// `play again when last seed in own store` (the word is `last`)
    PlayAgain(Ident),
    /// `must feed an empty opponent`
    MustFeed,
    /// `grand slam captures nothing`
    GrandSlamNothing,
    /// `relay from next hole when …`: lift the next hole instead of the last one.
    RelayFrom { from: HoleRef, condition: Expr },
    /// `sow either way round own rows`: every move goes the way its mover chooses.
    SowEitherWay { own_rows: Option<Phrase> },
    /// `reverse from own hole where …` (`, only to capture`): holes that may also start a move
    /// sown against the file's direction.
    Reverse { condition: Expr, only_to_capture: bool },
    /// `must capture` (`from own hole where …`): when a move captures, one that captures is played.
    MustCapture(Option<Expr>),
    /// `no move leaves own inner row empty`: a move after which the condition holds is not legal.
    NoMoveLeaves(Expr),
    /// `no capture unless the first lap captures`.
    FirstLapDecides,
    /// `place from hand into own hole where …` (`, then sow`): the move of a player with stones
    /// in hand; with `then sow` the hole is then sown the way the move names.
    PlaceFromHand { condition: Option<Expr>, then_sow: bool },
    /// `otherwise place from hand into own hole where …`: where to place when no hole meets `place`'s.
    OtherwisePlace(Expr),
    /// `phase namua until hand = 0`: a stage of each player's game, and when it is over; or
    /// `phase race, both at once, then last to finish moves`: one turn both play at once.
    Phase { name: Ident, until: Option<Expr>, at_once: Option<AtOnce> },
    /// `lift only 2 when …`: a lap lifts at most that many stones of a hole where it holds.
    LiftOnly { count: Value, condition: Expr },
    /// `set nyumba = holes b5 c4`
    HoleListSet { name: Ident, holes: Vec<Ident> },
    /// `direction clockwise when …`: the way a capture's stones and the rest of the move go.
    Direction { way: Ident, condition: Expr },
    /// `refill 4 per hole` (`, the rest in one more hole` or `, a rest of 2 or more made up by
    /// the opponent`).
    Refill { count: Value, rest: Rest },
    /// `holes change hands`: each player owns the holes they refill.
    HolesChangeHands,
    /// `refill from last hole` (or `first`): where each player's refill begins.
    RefillFrom(Ident),
    /// `refill as many holes as the poorer`.
    RefillAsPoorer,
    /// `unfilled holes stay open`.
    UnfilledOpen,
    /// `loser starts` (`true`) or `winner starts`.
    ResultStarts(bool),
    /// `starter alternates`
    StarterAlternates,
    /// `end match when round start repeats 5 times` (`, leftover to owner` or `, draw`):
    /// `condition` spans `round start repeats 5 times`.
    EndMatch { times: Value, consequence: Option<Consequence>, condition: Phrase, words: Option<Text> },
    /// `relay or stop when …`: the mover chooses inside the move.
    RelayOrStop(Expr),
    /// `take opponent's column`
    TakeColumn(Ident),
    /// `choose 2 more holes where …`
    Choose { count: Value, condition: Expr },
    /// `first seed into origin`
    FirstSeed(Ident),
    /// `first seed into origin unless alone`: a lone stone goes to the next hole.
    FirstSeedUnlessAlone(Ident),
    /// `take in passing when count = 4` (`, to owner`): holes taken while sowing.
    InPassing { condition: Expr, to: Option<Ident> },
    /// `sow captured from first hole of inner row`, `sow captured after origin`: a capture's
    /// stones are sown on, the first into the hole named (or, with `after`, the one after it).
    SowCaptured { after: bool, from: HoleRef },
    /// `claim last hole`: the hole becomes the mover's, its stones and all sown into it later too;
    /// with `, keeping its stones` they stay in it.
    Claim { hole: HoleRef, keeping: bool },
    /// `stop after 100 laps`: the most laps a move sows.
    StopAfter(Value),
    /// `skip origin`
    SkipOrigin,
    /// `relay when count >= 2`
    Relay(Expr),
    /// `take last hole`
    Take(HoleRef),
    /// `take 2 from last hole`: at most that many of its stones.
    TakePart { count: Value, hole: HoleRef },
    /// `chain backward while count in {2, 4}`
    Chain { direction: Ident, condition: Expr },
    /// `when …, leftover split`
    When { condition: Condition, consequence: Option<Consequence>, words: Option<Text> },
    /// `leftover to owner`
    Leftover(Ident),
    /// `most stones wins`
    Wins(Ident),
    /// `offer 1..3 own holes`
    Offer { fewest: Value, most: Value },
    /// `keep at least 1 hole`
    Keep(Value),
    /// `price 6 captured stones per hole`
    Price(Value),
    /// `win after decline "victory without glory"`
    WinAfterDecline(Text),
    /// A line the grammar could not read.
    Unparsed(String),
}

/// `both at once, then last to finish moves`: a phase of one turn both players play together.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct AtOnce {
    /// Whether the player who finished last moves next (else the one who finished first).
    pub last_moves: bool,
    pub span: Span,
}

/// What a refill does with the stones left after a player's full holes.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Rest {
    /// They stay in the player's stock.
    Kept,
    /// `the rest in one more hole`.
    OneMoreHole,
    /// `a rest of 2 or more made up by the opponent`: one more hole, the opponent giving what it lacks.
    MadeUp(Value),
}

/// `if trade = on`: what follows applies only when the option has that value.
#[derive(Clone, Debug, Serialize)]
pub struct Guard {
    pub option: Ident,
    pub value: Value,
    pub span: Span,
}

/// The values an option may take.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Domain {
    List(Vec<Value>),
    Range { low: Value, high: Value },
}

/// Where seeds are put at the start: a whole row or one hole.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Place {
    Row(Ident),
    Hole(Ident),
}

/// The condition of a `when` statement.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Condition {
    /// `board repeats 2 times`
    Repeats {
        what: Ident,
        times: Value,
        phrase: Phrase,
    },
    Predicate(Expr),
}

/// What a `when` ending does.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Consequence {
    Leftover(Ident),
    Draw(Phrase),
    /// `mover wins` (`true`) or `mover loses`.
    Mover {
        wins: bool,
        phrase: Phrase,
    },
}

/// A hole named from where the sowing stands: `last hole`, `origin`, `opposite hole`, or with
/// `row`, an end of a row in sowing order (`first hole of inner row`).
#[derive(Clone, Debug, Serialize)]
pub struct HoleRef {
    pub word: Ident,
    pub row: Option<Ident>,
    pub span: Span,
}

/// A predicate with its span.
#[derive(Clone, Debug, Serialize)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// The forms of a predicate.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum ExprKind {
    Or(Vec<Expr>),
    And(Vec<Expr>),
    Not(Box<Expr>),
    /// `every hole has …`
    EveryHole(Box<Expr>),
    /// `some hole is …`: the condition holds on at least one hole.
    SomeHole(Box<Expr>),
    /// `count >= 2`
    Compare {
        quantity: Ident,
        op: CompareOp,
        value: Value,
    },
    /// `count in {2, 4}` or `count in 1..8`
    In {
        quantity: Ident,
        set: Set,
    },
    /// `count is even`
    Parity {
        quantity: Ident,
        even: bool,
    },
    /// `own`, `empty`, or the name of a condition the file names (`standing`)
    Flag(Ident),
    /// `next hole is empty`: the condition on a related hole.
    Related {
        relation: Ident,
        condition: Box<Expr>,
    },
    /// `in heads`, `in inner row`
    Member(Ident),
    /// `own inner row is empty`, `opponent's heads are not empty`: whether every hole of the set
    /// that the player owns is empty (`negated`: not every one).
    SetEmpty {
        own: bool,
        set: Ident,
        negated: bool,
    },
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// The right-hand side of `in`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub enum Set {
    List(Vec<Value>),
    Range { low: Value, high: Value },
}

impl Span {
    /// The span from the start of `self` to the end of `other`.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}
