"""The game loop every front end shares: a match between two seats, or three.

A seat is anything with ``act(observation) -> action``; it may also have
``notify(event)`` to hear what happens. The table asks the seat to act whose
turn it is, checks the action, applies it, and tells the seats, each through
its own :class:`~sixtysix.two.observation.Observation`, so no seat ever receives
what it may not see.

The same loop runs step by step for front ends whose players act from outside
(a server's): :meth:`Table.deal` starts a round, :attr:`Table.to_act` says
whose turn it is and :meth:`Table.submit` checks and applies one action. A
seat given as ``None`` is such an outside seat.

>>> from sixtysix.bots import make_bot
>>> table = Table([make_bot("greedy", seed=1), make_bot("random", seed=2)], seed=5)
>>> match = table.play()
>>> match.is_over, max(match.score) >= 7
(True, True)

A table given a match with a round in play (one resumed from its record) plays it on:

>>> started = Match(seed=5)
>>> rnd = started.deal()
>>> rnd.push(rnd.legal_tuple()[0])
>>> seats = [make_bot("greedy", seed=1), make_bot("random", seed=2)]
>>> played = Table(seats, match=started).play()
>>> played.rounds[0] is rnd, rnd.is_over, played.is_over
(True, True, True)

:class:`ThreeTable` is the same loop for the three-hand game (RULES.md section 11):
its seats act by ``act_three`` on a
:class:`~sixtysix.three.observation.ThreeObservation` and hear :class:`ThreeEvent` values.

>>> seats = [make_bot("greedy", seed=1), make_bot("random", seed=2), make_bot("random", seed=3)]
>>> match = ThreeTable(seats, seed=5).play()
>>> match.is_over, max(match.score) >= 11
(True, True)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from sixtysix.cards import Card
from sixtysix.compiled import mypyc_attr
from sixtysix.errors import IllegalActionError, StateError
from sixtysix.game.actions import Action
from sixtysix.rules import THREE_HAND, Rules
from sixtysix.three.deal import SEATS
from sixtysix.three.match import ThreeMatch, ThreeRoundResult, ThreeSeat
from sixtysix.three.observation import ThreeObservation, observe_three
from sixtysix.three.round import ThreeRound
from sixtysix.two.match import Match, RoundResult
from sixtysix.two.observation import Observation, observe
from sixtysix.two.round import _FOLLOW_PHASE, _LEADER, _OVER, _PHASE, _RESPOND_PHASE, Round

_new: Final = object.__new__


class EventKind(enum.Enum):
    """What happened at the table."""

    ROUND_STARTED = "round_started"
    ROUND_RESUMED = "round_resumed"
    ACTION = "action"
    ROUND_ENDED = "round_ended"
    MATCH_ENDED = "match_ended"


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Event:
    """One thing a seat is told, with that seat's view of the round after it."""

    kind: EventKind
    observation: Observation
    score: tuple[int, int]
    actor: int | None = None
    action: Action | None = None
    result: RoundResult | None = None
    match_winner: int | None = None


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class ThreeEvent:
    """One thing a seat of a three-hand table is told, with that seat's view of the
    round after it."""

    kind: EventKind
    observation: ThreeObservation
    score: tuple[int, int, int]
    actor: int | None = None
    action: Action | None = None
    result: ThreeRoundResult | None = None
    match_winner: int | None = None


_ACTION = EventKind.ACTION


class Seat(Protocol):
    """A player at the table."""

    def act(self, observation: Observation) -> Action:
        """Choose one of ``observation.legal``."""
        ...


class Listener(Protocol):
    """A seat that wants to hear every event."""

    def notify(self, event: Event) -> None:
        """Receive one event."""
        ...


class ThreeListener(Protocol):
    """A seat of a three-hand table that wants to hear every event."""

    def notify(self, event: ThreeEvent) -> None:
        """Receive one event."""
        ...


class NotYourTurnError(IllegalActionError):
    """An action submitted by a seat whose turn it is not."""


