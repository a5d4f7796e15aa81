"""What the browser loads as JSON: a language's catalog, and the languages the page offers.

>>> LanguageReply(language="de", languages=[LanguageName(code="de", name="Deutsch")]).model_dump()
{'language': 'de', 'languages': [{'code': 'de', 'name': 'Deutsch'}]}
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class Catalog(BaseModel):
    """``GET /i18n/{lang}.json``: a language's messages, its messages with plural forms
    (keyed by the singular) and the plural categories that order those forms."""

    language: str
    messages: dict[str, str]
    plurals: dict[str, list[str]]
    plural_categories: list[str]


class LanguageName(BaseModel):
    """A language of the menu: its code and its name in itself."""

    code: str
    name: str


class LanguageReply(BaseModel):
    """``GET`` and ``PUT /api/language``: the language the page is served in, and every
    language of the menu in order."""

    language: str
    languages: list[LanguageName]


class LanguageChoice(BaseModel):
    """``PUT /api/language``: the language chosen in the menu."""

    language: str = Field(max_length=16)
