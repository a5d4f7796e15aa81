"""Screenshots of the browser table for the README: ``python docs/screenshots/make.py``.

Starts ``sixtysix serve`` on a free loopback port with a temporary database, plays a few
tricks against the computer in Debian's Chromium (through Playwright) and saves the table
at desktop width (``table-desktop.png``, 1280x800) and phone width (``table-phone.png``,
390x844), and the round summary (``summary-desktop.png``); then a three-hand table against
two bots with the hint open (``three-hint-desktop.png``), next to this file.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

HERE = Path(__file__).parent
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
READY = '.table[data-turn="me"][data-busy="false"]'


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer")


def play(page: Page) -> None:
    """Play the first legal card, or draw, or the first other action but declaring out,
    confirming it if the table asks (nothing while a round's summary is shown)."""
    page.wait_for_selector(f"{READY}, #overlay .summary, #overlay .confirm")
    if page.is_visible("#overlay .summary"):
        return
    if page.is_visible("#overlay .confirm"):
        page.click("#overlay [data-confirm=yes]")
        return
    for selector in (".hand.mine .cardbutton.legal", 'button[data-action="draw"]', "button.action:not(.out)"):
        target = page.locator(f"{READY} {selector}").first
        if target.count():
            target.click()
            return


def tricks(page: Page) -> int:
    counts = page.locator(".pile-count").all_inner_texts()
    return sum(int(text.split()[0]) for text in counts)


def three_hint(page: Page) -> None:
    """Start a three-hand table against two bots, play on until a decision of more than two
    actions after the first trick, and ask for the hint."""
    page.goto(page.url.split("#")[0] + "#/")
    page.select_option("select[name=preset]", "three-hand")
    page.select_option("select[name=seat1]", "easy")
    page.select_option("select[name=seat2]", "easy")
    page.click("button[data-start=three]")
    page.wait_for_selector(".table.three")
    while True:
        page.wait_for_selector(READY)
        legal = page.locator(f"{READY} .hand.mine .cardbutton.legal")
        if page.locator(".tricks li").count() and legal.count() > 2:
            break
        legal.first.click()
        page.wait_for_timeout(300)
    page.keyboard.press("h")
    page.wait_for_selector(".hintbox li")


def main() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen([sys.executable, "-m", "sixtysix", "serve", "--port", str(port),
                                   "--data-dir", data, "--seed", "66", "--workers", "1"],
                                  stdout=subprocess.DEVNULL)
        try:
            wait_for(base + "/api/options")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(base + "/")
                page.fill("input[name=name]", "Ann")
                page.click("form.name-form button[type=submit]")
                page.click("button[data-start=bot]")
                page.wait_for_selector(".table")
                while not (tricks(page) >= 2 and page.get_attribute(".table", "data-phase") == "follow"
                           and re.fullmatch(r"stock \d+", page.inner_text(".stock-count"))):
                    if page.is_visible("#overlay [data-key=next]"):
                        page.click("#overlay [data-key=next]")
                    play(page)
                    page.wait_for_timeout(300)
                page.wait_for_selector(READY)
                page.click("#nav a[href='#/help']")
                page.go_back()
                page.wait_for_selector(READY)
                page.screenshot(path=HERE / "table-desktop.png")
                page.set_viewport_size({"width": 390, "height": 844})
                page.wait_for_timeout(300)
                page.screenshot(path=HERE / "table-phone.png")
                page.set_viewport_size({"width": 1280, "height": 800})
                while not page.is_visible("#overlay .summary"):
                    play(page)
                    page.wait_for_timeout(200)
                page.wait_for_timeout(300)
                page.screenshot(path=HERE / "summary-desktop.png")
                three_hint(page)
                page.screenshot(path=HERE / "three-hint-desktop.png")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
