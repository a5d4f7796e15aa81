"""The gettext catalogs of the front ends: one template, one catalog per language.

Every visible string of the browser client (``web/static/*.js``) and of the terminal table
(``tui/*.py``) goes through ``t("...")``, or ``tn("...", "...", n)`` where the words depend
on a number; :func:`extract` collects those strings with Babel's JavaScript and Python
extractors into the one template ``locale/sixtysix.pot``, and :func:`update` (``python -m
sixtysix.i18n``) merges the template into each language's
``locale/<lang>/LC_MESSAGES/sixtysix.po``. The server gives a catalog to the browser as JSON
at ``GET /i18n/{lang}.json`` (:mod:`sixtysix.web.routers.pages`); the terminal reads it
through :func:`sixtysix.i18n.translation`. A new language is one more ``.po`` file and one
more entry of :data:`sixtysix.i18n.LANGUAGES` (docs/TRANSLATING.md).

A message with plural forms is keyed by its singular; its forms come in the order of the
language's CLDR plural categories (:func:`plural_categories`), which the browser picks
from with ``Intl.PluralRules``, the same CLDR data.

>>> "Next deal" in extract()
True
>>> messages("en")["Next deal"]
'Next deal'
>>> plurals("en")["{n} point"]
['{n} point', '{n} points']
>>> plural_categories("en"), plural_categories("ja")
(['one', 'other'], ['other'])
"""

from __future__ import annotations

import copy
import io
import re
from functools import lru_cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

SOURCES = Path(__file__).parent.parent
"""The package whose front ends' sources hold the messages (``src/sixtysix``)."""
LOCALE = Path(__file__).parent / "locale"
"""The template and the catalogs."""
DOMAIN = "sixtysix"
SOURCE_LANGUAGE = "en"
_LANGUAGE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
_HEADER = ("# Messages of the sixtysix browser client (src/sixtysix/web/static/*.js) and terminal "
           "table (src/sixtysix/tui/*.py).\n")
_METHODS = [("web/static/*.js", "javascript"), ("tui/*.py", "python")]
_KEYWORDS = {"t": None, "tn": (1, 2), "N_": None}
_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
Message = str | tuple[str, str]
"""A message of the client: its text, or its singular and plural."""


class CatalogError(Exception):
    """A language without a catalog, or a name that cannot be one."""


def extract(sources: Path = SOURCES) -> dict[Message, list[tuple[str, int]]]:
    """The messages of the front ends' ``t("...")`` and ``tn("...", "...", n)`` calls (and the
    terminal's ``N_("...")``, a message marked where it is defined and translated where shown), each
    with where it is used (a path under ``sources``): the browser client's
    ``web/static/*.js`` and the terminal's ``tui/*.py``."""
    found: dict[Message, list[tuple[str, int]]] = {}
    for filename, line, message, _comments, _context in extract_from_dir(
            sources, _METHODS, keywords=_KEYWORDS):
        if isinstance(message, str):
            found.setdefault(message, []).append((filename, line))
        elif isinstance(message, tuple) and len(message) == 2 and all(isinstance(m, str) for m in message):
            found.setdefault((message[0], message[1]), []).append((filename, line))
    return found


def template(sources: Path = SOURCES) -> Catalog:
    """The catalog template (``.pot``) of the front ends' messages."""
    catalog = Catalog(project="sixtysix", domain=DOMAIN, header_comment=_HEADER, fuzzy=False)
    for message, places in sorted(extract(sources).items(), key=lambda item: _key(item[0])):
        catalog.add(message, locations=places)
    return catalog


def po_path(language: str, locale: Path = LOCALE) -> Path:
    """Where a language's catalog lives."""
    return locale / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(language: str, locale: Path = LOCALE) -> Catalog:
    """A language's catalog; :class:`CatalogError` if there is none."""
    if not _LANGUAGE.fullmatch(language):
        raise CatalogError(f"not a language code: {language!r}")
    path = po_path(language, locale)
    if not path.is_file():
        raise CatalogError(f"no catalog for {language!r}")
    with path.open("rb") as file:
        return read_po(file, locale=language.replace("-", "_"), domain=DOMAIN)


def _key(message: Message) -> str:
    return message if isinstance(message, str) else message[0]


@lru_cache(maxsize=16)
def messages(language: str) -> dict[str, str]:
    """A language's translations, msgid to msgstr, without untranslated, fuzzy or plural
    entries."""
    return {message.id: message.string for message in read_catalog(language)
            if isinstance(message.id, str) and message.id and isinstance(message.string, str)
            and message.string and not message.fuzzy}


@lru_cache(maxsize=16)
def plurals(language: str) -> dict[str, list[str]]:
    """A language's messages with plural forms, each singular to its translated forms in
    the order of :func:`plural_categories`; a message with any form missing is left out."""
    found = {}
    for message in read_catalog(language):
        if isinstance(message.id, tuple) and isinstance(message.string, tuple) and not message.fuzzy:
            forms = [str(form) for form in message.string]
            if len(forms) == len(plural_categories(language)) and all(forms):
                found[str(message.id[0])] = forms
    return found


def plural_categories(language: str) -> list[str]:
    """The CLDR plural categories of a language that a number can fall in, in gettext's
    order of plural forms (Babel's locale data: one form in Japanese, two in English)."""
    try:
        tags = Locale.parse(language).plural_form.tags
    except (ValueError, UnknownLocaleError):
        raise CatalogError(f"no plural rules for {language!r}") from None
    return [tag for tag in _CATEGORIES if tag in tags or tag == "other"]


def update(sources: Path = SOURCES, locale: Path = LOCALE) -> None:
    """Write the template from the front ends' sources and merge it into every catalog;
    the source language's catalog translates each message as itself."""
    pot = template(sources)
    _write(locale / f"{DOMAIN}.pot", pot)
    languages = {path.parent.parent.name for path in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    for language in languages | {SOURCE_LANGUAGE}:
        path = po_path(language, locale)
        if path.is_file():
            with path.open("rb") as file:
                catalog = read_po(file, locale=language, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, project="sixtysix", domain=DOMAIN, header_comment=_HEADER,
                              fuzzy=False)
        catalog.update(copy.deepcopy(pot), no_fuzzy_matching=True)
        if language == SOURCE_LANGUAGE:
            for message in catalog:
                if message.id:
                    message.string = message.id
        catalog.obsolete.clear()
        _write(path, catalog)
    messages.cache_clear()
    plurals.cache_clear()


_CREATED = re.compile(rb'^"POT-Creation-Date: [^"]*"\n', re.MULTILINE)


def _write(path: Path, catalog: Catalog) -> None:
    """Write a catalog or the template, unless only its creation date would change: an
    update that changes no message changes no file."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, include_lineno=False)
    text = buffer.getvalue()
    if path.is_file() and _CREATED.sub(b"", path.read_bytes()) == _CREATED.sub(b"", text):
        return
    path.write_bytes(text)
