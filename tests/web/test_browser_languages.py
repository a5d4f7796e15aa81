"""The browser table in each of the game's languages, on a phone and on a desktop: choose
the language from the menu, start a match against the computer, play to a round's summary
and read its explanation in that language, then open the rules and the help; on every
screen no element overflows its box or the page, and no English message whose translation
differs shows as a text of its own."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from accessibility import assert_accessible
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from test_browser import Player, browser
from webclient import Server

from sixtysix.i18n import LANGUAGES
from sixtysix.i18n.catalogs import messages, read_catalog

__all__ = ["browser"]

VIEWPORTS = [(360, 740), (1280, 800)]
PLACEHOLDER = re.compile(r"\{(\w+)\}")

CHECK = """(english) => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const classes = (node) => (typeof node.className === "string" ? node.className.trim().split(/\\s+/) : []);
  const name = (node) => `<${[node.tagName.toLowerCase(), ...classes(node)].join(".")}`
    + `${node.id ? "#" + node.id : ""}> ${(node.textContent || "").trim().slice(0, 50)}`;
  const boxed = "button:not(.cardbutton), .button, h1, h2, h3, label, th, td, summary, .badge,"
    + " .namebar .name, .message, .headline";
  // Inside a box that scrolls (a record of the rules on a phone), only the box must fit.
  const scrolled = (node) => {
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") {
        return true;
      }
    }
    return false;
  };
  for (const node of document.querySelectorAll("body *")) {
    if (node.closest("svg, .sprite, .visually-hidden, [hidden]") || scrolled(node)) {
      continue;
    }
    const box = node.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) {
      continue;
    }
    if (node.matches(boxed) && (node.scrollWidth > node.clientWidth + 1
        || (node.matches("button, .button") && node.scrollHeight > node.clientHeight + 1))) {
      problems.push(`cut: ${name(node)} (${node.scrollWidth}x${node.scrollHeight}`
        + ` in ${node.clientWidth}x${node.clientHeight})`);
    }
    if (box.right > width + 1) {
      problems.push(`beyond the page: ${name(node)} (${Math.round(box.right)} > ${width})`);
    }
  }
  // The rule flags of the new-game form are the rules' identifiers (docs/RULES.md), in every
  // language; a value such as "dealer" is no message.
  const shown = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest(".flag-grid")) {
      shown.add(node.textContent.trim());
    }
  }
  for (const node of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    for (const attribute of ["aria-label", "title", "placeholder"]) {
      shown.add((node.getAttribute(attribute) || "").trim());
    }
  }
  return { problems, leaked: english.filter((message) => shown.has(message)) };
}"""
"""Every element's box and every text the page shows, looked at in one step: what is cut or
beyond the page, and which of the given English messages show as texts of their own."""

SUMMARY = """() => {
  if (document.querySelector("#overlay .summary .explanation")) {
    return "summary";
  }
  const button = document.querySelector("#overlay [data-confirm=yes]");
  if (button) {
    button.click();
    return "confirm";
  }
  return null;
}"""
"""The round's summary once it shows (left open), else confirm a decision the table asks
about, in one step."""


JOIN, END = "{first}; {next}", "{explanation}."
"""The messages that join an explanation's clauses and end its sentence (explain.js)."""


class Words:
    """What a language's catalog says: the English messages it translates otherwise, and
    how an explanation of a round reads in it (:attr:`explanation`) and in English."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.different: list[str] = []
        clauses: list[str] = []
        english_clauses: list[str] = []
        said = {JOIN: JOIN, END: END}
        for entry in read_catalog(language):
            if not entry.id:
                continue
            ids = [entry.id] if isinstance(entry.id, str) else list(entry.id)
            forms = [entry.string] if isinstance(entry.string, str) else list(entry.string or ())
            if not all(forms):
                forms = []
            for msgid in ids:
                if not PLACEHOLDER.search(msgid) and forms and msgid not in forms:
                    self.different.append(msgid)
            if ids[0] in said:
                said[ids[0]] = forms[0] if forms else ids[0]
            elif any("explain.js" in place for place, _line in entry.locations):
                clauses += forms
                english_clauses += ids
        self.explanation = _explanation(clauses, said[JOIN], said[END])
        self.english = _explanation(english_clauses, JOIN, END)


def _regex(message: str) -> str:
    """A message as a pattern: its words as they are, each placeholder any text."""
    parts = PLACEHOLDER.split(message)
    return "".join(re.escape(part) if index % 2 == 0 else ".+?" for index, part in enumerate(parts))


def _explanation(clauses: list[str], join: str, end: str) -> re.Pattern[str]:
    """What an explanation may read: clauses joined as ``join`` joins two, in ``end``."""
    between = re.fullmatch(r"\{first\}(.*)\{next\}", join, re.DOTALL)
    assert between, f"{join!r} must join {{first}} and {{next}} in that order"
    clause = "(?:" + "|".join(_regex(form) for form in clauses) + ")"
    body = f"{clause}(?:{re.escape(between[1])}{clause})*"
    return re.compile("".join(re.escape(part) if part != "{explanation}" else body
                              for part in re.split(r"(\{explanation\})", end)))


def check(page: Page, words: Words, screen: str) -> None:
    """Nothing on the screen overflows, no English message that the language says otherwise
    shows, and axe-core finds nothing serious."""
    found: dict[str, Any] = page.evaluate(CHECK, words.different)
    assert found["problems"] == [], f"{words.language}, {screen}"
    assert found["leaked"] == [], f"{words.language}, {screen}: English message ids"
    assert_accessible(page, f"{words.language}, {screen}")


def choose(page: Page, language: str) -> None:
    """Choose a language from the menu: the page comes back in it."""
    page.select_option("#language", language)
    page.wait_for_function("(lang) => document.documentElement.lang === lang"
                           " && document.querySelector('#language')?.value === lang"
                           " && document.querySelector('button[data-start=bot]')", arg=language)


def act(player: Player) -> bool:
    """Play the first legal card, or draw, or the first other action; whether it did."""
    page = player.page
    for selector in (".hand.mine .cardbutton.legal", 'button[data-action="draw"]',
                     'button[data-action="pass"]', "button.action[data-action]"):
        target = page.locator(f'.table[data-busy="false"] {selector}').first
        try:
            if target.count():
                target.click(timeout=1000)
                return True
        except PlaywrightError:
            return False
    return False


def play_to_the_summary(player: Player, words: Words, timeout: float = 120) -> None:
    """Play until the round's summary shows; check the table once on the way, mid-round."""
    deadline = time.monotonic() + timeout
    played = 0
    while player.page.evaluate(SUMMARY) != "summary":
        assert time.monotonic() < deadline, player.stuck()
        if not (player.ready() and act(player)):
            player.page.wait_for_timeout(50)
            continue
        played += 1
        if played == 3:
            player.page.wait_for_function(
                "() => document.querySelector('.table[data-turn=me][data-busy=false]')"
                " || document.querySelector('#overlay .summary')")
            if player.ready():
                check(player.page, words, "table")


