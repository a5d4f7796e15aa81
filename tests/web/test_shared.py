"""What the processes of a site share through Redis (issue 38): the quick pairing's pool by
a fake clock against a real Redis (two pools as two processes: a group is claimed by one
only, a claim whose process died is cancelled, stale seeks expire), the mutes and the limits
while Redis is away; then two ``sixtysix serve`` processes on one PostgreSQL database and one
Redis: a rate limit counted by both, seeks posted to different processes paired into one
playable game (two- and three-hand), and a mute made through one process in force on the
other."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
from conftest import StartServer
from localsite import RedisServer
from test_chat import chat, chats, seated, texts
from test_pairing import Clock, read, seek
from webclient import Server, Socket, first_state, my_turn, with_csrf

from sixtysix.web.errors import GameError
from sixtysix.web.ratelimits import Limiter, RateLimits
from sixtysix.web.services.chat import MUTES_KEPT, Mutes
from sixtysix.web.services.cluster import Cluster
from sixtysix.web.services.pairing import EXPIRE_SECONDS, KEEP_SECONDS, LOCK_SECONDS, Pairing, SharedSeekPool
from sixtysix.web.store import Player

# ------------------------------------------------------------------ the pool in Redis, by a fake clock


@pytest.fixture
async def redis(redis_server: RedisServer) -> AsyncIterator[aioredis.Redis]:
    """A client of the test's Redis server."""
    client = aioredis.Redis.from_url(redis_server.url)
    yield client
    await client.aclose()


def player(name: str) -> Player:
    """A guest named ``name`` (its id too)."""
    return Player(name, name)


async def test_the_range_rule_holds_in_redis_and_the_pool_is_one_for_every_process(
        redis: aioredis.Redis) -> None:
    clock = Clock()
    here, there = SharedSeekPool(redis, clock), SharedSeekPool(redis, clock)
    clock.now = 1_000_000.0
    ann = await here.add(player("Ann"), "classic", 2, True, 1500)
    clock.now += 1
    await there.add(player("Bob"), "classic", 2, True, 1750)
    await there.add(player("Cat"), "santase", 2, True, 1500)
    assert await here.groups() == [], "250 apart, and another kind"
    clock.now += 15.0
    assert [[seek.player.name for seek in group] for group in await here.groups()] == [["Ann", "Bob"]]
    assert here.spread(ann) == 250 and await there.find(ann.id, player("Bob")) is None
    found = await there.find(ann.id, player("Ann"))
    assert found is not None and (found.rating, found.created, found.status) == (1500, ann.created, "waiting")

    again = await there.add(player("Ann"), "santase", 2, True, 1500)
    replaced = await here.find(ann.id, player("Ann"))
    assert replaced is not None and replaced.status == "cancelled", "a new seek replaces the old"
    assert [{seek.player.name for seek in group} for group in await here.groups()] == [{"Ann", "Cat"}]
    assert (await here.cancel(again.id, player("Ann")) or again).status == "cancelled"
    assert await there.groups() == []


async def test_a_group_is_claimed_by_one_process_and_its_seeks_read_paired_everywhere(
        redis: aioredis.Redis) -> None:
    clock = Clock()
    here, there = SharedSeekPool(redis, clock), SharedSeekPool(redis, clock)
    seeks = [await here.add(player(name), "three-hand", 3, False, 1500) for name in ("Ann", "Bob", "Cat")]
    (group,) = await here.groups()
    (same,) = await there.groups()
    assert await here.claim(group)
    assert not await there.claim(same), "taken already"
    assert await there.groups() == [], "a claimed group waits no more"
    await here.paired(group, "g1")
    for mine in seeks:
        found = await there.find(mine.id, mine.player)
        assert found is not None and (found.status, found.game) == ("paired", "g1")
        assert await here.cancel(mine.id, mine.player) == found, "a paired seek stays paired"

    dan = await there.add(player("Dan"), "classic", 2, False, 1500)
    clock.now += 1
    eve = await there.add(player("Eve"), "classic", 2, False, 1500)
    (pair,) = await here.groups()
    assert await here.claim(pair)
    await here.release(pair)
    assert [[seek.id for seek in group] for group in await there.groups()] == [[dan.id, eve.id]], \
        "a game that could not be opened leaves its group waiting"


