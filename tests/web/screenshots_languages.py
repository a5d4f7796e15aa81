"""Screenshots of the browser table in Japanese, Bengali, Turkish and German, for the README:
``python tests/web/screenshots_languages.py OUTDIR`` (by hand, not by the suite).

Starts ``sixtysix serve`` on a free loopback port with a temporary database, and for each
language plays a few cards against the computer in Debian's Chromium (through Playwright),
the language chosen by the cookie of the language menu, then saves the table mid-round at
desktop size (1280x800) as ``OUTDIR/table-<lang>.png``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from test_browser import ARGS, CHROMIUM, Player, play_into_a_round
from webclient import Server

LANGUAGES = ("ja", "bn", "tr", "de")
"""The languages of the screenshots: the scripts and the long words the layout must fit."""


def screenshots(folder: Path, languages: tuple[str, ...] = LANGUAGES) -> list[Path]:
    """The table of each language, mid-round, saved in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    saved = []
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = Server(f"sqlite:///{Path(data) / 'sixtysix.db'}", seed=66)
        server.start()
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            for language in languages:
                player = Player(browser, server, "Ana", width=1280, height=800)
                player.context.add_cookies([{"name": "lang", "value": language, "url": server.base}])
                player.sign_in()
                assert player.page.get_attribute("html", "lang") == language
                player.new_game("bot", target=7)
                play_into_a_round(player, 3)
                path = folder / f"table-{language}.png"
                player.page.screenshot(path=path)
                saved.append(path)
                player.close()
        finally:
            browser.close()
            server.stop()
    return saved


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tests/web/screenshots_languages.py OUTDIR")
    for saved in screenshots(Path(sys.argv[1])):
        print(saved)
