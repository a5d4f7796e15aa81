"""The errors the web layer answers with: each a code of the protocol and a message.

A :class:`GameError` is a request the game service refuses, an :class:`ApiError` one the
HTTP API refuses before reaching it; the application turns either into the protocol's
``{"error": {"code": ..., "message": ...}}`` with the code's status.
"""

from __future__ import annotations


class GameError(Exception):
    """A request the game refuses; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ApiError(Exception):
    """An HTTP API error: a status, a code and a message."""

    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
