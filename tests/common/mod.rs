//! Helpers so scenario tests read like the rules: set up a position, play a list of actions,
//! then check the exact rows, captures, player to move, legal actions and result.
//!
//! Rows are given as South sees the board: `a` is South's row, `b` North's, columns 1..N left to
//! right. Captures are `[south, north]`.

// Each test binary uses its own subset of these helpers.
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use mancala::engine::position::parse_position;
use mancala::{Action, Game, Rules};

/// The `.mancala` files of a folder of this crate (`rules`, `tests/fixtures/check`), sorted.
pub fn mancala_files(folder: &str) -> Vec<std::path::PathBuf> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", folder.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "mancala"))
        .collect();
    files.sort();
    files
}

/// The path of a shipped rule file: `rules/NAME.mancala` in this crate.
pub fn rules_path(name: &str) -> String {
    format!("{}/rules/{name}.mancala", env!("CARGO_MANIFEST_DIR"))
}

/// The shipped rules `name`, loaded once per test binary with default options.
pub fn rules(name: &str) -> &'static Rules {
    static LOADED: OnceLock<Mutex<HashMap<String, &'static Rules>>> = OnceLock::new();
    let mut loaded = LOADED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    loaded.entry(name.to_string()).or_insert_with(|| {
        let rules = mancala::load_file(rules_path(name), &[] as &[&str]).unwrap_or_else(|e| panic!("cannot load {name}: {e:?}"));
        Box::leak(Box::new(rules))
    })
}

/// A game of `rules` continuing from a position: `to_move` ("south"/"north"), South's row `a`,
/// North's row `b`, and `captured` as `[south, north]`. Goes through the interchange JSON reader.
pub fn position<'r>(rules: &'r Rules, to_move: &str, a: &[u16], b: &[u16], captured: [u32; 2]) -> Game<'r> {
    let json = serde_json::json!({
        "to_move": to_move,
        "rows": {"a": a, "b": b},
        "captured": {"south": captured[0], "north": captured[1]},
    });
    let state = parse_position(&json.to_string(), rules).unwrap_or_else(|e| panic!("bad test position {json}: {e}"));
    Game::from_state(rules, state)
}

/// For a test of a repetition ending: plays the shipped rules `name` without `line` (which they
/// hold once), from the position `start` (interchange JSON), each time the first legal action,
/// until a position is seen for the third time (the start counts once). Returns the actions and
/// that position. Panics if the game ends first, or nothing repeats within 1,000 actions.
#[allow(dead_code)]
#[track_caller]
pub fn third_repetition(name: &str, line: &str, start: &str) -> (Vec<String>, mancala::engine::position::Position) {
    let source = std::fs::read_to_string(rules_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(source.matches(line).count(), 1, "{name} holds {line:?} once");
    let without =
        mancala::load_str(&format!("{name}-without.mancala"), &source.replace(line, ""), &[] as &[&str]).expect("the variant loads");
    let state = parse_position(start, &without).unwrap_or_else(|e| panic!("bad test position {start}: {e}"));
    let mut game = Game::from_state(&without, state);
    let round = game.position().round;
    let mut seen = HashMap::from([(game.position_json(), 1)]);
    let mut played = Vec::new();
    loop {
        let action = game.legal_texts().first().cloned().unwrap_or_else(|| panic!("the game ends otherwise: {}", game.position_json()));
        apply(&mut game, &action);
        played.push(action);
        assert_eq!(game.position().round, round, "the round goes on without the rule: {}", game.position_json());
        let count = seen.entry(game.position_json()).or_insert(0);
        *count += 1;
        if *count == 3 {
            return (played, game.position());
        }
        assert!(played.len() < 1000, "no repetition");
    }
}

/// Plays a comma-separated list of actions (`"a1, b2, pass"`); panics on the first one that
/// does not parse or is not legal.
#[track_caller]
pub fn apply(game: &mut Game<'_>, actions: &str) {
    for (i, text) in Action::split_list(actions).into_iter().enumerate() {
        if let Err(e) = try_apply(game, text) {
            panic!("action #{} `{text}` of `{actions}` failed: {e}\nposition: {}", i + 1, game.position_json());
        }
    }
}

/// Plays one action; the error, if any, as text (a parse error or an illegal action).
pub fn try_apply(game: &mut Game<'_>, action: &str) -> Result<(), String> {
    let action = Action::parse(action, game.rules()).map_err(|e| e.to_string())?;
    game.apply(action).map_err(|e| e.to_string())
}

/// Plays a comma-separated list of actions whose last ends the game, and returns what the end
/// moved off the board into the players' captures, hole by hole in board order: `"south a5 2"`
/// (taker, hole, stones). The final position shows the board after that; this is the board as
/// the last action left it.
#[track_caller]
#[allow(dead_code)]
pub fn apply_to_end(game: &mut Game<'_>, actions: &str) -> Vec<String> {
    use mancala::engine::events::{Event, TakeHow};
    let list = Action::split_list(actions);
    let (last, most) = list.split_last().expect("at least one action");
    apply(game, &most.join(", "));
    game.set_tracing(true);
    apply(game, last);
    let rules = game.rules();
    let takes = game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Take { by, hole, stones, how: TakeHow::Leftover } => Some(format!("{by} {} {stones}", rules.label(usize::from(*hole)))),
            _ => None,
        })
        .collect();
    game.set_tracing(false);
    assert!(game.is_over(), "`{last}` ends the game; position: {}", game.position_json());
    takes
}

