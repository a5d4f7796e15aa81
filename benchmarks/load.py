"""Load on the web server: N concurrent games, every action timed.

Starts ``sixtysix serve`` on a fresh SQLite file (or uses ``--database-url``), or with
``--processes N`` a whole site as docs/DEPLOY.md lays one out (``deploy/localsite.py``: a
fresh PostgreSQL database made with ``--postgres-admin``, Redis, N ``serve`` processes and
nginx in front, the clients connecting through nginx), then plays N games at once: every
other game between two scripted WebSocket clients, the rest between one client and a
server-side bot (``easy``). The two players are signed-in accounts, and every game has a
move clock (``--clock``, default 20 s a move and a 60 s bank; the think times stay well
within it); the games between them are rated when the rules are a preset's unchanged (rated
games need that). The server's rate limits are lifted: one address makes every game.

The clients are fast bots: a random legal action, mostly a card, chosen in no time; before
sending it each waits a think time drawn uniformly from a third of ``--think-ms`` to five
thirds of it (``--think-ms 3000``, a person's pace: 1 to 5 s, 3 s on average; the default
500 waits 167 to 833 ms). ``--think-ms 0`` plays every game flat out: a saturation test,
whose figure is the actions a second and whose latency is the number of games over the
server's throughput. Each action carries the number (``seq``) of the state it answers, as a
client's retry after a reconnect would. The time of one action is from sending it to
receiving the sender's own next state.

Every game's clients connect first; the clock starts once all are connected. Without
``--seconds`` every match is played to its end (the default of a single process); with it
(default 120 with ``--processes``) the actions are measured over that window, then the
clients stop: none acts again, and the first player of every match still in play resigns it
once its own action in flight is answered. Then each game's stored record is downloaded,
replayed with the engine, and compared with what its clients saw: every action since they
connected, in the same order, and the same score.

Prints the counts, the machine's load average before the start and at the end of the
window, the CPU seconds each server process (and nginx, Redis and the clients) spent in the
window, then the figures: ``p99_ms: X`` is the last line, or with ``--think-ms 0``
``actions_per_s: X`` is.

    python benchmarks/load.py [--games 200] [--think-ms 500] [--rules classic] [--clock 20+60]
    python benchmarks/load.py --processes 2 --games 1000 --think-ms 3000 [--seconds 120]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import difflib
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, ConnectionClosedError

from sixtysix.notation import Record
from sixtysix.rules import PRESET_NAMES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "deploy"))
from localsite import LocalSite

UNLIMITED = ("games", "invitations", "joins", "signups")
"""The server's rate limits the benchmark lifts: its one address makes every game."""
PASSWORD = "load benchmark password"
"""The password of the benchmark's accounts."""
SETTING_UP = 32
"""How many games are made and connected at once before the start."""
DRAIN_SECONDS = 60.0
"""How long after a move clock's time the clients wait for the end of their matches."""
SITE_SECONDS = 120.0
"""The measuring window of a site (``--processes``) by default: long enough for a steady p99."""


@dataclass
class Seen:
    """What the clients of one game saw: the actions in order and the final score."""

    actions: list[tuple[int, int, str]] = field(default_factory=list)
    score: list[int] | None = None
    reconnected: bool = False
    """Whether the first seat's socket was opened again (its actions are those since)."""


@dataclass
class Table:
    """One game of the benchmark: its id, what its clients saw, and its first player's socket
    (to resign the match at the end of the window)."""

    game_id: str = ""
    seen: Seen = field(default_factory=Seen)
    socket: ClientConnection | None = None


