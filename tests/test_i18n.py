"""The game in every language (issue 35): each language's catalog translates every message of
the template, keeping its placeholders and giving its plural forms as CLDR counts them;
no translation is its English source but names, numbers and symbols, or a message the
language's glossary lists; each language's rules page has the English page's sections
and records, which replay in the engine as docs/RULES.md says; and a front end picks a
language from a browser's header or a terminal's locale, and shows English, never a
message id, for a message a catalog lacks."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel import Locale

from sixtysix import i18n
from sixtysix.i18n import (
    LANGUAGES,
    RULES,
    CatalogError,
    Translation,
    language_from_environment,
    negotiate,
    rules_page,
    translation,
)
from sixtysix.i18n.catalogs import plural_categories, read_catalog, template
from sixtysix.notation import Record, ReplayError

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary"
RULES_DOC = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
SECTIONS = ["the-cards", "the-deal", "tricks", "drawing", "your-lead", "declaring-out", "scoring",
            "whole-round", "closed-round", "to-the-end", "the-match", "three-hand"]
TAGS = {"h1", "h2", "h3", "nav", "section", "p", "ol", "ul", "li", "a", "table", "thead", "tbody", "tr", "th",
        "td", "code", "strong", "em", "pre", "div", "span", "br"}
"""The tags a rules page may use: any may carry an ``id`` and a ``class``, a link its ``href``."""


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def same_as_english(language: str) -> set[str]:
    """The messages a language's glossary lists under ``## Same as English``."""
    path = GLOSSARY / f"{language}.md"
    assert path.is_file(), f"no glossary docs/glossary/{language}.md"
    text = path.read_text(encoding="utf-8")
    section = text.partition("\n## Same as English\n")[2].split("\n## ")[0]
    return {found[1] for found in re.finditer(r"^- `(.+)` — \S", section, re.MULTILINE)}


def wordless(msgid: str) -> bool:
    """Whether a message is only placeholders, numbers and symbols: the same in any language.

    >>> wordless("{name}: {action}"), wordless("◀ {n}"), wordless("Next deal")
    (True, True, False)
    """
    return not any(char.isalpha() for char in PLACEHOLDER.sub("", msgid))


TEMPLATE: set[str | tuple[str, ...]] = {
    message.id if isinstance(message.id, str) else tuple(message.id) for message in template() if message.id}
"""The messages of the template: each a msgid, or a plural message's (singular, plural)."""
SINGULARS = {message if isinstance(message, str) else message[0] for message in TEMPLATE}


# The catalogs.

@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str) -> None:
    catalog = {message.id: message for message in read_catalog(language) if message.id}
    missing = [message for message in TEMPLATE if message not in catalog]
    assert missing == [], f"{language}: run python -m sixtysix.i18n and translate these"
    for msgid in TEMPLATE:
        entry = catalog[msgid]
        assert not entry.fuzzy, (language, msgid)
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert forms and all(forms), (language, msgid)


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_and_plural_forms_agree_with_the_english(language: str) -> None:
    catalog = read_catalog(language)
    categories = plural_categories(language)
    assert catalog.num_plurals == len(categories), f"{language}: the header's Plural-Forms"
    assert set(categories) == set(Locale.parse(language).plural_form.tags) | {"other"}
    for entry in catalog:
        if not entry.id or not entry.string:
            continue
        if isinstance(entry.id, str):
            assert placeholders(str(entry.string)) == placeholders(entry.id), (language, entry.id)
            continue
        singular, plural = entry.id
        forms = tuple(entry.string)
        assert len(forms) == len(categories), (language, singular, "plural forms")
        for category, form in zip(categories, forms, strict=True):
            allowed = [placeholders(plural)] + ([placeholders(singular)] if category == "one" else [])
            assert placeholders(form) in allowed, (language, singular, category)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_is_its_english_source(language: str) -> None:
    listed = same_as_english(language)
    same = []
    for entry in read_catalog(language):
        if not entry.id or entry.id not in TEMPLATE:
            continue
        sources = (entry.id,) if isinstance(entry.id, str) else tuple(entry.id)
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if any(form in sources for form in forms) and not wordless(sources[0]) and sources[0] not in listed:
            same.append(sources[0])
    assert same == [], f"{language}: untranslated, or list them in docs/glossary/{language}.md"


def test_the_glossaries_list_only_messages_of_the_template() -> None:
    for language in TRANSLATED:
        assert same_as_english(language) <= SINGULARS, language


