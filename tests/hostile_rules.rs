//! Rule files written to break the tool: nesting left open, a thousand broken lines, a line of
//! 100,000 characters, files too large or not text, through the library and the real binary; and
//! thousands of files mutated from every shipped and fixture file. Whatever comes in, nothing
//! panics, every refusal points inside the file, what is printed stays small, and a file that
//! checks clean compiles.
//!
//! `tests/robustness.rs` throws shapes of text at the checker; this file bounds the work and the
//! output. No test times anything: the sizes are such that a parser exponential in the nesting,
//! or output growing with the file, would hang the run or fail the size checks.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::Output;

use mancala::check::{more_problems, write_report, Diagnostic, LONGEST_SHOWN_LINE, LONGEST_TEXT, SHOWN};
use mancala::load::{check_source, LARGEST_RULE_FILE};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

const TIHBAT: &str = include_str!("../rules/tihbat.mancala");

/// The line, column (both from 1, the column in bytes as miette counts) and text of a span.
fn place(source: &str, diagnostic: &Diagnostic) -> (usize, usize, String) {
    let span = diagnostic.span();
    let before = &source[..span.start as usize];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |at| at + 1) + 1;
    (line, column, span.text(source).to_string())
}

/// The one diagnostic of `source`, which must have exactly one.
fn only_diagnostic(name: &str, source: &str) -> Diagnostic {
    let (checked, diagnostics) = check_source(name, source);
    assert!(checked.is_none(), "{name} passed the checker");
    assert_eq!(diagnostics.len(), 1, "{name}: {:?}", diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>());
    diagnostics.into_iter().next().expect("one diagnostic")
}

/// The number (from 1) of the line where `text` first starts in `source`.
fn line_of(source: &str, text: &str) -> usize {
    source[..source.find(text).expect("the text is there")].matches('\n').count() + 1
}

/// `write_report` of `diagnostics` as text.
fn report(diagnostics: &[Diagnostic]) -> String {
    let mut out = Vec::new();
    write_report(&mut out, diagnostics).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("the report is text")
}

/// Tihbat with its `when every hole is empty` ending replaced by `ending`.
fn tihbat_ending(ending: &str) -> String {
    TIHBAT.replace("when every hole is empty, \"every stone has been captured\"", ending)
}

/// A condition left open at every level, `levels` deep: each level a way the grammar can read
/// `(`. With a relation read twice per level, as it was, 22 levels took 40 seconds and 31 would
/// take hours.
#[test]
fn conditions_left_open_are_read_once() {
    // 22 and 31 levels: within the limit of 32, so the grammar reads the whole line.
    for levels in [22, 31] {
        for unit in ["every hole has (", "(", "next hole is (", "not (", "own and (", "count >= 1 or ("] {
            let source = tihbat_ending(&format!("when {}", unit.repeat(levels)));
            let name = format!("{levels} × `{unit}`");
            let d = only_diagnostic(&name, &source);
            assert_eq!((d.code.as_str(), d.message.as_str()), ("unreadable_line", "this line cannot be read"), "{name}");
            let line_end = source.find(&unit.repeat(levels)).expect("the line") + unit.len() * levels;
            assert_eq!((d.span().start as usize, d.span().end as usize), (line_end, line_end), "{name}: points at the line's end");
            assert_eq!(d.labels[0].1, "the line stops here, where a condition should follow", "{name}");
        }
    }
}

