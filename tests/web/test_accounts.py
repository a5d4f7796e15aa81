"""Accounts against a real server: sign up, in and out, the password changed, the account
deleted, a guest turned into an account, unique names, brute force slowed and locked, CSRF,
and passwords kept out of the database and the log."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import StartServer
from webclient import Server, Socket, error, first_state, with_csrf

from sixtysix.web.ratelimits import KINDS

PASSWORD = "correct horse battery"
UNLIMITED = [f"--rate-limit={kind}=none" for kind in KINDS]


def client(server: Server, address: str = "127.0.0.1") -> httpx.Client:
    """A new browser-like client of ``server`` (no cookie yet), from a loopback ``address``."""
    return with_csrf(httpx.Client(base_url=server.base, timeout=30,
                                  transport=httpx.HTTPTransport(local_address=address)))


def sign_up(http: httpx.Client, name: str, password: str = PASSWORD) -> dict[str, Any]:
    """Sign up; the reply."""
    response = http.post("/api/account", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    reply: dict[str, Any] = response.json()
    return reply


def sign_in(http: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    """A sign-in's response."""
    return http.post("/api/session", json={"name": name, "password": password})


def me(http: httpx.Client) -> dict[str, Any]:
    """``GET /api/me``."""
    reply: dict[str, Any] = http.get("/api/me").json()
    return reply


@pytest.fixture
def server(start_server: StartServer) -> Server:
    """A server of its own on a fresh SQLite file, without rate limits, which believes a
    proxy on this machine about the scheme (``X-Forwarded-Proto``)."""
    return start_server(arguments=[*UNLIMITED, "--forwarded-allow-ips", "127.0.0.1"])


def test_sign_up_in_and_out(server: Server) -> None:
    ann = client(server)
    reply = sign_up(ann, "Anna")
    assert reply["account"] == {"name": "Anna"} and reply["player"]["name"] == "Anna"
    session = next(c for c in ann.cookies.jar if c.name == "sixtysix_session")
    assert session.has_nonstandard_attr("HttpOnly") and session.get_nonstandard_attr("SameSite") == "lax"
    assert not session.secure, "served over http, the cookie is not Secure"
    assert me(ann) == reply
    token = session.value
    assert token is not None
    assert ann.delete("/api/session").json() == {"player": None, "account": None}
    assert me(ann) == {"player": None, "account": None}
    stolen = client(server)
    stolen.cookies.set("sixtysix_session", token)
    assert me(stolen)["player"] is None, "a signed-out session no longer works"
    wrong = sign_in(ann, "anna", "wrong password")
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_credentials"
    nobody = sign_in(ann, "nobody", PASSWORD)
    assert nobody.status_code == 401
    assert nobody.json() == wrong.json(), "which of the two is wrong is not said"
    assert sign_in(ann, "ANNA").json() == reply, "a name signs in whatever its case"
    assert me(ann)["account"] == {"name": "Anna"}
    rename = ann.post("/api/guest", json={"name": "Someone"})
    assert rename.status_code == 409 and rename.json()["error"]["code"] == "signed_in"
    proxied = httpx.post(server.base + "/api/session", json={"name": "Anna", "password": PASSWORD},
                         headers={"X-Forwarded-Proto": "https"})
    assert proxied.status_code == 200
    cookies = proxied.headers.get_list("set-cookie")
    assert all("; secure" in cookie.lower() for cookie in cookies) and len(cookies) == 2, \
        "over https (a proxy on this machine says so) the session and CSRF cookies are Secure"


def test_a_password_change_ends_every_other_session(server: Server) -> None:
    phone, laptop = client(server), client(server)
    sign_up(phone, "Bob_1")
    assert sign_in(laptop, "Bob_1").status_code == 200
    wrong = phone.post("/api/account/password", json={"old": "not it at all", "new": "new password 1"})
    assert wrong.status_code == 401
    changed = phone.post("/api/account/password", json={"old": PASSWORD, "new": "new password 1"})
    assert changed.status_code == 200, changed.text
    assert me(phone)["account"] == {"name": "Bob_1"}, "the session that changed it stays"
    assert me(laptop)["player"] is None, "every other session ends"
    assert sign_in(laptop, "Bob_1").status_code == 401
    assert sign_in(laptop, "Bob_1", "new password 1").status_code == 200
    short = phone.post("/api/account/password", json={"old": "new password 1", "new": "short"})
    assert short.status_code == 400 and short.json()["error"]["code"] == "bad_password"


def test_deleting_an_account_anonymises_it_and_keeps_its_games(server: Server, tmp_path: Path) -> None:
    cid = client(server)
    sign_up(cid, "Cid")
    created = cid.post("/api/games", json={"opponent": "human", "rules": "classic"})
    assert created.status_code == 201, created.text
    game_id = created.json()["game"]["id"]
    refused = cid.request("DELETE", "/api/account", json={"password": "not the password"})
    assert refused.status_code == 401
    deleted = cid.request("DELETE", "/api/account", json={"password": PASSWORD})
    assert deleted.status_code == 200 and deleted.json() == {"player": None, "account": None}
    assert me(cid)["player"] is None
    assert sign_in(cid, "Cid").status_code == 401
    game = httpx.get(f"{server.base}/api/games/{game_id}").json()["game"]
    assert game["players"][0] == "deleted player", game
    with sqlite3.connect(tmp_path / "sixtysix.db") as db:
        assert db.execute("SELECT count(*) FROM accounts").fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM sessions").fetchone() == (0,)
        assert "Cid" not in str(db.execute("SELECT * FROM players").fetchall())
    sign_up(client(server), "Cid")


