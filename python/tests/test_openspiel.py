"""Every shipped rule file as an OpenSpiel game: OpenSpiel's own random_sim_test passes on each
(states serialized and read back); Kalah and Oware through the adapter agree move for move with
OpenSpiel's built-in `mancala` and `oware` over 1,000 random games each; OpenSpiel's MCTS bot
plays Bao through it; a file's options are the game's parameters; a name is registered once; a
player's observation tensor is the board from their side."""

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

from mancala import openspiel  # noqa: E402

RULES = Path(__file__).resolve().parents[2] / "rules"
SHIPPED = sorted(RULES.glob("*.mancala"))
NAMES = {path: openspiel.register(str(path)) for path in SHIPPED}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_openspiels_random_sim_test_passes(path):
    game = pyspiel.load_game(NAMES[path])
    assert game.num_players() == 2
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def ours_to_theirs(text, builtin):
    """Our action text as the built-in game's action: South's a1..a6, North's b6..b1."""
    row, number = text[0], int(text[1:])
    if builtin == "mancala":
        return number if row == "a" else 14 - number
    return number - 1 if row == "a" else 6 - number


@pytest.mark.parametrize("builtin,rule_file", [("mancala", "kalah"), ("oware", "oware")])
def test_kalah_and_oware_agree_with_openspiels_own_over_a_thousand_games(builtin, rule_file):
    theirs_game = pyspiel.load_game(builtin)
    ours_game = pyspiel.load_game(NAMES[RULES / f"{rule_file}.mancala"])
    rng = random.Random(7)
    for number in range(1000):
        theirs, ours = theirs_game.new_initial_state(), ours_game.new_initial_state()
        while not theirs.is_terminal():
            assert not ours.is_terminal(), f"game {number}: ours ended first"
            assert ours.current_player() == theirs.current_player(), f"game {number}"
            mapped = {ours_to_theirs(ours.action_to_string(a), builtin): a for a in ours.legal_actions()}
            assert sorted(mapped) == sorted(theirs.legal_actions()), f"game {number}: {ours}"
            action = rng.choice(theirs.legal_actions())
            theirs.apply_action(action)
            ours.apply_action(mapped[action])
        assert ours.is_terminal(), f"game {number}: ours goes on"
        assert ours.returns() == theirs.returns(), f"game {number}"


def test_openspiels_mcts_bot_plays_bao():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(NAMES[RULES / "bao-la-kiswahili.mancala"])
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=10, evaluator=mcts.RandomRolloutEvaluator(1, random.Random(1)),
                       random_state=__import__("numpy").random.RandomState(1))
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(30):
        if state.is_terminal():
            break
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) > 0


def test_the_files_options_are_the_games_parameters():
    tsoro = NAMES[RULES / "tsoro.mancala"]
    assert pyspiel.load_game(tsoro).get_parameters() == {"bonus": 2, "heads": 2, "columns": 21}
    small = pyspiel.load_game(f"{tsoro}(columns=8)")
    assert small.get_parameters()["columns"] == 8
    assert small.num_distinct_actions() < pyspiel.load_game(tsoro).num_distinct_actions()
    state = small.new_initial_state()
    assert "a8" in [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert "a9" not in [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    gore = pyspiel.load_game(f"{NAMES[RULES / 'gore.mancala']}(trade=off)")
    assert gore.get_parameters() == {"trade": "off"}
    with pytest.raises(Exception):
        pyspiel.load_game(f"{tsoro}(columns=7)")


def test_a_name_is_registered_once():
    with pytest.raises(ValueError, match="already registered as 'mancala_kalah'"):
        openspiel.register("kalah")
    assert openspiel.register("kalah", name="mancala_kalah_again") == "mancala_kalah_again"


def test_a_players_observation_tensor_is_the_board_from_their_side():
    game = pyspiel.load_game(NAMES[RULES / "kalah.mancala"])
    state = game.new_initial_state()
    state.apply_action(2)  # a3: four stones, the last into South's store
    assert state.observation_tensor(0)[:12] == [4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert state.observation_tensor(1)[:12] == [4, 4, 4, 4, 4, 4, 5, 5, 5, 0, 4, 4]
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
