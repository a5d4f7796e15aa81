"""Resigning a two-hand match over the WebSocket: the other seat wins at once, turn or
not; it is stored, recorded, logged and kept over a restart."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import StartServer
from webclient import Server, Socket, error, first_state


@pytest.mark.slow
def test_a_player_resigns_out_of_turn(start_server: StartServer, tmp_path: Path,
                                      capfd: pytest.CaptureFixture[str]) -> None:
    server = start_server()
    ann, bob, eve = server.guest("Ann"), server.guest("Bob"), server.guest("Eve")
    game = ann.create(opponent="human", rules="classic")
    first = ann.socket(game["id"])
    first_state(first)
    assert error(first, {"type": "resign"}) == "not_your_turn", "nobody plays an open table yet"
    bob.join(game["id"])
    sockets = [first, bob.socket(game["id"])]
    watcher = eve.socket(game["id"])
    states = [first_state(socket) for socket in sockets]
    first_state(watcher)
    assert error(watcher, {"type": "resign"}) == "spectator"
    leader = states[0]["view"]["to_act"]
    lead = next(a for a in states[leader]["view"]["legal"] if len(a) == 2 and a[0] != "M")
    sockets[leader].send({"type": "act", "action": lead})
    played = sockets[leader].until(lambda m: m["type"] == "state")
    assert played["view"]["to_act"] == 1 - leader and played["last"] == {"actor": leader, "action": lead}
    sockets[leader].send({"type": "resign"})
    for socket in [*sockets, watcher]:
        over = socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
        assert over["game"]["winner"] == 1 - leader and over["game"]["ending"] == "resigned"
        assert over["last"] == played["last"]
    assert error(sockets[1 - leader], {"type": "act", "action": "draw"}) == "not_your_turn"
    assert error(sockets[1 - leader], {"type": "resign"}) == "not_your_turn"

    record = ann.http.get(f"/api/games/{game['id']}/record").text
    assert '[Ending "resigned"]' in record and f'[Winner "{1 - leader}"]' in record
    path = tmp_path / "resigned.ssn"
    path.write_text(record)
    replayed = [sys.executable, "-m", "sixtysix", "replay", str(path)]
    subprocess.run(replayed, check=True, capture_output=True)
    steps = ann.http.get(f"/api/games/{game['id']}/replay").json()["steps"]
    assert steps[-1]["view"]["match_winner"] is None, "the match ended by resigning, not by play"

    server.stop()
    log = [json.loads(line) for line in capfd.readouterr().err.splitlines()]
    events = {line["event"]: line["fields"] for line in log if line["logger"] == "sixtysix.web.games"}
    assert events["resigned"] == {"game": game["id"], "seat": leader}
    assert events["finished"] == {"game": game["id"], "winner": 1 - leader, "score": [0, 0],
                                  "ending": "resigned"}

    again = start_server()
    assert again.base != server.base
    reloaded = bob.http.get(f"{again.base}/api/games/{game['id']}").json()["game"]
    assert reloaded["status"] == "over" and reloaded["ending"] == "resigned"
    assert reloaded["winner"] == 1 - leader
    back = Socket(again, game["id"], {"Cookie": f"sixtysix_token={bob.token}"})
    state = first_state(back)
    assert state["game"]["ending"] == "resigned" and state["last"] == played["last"]
    assert error(back, {"type": "resign"}) == "not_your_turn"


def test_against_a_bot_and_not_at_three(shared_server: Server) -> None:
    server = shared_server
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="easy", rules="classic")
    socket = ann.socket(game["id"])
    first_state(socket)
    socket.send({"type": "resign"})
    over = socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    assert over["game"]["winner"] == 1 and over["game"]["ending"] == "resigned"
    history = ann.http.get("/api/history").json()["games"]
    assert [(g["id"], g["ending"], g["winner"]) for g in history] == [(game["id"], "resigned", 1)]

    three = ann.create(rules="three-hand", seats=["easy", "easy"])
    table = ann.socket(three["id"])
    first_state(table)
    table.send({"type": "resign"})  # the bots may go on playing meanwhile: their states are no answer
    assert table.until(lambda m: m["type"] == "error")["code"] == "no_resign"
    assert ann.http.get(f"/api/games/{three['id']}").json()["game"]["status"] == "playing"
