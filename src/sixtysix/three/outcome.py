"""How a three-hand round ended (:class:`ThreeOutcome`), and why, as clauses."""

from __future__ import annotations

from dataclasses import dataclass

from sixtysix.explanations import Clause, scale
from sixtysix.explanations import english as explanation_english
from sixtysix.game.outcome import Reason
from sixtysix.three.deal import SEATS, left_of


@dataclass(frozen=True)
class ThreeOutcome:
    """The result of a finished three-hand round.

    ``scores`` are the game points each seat gains. ``winner`` is the seat that
    scored (``None`` after a false declaration, whose ``game_points`` are the 2
    each opponent gains, and for a round dealt again, ``replay``).
    """

    winner: int | None
    game_points: int
    reason: Reason
    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    declarer: int | None
    replay: bool
    scores: tuple[int, int, int]

    @property
    def explained(self) -> tuple[Clause, ...]:
        """Why the round scored what it did, as clauses with codes and parameters
        (:mod:`sixtysix.explanations`)."""
        return _explain(self)

    @property
    def explanation(self) -> str:
        """Why the round scored what it did, in a sentence a player can check."""
        return explanation_english(_explain(self))



def _others(seat: int) -> tuple[int, int]:
    """The two other seats, from the seat's left."""
    return left_of(seat), left_of(left_of(seat))


def _opponents(scorer: int, o: ThreeOutcome) -> tuple[Clause, ...]:
    """The scale on each opponent of the scorer and the game points in all."""
    return (*(scale(seat, o.points[seat], o.tricks[seat]) for seat in _others(scorer)),
            Clause.of("in_all", game_points=o.game_points))


def _explain(o: ThreeOutcome) -> tuple[Clause, ...]:
    points = o.points
    if o.reason is Reason.FALSE_OUT:
        assert o.declarer is not None
        other, third = _others(o.declarer)
        return (Clause.of("false_out_each", seat=o.declarer, points=points[o.declarer], other=other,
                          third=third, game_points=o.game_points),)
    if o.reason is Reason.TIE:
        best = max(points)
        top = [seat for seat in range(SEATS) if points[seat] == best]
        if len(top) == SEATS:
            why = Clause.of("tie_shared_all", points=best)
        elif len(top) > 1:
            why = Clause.of("tie_shared", seat=top[0], other=top[1], points=best)
        else:
            why = Clause.of("tie_under_66", seat=top[0], points=best)
        return Clause.of("last_trick"), why
    winner = o.winner
    assert winner is not None
    if o.reason is Reason.OUT:
        return Clause.of("out", seat=winner, points=points[winner]), *_opponents(winner, o)
    return (Clause.of("last_trick"), Clause.of("most_points", seat=winner, points=points[winner]),
            *_opponents(winner, o))
