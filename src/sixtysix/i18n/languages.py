"""The languages a player may read the game in, and how a front end picks one: the
browser from its ``Accept-Language`` header (:func:`negotiate`), the terminal from the
locale of its environment (:func:`language_from_environment`).

>>> list(LANGUAGES)
['en', 'de', 'bg', 'tr', 'ms', 'bn', 'zu', 'ja']
>>> LANGUAGES["tr"]
'Türkçe'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

DEFAULT = "en"
"""The language of the messages' ids, and of a player whose language is not offered."""

LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "bg": "Български",
    "tr": "Türkçe",
    "ms": "Bahasa Melayu",
    "bn": "বাংলা",
    "zu": "isiZulu",
    "ja": "日本語",
}
"""Every language of the game, in the order of the language menu, by its code (ISO 639-1), each
with its name in itself."""

_RANGE = re.compile(r"\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([01](?:\.\d{0,3})?))?\s*")
_MAX_RANGES = 32
_ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")


def supported(tag: str) -> str | None:
    """The game's language for a language tag or locale name (``de-AT``, ``de_DE.UTF-8``),
    or ``None`` if it has none.

    >>> supported("de-AT"), supported("ja_JP.UTF-8"), supported("sr@latin"), supported("C")
    ('de', 'ja', None, None)
    """
    code = re.split(r"[-_.@]", tag, maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def negotiate(accept_language: str | None) -> str:
    """The language to serve for an ``Accept-Language`` header: the offered language of the
    highest quality (the earlier of equals), a regional tag counting as its language;
    :data:`DEFAULT` if none is offered.

    >>> negotiate("de-AT,de;q=0.9,en;q=0.8")
    'de'
    >>> negotiate("fr-FR, fr;q=0.9, ja;q=0.5, en;q=0.4")
    'ja'
    >>> negotiate("en;q=0.5, tr")
    'tr'
    >>> negotiate("bg;q=0, *"), negotiate(None), negotiate("garbage;;;")
    ('en', 'en', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")[:_MAX_RANGES]):
        match = _RANGE.fullmatch(part)
        if match is None:
            continue
        quality = float(match.group(2)) if match.group(2) else 1.0
        code = supported(match.group(1))
        if code is not None and quality > 0:
            ranked.append((-quality, index, code))
    return min(ranked)[2] if ranked else DEFAULT


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language of a terminal's locale: the first of ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set decides; :data:`DEFAULT` for ``C``, ``POSIX`` or a language the game
    does not offer.

    >>> language_from_environment({"LANG": "de_DE.UTF-8"})
    'de'
    >>> language_from_environment({"LC_ALL": "bn_BD.UTF-8", "LANG": "de_DE.UTF-8"})
    'bn'
    >>> language_from_environment({"LC_ALL": "", "LC_MESSAGES": "C", "LANG": "tr_TR.UTF-8"})
    'en'
    >>> language_from_environment({})
    'en'
    """
    for name in _ENVIRONMENT:
        value = environ.get(name)
        if value:
            return supported(value) or DEFAULT
    return DEFAULT
