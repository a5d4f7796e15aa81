"""A seat played by a program that speaks the bot protocol (``docs/PROTOCOL.md``): an
:class:`EngineBot`, the bot ``make_bot("cmd:PROGRAM ARGS")`` makes.

It is the host of :mod:`sixtysix.protocol`: it starts the program, shakes hands, tells it
what its seat sees (:class:`~sixtysix.protocol.host.Narrator`), asks it to act with ``go``
and checks its ``play``; :func:`sixtysix.bots.served.serve` is the other end. It seats
any game the program's protocol version seats (version 2: every game of the family).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from sixtysix.bots import Bot
from sixtysix.errors import BotError, BotFailedError, ProtocolError, quoted
from sixtysix.game.actions import Action
from sixtysix.game.interface import Observation
from sixtysix.games import AnyMatch
from sixtysix.protocol import wire
from sixtysix.protocol.botlog import BotLog
from sixtysix.protocol.host import Narrator, ProcessTransport, Transport
from sixtysix.protocol.view import view_words
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind

DECISION_SECONDS = 10.0
"""How long a program bot may think per decision, by default."""
HANDSHAKE_SECONDS = 10.0
"""How long a program bot may take to start and answer the handshake, by default."""
STOP_SECONDS = 1.0
"""How long a program bot of version 2 may take to answer ``stop``, sent when its time for
a decision is over."""


class EngineBot(Bot[Observation]):
    """A seat played by a program that speaks the protocol.

    The program starts with the first event or request to act and runs for the
    match; any fault (no handshake, silence past the time, a crash, garbage, an
    illegal action) sends it ``error REASON``, ends it and raises
    :class:`~sixtysix.errors.BotFailedError` with the reason, which names the round,
    the trick and the action. :meth:`close` ends it too (quitting politely). With a
    ``log`` path, every line of the match both ways and the program's standard error
    are kept there (:class:`~sixtysix.protocol.botlog.BotLog`).

    After the handshake the host sends ``set NAME VALUE`` for each of ``options``
    (each must be an option the program offers) and ``set seed N`` when the bot
    has a seed and the program offers the option ``seed``. It speaks version 1
    unless the program answers ``version 2`` in the handshake; a game the version
    does not seat fails the program. In version 2 the host then asks ``isready``
    and waits for ``readyok``; it sends ``stop`` when the time for a decision is
    over and waits :data:`STOP_SECONDS` more; a blank line instead of ``play`` is a
    fault.
    """

    name = "cmd"

    def __init__(self, argv: Sequence[str], seed: int | None = None, *,
                 seconds: float | None = None, handshake: float | None = None,
                 options: Mapping[str, str] | None = None,
                 transport: Callable[[], Transport] | None = None, log: Path | None = None) -> None:
        super().__init__(seed)
        self.argv = tuple(argv)
        self.seed = seed
        self.seconds = DECISION_SECONDS if seconds is None else seconds
        """Seconds the program may think per decision."""
        self.handshake = HANDSHAKE_SECONDS if handshake is None else handshake
        """Seconds the program may take to start and answer the handshake."""
        self.settings = dict(options or {})
        """The options the host sets, by name."""
        self._connect = transport or (lambda: ProcessTransport(self.argv, self._stderr))
        self._transport: Transport | None = None
        self.log = log
        """The file of the match's bot log, ``None`` for none."""
        self.memory = False
        """Whether the match is played in memory mode: the view on ``go`` tells no running
        points (:func:`~sixtysix.protocol.view.view_words`)."""
        self._log: BotLog | None = None
        self._narrator = Narrator()
        self._retold: dict[int, tuple[Narrator, list[str]]] | None = None
        """A resumed match's retelling in each version that seats it, with its narrator."""
        self._seat: int | None = None
        self.version = 1
        """The protocol version the program speaks, once it has answered the handshake."""
        self._score: tuple[int, ...] | None = None
        self.id: dict[str, str] = {}
        """What the bot said of itself: ``name``, ``author``."""
        self.options: list[str] = []
        """The options the bot offers, as it declared them."""
        self.failure: str | None = None
        """Why the bot failed, once it has."""
        self.fault: str | None = None
        """The kind of the failure, once the bot has failed, in the host's words alone: no
        text of the program's and not its command line, so that it may be shown to anyone."""

    @classmethod
    def from_spec(cls, command: str, seed: int | None = None) -> EngineBot:
        """The bot that runs ``command``: a program and its arguments, shell-quoted,
        optionally after options in brackets, ``[NAME=VALUE,...] PROGRAM ARGS``.

        >>> bot = EngineBot.from_spec("[samples=40,close_margin=0.5] python3 bot.py hard")
        >>> bot.settings, bot.argv
        ({'samples': '40', 'close_margin': '0.5'}, ('python3', 'bot.py', 'hard'))
        >>> EngineBot.from_spec("[samples] python3 bot.py")
        Traceback (most recent call last):
        ...
        sixtysix.errors.BotError: bad option 'samples' of cmd:[...]: write NAME=VALUE
        """
        options = {}
        command = command.lstrip()
        if command.startswith("["):
            given, bracket, command = command[1:].partition("]")
            if not bracket:
                raise BotError("cmd:[ needs its closing ], as in cmd:[samples=40] sixtysix bot hard")
            for item in filter(None, given.split(",")):
                name, equals, value = (part.strip() for part in item.partition("="))
                if not equals or not name or not value or len((name + " " + value).split()) != 2:
                    raise BotError(f"bad option {quoted(item)} of cmd:[...]: write NAME=VALUE")
                if name in options:
                    raise BotError(f"option {quoted(name)} of cmd:[...] is given twice")
                options[name] = value
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise BotError(f"bad command {quoted(command)}: {error}") from None
        if not argv:
            raise BotError("cmd: needs a program, as in cmd:node bot.js")
        program = argv[0]
        if shutil.which(program) is None and not (os.sep in program and os.access(program, os.X_OK)):
            raise BotError(f"cannot run {quoted(program)}: no such program")
        return cls(argv, seed, options=options)

    def resume(self, match: AnyMatch, seat: int) -> None:
        """Retell ``match`` as it stands now, as ``seat`` heard it (:meth:`Narrator.retell`),
        once the program has started, before anything else, in the version it speaks: a
        match resumed from its record. The ``ROUND_RESUMED`` event that follows is then
        told already, and the match score of the views is the match's, even for a host
        that asks for an action before it tells any event."""
        self._score = tuple(match.score)
        self._retold = {}
        for version, seats in wire.VERSIONS.items():
            if match.rules.seats in seats:
                narrator = Narrator(version)
                self._retold[version] = narrator, narrator.retell(match, seat)

    def _fail(self, fault: str, detail: str = "") -> BotFailedError:
        """Tell the program ``error REASON`` and end it for ``fault``, which names the kind
        of failure in words of the host only; ``detail`` adds what the program said or
        did, and the reason where the match stands."""
        where = self._narrator.position()
        reason = fault + detail + (f" (at {where})" if where else "")
        if self._transport is not None:
            self._logged("host", wire.error_line(reason))
            with contextlib.suppress(OSError):
                self._transport.send(wire.error_line(reason))
        ended = self._end()
        self.fault = fault
        self.failure = reason + (f" ({ended})" if ended else "")
        return BotFailedError(self.failure, self._seat)

    def _end(self) -> str:
        transport, self._transport = self._transport, None
        ended = transport.close() if transport is not None else ""
        log, self._log = self._log, None
        if log is not None:
            log.close()
        return ended

    def _logged(self, who: str, line: str) -> None:
        log = self._log
        if log is not None:
            log.write(who, line)

    def _stderr(self, line: str) -> None:
        self._logged("stderr", line)

    def _send(self, line: str) -> None:
        assert self._transport is not None
        self._logged("host", line)
        try:
            self._transport.send(line)
        except OSError:
            raise self._fail("the bot stopped reading its input") from None

    def _read(self, deadline: float, waiting: str, acting: bool = False) -> list[str]:
        """The next line the bot sends that is not ``info``, split in words; while
        ``acting`` in version 2, ``stop`` is sent at ``deadline`` and a blank line fails."""
        assert self._transport is not None
        stopped = not (acting and self.version > 1)
        while True:
            try:
                line = self._transport.receive(deadline - time.monotonic())
            except TimeoutError:
                if stopped:
                    raise self._fail(f"no answer to {waiting} in time") from None
                self._send(wire.STOP)
                stopped, deadline = True, time.monotonic() + STOP_SECONDS
                continue
            if line is None:
                raise self._fail(f"the bot ended while {waiting}")
            self._logged("bot", line)
            if len(line) > wire.MAX_LINE:
                raise self._fail(f"a line longer than {wire.MAX_LINE} characters")
            words = line.split()
            if words and words[0] == "error":
                raise self._fail("the bot gave up", f": {quoted(line.strip()[6:], 120)}")
            if not words and acting and self.version > 1:
                raise self._fail("a blank line instead of play")
            if words and words[0] != "info":
                return words

    def _start(self, seat: int, rules: Rules) -> bool:
        """Start the program if it has not started; returns whether a resumed match was
        retold just now."""
        if self.failure is not None:
            raise BotFailedError(self.failure, seat)
        self._seat = seat
        if self._transport is not None:
            return False
        try:
            self._transport = self._connect()
        except BotFailedError as error:
            self.failure = error.reason
            self.fault = "the program could not start"
            raise BotFailedError(error.reason, seat) from None
        if self.log is not None:
            self._log = BotLog(self.log)
        self._send(wire.hello_line())
        deadline = time.monotonic() + self.handshake
        while True:
            words = self._read(deadline, "the handshake")
            if words == [wire.READY]:
                break
            if words[0] == "id" and len(words) >= 3 and words[1] in ("name", "author"):
                self.id[words[1]] = " ".join(words[2:])
            elif words[0] == "option" and len(words) >= 2:
                self.options.append(" ".join(words[1:]))
            elif words[0] == wire.VERSION_COMMAND:
                try:
                    self.version = wire.read_version(words[1:])
                except ProtocolError as error:
                    raise self._fail("a bad version in the handshake", f": {error}") from None
            else:
                raise self._fail("garbage in the handshake", f": {quoted(' '.join(words))}")
        offered = {option.split()[0]: option.split() for option in self.options}
        for name, value in self.settings.items():
            if name not in offered:
                raise self._fail(f"the bot offers no option {quoted(name)}",
                                 f"; it offers {', '.join(sorted(offered))}" if offered else "")
            refusal = wire.option_refusal(offered[name], value)
            if refusal is not None:
                raise self._fail("an option's value the bot does not take", f": {refusal}")
            self._send(wire.set_line(name, value))
        try:
            wire.check_seats(self.version, rules)
        except ProtocolError as error:
            raise self._fail("a game its protocol version does not seat", f": {error}") from None
        if self.seed is not None and "seed" in offered and "seed" not in self.settings:
            self._send(wire.set_line("seed", self.seed % (wire.MAX_SEED + 1)))
        if self.version > 1:
            self._send(wire.ISREADY)
            words = self._read(time.monotonic() + self.handshake, "isready")
            if words != [wire.READYOK]:
                raise self._fail("garbage instead of readyok", f": {quoted(' '.join(words))}")
        self._send(wire.match_line(seat, rules))
        retold, self._retold = self._retold, None
        self._narrator, lines = (Narrator(self.version), []) if retold is None else retold[self.version]
        for line in lines:
            self._send(line)
        return retold is not None

    def notify(self, event: Event) -> None:
        """Tell the bot what its seat sees of ``event``."""
        if event.kind in (EventKind.ROUND_STARTED, EventKind.ROUND_RESUMED):
            self._score = event.score
        if self._start(event.observation.seat, event.observation.rules) \
                and event.kind is EventKind.ROUND_RESUMED:
            return
        for line in self._narrator.lines(event):
            self._send(line)

    def act(self, observation: Observation) -> Action:
        self._start(observation.seat, observation.rules)
        deadline = time.monotonic() + self.seconds
        score = self._score or (0,) * observation.rules.seats
        view = view_words(observation, score, self.memory) if self.version > 1 else []
        self._send(wire.go_line(self.version, observation.legal, int(1000 * self.seconds), view))
        words = self._read(deadline, "the request to act", acting=True)
        if len(words) != 2 or words[0] != "play":
            raise self._fail("garbage instead of play", f": {quoted(' '.join(words))}")
        legal = {a.token: a for a in observation.legal}
        action = legal.get(words[1])
        if action is None:
            raise self._fail("illegal action", f" {quoted(words[1])}; legal: {' '.join(legal)}")
        return action

    def kill(self) -> None:
        """End the program now, from any thread: a decision or line in progress fails."""
        transport = self._transport
        if transport is not None:
            transport.close()

    def close(self) -> None:
        """Say ``quit`` and end the program."""
        if self._transport is not None:
            self._logged("host", wire.QUIT)
            with contextlib.suppress(OSError):
                self._transport.send(wire.QUIT)
        self._end()


def limit(bot: Bot[Any], seconds: float | None = None, handshake: float | None = None) -> Bot[Any]:
    """``bot`` with these time limits, in seconds, if it is a program bot (``None``
    keeps the default of :data:`DECISION_SECONDS` or :data:`HANDSHAKE_SECONDS`).

    >>> limit(EngineBot(["prog"]), seconds=2.5).seconds
    2.5
    """
    if isinstance(bot, EngineBot):
        if seconds is not None:
            bot.seconds = seconds
        if handshake is not None:
            bot.handshake = handshake
    return bot
