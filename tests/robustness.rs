//! Nothing thrown at the checker makes it panic: every input comes back valid or with
//! diagnostics, each pointing inside the file. Kept fast: the suite runs in well under 10 seconds
//! in a debug build on two cores, the 10 MB file of rules being by far its slowest test.

mod common;

use common::Rng;
use mancala::check::Diagnostic;
use mancala::load::check_source;
use rand::RngExt;

const TIHBAT: &str = include_str!("../rules/tihbat.mancala");
const DJENON: &str = include_str!("../rules/djenon-aboure.mancala");

/// Checks `source`, which must not panic, and returns its diagnostics after checking that each
/// has a label inside the file, on char boundaries, and that the file checks iff it has no error.
fn check(name: &str, source: &str) -> Vec<Diagnostic> {
    let (checked, diagnostics) = check_source(name, source);
    for d in &diagnostics {
        assert_ne!(d.code.as_str(), "internal", "{name}: {}", d.message);
        assert!(!d.labels.is_empty(), "{name}: `{}` has no label", d.message);
        for (span, _) in &d.labels {
            assert!(span.start <= span.end && span.end as usize <= source.len(), "{name}: `{}` points outside the file", d.message);
            assert!(source.is_char_boundary(span.start as usize) && source.is_char_boundary(span.end as usize), "{name}: `{}`", d.message);
        }
    }
    assert_eq!(checked.is_some(), !diagnostics.iter().any(Diagnostic::is_error), "{name}: checked iff no error");
    diagnostics
}

/// Like [`check`], and renders every diagnostic (at most `limit` of them) as the CLI would.
fn check_and_render(name: &str, source: &str, limit: usize) -> Vec<Diagnostic> {
    let diagnostics = check(name, source);
    let handler = miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor()).with_width(80);
    for d in diagnostics.iter().take(limit) {
        let mut out = String::new();
        handler.render_report(&mut out, d).expect("renders");
    }
    diagnostics
}

fn errors(diagnostics: &[Diagnostic]) -> usize {
    diagnostics.iter().filter(|d| d.is_error()).count()
}

#[test]
fn empty_and_blank_files() {
    for source in ["", "\n", "\n\n\n", "   ", "\t\n  \t\n", "\r\n\r\n"] {
        let diagnostics = check_and_render("blank", source, usize::MAX);
        assert!(errors(&diagnostics) > 0, "{source:?} is not a game");
    }
}

#[test]
fn only_comments() {
    for source in ["// nothing here", "// one\n// two\n", "// no newline at the end", "//", "////\n//"] {
        let diagnostics = check_and_render("comments", source, usize::MAX);
        assert!(errors(&diagnostics) > 0, "{source:?} is not a game");
    }
}

#[test]
fn shipped_rules_with_other_line_endings() {
    for source in [TIHBAT, DJENON] {
        let crlf = source.replace('\n', "\r\n");
        assert_eq!(errors(&check("crlf", &crlf)), 0, "CRLF line endings");
        let cr = source.replace('\n', "\r");
        assert_eq!(errors(&check("cr", &cr)), 0, "CR line endings");
        let no_final_newline = source.trim_end();
        assert_eq!(errors(&check("no final newline", no_final_newline)), 0);
        let tabs = source.replace("    ", "\t");
        assert_eq!(errors(&check("tabs", &tabs)), 0);
    }
}

/// Random bytes, made text as an editor would show them (`from_utf8_lossy`), from 300 seeds.
#[test]
fn binary_junk() {
    for seed in 1..=300u64 {
        let mut rng = Rng::new(seed);
        let len = rng.below(2000);
        let bytes: Vec<u8> = (0..len).map(|_| rng.random::<u8>()).collect();
        let source = String::from_utf8_lossy(&bytes);
        check_and_render(&format!("junk from seed {seed}"), &source, 3);
    }
}

/// A broken file says the same with CRLF line endings as with LF: same codes, same texts
/// underlined (no `\r` in them).
#[test]
fn diagnostics_do_not_depend_on_line_endings() {
    let broken = TIHBAT
        .replace("size 2 x 2", "size 2 by 2")
        .replace("    sow counter-clockwise", "    sow counter-clockwise\n    the stones go round")
        .replace("seeds 7", "seeds 99999999999999999999")
        .replace("play {", "play");
    let summary = |source: &str| -> Vec<(&'static str, String)> {
        check("endings", source).iter().map(|d| (d.code.as_str(), d.span().text(source).replace("\r\n", "\n"))).collect()
    };
    let lf = summary(&broken);
    assert!(lf.len() >= 4, "{lf:?}");
    assert_eq!(summary(&broken.replace('\n', "\r\n")), lf);
    for (_, text) in &lf {
        assert!(!text.ends_with(char::is_whitespace), "{text:?}");
    }
}

