"""A site of several processes: two ``sixtysix serve`` processes on one PostgreSQL database
and one Redis, each player connected to another process. Whole two- and three-hand matches
are played across them, a watcher on a process of its own sees every state, a bot's
decisions and the clock run wherever the queue sends them, and one move sent to both
processes at once is applied once."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from conftest import StartServer
from redisserver import RedisServer
from webclient import Guest, Server, Socket, mostly_cards, pending, play

from sixtysix.notation import Record

pytestmark = [pytest.mark.parametrize("database_url", ["postgresql"], indirect=True), pytest.mark.slow]


def site(database_url: str, redis_server: RedisServer, start_server: StartServer,
         processes: int = 2, **options: Any) -> list[Server]:
    """The processes of a site on the test's database and Redis."""
    return [start_server(database_url, arguments=["--redis-url", redis_server.url], **options)
            for _ in range(processes)]


def socket(guest: Guest, server: Server, game_id: str) -> Socket:
    """A guest's WebSocket to a game through ``server`` (any process of the site)."""
    return Socket(server, game_id, {"Cookie": f"sixtysix_token={guest.token}"})


def actions(received: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The actions a connection was shown, in order (each once)."""
    seen: list[tuple[int, int, str]] = []
    for message in received:
        if message["type"] == "state" and message["last"] is not None:
            last = (int(message["seq"]), int(message["last"]["actor"]), str(message["last"]["action"]))
            if not seen or seen[-1] != last:
                seen.append(last)
    return [(actor, action) for _, actor, action in seen]


def stored_actions(database_url: str, game_id: str) -> list[tuple[int, str]]:
    """The actions stored of a game, in order, read from the database itself."""
    import psycopg

    with psycopg.connect(database_url) as db:
        rows = db.execute("SELECT seat, value FROM moves WHERE game_id = %s AND kind = 'act' ORDER BY seq",
                          (game_id,)).fetchall()
    return [(seat, value) for seat, value in rows]


def answer(seq: int, message: dict[str, Any]) -> bool:
    """Whether a message answers an intent sent at move ``seq``: an error, or a later state."""
    return bool(message["type"] == "error" or (message["type"] == "state" and message["seq"] > seq))


def later(seq: int, state: dict[str, Any]) -> bool:
    """Whether a state is past move ``seq``."""
    return bool(state["seq"] > seq)


def test_two_people_on_two_processes_play_a_match_which_a_third_connection_watches(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    one, two = site(database_url, redis_server, start_server)
    ann, bob, eve = one.guest("Ann"), two.guest("Bob"), one.guest("Eve")
    game = ann.create(opponent="human", rules="classic match_target=3")
    bob.join(game["id"])
    sockets: list[Socket | None] = [socket(ann, one, game["id"]), socket(bob, two, game["id"])]
    watcher = socket(eve, two, game["id"])
    last = play(sockets, partial(mostly_cards, rng=random.Random(4)), timeout=240)
    assert last["game"]["status"] == "over"
    record = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text)
    assert record.replay().score == tuple(last["game"]["score"])
    watcher.settle(lambda state: state["game"]["status"] == "over")
    moves = stored_actions(database_url, game["id"])
    for seen in [*sockets, watcher]:
        assert seen is not None
        pending(seen)
        assert seen.state is not None and seen.state["game"]["score"] == last["game"]["score"]
        assert actions(seen.received) == moves, "every action shown once, in order"


def test_a_person_on_one_process_plays_a_bot_whose_turns_any_process_takes(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    one, two = site(database_url, redis_server, start_server)
    ann = one.guest("Ann")
    game = ann.create(opponent="bot", level="easy", rules="classic match_target=2")
    seated = socket(ann, two, game["id"])
    last = play([seated], partial(mostly_cards, rng=random.Random(2)), timeout=240)
    assert last["game"]["status"] == "over"
    record = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text)
    assert record.replay().score == tuple(last["game"]["score"])
    assert actions(seated.received) == stored_actions(database_url, game["id"])


def test_three_hands_across_processes(database_url: str, redis_server: RedisServer,
                                      start_server: StartServer) -> None:
    one, two = site(database_url, redis_server, start_server)
    ann, bob = one.guest("Ann"), two.guest("Bob")
    game = ann.create(rules="three-hand match_target=3", seats=["human", "easy"])
    bob.join(game["id"])
    sockets: list[Socket | None] = [socket(ann, two, game["id"]), socket(bob, one, game["id"]), None]
    last = play(sockets, partial(mostly_cards, rng=random.Random(6)), timeout=240)
    assert last["game"]["status"] == "over" and max(last["game"]["score"]) >= 3
    record = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text)
    assert record.replay().score == tuple(last["game"]["score"])
    for seen in sockets[:2]:
        assert seen is not None
        assert actions(seen.received) == stored_actions(database_url, game["id"])


def test_one_move_sent_to_two_processes_at_once_is_applied_once(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    one, two = site(database_url, redis_server, start_server)
    ann, bob = one.guest("Ann"), two.guest("Bob")
    game = ann.create(opponent="human", rules="classic")
    bob.join(game["id"])
    guests = [ann, bob]
    for repeat in range(8):
        before = stored_actions(database_url, game["id"])
        pair = [socket(guest, server, game["id"]) for guest in guests for server in (one, two)]
        seat = pair[0].until(lambda m: m["type"] == "state")["view"]["to_act"]
        mine = pair[2 * seat:2 * seat + 2]
        state = mine[0].until(lambda m: m["type"] == "state")
        mine[1].until(lambda m: m["type"] == "state")
        seq, token = state["seq"], state["view"]["legal"][0]
        # With its seq, the repeated intent is answered with the state; without, refused.
        intent: dict[str, Any] = {"type": "act", "action": token, **({"seq": seq} if repeat % 2 else {})}
        for each in mine:
            each.send(intent)
        answers = [each.until(partial(answer, seq)) for each in mine]
        for each in pair:
            each.settle(partial(later, seq))
        assert stored_actions(database_url, game["id"]) == [*before, (seat, token)]
        refused = [answer["code"] for answer in answers if answer["type"] == "error"]
        assert refused == ([] if "seq" in intent else refused[:1])
        assert set(refused) <= {"not_your_turn", "illegal"}
        for each in pair:
            each.close()


def two_people(servers: list[Server], **body: Any) -> tuple[str, list[Guest], list[Socket]]:
    """A two-hand game of Ann (seat 0, connected to the first process) and Bob (seat 1,
    to the second), made on the first and joined on the second."""
    ann, bob = servers[0].guest("Ann"), servers[1].guest("Bob")
    game = ann.create(opponent="human", **body)["id"]
    bob.join(game)
    sockets = [socket(ann, servers[0], game), socket(bob, servers[1], game)]
    for each in sockets:
        each.until(lambda m: m["type"] == "state")
    return game, [ann, bob], sockets


def over(message: dict[str, Any]) -> bool:
    """Whether a message is a state of the match over."""
    return bool(message["type"] == "state" and message["game"]["status"] == "over")


def stored_kinds(database_url: str, game_id: str) -> list[tuple[str, int | None]]:
    """The kind and seat of each stored move of a game."""
    import psycopg

    with psycopg.connect(database_url) as db:
        rows = db.execute("SELECT kind, seat FROM moves WHERE game_id = %s ORDER BY seq",
                          (game_id,)).fetchall()
    return [(kind, seat) for kind, seat in rows]


def test_the_clock_of_a_site_runs_out_once(database_url: str, redis_server: RedisServer,
                                           start_server: StartServer) -> None:
    servers = site(database_url, redis_server, start_server)
    game, _, sockets = two_people(servers, clock={"move": 5, "bank": 0})
    late = sockets[0].state["view"]["to_act"] if sockets[0].state else None
    for each in sockets:
        ended = each.until(over, timeout=60)
        assert ended["game"]["ending"] == "time" and ended["game"]["winner"] == 1 - (late or 0)
    assert stored_kinds(database_url, game) == [("deal", None), ("timeout", late)]


def test_a_seat_away_from_every_process_may_be_claimed(database_url: str, redis_server: RedisServer,
                                                        start_server: StartServer) -> None:
    servers = site(database_url, redis_server, start_server, away_limit=2)
    game, guests, sockets = two_people(servers)
    other = socket(guests[1], servers[0], game)
    other.until(lambda m: m["type"] == "state")
    sockets[1].close()
    assert sockets[0].settle()["away"] == [False, False], "Bob is still there through the first process"
    other.close()
    claimable = sockets[0].until(lambda m: m["type"] == "state" and m["claimable"], timeout=60)
    assert claimable["away"] == [False, True]
    sockets[0].send({"type": "claim"})
    ended = sockets[0].until(over)
    assert ended["game"]["ending"] == "claimed" and ended["game"]["winner"] == 0
    assert stored_kinds(database_url, game)[-1] == ("claim", 0)


def test_a_rematch_accepted_on_two_processes_at_once_starts_one_game(
        database_url: str, redis_server: RedisServer, start_server: StartServer) -> None:
    servers = site(database_url, redis_server, start_server)
    game, guests, sockets = two_people(servers)
    sockets[1].send({"type": "resign"})
    for each in sockets:
        each.until(over)
    more = [socket(guests[1], server, game) for server in servers]
    for each in more:
        each.until(lambda m: m["type"] == "state")
    sockets[0].send({"type": "rematch"})
    for each in [sockets[1], *more]:
        each.until(lambda m: m["type"] == "state" and (m["rematch"] or {}).get("status") == "offered")
    for each in [sockets[1], *more]:
        each.send({"type": "rematch"})
    started = {each.until(lambda m: m["type"] == "state" and (m["rematch"] or {}).get("status") == "started")
               ["rematch"]["game"] for each in [*sockets, *more]}
    assert len(started) == 1
    assert len(guests[0].http.get("/api/history").json()["games"]) == 2
