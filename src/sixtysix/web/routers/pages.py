"""What the browser loads: the page, the client's files and its translations."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from sixtysix.web.i18n import CatalogError, messages, plural_categories, plurals
from sixtysix.web.models.pages import Catalog

STATIC = Path(__file__).parent.parent / "static"
"""The browser client's files."""

router = APIRouter()
router.mount("/static", StaticFiles(directory=STATIC), name="static")


@router.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
async def index() -> FileResponse:
    """The page of the browser client."""
    return FileResponse(STATIC / "index.html")


@router.get("/i18n/{language}.json")
def catalog(language: str) -> Catalog:
    """A language's catalog for the browser client: its messages, its messages with plural
    forms and the plural categories that order those forms."""
    try:
        return Catalog(language=language, messages=messages(language), plurals=plurals(language),
                       plural_categories=plural_categories(language))
    except CatalogError as error:
        raise HTTPException(status_code=404, detail=str(error)) from error
