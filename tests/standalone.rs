//! The repository stands alone: a clone has everything it refers to. No tracked file points into the
//! workshop folder that sat beside the repository during development; every shipped rule file has its
//! page in docs/games/, whose links to files of the repository resolve; and each page names every
//! ruling its rule file declares, by its id.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use mancala::ast::{Item, StatementKind};

/// The text no file may contain, built from pieces so that this file does not contain it either.
const WORKSHOP: &str = concat!("..", "/shared");

/// The repository's root: where Cargo runs the test from (or, run by hand, where it was built).
fn root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

/// The files of the repository, relative to `root`: those git tracks, or, without git or outside a
/// checkout, every file of the tree but `target/` and `.git/`.
fn repository_files(root: &Path) -> Vec<PathBuf> {
    let tracked = Command::new("git").args(["ls-files", "-z"]).current_dir(root).output().ok().filter(|out| out.status.success());
    let files: Vec<PathBuf> = match tracked {
        Some(out) => out
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| PathBuf::from(String::from_utf8_lossy(name).into_owned()))
            .collect(),
        None => Vec::new(),
    };
    if files.is_empty() {
        let mut walked = Vec::new();
        walk(root, Path::new(""), &mut walked);
        return walked;
    }
    // A file deleted from the work tree but not yet from the index has nothing to read.
    files.into_iter().filter(|file| root.join(file).is_file()).collect()
}

/// Every file under `root/dir` (symbolic links not followed), skipping `.git` and the top `target`.
fn walk(root: &Path, dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let path = dir.join(&name);
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            let skipped = name == ".git" || (dir.as_os_str().is_empty() && name == "target");
            if !skipped {
                walk(root, &path, files);
            }
        } else if kind.is_file() {
            files.push(path);
        }
    }
}

/// Whether the file's bytes are text worth searching: not compressed, no NUL byte.
fn is_text(path: &Path, bytes: &[u8]) -> bool {
    path.extension().is_none_or(|ext| ext != "gz") && !bytes.contains(&0)
}

/// The places (`path:line`) where `needle` occurs in `bytes`.
fn occurrences(path: &Path, bytes: &[u8], needle: &[u8]) -> Vec<String> {
    bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, line)| line.windows(needle.len()).any(|w| w == needle))
        .map(|(index, _)| format!("{}:{}", path.display(), index + 1))
        .collect()
}

#[test]
fn no_file_points_into_the_workshop_folder() {
    let root = root();
    let files = repository_files(&root);
    assert!(files.iter().any(|f| f == Path::new("Cargo.toml")), "the repository's files were not found under {}", root.display());
    let mut offending = Vec::new();
    for file in &files {
        let bytes = std::fs::read(root.join(file)).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if is_text(file, &bytes) {
            offending.extend(occurrences(file, &bytes, WORKSHOP.as_bytes()));
        }
    }
    assert!(offending.is_empty(), "`{WORKSHOP}` is not part of a clone, but these lines name it:\n{}", offending.join("\n"));
}

#[test]
fn the_search_finds_the_text_and_skips_binary_files() {
    let text = format!("one\ntwo {WORKSHOP}/spec\nthree\n{WORKSHOP}");
    assert_eq!(occurrences(Path::new("x.md"), text.as_bytes(), WORKSHOP.as_bytes()), ["x.md:2", "x.md:4"]);
    assert!(!is_text(Path::new("a.jsonl.gz"), b"plain"));
    assert!(!is_text(Path::new("a.bin"), b"a\0b"));
    assert!(is_text(Path::new("README"), b"plain"));
}

/// The stems of the shipped rule files (`rules/X.mancala` → `X`).
fn shipped_games(root: &Path) -> Vec<String> {
    let dir = root.join("rules");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut games: Vec<String> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "mancala"))
        .filter_map(|path| path.file_stem().map(|stem| stem.to_string_lossy().into_owned()))
        .collect();
    games.sort();
    assert!(games.len() >= 10, "only {} rule files found in {}", games.len(), dir.display());
    games
}

/// The targets of the markdown links `[text](target)` of `text`, outside fenced code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].trim().to_string());
            rest = &after[end + 1..];
        }
    }
    targets
}

/// The file a relative link names (fragment and title dropped); `None` for a web link or an anchor.
fn linked_file(target: &str) -> Option<&str> {
    let target = target.trim_start_matches('<').split(['>', ' ']).next().unwrap_or_default();
    let file = target.split('#').next().unwrap_or_default();
    let external = target.contains("://") || target.starts_with("mailto:");
    (!external && !file.is_empty()).then_some(file)
}

