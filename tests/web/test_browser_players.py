"""Players, not guests (issue 36), end to end in Debian's Chromium under Playwright against a
real ``sixtysix serve``: a guest with a game turns into an account and keeps it; two accounts
(one signed out and in again) in two browser contexts find each other by quick pairing, chat,
play a rated match with a move clock to its end, see their ratings change by exactly what
openskill computes, rematch with the seats swapped, and find the leaderboard and their
profiles updated; a casual game's clock runs out and the match is lost on time, rating
nothing."""

from __future__ import annotations

import math
from typing import Any

import pytest
from accessibility import assert_accessible
from openskill.models import PlackettLuce
from playwright.sync_api import Browser, Page
from sqlalchemy import select
from test_browser import Player, browser, play_until_over
from webclient import Server

from sixtysix.web.store import open_engine, rating_history, ratings

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser

PASSWORD = "a long password"
MODEL = PlackettLuce(mu=1500, sigma=350, beta=400 / math.log(10) / math.sqrt(2), tau=3.5)
"""The rating model as docs/RATINGS.md gives it, built here from the library itself."""
CHAT = "Good luck! <b>bold</b><img src=x onerror=alert(1)>"


def sign_up(player: Player) -> None:
    """Sign up from the home page's account panel under the player's name."""
    page = player.page
    page.goto(player.server.base + "/")
    page.wait_for_selector("form.sign-up")
    page.fill("form.sign-up input[name=user]", player.name)
    page.fill("form.sign-up input[name=password]", PASSWORD)
    page.click("form.sign-up button[type=submit]")
    page.wait_for_selector("p.signed-in")


def fetch(page: Page, path: str) -> Any:
    """A JSON answer of the server's to a GET from the page (its cookies)."""
    return page.evaluate("(path) => fetch(path).then((answer) => answer.json())", path)


def post(page: Page, path: str, body: dict[str, Any]) -> Any:
    """A JSON answer to a POST from the page, with the CSRF token as the client sends it."""
    return page.evaluate("""([path, body]) => fetch(path, {
        method: "POST", body: JSON.stringify(body),
        headers: {"Content-Type": "application/json",
                  "X-CSRF-Token": document.cookie.match(/sixtysix_csrf=([^;]+)/)[1]},
    }).then((answer) => answer.json())""", [path, body])


def game_id(page: Page) -> str:
    return page.url.rpartition("#/game/")[2]


def state_of(player: Player, game: str) -> dict[str, Any]:
    """The last state the player's page received of a game."""
    return next(state for state in reversed(player.states) if state["game"]["id"] == game)


def stored_ratings(server: Server) -> dict[str, tuple[float, float, int]]:
    """Each rated player's classic rating in the database: mu, sigma and rated matches."""
    engine = open_engine(server.database_url)
    with engine.connect() as db:
        rows = db.execute(select(ratings).where(ratings.c.kind == "classic")).all()
    engine.dispose()
    return {row.player_id: (row.mu, row.sigma, row.games) for row in rows}


def rating_points(server: Server, game: str) -> int:
    """How many rating changes a game made."""
    engine = open_engine(server.database_url)
    with engine.connect() as db:
        found = len(db.execute(select(rating_history).where(rating_history.c.game_id == game)).all())
    engine.dispose()
    return found