class Race:
    """The start and the end of the measuring window, shared by every client."""

    def __init__(self, clients: int) -> None:
        self.go = asyncio.Event()
        """Set once every client is connected: the clock starts."""
        self.stop = asyncio.Event()
        """Set at the end of the window: no client acts again."""
        self.waiting = clients
        self.connected = asyncio.Event()
        """Set once every client is connected."""
        self.connecting = asyncio.Semaphore(SETTING_UP)
        self.refused: dict[str, int] = {}
        """The errors the clients heard after the window (or the server's own), by code."""
        self.reconnections = 0
        """How many times a socket was opened again at the server's request."""

    def arrived(self) -> None:
        """One more client is connected."""
        self.waiting -= 1
        if not self.waiting:
            self.connected.set()

    async def think(self, seconds: float) -> bool:
        """Wait ``seconds`` or until the window ends; whether the client may still act."""
        if seconds:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), seconds)
        return not self.stop.is_set()


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A random legal action, mostly a card (random declarations end rounds at once)."""
    legal: list[str] = view["legal"]
    cards = [a for a in legal if (len(a) == 2 and a[0] != "M") or a in ("draw", "pass")]
    return rng.choice(cards if cards and rng.random() < 0.9 else legal)


def think_time(think: float, rng: random.Random) -> float:
    """A think time: uniform from a third of the mean ``think`` to five thirds of it.

    >>> rng = random.Random(1)
    >>> all(1 <= think_time(3, rng) <= 5 for _ in range(1000))
    True
    >>> think_time(0, rng)
    0.0
    """
    return rng.uniform(think / 3, 5 * think / 3)


async def client(base: str, table: Table, token: str, seat: int, rng: random.Random,
                 times: list[float], race: Race, think: float) -> None:
    """Play one seat of a game until the match is over, timing each action; the first seat
    notes what it saw in ``table``. A socket the server closes asking for a reconnection
    (a process stopping, a game reloaded after a failed store) is opened again, as a
    browser's would be."""
    url = base.replace("http", "ws", 1) + f"/ws/games/{table.game_id}"
    seen = table.seen if seat == 0 else None
    first = True
    while True:
        async with race.connecting:
            socket = await connect(url, additional_headers={"Cookie": f"sixtysix_session={token}"},
                                   max_size=None, open_timeout=120)
        if seen is not None:
            table.socket = socket
        try:
            async with socket as ws:
                if first:
                    first = False
                    race.arrived()
                    await race.go.wait()
                await play_seat(ws, table.game_id, seat, rng, times, race, think, seen)
                return
        except ConnectionClosedError as closed:
            if closed.rcvd is None or closed.rcvd.reason != "reconnect":
                raise
            race.reconnections += 1
            if seen is not None:
                # What the seat missed while away is checked no more: the record ends with
                # the actions heard since the last connection (maybe none).
                seen.actions.clear()
                seen.reconnected = True


async def play_seat(ws: ClientConnection, game_id: str, seat: int, rng: random.Random, times: list[float],
                    race: Race, think: float, seen: Seen | None) -> None:
    """Play one seat on the socket ``ws`` until the match is over (or the socket closes)."""
    sent: tuple[str, float] | None = None
    acted_on: Any = None
    if race.stop.is_set() and seen is not None:
        await resign(ws)  # again: the socket was reopened after a resignation the server failed to store
    async for raw in ws:
        message = json.loads(raw)
        if message["type"] == "chat":  # the chat kept with a game between people: none here
            continue
        if message["type"] == "error" and (race.stop.is_set() or message.get("code") == "server"):
            # An action or resignation that crossed the match's end, or the server dropping
            # the game from its memory (it closes the socket next).
            race.refused[message["code"]] = race.refused.get(message["code"], 0) + 1
            continue
        if message["type"] != "state":
            raise RuntimeError(f"seat {seat} of {game_id}: {message}")
        last, view = message["last"], message["view"]
        if seen is not None and last is not None:
            entry = (view["round"], last["actor"], last["action"])
            if not seen.actions or seen.actions[-1] != entry:
                seen.actions.append(entry)
        if sent is not None and last == {"actor": seat, "action": sent[0]}:
            times.append(time.perf_counter() - sent[1])
            sent = None
        if message["game"]["status"] == "over":
            if seen is not None:
                seen.score = message["game"]["score"]
            return
        if (view is not None and view["to_act"] == seat and view["legal"] and view != acted_on
                and not race.stop.is_set()):
            acted_on = view
            if not await race.think(think_time(think, rng)):
                continue
            action = choose(view, rng)
            sent = (action, time.perf_counter())
            await ws.send(json.dumps({"type": "act", "action": action, "seq": message["seq"]}))


async def resign(ws: ClientConnection) -> None:
    """Resign the match on ``ws`` (which may have closed: the match is over)."""
    with contextlib.suppress(ConnectionClosed):
        await ws.send(json.dumps({"type": "resign"}))


