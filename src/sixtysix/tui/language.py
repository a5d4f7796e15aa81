"""The terminal table's words in the user's language: ``t()`` and ``tn()`` as the browser's
(:mod:`sixtysix.i18n`), from the catalog of the language :func:`use` chose when the app
started (``sixtysix play --lang``, else ``LC_ALL``/``LC_MESSAGES``/``LANG``), and
:func:`styled` to set coloured cards and suits into a translated sentence.

Every message is written out in a call of ``t`` or ``tn``, or marked with ``N_`` where it
is defined before a language is chosen (a key's description) and translated where it is
shown, so that the catalogs' extraction finds it (``python -m sixtysix.i18n``).

>>> use("en")
>>> t("Round {n}", n=3), tn("{n} trick played", "{n} tricks played", 2)
('Round 3', '2 tricks played')
>>> styled(t("You lead {card}"), card=Text("A♠", style="bold")).plain
'You lead A♠'
"""

from __future__ import annotations

import re

from babel.numbers import format_decimal
from rich.text import Text

from sixtysix.i18n import DEFAULT, Translation, translation

_PLACEHOLDER = re.compile(r"\{(\w+)\}")

_current: list[Translation] = [translation(DEFAULT)]
"""The language in use: one per process, as the terminal has one user."""


def use(language: str) -> None:
    """Speak ``language`` (one of :data:`sixtysix.i18n.LANGUAGES`) from now on."""
    _current[0] = translation(language)


def language() -> str:
    """The code of the language in use."""
    return _current[0].language


def t(msgid: str, /, **params: object) -> str:
    """A message in the language in use, its ``{placeholders}`` filled from ``params``
    (those not given stay, for :func:`styled`)."""
    return _current[0].t(msgid, **params)


def tn(singular: str, plural: str, n: int, /, **params: object) -> str:
    """A message whose words depend on the number ``n``, in the language in use."""
    return _current[0].tn(singular, plural, n, **params)


def signed(value: float) -> str:
    """A value with its sign and two decimals, as the language in use writes numbers.

    >>> use("en")
    >>> signed(1.25), signed(-0.5)
    ('+1.25', '-0.50')
    """
    return format_decimal(value, format="+#,##0.00;-#,##0.00", locale=language())


def marked(msgid: str, /) -> str:
    """A message marked with :func:`N_` where it was defined, in the language in use."""
    return _current[0].t(msgid)


def N_(msgid: str, /) -> str:
    """``msgid`` itself: a message for the catalogs, translated with :func:`marked` where it is shown."""
    return msgid


def styled(message: str, /, **parts: str | Text) -> Text:
    """A translated ``message`` as rich text, each ``{placeholder}`` named in ``parts``
    replaced by its text with its style (a coloured card or suit); any other braces stay.

    >>> styled("{a} and {b}", a=Text("x", style="red"), b="y").spans
    [Span(0, 1, 'red')]
    """
    text = Text()
    position = 0
    for found in _PLACEHOLDER.finditer(message):
        part = parts.get(found.group(1))
        if part is None:
            continue
        text.append(message[position:found.start()])
        text.append(part)
        position = found.end()
    text.append(message[position:])
    return text
