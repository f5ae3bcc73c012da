//! Helpers so scenario tests read like the rules: set up a position, play a list of actions,
//! then check the exact rows, captures, player to move, legal actions and result.
//!
//! Rows are given as South sees the board: `a` is South's row, `b` North's, columns 1..N left to
//! right. Captures are `[south, north]`.

// Each test binary uses its own subset of these helpers.
#![allow(dead_code, unused_macros)]

pub mod rust_source;

use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
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

/// One `#[test]` per shipped rule file for each function named (`fn NAME(file: &str)`, given the
/// file's name without `.mancala`), in a module of the function's name: `replay::kalah`. Tests of
/// one binary run in parallel, so a check over every file takes the time of the slowest file
/// rather than of all of them. A test that every file of `rules/` is listed comes with them.
macro_rules! per_shipped_rule_file {
    (@one $run:ident) => {
        mod $run {
            crate::common::shipped_rule_files!(@tests super::$run);
        }
    };
    ($($run:ident),+ $(,)?) => {
        $(crate::common::per_shipped_rule_file!(@one $run);)+

        #[test]
        fn every_shipped_rule_file_has_its_tests() {
            crate::common::assert_every_shipped_rule_file(&crate::common::shipped_rule_files!(@names));
        }
    };
}
#[allow(unused_imports)]
pub(crate) use per_shipped_rule_file;

/// The shipped rule files, as identifiers (`-` written `_`): a new file of `rules/` is added here,
/// once, for the tests over every file to cover it ([`assert_every_shipped_rule_file`] says so).
macro_rules! shipped_rule_files {
    (@list [tests $run:path] $($file:ident)+) => {
        $(
            #[test]
            fn $file() {
                $run(&stringify!($file).replace('_', "-"));
            }
        )+
    };
    (@list [names] $($file:ident)+) => {
        [$(stringify!($file)),+]
    };
    (@$what:ident $($run:tt)*) => {
        crate::common::shipped_rule_files! {@list [$what $($run)*]
            abalalae bao_kiswahili_congo bao_la_kiswahili bao_la_kujifunza bohnenspiel bosh congkak
            djenon_aboure gabata gore hoyito hus kalah moruba omweso oware pallanguzhi rabe tihbat
            toguz_kumalak tsoro vai_lung_thlan
        }
    };
}
#[allow(unused_imports)]
pub(crate) use shipped_rule_files;

/// The names listed by `shipped_rule_files!` are the files of `rules/`, exactly.
#[track_caller]
pub fn assert_every_shipped_rule_file(listed: &[&str]) {
    let files: Vec<String> =
        mancala_files("rules").iter().map(|f| f.file_stem().expect("a name").to_string_lossy().replace('-', "_")).collect();
    assert_eq!(listed, files, "tests/common's `shipped_rule_files!` lists every file of rules/, in order");
}

/// The tests' one seeded generator: ChaCha8, the same stream on every platform, with the whole
/// of `rand`'s interface through `Deref`.
pub struct Rng(rand::rngs::ChaCha8Rng);

impl Rng {
    pub fn new(seed: u64) -> Self {
        use rand::SeedableRng;
        Self(rand::rngs::ChaCha8Rng::seed_from_u64(seed))
    }

    /// A number below `n` (not 0), sampled as a u32 where it fits: the same on 32- and 64-bit.
    pub fn below(&mut self, n: usize) -> usize {
        use rand::RngExt;
        self.0.random_range(0..n)
    }

    /// One of `items` (not empty), uniformly.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

impl Deref for Rng {
    type Target = rand::rngs::ChaCha8Rng;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for Rng {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// The path of a shipped rule file: `rules/NAME.mancala` in this crate.
pub fn rules_path(name: &str) -> String {
    format!("{}/rules/{name}.mancala", env!("CARGO_MANIFEST_DIR"))
}

/// A folder of the test's own in the temporary folder, removed with all it holds when dropped
/// (also when the test panics): keep it in a named variable while its files are in use.
pub fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("mancala-test-").tempdir().expect("a temporary folder")
}

/// The shipped rules `name` with lines of the file changed (each `from` must be in it once).
#[allow(dead_code)]
pub fn variant(name: &str, changes: &[(&str, &str)]) -> Rules {
    let mut source = std::fs::read_to_string(rules_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    for (from, to) in changes {
        assert_eq!(source.matches(from).count(), 1, "{from:?} is in {name} once");
        source = source.replace(from, to);
    }
    mancala::load_str(&format!("{name}-variant.mancala"), &source, &[] as &[&str]).unwrap_or_else(|e| panic!("{changes:?}: {e:?}"))
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
    setup(rules, to_move).rows([a, b]).captured(captured).game()
}

/// A position to start a test game from, built field by field of the interchange JSON and read
/// through its reader: `setup(rules, "south").rows([a, b]).rest_captured(48).game()`.
pub struct Setup<'r> {
    rules: &'r Rules,
    json: serde_json::Value,
}

/// A [`Setup`] of `rules` with `to_move` ("south"/"north") to move and nothing else given yet.
pub fn setup<'r>(rules: &'r Rules, to_move: &str) -> Setup<'r> {
    Setup { rules, json: serde_json::json!({"to_move": to_move}) }
}

