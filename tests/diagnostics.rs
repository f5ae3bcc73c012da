//! The checker's diagnostics, rendered as a user sees them, one snapshot per broken rule file.
//!
//! Each `tests/fixtures/check/err_*.mancala` is a shipped rule file with one thing broken, said in
//! its first line (`err_five_mistakes` has five, in five places); `warn_*.mancala` files run but
//! draw a warning. Every snapshot carries the file it was made from as its description, so it
//! reads on its own: what is wrong, where, and what to write instead.

use std::collections::BTreeSet;
use std::path::Path;

use mancala::check::Diagnostic;
use mancala::load::check_source;
use miette::{GraphicalReportHandler, GraphicalTheme};

fn read(path: &Path) -> (String, String) {
    let name = format!("fixtures/check/{}", path.file_name().expect("a file name").to_string_lossy());
    let source = std::fs::read_to_string(path).expect("a readable fixture");
    (name, source)
}

/// Every diagnostic, rendered without colour at a fixed width, separated by blank lines.
fn render(diagnostics: &[Diagnostic]) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(80);
    let mut out = String::new();
    for diagnostic in diagnostics {
        handler.render_report(&mut out, diagnostic).expect("rendering to a string cannot fail");
        out.push('\n');
    }
    // The rendering pads some lines; trailing spaces only make snapshots hard to read.
    out.lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
}

fn errors(diagnostics: &[Diagnostic]) -> Vec<&Diagnostic> {
    diagnostics.iter().filter(|d| d.is_error()).collect()
}

/// insta's `glob!` keeps its count of failed snapshots in one stack shared by all threads, so two
/// globs running at once may charge a failure to the wrong test: they take turns.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static GLOB: std::sync::Mutex<()> = std::sync::Mutex::new(());
    GLOB.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[test]
fn broken_files() {
    let _one_glob_at_a_time = serial();
    insta::glob!("fixtures/check/err_*.mancala", |path| {
        let (name, source) = read(path);
        let (checked, diagnostics) = check_source(&name, &source);
        assert!(checked.is_none(), "{name} passed the checker");
        assert!(!errors(&diagnostics).is_empty(), "{name} yields no error");
        let rendered = render(&diagnostics);
        insta::with_settings!({description => source.as_str(), omit_expression => true}, {
            insta::assert_snapshot!(rendered);
        });
    });
}

#[test]
fn files_with_warnings() {
    let _one_glob_at_a_time = serial();
    insta::glob!("fixtures/check/warn_*.mancala", |path| {
        let (name, source) = read(path);
        let (checked, diagnostics) = check_source(&name, &source);
        assert!(checked.is_some(), "{name} should still run: {diagnostics:?}");
        assert!(errors(&diagnostics).is_empty(), "{name} yields errors");
        assert!(!diagnostics.is_empty(), "{name} yields no warning");
        let rendered = render(&diagnostics);
        insta::with_settings!({description => source.as_str(), omit_expression => true}, {
            insta::assert_snapshot!(rendered);
        });
    });
}

#[test]
fn five_mistakes_give_five_errors() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/err_five_mistakes.mancala");
    let (name, source) = read(&path);
    let (_, diagnostics) = check_source(&name, &source);
    let errors = errors(&diagnostics);
    assert_eq!(errors.len(), 5, "{}", render(&diagnostics));
    assert_eq!(diagnostics.len(), 5, "no warning either: {}", render(&diagnostics));
    let spans: BTreeSet<_> = errors.iter().map(|d| d.span()).collect();
    assert_eq!(spans.len(), 5, "each mistake has its own span");
    let lines: BTreeSet<_> = spans.iter().map(|s| source[..s.start as usize].lines().count()).collect();
    assert_eq!(lines.len(), 5, "each mistake is on its own line");
    let codes: BTreeSet<_> = errors.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes.len(), 5, "five different mistakes: {codes:?}");
}

/// Every diagnostic of every fixture points inside the file and says what to do about it.
#[test]
fn every_diagnostic_has_a_span_and_help() {
    let _one_glob_at_a_time = serial();
    insta::glob!("fixtures/check/*.mancala", |path| {
        let (name, source) = read(path);
        let (_, diagnostics) = check_source(&name, &source);
        for d in &diagnostics {
            assert!(d.help.is_some(), "{name}: `{}` has no help", d.message);
            assert!(!d.labels.is_empty(), "{name}: `{}` has no label", d.message);
            for (span, _) in &d.labels {
                assert!(span.start <= span.end && span.end as usize <= source.len(), "{name}: `{}` points outside the file", d.message);
            }
            assert_ne!(d.code.as_str(), "internal", "{name}: {}", d.message);
        }
    });
}

/// A fixture with one thing broken yields one diagnostic: a mistake does not drag others after
/// it (a warning that only follows from the mistake counts too).
#[test]
fn one_mistake_one_diagnostic() {
    let mut failures = Vec::new();
    let _one_glob_at_a_time = serial();
    insta::glob!("fixtures/check/err_*.mancala", |path| {
        let (name, source) = read(path);
        let (_, diagnostics) = check_source(&name, &source);
        if !name.contains("five_mistakes") && diagnostics.len() != 1 {
            failures.push(format!("{name}: {} diagnostics\n{}", diagnostics.len(), render(&diagnostics)));
        }
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