/// Past 32 levels the line is refused before it is parsed, at the 33rd opening word.
#[test]
fn nesting_past_the_limit_is_refused_where_it_passes_it() {
    for levels in [40, 1000] {
        for (unit, word, message) in [
            ("every hole has (", "every", "`every` is written more than 32 times on one line"),
            ("(", "(", "parentheses nest more than 32 deep"),
            ("next hole is ", "hole", "`hole` is written more than 32 times on one line"),
            ("not ", "not", "`not` is written more than 32 times on one line"),
        ] {
            let source = tihbat_ending(&format!("when {}empty", unit.repeat(levels)));
            let name = format!("{levels} × `{unit}`");
            let d = only_diagnostic(&name, &source);
            assert_eq!((d.code.as_str(), d.message.as_str()), ("too_deep", message), "{name}");
            let start = source.find(&unit.repeat(levels)).expect("the line") + unit.len() * 32 + unit.find(word).expect("the word");
            assert_eq!((d.span().start as usize, d.span().text(&source)), (start, word), "{name}: the 33rd");
        }
    }
    // 10,000 relations overflowed the stack before `hole` was counted.
    let d = only_diagnostic("10,000 relations", &tihbat_ending(&format!("when {}empty", "next hole is ".repeat(10_000))));
    assert_eq!(d.message, "`hole` is written more than 32 times on one line");
}

/// Braces do not nest in the grammar; a thousand of them on a line are one unreadable line.
#[test]
fn braces_left_open() {
    for count in [22, 40, 1000] {
        let source = TIHBAT.replace("when own and count in {2, 4, 6, 8}", &format!("when count in {}", "{".repeat(count)));
        let d = only_diagnostic(&format!("{count} braces"), &source);
        assert_eq!((d.code.as_str(), d.labels[0].1.as_str()), ("unreadable_line", "expected a number or an option's name here"));
        let line = line_of(&source, "    when count in {");
        assert_eq!(place(&source, &d), (line, 20, "{".to_string()), "the second brace");
    }
}

/// The same, a thousand lines of it: one diagnostic per line, each where its line stops.
#[test]
fn a_thousand_lines_left_open() {
    for (unit, label) in [
        (format!("when {}", "every hole has (".repeat(22)), "the line stops here, where a condition should follow"),
        ("when count in {".to_string(), "the line stops here, where a number or an option's name should follow"),
    ] {
        let lines = format!("    {unit}\n").repeat(1000);
        let source =
            TIHBAT.replace("    when every hole is empty, \"every stone has been captured\"   // H4a: all counters captured\n", &lines);
        let (checked, diagnostics) = check_source("lines", &source);
        assert!(checked.is_none());
        let first = line_of(&source, &lines);
        assert_eq!(diagnostics.len(), 1000, "{unit}");
        for (index, d) in diagnostics.iter().enumerate() {
            let (line, column, text) = place(&source, d);
            assert_eq!((d.code.as_str(), d.labels[0].1.as_str()), ("unreadable_line", label), "{unit}");
            assert_eq!((line, column, text.as_str()), (first + index, 5 + unit.len(), ""), "{unit}: line {}", index + 1);
        }
    }
}

/// A file of 1,200 broken lines prints 50 diagnostics, then the exact count of the rest.
#[test]
fn fifty_diagnostics_then_the_count_of_the_rest() {
    let source = format!("{TIHBAT}{}", "the stones go round\n".repeat(1200));
    let (_, diagnostics) = check_source("broken", &source);
    assert_eq!(diagnostics.len(), 1200);
    let printed = report(&diagnostics);
    assert_eq!(printed.matches("this line cannot be read").count(), SHOWN);
    assert_eq!(printed.lines().last(), Some("… and 1150 more problems (the first 50 are shown)"));
    assert!(printed.len() < 50 * 2048, "{} bytes", printed.len());
    // 51 problems: one more; 50: no line about more.
    let (_, diagnostics) = check_source("broken", &format!("{TIHBAT}{}", "the stones go round\n".repeat(51)));
    assert_eq!(report_last_line(&diagnostics), "… and 1 more problem (the first 50 are shown)");
    let (_, diagnostics) = check_source("broken", &format!("{TIHBAT}{}", "the stones go round\n".repeat(50)));
    assert!(!report(&diagnostics).contains("more problem"));
}

fn report_last_line(diagnostics: &[Diagnostic]) -> String {
    report(diagnostics).lines().last().unwrap_or("").to_string()
}