/// The exact position: player to move (`None` once over), both rows, captures.
#[track_caller]
pub fn assert_position(game: &Game<'_>, to_move: Option<&str>, a: &[u16], b: &[u16], captured: [u32; 2]) {
    let p = game.position();
    let context = game.position_json();
    assert_eq!(p.rows["a"], a, "row a (South's); position: {context}");
    assert_eq!(p.rows["b"], b, "row b (North's); position: {context}");
    assert_eq!([p.captured.south, p.captured.north], captured, "captured [south, north]; position: {context}");
    assert_eq!(p.to_move.map(|m| m.name()), to_move, "player to move; position: {context}");
}

/// The legal actions now, exactly and in board order.
#[track_caller]
pub fn assert_legal(game: &Game<'_>, legal: &[&str]) {
    assert_eq!(game.legal_texts(), legal, "legal actions; position: {}", game.position_json());
}

/// The game goes on: no result, someone to move, at least one legal action.
#[track_caller]
pub fn assert_ongoing(game: &Game<'_>) {
    let p = game.position();
    assert_eq!(p.status, "ongoing", "position: {}", game.position_json());
    assert!(p.result.is_none() && game.result().is_none(), "position: {}", game.position_json());
    assert!(p.to_move.is_some() && !p.legal.is_empty(), "position: {}", game.position_json());
}

/// The game is over with this winner (`None`: a draw) and final score `[south, north]`.
#[track_caller]
pub fn assert_result(game: &Game<'_>, winner: Option<&str>, score: [u32; 2]) {
    let p = game.position();
    let context = game.position_json();
    assert_eq!(p.status, "over", "status; position: {context}");
    assert_eq!(p.to_move, None, "nobody moves once over; position: {context}");
    assert!(p.legal.is_empty(), "no legal action once over; position: {context}");
    let result = p.result.unwrap_or_else(|| panic!("no result; position: {context}"));
    assert_eq!(result.winner.map(|w| w.name()), winner, "winner; position: {context}");
    assert_eq!([result.score.south, result.score.north], score, "score [south, north]; position: {context}");
    assert!(!result.reason.trim().is_empty(), "the result gives a reason; position: {context}");
    assert_eq!(game.result().map(|r| r.score), Some(score), "Game::result agrees with the position");
    // The final position shows the score: the stones left went into the captures.
    let hands = p.hand.map_or([0, 0], |h| [h.south, h.north]);
    assert_eq!([p.captured.south + hands[0], p.captured.north + hands[1]], score, "captures and hands are the score; position: {context}");
}

/// `action` is refused (it does not parse, or is illegal now) and the game is left exactly as it
/// was: state, position JSON and legal actions.
#[track_caller]
pub fn assert_illegal(game: &mut Game<'_>, action: &str) {
    let state = *game.state();
    let json = game.position_json();
    let result = try_apply(game, action);
    assert!(result.is_err(), "`{action}` should be refused; position before: {json}");
    assert_eq!(*game.state(), state, "`{action}` was refused but changed the state");
    assert_eq!(game.position_json(), json, "`{action}` was refused but changed the position");
}

/// Stones on the board plus both captures.
pub fn total(game: &Game<'_>) -> u32 {
    game.state().total(game.rules())
}

/// Runs the real binary (colour off) with `args`.
pub fn mancala(args: &[&str]) -> std::process::Output {
    mancala_with_input(args, "")
}

