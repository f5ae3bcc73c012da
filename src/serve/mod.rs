//! `mancala serve`: a board in the browser. A small local web server (axum) serves one page
//! (`web/`, built into the binary) and a JSON and WebSocket interface to [`rooms`]:
//!
//! | request | what it does |
//! |---|---|
//! | `GET /api/games` | the shipped rule files: file, game, options |
//! | `GET /api/games/{file}` | one shipped file's text (for the editor) |
//! | `GET /games/` and `GET /games/{name}` | the games' pages of rules (`docs/games/`), as HTML |
//! | `GET /favicon.svg` (and `/favicon.ico`) | the page's icon |
//! | `POST /api/check` `{"source"}` | the checker's diagnostics of a text, and its options when clean |
//! | `POST /api/rooms` `{"file" \| "source", "sets", "south", "north", "seed"}` or `{"record", "source"?}` | a new room; the caller takes its first person's seat |
//! | `POST /api/rooms/{id}/join` | the room's free person's seat, if any (else the caller watches) |
//! | `POST /api/rooms/{id}/rematch` | a new room of the same rules, options and players (the computer's next seed); the caller takes its first person's seat |
//! | `GET /api/rooms/{id}/record` | the game's record, as `play --record` writes it |
//! | `GET /api/rooms/{id}/moves/{ply}` | the position after the first `ply` actions and the step of the last, to look back at |
//! | `GET /api/rooms/{id}/ws?token=T` | the room's messages: `welcome`, then a `state` after every change; the client sends `{"type": "act", "action", "ply"}` and `{"type": "undo"}` |
//!
//! Every request and message is read whole, bounded and checked: a bad one is answered with an
//! error (`{"error": "…"}`, or a WebSocket `{"type": "error", "message": "…"}`) and changes
//! nothing; a game never ends because of one. A room nobody is connected to is closed after
//! `--idle` seconds without activity.

pub mod rooms;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path as UrlPath, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use crate::check::model::OptionDomain;
use crate::diagnostic::json_diagnostics;
use crate::load::{check_source, load_str, LoadError, LARGEST_RULE_FILE};
use crate::record::Record;
use crate::Player;
use rooms::{lock, page_agent, After, Room, RoomSpec, Rooms};

/// The largest request body: a rule file at its largest, with room for a record beside it.
const MAX_BODY: usize = 2 * LARGEST_RULE_FILE;

/// The largest WebSocket message a client may send (an action is a few bytes).
const MAX_MESSAGE: usize = 16 << 10;

/// How often a connection is pinged; one silent for three times this is closed (a browser
/// answers pings by itself), so a vanished client does not keep its room open.
const PING_EVERY: Duration = Duration::from_secs(30);

/// The page, built into the binary.
const PAGE: &str = include_str!("../../web/index.html");
const SCRIPT: &str = include_str!("../../web/app.js");
const STYLE: &str = include_str!("../../web/style.css");
const ICON: &str = include_str!("../../web/favicon.svg");

/// One shipped rule file, checked when the server starts.
pub struct Shipped {
    /// Its file name in the rules folder (`kalah.mancala`).
    pub file: String,
    pub source: String,
    pub game: String,
    pub options: Value,
    /// Its page of rules (`docs/games/NAME.md`, Markdown), if it has one.
    pub page: Option<String>,
}

impl Shipped {
    /// The name of its page (`kalah` for `kalah.mancala`), if it has one.
    pub fn page_name(&self) -> Option<&str> {
        self.page.as_ref().and(self.file.strip_suffix(".mancala"))
    }
}

/// What every request handler shares.
pub struct App {
    pub folder: PathBuf,
    /// The index of the games' pages (`docs/games/README.md`), if there is one beside the folder.
    pub index: Option<String>,
    pub shipped: Vec<Shipped>,
    pub rooms: Rooms,
}

/// Reads every `*.mancala` file of `folder` that checks clean, sorted by game name (the others
/// are named on standard error).
pub fn catalog(folder: &Path) -> Result<Vec<Shipped>, String> {
    let entries = std::fs::read_dir(folder).map_err(|e| format!("cannot read the rules folder {}: {e}", folder.display()))?;
    let mut shipped = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "mancala") {
            continue;
        }
        let Some(file) = path.file_name().and_then(|n| n.to_str()).map(str::to_string) else { continue };
        let source = match crate::load::read_source(&path) {
            Ok(source) => source,
            Err(error) => {
                eprintln!("note: {error}: not offered");
                continue;
            }
        };
        let (Some(checked), _) = check_source(&file, &source) else {
            eprintln!("note: {} has errors (`mancala check` shows them): not offered", path.display());
            continue;
        };
        let game = checked.model.name.clone();
        let page = crate::rules_page::find(&path, &game).map(|(_, text)| text);
        shipped.push(Shipped { file, game, options: options_json(&checked), source, page });
    }
    shipped.sort_by_key(|s| s.game.to_lowercase());
    Ok(shipped)
}

