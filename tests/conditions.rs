//! Conditions written as the rules say them (`own row is empty`) are the conditions the shipped
//! files wrote out before: each rewritten file compiles to exactly the rules its long form did.

use mancala::{load_file, load_str, Rules};

mod common;

/// Each shipped file rewritten with the short forms, and the lines as they were written before
/// (the new text, the old text).
const REWRITTEN: &[(&str, &[(&str, &str)])] = &[
    (
        "kalah",
        &[("when opponent's row is empty or own row is empty,", "when every hole is (own or empty) or every hole is (opponent or empty),")],
    ),
    ("bosh", &[("when opponent's row is empty,", "when every hole is (own or empty),")]),
    ("pallanguzhi", &[("when opponent's row is empty,", "when every hole is (own or empty),")]),
    (
        "rabe",
        &[("when own row is empty or opponent's row is empty,", "when every hole is (not own or empty) or every hole is (own or empty),")],
    ),
    (
        "abalalae",
        &[("when own row is empty or opponent's row is empty,", "when every hole is (not own or empty) or every hole is (own or empty),")],
    ),
];

/// Everything the engine is given, written out. `not own` and `opponent` are one term read two
/// ways (the engine reads both as the one atom "the mover's hole", denied): the old files wrote
/// `not own` where the short forms say `opponent`.
fn written_out(rules: &Rules) -> String {
    format!("{rules:?}").replace("Not(Own)", "Opponent")
}

#[test]
fn each_rewritten_file_compiles_to_what_its_long_form_did() {
    for (name, lines) in REWRITTEN {
        let path = common::rules_path(name);
        let source = std::fs::read_to_string(&path).expect("a shipped file");
        let mut old = source.clone();
        for (new_text, old_text) in *lines {
            assert_eq!(source.matches(new_text).count(), 1, "{name}: `{new_text}` is written once");
            old = old.replace(new_text, old_text);
        }
        let options: &[&[&str]] = if *name == "bosh" { &[&[], &["rounds=1"]] } else { &[&[]] };
        for sets in options {
            let short = load_file(&path, sets).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            let long = load_str(name, &old, sets).unwrap_or_else(|e| panic!("{name}, written out: {e:?}"));
            assert_eq!(written_out(&short), written_out(&long), "{name} {sets:?}");
        }
    }
}

/// The comparison can fail: a short form that said something else would not pass.
#[test]
fn a_different_condition_compiles_differently() {
    let source = std::fs::read_to_string(common::rules_path("kalah")).expect("Kalah");
    let one_row = source.replace("when opponent's row is empty or own row is empty,", "when own row is empty,");
    let (both, one) = (load_str("kalah", &source, &[] as &[&str]), load_str("kalah", &one_row, &[] as &[&str]));
    assert_ne!(written_out(&both.expect("Kalah")), written_out(&one.expect("Kalah, one row")));
}

/// `row` is the word of `own row`: no set may take it.
#[test]
fn no_set_is_called_row() {
    let source = std::fs::read_to_string(common::rules_path("kalah")).expect("Kalah");
    let named = source.replace("    seeds 4", "    seeds 4\n    set row = holes a1 a2");
    let (checked, diagnostics) = mancala::load::check_source("kalah", &named);
    assert!(checked.is_none());
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["reserved_set_name"], "{diagnostics:?}");
}
