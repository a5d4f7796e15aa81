"""The raw state of a three-hand round: the layout of its flat list of ints, for the search.

A :class:`~sixtysix.three.round.ThreeRound` keeps its position in one list of ints
(card sets as 24-bit masks, card ``c`` at bit ``c``; a seat's field at its index plus
the seat), and its history (actions, tricks, marriages) in lists of its own. A push
saves the list and goes on in a copy, a pop puts the saved list back: the list
:func:`state_of` returns is never changed once a push has returned. The three-hand
search (:mod:`sixtysix.bots.threehand`) reads it with the names below instead of
calling the round's queries; it never writes it. This module is that API: the round
builds its list by these names, and only the game's own package and the search
modules named in pyproject.toml's import-linter contract import it (everything else
reads the round's public members). The scoring rules that go with it, pure functions on
ints that both the round and the three-hand search score with, are in
:mod:`sixtysix.three.outcome`.

>>> from sixtysix.three.match import ThreeMatch
>>> rnd = ThreeMatch(seed=1).deal()
>>> s = state_of(rnd)
>>> s[PHASE] == LEAD_PHASE, s[HAND + rnd.leader] == rnd.hand(rnd.leader), s[LEAD], s[TRICK_COUNT]
(True, True, -1, 0)
"""

from __future__ import annotations

from typing import Final

from sixtysix.game.round import BaseRound, Phase

# The phase, the seat on lead and the cards played are at the indices where
# sixtysix.game.round's BaseRound reads them, the same in both games.
PHASE: Final = 0
"""The :class:`~sixtysix.game.round.Phase` of the decision the round waits for, as its
value: one of the phase codes below (the three-hand game has no draw and no close)."""
LEADER: Final = 1
"""The seat on lead: it leads the current trick, or won the last one."""
LEAD: Final = 2
"""The first card of the current trick, or -1."""
SECOND: Final = 3
"""The second card of the current trick, or -1."""
HAND: Final = 4
"""``HAND + seat``: the cards in the seat's hand."""
PTS: Final = 7
"""``PTS + seat``: the seat's card points from tricks (the last trick's 10 included once scored)."""
TRICKS: Final = 10
"""``TRICKS + seat``: the number of tricks the seat has won."""
MARR: Final = 13
"""``MARR + seat``: the seat's announced marriage points (they count once it has won a trick)."""
KNOWN: Final = 16
"""``KNOWN + seat``: cards of the seat every seat has seen (the dealer's trump card,
marriage partners), some perhaps played since: ``& HAND + seat`` gives those still held."""
MSUIT: Final = 19
"""The suit of the last marriage announced (its king or queen is led in the ``MARRIAGE``
phase), or -1."""
PLAYED: Final = 20
"""Every card played to a trick, those on the table included."""
TRICK_COUNT: Final = 21
"""The number of finished tricks."""
STATE_SIZE: Final = 22
"""The length of the list."""

LEAD_PHASE: Final = Phase.LEAD.value
MARRIAGE_PHASE: Final = Phase.MARRIAGE.value
FOLLOW_PHASE: Final = Phase.FOLLOW.value
OVER: Final = Phase.OVER.value


def state_of(rnd: BaseRound) -> list[int]:
    """The state list of a three-hand round (:class:`~sixtysix.three.round.ThreeRound`),
    to read with this module's names; the round's next push or pop replaces it."""
    return rnd._s
