"""How the terminal table names the seats of a match: the user is seat 0, ``You``; a lone
opponent is called by its bot's name, several opponents by where they sit (``Left``,
``Right``, ...). Every wording that depends on how many opponents there are is here.

>>> names = Names("Greedy")
>>> names.subject(0), names.subject(1), names.verb(0, "win", "wins"), names.verb(1, "win", "wins")
('You', 'Greedy', 'win', 'wins')
>>> names.explain("Seat 1 declared out; seat 0 has 30 points, under 33: 2 game points.")
'Greedy declared out; you have 30 points, under 33: 2 game points.'
>>> names.explain("Seat 0 closed the stock but seat 1 reached 66 first: seat 0 scores 2.")
'You closed the stock but Greedy reached 66 first: you score 2.'
>>> names.explain("seat 0 does not hold the nine of trumps; Qs is not in seat 0's hand")
'you do not hold the nine of trumps; Qs is not in your hand'
>>> names.score((3, 2), 7)
'You 3 – 2 Greedy  (playing to 7)'
>>> three = Names("Easy bot", 3)
>>> three.seats, three.title(1)
(('You', 'Left', 'Right'), 'Left · Easy bot')
>>> three.explain("Seat 2 declared out with 70 points; seat 0 has 20 points: 2 game points")
'Right declared out with 70 points; you have 20 points: 2 game points'
>>> three.explain("seats 0 and 1 score 2 game points each.")
'you and Left score 2 game points each.'
>>> three.score((3, 5, 0), 11)
'You 3 · Left 5 · Right 0  (playing to 11)'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

PLACES: Final[dict[int, tuple[str, ...]]] = {2: ("Left", "Right"), 3: ("Left", "Across", "Right")}
"""Where several opponents sit, by how many they are, from the user's left round to the right."""

_SEATS = re.compile(r"\b([Ss])eats (\d) and (\d)\b")
_SEAT = re.compile(r"\b([Ss])eat (\d)\b('s)?")
_AGREE = re.compile(r"\b([Yy]ou) (has|scores|does)\b")
_PLURAL = {"has": "have", "scores": "score", "does": "do"}


@dataclass(frozen=True)
class Names:
    """The names of the ``count`` seats of a match against the bot named ``bot``."""

    bot: str
    count: int = 2

    @property
    def seats(self) -> tuple[str, ...]:
        """Every seat's name, the user's first."""
        others = self.count - 1
        return ("You", *((self.bot,) if others == 1 else PLACES[others]))

    @property
    def several(self) -> bool:
        """Whether the user plays against several opponents (each shown in a panel of its own,
        the match counted seat by seat) rather than one (shown across the table, the match
        counted as one score against the other)."""
        return self.count - 1 > 1

    def subject(self, seat: int) -> str:
        """The seat as the subject of a sentence: ``You`` or the seat's name."""
        return self.seats[seat]

    def verb(self, seat: int, plural: str, singular: str) -> str:
        """The verb form that agrees with :meth:`subject`."""
        return plural if seat == 0 else singular

    def possessive(self, seat: int) -> str:
        """``your`` or the seat's name with ``'s``."""
        return "your" if seat == 0 else f"{self.seats[seat]}'s"

    def title(self, seat: int) -> str:
        """A computer seat's panel title: what it is, and where it sits if there are several."""
        return f"{self.seats[seat]} · {self.bot}" if self.several else self.bot

    def score(self, score: Sequence[int], target: int) -> str:
        """The match score with its target, as the table's top line shows it."""
        return f"{self.standing(score)}  (playing to {target})"

    def standing(self, score: Sequence[int]) -> str:
        """The match score: ``You 3 – 2 Greedy``, or each seat's for several opponents."""
        if self.several:
            return " · ".join(f"{name} {points}" for name, points in zip(self.seats, score, strict=True))
        return f"You {score[0]} – {score[1]} {self.bot}"

    @property
    def valued(self) -> str:
        """What a hint's values are: the game points the user expects, less the others'
        mean when there are several (:func:`~sixtysix.analysis.analyze_three`)."""
        return "expected game points less the others' mean" if self.several else "expected game points"

    def _named(self, seat: int, capital: bool, possessive: bool = False) -> str:
        if seat:
            return self.seats[seat] + ("'s" if possessive else "")
        word = "Your" if possessive else "You"
        return word if capital else word.lower()

    def explain(self, explanation: str) -> str:
        """The engine's explanation of a round's score (or a refusal), with the seats' names."""
        named = _SEATS.sub(lambda found: f"{self._named(int(found[2]), found[1] == 'S')} and "
                                         f"{self._named(int(found[3]), False)}", explanation)
        named = _SEAT.sub(lambda found: self._named(int(found[2]), found[1] == "S", bool(found[3])), named)
        return _AGREE.sub(lambda found: f"{found[1]} {_PLURAL[found[2]]}", named)
