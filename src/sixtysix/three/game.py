"""The three-hand game as a :class:`~sixtysix.game.interface.Game`.

>>> GAME.name, GAME.seats, type(GAME.new_match(seed=1)).__name__
('three-hand', 3, 'ThreeMatch')
"""

from __future__ import annotations

from sixtysix.game.interface import Game
from sixtysix.three.deal import HAND_SIZE
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import ThreeObservation, observe_three, sample_three
from sixtysix.three.round import ThreeRound
from sixtysix.three.tracker import ThreeTracker

GAME: Game[ThreeMatch, ThreeRound, ThreeObservation] = Game("three-hand", 3, ThreeMatch, observe_three,
                                                             sample_three, stock=False, hand=HAND_SIZE,
                                                             tracker=ThreeTracker)
"""Three seats, eight cards each and no stock (RULES.md section 11)."""
