"""The host side of the bot protocol (``docs/PROTOCOL.md``): a program that reads and
writes lines plays as a seat, an :class:`EngineBot`.

The host tells a bot what its seat sees, one line at a time, serialised from the
:class:`~sixtysix.table.Event` s and :class:`~sixtysix.two.observation.Observation` s
the table gives that seat (:class:`Narrator`), and asks it to act with ``go``; the
bot answers ``play TOKEN``. :func:`sixtysix.protocol.serve` is the other end.

>>> from sixtysix.bots import make_bot
>>> from sixtysix.table import Table
>>> seen: list[str] = []
>>> class Listener:
...     def __init__(self) -> None:
...         self.narrator = Narrator()
...     def act(self, observation: Observation) -> Action:
...         return observation.legal[0]
...     def notify(self, event: Event) -> None:
...         seen.extend(self.narrator.lines(event))
>>> match = Table([Listener(), make_bot("random", seed=1)], seed=5).play()
>>> seen[:3]
['round 1 dealer 1 score 0 0', 'hand Qc Tc Td 9s Js Ts', 'trump Ah']
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import shlex
import shutil
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Protocol

from sixtysix.bots import Bot
from sixtysix.cards import (
    card_name,
    cards_in,
)
from sixtysix.errors import BotError, BotFailedError, StateError, quoted
from sixtysix.game.actions import Action
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, Table
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation

VERSION = 1
"""The protocol version this package speaks."""
MAX_LINE = 4096
"""The longest line either side may send, in characters."""
DECISION_SECONDS = 10.0
"""How long a program bot may think per decision, by default."""
HANDSHAKE_SECONDS = 10.0
"""How long a program bot may take to start and answer the handshake, by default."""
MAX_SEED = 2 ** 64 - 1
"""The largest seed the host tells a program (``set seed N``)."""

def _cards(mask: int) -> str:
    return " ".join(card_name(c) for c in cards_in(mask))


class Narrator:
    """Turns one seat's table events into protocol lines.

    Every line comes from the event and the seat's observation in it: the
    hand, the trump card and the opponent's shown cards are told as they change,
    compared with the previous observation.
    """

    def __init__(self) -> None:
        self.rounds = 0
        self._last: Observation | None = None

    def lines(self, event: Event) -> list[str]:
        """The lines that tell ``event``."""
        obs = event.observation
        last = self._last
        self._last = obs
        out: list[str] = []
        if event.kind in (EventKind.ROUND_STARTED, EventKind.ROUND_RESUMED):
            self.rounds += 1
            out.append(f"round {self.rounds} dealer {obs.dealer} score {event.score[0]} {event.score[1]}")
            out.append(f"hand {_cards(obs.hand)}")
            out.append(f"trump {'-' if obs.trump_card is None else card_name(obs.trump_card)}")
            out.extend(f"shown {card_name(c)}" for c in cards_in(obs.opponent_shown))
            return out
        if event.kind is EventKind.ACTION:
            assert event.action is not None and last is not None
            out.append(f"action {event.actor} {event.action.token}")
            out.extend(f"draw {card_name(c)}" for c in cards_in(obs.hand & ~last.hand))
            out.extend(f"shown {card_name(c)}" for c in cards_in(obs.opponent_shown & ~last.opponent_shown))
            if obs.trump_card != last.trump_card:
                out.append(f"trump {'-' if obs.trump_card is None else card_name(obs.trump_card)}")
            return out
        if event.kind is EventKind.ROUND_ENDED:
            result = event.result
            assert result is not None and result.outcome is not None
            winner = "-" if result.winner is None else str(result.winner)
            return [f"roundend winner {winner} points {result.game_points} "
                    f"reason {result.outcome.reason.value} score {event.score[0]} {event.score[1]}"]
        return [f"matchend winner {event.match_winner} score {event.score[0]} {event.score[1]}"]

    def retell(self, match: Match, seat: int) -> list[str]:
        """The lines ``seat`` heard of ``match`` so far, from its first deal, as they
        were told (without ``go``: its decisions are made): what a program resuming a
        saved match hears. The narrator goes on from there.

        >>> from sixtysix.bots import make_bot
        >>> played = Table([make_bot("random", seed=1), make_bot("random", seed=2)], seed=5)
        >>> rnd = played.deal()
        >>> played.submit(rnd.to_act, rnd.legal_tuple()[0])
        >>> Narrator().retell(played.match, 0)
        ['round 1 dealer 1 score 0 0', 'hand Qc Tc Td 9s Js Ts', 'trump Ah', 'action 0 Qc']
        """
        lines: list[str] = []
        seats: list[_Hearing | None] = [None, None]
        seats[seat] = _Hearing(self, lines)
        table = Table(seats, match.rules, dealer=match.first_dealer)
        for rnd in match.rounds:
            table.deal(rnd.deck)
            for action in rnd.actions:
                to_act = table.to_act
                assert to_act is not None
                table.submit(to_act, action)
        return lines


class _Hearing:
    """A seat of a match being retold: it hears the events and is asked nothing."""

    def __init__(self, narrator: Narrator, lines: list[str]) -> None:
        self._narrator = narrator
        self._lines = lines

    def act(self, observation: Observation) -> Action:
        raise StateError("a retold match asks for no decision")

    def notify(self, event: Event) -> None:
        self._lines.extend(self._narrator.lines(event))


def go_line(observation: Observation, milliseconds: int) -> str:
    """The request to act: the time left in milliseconds, then the legal tokens.

    >>> from sixtysix import Match
    >>> from sixtysix.two.observation import observe
    >>> rnd = Match(seed=5).deal()
    >>> go_line(observe(rnd, rnd.to_act), 2000)
    'go 2000 Qc Tc Td 9s Js Ts'
    """
    return " ".join(["go", str(milliseconds), *(a.token for a in observation.legal)])


class Transport(Protocol):
    """Lines to and from a bot."""

    def send(self, line: str) -> None:
        """Send one line; raises :class:`OSError` if the bot is gone."""
        ...

    def receive(self, timeout: float) -> str | None:
        """The next line, ``None`` at the end of the bot's output; raises
        :class:`TimeoutError` when none comes in ``timeout`` seconds."""
        ...

    def close(self) -> str:
        """End the bot; returns how it ended (an exit status and its last words)."""
        ...


class ProcessTransport:
    """A program's standard input and output; its standard error is kept for the
    reason of a failure. The process is ended when the transport is closed or
    collected, and at exit."""

    def __init__(self, argv: Sequence[str]) -> None:
        try:
            self.process = subprocess.Popen(
                list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1)
        except OSError as error:
            reason = error.strerror or str(error)
            raise BotFailedError(f"cannot start {quoted(shlex.join(argv))}: {reason}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._errors: collections.deque[str] = collections.deque(maxlen=3)
        self._finalizer = weakref.finalize(self, _end, self.process)
        out, err = self.process.stdout, self.process.stderr
        assert out is not None and err is not None
        for stream, put in ((out, self._lines.put), (err, self._errors.append)):
            threading.Thread(target=self._pump, args=(stream, put), daemon=True).start()

    @staticmethod
    def _pump(stream: IO[str], put: Callable[[str | None], object]) -> None:
        try:
            while line := stream.readline(MAX_LINE + 1):
                put(line)
        except (OSError, ValueError):
            pass
        put(None)

    def send(self, line: str) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(line + "\n")
            stdin.flush()
        except ValueError:
            raise BrokenPipeError("the bot's input is closed") from None

    def receive(self, timeout: float) -> str | None:
        try:
            line = self._lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            raise TimeoutError from None
        if line is None:
            self._lines.put(None)
        return line

    def close(self) -> str:
        status = _end(self.process)
        self._finalizer.detach()
        words = " ".join(w.strip() for w in self._errors if w and w.strip())
        return f"exit status {status}" + (f", last words {quoted(words, 120)}" if words else "")


def _end(process: subprocess.Popen[str]) -> int:
    """Ask the process to stop by closing its input, then kill it; reap it."""
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()
    try:
        return process.wait(0.5)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait()


class EngineBot(Bot):
    """A seat played by a program that speaks the protocol.

    The program starts with the first event or request to act and runs for the
    match; any fault (no handshake, silence past the time, a crash, garbage, an
    illegal action) ends it and raises :class:`~sixtysix.errors.BotFailedError`
    with the reason. :meth:`close` ends it too (quitting politely).

    After the handshake the host sends ``set NAME VALUE`` for each of ``options``
    (each must be an option the program offers) and ``set seed N`` when the bot
    has a seed and the program offers the option ``seed``.
    """

    name = "cmd"

    def __init__(self, argv: Sequence[str], seed: int | None = None, *,
                 seconds: float | None = None, handshake: float | None = None,
                 options: Mapping[str, str] | None = None,
                 transport: Callable[[], Transport] | None = None) -> None:
        super().__init__(seed)
        self.argv = tuple(argv)
        self.seed = seed
        self.seconds = DECISION_SECONDS if seconds is None else seconds
        """Seconds the program may think per decision."""
        self.handshake = HANDSHAKE_SECONDS if handshake is None else handshake
        """Seconds the program may take to start and answer the handshake."""
        self.settings = dict(options or {})
        """The options the host sets, by name."""
        self._connect = transport or (lambda: ProcessTransport(self.argv))
        self._transport: Transport | None = None
        self._narrator = Narrator()
        self._retold: list[str] | None = None
        self._seat: int | None = None
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

    def resume(self, match: Match, seat: int) -> None:
        """Retell ``match`` so far as ``seat`` heard it (:meth:`Narrator.retell`) once the
        program has started, before anything else: a match resumed from its record. The
        ``ROUND_RESUMED`` event that follows is then told already."""
        self._narrator = Narrator()
        self._retold = self._narrator.retell(match, seat)

    def _fail(self, fault: str, detail: str = "") -> BotFailedError:
        """End the program for ``fault``, which names the kind of failure in words of the
        host only; ``detail`` adds what the program said or did."""
        ended = self._end()
        self.fault = fault
        self.failure = fault + detail + (f" ({ended})" if ended else "")
        return BotFailedError(self.failure, self._seat)

    def _end(self) -> str:
        transport, self._transport = self._transport, None
        return transport.close() if transport is not None else ""

    def _send(self, line: str) -> None:
        assert self._transport is not None
        try:
            self._transport.send(line)
        except OSError:
            raise self._fail("the bot stopped reading its input") from None

    def _read(self, deadline: float, waiting: str) -> list[str]:
        """The next line the bot sends that is not ``info``, split in words."""
        assert self._transport is not None
        while True:
            try:
                line = self._transport.receive(deadline - time.monotonic())
            except TimeoutError:
                raise self._fail(f"no answer to {waiting} in time") from None
            if line is None:
                raise self._fail(f"the bot ended while {waiting}")
            if len(line) > MAX_LINE:
                raise self._fail(f"a line longer than {MAX_LINE} characters")
            words = line.split()
            if words and words[0] == "error":
                raise self._fail("the bot gave up", f": {quoted(line.strip()[6:], 120)}")
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
        self._send(f"sixtysix {VERSION}")
        deadline = time.monotonic() + self.handshake
        while True:
            words = self._read(deadline, "the handshake")
            if words == ["ready"]:
                break
            if words[0] == "id" and len(words) >= 3 and words[1] in ("name", "author"):
                self.id[words[1]] = " ".join(words[2:])
            elif words[0] == "option" and len(words) >= 2:
                self.options.append(" ".join(words[1:]))
            else:
                raise self._fail("garbage in the handshake", f": {quoted(' '.join(words))}")
        offered = {option.split()[0] for option in self.options}
        for name, value in self.settings.items():
            if name not in offered:
                raise self._fail(f"the bot offers no option {quoted(name)}",
                                 f"; it offers {', '.join(sorted(offered))}" if offered else "")
            self._send(f"set {name} {value}")
        if self.seed is not None and "seed" in offered and "seed" not in self.settings:
            self._send(f"set seed {self.seed % (MAX_SEED + 1)}")
        self._send(f"match seat {seat} rules {rules}")
        retold, self._retold = self._retold, None
        for line in retold or ():
            self._send(line)
        return retold is not None

    def notify(self, event: Event) -> None:
        """Tell the bot what its seat sees of ``event``."""
        if self._start(event.observation.seat, event.observation.rules) \
                and event.kind is EventKind.ROUND_RESUMED:
            return
        for line in self._narrator.lines(event):
            self._send(line)

    def act(self, observation: Observation) -> Action:
        self._start(observation.seat, observation.rules)
        deadline = time.monotonic() + self.seconds
        self._send(go_line(observation, int(1000 * self.seconds)))
        words = self._read(deadline, "the request to act")
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
            with contextlib.suppress(OSError):
                self._transport.send("quit")
        self._end()


def limit(bot: Bot, seconds: float | None = None, handshake: float | None = None) -> Bot:
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
