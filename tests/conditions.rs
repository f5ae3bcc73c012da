//! Conditions written as the rules say them (`own row is empty`, a condition asked by its name,
//! `some hole is …`) are the conditions the shipped files wrote out before: each rewritten file
//! compiles to exactly the rules its long form did.

use mancala::{load_file, load_str, Rules};

mod common;

/// Each rule file rewritten with the short forms (shipped, or a fixture game), and the lines as
/// they were written before (the new text, the old text: nothing for a `condition` line).
const REWRITTEN: &[(&str, &[(&str, &str)])] = &[
    ("rules/kalah", &[("when opponent's row is empty or own row is empty,", "when every hole is (own or empty) or every hole is (opponent or empty),")]),
    ("rules/bosh", &[("when opponent's row is empty,", "when every hole is (own or empty),")]),
    ("rules/pallanguzhi", &[("when opponent's row is empty,", "when every hole is (own or empty),")]),
    ("rules/rabe", &[("when own row is empty or opponent's row is empty,", "when every hole is (not own or empty) or every hole is (own or empty),")]),
    ("rules/abalalae", &[("when own row is empty or opponent's row is empty,", "when every hole is (not own or empty) or every hole is (own or empty),")]),
    (
        "rules/bao-la-kiswahili",
        &[
            ("condition standing_house = in nyumba and intact and count >= 6", ""),
            (
                "not standing_house and (count >= 2 or some hole is (own and standing_house)),",
                "not (in nyumba and intact and count >= 6) and (count >= 2 or not every hole is (not own or not in nyumba or not intact or count < 6)),",
            ),
            ("(not (own and standing_house) or", "(not (own and in nyumba and intact and count >= 6) or"),
            ("when own and standing_house and capturing", "when own and in nyumba and intact and count >= 6 and capturing"),
            ("lap = 1 and own and standing_house", "lap = 1 and own and in nyumba and intact and count >= 6"),
        ],
    ),
    (
        "tests/fixtures/games/bawo",
        &[
            ("condition standing_house = in kuu and intact and count >= 8", ""),
            (
                "not standing_house and (count >= 2 or some hole is (own and standing_house)),",
                "not (in kuu and intact and count >= 8) and (count >= 2 or not every hole is (not own or not in kuu or not intact or count < 8)),",
            ),
            ("(not (own and standing_house) or", "(not (own and in kuu and intact and count >= 8) or"),
            ("when own and standing_house and capturing", "when own and in kuu and intact and count >= 8 and capturing"),
            ("lap = 1 and own and standing_house", "lap = 1 and own and in kuu and intact and count >= 8"),
        ],
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
        let path = format!("{}/{name}.mancala", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).expect("a shipped file");
        let mut old = source.clone();
        for (new_text, old_text) in *lines {
            assert_eq!(source.matches(new_text).count(), 1, "{name}: `{new_text}` is written once");
            old = old.replace(new_text, old_text);
        }
        let options: &[&[&str]] = if *name == "rules/bosh" { &[&[], &["rounds=1"]] } else { &[&[]] };
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

/// A game of 2 × 2 holes of one stone, with `top` at the top, ending `when` as `end` says (its
/// reason in words, so that two ways of saying it read the same).
fn tiny(top: &str, end: &str) -> String {
    format!("game \"Tiny\"\n{top}\nboard {{\n    size 2 x 2\n    seeds 1\n}}\n\nend {{\n    {end}, \"the end\"\n    when board repeats 2 times\n}}\n")
}

fn compiled(source: &str) -> String {
    let rules = load_str("tiny", source, &[] as &[&str]).unwrap_or_else(|e| panic!("{e:?}\nin:\n{source}"));
    written_out(&rules)
}

/// `some hole is …` is `not every hole is not …`, with the `not` taken inside as one writes it.
#[test]
fn some_hole_is_not_every_hole_without_it() {
    let pairs = [
        ("when some hole has count >= 2", "when not every hole has count < 2"),
        ("when some hole is (own and not empty)", "when not every hole is (not own or empty)"),
        ("when some hole is (not (count = 1 or count in {3, 4}))", "when not every hole is (count = 1 or count in {3, 4})"),
    ];
    for (short, long) in pairs {
        assert_eq!(compiled(&tiny("", short)), compiled(&tiny("", long)), "{short}");
    }
}

/// South sows a2 into North's b2, which then holds 2: the game ends there, and not before.
#[test]
fn some_hole_ends_the_game_when_one_hole_meets_it() {
    let source = tiny("", "when some hole has count >= 2");
    let rules = load_str("tiny", &source, &[] as &[&str]).expect("checks");
    let mut game = mancala::Game::new(&rules);
    assert!(!game.is_over());
    game.apply(mancala::Action::parse("a2", &rules).expect("a2")).expect("legal");
    assert_eq!(game.result().map(|r| r.reason.as_str()), Some("the end"));
}

/// A name is asked before or after its line, by other names too, and stands for its condition
/// written out: `and` inside `and` joined.
#[test]
fn a_named_condition_is_its_condition_written_out() {
    let named = tiny("", "when some hole is crowded") + "\ncondition crowded = count >= 2 and stocked\ncondition stocked = not empty\n";
    let written = tiny("", "when some hole has (count >= 2 and not empty)");
    assert_eq!(compiled(&named), compiled(&written));
    let board_wide = tiny("condition bare = own row is empty", "when bare or opponent's row is empty");
    assert_eq!(compiled(&board_wide), compiled(&tiny("", "when own row is empty or opponent's row is empty")));
}

/// A named condition may use an option's number; the option is then used.
#[test]
fn a_named_condition_takes_options() {
    let source = tiny("option crowd: 2 | 3 = 2\ncondition crowded = count >= crowd", "when some hole is crowded");
    let (checked, diagnostics) = mancala::load::check_source("tiny", &source);
    assert!(checked.is_some() && diagnostics.is_empty(), "{diagnostics:?}");
    let three = load_str("tiny", &source, &["crowd=3"]).expect("crowd=3");
    let written = tiny("option crowd: 2 | 3 = 2", "when some hole has count >= crowd");
    assert_eq!(written_out(&three), written_out(&load_str("tiny", &written, &["crowd=3"]).expect("crowd=3, written out")));
    assert_ne!(written_out(&three), compiled(&source), "crowd=3 is not the default's 2");
}

/// A condition is not called like a hole, nor like a word of conditions.
#[test]
fn no_condition_is_called_like_a_hole_or_a_word() {
    for name in ["a1", "own", "count", "some"] {
        let source = tiny(&format!("condition {name} = empty"), "when every hole is empty");
        let (checked, diagnostics) = mancala::load::check_source("tiny", &source);
        let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert!(checked.is_none() && codes == ["reserved_condition_name"], "{name}: {diagnostics:?}");
    }
}
