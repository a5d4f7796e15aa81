"""End-to-end tests of the browser table in a real browser: Playwright driving Debian's
Chromium (``/usr/bin/chromium``; never ``playwright install``) against a real
``sixtysix serve`` on a free loopback port with a fresh SQLite file."""

from __future__ import annotations

import itertools
import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from webclient import Endpoint, Server

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("the browser tests need Debian's chromium at /usr/bin/chromium "
                "(apt-get install -y chromium)", allow_module_level=True)

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
STILL = ("if (location.protocol === 'http:') "
         "localStorage.setItem('sixtysix.settings', JSON.stringify({pace: 'off'}))")
"""Players of these tests choose no motion: the table draws every move and every trick
taken as at any pace, without the pauses between them, so that a match takes seconds."""
CARD = re.compile(r"^[9JQKTA][cdhs]$")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


ANSWER = """() => {
  if (document.querySelector(".match-result")) {
    return "match";
  }
  const buttons = [["#overlay [data-key=next]", "next"], ["#overlay [data-confirm=yes]", "confirm"]];
  for (const [selector, what] of buttons) {
    const button = document.querySelector(selector);
    if (button) {
      button.click();
      return what;
    }
  }
  return null;
}"""


def answer_dialog(page: Page) -> str | None:
    """``"match"`` once the page shows the match's result; else go on after a round's summary
    (``"next"``) or confirm a decision the table asks about (``"confirm"``), or ``None``. Looked
    at and clicked in one step in the page, so that a summary opening between two looks is
    never closed unseen."""
    answer: str | None = page.evaluate(ANSWER)
    return answer


