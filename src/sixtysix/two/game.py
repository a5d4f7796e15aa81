"""The two-hand game as a :class:`~sixtysix.game.interface.Game`.

>>> GAME.name, GAME.seats, type(GAME.new_match(seed=1)).__name__
('two-hand', 2, 'Match')
"""

from __future__ import annotations

from sixtysix.game.interface import Game
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.round import Round
from sixtysix.two.tracker import Tracker

GAME: Game[Match, Round, Observation] = Game("two-hand", 2, Match, observe, sample_round, stock=True, hand=6,
                                               tracker=Tracker)
"""Two seats, six cards each and a stock of twelve (RULES.md sections 1-10)."""