impl<'r> Setup<'r> {
    /// The rows in full, `a` (South's outer row) first.
    pub fn rows<R: AsRef<[u16]>>(mut self, rows: impl IntoIterator<Item = R>) -> Self {
        let rows: serde_json::Map<String, serde_json::Value> =
            rows.into_iter().enumerate().map(|(r, row)| (letter(r).to_string(), serde_json::json!(row.as_ref()))).collect();
        self.json["rows"] = rows.into();
        self
    }

    /// The rows, `a` first, each empty but for `(column, count)`.
    pub fn sparse(self, rows: &[Sparse<'_>]) -> Self {
        let columns = self.rules.board.columns;
        self.rows(rows.iter().map(|holes| sparse_row(columns, holes)))
    }

    /// What each player has taken, `[south, north]`.
    pub fn captured(mut self, captured: [u32; 2]) -> Self {
        self.json["captured"] = serde_json::json!({"south": captured[0], "north": captured[1]});
        self
    }

    /// The stones not on the board (the rows given first) split between the captures to make
    /// `total`, South's half first and an odd one North's.
    pub fn rest_captured(self, total: u32) -> Self {
        let rows = self.json["rows"].as_object().expect("rows before rest_captured");
        let on_board: u64 = rows.values().flat_map(|row| row.as_array().expect("a row")).map(|c| c.as_u64().expect("a count")).sum();
        let rest = total - u32::try_from(on_board).expect("stones fit");
        self.captured([rest / 2, rest - rest / 2])
    }

    /// The stones in hand, `[south, north]`.
    pub fn hand(self, hand: [u16; 2]) -> Self {
        self.field("hand", serde_json::json!({"south": hand[0], "north": hand[1]}))
    }

    /// Both players in the phase `phase`.
    pub fn phase(self, phase: &str) -> Self {
        self.field("phase", serde_json::json!({"south": phase, "north": phase}))
    }

    /// Any other field of the position JSON (`closed`, `round`, `owners`, `claimed`, `intact`).
    pub fn field(mut self, key: &str, value: serde_json::Value) -> Self {
        self.json[key] = value;
        self
    }

    /// More fields of the position JSON at once, an object: `json!({"round": 2})`.
    pub fn fields(mut self, more: serde_json::Value) -> Self {
        if let (Some(map), serde_json::Value::Object(more)) = (self.json.as_object_mut(), more) {
            map.extend(more);
        }
        self
    }

    /// The game from this position; panics if the reader refuses it.
    #[track_caller]
    pub fn game(self) -> Game<'r> {
        from_json(self.rules, self.json)
    }
}

/// A game of `rules` from a whole position JSON, read through the interchange reader; panics if it
/// refuses it.
#[track_caller]
pub fn from_json(rules: &Rules, json: serde_json::Value) -> Game<'_> {
    let state = parse_position(&json.to_string(), rules).unwrap_or_else(|e| panic!("bad test position {json}: {e}"));
    Game::from_state(rules, state)
}

/// A row's letter: `a` for row 0.
pub fn letter(row: usize) -> char {
    char::from(b'a' + u8::try_from(row).expect("a row letter"))
}

/// The holes of a row given sparsely: empty but for `(column, count)`.
pub type Sparse<'a> = &'a [(usize, u16)];

/// A row of `columns` holes, empty but for `(column, count)`.
pub fn sparse_row(columns: usize, holes: Sparse<'_>) -> Vec<u16> {
    let mut row = vec![0; columns];
    for &(column, count) in holes {
        row[column - 1] = count;
    }
    row
}

/// The rows in full from `a`, exactly (the rows not given are not checked).
#[track_caller]
pub fn assert_rows<R: AsRef<[u16]>>(game: &Game<'_>, rows: impl IntoIterator<Item = R>) {
    let p = game.position();
    for (r, expected) in rows.into_iter().enumerate() {
        let letter = letter(r).to_string();
        assert_eq!(p.rows[&letter], expected.as_ref(), "row {letter}; position: {}", game.position_json());
    }
}

