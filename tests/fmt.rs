//! `mancala fmt`: the canonical layout of a messy file, exactly; every shipped rule file and every
//! readable checker fixture formats idempotently, keeping every comment and the syntax tree;
//! `--check`, `fmt -`, and a file that cannot be read refused and left as it was.

mod common;

use common::{mancala, mancala_with_input, stderr, stdout};
use mancala::fmt::{comments, format, FormatError};

/// Odd indentation, extra spaces, tabs, comments everywhere, runs of blank lines, a section on
/// one line, no blank line between sections, no newline at the end.
const MESSY: &str = "\n\n// A messy file\n   game   \"Messy  //  name\"\nboard{   // the board\n  size 2 x 2\n\
    \t\tseeds   1     // one each\n\n\n\n     // a note inside\n}\nend {\n\n    when every   hole is empty\n\
    \x20   when board repeats 2 times ,leftover split   // ends\n    when count>=2 and(captured in{ 1 ,2 }), draw\n   }\n\
    capture if trade = on { take last hole }   // inline\noption trade : on|off = on   \t// a blank line after a section";

const TIDY: &str = "// A messy file
game \"Messy  //  name\"
board {                                     // the board
    size 2 x 2
    seeds 1                                 // one each

    // a note inside
}

end {
    when every hole is empty
    when board repeats 2 times, leftover split   // ends
    when count >= 2 and (captured in {1, 2}), draw
}

capture if trade = on {
    take last hole
}                                           // inline

option trade: on | off = on                 // a blank line after a section
";

#[test]
fn a_messy_file_comes_out_in_the_canonical_layout() {
    assert_eq!(format(MESSY).expect("formats"), TIDY);
    assert_eq!(format(TIDY).expect("formats"), TIDY);
}

#[test]
fn the_comments_of_a_block_share_a_column_past_the_longest_line() {
    let source = "end {\n    when every hole is empty // a\n    when board repeats 2 times, leftover split // b\n}\n";
    let tidy = "end {\n    when every hole is empty                     // a\n    when board repeats 2 times, leftover split   // b\n}\n";
    assert_eq!(format(source).expect("formats"), tidy);
}

#[test]
fn a_line_longer_than_48_characters_keeps_its_comment_to_itself() {
    let source = "end {\n    when every hole is empty // a\n    when position repeats 3 times, leftover to owner // b\n\
        \x20   leftover split // c\n\n    most stones wins // d\n}\n";
    let tidy = "end {\n    when every hole is empty                // a\n    when position repeats 3 times, leftover to owner   // b\n\
        \x20   leftover split                          // c\n\n    most stones wins                        // d\n}\n";
    assert_eq!(format(source).expect("formats"), tidy);
}

#[test]
fn a_file_of_nothing_stays_empty_and_a_comment_keeps_one_newline() {
    assert_eq!(format("").expect("formats"), "");
    assert_eq!(format("\n\n  \n").expect("formats"), "");
    assert_eq!(format("  // only this  \n\n\n").expect("formats"), "// only this\n");
}

#[test]
fn crlf_and_lone_cr_line_ends_become_newlines() {
    let tidy = "game \"X\"\nboard {\n    size 2 x 2                              // c\n    // d\n}\n";
    assert_eq!(format("game \"X\"\r\nboard {\r\n  size 2 x 2 // c\r\n// d\r\n}\r\n").expect("formats"), tidy);
    assert_eq!(format("game \"X\"\rboard {\r  size 2 x 2 // c\r// d\r}\r").expect("formats"), tidy);
}