/// Junk that is nearly a rule file: the characters and words the grammar cares about, shuffled.
#[test]
fn shuffled_tokens() {
    let tokens = [
        "board",
        "{",
        "}",
        "(",
        ")",
        "size",
        "2",
        "x",
        "6",
        "seeds",
        "4",
        "in",
        "row",
        "a",
        "b",
        "a1",
        "when",
        "count",
        "in",
        "{2, 4}",
        "every",
        "hole",
        "is",
        "has",
        "not",
        "and",
        "or",
        "..",
        "|",
        "=",
        ">=",
        "option",
        ":",
        "game",
        "\"",
        "\"Tihbat\"",
        "\n",
        "\n",
        "\n",
        "//",
        "repeats",
        "times",
        ",",
        "leftover",
        "split",
        "draw",
        "capture",
        "end",
        "play",
        "sowing",
        "relay",
        "chain",
        "take",
        "last",
        "99999999999999999999",
        "é",
        "🐚",
        "\t",
        "\r",
        "south",
        "north",
        "owns",
        "moves",
        "first",
        "start",
        "from",
        "own",
        "where",
        "no",
        "move",
        "pass",
        "sow",
        "skip",
        "origin",
        "first seed into",
        "most",
        "wins",
    ];
    let mut rng = Rng::new(42);
    for round in 0..300 {
        let len = rng.below(200);
        let source: Vec<&str> = (0..len).map(|_| tokens[rng.below(tokens.len())]).collect();
        check_and_render(&format!("tokens {round}"), &source.join(" "), 3);
    }
}

/// Every line of the shipped rules, dropped one at a time and doubled one at a time.
#[test]
fn shipped_rules_with_a_line_dropped_or_doubled() {
    for source in [TIHBAT, DJENON] {
        let lines: Vec<&str> = source.lines().collect();
        for i in 0..lines.len() {
            let mut dropped = lines.clone();
            dropped.remove(i);
            check("dropped", &dropped.join("\n"));
            let mut doubled = lines.clone();
            doubled.insert(i, lines[i]);
            check("doubled", &doubled.join("\n"));
        }
    }
}

/// Every prefix of a shipped file (a file cut short while it is written), at every char boundary.
#[test]
fn shipped_rules_cut_short() {
    for source in [TIHBAT, DJENON] {
        for (at, _) in source.char_indices().step_by(7) {
            check("cut", &source[..at]);
        }
    }
}

const TEN_MB: usize = 10 * 1024 * 1024;

/// A shipped file repeated to 10 MB: every section and statement written thousands of times.
/// The slowest test by far (the generated parser is slow in a debug build): named to sort first,
/// so that the test harness starts it first and runs the others beside it.
#[test]
fn a_file_of_ten_megabytes_of_valid_rules() {
    let source = DJENON.repeat(TEN_MB / DJENON.len() + 1);
    assert!(source.len() >= TEN_MB);
    let diagnostics = check("big", &source);
    assert!(errors(&diagnostics) > 0, "the sections and statements are repeated");
    let codes: std::collections::BTreeSet<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    // Capture sections may repeat, but not past the 255 the engine numbers.
    assert_eq!(
        codes,
        ["duplicate_section", "duplicate_statement", "row_owned_twice", "too_many_captures"].into(),
        "only repetitions are wrong"
    );
}

/// 10 MB of `(`, alone and where a condition goes. (Checked, not rendered here: tests/hostile_rules.rs
/// shows that rendering cuts a long line to a window.)
#[test]
fn ten_megabytes_of_open_parentheses() {
    let source = "(".repeat(TEN_MB);
    assert!(errors(&check("parens", &source)) > 0);
    let in_a_rule = TIHBAT.replace("where count >= 1", &format!("where {}", "(".repeat(TEN_MB)));
    assert!(errors(&check("parens in a rule", &in_a_rule)) > 0);
}

/// 10 MB on one line, in the shapes a line can take.
#[test]
fn ten_megabytes_on_one_line() {
    let lines = [
        ("one word in a rule", TIHBAT.replace("sow counter-clockwise", &format!("sow {}", "a".repeat(TEN_MB)))),
        ("a comment", format!("{TIHBAT}//{}", "x".repeat(TEN_MB))),
        ("a quoted text", TIHBAT.replace("game \"Tihbat\"", &format!("game \"{}\"", "x".repeat(TEN_MB)))),
    ];
    for (what, source) in lines {
        assert!(source.len() >= TEN_MB);
        let diagnostics = check(what, &source);
        match what {
            "a comment" | "a quoted text" => assert_eq!(errors(&diagnostics), 0, "{what} is fine"),
            _ => assert!(errors(&diagnostics) > 0, "{what} is not a rule file"),
        }
    }
}

