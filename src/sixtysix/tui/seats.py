"""The seats of a terminal match, run by :class:`~sixtysix.table.Table` in a worker thread.

The user's seat hands each observation to the app as a message and blocks until
the user answers; the computer's seat pauses before each action it shows so the
user can follow it. Both give way at once when the app closes.

>>> import threading
>>> from sixtysix.table import Table
>>> from sixtysix.bots import make_bot
>>> closing = threading.Event()
>>> table = Table([PausedSeat(make_bot("random", 1), 0, closing), make_bot("greedy", 2)], seed=3)
>>> table.play().is_over
True
"""

from __future__ import annotations

import enum
import queue
import threading
from collections.abc import Callable
from typing import Any

from textual.message import Message

from sixtysix.bots import Bot
from sixtysix.game.actions import Action
from sixtysix.game.interface import Observation
from sixtysix.games import AnyObservation
from sixtysix.table import Event, EventKind


class SeatClosed(Exception):
    """The app is closing: raised in the worker thread to unwind the table's game loop."""


class _Signal(enum.Enum):
    GO_ON = "go on"
    CLOSE = "close"


class YourTurn(Message):
    """The user is to choose one of ``observation.legal``."""

    def __init__(self, observation: Observation) -> None:
        super().__init__()
        self.observation = observation


class TableUpdate(Message):
    """Something happened at the table, as the user's seat sees it."""

    def __init__(self, event: Event) -> None:
        super().__init__()
        self.event = event


class HumanSeat:
    """The user's seat (seat 0): asks the user through the app and waits for the answer.

    ``post`` delivers a message to the app from the worker thread; ``keep``, if
    given, is called with each event first, in that thread (the app saves the
    record there). After a round has ended the seat also waits, until the user
    has read the summary and calls :meth:`go_on`.
    """

    def __init__(self, post: Callable[[Message], object], closing: threading.Event,
                 keep: Callable[[object], None] | None = None) -> None:
        self._post = post
        self._closing = closing
        self._keep = keep
        self._answers: queue.Queue[Action | _Signal] = queue.Queue()

    def act(self, observation: Observation) -> Action:
        """Show the observation to the user and return the action they pick."""
        self._post(YourTurn(observation))
        answer = self._wait()
        if not isinstance(answer, Action):
            raise SeatClosed
        return answer

    def notify(self, event: Event) -> None:
        """Forward an event to the app; after a round, wait until the user goes on."""
        if self._keep is not None:
            self._keep(event)
        self._post(TableUpdate(event))
        if event.kind is EventKind.ROUND_ENDED:
            self._wait()

    def answer(self, action: Action) -> None:
        """The user's choice (called from the app's thread)."""
        self._answers.put(action)

    def go_on(self) -> None:
        """The user has read the round's summary (called from the app's thread)."""
        self._answers.put(_Signal.GO_ON)

    def close(self) -> None:
        """Make the waiting seat give up (called from the app's thread)."""
        self._closing.set()
        self._answers.put(_Signal.CLOSE)

    def _wait(self) -> Action | _Signal:
        if self._closing.is_set():
            raise SeatClosed
        answer = self._answers.get()
        if answer is _Signal.CLOSE:
            raise SeatClosed
        return answer


class PausedSeat:
    """A computer seat that pauses ``delay`` seconds before each action a record
    shows (not before the implicit ``draw`` and ``pass``). It listens to the
    table's events only if its bot does (a program bot)."""

    notify: Callable[[Event], None]

    def __init__(self, bot: Bot[Any], delay: float, closing: threading.Event) -> None:
        self._bot = bot
        self._delay = delay
        self._closing = closing
        notify = getattr(bot, "notify", None)
        if notify is not None:
            self.notify = notify

    def act(self, observation: AnyObservation) -> Action:
        """The bot's action, after the pause."""
        return self._paused(self._bot.act(observation))

    def end(self) -> None:
        """End the bot's program, if it is a program bot (a bot without one has nothing to end)."""
        close = getattr(self._bot, "close", None)
        if close is not None:
            close()

    def _paused(self, action: Action) -> Action:
        if self._closing.wait(self._delay if action.is_recorded else 0):
            raise SeatClosed
        return action
