"""Players: the guest request and the player in replies.

>>> Guest.model_validate({"name": "  Ann "}).name
'Ann'
>>> PlayerReply(player=PlayerInfo(id="p1", name="Ann"), account=None).model_dump()
{'player': {'id': 'p1', 'name': 'Ann'}, 'account': None}
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict
from pydantic_core import PydanticCustomError

from sixtysix.web.models.accounts import AccountInfo

NAME_LENGTH = 24
"""The longest player name, in characters once trimmed."""
TOKEN_LENGTH = 100
"""The longest cookie token looked up (the server's are 43 characters)."""
NAME_RULE = f"a name is 1 to {NAME_LENGTH} characters, without control characters"
"""What a name must be, in the words of a refusal."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _name(value: str) -> str:
    name = value.strip()
    if not 1 <= len(name) <= NAME_LENGTH or _CONTROL.search(name):
        raise PydanticCustomError("bad_name", NAME_RULE)
    return name


class Guest(BaseModel):
    """``POST /api/guest``: a new guest player, or a new name for the caller."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, AfterValidator(_name)]
    """Trimmed, 1 to :data:`NAME_LENGTH` characters without control characters."""


class PlayerInfo(BaseModel):
    """A player as the API shows it: never its token."""

    id: str
    name: str


class PlayerReply(BaseModel):
    """``POST /api/guest``, ``GET /api/me`` and the account endpoints: the caller (null: no
    player's cookie) and its account (null: a guest, or no one)."""

    player: PlayerInfo | None
    account: AccountInfo | None
