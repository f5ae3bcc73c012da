//! `docs/diagnostics.md` is made from the fixtures, and stays so: this test writes the document
//! again from `tests/fixtures/check/` and fails if the committed one differs.
//!
//! Each code a rule file can draw (every [`Code`] but the language server's own) gets
//! its meaning (from [`MEANINGS`]), and, from the first fixture that draws it, the lines its labels
//! point at, the diagnostic as the snapshots render it and the fix said in the fixture's
//! `// fix:` lines. Codes that no fixture draws are listed at the end. Regenerate with
//! `UPDATE_DIAGNOSTICS_DOC=1 cargo test --test diagnostics_doc`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mancala::check::{Code, Diagnostic};
use mancala::load::check_source;
use miette::{GraphicalReportHandler, GraphicalTheme};

/// What each code means, in a line.
const MEANINGS: &[(Code, &str)] = &[
    (Code::BadRange, "a range of holes or values whose first end comes after its last"),
    (Code::BadRows, "a board with a number of rows the engine does not play (it plays 2 to 6)"),
    (Code::BadTrack, "a `track` that does not go through every hole once, or a board of 3, 5 or 6 rows without one"),
    (Code::BoardTooLarge, "a board with more holes (and stores) than the engine numbers"),
    (Code::CaptureWithoutCondition, "a `capture` section that never says `when` it happens"),
    (Code::CaptureWithoutTake, "a `capture` section that never says what it takes"),
    (Code::CapturedCompared, "`captured` compared with something other than a number"),
    (Code::ConditionCycle, "a named condition that asks itself, through its own name or others"),
    (Code::ConditionTooLarge, "named conditions that, written out where they are asked, come to more terms than a file may have"),
    (Code::Contradiction, "two statements of a section that cannot both hold"),
    (Code::DefaultOutsideDomain, "an option whose default is not one of its values"),
    (Code::DirectionWithoutSowOn, "a capture that turns the sowing but keeps its stones, so nothing is sown on"),
    (Code::DuplicateCondition, "a condition named twice"),
    (Code::DuplicateOption, "an option declared twice"),
    (Code::DuplicatePhase, "a phase declared twice"),
    (Code::DuplicateSection, "a section that may be written once, written twice"),
    (Code::DuplicateSet, "a set of holes defined twice"),
    (Code::DuplicateStatement, "a statement that may be written once in its section, written twice"),
    (Code::EmptyFile, "a file that holds no rules at all"),
    (Code::EmptyName, "a game whose name is the empty string"),
    (Code::EndingNever, "an `end` condition that no position can meet, plain from the stones of the game"),
    (Code::EveryHolePrecedence, "`every hole` followed by `and`/`or` terms that ask the one hole, not every hole"),
    (Code::GuardOnRange, "a guard on an option that takes a range of values, not a list"),
    (Code::GuardOutsideDomain, "a guard asking for a value the option can never take"),
    (Code::IncompleteRounds, "a `rounds` section that leaves out something rounds need"),
    (Code::IncompleteTrade, "a `trade` section that leaves out something a trade needs"),
    (Code::HandAndHoles, "stones in hand and in holes written on one `seeds` line"),
    (Code::HandNeverPlaced, "stones in hand in a game where no move brings them onto the board"),
    (Code::Internal, "a bug in mancala, not in the file: please report it with the file"),
    (Code::ManyLaps, "a lap limit so high that a move that never ends costs a long time"),
    (Code::MisplacedConsequence, "a consequence written where it has no meaning, such as how leftovers go in a capture"),
    (Code::MisplacedGuard, "a guard (`if OPTION = VALUE`) where no guard may stand"),
    (Code::MisplacedRepetition, "a repetition of the position written outside the `end` section"),
    (Code::MisplacedStatement, "a statement written in a section it does not belong to"),
    (Code::MissingBoard, "a file without a `board` section"),
    (Code::MissingBrace, "a section name not followed by `{`"),
    (Code::MissingName, "a file that does not name its game"),
    (Code::MissingSeeds, "a board that starts without seeds"),
    (Code::MissingSize, "a board without a size"),
    (Code::NeedsAHole, "a word about one hole used where no hole is meant"),
    (Code::NeedsOneRowEach, "`own row` or `opponent's row` on a board where a player owns more than one row"),
    (Code::NeedsOwnCircuits, "sowing round the whole board on a board of 4 rows, where each player sows their own rows"),
    (Code::NeedsTwoRowsEach, "`inner` or `outer` rows on a board where a player owns one row"),
    (Code::NeverEnds, "a game that can never end: no ending can be met, no stone leaves the board and a player can always move"),
    (Code::NeverHolds, "a condition asked of the hole the last stone fell into that no count of that hole meets"),
    (Code::NoStartMove, "a start position from which neither player can start a move"),
    (Code::NoStores, "a rule about stores on a board without stores"),
    (Code::NotANumber, "a word option used where a number is needed"),
    (Code::NumberTooLarge, "a number with too many digits for anything it can stand for"),
    (Code::OutOfRange, "a number, or an option's value, outside what its place allows"),
    (Code::PhaseCompared, "a phase compared with `<` or `>`: phases are asked with `=` and `!=`"),
    (Code::PhaseOrder, "phases whose order cannot be followed: one before the last that never ends, a last one that does, or a phase played by both at once that is not the first"),
    (Code::PhasesNeverAsked, "phases that no condition asks about (`phase = …`), so that they change nothing"),
    (Code::PlayerWithoutRow, "a player who owns no row"),
    (Code::RaceUnsupported, "a rule that a turn played by both players at once cannot follow: one that asks the mover inside a move, compares a player's moves or sows a move another way"),
    (Code::RelayPreemptsCapture, "a capture whose `when` can hold only where the relay's condition holds too, so that the lap relays first and the capture never happens"),
    (Code::ReservedConditionName, "a named condition called by a word of the language's conditions"),
    (Code::ReservedSetName, "a set of holes named like holes or rows of the board"),
    (Code::ResowAndChoose, "captured stones both sown on and chosen"),
    (Code::RowOwnedTwice, "a row given an owner twice"),
    (Code::RowWithoutOwner, "a row that no player owns"),
    (Code::RowsNotANumber, "a number of rows written as an option or a word"),
    (Code::RowsNotNeighbours, "on a board of 4 rows, a player owning two rows that are not neighbours"),
    (Code::SetTooLarge, "a set of more holes than a row has"),
    (Code::StoresNeedTwoRows, "stores on a board that does not have 2 rows"),
    (Code::Syntax, "text the grammar cannot read at all"),
    (Code::TooDeep, "parentheses, or words that nest what follows them, nested too deep"),
    (Code::TooManyCaptures, "more `capture` sections than a game may have"),
    (Code::TooManyVariants, "guards whose options make more variants of the game than are checked"),
    (Code::UnclosedSection, "a section opened with `{` and never closed"),
    (Code::UnknownFlag, "a word that is not something a hole can be"),
    (Code::UnknownHole, "a hole that is not on the board"),
    (Code::UnknownName, "a name that is no declared option"),
    (Code::UnknownPhase, "a phase the file does not declare, or a phase asked about with a number"),
    (Code::UnknownPlayer, "a player other than `south` and `north`"),
    (Code::UnknownQuantity, "a word that is not a number a hole has"),
    (Code::UnknownRow, "a row that is not on the board"),
    (Code::UnknownSection, "a section name the language does not have"),
    (Code::UnknownSet, "a set of holes that is not defined"),
    (Code::UnknownWord, "a word that is not one of those its place allows"),
    (Code::UnlessAloneIntoNext, "`unless alone` where it changes nothing"),
    (Code::UnmatchedBrace, "a `}` that closes no section"),
    (Code::UnreadableLine, "a line that is no statement of the language"),
    (Code::UnusedCondition, "a named condition that no rule asks"),
    (Code::UnusedOption, "an option that no rule uses"),
];

