"""The chat at the browser table (issue 36), in Debian's Chromium under Playwright against a
real ``sixtysix serve``: two people in two contexts, a line typed in one page is seen in the
other, markup said is shown as text (no element made, no dialog, no page error), typing in
the chat plays no card, and a mute hides the other's lines; the panel passes axe-core."""

from __future__ import annotations

import pytest
from accessibility import assert_accessible
from playwright.sync_api import Browser, Dialog
from test_browser import Player, browser
from webclient import Server

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser

MARKUP = "<script>alert(1)</script><img src=x onerror=alert(2)>"


def say(player: Player, text: str) -> None:
    """Type a line in the player's chat and send it with Enter."""
    player.page.fill("#chat-input", text)
    player.page.press("#chat-input", "Enter")


def wait_line(player: Player, text: str) -> None:
    """Wait until the player's chat shows a line with ``text``."""
    player.page.wait_for_function(
        "(text) => [...document.querySelectorAll('.chat-text')].some((node) => node.textContent === text)",
        arg=text)


def lines(player: Player) -> list[str]:
    """The lines the player's chat shows, as their words."""
    return [" ".join(node.inner_text().split()) for node in player.page.query_selector_all(".chat-line")]


@pytest.mark.slow
def test_two_people_chat_at_the_table(browser: Browser, shared_server: Server) -> None:
    ann = Player(browser, shared_server, "Ann")
    bob = Player(browser, shared_server, "Bob", width=390, height=844)
    dialogs: list[str] = []

    def dialog(shown: Dialog) -> None:
        dialogs.append(shown.message)
        shown.dismiss()

    try:
        ann.sign_in()
        game = ann.new_game("human")
        assert ann.page.locator(".chat").is_hidden(), "no chat before anybody else sits down"
        bob.page.goto(f"{shared_server.base}/#/game/{game}")
        bob.page.fill("input[name=name]", "Bob")
        bob.page.click("form.name-form button[type=submit]")
        for player in (ann, bob):
            player.page.on("dialog", dialog)
            player.page.wait_for_selector(".table .hand.mine .cardbutton")
            player.page.wait_for_selector(".chat:not([hidden]) #chat-input")

        say(ann, "Hello Bob")
        wait_line(bob, "Hello Bob")
        assert lines(bob) == ["Ann Hello Bob"] and lines(ann) == ["You Hello Bob"]
        assert bob.page.get_attribute("#chat-input", "maxlength") == "200"
        assert_accessible(bob.page, "the chat at the table")

        say(bob, MARKUP)
        wait_line(ann, MARKUP)
        assert ann.page.locator(".chat img, .chat script").count() == 0, "the markup made no element"
        assert lines(ann)[-1] == f"Bob {MARKUP}"

        players = {0: ann, 1: bob}
        to_act = players[ann.states[-1]["view"]["to_act"]]
        other = bob if to_act is ann else ann
        to_act.wait_ready()
        hand = to_act.hand()
        before = len(to_act.states)
        say(to_act, "1")
        wait_line(other, "1")
        wait_line(to_act, "1")
        assert to_act.hand() == hand and len(to_act.states) == before, "typing a 1 in the chat played no card"

        ann.page.click(".chat-mute[data-seat='1']")
        ann.page.wait_for_selector(".chat-mute[data-seat='1']:has-text('Unmute Bob')")
        mine = ["You Hello Bob"] + (["You 1"] if to_act is ann else [])
        assert lines(ann) == mine, "Bob's lines are hidden"
        say(bob, "can you hear me")
        wait_line(bob, "can you hear me")
        say(ann, "still talking")
        wait_line(ann, "still talking")
        wait_line(bob, "still talking")
        assert not any("can you hear me" in line for line in lines(ann))
        assert ann.page.inner_text(".chat-mute[data-seat='1']") == "Unmute Bob"
        assert bob.page.inner_text(".chat-mute[data-seat='0']") == "Mute Ann"

        ann.page.click(".chat-mute[data-seat='1']")
        wait_line(ann, "can you hear me")
        assert dialogs == []
    finally:
        bob.close()
        ann.close()
