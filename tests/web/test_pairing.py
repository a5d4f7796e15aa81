"""Quick pairing (issue 36): the pool's range rule with a fake clock, then against a real
server: casual guests paired at once into a game with a clock, rated seeks for accounts only
and paired once their ranges widen, cancel, the owner alone reads a seek, three-hand needs
three, one seek per player, and the ``pairings`` rate limit."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import httpx
import pytest
from conftest import StartServer
from test_accounts import UNLIMITED, client, sign_up
from webclient import Server

from sixtysix.web.services.pairing import EXPIRE_SECONDS, KEEP_SECONDS, Seek, SeekPool
from sixtysix.web.store import Player

# ------------------------------------------------------------------ the pool, by a fake clock


class Clock:
    """A time source the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def names(pool: SeekPool) -> list[list[str]]:
    """The players of each group the pool would pair now."""
    return [[seek.player.name for seek in group] for group in pool.groups()]


def add(pool: SeekPool, name: str, rating: float, kind: str = "classic", rated: bool = True) -> Seek:
    """A seek of a player named ``name`` (its id too)."""
    return pool.add(Player(name, name), kind, 3 if kind == "three-hand" else 2, rated, rating)


def test_rated_seeks_pair_once_each_range_holds_the_other() -> None:
    clock = Clock()
    pool = SeekPool(clock)
    add(pool, "Ann", 1500)
    add(pool, "Bob", 1750)
    clock.now = 14.9
    assert names(pool) == [], "250 apart: not within ±200"
    clock.now = 15.0
    assert names(pool) == [["Ann", "Bob"]]

    clock.now = 100.0
    pool = SeekPool(clock)
    old = add(pool, "Cat", 1500)
    clock.now = 130.0
    assert pool.spread(old) == 400
    add(pool, "Dan", 1800)
    assert names(pool) == [], "the newcomer's own range is ±100"
    clock.now = 149.9
    assert names(pool) == []
    clock.now = 150.0
    assert names(pool) == [["Cat", "Dan"]]


def test_after_a_minute_any_rating_and_casual_seeks_ignore_ratings() -> None:
    clock = Clock()
    pool = SeekPool(clock)
    add(pool, "Ann", 900)
    add(pool, "Bob", 2600)
    add(pool, "Cat", 900, rated=False)
    add(pool, "Dan", 2600, rated=False)
    add(pool, "Eve", 1500, kind="santase", rated=False)
    assert names(pool) == [["Cat", "Dan"]], "rated and casual, and kinds, apart"
    clock.now = 59.9
    assert ["Ann", "Bob"] not in names(pool)
    clock.now = 60.0
    assert names(pool) == [["Ann", "Bob"], ["Cat", "Dan"]]


def test_oldest_first_and_three_hand_needs_three_compatible_seeks() -> None:
    clock = Clock()
    pool = SeekPool(clock)
    for name in ("Ann", "Bob", "Cat"):
        add(pool, name, 1500, rated=False)
        clock.now += 1
    assert names(pool) == [["Ann", "Bob"]]

    pool = SeekPool(clock)
    add(pool, "Ann", 1500, kind="three-hand")
    add(pool, "Bob", 1600, kind="three-hand")
    assert names(pool) == []
    add(pool, "Cat", 1700, kind="three-hand")
    assert names(pool) == [], "Ann and Cat are 200 apart"
    clock.now += 10
    assert names(pool) == [["Ann", "Bob", "Cat"]]


def test_one_seek_per_player_its_owner_reads_it_and_it_expires_unread() -> None:
    clock = Clock()
    pool = SeekPool(clock)
    ann = Player("Ann", "Ann")
    first = pool.add(ann, "classic", 2, False, 1500)
    second = pool.add(ann, "santase", 2, False, 1500)
    assert (first.status, second.status) == ("cancelled", "waiting")
    add(pool, "Bob", 1500)
    assert pool.find(second.id, Player("Bob", "Bob")) is None
    assert pool.cancel(second.id, Player("Bob", "Bob")) is None
    assert pool.find(second.id, ann) is second and second.status == "waiting"

    clock.now = 10.0
    pool.find(second.id, ann)
    clock.now = 10.0 + EXPIRE_SECONDS
    assert [seek.player.name for seek in pool.expire()] == ["Bob"], "Ann read hers 15 s ago"
    clock.now += 0.5
    assert [seek.player.name for seek in pool.expire()] == ["Ann"]
    assert (second.status, pool.find(second.id, ann)) == ("cancelled", second)
    clock.now += KEEP_SECONDS + 1
    pool.expire()
    assert pool.find(second.id, ann) is None, "forgotten a minute after it ended"


def test_a_paired_seek_stays_paired_when_cancelled() -> None:
    pool = SeekPool(Clock())
    ann, _ = add(pool, "Ann", 1500, rated=False), add(pool, "Bob", 1500, rated=False)
    (group,) = pool.groups()
    pool.paired(group, "g1")
    assert pool.cancel(ann.id, ann.player) is ann
    assert (ann.status, ann.game) == ("paired", "g1")
    assert pool.groups() == []


# --------------------------------------------------------------------------- a real server


def seek(http: httpx.Client, rules: str = "classic", rated: bool = False) -> dict[str, Any]:
    """Ask for a game now; the seek."""
    response = http.post("/api/pairing", json={"rules": rules, "rated": rated})
    assert response.status_code == 201, response.text
    found: dict[str, Any] = response.json()["seek"]
    return found


