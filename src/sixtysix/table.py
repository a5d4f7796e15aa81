"""The game loop every front end shares: a match of either game, between its seats.

A seat is anything with ``act(observation) -> action``; it may also have
``notify(event)`` to hear what happens. The table asks the seat to act whose
turn it is, checks the action, applies it, and tells the seats, each through
its own observation (:meth:`Game.observe <sixtysix.game.interface.Game.observe>`),
so no seat ever receives what it may not see. The game is the rules' (by default
the one of as many seats as the table has): the loop is the same for both.

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

>>> from sixtysix.two.match import Match
>>> started = Match(seed=5)
>>> rnd = started.deal()
>>> rnd.push(rnd.legal_tuple()[0])
>>> seats = [make_bot("greedy", seed=1), make_bot("random", seed=2)]
>>> played = Table(seats, match=started).play()
>>> played.rounds[0] is rnd, rnd.is_over, played.is_over
(True, True, True)

Three seats play the three-hand game (RULES.md section 11), each a bot of that game:

>>> from sixtysix.games import THREE
>>> names = ("greedy", "random", "random")
>>> seats = [make_bot(name, seed=seed, game=THREE) for seed, name in enumerate(names)]
>>> match = Table(seats, seed=5).play()
>>> match.is_over, max(match.score) >= 11
(True, True)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from sixtysix.cards import Card
from sixtysix.compiled import mypyc_attr
from sixtysix.errors import IllegalActionError, StateError
from sixtysix.game.actions import Action
from sixtysix.game.interface import Game
from sixtysix.games import AnyMatch as Match
from sixtysix.games import AnyObservation as Observation
from sixtysix.games import AnyRound as Round
from sixtysix.games import AnyRoundResult as RoundResult
from sixtysix.games import game_of, seated
from sixtysix.rules import Rules

_new: Final = object.__new__
_SEAT_WORDS: Final = {2: "two", 3: "three"}


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
    score: tuple[int, ...]
    actor: int | None = None
    action: Action | None = None
    result: RoundResult | None = None
    match_winner: int | None = None


_ACTION = EventKind.ACTION


class Seat(Protocol):
    """A player at the table."""

    def act(self, observation: Any) -> Action:
        """Choose one of ``observation.legal``; ``observation`` is the game's own
        (a two-hand seat gets :class:`~sixtysix.two.observation.Observation`, a
        three-hand one :class:`~sixtysix.three.observation.ThreeObservation`)."""
        ...


class Listener(Protocol):
    """A seat that wants to hear every event."""

    def notify(self, event: Event) -> None:
        """Receive one event."""
        ...


class NotYourTurnError(IllegalActionError):
    """An action submitted by a seat whose turn it is not."""


class Table:
    """Runs a match; seat ``i`` plays seat ``i`` of the match. The game is the one of
    ``match``, else of ``rules``, else of as many seats as are given.

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
    >>> Table([None, None, None], seed=5, dealer=2).game.name
    'three-hand'
    >>> Table([None, None], Rules.parse("three-hand"))
    Traceback (most recent call last):
    ...
    ValueError: three-hand Sixty-Six needs exactly three seats
    """

    def __init__(self, seats: Sequence[Seat | None], rules: Rules | None = None, *,
                 seed: int | None = None, dealer: int | None = None,
                 match: Match | None = None) -> None:
        if match is not None:
            rules = match.rules
        game: Game[Any, Any, Any] = game_of(rules) if rules is not None else seated(len(seats))
        if len(seats) != game.seats:
            raise ValueError(f"{game.name} Sixty-Six needs exactly "
                             f"{_SEAT_WORDS.get(game.seats, game.seats)} seats")
        self.game = game
        self.seats = list(seats)
        self.match: Match = match if match is not None else game.new_match(rules, seed=seed, dealer=dealer)
        # The seats that hear events, with their notify methods.
        self._listeners = tuple((index, notify) for index, notify in
                                enumerate(getattr(seat, "notify", None) for seat in seats)
                                if notify is not None)
        self._kept: tuple[Round, tuple[tuple[int, ...], int | None]] | None = None
        # The listeners' observations of one round at one position (see _tell), each made
        # when first needed.
        self._viewed: tuple[Round | None, object] = (None, None)
        self._views: list[Observation | None] = [None] * game.seats
        self._observe_in_game = game.observe

    def _tell(self, kind: EventKind, rnd: Round, over: bool, actor: int | None = None,
              action: Action | None = None, result: RoundResult | None = None) -> None:
        listeners = self._listeners
        if not listeners:
            return
        score, winner = self._standing(rnd, over)
        # The listeners' observations of the round at its position, kept while it does not
        # move (see BaseRound.position) and dropped once it does.
        position = rnd.position
        viewed = self._viewed
        if viewed[1] is not position or viewed[0] is not rnd:
            self._viewed = (rnd, position)
            self._views = [None] * self.game.seats
        views = self._views
        observe = self._observe_in_game
        for seat, notify in listeners:
            # Event(kind, observation, score, actor, action, result, winner) without
            # the frozen dataclass's field-by-field __init__ (an event per seat per
            # action); a field left out reads as its default, None.
            event = _new(Event)
            fields: dict[str, object] = event.__dict__
            fields["kind"] = kind
            obs = views[seat]
            if obs is None:
                obs = views[seat] = observe(rnd, seat)
            fields["observation"] = obs
            fields["score"] = score
            if actor is not None:
                fields["actor"] = actor
                fields["action"] = action
            if result is not None:
                fields["result"] = result
            if winner is not None:
                fields["match_winner"] = winner
            notify(event)

    def _standing(self, rnd: Round, over: bool) -> tuple[tuple[int, ...], int | None]:
        """The match's score and winner, counted once while ``rnd`` is in play (``over``
        says whether it has ended): until it ends, they depend only on the rounds before
        it, which have ended and can only be taken back after it."""
        kept = self._kept
        if kept is not None and kept[0] is rnd and not over:
            return kept[1]
        standing = self.match.standing()
        self._kept = None if over else (rnd, standing)
        return standing

    @property
    def to_act(self) -> int | None:
        """The seat whose action the table waits for, or ``None`` between rounds."""
        rnd = self.match.round
        return None if rnd is None else rnd.to_act

    def deal(self, deck: Sequence[Card] | None = None) -> Round:
        """Start the next round (from ``deck`` if given) and tell the seats."""
        rnd = self.match.deal(deck)
        self._tell(EventKind.ROUND_STARTED, rnd, False)
        return rnd

    def submit(self, seat: int, action: Action) -> None:
        """Check and apply ``seat``'s action and tell the seats what happened: the
        action, then the end of the round and of the match when they come.

        Raises :class:`NotYourTurnError` if another seat is to act (or none is),
        :class:`IllegalActionError` with the engine's reason if the rules forbid the
        action; either way nothing changes.
        """
        rnd = self.match.round
        to_act = None if rnd is None else rnd.to_act
        if rnd is None or to_act is None:
            raise NotYourTurnError("no round is in play")
        if seat != to_act:
            raise NotYourTurnError(f"it is seat {to_act}'s turn, not seat {seat}'s")
        self._apply(rnd, seat, action)

    def _apply(self, rnd: Round, seat: int, action: Action) -> int | None:
        """Check and apply the action of ``seat``, whose turn it is, and tell the seats
        (the push checks it and leaves the round as it was if the rules forbid it);
        returns the seat to act next, ``None`` once the round is over."""
        rnd.push(action)
        to_act = rnd.to_act
        over = to_act is None
        self._tell(_ACTION, rnd, over, seat, action)
        if over:
            self._tell(EventKind.ROUND_ENDED, rnd, True, result=self.match.results()[-1])
            if self.match.is_over:
                self._tell(EventKind.MATCH_ENDED, rnd, True)
        return to_act

    def _start(self) -> Round:
        """The round to play: the round in play of a match given to the table (told as
        ``ROUND_RESUMED``), else a new one dealt."""
        rnd = self.match.round
        if rnd is not None and not rnd.is_over:
            self._tell(EventKind.ROUND_RESUMED, rnd, False)
            return rnd
        return self.deal()

    def play_round(self) -> RoundResult:
        """Deal and play one round, or play on the round in play of a match given to the
        table (told as ``ROUND_RESUMED``); returns how the match counts it."""
        rnd = self._start()
        seats = self.seats
        apply = self._apply
        observe = self._observe_in_game
        # The round moves only by this loop's actions, each told to the listeners (as the
        # deal or the resumption was) with their views of the round after it (see _tell):
        # the seat to act takes its own if it has one, else observes the round now. The
        # seat to act is the one the action before left to act.
        seat = rnd.to_act
        while seat is not None:
            player = seats[seat]
            if player is None:
                raise StateError(f"seat {seat} acts from outside: submit its actions")
            obs = self._views[seat]
            action = player.act(obs if obs is not None else observe(rnd, seat))
            try:
                seat = apply(rnd, seat, action)
            except IllegalActionError as error:
                raise IllegalActionError(f"seat {seat} chose {action}: {error}") from None
        return self.match.results()[-1]

    def play(self) -> Match:
        """Play rounds until the match is over; returns the match."""
        while not self.match.is_over:
            self.play_round()
        return self.match
