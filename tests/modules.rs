//! Imports between the crate's top-level modules run one way: no cycle. A module is a file or
//! folder directly under `src/` (`check`, `engine`, `holes` …); module A depends on module B when
//! code under A names a path through B: `crate::b::…`, `use crate::{b::…, …}`, or `super::…`
//! climbing to the crate's root from A and on into B.
//!
//! What counts: every path in code, re-exports included (a `pub use crate::b::X` inside A is A
//! depending on B). What does not: comments, doc links among them (`[`crate::b`]` reaches no
//! code), string literals, and items under `#[cfg(test)]` (a unit test may drive its module
//! through the whole pipeline, loading a shipped file with `crate::load`, without the module
//! depending on it). The crate's root, `lib.rs`, is no
//! module of its own: it declares the modules and re-exports some of their items, and a path
//! through it (`crate::Rules`) counts as a path into the module its re-export names
//! (`compile`); so does a path to a macro a module exports to the root (`#[macro_export]`): a
//! path into that module. A name at the root that is none of these fails the test.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::rust_source::{lexed, rust_files, without_tests};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// `source` as tokens of code, each with its line (from 1): identifiers (`$crate` as `crate`),
/// `::`, and every other character of punctuation alone. Comments, literals and items under
/// `#[cfg(test)]` are left out.
fn tokens(source: &str) -> Vec<(String, usize)> {
    let mut chars: Vec<(char, bool)> = lexed(source);
    without_tests(&mut chars);
    let mut found = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let (c, literal) = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if literal || c.is_whitespace() {
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && !chars[i].1 && (chars[i].0.is_alphanumeric() || chars[i].0 == '_') {
                i += 1;
            }
            found.push((chars[start..i].iter().map(|&(c, _)| c).collect(), line));
        } else if c == ':' && chars.get(i + 1) == Some(&(':', false)) {
            found.push(("::".to_string(), line));
            i += 2;
        } else if c == '$' && chars.get(i + 1).is_some_and(|&(c, _)| c == 'c') {
            // `$crate` in a macro: the crate's root, as `crate` is.
            i += 1;
        } else {
            found.push((c.to_string(), line));
            i += 1;
        }
    }
    found
}

/// The first segment of each path of the use tree or path starting at `at` (just after
/// `crate::`): `engine` for `engine::Game`, `[check, compile]` for `{check::X, compile::{Y, Z}}`.
fn first_segments(tokens: &[(String, usize)], at: usize) -> Vec<String> {
    let Some((first, _)) = tokens.get(at) else { return Vec::new() };
    if first != "{" {
        return vec![first.clone()];
    }
    let mut found = Vec::new();
    let mut depth = 0;
    let mut expecting = true;
    for (token, _) in &tokens[at..] {
        match token.as_str() {
            "{" => {
                depth += 1;
                expecting = depth == 1;
            }
            "}" => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            "," if depth == 1 => expecting = true,
            word if expecting && depth == 1 => {
                found.push(word.to_string());
                expecting = false;
            }
            _ => {}
        }
    }
    found
}

/// What the crate's root declares: its modules, and where each name it re-exports lives (the
/// module its `use` path starts with).
#[derive(Debug, Default)]
struct Root {
    modules: BTreeSet<String>,
    reexports: BTreeMap<String, String>,
}

impl Root {
    fn read(lib: &str) -> Root {
        let tokens = tokens(lib);
        let mut root = Root::default();
        for (i, (token, _)) in tokens.iter().enumerate() {
            let next = |k: usize| tokens.get(i + k).map(|(t, _)| t.as_str());
            if token == "mod" && next(2) == Some(";") {
                root.modules.insert(next(1).unwrap_or_default().to_string());
            }
            if token == "use" {
                root.read_use(&tokens[i + 1..]);
            }
        }
        root
    }

