"""What the HTTP API accepts: the request bodies as Pydantic models, and every bound the
server puts on what a client sends, in one place.

The new-game form reads the range of the numeric rule flags from ``GET /api/options``
(:func:`flag_options`), so the form and the API refuse the same values.

>>> NewGame.model_validate({"opponent": "bot", "level": "easy", "rules": "classic match_target=3"}).invites
False
>>> NewGame.model_validate({"rules": "three-hand", "seats": ["easy", "human"]}).invites
True
>>> from pydantic import ValidationError
>>> try:
...     NewGame.model_validate({"rules": "classic match_target=100"})
... except ValidationError as error:
...     print(problem(error.errors()[0]))
('bad_rules', "flag 'match_target' must be from 1 to 99, not 100")
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints
from pydantic_core import PydanticCustomError

from sixtysix.errors import RulesError
from sixtysix.rules import FLAGS, Rules, flag_values
from sixtysix.web.games import PERSON

NAME_LENGTH = 24
"""The longest player name, in characters once trimmed."""
RULES_LENGTH = 400
"""The longest rules text (the width of the games' ``rules`` column)."""
KIND_LENGTH = 16
"""The longest level, program bot name or seat kind (the width of the ``bot`` column)."""
ID_LENGTH = 32
"""The longest game id a path may name (the width of the games' ``id`` column)."""
TOKEN_LENGTH = 100
"""The longest cookie token looked up (the server's are 43 characters)."""
NUMBER_MIN = 1
"""The smallest value of a numeric rule flag over the web."""
NUMBER_MAX = 99
"""The largest value of a numeric rule flag over the web: the engine takes any whole
number from 1, but a match to 100,000 is no game for a browser table."""
NUMERIC_FLAGS = tuple(name for name in FLAGS if flag_values(name) is None)
"""The rule flags that take a number rather than one of a list of values."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_NAME_RULE = f"a name is 1 to {NAME_LENGTH} characters, without control characters"


def _name(value: str) -> str:
    name = value.strip()
    if not 1 <= len(name) <= NAME_LENGTH or _CONTROL.search(name):
        raise PydanticCustomError("bad_name", _NAME_RULE)
    return name


def _rules(text: str) -> str:
    for word in text.split()[1:]:
        name, _, value = word.partition("=")
        number = name in NUMERIC_FLAGS and value.isascii() and value.isdigit()
        if number and not NUMBER_MIN <= int(value) <= NUMBER_MAX:
            reason = f"flag {name!r} must be from {NUMBER_MIN} to {NUMBER_MAX}, not {value}"
            raise PydanticCustomError("bad_rules", "{reason}", {"reason": reason})
    try:
        Rules.parse(text)
    except RulesError as error:
        raise PydanticCustomError("bad_rules", "{reason}", {"reason": str(error)}) from None
    return text


Kind = Annotated[str, StringConstraints(max_length=KIND_LENGTH)]
"""A level, a program bot's name or a seat kind: checked by the game service."""


class Guest(BaseModel):
    """``POST /api/guest``: a new guest player, or a new name for the caller."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, AfterValidator(_name)]
    """Trimmed, 1 to :data:`NAME_LENGTH` characters without control characters."""


class NewGame(BaseModel):
    """``POST /api/games``: a two-hand game against a bot or a person (``opponent``,
    ``level``), or a three-hand game with the kind of seats 1 and 2 (``seats``)."""

    model_config = ConfigDict(extra="forbid")

    opponent: Literal["bot", "human"] | None = None
    level: Kind | None = None
    rules: Annotated[str, StringConstraints(max_length=RULES_LENGTH), AfterValidator(_rules)] = "classic"
    """A preset and flags, numeric ones from :data:`NUMBER_MIN` to :data:`NUMBER_MAX`."""
    seats: Annotated[list[Kind], Field(max_length=2)] | None = None

    @property
    def invites(self) -> bool:
        """Whether the game waits for people invited by link."""
        if Rules.parse(self.rules).seats == 3:
            return PERSON in (self.seats or ())
        return self.opponent == PERSON


def flag_options() -> dict[str, dict[str, Any]]:
    """Every rule flag for the new-game form: its ``classic`` default, and its ``values``,
    or (``values`` null) the ``min`` and ``max`` of a number.

    >>> flag_options()["match_target"]
    {'default': '7', 'values': None, 'min': 1, 'max': 99}
    >>> flag_options()["tie"]
    {'default': 'carry', 'values': ['carry', 'replay', 'most_tricks']}
    """
    classic = Rules().flags()
    flags: dict[str, dict[str, Any]] = {}
    for name in FLAGS:
        values = flag_values(name)
        if values is None:
            flags[name] = {"default": classic[name], "values": None, "min": NUMBER_MIN, "max": NUMBER_MAX}
        else:
            flags[name] = {"default": classic[name], "values": list(values)}
    return flags


def problem(error: Mapping[str, Any]) -> tuple[str, str]:
    """The protocol's error code and message for one validation error of a request.

    >>> problem({"type": "bad_rules", "loc": ("body", "rules"), "msg": "empty rules"})
    ('bad_rules', 'empty rules')
    >>> problem({"type": "string_type", "loc": ("body", "name"), "msg": "Input should be a valid string"})
    ('bad_name', 'a name is 1 to 24 characters, without control characters')
    >>> problem({"type": "literal_error", "loc": ("body", "opponent"), "msg": "Input should be 'bot'"})
    ('bad_request', "opponent: Input should be 'bot'")
    >>> problem({"type": "string_too_long", "loc": ("path", "game_id"), "msg": "String should ..."})
    ('no_game', 'no such game')
    """
    kind, where = error["type"], tuple(error["loc"])
    if kind in ("bad_name", "bad_rules"):
        return kind, str(error["msg"])
    if where[:1] == ("path",):
        return "no_game", "no such game"
    if where == ("body", "name"):
        return "bad_name", _NAME_RULE
    if kind == "json_invalid":
        return "bad_request", "the body is not JSON"
    if len(where) < 2:
        return "bad_request", "the body must be a JSON object"
    return "bad_request", f"{'.'.join(str(part) for part in where[1:])}: {error['msg']}"
