"""The three-hand game on the server: creating tables with any mix of people and bots,
the live WebSocket, what each seat is told, the record, and a restart."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from conftest import StartServer
from test_leak import named_cards
from webclient import Server, Socket, mostly_cards, my_turn, pending, play

from sixtysix.cards import card_name, cards_in
from sixtysix.notation import Record
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import observe_three
from sixtysix.web.app import MAX_MESSAGE
from sixtysix.web.store import MIGRATIONS, GameRow, Store, open_engine
from sixtysix.web.views import MatchInfo, public_view


def positions(record: Record) -> Iterator[tuple[ThreeMatch, Any]]:
    """Each position of a recorded three-hand match with its public view."""
    match = ThreeMatch(record.rules, dealer=record.dealer)
    for entry in record.rounds:
        rnd = match.deal(entry.deck)
        yield match, public_view(observe_three(rnd, 0), MatchInfo.of(match))
        for action in entry.actions:
            rnd.push(action)
            yield match, public_view(observe_three(rnd, 0), MatchInfo.of(match))


def hidden(match: ThreeMatch, seat: int | None) -> set[str]:
    """Cards ``seat`` (``None``: a spectator) may not see now: the others' unshown cards."""
    rnd = match.round
    assert rnd is not None
    return {card_name(c) for other in range(3) if other != seat
            for c in cards_in(rnd.hand(other) & ~rnd.shown(other))}


def check(received: list[dict[str, Any]], seat: int | None, record: Record) -> int:
    """Match each state a connection received to a true position; it names no card the
    receiver may not see, and shows the seat its own hand and legal actions."""
    walk = positions(record)
    current: tuple[ThreeMatch, Any] | None = None
    checked = 0
    for message in received:
        assert message["type"] in ("state", "hint", "error", "pong", "chat"), message
        assert message["type"] != "chat" or seat is not None, "a spectator is sent no chat"
        assert len(json.dumps(message, separators=(",", ":")).encode()) <= MAX_MESSAGE
        if message["type"] != "state" or message["view"] is None:
            continue
        view = message["view"]
        assert view["seat"] == seat
        public = dict(view, seat=None, hand=None, legal=[], refusals={}, out=None)
        while current is None or current[1] != public:
            current = next(walk, None)
            if current is None:
                pytest.fail(f"no true position shows {public}")
        match = current[0]
        previous = view["previous"]
        if previous is not None:
            assert named_cards(previous) == set()
        leaked = named_cards(message) & hidden(match, seat)
        assert not leaked, f"seat {seat} was told {sorted(leaked)}"
        rnd = match.round
        assert rnd is not None
        if seat is None:
            assert view["hand"] is None and view["legal"] == [] and view["refusals"] == {}
            assert view["out"] is None
        else:
            assert view["hand"] == [card_name(c) for c in cards_in(rnd.hand(seat))]
            assert view["legal"] == ([a.token for a in rnd.legal_tuple()] if rnd.to_act == seat else [])
            assert (view["out"] is None) == ("out" not in view["legal"])
            if view["legal"]:
                assert set(view["refusals"]) == set(view["hand"]) - set(view["legal"])
                assert all(view["refusals"].values())
        checked += 1
    return checked


def test_options_offer_the_three_hand_game(server: Server) -> None:
    options = server.guest("Ann").http.get("/api/options").json()
    assert options["presets"][-1] == "three-hand"
    assert "easy" in options["three_levels"]
    assert set(options["three_levels"]) <= set(options["levels"])


def test_bad_three_hand_games_are_refused(server: Server) -> None:
    ann = server.guest("Ann")
    for body, code in [({"rules": "three-hand"}, "bad_request"),
                       ({"rules": "three-hand", "seats": ["easy"]}, "bad_request"),
                       ({"rules": "three-hand", "seats": ["easy", "easy", "easy"]}, "bad_request"),
                       ({"rules": "three-hand", "seats": ["easy", "alien"]}, "bad_request"),
                       ({"rules": "three-hand", "seats": ["easy", 3]}, "bad_request"),
                       ({"rules": "three-hand", "seats": "easy human"}, "bad_request"),
                       ({"rules": "classic", "seats": ["easy", "easy"]}, "bad_request"),
                       ({"rules": "three-hand close_min_stock=3", "seats": ["easy", "easy"]}, "bad_rules"),
                       ({"rules": "three-hand tie=replay", "seats": ["easy", "easy"]}, "bad_rules"),
                       ({"rules": "three-hand match_target=0", "seats": ["easy", "easy"]}, "bad_rules")]:
        response = ann.http.post("/api/games", json=body)
        assert response.status_code == 400, (body, response.text)
        assert response.json()["error"]["code"] == code, body
    assert ann.http.get("/api/history").json()["games"] == []


