"""Load on the web server: N concurrent games on loopback, every action timed.

Starts ``sixtysix serve`` on a fresh SQLite file (or uses ``--database-url``), then
plays N games at once: every other game between two scripted WebSocket clients, the
rest between one client and a server-side bot (``easy``). The two players are signed-in
accounts, and every game has a move clock (``--clock``, default 20 s a move and a 60 s
bank; the think times stay well within it); the games between them are rated when the
rules are a preset's unchanged (rated games need that). The clients are fast bots:
a random legal action, mostly a card, chosen in no time; before sending it each waits a
think time drawn uniformly from 0 to twice ``--think-ms`` (default 500 ms, about a
person's pace; ``--think-ms 0`` plays every game flat out, a saturation test whose
latency is the number of games over the server's throughput). The time of one action
is from sending it to receiving the sender's own next state.

At the end each game's stored record is downloaded, replayed with the engine, and
compared with what its clients saw: every action since they connected, in the same order,
and the same score.
Prints the counts, then ``p99_ms: X`` as the last line.

    python benchmarks/load.py [--games 200] [--think-ms 500] [--rules classic] [--clock 20+60]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect

from sixtysix.notation import Record
from sixtysix.rules import PRESET_NAMES

UNLIMITED = ("games", "invitations", "joins", "signups")
"""The server's rate limits the benchmark lifts: its one address makes every game."""
PASSWORD = "load benchmark password"
"""The password of the benchmark's accounts."""


@dataclass
class Seen:
    """What the clients of one game saw: the actions in order and the final score."""

    actions: list[tuple[int, int, str]] = field(default_factory=list)
    score: list[int] | None = None


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A random legal action, mostly a card (random declarations end rounds at once)."""
    legal: list[str] = view["legal"]
    cards = [a for a in legal if (len(a) == 2 and a[0] != "M") or a in ("draw", "pass")]
    return rng.choice(cards if cards and rng.random() < 0.9 else legal)


async def client(port: int, game_id: str, token: str, seat: int, rng: random.Random,
                 times: list[float], seen: Seen | None, think: float) -> None:
    """Play one seat of a game until the match is over, timing each action."""
    url = f"ws://127.0.0.1:{port}/ws/games/{game_id}"
    async with connect(url, additional_headers={"Cookie": f"sixtysix_session={token}"},
                       max_size=None) as ws:
        sent: tuple[str, float] | None = None
        acted_on: Any = None
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "chat":  # the chat kept with a game between people: none here
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
            if view is not None and view["to_act"] == seat and view["legal"] and view != acted_on:
                acted_on = view
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                action = choose(view, rng)
                sent = (action, time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action}))


def check(record_text: str, seen: Seen) -> None:
    """The stored record replays and equals what the clients saw."""
    record = Record.parse(record_text)
    match = record.replay()
    if seen.score != list(match.score):
        raise AssertionError(f"score {seen.score} seen, {list(match.score)} stored")
    told = [(rnd, token) for rnd, _, token in seen.actions if token not in ("draw", "pass")]
    stored = [(number, a.token) for number, entry in enumerate(record.rounds, 1) for a in entry.actions]
    # The client hears every action from the moment it connects: the record ends with them all.
    if not told or told != stored[len(stored) - len(told):]:
        raise AssertionError("the stored actions differ from what the clients saw")


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


async def run(port: int, games: int, rules: str, seed: int, think: float,
              clock: dict[str, int]) -> tuple[list[float], float]:
    """Play the games; returns every action's round trip in seconds and the elapsed time."""
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=120) as ann, \
            httpx.AsyncClient(base_url=base, timeout=120) as bob:
        for person in (ann, bob):
            person.event_hooks["request"].append(_echo_csrf(person))
        tokens = [await sign_up(ann, "Ann"), await sign_up(bob, "Bob")]
        rated = rules.strip() in PRESET_NAMES
        times: list[float] = []
        plays = []
        ids = []
        seens = []
        for number in range(games):
            rng = random.Random(seed * 100_003 + number)
            if number % 2:
                response = await ann.post("/api/games", json={"opponent": "bot", "level": "easy",
                                                              "rules": rules, "clock": clock})
                game_id = response.json()["game"]["id"]
                seats = [0]
            else:
                response = await ann.post("/api/games", json={"opponent": "human", "rules": rules,
                                                              "rated": rated, "clock": clock})
                game_id = response.json()["game"]["id"]
                await bob.post(f"/api/games/{game_id}/join")
                seats = [0, 1]
            seen = Seen()
            ids.append(game_id)
            seens.append(seen)
            for seat in seats:
                plays.append(client(port, game_id, tokens[seat], seat, random.Random(rng.random()), times,
                                    seen if seat == 0 else None, think))
        # The clients' own garbage collector would add its pauses to the server's times.
        gc.freeze()
        gc.set_threshold(20_000, 50, 1000)
        start = time.perf_counter()
        await asyncio.gather(*plays)
        elapsed = time.perf_counter() - start
        for game_id, seen in zip(ids, seens, strict=True):
            check((await ann.get(f"/api/games/{game_id}/record")).text, seen)
    return times, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--rules", default="classic",
                        help="rules of every game (default classic: a preset's, so that games between "
                             "people are rated)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients and the server")
    parser.add_argument("--clock", type=clock_of, default=clock_of("20+60"),
                        help="every game's move clock, MOVE+BANK seconds (default 20+60)")
    parser.add_argument("--database-url", default=None, help="database (default: a fresh SQLite file)")
    parser.add_argument("--port", type=int, default=8167, help="port of the server (default 8167)")
    parser.add_argument("--think-ms", type=float, default=500.0,
                        help="mean think time of the clients before each action, drawn uniformly "
                             "from 0 to twice it (default 500; 0: act at once)")
    parser.add_argument("--connect", action="store_true",
                        help="use a server already running on --port instead of starting one")
    args = parser.parse_args()
    if args.connect:
        report(args, *asyncio.run(run(args.port, args.games, args.rules, args.seed, args.think_ms / 1000,
                                      args.clock)))
        return
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/load.db"
        server = subprocess.Popen([sys.executable, "-m", "sixtysix", "serve", "--port", str(args.port),
                                   "--database-url", url, "--seed", str(args.seed),
                                   *(f"--rate-limit={kind}=none" for kind in UNLIMITED)],
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
            think = args.think_ms / 1000
            times, elapsed = asyncio.run(run(args.port, args.games, args.rules, args.seed, think, args.clock))
        finally:
            server.terminate()
            server.wait(30)
    report(args, times, elapsed)


def report(args: argparse.Namespace, times: list[float], elapsed: float) -> None:
    """Print the figures, ``p99_ms`` last."""
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
    print(f"games: {args.games} ({args.games - args.games // 2} between two clients), rules: {args.rules}, "
          f"think time: {args.think_ms:g} ms, clock: {args.clock['move']}+{args.clock['bank']} s, "
          f"signed-in players")
    print(f"actions timed: {len(times)} in {elapsed:.1f} s ({len(times) / elapsed:.0f}/s); "
          f"every stored record replays and equals what its clients saw")
    print(f"median_ms: {statistics.median(times) * 1000:.1f}")
    print(f"p99_ms: {p99:.1f}")


if __name__ == "__main__":
    main()
