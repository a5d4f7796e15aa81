"""The three-hand table in a real browser (Debian's Chromium under Playwright) against a
real ``sixtysix serve``: a person against two bots, asking a hint, to the end of the match
across a server restart; two people and a bot, each browser told only its own hand; the
table on a phone."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError
from test_browser import CARD, Player, answer_dialog, browser, play_into_a_round, play_until_over
from test_three_web import check
from webclient import Server

from sixtysix.notation import Record

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser

def new_three_game(player: Player, seats: tuple[str, str], target: int | None = None) -> str:
    """Create a three-hand table from the new-game page; its id."""
    page = player.page
    page.select_option("select[name=preset]", "three-hand")
    page.select_option("select[name=seat1]", seats[0])
    page.select_option("select[name=seat2]", seats[1])
    if target is not None:
        page.fill("input[name=match_target]", str(target))
    page.click("button[data-start=three]")
    page.wait_for_selector(".table.three")
    found = re.search(r"#/game/([^/]+)$", page.url)
    assert found, page.url
    return found[1]


def step(player: Player) -> str | None:
    """Do what a player does next by clicking: go on after a round's summary, else play the
    first legal card (announcing a marriage first when one may be). Never declares out, so
    a match is played card by card. ``"match"`` once it is over, ``None`` while waiting."""
    page = player.page
    dialog = answer_dialog(page)
    if dialog is not None:
        return dialog
    if not player.ready():
        return None
    for selector in ('button.action[data-action^="M"]', ".hand.mine .cardbutton.legal"):
        target = page.locator(f'.table[data-busy="false"] {selector}').first
        try:
            if target.count():
                what = target.get_attribute("data-card", timeout=1000) or target.get_attribute(
                    "data-action", timeout=1000)
                target.click(timeout=1000)
                return what
        except PlaywrightError:
            return None
    return None


@pytest.mark.slow
def test_a_person_plays_two_bots_to_the_end_across_a_restart(browser: Browser, server: Server,
                                                             tmp_path: Path) -> None:
    ann = Player(browser, server, "Ann")
    try:
        ann.sign_in()
        page = ann.page
        assert page.is_hidden("button[data-start=bot]") is False
        page.select_option("select[name=preset]", "three-hand")
        assert page.is_hidden("button[data-start=bot]") and page.is_visible("button[data-start=three]")
        # To 7, not 11: one round scores 6 at most, so the match outlasts the first round,
        # in which the server is killed.
        game_id = new_three_game(ann, ("easy", "easy"), target=7)
        ann.wait_ready()
        scores = page.inner_text(".scorebar")
        assert "Easy bot 1" in scores and "Easy bot 2" in scores and "to 7" in scores
        view = ann.states[-1]["view"]
        assert len(ann.hand()) == view["hand_sizes"][0] >= 7
        for seat in (1, 2):
            backs = page.query_selector_all(f'.opponent[data-seat="{seat}"] .hand.other .card')
            assert len(backs) == view["hand_sizes"][seat]
        assert page.inner_text(".trump-card") != ""
        legal = page.query_selector_all(".hand.mine .cardbutton.legal, .actions button.action")
        assert legal and len(legal) == len(ann.states[-1]["view"]["legal"])
        assert page.is_visible(".hint-button")
        page.keyboard.press("h")
        page.wait_for_selector(".hintbox li")
        assert len(page.query_selector_all(".hintbox li")) == len(legal)
        assert "less the average of the other two" in page.inner_text(".hintbox p")

        play_into_a_round(ann, 3)
        hand = sorted(ann.hand())
        server.kill()
        page.wait_for_selector(".connection", state="visible")
        server.start()
        page.wait_for_selector(".connection", state="hidden", timeout=30_000)
        ann.wait_ready()
        assert sorted(ann.hand()) == hand

        taken = play_until_over([ann], timeout=400, step=step)
        assert sum(1 for action in taken if CARD.match(action)) >= 5
        summary = page.inner_text("#overlay .summary")
        assert "Easy bot 1" in summary and "Game points" in summary
        result = page.inner_text("#overlay .match-result")
        assert result == "You win the match!" or result.startswith("Easy bot")
        last = ann.states[-1]
        assert last["game"]["status"] == "over" and max(last["game"]["score"]) >= 7
        actors = {state["last"]["actor"] for state in ann.states if state["last"]}
        assert actors == {0, 1, 2}

        record = httpx.get(f"{server.base}/api/games/{game_id}/record").text
        path = tmp_path / "three.ssn"
        path.write_text(record, encoding="utf-8")
        subprocess.run([sys.executable, "-m", "sixtysix", "replay", str(path)], check=True,
                       capture_output=True)
        assert Record.parse(record).replay().score == tuple(last["game"]["score"])

        page.click("#overlay a[href^='#/replay/']")
        page.wait_for_selector(".replay-board .replay-seat")
        hands = page.query_selector_all(".replay-seat .hand")
        assert [len(hand.query_selector_all(".card")) for hand in hands] == [8, 8, 8]
        page.goto(server.base + "/#/")
        page.wait_for_selector(".history li a")
        assert page.get_attribute(".history li a", "href") == f"#/replay/{game_id}"
    finally:
        ann.close()


HAND_BOXES = """() => [...document.querySelectorAll(".hand.mine .card")].map((node) => {
  const box = node.getBoundingClientRect();
  return { x: box.x, width: box.width };
})"""
"""Where the cards of the player's hand lie, from left to right."""