/// The rows from `a`, sparse as given to [`Setup::sparse`].
#[track_caller]
pub fn assert_sparse_rows(game: &Game<'_>, rows: &[Sparse<'_>]) {
    let columns = game.rules().board.columns;
    assert_rows(game, rows.iter().map(|holes| sparse_row(columns, holes)));
}

/// The exact board (sparse rows from `a`), captures `[south, north]` and player to move (`None`:
/// over).
#[track_caller]
pub fn assert_board(game: &Game<'_>, to_move: Option<&str>, rows: &[Sparse<'_>], captured: [u32; 2]) {
    let context = game.position_json();
    assert_sparse_rows(game, rows);
    assert_eq!(stores(game), captured, "captured [south, north]; position: {context}");
    assert_eq!(self::to_move(game), to_move, "player to move; position: {context}");
}

/// What each player has taken so far, `[south, north]` (their stores, where the board has them).
pub fn stores(game: &Game<'_>) -> [u32; 2] {
    let p = game.position();
    [p.captured.south, p.captured.north]
}

/// The player to move, by name (`None` once over).
pub fn to_move(game: &Game<'_>) -> Option<&'static str> {
    game.to_move().map(|p| p.name())
}

/// The position JSON, read back.
pub fn position_value(game: &Game<'_>) -> serde_json::Value {
    serde_json::from_str(&game.position_json()).expect("position JSON")
}

/// Plays a list of actions (as [`apply`]); stones on the board plus captures never change.
#[track_caller]
pub fn play(game: &mut Game<'_>, actions: &str) {
    let before = total(game);
    apply(game, actions);
    assert_eq!(total(game), before, "stones not conserved; position: {}", game.position_json());
}

/// The closed holes and the round, as the position JSON gives them.
#[track_caller]
pub fn assert_closed_and_round(game: &Game<'_>, closed: &[&str], round: u16) {
    let json = position_value(game);
    assert_eq!(json["closed"], serde_json::json!(closed), "closed holes; position: {json}");
    assert_eq!(json["round"], serde_json::json!(round), "round; position: {json}");
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
    model_line(game, game.state().captured.map(serde_json::Value::from))
}

/// A position as the models write it: every hole's count, then `more` (what else the model
/// keeps, in its order), the player to move (`"s"` or `"n"`) and the legal actions joined by
/// spaces.
pub fn model_line(game: &Game<'_>, more: impl IntoIterator<Item = serde_json::Value>) -> serde_json::Value {
    use serde_json::{json, Value};
    let (rules, state) = (game.rules(), game.state());
    let mut line: Vec<Value> = state.counts()[..rules.board.holes].iter().map(|&c| json!(c)).collect();
    line.extend(more);
    line.push(json!(if state.to_move.name() == "south" { "s" } else { "n" }));
    line.push(json!(game.legal_texts().join(" ")));
    Value::Array(line)
}

/// Plays `games` random games of the rule file `name` in two games side by side, each pair made
/// by `pair`, the actions drawn from a generator seeded by the name and `salt`, at most `most`
/// actions a game. Before every action both must show the same position, result, legal actions
/// and sowings; after it, the same laps and swept stones; `after` then compares whatever else a
/// test asks (it is given where the games are, and both games).
pub fn side_by_side<'r, A: mancala::engine::Cells, B: mancala::engine::Cells>(
    name: &str,
    salt: u64,
    (games, most): (usize, usize),
    pair: impl Fn() -> (mancala::engine::GameIn<'r, A>, mancala::engine::GameIn<'r, B>),
    mut after: impl FnMut(&str, &mancala::engine::GameIn<'r, A>, &mancala::engine::GameIn<'r, B>),
) {
    use mancala::engine::Mask;
    let mut rng = Rng::new(name.bytes().fold(salt, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))));
    for game in 0..games {
        let (mut a, mut b) = pair();
        for number in 0..most {
            let at = format!("{name}, game {game}, action {number}");
            assert_eq!(a.state().widen(), b.state().widen(), "{at}: the positions differ");
            assert_eq!(a.result(), b.result(), "{at}: the results differ");
            let legal = b.legal_actions();
            assert_eq!(a.legal_actions(), legal, "{at}: the legal actions differ");
            assert_eq!(a.sowings().map(Mask::wide), b.sowings().map(Mask::wide), "{at}: the sowings differ");
            if legal.is_empty() {
                break;
            }
            let action = *rng.pick(&legal);
            a.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
            b.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(a.last_laps(), b.last_laps(), "{at}: the laps differ");
            assert_eq!(a.swept(), b.swept(), "{at}: the swept stones differ");
            after(&at, &a, &b);
        }
    }
}
