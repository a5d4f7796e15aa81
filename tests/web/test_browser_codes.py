"""Every explanation and refusal code the engine has, in words of every language of the
browser page: the client's ``explain.js`` and ``reasons.js`` render each one (with each
parameter that changes the words) under each catalog, and none stays English or shows a
placeholder, so that a new code without words or translation fails here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from test_browser import browser
from webclient import Server

from sixtysix.explanations import CODES as CLAUSE_CODES
from sixtysix.i18n import LANGUAGES
from sixtysix.reasons import CODES as REFUSAL_CODES

__all__ = ["browser"]

_VALUES: dict[str, str | int] = {
    "seat": 1, "winner": 1, "first": 1, "other": 2, "third": 0, "points": 50, "other_points": 40, "tricks": 4,
    "other_tricks": 3, "game_points": 2, "action": "close", "claim": "off", "section": 3, "card": "Kh",
    "min_stock": 4}

CLAUSES = [{"code": code, **{name: _VALUES[name] for name in names}} for code, names in CLAUSE_CODES.items()]
REFUSALS = [{"code": code, **{name: suit if name == "suit" else _VALUES[name] for name in names}}
            for code, names in REFUSAL_CODES.items() for suit in ("cdhs" if "suit" in names else "-")]

RENDER = """async ([clauses, refusals]) => {
  const { explanationText } = await import("/static/explain.js");
  const { refusalText } = await import("/static/reasons.js");
  const names = ["Ann", "Bob", "Cy"];
  return {
    clauses: clauses.map((clause) => explanationText([clause], names)),
    refusals: refusals.map((refusal) => refusalText(refusal)),
  };
}"""
"""Each code in words, with the page's own modules and catalog."""


@pytest.fixture(scope="module")
def page(browser: Browser, shared_server: Server) -> Iterator[Page]:
    context = browser.new_context()
    yield context.new_page()
    context.close()


def rendered(page: Page, server: Server, language: str) -> dict[str, list[str]]:
    """Every code in words in ``language``, chosen with the page's cookie."""
    page.context.add_cookies([{"name": "lang", "value": language, "url": server.base}])
    page.goto(server.base + "/")
    page.wait_for_function("(lang) => document.documentElement.lang === lang"
                           " && document.querySelector('#language')?.value === lang", arg=language)
    words: dict[str, list[str]] = page.evaluate(RENDER, [CLAUSES, REFUSALS])
    return words


def test_every_code_has_english_words(page: Page, shared_server: Server) -> None:
    english = rendered(page, shared_server, "en")
    fallback = "You cannot play that card now."
    assert [why for why, said in zip(REFUSALS, english["refusals"], strict=True) if said == fallback] == []
    assert all(said and "{" not in said for said in english["clauses"] + english["refusals"])


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_code_is_in_words_of_every_language(page: Page, shared_server: Server, language: str) -> None:
    english = rendered(page, shared_server, "en")
    words = rendered(page, shared_server, language)
    untranslated = [
        code for kind in ("clauses", "refusals")
        for code, said, source in zip([c["code"] for c in (CLAUSES if kind == "clauses" else REFUSALS)],
                                      words[kind], english[kind], strict=True)
        if said == source or "{" in said
    ]
    assert untranslated == []
