"""Two people in Chromium at a site of two processes behind nginx (deploy/localsite.py): they
meet by the invitation link, play through nginx with their pages on whichever process it
chose, a process is killed mid-match, and both pages reconnect and play the match to its end
with no action lost or made twice."""

from __future__ import annotations

import time

import pytest
from localsite import LocalSite
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError
from test_browser import Player, browser, play_until_over
from test_several import held
from test_site import gauge
from test_site_faults import stored

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser
pytestmark = pytest.mark.slow


def test_two_people_play_on_through_a_killed_process(browser: Browser, site: LocalSite) -> None:
    ann, bob = Player(browser, site, "Ann"), Player(browser, site, "Bob", width=390, height=844)
    ann.sign_in()
    game = ann.new_game("human", target=2)
    bob.page.goto(ann.page.input_value("input.invite"))
    bob.page.fill("input[name=name]", "Bob")
    bob.page.click("form.name-form button[type=submit]")
    for player in (ann, bob):
        try:
            player.page.wait_for_selector(".table .hand.mine .cardbutton", timeout=60_000)
        except PlaywrightError:
            raise AssertionError(f"{player.stuck()}\n{site.tails()}") from None
    deadline = time.monotonic() + 120
    while len([state for state in ann.states if state["last"]]) < 6:
        assert time.monotonic() < deadline, [ann.stuck(), bob.stuck()]
        if ann.step() is None and bob.step() is None:
            ann.page.wait_for_timeout(50)
    sockets = held(site)
    assert sum(sockets) == 2, sockets
    killed = 0 if sockets[0] else 1
    site.kill(killed)
    deadline = time.monotonic() + 60
    while gauge(site, 1 - killed, "sixtysix_connections") < 2:
        assert time.monotonic() < deadline, "both pages reconnected to the living process"
        time.sleep(0.2)
    play_until_over([ann, bob], timeout=300)
    truth: dict[int, tuple[int, str] | None] = {0: None}
    last: tuple[int, str] | None = None
    for seq, kind, seat, value in stored(site, game):
        last = (seat, value) if kind == "act" and seat is not None else None if kind == "deal" else last
        truth[seq] = last
    for player in (ann, bob):
        assert player.states[-1]["game"]["status"] == "over"
        for state in player.states:
            shown = state["last"] and (state["last"]["actor"], state["last"]["action"])
            assert truth[state["seq"]] == shown, "every state a page was shown is the stored game's"
        player.close()
