"""The rewards of a finished round, the same in every environment and every game.

A seat's reward is the game points it scores by the round less the average of what each
other seat scores: in the two-hand game the winner's game points, plus for the winner and
minus for the loser; in the three-hand game a declarer who scores 4 gets 4 and each
opponent -2, and a false declaration (2 for each opponent) costs the declarer 2 and gives
each opponent 1. The rewards of a round add up to zero.

>>> from sixtysix.game.outcome import Reason
>>> from sixtysix.three.outcome import ThreeOutcome
>>> false_out = ThreeOutcome(None, 2, Reason.FALSE_OUT, (50, 40, 30), (2, 3, 3), 0, False, (0, 2, 2))
>>> rewards(false_out, 3)
(-2.0, 1.0, 1.0)
"""

from __future__ import annotations

from sixtysix.game.interface import Outcome
from sixtysix.game.outcome import scale

MOST: int = scale(0, 0)
"""The most a round scores from one seat (the top of the 1-2-3 scale)."""

WORST: float = -float(MOST)
"""The least reward of a round: a seat cannot lose more than the most it can be scored from."""


def best(seats: int) -> float:
    """The greatest reward of a round of ``seats`` seats: the most scored from each other seat.

    >>> best(2), best(3)
    (3.0, 6.0)
    """
    return float(MOST * (seats - 1))


def rewards(outcome: Outcome | None, seats: int) -> tuple[float, ...]:
    """Each of ``seats`` seats' reward for a round with ``outcome``; zeros while the round
    has none.

    >>> rewards(None, 3)
    (0.0, 0.0, 0.0)
    """
    if outcome is None:
        return (0.0,) * seats
    scores = outcome.scores
    total, others = sum(scores), len(scores) - 1
    return tuple(float(score) - float(total - score) / others for score in scores)