/// Thousands of small mutations of the shipped files (a character deleted, or one that matters
/// to the layout inserted): each is formatted faithfully or refused for a line that cannot be
/// read, never laid out wrong.
#[test]
fn mutated_rule_files_are_formatted_faithfully_or_refused() {
    const INSERTS: [&str; 12] = [" ", "\t", "\n", "\r", "\r\n", "//", "{", "}", "\"", "(", ",", "x"];
    let mut rng = common::Rng::new(0x2545_f491_4f6c_dd1d);
    let (mut formatted, mut refused) = (0, 0);
    for path in common::mancala_files("rules") {
        let source = std::fs::read_to_string(&path).expect("readable");
        for _ in 0..150 {
            let mut at = rng.below(source.len());
            while !source.is_char_boundary(at) {
                at -= 1;
            }
            let mut mutated = source.clone();
            match rng.below(INSERTS.len() + 1) {
                0 => drop(mutated.remove(at.min(source.len() - 1))),
                i => mutated.insert_str(at, INSERTS[i - 1]),
            }
            let name = format!("{} mutated at {at}", path.display());
            match format(&mutated) {
                Ok(_) => {
                    assert_formats_faithfully(&name, &mutated);
                    formatted += 1;
                }
                Err(FormatError::Unreadable(_) | FormatError::Parse(_)) => refused += 1,
                Err(error) => panic!("{name}: {error}\n{mutated}"),
            }
        }
    }
    assert!(formatted > 800 && refused > 400, "{formatted} formatted, {refused} refused");
}

#[test]
fn a_line_that_cannot_be_read_is_refused() {
    let source = "game \"X\"\nboard {\n    size 2 x\n}\n";
    match format(source) {
        Err(FormatError::Unreadable(lines)) => assert_eq!(lines.len(), 1),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(matches!(format("board {\n    size 2 x 6\n"), Err(FormatError::Unreadable(_))), "an unclosed section");
}

#[test]
fn a_file_too_deep_to_parse_is_refused_with_its_diagnostic() {
    let source = format!("end {{\n    when {}empty{}\n}}\n", "(".repeat(40), ")".repeat(40));
    assert!(matches!(format(&source), Err(FormatError::Parse(_))));
    let out = mancala_with_input(&["fmt", "-"], &source);
    assert_eq!((out.status.code(), stdout(&out)), (Some(1), String::new()));
    let err = stderr(&out);
    assert!(err.contains("mancala::too_deep"), "{err}");
    assert!(err.ends_with("error: <stdin> was not formatted: the file cannot be read: parentheses nest more than 32 deep\n"), "{err}");
}

/// Formatting `source` is idempotent, keeps its comments in order and its syntax tree; whether
/// it was formatted already.
fn assert_formats_faithfully(name: &str, source: &str) -> bool {
    let formatted = format(source).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(format(&formatted).unwrap_or_else(|e| panic!("{name} formatted: {e}")), formatted, "{name}: not idempotent");
    assert_eq!(comments(&formatted), comments(source), "{name}: the comments changed");
    let (before, after) = (mancala::syntax::parse(source).expect("parses"), mancala::syntax::parse(&formatted).expect("parses"));
    assert!(before == after, "{name}: the syntax tree changed");
    assert!(formatted.ends_with('\n') && !formatted.ends_with("\n\n"), "{name}: not one newline at the end");
    formatted == source
}

#[test]
fn every_shipped_rule_file_is_formatted() {
    let files = common::mancala_files("rules");
    assert_eq!(files.len(), 22);
    for path in files {
        let source = std::fs::read_to_string(&path).expect("readable");
        assert!(assert_formats_faithfully(&path.display().to_string(), &source), "{} is not formatted", path.display());
    }
}

#[test]
fn every_readable_checker_fixture_formats_faithfully() {
    let (mut formatted, mut refused) = (0, 0);
    for path in common::mancala_files("tests/fixtures/check") {
        let name = path.display().to_string();
        let source = std::fs::read_to_string(&path).expect("readable");
        match format(&source) {
            Err(FormatError::Unreadable(_) | FormatError::Parse(_)) => refused += 1,
            Err(error @ FormatError::Internal(_)) => panic!("{name}: {error}"),
            Ok(_) if source.trim().is_empty() => formatted += 1,
            Ok(_) => {
                assert_formats_faithfully(&name, &source);
                formatted += 1;
            }
        }
    }
    assert!(formatted >= 70, "only {formatted} fixtures formatted ({refused} refused)");
    assert!(refused >= 10, "only {refused} fixtures refused");
}

/// A folder of its own for a test, with `files` written in it.
fn folder_with(files: &[(&str, &str)]) -> tempfile::TempDir {
    let folder = tempfile::tempdir().expect("a temporary folder");
    for (name, text) in files {
        std::fs::write(folder.path().join(name), text).expect("written");
    }
    folder
}

fn path_in(folder: &tempfile::TempDir, name: &str) -> String {
    folder.path().join(name).display().to_string()
}

fn names_in(folder: &tempfile::TempDir) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder.path())
        .expect("a folder")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn fmt_rewrites_files_in_place_and_prints_nothing() {
    let folder = folder_with(&[("messy.mancala", MESSY), ("tidy.mancala", TIDY)]);
    let out = mancala(&["fmt", &path_in(&folder, "messy.mancala"), &path_in(&folder, "tidy.mancala")]);
    assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(0), String::new(), String::new()));
    assert_eq!(std::fs::read_to_string(folder.path().join("messy.mancala")).expect("readable"), TIDY);
    assert_eq!(std::fs::read_to_string(folder.path().join("tidy.mancala")).expect("readable"), TIDY);
    assert_eq!(names_in(&folder), ["messy.mancala", "tidy.mancala"], "no temporary file left behind");
}