async def test_stale_seeks_and_the_claims_of_dead_processes_are_cancelled(redis: aioredis.Redis) -> None:
    clock = Clock()
    pool = SharedSeekPool(redis, clock)
    ann = await pool.add(player("Ann"), "classic", 2, False, 1500)
    bob = await pool.add(player("Bob"), "santase", 2, False, 1500)
    clock.now = 10.0
    await pool.find(ann.id, ann.player)
    clock.now = 10.0 + EXPIRE_SECONDS
    assert [seek.player.name for seek in await pool.expire()] == ["Bob"], "Ann read hers 15 s ago"
    assert (await pool.find(bob.id, bob.player) or bob).status == "cancelled"
    assert await redis.ttl(b"sixtysix:pairing:seek:" + bob.id.encode()) <= KEEP_SECONDS + 1

    cat = await pool.add(player("Cat"), "classic", 2, False, 1500)
    (group,) = await pool.groups()
    assert await pool.claim(group)
    clock.now += 2 * LOCK_SECONDS - 1
    await pool.find(cat.id, cat.player)
    await pool.find(ann.id, ann.player)
    assert await pool.expire() == [], "its process may still be opening the game"
    clock.now += 2
    assert sorted(seek.player.name for seek in await pool.expire()) == ["Ann", "Cat"]
    await pool.paired(group, "late")
    assert (await pool.find(cat.id, cat.player) or cat).game == "late", "a late game still reaches its seeks"


async def test_processes_pairing_at_once_open_each_group_once(redis_server: RedisServer) -> None:
    opened: list[list[str]] = []

    async def opener(kind: str, players: Sequence[Player], rated: bool) -> str:
        await asyncio.sleep(0.01)
        opened.append([p.id for p in players])
        return f"game{len(opened)}"

    clusters = [Cluster(redis_server.url) for _ in range(3)]
    pairings = [Pairing(_NoRatings(), opener, cluster=cluster) for cluster in clusters]  # type: ignore[arg-type]
    people = [player(f"P{n}") for n in range(12)]
    made = await asyncio.gather(*(pairings[n % 3].seek(person, "classic", 2, False)
                                  for n, person in enumerate(people)))
    reads = await asyncio.gather(*(pairings[(n + 1) % 3].find(mine.id, mine.player)
                                   for n, mine in enumerate(made)))
    games = [found.game for found in reads if found is not None]
    assert len(games) == 12 and len(set(games)) == 6 and len(opened) == 6
    assert sorted(p for group in opened for p in group) == sorted(p.id for p in people), "each in one game"
    async with pairings[0].pool.locked():
        found = await pairings[1].find(made[0].id, made[0].player)
    assert found is not None and found.game == games[0], "a read waits for no pairing round"
    for cluster in clusters:
        await cluster.close()


class _NoRatings:
    """The storage of players without ratings, as :class:`Pairing` reads it."""

    store = SimpleNamespace(ratings_of=None)

    async def run(self, *_: Any) -> dict[str, Any]:
        return {}


# -------------------------------------------------------------------------- while Redis is away


async def test_while_redis_is_away_limits_count_locally_and_mutes_are_refused(
        redis_server: RedisServer, redis: aioredis.Redis) -> None:
    limiter = Limiter(RateLimits(games="2/hour"), redis_server.url)
    assert await limiter.hit("192.0.2.7", "games") is None
    assert all(key.startswith(b"sixtysix:limits:") for key in await redis.keys("*"))
    mutes = Mutes(redis)
    await mutes.change("g", "p1", 1, True)
    assert await Mutes(redis).seats("g", "p1") == {1}
    assert MUTES_KEPT - 5 <= await redis.ttl("sixtysix:chat:muted:g:p1") <= MUTES_KEPT
    redis_server.stop()
    assert [await limiter.hit("192.0.2.7", "games") for _ in range(2)] == [None, None], "counted anew"
    refused = await limiter.hit("192.0.2.7", "games")
    assert refused is not None and refused.kind == "games" and 3500 < refused.wait <= 3600
    with pytest.raises(GameError) as away:
        await mutes.seats("g", "p1")
    assert away.value.code == "chat_unavailable"
    pool = SharedSeekPool(redis)
    with pytest.raises(GameError) as busy:
        async with pool.locked():
            pass
    assert busy.value.code == "unavailable"


# ------------------------------------------------------------------- two processes of one site


def two(database_url: str, redis_server: RedisServer, start_server: StartServer,
        *arguments: str) -> tuple[Server, Server]:
    """Two processes of one site: one PostgreSQL database, one Redis."""
    first, second = (start_server(database_url, arguments=["--redis-url", redis_server.url, *arguments])
                     for _ in range(2))
    return first, second


def on(server: Server, http: httpx.Client) -> httpx.Client:
    """A client of ``server`` with the cookies of ``http`` (a player of the same site)."""
    return with_csrf(httpx.Client(base_url=server.base, timeout=30, cookies=http.cookies))


postgresql = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)


