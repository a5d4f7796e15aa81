"""Rate limits per client address, against a real server: new players, games, invitations
and joins; another address is counted apart."""

from __future__ import annotations

import httpx
from conftest import StartServer
from webclient import Server, with_csrf


def elsewhere(server: Server, name: str) -> httpx.Client:
    """A guest of ``server`` whose requests come from another loopback address, 127.0.0.2."""
    client = with_csrf(httpx.Client(base_url=server.base, timeout=30,
                                    transport=httpx.HTTPTransport(local_address="127.0.0.2")))
    assert client.post("/api/guest", json={"name": name}).status_code == 200
    return client


def refused(response: httpx.Response, what: str, longest: int) -> None:
    """``response`` is a 429 for ``what``, with a Retry-After of 1 to ``longest`` seconds."""
    assert response.status_code == 429, response.text
    error = response.json()["error"]
    wait = int(response.headers["retry-after"])
    assert 1 <= wait <= longest
    assert error == {"code": "rate_limited",
                     "message": f"too many {what} from your address: try again in {wait} s"}


def test_the_eleventh_new_player_within_a_minute_is_refused(server: Server) -> None:
    for number in range(10):
        assert httpx.post(server.base + "/api/guest", json={"name": f"Guest {number}"}).status_code == 200
    refused(httpx.post(server.base + "/api/guest", json={"name": "Guest 10"}), "new players", 60)
    bad = httpx.post(server.base + "/api/guest", json={"name": ""})
    assert bad.status_code == 400, "a bad name is refused as such, and not counted"
    other = elsewhere(server, "Eve")
    assert other.get("/api/me").json()["player"]["name"] == "Eve"


def test_renames_are_limited_apart_from_new_players(start_server: StartServer) -> None:
    server = start_server(arguments=["--rate-limit", "guests=1/hour", "--rate-limit", "renames=2/hour"])
    ann = server.guest("Ann")
    refused(httpx.post(server.base + "/api/guest", json={"name": "Bob"}), "new players", 3600)
    for name in ("Annie", "Anne"):
        assert ann.http.post("/api/guest", json={"name": name}).status_code == 200
    refused(ann.http.post("/api/guest", json={"name": "Ana"}), "new names", 3600)
    assert ann.http.get("/api/me").json()["player"]["name"] == "Anne"


def test_games_invitations_and_joins_are_limited(start_server: StartServer) -> None:
    server = start_server(arguments=["--rate-limit", "games=3/hour", "--rate-limit", "invitations=1/hour",
                                     "--rate-limit", "joins=1/hour"])
    ann, bob = server.guest("Ann"), server.guest("Bob")
    open_table = ann.create(opponent="human", rules="classic")
    refused(ann.http.post("/api/games", json={"opponent": "human"}), "invitations", 3600)
    refused(ann.http.post("/api/games", json={"rules": "three-hand", "seats": ["easy", "human"]}),
            "invitations", 3600)
    ann.create(rules="three-hand", seats=["easy", "easy"])
    ann.create(opponent="bot", level="easy")
    refused(ann.http.post("/api/games", json={"opponent": "bot", "level": "easy"}), "new games", 3600)
    assert len(ann.http.get("/api/history").json()["games"]) == 3

    eve = elsewhere(server, "Eve")
    elsewhere_table = eve.post("/api/games", json={"opponent": "human"})
    assert elsewhere_table.status_code == 201, "another address is not affected"
    bob.join(open_table["id"])
    refused(bob.http.post(f"/api/games/{elsewhere_table.json()['game']['id']}/join"), "seats taken", 3600)


def test_limits_may_be_lifted(start_server: StartServer) -> None:
    server = start_server(arguments=["--rate-limit=guests=none"])
    for number in range(12):
        assert httpx.post(server.base + "/api/guest", json={"name": f"Guest {number}"}).status_code == 200
