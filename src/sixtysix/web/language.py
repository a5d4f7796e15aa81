"""The language the browser is served in: the cookie ``lang`` that the page's language
menu sets, else the best of the browser's ``Accept-Language`` (:func:`sixtysix.i18n.negotiate`),
else English."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Response
from starlette.requests import HTTPConnection

from sixtysix.i18n import LANGUAGES, negotiate

COOKIE = "lang"
"""The cookie that keeps a browser's choice of language."""
COOKIE_AGE = 365 * 24 * 3600
"""How long the browser keeps the choice, in seconds."""


def served_language(connection: HTTPConnection) -> str:
    """The language to serve a request in: its cookie's, if one of :data:`LANGUAGES`, else
    its ``Accept-Language`` header's."""
    chosen = connection.cookies.get(COOKIE)
    if chosen is not None and chosen in LANGUAGES:
        return chosen
    return negotiate(connection.headers.get("accept-language"))


Language = Annotated[str, Depends(served_language)]


def remember(response: Response, language: str) -> None:
    """Keep the choice of a language in the browser's cookie."""
    response.set_cookie(COOKIE, language, max_age=COOKIE_AGE, samesite="lax", path="/")
