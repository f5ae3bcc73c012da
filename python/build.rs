//! Builds the shipped rule files into the module (`SHIPPED`: each file's name and text), so that
//! `mancala.load("kalah")` finds them wherever the package is installed and used.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules");
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "mancala")).collect())
        .unwrap_or_default();
    if files.is_empty() {
        println!("cargo:warning=no rule files in {}: the package ships no games", folder.display());
    }
    files.sort();
    let mut table = String::from("/// The shipped rule files: each one's name (its file name without `.mancala`) and text.\n");
    table.push_str("pub const SHIPPED: &[(&str, &str)] = &[\n");
    for file in &files {
        let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let path = file.canonicalize().unwrap_or_else(|_| file.clone());
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(table, "    ({name:?}, include_str!({:?})),", path.display().to_string());
    }
    table.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("shipped.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}