def test_a_hint_names_the_legal_actions_of_the_seat_to_act_only(server: Server) -> None:
    """At a table against two bots, the hint of each decision values each legal action
    once, best first, and nothing else: when following, not the cards the seat may not play."""
    ann = server.guest("Ann")
    game = ann.create(rules="three-hand", seats=["easy", "easy"])
    socket = ann.socket(game["id"])
    rng = random.Random(4)
    hints = restricted = 0
    while hints < 6 or not restricted:
        socket.until(my_turn(0), timeout=60)
        state = socket.settle()  # the latest state, in which seat 0 is to act
        assert state["game"]["status"] == "playing"
        view = state["view"]
        socket.send({"type": "hint"})
        hint = socket.until(lambda m: m["type"] in ("hint", "error"))
        assert hint["type"] == "hint", hint
        tokens = [a["action"] for a in hint["actions"]]
        assert sorted(tokens) == sorted(view["legal"])
        values = [a["expected"] for a in hint["actions"]]
        assert values == sorted(values, reverse=True) and all(-6 <= v <= 6 for v in values)
        hints += 1
        restricted += bool(set(view["hand"]) - set(tokens))
        socket.send({"type": "act", "action": mostly_cards(view, rng)})
    socket.close()


def test_three_people_fill_a_table_and_each_sees_only_its_own_hand(server: Server) -> None:
    ann, bob, cat, eve = (server.guest(name) for name in ("Ann", "Bob", "Cat", "Eve"))
    game = ann.create(rules="three-hand match_target=3", seats=["human", "human"])
    assert game["status"] == "open" and game["players"] == ["Ann", None, None]
    assert game["bots"] == [None, None, None] and game["score"] == [0, 0, 0]
    assert [g["id"] for g in bob.http.get("/api/lobby").json()["games"]] == [game["id"]]
    first = ann.socket(game["id"])
    assert first.recv()["view"] is None
    joined = bob.join(game["id"])
    assert joined["your_seat"] == 1 and joined["status"] == "open"
    assert bob.http.post(f"/api/games/{game['id']}/join").json()["error"]["code"] == "own_game"
    joined = cat.join(game["id"])
    assert joined["your_seat"] == 2 and joined["status"] == "playing"
    assert joined["players"] == ["Ann", "Bob", "Cat"]
    late = eve.http.post(f"/api/games/{game['id']}/join")
    assert late.status_code == 409 and late.json()["error"]["code"] == "not_open"

    sockets: list[Socket | None] = [first, bob.socket(game["id"]), cat.socket(game["id"])]
    watcher = eve.socket(game["id"])
    state = watcher.until(lambda m: m["type"] == "state" and m["view"] is not None)
    to_act = state["view"]["to_act"]
    for socket in [sockets[s] for s in range(3) if s != to_act]:
        assert socket is not None
        socket.send({"type": "act", "action": "As"})
        assert socket.until(lambda m: m["type"] == "error")["code"] == "not_your_turn"
    watcher.send({"type": "act", "action": "As"})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    actor = sockets[to_act]
    assert actor is not None
    actor.send({"type": "hint"})
    hint = actor.until(lambda m: m["type"] == "hint")
    assert actor.state is not None
    assert sorted(a["action"] for a in hint["actions"]) == sorted(actor.state["view"]["legal"])

    last = play(sockets, partial(mostly_cards, rng=random.Random(3)), timeout=240)
    assert last["game"]["status"] == "over" and max(last["game"]["score"]) >= 3
    text = ann.http.get(f"/api/games/{game['id']}/record").text
    record = Record.parse(text)
    assert record.seats == 3 and '[Players "Ann" "Bob" "Cat"]' in text
    assert record.replay().score == tuple(last["game"]["score"])
    pending(watcher)
    checked = 0
    for seat, socket in [(0, sockets[0]), (1, sockets[1]), (2, sockets[2]), (None, watcher)]:
        assert socket is not None
        pending(socket)
        checked += check(socket.received, seat, record)
        socket.close()
    assert checked > 4 * 24
    history = cat.http.get("/api/history").json()["games"]
    assert [g["id"] for g in history] == [game["id"]] and history[0]["your_seat"] == 2
    steps = ann.http.get(f"/api/games/{game['id']}/replay").json()["steps"]
    assert [len(hand) for hand in steps[0]["view"]["hands"]] == [8, 8, 8]


