"""Mancala games whose rules are plain text files, for Python.

    import mancala
    game = mancala.load("rules/kalah.mancala")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

States follow OpenSpiel's names (``new_initial_state``, ``legal_actions``, ``apply_action``,
``is_terminal``, ``returns``, ``current_player``, ``clone``). Actions are integer ids, fixed for a
game (``game.num_distinct_actions()``), or text (``legal_action_texts``, ``apply_text``).
"""

import json
from typing import Dict, List, Optional, Union

from . import _mancala

__version__ = _mancala.__version__

#: OpenSpiel's player number of a finished game.
TERMINAL = -4


class Game:
    """A checked rule file with its options."""

    def __init__(self, rules: "_mancala.Rules", path: str, options: Dict[str, Union[str, int]]):
        self._rules = rules
        self.path = path
        self.options = dict(options)

    @property
    def name(self) -> str:
        return self._rules.name

    def num_distinct_actions(self) -> int:
        return self._rules.num_distinct_actions()

    def num_players(self) -> int:
        return 2

    def observation_size(self) -> int:
        return self._rules.observation_size()

    def max_utility(self) -> float:
        return 1.0

    def min_utility(self) -> float:
        return -1.0

    def new_initial_state(self) -> "State":
        return State(self._rules.new_initial_state())

    def state_from_position(self, position: Union[str, dict]) -> "State":
        """A state from a position (interchange JSON, as text or as a dict)."""
        text = position if isinstance(position, str) else json.dumps(position)
        return State(self._rules.state_from_json(text))

    def __repr__(self) -> str:
        return f"mancala.Game({self.name!r}, {self.path!r})"


class State:
    """A position in play."""

    def __init__(self, inner: "_mancala.State"):
        self._inner = inner

    def legal_actions(self) -> List[int]:
        return self._inner.legal_actions()

    def legal_action_texts(self) -> List[str]:
        return self._inner.legal_action_texts()

    def action_to_string(self, action: int) -> str:
        return self._inner.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self._inner.string_to_action(text)

    def apply_action(self, action: int) -> None:
        """Plays an action id; raises ValueError (and changes nothing) if it is not legal."""
        self._inner.apply_action(action)

    def apply_text(self, text: str) -> None:
        self._inner.apply_text(text)

    def undo_action(self) -> None:
        self._inner.undo_action()

    def is_terminal(self) -> bool:
        return self._inner.is_terminal()

    def current_player(self) -> int:
        """0 for South, 1 for North, TERMINAL (-4) once the game is over."""
        return self._inner.current_player()

    def returns(self) -> List[float]:
        return self._inner.returns()

    def history(self) -> List[int]:
        return self._inner.history()

    def observation(self) -> List[float]:
        return self._inner.observation()

    def position(self) -> dict:
        """The position as the interchange JSON gives it."""
        return json.loads(self._inner.position_json())

    def events(self) -> List[dict]:
        """What the last action did, step by step (as ``run --trace`` gives it)."""
        return json.loads(self._inner.events_json())

    def bot_action(self, player: str = "medium", seed: int = 1) -> Optional[int]:
        """The action a computer player chooses here (``random``, ``greedy``, ``easy``,
        ``medium``, ``hard``, ``mcts:N``)."""
        return self._inner.bot_action(player, seed)

    def clone(self) -> "State":
        return State(self._inner.clone())

    def __deepcopy__(self, memo) -> "State":
        # What copy.deepcopy (and OpenSpiel's clone of a Python game) does: an independent copy.
        return self.clone()

    def __str__(self) -> str:
        return str(self._inner)


def load(path: str, options: Optional[Dict[str, Union[str, int]]] = None) -> Game:
    """Loads and checks a rule file; ``options`` chooses its options (``{"seeds": 3}``)."""
    options = options or {}
    sets = [f"{name}={value}" for name, value in options.items()]
    return Game(_mancala.Rules.load(str(path), sets), str(path), options)
