"""The language the browser is served in: the cookie of the language menu, else the browser's
``Accept-Language``, else English; the menu's choice is kept for a year and only a language
of the game is taken; each language's rules page, or the English one."""

from __future__ import annotations

import httpx
import pytest
from webclient import Server

from sixtysix.i18n import LANGUAGES, RULES


@pytest.fixture
def server(shared_server: Server) -> Server:
    """The shared server: nothing here changes what it stores."""
    return shared_server


def served(server: Server, headers: dict[str, str] | None = None,
           cookies: dict[str, str] | None = None) -> str:
    """The language of the page and of ``GET /api/language``, which must agree."""
    with httpx.Client(base_url=server.base, headers=headers, cookies=cookies) as client:
        page = client.get("/")
        language = client.get("/api/language").json()["language"]
    assert page.status_code == 200
    assert f'<html lang="{language}">' in page.text
    assert "Accept-Language" in page.headers["vary"]
    return str(language)


def test_the_cookie_wins_over_accept_language_over_english(server: Server) -> None:
    assert served(server) == "en"
    assert served(server, {"Accept-Language": "fr-FR,fr;q=0.9"}) == "en"
    assert served(server, {"Accept-Language": "de-AT,de;q=0.9,en;q=0.8"}) == "de"
    assert served(server, {"Accept-Language": "en;q=0.3,bn;q=0.7"}) == "bn"
    assert served(server, {"Accept-Language": "de-AT"}, {"lang": "ja"}) == "ja"
    assert served(server, {}, {"lang": "zu"}) == "zu"
    assert served(server, {"Accept-Language": "tr"}, {"lang": "xx"}) == "tr"
    assert served(server, {}, {"lang": "../en"}) == "en"


def test_the_menu_lists_every_language_in_itself(server: Server) -> None:
    body = httpx.get(server.base + "/api/language").json()
    assert body["languages"] == [{"code": code, "name": name} for code, name in LANGUAGES.items()]
    assert [entry["name"] for entry in body["languages"]][:3] == ["English", "Deutsch", "Български"]


def test_choosing_a_language_sets_its_cookie_for_a_year(server: Server) -> None:
    with httpx.Client(base_url=server.base, headers={"Accept-Language": "de"}) as client:
        reply = client.put("/api/language", json={"language": "tr"})
        assert reply.status_code == 200 and reply.json()["language"] == "tr"
        cookie = reply.headers["set-cookie"]
        assert cookie.startswith("lang=tr;")
        assert "Max-Age=31536000" in cookie and "Path=/" in cookie and "SameSite=lax" in cookie
        assert client.get("/api/language").json()["language"] == "tr"
        assert '<html lang="tr">' in client.get("/").text


@pytest.mark.parametrize("body", [{"language": "xx"}, {"language": "EN"}, {"language": "de-AT"},
                                  {"language": "x" * 100}, {"language": 7}, {}, ["de"]])
def test_only_a_language_of_the_game_is_taken(server: Server, body: object) -> None:
    reply = httpx.put(server.base + "/api/language", json=body)
    assert reply.status_code == 400
    assert "lang" not in reply.cookies, "no language is remembered (the CSRF cookie may come)"
    assert reply.json()["error"]["code"] in ("bad_language", "bad_request")


def test_each_language_has_its_rules_page_or_the_english_one(server: Server) -> None:
    english = httpx.get(server.base + "/rules/en.html")
    assert english.status_code == 200
    assert english.headers["content-type"].startswith("text/html")
    assert english.text.startswith("<h1>The rules of Sixty-Six</h1>")
    for language in LANGUAGES:
        page = httpx.get(f"{server.base}/rules/{language}.html")
        assert page.status_code == 200
        own = RULES / f"{language}.html"
        assert page.text == (own if own.is_file() else RULES / "en.html").read_text(encoding="utf-8")
    for unknown in ("xx", "EN", "fr", "..%2Fen", "en.html%00"):
        assert httpx.get(f"{server.base}/rules/{unknown}.html").status_code == 404, unknown

