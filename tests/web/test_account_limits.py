"""Rate limits per account (issue 36), against a real server: a signed-in account's creating
requests count against the account as well as the address, so moving to other addresses
does not make them more; a guest is counted by its address alone."""

from __future__ import annotations

import httpx
from conftest import StartServer
from test_accounts import client, sign_in, sign_up
from test_limits import refused


def account_refused(response: httpx.Response, what: str) -> None:
    """``response`` is a 429 for ``what`` counted against the account."""
    assert response.status_code == 429, response.text
    wait = int(response.headers["retry-after"])
    assert 1 <= wait <= 3600
    assert response.json()["error"] == {
        "code": "rate_limited", "message": f"too many {what} from your account: try again in {wait} s"}


def test_an_account_is_limited_from_every_address(start_server: StartServer) -> None:
    server = start_server(arguments=["--rate-limit=games=2/hour", "--rate-limit=pairings=1/hour",
                                     "--rate-limit=joins=1/hour"])
    home, phone, cafe = client(server), client(server, "127.0.0.2"), client(server, "127.0.0.3")
    sign_up(home, "Ann")
    for http in (phone, cafe):
        assert sign_in(http, "Ann").status_code == 200
    bot = {"opponent": "bot", "level": "easy"}
    assert home.post("/api/games", json=bot).status_code == 201
    assert phone.post("/api/games", json=bot).status_code == 201
    account_refused(cafe.post("/api/games", json=bot), "new games")
    assert len(cafe.get("/api/history").json()["games"]) == 2

    guest = client(server, "127.0.0.3")
    assert guest.post("/api/guest", json={"name": "Bob"}).status_code == 200
    for _ in range(2):
        assert guest.post("/api/games", json=bot).status_code == 201, \
            "the account's refusal did not count against the cafe's address"
    refused(guest.post("/api/games", json=bot), "new games", 3600)

    assert phone.post("/api/pairing", json={"rules": "classic"}).status_code == 201
    account_refused(cafe.post("/api/pairing", json={"rules": "classic"}), "pairing requests")

    other = client(server, "127.0.0.4")
    assert other.post("/api/guest", json={"name": "Cid"}).status_code == 200
    human = {"opponent": "human"}
    open_tables = [other.post("/api/games", json=human).json()["game"]["id"] for _ in range(2)]
    assert home.post(f"/api/games/{open_tables[0]}/join").status_code == 200
    account_refused(cafe.post(f"/api/games/{open_tables[1]}/join"), "seats taken")
