//! `mancala check`'s options for programs and scripts: `--format json` (one JSON object a
//! diagnostic, every one, places that agree with the file), `--color` and `--deny warnings`.

mod common;

use common::{mancala, stderr, stdout};

use std::path::PathBuf;

use serde_json::{json, Value};

fn fixtures() -> Vec<PathBuf> {
    common::mancala_files("tests/fixtures/check")
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/check/{name}.mancala", env!("CARGO_MANIFEST_DIR"))
}

/// The 1-based line and column (in characters) of byte `offset` of `text`, counted the plain way.
fn place(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let mut line = 1;
    let mut column = 1;
    let mut chars = before.chars().peekable();
    while let Some(c) = chars.next() {
        let breaks = c == '\n' || (c == '\r' && chars.peek() != Some(&'\n'));
        if breaks {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    json!({"line": line, "column": column})
}

/// Every diagnostic of every fixture: a JSON object of exactly the promised fields, whose labels
/// lie inside the file on character boundaries, at the lines and columns their bytes stand on.
#[test]
fn every_fixture_is_json_lines_with_places_that_agree() {
    for path in fixtures() {
        let file = path.to_str().expect("a UTF-8 path");
        let source = std::fs::read_to_string(&path).expect("a readable fixture");
        let out = mancala(&["check", "--format", "json", file]);
        let expected_code = if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with("err_")) { 1 } else { 0 };
        assert_eq!(out.status.code(), Some(expected_code), "{file}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{file}");
        let text = stdout(&out);
        assert!(text.ends_with('\n'), "{file}: {text}");
        let lines: Vec<&str> = text.lines().collect();
        assert!(!lines.is_empty(), "{file}: no diagnostic");
        for line in lines {
            let record: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{file}: {e}: {line}"));
            let object = record.as_object().expect("an object");
            let keys: Vec<&str> = object.keys().map(String::as_str).collect();
            assert_eq!(keys, ["code", "file", "help", "labels", "message", "severity"], "{file}");
            assert_eq!(record["file"], file);
            assert!(record["code"].as_str().is_some_and(|c| c.starts_with("mancala::")), "{line}");
            assert!(["error", "warning"].contains(&record["severity"].as_str().unwrap_or("")), "{line}");
            assert!(record["message"].as_str().is_some_and(|m| !m.is_empty()), "{line}");
            assert!(record["help"].is_string() || record["help"].is_null(), "{line}");
            let labels = record["labels"].as_array().expect("labels");
            assert!(!labels.is_empty(), "{line}");
            for label in labels {
                assert!(label["message"].is_string(), "{line}");
                let start = label["span"]["start"].as_u64().and_then(|n| usize::try_from(n).ok()).expect("a start");
                let end = label["span"]["end"].as_u64().and_then(|n| usize::try_from(n).ok()).expect("an end");
                assert!(start <= end && end <= source.len(), "{file}: {start}..{end} outside the file");
                assert!(source.is_char_boundary(start) && source.is_char_boundary(end), "{file}: {start}..{end}");
                assert_eq!(label["start"], place(&source, start), "{file}: start of {line}");
                assert_eq!(label["end"], place(&source, end), "{file}: end of {line}");
            }
        }
    }
}

#[test]
fn one_diagnostic_exactly() {
    let file = fixture("err_unknown_hole");
    let out = mancala(&["check", "--format", "json", &file]);
    assert_eq!(out.status.code(), Some(1));
    let expected = concat!(
        r#"{"file":"FILE","code":"mancala::unknown_hole","severity":"error","message":"there is no hole `b7` on this board","#,
        r#""labels":[{"message":"unknown hole","span":{"start":207,"end":209},"start":{"line":10,"column":16},"end":{"line":10,"column":18}}],"#,
        r#""help":"holes are a row letter and a column, from a1 to b6; a whole row is written `row a`"}"#,
        "\n"
    );
    assert_eq!(stdout(&out), expected.replace("FILE", &file));
}

/// Non-ASCII text before a label: columns count characters, spans bytes.
#[test]
fn columns_count_characters() {
    let source = "game \"Ôwaré\"\nbörd {\n}\n";
    let out = common::mancala_with_input(&["check", "--format", "json", "-"], source);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let records: Vec<Value> = stdout(&out).lines().map(|line| serde_json::from_str(line).expect("JSON")).collect();
    let of =
        |code: &str| records.iter().find(|r| r["code"] == code).unwrap_or_else(|| panic!("no {code}: {records:?}"))["labels"][0].clone();
    // `"Ôwaré"`: 14 bytes, 12 characters.
    let game = of("mancala::missing_board");
    assert_eq!(game["span"], json!({"start": 0, "end": 14}), "{game}");
    assert_eq!(game["end"], json!({"line": 1, "column": 13}));
    let section = of("mancala::unknown_section");
    assert_eq!(section["span"], json!({"start": 15, "end": 22}), "{section}");
    assert_eq!(section["start"], json!({"line": 2, "column": 1}));
    assert_eq!(section["end"], json!({"line": 2, "column": 7}), "`börd {{`: 7 bytes, 6 characters");
    assert!(records.iter().all(|r| r["file"] == "<stdin>"));
}

/// JSON leaves nothing out: a file of 60 unreadable lines gives 60 objects, where the human
/// format shows 50 and says how many more there are.
#[test]
fn json_gives_every_diagnostic() {
    let mut source = std::fs::read_to_string(fixture("warn_unused_option")).expect("fixture");
    source.push_str(&"play { this is no rule }\n".repeat(60));
    let json = common::mancala_with_input(&["check", "--format", "json", "-"], &source);
    assert_eq!(json.status.code(), Some(1));
    let count = stdout(&json).lines().count();
    let human = common::mancala_with_input(&["check", "-"], &source);
    assert_eq!(stderr(&human).matches("mancala::").count(), 50);
    assert!(stderr(&human).contains(&format!("… and {} more problems (the first 50 are shown)", count - 50)), "{}", stderr(&human));
    assert!(count > 50, "{count}");
}

#[test]
fn a_clean_file_prints_nothing_in_json() {
    let file = format!("{}/rules/kalah.mancala", env!("CARGO_MANIFEST_DIR"));
    let out = mancala(&["check", "--format", "json", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr(&out), "");
}

#[test]
fn an_unreadable_file_is_a_line_on_standard_error_in_json_too() {
    let out = mancala(&["check", "--format", "json", "no/such/file.mancala"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).starts_with("error: ") && stderr(&out).lines().count() == 1, "{}", stderr(&out));
}

#[test]
fn colour_always_and_never() {
    let file = fixture("err_unknown_hole");
    // The helper sets NO_COLOR: `always` colours all the same.
    let always = mancala(&["check", "--color", "always", &file]);
    assert_eq!(always.status.code(), Some(1));
    assert!(stderr(&always).contains("\u{1b}["), "{}", stderr(&always));
    assert!(stderr(&always).contains("mancala::unknown_hole"));
    let never = mancala(&["check", "--color", "never", &file]);
    assert_eq!(never.status.code(), Some(1));
    assert!(!stderr(&never).contains('\u{1b}'), "{}", stderr(&never));
    assert!(stderr(&never).contains("mancala::unknown_hole"));
    let auto = mancala(&["check", &file]);
    assert_eq!(stderr(&auto), stderr(&never), "auto off a terminal, with NO_COLOR: no colour");
    assert_eq!(stdout(&always), stdout(&never));
}

#[test]
fn a_bad_colour_is_a_usage_error() {
    let out = mancala(&["check", "--color", "sometimes", &fixture("err_unknown_hole")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("invalid value 'sometimes' for '--color <COLOR>'"), "{}", stderr(&out));
}

#[test]
fn deny_warnings_fails_a_file_with_warnings() {
    let file = fixture("warn_unused_option");
    let allowed = mancala(&["check", &file]);
    assert_eq!(allowed.status.code(), Some(0), "{}", stderr(&allowed));
    assert_eq!(stdout(&allowed), format!("{file}: ok (1 warning)\n"));
    let denied = mancala(&["check", "--deny", "warnings", &file]);
    assert_eq!(denied.status.code(), Some(1));
    assert_eq!(stdout(&denied), format!("{file}: 1 warning (warnings denied)\n"));
    assert_eq!(stderr(&denied), stderr(&allowed));
    let json = mancala(&["check", "--format", "json", "--deny", "warnings", &file]);
    assert_eq!(json.status.code(), Some(1));
    assert_eq!(mancala(&["check", "--format", "json", &file]).status.code(), Some(0));
    let clean = mancala(&["check", "--deny", "warnings", &format!("{}/rules/oware.mancala", env!("CARGO_MANIFEST_DIR"))]);
    assert_eq!(clean.status.code(), Some(0), "{}", stderr(&clean));
}
