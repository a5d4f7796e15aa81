"""What the browser loads: the page in the language it is served in, the client's files,
its translations, the rules page of each language, and the choice of a language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import APIRouter, HTTPException, Response
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

from sixtysix.i18n import LANGUAGES, CatalogError, rules_page
from sixtysix.i18n.catalogs import messages, plural_categories, plurals
from sixtysix.web.errors import ApiError
from sixtysix.web.language import Language, remember
from sixtysix.web.models.pages import Catalog, LanguageChoice, LanguageName, LanguageReply

STATIC = Path(__file__).parent.parent / "static"
"""The browser client's files."""
_VARY = {"Vary": "Cookie, Accept-Language"}

router = APIRouter()
router.mount("/static", StaticFiles(directory=STATIC), name="static")


@cache
def _page() -> str:
    return (STATIC / "index.html").read_text(encoding="utf-8")


@router.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
async def index(language: Language) -> HTMLResponse:
    """The page of the browser client, its ``<html lang>`` the language it is served in."""
    return HTMLResponse(_page().replace('<html lang="en">', f'<html lang="{language}">', 1), headers=_VARY)


@router.get("/i18n/{language}.json")
def catalog(language: str) -> Catalog:
    """A language's catalog for the browser client: its messages, its messages with plural
    forms and the plural categories that order those forms."""
    try:
        return Catalog(language=language, messages=messages(language), plurals=plurals(language),
                       plural_categories=plural_categories(language))
    except CatalogError as error:
        raise HTTPException(status_code=404, detail=str(error)) from error


@router.get("/rules/{language}.html", include_in_schema=False)
def rules(language: str) -> FileResponse:
    """The rules page of a language, the English one for a language without its own;
    404 for a code that is not a language of the game."""
    try:
        return FileResponse(rules_page(language), media_type="text/html; charset=utf-8")
    except CatalogError as error:
        raise HTTPException(status_code=404, detail=str(error)) from error


def _reply(language: str) -> LanguageReply:
    return LanguageReply(language=language,
                         languages=[LanguageName(code=code, name=name) for code, name in LANGUAGES.items()])


@router.get("/api/language")
async def language(served: Language, response: Response) -> LanguageReply:
    """The language the page is served in (the cookie's, else the browser's), and the menu's."""
    response.headers.update(_VARY)
    return _reply(served)


@router.put("/api/language")
async def choose_language(body: LanguageChoice, response: Response) -> LanguageReply:
    """Serve the page in the chosen language from now on (a cookie of a year);
    ``400 bad_language`` for a code that is not a language of the game."""
    if body.language not in LANGUAGES:
        raise ApiError(400, "bad_language", f"not a language of the game: {', '.join(LANGUAGES)}")
    remember(response, body.language)
    return _reply(body.language)
