//! The shipped games by name: `mancala play kalah` plays `rules/kalah.mancala`. A rule file named
//! by a bare name (no `/`, no `.mancala`, not `-`) that is not a file is looked for as
//! `NAME.mancala` in `rules/` of the current folder, then in the `rules/` folder of the crate the
//! binary was built from (so it works from any folder after `cargo install --path .`, while the
//! source stays where it was). Each game's page of rules (`docs/games/NAME.md`) is found beside.

use std::path::{Path, PathBuf};

use crate::diagnostic::did_you_mean;
use crate::load::STDIN;

/// The crate's own folder, where the binary was built.
const CRATE: &str = env!("CARGO_MANIFEST_DIR");

/// The folders a bare name is looked for in, in order: `rules/` here, then the crate's.
pub fn rule_folders() -> Vec<PathBuf> {
    let mut folders = vec![PathBuf::from("rules")];
    let built = Path::new(CRATE).join("rules");
    if !same_folder(&folders[0], &built) {
        folders.push(built);
    }
    folders
}

/// Whether two paths are one folder (both existing, one canonical path).
fn same_folder(a: &Path, b: &Path) -> bool {
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
}

/// Whether `path` is a bare game name rather than a path: no folder, no extension, not `-`.
fn is_bare_name(path: &Path) -> bool {
    let text = path.to_string_lossy();
    !text.is_empty() && text != STDIN && !text.contains(['/', '\\']) && path.extension().is_none()
}

/// The rule file `path` stands for: itself, unless it is a bare name that is no file, found then
/// as `NAME.mancala` in [`rule_folders`]. `Err`: one line saying where it was looked for and the
/// names there.
pub fn find(path: &Path) -> Result<PathBuf, String> {
    if !is_bare_name(path) || path.exists() {
        return Ok(path.to_path_buf());
    }
    let folders = rule_folders();
    let file = format!("{}.mancala", path.display());
    if let Some(found) = folders.iter().map(|f| f.join(&file)).find(|p| p.is_file()) {
        return Ok(found);
    }
    let names = names();
    let looked: Vec<String> = folders.iter().map(|f| format!(", nor {}", f.join(&file).display())).collect();
    let near = match did_you_mean(&path.to_string_lossy(), names.iter().map(String::as_str)) {
        Some(near) => format!(" (did you mean `{near}`?)"),
        None => String::new(),
    };
    let mut line = format!("no rule file `{}`{near}: no such file{}", path.display(), looked.concat());
    if names.is_empty() {
        line.push_str("; give the rule file's path");
    } else {
        line.push_str(&format!("; the games by name: {}", names.join(" ")));
    }
    Err(line)
}

/// The names of the rule files in [`rule_folders`], sorted, each once.
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = rule_folders()
        .iter()
        .filter_map(|folder| std::fs::read_dir(folder).ok())
        .flatten()
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "mancala").then(|| Some(path.file_stem()?.to_str()?.to_string()))?
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The rule file a record was played with, and its text, looked for where it may be now: the
/// path the record names (as it is, then beside the record when it is relative), a file of that
/// name in [`rule_folders`], then any rule file there with the record's rules (by their hash).
/// `Err`: one line saying what was found and how to go on (`--rules FILE`, as `how` names it).
/// A file other than the one the record names is said on standard error (a note).
pub fn find_for_record(record: &crate::record::Record, record_path: &Path, how: &str) -> Result<(PathBuf, String), String> {
    let named = Path::new(&record.rules.file);
    let mut candidates: Vec<PathBuf> = Vec::new();
    if record.rules.file != STDIN {
        candidates.push(named.to_path_buf());
        if named.is_relative() {
            candidates.push(record_path.parent().unwrap_or(Path::new("")).join(named));
        }
        if let Some(file_name) = named.file_name() {
            candidates.extend(rule_folders().iter().map(|folder| folder.join(file_name)));
        }
    }
    for folder in rule_folders() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        let mut files: Vec<PathBuf> =
            entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "mancala")).collect();
        files.sort();
        candidates.extend(files);
    }
    let mut first_mismatch = None;
    for path in candidates {
        let Ok(source) = crate::load::read_source(&path) else { continue };
        match record.check_source_of(&path.display().to_string(), &source) {
            Ok(()) => {
                if path.as_path() != named {
                    let why = if first_mismatch.is_some() { "has changed since the game was played" } else { "is not there" };
                    eprintln!("note: the record's rule file {} {why}: {} has its rules", record.rules.file, path.display());
                }
                return Ok((path, source));
            }
            Err(error) if first_mismatch.is_none() && path.as_path() == named => first_mismatch = Some(error),
            Err(_) => {}
        }
    }
    Err(match first_mismatch {
        Some(error) => format!("{error}, and no rule file of {} has them: {how}", rule_folders_text()),
        None => {
            format!("cannot find the record's rule file {} (nor one with its rules in {}): {how}", record.rules.file, rule_folders_text())
        }
    })
}

/// The folders of [`rule_folders`], as a sentence names them.
fn rule_folders_text() -> String {
    rule_folders().iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(" or ")
}
