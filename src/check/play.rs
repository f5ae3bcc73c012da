//! Pass: the rules of play — who starts, which holes may start a move, sowing, trades, rounds and
//! the end — and the assembly of the checked [`Model`] (captures: [`super::capture`]).

use super::model::*;
use super::options::Slot;
use super::predicate::Subject;
use super::{Checker, Sections};
use crate::ast::{AtOnce, Condition, Consequence, Ident, Rest, Span, Statement, StatementKind};
use crate::diagnostic::{suggest, Code, Diagnostic};

const REPEATS: Slot = Slot { what: "the number of occurrences", min: 2, max: 1000 };
/// At most 3, as for chosen holes: every set of that many of a player's holes is a legal action,
/// and sets of more would be millions (offers of 1 to 12 of 40 holes hung the engine).
const HOLES_OFFERED: Slot = Slot { what: "the number of holes offered", min: 1, max: 3 };
const HOLES_KEPT: Slot = Slot { what: "the number of holes kept", min: 0, max: 64 };
const REFILL: Slot = Slot { what: "the stones a refill puts in a hole", min: 1, max: 500 };
const LAPS: Slot = Slot { what: "the most laps a move sows", min: 1, max: 1_000_000 };
/// A lap limit above this draws a warning (see [`Checker::lap_limit`]).
const MANY_LAPS: u32 = 10_000;
const PRICE: Slot = Slot { what: "the price of a hole", min: 0, max: 500 };

/// Words with the meaning of a word of the language, and that word (for the ways round a
/// circuit: [`Direction::word_for`]).
const SYNONYMS: &[(&str, &str)] = &[
    ("backwards", "backward"),
    ("forwards", "forward"),
    ("skip", "pass"),
    ("remove", "removed"),
    ("discarded", "removed"),
    ("more", "most"),
    ("fewer", "fewest"),
    ("least", "fewest"),
];

/// The most phases a game may have.
const MOST_PHASES: usize = 64;

/// The stones a lap may lift at most (`lift only N`).
const LIFTED: Slot = Slot { what: "a number of stones lifted", min: 1, max: 65_535 };

/// The holes named by a word, from where the sowing stands.
pub(super) const HOLE_WORDS: &[(&str, HoleRef)] = &[
    ("last", HoleRef::Last),
    ("origin", HoleRef::Origin),
    ("next", HoleRef::Related(Relation::Next)),
    ("previous", HoleRef::Related(Relation::Previous)),
    ("beyond", HoleRef::Related(Relation::Beyond)),
    ("opposite", HoleRef::Related(Relation::Opposite)),
    ("behind", HoleRef::Related(Relation::Behind)),
    ("symmetric", HoleRef::Related(Relation::Symmetric)),
];

impl Checker {
    /// The lap limit of `stop after N laps`. Warns of one above [`MANY_LAPS`]: a move that would
    /// never end is cut only there, so each such move sows that many laps every time it is played
    /// or looked ahead.
    fn lap_limit(&mut self, value: &crate::ast::Value) -> Option<Num> {
        let limit = self.num(value, LAPS)?;
        let (most, label) = match limit {
            Num::Literal(n) => (n, format!("more than {} laps", grouped(MANY_LAPS))),
            Num::Option(index) => {
                let option = &self.options[index];
                let most = option.domain.numeric_bounds().map_or(0, |(_, high)| high);
                (most, format!("the option `{}` may be {}", option.name, grouped(most)))
            }
        };
        if most > MANY_LAPS {
            let (most, many) = (grouped(most), grouped(MANY_LAPS));
            self.push(
                Diagnostic::warning(Code::ManyLaps, format!("a move may sow {most} laps before it is cut"), value.span(), label).with_help(
                    format!(
                        "a move that never ends (a relay that goes round for ever) is cut only at this limit, so each one sows \
                         {most} laps whenever it is played, and again whenever a computer player looks ahead, which tries \
                         thousands of moves: 100,000 laps take tens of milliseconds. A limit of at most {many} keeps every \
                         move quick (`stop after 100 laps`, say)"
                    ),
                ),
            );
        }
        Some(limit)
    }

