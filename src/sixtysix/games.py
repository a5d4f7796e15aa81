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

from typing import Any, Final

from sixtysix.errors import RulesError
from sixtysix.game.interface import Game
from sixtysix.rules import Rules
from sixtysix.three import game as three
from sixtysix.three.match import ThreeMatch, ThreeRoundResult
from sixtysix.three.observation import ThreeObservation
from sixtysix.three.round import ThreeRound
from sixtysix.two import game as two
from sixtysix.two.match import Match, RoundResult
from sixtysix.two.observation import Observation
from sixtysix.two.round import Round

TWO: Final = two.GAME
"""Two-hand Sixty-Six."""
THREE: Final = three.GAME
"""Three-hand Sixty-Six."""
GAMES: Final = (TWO, THREE)
"""Every game, by its number of seats."""

# The classes of every game, for code that holds any of them and hands each to the code
# of its own game (a new game adds its own to each).
AnyMatch = Match | ThreeMatch
AnyRound = Round | ThreeRound
AnyObservation = Observation | ThreeObservation
AnyRoundResult = RoundResult | ThreeRoundResult


def game_of(rules: Rules) -> Game[Any, Any, Any]:
    """The game ``rules`` are for (by their number of seats)."""
    return seated(rules.seats)


def seated(seats: int) -> Game[Any, Any, Any]:
    """The game of ``seats`` players.

    >>> seated(4)
    Traceback (most recent call last):
    ...
    sixtysix.errors.RulesError: no game of 4 seats; these are: 2, 3
    """
    for game in GAMES:
        if game.seats == seats:
            return game
    raise RulesError(f"no game of {seats} seats; these are: {', '.join(str(g.seats) for g in GAMES)}")
