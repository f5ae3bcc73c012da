//! `mancala._mancala`: the engine for Python. The package's `mancala/__init__.py` wraps it in
//! OpenSpiel's names; this module gives rules (`Rules`), positions in play (`State`) and the
//! computer players (`bot_action`).

use mancala::ai::AgentKind;
use mancala::check::model::{NoMove, OptionDomain, OptionValue};
use mancala::engine::ids::ActionIds;
use mancala::engine::observe::{observation, observation_size};
use mancala::{Action, Game, Player, Rules as EngineRules};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// OpenSpiel's number for "nobody: the game is over".
const TERMINAL: i32 = -4;

/// The words an action can be, in the order of the engine's numbering (after the holes sown
/// either way).
const WORDS: usize = 5;

/// The numbering of the actions a game can have: the engine's ([`ActionIds`]) less the ids of
/// actions its rules never give (a hole sown the other way in a game sown one way, `pass` where a
/// player without a move does not pass, `continue` and `stop` without such a decision, `accept`
/// and `decline` without trades). Ids are consecutive from 0.
#[derive(Clone, Debug)]
struct Ids {
    engine: ActionIds,
    holes: u32,
    /// Whether a hole may be sown the other way.
    reversed: bool,
    /// Which of the words (pass, continue, stop, accept, decline) the game can have.
    words: [bool; WORDS],
}

impl Ids {
    fn new(rules: &EngineRules) -> Option<Ids> {
        let engine = ActionIds::new(rules)?;
        let holes = u32::try_from(rules.board.holes).ok()?;
        let decide = rules.sowing.relay_or_stop.is_some();
        let trade = rules.trade.is_some();
        let words = [rules.play.no_move == NoMove::Pass, decide, decide, trade, trade];
        Some(Ids { engine, holes, reversed: rules.sowing.either_way || rules.play.reverse.is_some(), words })
    }

    /// The first id past the holes and words, where the sets of holes start.
    fn sets_from(&self) -> u32 {
        let reversed = if self.reversed { self.holes } else { 0 };
        self.holes + reversed + self.words.iter().filter(|&&w| w).count() as u32
    }

    fn count(&self) -> u32 {
        self.sets_from() + (self.engine.count() - 2 * self.holes - WORDS as u32)
    }

    fn id(&self, action: Action) -> Option<u32> {
        let engine = self.engine.id(action)?;
        let h = self.holes;
        let reversed = if self.reversed { h } else { 0 };
        match engine {
            e if e < h => Some(e),
            e if e < 2 * h => self.reversed.then_some(e),
            e if e < 2 * h + WORDS as u32 => {
                let word = (e - 2 * h) as usize;
                self.words[word].then(|| h + reversed + self.words[..word].iter().filter(|&&w| w).count() as u32)
            }
            e => Some(e - 2 * h - WORDS as u32 + self.sets_from()),
        }
    }

    fn action(&self, id: u32) -> Option<Action> {
        let h = self.holes;
        let reversed = if self.reversed { h } else { 0 };
        let engine = match id {
            id if id < h + reversed => id,
            id if id < self.sets_from() => {
                let nth = (id - h - reversed) as usize;
                let word = (0..WORDS).filter(|&w| self.words[w]).nth(nth)?;
                2 * h + word as u32
            }
            id if id < self.count() => id - self.sets_from() + 2 * h + WORDS as u32,
            _ => return None,
        };
        self.engine.action(engine)
    }
}

/// An option as Python sees it: its name, default and the values allowed.
type OptionSpec = (String, Py<PyAny>, Py<PyAny>);

/// The shipped game of `name` (its file name without `.mancala`), if there is one.
fn shipped(name: &str) -> Option<&'static str> {
    SHIPPED.iter().find(|(n, _)| *n == name).map(|&(_, source)| source)
}

/// A checked rule file with its options: the game's rules.
#[pyclass(frozen)]
struct Rules {
    rules: &'static EngineRules,
    ids: Ids,
    /// Where it was loaded from (a path, or `NAME.mancala` for a shipped game), its text and its
    /// options (NAME=VALUE), to load it again (a state unpickled elsewhere).
    path: String,
    source: String,
    options: Vec<String>,
}

#[pymethods]
impl Rules {
    /// Loads the rule file `path`, or the shipped game of that name (`kalah`: a name with no `/`
    /// and no file of that name here), with `options` (NAME=VALUE strings); a rule file with
    /// errors raises ValueError with its diagnostics.
    #[staticmethod]
    #[pyo3(signature = (path, options = Vec::new()))]
    fn load(path: &str, options: Vec<String>) -> PyResult<Rules> {
        let bare = !path.contains(['/', '\\']) && !path.ends_with(".mancala");
        if bare && !std::path::Path::new(path).exists() {
            let Some(source) = shipped(path) else {
                let names: Vec<&str> = SHIPPED.iter().map(|(n, _)| *n).collect();
                return Err(PyValueError::new_err(format!(
                    "no rule file `{path}`: no such file here, nor a shipped game of that name; the shipped games: {}",
                    names.join(" ")
                )));
            };
            return Rules::from_source(&format!("{path}.mancala"), source, options);
        }
        let source = mancala::load::read_source(std::path::Path::new(path)).map_err(|e| PyValueError::new_err(describe(&e)))?;
        Rules::from_source(path, &source, options)
    }

