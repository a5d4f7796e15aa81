"""Messages in a player's language for the front ends written in Python (the terminal
table), with the semantics of the browser client's ``static/i18n.js``: the English text is
the message's id and stands in for a message the catalog lacks, ``{placeholders}`` are
filled from keyword parameters, numbers among them written as the language writes them
(Babel's locale data), and a message that depends on a number takes the form of the
language's CLDR plural category for it.

>>> english = translation("en")
>>> english.t("Round {n}", n=1200)
'Round 1,200'
>>> english.tn("{n} point", "{n} points", 1), english.tn("{n} point", "{n} points", 2)
('1 point', '2 points')
>>> english.t("A message no catalog has, {who}", who="Ana")
'A message no catalog has, Ana'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from babel import Locale
from babel.numbers import format_decimal

from sixtysix.i18n.catalogs import CatalogError, messages, plural_categories, plurals, po_path
from sixtysix.i18n.languages import LANGUAGES

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


class Translation:
    """A language's messages: :meth:`t` and :meth:`tn` as the browser's ``t()`` and ``tn()``."""

    def __init__(self, language: str, messages: Mapping[str, str], plurals: Mapping[str, list[str]],
                 categories: list[str]) -> None:
        self.language = language
        """The language's code, one of :data:`~sixtysix.i18n.LANGUAGES`."""
        self._messages = messages
        self._plurals = plurals
        self._categories = categories
        self._locale = Locale.parse(language)

    def t(self, msgid: str, /, **params: object) -> str:
        """A message in the language (its English ``msgid`` if the catalog lacks it), with
        its ``{placeholders}`` filled from ``params``.

        >>> translation("en").t("{name} declared out.", name="Ben")
        'Ben declared out.'
        """
        return self._fill(self._messages.get(msgid) or msgid, params)

    def tn(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """A message whose words depend on the number ``n``: the form of the language's
        plural category for ``n`` (the English ``singular`` for one, else ``plural``, if the
        catalog lacks it), with ``{n}`` and the other ``{placeholders}`` filled.

        >>> translation("en").tn("{n} trick", "{n} tricks", 0)
        '0 tricks'
        """
        forms = self._plurals.get(singular)
        if forms:
            category = self._locale.plural_form(n)
            text = forms[self._categories.index(category) if category in self._categories else -1]
        else:
            text = singular if n == 1 else plural
        return self._fill(text, {"n": n, **params})

    def _fill(self, text: str, params: Mapping[str, object]) -> str:
        def value(match: re.Match[str]) -> str:
            key = match.group(1)
            if key not in params:
                return match.group(0)
            given = params[key]
            if isinstance(given, int | float) and not isinstance(given, bool):
                return format_decimal(given, locale=self._locale)
            return str(given)

        return _PLACEHOLDER.sub(value, text)


@lru_cache(maxsize=len(LANGUAGES))
def translation(language: str) -> Translation:
    """The :class:`Translation` of one of :data:`~sixtysix.i18n.LANGUAGES` (all English, the
    message ids, while the language has no catalog); :class:`CatalogError` for another code.

    >>> translation("de") is translation("de")
    True
    >>> translation("fr")
    Traceback (most recent call last):
    ...
    sixtysix.i18n.catalogs.CatalogError: not a language of the game: 'fr'
    """
    if language not in LANGUAGES:
        raise CatalogError(f"not a language of the game: {language!r}")
    if not po_path(language).is_file():
        return Translation(language, {}, {}, plural_categories(language))
    return Translation(language, messages(language), plurals(language), plural_categories(language))
