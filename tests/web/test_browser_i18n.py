"""The browser client's strings and files: every visible string goes through ``t("...")``
and is in the gettext catalog; the catalog is served as JSON; nothing needs inline code,
neither the page nor the rules pages."""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx
from babel.messages.pofile import read_po
from webclient import Server

from sixtysix.i18n import RULES
from sixtysix.i18n import catalogs as i18n
from sixtysix.web.routers.pages import STATIC

JS = sorted(STATIC.glob("*.js"))
HTML = sorted(STATIC.glob("*.html")) + sorted(RULES.glob("*.html"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def read(path: str) -> dict[str, str]:
    """A catalog's messages, each by its text (a plural message by its singular and plural,
    joined by a newline) to its translation (the forms joined likewise)."""
    with (i18n.LOCALE / path).open("rb") as file:
        return {m.id if isinstance(m.id, str) else "\n".join(m.id):
                m.string if isinstance(m.string, str) else "\n".join(m.string or ())
                for m in read_po(file) if m.id}


def keys(messages: dict[i18n.Message, list[tuple[str, int]]]) -> set[str]:
    return {"\n".join(m) if isinstance(m, tuple) else m for m in messages}


def test_every_t_call_has_a_literal_message() -> None:
    calls = 0
    for path in JS:
        text = path.read_text(encoding="utf-8")
        bad = [line for line in text.splitlines() if re.search(r"\btn?\((?!\")", line)
               and "function t(" not in line and "function tn(" not in line
               and not line.lstrip().startswith("//")]
        assert bad == [], f"{path.name}: t() or tn() without a string literal: {bad}"
        calls += len(re.findall(r"\btn?\(\"", text))
    extracted = i18n.extract()
    assert calls > 100
    found = sum(1 for places in extracted.values() for filename, _ in places
                if filename.startswith("web/static/"))
    assert found == calls, "Babel missed some t() calls"


def test_every_message_is_in_the_template_and_the_english_catalog() -> None:
    used = keys(i18n.extract())
    template = read("sixtysix.pot")
    english = read("en/LC_MESSAGES/sixtysix.po")
    assert used - set(template) == set(), "run python -m sixtysix.i18n"
    assert set(template) - used == set(), "stale messages in the template"
    assert set(english) == set(template)
    assert all(english[message] for message in english), "untranslated English messages"


def test_translations_keep_the_placeholders() -> None:
    for message, translation in read("en/LC_MESSAGES/sixtysix.po").items():
        assert set(PLACEHOLDER.findall(translation)) == set(PLACEHOLDER.findall(message)), message


def test_the_catalog_is_served_as_json(server: Server) -> None:
    response = httpx.get(f"{server.base}/i18n/en.json")
    assert response.status_code == 200
    body = response.json()
    assert body["language"] == "en"
    assert body["messages"]["Next deal"] == "Next deal"
    assert set(body["messages"]) == {m for m in i18n.extract() if isinstance(m, str)}
    assert body["plural_categories"] == ["one", "other"]
    assert body["plurals"]["{n} point"] == ["{n} point", "{n} points"]
    assert set(body["plurals"]) == {m[0] for m in i18n.extract() if isinstance(m, tuple)}
    for language in ("xx", "EN", "en-US..", "..%2Fen"):
        assert httpx.get(f"{server.base}/i18n/{language}.json").status_code == 404, language


def test_update_writes_a_template_and_merges_catalogs(tmp_path: Path) -> None:
    static = tmp_path / "web" / "static"
    locale = tmp_path / "locale"
    static.mkdir(parents=True)
    (tmp_path / "tui").mkdir()
    (locale / "de" / "LC_MESSAGES").mkdir(parents=True)
    (locale / "de" / "LC_MESSAGES" / "sixtysix.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n'
        'msgid "Hint"\nmsgstr "Tipp"\n\nmsgid "Gone"\nmsgstr "Weg"\n',
        encoding="utf-8")
    (static / "a.js").write_text('const a = t("Hint");\nconst b = t("Round {n}", { n: 1 });\n',
                                 encoding="utf-8")
    (tmp_path / "tui" / "b.py").write_text(
        'hint = t("Hint")\nleft = tn("{n} card left", "{n} cards left", 2, n=2)\n'
        'other = str("Not a message")\n',
        encoding="utf-8")
    i18n.update(tmp_path, locale)
    german = i18n.read_catalog("de", locale)
    assert {m.id: m.string for m in german if m.id} == {
        "Hint": "Tipp", "Round {n}": "", ("{n} card left", "{n} cards left"): ("", "")}
    english = i18n.read_catalog("en", locale)
    assert {m.id: m.string for m in english if m.id} == {
        "Hint": "Hint", "Round {n}": "Round {n}",
        ("{n} card left", "{n} cards left"): ("{n} card left", "{n} cards left")}
    template = (locale / "sixtysix.pot").read_text(encoding="utf-8")
    assert 'msgid "Round {n}"' in template
    assert "#: tui/b.py web/static/a.js" in template
    written = list(locale.rglob("*.po*"))
    for path in written:  # a second update with no new message rewrites no file, not even a date
        os.utime(path, ns=(0, 0))
    i18n.update(tmp_path, locale)
    assert all(path.stat().st_mtime_ns == 0 for path in written)


def test_the_client_needs_no_inline_code_or_styles() -> None:
    for path in HTML:
        text = path.read_text(encoding="utf-8")
        assert "style=" not in text, path.name
        assert "<style" not in text, path.name
        assert re.search(r"<script(?![^>]*\bsrc=)", text) is None, path.name
        assert re.search(r"\bon[a-z]+=", text) is None, path.name
    for path in JS:
        text = path.read_text(encoding="utf-8")
        for forbidden in ("eval(", "new Function", "innerHTML", "setAttribute(\"style\"", ".style."):
            assert forbidden not in text, f"{path.name}: {forbidden}"
        assert "http://" not in text.replace('"http://www.w3.org/2000/svg"', ""), path.name
