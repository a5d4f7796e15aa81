"""Why a round scored what it did: clauses as codes with parameters, and the engine's English.

A finished round's :attr:`Outcome.explained <sixtysix.two.outcome.Outcome.explained>` (and the
three-hand round's) is a tuple of :class:`Clause`: a short code from :data:`CODES` and
its parameters, plain data a front end can put in its own words, as
:mod:`sixtysix.reasons` does for refusals. The first clause of an explanation says how
the round ended (a ``head`` code of :data:`CODES`), the others what it scores.
:func:`english` gives the engine's sentence, which ``explanation`` returns. Parameters
are ints: seats, card points (``points``, ``other_points``), trick counts and game points.

>>> clauses = (Clause.of("out", seat=0, points=71), Clause.of("scale_under_33", seat=1, points=20))
>>> [clause.as_dict() for clause in clauses]
[{'code': 'out', 'points': 71, 'seat': 0}, {'code': 'scale_under_33', 'points': 20, 'seat': 1}]
>>> english(clauses)
'Seat 0 declared out with 71 points; seat 1 has 20 points, under 33: 2 game points.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of an explanation: a code of :data:`CODES` and its parameters, sorted
    by name (make one with :meth:`of`)."""

    code: str
    params: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, code: str, **params: int) -> Clause:
        """The clause with a code and named parameters.

        >>> Clause.of("out", seat=1, points=70) == Clause.of("out", points=70, seat=1)
        True
        """
        return cls(code, tuple(sorted(params.items())))

    def as_dict(self) -> dict[str, str | int]:
        """The code and the parameters in one dictionary, ready for JSON.

        >>> Clause.of("tie_replay", points=60).as_dict()
        {'code': 'tie_replay', 'points': 60}
        """
        return {"code": self.code, **dict(self.params)}


_FALSE_OUT: Final = "Seat {seat} declared out with only {points} points, a false declaration: "
_SCORES: Final = ": seat {winner} scores {game_points} game points"
_FIRST: Final = "Seat {seat} closed the stock but seat {first} reached 66 first" + _SCORES
_NOBODY_FIRST: Final = "Seat {seat} closed the stock but nobody reached 66 first" + _SCORES
_NO_TRICK: Final = ", having had no trick when the stock was closed"
_THREE: Final = " (failed_close_points=three)"
_BOTH: Final = "Both have {points} points"
_NOBODY: Final = ": nobody scores and the same dealer deals again"

_ENGLISH: Final[dict[str, str]] = {
    # How the round ended: the first clause (two hands).
    "out": "Seat {seat} declared out with {points} points",
    "closed_won": "Seat {seat} closed the stock and reached 66 first",
    "last_trick": "All tricks played, the last worth 10",
    "false_out": _FALSE_OUT + _SCORES[2:],
    "false_out_no_trick": _FALSE_OUT + _SCORES[2:] + ", having taken no trick",
    "failed_close": _FIRST,
    "failed_close_no_trick": _FIRST + _NO_TRICK,
    "failed_close_three": _FIRST + _THREE,
    "failed_close_nobody": _NOBODY_FIRST,
    "failed_close_nobody_no_trick": _NOBODY_FIRST + _NO_TRICK,
    "failed_close_nobody_three": _NOBODY_FIRST + _THREE,
    "tie_most_tricks": (_BOTH + "; seat {seat} took more tricks ({tricks} to {other_tricks}): "
                        "1 game point (tie=most_tricks)"),
    "tie_replay": _BOTH + ": a tie; nobody scores and the same dealer deals again",
    "tie_carry": _BOTH + ": a tie; nobody scores and the next scoring round gets 1 more game point",
    # How the round ended: the first clause (three hands; also out and last_trick).
    "false_out_each": _FALSE_OUT + "seats {other} and {third} score {game_points} game points each",
    # What the round scores: the clauses after the first.
    "more_points": "seat {seat} has more points ({points} to {other_points})",
    "most_points": "seat {seat} has the most points, {points}, 66 or more",
    "tie_shared": "seats {seat} and {other} share the most points, {points}" + _NOBODY,
    "tie_shared_all": "seats 0 and 1 and 2 share the most points, {points}" + _NOBODY,
    "tie_under_66": "seat {seat} has the most points, {points}, under 66" + _NOBODY,
    "scale_33": "seat {seat} has {points} points, 33 or more: 1 game point",
    "scale_under_33": "seat {seat} has {points} points, under 33: 2 game points",
    "scale_no_trick": "seat {seat} took no trick: 3 game points",
    "scale_33_at_close": "seat {seat} has {points} points, 33 or more: 1 game point at the close",
    "scale_under_33_at_close": "seat {seat} has {points} points, under 33: 2 game points at the close",
    "scale_no_trick_at_close": "seat {seat} took no trick: 3 game points at the close",
    "in_all": "{game_points} game points in all",
}
"""The engine's words for each code; :func:`english` joins an explanation's clauses."""

CODES: Final[dict[str, tuple[str, ...]]] = {
    code: tuple(sorted({name.split("}")[0] for name in words.split("{")[1:]}))
    for code, words in _ENGLISH.items()
}
"""Every code a clause may have, with the names of its parameters (those its English
uses), sorted: a seat is ``seat``, ``winner``, ``first`` (to reach 66), ``other`` or
``third``; ``points`` and ``other_points`` are card points, ``tricks`` and
``other_tricks`` trick counts, ``game_points`` game points.

>>> CODES["failed_close"]
('first', 'game_points', 'seat', 'winner')
"""

HEADS: Final = frozenset({
    "out", "closed_won", "last_trick", "false_out", "false_out_no_trick", "false_out_each",
    "failed_close", "failed_close_no_trick", "failed_close_three", "failed_close_nobody",
    "failed_close_nobody_no_trick", "failed_close_nobody_three", "tie_most_tricks", "tie_replay", "tie_carry",
})
"""The codes an explanation's first clause has, and no other clause."""


def scale(seat: int, points: int, tricks: int, at_close: bool = False) -> Clause:
    """The clause of the 1-2-3 scale on a loser's points and tricks (RULES.md section 7).

    >>> english([Clause.of("out", seat=0, points=70), scale(1, 40, 3)])
    'Seat 0 declared out with 70 points; seat 1 has 40 points, 33 or more: 1 game point.'
    """
    suffix = "_at_close" if at_close else ""
    if points >= 33:
        return Clause.of("scale_33" + suffix, seat=seat, points=points)
    if tricks:
        return Clause.of("scale_under_33" + suffix, seat=seat, points=points)
    return Clause.of("scale_no_trick" + suffix, seat=seat)


def english(clauses: Iterable[Clause]) -> str:
    """The engine's sentence for an explanation: what ``explanation`` returns.

    >>> english([Clause.of("closed_won", seat=1), scale(0, 9, 0, at_close=True)])
    'Seat 1 closed the stock and reached 66 first; seat 0 took no trick: 3 game points at the close.'
    """
    return "; ".join(_ENGLISH[clause.code].format_map(dict(clause.params)) for clause in clauses) + "."