/// Words too long to be names are cut before parsing, but not in the texts the file quotes.
#[test]
fn long_words_in_quoted_texts_are_kept() {
    use mancala::ast::{Item, StatementKind};
    let word = "x".repeat(1000);
    let source = TIHBAT.replacen("game \"Tihbat\"", &format!("game \"Tihbat {word}\"\nsource \"{word}é\"\nsow {word}"), 1);
    let file = mancala::syntax::parse(&source).expect("parses");
    let texts: Vec<String> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Statement(s) => match &s.kind {
                StatementKind::Game(t) | StatementKind::Source(t) => Some(t.text.clone()),
                StatementKind::Unparsed(text) => Some(text.clone()),
                _ => None,
            },
            Item::Section(_) => None,
        })
        .collect();
    assert!(texts.contains(&format!("Tihbat {word}")));
    assert!(texts.contains(&format!("{word}é")));
    assert!(texts.contains(&format!("sow {word}")), "the unreadable line is kept whole");
    let diagnostics = check("long words", &source);
    assert_eq!(diagnostics.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(), ["unreadable_line"]);
}

/// Half a megabyte of spaces and tabs, between words and alone. (Each space costs the generated parser
/// a call, which makes 10 MB of them slow in a debug build, if linear.)
#[test]
fn long_runs_of_spaces() {
    let spaces = " \t".repeat(1 << 18);
    assert!(errors(&check("spaces alone", &format!("{spaces}x"))) > 0);
    let between_words = TIHBAT.replace("sow counter-clockwise", &format!("sow{spaces}counter-clockwise{spaces}"));
    assert_eq!(errors(&check("spaces between words", &between_words)), 0);
}

/// Many short lines of the kinds that make the parser try and give up the most. Smaller than
/// 10 MB: what matters is that the time grows with the lines, not with their square (as it did
/// when each line opening a section looked for its `}` to the end of the file).
#[test]
fn many_lines_that_fail() {
    for (what, line, times) in [
        ("blank lines", "\n", 1 << 17),
        ("comments", "// nothing\n", 1 << 15),
        ("closing braces", "}\n", 1 << 13),
        ("section headers", "board {\n", 1 << 11),
        ("empty sections", "board {\n}\n", 1 << 11),
        ("unreadable lines", "sow sow sow\n", 1 << 12),
    ] {
        let source = line.repeat(times);
        assert!(errors(&check(what, &source)) > 0, "{what}");
    }
}

/// A number too large for any integer type, in every place a number can stand.
#[test]
fn huge_numbers_everywhere() {
    let huge = "99999999999999999999999999999999999999999999999999";
    let places = [
        ("size 2 x 2", format!("size {huge} x 2")),
        ("size 2 x 2", format!("size 2 x {huge}")),
        ("seeds 7", format!("seeds {huge}")),
        ("seeds 7", format!("seeds 7\n    seeds {huge} in row a")),
        ("seeds 7", format!("seeds 7\n    seeds 1 in a{huge}")),
        ("count >= 1", format!("count >= {huge}")),
        ("count in {2, 4, 6, 8}", format!("count in {{2, {huge}, 6, 8}}")),
        ("count in {2, 4, 6, 8}", format!("count in {huge}..{huge}")),
        ("count in {2, 4, 6, 8}", format!("count in 2..{huge}")),
        ("board repeats 2 times", format!("board repeats {huge} times")),
        ("game \"Tihbat\"", format!("game \"Tihbat\"\noption n: {huge}..{huge} = {huge}\noption m: 1 | {huge} = 1")),
        ("game \"Tihbat\"", format!("game \"Tihbat\"\noption n: 1..3 = {huge}")),
    ];
    for (old, new) in places {
        assert!(TIHBAT.contains(old), "{old}");
        let source = TIHBAT.replacen(old, &new, 1);
        let diagnostics = check_and_render(&new, &source, usize::MAX);
        assert!(errors(&diagnostics) > 0, "{new} is accepted");
        assert!(diagnostics.iter().all(|d| d.code.as_str() != "unreadable_line"), "{new}: a huge number is still a number");
    }
    // A number as long as a megabyte.
    let source = TIHBAT.replacen("seeds 7", &format!("seeds {}", "9".repeat(1 << 20)), 1);
    assert!(errors(&check_and_render("a megabyte of digits", &source, usize::MAX)) > 0);
}

