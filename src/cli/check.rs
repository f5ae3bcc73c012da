//! `mancala check` and `mancala ast`.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::{OK, RULE_ERRORS, USAGE};
use crate::diagnostic::{write_json, write_report, write_report_in, Colour, Diagnostic};
use crate::load::{check_source, read_rules};

/// Prints diagnostics with miette's handler (colour only on a terminal, never with NO_COLOR), at
/// most [`crate::diagnostic::SHOWN`] of them, in one buffered write. A closed standard error loses
/// them, as it would lose anything.
pub fn report(diagnostics: &[Diagnostic]) {
    let mut err = BufWriter::new(io::stderr().lock());
    let _ = write_report(&mut err, diagnostics).and_then(|()| err.flush());
}

/// `mancala check`'s arguments.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The rule files (`-` reads one from standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// `human`: diagnostics drawn on standard error (the first 50 of a file), a verdict per file
    /// on standard output. `json`: every diagnostic of every file, none left out, as one JSON
    /// object a line on standard output, and nothing else there.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Colour in the human format: `auto` on a terminal without `NO_COLOR`.
    #[arg(long, value_enum, default_value_t = ColourChoice::Auto)]
    color: ColourChoice,
    /// `--deny warnings`: a file with warnings fails too (exit 1).
    #[arg(long, value_enum)]
    deny: Option<Deny>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ColourChoice {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Deny {
    Warnings,
}

impl CheckArgs {
    fn colour(&self) -> Colour {
        match self.color {
            ColourChoice::Auto => Colour::Auto,
            ColourChoice::Always => Colour::Always,
            ColourChoice::Never => Colour::Never,
        }
    }
}

/// `mancala check FILE...`: each file's diagnostics on standard error, then its verdict on
/// standard output (or, with `--format json`, the diagnostics alone on standard output); `-`
/// reads standard input. Both streams are buffered, and flushed after each file (diagnostics
/// first) so that a terminal shows them in order.
pub fn check(args: &CheckArgs) -> u8 {
    let (mut out, mut err) = (BufWriter::new(io::stdout().lock()), BufWriter::new(io::stderr().lock()));
    let mut code = OK;
    for file in &args.files {
        code = code.max(check_one(args, file, &mut out, &mut err));
        let _ = err.flush().and_then(|()| out.flush());
    }
    code
}

/// Checks one rule file, writing to `out` and `err`; its exit code. Output that cannot be written
/// (a closed pipe) changes nothing in the verdict.
fn check_one(args: &CheckArgs, file: &Path, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let (name, source) = match read_rules(file) {
        Ok(read) => read,
        Err(error) => {
            let _ = writeln!(err, "error: {error}");
            return USAGE;
        }
    };
    let (checked, diagnostics) = check_source(&name, &source);
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    let denied = args.deny == Some(Deny::Warnings) && warnings > 0;
    if args.format == Format::Json {
        let _ = write_json(out, &name, &source, &diagnostics);
        return if checked.is_none() || denied { RULE_ERRORS } else { OK };
    }
    let _ = write_report_in(err, &diagnostics, args.colour());
    if checked.is_none() {
        let _ = writeln!(out, "{name}: {errors} error{}", plural(errors));
        RULE_ERRORS
    } else if denied {
        let _ = writeln!(out, "{name}: {warnings} warning{} (warnings denied)", plural(warnings));
        RULE_ERRORS
    } else {
        let note = if warnings > 0 { format!(" ({warnings} warning{})", plural(warnings)) } else { String::new() };
        let _ = writeln!(out, "{name}: ok{note}");
        OK
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `mancala ast FILE` (`-`: standard input).
pub fn ast(file: &Path) -> u8 {
    let (name, source) = match read_rules(file) {
        Ok(read) => read,
        Err(error) => {
            eprintln!("error: {error}");
            return USAGE;
        }
    };
    match crate::syntax::parse(&source) {
        Ok(ast) => match ron::ser::to_string_pretty(&ast, ron::ser::PrettyConfig::default()) {
            Ok(text) => {
                // A syntax tree of megabytes in one write; a closed pipe is no error of the file.
                let _ = writeln!(io::stdout().lock(), "{text}");
                OK
            }
            Err(error) => {
                eprintln!("error: cannot print the syntax tree: {error}");
                USAGE
            }
        },
        Err(diagnostic) => {
            let (_, diagnostics) = check_source(&name, &source);
            report(if diagnostics.is_empty() { std::slice::from_ref(&diagnostic) } else { &diagnostics });
            RULE_ERRORS
        }
    }
}
