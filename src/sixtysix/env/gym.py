"""A Gymnasium environment: one round of Sixty-Six against built-in bots.

The agent plays one seat (drawn at each reset unless ``seat`` is given) of the game of
the rules (:func:`sixtysix.games.game_of`: two-hand by default, ``three-hand`` seats two
bots), each other seat a bot of one :func:`~sixtysix.bots.make_bot` specification.
Observations are the vector of :func:`sixtysix.bots.encoding.encode` for the agent's
seat; ``info["action_mask"]`` (and :meth:`SixtySixEnv.action_masks`) gives the legal
actions among the 34 engine action codes. The reward is zero until the round ends, then
the agent's reward of :mod:`sixtysix.env.rewards` (two-hand: the round's game points, plus
if the agent won and minus if it lost). An illegal action ends the episode at once with
reward -3 (the most a round can cost) and ``info["illegal"]`` true. A round the bots end
before the agent's first decision (one may declare out at once) is dealt again, so every
episode has at least one step. Importing the module registers the environment as
``sixtysix/SixtySix-v0`` (``gymnasium.make("sixtysix/SixtySix-v0", opponent="greedy")``).

>>> env = SixtySixEnv("greedy")
>>> observation, info = env.reset(seed=5)
>>> observation.shape, bool(info["action_mask"].any())
((251,), True)
>>> terminated = False
>>> while not terminated:
...     action = int(env.action_masks().nonzero()[0][0])
...     observation, reward, terminated, truncated, info = env.step(action)
>>> reward in (-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0)
True
>>> three = SixtySixEnv("greedy", Rules.parse("three-hand"))
>>> three.reset(seed=5)[0].shape, sorted(three.bots) == sorted({0, 1, 2} - {three.seat})
((357,), True)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from sixtysix.bots import Bot, make_bot
from sixtysix.bots.encoding import NUM_ACTIONS, action_mask, encode, size
from sixtysix.env.rewards import WORST, rewards
from sixtysix.errors import StateError
from sixtysix.game.actions import ACTIONS
from sixtysix.game.interface import Round
from sixtysix.games import game_of
from sixtysix.rules import Rules

ILLEGAL_REWARD = WORST
"""The reward of an illegal action, which ends the episode: the least a round gives."""

Vector = npt.NDArray[np.float32]


class SixtySixEnv(gymnasium.Env[Vector, np.int64]):
    """One round against the bots ``opponent`` under ``rules`` (classic by default)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium's type)

    def __init__(self, opponent: str = "random", rules: Rules | None = None, seat: int | None = None,
                 render_mode: str | None = None) -> None:
        self.rules = rules or Rules()
        self.game = game_of(self.rules)
        if seat is not None and seat not in range(self.game.seats):
            raise StateError(f"seat must be one of {', '.join(map(str, range(self.game.seats)))} "
                             f"or None, not {seat!r}")
        make_bot(opponent, game=self.game)
        self.opponent = opponent
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (size(self.game),), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.seat = 0
        self.round: Round = self.game.new_match(self.rules, seed=0).deal()
        self.bots: dict[int, Bot[Any]] = {}

    def _seed(self) -> int:
        return int(self.np_random.integers(2**63))

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        seats = self.game.seats
        self.seat = int(self.np_random.integers(seats)) if self.fixed_seat is None else self.fixed_seat
        self.bots = {other: make_bot(self.opponent, seed=self._seed(), game=self.game)
                     for other in range(seats) if other != self.seat}
        self.round = self.game.new_match(self.rules, seed=self._seed()).deal()
        self._play_opponents()
        while self.round.is_over:
            self.round = self.game.new_match(self.rules, seed=self._seed()).deal()
            self._play_opponents()
        return self._observation(), self._info()

    def _play_opponents(self) -> None:
        rnd = self.round
        to_act = rnd.to_act
        while to_act is not None and to_act != self.seat:
            rnd.push(self.bots[to_act].act(self.game.observe(rnd, to_act)))
            to_act = rnd.to_act

    def _observation(self) -> Vector:
        return encode(self.game.observe(self.round, self.seat))

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "illegal": illegal}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The agent's legal actions now, a 1 per legal action code."""
        return action_mask(self.game.observe(self.round, self.seat))

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        rnd = self.round
        if rnd.is_over:
            raise StateError("the round is over: reset the environment")
        chosen = ACTIONS[int(action)]
        if not rnd.is_legal(chosen):
            return self._observation(), ILLEGAL_REWARD, True, False, self._info(illegal=True)
        rnd.push(chosen)
        self._play_opponents()
        reward = rewards(rnd.outcome, self.game.seats)[self.seat]
        return self._observation(), reward, rnd.is_over, False, self._info()

    def render(self) -> str | None:
        """The round as text (``ansi``): its trump, phase and every action so far."""
        return None if self.render_mode is None else repr(self.round)


gymnasium.register(id="sixtysix/SixtySix-v0", entry_point="sixtysix.env.gym:SixtySixEnv")
