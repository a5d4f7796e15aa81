"""Persistence on SQLite and PostgreSQL: a server killed in the middle of several
games loses no action, resumes every game exactly, and every stored match replays."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import StartServer
from webclient import Guest, Socket, mostly_cards, pending, play

from sixtysix.notation import Record


def seen_actions(socket: Socket) -> list[tuple[int, int, str]]:
    """The actions a connection was told of, as (round, actor, token), in order."""
    seen: list[tuple[int, int, str]] = []
    for message in socket.received:
        if message["type"] == "state" and message["last"] is not None:
            entry = (message["view"]["round"], message["last"]["actor"], message["last"]["action"])
            if not seen or seen[-1] != entry:
                seen.append(entry)
    return seen


def stored_actions(guest: Guest, game_id: str) -> list[tuple[int, int, str]]:
    """The actions of a finished game, from its replay steps."""
    steps = guest.http.get(f"/api/games/{game_id}/replay").json()["steps"]
    return [(s["round"], s["actor"], s["action"]) for s in steps if s["actor"] is not None]


@pytest.mark.slow
def test_a_killed_server_resumes_every_game(start_server: StartServer, database_url: str,
                                            tmp_path: Path) -> None:
    server = start_server(database_url, seed=5)
    ann, bob = server.guest("Ann"), server.guest("Bob")
    rng = random.Random(8)

    def choose(view: dict[str, Any]) -> str:
        return mostly_cards(view, rng)

    games: list[tuple[str, list[Socket | None]]] = []
    for number in range(4):
        if number % 2:
            game = ann.create(opponent="bot", level="easy", rules="classic match_target=11")
            sockets: list[Socket | None] = [ann.socket(game["id"]), None]
        else:
            game = ann.create(opponent="human", rules="pagat match_target=11")
            bob.join(game["id"])
            sockets = [ann.socket(game["id"]), bob.socket(game["id"])]
        games.append((game["id"], sockets))
    for _, sockets in games:
        play(sockets, choose, actions=rng.randrange(10, 30))
    quiet_id, quiet_sockets = games[0]
    for socket in quiet_sockets:
        assert socket is not None
        socket.settle()
    for _, sockets in games[1:]:
        play(sockets, choose, actions=1)  # in flight when the server dies
    server.kill()
    before = {}
    for game_id, sockets in games:
        for seat, socket in enumerate(sockets):
            if socket is not None:
                pending(socket)
                before[game_id, seat] = (seen_actions(socket), socket.state)

    server.start()
    for game_id, sockets in games:
        guests = [ann, bob]
        again: list[Socket | None] = [None if s is None else guests[seat].socket(game_id)
                                      for seat, s in enumerate(sockets)]
        for seat, socket in enumerate(again):
            if socket is None:
                continue
            state = socket.recv()
            seen, last = before[game_id, seat]
            assert last is not None and state["type"] == "state"
            assert state["view"]["seat"] == seat and state["game"]["status"] == "playing"
            if game_id == quiet_id:
                assert state["view"] == last["view"] and state["last"] == last["last"]
        final = play(again, choose)
        assert final["game"]["status"] == "over"
        stored = stored_actions(ann, game_id)
        for seat, socket in enumerate(sockets):
            if socket is not None:
                seen = before[game_id, seat][0]
                # A bot may have moved before the socket opened: from then on it heard every action.
                assert any(stored[start:start + len(seen)] == seen for start in range(4)), \
                    f"game {game_id}: an action seen by seat {seat} was lost"
        record = ann.http.get(f"/api/games/{game_id}/record").text
        path = tmp_path / f"{game_id}.ssn"
        path.write_text(record)
        replayed = subprocess.run([sys.executable, "-m", "sixtysix", "replay", str(path)],
                                  capture_output=True, text=True, check=False)
        assert replayed.returncode == 0, replayed.stderr
        assert list(Record.parse(record).replay().score) == final["game"]["score"]
    history = ann.http.get("/api/history").json()["games"]
    assert sorted(g["id"] for g in history) == sorted(game_id for game_id, _ in games)
    assert all(g["status"] == "over" for g in history)
