"""The Textual app: a match of Sixty-Six between the user (seat 0) and computer players
(the other seats), in any game.

The match runs in :class:`~sixtysix.table.Table`, in a thread worker. The user's seat
posts each observation of seat 0 to the app and waits for the user's choice; the card
table (:class:`~sixtysix.tui.game_screen.GameScreen`) shows only what those observations
and the table's events hold, and offers exactly ``observation.legal``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import ClassVar

from textual import work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import Worker, WorkerFailed, WorkerState

from sixtysix.bots import make_bot
from sixtysix.bots.engine import EngineBot, limit
from sixtysix.errors import BotFailedError
from sixtysix.games import AnyMatch, game_of
from sixtysix.i18n import language_from_environment
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, Table
from sixtysix.tui.game_screen import GameScreen
from sixtysix.tui.keys import translated
from sixtysix.tui.language import N_, t, use
from sixtysix.tui.names import Names
from sixtysix.tui.saving import record_of, write_atomically
from sixtysix.tui.screens import ConfirmScreen, MatchOverScreen, RoundOverScreen
from sixtysix.tui.seats import HumanSeat, PausedSeat, SeatClosed, TableUpdate, YourTurn
from sixtysix.tui.shape import Shape
from sixtysix.tui.words import opponent_name

SIGNAL_GRACE = 5.0
"""Seconds the app has to exit after SIGTERM or SIGHUP before the process ends regardless."""

_Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None
"""A signal's handler, as :func:`signal.signal` returns it."""


def bot_seed(seed: int, seat: int, seats: int) -> int:
    """The seed of the bot at ``seat``: the match's own for a lone opponent, the match's
    plus the seat for each of several (so that they do not play alike).

    >>> bot_seed(7, 1, 2), bot_seed(7, 1, 3), bot_seed(7, 2, 3)
    (7, 8, 9)
    """
    return seed if seats - 1 == 1 else seed + seat


