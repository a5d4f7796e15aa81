"""Ratings against a real server: a rated match's end rates its players exactly as openskill
does, in the same save as the game; a three-hand match by its places; unrated games change
nothing; the leaderboards, the profiles, their history and results; the levels' strengths."""

from __future__ import annotations

import math
import random
from functools import partial
from typing import Any

import httpx
import pytest
from conftest import StartServer
from openskill.models import PlackettLuce
from sqlalchemy import create_engine, insert, select
from webclient import Server, Socket, first_state, mostly_cards, play, with_csrf

from sixtysix.web.ratelimits import KINDS
from sixtysix.web.store import Store, database_url, rating_history, ratings

PASSWORD = "correct horse battery"
UNLIMITED = [f"--rate-limit={kind}=none" for kind in KINDS]
MODEL = PlackettLuce(mu=1500, sigma=350, beta=400 / math.log(10) / math.sqrt(2), tau=3.5)
"""The model the server must use, built here from its documented constants."""


class Account:
    """A signed-up account's HTTP client."""

    def __init__(self, server: Server, name: str) -> None:
        self.server = server
        self.name = name
        self.http = with_csrf(httpx.Client(base_url=server.base, timeout=30))
        response = self.http.post("/api/account", json={"name": name, "password": PASSWORD})
        assert response.status_code == 201, response.text
        self.player_id: str = response.json()["player"]["id"]

    def socket(self, game_id: str) -> Socket:
        """A WebSocket to a game with the account's session."""
        session = self.http.cookies["sixtysix_session"]
        return Socket(self.server, game_id, {"Cookie": f"sixtysix_session={session}"})

    def get(self, path: str) -> Any:
        """A GET's JSON body, which must be a success."""
        response = self.http.get(path)
        assert response.status_code == 200, response.text
        return response.json()


@pytest.fixture
def server(start_server: StartServer) -> Server:
    """A server of its own on a fresh SQLite file, without rate limits."""
    return start_server(arguments=UNLIMITED)


def resigned(first: Account, second: Account, *, rated: bool = True, rules: str = "classic") -> str:
    """A two-hand game ``first`` created and ``second`` joined, which ``second`` resigned."""
    response = first.http.post("/api/games", json={"opponent": "human", "rules": rules, "rated": rated})
    assert response.status_code == 201, response.text
    game: str = response.json()["game"]["id"]
    assert second.http.post(f"/api/games/{game}/join").status_code == 200
    sockets = [first.socket(game), second.socket(game)]
    for socket in sockets:
        first_state(socket)
    sockets[1].send({"type": "resign"})
    for socket in sockets:
        socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
        socket.close()
    return game


def stored_ratings(url: str) -> dict[tuple[str, str], tuple[float, float, int]]:
    """Every stored rating: (player id, kind) to (mu, sigma, games)."""
    engine = create_engine(database_url(url))
    with engine.connect() as db:
        rows = db.execute(select(ratings)).all()
    engine.dispose()
    return {(row.player_id, row.kind): (row.mu, row.sigma, row.games) for row in rows}


def stored_history(url: str) -> list[Any]:
    """Every stored rating history row."""
    engine = create_engine(database_url(url))
    with engine.connect() as db:
        rows = db.execute(select(rating_history)).all()
    engine.dispose()
    return list(rows)