/// A line of 100,000 characters is shown as a window around the place, with the real line and
/// column: here a word too long at column 80,006 (a label past column 65,535 made miette panic).
#[test]
fn a_long_line_is_shown_cut_around_the_place() {
    let long = format!("sow counter-clockwise {}{}", "x ".repeat(40_000), "y".repeat(70));
    let source = TIHBAT.replace("sow counter-clockwise", &long);
    let d = only_diagnostic("long", &source);
    let (line, column, word) = place(&source, &d);
    assert_eq!((d.labels[0].1.as_str(), column, word), ("70 characters", 80_027, "y".repeat(70)));
    let rendered = report(&[d]);
    assert!(rendered.contains(&format!("[long:{line}:80027]")), "{rendered}");
    let shown = format!("{line} │ …{}{}\n", "x ".repeat(30), "y".repeat(70));
    assert!(rendered.contains(&shown), "{rendered}");
    assert!(rendered.lines().all(|l| l.chars().count() < LONGEST_SHOWN_LINE), "{rendered}");
    assert!(rendered.len() < 2048, "{} bytes", rendered.len());
}

/// A line of 100,000 characters underlined whole is shown from its start, cut after 200.
#[test]
fn a_long_line_underlined_whole_is_shown_from_its_start() {
    let long = format!("sow counter-clockwise {}", "x ".repeat(50_000));
    let d = only_diagnostic("long", &TIHBAT.replace("sow counter-clockwise", &long));
    assert_eq!((d.labels[0].1.as_str(), d.span().end - d.span().start), ("not a statement", 100_021));
    let rendered = report(&[d]);
    let shown: String = format!("    {long}").chars().take(200).collect();
    assert!(rendered.contains(&format!("{shown}…\n")), "{rendered}");
    assert!(rendered.len() < 2048, "{} bytes", rendered.len());
}

/// A condition of 100,000 characters quoted in a help is cut in its middle when printed.
#[test]
fn a_long_condition_quoted_in_a_help_is_cut() {
    let condition = format!("count in {{1{}}}", ", 1".repeat(33_000));
    let d = only_diagnostic("quoted", &tihbat_ending(&format!("when {condition}")));
    assert_eq!(
        d.help,
        Some(format!("say which holes it is about: to end when it holds for every hole, write `every hole has {condition}`"))
    );
    let rendered = report(&[d]);
    assert!(rendered.len() < 4096, "{} bytes", rendered.len());
    let help = &rendered[rendered.find("help:").expect("a help")..];
    assert_eq!(help.matches('…').count(), 1, "{help}");
    assert!(help.len() < 2 * LONGEST_TEXT, "{help}");
}

/// A file whose lines end with a lone `\r` (old Mac) shows its lines one per line, as with `\n`.
#[test]
fn lines_ended_by_carriage_returns_are_shown_as_lines() {
    let broken = TIHBAT.replace("size 2 x 2", "size 2 by 2");
    let (_, lf) = check_source("endings", &broken);
    let (_, cr) = check_source("endings", &broken.replace('\n', "\r"));
    assert_eq!(report(&cr), report(&lf));
    assert!(report(&cr).contains(&format!("\n {} │     size 2 by 2 ", line_of(&broken, "size 2 by 2"))), "{}", report(&cr));
}

// ---------------------------------------------------------------- the binary

/// Runs the real binary with `args`, `input` on its standard input.
fn mancala(args: &[&str], input: &[u8]) -> Output {
    common::mancala_with_input(args, input)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn check_reads_standard_input() {
    let out = mancala(&["check", "-"], TIHBAT.as_bytes());
    assert_eq!((out.status.code(), text(&out.stdout), text(&out.stderr)), (Some(0), "<stdin>: ok\n".to_string(), String::new()));
    let broken = TIHBAT.replace("size 2 x 2", "size 2 by 2");
    let out = mancala(&["check", "-"], broken.as_bytes());
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(1), "<stdin>: 1 error\n".to_string()));
    assert!(text(&out.stderr).contains(&format!("╭─[<stdin>:{}:", line_of(&broken, "size 2 by 2"))), "{}", text(&out.stderr));
    let out = mancala(&["ast", "-"], TIHBAT.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("(\n    items: ["), "{}", text(&out.stdout));
}