/// Every broken relative link of the page `page`: one that names no file of the repository.
fn broken_links(root: &Path, page: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join(page)).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    let dir = root.join(page).parent().map(Path::to_path_buf).unwrap_or_else(|| root.to_path_buf());
    let inside = |path: &Path| path.canonicalize().ok().zip(root.canonicalize().ok()).is_some_and(|(p, r)| p.starts_with(r));
    link_targets(&text)
        .iter()
        .filter_map(|target| linked_file(target).map(|file| (target, dir.join(file))))
        .filter(|(_, path)| !path.exists() || !inside(path))
        .map(|(target, _)| format!("{}: ({target})", page.display()))
        .collect()
}

#[test]
fn every_rule_file_has_its_page_and_the_pages_links_resolve() {
    let root = root();
    let mut problems = Vec::new();
    for game in shipped_games(&root) {
        let page = PathBuf::from(format!("docs/games/{game}.md"));
        if !root.join(&page).is_file() {
            problems.push(format!("rules/{game}.mancala has no page {}", page.display()));
            continue;
        }
        let text = std::fs::read_to_string(root.join(&page)).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        let own = format!("../../rules/{game}.mancala");
        if !link_targets(&text).contains(&own) {
            problems.push(format!("{} does not link to its rule file ({own})", page.display()));
        }
    }
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs/games"))
        .map(|entries| entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|ext| ext == "md")).collect())
        .unwrap_or_default();
    pages.extend(["docs/interchange.md", "docs/speed.md", "README.md"].map(|page| root.join(page)));
    pages.sort();
    for page in pages {
        let relative = page.strip_prefix(&root).unwrap_or(&page).to_path_buf();
        problems.extend(broken_links(&root, &relative));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn links_are_read_as_markdown_writes_them() {
    let text = "See [a](../../rules/a.mancala) and [b](b.md#end), [web](https://example.org/x).\n```\n[not](code.md)\n```\n";
    assert_eq!(link_targets(text), ["../../rules/a.mancala", "b.md#end", "https://example.org/x"]);
    assert_eq!(linked_file("b.md#end"), Some("b.md"));
    assert_eq!(linked_file("<c.md> \"title\""), Some("c.md"));
    assert_eq!(linked_file("https://example.org/x"), None);
    assert_eq!(linked_file("#changes"), None);
}

/// The ids of the rulings a rule file declares (`ruling ID "…"`, `project ruling ID "…"`).
fn ruling_ids(source: &str) -> Vec<String> {
    let file = mancala::syntax::parse(source).unwrap_or_else(|e| panic!("a shipped rule file reads: {e:?}"));
    file.items
        .iter()
        .filter_map(|item| match item {
            Item::Statement(statement) => match &statement.kind {
                StatementKind::Ruling { id, .. } => Some(id.name.clone()),
                _ => None,
            },
            Item::Section(_) => None,
        })
        .collect()
}

/// Whether `id` occurs in `text` as a word of its own (`B4` is not found in `B4b`).
fn names(text: &str, id: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(id).any(|(at, _)| {
        let before = text[..at].chars().next_back().is_none_or(|c| !word(c));
        let after = text[at + id.len()..].chars().next().is_none_or(|c| !word(c));
        before && after
    })
}

#[test]
fn every_ruling_of_a_rule_file_is_on_its_page() {
    let root = root();
    let mut missing = Vec::new();
    let mut declared = BTreeSet::new();
    for game in shipped_games(&root) {
        let rules = root.join(format!("rules/{game}.mancala"));
        let source = std::fs::read_to_string(&rules).unwrap_or_else(|e| panic!("{}: {e}", rules.display()));
        let page = std::fs::read_to_string(root.join(format!("docs/games/{game}.md"))).unwrap_or_default();
        for id in ruling_ids(&source) {
            if !names(&page, &id) {
                missing.push(format!("docs/games/{game}.md does not name ruling {id} of rules/{game}.mancala"));
            }
            declared.insert(id);
        }
    }
    assert!(declared.contains("B4b") && declared.contains("T12"), "the rulings were not read: {declared:?}");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn a_ruling_id_is_found_only_as_a_word() {
    assert!(names("- **B4** — …", "B4"));
    assert!(!names("- **B4b** — …", "B4"));
    assert!(!names("TB4 and B45", "B4"));
    assert_eq!(ruling_ids("game \"X\"\nruling A1 \"a\"\nproject ruling A2b \"b\"\nboard {\n size 2 x 2\n seeds 1\n}\n"), ["A1", "A2b"]);
}
