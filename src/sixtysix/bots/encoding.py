"""A fixed-length vector and an action mask for one seat, built from its observation only.

The vector's layout depends on the number of seats ``n`` of the game (:func:`size`: 251
for the two-hand game, 357 for the three-hand one), ``float32`` entries in ``[0, 1]``:
planes of 24 cards (index ``suit * 6 + rank`` as in :mod:`sixtysix.cards`), then numbers.
"Me" is the observing seat; "by seat" means me first, then the other seats in turn from
my left (in the two-hand game: me, then the opponent). The offsets are the two-hand
game's; each block holds ``n`` or ``n - 1`` entries (planes) where it says so.

=======  =====  ==========================================================================
offset   size   content (the members of :class:`Encodable`)
=======  =====  ==========================================================================
0        24     ``hand``: my cards
24       24     ``trump_card``: the card under the stock (face up, or face down once
                closed) or the dealer's shown card; all zero once it has been drawn
48       24     ``table``: the cards of the trick in play, one plane per place in it
                (``n - 1`` planes; in the two-hand game the card waiting for the follow)
72       24     ``tricks``: cards of the tricks I won, then (``n - 1`` planes) of those each
96       24     other seat won
120      24     ``shown``: each other seat's cards I know (``n - 1`` planes: marriage
                partners, exchanged or drawn trump card)
144      24     ``shown``: my cards the others have seen
168      24     ``unseen``: cards I have not seen (others' hidden hands or the stock)
192      24     ``excluded``: cards each other seat cannot hold (``n - 1`` planes)
216      4      ``trump``: the trump suit, one-hot
220      6      ``phase``: LEAD, MARRIAGE, FOLLOW, DRAW, RESPOND, OVER, one-hot
226      1      I am to act (``to_act``)
227      1      I lead the current trick (``leader``)
228      1      I dealt this round (``dealer``)
229      1      ``stock_size`` / 12
230      2      ``closer``, by seat (``n``)
232      1      ``hand_sizes`` of the other seats (``n - 1``), each / the cards of a hand
                at the deal
233      2      ``points`` by seat (``n``; card points and counting marriages), each
                divided by 132 and capped at 1
235      2      ``marriage_points`` by seat (``n``; announced, counting or pending),
                each / 132
237      2      ``trick_counts`` by seat (``n``), each / 12
239      8      ``marriages`` announced, by seat (``n`` blocks of 4, by suit)
247      2      ``first_to_66``, by seat (``n``)
249      2      ``close_snapshot``: the closer's opponent's points / 132 and tricks / 12
                when the stock was closed; zero if not closed
=======  =====  ==========================================================================

The action space is the engine's action codes,
:data:`sixtysix.game.actions.ACTIONS`: 0-23 play that card, 24-27 announce the marriage in
clubs, diamonds, hearts, spades, 28 exchange, 29 close, 30 close-before-draw, 31 out,
32 draw (go on without closing), 33 pass (no exchange after a close). The mask has a 1
for each legal action of the seat and is all zero when the seat is not to act.

>>> from sixtysix import Match
>>> from sixtysix.two.observation import observe
>>> rnd = Match(seed=3).deal()
>>> obs = observe(rnd, rnd.to_act)
>>> vector, mask = encode(obs), action_mask(obs)
>>> vector.shape, vector.dtype.name, int(vector[:24].sum()), int(vector[226])
((251,), 'float32', 6, 1)
>>> [str(ACTIONS[i]) for i in mask.nonzero()[0]] == [str(a) for a in obs.legal]
True
>>> from sixtysix.games import THREE
>>> three = THREE.new_match(seed=3).deal()
>>> encode(THREE.observe(three, 0)).shape, size(THREE)
((357,), 357)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from sixtysix.cards import NUM_CARDS, CardSet
from sixtysix.game.actions import ACTIONS
from sixtysix.game.interface import Game, Observation
from sixtysix.games import game_of

NUM_ACTIONS = len(ACTIONS)
"""The size of the action space: every engine action code (34)."""

_CARD_BITS = np.array([1 << c for c in range(NUM_CARDS)], dtype=np.int64)
_POINTS_SCALE = 132.0


class Encodable(Observation, Protocol):
    """What the vector reads of an observation beyond the interface's: each game's
    observation has these members (a game without a stock has no close)."""

    @property
    def close_snapshot(self) -> tuple[int, int] | None: ...

    @property
    def first_to_66(self) -> int | None: ...

    def excluded(self, seat: int) -> CardSet: ...


@dataclass(frozen=True)
class Layout:
    """The vector's layout for one game: its seats, the cards of a hand at the deal,
    and the vector's length."""

    seats: int
    dealt: int
    planes: int
    scalars: int

    @property
    def size(self) -> int:
        """The length of the vector."""
        return NUM_CARDS * self.planes + self.scalars


