"""The two-hand game as a :class:`~sixtysix.game.interface.Game`.

>>> GAME.name, GAME.seats, type(GAME.new_match(seed=1)).__name__
('two-hand', 2, 'Match')
"""

from __future__ import annotations

import random

from sixtysix.errors import StateError
from sixtysix.game import interface
from sixtysix.game.interface import Game
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.round import Round


def _observe(rnd: interface.Round, seat: int) -> Observation:
    if not isinstance(rnd, Round):
        raise StateError(f"not a two-hand round: {rnd!r}")
    return observe(rnd, seat)


def _sample(obs: interface.Observation, rng: random.Random) -> Round:
    if not isinstance(obs, Observation):
        raise StateError(f"not a two-hand observation: {obs!r}")
    return sample_round(obs, rng)


GAME = Game("two-hand", 2, Match, _observe, _sample)
"""Two seats, six cards each and a stock of twelve (RULES.md sections 1-10)."""