def test_a_person_plays_two_bots_and_the_record_replays(server: Server, tmp_path: Path) -> None:
    ann = server.guest("Ann")
    game = ann.create(rules="three-hand match_target=5", seats=["easy", "easy"])
    assert game["status"] == "playing" and game["players"] == ["Ann", "Easy bot 1", "Easy bot 2"]
    assert game["bots"] == [None, "easy", "easy"]
    socket = ann.socket(game["id"])
    last = play([socket], partial(mostly_cards, rng=random.Random(5)), timeout=240)
    assert last["game"]["status"] == "over" and last["game"]["winner"] == last["view"]["match_winner"]
    actors = {m["last"]["actor"] for m in socket.received if m["type"] == "state" and m["last"]}
    assert actors == {0, 1, 2}
    record = ann.http.get(f"/api/games/{game['id']}/record")
    path = tmp_path / "three.ssn"
    path.write_text(record.text, encoding="utf-8")
    replayed = subprocess.run([sys.executable, "-m", "sixtysix", "replay", str(path), "--json"],
                              capture_output=True, text=True, check=True)
    assert replayed.stdout.count('"score"') >= 1
    assert f'[Result "{"-".join(str(s) for s in last["game"]["score"])}"]' in record.text
    assert Record.parse(record.text).replay().winner == last["game"]["winner"]


@pytest.mark.slow
def test_two_people_and_a_bot_resume_after_a_restart(start_server: StartServer) -> None:
    server = start_server(seed=9)
    ann, bob = server.guest("Ann"), server.guest("Bob")
    game = ann.create(rules="three-hand match_target=4", seats=["human", "easy"])
    assert game["status"] == "open" and game["players"] == ["Ann", None, "Easy bot 2"]
    bob.join(game["id"])
    sockets: list[Socket | None] = [ann.socket(game["id"]), bob.socket(game["id"]), None]
    rng = random.Random(2)
    play(sockets, partial(mostly_cards, rng=rng), actions=9)
    people = [socket for socket in sockets if socket is not None]
    for socket in people:
        socket.settle(lambda state: state["game"]["status"] == "over" or state["view"]["to_act"] in (0, 1))
    before = [socket.state for socket in people]
    assert all(state is not None and state["view"]["tricks"] for state in before)
    server.kill()
    server.start()
    again: list[Socket | None] = [ann.socket(game["id"]), bob.socket(game["id"]), None]
    for old, seated in zip(before, again[:2], strict=True):
        assert seated is not None and old is not None
        state = seated.until(lambda m: m["type"] == "state")
        assert state["view"] == old["view"] and state["game"]["status"] == "playing"
    last = play(again, partial(mostly_cards, rng=rng), timeout=240)
    assert last["game"]["status"] == "over"
    record = Record.parse(ann.http.get(f"/api/games/{game['id']}/record").text)
    assert record.replay().score == tuple(last["game"]["score"])


def test_the_third_seat_migration_keeps_the_two_hand_games(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = open_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "v0001")
        connection.exec_driver_sql("INSERT INTO players VALUES ('p', 'hash', 'Ann', 'then')")
        connection.exec_driver_sql(
            "INSERT INTO games (id, status, rules, first_dealer, bot, player0, player1, score0, score1, "
            "created) VALUES ('g', 'playing', 'classic', 1, 'easy', 'p', NULL, 2, 5, 'then')")
    engine.dispose()
    store = Store(url)
    [row] = store.games(player_id="p")
    assert (row.player_ids, row.score, row.bots, row.seats) == (["p", None], (2, 5), [None, "easy"], 2)
    three = GameRow("t", "open", "three-hand", 2, None, ["p", None, None], (0, 0, 0), None, None, "now",
                    "easy")
    store.create_game(three)
    three.player_ids[1] = "p"
    three.score = (1, 2, 3)
    store.save(three, [])
    stored = store.game("t")
    assert stored is not None and stored[0] == three
    assert sorted(r.id for r in store.games(player_id="p")) == ["g", "t"]
    store.close()