@pytest.fixture
def server(shared_server: Server) -> Server:
    return shared_server


@pytest.fixture(params=VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def viewport(request: pytest.FixtureRequest) -> tuple[int, int]:
    size: tuple[int, int] = request.param
    return size


@pytest.fixture
def player(browser: Browser, server: Server, viewport: tuple[int, int]) -> Iterator[Player]:
    width, height = viewport
    player = Player(browser, server, "Ana", width=width, height=height)
    yield player
    player.close()


@pytest.mark.slow
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_round_the_rules_and_the_help_in_each_language(player: Player, language: str) -> None:
    words = Words(language)
    page = player.page
    player.sign_in()
    if language != "en":
        choose(page, language)
    assert page.get_attribute("html", "lang") == language
    check(page, words, "home")

    player.new_game("bot", target=7)
    play_to_the_summary(player, words)
    explanation = page.inner_text("#overlay .summary .explanation")
    assert words.explanation.fullmatch(explanation), f"{language}: {explanation!r}"
    if language != "en":
        assert not words.english.fullmatch(explanation), f"{language}: {explanation!r} is English"
    check(page, words, "summary")

    for screen in ("rules", "help"):
        page.goto(f"{player.server.base}/#/{screen}")
        page.wait_for_selector(f".page.{screen} h1")
        check(page, words, screen)
    page.goto(f"{player.server.base}/#/rules/strict-play")
    page.wait_for_selector("#strict-play.highlight")
    assert page.get_attribute("html", "lang") == language


MENU = """() => ({
  label: document.querySelector("#language").getAttribute("aria-label"),
  options: [...document.querySelectorAll("#language option")].map((o) => [o.value, o.lang, o.textContent]),
})"""

NUMBERS = """async () => {
  const { t, tn } = await import("/static/i18n.js");
  return [t("A message of no catalog: {n}", { n: 12345.5 }), tn("{n} point", "{n} points", 1),
    tn("{n} point", "{n} points", 2)];
}"""
"""The page's own translation functions (the module the page loaded) on a message no catalog
has and on a plural message."""


def test_the_menu_names_each_language_in_itself_and_is_remembered(player: Player) -> None:
    page = player.page
    player.sign_in()
    menu = page.evaluate(MENU)
    assert menu["label"] == "Language"
    assert menu["options"] == [[code, code, name] for code, name in LANGUAGES.items()]
    assert page.evaluate(NUMBERS) == ["A message of no catalog: 12,345.5", "1 point", "2 points"]
    choose(page, "de")
    assert page.evaluate(MENU)["label"] == (messages("de").get("Language") or "Language")
    german = page.evaluate(NUMBERS)
    assert german[0] == "A message of no catalog: 12.345,5"
    assert german[1:] == [form.replace("{n}", n) for form, n in zip(plural_forms("de", "{n} point"), "12",
                                                                     strict=True)]
    page.reload()
    page.wait_for_selector("button[data-start=bot]")
    assert page.get_attribute("html", "lang") == "de"
    assert page.evaluate("() => document.querySelector('#language').value") == "de"


def plural_forms(language: str, singular: str) -> list[str]:
    """A plural message's forms in a language's catalog."""
    for entry in read_catalog(language):
        if isinstance(entry.id, tuple) and entry.id[0] == singular:
            return [str(form) for form in entry.string or ()]
    raise LookupError(singular)
