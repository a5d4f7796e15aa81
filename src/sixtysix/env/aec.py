"""A PettingZoo AEC environment: one round of two-hand Sixty-Six between two agents.

The agents are ``player_0`` and ``player_1`` (the engine's seats 0 and 1). Each agent's
observation is a dict: ``observation``, the vector of :func:`sixtysix.bots.encoding.encode`
built from that seat's :class:`~sixtysix.two.observation.Observation` only, and
``action_mask``, its legal actions among the 34 engine action codes. The same agent may
act twice in a row (the winner of a trick draws, then leads). An episode is one round,
dealt from a match seeded by ``reset(seed=...)``; at its end the winner is rewarded
with the round's game points (1 to 3) and the loser with their negation (0 each for a
tie). Rewards are zero until then. An illegal action raises
:class:`~sixtysix.errors.IllegalActionError`.

>>> env = SixtySixEnv()
>>> env.reset(seed=1)
>>> agent = env.agent_selection
>>> observation, reward, termination, truncation, info = env.last()
>>> while not termination:
...     env.step(int(observation["action_mask"].nonzero()[0][0]))
...     observation, reward, termination, truncation, info = env.last()
>>> sorted(env.rewards.values())[0] == -sorted(env.rewards.values())[1]
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from sixtysix.bots.encoding import NUM_ACTIONS, SIZE, action_mask, encode
from sixtysix.game.actions import ACTIONS
from sixtysix.rules import Rules
from sixtysix.two.match import Match
from sixtysix.two.observation import observe
from sixtysix.two.round import Round

AGENTS = ("player_0", "player_1")
"""The agents, by seat."""

Observed = dict[str, npt.NDArray[Any]]


def observation_space() -> spaces.Dict:
    """The space of one agent's observation dict."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
    })


def round_rewards(rnd: Round) -> dict[str, float]:
    """Each agent's reward for a finished round: the game points, signed."""
    outcome = rnd.outcome
    rewards = dict.fromkeys(AGENTS, 0.0)
    if outcome is not None and outcome.winner is not None:
        rewards[AGENTS[outcome.winner]] = float(outcome.game_points)
        rewards[AGENTS[1 - outcome.winner]] = -float(outcome.game_points)
    return rewards


class SixtySixEnv(AECEnv[str, Observed, Any]):
    """One round of Sixty-Six under ``rules`` (classic by default) as a PettingZoo AEC game."""

    def __init__(self, rules: Rules | None = None, render_mode: str | None = None) -> None:
        self.metadata = {"name": "sixtysix_v0", "render_modes": ["ansi"], "is_parallelizable": False}
        self.rules = rules or Rules()
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces: dict[str, spaces.Space[Any]] = {a: observation_space() for a in AGENTS}
        self.action_spaces: dict[str, spaces.Space[Any]] = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self._rng = random.Random()
        self.round = Match(self.rules, seed=0).deal()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        self.round = Match(self.rules, seed=self._rng.getrandbits(64)).deal()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self._to_act()]

    def _to_act(self) -> int:
        to_act = self.round.to_act
        return 0 if to_act is None else to_act

    def observe(self, agent: str) -> Observed:
        obs = observe(self.round, AGENTS.index(agent))
        return {"observation": encode(obs), "action_mask": action_mask(obs)}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("a live agent must act: None is only for agents whose episode ended")
        self._cumulative_rewards[agent] = 0.0
        self.round.push(ACTIONS[int(action)])
        if self.round.is_over:
            self.rewards = round_rewards(self.round)
            self.terminations = dict.fromkeys(AGENTS, True)
        self.agent_selection = AGENTS[self._to_act()] if not self.round.is_over else agent
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The round as text (``ansi``): its trump, phase and every action so far."""
        if self.render_mode is None:
            return None
        return repr(self.round)

    def close(self) -> None:
        """Nothing to release."""


def env(rules: Rules | None = None, render_mode: str | None = None) -> SixtySixEnv:
    """A new environment, as PettingZoo's environments are made."""
    return SixtySixEnv(rules, render_mode)