def test_a_guest_turned_account_keeps_its_games(server: Server) -> None:
    guest = server.guest("Dee")
    old_token = guest.token
    game = guest.create(opponent="human", rules="classic")
    reply = sign_up(guest.http, "Dee_account")
    assert reply["player"]["id"] == guest.player["id"], "the guest's player becomes the account's"
    history = guest.http.get("/api/history").json()["games"]
    assert [g["id"] for g in history] == [game["id"]]
    assert "sixtysix_token" not in guest.http.cookies, "the guest cookie is cleared"
    old = client(server)
    old.cookies.set("sixtysix_token", old_token)
    assert me(old)["player"] is None, "the guest token no longer reaches the account"
    elsewhere = client(server)
    sign_in(elsewhere, "dee_ACCOUNT")
    assert [g["id"] for g in elsewhere.get("/api/history").json()["games"]] == [game["id"]]


def test_user_names_are_unique_by_case_and_look_alikes(server: Server) -> None:
    sign_up(client(server), "Anna")
    sign_up(client(server), "Aca")
    for alike in ("ANNA", "anna", "\u0410\u0441\u0430"):  # the last all Cyrillic
        taken = client(server).post("/api/account", json={"name": alike, "password": PASSWORD})
        assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken", alike
    for bad in ("Аnna", "ab", "x" * 25, "a b", "<script>", "Ａnna", "ann\u200b", ""):
        refused = client(server).post("/api/account", json={"name": bad, "password": PASSWORD})
        assert refused.status_code == 400, bad
        assert refused.json()["error"]["code"] == "bad_user_name", bad
    assert sign_up(client(server), "Jürgen-2_x")["account"] == {"name": "Jürgen-2_x"}
    assert sign_up(client(server), "Анна")["account"] == {"name": "Анна"}, "one script is not mixing"
    short = client(server).post("/api/account", json={"name": "Evelyn", "password": "seven77"})
    assert short.status_code == 400 and short.json()["error"]["code"] == "bad_password"


def test_a_guest_cannot_take_a_name_like_an_accounts(server: Server) -> None:
    sign_up(client(server), "Anna")
    for alike in ("ANNA", " anna ", "\u0410nna"):
        guest = client(server).post("/api/guest", json={"name": alike})
        assert guest.status_code == 409 and guest.json()["error"]["code"] == "name_taken", alike
    bob = client(server)
    assert bob.post("/api/guest", json={"name": "Bob"}).status_code == 200
    renamed = bob.post("/api/guest", json={"name": "anna"})
    assert renamed.status_code == 409 and renamed.json()["error"]["code"] == "name_taken"
    assert bob.get("/api/me").json()["player"]["name"] == "Bob"
    assert client(server).post("/api/guest", json={"name": "Annabel"}).status_code == 200


def test_brute_force_is_locked_out(server: Server) -> None:
    sign_up(client(server), "Fay")
    attacker = client(server)
    for _ in range(4):
        assert sign_in(attacker, "Fay", "guess guess").status_code == 401
    locked = sign_in(attacker, "Fay", "guess guess")
    assert locked.status_code == 429 and locked.json()["error"]["code"] == "locked"
    assert 890 <= int(locked.headers["retry-after"]) <= 900
    still = sign_in(client(server, "127.0.0.2"), "Fay")
    assert still.status_code == 429, "locked even with the right password, from anywhere"
    assert still.json()["error"]["code"] == "locked"


def test_sign_ins_are_rate_limited_per_address_and_per_name(start_server: StartServer) -> None:
    server = start_server(arguments=["--rate-limit=signins=5/minute", "--rate-limit=names=5/minute",
                                     "--rate-limit=signups=3/hour"])
    for number in range(3):
        sign_up(client(server), f"Gus{number}")
    refused = client(server).post("/api/account", json={"name": "Gus9", "password": PASSWORD})
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 3600
    assert "new accounts" in refused.json()["error"]["message"]
    here = client(server)
    for _ in range(3):
        assert sign_in(here, "Gus0", "guess guess").status_code == 401
    assert sign_in(client(server, "127.0.0.2"), "Gus0", "guess guess").status_code == 401
    per_name = sign_in(client(server, "127.0.0.3"), "GUS0")
    assert per_name.status_code == 429 and "this account" in per_name.json()["error"]["message"]
    assert 1 <= int(per_name.headers["retry-after"]) <= 60
    for number in (1, 2):
        assert sign_in(here, f"Gus{number}", "guess guess").status_code == 401
    per_address = sign_in(here, "Gus2")
    assert per_address.status_code == 429
    assert "sign-ins from your address" in per_address.json()["error"]["message"]
    assert 1 <= int(per_address.headers["retry-after"]) <= 60