const DOC: &str = "docs/diagnostics.md";
const FIXTURES: &str = "tests/fixtures/check";
/// Lines shown around a label's lines.
const AROUND: usize = 1;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The broken fixtures, then those with warnings, each in name order.
fn fixtures() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(FIXTURES))
        .expect("the fixtures folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "mancala"))
        .collect();
    files.sort_by_key(|path| (!file_name(path).starts_with("err_"), file_name(path)));
    files
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The codes a rule file can draw: every [`Code`] but the language server's own.
fn file_codes() -> Vec<Code> {
    Code::ALL.iter().copied().filter(|code| !NOT_FROM_FILES.contains(code)).collect()
}

/// Drawn by the language server, not the checker: a file over 1 MiB is refused unchecked (and by
/// `mancala check` with an error line, not a diagnostic). It is tested in `tests/lsp.rs`.
const NOT_FROM_FILES: &[Code] = &[Code::FileTooLarge];

/// The codes of [`file_codes`] that no source of `src/syntax/`, `src/check/`, `src/lint/` or
/// `src/diagnostic/` but the list of codes itself names (as `Code::UnknownHole`): codes the checker never reports.
fn unused_codes() -> Vec<Code> {
    let mut sources = String::new();
    for dir in ["src/check", "src/syntax", "src/lint", "src/diagnostic"] {
        for entry in std::fs::read_dir(root().join(dir)).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if !path.ends_with("src/diagnostic/code.rs") {
                sources.push_str(&std::fs::read_to_string(&path).expect("a readable source"));
            }
        }
    }
    let named = |code: &Code| {
        let name = format!("Code::{code:?}");
        sources.match_indices(&name).any(|(at, _)| !sources[at + name.len()..].starts_with(|c: char| c.is_alphanumeric()))
    };
    file_codes().into_iter().filter(|code| !named(code)).collect()
}

