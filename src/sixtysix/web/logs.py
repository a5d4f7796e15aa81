"""The server's log: one JSON object a line on standard error.

Each line has ``time`` (UTC, ISO 8601 to the millisecond), ``level``, ``logger``,
``event`` and ``fields`` (an object; empty for uvicorn's own lines), and ``traceback``
for an error with one. :func:`log_config` is the logging configuration that ``sixtysix
serve`` gives uvicorn, so that uvicorn's start and error lines come out the same way.
Nothing secret is logged: no cookie, no query string, no card of a hand or a deck.

>>> import logging
>>> record = logging.LogRecord("sixtysix.web.games", logging.INFO, "", 0, "finished", (), None)
>>> record.created, record.fields = 0.0, {"game": "abc", "winner": 1}
>>> print(JsonFormatter().format(record))
{"time": "1970-01-01T00:00:00.000Z", "level": "info", "logger": "sixtysix.web.games", \
"event": "finished", "fields": {"game": "abc", "winner": 1}}
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

LEVELS = ("debug", "info", "warning", "error")
"""The levels ``sixtysix serve --log-level`` offers."""
access = logging.getLogger("sixtysix.web.access")
"""The log of every HTTP request and WebSocket connection."""


def event(logger: logging.Logger, name: str, *, level: int = logging.INFO, exc_info: bool = False,
          **fields: Any) -> None:
    """Log the event ``name`` with its fields (and, with ``exc_info``, the exception being
    handled and its traceback)."""
    logger.log(level, name, exc_info=exc_info, extra={"fields": fields})


class JsonFormatter(logging.Formatter):
    """Formats a record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
        line: dict[str, Any] = {"time": when.replace("+00:00", "Z"), "level": record.levelname.lower(),
                                "logger": record.name, "event": record.getMessage(),
                                "fields": getattr(record, "fields", {})}
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


_WEBSOCKET_LINES = ("connection open", "connection closed")


class NoWebSocketLines(logging.Filter):
    """Drops uvicorn's lines for each WebSocket (its handshake, which quotes the query string,
    and "connection open", "connection closed" without a word of which): the server logs
    its own (``connected``, ``disconnected``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.msg if isinstance(record.msg, str) else ""
        return not message.startswith('%s - "WebSocket ') and message not in _WEBSOCKET_LINES


def log_config(level: str) -> dict[str, Any]:
    """The logging configuration of the server at ``level`` (one of :data:`LEVELS`): the
    server's own lines from that level, uvicorn's from ``info`` at the lowest (its debug
    lines would quote the WebSocket messages, hands and all), other libraries' from
    ``warning``.

    >>> config = log_config("debug")
    >>> config["loggers"]["sixtysix"]["level"], config["loggers"]["uvicorn"]["level"], config["root"]["level"]
    ('DEBUG', 'INFO', 'WARNING')
    """
    number = logging.getLevelNamesMapping()[level.upper()]
    server = logging.getLevelName(max(number, logging.INFO))
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "filters": {"no_websocket_lines": {"()": NoWebSocketLines}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json",
                                "stream": "ext://sys.stderr"}},
        "root": {"handlers": ["stderr"], "level": logging.getLevelName(max(number, logging.WARNING))},
        "loggers": {
            "sixtysix": {"level": logging.getLevelName(number)},
            "uvicorn": {"level": server},
            "uvicorn.error": {"level": server, "filters": ["no_websocket_lines"]},
            "uvicorn.access": {"handlers": [], "propagate": False},
        },
    }