    /// The whole game, every section checked; `None` when any of it has errors.
    pub(super) fn model(&mut self, sections: &Sections<'_>) -> Option<Model> {
        let name = self.game_name(sections);
        let sources = sources(sections);
        // The board first: its sets and rows are known to every condition, a phase's too.
        let board = self.board(sections);
        self.named_conditions(&sections.top);
        let phases = self.phases(sections.of("play"));
        let play = self.play(sections.of("play"));
        let sowing = self.sowing(sections);
        let captures = sections.captures.iter().filter_map(|(header, statements)| self.capture(*header, statements)).collect();
        let too_many_captures = self.too_many_captures(sections);
        let claims_agree = self.claims_agree(sections);
        let race_fits = self.race_fits(sections);
        let (endings, leftover, wins) = self.end(sections.of("end"));
        let trade = self.trade(sections);
        let rounds = self.rounds(sections);
        self.unasked_conditions();

        let board = board?;
        if too_many_captures
            || !claims_agree
            || !race_fits
            || !self.circuits_fit(&board, sowing.own_circuits, sections)
            || !self.stores_fit(&board, &play)
            || !self.hand_fits(&board, &play)
        {
            return None;
        }
        Some(Model {
            name: name?,
            sources,
            options: self.options.clone(),
            conditions: self.condition_names(),
            board,
            play,
            phases: phases?,
            sowing,
            captures,
            endings,
            leftover,
            wins,
            trade: trade?,
            rounds: rounds?,
        })
    }

    /// The `phase` lines of the play section: their names first, so that any condition may ask
    /// `phase = …`, then each one's `until`, with the order checked: every phase but the last ends.
    fn phases(&mut self, statements: &[&Statement]) -> Option<Vec<Phase>> {
        let declared: Vec<(&Ident, Option<&crate::ast::Expr>)> = statements
            .iter()
            .filter_map(|s| match &s.kind {
                StatementKind::Phase { name, until, .. } => Some((name, until.as_ref())),
                _ => None,
            })
            .collect();
        let at_once: Vec<(&Ident, AtOnce)> = statements
            .iter()
            .filter_map(|s| match &s.kind {
                StatementKind::Phase { name, at_once: Some(at_once), .. } => Some((name, *at_once)),
                _ => None,
            })
            .collect();
        self.phase_names.clear();
        let mut sound = true;
        if let Some((name, _)) = declared.get(MOST_PHASES) {
            self.push(
                Diagnostic::error(Code::OutOfRange, format!("a game has at most {MOST_PHASES} phases"), name.span, "one too many")
                    .with_help("join phases whose rules are the same"),
            );
            return None;
        }
        let mut first: Vec<&Ident> = Vec::new();
        for (name, _) in &declared {
            match first.iter().find(|n| n.name == name.name) {
                Some(earlier) => {
                    self.push(
                        Diagnostic::error(
                            Code::DuplicatePhase,
                            format!("the phase `{}` is declared twice", name.name),
                            name.span,
                            "again here",
                        )
                        .with_label(earlier.span, "first declared here")
                        .with_help("give each phase its own name, or keep one of the two lines"),
                    );
                    sound = false;
                }
                None => first.push(name),
            }
            self.phase_names.push(name.name.clone());
        }
        let mut phases = Vec::new();
        for (name, at_once) in &at_once {
            let first = declared.first().is_some_and(|(n, _)| std::ptr::eq(*n, *name));
            if !first {
                self.push(
                    Diagnostic::error(Code::PhaseOrder, format!("`{}` is played by both at once, but it is not the first phase", name.name), at_once.span, "both at once")
                        .with_help("only the game's first phase may be played by both players at once (both are in it only then): move this line first"),
                );
                sound = false;
            } else if declared.len() == 1 {
                self.push(
                    Diagnostic::error(
                        Code::PhaseOrder,
                        format!("`{}` is the only phase: nothing follows the turn played at once", name.name),
                        at_once.span,
                        "one turn, then nothing",
                    )
                    .with_help(format!(
                        "declare the phase the game goes on in after this line: `phase {}, both at once, …` then `phase play`",
                        name.name
                    )),
                );
                sound = false;
            }
        }
        for (i, (name, until)) in declared.iter().enumerate() {
            let next = declared.get(i + 1).map(|(n, _)| *n);
            let race = at_once.iter().find(|(n, _)| std::ptr::eq(*n, *name)).map(|(_, a)| a.last_moves);
            if race.is_some() {
                phases.push(Phase { name: name.name.clone(), until: None, at_once: race });
                continue;
            }
            let until = match (until, next) {
                (Some(condition), Some(_)) => {
                    let until = self.predicate(condition, Subject::Board);
                    sound &= until.is_some();
                    until
                }
                (Some(condition), None) => {
                    self.push(
                        Diagnostic::error(Code::PhaseOrder, format!("`{}` is the last phase: it has no phase to end in", name.name), condition.span, "ends into nothing")
                            .with_help(format!("drop `until …` from the last phase, or declare the phase that follows it after this line: `phase {} until …` then `phase …`", name.name)),
                    );
                    sound = false;
                    None
                }
                (None, Some(later)) => {
                    self.push(
                        Diagnostic::error(
                            Code::PhaseOrder,
                            format!("the phase `{}` never ends, so `{}` is never reached", name.name, later.name),
                            name.span,
                            "never ends",
                        )
                        .with_label(later.span, "never reached")
                        .with_help(format!(
                            "say when it is over, with a condition such as `hand = 0` or `captured > 10`: `phase {} until …`; only \
                                 the last phase has no `until`",
                            name.name
                        )),
                    );
                    sound = false;
                    None
                }
                (None, None) => None,
            };
            phases.push(Phase { name: name.name.clone(), until, at_once: None });
        }
        sound.then_some(phases)
    }