def test_a_rated_match_rates_its_players_as_openskill_does(start_server: StartServer,
                                                           database_url: str) -> None:
    server = start_server(database_url, arguments=UNLIMITED)
    ann, bob = Account(server, "ann"), Account(server, "bob")
    game = resigned(ann, bob)
    [[win], [loss]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    stored = stored_ratings(database_url)
    assert stored[(ann.player_id, "classic")] == pytest.approx((win.mu, win.sigma, 1), abs=1e-9)
    assert stored[(bob.player_id, "classic")] == pytest.approx((loss.mu, loss.sigma, 1), abs=1e-9)
    history = stored_history(database_url)
    assert {(row.game_id, row.player_id, row.mu_before, row.sigma_before) for row in history} == {
        (game, ann.player_id, 1500, 350), (game, bob.player_id, 1500, 350)}

    again = resigned(bob, ann)
    [[ann_after], [bob_after]] = MODEL.rate([[win], [loss]], ranks=[2, 1])
    stored = stored_ratings(database_url)
    assert stored[(ann.player_id, "classic")] == pytest.approx((ann_after.mu, ann_after.sigma, 2), abs=1e-9)
    assert stored[(bob.player_id, "classic")] == pytest.approx((bob_after.mu, bob_after.sigma, 2), abs=1e-9)
    profile = ann.get("/api/players/ann")
    assert profile["ratings"] == [{"kind": "classic", "rating": round(ann_after.mu),
                                   "sigma": round(ann_after.sigma, 1), "provisional": True, "games": 2}]
    assert [(p["game"], p["rating"], p["change"]) for p in profile["history"]["classic"]] == [
        (game, round(win.mu), round(win.mu) - 1500),
        (again, round(ann_after.mu), round(ann_after.mu) - round(win.mu))]
    assert profile["people"] == {"classic": {"wins": 1, "losses": 1}}
    assert {g["id"] for g in profile["recent"]} == {again, game}


def test_unrated_games_change_no_rating(server: Server, tmp_path: Any) -> None:
    ann, bob = Account(server, "ann"), Account(server, "bob")
    resigned(ann, bob, rated=False)
    resigned(ann, bob, rated=False, rules="santase")
    url = f"sqlite:///{tmp_path / 'sixtysix.db'}"
    assert stored_ratings(url) == {}
    assert stored_history(url) == []
    assert ann.get("/api/leaderboard/classic")["players"] == []
    profile = ann.get("/api/players/ann")
    assert profile["ratings"] == [] and profile["history"] == {}
    assert profile["people"] == {"classic": {"wins": 1, "losses": 0}, "santase": {"wins": 1, "losses": 0}}


def test_a_three_hand_match_is_rated_by_places(server: Server, tmp_path: Any) -> None:
    players = [Account(server, name) for name in ("ann", "bob", "cyd")]
    response = players[0].http.post("/api/games", json={"rules": "three-hand", "seats": ["human", "human"],
                                                         "rated": True})
    assert response.status_code == 201, response.text
    game = response.json()["game"]["id"]
    for player in players[1:]:
        assert player.http.post(f"/api/games/{game}/join").status_code == 200
    sockets: list[Socket | None] = [player.socket(game) for player in players]
    final = play(sockets, partial(mostly_cards, rng=random.Random(3)), timeout=300)["game"]
    winner, score = final["winner"], final["score"]
    places = [1 if seat == winner else 2 + sum(score[o] > score[seat] for o in range(3) if o != winner)
              for seat in range(3)]
    expected = MODEL.rate([[MODEL.rating()] for _ in players], ranks=places)
    stored = stored_ratings(f"sqlite:///{tmp_path / 'sixtysix.db'}")
    for player, [rating] in zip(players, expected, strict=True):
        expect = (rating.mu, rating.sigma, 1)
        assert stored[(player.player_id, "three-hand")] == pytest.approx(expect, abs=1e-9)
    assert stored_ratings(f"sqlite:///{tmp_path / 'sixtysix.db'}").keys() == {
        (player.player_id, "three-hand") for player in players}


def test_the_leaderboard_lists_provisional_ratings_by_rating(start_server: StartServer,
                                                             database_url: str) -> None:
    server = start_server(database_url, arguments=UNLIMITED)
    ann, bob, cy = Account(server, "ann"), Account(server, "bob"), Account(server, "cyd")
    resigned(ann, bob)
    resigned(cy, bob)
    resigned(ann, cy)
    board = ann.get("/api/leaderboard/classic")
    assert board["kind"] == "classic" and board["provisional_sigma"] > 0
    names = [line["name"] for line in board["players"]]
    assert names == ["ann", "cyd", "bob"]
    ratings_shown = [line["rating"] for line in board["players"]]
    assert ratings_shown == sorted(ratings_shown, reverse=True)
    assert all(line["provisional"] for line in board["players"]), "three matches make no rating established"
    assert [line["games"] for line in board["players"]] == [2, 2, 2]
    assert ann.get("/api/leaderboard/santase")["players"] == []
    missing = ann.http.get("/api/leaderboard/chess")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_kind"


def test_established_ratings_lead_the_leaderboard() -> None:
    store = Store("sqlite://")
    lines = {"eve": (1400.0, 100.0), "fay": (1700.0, 300.0), "gus": (1450.0, 149.0), "hal": (1900.0, 151.0)}
    for name, (mu, sigma) in lines.items():
        made = store.create_account(name, name, "hash", None)
        assert made is not None
        with store.engine.begin() as db:
            db.execute(insert(ratings).values(player_id=made[0].id, kind="pagat", mu=mu, sigma=sigma, games=9,
                                              updated="2026-12-06T00:00:00Z"))
    assert [line.name for line in store.leaderboard("pagat", 50, 150)] == ["gus", "eve", "hal", "fay"]
    assert [line.name for line in store.leaderboard("pagat", 2, 150)] == ["gus", "eve"]
    assert store.leaderboard("classic", 50, 150) == []


def test_a_profile_counts_results_against_each_level(server: Server) -> None:
    ann = Account(server, "Ann_1")
    response = ann.http.post("/api/games", json={"opponent": "bot", "level": "easy", "rules": "classic"})
    game = response.json()["game"]["id"]
    socket = ann.socket(game)
    first_state(socket)
    socket.send({"type": "resign"})
    socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    guest = httpx.Client(base_url=server.base)
    profile = guest.get("/api/players/ANN_1").json()
    assert profile["name"] == "Ann_1"
    assert profile["levels"] == {"classic": {"easy": {"wins": 0, "losses": 1}}}
    assert profile["people"] == {}
    recent = [(g["id"], g["your_seat"], g["players"][1]) for g in profile["recent"]]
    assert recent == [(game, None, "Easy bot")], "the games as a visitor sees them"
    assert profile["seats"] == [0]
    for name in ("nobody", "x" * 65, "Ann_2"):
        missing = guest.get(f"/api/players/{name}")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_player"


def test_the_levels_have_strengths_on_the_players_scale(server: Server) -> None:
    strengths = httpx.get(server.base + "/api/levels/strength").json()
    assert strengths["scale_start"] == 1500
    for kind in ("classic", "pagat", "santase", "turkish", "three-hand"):
        levels = strengths["kinds"][kind]
        assert levels["medium"] == 1500, "a new player starts at medium's strength"
        assert levels["easy"] < levels["medium"] < levels["hard"]
