"""The Python package: every shipped game plays through integer ids, states behave as OpenSpiel's
do (legal actions, apply, clone, returns, the terminal player), illegal actions change nothing,
and positions, observations and events say what the engine says. The shipped games load by name
from any folder, states pickle and serialize, ids are only those of actions a game can have, and
an observation can be taken from either side."""

import json
import random
from pathlib import Path

import pytest

import mancala

RULES = Path(__file__).resolve().parents[2] / "rules"
SHIPPED = sorted(RULES.glob("*.mancala"))


def test_every_shipped_file_is_found():
    assert len(SHIPPED) >= 22


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_random_game_of_every_shipped_file_plays_to_its_end(path):
    game = mancala.load(path)
    state = game.new_initial_state()
    size = game.observation_size()
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "an ongoing game offers an action"
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        assert [state.action_to_string(a) for a in legal] == state.legal_action_texts()
        assert state.current_player() in (0, 1)
        assert len(state.observation()) == size
        state.apply_action(state.bot_action("random", steps))
        steps += 1
        assert steps < 100_000
    assert state.current_player() == mancala.TERMINAL
    assert state.legal_actions() == []
    returns = state.returns()
    assert returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    position = state.position()
    assert position["status"] == "over"
    winner = position["result"]["winner"]
    assert returns == {"south": [1.0, -1.0], "north": [-1.0, 1.0], None: [0.0, 0.0]}[winner]
    assert len(state.history()) == steps


def test_an_illegal_action_raises_and_changes_nothing():
    state = mancala.load(RULES / "kalah.mancala").new_initial_state()
    before = state.position()
    north_hole = state.string_to_action("b1")
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(north_hole)
    with pytest.raises(ValueError, match="not an action id"):
        state.apply_action(10_000)
    assert state.position() == before


def test_clone_and_undo():
    state = mancala.load(RULES / "oware.mancala").new_initial_state()
    start = state.position()
    copy = state.clone()
    state.apply_text("a3")
    assert copy.position() == start, "a clone does not follow its original"
    assert state.position() != start
    state.undo_action()
    assert state.position() == start
    with pytest.raises(ValueError, match="no action to undo"):
        state.undo_action()


def test_undo_goes_back_through_every_action_of_a_long_game():
    """Undone one action at a time (across the checkpoints kept every 32 actions, and from a
    clone, which keeps none), a game of Gore (whose repetitions are counted over the whole game)
    and one of Oware stand at each step exactly as they stood when played forward."""
    for name in ["gore", "oware"]:
        game = mancala.load(RULES / f"{name}.mancala")
        state = game.new_initial_state()
        rng = random.Random(5)
        seen = []
        while not state.is_terminal() and len(seen) < 150:
            seen.append((state.position(), state.legal_actions(), state.returns(), state.history()))
            state.apply_action(rng.choice(state.legal_actions()))
        end = (state.position(), state.legal_actions(), state.returns(), state.history())
        for copy in [state.clone(), state]:
            for position, legal, returns, history in reversed(seen):
                copy.undo_action()
                assert (copy.position(), copy.legal_actions(), copy.returns(), copy.history()) == (position, legal, returns, history), (name, len(history))
            with pytest.raises(ValueError, match="no action to undo"):
                copy.undo_action()
        # Played forward again to the end: the same game.
        for action in end[3]:
            state.apply_action(action)
        assert (state.position(), state.legal_actions(), state.returns(), state.history()) == end
        assert len(seen) > 64, (name, len(seen))


def test_observation_holds_the_counts_owners_captures_and_player():
    game = mancala.load(RULES / "kalah.mancala")
    state = game.new_initial_state()
    state.apply_text("a3")  # four stones: a4 a5 a6 and South's store; South moves again
    obs = state.observation()
    holes = 12
    rows = state.position()["rows"]
    assert obs[:holes] == [float(c) for c in rows["a"] + rows["b"]]
    assert obs[holes:2 * holes] == [1.0] * 6 + [0.0] * 6, "South owns row a"
    assert obs[4 * holes:4 * holes + 2] == [1.0, 0.0], "captures: South's store holds 1"
    assert obs[4 * holes + 4:4 * holes + 6] == [1.0, 0.0], "South to move"
    assert obs[4 * holes + 6] == 1.0, "no decision open"


def test_events_tell_the_last_action():
    state = mancala.load(RULES / "kalah.mancala").new_initial_state()
    state.apply_text("a3")
    assert state.events() == [
        {"event": "lift", "by": "south", "hole": "a3", "stones": 4, "why": "move"},
        {"event": "sow", "by": "south", "holes": ["a4", "a5", "a6", "store:south"]},
        {"event": "again", "by": "south", "why": "the last stone fell into their store"},
        {"event": "turn", "to": "south"},
    ]


def test_options_and_choices_of_holes_have_ids():
    game = mancala.load(RULES / "tsoro.mancala", {"columns": 8})
    assert game.options == {"columns": 8}
    state = game.new_initial_state()
    for text in "a5, continue, d1, a2, d5, a6, d8, a7".split(", "):
        state.apply_text(text)
    texts = state.legal_action_texts()
    # In the order of their ids (the combinatorial number system), not the engine's.
    assert sorted(texts) == ["take c2 d4", "take c2 d5", "take c2 d7", "take d4 d5", "take d4 d7", "take d5 d7"]
    ids = state.legal_actions()
    assert len(set(ids)) == 6
    state.apply_action(state.string_to_action("take d7 d4"))
    assert state.position()["captured"]["south"] == 9


