"""What the terminal table has room for, from the game of the match's rules: how many
seats play, how many cards a hand holds, whether a stock is left to draw from. The table
is laid out from this, never from which game the rules are of.

>>> from sixtysix.rules import Rules
>>> Shape.of(Rules())
Shape(seats=2, hand=6, stock=True)
>>> Shape.of(Rules.parse("three-hand"))
Shape(seats=3, hand=8, stock=False)
"""

from __future__ import annotations

from dataclasses import dataclass

from sixtysix.games import game_of
from sixtysix.rules import Rules


@dataclass(frozen=True)
class Shape:
    """The seats, the cards of a hand at the deal, and whether the deal leaves a stock."""

    seats: int
    hand: int
    stock: bool

    @classmethod
    def of(cls, rules: Rules) -> Shape:
        """The shape of a deal under ``rules``."""
        game = game_of(rules)
        return cls(game.seats, game.hand, game.stock)
