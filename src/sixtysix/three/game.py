"""The three-hand game as a :class:`~sixtysix.game.interface.Game`.

>>> GAME.name, GAME.seats, type(GAME.new_match(seed=1)).__name__
('three-hand', 3, 'ThreeMatch')
"""

from __future__ import annotations

import random

from sixtysix.errors import StateError
from sixtysix.game import interface
from sixtysix.game.interface import Game
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import ThreeObservation, observe_three, sample_three
from sixtysix.three.round import ThreeRound


def _observe(rnd: interface.Round, seat: int) -> ThreeObservation:
    if not isinstance(rnd, ThreeRound):
        raise StateError(f"not a three-hand round: {rnd!r}")
    return observe_three(rnd, seat)


def _sample(obs: interface.Observation, rng: random.Random) -> ThreeRound:
    if not isinstance(obs, ThreeObservation):
        raise StateError(f"not a three-hand observation: {obs!r}")
    return sample_three(obs, rng)


GAME = Game("three-hand", 3, ThreeMatch, _observe, _sample)
"""Three seats, eight cards each and no stock (RULES.md section 11)."""
