"""How a two-hand round ended (:class:`Outcome`), and why, as clauses (:func:`explain`);
and the scoring rules (RULES.md section 7) as pure functions on ints.

The scoring functions are part of the game's raw-state API (:mod:`sixtysix.two.state`):
the round scores its outcome with them, and the exact search
(:class:`sixtysix.bots.search.Endgame`) scores the ends of the rounds it plays with them,
so each rule is written once. They see a round from one seat, ``x``, against the other,
``y``: ``px`` and ``py`` are their points (card points and the marriages that count),
``tx`` and ``ty`` their tricks, ``f66`` the first of them to reach 66 and ``cr`` the one
that closed the stock, each ``0`` for x, ``1`` for y and ``-1`` for nobody. They give x's
game points: negative when y scores them, 0 when nobody does; :func:`reason_of` names the
row of the scoring table they score by, which only the round's outcome needs.
The rules they follow are a :class:`Scoring`, worked out once a round (or a search) from
the :class:`~sixtysix.rules.Rules` and the close.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from sixtysix.compiled import mypyc_attr
from sixtysix.explanations import Clause, scale
from sixtysix.explanations import english as explanation_english
from sixtysix.game.outcome import Reason
from sixtysix.game.outcome import scale as game_points
from sixtysix.rules import Rules

_new: Final = object.__new__
# The reasons as module constants: a member read through the Enum class costs more.
_OUT: Final = Reason.OUT
_FALSE_OUT: Final = Reason.FALSE_OUT
_FAILED_CLOSE: Final = Reason.FAILED_CLOSE
_LAST_TRICK: Final = Reason.LAST_TRICK
_TIE: Final = Reason.TIE


class Scoring(NamedTuple):
    """The rules the scoring functions take, worked out once from the
    :class:`~sixtysix.rules.Rules` and the close (:meth:`of`)."""

    false_three: bool
    """Whether a false declaration against an opponent without a trick costs 3
    (``false_claim_points=two_or_three``)."""
    most_tricks: bool
    """Whether equal points go to the seat of more tricks (``tie=most_tricks``)."""
    at_close: int
    """The game points of the closer's win counted on the snapshot at the close
    (``closer_win_basis=at_close``), 0 to count them at the end."""
    failed: int
    """The game points of a failed close: 3 under ``failed_close_points=three`` or if
    the closer's opponent had no trick at the close, else 2."""

    @staticmethod
    def of(rules: Rules, close_points: int, close_tricks: int) -> Scoring:
        """The scoring of ``rules`` for a round whose closer's opponent had
        ``close_points`` and ``close_tricks`` at the close (any, if nobody closed).

        >>> Scoring.of(Rules(), 30, 1)
        Scoring(false_three=True, most_tricks=False, at_close=0, failed=2)
        >>> Scoring.of(Rules(closer_win_basis="at_close", failed_close_points="three"), 30, 1)
        Scoring(false_three=True, most_tricks=False, at_close=2, failed=3)
        """
        at_close = game_points(close_points, close_tricks) if rules.closer_win_basis == "at_close" else 0
        return Scoring(rules.false_claim_points == "two_or_three", rules.tie == "most_tricks", at_close,
                       3 if rules.failed_close_points == "three" or not close_tricks else 2)


def closed(px: int, py: int, tx: int, ty: int, f66: int, cr: int, scoring: Scoring) -> int:
    """The game points for x of a closed round (``cr`` is 0 or 1) ending: the closer
    scores if it reached 66 first, on its opponent's points and tricks (or at the close),
    else the opponent scores a failed close's.

    >>> counted, at_close = Scoring.of(Rules(), 0, 1), Scoring.of(Rules(closer_win_basis="at_close"), 40, 1)
    >>> closed(70, 20, 3, 1, 0, 0, counted), closed(70, 20, 3, 1, 0, 0, at_close)
    (2, 1)
    >>> closed(60, 70, 3, 1, 1, 0, counted)
    -2
    """
    if f66 == cr:
        gp = scoring.at_close or (game_points(py, ty) if cr == 0 else game_points(px, tx))
        return gp if cr == 0 else -gp
    return -scoring.failed if cr == 0 else scoring.failed


def declared(px: int, py: int, tx: int, ty: int, f66: int, cr: int, scoring: Scoring) -> int:
    """The game points for x of x declaring out: false below 66 (y scores 2, or 3 under
    ``false_three`` if it has no trick), the close's result once closed, else the scale on y.

    >>> three = Scoring.of(Rules(false_claim_points="two_or_three"), 0, 0)
    >>> declared(70, 30, 3, 2, 0, -1, three), declared(60, 30, 3, 0, -1, -1, three)
    (2, -3)
    """
    if px < 66:
        return -3 if not ty and scoring.false_three else -2
    if cr >= 0:
        return closed(px, py, tx, ty, f66, cr, scoring)
    return game_points(py, ty)


def ended(px: int, py: int, tx: int, ty: int, f66: int, cr: int, scoring: Scoring) -> int:
    """The game points for x when the cards have run out (the last trick's 10 counted):
    the close's result once closed, else the scale on the seat of fewer points; equal
    points are a tie, 0 (1 to the seat of more tricks under ``most_tricks``).

    >>> classic, most = Scoring.of(Rules(), 0, 0), Scoring.of(Rules(tie="most_tricks"), 0, 0)
    >>> ended(70, 50, 7, 5, 0, -1, classic), ended(20, 70, 5, 7, 1, -1, classic)
    (1, -2)
    >>> ended(60, 60, 7, 5, -1, -1, classic), ended(60, 60, 7, 5, -1, -1, most)
    (0, 1)
    """
    if cr >= 0:
        return closed(px, py, tx, ty, f66, cr, scoring)
    if px != py:
        return game_points(py, ty) if px > py else -game_points(px, tx)
    if scoring.most_tricks and tx != ty:
        return 1 if tx > ty else -1
    return 0


def reason_of(declaring: bool, px: int, py: int, f66: int, cr: int) -> Reason:
    """The row of the scoring table (RULES.md section 7) by which :func:`declared`
    (``declaring``) or :func:`ended` scores a round, for the same arguments.

    >>> [reason_of(True, *args).name for args in ((60, 30, -1, -1), (70, 30, 0, -1), (70, 60, 1, 0))]
    ['FALSE_OUT', 'OUT', 'FAILED_CLOSE']
    >>> [reason_of(False, *args).name for args in ((70, 50, 0, -1), (60, 60, -1, -1), (70, 50, 0, 0))]
    ['LAST_TRICK', 'TIE', 'OUT']
    """
    if declaring and px < 66:
        return _FALSE_OUT
    if cr >= 0:
        return _OUT if f66 == cr else _FAILED_CLOSE
    if declaring:
        return _OUT
    return _LAST_TRICK if px != py else _TIE


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
