"""Quick pairing in the browser (issue 36), in Debian's Chromium under Playwright against a
real ``sixtysix serve``: two people in two contexts press "Play a person now" and land at the
same table; Cancel returns to the idle panel, and leaving the page cancels the seek."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from accessibility import assert_accessible
from conftest import StartServer
from playwright.sync_api import Browser
from test_accounts import PASSWORD, UNLIMITED
from test_browser import Player, browser

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser

START = ".pairing button[data-pair=start]"
CANCEL = ".pairing button[data-pair=cancel]"


def game_of(player: Player) -> str:
    """The game the player's page shows, from its address."""
    found = re.search(r"#/game/([^/]+)$", player.page.url)
    assert found, player.page.url
    return found[1]


def press_start(player: Player) -> dict[str, Any]:
    """Press "Play a person now"; the seek the server made."""
    with player.page.expect_response(lambda r: r.url.endswith("/api/pairing")) as response:
        player.page.click(START)
    assert response.value.status == 201
    seek: dict[str, Any] = response.value.json()["seek"]
    return seek


def seek_status(player: Player, seek_id: str) -> str:
    """The seek's status, as its player reads it."""
    status: str = player.context.request.get(
        f"{player.server.base}/api/pairing/{seek_id}").json()["seek"]["status"]
    return status


@pytest.mark.slow
def test_two_people_press_play_a_person_now_and_meet_at_one_table(browser: Browser,
                                                                   start_server: StartServer) -> None:
    server = start_server(arguments=UNLIMITED)
    ann = Player(browser, server, "Ann")
    bob = Player(browser, server, "Bob", width=390, height=844)
    try:
        ann.context.request.post(server.base + "/api/account", data={"name": "Ann", "password": PASSWORD})
        ann.page.goto(server.base + "/")
        ann.page.wait_for_selector(START)
        rated = ".pairing input[name=pairing-rated]"
        assert ann.page.is_visible(rated), "an account may ask for a rated game"
        bob.sign_in()
        assert bob.page.query_selector(rated) is None, "a guest may not"

        ann.page.select_option("select[name=pairing-preset]", "santase")
        press_start(ann)
        ann.page.wait_for_selector(".pairing-wait:has-text('Looking for an opponent… 0:')")
        assert ann.page.inner_text(".pairing-range") == "Any opponent: casual games are not rated."
        assert ann.page.is_hidden(START)
        assert_accessible(ann.page, "looking for an opponent")

        bob.page.select_option("select[name=pairing-preset]", "santase")
        press_start(bob)
        for player in (ann, bob):
            player.page.wait_for_selector(".table .hand.mine .cardbutton")
        assert game_of(ann) == game_of(bob)
        state = bob.states[-1]["game"]
        assert sorted(state["players"]) == ["Ann", "Bob"] and state["rules"] == "santase"
        assert state["clock"] == {"move": 20, "bank": 60}
    finally:
        bob.close()
        ann.close()


@pytest.mark.slow
def test_cancel_and_leaving_the_page_end_the_search(browser: Browser, start_server: StartServer) -> None:
    server = start_server(arguments=UNLIMITED)
    ann = Player(browser, server, "Ann")
    bob = Player(browser, server, "Bob")
    try:
        ann.sign_in()
        first = press_start(ann)
        ann.page.click(CANCEL)
        ann.page.wait_for_selector(START)
        assert ann.page.is_hidden(".pairing-wait")
        assert ann.page.evaluate("document.activeElement.dataset.pair") == "start"
        assert seek_status(ann, first["id"]) == "cancelled"

        bob.sign_in()
        second = press_start(bob)
        bob.page.wait_for_selector(".pairing-wait")
        bob.page.click("#nav a[href='#/help']")
        deadline = time.monotonic() + 10
        while seek_status(bob, second["id"]) != "cancelled":
            assert time.monotonic() < deadline, "leaving the page cancels the seek"
            time.sleep(0.2)

        again = press_start(ann)
        assert again["status"] == "waiting", "nobody else is looking"
    finally:
        bob.close()
        ann.close()
