"""Rematch over the WebSocket: offered by a seated person once the match is over, accepted
by every other, declined or withdrawn by leaving; the new game has the same rules, each
person one person's seat on and each bot in its own; against the computer alone it starts
at once."""

from __future__ import annotations

import json
import random
import threading
from functools import partial
from typing import Any

import pytest
from conftest import StartServer
from webclient import Guest, Server, Socket, error, first_state, mostly_cards, play


def rematch(socket: Socket, status: str) -> dict[str, Any]:
    """The rematch of the next state whose rematch has ``status``."""
    state = socket.until(lambda m: m["type"] == "state" and (m["rematch"] or {}).get("status") == status)
    return dict(state["rematch"])


def finished_invitation(server: Server, rules: str = "classic") -> tuple[Guest, Guest, str, list[Socket]]:
    """Ann and Bob at a two-hand invitation game that Bob (seat 1) resigned, each with a
    socket to it."""
    ann, bob = server.guest("Ann"), server.guest("Bob")
    game = ann.create(opponent="human", rules=rules)["id"]
    bob.join(game)
    sockets = [ann.socket(game), bob.socket(game)]
    for socket in sockets:
        first_state(socket)
    sockets[1].send({"type": "resign"})
    for socket in sockets:
        socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    return ann, bob, game, sockets


def test_an_accepted_rematch_swaps_the_seats(start_server: StartServer,
                                              capfd: pytest.CaptureFixture[str]) -> None:
    server = start_server()
    ann, bob = server.guest("Ann"), server.guest("Bob")
    game = ann.create(opponent="human", rules="classic match_target=3")["id"]
    bob.join(game)
    sockets = [ann.socket(game), bob.socket(game)]
    watcher, stranger = server.guest("Eve").socket(game), Socket(server, game)
    for socket in [*sockets, watcher, stranger]:
        assert first_state(socket)["rematch"] is None
    assert error(sockets[0], {"type": "rematch"}) == "not_over"
    sockets[1].send({"type": "resign"})
    for socket in [*sockets, watcher, stranger]:
        socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    for outsider in (watcher, stranger):
        assert error(outsider, {"type": "rematch"}) == "spectator"
        assert error(outsider, {"type": "rematch_decline"}) == "spectator"
    assert error(sockets[1], {"type": "rematch_decline"}) == "no_rematch"

    sockets[0].send({"type": "rematch"})
    for socket in sockets:
        assert rematch(socket, "offered") == {"status": "offered", "by": 0, "accepted": [0], "game": None}
    sockets[1].send({"type": "rematch_decline"})
    for socket in sockets:
        assert rematch(socket, "declined") == {"status": "declined", "by": 1, "accepted": [], "game": None}

    sockets[1].send({"type": "rematch"})
    assert rematch(sockets[0], "offered")["by"] == 1
    sockets[0].send({"type": "rematch"})
    sockets[0].send({"type": "rematch"})
    started = [rematch(socket, "started") for socket in sockets]
    assert started[0] == started[1] and started[0]["accepted"] == [1, 0]
    assert sockets[0].until(lambda m: m["type"] == "error")["code"] == "rematch_started"
    assert error(sockets[1], {"type": "rematch"}) == "rematch_started"
    watcher.settle()
    assert all(m.get("rematch") is None for m in watcher.received + stranger.received if m["type"] == "state")

    new = started[0]["game"]
    assert new != game
    seen = bob.http.get(f"/api/games/{new}").json()["game"]
    assert seen["players"] == ["Bob", "Ann"] and seen["your_seat"] == 0
    assert seen["status"] == "playing" and seen["rules"] == "classic match_target=3"
    assert ann.http.get(f"/api/games/{new}").json()["game"]["your_seat"] == 1
    assert {g["id"] for g in ann.http.get("/api/history").json()["games"]} == {new, game}
    assert first_state(ann.socket(new))["view"]["seat"] == 1

    server.stop()
    log = [json.loads(line) for line in capfd.readouterr().err.splitlines()]
    lines = [line["fields"] for line in log if line["event"] == "rematch"]
    assert len(lines) == 1 and lines[0]["game"] == game and lines[0]["new_game"] == new


