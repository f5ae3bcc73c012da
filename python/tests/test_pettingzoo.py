"""Every shipped rule file as a PettingZoo AEC environment passes PettingZoo's API test, a game
played through it ends as the engine says, each agent observes the board from its side and
`state()` gives the whole position."""

from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from mancala.pettingzoo_env import env  # noqa: E402

RULES = Path(__file__).resolve().parents[2] / "rules"


@pytest.mark.parametrize("path", sorted(RULES.glob("*.mancala")), ids=lambda p: p.stem)
def test_pettingzoos_api_test_passes(path):
    api_test(env(str(path)), num_cycles=200, verbose_progress=False)


def test_a_game_through_the_environment_ends_with_the_engines_result():
    game = env(str(RULES / "kalah.mancala"), render_mode="ansi")
    game.reset(seed=3)
    totals = {"south": 0.0, "north": 0.0}
    steps = 0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        assert list(legal) == game.game_state.legal_actions()
        game.step(int(legal[steps % len(legal)]))
        steps += 1
    returns = game.game_state.returns()
    assert [totals["south"], totals["north"]] == returns
    assert "Game over" in game.render()


def test_each_agent_observes_from_its_side_and_state_is_the_whole_position():
    game = env("kalah")
    game.reset(seed=1)
    game.step(game.game_state.string_to_action("a3"))  # South moves again
    south, north = game.observe("south"), game.observe("north")
    assert list(south["observation"][:12]) == [4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    # North's row first, as North sees it (b6 … b1), then South's (a6 … a1).
    assert list(north["observation"][:12]) == [4, 4, 4, 4, 4, 4, 5, 5, 5, 0, 4, 4]
    assert list(north["observation"][12:24]) == [1.0] * 6 + [0.0] * 6, "the viewer's holes"
    assert list(north["observation"][48:54]) == [0, 1, 0, 0, 0, 1], "captures, hands, the player to move: the viewer's first"
    assert south["action_mask"].sum() == 5 and north["action_mask"].sum() == 0
    state = game.state()
    assert game.state_space.contains(state)
    assert list(state) == list(south["observation"])
