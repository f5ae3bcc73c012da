//! The rule files shipped in `rules/` check without a single error or warning, and their syntax
//! trees are snapshotted as RON (spans aside), so that a change to the grammar or the builders
//! that alters how a shipped file reads shows up in review.

use mancala::load::check_source;
use miette::{GraphicalReportHandler, GraphicalTheme};

/// insta's `glob!` keeps its count of failed snapshots in one stack shared by all threads, so two
/// globs running at once may charge a failure to the wrong test: they take turns.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static GLOB: std::sync::Mutex<()> = std::sync::Mutex::new(());
    GLOB.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[test]
fn shipped_rules_check_cleanly() {
    let _one_glob_at_a_time = serial();
    insta::glob!("../rules", "*.mancala", |path| {
        let name = path.file_name().expect("a file name").to_string_lossy().to_string();
        let source = std::fs::read_to_string(path).expect("a readable rule file");
        let (checked, diagnostics) = check_source(&name, &source);
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(80);
        let mut rendered = String::new();
        for d in &diagnostics {
            handler.render_report(&mut rendered, d).expect("renders");
        }
        assert!(diagnostics.is_empty(), "{name} has diagnostics:\n{rendered}");
        assert!(checked.is_some(), "{name} does not check");
    });
}

#[test]
fn shipped_rules_syntax_trees() {
    let _one_glob_at_a_time = serial();
    insta::glob!("../rules", "*.mancala", |path| {
        let source = std::fs::read_to_string(path).expect("a readable rule file");
        let file = mancala::syntax::parse(&source).expect("a shipped file parses");
        // Spans aside, as the tree's equality: a change of layout or comment is no change here.
        insta::assert_ron_snapshot!(file, {".**.span" => "[span]"});
    });
}

/// Every span of a shipped file's tree covers exactly what it names: no comment or trailing
/// space inside a statement, an ident's span holds the ident.
#[test]
fn shipped_rules_spans_hold_what_they_name() {
    use mancala::ast::{Item, StatementKind};
    let _one_glob_at_a_time = serial();
    insta::glob!("../rules", "*.mancala", |path| {
        let source = std::fs::read_to_string(path).expect("a readable rule file");
        let file = mancala::syntax::parse(&source).expect("a shipped file parses");
        for item in &file.items {
            let statements = match item {
                Item::Section(section) => {
                    assert_eq!(section.name.span.text(&source), section.name.name);
                    section.statements.iter().collect::<Vec<_>>()
                }
                Item::Statement(statement) => vec![statement],
            };
            for statement in statements {
                let text = statement.span.text(&source);
                assert!(
                    !text.contains("//") || matches!(statement.kind, StatementKind::Source(_) | StatementKind::Ruling { .. }),
                    "{text:?}"
                );
                assert_eq!(text, text.trim(), "{text:?}");
                assert!(!text.contains('\n'), "{text:?}");
            }
        }
    });
}
