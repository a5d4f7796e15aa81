"""A PettingZoo AEC environment: one round of Sixty-Six, one agent a seat.

The agents are ``player_0``, ``player_1`` and, in the three-hand game, ``player_2`` (the
engine's seats), as many as the rules' game seats (:func:`sixtysix.games.game_of`). Each
agent's observation is a dict: ``observation``, the vector of
:func:`sixtysix.bots.encoding.encode` built from that seat's observation only, and
``action_mask``, its legal actions among the 34 engine action codes. The same agent may
act twice in a row (the winner of a trick draws, then leads). An episode is one round,
dealt from a match seeded by ``reset(seed=...)``; at its end each agent is rewarded as
:mod:`sixtysix.env.rewards` says (two-hand: the winner the round's game points, 1 to 3,
the loser their negation, 0 each for a tie). Rewards are zero until then. An illegal
action raises :class:`~sixtysix.errors.IllegalActionError`.

>>> env = SixtySixEnv()
>>> env.reset(seed=1)
>>> agent = env.agent_selection
>>> observation, reward, termination, truncation, info = env.last()
>>> while not termination:
...     env.step(int(observation["action_mask"].nonzero()[0][0]))
...     observation, reward, termination, truncation, info = env.last()
>>> sorted(env.rewards.values())[0] == -sorted(env.rewards.values())[1]
True
>>> SixtySixEnv(Rules.parse("three-hand")).possible_agents
['player_0', 'player_1', 'player_2']
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from sixtysix.bots.encoding import NUM_ACTIONS, action_mask, encode, size
from sixtysix.env.rewards import rewards
from sixtysix.game.actions import ACTIONS
from sixtysix.game.interface import Game, Round
from sixtysix.games import game_of
from sixtysix.rules import Rules

Observed = dict[str, npt.NDArray[Any]]


def agents(game: Game[Any, Any, Any]) -> tuple[str, ...]:
    """The agents of ``game``, by seat."""
    return tuple(f"player_{seat}" for seat in range(game.seats))


def observation_space(game: Game[Any, Any, Any]) -> spaces.Dict:
    """The space of one agent's observation dict in ``game``."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (size(game),), np.float32),
        "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
    })


class SixtySixEnv(AECEnv[str, Observed, Any]):
    """One round of Sixty-Six under ``rules`` (classic by default), of the game they are
    for, as a PettingZoo AEC game."""

    def __init__(self, rules: Rules | None = None, render_mode: str | None = None) -> None:
        self.metadata = {"name": "sixtysix_v0", "render_modes": ["ansi"], "is_parallelizable": False}
        self.rules = rules or Rules()
        self.game = game_of(self.rules)
        self.render_mode = render_mode
        self.by_seat = agents(self.game)
        self.possible_agents = list(self.by_seat)
        self.agents = list(self.by_seat)
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: observation_space(self.game) for a in self.by_seat}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(NUM_ACTIONS) for a in self.by_seat}
        self._rng = random.Random()
        self.round: Round = self.game.new_match(self.rules, seed=0).deal()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        self.round = self.game.new_match(self.rules, seed=self._rng.getrandbits(64)).deal()
        self.agents = list(self.by_seat)
        self.rewards = dict.fromkeys(self.by_seat, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.by_seat, 0.0)
        self.terminations = dict.fromkeys(self.by_seat, False)
        self.truncations = dict.fromkeys(self.by_seat, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.by_seat}
        self.agent_selection = self.by_seat[self._to_act()]

    def _to_act(self) -> int:
        to_act = self.round.to_act
        return 0 if to_act is None else to_act

    def observe(self, agent: str) -> Observed:
        obs = self.game.observe(self.round, self.by_seat.index(agent))
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
            self.rewards = dict(zip(self.by_seat, rewards(self.round.outcome, self.game.seats), strict=True))
            self.terminations = dict.fromkeys(self.by_seat, True)
        self.agent_selection = self.by_seat[self._to_act()] if not self.round.is_over else agent
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