@postgresql
def test_a_rate_limit_counts_the_requests_to_every_process(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    a, b = two(database_url, redis_server, start_server, "--rate-limit", "games=3/minute")
    ann, bob = a.guest("Ann"), b.guest("Bob")
    for _ in range(2):
        ann.create(opponent="bot", level="easy")
    bob.create(opponent="bot", level="easy")
    for http in (ann.http, bob.http, on(b, ann.http)):
        refused = http.post("/api/games", json={"opponent": "bot", "level": "easy"})
        assert refused.status_code == 429, refused.text
        assert 1 <= int(refused.headers["retry-after"]) <= 60


@postgresql
def test_seeks_posted_to_different_processes_pair_into_one_playable_game(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    a, b = two(database_url, redis_server, start_server)
    ann, bob = a.guest("Ann"), b.guest("Bob")
    first = seek(ann.http)
    assert first["status"] == "waiting"
    second = seek(bob.http)
    ann_there = on(b, ann.http)
    paired = [read(ann_there, first["id"]), read(on(a, bob.http), second["id"])]
    assert [s["status"] for s in paired] == ["paired", "paired"] and paired[0]["game"] == paired[1]["game"]
    game = paired[0]["game"]
    assert read(ann.http, first["id"])["game"] == game
    seen = ann_there.get(f"/api/games/{game}").json()["game"]
    assert sorted(seen["players"]) == ["Ann", "Bob"] and seen["status"] == "playing"

    sockets, states = [], []
    for guest in (ann, bob):
        sockets.append(Socket(a, game, {"Cookie": f"sixtysix_token={guest.token}"}))
        states.append(first_state(sockets[-1]))
    seats = [state["game"]["your_seat"] for state in states]
    mover = next(n for n, state in enumerate(states) if state["view"]["to_act"] == seats[n])
    state = sockets[mover].settle(my_turn(seats[mover]))
    sockets[mover].send({"type": "act", "action": state["view"]["legal"][0]})
    for socket in sockets:
        socket.until(lambda m: m["type"] == "state" and m["last"] is not None)
        socket.close()


@postgresql
def test_three_seeks_on_two_processes_make_one_three_hand_game(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    a, b = two(database_url, redis_server, start_server)
    guests = [a.guest("Ann"), b.guest("Bob"), a.guest("Cat")]
    made = [seek(guest.http, "three-hand") for guest in guests]
    assert [s["status"] for s in made] == ["waiting", "waiting", "paired"]
    games = {read(on(server, guest.http), s["id"])["game"]
             for guest, s in zip(guests, made, strict=True) for server in (a, b)}
    assert len(games) == 1
    (game,) = games
    seen = guests[0].http.get(f"/api/games/{game}").json()["game"]
    assert sorted(seen["players"]) == ["Ann", "Bob", "Cat"] and seen["rules"] == "three-hand"


@postgresql
def test_a_mute_made_through_one_process_holds_on_the_other(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    a, b = two(database_url, redis_server, start_server)
    ann, bob = a.guest("Ann"), a.guest("Bob")
    game = ann.create(opponent="human", rules="classic")["id"]
    bob.join(game)
    here = ann.socket(game)
    seated(here)
    here.send({"type": "mute", "seat": 1, "muted": True})
    assert chat(here)["muted"] == [1]
    here.close()

    cookies = [{"Cookie": f"sixtysix_token={guest.token}"} for guest in (ann, bob)]
    there = [Socket(b, game, cookie) for cookie in cookies]
    assert [seated(socket)["muted"] for socket in there] == [[1], []]
    for socket in there:
        socket.settle()
    there[1].send({"type": "chat", "text": "can you hear me?"})
    assert texts(chat(there[1])) == [(1, "can you hear me?")]
    there[0].send({"type": "chat", "text": "Bob hears me"})
    assert texts(chat(there[1])) == [(0, "Bob hears me")]
    assert [texts(m) for m in chats(there[0]) if not m["history"]] == [[(0, "Bob hears me")]]
    for socket in there:
        socket.close()


@postgresql
def test_a_seat_connecting_while_redis_is_away_keeps_its_socket_without_the_chat(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    (a, _) = two(database_url, redis_server, start_server)
    ann, bob = a.guest("Ann"), a.guest("Bob")
    game = ann.create(opponent="human", rules="classic")["id"]
    bob.join(game)
    redis_server.stop()
    socket = ann.socket(game)
    assert socket.until(lambda m: m["type"] == "error")["code"] == "chat_unavailable"
    socket.send({"type": "ping"})
    socket.until(lambda m: m["type"] == "pong")
    assert socket.state is not None and socket.state["game"]["status"] == "playing"
    socket.close()
