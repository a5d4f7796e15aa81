"""A rematch at the browser table (issue 36), in Debian's Chromium under Playwright against a
real ``sixtysix serve``: two people in two contexts play an invitation to its end, one offers
a rematch from the match's summary by keyboard, the other accepts from the finished table,
and both pages move to the new game with the seats swapped; every screen passes axe-core."""

from __future__ import annotations

import re

import pytest
from accessibility import assert_accessible
from playwright.sync_api import Browser
from test_browser import Player, browser, play_until_over
from webclient import Server

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser


def game_of(player: Player) -> str:
    """The game the player's page shows, from its address."""
    found = re.search(r"#/game/([^/]+)$", player.page.url)
    assert found, player.page.url
    return found[1]


@pytest.mark.slow
def test_a_rematch_offered_and_accepted_swaps_the_seats(browser: Browser, shared_server: Server) -> None:
    ann = Player(browser, shared_server, "Ann")
    bob = Player(browser, shared_server, "Bob", width=390, height=844)
    try:
        ann.sign_in()
        first = ann.new_game("human", target=1)
        bob.page.goto(f"{shared_server.base}/#/game/{first}")
        bob.page.fill("input[name=name]", "Bob")
        bob.page.click("form.name-form button[type=submit]")
        for player in (ann, bob):
            player.page.wait_for_selector(".table .hand.mine .cardbutton")
        play_until_over([ann, bob])

        offer = ann.page.locator("#overlay .rematch button[data-rematch=rematch]")
        assert offer.inner_text() == "Rematch"
        offer.focus()
        ann.page.keyboard.press("Enter")
        ann.page.wait_for_selector("#overlay .rematch-state:has-text('Waiting for Bob.')")
        assert ann.page.inner_text("#overlay .rematch-state") == "You offer a rematch. Waiting for Bob."
        assert ann.page.evaluate("document.activeElement.dataset.rematch") == "rematch_decline", \
            "the focus stays in the panel, on its new button"
        assert_accessible(ann.page, "a rematch offered, in the summary")

        bob.page.wait_for_selector("#overlay .rematch-state:has-text('Ann offers a rematch.')")
        bob.page.click("#overlay [data-key=next]")
        bob.page.wait_for_selector(".actions .rematch button[data-rematch=rematch]")
        assert bob.page.inner_text(".actions .rematch-state") == "Ann offers a rematch."
        assert_accessible(bob.page, "a rematch offered, at the finished table")
        bob.page.click(".actions .rematch button[data-rematch=rematch]")

        for player in (ann, bob):
            player.page.wait_for_function(f"() => !location.hash.endsWith('{first}')")
            player.page.wait_for_selector(".table .hand.mine .cardbutton")
        second = game_of(ann)
        assert second == game_of(bob) != first
        seats = {}
        for player in (ann, bob):
            assert len(player.page.query_selector_all(".table")) == 1, "the old table is gone"
            state = next(s for s in reversed(player.states) if s["game"]["id"] == second)
            assert state["game"]["players"] == ["Bob", "Ann"] and state["game"]["status"] == "playing"
            seats[player.name] = state["game"]["your_seat"]
        assert seats == {"Ann": 1, "Bob": 0}
        assert "Ann" in bob.page.inner_text(".scorebar") and "Bob" in ann.page.inner_text(".scorebar")
    finally:
        bob.close()
        ann.close()