/// Starts the real binary (colour off) with `args`, its standard streams piped.
pub fn spawn(args: &[&str]) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Runs the real binary (colour off) with `args`, `input` on its standard input (written from a
/// thread, and let go when the binary stops reading).
pub fn mancala_with_input(args: &[&str], input: impl AsRef<[u8]>) -> std::process::Output {
    use std::io::Write;
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer ends");
    output
}

pub fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Replays the random games an independent model wrote, one JSON object a line in
/// `tests/fixtures/FIXTURE` (`moves`, one more `states` than moves, `winner`, `score` and, where
/// the model gives it, `reason`): at every step the engine's `view` of the position must be the
/// model's state, every stone stays in the game, and the result is the model's. Returns how many
/// games were replayed.
#[track_caller]
pub fn replay_model_games(rules: &Rules, fixture: &str, view: impl Fn(&Game<'_>) -> serde_json::Value) -> usize {
    use serde_json::{json, Value};
    let path = format!("{}/tests/fixtures/{fixture}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut games = 0;
    for (number, line) in text.lines().enumerate() {
        let record: Value = serde_json::from_str(line).expect("a JSON game");
        let moves: Vec<&str> = record["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("a move")).collect();
        let states = record["states"].as_array().expect("states");
        assert_eq!(states.len(), moves.len() + 1, "game {number}");
        let mut game = Game::new(rules);
        let total = game.state().total(rules);
        for (step, expected) in states.iter().enumerate() {
            assert_eq!(&view(&game), expected, "game {number}, after {:?}: {}", &moves[..step], game.position_json());
            if let Some(action) = moves.get(step) {
                apply(&mut game, action);
                assert_eq!(game.state().total(rules), total, "game {number}: stones are conserved");
            }
        }
        let result = game.result().unwrap_or_else(|| panic!("game {number} is not over"));
        assert_eq!(result.winner.map(|w| w.to_string()), record["winner"].as_str().map(str::to_string), "game {number}");
        assert_eq!(json!(result.score), record["score"], "game {number}");
        if let Some(reason) = record.get("reason") {
            assert_eq!(&json!(result.reason), reason, "game {number}");
        }
        games += 1;
    }
    games
}

/// A position as the plainer models write it: every hole's count, the two stores, the player to
/// move (`"s"` or `"n"`) and the legal actions joined by spaces.
#[allow(dead_code)]
pub fn plain_model_view(game: &Game<'_>) -> serde_json::Value {
    use serde_json::{json, Value};
    let (rules, state) = (game.rules(), game.state());
    let mut line: Vec<Value> = state.counts()[..rules.holes].iter().map(|&c| json!(c)).collect();
    line.extend(state.captured.iter().map(|&c| json!(c)));
    line.push(json!(if state.to_move.name() == "south" { "s" } else { "n" }));
    line.push(json!(game.legal_texts().join(" ")));
    Value::Array(line)
}

// ---------------------------------------------------------------- four rows of eight

/// The holes of a row of 8 given sparsely: empty but for `(column, count)`.
pub type Sparse<'a> = &'a [(usize, u16)];

/// A row of 8 holes, empty but for `(column, count)`.
pub fn row8(holes: Sparse<'_>) -> Vec<u16> {
    let mut row = vec![0; 8];
    for &(column, count) in holes {
        row[column - 1] = count;
    }
    row
}

/// A game of `rules` on four rows of 8 from a position: rows `a`, `b`, `c`, `d` given sparsely,
/// and the stones in hand `[south, north]` where the game has hands.
pub fn on_four_rows<'r>(rules: &'r Rules, to_move: &str, hand: Option<[u16; 2]>, rows: [Sparse<'_>; 4]) -> Game<'r> {
    let mut json = serde_json::json!({
        "to_move": to_move,
        "rows": {"a": row8(rows[0]), "b": row8(rows[1]), "c": row8(rows[2]), "d": row8(rows[3])},
    });
    if let Some([south, north]) = hand {
        json["hand"] = serde_json::json!({"south": south, "north": north});
    }
    let state = parse_position(&json.to_string(), rules).unwrap_or_else(|e| panic!("bad test position {json}: {e}"));
    Game::from_state(rules, state)
}

/// The four rows of 8, sparse as given to [`on_four_rows`].
#[track_caller]
pub fn assert_four_rows(game: &Game<'_>, rows: [Sparse<'_>; 4]) {
    let p = game.position();
    for (letter, expected) in ["a", "b", "c", "d"].iter().zip(rows) {
        assert_eq!(p.rows[*letter], row8(expected), "row {letter}; position: {}", game.position_json());
    }
}
