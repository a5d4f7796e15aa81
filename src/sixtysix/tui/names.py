"""How the terminal table names the seats of a match: the user is seat 0, ``You``; a lone
opponent is called by its bot's name, several opponents by where they sit (``Left``,
``Right``, ...). Every wording that depends on how many opponents there are is here, in
the language in use (:mod:`sixtysix.tui.language`).

>>> from sixtysix.tui.language import use
>>> use("en")
>>> names = Names("Greedy")
>>> names.subject(0), names.subject(1)
('You', 'Greedy')
>>> names.score((3, 2), 7)
'You 3 – 2 Greedy  (playing to 7)'
>>> three = Names("Easy bot", 3)
>>> three.seats, three.title(1)
(('You', 'Left', 'Right'), 'Left · Easy bot')
>>> three.score((3, 5, 0), 11)
'You 3 · Left 5 · Right 0  (playing to 11)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sixtysix.tui.language import t


def _places(others: int) -> tuple[str, ...]:
    """Where several opponents sit, from the user's left round to the right."""
    if others == 2:
        return t("Left"), t("Right")
    return t("Left"), t("Across"), t("Right")


@dataclass(frozen=True)
class Names:
    """The names of the ``count`` seats of a match against the bot named ``bot``."""

    bot: str
    count: int = 2

    @property
    def seats(self) -> tuple[str, ...]:
        """Every seat's name, the user's first."""
        others = self.count - 1
        return (t("You"), *((self.bot,) if others == 1 else _places(others)))

    @property
    def several(self) -> bool:
        """Whether the user plays against several opponents (each shown in a panel of its own,
        the match counted seat by seat) rather than one (shown across the table, the match
        counted as one score against the other)."""
        return self.count - 1 > 1

    def subject(self, seat: int) -> str:
        """The seat's name: ``You`` or the other seat's."""
        return self.seats[seat]

    def title(self, seat: int) -> str:
        """A computer seat's panel title: what it is, and where it sits if there are several."""
        return f"{self.seats[seat]} · {self.bot}" if self.several else self.bot

    def score(self, score: Sequence[int], target: int) -> str:
        """The match score with its target, as the table's top line shows it."""
        return t("{score}  (playing to {target})", score=self.standing(score), target=target)

    def standing(self, score: Sequence[int]) -> str:
        """The match score: ``You 3 – 2 Greedy``, or each seat's for several opponents."""
        if self.several:
            return " · ".join(f"{name} {points}" for name, points in zip(self.seats, score, strict=True))
        return f"{self.seats[0]} {score[0]} – {score[1]} {self.bot}"

    @property
    def valued(self) -> str:
        """What a hint's values are: the game points the user expects, less the others'
        mean when there are several (:func:`~sixtysix.analysis.analyze_three`)."""
        return t("expected game points less the others' mean") if self.several else t("expected game points")
