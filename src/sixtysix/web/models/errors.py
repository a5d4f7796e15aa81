"""The API's errors: ``{"error": {"code": ..., "message": ...}}``, and the code and message
of a request that fails its model.

>>> ErrorReply(error=Problem(code="no_game", message="no such game")).model_dump()
{'error': {'code': 'no_game', 'message': 'no such game'}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from sixtysix.web.models.players import NAME_RULE


class Problem(BaseModel):
    """What went wrong: the protocol's error code and a message for people."""

    code: str
    message: str


class ErrorReply(BaseModel):
    """Every HTTP error's body."""

    error: Problem


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
    if kind in ("bad_name", "bad_rules", "bad_user_name", "bad_password", "bad_credentials"):
        return kind, str(error["msg"])
    if where[:1] == ("path",):
        return "no_game", "no such game"
    if where == ("body", "name"):
        return "bad_name", NAME_RULE
    if kind == "json_invalid":
        return "bad_request", "the body is not JSON"
    if len(where) < 2:
        return "bad_request", "the body must be a JSON object"
    return "bad_request", f"{'.'.join(str(part) for part in where[1:])}: {error['msg']}"
