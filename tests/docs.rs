//! The language reference's examples are real: every ```mancala block of docs/language.md reads
//! without an unreadable line (blocks are fragments, so they are parsed, not checked), and the
//! complete example checks clean.

use mancala::ast::{Item, StatementKind};

fn blocks() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/language.md")).expect("docs/language.md");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        match &mut current {
            None if trimmed == "```mancala" => current = Some(String::new()),
            Some(block) if trimmed == "```" => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(trimmed);
                block.push('\n');
            }
            None => {}
        }
    }
    blocks
}

#[test]
fn every_example_of_the_reference_reads() {
    let blocks = blocks();
    assert!(blocks.len() >= 15, "only {} examples found", blocks.len());
    for block in &blocks {
        let file = mancala::syntax::parse(block).unwrap_or_else(|e| panic!("{e:?}\nin:\n{block}"));
        let statements = file.items.iter().flat_map(|item| match item {
            Item::Section(section) => section.statements.iter().collect::<Vec<_>>(),
            Item::Statement(statement) => vec![statement],
        });
        for statement in statements {
            assert!(!matches!(statement.kind, StatementKind::Unparsed(_)), "unreadable line {:?} in:\n{block}", statement.kind);
        }
    }
}

#[test]
fn the_complete_example_checks_clean() {
    let example = blocks().into_iter().find(|b| b.contains("game \"Example\"")).expect("the complete example");
    let (checked, diagnostics) = mancala::load::check_source("example", &example);
    assert!(checked.is_some() && diagnostics.is_empty(), "{diagnostics:?}");
}