#[test]
fn check_refuses_input_too_large_or_not_text_in_one_line() {
    let too_large = format!("{TIHBAT}{}", "/".repeat(LARGEST_RULE_FILE + 1 - TIHBAT.len()));
    let out = mancala(&["check", "-"], too_large.as_bytes());
    assert_eq!(
        (out.status.code(), text(&out.stdout), text(&out.stderr)),
        (Some(2), String::new(), "error: <stdin> is larger than 1 MiB, too large for a rule file\n".to_string())
    );
    // Exactly the limit is read (and checked: a comment at its end changes nothing).
    let out = mancala(&["check", "-"], &too_large.as_bytes()[..LARGEST_RULE_FILE]);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), "<stdin>: ok\n".to_string()));
    // Far more than the limit is not read to its end.
    let out = mancala(&["check", "-"], &vec![b' '; 64 << 20]);
    assert_eq!(out.status.code(), Some(2));
    let out = mancala(&["check", "-"], b"game \"T\xffhbat\"\n");
    assert_eq!(
        (out.status.code(), text(&out.stderr)),
        (Some(2), "error: <stdin> is not a text file (it is not valid UTF-8)\n".to_string())
    );
    let dir = common::scratch();
    let file = dir.path().join("large.mancala");
    std::fs::write(&file, &too_large).expect("temp file written");
    let shown = file.display().to_string();
    let out = mancala(&["check", &shown, &common::rules_path("tihbat")], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), format!("error: {shown} is larger than 1 MiB, too large for a rule file\n"));
    assert!(text(&out.stdout).ends_with("tihbat.mancala: ok\n"), "the next file is still checked");
}

#[test]
fn check_prints_fifty_diagnostics_and_the_count_of_the_rest() {
    let out = mancala(&["check", "-"], format!("{TIHBAT}{}", "the stones go round\n".repeat(3000)).as_bytes());
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(1), "<stdin>: 3000 errors\n".to_string()));
    let err = text(&out.stderr);
    assert_eq!(err.matches("mancala::unreadable_line").count(), 50);
    assert_eq!(err.lines().last(), Some("… and 2950 more problems (the first 50 are shown)"));
}

// ---------------------------------------------------------------- mutated files

/// Every shipped rule file and every checker fixture, with its name.
fn corpus() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for folder in ["rules", "tests/fixtures/check"] {
        let dir = format!("{}/{folder}", env!("CARGO_MANIFEST_DIR"));
        for entry in std::fs::read_dir(&dir).expect("a folder of rule files") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|ext| ext == "mancala") {
                let source = std::fs::read_to_string(&path).expect("a rule file");
                files.push((path.file_name().expect("a name").to_string_lossy().into_owned(), source));
            }
        }
    }
    files.sort();
    assert!(files.len() > 90, "{} files", files.len());
    files
}

/// Text that breaks things: brackets, quotes, comment marks, line ends, words of the language,
/// letters from other scripts, control characters.
const SHARDS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "\"",
    "//",
    "\n",
    "\r",
    "\r\n",
    "\t",
    " ",
    ",",
    ":",
    "=",
    "..",
    "|",
    "'",
    "-",
    "not ",
    "every hole ",
    "next hole is ",
    "when ",
    "if x = 1 ",
    "board {",
    "}\n",
    "é",
    "Ω",
    "🂡",
    "\u{0}",
    "\u{7f}",
    "\u{feff}",
    "\u{202e}",
    "0",
    "99999999999",
];

