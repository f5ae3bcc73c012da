//! `mancala lsp`: a language server for rule files over standard input and output. It publishes
//! the checker's diagnostics as a document is opened and changed (full-document sync), shows
//! what a statement's words or a hole label mean on hover, completes statements, hole labels,
//! options and hole sets, and formats with [`crate::fmt::format`].
//!
//! Exit codes: 0 after `shutdown` then `exit`; 1 on `exit` (or the end of the input) without a
//! `shutdown` first, as the protocol asks; 2 when the input cannot be read as LSP messages.

mod complete;
mod context;
mod diagnostics;
mod hover;
mod position;
mod transport;

use std::collections::HashMap;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _, PublishDiagnostics};
use lsp_types::request::{Completion, Formatting, HoverRequest, Request as _};
use lsp_types::{
    CompletionOptions, CompletionParams, DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentFormattingParams, HoverParams, HoverProviderCapability, OneOf, PublishDiagnosticsParams, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextEdit, Uri,
};
use serde::de::DeserializeOwned;
use serde_json::Value as Json;

use crate::ast::Span;
use crate::check::model::Model;
use crate::exit::{OK, RULE_ERRORS, USAGE};
use crate::load::{LoadError, LARGEST_RULE_FILE};
use position::Lines;

/// An open document: its text and, once it has checked, its game. The game is kept while later
/// edits break the file, so that hole labels still complete halfway through a line.
pub struct Document {
    pub text: String,
    pub model: Option<Model>,
}

/// The open documents, by URI.
type Documents = HashMap<String, Document>;

/// Serves one client on standard input and output; returns the exit code. When the input
/// breaks off, what was wrong with it is the one line printed, not the session left without it.
pub fn serve() -> u8 {
    let (connection, threads) = transport::stdio();
    let session = session(&connection);
    drop(connection);
    // The input ended (or broke) if the session lost the reader's end of the connection: what
    // broke it, which the reader returns, is then the line to print, whenever the reader ends.
    let input_ended = matches!(&session, Err(error) if error.channel_is_disconnected());
    let failure = match (threads.finish(input_ended), session) {
        (Err(broken), _) => broken.to_string(),
        (Ok(()), Err(error)) if error.channel_is_disconnected() => "the input ended before the session began".to_string(),
        (Ok(()), Err(error)) => error.to_string(),
        (Ok(()), Ok(code)) => return code,
    };
    eprintln!("error: {failure}");
    USAGE
}

/// Initializes, then answers messages until `exit`.
fn session(connection: &Connection) -> Result<u8, lsp_server::ProtocolError> {
    let capabilities = serde_json::to_value(capabilities()).unwrap_or(Json::Null);
    connection.initialize(capabilities)?;
    let mut documents = Documents::new();
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(OK);
                }
                let response = answer(&documents, request);
                send(connection, response.into());
            }
            Message::Notification(notification) if notification.method == "exit" => return Ok(RULE_ERRORS),
            Message::Notification(notification) => {
                for published in notice(&mut documents, notification) {
                    send(connection, published);
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(RULE_ERRORS)
}

fn send(connection: &Connection, message: Message) {
    // Only fails once the writer has stopped, when there is no one left to tell.
    let _ = connection.sender.send(message);
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions::default()),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// The response to a request: its result, or an error for an unknown method or bad parameters.
fn answer(documents: &Documents, request: Request) -> Response {
    let id = request.id.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => params::<HoverParams>(request).map(|p| {
            let at = p.text_document_position_params;
            json(documents.get(at.text_document.uri.as_str()).and_then(|d| hover::hover(d, at.position)))
        }),
        Completion::METHOD => params::<CompletionParams>(request).map(|p| {
            let at = p.text_document_position;
            json(documents.get(at.text_document.uri.as_str()).map(|d| complete::complete(d, at.position)))
        }),
        Formatting::METHOD => {
            params::<DocumentFormattingParams>(request).map(|p| json(documents.get(p.text_document.uri.as_str()).map(format)))
        }
        method => Err((ErrorCode::MethodNotFound, format!("unknown request `{method}`"))),
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    }
}

fn params<P: DeserializeOwned>(request: Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(request.params)
        .map_err(|error| (ErrorCode::InvalidParams, format!("bad parameters for `{}`: {error}", request.method)))
}

fn json(value: impl serde::Serialize) -> Json {
    serde_json::to_value(value).unwrap_or(Json::Null)
}

/// The edits that give a document its canonical layout: none when it already has it or cannot
/// be formatted (a line the grammar cannot read).
fn format(document: &Document) -> Vec<TextEdit> {
    match crate::fmt::format(&document.text) {
        Ok(text) if text != document.text => vec![TextEdit { range: Lines::new(&document.text).whole(), new_text: text }],
        _ => Vec::new(),
    }
}

/// Takes in a notification; returns the diagnostics to publish.
fn notice(documents: &mut Documents, notification: Notification) -> Vec<Message> {
    let changed = match notification.method.as_str() {
        DidOpenTextDocument::METHOD => notification
            .extract::<DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
            .ok()
            .map(|p| (p.text_document.uri, Some(p.text_document.text))),
        DidChangeTextDocument::METHOD => notification
            .extract::<DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
            .ok()
            .and_then(|mut p| Some((p.text_document.uri, Some(p.content_changes.pop()?.text)))),
        DidCloseTextDocument::METHOD => {
            notification.extract::<DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD).ok().map(|p| (p.text_document.uri, None))
        }
        _ => None,
    };
    let Some((uri, text)) = changed else {
        return Vec::new();
    };
    let diagnostics = match text {
        Some(text) => update(documents, &uri, text),
        None => {
            documents.remove(uri.as_str());
            Vec::new()
        }
    };
    let published = PublishDiagnosticsParams { uri, diagnostics, version: None };
    vec![Notification::new(PublishDiagnostics::METHOD.to_string(), published).into()]
}

/// Keeps a document's new text, checks it and returns its diagnostics.
fn update(documents: &mut Documents, uri: &Uri, text: String) -> Vec<lsp_types::Diagnostic> {
    let (checked, found) = if text.len() > LARGEST_RULE_FILE {
        // Refused unchecked, as the command line refuses such a file unread.
        let refusal = LoadError::TooLarge { path: "the file".to_string() }.to_string();
        (None, vec![crate::diagnostic::Diagnostic::error(crate::diagnostic::Code::FileTooLarge, refusal, Span::default(), "")])
    } else {
        crate::load::check_source(uri.as_str(), &text)
    };
    let published = diagnostics::convert(uri, &Lines::new(&text), &found);
    let kept = documents.remove(uri.as_str()).and_then(|d| d.model);
    documents.insert(uri.as_str().to_string(), Document { text, model: checked.map(|c| c.model).or(kept) });
    published
}
