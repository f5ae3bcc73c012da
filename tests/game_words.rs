//! The engine and the checker speak of holes, rows, laps and predicates, never of one game: no
//! code under `src/` (comments and `#[cfg(test)]` items aside) names a game of `rules/` or
//! `tests/fixtures/games/`, or a word of one game's own vocabulary (*namua*, *nyumba*, *tuzdik*,
//! *pasu* …). String literals count as code: a help text is what a user reads.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

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
    let chars: Vec<char> = source.chars().collect();
    // Each character: kept, and whether it stands inside a literal.
    let mut kept: Vec<(char, bool)> = Vec::with_capacity(chars.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let word_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                kept.push((' ', false));
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    kept.extend([(' ', false), (' ', false)]);
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    kept.extend([(' ', false), (' ', false)]);
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    kept.push((blank(chars[i]), false));
                    i += 1;
                }
            }
        } else if (c == 'r' || (c == 'b' && next == Some('r'))) && !word_before && raw_string_at(&chars, i).is_some() {
            let end = raw_string_at(&chars, i).unwrap_or(i);
            kept.extend(chars[i..end].iter().map(|&c| (c, true)));
            i = end;
        } else if c == '"' {
            kept.push((c, true));
            i += 1;
            while i < chars.len() {
                let c = chars[i];
                kept.push((c, true));
                i += 1;
                if c == '\\' {
                    if let Some(&escaped) = chars.get(i) {
                        kept.push((escaped, true));
                        i += 1;
                    }
                } else if c == '"' {
                    break;
                }
            }
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('x', '\n', '\''); a lifetime or a label has no closing quote.
            let mut end = i + 2;
            if next == Some('\\') {
                end = i + 3;
                while end < chars.len() && chars[end] != '\'' {
                    end += 1;
                }
            }
            let end = (end + 1).min(chars.len());
            kept.extend(chars[i..end].iter().map(|&c| (c, true)));
            i = end;
        } else {
            kept.push((c, false));
            i += 1;
        }
    }
    without_tests(&mut kept);
    kept.into_iter().map(|(c, _)| c).collect()
}

/// Where the raw string literal starting at `i` (`r"…"`, `r#"…"#`, `br"…"`) ends, if one does.
fn raw_string_at(chars: &[char], i: usize) -> Option<usize> {
    let mut at = i + if chars[i] == 'b' { 2 } else { 1 };
    let mut hashes = 0;
    while chars.get(at) == Some(&'#') {
        hashes += 1;
        at += 1;
    }
    if chars.get(at) != Some(&'"') {
        return None;
    }
    at += 1;
    while at < chars.len() {
        if chars[at] == '"' && (1..=hashes).all(|k| chars.get(at + k) == Some(&'#')) {
            return Some(at + 1 + hashes);
        }
        at += 1;
    }
    Some(chars.len())
}

/// Blanks each item under `#[cfg(test)]` (outside literals): to its `;`, or its braces' end.
fn without_tests(kept: &mut [(char, bool)]) {
    const MARK: &str = "#[cfg(test)]";
    let mark: Vec<char> = MARK.chars().collect();
    let mut i = 0;
    while i + mark.len() <= kept.len() {
        let here = kept[i..i + mark.len()].iter().map(|&(c, _)| c).eq(mark.iter().copied()) && !kept[i].1;
        if !here {
            i += 1;
            continue;
        }
        let mut end = i + mark.len();
        let mut depth = 0usize;
        while end < kept.len() {
            let (c, literal) = kept[end];
            end += 1;
            match c {
                '{' if !literal => depth += 1,
                '}' if !literal => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        break;
                    }
                }
                ';' if !literal && depth == 0 => break,
                _ => {}
            }
        }
        for kept in &mut kept[i..end] {
            *kept = (if kept.0 == '\n' { '\n' } else { ' ' }, false);
        }
        i = end;
    }
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

/// Every `.rs` file under `dir`, in order.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).expect("a source folder").flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
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