/// One mutation of `source`, and what it was, in words.
fn mutate(rng: &mut ChaCha8Rng, source: &str) -> (String, String) {
    let mut lines: Vec<String> = source.split('\n').map(str::to_string).collect();
    let line = rng.random_range(0..lines.len());
    let what = match rng.random_range(0..11) {
        0 => {
            lines.remove(line);
            format!("line {line} deleted")
        }
        1 => {
            let times = rng.random_range(1..300);
            let copy = lines[line].clone();
            lines.splice(line..line, std::iter::repeat_n(copy, times));
            format!("line {line} repeated {times} times")
        }
        2 => {
            let other = rng.random_range(0..lines.len());
            lines.swap(line, other);
            format!("lines {line} and {other} swapped")
        }
        3 | 4 => {
            let shards: String = (0..rng.random_range(1..8)).map(|_| SHARDS[rng.random_range(0..SHARDS.len())]).collect();
            let at = char_boundary(&lines[line], rng.random_range(0..=lines[line].len()));
            lines[line].insert_str(at, &shards);
            format!("{shards:?} inserted in line {line} at {at}")
        }
        5 => {
            let chars: String =
                (0..rng.random_range(1..40)).map(|_| char::from_u32(rng.random_range(0..0x2_0000)).unwrap_or('?')).collect();
            let at = char_boundary(&lines[line], rng.random_range(0..=lines[line].len()));
            lines[line].insert_str(at, &chars);
            format!("random characters inserted in line {line}")
        }
        6 => {
            let unit = ["(", "{", "every hole has (", "next hole is ", "not ", "count in {", "((((", "{{{{"][rng.random_range(0..8)];
            let times = [5, 22, 31, 32, 33, 40, 1000, 5000][rng.random_range(0..8)];
            let at = char_boundary(&lines[line], rng.random_range(0..=lines[line].len()));
            lines[line].insert_str(at, &unit.repeat(times));
            format!("{times} × {unit:?} in line {line}")
        }
        7 => {
            let word = lines[line].split_whitespace().last().unwrap_or("x").to_string();
            let times = rng.random_range(1_000..120_000) / (word.len() + 1);
            lines[line] = format!("{} {}", lines[line], format!("{word} ").repeat(times));
            format!("line {line} made {times} words longer")
        }
        8 => {
            let whole = lines.join("\n");
            let at = char_boundary(&whole, rng.random_range(0..=whole.len()));
            return (whole[..at].to_string(), format!("cut at byte {at}"));
        }
        9 => {
            let whole = lines.join("\n");
            return (whole.replace('\n', ["\r\n", "\r"][rng.random_range(0..2)]), "other line ends".to_string());
        }
        _ => {
            let number = ["0", "1", "65535", "65536", "100000", "1000000", "4294967296"][rng.random_range(0..7)];
            let changed: String =
                lines[line].split(' ').map(|w| if w.parse::<u64>().is_ok() { number } else { w }).collect::<Vec<_>>().join(" ");
            lines[line] = changed;
            format!("numbers of line {line} made {number}")
        }
    };
    (lines.join("\n"), what)
}

fn char_boundary(text: &str, at: usize) -> usize {
    text.floor_char_boundary(at)
}