/// As `tests/diagnostics.rs` renders them: no colour, 80 columns, no trailing spaces.
fn render(diagnostics: &[&Diagnostic]) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(80);
    let mut out = String::new();
    for diagnostic in diagnostics {
        handler.render_report(&mut out, *diagnostic).expect("rendering to a string cannot fail");
        out.push('\n');
    }
    out.lines().map(str::trim_end).collect::<Vec<_>>().join("\n").trim_end().to_string()
}

/// One fixture, read and checked.
struct Fixture {
    name: String,
    source: String,
    diagnostics: Vec<Diagnostic>,
}

impl Fixture {
    fn read(path: &Path) -> Fixture {
        let name = file_name(path);
        let source = std::fs::read_to_string(path).expect("a readable fixture");
        let (_, diagnostics) = check_source(&format!("fixtures/check/{name}"), &source);
        Fixture { name, source, diagnostics }
    }

    /// What the first line says is broken, without its `// Broken on purpose: `.
    fn what(&self) -> String {
        let first = self.source.lines().next().unwrap_or("");
        let first = first.strip_prefix("//").unwrap_or(first).trim();
        first.strip_prefix("Broken on purpose:").unwrap_or(first).trim().to_string()
    }

    /// The fixture's `// fix:` lines, joined.
    fn fix(&self) -> Option<String> {
        let lines: Vec<&str> = self.source.lines().filter_map(|l| l.trim().strip_prefix("// fix:")).map(str::trim).collect();
        (!lines.is_empty()).then(|| lines.join(" "))
    }

    fn with_code(&self, code: &str) -> Vec<&Diagnostic> {
        self.diagnostics.iter().filter(|d| d.code.as_str() == code).collect()
    }

    /// The lines (from 0) the labels of `diagnostics` stand on, with [`AROUND`] lines each side,
    /// in runs of neighbouring lines; the `// fix:` lines left out.
    fn excerpt(&self, diagnostics: &[&Diagnostic]) -> Vec<(usize, Vec<&str>)> {
        let lines: Vec<&str> = self.source.lines().collect();
        let line_of =
            |offset: u32| self.source[..usize::try_from(offset).unwrap_or(usize::MAX).min(self.source.len())].matches('\n').count();
        let mut shown = BTreeSet::new();
        for (span, _) in diagnostics.iter().flat_map(|d| &d.labels) {
            let (first, last) = (line_of(span.start), line_of(span.end));
            shown.extend(first.saturating_sub(AROUND)..=last + AROUND);
        }
        let mut runs: Vec<(usize, Vec<&str>)> = Vec::new();
        for line in shown.into_iter().filter(|l| lines.get(*l).is_some_and(|t| !t.trim().starts_with("// fix:"))) {
            match runs.last_mut() {
                Some((start, run)) if *start + run.len() == line => run.push(lines[line]),
                _ => runs.push((line, vec![lines[line]])),
            }
        }
        runs
    }
}