def check(record_text: str, seen: Seen) -> None:
    """The stored record replays and equals what the clients saw."""
    record = Record.parse(record_text)
    match = record.replay()
    if seen.score != list(match.score):
        raise AssertionError(f"score {seen.score} seen, {list(match.score)} stored")
    told = [(rnd, token) for rnd, _, token in seen.actions if token not in ("draw", "pass")]
    stored = [(number, a.token) for number, entry in enumerate(record.rounds, 1) for a in entry.actions]
    # The client hears every action from the moment it connects: the record ends with them all.
    if (not told and not seen.reconnected) or told != stored[len(stored) - len(told):]:
        changes = [f"{kind} seen[{i1}:{i2}] {told[i1:i2]} stored[{j1}:{j2}] {stored[j1:j2]}"
                   for kind, i1, i2, j1, j2 in difflib.SequenceMatcher(None, told, stored).get_opcodes()
                   if kind != "equal"]
        raise AssertionError(f"the stored actions differ from what the clients saw: {len(told)} seen, "
                             f"{len(stored)} stored; {'; '.join(changes)}")


def _echo_csrf(client: httpx.AsyncClient) -> Callable[[httpx.Request], Awaitable[None]]:
    """A request hook that repeats the server's CSRF cookie in the ``X-CSRF-Token`` header."""
    async def echo(request: httpx.Request) -> None:
        token = client.cookies.get("sixtysix_csrf")
        if token:
            request.headers["X-CSRF-Token"] = token
    return echo


def clock_of(text: str) -> dict[str, int]:
    """A move clock from ``MOVE+BANK`` seconds.

    >>> clock_of("20+60")
    {'move': 20, 'bank': 60}
    """
    move, _, bank = text.partition("+")
    return {"move": int(move), "bank": int(bank or 0)}


async def sign_up(person: httpx.AsyncClient, name: str) -> str:
    """Sign up an account of a fresh name; its session's token."""
    response = await person.post("/api/account", json={"name": f"{name}_{random.randrange(10**8)}",
                                                       "password": PASSWORD})
    response.raise_for_status()
    return person.cookies["sixtysix_session"]


@dataclass
class Outcome:
    """What a run measured: every action's round trip in seconds, the window's length, and
    the CPU seconds of the servers' processes in it."""

    times: list[float]
    elapsed: float
    cpu: dict[str, float]
    refused: dict[str, int]
    """The errors the clients heard after the window (or the server's own), by code."""
    reconnections: int
    """How many times a socket was opened again at the server's request."""
    stopped: bool
    """Whether the window ended with matches in play (resigned then)."""
    failures: list[str]
    """Every game whose clients did not hear its end or whose record differs from what they saw."""


def cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) process ``pid`` has spent, from ``/proc``; 0 if it
    is not there."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_now(pids: dict[str, int]) -> dict[str, float]:
    """The CPU seconds of every named process, and of this one (the clients) as ``clients``."""
    return {**{name: cpu_seconds(pid) for name, pid in pids.items()}, "clients": time.process_time()}


