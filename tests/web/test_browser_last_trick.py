"""The last trick at the browser table (issue 36): it stays on the empty felt, small, with who
won it, until the next card is led; memory mode hides it with the other past tricks."""

from __future__ import annotations

import time

import pytest
from accessibility import assert_accessible
from playwright.sync_api import Browser
from test_browser import Player, browser
from webclient import Server

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser


@pytest.mark.slow
def test_the_last_trick_stays_until_the_next_lead(browser: Browser, shared_server: Server) -> None:
    ann = Player(browser, shared_server, "Ann")
    try:
        ann.sign_in()
        ann.new_game("bot", target=7)
        page = ann.page
        deadline = time.monotonic() + 120
        while not (ann.ready() and page.get_attribute(".table", "data-phase") == "lead"
                   and ann.states[-1]["view"]["tricks"]):
            assert time.monotonic() < deadline, ann.stuck()
            if ann.step() is None:
                page.wait_for_timeout(50)
        view = ann.states[-1]["view"]
        trick = view["tricks"][-1]
        shown = page.inner_text(".trick .last-trick")
        assert shown.startswith("Last trick") and "won by" in shown
        cards = page.query_selector_all(".trick .last-trick .cardtext")
        assert len(cards) == 2
        assert ("Ann (you)" if trick["winner"] == view["seat"] else "Easy bot") in shown
        assert page.query_selector(".trick .card") is None, "no card of it is on the felt as if in play"
        assert_accessible(page, "the last trick on the felt")

        page.check("#memory-mode")
        assert page.query_selector(".last-trick") is None
        page.uncheck("#memory-mode")
        assert page.query_selector(".last-trick") is not None

        page.evaluate("""() => {
          window.__led = false;
          window.__both = false;
          new MutationObserver(() => {
            if (document.querySelector(".trick .card")) {
              window.__led = true;
              window.__both ||= Boolean(document.querySelector(".last-trick"));
            }
          }).observe(document.getElementById("app"), { subtree: true, childList: true });
        }""")
        page.locator('.table[data-busy="false"] .hand.mine .cardbutton.legal').first.click()
        page.wait_for_function("() => window.__led")
        page.wait_for_selector('.table[data-busy="false"]')
        assert not page.evaluate("window.__both"), "the next lead takes its place"
    finally:
        ann.close()
