"""A profile and the leaderboard in a real browser (Debian's Chromium through Playwright):
the ratings, the chart of a rating's history, the results, the recent matches with names
holding markup shown as text, the levels' strengths (on the leaderboard and in the new-game
form), and an unknown name."""

from __future__ import annotations

from accessibility import assert_accessible
from conftest import StartServer
from playwright.sync_api import Browser, Dialog, Page
from test_browser import browser
from test_ratings import UNLIMITED, Account, resigned
from webclient import Server, first_state

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser

MARKUP = ("<img src onerror=h=1>", "<script>h=1</script>")
"""Guests' names that would run code if the page inserted them as HTML."""


def lost_to_guest(server: Server, account: Account, name: str) -> None:
    """A casual game ``account`` created and a guest called ``name`` joined and resigned."""
    response = account.http.post("/api/games", json={"opponent": "human", "rules": "santase"})
    game = response.json()["game"]["id"]
    guest = server.guest(name)
    guest.join(game)
    socket = guest.socket(game)
    first_state(socket)
    socket.send({"type": "resign"})
    socket.until(lambda m: m["type"] == "state" and m["game"]["status"] == "over")
    socket.close()


def page_of(browser: Browser, errors: list[str]) -> Page:
    """A fresh visitor's page that notes its errors and any dialog."""
    page = browser.new_context().new_page()

    def dialog(opened: Dialog) -> None:
        errors.append("dialog " + opened.message)
        opened.dismiss()

    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", dialog)
    page.on("console", lambda message: errors.append(message.text)
            if "Content Security Policy" in message.text else None)
    return page


def test_a_profile_and_the_leaderboard(browser: Browser, start_server: StartServer) -> None:
    server = start_server(arguments=UNLIMITED)
    ann, bob = Account(server, "ann"), Account(server, "bob")
    resigned(ann, bob)
    resigned(ann, bob)
    for name in MARKUP:
        lost_to_guest(server, ann, name)
    errors: list[str] = []
    page = page_of(browser, errors)
    page.goto(server.base + "/#/player/ann")
    page.wait_for_selector(".profile svg.rating-chart")
    assert page.inner_text(".profile h1") == "ann"
    assert page.locator("svg.rating-chart circle.chart-point").count() == 2, "one point per rated match"
    points = page.get_attribute("svg.rating-chart polyline", "points") or ""
    assert len(points.split()) == 2
    heights = [float(pair.split(",")[1]) for pair in points.split()]
    assert heights[1] < heights[0], "the second win is drawn higher"
    rating = page.inner_text(".profile table.ratings td.rating")
    assert rating.endswith("?") and int(rating[:-1]) > 1600, "two wins, still provisional"
    recent = page.inner_text(".profile ul.recent")
    for name in MARKUP:
        assert name in recent, "a name holding markup is shown as text"
    assert page.locator(".profile ul.recent img, .profile ul.recent script").count() == 0
    assert page.locator(".profile ul.recent a[href^='#/replay/']").count() == 4
    assert page.locator(".profile ul.recent a[download]").count() == 4
    results = page.inner_text(".profile table.results")
    assert "santase" in results and "classic" in results
    assert_accessible(page, "a profile")

    page.click("#nav a[href='#/leaderboard/classic']")
    page.wait_for_selector(".leaderboard table.ranking")
    names = page.locator(".leaderboard table.ranking a.player-link").all_inner_texts()
    assert names == ["ann", "bob"]
    assert "Medium ~1500" in page.inner_text(".leaderboard .level-strengths")
    assert_accessible(page, "the leaderboard")
    page.select_option(".leaderboard select[name=kind]", "three-hand")
    page.wait_for_selector(".leaderboard p.empty")
    assert page.url.endswith("#/leaderboard/three-hand")
    page.goto(server.base + "/#/leaderboard/classic")
    page.click(".leaderboard a.player-link >> text=bob")
    page.wait_for_selector(".profile svg.rating-chart")
    assert page.inner_text(".profile h1") == "bob"

    page.goto(server.base + "/#/")
    page.fill("form.name-form input[name=name]", "Visitor")
    page.click("form.name-form button[type=submit]")
    page.wait_for_selector("select[name=level]")
    assert page.inner_text("select[name=level] option[value=medium]") == "Medium (~1500)"
    three = page.inner_text("select[name=seat1] option[value=hard]")
    assert three == "Hard (~1669)", "a three-hand seat shows the three-hand strength"

    page.goto(server.base + "/#/player/nobody")
    page.wait_for_selector("text=No player has this name.")
    assert page.evaluate("typeof window.h") == "undefined"
    assert errors == []
