"""Any rule file as a PettingZoo AEC environment (``pip install pettingzoo``):

    from mancala.pettingzoo_env import env
    game = env("oware")   # a shipped game's name, or a rule file's path
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        action = None if termination or truncation else game.action_space(agent).sample(observation["action_mask"])
        game.step(action)

The agents are ``"south"`` and ``"north"``; an action is the package's integer id; an agent's
observation is ``{"observation": State.observation(player), "action_mask": 1 for each legal id}``,
the board as that agent sees it (North's holes first for North; the layout is in the package's
docs). ``state()`` is the whole position as South sees it (``state_space``), for centralised
critics. Rewards are 1 for a win, -1 for a loss and 0 for a draw, given at the end; a game reaching
100,000 actions is truncated. The game's state in the package's terms is ``game_state``.
"""

from typing import Dict, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import mancala

#: Where a game is cut (truncated), as the engine's simulations cut one.
MAX_ACTIONS = 100_000

AGENTS = ["south", "north"]


class MancalaEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "mancala_v0", "is_parallelizable": False}

    def __init__(self, path: str, options: Optional[Dict[str, Union[str, int]]] = None, render_mode: Optional[str] = None):
        super().__init__()
        self.game = mancala.load(path, options)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        size = self.game.observation_size()
        count = self.game.num_distinct_actions()
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=np.float32(65535.0), shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self._action_spaces = {agent: spaces.Discrete(count) for agent in AGENTS}
        self.state_space = spaces.Box(low=0.0, high=np.float32(65535.0), shape=(size,), dtype=np.float32)
        #: The game's state (a ``mancala.State``), None before ``reset``.
        self.game_state = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def observe(self, agent):
        """The board as ``agent`` sees it, and the ids it may play now."""
        state = self.game_state
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not state.is_terminal() and AGENTS[state.current_player()] == agent:
            mask[state.legal_actions()] = 1
        observation = np.asarray(state.observation(AGENTS.index(agent)), dtype=np.float32)
        return {"observation": observation, "action_mask": mask}

    def state(self):
        """The whole position as South sees it (the same for every agent)."""
        return np.asarray(self.game_state.observation(), dtype=np.float32)

    def reset(self, seed=None, options=None):
        self.game_state = self.game.new_initial_state()
        self.agents = list(AGENTS)
        self.rewards = {agent: 0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.game_state.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.game_state.apply_action(int(action))
        self.rewards = {a: 0 for a in self.agents}
        if self.game_state.is_terminal():
            for a, value in zip(AGENTS, self.game_state.returns()):
                self.rewards[a] = value
                self.terminations[a] = True
        elif len(self.game_state.history()) >= MAX_ACTIONS:
            for a in AGENTS:
                self.truncations[a] = True
        if not self.game_state.is_terminal():
            self.agent_selection = AGENTS[self.game_state.current_player()]
        else:
            # Once over, each agent is handed its last observation in turn.
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)] if agent in self.agents else agent
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.game_state)
        return None

    def close(self):
        pass


def env(path: str, options: Optional[Dict[str, Union[str, int]]] = None, render_mode: Optional[str] = None) -> MancalaEnv:
    """The AEC environment of the rule file ``path`` (or the shipped game of that name)."""
    return MancalaEnv(path, options, render_mode)