/// A checked file's options: name, default and the values allowed (a list, or a range).
fn options_json(checked: &crate::check::Checked) -> Value {
    let options: Vec<Value> = checked
        .model
        .options
        .iter()
        .map(|option| {
            let values = match &option.domain {
                OptionDomain::List(values) => json!(values.iter().map(ToString::to_string).collect::<Vec<_>>()),
                OptionDomain::Range { low, high } => json!({"low": low, "high": high}),
            };
            json!({"name": option.name, "default": option.default.to_string(), "values": values})
        })
        .collect();
    Value::Array(options)
}

/// The server's routes over `app`.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(|| async { ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE) }))
        .route("/app.js", get(|| async { ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], SCRIPT) }))
        .route("/style.css", get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE) }))
        // The page's icon, also where browsers look for one unasked.
        .route("/favicon.svg", get(|| async { ([(header::CONTENT_TYPE, "image/svg+xml")], ICON) }))
        .route("/favicon.ico", get(|| async { ([(header::CONTENT_TYPE, "image/svg+xml")], ICON) }))
        .route("/games/", get(games_index))
        .route("/games/{name}", get(game_page))
        .route("/api/games", get(games))
        .route("/api/games/{file}", get(game_source))
        .route("/api/check", post(check))
        .route("/api/rooms", post(open_room))
        .route("/api/rooms/{id}/join", post(join))
        .route("/api/rooms/{id}/rematch", post(rematch))
        .route("/api/rooms/{id}/record", get(record))
        .route("/api/rooms/{id}/moves/{ply}", get(review))
        .route("/api/rooms/{id}/ws", get(socket))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// Serves `app` on `listener` until the process ends, cleaning up idle rooms as it goes.
pub async fn serve(listener: tokio::net::TcpListener, app: Arc<App>) -> std::io::Result<()> {
    let period = (app.rooms.idle / 2).clamp(Duration::from_millis(100), Duration::from_secs(60));
    let cleaner = Arc::clone(&app);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(period);
        loop {
            tick.tick().await;
            cleaner.rooms.clean_up(Instant::now());
        }
    });
    axum::serve(listener, router(app)).await
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({"error": message.into()}))).into_response()
}

fn bad(message: impl Into<String>) -> Response {
    error(StatusCode::BAD_REQUEST, message)
}

/// Reads a request body as JSON of type `T`, with a one-line reason when it is not.
fn read_json<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, String> {
    serde_json::from_slice(body).map_err(|e| format!("the request is not what this server reads: {e}"))
}

async fn games(State(app): State<Arc<App>>) -> Response {
    let games: Vec<Value> = app
        .shipped
        .iter()
        .map(|s| json!({"file": s.file, "game": s.game, "options": s.options, "page": s.page_name().map(|n| format!("/games/{n}"))}))
        .collect();
    axum::Json(games).into_response()
}

async fn game_source(State(app): State<Arc<App>>, UrlPath(file): UrlPath<String>) -> Response {
    match app.shipped.iter().find(|s| s.file == file) {
        Some(s) => axum::Json(json!({"file": s.file, "source": s.source})).into_response(),
        None => error(StatusCode::NOT_FOUND, format!("no shipped rule file is called {file:?}")),
    }
}

/// A page of rules as a document of its own, styled as the board's page, with a way back.
fn rules_document(title: &str, markdown: &str) -> Response {
    let escaped = title.replace('&', "&amp;").replace('<', "&lt;");
    let body = crate::rules_page::to_html(markdown);
    let html = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{escaped} — mancala</title>\n<link rel=\"stylesheet\" href=\"/style.css\">\n<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n</head>\n\
         <body class=\"rules-page\">\n<header><h1><a href=\"/\">mancala</a></h1><a href=\"/games/\">the games</a></header>\n<main>\n{body}</main>\n</body>\n</html>\n"
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}