/// Parentheses, `not` and `every hole` nested up to the limit (32, valid) and far beyond it
/// (refused with a diagnostic, not a stack overflow).
#[test]
fn deep_nesting() {
    for depth in [1, 10, 31, 32, 33, 100, 10_000, 100_000] {
        let open = "(".repeat(depth);
        let close = ")".repeat(depth);
        let parens = TIHBAT.replace("where count >= 1", &format!("where {open}count >= 1{close}"));
        let nots = TIHBAT.replace("where count >= 1", &format!("where {}count >= 1", "not ".repeat(depth)));
        let every = TIHBAT.replace("when every hole is empty", &format!("when {}empty", "every hole ".repeat(depth)));
        let mixed = TIHBAT.replace("where count >= 1", &format!("where {}count >= 1{close}", "not (".repeat(depth)));
        let unbalanced = TIHBAT.replace("where count >= 1", &format!("where {open}count >= 1"));
        for (what, source) in [("parens", parens), ("nots", nots), ("every", every), ("mixed", mixed), ("unbalanced", unbalanced)] {
            let name = format!("{what} {depth}");
            // Rendering shows the whole line: only short ones.
            let diagnostics = if depth <= 100 { check_and_render(&name, &source, 3) } else { check(&name, &source) };
            if depth > 32 || what == "unbalanced" {
                assert!(errors(&diagnostics) > 0, "{what} nested {depth} deep is refused");
            } else {
                assert_eq!(errors(&diagnostics), 0, "{what} nested {depth} deep is a valid condition");
            }
        }
    }
}

