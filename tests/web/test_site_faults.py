"""Faults of a site (deploy/localsite.py: nginx, two processes, PostgreSQL, Redis): a process
killed in the middle of several games, with bots thinking and a clock running, and Redis
restarted in the middle of a game. Every client reconnects through nginx and plays on;
nothing is lost or applied twice: every state a client was shown is the stored game's, and
every stored match replays with ``sixtysix replay``."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from localsite import LocalSite
from test_health import metric
from webclient import Endpoint, Guest, Socket
from websockets.exceptions import ConnectionClosed, InvalidStatus

pytestmark = pytest.mark.slow


def cards_first(view: dict[str, Any], rng: random.Random) -> str:
    """A random card (or draw, or pass) when there is one, else any legal action: rounds are
    played out, so that a match lasts long enough to be interrupted."""
    legal: list[str] = view["legal"]
    cards = [a for a in legal if (len(a) == 2 and a[0] != "M") or a in ("draw", "pass")]
    return rng.choice(cards or legal)


class Seat:
    """A person's seat played by a client connected through nginx (or first to ``first``, one
    process) that reconnects through nginx whenever its socket closes, and sends its intent
    again after reconnecting (with the state's ``seq``: a repeated intent is applied once)."""

    def __init__(self, site: LocalSite, guest: Guest, game: str, seat: int, rng: random.Random,
                 first: Endpoint | None = None) -> None:
        self.site, self.guest, self.game, self.seat, self.rng = site, guest, game, seat, rng
        self.seen: list[dict[str, Any]] = []
        self.reconnects = 0
        self.socket = self._connect(first or site)
        self.state: dict[str, Any] | None = None
        self.sent: int | None = None

    def _connect(self, endpoint: Endpoint) -> Socket:
        deadline = time.monotonic() + 60
        while True:
            try:
                return Socket(endpoint, self.game, {"Cookie": f"sixtysix_token={self.guest.token}"})
            except (OSError, InvalidStatus):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def step(self) -> None:
        """Read what has come and act if it is this seat's turn in a state not yet answered."""
        try:
            while True:
                message = self.socket.recv(0)
                if message["type"] == "state":
                    self.state = message
                    self.seen.append(message)
        except TimeoutError:
            pass
        except ConnectionClosed:
            self.reconnects += 1
            self.socket = self._connect(self.site)
            self.sent = None
            return
        state = self.state
        if state is None or state["game"]["status"] != "playing" or state["view"] is None:
            return
        view = state["view"]
        if view["to_act"] == self.seat and view["legal"] and self.sent != state["seq"]:
            self.sent = state["seq"]
            self.socket.send({"type": "act", "action": cards_first(view, self.rng), "seq": state["seq"]})

    @property
    def over(self) -> bool:
        """Whether this seat has been shown the match's end."""
        return self.state is not None and self.state["game"]["status"] == "over"


def play(seats: list[Seat], until: Any, timeout: float = 240) -> None:
    """Step every seat until ``until()`` holds."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the games did not go on"
        for seat in seats:
            seat.step()
        time.sleep(0.005)


def stored(site: LocalSite, game: str) -> list[tuple[int, str, int | None, str]]:
    """A game's stored moves (seq, kind, seat, value), read from its database."""
    import psycopg

    with psycopg.connect(site.database_url) as db:
        rows = db.execute("SELECT seq, kind, seat, value FROM moves WHERE game_id = %s ORDER BY seq",
                          (game,)).fetchall()
    return [(seq, kind, seat, value) for seq, kind, seat, value in rows]


def check(site: LocalSite, games: dict[str, list[Seat]], tmp_path: Path) -> None:
    """Every state each seat was shown is its game's as stored (the same last action at the
    same move number), the moves are numbered without gaps, and each finished match's
    record replays."""
    for game, seats in games.items():
        moves = stored(site, game)
        assert [move[0] for move in moves] == list(range(1, len(moves) + 1))
        last: dict[int, tuple[int, str] | None] = {}
        current: tuple[int, str] | None = None
        for seq, kind, seat, value in moves:
            if kind == "act":
                assert seat is not None
                current = (seat, value)
            elif kind == "deal":
                current = None
            last[seq] = current
        for client in seats:
            for state in client.seen:
                shown = None if state["last"] is None else (state["last"]["actor"], state["last"]["action"])
                assert last[state["seq"]] == shown, (game, state["seq"], shown)
        record = httpx.get(f"{site.base}/api/games/{game}/record", timeout=30)
        assert record.status_code == 200, record.text
        path = tmp_path / f"{game}.ssn"
        path.write_text(record.text, encoding="utf-8")
        replayed = subprocess.run([sys.executable, "-m", "sixtysix", "replay", str(path)],
                                  capture_output=True, text=True, check=False)
        assert replayed.returncode == 0, replayed.stderr


def status(site: LocalSite, game: str) -> str:
    """A game's stored status."""
    import psycopg

    with psycopg.connect(site.database_url) as db:
        row = db.execute("SELECT status FROM games WHERE id = %s", (game,)).fetchone()
    assert row is not None
    return str(row[0])


def acts(site: LocalSite, game: str) -> int:
    """How many actions a game has stored."""
    return sum(move[1] == "act" for move in stored(site, game))


def thinking(site: LocalSite, index: int) -> bool:
    """Whether a bot is deciding in process ``index`` now (its own metrics, not nginx's)."""
    exposition = httpx.get(site.process_base(index) + "/metrics", timeout=30).text
    return metric(exposition, "sixtysix_bot_queue") >= 1


def test_a_process_killed_mid_games_loses_nothing(site: LocalSite, tmp_path: Path) -> None:
    rng = random.Random(11)
    games: dict[str, list[Seat]] = {}
    ann, bob = Guest(site, "Ann"), Guest(site, "Bob")
    clock = {"move": 60, "bank": 60}
    clocked = ann.create(opponent="human", rules="classic", clock=clock)["id"]
    bob.join(clocked)
    games[clocked] = [Seat(site, ann, clocked, 0, rng), Seat(site, bob, clocked, 1, rng)]
    for level in ("hard", "expert", "hard"):  # their bots decide where their player's socket is
        cat = Guest(site, "Cat")
        game = cat.create(opponent="bot", level=level, rules="classic")["id"]
        games[game] = [Seat(site, cat, game, 0, rng, first=site.processes[0])]
    dan, eve = Guest(site, "Dan"), Guest(site, "Eve")
    three = dan.create(rules="three-hand", seats=["human", "hard"])["id"]
    eve.join(three)
    games[three] = [Seat(site, dan, three, 0, rng), Seat(site, eve, three, 1, rng)]
    seats = [seat for group in games.values() for seat in group]

    play(seats, lambda: all(acts(site, game) >= 4 for game in games) and thinking(site, 0))
    assert all(status(site, game) == "playing" for game in games), "every match in play, the clock's too"
    site.kill(0)
    play(seats, lambda: all(seat.over for seat in seats))
    assert sum(seat.reconnects for seat in seats) > 0, "some clients were on the killed process"
    check(site, games, tmp_path)


def test_redis_restarted_mid_game_pauses_nothing_for_long(site: LocalSite, tmp_path: Path) -> None:
    rng = random.Random(12)
    ann, bob, cat = Guest(site, "Ann"), Guest(site, "Bob"), Guest(site, "Cat")
    people = ann.create(opponent="human", rules="classic match_target=3")["id"]
    bob.join(people)
    bot = cat.create(opponent="bot", level="easy", rules="classic match_target=3")["id"]
    games = {people: [Seat(site, ann, people, 0, rng), Seat(site, bob, people, 1, rng)],
             bot: [Seat(site, cat, bot, 0, rng)]}
    seats = [seat for group in games.values() for seat in group]
    play(seats, lambda: all(acts(site, game) >= 6 for game in games))
    site.stop_redis()
    before = {game: acts(site, game) for game in games}
    time.sleep(2)
    for seat in seats:
        seat.step()
    site.start_redis()
    play(seats, lambda: all(acts(site, game) > before[game] + 4 for game in games))
    play(seats, lambda: all(seat.over for seat in seats))
    check(site, games, tmp_path)