    /// One `use` of the root: each name it binds (the last segment of each path, or its `as`
    /// name) lives in the module the path starts with.
    fn read_use(&mut self, tokens: &[(String, usize)]) {
        let end = tokens.iter().position(|(t, _)| t == ";").unwrap_or(tokens.len());
        let tokens: Vec<&str> = tokens[..end].iter().map(|(t, _)| t.as_str()).collect();
        let module = tokens.first().copied().unwrap_or_default().to_string();
        assert!(!tokens.contains(&"*"), "lib.rs re-exports with a glob (`use {module}::*`): the test cannot tell which names live where");
        // A name bound is an identifier followed by `,`, `}` or the end, not by `::`.
        for (k, token) in tokens.iter().enumerate().skip(1) {
            let after = tokens.get(k + 1).copied();
            let named = token.chars().all(|c| c.is_alphanumeric() || c == '_') && matches!(after, None | Some(",") | Some("}"));
            if named {
                self.reexports.insert(token.to_string(), module.clone());
            }
        }
    }

    /// The module a path from the root names first (`engine` for `crate::engine::…` and for
    /// `crate::Game`), or `Err` for a name the root neither declares nor re-exports.
    fn module_of(&self, name: &str) -> Result<String, String> {
        if self.modules.contains(name) {
            return Ok(name.to_string());
        }
        self.reexports.get(name).cloned().ok_or_else(|| format!("`crate::{name}` is neither a module nor a re-export of lib.rs"))
    }
}

/// An arrow from one module to another, and where its paths stand (`src/check/mod.rs:40
/// crate::diagnostic`).
type Graph = BTreeMap<String, BTreeMap<String, Vec<String>>>;