def read(http: httpx.Client, seek_id: str) -> dict[str, Any]:
    """The caller's seek."""
    response = http.get(f"/api/pairing/{seek_id}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()["seek"]
    return found


@pytest.fixture
def server(start_server: StartServer) -> Server:
    """A server of its own (its own pool of seeks), without rate limits."""
    return start_server(arguments=UNLIMITED)


def test_two_casual_guests_are_paired_into_one_game_with_a_clock(server: Server) -> None:
    ann, bob = server.guest("Ann"), server.guest("Bob")
    waiting = seek(ann.http)
    assert waiting["status"] == "waiting" and waiting["game"] is None
    assert (waiting["rated"], waiting["rating"], waiting["range"]) == (False, 1500, None)
    paired = seek(bob.http)
    assert paired["status"] == "paired"
    assert read(ann.http, waiting["id"])["game"] == paired["game"]
    games = [guest.http.get(f"/api/games/{paired['game']}").json()["game"] for guest in (ann, bob)]
    assert sorted(games[0]["players"]) == ["Ann", "Bob"]
    assert {games[0]["your_seat"], games[1]["your_seat"]} == {0, 1}
    assert games[0]["status"] == "playing" and games[0]["rules"] == "classic"
    assert (games[0]["rated"], games[0]["clock"]) == (False, {"move": 20, "bank": 60})


def test_rated_pairing_needs_accounts_and_a_preset(server: Server) -> None:
    guest = server.guest("Ann")
    refused = guest.http.post("/api/pairing", json={"rules": "classic", "rated": True})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "account_required"
    nobody = httpx.post(server.base + "/api/pairing", json={"rules": "classic"})
    assert nobody.status_code == 401
    for body in ({"rules": "classic match_target=3"}, {"rules": "chess"}):
        bad = guest.http.post("/api/pairing", json=body)
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_rules"
    assert guest.http.post("/api/pairing", json={"rules": "classic", "more": 1}).status_code == 400


def rate(server: Server, player_id: str, kind: str, mu: float) -> None:
    """Give a player a rating in a kind of game, in the server's database."""
    with sqlite3.connect(server.database_url.removeprefix("sqlite:///")) as db:
        db.execute("INSERT INTO ratings (player_id, kind, mu, sigma, games, updated) "
                   "VALUES (?, ?, ?, ?, ?, ?)", (player_id, kind, mu, 100.0, 10, "2026-12-01T00:00:00Z"))


def test_rated_accounts_far_apart_are_paired_once_the_range_widens_unasked(server: Server) -> None:
    ann, bob = client(server), client(server)
    ids = [sign_up(http, name)["player"]["id"] for http, name in ((ann, "Ann"), (bob, "Bob"))]
    rate(server, ids[0], "santase", 1500.0)
    rate(server, ids[1], "santase", 1620.0)
    first = seek(ann, "santase", rated=True)
    second = seek(bob, "santase", rated=True)
    assert (first["rating"], first["range"]) == (1500, {"low": 1400, "high": 1600})
    assert (second["status"], second["rating"]) == ("waiting", 1620)
    deadline = time.monotonic() + 30
    while not (history := ann.get("/api/history").json()["games"]):
        assert time.monotonic() < deadline, "the server pairs every second, unasked"
        time.sleep(0.5)
    paired = read(ann, first["id"])
    assert paired["status"] == "paired" and paired["waited"] >= 5 and paired["game"] == history[0]["id"]
    assert read(bob, second["id"])["game"] == paired["game"]
    game = ann.get(f"/api/games/{paired['game']}").json()["game"]
    assert (game["rated"], game["clock"], game["rules"]) == (True, {"move": 20, "bank": 60}, "santase")


def test_a_cancelled_seek_pairs_with_nobody_and_only_its_owner_reads_it(server: Server) -> None:
    ann, bob, eve = server.guest("Ann"), server.guest("Bob"), server.guest("Eve")
    mine = seek(ann.http)
    for method in ("GET", "DELETE"):
        other = eve.http.request(method, f"/api/pairing/{mine['id']}")
        assert other.status_code == 404 and other.json()["error"]["code"] == "no_seek"
    assert read(ann.http, mine["id"])["status"] == "waiting"
    cancelled = ann.http.delete(f"/api/pairing/{mine['id']}").json()["seek"]
    assert cancelled["status"] == "cancelled"
    assert read(ann.http, mine["id"])["status"] == "cancelled"
    assert seek(bob.http)["status"] == "waiting"
    assert ann.http.get("/api/pairing/nothing").status_code == 404


def test_three_hand_needs_three_and_a_new_seek_replaces_the_old(server: Server) -> None:
    ann, bob, cat = (server.guest(name) for name in ("Ann", "Bob", "Cat"))
    old = seek(ann.http, "three-hand")
    assert seek(bob.http, "three-hand")["status"] == "waiting"
    new = seek(ann.http, "pagat")
    assert read(ann.http, old["id"])["status"] == "cancelled"
    assert seek(cat.http, "three-hand")["status"] == "waiting", "Ann's three-hand seek is gone"
    dan = server.guest("Dan")
    third = seek(dan.http, "three-hand")
    assert third["status"] == "paired"
    game = dan.http.get(f"/api/games/{third['game']}").json()["game"]
    assert sorted(game["players"]) == ["Bob", "Cat", "Dan"] and game["status"] == "playing"
    assert read(ann.http, new["id"])["status"] == "waiting"


def test_seeks_are_rate_limited(start_server: StartServer) -> None:
    server = start_server(arguments=["--rate-limit", "pairings=2/hour"])
    ann = server.guest("Ann")
    seek(ann.http)
    seek(ann.http, "santase")
    refused = ann.http.post("/api/pairing", json={"rules": "classic"})
    assert refused.status_code == 429 and 1 <= int(refused.headers["retry-after"]) <= 3600
    assert refused.json()["error"]["message"].startswith("too many pairing requests from your address")