#[cfg(unix)]
#[test]
fn fmt_through_a_symbolic_link_rewrites_the_file_and_keeps_the_link_and_the_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let folder = folder_with(&[("messy.mancala", MESSY)]);
    let real = folder.path().join("messy.mancala");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("permissions set");
    std::os::unix::fs::symlink(&real, folder.path().join("link.mancala")).expect("a link");
    let out = mancala(&["fmt", &path_in(&folder, "link.mancala")]);
    assert_eq!((out.status.code(), stderr(&out)), (Some(0), String::new()));
    assert_eq!(std::fs::read_to_string(&real).expect("readable"), TIDY);
    assert!(std::fs::symlink_metadata(folder.path().join("link.mancala")).expect("there").file_type().is_symlink());
    assert_eq!(std::fs::metadata(&real).expect("there").permissions().mode() & 0o777, 0o640);
    assert_eq!(names_in(&folder), ["link.mancala", "messy.mancala"]);
}

#[test]
fn fmt_check_lists_the_files_not_formatted_and_rewrites_nothing() {
    let folder = folder_with(&[("messy.mancala", MESSY), ("tidy.mancala", TIDY)]);
    let (messy, tidy) = (path_in(&folder, "messy.mancala"), path_in(&folder, "tidy.mancala"));
    let out = mancala(&["fmt", "--check", &messy, &tidy]);
    assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(1), format!("{messy}: not formatted\n"), String::new()));
    assert_eq!(std::fs::read_to_string(&messy).expect("readable"), MESSY);

    let out = mancala(&["fmt", "--check", &tidy]);
    assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(0), String::new(), String::new()));
}

#[test]
fn fmt_of_standard_input_writes_standard_output() {
    let out = mancala_with_input(&["fmt", "-"], MESSY);
    assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(0), TIDY.to_string(), String::new()));
    let out = mancala_with_input(&["fmt", "--check", "-"], MESSY);
    assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(1), "<stdin>: not formatted\n".to_string(), String::new()));
    let out = mancala_with_input(&["fmt", "--check", "-"], TIDY);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), String::new()));
}

#[test]
fn fmt_refuses_a_file_that_cannot_be_read_and_leaves_it_untouched() {
    let broken = "game   \"Broken\"\nboard {\n    size 2 x\n    seeds 4\n}\n";
    let folder = folder_with(&[("broken.mancala", broken)]);
    let path = path_in(&folder, "broken.mancala");
    for args in [&["fmt", path.as_str()][..], &["fmt", "--check", path.as_str()]] {
        let out = mancala(args);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(stdout(&out), "");
        let err = stderr(&out);
        assert!(err.contains("mancala::unreadable_line") && err.contains("size 2 x"), "{err}");
        assert!(err.ends_with(&format!("error: {path} was not formatted: 1 line cannot be read\n")), "{err}");
        assert_eq!(std::fs::read_to_string(&path).expect("readable"), broken);
        assert_eq!(names_in(&folder), ["broken.mancala"]);
    }
    let out = mancala_with_input(&["fmt", "-"], broken);
    assert_eq!((out.status.code(), stdout(&out)), (Some(1), String::new()));
}

#[test]
fn fmt_of_a_missing_file_is_a_one_line_usage_error() {
    let out = mancala(&["fmt", "no/such/file.mancala"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: cannot read no/such/file.mancala"), "{err}");
}