async def run(base: str, games: int, rules: str, seed: int, think: float, clock: dict[str, int],
              seconds: float | None, pids: dict[str, int]) -> Outcome:
    """Play the games through ``base``; every action's round trip and the window's figures."""
    async with httpx.AsyncClient(base_url=base, timeout=120) as ann, \
            httpx.AsyncClient(base_url=base, timeout=120) as bob:
        for person in (ann, bob):
            person.event_hooks["request"].append(_echo_csrf(person))
        tokens = [await sign_up(ann, "Ann"), await sign_up(bob, "Bob")]
        rated = rules.strip() in PRESET_NAMES
        times: list[float] = []
        race = Race(games + (games + 1) // 2)
        tables = [Table() for _ in range(games)]
        making = asyncio.Semaphore(SETTING_UP)

        async def play(number: int) -> None:
            rng = random.Random(seed * 100_003 + number)
            table = tables[number]
            async with making:
                if number % 2:
                    response = await ann.post("/api/games", json={"opponent": "bot", "level": "easy",
                                                                  "rules": rules, "clock": clock})
                    response.raise_for_status()
                    table.game_id = response.json()["game"]["id"]
                    seats = [0]
                else:
                    response = await ann.post("/api/games", json={"opponent": "human", "rules": rules,
                                                                  "rated": rated, "clock": clock})
                    response.raise_for_status()
                    table.game_id = response.json()["game"]["id"]
                    (await bob.post(f"/api/games/{table.game_id}/join")).raise_for_status()
                    seats = [0, 1]
            await asyncio.gather(*(client(base, table, tokens[seat], seat, random.Random(rng.random()), times,
                                          race, think) for seat in seats))

        playing = asyncio.ensure_future(asyncio.gather(*(play(number) for number in range(games))))
        connected = asyncio.ensure_future(race.connected.wait())
        first: list[asyncio.Future[Any]] = [playing, connected]
        await asyncio.wait(first, return_when=asyncio.FIRST_COMPLETED)
        if playing.done():
            playing.result()  # a failure before every client connected
        # The clients' own garbage collector would add its pauses to the server's times.
        gc.freeze()
        gc.set_threshold(20_000, 50, 1000)
        before = cpu_now(pids)
        start = time.perf_counter()
        race.go.set()
        await asyncio.wait([playing], timeout=seconds)
        elapsed = time.perf_counter() - start
        after = cpu_now(pids)
        stopped = not playing.done()
        if stopped:
            race.stop.set()
            # An action in flight is answered before the resignation, which the server reads after it.
            await asyncio.gather(*(resign(table.socket) for table in tables
                                   if table.socket is not None and table.seen.score is None))
        # Every match ends by then: resigned, or its clock runs out.
        await asyncio.wait([playing], timeout=clock["move"] + clock["bank"] + DRAIN_SECONDS)
        failures = []
        for table in tables:
            if table.seen.score is None:
                failures.append(f"{table.game_id}: its first player did not hear the match's end")
                continue
            try:
                check((await ann.get(f"/api/games/{table.game_id}/record")).text, table.seen)
            except AssertionError as error:
                failures.append(f"{table.game_id}: {error}")
        if playing.done():
            playing.result()
        else:
            playing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await playing
            failures.append("some clients did not hear their match's end")
    cpu = {name: after[name] - before[name] for name in after}
    return Outcome(times, elapsed, cpu, race.refused, race.reconnections, stopped, failures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--rules", default="classic",
                        help="rules of every game (default classic: a preset's, so that games between "
                             "people are rated)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients and the server")
    parser.add_argument("--clock", type=clock_of, default=clock_of("20+60"),
                        help="every game's move clock, MOVE+BANK seconds (default 20+60)")
    parser.add_argument("--database-url", default=None,
                        help="database of the single process (default: a fresh SQLite file)")
    parser.add_argument("--port", type=int, default=8167, help="port of the single process (default 8167)")
    parser.add_argument("--think-ms", type=float, default=500.0,
                        help="mean think time of the clients before each action, drawn uniformly from a "
                             "third of it to five thirds (default 500: 167 to 833 ms; 3000: 1 to 5 s, a "
                             "person's pace; 0: act at once, a saturation test)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="measure over this many seconds, then stop the clients and resign the matches "
                             f"in play (default: play every match to its end; {SITE_SECONDS:g} with "
                             "--processes)")
    parser.add_argument("--processes", type=int, default=None,
                        help="play on a site of this many serve processes on PostgreSQL and Redis behind "
                             "nginx (deploy/localsite.py) instead of one process")
    parser.add_argument("--postgres-admin", default=os.environ.get("SIXTYSIX_TEST_POSTGRES"), metavar="URL",
                        help="with --processes: a PostgreSQL role that may create databases, as "
                             "postgresql://user:password@host/db (default $SIXTYSIX_TEST_POSTGRES)")
    parser.add_argument("--connect", action="store_true",
                        help="use a server already running on --port instead of starting one")
    args = parser.parse_args()
    if args.processes is not None:
        if args.processes < 1:
            parser.error("--processes must be at least 1")
        if not args.postgres_admin:
            parser.error("--processes needs a PostgreSQL server: give --postgres-admin URL or set "
                         "SIXTYSIX_TEST_POSTGRES")
        if args.connect or args.database_url:
            parser.error("--processes makes its own site: not with --connect or --database-url")
    seconds = SITE_SECONDS if args.seconds is None and args.processes is not None else args.seconds
    think = args.think_ms / 1000
    load = os.getloadavg()
    if args.connect:
        outcome = asyncio.run(run(f"http://127.0.0.1:{args.port}", args.games, args.rules, args.seed, think,
                                  args.clock, seconds, {}))
    else:
        with serving(args) as (base, pids):
            outcome = asyncio.run(run(base, args.games, args.rules, args.seed, think, args.clock, seconds,
                                      pids))
    report(args, outcome, load, os.getloadavg())
    if outcome.failures:
        print(f"{len(outcome.failures)} of the games failed the check:", *outcome.failures[:20], sep="\n  ",
              file=sys.stderr)
        sys.exit(1)


@contextlib.contextmanager
def serving(args: argparse.Namespace) -> Iterator[tuple[str, dict[str, int]]]:
    """The server the arguments ask for, running: its address and its processes' ids by name."""
    serve = ["--seed", str(args.seed), *(f"--rate-limit={kind}=none" for kind in UNLIMITED)]
    with tempfile.TemporaryDirectory() as folder:
        if args.processes is not None:
            with LocalSite(args.postgres_admin, Path(folder), processes=args.processes,
                           arguments=serve) as site:
                pids = {f"serve {index}": process.process.pid for index, process in enumerate(site.processes)
                        if process.process is not None}
                for name, child in (("nginx", site.nginx), ("redis", site.redis.child)):
                    if child.process is not None:
                        pids[name] = child.process.pid
                yield site.base, pids
            return
        url = args.database_url or f"sqlite:///{folder}/load.db"
        server = subprocess.Popen([sys.executable, "-m", "sixtysix", "serve", "--port", str(args.port),
                                   "--database-url", url, *serve],
                                  stdout=subprocess.DEVNULL, env=dict(os.environ))
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{args.port}/api/options", timeout=1).raise_for_status()
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            yield f"http://127.0.0.1:{args.port}", {"serve": server.pid}
        finally:
            server.terminate()
            server.wait(30)


def report(args: argparse.Namespace, outcome: Outcome, before: tuple[float, float, float],
           after: tuple[float, float, float]) -> None:
    """Print the figures: ``p99_ms`` last, or ``actions_per_s`` last at ``--think-ms 0``."""
    times = sorted(outcome.times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
    rate = len(times) / outcome.elapsed
    where = ("one process on " + ("SQLite" if args.database_url is None else "--database-url")
             if args.processes is None else
             f"{args.processes} process{'es' if args.processes > 1 else ''} on PostgreSQL and Redis "
             "behind nginx")
    print(f"games: {args.games} ({args.games - args.games // 2} between two clients), rules: {args.rules}, "
          f"think time: {args.think_ms:g} ms, clock: {args.clock['move']}+{args.clock['bank']} s, "
          f"signed-in players; {where}")
    how = "a window, then the matches in play resigned" if outcome.stopped else "every match played"
    checked = (f"{len(outcome.failures)} games FAILED the check" if outcome.failures
               else "every stored record replays and equals what its clients saw")
    print(f"actions timed: {len(times)} in {outcome.elapsed:.1f} s ({how}); {checked}")
    if outcome.refused or outcome.reconnections:
        print("errors heard (after the window: actions or resignations crossing the match's end; "
              "'server': a game reloaded after a failed store): "
              + ", ".join(f"{code} {count}" for code, count in sorted(outcome.refused.items()))
              + f"; sockets reopened at the server's request: {outcome.reconnections}")
    print("load average (1, 5, 15 min): before " + " ".join(f"{x:.2f}" for x in before)
          + ", after " + " ".join(f"{x:.2f}" for x in after))
    print("CPU seconds in the window: "
          + ", ".join(f"{name} {value:.1f}" for name, value in outcome.cpu.items()))
    print(f"median_ms: {statistics.median(times) * 1000:.1f}")
    print(f"max_ms: {times[-1] * 1000:.1f}")
    figures = [f"actions_per_s: {rate:.0f}", f"p99_ms: {p99:.1f}"]
    for line in figures if args.think_ms else reversed(figures):
        print(line)


if __name__ == "__main__":
    main()
