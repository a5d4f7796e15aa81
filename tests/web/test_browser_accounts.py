"""Accounts in a real browser (Debian's Chromium through Playwright): two people in two
contexts sign up, sign out and sign in again, a guest becomes an account, and names holding
markup are shown as text."""

from __future__ import annotations

from accessibility import assert_accessible
from playwright.sync_api import Browser, BrowserContext, Dialog, Page
from test_browser import browser
from webclient import Server

__all__ = ["browser"]  # the module-scoped browser fixture of test_browser

MARKUP = '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script>'
"""A name that would run code if the page inserted it as HTML."""


class Person:
    """One person in a browser context of their own, with the page's errors and dialogs."""

    def __init__(self, browser: Browser, server: Server) -> None:
        self.server = server
        self.context: BrowserContext = browser.new_context()
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", self.dialog)
        self.page.on("console", lambda message: self.errors.append(message.text)
                     if "Content Security Policy" in message.text else None)

    def dialog(self, dialog: Dialog) -> None:
        """A script opened a dialog: an error of the page."""
        self.errors.append("dialog " + dialog.message)
        dialog.dismiss()

    def home(self) -> None:
        self.page.goto(self.server.base + "/")
        self.page.wait_for_selector("section.account")

    def submit(self, form: str, **fields: str) -> None:
        for name, value in fields.items():
            self.page.fill(f"form.{form} input[name={name}]", value)
        self.page.click(f"form.{form} button[type=submit]")

    def signed_in_as(self, name: str) -> None:
        self.page.wait_for_selector("p.signed-in")
        assert self.page.inner_text("p.signed-in span") == f"Signed in as {name}"

    def close(self) -> None:
        self.context.close()


def test_two_people_sign_up_sign_out_and_sign_in(browser: Browser, server: Server) -> None:
    people = [Person(browser, server), Person(browser, server)]
    try:
        for person, name in zip(people, ("Anna", "Boris"), strict=True):
            person.home()
            assert_accessible(person.page, "home with the account forms")
            person.submit("sign-up", user=name, password="a long password")
            person.signed_in_as(name)
            assert person.page.query_selector("form.name-form") is None, "an account's name is its user name"
        assert_accessible(people[0].page, "home signed in")
        anna, boris = people
        boris.page.click("button.sign-out")
        boris.page.wait_for_selector("form.sign-up")
        boris.submit("sign-up", user="ANNA", password="another password")
        boris.page.wait_for_selector("form.sign-up .note:has-text('taken')")
        boris.submit("sign-in", user="boris", password="a long password")
        boris.signed_in_as("Boris")
        anna.page.click("button.sign-out")
        anna.page.wait_for_selector("form.sign-in")
        anna.submit("sign-in", user="anna", password="not the password")
        anna.page.wait_for_selector("form.sign-in .note:has-text('Wrong user name or password.')")
        anna.submit("sign-in", user="anna", password="a long password")
        anna.signed_in_as("Anna")
        anna.submit("change-password", **{"old-password": "a long password",
                                           "new-password": "a new password"})
        anna.page.wait_for_selector(".account .note:has-text('every other device is signed out')")
        anna.submit("delete-account", **{"delete-password": "a new password"})
        anna.page.click("#overlay [data-confirm=yes]")
        anna.page.wait_for_selector("form.sign-up")
        anna.submit("sign-in", user="Anna", password="a new password")
        anna.page.wait_for_selector("form.sign-in .note:has-text('Wrong user name or password.')")
        assert [error for person in people for error in person.errors] == []
    finally:
        for person in people:
            person.close()


def test_a_guest_named_with_markup_becomes_an_account_shown_as_text(browser: Browser, server: Server) -> None:
    guest = Person(browser, server)
    try:
        guest.home()
        guest.page.fill("input[name=name]", MARKUP[:24])
        guest.page.click("form.name-form button[type=submit]")
        guest.page.wait_for_selector("button[data-start=bot]")
        guest.page.click("button[data-start=human]")
        guest.page.wait_for_selector(".table")
        guest.home()
        assert MARKUP[:24] in guest.page.inner_text("section.account p")
        guest.submit("sign-up", user=MARKUP[:24], password="a long password")
        guest.page.wait_for_selector("form.sign-up .note:has-text('A user name is 3 to 24')")
        guest.submit("sign-up", user="Cleo", password="a long password")
        guest.signed_in_as("Cleo")
        assert len(guest.page.query_selector_all(".history li")) == 1, "the guest's game is the account's"
        assert guest.page.query_selector("section.account img, section.account script") is None
        assert guest.page.evaluate("window.hacked") is None
        assert guest.errors == []
    finally:
        guest.close()
