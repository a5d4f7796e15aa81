"""The host side of the bot protocol (``docs/PROTOCOL.md``): what a host tells a program
bot, and how the lines travel.

A :class:`Narrator` tells a bot what its seat sees, one line at a time, serialised from the
:class:`~sixtysix.table.Event` s and observations the table gives that seat, in any game
(version 2; version 1 seats two); a :class:`Transport` carries the lines to and from the bot, a program's
standard input and output (:class:`ProcessTransport`). The seat such a program plays is
:class:`~sixtysix.bots.engine.EngineBot`.

>>> from sixtysix.bots import make_bot
>>> from sixtysix.game.actions import Action
>>> from sixtysix.table import Table
>>> from sixtysix.games import THREE
>>> class Listener:
...     def __init__(self, version: int) -> None:
...         self.narrator = Narrator(version)
...         self.heard: list[str] = []
...     def act(self, observation: Observation) -> Action:
...         return observation.legal[0]
...     def notify(self, event: Event) -> None:
...         self.heard.extend(self.narrator.lines(event))
>>> listener = Listener(1)
>>> match = Table([listener, make_bot("random", seed=1)], seed=5).play()
>>> listener.heard[:3]
['round 1 dealer 1 score 0 0', 'hand Qc Tc Td 9s Js Ts', 'trump Ah']
>>> listener = Listener(2)
>>> match = Table([listener, make_bot("random", seed=1, game=THREE), make_bot("random", seed=2, game=THREE)],
...               THREE.new_match(seed=5).rules, seed=5).play()
>>> listener.heard[:4]
['round 1 dealer 2 score 0 0 0', 'hand Jc Qc Tc Ac 9d Jd Td As', 'trump Qd', 'shown 2 Qd']
"""

from __future__ import annotations

import collections
import contextlib
import queue
import shlex
import subprocess
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import IO, Protocol

from sixtysix.cards import Card, CardSet, cards_in
from sixtysix.errors import BotFailedError, StateError, quoted
from sixtysix.game.actions import Action
from sixtysix.games import AnyMatch
from sixtysix.protocol import wire
from sixtysix.table import Event, EventKind, Table


class Narrator:
    """Turns one seat's table events into the protocol lines of ``version``.

    Every line comes from the event and the seat's observation in it: the
    hand, the trump card and the other seats' shown cards are told as they change,
    compared with the previous observation.
    """

    def __init__(self, version: int = 1) -> None:
        self.version = version
        self.rounds = 0
        self._actions = 0
        self._tricks = 0
        self._last: tuple[CardSet, Card | None, tuple[CardSet, ...]] | None = None
        """The seat's hand, the trump card and the other seats' shown cards, as last told."""

    def position(self) -> str:
        """Where the match told so far stands: the round, the trick in play and the
        round's next action, counted from 1 (empty before the first deal).

        >>> narrator = Narrator()
        >>> narrator.position()
        ''
        >>> from sixtysix.table import Table
        >>> table = Table([None, None], seed=1)
        >>> rnd = table.deal()
        >>> for _ in range(3):
        ...     table.submit(rnd.to_act, rnd.legal_tuple()[0])
        >>> len(narrator.retell(table.match, 0)), narrator.position()
        (6, 'round 1, trick 2, action 4')
        """
        if not self.rounds:
            return ""
        return f"round {self.rounds}, trick {self._tricks + 1}, action {self._actions + 1}"

    def _shown(self, shown: Sequence[CardSet]) -> list[str]:
        if self.version == 1:
            return [wire.card_line("shown", c) for cards in shown for c in cards_in(cards)]
        return [wire.shown_line(seat, c) for seat, cards in enumerate(shown) for c in cards_in(cards)]

    def lines(self, event: Event) -> list[str]:
        """The lines that tell ``event``."""
        obs = event.observation
        shown = tuple(0 if seat == obs.seat else cards for seat, cards in enumerate(obs.shown))
        last = self._last
        self._last = obs.hand, obs.trump_card, shown
        out: list[str] = []
        self._tricks = sum(obs.trick_counts)
        if event.kind in (EventKind.ROUND_STARTED, EventKind.ROUND_RESUMED):
            self.rounds += 1
            self._actions = 0
            out.append(wire.round_line(self.rounds, obs.dealer, event.score))
            out.append(wire.hand_line(obs.hand))
            out.append(wire.trump_line(obs.trump_card))
            out.extend(self._shown(shown))
            return out
        if event.kind is EventKind.ACTION:
            assert event.action is not None and event.actor is not None and last is not None
            hand, trump_card, before = last
            self._actions += 1
            out.append(wire.action_line(event.actor, event.action))
            out.extend(wire.card_line("draw", c) for c in cards_in(obs.hand & ~hand))
            out.extend(self._shown([now & ~then for now, then in zip(shown, before, strict=True)]))
            if obs.trump_card != trump_card:
                out.append(wire.trump_line(obs.trump_card))
            return out
        if event.kind is EventKind.ROUND_ENDED:
            result = event.result
            assert result is not None and result.outcome is not None
            return [wire.roundend_line(result.winner, result.game_points, result.outcome.reason, event.score)]
        return [wire.matchend_line(event.match_winner, event.score)]

    def retell(self, match: AnyMatch, seat: int) -> list[str]:
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
        seats: list[_Hearing | None] = [None] * len(match.score)
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

    def act(self, observation: object) -> Action:
        raise StateError("a retold match asks for no decision")

    def notify(self, event: Event) -> None:
        self._lines.extend(self._narrator.lines(event))


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
    """A program's standard input and output; the last lines of its standard error are
    kept for the reason of a failure, and each is given to ``errors``. The process is
    ended when the transport is closed or collected, and at exit."""

    def __init__(self, argv: Sequence[str], errors: Callable[[str], None] | None = None) -> None:
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

        def heard(line: str | None) -> None:
            if line is not None:
                self._errors.append(line)
                if errors is not None:
                    errors(line)
        threading.Thread(target=self._pump, args=(out, self._lines.put), daemon=True).start()
        self._stderr = threading.Thread(target=self._pump, args=(err, heard), daemon=True)
        self._stderr.start()

    @staticmethod
    def _pump(stream: IO[str], put: Callable[[str | None], object]) -> None:
        try:
            while line := stream.readline(wire.MAX_LINE + 1):
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
        self._stderr.join(1.0)  # the last words, read once the process has ended
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