# The rules pages.

class Page(HTMLParser):
    """A rules page read: its tags with their attributes, its sections' ids, and the text of
    its records; ``open`` is what is still unclosed."""

    VOID = frozenset({"br"})

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.open: list[str] = []
        self.records: list[str] = []
        self.sections: list[str] = []
        self.ids: list[str] = []
        self.headings: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag not in self.VOID:
            self.open.append(tag)
        if tag == "section":
            self.sections.append(attributes.get("id") or "")
        if attributes.get("id"):
            self.ids.append(str(attributes["id"]))
        if tag == "pre" and attributes.get("class") == "record":
            self.records.append("")
        if tag in ("h1", "h2"):
            self.headings.append("")

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else ''}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if "pre" in self.open and self.records:
            self.records[-1] += data
        if self.open and self.open[-1] in ("h1", "h2") and self.headings:
            self.headings[-1] += data


def read_page(language: str) -> Page:
    return Page((RULES / f"{language}.html").read_text(encoding="utf-8"))


def uncommented(record: str) -> list[str]:
    """A record's lines without their comments (``;`` to the end of the line)."""
    return [line.split(";")[0].rstrip() for line in record.strip("\n").splitlines()]


def replayed(lines: list[str]) -> str:
    """What replaying a record comes to: ``legal``, or the rule it breaks."""
    try:
        Record.parse("\n".join(lines) + "\n").replay()
    except ReplayError as error:
        return str(error)
    return "legal"


def player_part_records(comments: bool = False) -> list[list[str]]:
    """The records of docs/RULES.md's part for players (up to its rule flags), each line
    without its comment unless ``comments``."""
    part = RULES_DOC.partition("\n## Rule flags\n")[0]
    fences = re.finditer(r"^```ssn\n(.*?)^```$", part, re.MULTILINE | re.DOTALL)
    return [found[1].splitlines() if comments else uncommented(found[1]) for found in fences]


def test_the_english_rules_page_has_the_records_of_the_player_part() -> None:
    assert [record.splitlines() for record in read_page("en").records] == player_part_records(comments=True)
    records = player_part_records()
    assert len(records) >= 7
    results = [replayed(record) for record in records]
    assert results.count("legal") == len(records) - 1, "one record shows a card strict play refuses"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_rules_page_has_the_sections_and_records_of_the_english_one(language: str) -> None:
    assert (RULES / f"{language}.html").is_file(), f"no rules page for {language}"
    page = read_page(language)
    assert page.open == [], f"{language}: unclosed {page.open}"
    assert page.tags[0][0] == "h1" and page.headings[0].strip()
    assert page.sections == SECTIONS
    assert "strict-play" in page.ids and len(page.ids) == len(set(page.ids))
    toc = [attributes.get("href") for tag, attributes in page.tags if tag == "a"][:len(SECTIONS)]
    assert toc == [f"#/rules/{section}" for section in SECTIONS], f"{language}: the table of contents"
    for tag, attributes in page.tags:
        assert tag in TAGS, f"{language}: <{tag}>"
        allowed = {"id", "class", *(["href"] if tag == "a" else [])}
        assert set(attributes) <= allowed, f"{language}: <{tag} {attributes}>"
        href = attributes.get("href")
        if href is not None:
            assert re.fullmatch(r"#/rules/[a-z-]+|#/help", href), f"{language}: {href}"
            assert href in ("#/help", *(f"#/rules/{id_}" for id_ in page.ids)), f"{language}: {href}"
    english = [uncommented(record) for record in read_page("en").records]
    records = [uncommented(record) for record in page.records]
    assert records == english, f"{language}: the records differ from the English page's"
    assert [replayed(record) for record in records] == [replayed(record) for record in player_part_records()]


def test_a_language_without_its_rules_page_reads_the_english_one(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "en.html").write_text("<h1>The rules</h1>", encoding="utf-8")
    (tmp_path / "de.html").write_text("<h1>Die Regeln</h1>", encoding="utf-8")
    monkeypatch.setattr(i18n, "RULES", tmp_path)
    assert [rules_page(language).name for language in ("en", "de", "ja")] == ["en.html", "de.html", "en.html"]
    for code in ("../en", "fr", "EN", ""):
        with pytest.raises(CatalogError):
            rules_page(code)


# Choosing a language.

