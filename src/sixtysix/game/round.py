"""What the rounds of both games share: the :class:`Phase` of a decision and :class:`BaseRound`,
the flat state list with push and pop, the cached legal actions and the refusals."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Final, NoReturn, Self

from sixtysix.cards import (
    CardSet,
)
from sixtysix.errors import IllegalActionError
from sixtysix.game.actions import ACTIONS, PASS_CODE, Action
from sixtysix.reasons import Refusal, english

_new: Final = object.__new__


class Phase(enum.IntEnum):
    """Whose decision the round waits for, and of which kind."""

    LEAD = 0
    """The leader may exchange, close, announce a marriage, lead a card or declare out."""
    MARRIAGE = 1
    """The leader announced a marriage: lead its king or queen, or declare out."""
    FOLLOW = 2
    """The other player plays a card to the trick."""
    DRAW = 3
    """The trick's winner draws, closes before the draw, or declares out."""
    RESPOND = 4
    """The closer's opponent may exchange the trump nine (``exchange_on_opponent_close``)."""
    OVER = 5
    """The round has ended."""


# The fields of both games' flat state lists that BaseRound reads: each game's layout keeps
# the phase, the seat on lead and the cards played at these indices.
_PHASE: Final = 0
_LEADER: Final = 1
_PLAYED: Final = 20
_OVER: Final = Phase.OVER.value
_PHASES: Final = tuple(Phase)


class BaseRound:
    """What the two-hand :class:`Round` and the three-hand round share: a flat state
    list whose first fields are the phase and the seat on lead, the cards played at
    ``_PLAYED``, and the cached tuple of legal actions."""

    __slots__ = ("_legal", "_s")

    _s: list[int]
    _legal: tuple[Action, ...] | None

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        # ``cls.__new__(cls)`` makes a blank round to set up (copies, positions); the
        # compiled build (mypyc) can make one so only for a class that defines __new__.
        return super().__new__(cls)

    @property
    def phase(self) -> Phase:
        """The kind of decision the round waits for."""
        return _PHASES[self._s[_PHASE]]

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self._s[_PHASE] == _OVER

    @property
    def leader(self) -> int:
        """The seat on lead: it leads the current trick, or won the last one."""
        return self._s[_LEADER]

    @property
    def position(self) -> object:
        """An object that stays the same while the round does not move: a push or a pop
        replaces it. Who keeps a view of the round (the table, a seat's observation)
        keeps it while ``position`` is the same object."""
        return self._s

    @property
    def played(self) -> CardSet:
        """Every card played to a trick so far, those on the table included."""
        return self._s[_PLAYED]

    def legal_actions(self) -> Iterator[Action]:
        """The actions allowed now, lazily, in ascending action code."""
        return iter(self.legal_tuple())

    def legal_tuple(self) -> tuple[Action, ...]:
        """The actions allowed now, as a tuple (the fast path for bots)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether an action is allowed now."""
        return action in self.legal_tuple()

    def push(self, action: int) -> None:
        """Apply an action, or raise :class:`IllegalActionError` leaving the state unchanged.

        ``action`` is an :class:`Action` or its code (typed ``int`` so that the compiled
        build takes both, as the pure one does)."""
        raise NotImplementedError

    def push_token(self, token: str) -> None:
        """Apply the action written by a token (see :meth:`Action.parse`)."""
        self.push(Action.parse(token))

    def refusal(self, action: Action) -> Refusal | None:
        """``None`` if the action is legal, else the rule it breaks, as a code with
        parameters (see :mod:`sixtysix.reasons`)."""
        raise NotImplementedError

    def why_illegal(self, action: Action) -> str | None:
        """``None`` if the action is legal, else the rule it breaks, in words: the
        English of :meth:`refusal` (:func:`sixtysix.reasons.english`)."""
        refusal = self.refusal(action)
        return None if refusal is None else english(refusal)

    def _generate(self) -> tuple[Action, ...]:
        raise NotImplementedError

    def _check(self, action: int) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` (an action's code) is legal now.

        Actions are interned, and stay so through copies and pickles (see
        :meth:`Action.__reduce__`), so a legal action is in the legal tuple by
        identity: the compiled build compares that natively, where ``in`` would box
        the code and compare it by value with each action.
        """
        legal = self._legal
        if legal is None:
            legal = self._generate()
        if 0 <= action <= PASS_CODE:
            chosen = ACTIONS[action]
            for candidate in legal:
                if candidate is chosen:
                    return
        self._reject(action)

    def _reject(self, action: object) -> NoReturn:
        """Raise the error of a push of an action that is not legal now."""
        if not isinstance(action, int) or not 0 <= action < len(ACTIONS):
            raise IllegalActionError(f"not an action: {action!r}")
        raise IllegalActionError(self.why_illegal(ACTIONS[action]) or "illegal action")
