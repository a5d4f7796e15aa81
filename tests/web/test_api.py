"""The HTTP API and the live WebSocket against a real server process."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from webclient import Server, Socket, pending, play

from sixtysix.notation import Record
from sixtysix.reasons import Refusal, english


def random_choice(rng: random.Random) -> Any:
    return lambda view: rng.choice(view["legal"])


NAME_RULE = "a name is 1 to 24 characters, without control characters"


@pytest.fixture
def server(shared_server: Server) -> Server:
    """The shared server: these tests neither stop it nor count what others played on it (a
    test that looks at the whole lobby, stops its server or needs rate limits starts one of
    its own)."""
    return shared_server


def test_guest_identity(server: Server) -> None:
    ann = server.guest("  Ann  ")
    assert ann.player["name"] == "Ann"
    cookie = ann.http.cookies.jar
    assert any(c.name == "sixtysix_token" and c.has_nonstandard_attr("HttpOnly") for c in cookie)
    assert ann.http.get("/api/me").json()["player"] == ann.player
    renamed = ann.http.post("/api/guest", json={"name": "Annie"}).json()["player"]
    assert renamed == {"id": ann.player["id"], "name": "Annie"}
    anonymous = httpx.get(server.base + "/api/me")
    assert anonymous.status_code == 200 and anonymous.json() == {"player": None, "account": None}
    for bad in ("", " ", "x" * 25, "a\x07b", "a\u0085b", 7, None, ["Ann"]):
        response = httpx.post(server.base + "/api/guest", json={"name": bad})
        assert response.status_code == 400, bad
        assert response.json()["error"]["code"] == "bad_name"
        assert response.json()["error"]["message"] == NAME_RULE
    assert httpx.post(server.base + "/api/guest", json={}).json()["error"]["code"] == "bad_name"
    assert httpx.post(server.base + "/api/guest", json=["Ann"]).json()["error"]["code"] == "bad_request"
    assert httpx.post(server.base + "/api/guest", content=b"{",
                      headers={"Content-Type": "application/json"}).json()["error"]["code"] == "bad_request"
    forged = httpx.get(server.base + "/api/me", cookies={"sixtysix_token": "forged"})
    assert forged.status_code == 200 and forged.json() == {"player": None, "account": None}
    assert httpx.get(server.base + "/api/history").status_code == 401


def test_pages_have_a_content_security_policy(server: Server) -> None:
    page = httpx.get(server.base + "/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert "unsafe-inline" not in page.headers["content-security-policy"]
    assert httpx.get(server.base + "/api/options").headers["content-security-policy"]


def test_options_and_bad_games(server: Server) -> None:
    ann = server.guest("Ann")
    options = ann.http.get("/api/options").json()
    assert options["levels"] == ["easy", "medium", "hard", "expert"]
    assert options["flags"]["tie"] == {"default": "carry", "values": ["carry", "replay", "most_tricks"]}
    assert options["flags"]["match_target"] == {"default": "7", "values": None, "min": 1, "max": 99}
    for body, code in [({"opponent": "bot", "level": "godlike"}, "bad_request"),
                       ({"opponent": "alien"}, "bad_request"),
                       ({"level": "easy"}, "bad_request"),
                       ({"opponent": "bot", "level": "easy", "rules": "classic tie=sometimes"}, "bad_rules"),
                       ({"opponent": "bot", "level": "easy", "rules": 5}, "bad_request"),
                       ({"opponent": "bot", "level": "easy", "rules": "classic " * 60}, "bad_request"),
                       ({"opponent": "bot", "level": "e" * 17}, "bad_request"),
                       ({"opponent": "bot", "level": "easy", "colour": "red"}, "bad_request"),
                       ([{"opponent": "bot"}], "bad_request"),
                       ("classic", "bad_request")]:
        response = ann.http.post("/api/games", json=body)
        assert response.status_code == 400 and response.json()["error"]["code"] == code, body
    assert httpx.post(server.base + "/api/games", json={"opponent": "human"}).status_code == 401
    huge = ann.http.post("/api/games", json={"opponent": "bot", "level": "easy", "rules": "x" * 5000})
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "too_large"
    assert "default-src 'self'" in huge.headers["content-security-policy"]
    chunks = iter([b'{"opponent": "bot", "level": "easy", "rules": "', b"x" * 5000, b'"}'])
    streamed = ann.http.post("/api/games", content=chunks, headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413 and streamed.json()["error"]["code"] == "too_large"
    missing = ann.http.get("/api/games/nothing-here")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_game"
    assert ann.http.post("/api/games/nothing-here/join").status_code == 404
    overlong = ann.http.get("/api/games/" + "x" * 33)
    assert overlong.status_code == 404 and overlong.json()["error"]["code"] == "no_game"
    assert ann.http.get("/api/history").json()["games"] == []


@pytest.mark.parametrize("rules", ["classic match_target=100000", "classic match_target=100",
                                   "santase match_target=0", "three-hand match_target=100"])
def test_numbers_in_the_rules_keep_to_the_range_of_the_options(server: Server, rules: str) -> None:
    ann = server.guest("Ann")
    seats = ["easy", "easy"] if rules.startswith("three-hand") else None
    response = ann.http.post("/api/games", json={"opponent": "bot", "level": "easy", "rules": rules,
                                                 "seats": seats})
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_rules"
    assert "'match_target' must be from 1 to 99" in response.json()["error"]["message"]
    assert ann.http.get("/api/history").json()["games"] == []
    target = ann.http.get("/api/options").json()["flags"]["match_target"]
    for value in (target["min"], target["max"]):
        game = ann.create(opponent="bot", level="easy", rules=f"classic match_target={value}")
        assert game["rules"] == f"classic match_target={value}"


def test_two_people_play_a_whole_match(start_server: Any, tmp_path: Path) -> None:
    server = start_server()
    ann, bob, eve = server.guest("Ann"), server.guest("Bob"), server.guest("Eve")
    game = ann.create(opponent="human", rules="classic match_target=3")
    assert game["status"] == "open" and game["your_seat"] == 0 and game["players"] == ["Ann", None]
    lobby = bob.http.get("/api/lobby").json()["games"]
    assert [g["id"] for g in lobby] == [game["id"]] and lobby[0]["your_seat"] is None
    first = ann.socket(game["id"])
    assert first.recv()["view"] is None
    assert ann.http.post(f"/api/games/{game['id']}/join").json()["error"]["code"] == "own_game"
    joined = bob.join(game["id"])
    assert joined["your_seat"] == 1 and joined["players"] == ["Ann", "Bob"]
    assert bob.http.get("/api/lobby").json()["games"] == []
    assert eve.http.post(f"/api/games/{game['id']}/join").status_code == 409
    second = bob.socket(game["id"])
    watcher = eve.socket(game["id"])
    assert ann.http.get(f"/api/games/{game['id']}/record").status_code == 409
    final = play([first, second], random_choice(random.Random(4)))
    assert final["game"]["status"] == "over" and max(final["game"]["score"]) >= 3
    assert final["game"]["ending"] == "played"
    winner = final["game"]["winner"]
    assert final["view"]["match_winner"] == winner
    watcher.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    assert all(m["view"]["hand"] is None for m in watcher.received if m["type"] == "state" and m["view"])

    record = ann.http.get(f"/api/games/{game['id']}/record")
    assert record.status_code == 200 and record.headers["content-type"].startswith("text/plain")
    path = tmp_path / "match.ssn"
    path.write_text(record.text)
    replayed = subprocess.run([sys.executable, "-m", "sixtysix", "replay", str(path), "--json"],
                              capture_output=True, text=True, check=True)
    assert f'"match_winner": {winner}' in replayed.stdout
    match = Record.parse(record.text).replay()
    assert list(match.score) == final["game"]["score"]
    assert Record.parse(record.text).players == ("Ann", "Bob")

    steps = ann.http.get(f"/api/games/{game['id']}/replay").json()["steps"]
    actions = sum(len(rnd.actions) for rnd in match.rounds)
    assert len(steps) == actions + len(match.rounds)
    assert steps[0]["actor"] is None and len(steps[0]["view"]["hands"][0]) == 6
    assert [s["action"] for s in steps if s["actor"] is not None] == [
        a.token for rnd in match.rounds for a in rnd.actions]
    assert steps[-1]["view"]["match_winner"] == winner

    for guest in (ann, bob):
        history = guest.http.get("/api/history").json()["games"]
        assert [g["id"] for g in history] == [game["id"]]
        assert history[0]["your_seat"] == (0 if guest is ann else 1)
    assert eve.http.get("/api/history").json()["games"] == []


def fresh_state(socket: Socket) -> dict[str, Any]:
    socket.until(lambda m: m["type"] == "state")
    pending(socket)
    assert socket.state is not None
    return socket.state


def test_errors_go_to_their_sender_only(server: Server) -> None:
    ann, bob, eve = server.guest("Ann"), server.guest("Bob"), server.guest("Eve")
    game = ann.create(opponent="human", rules="classic")
    bob.join(game["id"])
    sockets = [ann.socket(game["id"]), bob.socket(game["id"])]
    states = [fresh_state(s) for s in sockets]
    view = states[0]["view"]
    seat = view["to_act"]
    actor, other = sockets[seat], sockets[1 - seat]
    hand = states[seat]["view"]["hand"]
    foreign = next(c for c in ("9c", "Jc", "Qc", "Kc", "Tc", "Ac", "9d", "Jd", "Qd", "Kd", "Td", "Ad")
                   if c not in hand and c != view["trump_card"])
    stranger = eve.socket(game["id"])
    fresh_state(stranger)
    forged = Socket(server, game["id"], {"Cookie": "sixtysix_token=forged"})
    fresh_state(forged)
    pending(actor)
    pending(other)
    cases: list[tuple[Socket, Any, str]] = [
        (actor, "not json", "bad_message"),
        (actor, "[1, 2]", "bad_message"),
        (actor, {"action": "Ah"}, "bad_message"),
        (actor, {"type": "act"}, "bad_message"),
        (actor, {"type": "act", "action": 7}, "bad_message"),
        (actor, {"type": "teleport"}, "unknown_type"),
        (actor, {"type": "act", "action": "x" * 5000}, "too_large"),
        (actor, {"type": "act", "action": "Zz"}, "illegal"),
        (actor, {"type": "act", "action": foreign}, "illegal"),
        (actor, {"type": "act", "action": "pass"}, "illegal"),
        (actor, {"type": "claim"}, "not_claimable"),
        (other, {"type": "act", "action": states[1 - seat]["view"]["hand"][0]}, "not_your_turn"),
        (other, {"type": "hint"}, "not_your_turn"),
        (stranger, {"type": "act", "action": hand[0]}, "spectator"),
        (stranger, {"type": "hint"}, "spectator"),
        (forged, {"type": "act", "action": hand[0]}, "spectator"),
        (forged, {"type": "claim"}, "spectator"),
    ]
    everyone = [actor, other, stranger, forged]
    for sender, message, code in cases:
        sender.send(message)
        reply = sender.recv()
        assert reply["type"] == "error" and reply["code"] == code, (message, reply)
        if code == "illegal" and message["action"] == foreign:
            assert "not in seat" in reply["message"]
        sender.send({"type": "ping"})
        assert sender.recv() == {"type": "pong"}
        for socket in everyone:
            assert pending(socket) == [], (message, socket)
    stored = ann.http.get(f"/api/games/{game['id']}").json()["game"]
    assert stored["status"] == "playing"
    actor.send({"type": "act", "action": states[seat]["view"]["legal"][0]})
    after = actor.until(lambda m: m["type"] == "state")
    assert after["last"] == {"actor": seat, "action": states[seat]["view"]["legal"][0]}
    seen = other.until(lambda m: m["type"] == "state")
    assert seen["last"] == after["last"] and seen["view"]["hand"] == states[1 - seat]["view"]["hand"]


def test_no_game_and_foreign_origin(server: Server) -> None:
    ann = server.guest("Ann")
    for name in ("no-such-game", "x" * 5000):
        nowhere = ann.socket(name)
        assert nowhere.recv() == {"type": "error", "code": "no_game", "message": "no such game"}
    game = ann.create(opponent="bot", level="easy", rules="classic")
    with pytest.raises(Exception, match="403"):
        ann.socket(game["id"], Origin="http://evil.example")
    own = ann.socket(game["id"], Origin=server.base)
    assert own.recv()["type"] == "state"


def test_spectators_see_only_public_information(server: Server) -> None:
    ann, eve = server.guest("Ann"), server.guest("Eve")
    game = ann.create(opponent="bot", level="easy", rules="classic match_target=2")
    watcher = eve.socket(game["id"])
    player = ann.socket(game["id"])
    play([player, None], random_choice(random.Random(2)))
    watcher.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    states = [m for m in watcher.received if m["type"] == "state"]
    assert states and states[-1]["game"]["status"] == "over"
    for state in states:
        view = state["view"]
        assert view["seat"] is None and view["hand"] is None
        assert view["legal"] == [] and view["refusals"] == {} and not state["claimable"]
    watcher.send({"type": "hint"})
    assert watcher.recv()["code"] == "spectator"


def test_refusals_and_hint(server: Server) -> None:
    ann = server.guest("Ann")
    game = ann.create(opponent="bot", level="easy", rules="classic")
    socket = ann.socket(game["id"])
    rng = random.Random(5)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = socket.until(lambda m: m["type"] == "state" and m["view"]["to_act"] == 0
                             and bool(m["view"]["legal"]))
        pending(socket)
        assert socket.state is not None
        view = socket.state["view"]
        if view["to_act"] != 0 or not view["legal"]:
            continue
        refused = [c for c in view["hand"] if c not in view["legal"]]
        assert sorted(view["refusals"]) == sorted(refused)
        if refused:
            assert all(view["refusals"][c] for c in refused)
            socket.send({"type": "act", "action": refused[0]})
            error = socket.until(lambda m: m["type"] == "error")
            assert error["code"] == "illegal"
            assert error["message"] == english(Refusal.of(**view["refusals"][refused[0]]))
            socket.send({"type": "hint"})
            hint = socket.until(lambda m: m["type"] == "hint")
            assert sorted(a["action"] for a in hint["actions"]) == sorted(view["legal"])
            return
        socket.send({"type": "act", "action": rng.choice(view["legal"])})
        del state
    pytest.fail("no card was ever refused")


def test_a_seat_away_too_long_may_be_claimed_against(start_server: Any, tmp_path: Path) -> None:
    server = start_server(away_limit=1.0)
    ann, bob = server.guest("Ann"), server.guest("Bob")
    game = ann.create(opponent="human", rules="classic")
    bob.join(game["id"])
    first, second = ann.socket(game["id"]), bob.socket(game["id"])
    fresh_state(first)
    second.close()
    state = first.until(lambda m: m["type"] == "state" and m["away"] == [False, True])
    assert not state["claimable"]
    first.send({"type": "claim"})
    assert first.until(lambda m: m["type"] == "error")["code"] == "not_claimable"
    state = first.until(lambda m: m["type"] == "state" and m["claimable"], timeout=60)
    first.send({"type": "claim"})
    over = first.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    assert over["game"]["winner"] == 0 and over["game"]["ending"] == "claimed"
    text = ann.http.get(f"/api/games/{game['id']}/record").text
    assert '[Ending "claimed"]' in text and '[Winner "0"]' in text
    path = tmp_path / "claimed.ssn"
    path.write_text(text)
    subprocess.run([sys.executable, "-m", "sixtysix", "replay", str(path)], check=True,
                   capture_output=True)
    back = bob.socket(game["id"])
    assert back.recv()["game"]["status"] == "over"


def bot_moves(socket: Socket) -> int:
    """How many moves of the bot (seat 1) a socket has been told of."""
    return sum(1 for m in socket.received
               if m["type"] == "state" and m["last"] is not None and m["last"]["actor"] == 1)


def until_the_bot_thinks(socket: Socket, rng: random.Random) -> None:
    """Play seat 0 until the bot (seat 1) is to act."""
    acted = None
    while True:
        if socket.state is None or not pending(socket):
            socket.until(lambda m: m["type"] == "state")
        assert socket.state is not None
        view = socket.state["view"]
        if view["to_act"] == 1:
            return
        if view["to_act"] == 0 and view != acted:
            acted = view
            socket.send({"type": "act", "action": rng.choice(view["legal"])})


def test_slow_bots_do_not_delay_other_games(start_server: Any) -> None:
    server = start_server(workers=1)
    ann = server.guest("Ann")
    rng = random.Random(1)
    fast = ann.socket(ann.create(opponent="bot", level="easy", rules="classic")["id"])
    play([fast, None], random_choice(rng), actions=2)  # the easy bot's process is up
    experts = [ann.socket(ann.create(opponent="bot", level="expert", rules="classic")["id"])
               for _ in range(4)]
    for socket in experts:  # a decision of each expert bot queues in the one slow process
        until_the_bot_thinks(socket, rng)
    waiting = [bot_moves(socket) for socket in experts]
    before = bot_moves(fast)
    play([fast, None], random_choice(rng), actions=6)
    assert bot_moves(fast) > before
    answered = 0
    for socket, moves in zip(experts, waiting, strict=True):
        pending(socket)
        answered += bot_moves(socket) > moves
    assert answered < len(experts), "the easy bot's game waited for the expert bots"