class Player:
    """One person in their own browser context (their own cookie)."""

    def __init__(self, browser: Browser, server: Endpoint, name: str,
                 width: int = 1280, height: int = 800) -> None:
        self.server = server
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.add_init_script(STILL)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text)
                     if "Content Security Policy" in message.text else None)
        self.states: list[dict[str, Any]] = []
        self.page.on("websocket", self.watch)
        self.name = name

    def watch(self, socket: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "state":
                self.states.append(message)

        socket.on("framereceived", frame)

    def sign_in(self) -> None:
        page = self.page
        page.goto(self.server.base + "/")
        page.fill("input[name=name]", self.name)
        page.click("form.name-form button[type=submit]")
        page.wait_for_selector("button[data-start=bot]")

    def new_game(self, opponent: str, level: str = "easy", target: int = 1) -> str:
        page = self.page
        if opponent == "bot":
            page.select_option("select[name=level]", level)
        page.fill("input[name=match_target]", str(target))
        page.click(f"button[data-start={opponent}]")
        page.wait_for_selector(".table")
        found = re.search(r"#/game/([^/]+)$", page.url)
        assert found, page.url
        return found[1]

    def ready(self) -> bool:
        """Whether it is this player's turn and the table takes input."""
        return self.page.query_selector('.table[data-turn="me"][data-busy="false"]') is not None

    def wait_ready(self, timeout: float = 30) -> None:
        self.page.wait_for_selector('.table[data-turn="me"][data-busy="false"]', timeout=timeout * 1000)

    def step(self) -> str | None:
        """Do one thing a player would do next by clicking: go on after a round's summary,
        confirm a decision the table asks about, or play the first legal card, or draw, or the
        first other action. ``"match"`` once the match is over, ``None`` when there is nothing
        to do yet."""
        page = self.page
        dialog = answer_dialog(page)
        if dialog is not None:
            return dialog
        if not self.ready():
            return None
        selectors = (".hand.mine .cardbutton.legal", 'button[data-action="draw"]',
                     'button[data-action="pass"]', "button.action[data-action]")
        for selector in selectors:
            target = page.locator(f'.table[data-busy="false"] {selector}').first
            try:
                if target.count():
                    what = target.get_attribute("data-card", timeout=1000) or target.get_attribute(
                        "data-action", timeout=1000)
                    target.click(timeout=1000)
                    return what or selector
            except PlaywrightError:
                return None
        return None

    def stuck(self) -> str:
        """Where the player is, for the message of a test that timed out."""
        table = self.page.query_selector(".table")
        attributes = self.page.evaluate("(t) => t && Object.assign({}, t.dataset)", table)
        last = self.states[-1] if self.states else None
        text = self.page.evaluate("() => document.body.innerText")
        return (f"{self.name} stuck at {self.page.url}: table {attributes}, page {text[:400]!r}, "
                f"{len(self.states)} states, last {last}, errors {self.errors}")

    def hand(self) -> list[str]:
        return [node.get_attribute("data-card") or ""
                for node in self.page.query_selector_all(".hand.mine .cardbutton")]

    def close(self) -> None:
        """Close the browser context; the page raised no error and broke no content security rule."""
        assert self.errors == []
        self.context.close()


def play_into_a_round(player: Player, cards: int, timeout: float = 120) -> None:
    """Click until the player has played ``cards`` cards and it is their turn again in a round
    with at least one trick behind it."""
    deadline = time.monotonic() + timeout
    played = 0
    while not (played >= cards and player.ready() and player.states[-1]["view"]["tricks"]
               and player.page.get_attribute(".table", "data-phase") in ("lead", "follow")):
        assert time.monotonic() < deadline, player.stuck()
        result = player.step()
        if result is None:
            player.page.wait_for_timeout(50)
        elif CARD.match(result):
            played += 1


def play_until_over(players: list[Player], timeout: float = 240,
                    step: Callable[[Player], str | None] = Player.step) -> list[str]:
    """Click through a match until every player sees its end (each doing ``step``); the
    actions taken."""
    done: set[int] = set()
    taken: list[str] = []
    deadline = time.monotonic() + timeout
    while len(done) < len(players):
        assert time.monotonic() < deadline, [player.stuck() for player in players]
        idle = True
        for index, player in enumerate(players):
            if index in done:
                continue
            result = step(player)
            if result == "match":
                done.add(index)
            elif result is not None:
                idle = False
                taken.append(result)
        if idle:
            players[0].page.wait_for_timeout(50)
    return taken


@pytest.fixture
def server(shared_server: Server) -> Server:
    """The shared server: these tests neither stop it nor count what others played on it
    (a test that kills its server starts one of its own)."""
    return shared_server


@pytest.fixture
def ann(browser: Browser, server: Server) -> Iterator[Player]:
    player = Player(browser, server, "Ann")
    player.sign_in()
    yield player
    player.close()


@pytest.mark.slow
def test_a_whole_match_against_a_bot_by_clicking(ann: Player, server: Server) -> None:
    game_id = ann.new_game("bot")
    page = ann.page
    ann.wait_ready()
    assert page.inner_text(".scorebar") .count("Easy bot") == 1
    assert len(ann.hand()) == 6
    page.keyboard.press("h")
    page.wait_for_selector(".hintbox li")
    legal = page.query_selector_all(".hand.mine .cardbutton.legal, .actions button.action")
    assert len(page.query_selector_all(".hintbox li")) == len(legal)

    taken = play_until_over([ann])
    seat = ann.states[-1]["view"]["seat"]
    played = {(state["view"]["round"], state["last"]["action"]) for state in ann.states
              if state["last"] and state["last"]["actor"] == seat and CARD.match(state["last"]["action"])}
    clicked = [action for action in taken if CARD.match(action)]
    assert clicked and len(played) == len(clicked), "each click on a card played it, once"
    page.wait_for_selector("#overlay .match-result")
    summary = page.inner_text("#overlay .summary")
    assert "Round" in summary and "game point" in summary
    explained = page.inner_text("#overlay .summary .explanation")
    assert explained.endswith(".") and "seat" not in explained.lower(), explained
    assert "Ann" in explained or "Easy bot" in explained, explained
    cookies = {cookie.get("name", ""): cookie.get("value", "") for cookie in ann.context.cookies()}
    game = httpx.get(f"{server.base}/api/games/{game_id}", cookies=cookies).json()["game"]
    assert game["status"] == "over" and max(game["score"]) >= 1

    page.click("#overlay a[href^='#/replay/']")
    page.wait_for_selector(".replay-board .replay-seat")
    hands = page.query_selector_all(".replay-seat .hand")
    assert [len(hand.query_selector_all(".card")) for hand in hands] == [6, 6]
    page.keyboard.press("ArrowRight")
    assert "Step 2 of" in page.inner_text(".replay-controls .counter")
    page.eval_on_selector(".replay-controls input", """(slider) => {
      slider.value = slider.max;
      slider.dispatchEvent(new Event("input"));
    }""")
    assert page.inner_text(".replay-board .explanation") == explained, "the last step explains the last round"
    record = httpx.get(server.base + str(page.get_attribute(".replay-controls a[download]", "href"))).text
    assert '[Deck "' in record

    page.goto(server.base + "/#/")
    page.wait_for_selector(".history li a")
    assert page.get_attribute(".history li a", "href") == f"#/replay/{game_id}"


@pytest.mark.slow
def test_two_people_play_through_an_invitation_link(browser: Browser, ann: Player, server: Server) -> None:
    game_id = ann.new_game("human")
    link = ann.page.input_value("input.invite")
    assert link == f"{server.base}/#/game/{game_id}"
    bob = Player(browser, server, "Bob", width=390, height=844)
    try:
        bob.page.goto(link)
        bob.page.fill("input[name=name]", "Bob")
        assert "Ann invites you" in bob.page.inner_text("h1")
        bob.page.click("form.name-form button[type=submit]")
        bob.page.wait_for_selector(".table .hand.mine .cardbutton")
        ann.page.wait_for_selector(".table .hand.mine .cardbutton")
        assert "Bob" in ann.page.inner_text(".scorebar")
        assert "Ann" in bob.page.inner_text(".scorebar")
        taken = play_until_over([ann, bob])
        assert sum(1 for action in taken if CARD.match(action)) >= 10
        results = [player.page.inner_text("#overlay .match-result") for player in (ann, bob)]
        assert "You win the match!" in results
        assert {"Ann wins the match.", "Bob wins the match."} & set(results)
    finally:
        bob.close()


@pytest.mark.slow
def test_an_illegal_card_says_why(ann: Player) -> None:
    """Close the stock at once so that play is strict, then press the key of a card that
    may not be played: the table gives the engine's reason and sends nothing."""
    ann.new_game("bot", target=7)
    page = ann.page
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, ann.stuck()
        if ann.ready():
            close = page.locator('.table[data-busy="false"] button[data-action="close"]')
            illegal = page.locator(".hand.mine .cardbutton:not(.legal)")
            if close.count():
                close.click()
                page.click("#overlay [data-confirm=yes]")
                continue
            if page.get_attribute(".table", "data-phase") == "follow" and illegal.count():
                break
        done = ann.step()
        if done == "match":  # the deals of a whole match never had the bot lead to a closed stock
            page.goto(ann.server.base + "/")
            page.wait_for_selector("button[data-start=bot]")
            ann.new_game("bot", target=7)
        elif done is None:
            page.wait_for_timeout(50)
    cards = ann.hand()
    refused = illegal.first.get_attribute("data-card") or ""
    reason = illegal.first.get_attribute("title")
    sent = len(ann.states)
    page.keyboard.press(str(cards.index(refused) + 1))
    message = page.inner_text(".message")
    assert re.fullmatch(r"You must follow suit with a (higher )?(club|diamond|heart|spade)\. The rule"
                        r"|You have no (clubs|diamonds|hearts|spades), so you must play a trump\. The rule",
                        message), message
    assert reason and message.startswith(reason)
    assert "section" not in message and "strict play" not in message
    assert page.get_attribute(".message a.rule-link", "href") == "#/rules/strict-play"
    page.wait_for_timeout(300)
    assert len(ann.states) == sent
    assert ann.ready()


@pytest.mark.slow
def test_a_reload_in_the_middle_of_a_round_resumes_it(ann: Player) -> None:
    ann.new_game("bot", target=7)
    page = ann.page
    play_into_a_round(ann, 4)
    hand, tricks = sorted(ann.hand()), ann.states[-1]["view"]["tricks"]
    score = page.inner_text(".scorebar")
    assert tricks
    page.reload()
    ann.wait_ready()
    assert sorted(ann.hand()) == hand
    assert ann.states[-1]["view"]["tricks"] == tricks
    assert page.inner_text(".scorebar") == score
    assert ann.step() is not None


def test_a_spectator_sees_no_hand(browser: Browser, ann: Player, server: Server) -> None:
    game_id = ann.new_game("bot", target=3)
    ann.wait_ready()
    eve = Player(browser, server, "Eve")
    try:
        eve.sign_in()
        eve.page.goto(f"{server.base}/#/game/{game_id}")
        eve.page.wait_for_selector('.table[data-seat="spectator"] .hand.other')
        ann.step()
        eve.page.wait_for_function("document.querySelector('.message').textContent.includes('watching')")
        assert eve.page.query_selector(".hand.mine") is None
        assert eve.page.query_selector(".actions button") is None
        visible = {node.get_attribute("data-card")
                   for node in eve.page.query_selector_all(".hand.other .card[data-card]")}
        # The page may still show the state before the last one received: every card it
        # shows must have been public in some state the spectator was sent.
        shown = set().union(*(set(seat) for state in eve.states for seat in state["view"]["shown"]))
        assert visible <= shown
        assert eve.states and all(state["view"]["hand"] is None for state in eve.states)
        assert all(state["view"]["seat"] is None for state in eve.states)
    finally:
        eve.close()


def test_a_phone_fits_the_table_and_memory_mode_hides_the_points(browser: Browser, server: Server) -> None:
    cleo = Player(browser, server, "Cleo", width=360, height=740)
    try:
        cleo.sign_in()
        cleo.new_game("bot", target=7)
        page = cleo.page
        cleo.wait_ready()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        boxes = [box for node in page.query_selector_all(".hand.mine .card") if (box := node.bounding_box())]
        assert len(boxes) == 6
        for left, right in itertools.pairwise(boxes):
            assert left["x"] + left["width"] <= right["x"], "cards of the hand overlap"
        assert boxes[0]["x"] >= 0 and boxes[-1]["x"] + boxes[-1]["width"] <= 360

        play_into_a_round(cleo, 2)
        seat = cleo.states[-1]["view"]["seat"]
        points = cleo.states[-1]["view"]["points"][seat]
        assert page.inner_text(".seat.bottom .pile-points") == f"{points} points", "shown without a click"
        assert page.is_visible("details.tricks")
        page.check("#memory-mode")
        assert page.query_selector(".pile-points") is None
        assert page.query_selector("details.tricks") is None
        page.uncheck("#memory-mode")
        assert page.inner_text(".seat.bottom .pile-points") == f"{points} points"
    finally:
        cleo.close()


@pytest.mark.slow
def test_a_player_away_too_long_is_claimed_against(browser: Browser, start_server: Any) -> None:
    server = start_server(away_limit=1.0)
    ann, bob = Player(browser, server, "Ann"), Player(browser, server, "Bob")
    try:
        ann.sign_in()
        game_id = ann.new_game("human", target=3)
        bob.page.goto(f"{server.base}/#/game/{game_id}")
        bob.page.fill("input[name=name]", "Bob")
        bob.page.click("form.name-form button[type=submit]")
        bob.page.wait_for_selector(".table .hand.mine .cardbutton")
        ann.page.wait_for_selector(".table .hand.mine .cardbutton")
        bob.page.goto("about:blank")
        ann.page.wait_for_selector(".seat.top .badge.away")
        ann.page.click("button.claim", timeout=10_000)
        ann.page.wait_for_selector(".match-result")
        assert ann.page.inner_text(".match-result") == "You win the match: Bob stayed away too long."
        assert ann.page.query_selector(".hand.mine .cardbutton.legal") is None
        bob.page.goto(f"{server.base}/#/game/{game_id}")
        bob.page.wait_for_selector(".match-result")
        assert bob.page.inner_text(".match-result") == "Ann wins the match: Bob stayed away too long."
    finally:
        bob.close()
        ann.close()


@pytest.mark.slow
def test_the_table_reconnects_when_the_server_comes_back(browser: Browser, start_server: Any) -> None:
    server = start_server()
    ann = Player(browser, server, "Ann")
    try:
        ann.sign_in()
        ann.new_game("bot", target=7)
        page = ann.page
        play_into_a_round(ann, 2)
        hand = sorted(ann.hand())
        before = len(ann.states)
        server.kill()
        page.wait_for_selector(".connection", state="visible")
        server.start()
        page.wait_for_selector(".connection", state="hidden", timeout=30_000)
        ann.wait_ready()
        assert len(ann.states) > before
        assert sorted(ann.hand()) == hand
        assert ann.step() is not None
    finally:
        ann.close()


@pytest.mark.slow
def test_a_program_bot_picked_from_the_list_plays_and_a_failing_one_forfeits(
        browser: Browser, start_server: Any, tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("import sys\nprint('ready', flush=True)\nfor line in sys.stdin:\n"
                      "    if line.startswith('go'):\n        print('play nonsense', flush=True)\n",
                      encoding="utf-8")
    server = start_server(arguments=["--bot", f"served=cmd:{sys.executable} -m sixtysix bot greedy",
                                     "--bot", f"broken=cmd:{sys.executable} {broken}"])
    ann = Player(browser, server, "Ann")
    try:
        ann.sign_in()
        page = ann.page
        programs = page.query_selector_all("select[name=level] optgroup option")
        assert [option.get_attribute("value") for option in programs] == ["served", "broken"]
        assert sys.executable not in page.content() and str(broken) not in page.content()
        ann.new_game("bot", level="served", target=7)
        assert page.inner_text(".scorebar").count("served") == 1
        play_into_a_round(ann, 3)
        moves = [state["last"] for state in ann.states if state["last"]]
        assert {move["actor"] for move in moves} == {0, 1}, "both the player and the program played"
        assert ann.states[-1]["game"]["status"] == "playing"

        page.goto(server.base + "/")
        page.wait_for_selector("button[data-start=bot]")
        ann.new_game("bot", level="broken", target=3)
        play_until_over([ann])
        assert page.inner_text(".match-result") == "You win the match: broken failed (illegal action)."
        assert ann.states[-1]["game"]["ending"] == "forfeit"
    finally:
        ann.close()
