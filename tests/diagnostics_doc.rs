//! `docs/diagnostics.md` is made from the fixtures, and stays so: this test writes the document
//! again from `tests/fixtures/check/` and fails if the committed one differs.
//!
//! Each code the checker can emit (found in the sources of `src/check/` and `src/syntax/`) gets
//! its meaning (from [`MEANINGS`]), and, from the first fixture that draws it, the lines its labels
//! point at, the diagnostic as the snapshots render it and the fix said in the fixture's
//! `// fix:` lines. Codes that no fixture draws are listed at the end. Regenerate with
//! `UPDATE_DIAGNOSTICS_DOC=1 cargo test --test diagnostics_doc`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mancala::check::Diagnostic;
use mancala::load::check_source;
use miette::{GraphicalReportHandler, GraphicalTheme};

/// What each code means, in a line.
const MEANINGS: &[(&str, &str)] = &[
    ("bad_range", "a range of holes or values whose first end comes after its last"),
    ("bad_rows", "a board with a number of rows the engine does not play (it plays 2 and 4)"),
    ("board_too_large", "a board with more holes (and stores) than the engine numbers"),
    ("capture_without_condition", "a `capture` section that never says `when` it happens"),
    ("capture_without_take", "a `capture` section that never says what it takes"),
    ("captured_compared", "`captured` compared with something other than a number"),
    ("contradiction", "two statements of a section that cannot both hold"),
    ("default_outside_domain", "an option whose default is not one of its values"),
    ("duplicate_option", "an option declared twice"),
    ("duplicate_section", "a section that may be written once, written twice"),
    ("duplicate_set", "a set of holes defined twice"),
    ("duplicate_statement", "a statement that may be written once in its section, written twice"),
    ("empty_file", "a file that holds no rules at all"),
    ("empty_name", "a game whose name is the empty string"),
    ("ending_never", "an `end` condition that no position can meet, plain from the stones of the game"),
    ("every_hole_precedence", "`every hole` followed by `and`/`or` terms that ask the one hole, not every hole"),
    ("guard_on_range", "a guard on an option that takes a range of values, not a list"),
    ("guard_outside_domain", "a guard asking for a value the option can never take"),
    ("incomplete_rounds", "a `rounds` section that leaves out something rounds need"),
    ("incomplete_trade", "a `trade` section that leaves out something a trade needs"),
    ("internal", "a bug in mancala, not in the file: please report it with the file"),
    ("many_laps", "a lap limit so high that a move that never ends costs a long time"),
    ("misplaced_consequence", "a consequence written where it has no meaning, such as how leftovers go in a capture"),
    ("misplaced_guard", "a guard (`if OPTION = VALUE`) where no guard may stand"),
    ("misplaced_repetition", "a repetition of the position written outside the `end` section"),
    ("misplaced_statement", "a statement written in a section it does not belong to"),
    ("missing_board", "a file without a `board` section"),
    ("missing_brace", "a section name not followed by `{`"),
    ("missing_name", "a file that does not name its game"),
    ("missing_seeds", "a board that starts without seeds"),
    ("missing_size", "a board without a size"),
    ("needs_a_hole", "a word about one hole used where no hole is meant"),
    ("needs_own_circuits", "sowing round the whole board on a board of 4 rows, where each player sows their own rows"),
    ("needs_two_rows_each", "`inner` or `outer` rows on a board where a player owns one row"),
    ("never_holds", "a condition asked of the hole the last stone fell into that no count of that hole meets"),
    ("no_start_move", "a start position from which neither player can start a move"),
    ("no_stores", "a rule about stores on a board without stores"),
    ("not_a_number", "a word option used where a number is needed"),
    ("number_too_large", "a number with too many digits for anything it can stand for"),
    ("out_of_range", "a number, or an option's value, outside what its place allows"),
    ("player_without_row", "a player who owns no row"),
    ("reserved_set_name", "a set of holes named like holes or rows of the board"),
    ("resow_and_choose", "captured stones both sown on and chosen"),
    ("row_owned_twice", "a row given an owner twice"),
    ("row_without_owner", "a row that no player owns"),
    ("rows_not_a_number", "a number of rows written as an option or a word"),
    ("rows_not_neighbours", "on a board of 4 rows, a player owning two rows that are not neighbours"),
    ("set_too_large", "a set of more holes than a row has"),
    ("stores_need_two_rows", "stores on a board that does not have 2 rows"),
    ("syntax", "text the grammar cannot read at all"),
    ("too_deep", "parentheses, or words that nest what follows them, nested too deep"),
    ("too_many_captures", "more `capture` sections than a game may have"),
    ("too_many_variants", "guards whose options make more variants of the game than are checked"),
    ("unclosed_section", "a section opened with `{` and never closed"),
    ("unknown_flag", "a word that is not something a hole can be"),
    ("unknown_hole", "a hole that is not on the board"),
    ("unknown_name", "a name that is no declared option"),
    ("unknown_player", "a player other than `south` and `north`"),
    ("unknown_quantity", "a word that is not a number a hole has"),
    ("unknown_row", "a row that is not on the board"),
    ("unknown_section", "a section name the language does not have"),
    ("unknown_set", "a set of holes that is not defined"),
    ("unknown_word", "a word that is not one of those its place allows"),
    ("unless_alone_into_next", "`unless alone` where it changes nothing"),
    ("unmatched_brace", "a `}` that closes no section"),
    ("unreadable_line", "a line that is no statement of the language"),
    ("unused_option", "an option that no rule uses"),
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

/// Every code named in the checker's and the parser's sources: the first string of each
/// `Diagnostic::error(`, `Diagnostic::warning(` and `=> ("code", format!(`.
fn codes_in_sources() -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for dir in ["src/check", "src/syntax"] {
        for entry in std::fs::read_dir(root().join(dir)).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            let text = std::fs::read_to_string(&path).expect("a readable source");
            for opening in ["Diagnostic::error(", "Diagnostic::warning(", "=> (\""] {
                for (at, _) in text.match_indices(opening) {
                    let rest = text[at + opening.len()..].trim_start();
                    let rest = if opening == "=> (\"" { rest } else { rest.strip_prefix('"').unwrap_or("") };
                    let word: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                    let after = &rest[word.len()..];
                    let tuple = opening != "=> (\"" || after.starts_with("\", format!(");
                    if !word.is_empty() && after.starts_with('"') && tuple {
                        codes.insert(word);
                    }
                }
            }
        }
    }
    codes
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
        self.diagnostics.iter().filter(|d| d.code == code).collect()
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
    let meanings: BTreeMap<&str, &str> = MEANINGS.iter().copied().collect();
    let codes = codes_in_sources();
    let mut problems = Vec::new();
    for code in &codes {
        if !meanings.contains_key(code.as_str()) {
            problems.push(format!("`{code}` has no meaning in MEANINGS"));
        }
    }
    for code in meanings.keys() {
        if !codes.contains(*code) {
            problems.push(format!("MEANINGS has `{code}`, which the sources never emit"));
        }
    }
    let mut out = String::from(HEADER);
    let mut missing = Vec::new();
    let mut entries = String::new();
    let mut index = String::from("| code | severity | meaning |\n|---|---|---|\n");
    for code in &codes {
        let meaning = meanings.get(code.as_str()).copied().unwrap_or("");
        // The fixture named after the code, else one with this one diagnostic, else the first
        // that draws it.
        let named = [format!("err_{code}.mancala"), format!("warn_{code}.mancala")];
        let example = fixtures
            .iter()
            .find(|f| named.contains(&f.name) && !f.with_code(code).is_empty())
            .or_else(|| fixtures.iter().find(|f| f.diagnostics.len() == 1 && f.diagnostics[0].code == code))
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
fn codes_are_found_in_the_sources() {
    let codes = codes_in_sources();
    for code in ["unknown_hole", "syntax", "internal", "out_of_range", "number_too_large", "many_laps", "too_deep"] {
        assert!(codes.contains(code), "{code} not found: {codes:?}");
    }
    assert!(!codes.contains("mancala"), "{codes:?}");
}