    /// The `play` section: who moves first, which holes may start a move, and what else a turn
    /// allows.
    fn play(&mut self, statements: &[&Statement]) -> Play {
        let mut turn = Play::default();
        for statement in statements {
            match &statement.kind {
                StatementKind::MovesFirst(player) => turn.first = self.player(player).unwrap_or(turn.first),
                StatementKind::Start { condition: Some(condition) } => turn.start = self.predicate(condition, Subject::Hole),
                StatementKind::Otherwise(condition) => turn.fallback = self.predicate(condition, Subject::Hole),
                StatementKind::PlayAgain(word) => {
                    turn.play_again = self.word(word, "the seed that gives another move", &[("last", true)]).unwrap_or(false);
                    turn.play_again_line = Some(statement.span);
                }
                StatementKind::MustFeed => turn.must_feed = true,
                StatementKind::Reverse { condition, only_to_capture } => {
                    turn.reverse = self.predicate(condition, Subject::Hole).map(|p| (p, *only_to_capture))
                }
                StatementKind::MustCapture(from) => {
                    turn.must_capture = match from {
                        Some(from) => self.predicate(from, Subject::Hole).map(Some),
                        None => Some(None),
                    }
                }
                StatementKind::NoMoveLeaves(condition) => turn.no_move_leaves = self.predicate(condition, Subject::Board),
                StatementKind::FirstLapDecides => turn.first_lap_decides = Some(statement.span),
                StatementKind::OtherwisePlace(condition) => turn.place_fallback = self.predicate(condition, Subject::Hole),
                StatementKind::PlaceFromHand { condition, then_sow } => {
                    turn.place_line = Some(statement.span);
                    turn.place_then_sow = *then_sow;
                    turn.place = match condition {
                        Some(condition) => self.predicate(condition, Subject::Hole),
                        None => Some(Pred::And(Vec::new())),
                    }
                }
                StatementKind::NoMove(word) => {
                    turn.no_move = self
                        .word(
                            word,
                            "what a player without a move does",
                            &[("pass", NoMove::Pass), ("lose", NoMove::Lose), ("end", NoMove::End)],
                        )
                        .unwrap_or(turn.no_move)
                }
                _ => {}
            }
        }
        turn
    }

    /// The `sowing` section, with a lap that both starts in its origin and skips it reported.
    fn sowing(&mut self, sections: &Sections<'_>) -> Sowing {
        let mut sowing = Sowing::default();
        for statement in sections.of("sowing") {
            self.sowing_statement(statement, &mut sowing);
        }
        if sowing.skip_origin && sowing.first_seed != FirstSeed::NextHole {
            self.origin_contradiction(sections.of("sowing"));
        }
        sowing
    }

