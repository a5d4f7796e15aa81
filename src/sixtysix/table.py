"""The game loop every front end shares: a match between two seats.

A seat is anything with ``act(observation) -> action``; it may also have
``notify(event)`` to hear what happens. The table asks the seat to act whose
turn it is, checks the action, applies it, and tells both seats, each through
its own :class:`~sixtysix.observation.Observation`, so no seat ever receives
what it may not see.

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
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from sixtysix.errors import IllegalActionError
from sixtysix.match import Match, RoundResult
from sixtysix.observation import Observation, observe
from sixtysix.round import Action
from sixtysix.rules import Rules


class EventKind(enum.Enum):
    """What happened at the table."""

    ROUND_STARTED = "round_started"
    ROUND_RESUMED = "round_resumed"
    ACTION = "action"
    ROUND_ENDED = "round_ended"
    MATCH_ENDED = "match_ended"


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


class Seat(Protocol):
    """A player at the table."""

    def act(self, observation: Observation) -> Action:
        """Choose one of ``observation.legal``."""
        ...


@runtime_checkable
class Listener(Protocol):
    """A seat that wants to hear every event."""

    def notify(self, event: Event) -> None:
        """Receive one event."""
        ...


class Table:
    """Runs a match between two seats; seat ``i`` plays seat ``i`` of the match."""

    def __init__(self, seats: Sequence[Seat], rules: Rules | None = None, *,
                 seed: int | None = None, dealer: int | None = None,
                 match: Match | None = None) -> None:
        if len(seats) != 2:
            raise ValueError("two-hand Sixty-Six needs exactly two seats")
        self.seats = list(seats)
        self.match = match if match is not None else Match(rules, seed=seed, dealer=dealer)

    def _tell(self, kind: EventKind, actor: int | None = None, action: Action | None = None,
              result: RoundResult | None = None) -> None:
        rnd = self.match.round
        assert rnd is not None
        for seat, player in enumerate(self.seats):
            if isinstance(player, Listener):
                player.notify(Event(kind, observe(rnd, seat), self.match.score, actor, action,
                                    result, self.match.winner))

    def play_round(self) -> RoundResult:
        """Deal and play one round, or play on the round in play of a match given to the
        table (told as ``ROUND_RESUMED``); returns how the match counts it."""
        rnd = self.match.round
        if rnd is not None and not rnd.is_over:
            self._tell(EventKind.ROUND_RESUMED)
        else:
            rnd = self.match.deal()
            self._tell(EventKind.ROUND_STARTED)
        while not rnd.is_over:
            seat = rnd.to_act
            assert seat is not None
            action = self.seats[seat].act(observe(rnd, seat))
            if not rnd.is_legal(action):
                raise IllegalActionError(f"seat {seat} chose {action}: {rnd.why_illegal(action)}")
            rnd.push(action)
            self._tell(EventKind.ACTION, seat, action)
        result = self.match.results()[-1]
        self._tell(EventKind.ROUND_ENDED, result=result)
        return result

    def play(self) -> Match:
        """Play rounds until the match is over; returns the match."""
        while not self.match.is_over:
            self.play_round()
        self._tell(EventKind.MATCH_ENDED)
        return self.match