class _Playing(Protocol):
    """What the loop asks of a round: :class:`Round` and :class:`ThreeRound` both have it."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def _outcome(self) -> object:
        """How the round ended, ``None`` while it goes on: read by the loop at every
        action, faster than :attr:`is_over`."""

    def push(self, action: Action) -> None: ...


_R_co = TypeVar("_R_co", bound=_Playing, covariant=True)


class _Dealing(Protocol[_R_co]):
    """What the loop asks of a match: :class:`Match` and :class:`ThreeMatch` both have it."""

    @property
    def round(self) -> _R_co | None: ...

    @property
    def is_over(self) -> bool: ...

    def deal(self, deck: Sequence[Card] | None = None) -> _R_co: ...

    def results(self) -> Sequence[object]: ...


_R = TypeVar("_R", bound=_Playing)
_M = TypeVar("_M", bound=_Dealing[Any])


class _Loop(Generic[_M, _R]):
    """The loop both tables share: the seats' turns, the order of the events, and
    each listener told through its own view. A table names its event class and says
    how a seat observes the round and how the match stands."""

    _event: type[Any]
    match: _M

    def __init__(self, seats: Sequence[object], match: _M) -> None:
        self.match = match
        # The seats that hear events, with their notify methods.
        self._listeners = tuple((index, notify) for index, notify in
                                enumerate(getattr(seat, "notify", None) for seat in seats)
                                if notify is not None)
        self._kept: tuple[_R, tuple[tuple[int, ...], int | None]] | None = None

    def _observe(self, rnd: _R, seat: int) -> object:
        """What ``seat`` may know of ``rnd`` now."""
        raise NotImplementedError

    def _count(self) -> tuple[tuple[int, ...], int | None]:
        """The match's score and winner."""
        raise NotImplementedError

    def _tell(self, kind: EventKind, rnd: _R, actor: int | None = None, action: Action | None = None,
              result: object = None) -> None:
        listeners = self._listeners
        if not listeners:
            return
        score, winner = self._standing(rnd)
        cls = self._event
        for seat, notify in listeners:
            # cls(kind, observation, score, actor, action, result, winner) without
            # the frozen dataclass's field-by-field __init__ (an event per seat per
            # action); a field left out reads as its default, None.
            event = _new(cls)
            fields: dict[str, object] = event.__dict__
            fields["kind"] = kind
            fields["observation"] = self._observe(rnd, seat)
            fields["score"] = score
            if actor is not None:
                fields["actor"] = actor
                fields["action"] = action
            if result is not None:
                fields["result"] = result
            if winner is not None:
                fields["match_winner"] = winner
            notify(event)

    def _standing(self, rnd: _R) -> tuple[tuple[int, ...], int | None]:
        """The match's score and winner, counted once while ``rnd`` is in play: until
        it ends, they depend only on the rounds before it, which have ended and can
        only be taken back after it."""
        kept = self._kept
        over = rnd._outcome is not None
        if kept is not None and kept[0] is rnd and not over:
            return kept[1]
        standing = self._count()
        self._kept = None if over else (rnd, standing)
        return standing

    @property
    def to_act(self) -> int | None:
        """The seat whose action the table waits for, or ``None`` between rounds."""
        rnd = self.match.round
        return None if rnd is None else rnd.to_act

    def deal(self, deck: Sequence[Card] | None = None) -> _R:
        """Start the next round (from ``deck`` if given) and tell the seats."""
        rnd: _R = self.match.deal(deck)
        self._tell(EventKind.ROUND_STARTED, rnd)
        return rnd

    def submit(self, seat: int, action: Action) -> None:
        """Check and apply ``seat``'s action and tell the seats what happened: the
        action, then the end of the round and of the match when they come.

        Raises :class:`NotYourTurnError` if another seat is to act (or none is),
        :class:`IllegalActionError` with the engine's reason if the rules forbid the
        action; either way nothing changes.
        """
        rnd: _R | None = self.match.round
        to_act = None if rnd is None else rnd.to_act
        if rnd is None or to_act is None:
            raise NotYourTurnError("no round is in play")
        if seat != to_act:
            raise NotYourTurnError(f"it is seat {to_act}'s turn, not seat {seat}'s")
        self._apply(rnd, seat, action)

    def _apply(self, rnd: _R, seat: int, action: Action) -> None:
        """Check and apply the action of ``seat``, whose turn it is, and tell the seats
        (the push checks it and leaves the round as it was if the rules forbid it)."""
        rnd.push(action)
        self._tell(_ACTION, rnd, seat, action)
        if rnd._outcome is not None:
            self._tell(EventKind.ROUND_ENDED, rnd, result=self.match.results()[-1])
            if self.match.is_over:
                self._tell(EventKind.MATCH_ENDED, rnd)

    def _blamed(self, seat: int, action: Action, error: IllegalActionError) -> IllegalActionError:
        """The error of an illegal action a seat of the table chose."""
        return IllegalActionError(f"seat {seat} chose {action}: {error}")

    def _start(self) -> _R:
        """The round to play: the round in play of a match given to the table (told as
        ``ROUND_RESUMED``), else a new one dealt."""
        rnd: _R | None = self.match.round
        if rnd is not None and not rnd.is_over:
            self._tell(EventKind.ROUND_RESUMED, rnd)
            return rnd
        return self.deal()

    def _outside(self, seat: int) -> StateError:
        return StateError(f"seat {seat} acts from outside: submit its actions")

    def play_round(self) -> object:
        """Deal and play one round, or play on the round in play; returns its result."""
        raise NotImplementedError

    def play(self) -> _M:
        """Play rounds until the match is over; returns the match."""
        while not self.match.is_over:
            self.play_round()
        return self.match