    /// What one statement of the `sowing` section says, into `sowing`.
    fn sowing_statement(&mut self, statement: &Statement, sowing: &mut Sowing) {
        match &statement.kind {
            StatementKind::Sow(word) | StatementKind::SowOwnRows { direction: word, .. } => {
                if let StatementKind::SowOwnRows { own_rows, .. } = &statement.kind {
                    sowing.own_circuits = Some(own_rows.span);
                }
                sowing.direction = self.word(word, "a sowing direction", &Direction::choices()).unwrap_or(sowing.direction)
            }
            StatementKind::SowEitherWay { own_rows } => {
                sowing.own_circuits = own_rows.map(|own| own.span);
                sowing.either_way = true;
                sowing.direction = Direction::CounterClockwise;
            }
            StatementKind::FirstSeed(word) => {
                sowing.first_seed = self
                    .word(word, "where the first seed goes", &[("origin", FirstSeed::Origin), ("next", FirstSeed::NextHole)])
                    .unwrap_or(sowing.first_seed)
            }
            StatementKind::FirstSeedUnlessAlone(word) if word.name == "next" => self.push(
                Diagnostic::error(
                    Code::UnlessAloneIntoNext,
                    "`unless alone` changes nothing here",
                    statement.span,
                    "every first stone goes to the next hole already",
                )
                .with_help("`unless alone` goes with the origin: write `first seed into origin unless alone`, or drop `unless alone`"),
            ),
            StatementKind::FirstSeedUnlessAlone(word) => {
                sowing.first_seed = self
                    .word(word, "where the first seed goes unless it is alone", &[("origin", FirstSeed::OriginUnlessAlone)])
                    .unwrap_or(sowing.first_seed)
            }
            StatementKind::InPassing { condition, to } => {
                let taker = match to {
                    Some(word) => self.word(word, "who takes a hole in passing", &[("mover", Taker::Mover), ("owner", Taker::Owner)]),
                    None => Some(Taker::Mover),
                };
                let condition = self.predicate(condition, Subject::Hole);
                sowing.in_passing = condition.zip(taker);
            }
            StatementKind::StopAfter(value) => sowing.lap_limit = self.lap_limit(value),
            StatementKind::SkipOrigin => sowing.skip_origin = true,
            StatementKind::Relay(condition) => sowing.relay = self.predicate(condition, Subject::Hole),
            StatementKind::RelayFrom { from, condition } => {
                let from = self.hole_ref(from, "a hole a relay lifts");
                sowing.relay = self.predicate(condition, Subject::Hole);
                sowing.relay_from = from.unwrap_or(sowing.relay_from);
            }
            StatementKind::LiftOnly { count, condition } => {
                let count = self.num(count, LIFTED);
                sowing.lift_only = count.zip(self.predicate(condition, Subject::Hole));
            }
            StatementKind::RelayOrStop(condition) => {
                sowing.relay_or_stop = self.predicate(condition, Subject::Hole);
                sowing.relay_or_stop_line = Some(statement.span);
            }
            _ => {}
        }
    }

    /// Reports `skip origin` beside a first seed that goes into the origin (the last of each in
    /// `statements`).
    fn origin_contradiction(&mut self, statements: &[&Statement]) {
        let span_of =
            |wanted: fn(&StatementKind) -> bool| statements.iter().rev().find(|s| wanted(&s.kind)).map(|s| s.span).unwrap_or_default();
        let skip = span_of(|k| matches!(k, StatementKind::SkipOrigin));
        let origin = span_of(|k| matches!(k, StatementKind::FirstSeed(_)));
        self.push(
            Diagnostic::error(Code::Contradiction, "a lap cannot both start in its origin and skip it", skip, "skips the origin")
                .with_label(origin, "but the first seed goes into the origin")
                .with_help(
                    "keep one of the two: `first seed into origin` sows the origin first; `skip origin` passes over it when a lap \
                     comes round (with `first seed into next hole`)",
                ),
        );
    }

    /// Whether stones in hand and `place from hand` go together: stones in hand that no move
    /// brings onto the board are reported.
    fn hand_fits(&mut self, board: &Board, turn: &Play) -> bool {
        let (Some(span), None) = (board.hand_line, turn.place_line) else { return true };
        self.push(
            Diagnostic::error(Code::HandNeverPlaced, "the stones in hand never come onto the board", span, "held in hand").with_help(
                "say how they are played, in the play section: `place from hand into own hole` (with `where …` for which holes)",
            ),
        );
        false
    }