class SixtySixApp(App[int]):
    """Sixty-Six in the terminal: the user against computer players, a whole match of the
    game of ``rules`` (or of ``match``), each other seat played by ``opponent``.

    ``delay`` is the computer players' pause in seconds before each of their actions;
    ``save`` a file the match record is written to at the start and after every
    action and deal (atomically). ``seed`` seeds the deals and the computer players; when it
    is ``None`` one is drawn at random, and the record keeps it. ``match`` is a match
    to play on (resumed from its record); ``memory`` starts in memory mode (against a lone
    opponent); ``manual_draw`` keeps the draw on its own key and asks for forced cards too;
    ``explain_close=False`` closes the stock at once, without first saying what closing
    means and asking; ``signals`` makes SIGTERM and SIGHUP end the app cleanly. ``language``
    is the language of every word the table shows (one of :data:`sixtysix.i18n.LANGUAGES`;
    ``None``: the environment's, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, else English).
    A program player (``cmd:``) may think ``bot_seconds`` per decision and take
    ``handshake_seconds`` to start; it is retold a resumed match first.
    The match is played in a thread worker, its record saved after every event; quitting
    while it goes on asks first.
    """

    CSS_PATH = "app.tcss"
    TITLE = "Sixty-Six"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", N_("Quit")),
        Binding("ctrl+c", "help_quit", N_("Tell which key quits"), show=False, system=True),
    ]

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 save: str | Path | None = None, opponent: str = "greedy", delay: float = 0.5,
                 memory: bool = False, match: AnyMatch | None = None, manual_draw: bool = False,
                 signals: bool = False, bot_seconds: float | None = None,
                 handshake_seconds: float | None = None, explain_close: bool = True,
                 language: str | None = None) -> None:
        use(language_from_environment(os.environ) if language is None else language)
        super().__init__()
        self._bindings = translated(self._bindings)
        self.title = t("Sixty-Six")
        self.opponent = opponent
        """The opponent's bot or level, as given."""
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 32)
        """The seed of the deals, kept in the record so that a resumed match deals alike."""
        self._stopping = threading.Event()
        self.save_path = None if save is None else Path(save)
        self.saved: str | None = None
        """What became of the record: where it was written, or why it was not."""
        self.save_failed = False
        self._signals = signals
        self._handlers: dict[int, _Handler] = {}
        self._worker: Worker[None] | None = None
        self._final: Event | None = None
        rules = match.rules if match is not None else rules or Rules()
        game = game_of(rules)
        shape = Shape.of(rules)
        self.names = Names(opponent_name(opponent), game.seats)
        self.human = HumanSeat(self.post_message, self._stopping, self._keep)
        self.match: AnyMatch = match if match is not None else game.new_match(rules, seed=self.seed)
        """The match the table plays."""
        bots = []
        for seat in range(1, game.seats):
            bot = limit(make_bot(opponent, bot_seed(self.seed, seat, game.seats), game=game), bot_seconds,
                        handshake_seconds)
            if match is not None and isinstance(bot, EngineBot):
                bot.resume(match, seat)
            bots.append(PausedSeat(bot, delay, self._stopping))
        self.table = Table([self.human, *bots], match=self.match)
        """The table; the worker thread plays its match."""
        self.game = GameScreen(self.human, self.names, rules, game, shape, memory, manual_draw, explain_close)
        self.game.round_number = len(self.match.rounds)
        self.game.score = self.match.score
        self._results = [result for result in self.match.results() if result.outcome is not None]

    def on_mount(self) -> None:
        """End on SIGTERM and SIGHUP (the record is already written): the app exits and
        restores the terminal; should that hang (a closed terminal), the process ends
        after :data:`SIGNAL_GRACE` seconds all the same."""
        if self._signals:
            loop = asyncio.get_running_loop()

            def stop(number: int, frame: object) -> None:
                deadline = threading.Timer(SIGNAL_GRACE, os._exit, [128 + number])
                deadline.daemon = True
                deadline.start()
                loop.call_soon_threadsafe(self._signalled, number)

            for number in (signal.SIGTERM, signal.SIGHUP):
                self._handlers[number] = signal.signal(number, stop)

    def _signalled(self, number: int) -> None:
        self.human.close()
        self.exit(128 + number)

    def on_ready(self) -> None:
        """Start the match once the table is drawn."""
        self._worker = self._play()

    @work(thread=True, name="table")
    def _play(self) -> None:
        self._save()
        with contextlib.suppress(SeatClosed):
            try:
                self.table.play()
            except BotFailedError as error:
                self.call_from_thread(self.notify, t("The opponent program failed: {error}. The match stops "
                                                     "here (the record is saved).", error=error),
                                      severity="error", timeout=60)

    def _keep(self, event: object) -> None:
        """Write the record after each event (in the worker thread, before the seat hears it)."""
        self._save()

    def _save(self) -> None:
        path = self.save_path
        if path is None:
            return
        record = record_of(self.table.match, self.opponent, self.seed)
        try:
            write_atomically(path, str(record))
        except OSError as error:
            if not self.save_failed:
                self.call_from_thread(self.notify, t("Could not save the record: {error}", error=error),
                                      severity="error", timeout=10)
            self.save_failed = True
            self.saved = t("Could not save the record to {path}: {error}", path=path, error=error)
        else:
            self.save_failed = False
            self.saved = t("Record saved to {path}", path=path)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Once the match is over and its record written, show the result."""
        final = self._final
        if event.worker is self._worker and event.state is WorkerState.SUCCESS and final is not None \
                and final.match_winner is not None:
            self.push_screen(self._over(final.match_winner))

    def get_default_screen(self) -> Screen[None]:
        """The card table."""
        return self.game

    def on_your_turn(self, message: YourTurn) -> None:
        """The user's seat waits for a choice."""
        self.game.ask(message.observation)

    def on_table_update(self, message: TableUpdate) -> None:
        """Show an event; open the round summary and the end of the match."""
        event = message.event
        self.game.show_event(event)
        if event.kind is EventKind.ROUND_ENDED and event.result is not None:
            result = self.match.results()[-1]
            self._results.append(result)
            summary = RoundOverScreen(len(self._results), result, event.observation.marriages,
                                      self.match.score, self.match.rules.match_target, self.names,
                                      match_over=event.match_winner is not None)
            self.push_screen(summary, lambda _: self.human.go_on())
        elif event.kind is EventKind.MATCH_ENDED:
            self._final = event

    def _over(self, winner: int) -> Screen[None]:
        """The end of the match, ``winner`` having won it."""
        return MatchOverScreen(self.match.score, winner, self._results, self.names,
                               self.match.rules.match_target, self.saved)

    async def action_quit(self) -> None:
        """Leave, after asking if a match is in progress (its record is saved)."""
        if self.table.match.is_over or self._final is not None:
            await self._leave(1 if self.save_failed else 0)
        elif not isinstance(self.screen, ConfirmScreen):
            path = self.save_path
            command = f"sixtysix play --resume {path}"
            saved = (t("It is saved: go on later with  {command}", command=command)
                     if path is not None and not self.save_failed else t("It is not saved."))
            self.push_screen(ConfirmScreen(t("Quit the match in progress?"), saved), self._quit_answered)

    def _quit_answered(self, yes: bool | None) -> None:
        if yes:
            self.call_later(self._leave, 1 if self.save_failed else 0)

    async def _leave(self, status: int) -> None:
        """Stop the match and exit with ``status``."""
        self.human.close()
        if self._worker is not None:
            with contextlib.suppress(WorkerFailed):
                await self.workers.wait_for_complete([self._worker])
        for seat in self.table.seats:
            if isinstance(seat, PausedSeat):
                seat.end()
        self.exit(status)

    def on_unmount(self) -> None:
        """However the app ends, do not leave the worker waiting for the user, nor the
        signals handled."""
        self.human.close()
        for number, handler in self._handlers.items():
            signal.signal(number, handler)
