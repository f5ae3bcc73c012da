"""Mancala games whose rules are plain text files, for Python.

    import mancala
    game = mancala.load("kalah")                 # a shipped game by name, or a rule file's path
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Games
    ``load(name_or_path, options)`` checks a rule file and gives a :class:`Game`. The shipped games
    (``SHIPPED``: ``kalah``, ``oware``, ``tsoro`` …) are built into the package and load by name from
    any folder; any other rule file loads by its path. ``options`` chooses the file's options
    (``{"columns": 8}``; ``Game.option_specs()`` lists them).

States
    A :class:`State` follows OpenSpiel's names: ``legal_actions``, ``apply_action``, ``is_terminal``,
    ``returns``, ``current_player`` (0 South, 1 North, ``TERMINAL`` once over), ``clone``. States
    pickle (``pickle.dumps(state)``; the rule file's text travels with them) and serialize to text
    (``state.serialize()``, ``game.deserialize_state(text)``).

Actions
    Integer ids, fixed for a game, consecutive from 0 to ``game.num_distinct_actions() - 1``, and only
    for actions the game can have. With H holes (numbered row by row from South's row ``a``, columns
    left to right as South sees the board: ``a1`` is 0): ``0..H`` sow from a hole; then, only where
    a move may go the other way, ``H..2H`` sow from it the other way (``a1 cw``); then those of
    ``pass``, ``continue``, ``stop``, ``accept``, ``decline`` that the rules can give, in that order
    (``pass`` where a player without a move passes, ``continue`` and ``stop`` where a move can stop
    on a hole for the mover to decide, ``accept`` and ``decline`` where holes are traded); then every
    set of holes a capture lets the mover choose (for each size, in the order of the combinatorial
    number system), and every set of holes a trade may offer. Kalah has 13 ids (its 12 holes and
    ``pass``), Oware 12. Text works too: ``legal_action_texts``, ``apply_text("b6 cw")``,
    ``action_to_string``, ``string_to_action``.

Observations
    ``state.observation(player=None)``: ``game.observation_size()`` numbers (5·H + 11), in order:

    * ``0 .. H``: the stones in each hole;
    * ``H .. 2H``: 1 where the hole is South's (the viewer's), else 0;
    * ``2H .. 3H``: 1 where the hole is closed (out of play for the round), else 0;
    * ``3H .. 4H``: 1 where the hole is claimed (for good, or for the round), else 0;
    * ``4H, 4H+1``: South's and North's captured stones (the stores, where the game has them);
    * ``4H+2, 4H+3``: South's and North's stones in hand;
    * ``4H+4, 4H+5``: 1 for the player to move (South, North), both 0 once the game is over;
    * ``4H+6 .. 4H+11``: the decision open, one of five set to 1: none, continue or stop, a choice
      of holes to take, a turn both play at once (a hole chosen), an offer to accept or decline;
    * ``4H+11 .. 5H+11``: 1 for the hole that decision is about (the hole the move stands on, the
      hole chosen) or the holes offered.

    With ``player=1`` the position is seen from North: hole i is the hole turned half round from it
    (H-1-i: North's ``b`` row first, as South's ``a`` row is for South), "South's" reads "the
    viewer's", and each pair (captures, hands, the player to move) gives the viewer's first.
    ``player=0`` (or none) is South's view, as above.
"""

import json
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _mancala

__version__ = _mancala.__version__

#: OpenSpiel's player number of a finished game.
TERMINAL = -4

#: The names of the shipped games, each loadable with ``load(name)`` from any folder.
SHIPPED: List[str] = list(_mancala.SHIPPED)

Options = Dict[str, Union[str, int]]


class Game:
    """A checked rule file with its options: makes states, and says the sizes of its actions and
    observations."""

    def __init__(self, rules: "_mancala.Rules", options: Options):
        self._rules = rules
        #: Where the rules were loaded from: a path, or ``NAME.mancala`` for a shipped game.
        self.path = rules.path
        #: The options chosen (those not given have the file's defaults).
        self.options = dict(options)

    @property
    def name(self) -> str:
        """The game's name, as the rule file gives it (``"Kalah"``)."""
        return self._rules.name

    @property
    def source(self) -> str:
        """The rule file's text."""
        return self._rules.source

    def num_distinct_actions(self) -> int:
        """How many action ids the game has: every id is below this (see the module's docs)."""
        return self._rules.num_distinct_actions()

    def num_players(self) -> int:
        """Always 2: South (0) and North (1)."""
        return 2

    def observation_size(self) -> int:
        """The length of every observation: 5 · holes + 11 (see the module's docs)."""
        return self._rules.observation_size()

    def max_utility(self) -> float:
        """A win's return."""
        return 1.0

    def min_utility(self) -> float:
        """A loss's return."""
        return -1.0

    def option_specs(self) -> List[Tuple[str, Union[str, int], Any]]:
        """The rule file's options: ``(name, default, values)`` each, ``values`` a list of the
        values allowed or a ``(low, high)`` range of numbers."""
        return self._rules.option_specs()

    def new_initial_state(self) -> "State":
        """The game's starting position."""
        return State(self, self._rules.new_initial_state())

    def state_from_position(self, position: Union[str, dict]) -> "State":
        """A state from a position (interchange JSON, as text or as a dict, as ``position()`` and
        ``mancala run --json`` give it); raises ValueError naming the field that is wrong."""
        text = position if isinstance(position, str) else json.dumps(position)
        return State(self, self._rules.state_from_json(text))

    def deserialize_state(self, text: str) -> "State":
        """The state ``state.serialize()`` wrote: its start, then its actions played again."""
        return State(self, self._rules.deserialize_state(text))

    def __reduce__(self):
        # Pickled with the rule file's text, so that it loads again wherever it is unpickled.
        return (_game_of, (self.path, self.source, self.options))

    def __repr__(self) -> str:
        return f"mancala.Game({self.name!r}, {self.path!r})"