@pytest.mark.slow
def test_two_people_and_a_bot_each_see_only_their_own_hand(browser: Browser, server: Server) -> None:
    ann = Player(browser, server, "Ann")
    bob = Player(browser, server, "Bob", width=360, height=740)
    eve = Player(browser, server, "Eve")
    try:
        ann.sign_in()
        game_id = new_three_game(ann, ("human", "easy"), target=3)
        ann.page.wait_for_selector(".waiting input.invite")
        assert "Waiting for one more player" in ann.page.inner_text(".waiting")
        link = ann.page.input_value("input.invite")
        bob.page.goto(link)
        bob.page.fill("input[name=name]", "Bob")
        bob.page.click("form.name-form button[type=submit]")
        bob.page.wait_for_selector(".table.three .hand.mine .cardbutton")
        ann.page.wait_for_selector(".table.three .hand.mine .cardbutton")
        assert "Bob" in ann.page.inner_text(".scorebar") and "Ann" in bob.page.inner_text(".scorebar")

        # Bob's phone: nothing wider than the screen, his eight cards side by side.
        page = bob.page
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        boxes = page.evaluate(HAND_BOXES)  # in one look: the table may be drawn again between two
        assert len(boxes) == 8
        for left, right in itertools.pairwise(boxes):
            assert left["x"] + left["width"] <= right["x"], "cards of the hand overlap"
        assert boxes[0]["x"] >= 0 and boxes[-1]["x"] + boxes[-1]["width"] <= 360
        panels = [page.query_selector(f'.opponent[data-seat="{seat}"]') for seat in (2, 0)]
        first, second = (panel.bounding_box() for panel in panels if panel is not None)
        assert first is not None and second is not None and first["x"] + first["width"] <= second["x"]

        eve.sign_in()
        eve.page.goto(f"{server.base}/#/game/{game_id}")
        eve.page.wait_for_selector('.table.three[data-seat="spectator"]')
        assert eve.page.query_selector(".hand.mine") is None

        play_until_over([ann, bob], timeout=400, step=step)
        record = Record.parse(httpx.get(f"{server.base}/api/games/{game_id}/record").text)
        players = [tag.values for tag in record.header if tag.name == "Players"]
        assert players == [("Ann", "Bob", "Easy bot 2")]
        # Each person is sent a state at least for each of its eight cards a round (a
        # match to 3 may end after one round, so no fixed count).
        assert check(ann.states, 0, record) >= 8 * len(record.rounds)
        assert check(bob.states, 1, record) >= 8 * len(record.rounds)
        assert check(eve.states, None, record) > 10
        actors = {state["last"]["actor"] for state in ann.states if state["last"]}
        assert actors == {0, 1, 2}
    finally:
        eve.close()
        bob.close()
        ann.close()
