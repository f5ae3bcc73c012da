//! The checker's diagnostics as LSP diagnostics: the main label's span is the range, help follows
//! the message, and every label is related information at its own range.

use lsp_types::{Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri};
use miette::Severity;

use super::position::Lines;
use crate::diagnostic::Diagnostic;

/// The LSP diagnostics of one document.
pub fn convert(uri: &Uri, lines: &Lines, diagnostics: &[Diagnostic]) -> Vec<LspDiagnostic> {
    diagnostics.iter().map(|d| one(uri, lines, d)).collect()
}

fn one(uri: &Uri, lines: &Lines, diagnostic: &Diagnostic) -> LspDiagnostic {
    let severity = match diagnostic.severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Advice => DiagnosticSeverity::HINT,
    };
    let message = match &diagnostic.help {
        Some(help) => format!("{}\nhelp: {help}", diagnostic.message),
        None => diagnostic.message.clone(),
    };
    let related = diagnostic
        .labels
        .iter()
        .filter(|(_, label)| !label.is_empty())
        .map(|(span, label)| DiagnosticRelatedInformation {
            location: Location { uri: uri.clone(), range: lines.range(*span) },
            message: label.clone(),
        })
        .collect::<Vec<_>>();
    LspDiagnostic {
        range: lines.range(diagnostic.span()),
        severity: Some(severity),
        code: Some(NumberOrString::String(format!("mancala::{}", diagnostic.code.as_str()))),
        source: Some("mancala".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..LspDiagnostic::default()
    }
}