class Table(_Loop[Match, Round]):
    """Runs a match between two seats; seat ``i`` plays seat ``i`` of the match.

    A seat may be ``None``: its actions come from outside, through :meth:`submit`.

    >>> table = Table([None, None], seed=5)
    >>> rnd = table.deal()
    >>> seat = table.to_act
    >>> table.submit(1 - seat, rnd.legal_tuple()[0])
    Traceback (most recent call last):
    ...
    sixtysix.table.NotYourTurnError: it is seat 0's turn, not seat 1's
    >>> table.submit(seat, rnd.legal_tuple()[0]); table.to_act
    1
    """

    _event = Event

    def __init__(self, seats: Sequence[Seat | None], rules: Rules | None = None, *,
                 seed: int | None = None, dealer: int | None = None,
                 match: Match | None = None) -> None:
        if len(seats) != 2:
            raise ValueError("two-hand Sixty-Six needs exactly two seats")
        self.seats = list(seats)
        super().__init__(seats, match if match is not None else Match(rules, seed=seed, dealer=dealer))
        self._seen: list[tuple[list[int], Round, Observation] | None] = [None, None]

    def _count(self) -> tuple[tuple[int, int], int | None]:
        return self.match._standing()

    def _observe(self, rnd: Round, seat: int) -> Observation:
        """``observe(rnd, seat)``, or the observation made last for the seat if the
        round has not moved since (a push or a pop replaces its state list)."""
        state = rnd._s
        seen = self._seen[seat]
        if seen is not None and seen[0] is state and seen[1] is rnd:
            return seen[2]
        obs = observe(rnd, seat)
        self._seen[seat] = (state, rnd, obs)
        return obs

    def play_round(self) -> RoundResult:
        """Deal and play one round, or play on the round in play of a match given to the
        table (told as ``ROUND_RESUMED``); returns how the match counts it."""
        rnd = self._start()
        seats = self.seats
        while (phase := rnd._s[_PHASE]) != _OVER:
            # The seat to act, as Round.to_act: the follower, or the closer's opponent
            # answering the close; else the leader.
            seat = rnd._s[_LEADER] ^ (phase in (_FOLLOW_PHASE, _RESPOND_PHASE))
            player = seats[seat]
            if player is None:
                raise self._outside(seat)
            action = player.act(self._observe(rnd, seat))
            try:
                self._apply(rnd, seat, action)
            except IllegalActionError as error:
                raise self._blamed(seat, action, error) from None
        return self.match.results()[-1]


class ThreeTable(_Loop[ThreeMatch, ThreeRound]):
    """Runs a three-hand match (RULES.md section 11); seat ``i`` plays seat ``i`` of
    the match. Seats act by ``act_three``; a seat with ``notify`` hears every
    :class:`ThreeEvent` through its own observation; a ``None`` seat acts from
    outside, through :meth:`submit`.

    >>> table = ThreeTable([None, None, None], seed=5, dealer=2)
    >>> rnd = table.deal()
    >>> table.to_act
    0
    >>> table.submit(1, rnd.legal_tuple()[0])
    Traceback (most recent call last):
    ...
    sixtysix.table.NotYourTurnError: it is seat 0's turn, not seat 1's
    >>> table.submit(0, rnd.legal_tuple()[0]); table.to_act
    1
    """

    _event = ThreeEvent

    def __init__(self, seats: Sequence[ThreeSeat | None], rules: Rules | None = None, *,
                 seed: int | None = None, dealer: int | None = None,
                 match: ThreeMatch | None = None) -> None:
        if len(seats) != SEATS:
            raise ValueError(f"{THREE_HAND} Sixty-Six needs exactly three seats")
        self.seats = list(seats)
        super().__init__(seats, match if match is not None else ThreeMatch(rules, seed=seed, dealer=dealer))

    def _count(self) -> tuple[tuple[int, int, int], int | None]:
        return self.match.score, self.match.winner

    def _observe(self, rnd: ThreeRound, seat: int) -> ThreeObservation:
        return observe_three(rnd, seat)

    def play_round(self) -> ThreeRoundResult:
        """Deal and play one round, or play on the round in play of a match given to the
        table (told as ``ROUND_RESUMED``); returns how the match counts it."""
        rnd = self._start()
        seats = self.seats
        while (seat := rnd.to_act) is not None:
            player = seats[seat]
            if player is None:
                raise self._outside(seat)
            action = player.act_three(observe_three(rnd, seat))
            try:
                self._apply(rnd, seat, action)
            except IllegalActionError as error:
                raise self._blamed(seat, action, error) from None
        return self.match.results()[-1]


def play_three(seats: Sequence[ThreeSeat], rules: Rules | None = None, *, seed: int | None = None,
               dealer: int | None = None) -> ThreeMatch:
    """Play a whole three-hand match between three seats at a
    :class:`ThreeTable`, each asked to act on its own observation; an
    illegal action raises :class:`IllegalActionError`.

    >>> from sixtysix.bots import make_bot
    >>> seats = [make_bot("greedy", seed=1), make_bot("random", seed=2), make_bot("random", seed=3)]
    >>> match = play_three(seats, seed=5)
    >>> match.is_over, max(match.score) >= 11
    (True, True)
    """
    if len(seats) != SEATS:
        raise StateError(f"a three-hand match needs 3 seats, not {len(seats)}")
    return ThreeTable(seats, rules, seed=seed, dealer=dealer).play()