    /// A hole named from where the sowing stands (`last hole`, `origin`, `first hole of inner row`).
    pub(super) fn hole_ref(&mut self, hole: &crate::ast::HoleRef, what: &str) -> Option<HoleRef> {
        match &hole.row {
            Some(row) => {
                let end = self.word(&hole.word, "an end of a row", &[("first", RowEnd::First), ("last", RowEnd::Last)]);
                let kind = self.row_kind(row);
                Some(HoleRef::RowEnd(end?, kind?))
            }
            None => self.word(&hole.word, what, HOLE_WORDS),
        }
    }

    /// Whether the rules of a game whose first phase is played by both players at once are ones
    /// such a turn can follow (reported): the two moves are sown together, stone by stone, so a
    /// rule that asks the mover something inside a move, compares the moves, or sows the move
    /// another way has no meaning there.
    fn race_fits(&mut self, sections: &Sections<'_>) -> bool {
        let Some(race) = sections.of("play").iter().find_map(|s| match &s.kind {
            StatementKind::Phase { at_once: Some(at_once), .. } => Some(at_once.span),
            _ => None,
        }) else {
            return true;
        };
        let all = ["play", "sowing", "trade"]
            .iter()
            .flat_map(|name| sections.of(name))
            .chain(sections.captures.iter().flat_map(|(_, s)| s.iter()));
        let mut fits = true;
        for statement in all {
            let why = match &statement.kind {
                StatementKind::PlaceFromHand { .. } | StatementKind::OtherwisePlace(_) => "places stones from hand",
                StatementKind::RelayOrStop(_) => "asks the mover inside a move",
                StatementKind::Choose { .. } => "asks the mover to choose holes inside a move",
                StatementKind::FirstLapDecides => "decides captures by a move's first lap",
                StatementKind::MustCapture(_) | StatementKind::MustFeed | StatementKind::NoMoveLeaves(_) => {
                    "compares the moves a player may make"
                }
                StatementKind::SowEitherWay { .. } | StatementKind::Reverse { .. } => "lets a move go the other way",
                StatementKind::SowCaptured { .. } => "sows captured stones on inside a move",
                StatementKind::Offer { .. } => "lets a player offer holes instead of moving",
                _ => continue,
            };
            self.push(
                Diagnostic::error(Code::RaceUnsupported, format!("this rule {why}, which a turn played by both at once cannot follow"), statement.span, "not in a turn played at once")
                    .with_label(race, "both players move together here")
                    .with_help("the two moves of such a turn are sown together, stone by stone, each to its end: remove this rule, or the `both at once` phase"),
            );
            fits = false;
        }
        fits
    }

    /// Whether the file's claims agree on what becomes of a claimed hole's stones: all keep them
    /// (`claim last hole, keeping its stones`) or none does (reported).
    fn claims_agree(&mut self, sections: &Sections<'_>) -> bool {
        let claims: Vec<(bool, Span)> = sections
            .captures
            .iter()
            .flat_map(|(_, statements)| statements.iter())
            .filter_map(|s| match &s.kind {
                StatementKind::Claim { keeping, .. } => Some((*keeping, s.span)),
                _ => None,
            })
            .collect();
        let (Some(keeps), Some(passes)) = (claims.iter().find(|c| c.0), claims.iter().find(|c| !c.0)) else { return true };
        self.push(
            Diagnostic::error(
                Code::Contradiction,
                "claimed holes both keep their stones and pass them on",
                keeps.1,
                "keeps them in the hole",
            )
            .with_label(passes.1, "gives them to the claimer")
            .with_help("a game's claims are of one kind: add `, keeping its stones` to every `claim` line, or to none"),
        );
        false
    }

    /// Whether the turn's rules find the stores they speak of (a board without stores reported).
    fn stores_fit(&mut self, board: &Board, turn: &Play) -> bool {
        let Some(span) = turn.play_again_line else { return true };
        if !board.stores {
            self.push(
                Diagnostic::error(Code::NoStores, "this board has no stores", span, "which store?")
                    .with_help("add `stores at right` to the board section, or remove this line"),
            );
            return false;
        }
        if !board.stores_sown {
            self.push(
                Diagnostic::error(Code::Contradiction, "no seed falls into a store that is not sown into", span, "a last seed in a store")
                    .with_help("remove `stores not sown into` from the board section, or this line"),
            );
            return false;
        }
        true
    }

