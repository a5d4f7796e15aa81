"""How a two-hand round ended (:class:`Outcome`), and why, as clauses (:func:`explain`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sixtysix.compiled import mypyc_attr
from sixtysix.explanations import Clause, scale
from sixtysix.explanations import english as explanation_english
from sixtysix.game.outcome import Reason

_new: Final = object.__new__


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Outcome:
    """The result of a finished round, before any carried ties are added.

    ``replay`` is true when the same dealer deals again (a tie under
    ``tie=replay``, or equal tricks under ``tie=most_tricks``).
    ``close_snapshot`` holds the closer's opponent's points and tricks when the
    stock was closed, and ``scored_at_close`` whether the closer's win was
    scored on them (``closer_win_basis=at_close``).
    """

    winner: int | None
    game_points: int
    reason: Reason
    points: tuple[int, int]
    tricks: tuple[int, int]
    declarer: int | None
    closer: int | None
    replay: bool
    close_snapshot: tuple[int, int] | None
    first_to_66: int | None
    scored_at_close: bool

    @property
    def scores(self) -> tuple[int, int]:
        """The game points each seat scores by the round (a tie's carried points come
        later, with the round that breaks it).

        >>> Outcome(1, 2, Reason.OUT, (40, 70), (2, 3), 1, None, False, None, 1, False).scores
        (0, 2)
        """
        if self.winner is None:
            return (0, 0)
        return (self.game_points, 0) if self.winner == 0 else (0, self.game_points)

    @property
    def explained(self) -> tuple[Clause, ...]:
        """Why the round scored what it did, as clauses with codes and parameters
        (:mod:`sixtysix.explanations`); made when asked for, not by every round a search plays."""
        return _explain(self)

    @property
    def explanation(self) -> str:
        """Why the round scored what it did, in a sentence a player can check."""
        return explanation_english(_explain(self))


def _explain(o: Outcome) -> tuple[Clause, ...]:
    winner, points, tricks = o.winner, o.points, o.tricks
    if o.reason is Reason.TIE:
        if winner is not None:
            return (Clause.of("tie_most_tricks", points=points[0], seat=winner, tricks=tricks[winner],
                              other_tricks=tricks[1 - winner]),)
        return (Clause.of("tie_replay" if o.replay else "tie_carry", points=points[0]),)
    assert winner is not None
    loser = 1 - winner
    if o.reason is Reason.FALSE_OUT:
        assert o.declarer is not None
        code = "false_out_no_trick" if o.game_points == 3 else "false_out"
        return (Clause.of(code, seat=o.declarer, points=points[o.declarer], winner=winner,
                          game_points=o.game_points),)
    if o.reason is Reason.FAILED_CLOSE:
        assert o.close_snapshot is not None and o.closer is not None
        why = ("_no_trick" if o.close_snapshot[1] == 0 else "_three" if o.game_points == 3 else "")
        if o.first_to_66 is None:
            return (Clause.of("failed_close_nobody" + why, seat=o.closer, winner=winner,
                              game_points=o.game_points),)
        return (Clause.of("failed_close" + why, seat=o.closer, first=o.first_to_66, winner=winner,
                          game_points=o.game_points),)
    if o.closer is not None:
        assert o.close_snapshot is not None
        if o.scored_at_close:
            return Clause.of("closed_won", seat=o.closer), scale(loser, *o.close_snapshot, at_close=True)
        return Clause.of("closed_won", seat=o.closer), scale(loser, points[loser], tricks[loser])
    if o.reason is Reason.OUT:
        return (Clause.of("out", seat=winner, points=points[winner]),
                scale(loser, points[loser], tricks[loser]))
    return (Clause.of("last_trick"),
            Clause.of("more_points", seat=winner, points=points[winner], other_points=points[loser]),
            scale(loser, points[loser], tricks[loser]))
