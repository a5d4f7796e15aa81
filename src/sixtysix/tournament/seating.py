"""What the number of seats of a tournament's matches changes: the seat orders a deck
sequence is played in, how a seat's results are counted and how the report words them.

A match of two seats is a duel (:attr:`Seating.duel`): its group of matches is a
duplicate pair, a match is won against the one opponent, and a seat's game points per
round are counted net of the opponent's. A match of more seats is won against each other
seat at once, and a seat's edge is counted against the others' mean. This module is the
one place that tells the two apart, from the number of seats alone.

>>> Seating(2).group, Seating(2).default_matches, Seating(3).group, Seating(3).default_matches
('pairing', 100, 'trio', 120)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

_GROUPS = {2: "pairing", 3: "trio"}
"""The names of a group of bots that meet in a match, by its size."""

_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

MATCHES = 100
"""The fewest matches per group a tournament plays unless told (:attr:`Seating.default_matches`)."""


def spelled(number: int) -> str:
    """A small whole number in words, a larger one in digits.

    >>> spelled(2), spelled(12)
    ('two', '12')
    """
    return _NUMBERS[number] if 0 <= number < len(_NUMBERS) else str(number)


@dataclass(frozen=True)
class Seating:
    """The tournaments whose matches have ``seats`` seats."""

    seats: int

    @property
    def opponents(self) -> int:
        """The other seats of a match, for each seat."""
        return self.seats - 1

    @property
    def duel(self) -> bool:
        """Whether a match has a single opponent: two seats."""
        return self.opponents == 1

    @property
    def group(self) -> str:
        """What the bots that meet in a match are called: a pairing, a trio, a group of N."""
        return _GROUPS.get(self.seats, f"group of {self.seats}")

    def orders(self, group: Sequence[str]) -> list[tuple[str, ...]]:
        """The seat orders a deck sequence is played in by ``group``: all its orders when it
        fills the seats; two bots at a table of more seats play the first against copies of
        the second, in each seat in turn.

        >>> Seating(2).orders(["a", "b"])
        [('a', 'b'), ('b', 'a')]
        >>> Seating(3).orders(["a", "b"])
        [('a', 'b', 'b'), ('b', 'a', 'b'), ('b', 'b', 'a')]
        >>> len(Seating(3).orders(["a", "b", "c"]))
        6
        """
        if len(group) == self.seats:
            return list(itertools.permutations(group))
        first, second = group
        return [tuple(first if seat == turn else second for seat in range(self.seats))
                for turn in range(self.seats)]

    @property
    def default_matches(self) -> int:
        """A tournament's matches per group unless told: :data:`MATCHES`, rounded up to a
        multiple of ten and of every group's number of seat orders."""
        names = [str(seat) for seat in range(self.seats)]
        step = math.lcm(10, len(self.orders(names[:2])), len(self.orders(names)))
        return -(-MATCHES // step) * step

    @property
    def multiple(self) -> str:
        """What a number of matches per group must be, in words."""
        if self.duel:
            return "even"
        names = [str(seat) for seat in range(self.seats)]
        return (f"a multiple of its seat orders: {len(self.orders(names[:2]))} for two bots (the first "
                f"against {spelled(self.opponents)} copies of the second), {len(self.orders(names))} "
                "for more")

    def refusal(self, matches: int, group: Sequence[str], orders: int) -> str:
        """Why ``matches`` matches per group cannot be played in ``group``'s ``orders`` seat orders."""
        if self.duel:
            return f"matches per {self.group} must be even and at least 2 (duplicate pairs), not {matches}"
        return (f"matches per {self.group} must be a multiple of {orders} (each deck sequence in all "
                f"{orders} seat orders of {', '.join(group)}), not {matches}")

    def played(self, matches: int) -> str:
        """How many matches each group played, for the report."""
        if self.duel:
            return f"{matches} duplicate matches per {self.group}"
        return f"{matches} matches per {self.group}, each deck sequence in all its seat orders"

    @property
    def results(self) -> str:
        """What the ratings are computed from, for the report."""
        return "match wins" if self.duel else "pairwise results: a match's winner beat each other seat"

    @property
    def head_to_head(self) -> str:
        """The heading of the report's head-to-head table."""
        if self.duel:
            return "head to head (row's match wins - losses against column):"
        return "head to head (row's wins - losses against column; a match won beats each other seat):"

    @property
    def counted(self) -> str:
        """How the standings of matches of more than two seats are counted, under their table."""
        return (f"per seat taken; edge: game points per round minus the other {spelled(self.opponents)} "
                "seats' mean; intervals over deck groups")