def test_a_request_with_the_cookie_but_without_the_csrf_token_is_refused(server: Server) -> None:
    ann = server.guest("Ann")
    bare = httpx.Client(base_url=server.base, cookies={"sixtysix_token": ann.token})
    for method, path, body in (("POST", "/api/games", {"opponent": "human"}),
                               ("POST", "/api/guest", {"name": "Mallory"}),
                               ("DELETE", "/api/session", None)):
        refused = bare.request(method, path, json=body)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "csrf", path
        forged = bare.request(method, path, json=body, headers={"X-CSRF-Token": "forged"})
        assert forged.status_code == 403, path
    assert me(ann.http)["player"]["name"] == "Ann"
    assert ann.http.post("/api/games", json={"opponent": "human"}).status_code == 201
    csrf = next(c for c in ann.http.cookies.jar if c.name == "sixtysix_csrf")
    assert not csrf.has_nonstandard_attr("HttpOnly"), "the page reads it"
    first = httpx.post(server.base + "/api/guest", json={"name": "Newcomer"})
    assert first.status_code == 200, "a request without a cookie has no authority to forge"


def test_passwords_are_neither_stored_nor_logged(start_server: StartServer, tmp_path: Path,
                                                 capfd: pytest.CaptureFixture[str]) -> None:
    server = start_server(arguments=UNLIMITED)
    secrets = ["first secret 0451", "second secret 0452"]
    hal = client(server)
    sign_up(hal, "Hal", secrets[0])
    assert sign_in(client(server), "Hal", "wrong secret 0453").status_code == 401
    assert hal.post("/api/account/password", json={"old": secrets[0], "new": secrets[1]}).status_code == 200
    token = hal.cookies["sixtysix_session"]
    server.stop()
    dump = "\n".join(sqlite3.connect(tmp_path / "sixtysix.db").iterdump())
    for secret in [*secrets, "wrong secret 0453", token]:
        assert secret not in dump
    assert "$argon2id$" in dump
    err = capfd.readouterr().err
    assert '"/api/session"' in err, "the sign-in was logged"
    for secret in [*secrets, "wrong secret 0453", "0451", token]:
        assert secret not in err


def test_accounts_play_over_the_websocket(server: Server) -> None:
    ivy, joe = client(server), client(server)
    sign_up(ivy, "Ivy")
    sign_up(joe, "Joe")
    game = ivy.post("/api/games", json={"opponent": "human", "rules": "classic"}).json()["game"]
    joined = joe.post(f"/api/games/{game['id']}/join").json()["game"]
    assert joined["players"] == ["Ivy", "Joe"] and joined["your_seat"] == 1
    socket = Socket(server, game["id"], {"Cookie": f"sixtysix_session={ivy.cookies['sixtysix_session']}"})
    state = socket.settle()
    assert state["game"]["your_seat"] == 0 and state["view"] is not None
    socket.close()


def test_one_account_never_acts_reads_hands_or_chats_as_another(server: Server) -> None:
    ivy, joe, eve = client(server), client(server), client(server)
    for http, name in ((ivy, "Ivy"), (joe, "Joe"), (eve, "Eve")):
        sign_up(http, name)
    rated = {"opponent": "human", "rules": "classic", "rated": True}
    game = ivy.post("/api/games", json=rated).json()["game"]
    joe.post(f"/api/games/{game['id']}/join")
    taken = eve.post(f"/api/games/{game['id']}/join")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "not_open"

    def socket(http: httpx.Client) -> Socket:
        return Socket(server, game["id"], {"Cookie": f"sixtysix_session={http.cookies['sixtysix_session']}"})

    sockets = [socket(ivy), socket(joe)]
    views = [first_state(each)["view"] for each in sockets]
    watcher = socket(eve)
    state = first_state(watcher)
    assert state["game"]["your_seat"] is None and state["view"]["hand"] is None
    hand = views[0]["hand"]
    assert hand and not any(f'"{card}"' in str(state["view"]).replace("'", '"') for card in hand)
    legal = views[views[0]["to_act"]]["legal"]
    for message in ({"type": "act", "action": legal[0]}, {"type": "resign"}, {"type": "claim"},
                    {"type": "chat", "text": "I am Ivy"}, {"type": "mute", "seat": 0, "muted": True},
                    {"type": "hint"}):
        assert error(watcher, message) == "spectator", message
    sockets[0].send({"type": "chat", "text": "for Joe only"})
    assert sockets[1].until(lambda m: m["type"] == "chat" and not m["history"])["lines"][0]["text"] == \
        "for Joe only"
    watcher.settle()
    assert "for Joe only" not in str(watcher.received)
    assert watcher.state is not None and watcher.state["game"]["status"] == "playing"
    assert first_state(socket(ivy))["view"]["hand"] == hand, "nothing changed by the watcher"
    for each in (*sockets, watcher):
        each.close()