class State:
    """A position in play, and the actions that led to it from where it started."""

    def __init__(self, game: Game, inner: "_mancala.State"):
        self._game = game
        self._inner = inner

    def get_game(self) -> Game:
        """The game this is a state of."""
        return self._game

    def legal_actions(self) -> List[int]:
        """The legal actions as ids, in increasing order; empty once the game is over."""
        return self._inner.legal_actions()

    def legal_action_texts(self) -> List[str]:
        """The legal actions as text (``a3``, ``b6 cw``, ``take c5 d7``, ``pass``), in the order
        of their ids."""
        return self._inner.legal_action_texts()

    def action_to_string(self, action: int) -> str:
        """The text of an action id; raises ValueError for a number that is no id of the game."""
        return self._inner.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """The id of an action's text; raises ValueError for text that is no action of the game."""
        return self._inner.string_to_action(text)

    def apply_action(self, action: int) -> None:
        """Plays an action id; raises ValueError (and changes nothing) if it is not legal."""
        self._inner.apply_action(action)

    def apply_text(self, text: str) -> None:
        """Plays an action given as text; raises ValueError (and changes nothing) if it is not
        legal."""
        self._inner.apply_text(text)

    def undo_action(self) -> None:
        """Takes back the last action; raises ValueError when there is none."""
        self._inner.undo_action()

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._inner.is_terminal()

    def current_player(self) -> int:
        """0 for South, 1 for North, TERMINAL (-4) once the game is over."""
        return self._inner.current_player()

    def returns(self) -> List[float]:
        """Each player's return (South, North): 1 a win, -1 a loss, 0 a draw or a game not over."""
        return self._inner.returns()

    def history(self) -> List[int]:
        """The action ids played since the state started."""
        return self._inner.history()

    def observation(self, player: Optional[int] = None) -> List[float]:
        """The position as ``observation_size()`` numbers, as South sees it, or as ``player`` (0
        South, 1 North) does: the layout is in the module's docs."""
        return self._inner.observation(player)

    def position(self) -> dict:
        """The position as the interchange JSON gives it."""
        return json.loads(self._inner.position_json())

    def events(self) -> List[dict]:
        """What the last action did, step by step (as ``run --trace`` gives it)."""
        return json.loads(self._inner.events_json())

    def bot_action(self, player: str = "medium", seed: int = 1) -> Optional[int]:
        """The action a computer player chooses here (``random``, ``greedy``, ``easy``,
        ``medium``, ``hard``, ``mcts:N``) from ``seed``; None once the game is over."""
        return self._inner.bot_action(player, seed)

    def serialize(self) -> str:
        """The state as text: where it started and the actions since (``Game.deserialize_state``
        reads it back)."""
        return self._inner.serialize()

    def clone(self) -> "State":
        """An independent copy."""
        return State(self._game, self._inner.clone())

    def __deepcopy__(self, memo) -> "State":
        # What copy.deepcopy (and OpenSpiel's clone of a Python game) does: an independent copy.
        return self.clone()

    def __reduce__(self):
        # Its game (with the rule file's text) and its serialized text.
        return (_state_of, (self._game, self.serialize()))

    def __str__(self) -> str:
        return str(self._inner)


# Games unpickled, by rule file and options: each loads once (a game's rules live as long as the
# process does).
_GAMES: Dict[Tuple[str, str, Tuple[Tuple[str, str], ...]], Game] = {}


def _sets(options: Options) -> List[str]:
    return [f"{name}={value}" for name, value in options.items()]


def _game_of(path: str, source: str, options: Options) -> Game:
    key = (path, source, tuple(sorted((str(k), str(v)) for k, v in options.items())))
    if key not in _GAMES:
        _GAMES[key] = Game(_mancala.Rules.from_source(path, source, _sets(options)), options)
    return _GAMES[key]


def _state_of(game: Game, text: str) -> State:
    return game.deserialize_state(text)


def load(path: str, options: Optional[Options] = None) -> Game:
    """Loads and checks a rule file: a shipped game by name (``"kalah"``, one of ``SHIPPED``), from
    any folder, or a rule file by its path; ``options`` chooses its options (``{"columns": 8}``).
    Raises ValueError for a file with errors (with its diagnostics), an option it does not have or
    a value it does not allow, and a name or path that is neither."""
    options = dict(options or {})
    return Game(_mancala.Rules.load(str(path), _sets(options)), options)
