"""What the browser loads as JSON: a language's catalog."""

from __future__ import annotations

from pydantic import BaseModel


class Catalog(BaseModel):
    """``GET /i18n/{lang}.json``: a language's messages, its messages with plural forms
    (keyed by the singular) and the plural categories that order those forms."""

    language: str
    messages: dict[str, str]
    plurals: dict[str, list[str]]
    plural_categories: list[str]
