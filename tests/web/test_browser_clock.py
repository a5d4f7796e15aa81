"""The move clock at the browser table (issue 36), in Debian's Chromium under Playwright
against a real ``sixtysix serve``: both seats' clocks show, the one to act counts down, and
a match lost on time says so at the table and in the list of matches; the new-game form
asks for a clock, and a signed-in player for a rated game."""

from __future__ import annotations

import random
import time

import httpx
import pytest
from accessibility import assert_accessible
from playwright.sync_api import Browser
from test_browser import Player, browser
from webclient import Guest, Server, with_csrf

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser


def at_the_table(browser: Browser, server: Server, guest: Guest, game: str) -> Player:
    """The guest's table of ``game`` in a browser context of its own, with its cookie."""
    player = Player(browser, server, guest.player["name"])
    player.context.add_cookies([{"name": "sixtysix_token", "value": guest.token, "url": server.base}])
    player.page.goto(f"{server.base}/#/game/{game}")
    return player


@pytest.mark.slow
def test_the_clock_counts_down_and_the_match_is_lost_on_time(browser: Browser, shared_server: Server) -> None:
    ann, bob = shared_server.guest("Ann"), shared_server.guest("Bob")
    game = ann.create(opponent="human", clock={"move": 5, "bank": 0})["id"]
    bob.join(game)
    player = at_the_table(browser, shared_server, ann, game)
    page = player.page
    try:
        page.wait_for_selector(".table .hand.mine .cardbutton")
        assert page.locator(".namebar .clock").count() == 2, "each seat's name shows its clock"
        running = page.locator(".namebar .clock.running")
        running.wait_for()
        first = int(running.get_attribute("data-left") or "0")
        late = running.get_attribute("data-seat")
        page.wait_for_function(
            f"() => Number(document.querySelector('.namebar .clock.running')?.dataset.left) < {first - 1000}")
        page.wait_for_selector(".namebar .clock.running.low")
        assert_accessible(page, "a seat short of time")
        page.wait_for_selector(".match-result", timeout=30_000)
        assert page.inner_text(".match-result") == ("You win the match: Bob lost on time." if late == "1"
                                                     else "Bob wins the match: Ann lost on time.")
        assert page.locator(".namebar .clock.running").count() == 0
        page.goto(shared_server.base + "/")
        page.wait_for_selector(".history .game-meta")
        meta = page.inner_text(".history .game-meta")
        assert meta.endswith("won (on time)" if late == "1" else "lost (on time)")
        assert not player.errors
    finally:
        player.context.close()


def test_the_new_game_form_asks_for_a_clock(browser: Browser, shared_server: Server) -> None:
    ann = Player(browser, shared_server, "Ann")
    try:
        ann.sign_in()
        page = ann.page
        assert page.is_disabled("input[name=rated]"), "a guest plays no rated games"
        page.select_option("select[name=clock]", label="20 s a move + 1:00 bank")
        ann.new_game("human")
        deadline = time.monotonic() + 30
        while not ann.states and time.monotonic() < deadline:  # the table's first state
            page.wait_for_timeout(50)
        assert ann.states and ann.states[-1]["game"]["clock"] == {"move": 20, "bank": 60}
        assert ann.states[-1]["clock"]["banks"] == [60000, 60000]
    finally:
        ann.context.close()


def test_a_signed_in_player_asks_for_a_rated_game(browser: Browser, shared_server: Server) -> None:
    account = with_csrf(httpx.Client(base_url=shared_server.base, timeout=30))
    response = account.post("/api/account", json={"name": f"Rater_{random.randrange(10**6)}",
                                                  "password": "a long password"})
    assert response.status_code == 201, response.text
    ann = Player(browser, shared_server, "Ann")
    try:
        ann.context.add_cookies([{"name": "sixtysix_session", "value": account.cookies["sixtysix_session"],
                                  "url": shared_server.base}])
        page = ann.page
        page.goto(shared_server.base + "/")
        page.wait_for_selector("select[name=clock]")
        assert page.is_enabled("input[name=rated]")
        page.fill("input[name=match_target]", "3")
        assert page.is_disabled("input[name=rated]"), "a rated game is played by a preset unchanged"
        page.fill("input[name=match_target]", "")
        page.check("input[name=rated]")
        assert page.is_disabled("button[data-start=bot]"), "a rated game is against people"
        assert page.input_value("select[name=clock]") != "0" and page.is_disabled("option[value='0']")
        page.click("button[data-start=human]")
        page.wait_for_selector(".table")
        page.wait_for_function("() => location.hash.startsWith('#/game/')")
        game = page.evaluate("location.hash").rsplit("/", 1)[1]
        created = account.get(f"/api/games/{game}").json()["game"]
        assert created["rated"] is True and created["clock"] == {"move": 20, "bank": 60}
    finally:
        ann.context.close()
        account.close()
