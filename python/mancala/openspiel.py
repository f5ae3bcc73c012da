"""Any rule file as an OpenSpiel game (``pip install open_spiel``), through OpenSpiel's interface
for games written in Python:

    import pyspiel
    from mancala import openspiel
    name = openspiel.register("bao-la-kiswahili")   # a shipped game's name or a path: "mancala_bao_la_kiswahili"
    game = pyspiel.load_game(name)
    small = pyspiel.load_game("mancala_tsoro(columns=8)")   # the file's options are the game's parameters

The game is sequential, deterministic, of perfect information and zero-sum; its actions are the
package's integer ids; its parameters are the rule file's options, with their defaults; a state's
observation tensor for a player is ``State.observation(player)`` (the board as that player sees
it; the layout is in the package's docs). States serialize (``state.serialize()``, OpenSpiel's
``deserialize_state``) as their actions. OpenSpiel's own algorithms (MCTS, random simulation tests,
…) play it as any of their games. A name is registered once: registering it again raises
ValueError.
"""

import json
import re
from typing import Dict, Optional, Union

import numpy as np
import pyspiel

import mancala

#: The longest game: the engine's simulations stop a game at this many actions.
MAX_GAME_LENGTH = 100_000


def game_name(path: str) -> str:
    """The OpenSpiel name a rule file is registered under: ``mancala_`` and its file name."""
    stem = re.sub(r"\.mancala$", "", str(path).replace("\\", "/").rsplit("/", 1)[-1])
    return "mancala_" + re.sub(r"[^a-z0-9]+", "_", stem.lower()).strip("_")


def register(path: str, options: Optional[Dict[str, Union[str, int]]] = None, name: Optional[str] = None) -> str:
    """Registers the rule file ``path`` (or the shipped game of that name) as an OpenSpiel game
    and returns its name (``mancala_`` and the file's name, unless ``name`` is given). The file's
    options are the game's parameters, their defaults those of ``options`` where it gives them,
    else the file's. Raises ValueError for a name OpenSpiel already has."""
    options = dict(options or {})
    rules = mancala.load(path, options)
    name = name or game_name(path)
    if name in pyspiel.registered_names():
        raise ValueError(f"an OpenSpiel game is already registered as {name!r}: give another name (name=...)")
    # The options as OpenSpiel's parameters: numbers as int, words as str.
    parameters = {option: options.get(option, default) for option, default, _ in rules.option_specs()}
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{rules.name} (mancala rule file)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )

    class RuleFileGame(pyspiel.Game):
        """The rule file's game with the options its parameters choose."""

        def __init__(self, params=None):
            chosen = {**parameters, **(params or {})}
            self.rules = mancala._game_of(rules.path, rules.source, chosen)
            game_info = pyspiel.GameInfo(
                num_distinct_actions=self.rules.num_distinct_actions(),
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(game_type, game_info, params or {})

        def new_initial_state(self):
            return RuleFileState(self, self.rules.new_initial_state())

        def make_py_observer(self, iig_obs_type=None, params=None):
            return Observer(self.rules.observation_size())

    RuleFileGame.__name__ = f"Game_{name}"
    pyspiel.register_game(game_type, RuleFileGame)
    return name


class RuleFileState(pyspiel.State):
    """A position of a rule file's game, in OpenSpiel's state interface."""

    def __init__(self, game, inner: "mancala.State"):
        super().__init__(game)
        self.inner = inner

    def current_player(self):
        player = self.inner.current_player()
        return pyspiel.PlayerId.TERMINAL if player == mancala.TERMINAL else player

    def _legal_actions(self, player):
        return self.inner.legal_actions() if player == self.inner.current_player() else []

    def _apply_action(self, action):
        self.inner.apply_action(action)

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(action)

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.returns()

    def __str__(self):
        return str(self.inner)


class Observer:
    """The observation tensor (``State.observation()``) and string (the position's JSON)."""

    def __init__(self, size: int):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        # The board as `player` sees it (North's holes first for North).
        self.tensor[:] = state.inner.observation(player)

    def string_from(self, state, player):
        return json.dumps(state.inner.position())
