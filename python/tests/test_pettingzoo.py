"""Every shipped rule file as a PettingZoo AEC environment passes PettingZoo's API test, and a
game played through it ends as the engine says."""

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
        assert list(legal) == game.state.legal_actions()
        game.step(int(legal[steps % len(legal)]))
        steps += 1
    returns = game.state.returns()
    assert [totals["south"], totals["north"]] == returns
    assert "Game over" in game.render()
