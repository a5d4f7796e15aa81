"""A fixed-length vector and an action mask for one seat, built from its observation only.

The vector has :data:`SIZE` (251) ``float32`` entries in ``[0, 1]``: nine planes of 24
cards (index ``suit * 6 + rank`` as in :mod:`sixtysix.cards`), then 35 numbers. "Me" is
the observing seat, "opponent" the other one.

=======  =====  ==========================================================================
offset   size   content (from :class:`~sixtysix.two.observation.Observation`)
=======  =====  ==========================================================================
0        24     ``hand``: my cards
24       24     ``trump_card``: the card under the stock (face up, or face down once
                closed); all zero once it has been drawn
48       24     ``lead_card``: the card on the table, waiting for the follow
72       24     cards of the ``tricks`` I won
96       24     cards of the ``tricks`` the opponent won
120      24     ``opponent_shown``: the opponent's cards I know (marriage partners,
                exchanged or drawn trump card)
144      24     ``own_shown``: my cards the opponent has seen
168      24     ``unseen``: cards I have not seen (opponent's hidden hand or the stock)
192      24     ``opponent_excluded``: cards the opponent cannot hold (strict play)
216      4      ``trump``: the trump suit, one-hot
220      6      ``phase``: LEAD, MARRIAGE, FOLLOW, DRAW, RESPOND, OVER, one-hot
226      1      I am to act (``to_act``)
227      1      I lead the current trick (``leader``)
228      1      I dealt this round (``dealer``)
229      1      ``stock_size`` / 12
230      2      I closed, the opponent closed (``closer``)
232      1      ``opponent_hand_size`` / 6
233      2      ``points``: mine, the opponent's (card points and counting marriages),
                each divided by 132 and capped at 1
235      2      ``marriage_points``: mine, the opponent's (announced, counting or
                pending), each / 132
237      2      ``trick_counts``: mine, the opponent's, each / 12
239      8      ``marriages`` announced: mine by suit (4), then the opponent's (4)
247      2      ``first_to_66``: me, the opponent
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
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from sixtysix.cards import NUM_CARDS, CardSet
from sixtysix.game.actions import ACTIONS
from sixtysix.two.observation import Observation

SIZE = 251
"""The length of the observation vector."""

NUM_ACTIONS = len(ACTIONS)
"""The size of the action space: every engine action code (34)."""

_CARD_BITS = np.array([1 << c for c in range(NUM_CARDS)], dtype=np.int64)
_POINTS_SCALE = 132.0


def _plane(mask: CardSet) -> npt.NDArray[np.float32]:
    plane: npt.NDArray[np.float32] = ((_CARD_BITS & mask) != 0).astype(np.float32)
    return plane


def encode(obs: Observation) -> npt.NDArray[np.float32]:
    """The observation vector of ``obs``'s seat (layout in the module docstring)."""
    me, other = obs.seat, obs.opponent
    won = [0, 0]
    for trick in obs.tricks:
        won[trick.winner] |= 1 << trick.lead | 1 << trick.follow
    planes = (
        obs.hand,
        0 if obs.trump_card is None else 1 << obs.trump_card,
        0 if obs.lead_card is None else 1 << obs.lead_card,
        won[me],
        won[other],
        obs.opponent_shown,
        obs.own_shown,
        obs.unseen,
        obs.opponent_excluded,
    )
    scalars = np.zeros(SIZE - NUM_CARDS * len(planes), dtype=np.float32)
    scalars[obs.trump] = 1
    scalars[4 + obs.phase.value] = 1
    scalars[10] = obs.to_act == me
    scalars[11] = obs.leader == me
    scalars[12] = obs.dealer == me
    scalars[13] = obs.stock_size / 12
    scalars[14] = obs.closer == me
    scalars[15] = obs.closer == other
    scalars[16] = obs.opponent_hand_size / 6
    for offset, pair, scale in ((17, obs.points, _POINTS_SCALE), (19, obs.marriage_points, _POINTS_SCALE),
                                (21, obs.trick_counts, 12.0)):
        scalars[offset] = min(pair[me] / scale, 1.0)
        scalars[offset + 1] = min(pair[other] / scale, 1.0)
    for seat, suit in obs.marriages:
        scalars[23 + (0 if seat == me else 4) + suit] = 1
    if obs.first_to_66 is not None:
        scalars[31 + (obs.first_to_66 != me)] = 1
    if obs.close_snapshot is not None:
        points, tricks = obs.close_snapshot
        scalars[33] = min(points / _POINTS_SCALE, 1.0)
        scalars[34] = tricks / 12
    vector: npt.NDArray[np.float32] = np.concatenate([*(_plane(mask) for mask in planes), scalars])
    return vector


def action_mask(obs: Observation) -> npt.NDArray[np.int8]:
    """A 1 for each legal action of ``obs``'s seat, indexed by action code."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(obs.legal)] = 1
    return mask
