"""The games of the family, each found from the rules by its number of seats.

A new game is a package beside :mod:`sixtysix.two` and :mod:`sixtysix.three` with a
``game.py`` of its own, and one line in :data:`GAMES`.

>>> from sixtysix.rules import Rules
>>> [game.name for game in GAMES]
['two-hand', 'three-hand']
>>> game_of(Rules.parse("santase")).name, game_of(Rules.parse("three-hand")).name
('two-hand', 'three-hand')
"""

from __future__ import annotations

from sixtysix.errors import RulesError
from sixtysix.game.interface import Game
from sixtysix.rules import Rules
from sixtysix.three.game import GAME as THREE
from sixtysix.two.game import GAME as TWO

GAMES: tuple[Game, ...] = (TWO, THREE)
"""Every game, by its number of seats."""


def game_of(rules: Rules) -> Game:
    """The game ``rules`` are for (by their number of seats)."""
    for game in GAMES:
        if game.seats == rules.seats:
            return game
    raise RulesError(f"no game seats {rules.seats}")
