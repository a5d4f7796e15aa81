"""How a three-hand round ended (:class:`ThreeOutcome`), and why, as clauses; and the
scoring rules (RULES.md section 11) as pure functions on ints.

The scoring functions (:func:`declared`, :func:`ended`) are part of the game's raw-state
API (:mod:`sixtysix.three.state`): the round scores its outcome with them, and the
three-hand search (:mod:`sixtysix.bots.threehand`) the ends of the rounds it plays, so
each rule is written once. They take each seat's points (card points and the marriages
that count) and tricks, by seat, and give the game points each seat gains.
"""

from __future__ import annotations

from dataclasses import dataclass

from sixtysix.explanations import Clause, scale
from sixtysix.explanations import english as explanation_english
from sixtysix.game.outcome import Reason
from sixtysix.game.outcome import scale as game_points
from sixtysix.three.deal import SEATS, left_of

Scores = tuple[int, int, int]
"""A number for each seat, by seat: game points gained, points or tricks."""

FALSE_OUT_POINTS = 2
"""The game points each opponent of a false declarer gains."""


def scored(scorer: int, points: Scores, tricks: Scores) -> Scores:
    """The scores of ``scorer`` gaining the 1-2-3 scale on each opponent, added up.

    >>> scored(0, (70, 40, 10), (4, 3, 1))
    (3, 0, 0)
    """
    scores = [0, 0, 0]
    for other in (left_of(scorer), left_of(left_of(scorer))):
        scores[scorer] += game_points(points[other], tricks[other])
    return scores[0], scores[1], scores[2]


def declared(declarer: int, points: Scores, tricks: Scores) -> Scores:
    """The scores of ``declarer`` declaring out: :data:`FALSE_OUT_POINTS` for each
    opponent below 66, else the scale on each opponent.

    >>> declared(1, (30, 60, 20), (2, 3, 1)), declared(1, (30, 70, 0), (2, 3, 0))
    ((2, 0, 2), (0, 5, 0))
    """
    if points[declarer] < 66:
        false = [FALSE_OUT_POINTS] * SEATS
        false[declarer] = 0
        return false[0], false[1], false[2]
    return scored(declarer, points, tricks)


def ended(points: Scores, tricks: Scores) -> Scores:
    """The scores when the cards have run out (the last trick's 10 counted): the seat of
    the most points scores if it has 66 or more, else (or on equal highest totals) nobody.

    >>> ended((70, 40, 20), (4, 3, 1)), ended((60, 40, 30), (4, 3, 1)), ended((50, 50, 30), (3, 3, 2))
    ((3, 0, 0), (0, 0, 0), (0, 0, 0))
    """
    best = max(points)
    if best >= 66 and points.count(best) == 1:
        return scored(points.index(best), points, tricks)
    return 0, 0, 0


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
