"""The raw state of a two-hand round: the layout of its flat list of ints, for the search.

A :class:`~sixtysix.two.round.Round` keeps its whole position in one list of ints (card
sets as 24-bit masks, card ``c`` at bit ``c``; a seat's field at its index plus the
seat). A push saves the list and goes on in a copy, a pop puts the saved list back:
the list :func:`state_of` returns is never changed once a push has returned. Search
code that plays thousands of rollout steps a decision (:mod:`sixtysix.bots.playout`)
reads it with the names below instead of calling the round's queries; it never writes
it. This module is that API: the round builds its list by these names, and only the
game's own package and the search modules named in pyproject.toml's import-linter
contract import it (everything else reads the round's public members). The scoring rules
that go with it, pure functions on ints that both the round and the exact search
(:mod:`sixtysix.bots.search`) score with, are in :mod:`sixtysix.two.outcome`.

>>> from sixtysix import Match
>>> rnd = Match(seed=1).deal()
>>> s = state_of(rnd)
>>> s[PHASE] == LEAD_PHASE, s[HAND + rnd.leader] == rnd.hand(rnd.leader), 12 - s[DRAWN]
(True, True, 12)
"""

from __future__ import annotations

from typing import Final

from sixtysix.cards import NUM_CARDS, beats
from sixtysix.game.round import BaseRound, Phase

# The phase, the seat on lead and the cards played are at the indices where
# sixtysix.game.round's BaseRound reads them, the same in both games.
PHASE: Final = 0
"""The :class:`~sixtysix.game.round.Phase` of the decision the round waits for, as its
value (the phase codes below)."""
LEADER: Final = 1
"""The seat on lead: it leads the current trick, or won the last one."""
LEAD: Final = 2
"""The card led to the current trick, or -1."""
HAND: Final = 3
"""``HAND + seat``: the cards in the seat's hand."""
PTS: Final = 5
"""``PTS + seat``: the seat's card points from tricks (the last trick's 10 included once scored)."""
TRICKS: Final = 7
"""``TRICKS + seat``: the number of tricks the seat has won."""
MARR: Final = 9
"""``MARR + seat``: the seat's announced marriage points (they count once it has won a trick)."""
KNOWN: Final = 11
"""``KNOWN + seat``: cards of the seat the opponent has seen (marriage partners, the trump
card taken or drawn), some perhaps played since: ``& HAND + seat`` gives those still held."""
DRAWN: Final = 13
"""The number of cards drawn from the stock, 0 to 12 (the stock holds ``12 - DRAWN``)."""
TRUMP_CARD: Final = 14
"""The card under the stock (the trump nine once exchanged for it); drawn when ``DRAWN`` is 12."""
CLOSER: Final = 15
"""The seat that closed the stock, or -1."""
CLOSE_TRICKS: Final = 16
"""The closer's opponent's tricks when the stock was closed."""
CLOSE_PTS: Final = 17
"""The closer's opponent's points (marriages counting) when the stock was closed."""
FIRST66: Final = 18
"""The first seat found with 66 points after a trick or a marriage, or -1."""
MSUIT: Final = 19
"""The suit of the last marriage announced (its king or queen is led in the ``MARRIAGE``
phase), or -1."""
PLAYED: Final = 20
"""Every card played to a trick, those on the table included."""
TRICK_COUNT: Final = 21
"""The number of finished tricks."""
TRICK_LOG: Final = 22
"""The finished tricks packed in :data:`TRICK_BITS` bits each, the first lowest: the lead
times 24 plus the follow, then the leader, the winner and whether play was strict, one
bit each. It holds ``TRICK_COUNT`` tricks and no bit above them (a finished trick is or-ed in)."""
MARRIAGE_LOG: Final = 23
"""The marriages announced, 4 bits each (``1 + seat * 4 + suit``), the latest lowest."""
LAST_ACTION: Final = 24
"""The code of the action that led to this state (never read for the first state of a
round's history, a deal or a set-up position, which no action led to)."""
STATE_SIZE: Final = 25
"""The length of the list. An observation's copy (a seat's view) appends the opponent's
hand size at this index."""
TRICK_BITS: Final = 13
"""The bits of one trick in ``TRICK_LOG``."""

LEAD_PHASE: Final = Phase.LEAD.value
MARRIAGE_PHASE: Final = Phase.MARRIAGE.value
FOLLOW_PHASE: Final = Phase.FOLLOW.value
DRAW_PHASE: Final = Phase.DRAW.value
RESPOND_PHASE: Final = Phase.RESPOND.value
OVER: Final = Phase.OVER.value

BEATS: Final = tuple(
    tuple(int(beats(follow, lead, trump)) for lead in range(NUM_CARDS) for follow in range(NUM_CARDS))
    for trump in range(4)
)
"""Per trump suit, ``BEATS[trump][lead * 24 + follow]``: 1 if the follow wins the trick, else 0."""


def state_of(rnd: BaseRound) -> list[int]:
    """The state list of a two-hand round (:class:`~sixtysix.two.round.Round`), to read
    with this module's names; the round's next push or pop replaces it."""
    return rnd._s
