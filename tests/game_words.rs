//! The engine and the checker speak of holes, rows, laps and predicates, never of one game: no
//! code under `src/` (comments and `#[cfg(test)]` items aside) names a game of `rules/` or
//! `tests/fixtures/games/`, or a word of one game's own vocabulary (*namua*, *nyumba*, *tuzdik*,
//! *pasu* …). String literals count as code: a help text is what a user reads.

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::rust_source::{lexed, rust_files, without_tests};

/// Words of single games' vocabularies, as their rule files' comments and `docs/games/` use them.
const VOCABULARY: &[&str] = &[
    "ayla",
    "gomba",
    "heads",
    "house",
    "kazan",
    "kichwa",
    "kimbi",
    "kunamua",
    "kutakatia",
    "magomba",
    "matombo",
    "misoro",
    "mtaji",
    "musoro",
    "namua",
    "nyumba",
    "pasu",
    "safari",
    "sunog",
    "takasa",
    "takasia",
    "tuzdik",
    "tuzdyk",
    "vichwa",
    "vimbi",
    "wegue",
];

/// Other names of the shipped games (Oware's).
const OTHER_NAMES: &[&str] = &["awale", "awari", "wari"];

/// Words of games' names too common to say which game is meant.
const COMMON: &[&str] = &["das", "eastern", "la"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `word` lower-cased, its accents dropped (`Goré` → `gore`, `Thlān` → `thlan`).
fn folded(word: &str) -> String {
    word.to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ä' | 'ā' => 'a',
            'é' | 'è' | 'ê' | 'ë' | 'ē' => 'e',
            'í' | 'ì' | 'î' | 'ï' | 'ī' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'ō' => 'o',
            'ú' | 'ù' | 'û' | 'ü' | 'ū' => 'u',
            c => c,
        })
        .collect()
}

/// The words of `text`: its runs of letters, folded.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()).map(folded)
}

/// The words no code may hold: each game's name (from `game "…"` in `rules/` and
/// `tests/fixtures/games/`), cut into words of three letters or more but the common ones, their
/// [`OTHER_NAMES`] and [`VOCABULARY`].
fn game_words() -> BTreeSet<String> {
    let mut found: BTreeSet<String> = VOCABULARY.iter().chain(OTHER_NAMES).map(|w| w.to_string()).collect();
    let mut names = 0;
    for dir in ["rules", "tests/fixtures/games"] {
        for entry in std::fs::read_dir(root().join(dir)).expect("a folder of rule files").flatten() {
            let source = std::fs::read_to_string(entry.path()).expect("a rule file");
            let name = source.lines().find_map(|line| line.trim().strip_prefix("game \"")?.split('"').next());
            let name = name.unwrap_or_else(|| panic!("{}: no `game \"…\"` line", entry.path().display()));
            names += 1;
            found.extend(words(name).filter(|w| w.chars().count() >= 3 && !COMMON.contains(&w.as_str())));
        }
    }
    assert!(names >= 24, "only {names} rule files found");
    found
}

/// `source` (Rust) as the compiler reads it, less what is not shipped code: comments and the
/// items under `#[cfg(test)]` become spaces, newlines kept, so that lines keep their numbers.
/// String and character literals stay: they are what users read.
fn code_of(source: &str) -> String {
    let mut kept = lexed(source);
    without_tests(&mut kept);
    kept.into_iter().map(|(c, _)| c).collect()
}

/// Each game word of `code`, with its line (from 1): a word of `banned`, or one with an `s`.
fn hits(code: &str, banned: &BTreeSet<String>) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in code.lines().enumerate() {
        for word in words(line) {
            let singular = word.strip_suffix('s').unwrap_or(&word);
            if banned.contains(&word) || banned.contains(singular) {
                found.push((index + 1, word));
            }
        }
    }
    found
}

#[test]
fn no_code_names_a_game_or_a_word_of_one() {
    let banned = game_words();
    for word in ["kalah", "gore", "thlan", "bao", "kiswahili", "bawo", "house", "namua", "tuzdik"] {
        assert!(banned.contains(word), "{word}: {banned:?}");
    }
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    assert!(files.len() > 50, "only {} sources found", files.len());
    let mut found = Vec::new();
    for path in files {
        let source = std::fs::read_to_string(&path).expect("a readable source");
        let shown = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
        found.extend(hits(&code_of(&source), &banned).into_iter().map(|(line, word)| format!("{shown}:{line}: {word}")));
    }
    assert!(found.is_empty(), "code that names a game or a word of one (say it in the rule language's words):\n{}", found.join("\n"));
}

#[test]
fn the_scan_reads_code_strings_and_identifiers_and_skips_comments_and_tests() {
    let banned: BTreeSet<String> = ["kalah", "house", "gore"].iter().map(|w| w.to_string()).collect();
    let found = |source: &str| hits(&code_of(source), &banned);
    let one = |line: usize, word: &str| vec![(line, word.to_string())];
    // In code: a string, a raw string, an identifier, a plural, an accent, after a lifetime or a
    // character literal, after a `//` inside a string.
    assert_eq!(found("let help = \"as in Kalah\";"), one(1, "kalah"));
    assert_eq!(found("let help = r#\"a \"quoted\" house\"#;"), one(1, "house"));
    assert_eq!(found("fn is_kalah() {}"), one(1, "kalah"));
    assert_eq!(found("const X: &str = \"two houses\";"), one(1, "houses"));
    assert_eq!(found("\n\nlet name = \"Goré\";"), one(3, "gore"));
    assert_eq!(found("fn f<'a>(x: &'a str) -> char { let kalah = '\"'; 'x' }"), one(1, "kalah"));
    assert_eq!(found("let url = \"http://x\"; let kalah = 1;"), one(1, "kalah"));
    assert_eq!(found("let s = \"\\\"\"; /* c */ let kalah = 1;"), one(1, "kalah"));
    // Not in code: comments of every kind, items under `#[cfg(test)]`.
    assert_eq!(found("// Kalah\n/// Kalah\n//! house\n/* Kalah /* nested */ house */ fn f() {}"), vec![]);
    assert_eq!(found("#[cfg(test)]\nmod tests {\n    fn f() { let s = \"}\"; }\n    const K: &str = \"Kalah\";\n}\nfn g() {}"), vec![]);
    assert_eq!(found("#[cfg(test)]\nuse kalah::x;\nfn house() {}"), one(3, "house"));
    assert_eq!(found("#[cfg(test)]\nmod tests {\n}\nconst HOUSE: u8 = 1;"), one(4, "house"));
}
