//! `mancala check` and `mancala ast`.

use std::path::{Path, PathBuf};

use super::{OK, RULE_ERRORS, USAGE};
use crate::check::Diagnostic;
use crate::load::{check_source, read_source};

/// Prints diagnostics with miette's handler (colour only on a terminal, never with NO_COLOR).
pub fn report(diagnostics: &[Diagnostic]) {
    for diagnostic in diagnostics {
        eprintln!("{:?}", miette::Report::new(diagnostic.clone()));
    }
}

pub fn check(files: &[PathBuf]) -> u8 {
    let mut code = OK;
    for file in files {
        let source = match read_source(file) {
            Ok(source) => source,
            Err(error) => {
                eprintln!("error: {error}");
                code = code.max(USAGE);
                continue;
            }
        };
        let (checked, diagnostics) = check_source(&file.display().to_string(), &source);
        report(&diagnostics);
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = diagnostics.len() - errors;
        if checked.is_some() {
            let note = if warnings > 0 { format!(" ({warnings} warning{})", plural(warnings)) } else { String::new() };
            println!("{}: ok{note}", file.display());
        } else {
            println!("{}: {errors} error{}", file.display(), plural(errors));
            code = code.max(RULE_ERRORS);
        }
    }
    code
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

pub fn ast(file: &Path) -> u8 {
    let source = match read_source(file) {
        Ok(source) => source,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    match crate::syntax::parse(&source) {
        Ok(ast) => match ron::ser::to_string_pretty(&ast, ron::ser::PrettyConfig::default()) {
            Ok(text) => {
                println!("{text}");
                OK
            }
            Err(error) => {
                eprintln!("error: cannot print the syntax tree: {error}");
                USAGE
            }
        },
        Err(diagnostic) => {
            let (_, diagnostics) = check_source(&file.display().to_string(), &source);
            report(if diagnostics.is_empty() { std::slice::from_ref(&diagnostic) } else { &diagnostics });
            RULE_ERRORS
        }
    }
}