def test_accepts_racing_start_one_game(shared_server: Server) -> None:
    ann, bob, game, sockets = finished_invitation(shared_server)
    more = [bob.socket(game) for _ in range(3)]
    for socket in more:
        first_state(socket)
    sockets[0].send({"type": "rematch"})
    rematch(sockets[1], "offered")
    senders = [threading.Thread(target=socket.send, args=({"type": "rematch"},))
               for socket in [*more, sockets[1]]]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join()
    games = {rematch(socket, "started")["game"] for socket in [*sockets, *more]}
    assert len(games) == 1
    assert len(ann.http.get("/api/history").json()["games"]) == 2


def test_leaving_withdraws_the_offer(shared_server: Server) -> None:
    _, bob, game, sockets = finished_invitation(shared_server)
    sockets[0].send({"type": "rematch"})
    rematch(sockets[1], "offered")
    sockets[1].close()
    assert rematch(sockets[0], "left") == {"status": "left", "by": 1, "accepted": [], "game": None}
    sockets[0].send({"type": "rematch"})
    rematch(sockets[0], "offered")
    back = bob.socket(game)
    assert first_state(back)["rematch"] == {"status": "offered", "by": 0, "accepted": [0], "game": None}
    back.send({"type": "rematch_decline"})
    assert rematch(sockets[0], "declined")["by"] == 1


def test_play_again_against_the_computer_starts_at_once(shared_server: Server) -> None:
    ann = shared_server.guest("Ann")
    game = ann.create(opponent="bot", level="easy", rules="santase match_target=2")["id"]
    socket = ann.socket(game)
    first_state(socket)
    socket.send({"type": "resign"})
    socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    socket.send({"type": "rematch"})
    new = rematch(socket, "started")
    assert new["accepted"] == [0]
    seen = ann.http.get(f"/api/games/{new['game']}").json()["game"]
    assert seen["players"] == ["Ann", "Easy bot"] and seen["your_seat"] == 0
    assert seen["status"] == "playing" and seen["rules"] == "santase match_target=2"


@pytest.mark.slow
def test_three_hand_needs_every_person(shared_server: Server) -> None:
    ann, bob, cat = (shared_server.guest(name) for name in ("Ann", "Bob", "Cat"))
    game = ann.create(rules="three-hand match_target=1", seats=["human", "human"])["id"]
    bob.join(game)
    cat.join(game)
    sockets = [guest.socket(game) for guest in (ann, bob, cat)]
    for socket in sockets:
        first_state(socket)
    play(list(sockets), partial(mostly_cards, rng=random.Random(7)), timeout=240)
    sockets[1].send({"type": "rematch"})
    assert rematch(sockets[2], "offered")["accepted"] == [1]
    sockets[0].send({"type": "rematch"})
    assert rematch(sockets[2], "offered")["accepted"] == [1, 0]
    sockets[0].settle()
    assert sockets[0].state is not None and sockets[0].state["rematch"]["status"] == "offered"
    sockets[2].send({"type": "rematch"})
    new = {rematch(socket, "started")["game"] for socket in sockets}
    assert len(new) == 1
    seen = ann.http.get(f"/api/games/{new.pop()}").json()["game"]
    assert seen["players"] == ["Cat", "Ann", "Bob"] and seen["your_seat"] == 1


@pytest.mark.slow
def test_three_hand_bots_keep_their_seats(shared_server: Server) -> None:
    ann, bob = shared_server.guest("Ann"), shared_server.guest("Bob")
    game = ann.create(rules="three-hand match_target=1", seats=["easy", "human"])["id"]
    bob.join(game)
    sockets = [ann.socket(game), None, bob.socket(game)]
    play(sockets, partial(mostly_cards, rng=random.Random(8)), timeout=240)
    assert sockets[0] is not None and sockets[2] is not None
    sockets[0].send({"type": "rematch"})
    rematch(sockets[2], "offered")
    sockets[2].send({"type": "rematch"})
    started = rematch(sockets[0], "started")
    seen = bob.http.get(f"/api/games/{started['game']}").json()["game"]
    assert seen["players"] == ["Bob", "Easy bot 1", "Ann"] and seen["your_seat"] == 0
