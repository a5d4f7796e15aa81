"""The actions of both games: a card, a marriage or a named decision, as small interned ints
with a notation form (:class:`Action`), and :func:`parse_action` that reads them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from sixtysix.cards import (
    NUM_CARDS,
    SUIT_LETTERS,
    Card,
    Suit,
    card_name,
    parse_card,
    parse_suit,
)
from sixtysix.compiled import mypyc_attr
from sixtysix.errors import NotationError, quoted

_new: Final = object.__new__


_CARD_END: Final = NUM_CARDS
_MARRIAGE: Final = 24
EXCHANGE_CODE: Final = 28
CLOSE_CODE: Final = 29
CLOSE_BEFORE_DRAW_CODE: Final = 30
OUT_CODE: Final = 31
DRAW_CODE: Final = 32
PASS_CODE: Final = 33

_NAMED: Final = {
    EXCHANGE_CODE: "exchange",
    CLOSE_CODE: "close",
    CLOSE_BEFORE_DRAW_CODE: "close-before-draw",
    OUT_CODE: "out",
    DRAW_CODE: "draw",
    PASS_CODE: "pass",
}


@mypyc_attr(native_class=False)
class Action(int):
    """An action: a card, a marriage, ``exchange``, ``close``, ``close-before-draw``,
    ``out``, or the two decisions that records leave implicit: ``draw`` (the
    trick's winner goes on without closing) and ``pass`` (no exchange after a close).

    Actions are interned: ``Action.of(...)`` and the constants return the same objects.

    >>> Action.parse("Mh").marriage_suit, str(CLOSE), OUT.is_recorded, DRAW.is_recorded
    (2, 'close', True, False)
    """

    __slots__ = ()

    @staticmethod
    def of(code: int) -> Action:
        """The action with a numeric code (a card's code is the card)."""
        return ACTIONS[code]

    @staticmethod
    def parse(token: str) -> Action:
        """The action written by a token.

        >>> Action.parse("Qh") == Action.of(parse_card("Qh"))
        True
        """
        found = _BY_TOKEN.get(token)
        if found is None:
            raise NotationError(f"not an action token: {quoted(token)}")
        return found

    @property
    def card(self) -> Card | None:
        """The card played, or ``None`` for other actions."""
        return int(self) if self < _CARD_END else None

    @property
    def marriage_suit(self) -> Suit | None:
        """The suit of an announced marriage, or ``None``."""
        return self - _MARRIAGE if _MARRIAGE <= self < EXCHANGE_CODE else None

    @property
    def is_recorded(self) -> bool:
        """Whether records write this action (``draw`` and ``pass`` are implicit)."""
        return self < DRAW_CODE

    @property
    def token(self) -> str:
        """The notation of the action."""
        if self < _CARD_END:
            return card_name(self)
        if self < EXCHANGE_CODE:
            return "M" + SUIT_LETTERS[self - _MARRIAGE]
        return _NAMED[self]

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"Action({self.token!r})"

    def __reduce__(self) -> tuple[Callable[[int], Action], tuple[int]]:
        """Copies and pickles of an action are the interned action itself.

        >>> import copy, pickle
        >>> pickle.loads(pickle.dumps(CLOSE)) is CLOSE, copy.deepcopy(OUT) is OUT
        (True, True)
        """
        return _interned, (int(self),)


def _interned(code: int) -> Action:
    """The interned action of a code: what a pickled or copied action is made again by.

    :meth:`Action.of` does the same, but compiled it is a method object that pickle
    cannot name, where a module-level function pickles in both builds."""
    return ACTIONS[code]


ACTIONS: Final[tuple[Action, ...]] = tuple(Action(code) for code in range(PASS_CODE + 1))
"""Every action, indexed by code."""

EXCHANGE: Final = ACTIONS[EXCHANGE_CODE]
CLOSE: Final = ACTIONS[CLOSE_CODE]
CLOSE_BEFORE_DRAW: Final = ACTIONS[CLOSE_BEFORE_DRAW_CODE]
OUT: Final = ACTIONS[OUT_CODE]
DRAW: Final = ACTIONS[DRAW_CODE]
PASS: Final = ACTIONS[PASS_CODE]

_BY_TOKEN: Final = {a.token: a for a in ACTIONS}


def marriage(suit: Suit) -> Action:
    """The action that announces the marriage in a suit."""
    return ACTIONS[_MARRIAGE + suit]


def parse_action(token: str) -> Action:
    """Read an action token: a card, ``M`` and a suit, or a named action.

    >>> parse_action("Md"), parse_action("close-before-draw")
    (Action('Md'), Action('close-before-draw'))
    """
    if len(token) == 2 and token[0] == "M":
        return marriage(parse_suit(token[1]))
    if len(token) == 2:
        return ACTIONS[parse_card(token)]
    return Action.parse(token)