/// The document, made from the fixtures.
fn document() -> Result<String, String> {
    let fixtures: Vec<Fixture> = fixtures().iter().map(|p| Fixture::read(p)).collect();
    let meanings: BTreeMap<&str, &str> = MEANINGS.iter().map(|(code, meaning)| (code.as_str(), *meaning)).collect();
    let mut codes: Vec<&str> = file_codes().iter().map(|code| code.as_str()).collect();
    codes.sort_unstable();
    let mut problems = Vec::new();
    for code in &codes {
        if !meanings.contains_key(code) {
            problems.push(format!("`{code}` has no meaning in MEANINGS"));
        }
    }
    for code in meanings.keys() {
        if !codes.contains(code) {
            problems.push(format!("MEANINGS has `{code}`, which no rule file can draw"));
        }
    }
    for code in unused_codes() {
        problems.push(format!("`Code::{code:?}` is never reported by src/syntax, src/check or src/lint"));
    }
    let mut out = String::from(HEADER);
    let mut missing = Vec::new();
    let mut entries = String::new();
    let mut index = String::from("| code | severity | meaning |\n|---|---|---|\n");
    for &code in &codes {
        let meaning = meanings.get(code).copied().unwrap_or("");
        // The fixture named after the code, else one with this one diagnostic, else the first
        // that draws it.
        let named = [format!("err_{code}.mancala"), format!("warn_{code}.mancala")];
        let example = fixtures
            .iter()
            .find(|f| named.contains(&f.name) && !f.with_code(code).is_empty())
            .or_else(|| fixtures.iter().find(|f| f.diagnostics.len() == 1 && f.diagnostics[0].code.as_str() == code))
            .or_else(|| fixtures.iter().find(|f| !f.with_code(code).is_empty()));
        let Some(fixture) = example else {
            missing.push(format!("- `mancala::{code}`: {meaning}\n"));
            continue;
        };
        let shown = fixture.with_code(code);
        let severity = if shown[0].is_error() { "error" } else { "warning" };
        let _ = writeln!(index, "| [`mancala::{code}`](#mancala{code}) | {severity} | {meaning} |");
        let Some(fix) = fixture.fix() else {
            problems.push(format!("{} has no `// fix:` line at its end", fixture.name));
            continue;
        };
        let _ = write!(entries, "\n## `mancala::{code}`\n\n{severity}: {meaning}.\n\n");
        let _ = write!(entries, "[`{name}`](../{FIXTURES}/{name}): {}\n\n", fixture.what(), name = fixture.name);
        for (i, (start, run)) in fixture.excerpt(&shown).iter().enumerate() {
            let lines = if run.len() == 1 { format!("line {}", start + 1) } else { format!("lines {}–{}", start + 1, start + run.len()) };
            let _ = write!(entries, "{}{lines}:\n\n```mancala\n{}\n```\n\n", if i > 0 { "and " } else { "" }, run.join("\n"));
        }
        let _ = write!(entries, "```text\n{}\n```\n\nfix: {fix}\n", render(&shown));
    }
    out.push_str(&index);
    out.push_str(&entries);
    if !missing.is_empty() {
        out.push_str("\n## No example yet\n\nNo fixture draws these codes yet:\n\n");
        out.push_str(&missing.concat());
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems.join("\n"))
    }
}

const HEADER: &str = "# Diagnostics

Every diagnostic `mancala check` can report, by code: what it means, a rule file that draws it
(the lines it points at), the diagnostic as `check --color never` prints it at 80 columns, and the
fix. Errors stop a file from running; warnings do not (unless `check --deny warnings`).

This page is made from the files of `tests/fixtures/check/` (each broken on purpose, as its first
line says, and fixed as its `// fix:` line says) by `tests/diagnostics_doc.rs`, which fails when
the page differs from them. Do not edit it by hand: change a fixture, then run
`UPDATE_DIAGNOSTICS_DOC=1 cargo test --test diagnostics_doc`.

";

#[test]
fn the_document_is_made_from_the_fixtures() {
    let made = document().unwrap_or_else(|problems| panic!("{problems}"));
    let path = root().join(DOC);
    if std::env::var_os("UPDATE_DIAGNOSTICS_DOC").is_some() {
        std::fs::write(&path, &made).expect("docs/diagnostics.md written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == made,
        "{DOC} differs from what the fixtures make: run `UPDATE_DIAGNOSTICS_DOC=1 cargo test --test diagnostics_doc` and commit it"
    );
}

#[test]
fn every_code_is_reported_by_the_sources() {
    assert_eq!(unused_codes(), []);
    let codes = file_codes();
    assert_eq!((codes.len(), Code::ALL.len()), (85, 86));
    for code in [Code::UnknownHole, Code::Syntax, Code::Internal, Code::OutOfRange, Code::NumberTooLarge, Code::TooDeep] {
        assert!(codes.contains(&code), "{code:?}");
    }
    assert!(!codes.contains(&Code::FileTooLarge));
}