#[test]
fn unicode_everywhere() {
    let replacements = [
        ("Tihbat", "Tîhbät 🐚 ﷽ 𝕋"),
        ("board {", "bøard {"),
        ("south", "süd"),
        ("row a", "row ä"),
        ("counter-clockwise", "против-часовой"),
        ("count >= 1", "count ≥ 1"),
        ("seeds 7", "seeds ７"),
        ("size 2 x 2", "size 2 × 2"),
        ("{2, 4, 6, 8}", "｛2, 4｝"),
        ("leftover split", "leftover split\u{200B}"),
        ("most stones wins", "most stones wins \u{202E}evil"),
        ("}", "\u{FEFF}}"),
        ("    ", "\u{00A0}\u{3000}"),
        ("\n", "\u{2028}"),
    ];
    for (old, new) in replacements {
        check_and_render(new, &TIHBAT.replacen(old, new, 1), usize::MAX);
        check_and_render(new, &TIHBAT.replace(old, new), usize::MAX);
    }
    let byte_order_mark = format!("\u{FEFF}{TIHBAT}");
    check_and_render("bom", &byte_order_mark, usize::MAX);
    let mut rng = Rng::new(7);
    let alphabet: Vec<char> = "aé🐚ﬁ\u{301}\u{0}\u{7F}{}()\"\n\t ∀ẞ😀\u{10FFFF}".chars().collect();
    for round in 0..200 {
        let len = rng.below(300);
        let source: String = (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect();
        check_and_render(&format!("unicode {round}"), &source, 3);
    }
    // Unicode inserted at every line start of a real file.
    let sprinkled: String = TIHBAT.lines().map(|l| format!("é{l}\n")).collect();
    check_and_render("sprinkled", &sprinkled, usize::MAX);
}

/// Every statement written where it does not belong: each section's statements moved to the
/// next section, and the top-level statements put inside one.
#[test]
fn every_statement_misplaced() {
    let statements = [
        "game \"Tihbat\"",
        "source \"here\"",
        "ruling H1 \"text\"",
        "project ruling D6 \"text\"",
        "option n: 1..3 = 2",
        "size 2 x 2",
        "south owns row a",
        "seeds 7",
        "south moves first",
        "start from own hole where count >= 1",
        "no move: pass",
        "sow counter-clockwise",
        "first seed into origin",
        "skip origin",
        "relay when count >= 2",
        "take last hole",
        "chain backward while count in {2, 4}",
        "when every hole is empty",
        "leftover split",
        "most stones wins",
    ];
    for section in ["board", "play", "sowing", "capture", "end"] {
        let body = statements.iter().map(|s| format!("    {s}\n")).collect::<String>();
        let source = format!("{section} {{\n{body}}}\n");
        let diagnostics = check_and_render(section, &source, usize::MAX);
        assert!(errors(&diagnostics) >= statements.len() / 2, "{section}: {}", diagnostics.len());
    }
    // Sectioned statements outside any section.
    let top: String = statements.iter().map(|s| format!("{s}\n")).collect();
    let diagnostics = check_and_render("top", &top, usize::MAX);
    assert!(errors(&diagnostics) >= statements.len() / 2);
    // Each shipped section's statements in the wrong section, by rotating the section names.
    let rotated = TIHBAT
        .replace("board {", "@1 {")
        .replace("play {", "@2 {")
        .replace("sowing {", "@3 {")
        .replace("capture {", "@4 {")
        .replace("end {", "@5 {")
        .replace("@1", "end")
        .replace("@2", "board")
        .replace("@3", "play")
        .replace("@4", "sowing")
        .replace("@5", "capture");
    assert!(errors(&check_and_render("rotated", &rotated, usize::MAX)) > 5);
}

/// Rule files mixed from every shipped file: a base file with lines of the same section taken
/// from the others (4-row circuits beside stores, rounds beside heads …) and numbers changed. Each
/// one checks without panicking; each that checks is played for a while by random legal actions,
/// which never panic, never refuse an offered action, and whose positions read back the same.
#[test]
fn mixed_rule_files_check_and_play_without_panicking() {
    let mut paths: Vec<_> = std::fs::read_dir(format!("{}/rules", env!("CARGO_MANIFEST_DIR")))
        .expect("rules/")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "mancala"))
        .collect();
    paths.sort();
    let shipped: Vec<String> = paths.iter().map(|path| std::fs::read_to_string(path).expect("a shipped file")).collect();
    // `MIXED_ROUNDS=100000 cargo test --release --test robustness mixed` looks further.
    let rounds: usize = std::env::var("MIXED_ROUNDS").ok().and_then(|n| n.parse().ok()).unwrap_or(1000);
    // Every statement line of every section, by section name, comments cut off.
    let mut lines_of: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for source in &shipped {
        let mut section = None;
        for line in source.lines() {
            let line = line.split("//").next().unwrap_or("").trim();
            if let Some(header) = line.strip_suffix('{') {
                section = header.split_whitespace().next().map(str::to_string);
            } else if line == "}" {
                section = None;
            } else if let (Some(s), false) = (&section, line.is_empty()) {
                lines_of.entry(s.clone()).or_default().push(line.to_string());
            }
        }
    }
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut played = 0;
    for round in 0..rounds {
        let base = &shipped[rng.below(shipped.len())];
        let mut out = String::new();
        let mut section: Option<String> = None;
        for line in base.lines() {
            let trimmed = line.split("//").next().unwrap_or("").trim();
            if let Some(header) = trimmed.strip_suffix('{') {
                section = header.split_whitespace().next().map(str::to_string);
            } else if trimmed == "}" {
                section = None;
            }
            let pool = section.as_ref().and_then(|s| lines_of.get(s)).filter(|_| !trimmed.ends_with('{'));
            match (pool, rng.below(24)) {
                (Some(pool), 0) => out.push_str(&pool[rng.below(pool.len())]),
                (Some(pool), 1) => {
                    out.push_str(line);
                    out.push('\n');
                    out.push_str(&pool[rng.below(pool.len())]);
                }
                (_, 2) => {
                    // A number changed to another small one.
                    let digits: String = line
                        .chars()
                        .map(|c| if c.is_ascii_digit() { char::from(b'0' + u8::try_from(rng.below(10)).expect("a digit")) } else { c })
                        .collect();
                    out.push_str(&digits);
                }
                _ => out.push_str(line),
            }
            out.push('\n');
        }
        let name = format!("mixed {round}");
        check(&name, &out);
        let Ok(rules) = mancala::load_str(&name, &out, &[] as &[&str]) else { continue };
        played += 1;
        let mut game = mancala::Game::new(&rules);
        let mut actions = Vec::new();
        for _ in 0..300 {
            game.legal_actions_into(&mut actions);
            if actions.is_empty() {
                break;
            }
            let action = actions[rng.below(actions.len())];
            if let Err(e) = game.apply(action) {
                panic!("{name}: an offered action was refused: {e}\n{out}");
            }
            // A finished game has nobody to move, which a position to play from must have.
            if !game.is_over() {
                let reread = mancala::engine::position::parse_position(&game.position_json(), &rules)
                    .unwrap_or_else(|e| panic!("{name}: the position does not read back: {e}\n{}\n{out}", game.position_json()));
                assert_eq!(reread, *game.state(), "{name}: the position reads back the same\n{out}");
            }
        }
    }
    eprintln!("{played} mixed rule files played");
    assert!(played > 200, "only {played} mixed files checked clean: the test plays too little");
}
