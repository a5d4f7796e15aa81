"""Why an action is refused: a code with parameters, and the engine's English for it.

:meth:`Round.refusal <sixtysix.two.round.Round.refusal>` (and the three-hand round's, and
both observations') says why an action may not be taken now as a :class:`Refusal`: a
short code from :data:`CODES` and its parameters, plain data a front end can put in
its own words. :func:`english` gives the engine's sentence, which ``why_illegal``
returns. Parameters are card tokens (``"Ks"``), suit letters (``"c"``, ``"d"``,
``"h"``, ``"s"``), seats, action tokens and numbers as ints, flag values as strings.

>>> refusal = Refusal.of("follow_suit", suit="d", section=3)
>>> refusal.as_dict()
{'code': 'follow_suit', 'section': 3, 'suit': 'd'}
>>> english(refusal)
'strict play: must follow suit diamonds (section 3)'
>>> english(Refusal.of(**refusal.as_dict())) == english(refusal)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sixtysix.cards import SUIT_LETTERS, SUIT_NAMES

Param = str | int
"""A parameter's value: a token, a suit letter or a flag's value, or a number."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: a code of :data:`CODES` and its parameters, sorted by
    name (make one with :meth:`of`)."""

    code: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, code: str, **params: Param) -> Refusal:
        """The refusal with a code and named parameters.

        >>> Refusal.of("not_in_hand", seat=1, card="9c") == Refusal.of("not_in_hand", card="9c", seat=1)
        True
        """
        return cls(code, tuple(sorted(params.items())))

    def as_dict(self) -> dict[str, Param]:
        """The code and the parameters in one dictionary, ready for JSON.

        >>> Refusal.of("not_in_hand", card="9c", seat=1).as_dict()
        {'code': 'not_in_hand', 'card': '9c', 'seat': 1}
        """
        return {"code": self.code, **dict(self.params)}


CODES: Final[dict[str, tuple[str, ...]]] = {
    "round_over": (),
    "claim_flag": ("action", "claim"),
    "draw_phase": ("action",),
    "respond_phase": ("action",),
    "marriage_phase": ("action",),
    "follow_phase": ("action", "seat", "section"),
    "no_stock": ("action",),
    "not_in_hand": ("card", "seat"),
    "lead_married": ("card", "suit"),
    "follow_suit": ("suit", "section"),
    "head_trick": ("suit",),
    "trump_void": ("suit", "section"),
    "follow_beat": ("suit", "card"),
    "trump_beat": ("suit", "card"),
    "marriage_not_held": ("seat", "suit"),
    "marriage_stock": (),
    "marriage_first_lead": (),
    "exchange_closed": (),
    "exchange_no_nine": ("seat",),
    "exchange_stock": ("min_stock",),
    "exchange_trick": (),
    "already_closed": (),
    "close_stock": ("min_stock",),
    "close_first_lead": (),
    "out_auto": (),
    "out_not_now": (),
    "close_before_draw_not_now": (),
    "other_moment": ("action",),
}
"""Every code a refusal may have, with the names of its parameters. ``section`` is the
section of RULES.md that applies: 3 in the two-hand game, 11 in the three-hand one."""

_ENGLISH: Final[dict[str, str | dict[int, str]]] = {
    "round_over": "the round is over",
    "claim_flag": "{action} is not allowed (claim={claim})",
    "draw_phase": ("after a trick its winner may only draw, close before the draw or declare out, "
                   "not {action}"),
    "respond_phase": "after the close its opponent may only exchange the trump nine or pass, not {action}",
    "marriage_phase": "after announcing a marriage only its king or queen, or out, may follow, not {action}",
    "follow_phase": {3: "the follower must play a card, not {action}",
                     11: "seat {seat} must play a card to the trick, not {action}"},
    "no_stock": "{action} is not part of the three-hand game: there is no stock (section 11)",
    "not_in_hand": "{card} is not in seat {seat}'s hand",
    "lead_married": ("after announcing a marriage the leader must lead its king or queen (section 5), "
                     "not {card}"),
    "follow_suit": {3: "strict play: must follow suit {suit} (section 3)",
                    11: "strict play: must follow {suit} (section 11)"},
    "head_trick": "strict play: must follow {suit} and head the trick (section 3, must_head)",
    "trump_void": "strict play: void in {suit}, must play a trump (section {section})",
    "follow_beat": "strict play: must follow {suit} and beat {card} (section 11)",
    "trump_beat": "strict play: void in {suit}, must play a trump and beat {card} (section 11)",
    "marriage_not_held": "seat {seat} does not hold the king and queen of {suit}",
    "marriage_stock": "marriages only while the stock is open and not empty (marriages_after_stock=off)",
    "marriage_first_lead": "no marriage on the round's first lead (first_lead_marriage=off)",
    "exchange_closed": "no exchange once the stock is closed",
    "exchange_no_nine": "seat {seat} does not hold the nine of trumps",
    "exchange_stock": "exchange needs a stock of at least {min_stock} (exchange_min_stock)",
    "exchange_trick": "exchange only after winning a trick (exchange_needs_trick=on)",
    "already_closed": "the stock is already closed",
    "close_stock": "closing needs a stock of at least {min_stock} (close_min_stock)",
    "close_first_lead": "no closing on the round's first lead (first_lead_close=off)",
    "out_auto": "out is never written under claim=auto: the engine declares",
    "out_not_now": "out only by the winner of the most recent trick, or right after a marriage (section 6)",
    "close_before_draw_not_now": "close-before-draw only by a trick's winner before its draw",
    "other_moment": "{action} is only possible at another moment of the round",
}
"""The engine's sentence of each code, or of each section for a code whose words differ
between the games; ``{suit}`` is written as the suit's name."""


def english(refusal: Refusal) -> str:
    """The engine's sentence for a refusal: what ``why_illegal`` returns.

    >>> english(Refusal.of("trump_beat", suit="c", card="Kh"))
    'strict play: void in clubs, must play a trump and beat Kh (section 11)'
    >>> english(Refusal.of("follow_phase", action="close", seat=1, section=11))
    'seat 1 must play a card to the trick, not close'
    """
    params = dict(refusal.params)
    template = _ENGLISH[refusal.code]
    if isinstance(template, dict):
        template = template[int(params["section"])]
    suit = params.get("suit")
    if suit is not None:
        params["suit"] = SUIT_NAMES[SUIT_LETTERS.index(str(suit))]
    return template.format_map(params)
