//! The code of each diagnostic: one variant per kind of problem, written out in snake case
//! (`unknown_section`) in the JSON output, as miette's `mancala::` code and by the language server.

/// Declares [`Code`], its [`Code::ALL`] and its [`Code::as_str`] from one list, so that the three
/// cannot disagree.
macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident => $text:literal,)*) => {
        /// What kind of problem a diagnostic reports.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in the order of their text.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code as it is written out, without its `mancala::` prefix: `unknown_section`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $text,)*
                }
            }
        }
    };
}

codes! {
    /// A range of holes or values whose first end comes after its last.
    BadRange => "bad_range",
    /// A board with a number of rows the engine does not play (it plays 2 to 6).
    BadRows => "bad_rows",
    /// A `track` that is not every hole once, or a board of 3, 5 or 6 rows without one.
    BadTrack => "bad_track",
    /// A board with more holes (and stores) than the engine numbers.
    BoardTooLarge => "board_too_large",
    /// A `capture` section that never says `when` it happens.
    CaptureWithoutCondition => "capture_without_condition",
    /// A `capture` section that never says what it takes.
    CaptureWithoutTake => "capture_without_take",
    /// `captured` compared with something other than a number.
    CapturedCompared => "captured_compared",
    /// A named condition that asks itself, through its own name or others.
    ConditionCycle => "condition_cycle",
    /// Named conditions that, written out where they are asked, are too large.
    ConditionTooLarge => "condition_too_large",
    /// Two statements of a section that cannot both hold.
    Contradiction => "contradiction",
    /// An option whose default is not one of its values.
    DefaultOutsideDomain => "default_outside_domain",
    /// A capture's `direction` in a capture that keeps its stones (nothing is sown on to turn).
    DirectionWithoutSowOn => "direction_without_sow_on",
    /// A condition named twice.
    DuplicateCondition => "duplicate_condition",
    /// An option declared twice.
    DuplicateOption => "duplicate_option",
    /// A phase declared twice.
    DuplicatePhase => "duplicate_phase",
    /// A section that may be written once, written twice.
    DuplicateSection => "duplicate_section",
    /// A set of holes defined twice.
    DuplicateSet => "duplicate_set",
    /// A statement that may be written once in its section, written twice.
    DuplicateStatement => "duplicate_statement",
    /// A file that holds no rules at all.
    EmptyFile => "empty_file",
    /// A game whose name is the empty string.
    EmptyName => "empty_name",
    /// An `end` condition that no position can meet, plain from the stones of the game.
    EndingNever => "ending_never",
    /// `every hole` followed by `and`/`or` terms that ask the one hole, not every hole.
    EveryHolePrecedence => "every_hole_precedence",
    /// A file over 1 MiB, refused by the language server before it is checked.
    FileTooLarge => "file_too_large",
    /// A guard on an option that takes a range of values, not a list.
    GuardOnRange => "guard_on_range",
    /// A guard asking for a value the option can never take.
    GuardOutsideDomain => "guard_outside_domain",
    /// `seeds N in hand` on a line that also names holes.
    HandAndHoles => "hand_and_holes",
    /// Stones in hand in a game with no `place from hand` to bring them onto the board.
    HandNeverPlaced => "hand_never_placed",
    /// A `rounds` section that leaves out something rounds need.
    IncompleteRounds => "incomplete_rounds",
    /// A `trade` section that leaves out something a trade needs.
    IncompleteTrade => "incomplete_trade",
    /// A bug in mancala, not in the file: please report it with the file.
    Internal => "internal",
    /// A lap limit so high that a move that never ends costs a long time.
    ManyLaps => "many_laps",
    /// A consequence written where it has no meaning, such as how leftovers go in a capture.
    MisplacedConsequence => "misplaced_consequence",
    /// A guard (`if OPTION = VALUE`) where no guard may stand.
    MisplacedGuard => "misplaced_guard",
    /// A repetition of the position written outside the `end` section.
    MisplacedRepetition => "misplaced_repetition",
    /// A statement written in a section it does not belong to.
    MisplacedStatement => "misplaced_statement",
    /// A file without a `board` section.
    MissingBoard => "missing_board",
    /// A section name not followed by `{`.
    MissingBrace => "missing_brace",
    /// A file that does not name its game.
    MissingName => "missing_name",
    /// A board that starts without seeds.
    MissingSeeds => "missing_seeds",
    /// A board without a size.
    MissingSize => "missing_size",
    /// A word about one hole used where no hole is meant.
    NeedsAHole => "needs_a_hole",
    /// `own row` or `opponent's row` on a board where a player owns more than one row.
    NeedsOneRowEach => "needs_one_row_each",
    /// Sowing round the whole board on a board of 4 rows, where each player sows their own rows.
    NeedsOwnCircuits => "needs_own_circuits",
    /// `inner` or `outer` rows on a board where a player owns one row.
    NeedsTwoRowsEach => "needs_two_rows_each",
    /// A game that can never end: no ending can be met and a player can always move.
    NeverEnds => "never_ends",
    /// A condition asked of the hole the last stone fell into that no count of that hole meets.
    NeverHolds => "never_holds",
    /// A start position from which neither player can start a move.
    NoStartMove => "no_start_move",
    /// A rule about stores on a board without stores.
    NoStores => "no_stores",
    /// A word option used where a number is needed.
    NotANumber => "not_a_number",
    /// A number with too many digits for anything it can stand for.
    NumberTooLarge => "number_too_large",
    /// A number, or an option's value, outside what its place allows.
    OutOfRange => "out_of_range",
    /// A phase compared with `<` or `>`: phases are asked with `=` and `!=`.
    PhaseCompared => "phase_compared",
    /// Phases in an order that cannot be followed: one before the last that never ends, or a
    /// last one with an `until`.
    PhaseOrder => "phase_order",
    /// Phases that no condition asks about: they change nothing.
    PhasesNeverAsked => "phases_never_asked",
    /// A player who owns no row.
    PlayerWithoutRow => "player_without_row",
    /// A rule that a turn played by both players at once cannot follow.
    RaceUnsupported => "race_unsupported",
    /// A capture whose `when` can hold only where the relay's condition holds too: the lap
    /// relays first, so the capture never happens.
    RelayPreemptsCapture => "relay_preempts_capture",
    /// A named condition called by a word of the language's conditions.
    ReservedConditionName => "reserved_condition_name",
    /// A set of holes named like holes or rows of the board.
    ReservedSetName => "reserved_set_name",
    /// Captured stones both sown on and chosen.
    ResowAndChoose => "resow_and_choose",
    /// A row given an owner twice.
    RowOwnedTwice => "row_owned_twice",
    /// A row that no player owns.
    RowWithoutOwner => "row_without_owner",
    /// A number of rows written as an option or a word.
    RowsNotANumber => "rows_not_a_number",
    /// On a board of 4 rows, a player owning two rows that are not neighbours.
    RowsNotNeighbours => "rows_not_neighbours",
    /// A set of more holes than a row has.
    SetTooLarge => "set_too_large",
    /// Stores on a board that does not have 2 rows.
    StoresNeedTwoRows => "stores_need_two_rows",
    /// Text the grammar cannot read at all.
    Syntax => "syntax",
    /// Parentheses, or words that nest what follows them, nested too deep.
    TooDeep => "too_deep",
    /// More `capture` sections than a game may have.
    TooManyCaptures => "too_many_captures",
    /// Guards whose options make more variants of the game than are checked.
    TooManyVariants => "too_many_variants",
    /// A section opened with `{` and never closed.
    UnclosedSection => "unclosed_section",
    /// A word that is not something a hole can be.
    UnknownFlag => "unknown_flag",
    /// A hole that is not on the board.
    UnknownHole => "unknown_hole",
    /// A name that is no declared option.
    UnknownName => "unknown_name",
    /// A phase that does not exist, or a phase asked about with a number.
    UnknownPhase => "unknown_phase",
    /// A player other than `south` and `north`.
    UnknownPlayer => "unknown_player",
    /// A word that is not a number a hole has.
    UnknownQuantity => "unknown_quantity",
    /// A row that is not on the board.
    UnknownRow => "unknown_row",
    /// A section name the language does not have.
    UnknownSection => "unknown_section",
    /// A set of holes that is not defined.
    UnknownSet => "unknown_set",
    /// A word that is not one of those its place allows.
    UnknownWord => "unknown_word",
    /// `unless alone` where it changes nothing.
    UnlessAloneIntoNext => "unless_alone_into_next",
    /// A `}` that closes no section.
    UnmatchedBrace => "unmatched_brace",
    /// A line that is no statement of the language.
    UnreadableLine => "unreadable_line",
    /// A named condition that no rule asks.
    UnusedCondition => "unused_condition",
    /// An option that no rule uses.
    UnusedOption => "unused_option",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_snake_case_and_each_written_once() {
        let texts: Vec<&str> = Code::ALL.iter().map(|code| code.as_str()).collect();
        assert!(texts.windows(2).all(|pair| pair[0] < pair[1]), "sorted, no repeats: {texts:?}");
        for (code, text) in Code::ALL.iter().zip(&texts) {
            assert!(text.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{text}");
            let camel: String = text.split('_').map(|w| w[..1].to_uppercase() + &w[1..]).collect();
            assert_eq!(format!("{code:?}"), camel);
        }
        assert_eq!((Code::UnknownSection.as_str(), Code::ALL.len()), ("unknown_section", 86));
    }
}
