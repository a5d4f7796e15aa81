"""Program bots in the browser: one process per game, fed that game's events.

The server's operator allows program bots by name (``sixtysix serve --bot
NAME=cmd:PROGRAM ARGS``); a player picks one by its name, and the server never runs
a command a client sent. Each game against a program bot has a :class:`ProgramHost`:
an :class:`~sixtysix.bots.engine.EngineBot` seated at the game's table as a listener, so
that the program hears every event as its seat sees it (and nothing else), in a
thread of its own so that no game waits for another's program. The program runs
while the game is played: the host ends it when the game ends, when nobody has
watched the game for a while (it starts again, retold the match, when somebody
comes back) and when the server stops.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from sixtysix.bots import COMMAND, LEVELS
from sixtysix.bots.engine import EngineBot, limit
from sixtysix.errors import BotError, BotFailedError, StateError, quoted
from sixtysix.game.actions import Action
from sixtysix.table import Event
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,15}")
"""A program bot's name: what players see and pick, and what a game stores."""


def program_bot(text: str) -> tuple[str, str]:
    """An allowed program bot, ``NAME=cmd:PROGRAM ARGS``, as its name and its command
    (checked: the program exists, the options are well formed).

    >>> program_bot("pybot=cmd:python3 examples/python_bot.py")
    ('pybot', 'python3 examples/python_bot.py')
    >>> program_bot("hard=cmd:python3 bot.py")
    Traceback (most recent call last):
    ...
    sixtysix.errors.BotError: 'hard' is a level: name program bots otherwise
    """
    name, equals, spec = text.partition("=")
    if not equals or not spec.startswith(COMMAND):
        raise BotError(f"allow a program bot as NAME=cmd:PROGRAM ARGS, not {quoted(text)}")
    if not NAME.fullmatch(name):
        raise BotError(f"a program bot's name is 1 to 16 letters, digits, '_', '.' or '-' "
                       f"(starting with a letter or digit), not {quoted(name)}")
    if name in LEVELS:
        raise BotError(f"{quoted(name)} is a level: name program bots otherwise")
    command = spec.removeprefix(COMMAND)
    EngineBot.from_spec(command)
    return name, command


class ProgramHost:
    """The program bot of one live game, in its own thread.

    It is the table's listener for the program's seat: :meth:`notify` queues each
    event for the program, :meth:`decide` asks it to act. Any fault of the program is
    reported once to ``failed`` (in the event loop) with the fault in the host's words
    and the whole reason, which may quote the program; the host then stops using it.
    """

    def __init__(self, make: Callable[[], EngineBot], failed: Callable[[str, str], None],
                 seat: int = 1) -> None:
        self.seat = seat
        self._make = make
        self._failed = failed
        self._loop = asyncio.get_running_loop()
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sixtysix-program")
        self.bot: EngineBot | None = None
        """The program's client while it runs; ``None`` while parked and once ended."""
        self.ended = False

    def wake(self, match: Match) -> None:
        """Start a new program for the game if none runs (parked, or new after a server
        restart); it is retold ``match`` so far before anything else."""
        if self.bot is not None or self.ended:
            return
        try:
            bot = self._make()
        except BotError as error:  # the program went missing since the server started
            self.ended = True
            self._failed("the program could not start", str(error))
            return
        if match.rounds:
            bot.resume(match, self.seat)
        self.bot = bot

    def park(self) -> None:
        """End the program until :meth:`wake`, after the lines queued so far."""
        bot, self.bot = self.bot, None
        if bot is not None:
            self._thread.submit(bot.close)

    def end(self) -> None:
        """End the program for good, once it has been told the events queued so far."""
        self.ended = True
        self.park()
        self._thread.shutdown(wait=False)

    async def stop(self) -> None:
        """End the program at once, even in the middle of a decision (the server stops);
        returns once its process is reaped."""
        self.ended = True
        bot, self.bot = self.bot, None
        await self._loop.run_in_executor(None, self._stop, bot)

    def _stop(self, bot: EngineBot | None) -> None:
        if bot is not None:
            bot.kill()
        self._thread.shutdown(wait=True)
        if bot is not None:
            bot.close()

    def notify(self, event: Event) -> None:
        """Queue the event for the program (a parked program is retold it on waking)."""
        bot = self.bot
        if bot is not None:
            self._thread.submit(self._tell, bot, event)

    def _tell(self, bot: EngineBot, event: Event) -> None:
        try:
            bot.notify(event)
        except BotFailedError:
            self._loop.call_soon_threadsafe(self._report, bot)

    def _report(self, bot: EngineBot) -> None:
        if bot is self.bot and not self.ended:
            self.bot = None
            self._failed(bot.fault or "failed", bot.failure or "failed")

    def act(self, observation: Observation) -> Action:
        """Never called: the server submits the program's actions to the table itself
        (:meth:`decide`)."""
        raise StateError("a program bot of the server decides through ProgramHost.decide")

    async def decide(self, observation: Observation) -> str | None:
        """The program's action for ``observation``, as a token; ``None`` if it failed
        (reported) or no longer runs."""
        bot = self.bot
        if bot is None or self.ended:
            return None
        try:
            action = await self._loop.run_in_executor(self._thread, bot.act, observation)
        except BotFailedError:
            self._report(bot)
            return None
        return action.token


def make_program(command: str, seed: int, seconds: float | None, handshake: float | None,
                 log: Path | None = None) -> EngineBot:
    """The client of an allowed program bot, with the server's time limits, logging to ``log``."""
    bot = EngineBot.from_spec(command, seed)
    limit(bot, seconds, handshake)
    bot.log = log
    return bot
