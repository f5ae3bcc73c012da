//! `mancala._mancala`: the engine for Python. The package's `mancala/__init__.py` wraps it in
//! OpenSpiel's names; this module gives rules (`Rules`), positions in play (`State`) and the
//! computer players (`bot_action`).

use mancala::ai::AgentKind;
use mancala::engine::ids::ActionIds;
use mancala::engine::observe::{observation, observation_size};
use mancala::{Action, Game, Player, Rules as EngineRules};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

/// OpenSpiel's number for "nobody: the game is over".
const TERMINAL: i32 = -4;

/// A checked rule file with its options: the game's rules.
#[pyclass(frozen)]
struct Rules {
    rules: &'static EngineRules,
    ids: ActionIds,
}

#[pymethods]
impl Rules {
    /// Loads `path` with `options` (NAME=VALUE strings); a rule file with errors raises
    /// ValueError with its diagnostics.
    #[staticmethod]
    #[pyo3(signature = (path, options = Vec::new()))]
    fn load(path: &str, options: Vec<String>) -> PyResult<Rules> {
        let rules = mancala::load_file(path, &options).map_err(|e| PyValueError::new_err(describe(&e)))?;
        let ids = ActionIds::new(&rules).ok_or_else(|| PyValueError::new_err(format!("{path}: too many actions to number")))?;
        // Kept for the life of the process: every state of the game refers to it.
        Ok(Rules { rules: Box::leak(Box::new(rules)), ids })
    }

    #[getter]
    fn name(&self) -> String {
        self.rules.name.clone()
    }

    #[getter]
    fn holes(&self) -> usize {
        self.rules.holes
    }

    #[getter]
    fn rows(&self) -> usize {
        self.rules.rows
    }

    #[getter]
    fn columns(&self) -> usize {
        self.rules.columns
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
    fn new_initial_state(&self) -> State {
        let mut game = Game::new(self.rules);
        game.set_tracing(true);
        State { game, ids: self.ids.clone(), history: Vec::new() }
    }

    /// The position of an interchange JSON text (`run --position`), its repetition history afresh.
    fn state_from_json(&self, json: &str) -> PyResult<State> {
        let state = mancala::engine::position::parse_position(json, self.rules).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut game = Game::from_state(self.rules, state);
        game.set_tracing(true);
        Ok(State { game, ids: self.ids.clone(), history: Vec::new() })
    }
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
#[derive(Clone)]
struct State {
    game: Game<'static>,
    ids: ActionIds,
    /// The actions applied, for `undo` (which replays them).
    history: Vec<Action>,
}

impl State {
    fn action_of(&self, id: u32) -> PyResult<Action> {
        self.ids.action(id).ok_or_else(|| PyValueError::new_err(format!("{id} is not an action id of this game")))
    }

    fn apply(&mut self, action: Action) -> PyResult<()> {
        self.game.apply(action).map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.history.push(action);
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

    /// Takes back the last action (by replaying the others from the start).
    fn undo_action(&mut self) -> PyResult<()> {
        if self.history.pop().is_none() {
            return Err(PyValueError::new_err("no action to undo"));
        }
        let mut game = Game::new(self.game.rules());
        game.set_tracing(true);
        for &action in &self.history {
            game.apply(action).map_err(|e| PyRuntimeError::new_err(format!("the game cannot be replayed: {e}")))?;
        }
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

    /// The position as a vector of `observation_size()` numbers (see the package's docs).
    fn observation(&self) -> Vec<f32> {
        observation(&self.game)
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
        Ok(kind.choose(&self.game, &mut rng).and_then(|a| self.ids.id(a)))
    }

    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __str__(&self) -> String {
        mancala::cli::board::draw(&self.game, 0)
    }
}

#[pymodule]
fn _mancala(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Rules>()?;
    module.add_class::<State>()?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