/// What one mutated file must satisfy; `Err` says what went wrong.
fn judge(source: &str) -> Result<(), String> {
    let (checked, diagnostics) = check_source("mutated", source);
    for d in &diagnostics {
        if d.code.as_str() == "internal" || d.labels.is_empty() {
            return Err(format!("`{}`: internal, or no label", d.message));
        }
        for (span, _) in &d.labels {
            let (start, end) = (span.start as usize, span.end as usize);
            if start > end || end > source.len() || !source.is_char_boundary(start) || !source.is_char_boundary(end) {
                return Err(format!("`{}` points at {start}..{end}, outside the file or inside a character", d.message));
            }
        }
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    if checked.is_some() == (errors > 0) {
        return Err(format!("checked: {}, with {errors} errors", checked.is_some()));
    }
    // What is printed: at most 50, each of a bounded size, then the count of the rest.
    let shown = report(&diagnostics);
    // (A line: a window of a long line, tabs made spaces, and a label of the longest text.)
    let (most, widest) = (diagnostics.len().min(SHOWN) * 16 * 1024 + 100, 4 * LONGEST_SHOWN_LINE + LONGEST_TEXT + 100);
    if shown.len() > most || shown.lines().any(|line| line.chars().count() > widest) {
        return Err(format!("{} bytes printed for {} diagnostics, or a line too long", shown.len(), diagnostics.len()));
    }
    if let Some(more) = more_problems(diagnostics.len()) {
        if !shown.ends_with(&format!("{more}\n")) {
            return Err("no count of the diagnostics not shown".to_string());
        }
    }
    // A file that checks clean compiles.
    if checked.is_some() {
        mancala::load_str("mutated", source, &[] as &[&str]).map_err(|e| format!("checked but does not load: {e}"))?;
    }
    Ok(())
}

/// Thousands of files, each a shipped or fixture file with one to four mutations. Set
/// `HOSTILE_ROUNDS` to run more, `HOSTILE_SEED` to run others (`HOSTILE_ROUNDS=100000
/// HOSTILE_SEED=2 cargo test --release --test hostile_rules mutated`).
#[test]
fn mutated_rule_files() {
    let corpus = corpus();
    let number = |name: &str| std::env::var(name).ok().and_then(|n| n.parse::<u64>().ok());
    let rounds = number("HOSTILE_ROUNDS").map_or(6000, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let mut rng = ChaCha8Rng::seed_from_u64(number("HOSTILE_SEED").unwrap_or(0x006d_616e_6361_6c61));
    let (mut clean, mut refused) = (0, 0);
    for round in 0..rounds {
        let (name, original) = &corpus[rng.random_range(0..corpus.len())];
        let mut source = original.clone();
        let mut done = Vec::new();
        for _ in 0..rng.random_range(1..=4) {
            let (mutated, what) = mutate(&mut rng, &source);
            source = mutated;
            done.push(what);
        }
        let verdict = catch_unwind(AssertUnwindSafe(|| judge(&source))).unwrap_or_else(|_| Err("panicked".to_string()));
        if let Err(problem) = verdict {
            let shown: String = source.chars().take(4000).collect();
            panic!("round {round}, {name} with {}: {problem}\n{shown}", done.join(", "));
        }
        match check_source("again", &source).0 {
            Some(_) => clean += 1,
            None => refused += 1,
        }
    }
    eprintln!("{rounds} mutated files: {clean} clean, {refused} refused");
    // Most of the files are fixtures broken on purpose: few mutated files check clean.
    assert!(clean > rounds / 50 && refused > rounds / 2, "{clean} clean, {refused} refused: the mutations miss");
}

/// Bytes that are not UTF-8, read as the binary reads a rule file: refused in one line, each.
#[test]
fn mutated_bytes_that_are_not_text() {
    let corpus = corpus();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let dir = common::scratch();
    for round in 0..200 {
        let (name, source) = &corpus[rng.random_range(0..corpus.len())];
        let mut bytes = source.clone().into_bytes();
        let at = rng.random_range(0..=bytes.len());
        let bad: &[u8] =
            [&[0xff][..], &[0xc3], &[0xe2, 0x82], &[0xed, 0xa0, 0x80], &[0xf8, 0x88, 0x80, 0x80, 0x80]][rng.random_range(0..5)];
        bytes.splice(at..at, bad.iter().copied());
        let path = dir.path().join(format!("{round}.mancala"));
        std::fs::write(&path, &bytes).expect("temp file written");
        let read = mancala::load::read_source(&path);
        match read {
            Err(mancala::LoadError::NotText { .. }) => {}
            other => panic!("{name} with {bad:?} at {at}: {other:?}"),
        }
    }
    // And through the binary, a few of them.
    for bad in [&b"\xff"[..], b"\xc3(", b"\xed\xa0\x80"] {
        let mut bytes = TIHBAT.as_bytes().to_vec();
        bytes.splice(100..100, bad.iter().copied());
        let out = mancala(&["check", "-"], &bytes);
        assert_eq!((out.status.code(), text(&out.stderr).lines().count()), (Some(2), 1), "{bad:?}");
    }
}
