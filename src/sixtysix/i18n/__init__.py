"""The game in its players' languages: the languages offered (:data:`LANGUAGES`), how a
front end chooses one (:func:`negotiate` for a browser's ``Accept-Language``,
:func:`language_from_environment` for a terminal's locale), the gettext catalogs of the
front ends' messages (:mod:`sixtysix.i18n.catalogs`, refreshed by ``python -m
sixtysix.i18n``), a language's messages for Python front ends (:func:`translation`) and the
rules page of each language (``rules/<lang>.html``, :func:`rules_page`).

>>> translation(negotiate("en-GB,en;q=0.9")).t("Next deal")
'Next deal'
"""

from __future__ import annotations

from pathlib import Path

from sixtysix.i18n.catalogs import CatalogError
from sixtysix.i18n.languages import DEFAULT, LANGUAGES, language_from_environment, negotiate, supported
from sixtysix.i18n.translation import Translation, translation

RULES = Path(__file__).parent / "rules"
"""The rules pages, one HTML fragment per language."""

__all__ = ["DEFAULT", "LANGUAGES", "RULES", "CatalogError", "Translation", "language_from_environment",
           "negotiate", "rules_page", "supported", "translation"]


def rules_page(language: str) -> Path:
    """The rules page to show in a language: its own, else the English one;
    :class:`CatalogError` for a code that is not one of :data:`LANGUAGES`.

    >>> rules_page("en").name
    'en.html'
    """
    if language not in LANGUAGES:
        raise CatalogError(f"not a language of the game: {language!r}")
    page = RULES / f"{language}.html"
    return page if page.is_file() else RULES / f"{DEFAULT}.html"