@functools.cache
def layout(game: Game[Any, Any, Any]) -> Layout:
    """The layout of ``game``'s vector, from its number of seats and the cards of a hand."""
    seats = game.seats
    return Layout(seats, game.hand, 4 * seats + 1, 15 + 10 * seats)


def size(game: Game[Any, Any, Any]) -> int:
    """The length of ``game``'s observation vector.

    >>> from sixtysix.games import TWO
    >>> size(TWO)
    251
    """
    return layout(game).size


def _plane(mask: CardSet) -> npt.NDArray[np.float32]:
    plane: npt.NDArray[np.float32] = ((_CARD_BITS & mask) != 0).astype(np.float32)
    return plane


def encode(obs: Encodable) -> npt.NDArray[np.float32]:
    """The observation vector of ``obs``'s seat (layout in the module docstring)."""
    shape = layout(game_of(obs.rules))
    n = shape.seats
    me = obs.seat
    seats = [(me + i) % n for i in range(n)]
    others = seats[1:]
    table = [0] * (n - 1)
    for place, card in enumerate(obs.table):
        table[place] = 1 << card
    won = [0] * n
    for trick in obs.tricks:
        for card in trick.cards:
            won[trick.winner] |= 1 << card
    shown = obs.shown
    planes = (
        obs.hand,
        0 if obs.trump_card is None else 1 << obs.trump_card,
        *table,
        *(won[seat] for seat in seats),
        *(shown[seat] for seat in others),
        shown[me],
        obs.unseen,
        *(obs.excluded(seat) for seat in others),
    )
    scalars = np.zeros(shape.scalars, dtype=np.float32)
    scalars[obs.trump] = 1
    scalars[4 + obs.phase.value] = 1
    scalars[10] = obs.to_act == me
    scalars[11] = obs.leader == me
    scalars[12] = obs.dealer == me
    scalars[13] = obs.stock_size / 12
    offset = 14
    for seat in seats:
        scalars[offset] = obs.closer == seat
        offset += 1
    hand_sizes = obs.hand_sizes
    for seat in others:
        scalars[offset] = hand_sizes[seat] / shape.dealt
        offset += 1
    for values, scale in ((obs.points, _POINTS_SCALE), (obs.marriage_points, _POINTS_SCALE),
                          (obs.trick_counts, 12.0)):
        for seat in seats:
            scalars[offset] = min(values[seat] / scale, 1.0)
            offset += 1
    for seat, suit in obs.marriages:
        scalars[offset + 4 * ((seat - me) % n) + suit] = 1
    offset += 4 * n
    if obs.first_to_66 is not None:
        scalars[offset + (obs.first_to_66 - me) % n] = 1
    offset += n
    if obs.close_snapshot is not None:
        points, tricks = obs.close_snapshot
        scalars[offset] = min(points / _POINTS_SCALE, 1.0)
        scalars[offset + 1] = tricks / 12
    vector: npt.NDArray[np.float32] = np.concatenate([*(_plane(mask) for mask in planes), scalars])
    return vector


def action_mask(obs: Observation) -> npt.NDArray[np.int8]:
    """A 1 for each legal action of ``obs``'s seat, indexed by action code."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(obs.legal)] = 1
    return mask
