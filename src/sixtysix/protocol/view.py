"""The whole view of a seat that version 2's ``go`` carries after its legal actions
(``docs/PROTOCOL.md``): everything a bot needs to act without following the round, built
from the seat's observation alone (and the match score, which the round does not hold).

Each field is a name (:data:`~sixtysix.protocol.wire.VIEW_FIELDS`, in that order) and its
values, none of which is a name:

>>> from sixtysix.games import TWO
>>> rnd = TWO.new_match(seed=8).deal()
>>> for token in ("Md", "Qd"):
...     rnd.push_token(token)
>>> " ".join(view_words(TWO.observe(rnd, rnd.to_act), (2, 1)))
'seat 0 dealer 0 leader 1 trump c 9c stock 12 closed - hand Kc Jh Th Js Ts As table Qd shown 1 Kd \
points 0 0 tricks 0 0 marriages 1 d sizes 6 5 score 2 1 target 7'
"""

from __future__ import annotations

from collections.abc import Sequence

from sixtysix.cards import SUIT_LETTERS, card_name, cards_in
from sixtysix.game.interface import Observation
from sixtysix.games import game_of


def view_words(observation: Observation, score: Sequence[int], memory: bool = False) -> list[str]:
    """The fields of the view of ``observation``'s seat, the match score by seat
    before the round being ``score``. In ``memory`` mode (RULES.md section 6: the rules
    do not tell players their running points) each seat's points are ``-``.

    >>> from sixtysix.games import THREE
    >>> rnd = THREE.new_match(seed=1).deal()
    >>> words = view_words(THREE.observe(rnd, 0), (0, 0, 0), memory=True)
    >>> words[words.index("points"):words.index("tricks")]
    ['points', '-', '-', '-']
    """
    trump_card = "-" if observation.trump_card is None else card_name(observation.trump_card)
    shown = [word for seat, cards in enumerate(observation.shown) if seat != observation.seat
             for c in cards_in(cards) for word in (str(seat), card_name(c))]
    stock = str(observation.stock_size) if game_of(observation.rules).stock else "-"
    marriages = [word for seat, suit in observation.marriages for word in (str(seat), SUIT_LETTERS[suit])]
    return [
        "seat", str(observation.seat),
        "dealer", str(observation.dealer),
        "leader", str(observation.leader),
        "trump", SUIT_LETTERS[observation.trump], trump_card,
        "stock", stock,
        "closed", "-" if observation.closer is None else str(observation.closer),
        "hand", *(card_name(c) for c in cards_in(observation.hand)),
        "table", *(card_name(c) for c in observation.table),
        "shown", *shown,
        "points", *("-" if memory else str(points) for points in observation.points),
        "tricks", *map(str, observation.trick_counts),
        "marriages", *marriages,
        "sizes", *map(str, observation.hand_sizes),
        "score", *map(str, score),
        "target", str(observation.rules.match_target),
    ]
