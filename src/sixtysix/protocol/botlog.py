"""A program bot's log of one match (``docs/PROTOCOL.md``, "Debugging"): every line the
host sent and the bot wrote, its ``info`` lines included, and its standard error, each
line after the name of who wrote it, in the order they came, appended to its file.
Tournaments and the web server write one per program and match under the folder
``--bot-log`` names (the web server's program of a game may start more than once: each
run is appended).

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "match.log"
>>> log = BotLog(path)
>>> log.write("host", "sixtysix 1")
>>> log.write("stderr", "thinking...\\n")
>>> log.close()
>>> log.write("bot", "too late")
>>> print(path.read_text(encoding="utf-8"), end="")
host:   sixtysix 1
stderr: thinking...
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Final

MAX_BYTES: Final = 16 * 1024 * 1024
"""The most a log keeps of one match, in characters: past it, one last line says so."""


class BotLog:
    """The log file of one program and match; written from any thread, closed once."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._file = path.open("a", encoding="utf-8")
        self._lock = threading.Lock()
        self._written = 0

    def write(self, who: str, line: str) -> None:
        """One line that ``who`` (``host``, ``bot`` or ``stderr``) wrote; nothing once closed
        or past :data:`MAX_BYTES`."""
        text = f"{who + ':':7} {line.rstrip(chr(10))}\n"
        with self._lock:
            if self._file.closed or self._written > MAX_BYTES:
                return
            self._written += len(text)
            if self._written > MAX_BYTES:
                text = f"(the log stops here: more than {MAX_BYTES} characters)\n"
            self._file.write(text)
            self._file.flush()

    def close(self) -> None:
        with self._lock:
            self._file.close()