def test_bad_rule_files_and_options_raise_value_error(tmp_path):
    broken = tmp_path / "broken.mancala"
    broken.write_text('game "Broken"\nboard {\n    size 2 x 6\n    seeds 4\n}\nsowing {\n    sow sideways\n}\n')
    with pytest.raises(ValueError, match="the rule file has errors"):
        mancala.load(broken)
    with pytest.raises(ValueError):
        mancala.load(RULES / "tsoro.mancala", {"columns": 99})
    with pytest.raises(ValueError, match="cannot read"):
        mancala.load(tmp_path / "missing.mancala")


def test_a_bot_chooses_the_same_action_for_the_same_seed():
    state = mancala.load(RULES / "oware.mancala").new_initial_state()
    first = state.bot_action("mcts:200", 7)
    assert first in state.legal_actions()
    assert state.bot_action("mcts:200", 7) == first
    with pytest.raises(ValueError):
        state.bot_action("human")


def test_a_bot_searches_a_state_from_a_position_with_actions_since():
    game = mancala.load(RULES / "oware.mancala")
    state = game.new_initial_state()
    for text in ["a1", "b1", "a2"]:
        state.apply_text(text)
    later = game.state_from_position(state.position())
    for text in ["b2", "a3"]:
        later.apply_text(text)
    # The search replays the start and the actions since in a narrower layout: the same choice
    # each time, a legal one, and the same after an undo and the action again.
    first = later.bot_action("mcts:200", 3)
    assert first in later.legal_actions()
    assert later.bot_action("mcts:200", 3) == first
    later.undo_action()
    later.apply_text("a3")
    assert later.bot_action("mcts:200", 3) == first


def test_a_state_from_a_position():
    game = mancala.load(RULES / "oware.mancala")
    state = game.new_initial_state()
    state.apply_text("a1")
    again = game.state_from_position(state.position())
    assert again.position() == state.position()
    with pytest.raises(ValueError, match="field"):
        game.state_from_position({"rows": {"a": [1]}})


def test_the_shipped_games_load_by_name_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert mancala.SHIPPED == [p.stem for p in SHIPPED]
    for path in SHIPPED:
        game = mancala.load(path.stem)
        assert game.path == f"{path.stem}.mancala"
        assert game.source == path.read_text(), "the package holds the shipped file as it is"
    assert mancala.load("tsoro", {"columns": 8}).options == {"columns": 8}
    with pytest.raises(ValueError, match="no rule file `kalahh`: no such file here, nor a shipped game of that name; the shipped games: abalalae"):
        mancala.load("kalahh")


def test_ids_are_only_for_actions_a_game_can_have():
    kalah = mancala.load("kalah").new_initial_state()
    # Its 12 holes and pass (Kalah's players pass when they cannot move, as the default has it).
    assert [kalah.action_to_string(i) for i in range(13)] == [f"a{n}" for n in range(1, 7)] + [f"b{n}" for n in range(1, 7)] + ["pass"]
    with pytest.raises(ValueError, match="not an action id"):
        kalah.action_to_string(13)
    assert mancala.load("oware").num_distinct_actions() == 12
    # A game sown one way has no id sowing the other way; Bao's moves go either way.
    for path in SHIPPED:
        game = mancala.load(path)
        state = game.new_initial_state()
        texts = [state.action_to_string(i) for i in range(min(game.num_distinct_actions(), 400))]
        assert all(state.string_to_action(t) == i for i, t in enumerate(texts)), path.stem
        either = any(t.endswith(" cw") for t in texts)
        assert either == (path.stem in {"bao-la-kiswahili", "bao-la-kujifunza", "bao-kiswahili-congo", "omweso"}), path.stem
    with pytest.raises(ValueError, match="this game sows one way only"):
        kalah.string_to_action("a1 cw")
    with pytest.raises(ValueError, match="`accept` has no id in this game"):
        kalah.string_to_action("accept")


def test_states_pickle_and_serialize(tmp_path):
    import pickle

    game = mancala.load("tsoro", {"columns": 8})
    state = game.new_initial_state()
    for text in "a5, continue, d1, a2, d5, a6, d8, a7".split(", "):
        state.apply_text(text)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.position() == state.position()
    assert copy.legal_action_texts() == state.legal_action_texts()
    assert copy.history() == state.history()
    assert copy.get_game().options == {"columns": 8}
    assert pickle.loads(pickle.dumps(game)).num_distinct_actions() == game.num_distinct_actions()
    # A state from a position keeps its start: serialized, read back, undone to it.
    oware = mancala.load(RULES / "oware.mancala")
    start = oware.new_initial_state()
    start.apply_text("a1")
    later = oware.state_from_position(start.position())
    later.apply_text("b3")
    again = oware.deserialize_state(later.serialize())
    assert again.position() == later.position()
    again.undo_action()
    assert again.position() == start.position()
    with pytest.raises(ValueError, match="not a serialized state"):
        oware.deserialize_state("[]")
    with pytest.raises(ValueError, match="action 1 of the serialized state"):
        oware.deserialize_state('{"start": null, "actions": ["b1"]}')


def test_an_observation_from_norths_side():
    state = mancala.load("kalah").new_initial_state()
    state.apply_text("a3")
    south, north = state.observation(), state.observation(1)
    assert state.observation(0) == south
    assert north[:12] == south[:12][::-1]
    assert north[12:24] == [1.0] * 6 + [0.0] * 6, "the viewer's holes first"
    assert north[48:54] == [0.0, 1.0, 0.0, 0.0, 0.0, 1.0], "captures, hands, to move: the viewer's first"
    assert north[54:] == south[54:]
    with pytest.raises(ValueError, match="neither 0"):
        state.observation(2)


def test_option_specs_say_the_files_options():
    assert mancala.load("tsoro").option_specs() == [("bonus", 2, [1, 2, 3]), ("heads", 2, [2, 1]), ("columns", 21, [21, 18, 15, 12, 8, 6])]
    assert mancala.load("kalah").option_specs() == []
