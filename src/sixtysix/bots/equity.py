"""What a round's result is worth in the match: the chance of winning it from a score.

A round gives its winner 1, 2 or 3 game points, and the match goes to whoever
reaches the target (7 by default). A game point is not worth the same at every
score: ahead 6 to 0, a loss by 3 costs little more than a loss by 1, and when the
opponent needs one game point any loss ends the match. A search that averages game
points over sampled worlds treats them as equal; :func:`round_utility` gives it,
instead, each result's change in the chance of winning the match, scaled so that
a round won by one game point is worth about +1 and one lost by one about -1.

The chance of winning from a score, :func:`match_equity`, assumes two equal
players: each round is won by either side with even odds, for 1, 2 or 3 game points
in the proportions :data:`GAME_POINTS_ODDS` (ties do not move the score).

>>> round(match_equity(7, 0, 0), 3), match_equity(7, 7, 3), match_equity(7, 6, 6)
(0.5, 1.0, 0.5)
>>> [round(u, 2) for u in round_utility(7, 6, 6)]
[-1.0, -1.0, -1.0, 0.0, 1.0, 1.0, 1.0]
>>> [round(u, 2) for u in round_utility(7, 0, 0)]
[-3.09, -2.04, -1.0, 0.0, 1.0, 2.04, 3.09]
"""

from __future__ import annotations

from functools import cache
from typing import Final

GAME_POINTS_ODDS: Final = (0.45, 0.45, 0.10)
"""How often a won round brings 1, 2 and 3 game points between strong players (from
self-play of the ``hard`` level under ``classic``: 38%, 51% and 11% of 186 rounds;
``heuristic``: 57%, 40% and 2% of 2,259)."""


@cache
def match_equity(target: int, mine: int, theirs: int) -> float:
    """The chance of winning a match to ``target`` game points from ``mine`` to
    ``theirs``, between equal players.

    >>> match_equity(7, 0, 6) < 0.1 < 0.9 < match_equity(7, 6, 0)
    True
    """
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return sum(odds * (match_equity(target, mine + points, theirs)
                       + match_equity(target, mine, theirs + points)) / 2
               for points, odds in enumerate(GAME_POINTS_ODDS, 1))


@cache
def round_utility(target: int, mine: int, theirs: int) -> tuple[float, ...]:
    """The worth of each round result from -3 to +3 game points (index ``v + 3``) at
    this score: its change in :func:`match_equity`, over half the difference between
    winning and losing by one game point.

    The worth rises with the result, so a search may value every result by it
    exactly as by game points and still take the best line of play in each world.
    """
    now = match_equity(target, mine, theirs)
    after = [match_equity(target, mine, theirs - v) for v in range(-3, 0)] + [now] + [
        match_equity(target, mine + v, theirs) for v in range(1, 4)]
    scale = (after[4] - after[2]) / 2
    if scale <= 0:
        return tuple(float(v) for v in range(-3, 4))
    return tuple((e - now) / scale for e in after)