@pytest.mark.parametrize(("header", "language"), [
    ("de-AT", "de"),
    ("de-AT,de;q=0.9,en;q=0.8", "de"),
    ("en-US,en;q=0.9,ja;q=0.8", "en"),
    ("fr-FR,fr;q=0.9,bn;q=0.7,tr;q=0.8", "tr"),
    ("ms;q=0.2, zu;q=0.5", "zu"),
    ("bg;q=0, ja", "ja"),
    ("BG-bg", "bg"),
    ("*", "en"),
    ("fr, it;q=0.5", "en"),
    ("", "en"),
    (None, "en"),
    ("de;q=2, ;;;,,", "en"),
    ("x" * 5000, "en"),
])
def test_negotiate_honours_the_qualities(header: str | None, language: str) -> None:
    assert negotiate(header) == language


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "tr_TR.UTF-8"}, "tr"),
    ({"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "tr_TR.UTF-8", "LC_ALL": "bn_IN"}, "bn"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "zu_ZA", "LC_ALL": ""}, "zu"),
    ({"LANG": "ms_MY@euro"}, "ms"),
    ({}, "en"),
])
def test_the_language_of_a_terminal_is_its_locale(environ: dict[str, str], language: str) -> None:
    assert language_from_environment(environ) == language


# Translation.

PLURAL = ("{n} point", "{n} points")


def test_a_plural_message_takes_the_form_of_the_language() -> None:
    german = Translation("de", {}, {"{n} point": ["{n} Augen (eins)", "{n} Augen"]}, ["one", "other"])
    assert [german.tn(*PLURAL, n) for n in (1, 2, 0)] == ["1 Augen (eins)", "2 Augen", "0 Augen"]
    japanese = Translation("ja", {}, {"{n} point": ["{n}点"]}, ["other"])
    assert [japanese.tn(*PLURAL, n) for n in (0, 1, 2)] == ["0点", "1点", "2点"]
    malay = Translation("ms", {}, {"{n} point": ["{n} mata"]}, ["other"])
    assert {malay.tn(*PLURAL, n) for n in (1, 7)} == {"1 mata", "7 mata"}
    assert german.tn("{n} trick", "{n} tricks", 1) == "1 trick"


@pytest.mark.parametrize("language", ["ja", "ms"])
def test_japanese_and_malay_have_one_plural_form(language: str) -> None:
    assert plural_categories(language) == ["other"]
    forms = {translation(language).tn(*PLURAL, n).replace(str(n), "#") for n in (1, 2, 5)}
    assert len(forms) == 1


def test_german_has_two_plural_forms() -> None:
    assert plural_categories("de") == ["one", "other"]
    one, other = translation("de").tn(*PLURAL, 1), translation("de").tn(*PLURAL, 2)
    assert one.replace("1", "#") != other.replace("2", "#")


def test_numbers_are_written_as_the_language_writes_them() -> None:
    assert Translation("de", {}, {}, ["one", "other"]).t("Round {n}", n=12345) == "Round 12.345"
    assert Translation("en", {}, {}, ["one", "other"]).t("Round {n}", n=12345) == "Round 12,345"
    assert Translation("de", {}, {}, ["one", "other"]).t("{name}", name=True) == "True"


def test_a_missing_message_is_english_and_a_translated_one_never_its_id() -> None:
    german = Translation("de", {"Next deal": "Nächste Runde"}, {}, ["one", "other"])
    assert german.t("Next deal") == "Nächste Runde"
    assert german.t("A message of tomorrow, {name}", name="Ana") == "A message of tomorrow, Ana"
    assert german.tn("{n} card left", "{n} cards left", 3) == "3 cards left"
    assert german.t("{unknown} stays", other=1) == "{unknown} stays"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translated_messages_never_show_their_id(language: str) -> None:
    try:
        catalog = read_catalog(language)
    except CatalogError:
        pytest.fail(f"no catalog for {language}")
    words = translation(language)
    for entry in catalog:
        if isinstance(entry.id, str) and entry.id and entry.string and entry.string != entry.id:
            assert words.t(entry.id) != entry.id, (language, entry.id)
        elif isinstance(entry.id, tuple) and all(entry.string or ()):
            singular, plural = entry.id
            assert words.tn(singular, plural, 2) != plural.replace("{n}", "2"), (language, singular)


def test_only_the_languages_of_the_game_are_translations() -> None:
    with pytest.raises(CatalogError):
        translation("fr")
    assert translation("en").language == "en"
    assert list(LANGUAGES) == ["en", "de", "bg", "tr", "ms", "bn", "zu", "ja"]
