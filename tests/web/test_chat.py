"""The chat of a game over the WebSocket, against a real server: the seated persons talk
both ways, spectators neither read nor write, a game against the computer has none, lines are
cleaned and bounded, a seat's rate is limited, a mute stops delivery to the muter only, and the
last lines are kept with the game across reloads, restarts and the match's end; the server
never logs what is said."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import StartServer
from webclient import Guest, Server, Socket, error, first_state

from sixtysix.web.store import CHAT_KEPT, Store


def seated(socket: Socket) -> dict[str, Any]:
    """The chat message a seated person's new connection is sent after its first state."""
    socket.until(lambda m: m["type"] == "state")
    kept = socket.until(lambda m: m["type"] == "chat")
    assert kept["history"] is True
    return kept


def table(server: Server) -> tuple[Guest, Guest, str, list[Socket]]:
    """Ann (seat 0) and Bob (seat 1) at a two-hand game between them, each with a socket
    that has had its first messages."""
    ann, bob = server.guest("Ann"), server.guest("Bob")
    game = ann.create(opponent="human", rules="classic")["id"]
    bob.join(game)
    sockets = [ann.socket(game), bob.socket(game)]
    for socket in sockets:
        seated(socket)
    for socket in sockets:
        socket.settle()
    return ann, bob, game, sockets


def chat(socket: Socket) -> dict[str, Any]:
    """The next chat message."""
    return socket.until(lambda m: m["type"] == "chat")


def texts(message: dict[str, Any]) -> list[tuple[int, str]]:
    """Each line of a chat message as its seat and text."""
    return [(line["seat"], line["text"]) for line in message["lines"]]


def chats(socket: Socket) -> list[dict[str, Any]]:
    """The chat messages received so far, once the server has answered everything sent."""
    socket.settle()
    return [m for m in socket.received if m["type"] == "chat"]


def test_two_people_chat_both_ways(shared_server: Server) -> None:
    ann, bob = shared_server.guest("Ann"), shared_server.guest("Bob")
    game = ann.create(opponent="human", rules="classic")["id"]
    bob.join(game)
    sockets = [ann.socket(game), bob.socket(game)]
    for socket in sockets:
        assert socket.recv()["type"] == "state"
        assert socket.recv() == {"type": "chat", "lines": [], "history": True, "muted": []}
    sockets[0].send({"type": "chat", "text": "Hello Bob"})
    for socket in sockets:
        said = chat(socket)
        assert said["history"] is False and said["muted"] == [] and texts(said) == [(0, "Hello Bob")]
        assert said["lines"][0]["at"].endswith("Z") and said["lines"][0]["at"].startswith("20")
    sockets[1].send({"type": "chat", "text": "Hi Ann, good luck"})
    for socket in sockets:
        assert texts(chat(socket)) == [(1, "Hi Ann, good luck")]


def test_spectators_neither_read_nor_write(shared_server: Server) -> None:
    _, _, game, sockets = table(shared_server)
    watchers = [shared_server.guest("Eve").socket(game), Socket(shared_server, game)]
    for watcher in watchers:
        first_state(watcher)
    sockets[0].send({"type": "chat", "text": "only for Bob"})
    assert texts(chat(sockets[1])) == [(0, "only for Bob")]
    for watcher in watchers:
        assert error(watcher, {"type": "chat", "text": "hello players"}) == "spectator"
        assert error(watcher, {"type": "mute", "seat": 0, "muted": True}) == "spectator"
        assert chats(watcher) == []
    assert [texts(m) for m in chats(sockets[1])] == [[], [(0, "only for Bob")]], "nothing from the watchers"
    again = shared_server.guest("Fay").socket(game)
    first_state(again)
    assert chats(again) == [], "a spectator connecting later is not sent the lines kept"


def test_a_game_without_another_person_has_no_chat(shared_server: Server) -> None:
    ann = shared_server.guest("Ann")
    bot_game = ann.create(opponent="bot", level="easy", rules="classic")["id"]
    socket = ann.socket(bot_game)
    first_state(socket)
    assert error(socket, {"type": "chat", "text": "hello bot"}) == "no_chat"
    assert error(socket, {"type": "mute", "seat": 1, "muted": True}) == "no_chat"
    assert chats(socket) == []

    waiting = ann.create(opponent="human", rules="classic")["id"]
    alone = ann.socket(waiting)
    first_state(alone)
    assert error(alone, {"type": "chat", "text": "anybody?"}) == "no_chat", "nobody has joined yet"


def test_lines_are_cleaned_and_bounded(shared_server: Server) -> None:
    _, _, _, sockets = table(shared_server)
    ann, bob = sockets
    assert error(ann, {"type": "chat", "text": "x" * 201}) == "bad_chat", "refused, not cut"
    assert error(ann, {"type": "chat", "text": " \n\t \u0000 "}) == "bad_chat"
    assert error(ann, {"type": "chat", "text": 66}) == "bad_message"
    assert error(ann, {"type": "chat"}) == "bad_message"
    ann.send({"type": "chat", "text": "  well\u0000\u0007 \n played\u202e  Cafe\u0301 "})
    assert texts(chat(bob)) == [(0, "well played Café")]
    ann.send({"type": "chat", "text": "é" * 200})
    assert texts(chat(bob)) == [(0, "é" * 200)]
    markup = "<script>alert(1)</script><img src=x onerror=alert(2)> &amp;"
    ann.send({"type": "chat", "text": markup})
    assert texts(chat(bob)) == [(0, markup)], "the server sends the text as said; the page escapes it"