    /// Loads the rule file text `source`, named `path` in its diagnostics, with `options`.
    #[staticmethod]
    #[pyo3(signature = (path, source, options = Vec::new()))]
    fn from_source(path: &str, source: &str, options: Vec<String>) -> PyResult<Rules> {
        let rules = mancala::load_str(path, source, &options).map_err(|e| PyValueError::new_err(describe(&e)))?;
        let ids = Ids::new(&rules).ok_or_else(|| PyValueError::new_err(format!("{path}: too many actions to number")))?;
        // Kept for the life of the process: every state of the game refers to it.
        Ok(Rules { rules: Box::leak(Box::new(rules)), ids, path: path.to_string(), source: source.to_string(), options })
    }

    #[getter]
    fn path(&self) -> String {
        self.path.clone()
    }

    #[getter]
    fn source(&self) -> String {
        self.source.clone()
    }

    #[getter]
    fn options(&self) -> Vec<String> {
        self.options.clone()
    }

    /// The file's options: `(name, default, values)` each, a value a number (`int`) or a word
    /// (`str`), `values` a list of them or a `(low, high)` range of numbers.
    fn option_specs(&self, py: Python<'_>) -> PyResult<Vec<OptionSpec>> {
        let (checked, _) = mancala::load::check_source(&self.path, &self.source);
        let Some(checked) = checked else { return Ok(Vec::new()) };
        let value = |v: &OptionValue| -> PyResult<Py<PyAny>> {
            Ok(match v {
                OptionValue::Number(n) => n.into_pyobject(py)?.into_any().unbind(),
                OptionValue::Word(w) => w.into_pyobject(py)?.into_any().unbind(),
            })
        };
        let mut specs = Vec::new();
        for option in &checked.model.options {
            let values = match &option.domain {
                OptionDomain::List(values) => {
                    values.iter().map(value).collect::<PyResult<Vec<_>>>()?.into_pyobject(py)?.into_any().unbind()
                }
                OptionDomain::Range { low, high } => (*low, *high).into_pyobject(py)?.into_any().unbind(),
            };
            specs.push((option.name.clone(), value(&option.default)?, values));
        }
        Ok(specs)
    }

    #[getter]
    fn name(&self) -> String {
        self.rules.name.clone()
    }

    #[getter]
    fn holes(&self) -> usize {
        self.rules.board.holes
    }

    #[getter]
    fn rows(&self) -> usize {
        self.rules.board.rows
    }

    #[getter]
    fn columns(&self) -> usize {
        self.rules.board.columns
    }

    /// How many action ids the game has: every id is below this.
    fn num_distinct_actions(&self) -> u32 {
        self.ids.count()
    }

    /// The length of every observation vector.
    fn observation_size(&self) -> usize {
        observation_size(self.rules)
    }

    /// The stones of the game (on the board, in hand and captured): its most possible score.
    fn total_stones(&self) -> u32 {
        Game::new(self.rules).state().total(self.rules)
    }

    /// The starting position.
    fn new_initial_state(&self) -> PyResult<State> {
        let game = start_game(self.rules, None).map_err(PyRuntimeError::new_err)?;
        Ok(State { game, ids: self.ids.clone(), history: Vec::new(), start: None, checkpoints: Vec::new() })
    }

    /// The position of an interchange JSON text (`run --position`), its repetition history afresh.
    fn state_from_json(&self, json: &str) -> PyResult<State> {
        let game = start_game(self.rules, Some(json)).map_err(PyValueError::new_err)?;
        Ok(State { game, ids: self.ids.clone(), history: Vec::new(), start: Some(json.to_string()), checkpoints: Vec::new() })
    }

    /// A state from [`State::serialize`]'s text: its start, then its actions played again.
    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| PyValueError::new_err(format!("not a serialized state: {e}")))?;
        let mut state = match value.get("start") {
            Some(serde_json::Value::String(start)) => self.state_from_json(start)?,
            _ => self.new_initial_state()?,
        };
        let actions =
            value.get("actions").and_then(|a| a.as_array()).ok_or_else(|| PyValueError::new_err("not a serialized state: no `actions`"))?;
        for (index, action) in actions.iter().enumerate() {
            let text = action
                .as_str()
                .ok_or_else(|| PyValueError::new_err(format!("not a serialized state: action {} is not text", index + 1)))?;
            state.apply_text(text).map_err(|e| PyValueError::new_err(format!("action {} of the serialized state: {e}", index + 1)))?;
        }
        Ok(state)
    }
}

