"""The translations of the browser client: one gettext catalog per language.

Every visible string of ``static/*.js`` goes through the client's ``t("...")``;
:func:`extract` collects those strings with Babel's JavaScript extractor into the
template ``locale/sixtysix.pot``, :func:`update` merges the template into each
language's ``locale/<lang>/LC_MESSAGES/sixtysix.po``, and :data:`router` serves a
catalog as JSON at ``GET /i18n/{lang}.json``. A new language is one more ``.po`` file.

>>> "Next deal" in extract()
True
>>> messages("en")["Next deal"]
'Next deal'
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from fastapi import APIRouter, HTTPException

PACKAGE = Path(__file__).parent
STATIC = PACKAGE / "static"
LOCALE = PACKAGE / "locale"
DOMAIN = "sixtysix"
SOURCE_LANGUAGE = "en"
_LANGUAGE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
_HEADER = "# Messages of the sixtysix browser client (src/sixtysix/web/static/*.js).\n"


class CatalogError(Exception):
    """A language without a catalog, or a name that cannot be one."""


def extract(static: Path = STATIC) -> dict[str, list[tuple[str, int]]]:
    """The messages of the client's ``t("...")`` calls, each with where it is used."""
    found: dict[str, list[tuple[str, int]]] = {}
    for filename, line, message, _comments, _context in extract_from_dir(
            static, [("**.js", "javascript")], keywords={"t": None}):
        if isinstance(message, str):
            found.setdefault(message, []).append((filename, line))
    return found


def template(static: Path = STATIC) -> Catalog:
    """The catalog template (``.pot``) of the client's messages."""
    catalog = Catalog(project="sixtysix", domain=DOMAIN, header_comment=_HEADER, fuzzy=False)
    for message, places in sorted(extract(static).items()):
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


@lru_cache(maxsize=16)
def messages(language: str) -> dict[str, str]:
    """A language's translations, msgid to msgstr, without untranslated or fuzzy entries."""
    return {str(message.id): str(message.string) for message in read_catalog(language)
            if message.id and message.string and not message.fuzzy}


def update(static: Path = STATIC, locale: Path = LOCALE) -> None:
    """Write the template from the client's sources and merge it into every catalog;
    the source language's catalog translates each message as itself."""
    pot = template(static)
    with (locale / f"{DOMAIN}.pot").open("wb") as file:
        write_po(file, pot, width=100, omit_header=False, include_lineno=False)
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
        with path.open("wb") as file:
            write_po(file, catalog, width=100, omit_header=False, include_lineno=False)
    messages.cache_clear()


router = APIRouter()


@router.get("/i18n/{language}.json")
def catalog_json(language: str) -> dict[str, Any]:
    """A language's catalog for the browser client."""
    try:
        return {"language": language, "messages": messages(language)}
    except CatalogError as error:
        raise HTTPException(status_code=404, detail=str(error)) from error


if __name__ == "__main__":
    update()
