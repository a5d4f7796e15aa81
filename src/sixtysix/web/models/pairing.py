"""Quick pairing: the request for a game now, and the seek it makes as its player reads it.

>>> NewSeek.model_validate({"rules": "santase"}).rated
False
>>> from pydantic import ValidationError
>>> from sixtysix.web.models.errors import problem
>>> try:
...     NewSeek.model_validate({"rules": "classic match_target=3"})
... except ValidationError as error:
...     print(problem(error.errors()[0]))
('bad_rules', 'quick pairing is by a preset: classic, pagat, santase, turkish, three-hand')
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict
from pydantic_core import PydanticCustomError

from sixtysix.rules import PRESET_NAMES

Status = Literal["waiting", "paired", "cancelled"]
"""A seek's status."""


def _preset(text: str) -> str:
    if text not in PRESET_NAMES:
        reason = f"quick pairing is by a preset: {', '.join(PRESET_NAMES)}"
        raise PydanticCustomError("bad_rules", "{reason}", {"reason": reason})
    return text


class NewSeek(BaseModel):
    """``POST /api/pairing``: a game now under a preset (its name only), rated or casual."""

    model_config = ConfigDict(extra="forbid")

    rules: Annotated[str, AfterValidator(_preset)]
    rated: bool = False


class Range(BaseModel):
    """The ratings a waiting rated seek accepts now, from ``low`` to ``high``."""

    low: int
    high: int


class Seek(BaseModel):
    """A seek as its player reads it."""

    id: str
    rules: str
    """The preset."""
    rated: bool
    status: Status
    rating: int
    """The player's rating in the preset's kind of game (1500 if never rated)."""
    waited: int
    """Whole seconds waited (till paired or cancelled)."""
    range: Range | None
    """The ratings accepted now (``null``: any: a casual seek, a rated one after 60 s, or one
    no longer waiting)."""
    game: str | None
    """The game it was paired into."""


class SeekReply(BaseModel):
    """``POST /api/pairing``, ``GET`` and ``DELETE /api/pairing/{id}``."""

    seek: Seek