def test_a_seat_saying_too_much_too_fast_is_refused(shared_server: Server) -> None:
    _, _, _, sockets = table(shared_server)
    ann, bob = sockets
    for n in range(5):
        ann.send({"type": "chat", "text": f"line {n}"})
    ann.send({"type": "chat", "text": "one too many"})
    refusal = ann.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "chat_rate" and 1 <= refusal["retry"] <= 10
    bob.send({"type": "chat", "text": "my turn to talk"})
    assert texts(chat(ann)) == [(1, "my turn to talk")], "the limit is the seat's"
    heard = [line for m in chats(bob) for line in texts(m)]
    assert heard == [(0, f"line {n}") for n in range(5)] + [(1, "my turn to talk")]


def test_a_mute_stops_delivery_to_the_muter_only(shared_server: Server) -> None:
    ann_guest, _, game, sockets = table(shared_server)
    ann, bob = sockets
    bob.send({"type": "chat", "text": "before the mute"})
    for socket in sockets:
        assert texts(chat(socket)) == [(1, "before the mute")]
    assert error(ann, {"type": "mute", "seat": 0, "muted": True}) == "bad_message", "not one's own seat"
    assert error(ann, {"type": "mute", "seat": 1, "muted": "yes"}) == "bad_message"
    second = ann_guest.socket(game)
    assert texts(seated(second)) == [(1, "before the mute")]

    ann.send({"type": "mute", "seat": 1, "muted": True})
    for socket in (ann, second):
        muted = chat(socket)
        assert muted["history"] is True and muted["muted"] == [1] and texts(muted) == []
    bob.send({"type": "chat", "text": "you cannot hear me"})
    assert texts(chat(bob)) == [(1, "you cannot hear me")]
    ann.send({"type": "chat", "text": "Bob still hears me"})
    assert texts(chat(bob)) == [(0, "Bob still hears me")]
    for socket in (ann, second):
        assert texts(chat(socket)) == [(0, "Bob still hears me")]
        assert all((1, "you cannot hear me") not in texts(m) for m in chats(socket))
    kept = seated(ann_guest.socket(game))
    assert kept["muted"] == [1] and texts(kept) == [(0, "Bob still hears me")], "the mute outlasts a reload"

    ann.send({"type": "mute", "seat": 1, "muted": False})
    unmuted = chat(ann)
    assert unmuted["muted"] == [] and texts(unmuted) == [
        (1, "before the mute"), (1, "you cannot hear me"), (0, "Bob still hears me")]
    assert [m["history"] for m in chats(bob)] == [True, False, False, False], "Bob is not told of the mute"


def test_a_deleted_accounts_lines_stay(start_server: StartServer) -> None:
    server = start_server(arguments=["--rate-limit=signups=none"])
    ann, bob = server.guest("Ann"), server.guest("Bob")
    game = ann.create(opponent="human", rules="classic")["id"]
    bob.join(game)
    account = {"name": "Bobby", "password": "a long password"}
    assert bob.http.post("/api/account", json=account).status_code == 201
    socket = Socket(server, game, {"Cookie": f"sixtysix_session={bob.http.cookies['sixtysix_session']}"})
    seated(socket)
    socket.send({"type": "chat", "text": "bye now"})
    chat(socket)
    socket.close()
    deleted = bob.http.request("DELETE", "/api/account", json={"password": account["password"]})
    assert deleted.status_code == 200
    ann_socket = ann.socket(game)
    assert texts(seated(ann_socket)) == [(1, "bye now")]
    assert ann_socket.received[0]["game"]["players"][1] == "deleted player"


def test_lines_are_kept_across_reloads_restarts_and_the_end(start_server: StartServer, database_url: str,
                                                            capfd: pytest.CaptureFixture[str]) -> None:
    server = start_server(database_url)
    ann, bob, game, sockets = table(server)
    sockets[0].send({"type": "chat", "text": "a secret plan"})
    sockets[1].send({"type": "chat", "text": "<script>alert(1)</script>"})
    said = [(0, "a secret plan"), (1, "<script>alert(1)</script>")]
    sockets[0].until(lambda m: m["type"] == "chat" and m["lines"][-1]["seat"] == 1)
    sockets[0].close()
    reloaded = ann.socket(game)
    assert texts(seated(reloaded)) == said
    for socket in (reloaded, sockets[1]):
        socket.close()
    server.stop()

    store = Store(database_url)
    for n in range(CHAT_KEPT):
        store.add_chat(game, n % 2, f"line {n}")
    store.close()
    server = start_server(database_url)
    sockets = [Socket(server, game, {"Cookie": f"sixtysix_token={guest.token}"}) for guest in (ann, bob)]
    for socket in sockets:
        assert texts(seated(socket)) == [(n % 2, f"line {n}") for n in range(CHAT_KEPT)], "the last 50 only"
    sockets[1].send({"type": "resign"})
    for socket in sockets:
        socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    sockets[0].send({"type": "chat", "text": "good game"})
    chat(sockets[1])
    for socket in sockets:
        socket.close()

    finished = Socket(server, game, {"Cookie": f"sixtysix_token={bob.token}"})
    kept = seated(finished)
    assert finished.received[0]["game"]["status"] == "over"
    assert len(kept["lines"]) == CHAT_KEPT and texts(kept)[-1] == (0, "good game")
    finished.close()
    server.stop()
    log = capfd.readouterr().err
    assert "a secret plan" not in log and "good game" not in log and "alert(1)" not in log
    events = [json.loads(line) for line in log.splitlines()]
    assert {"game": game, "seat": 0, "length": len("a secret plan")} in [
        line["fields"] for line in events if line["event"] == "chat"]
