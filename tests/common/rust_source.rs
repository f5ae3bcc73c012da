//! Rust sources read as the compiler reads them, for the tests that scan `src/`: comments told
//! from code, and string and character literals marked (`game_words`, `modules`).

use std::path::{Path, PathBuf};

/// `source` (Rust) a character at a time, each with whether it stands inside a string or character
/// literal; comments become spaces, newlines kept, so that lines keep their numbers.
pub fn lexed(source: &str) -> Vec<(char, bool)> {
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
    kept
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
pub fn without_tests(kept: &mut [(char, bool)]) {
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

/// Every `.rs` file under `dir`, in order.
pub fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
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