async fn games_index(State(app): State<Arc<App>>) -> Response {
    match &app.index {
        Some(index) => rules_document("The games", index),
        None => error(StatusCode::NOT_FOUND, "there is no index of the games' pages beside the rules folder"),
    }
}

async fn game_page(State(app): State<Arc<App>>, UrlPath(name): UrlPath<String>) -> Response {
    match app.shipped.iter().find(|s| s.page_name() == Some(name.as_str())) {
        Some(Shipped { game, page: Some(page), .. }) => rules_document(game, page),
        _ => error(StatusCode::NOT_FOUND, format!("no shipped game has a page called {name:?}")),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckRequest {
    source: String,
    #[serde(default)]
    name: Option<String>,
}

/// The checker's diagnostics of a text, as `check --format json` gives them, with the game's
/// name and options when it is clean.
async fn check(body: Bytes) -> Response {
    let request: CheckRequest = match read_json(&body) {
        Ok(request) => request,
        Err(message) => return bad(message),
    };
    let result = tokio::task::spawn_blocking(move || {
        let name = request.name.unwrap_or_else(|| "editor.mancala".to_string());
        let (checked, diagnostics) = check_source(&name, &request.source);
        json!({
            "diagnostics": json_diagnostics(&name, &request.source, &diagnostics),
            "game": checked.as_ref().map(|c| c.model.name.clone()),
            "options": checked.as_ref().map(options_json),
        })
    })
    .await;
    match result {
        Ok(value) => axum::Json(value).into_response(),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the checker stopped on this text"),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRoom {
    /// A shipped rule file, by its file name.
    #[serde(default)]
    file: Option<String>,
    /// Or the text of a rule file (from the editor), with the name to give it.
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    sets: Vec<String>,
    #[serde(default)]
    south: Option<String>,
    #[serde(default)]
    north: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// Or a saved record to go on with (its rules: `source`, else the shipped file with its hash).
    #[serde(default)]
    record: Option<String>,
}

/// Opens a room; the caller takes its first free person's seat.
async fn open_room(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let request: NewRoom = match read_json(&body) {
        Ok(request) => request,
        Err(message) => return bad(message),
    };
    let worker = Arc::clone(&app);
    let spec = match tokio::task::spawn_blocking(move || room_spec(&worker, request)).await {
        Ok(Ok(spec)) => spec,
        Ok(Err(message)) => return bad(message),
        Err(_) => return error(StatusCode::INTERNAL_SERVER_ERROR, "the rule file could not be loaded"),
    };
    open_spec(&app, spec)
}

/// What a room request asks for, loaded and checked.
fn room_spec(app: &App, request: NewRoom) -> Result<RoomSpec, String> {
    if let Some(text) = &request.record {
        if request.file.is_some() || !request.sets.is_empty() || request.south.is_some() || request.north.is_some() {
            return Err("a record brings its own rule file, options and players: send only the record (and a source)".to_string());
        }
        let record = Record::parse(text).map_err(|e| format!("the record: {e}"))?;
        let (file, source) = match request.source {
            Some(source) => {
                record.check_source(&source).map_err(|e| format!("the record: {e}"))?;
                (request.name.unwrap_or_else(|| record.rules.file.clone()), source)
            }
            None => {
                let shipped = app.shipped.iter().find(|s| record.check_source(&s.source).is_ok()).ok_or_else(|| {
                    format!(
                        "the record was played with {} ({}), which is not among the shipped files as they are now: open that file in the editor and load the record from there",
                        record.rules.file, record.rules.game
                    )
                })?;
                (record.rules.file.clone(), shipped.source.clone())
            }
        };
        let rules = load(&file, &source, &record.sets)?;
        // Its game and options, as `play --resume` checks them.
        record.check_against(&crate::Game::new(&rules)).map_err(|e| format!("the record: {e}"))?;
        let actions = record.actions(&rules).map_err(|e| format!("the record: {e}"))?;
        let players = [page_agent(&record.south)?, page_agent(&record.north)?];
        return Ok(RoomSpec { file, source, sets: record.sets, rules, players, seed: record.seed, actions });
    }
    let (file, source) = match (request.file, request.source) {
        (Some(file), None) => {
            let shipped = app.shipped.iter().find(|s| s.file == file).ok_or_else(|| format!("no shipped rule file is called {file:?}"))?;
            (format!("{}/{}", app.folder.display(), shipped.file), shipped.source.clone())
        }
        (None, Some(source)) => (request.name.unwrap_or_else(|| "editor.mancala".to_string()), source),
        _ => return Err("name a shipped rule file (\"file\") or send one's text (\"source\"), not both".to_string()),
    };
    let rules = load(&file, &source, &request.sets)?;
    let players = [page_agent(request.south.as_deref().unwrap_or("human"))?, page_agent(request.north.as_deref().unwrap_or("medium"))?];
    let seed = request.seed.unwrap_or_else(rooms::secret_u64);
    Ok(RoomSpec { file, source, sets: request.sets, rules, players, seed, actions: Vec::new() })
}

/// Loads rules for a room, with a one-line reason when they cannot be played.
fn load(file: &str, source: &str, sets: &[String]) -> Result<crate::Rules, String> {
    load_str(file, source, sets).map_err(|e| match e {
        LoadError::Rules { diagnostics, .. } => {
            let errors: Vec<_> = diagnostics.iter().filter(|d| d.is_error()).collect();
            let first = errors.first().map_or_else(String::new, |d| format!(": the first: {}", d.message));
            format!("the rule file has {} error(s){first} (the editor shows them all)", errors.len())
        }
        other => other.to_string(),
    })
}

async fn join(State(app): State<Arc<App>>, UrlPath(id): UrlPath<String>) -> Response {
    let Some(room) = app.rooms.get(&id) else { return gone() };
    let created = lock(&room).join();
    axum::Json(created).into_response()
}

/// Opens a room of `spec`, joins it and lets its computer player think: the answer to a request
/// that opens a room.
fn open_spec(app: &App, spec: RoomSpec) -> Response {
    let room = match app.rooms.open(spec) {
        Ok(room) => room,
        Err(message) => return error(StatusCode::SERVICE_UNAVAILABLE, message),
    };
    let created = lock(&room).join();
    think(room);
    axum::Json(created).into_response()
}

/// A new room of the same rules, options and players as room `id`, opened as `open_room` opens one.
async fn rematch(State(app): State<Arc<App>>, UrlPath(id): UrlPath<String>) -> Response {
    let Some(old) = app.rooms.get(&id) else { return gone() };
    let spec = lock(&old).rematch();
    open_spec(&app, spec)
}

fn gone() -> Response {
    error(StatusCode::NOT_FOUND, "no such room: it may have been closed after everyone left")
}

async fn record(State(app): State<Arc<App>>, UrlPath(id): UrlPath<String>) -> Response {
    let Some(room) = app.rooms.get(&id) else { return gone() };
    let (json, name) = {
        let room = lock(&room);
        let stem = Path::new(room.file()).file_stem().and_then(|s| s.to_str()).unwrap_or("game").to_string();
        (room.record().to_json(), format!("{stem}-{}.json", room.id))
    };
    let disposition = format!("attachment; filename=\"{}\"", name.replace(['"', '\\'], "_"));
    ([(header::CONTENT_TYPE, "application/json".to_string()), (header::CONTENT_DISPOSITION, disposition)], json).into_response()
}

/// The game of room `id` after its first `ply` actions: `{"ply", "of", "position", "step"}`.
async fn review(State(app): State<Arc<App>>, UrlPath((id, ply)): UrlPath<(String, String)>) -> Response {
    let Some(room) = app.rooms.get(&id) else { return gone() };
    let Ok(ply) = ply.parse::<usize>() else {
        return error(StatusCode::BAD_REQUEST, format!("`{ply}` is not a number of actions"));
    };
    let reviewed = lock(&room).review(ply);
    match reviewed {
        Some(reviewed) => axum::Json(reviewed).into_response(),
        None => error(StatusCode::NOT_FOUND, format!("the game has no action {ply}: it has {}", lock(&room).ply())),
    }
}

#[derive(Deserialize)]
struct SocketQuery {
    #[serde(default)]
    token: Option<String>,
}

async fn socket(
    State(app): State<Arc<App>>,
    UrlPath(id): UrlPath<String>,
    Query(query): Query<SocketQuery>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Some(room) = app.rooms.get(&id) else { return gone() };
    let page = {
        let room = lock(&room);
        if room.connections() >= rooms::MAX_CONNECTIONS {
            return error(StatusCode::SERVICE_UNAVAILABLE, format!("this room has {} connections, its most", rooms::MAX_CONNECTIONS));
        }
        // The page of rules of a shipped file played as it is (not of an edited text).
        app.shipped.iter().find(|s| s.source == room.source()).and_then(Shipped::page_name).map(|n| format!("/games/{n}"))
    };
    upgrade.max_message_size(MAX_MESSAGE).on_upgrade(move |socket| connection(socket, room, query.token, page))
}

/// What a client may send.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    /// Play an action; `ply`: the number of actions the client had seen.
    Act { action: String, ply: Option<usize> },
    /// Take back the sender's last action (and the computer's answers). (Variants without fields
    /// are written `{}` so that unknown fields are refused in them too.)
    Undo {},
    /// Ask the `medium` player's choice for the sender, answered to the sender only.
    Hint {},
}

/// One connection to a room: the welcome (with `page`, the address of the game's page of rules,
/// or `null`), then every change, and the client's actions.
async fn connection(mut socket: WebSocket, room: Arc<Mutex<Room>>, token: Option<String>, page: Option<String>) {
    let (seat, mut updates, welcome) = {
        let mut room = lock(&room);
        let seat = room.seat_of(token.as_deref());
        let updates = room.connect(seat);
        let mut welcome = room.info(seat);
        welcome["page"] = json!(page);
        (seat, updates, welcome.to_string())
    };
    // The connect's own update is in the welcome already.
    let _ = updates.try_recv();
    let mut ping = tokio::time::interval(PING_EVERY);
    let mut heard = Instant::now();
    if socket.send(Message::Text(welcome.into())).await.is_ok() {
        loop {
            tokio::select! {
                _ = ping.tick() => {
                    if heard.elapsed() > 3 * PING_EVERY || socket.send(Message::Ping(Bytes::new())).await.is_err() { break }
                }
                incoming = socket.recv() => {
                    heard = Instant::now();
                    let text = match incoming {
                        Some(Ok(Message::Text(text))) => Ok(text),
                        Some(Ok(Message::Binary(_))) => Err("messages are JSON text".to_string()),
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                        Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    };
                    let reply = match text.and_then(|text| handle(&room, seat, text.as_str())) {
                        Ok(None) => continue,
                        // A hint: searched off the async threads while this connection waits.
                        Ok(Some(mut thought)) => {
                            let ply = thought.actions.len();
                            let rules = Arc::clone(&thought.rules);
                            match tokio::task::spawn_blocking(move || thought.choose()).await {
                                Ok(Some(action)) => json!({"type": "hint", "ply": ply, "action": action.text(&rules)}),
                                _ => json!({"type": "error", "message": "no hint: there is no move to suggest"}),
                            }
                        }
                        Err(message) => json!({"type": "error", "message": message}),
                    };
                    if socket.send(Message::Text(reply.to_string().into())).await.is_err() { break }
                }
                update = updates.recv() => {
                    let text: String = match update {
                        Ok(text) => text.to_string(),
                        // Fallen behind: the whole state again.
                        Err(RecvError::Lagged(_)) => lock(&room).state(None).to_string(),
                        Err(RecvError::Closed) => break,
                    };
                    if socket.send(Message::Text(text.into())).await.is_err() { break }
                }
            }
        }
    }
    lock(&room).disconnect(seat);
}

/// Applies one client message to the room; a hint comes back as the search to run for it.
fn handle(room: &Arc<Mutex<Room>>, seat: Option<Player>, text: &str) -> Result<Option<rooms::Thinking>, String> {
    let message: ClientMessage = serde_json::from_str(text).map_err(|e| format!("a message this server does not read: {e}"))?;
    let after = match message {
        ClientMessage::Act { action, ply } => lock(room).act(seat, &action, ply)?,
        ClientMessage::Undo {} => lock(room).undo(seat)?,
        ClientMessage::Hint {} => return lock(room).hint(seat).map(Some),
    };
    if after == After::Think {
        think(Arc::clone(room));
    }
    Ok(None)
}

/// Lets the computer to move choose, off the async threads, and plays its choice; goes on while
/// the computer is to move.
fn think(room: Arc<Mutex<Room>>) {
    let Some(mut thought) = lock(&room).think() else { return };
    tokio::task::spawn_blocking(move || {
        let action = thought.choose();
        if lock(&room).answer(thought, action) == After::Think {
            think(room);
        }
    });
}

/// Binds `host:port` (port 0: any free one) and returns the listener and its address.
pub async fn bind(host: &str, port: u16) -> Result<(tokio::net::TcpListener, SocketAddr), String> {
    let listener = tokio::net::TcpListener::bind((host, port))
        .await
        .map_err(|e| format!("cannot listen on {host}:{port}: {}", e.to_string().to_lowercase()))?;
    let address = listener.local_addr().map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    Ok((listener, address))
}