/// The modules `source` (the file `shown`, at `depth` modules below the root: 1 for
/// `src/check/mod.rs` and `src/fmt.rs`, 2 for `src/check/board.rs`) names paths into, each with its
/// line: `crate::…`, and `super::…` that climbs to the root.
fn paths_out(source: &str, depth: usize, root: &Root) -> Result<Vec<(String, usize, String)>, String> {
    let tokens = tokens(source);
    let mut found = Vec::new();
    // Braces open, and the depths at which an inline `mod name {` opened (each one more level).
    let (mut braces, mut inline) = (0usize, Vec::new());
    let mut i = 0;
    while i < tokens.len() {
        let (token, line) = (&tokens[i].0, tokens[i].1);
        let previous = i.checked_sub(1).map(|p| tokens[p].0.as_str());
        let next = tokens.get(i + 1).map(|(t, _)| t.as_str());
        match token.as_str() {
            "{" => braces += 1,
            "}" => {
                braces = braces.saturating_sub(1);
                if inline.last() == Some(&braces) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).is_some_and(|(t, _)| t == "{") => inline.push(braces),
            "crate" if next == Some("::") => {
                for name in first_segments(&tokens, i + 2) {
                    found.push((root.module_of(&name)?, line, format!("crate::{name}")));
                }
            }
            "super" if previous != Some("::") => {
                let mut climbed = 0;
                while tokens.get(i + 2 * climbed).is_some_and(|(t, _)| t == "super")
                    && tokens.get(i + 2 * climbed + 1).is_some_and(|(t, _)| t == "::")
                {
                    climbed += 1;
                }
                if climbed >= depth + inline.len() {
                    for name in first_segments(&tokens, i + 2 * climbed) {
                        found.push((root.module_of(&name)?, line, format!("{}{name}", "super::".repeat(climbed))));
                    }
                }
                i += 2 * climbed.max(1) - 1;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(found)
}

/// The top-level module of a file under `src/` and how deep it stands: `src/check/board.rs` is
/// `check` at 2; `src/check/mod.rs` and `src/fmt.rs` are at 1.
fn module_of_file(relative: &Path) -> (String, usize) {
    let parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let top = parts[0].trim_end_matches(".rs").to_string();
    let depth = parts.len() - usize::from(parts.last().is_some_and(|last| last == "mod.rs"));
    (top, depth)
}

/// The macros `source` exports to the crate's root (`#[macro_export] macro_rules! NAME`).
fn exported_macros(source: &str) -> Vec<String> {
    let tokens: Vec<String> = tokens(source).into_iter().map(|(token, _)| token).collect();
    let mut names = Vec::new();
    for (i, window) in tokens.windows(4).enumerate() {
        if window == ["#", "[", "macro_export", "]"] {
            // Other attributes may stand between it and the macro.
            let rest = &tokens[i + 4..];
            if let Some(at) = rest.iter().position(|t| t == "macro_rules") {
                if rest.get(at + 1).is_some_and(|t| t == "!") {
                    names.extend(rest.get(at + 2).cloned());
                }
            }
        }
    }
    names
}

/// Every arrow between the crate's top-level modules.
fn graph() -> Graph {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("src/lib.rs");
    let mut root = Root::read(&lib);
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    // A macro a module exports stands at the root, and lives in that module.
    for path in &files {
        let relative = path.strip_prefix(src()).expect("a file under src/");
        let source = std::fs::read_to_string(path).expect("a readable source");
        for name in exported_macros(&source) {
            root.reexports.insert(name, module_of_file(relative).0);
        }
    }
    let mut graph = Graph::new();
    let mut unknown = Vec::new();
    for path in files {
        let relative = path.strip_prefix(src()).expect("a file under src/");
        // The crate's root, and the binary (a crate of its own, which uses the library by name).
        if relative == Path::new("lib.rs") || relative == Path::new("main.rs") {
            continue;
        }
        let (module, depth) = module_of_file(relative);
        assert!(root.modules.contains(&module), "src/{} is not under a module lib.rs declares", relative.display());
        let source = std::fs::read_to_string(&path).expect("a readable source");
        match paths_out(&source, depth, &root) {
            Ok(paths) => {
                for (to, line, path) in paths.into_iter().filter(|(to, _, _)| *to != module) {
                    let arrows = graph.entry(module.clone()).or_default();
                    arrows.entry(to).or_default().push(format!("src/{}:{line} {path}", relative.display()));
                }
            }
            Err(e) => unknown.push(format!("src/{}: {e}", relative.display())),
        }
    }
    assert!(unknown.is_empty(), "{}", unknown.join("\n"));
    graph
}

/// Each cycle of the graph, one for each group of modules that reach each other (a strongly
/// connected component of more than one module): its modules in order, the first again at the end.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(module) = stack.pop() {
            for to in graph.get(&module).into_iter().flat_map(|arrows| arrows.keys()) {
                if seen.insert(to.clone()) {
                    stack.push(to.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> = graph.keys().map(|m| (m, reach(m))).collect();
    let mut done = BTreeSet::new();
    let mut found = Vec::new();
    for (module, reached) in &reaches {
        if done.contains(*module) || !reached.contains(*module) {
            continue;
        }
        let group: BTreeSet<String> = reached.iter().filter(|m| reaches.get(m).is_some_and(|r| r.contains(*module))).cloned().collect();
        done.extend(group.iter().cloned());
        found.push(shortest_cycle(graph, module, &group));
    }
    found
}

/// The shortest way round from `start` back to it, within `group`.
fn shortest_cycle(graph: &Graph, start: &str, group: &BTreeSet<String>) -> Vec<String> {
    let mut came_from: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.to_string()]);
    while let Some(module) = queue.pop_front() {
        for to in graph.get(&module).into_iter().flat_map(|arrows| arrows.keys()).filter(|to| group.contains(*to)) {
            if to == start {
                // Back from `module` to `start`, which no module came before.
                let mut way = vec![module.clone()];
                while let Some(before) = came_from.get(way.last().expect("a module")) {
                    way.push(before.clone());
                }
                way.reverse();
                way.push(start.to_string());
                return way;
            }
            if !came_from.contains_key(to) {
                came_from.insert(to.clone(), module.clone());
                queue.push_back(to.clone());
            }
        }
    }
    vec![start.to_string()]
}

/// A cycle as the test reports it: the modules, then each arrow with the first path that makes it.
fn describe(graph: &Graph, cycle: &[String]) -> String {
    let mut text = cycle.join(" → ");
    for pair in cycle.windows(2) {
        let paths = &graph[&pair[0]][&pair[1]];
        text.push_str(&format!("\n    {} → {}: {} ({} path(s))", pair[0], pair[1], paths[0], paths.len()));
    }
    text
}

#[test]
fn the_modules_import_one_way() {
    let graph = graph();
    for module in graph.keys() {
        let arrows: Vec<&String> = graph[module].keys().collect();
        println!("{module} → {arrows:?}");
    }
    // The scan sees the pipeline's arrows, so that a scan that sees nothing cannot pass.
    for (from, to) in [("syntax", "diagnostic"), ("check", "syntax"), ("compile", "check"), ("engine", "compile"), ("lint", "engine")] {
        assert!(graph.get(from).is_some_and(|arrows| arrows.contains_key(to)), "no arrow {from} → {to} found");
    }
    let found = cycles(&graph);
    let described: Vec<String> = found.iter().map(|cycle| describe(&graph, cycle)).collect();
    assert!(
        found.is_empty(),
        "imports between modules go round in a cycle (move what both need into a module below them):\n{}",
        described.join("\n")
    );
}

#[test]
fn the_scan_reads_paths_in_code_and_finds_cycles() {
    let root = Root::read(
        "pub mod a;\n#[cfg(feature = \"x\")]\npub mod b;\nmod c;\npub use a::{Thing, other::Deep as Alias};\npub(crate) use c::helper;\n",
    );
    let modules = |source: &str, depth: usize| -> Vec<String> {
        paths_out(source, depth, &root).expect("known names").into_iter().map(|(to, _, _)| to).collect()
    };
    assert_eq!(root.modules, ["a", "b", "c"].map(String::from).into());
    assert_eq!(modules("use crate::b::X;\nfn f() { crate::c::g() }", 1), ["b", "c"]);
    assert_eq!(modules("use crate::{a::X, b::{Y, Z}, Thing, Alias};", 1), ["a", "b", "a", "a"]);
    assert_eq!(modules("fn f() -> crate::helper {}", 1), ["c"]);
    // Not code: comments, doc links, strings; tests aside.
    assert_eq!(modules("// crate::a\n/// [`crate::b`]\n/* crate::c */ const S: &str = \"crate::a\";", 1), Vec::<String>::new());
    assert_eq!(modules("#[cfg(test)]\nmod tests {\n    use crate::a::X;\n}\nuse crate::b::Y;", 1), ["b"]);
    // `super` reaches the root from a top-level file, not from below it or from an inline module.
    assert_eq!(modules("use super::b::X;", 1), ["b"]);
    assert_eq!(modules("use super::X;", 2), Vec::<String>::new());
    assert_eq!(modules("use super::super::b::X;", 2), ["b"]);
    assert_eq!(modules("mod inner {\n    use super::*;\n}\nuse super::c::Y;", 1), ["c"]);
    // Lines are counted, and an unknown name at the root is refused.
    assert_eq!(paths_out("\n\nuse crate::a::X;", 1, &root).expect("known").first().map(|p| p.1), Some(3));
    assert!(paths_out("use crate::Nowhere;", 1, &root).is_err());
    assert_eq!(module_of_file(Path::new("check/board.rs")), ("check".to_string(), 2));
    assert_eq!(module_of_file(Path::new("check/mod.rs")), ("check".to_string(), 1));
    assert_eq!(module_of_file(Path::new("fmt.rs")), ("fmt".to_string(), 1));

    let mut graph = Graph::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("e", "d")] {
        graph.entry(from.to_string()).or_default().insert(to.to_string(), vec![format!("src/{from}.rs:1 crate::{to}")]);
    }
    assert_eq!(
        cycles(&graph),
        [vec!["a", "b", "c", "a"], vec!["d", "e", "d"]].map(|c| c.into_iter().map(String::from).collect::<Vec<_>>())
    );
    assert!(describe(&graph, &cycles(&graph)[1]).contains("d → e: src/d.rs:1 crate::e"));
    graph.get_mut("c").expect("c").remove("a");
    graph.get_mut("e").expect("e").remove("d");
    assert!(cycles(&graph).is_empty());
}