/// The game a state starts from, recording its events (a state reports each action's): the
/// rules' start, or the interchange JSON `start` (or why it cannot be read).
fn start_game(rules: &'static EngineRules, start: Option<&str>) -> Result<Game<'static>, String> {
    let mut game = match start {
        Some(json) => Game::from_state(rules, mancala::engine::position::parse_position(json, rules).map_err(|e| e.to_string())?),
        None => Game::new(rules),
    };
    game.set_tracing(true);
    Ok(game)
}

/// A load error in one message: the diagnostics' messages, or the error.
fn describe(error: &mancala::load::LoadError) -> String {
    match error {
        mancala::load::LoadError::Rules { diagnostics, .. } => {
            let lines: Vec<String> = diagnostics.iter().map(|d| format!("{}: {}", d.code.as_str(), d.message)).collect();
            format!("the rule file has errors: {}", lines.join("; "))
        }
        other => other.to_string(),
    }
}

/// A position in play, with the actions that led to it from where it started.
#[pyclass]
struct State {
    game: Game<'static>,
    ids: Ids,
    /// The actions applied, for `undo` (which plays them again from the last checkpoint).
    history: Vec<Action>,
    /// The position it started from, as interchange JSON (`None`: the game's start).
    start: Option<String>,
    /// The game as it stood after every [`CHECKPOINT`]-th action of `history`, with how many
    /// actions it had had, so that an undo plays again fewer than [`CHECKPOINT`] actions rather
    /// than the whole game.
    checkpoints: Vec<(usize, Game<'static>)>,
}

/// How many actions apart the games an undo starts again from are kept.
const CHECKPOINT: usize = 32;

impl Clone for State {
    /// A copy keeps no checkpoint (a search copies states often and seldom undoes them): its
    /// undo plays again from the start, or from the checkpoints it keeps from then on.
    fn clone(&self) -> State {
        State {
            game: self.game.clone(),
            ids: self.ids.clone(),
            history: self.history.clone(),
            start: self.start.clone(),
            checkpoints: Vec::new(),
        }
    }
}

impl State {
    fn action_of(&self, id: u32) -> PyResult<Action> {
        self.ids.action(id).ok_or_else(|| PyValueError::new_err(format!("{id} is not an action id of this game")))
    }

    fn apply(&mut self, action: Action) -> PyResult<()> {
        self.game.apply(action).map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.history.push(action);
        if self.history.len().is_multiple_of(CHECKPOINT) {
            self.checkpoints.push((self.history.len(), self.game.clone()));
        }
        Ok(())
    }
}

#[pymethods]
impl State {
    /// The legal actions as ids, in increasing order (as OpenSpiel asks).
    fn legal_actions(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self.game.legal_actions().into_iter().filter_map(|a| self.ids.id(a)).collect();
        ids.sort_unstable();
        ids
    }

    /// The legal actions as text (`a3`, `b6 cw`, `take c5 d7`, `pass`), in the order of their ids.
    fn legal_action_texts(&self) -> Vec<String> {
        let rules = self.game.rules();
        self.legal_actions().into_iter().filter_map(|id| self.ids.action(id)).map(|a| a.text(rules)).collect()
    }

    fn action_to_string(&self, id: u32) -> PyResult<String> {
        Ok(self.action_of(id)?.text(self.game.rules()))
    }

    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        let action = Action::parse(text, self.game.rules()).map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.ids.id(action).ok_or_else(|| PyValueError::new_err(format!("`{text}` has no id in this game")))
    }

    /// Plays the action `id`; an illegal one raises ValueError and changes nothing.
    fn apply_action(&mut self, id: u32) -> PyResult<()> {
        let action = self.action_of(id)?;
        self.apply(action)
    }

    /// Plays an action given as text.
    fn apply_text(&mut self, text: &str) -> PyResult<()> {
        let action = Action::parse(text, self.game.rules()).map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.apply(action)
    }

    /// Takes back the last action: the game as it stood at the last checkpoint before it (or at
    /// the start), with the actions since played again.
    fn undo_action(&mut self) -> PyResult<()> {
        if self.history.is_empty() {
            return Err(PyValueError::new_err("no action to undo"));
        }
        let length = self.history.len() - 1;
        // The checkpoints at most `length` actions in stay; the last of them is played on.
        let kept = self.checkpoints.partition_point(|&(at, _)| at <= length);
        let rules = self.game.rules();
        let (from, mut game) = match kept.checked_sub(1).map(|last| &self.checkpoints[last]) {
            Some((at, game)) => (*at, game.clone()),
            None => (0, start_game(rules, self.start.as_deref()).map_err(PyRuntimeError::new_err)?),
        };
        for &action in &self.history[from..length] {
            game.apply(action).map_err(|e| PyRuntimeError::new_err(format!("the game cannot be replayed: {e}")))?;
        }
        // Nothing changes unless all of it did.
        self.history.truncate(length);
        self.checkpoints.truncate(kept);
        self.game = game;
        Ok(())
    }

    fn is_terminal(&self) -> bool {
        self.game.is_over()
    }

    /// 0 for South, 1 for North, -4 once the game is over (OpenSpiel's terminal player).
    fn current_player(&self) -> i32 {
        match self.game.to_move() {
            Some(Player::South) => 0,
            Some(Player::North) => 1,
            None => TERMINAL,
        }
    }

    /// Each player's return: 1 a win, -1 a loss, 0 a draw or a game not over.
    fn returns(&self) -> Vec<f64> {
        match self.game.result() {
            Some(result) => match result.winner {
                Some(Player::South) => vec![1.0, -1.0],
                Some(Player::North) => vec![-1.0, 1.0],
                None => vec![0.0, 0.0],
            },
            None => vec![0.0, 0.0],
        }
    }

    /// The actions applied so far, as ids.
    fn history(&self) -> Vec<u32> {
        self.history.iter().filter_map(|&a| self.ids.id(a)).collect()
    }

    /// The position as a vector of `observation_size()` numbers (see the package's docs), as
    /// South sees the board, or as `player` (0 South, 1 North) does: from North, the holes turned
    /// half round (hole i is hole H-1-i), "South's" read "the viewer's", and every pair of
    /// numbers (captures, hands, the player to move) the viewer's first.
    #[pyo3(signature = (player = None))]
    fn observation(&self, player: Option<i32>) -> PyResult<Vec<f32>> {
        let v = observation(&self.game);
        match player {
            None | Some(0) => Ok(v),
            Some(1) => {
                let h = self.game.rules().board.holes;
                let mut turned = v.clone();
                for hole in 0..h {
                    let from = h - 1 - hole;
                    turned[hole] = v[from];
                    turned[h + hole] = 1.0 - v[h + from];
                    turned[2 * h + hole] = v[2 * h + from];
                    turned[3 * h + hole] = v[3 * h + from];
                    turned[4 * h + 11 + hole] = v[4 * h + 11 + from];
                }
                for pair in [4 * h, 4 * h + 2, 4 * h + 4] {
                    turned.swap(pair, pair + 1);
                }
                Ok(turned)
            }
            Some(other) => Err(PyValueError::new_err(format!("player {other} is neither 0 (South) nor 1 (North)"))),
        }
    }

    /// The state as text (its start and its actions, JSON) for `Rules.deserialize_state`.
    fn serialize(&self) -> String {
        let rules = self.game.rules();
        let actions: Vec<String> = self.history.iter().map(|a| a.text(rules)).collect();
        serde_json::json!({"start": self.start, "actions": actions}).to_string()
    }

    /// The position as interchange JSON text.
    fn position_json(&self) -> String {
        self.game.position_json()
    }

    /// The events of the last action as JSON text: a list of objects, as `run --trace` gives.
    fn events_json(&self) -> String {
        let events: Vec<_> = self.game.events().iter().map(|e| e.json(self.game.rules())).collect();
        serde_json::to_string(&events).unwrap_or_else(|_| "[]".to_string())
    }

    /// The action a computer player (`random`, `greedy`, `easy`, `medium`, `hard`, `mcts:N`)
    /// chooses here, from `seed`; None once the game is over.
    #[pyo3(signature = (player, seed = 1))]
    fn bot_action(&self, player: &str, seed: u64) -> PyResult<Option<u32>> {
        let kind: AgentKind = player.parse().map_err(|e: String| PyValueError::new_err(e))?;
        if kind == AgentKind::Human {
            return Err(PyValueError::new_err("a bot is a computer player"));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // A search runs in the game replayed from its start in a narrower layout.
        let chosen = match (&self.start, kind) {
            (Some(json), AgentKind::Mcts(_)) => match mancala::engine::position::parse_position(json, self.game.rules()) {
                Ok(start) => kind.choose_replaying(&self.game, Some(&start), &self.history, &mut rng),
                Err(_) => kind.choose(&self.game, &mut rng),
            },
            _ => kind.choose_replaying(&self.game, None, &self.history, &mut rng),
        };
        Ok(chosen.and_then(|a| self.ids.id(a)))
    }

    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __str__(&self) -> String {
        mancala::cli::board::draw(&self.game, mancala::Holes::EMPTY)
    }
}

#[pymodule]
fn _mancala(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Rules>()?;
    module.add("SHIPPED", SHIPPED.iter().map(|(name, _)| *name).collect::<Vec<_>>())?;
    module.add_class::<State>()?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
