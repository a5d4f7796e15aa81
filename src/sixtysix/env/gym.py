"""A Gymnasium environment: one round of Sixty-Six against a built-in bot.

The agent plays one seat (drawn at each reset unless ``seat`` is given) against the bot
of a :func:`~sixtysix.bots.make_bot` specification. Observations are the vector of
:func:`sixtysix.bots.encoding.encode` for the agent's seat; ``info["action_mask"]`` (and
:meth:`SixtySixEnv.action_masks`) gives the legal actions among the 34 engine action
codes. The reward is zero until the round ends, then the round's game points, plus if
the agent won and minus if it lost. An illegal action ends the episode at once with
reward -3 (the most a round can cost) and ``info["illegal"]`` true. A round the bot
ends before the agent's first decision (it may declare out at once) is dealt again, so
every episode has at least one step. Importing the module registers the environment
as ``sixtysix/SixtySix-v0`` (``gymnasium.make("sixtysix/SixtySix-v0", opponent="greedy")``).

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
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from sixtysix.bots import Bot, make_bot
from sixtysix.bots.encoding import NUM_ACTIONS, SIZE, action_mask, encode
from sixtysix.errors import StateError
from sixtysix.game.actions import ACTIONS
from sixtysix.rules import Rules
from sixtysix.two.match import Match
from sixtysix.two.observation import observe
from sixtysix.two.round import Round

ILLEGAL_REWARD = -3.0
"""The reward of an illegal action, which ends the episode."""

Vector = npt.NDArray[np.float32]


class SixtySixEnv(gymnasium.Env[Vector, np.int64]):
    """One round against the bot ``opponent`` under ``rules`` (classic by default)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium's type)

    def __init__(self, opponent: str = "random", rules: Rules | None = None, seat: int | None = None,
                 render_mode: str | None = None) -> None:
        if seat not in (None, 0, 1):
            raise StateError(f"seat must be 0, 1 or None, not {seat!r}")
        make_bot(opponent)
        self.opponent = opponent
        self.rules = rules or Rules()
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.seat = 0
        self.round: Round = Match(self.rules, seed=0).deal()
        self.bot: Bot[Any] = make_bot(opponent, seed=0)

    def _seed(self) -> int:
        return int(self.np_random.integers(2**63))

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        self.seat = int(self.np_random.integers(2)) if self.fixed_seat is None else self.fixed_seat
        self.bot = make_bot(self.opponent, seed=self._seed())
        self.round = Match(self.rules, seed=self._seed()).deal()
        self._play_opponent()
        while self.round.is_over:
            self.round = Match(self.rules, seed=self._seed()).deal()
            self._play_opponent()
        return self._observation(), self._info()

    def _play_opponent(self) -> None:
        rnd = self.round
        while rnd.to_act == 1 - self.seat:
            rnd.push(self.bot.act(observe(rnd, 1 - self.seat)))

    def _observation(self) -> Vector:
        return encode(observe(self.round, self.seat))

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "illegal": illegal}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The agent's legal actions now, a 1 per legal action code."""
        return action_mask(observe(self.round, self.seat))

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        rnd = self.round
        if rnd.is_over:
            raise StateError("the round is over: reset the environment")
        chosen = ACTIONS[int(action)]
        if not rnd.is_legal(chosen):
            return self._observation(), ILLEGAL_REWARD, True, False, self._info(illegal=True)
        rnd.push(chosen)
        self._play_opponent()
        reward = 0.0
        outcome = rnd.outcome
        if outcome is not None and outcome.winner is not None:
            reward = float(outcome.game_points if outcome.winner == self.seat else -outcome.game_points)
        return self._observation(), reward, rnd.is_over, False, self._info()

    def render(self) -> str | None:
        """The round as text (``ansi``): its trump, phase and every action so far."""
        return None if self.render_mode is None else repr(self.round)


gymnasium.register(id="sixtysix/SixtySix-v0", entry_point="sixtysix.env.gym:SixtySixEnv")