@pytest.mark.slow
def test_two_accounts_pair_chat_play_rated_rematch_and_lose_on_time(browser: Browser, server: Server) -> None:
    ann = Player(browser, server, "Ann")
    bob = Player(browser, server, "Bob", width=390, height=844)
    try:
        # A guest with an open invitation becomes an account and keeps it.
        ann.sign_in()
        invitation = ann.new_game("human")
        sign_up(ann)
        assert invitation in [game["id"] for game in fetch(ann.page, "/api/history")["games"]]
        sign_up(bob)
        bob.page.click("button.sign-out")
        bob.page.fill("form.sign-in input[name=user]", "bob")
        bob.page.fill("form.sign-in input[name=password]", PASSWORD)
        bob.page.click("form.sign-in button[type=submit]")
        bob.page.wait_for_selector("p.signed-in")

        # Quick pairing: both ask for a rated classic match and land at one table.
        for player in (ann, bob):
            player.page.goto(server.base + "/#/")
            player.page.wait_for_selector("button[data-pair=start]")
            player.page.select_option("select[name=pairing-preset]", "classic")
            player.page.check("input[name=pairing-rated]")
            player.page.click("button[data-pair=start]")
        ann.page.wait_for_selector(".pairing-wait, .table")
        for player in (ann, bob):
            player.page.wait_for_selector(".table .hand.mine .cardbutton", timeout=30_000)
        rated = game_id(ann.page)
        assert rated == game_id(bob.page)
        game = state_of(ann, rated)["game"]
        assert game["rated"] and game["clock"] == {"move": 20, "bank": 60}
        assert game["ratings"] == [{"rating": 1500, "provisional": True}] * 2
        assert ann.page.locator(".namebar .seat-rating").all_inner_texts() == ["1500?", "1500?"]
        assert len(ann.page.query_selector_all(".clock")) == 2 == len(bob.page.query_selector_all(".clock"))
        assert_accessible(bob.page, "a rated table with its clock and chat, on a phone")

        # Chat: Ann's line reaches Bob, markup and all as text; on his phone the chat is below
        # the table, out of sight, so a badge counts the line until he goes to it.
        bob.page.evaluate("window.scrollTo(0, 0)")
        ann.page.fill("#chat-input", CHAT)
        ann.page.press("#chat-input", "Enter")
        bob.page.wait_for_selector(".chat-line:has-text('Good luck!')", state="attached")
        assert CHAT in (bob.page.text_content(".chat-lines") or "")
        assert bob.page.query_selector(".chat-lines b, .chat-lines img") is None
        bob.page.wait_for_selector(".chat-badge:has-text('1 new message')")
        bob.page.click(".chat-badge")
        bob.page.wait_for_selector(".chat-badge", state="hidden")
        assert bob.page.evaluate("document.activeElement.id") == "chat-input"
        bob.page.evaluate("window.scrollTo(0, 0)")

        # The rated match to its end, then the ratings as openskill rates the result.
        play_until_over([ann, bob], timeout=600)
        over = state_of(ann, rated)["game"]
        assert over["status"] == "over" and over["ending"] == "played"
        seats = over["players"]
        ids = {name: fetch(page, "/api/me")["player"]["id"] for name, page in (("Ann", ann.page),
                                                                              ("Bob", bob.page))}
        places: list[float] = [1 if seat == over["winner"] else 2 for seat in range(2)]
        expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=places)
        stored = stored_ratings(server)
        for seat, name in enumerate(seats):
            assert stored[ids[name]] == (expected[seat][0].mu, expected[seat][0].sigma, 1), name
        shown = {name: round(expected[seat][0].mu) for seat, name in enumerate(seats)}
        winner, loser = seats[over["winner"]], seats[1 - over["winner"]]
        gain = shown[winner] - 1500
        for player in (ann, bob):
            player.page.wait_for_selector("#overlay .rating-change:has-text('Ratings:')")
            change = player.page.inner_text("#overlay .rating-change")
            assert f"{winner} {shown[winner]}? (+{gain})" in change
            assert f"{loser} {shown[loser]}? (\u2212{1500 - shown[loser]})" in change

        # A rematch, offered by Ann from the summary and accepted by Bob: seats swapped.
        ann.page.click("#overlay .rematch button[data-rematch=rematch]")
        bob.page.wait_for_selector("#overlay .rematch-state:has-text('Ann offers a rematch.')")
        bob.page.click("#overlay .rematch button[data-rematch=rematch]")
        for player in (ann, bob):
            player.page.wait_for_function(f"() => !location.hash.endsWith('{rated}')")
            player.page.wait_for_selector(".table .hand.mine .cardbutton")
        second = game_id(ann.page)
        assert second == game_id(bob.page) != rated
        again = state_of(bob, second)["game"]
        assert again["players"] == seats[::-1] and again["rated"] and again["clock"] == game["clock"]
        assert again["ratings"] == [{"rating": shown[name], "provisional": True} for name in again["players"]]

        # The leaderboard and the profiles show the new ratings.
        ann.page.goto(server.base + "/#/leaderboard/classic")
        ann.page.wait_for_selector("table.ranking")
        board = ann.page.inner_text("table.ranking")
        assert board.index(winner) < board.index(loser)
        assert f"{shown[winner]}?" in board and f"{shown[loser]}?" in board
        assert_accessible(ann.page, "the leaderboard")
        bob.page.goto(server.base + "/#/player/Bob")
        bob.page.wait_for_selector(".profile table.ratings")
        assert f"{shown['Bob']}?" in bob.page.inner_text(".profile table.ratings")
        assert bob.page.query_selector_all(".profile svg.rating-chart circle"), "one point in the chart"
        bob.page.click(f".profile .recent a[href='#/replay/{rated}']")
        bob.page.wait_for_selector(".replay")
        assert_accessible(bob.page, "a replay reached from the profile")

        # A casual game with a short clock: nobody moves, the seat to act loses on time.
        created = post(ann.page, "/api/games", {"opponent": "human", "rules": "classic",
                                                "clock": {"move": 5, "bank": 0}})
        timed = created["game"]["id"]
        ann.page.goto(f"{server.base}/#/game/{timed}")
        ann.page.wait_for_selector(".table")
        bob.page.goto(f"{server.base}/#/game/{timed}")
        bob.page.click("button[data-join]")
        for player in (ann, bob):
            player.page.wait_for_selector(".match-result:has-text('lost on time')", timeout=30_000)
        ended = state_of(ann, timed)["game"]
        assert ended["ending"] == "time" and not ended["rated"]
        assert rating_points(server, timed) == 0, "a casual game rates nothing"
    finally:
        bob.close()
        ann.close()