    /// Whether the board's rows make circuits: a four-row board needs each player to sow round
    /// their own rows, and own rows must be neighbours to make a circuit.
    fn circuits_fit(&mut self, board: &Board, own_circuits: Option<Span>, sections: &Sections<'_>) -> bool {
        let sow = sections.of("sowing").iter().find(|s| matches!(s.kind, StatementKind::Sow(_) | StatementKind::SowOwnRows { .. }));
        if board.track.is_some() {
            let Some(span) = own_circuits else { return true };
            self.push(
                Diagnostic::error(
                    Code::Contradiction,
                    "the board's track is its circuit: there are no rows of one's own to go round",
                    span,
                    "round own rows",
                )
                .with_help("drop `round own rows`: with a `track`, both players sow along it"),
            );
            return false;
        }
        if own_circuits.is_some() && !board.hole_owner.is_empty() {
            self.push(
                Diagnostic::error(
                    Code::BadTrack,
                    "with holes owned one by one, a player's own rows are not a circuit",
                    own_circuits.unwrap_or_default(),
                    "round own rows",
                )
                .with_help("give the board's circuit as a `track` (`track a1-a6 b6-b4 …`) and drop `round own rows`"),
            );
            return false;
        }
        match own_circuits {
            None if board.rows > 2 => {
                let span = sow.map(|s| s.span).or_else(|| sections.spans.get("sowing").copied()).unwrap_or_default();
                self.push(
                    Diagnostic::error(
                        Code::NeedsOwnCircuits,
                        format!("on a board of {} rows the stones cannot go round the whole board", board.rows),
                        span,
                        "which circuit?",
                    )
                    .with_help("let each player sow round their own rows: `sow counter-clockwise round own rows`"),
                );
                false
            }
            // Reported with the board (`rows_not_neighbours`).
            Some(_) if board.rows > 2 && super::board::row_kinds(&board.row_owner).is_none() => false,
            _ => true,
        }
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
                    Diagnostic::error(Code::EmptyName, "the game's name is empty", text.span, "no name")
                        .with_help("write the name between the quotes"),
                );
                None
            }
            None if self.maybe_unreadable(None, "game") => None,
            None => {
                let (span, label) = match self.first_item {
                    Some(span) => (span, "add the `game` line above this"),
                    None => (Span::default(), "the file has no statement"),
                };
                self.push(
                    Diagnostic::error(Code::MissingName, "the file does not name its game", span, label)
                        .with_help("add a line like `game \"My game\"` at the top of the file, outside any section"),
                );
                None
            }
        }
    }

    /// One of a fixed set of words, reported with a suggestion when it is none of them.
    pub(super) fn word<T: Copy>(&mut self, word: &Ident, what: &str, choices: &[(&'static str, T)]) -> Option<T> {
        if let Some((_, value)) = choices.iter().find(|(w, _)| *w == word.name) {
            return Some(*value);
        }
        let names: Vec<&str> = choices.iter().map(|(w, _)| *w).collect();
        // Other ways to say a word of the language: suggested by meaning, not by spelling
        // (`anticlockwise` is spelt like `clockwise` but means `counter-clockwise`).
        let synonym = Direction::word_for(&word.name)
            .or_else(|| SYNONYMS.iter().find(|(other, _)| other.eq_ignore_ascii_case(&word.name)).map(|(_, meant)| *meant));
        let help = match synonym.filter(|meant| names.contains(meant)) {
            Some(meant) => format!("write `{meant}`, this language's word for {}", word.name),
            None => suggest(&word.name, &names),
        };
        self.push(
            Diagnostic::error(Code::UnknownWord, format!("`{}` is not {what}", word.name), word.span, "not understood").with_help(help),
        );
        None
    }

    /// The `trade` section, if any: `Some(None)` without one, `None` when it has errors.
    fn trade(&mut self, sections: &Sections<'_>) -> Option<Option<Trade>> {
        let statements = sections.of("trade");
        let Some(&header) = sections.spans.get("trade") else { return Some(None) };
        let (mut offer, mut keep, mut price, mut declined_win) = (None, Num::Literal(0), None, None);
        let mut ok = true;
        for statement in statements {
            match &statement.kind {
                StatementKind::Offer { fewest, most } => {
                    let fewest = self.num(fewest, HOLES_OFFERED);
                    let most = self.num(most, HOLES_OFFERED);
                    ok &= fewest.is_some() && most.is_some();
                    offer = fewest.zip(most);
                }
                StatementKind::Keep(value) => match self.num(value, HOLES_KEPT) {
                    Some(n) => keep = n,
                    None => ok = false,
                },
                StatementKind::Price(value) => {
                    price = self.num(value, PRICE);
                    ok &= price.is_some();
                }
                StatementKind::WinAfterDecline(text) => declined_win = Some(text.text.clone()),
                _ => {}
            }
        }
        if let Some((Num::Literal(fewest), Num::Literal(most))) = offer {
            if fewest > most {
                let span = statements.iter().find(|s| matches!(s.kind, StatementKind::Offer { .. })).map_or(header, |s| s.span);
                self.push(
                    Diagnostic::error(
                        Code::BadRange,
                        format!("an offer of {fewest} to {most} holes is empty"),
                        span,
                        "the fewest is above the most",
                    )
                    .with_help(format!("write `offer {most}..{fewest} own holes`")),
                );
                ok = false;
            }
        }
        let missing = |what: &str, example: &str| {
            Diagnostic::error(
                Code::IncompleteTrade,
                format!("the trade never says {what}"),
                header,
                format!("no `{}` in this section", example.split(' ').next().unwrap_or(example)),
            )
            .with_help(format!("add a line like `{example}`"))
        };
        if offer.is_none() && ok {
            self.push(missing("how many holes may be offered", "offer 1..3 own holes"));
            ok = false;
        }
        if price.is_none() && ok {
            self.push(missing("what the receiver pays", "price 6 captured stones per hole"));
            ok = false;
        }
        let ((fewest, most), price) = (offer?, price?);
        ok.then_some(Some(Trade { fewest, most, keep, price, declined_win }))
    }

    /// The `rounds` section, if any: `Some(None)` without one, `None` when it has errors.
    fn rounds(&mut self, sections: &Sections<'_>) -> Option<Option<Rounds>> {
        let Some(&header) = sections.spans.get("rounds") else { return Some(None) };
        let mut refill = None;
        let mut alternate = None;
        let (mut rest, mut as_poorer, mut stay_open, mut result_starts) = (RefillRest::Kept, false, false, None);
        let mut change_hands = false;
        let mut from_last = false;
        let mut repeats = None;
        let mut ok = true;
        for statement in sections.of("rounds") {
            match &statement.kind {
                StatementKind::EndMatch { times, consequence, condition, words } => {
                    let outcome = self.consequence(consequence.as_ref());
                    let times = self.num(times, REPEATS);
                    // The result's reason: the ending's own words, or its condition as written.
                    let text = words.as_ref().map_or_else(|| self.text_of(condition.span), |w| w.text.clone());
                    match (outcome, times) {
                        (Some(outcome), Some(times)) => repeats = Some(MatchRepeats { times, outcome, text }),
                        _ => ok = false,
                    }
                }
                StatementKind::Refill { count, rest: with_rest } => {
                    refill = self.num(count, REFILL);
                    ok &= refill.is_some();
                    rest = match with_rest {
                        Rest::Kept => RefillRest::Kept,
                        Rest::OneMoreHole => RefillRest::OneMoreHole,
                        Rest::MadeUp(least) => match self.num(least, REFILL) {
                            Some(least) => RefillRest::MadeUp(least),
                            None => {
                                ok = false;
                                RefillRest::Kept
                            }
                        },
                    };
                }
                StatementKind::HolesChangeHands => change_hands = true,
                StatementKind::RefillFrom(end) => {
                    from_last = self.word(end, "where a refill begins", &[("first", false), ("last", true)]).unwrap_or(from_last);
                }
                StatementKind::StarterAlternates => alternate = Some(statement.span),
                StatementKind::RefillAsPoorer => as_poorer = true,
                StatementKind::UnfilledOpen => stay_open = true,
                StatementKind::ResultStarts(loser) => result_starts = Some((*loser, statement.span)),
                _ => {}
            }
        }
        if refill.is_none() && ok && !self.maybe_unreadable(Some("rounds"), "refill") {
            self.push(
                Diagnostic::error(
                    Code::IncompleteRounds,
                    "the rounds never say how holes are refilled",
                    header,
                    "no `refill` in this section",
                )
                .with_help("add a line like `refill 4 per hole`"),
            );
            ok = false;
        }
        if let (Some(alternates), Some((_, starts))) = (alternate, result_starts) {
            self.push(
                Diagnostic::error(Code::Contradiction, "who starts a round is said twice", starts, "by the round's result")
                    .with_label(alternates, "by turns")
                    .with_help("keep one: `starter alternates` (by turns) or `loser starts` / `winner starts` (by the last round)"),
            );
            ok = false;
        }
        let refill = refill?;
        let (alternate, result_starts) = (alternate.is_some(), result_starts.map(|(loser, _)| loser));
        ok.then_some(Some(Rounds { refill, alternate, rest, as_poorer, stay_open, result_starts, repeats, change_hands, from_last }))
    }

    fn end(&mut self, statements: &[&Statement]) -> (Vec<Ending>, Leftover, Wins) {
        let mut endings = Vec::new();
        let mut leftover = Leftover::Owner;
        let mut wins = Wins::Most;
        for statement in statements {
            match &statement.kind {
                StatementKind::When { condition, consequence, words } => {
                    // Both halves checked (and reported) before either failure counts.
                    let outcome = self.consequence(consequence.as_ref());
                    let condition = match condition {
                        Condition::Predicate(expr) => {
                            self.predicate(expr, Subject::Board).map(|pred| (EndCondition::Board(pred), self.text_of(expr.span)))
                        }
                        Condition::Repeats { what, times, phrase } => {
                            let what = self.word(
                                what,
                                "what a repetition compares",
                                &[("board", Repeated::Board), ("position", Repeated::Position)],
                            );
                            let times = self.num(times, REPEATS);
                            what.zip(times).map(|(what, times)| (EndCondition::Repeats { what, times }, self.text_of(phrase.span)))
                        }
                    };
                    let (Some(outcome), Some((condition, text))) = (outcome, condition) else {
                        continue;
                    };
                    // The result's reason: the ending's own words, or its condition as written.
                    let text = words.as_ref().map_or(text, |w| w.text.clone());
                    endings.push(Ending { condition, outcome, text });
                }
                StatementKind::Leftover(word) => leftover = self.word(word, "where leftover stones go", &LEFTOVERS).unwrap_or(leftover),
                StatementKind::Wins(word) => {
                    wins = self.word(word, "a winner rule", &[("most", Wins::Most), ("fewest", Wins::Fewest)]).unwrap_or(wins)
                }
                _ => {}
            }
        }
        (endings, leftover, wins)
    }

    /// What an ending's `, leftover …` or `, draw` says (`Some(None)`: nothing; `None`: an error).
    fn consequence(&mut self, consequence: Option<&Consequence>) -> Option<Option<Outcome>> {
        match consequence {
            None => Some(None),
            Some(Consequence::Draw(_)) => Some(Some(Outcome::Draw)),
            Some(Consequence::Leftover(word)) => {
                self.word(word, "where leftover stones go", &LEFTOVERS).map(|l| Some(Outcome::Leftover(l)))
            }
            Some(Consequence::Mover { wins, .. }) => Some(Some(Outcome::Mover(*wins))),
        }
    }

    fn text_of(&self, span: Span) -> String {
        span.text(&self.source).to_string()
    }
}

/// The `source` lines of the top level, in order.
fn sources(sections: &Sections<'_>) -> Vec<String> {
    sections
        .top
        .iter()
        .filter_map(|s| match &s.kind {
            StatementKind::Source(text) => Some(text.text.clone()),
            _ => None,
        })
        .collect()
}

/// The words of `leftover …`.
const LEFTOVERS: [(&str, Leftover); 4] =
    [("owner", Leftover::Owner), ("split", Leftover::Split), ("removed", Leftover::Removed), ("mover", Leftover::Mover)];

/// `n` with its thousands grouped: `1,000,000`.
pub(super) fn grouped(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
