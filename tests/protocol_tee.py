"""Run a program bot and append what the host and the bot say about the match to a log, in
the form of the session in docs/PROTOCOL.md (``host: `` and ``bot:  `` before each line):
``python protocol_tee.py LOG PROGRAM ARGS``, named as a ``cmd:`` bot.

The log starts after the handshake (the first line after the bot's ``ready``): the handshake
describes the bot (its name and options), not the match. The host waits for the bot's answer
before it goes on, and the bot speaks only when asked, so the log holds the conversation in
its order."""

from __future__ import annotations

import subprocess
import sys
import threading
from typing import IO


class Log:
    """The log file, written from both directions once the handshake is over."""

    def __init__(self, file: IO[str]) -> None:
        self.file = file
        self.lock = threading.Lock()
        self.started = False

    def write(self, prefix: str, line: str) -> None:
        with self.lock:
            if self.started:
                self.file.write(prefix + line)
                self.file.flush()
            elif prefix == BOT and line.split() == ["ready"]:
                self.started = True


HOST = "host: "
BOT = "bot:  "


def relay(source: IO[str], sink: IO[str], log: Log, prefix: str) -> None:
    """Copy ``source`` to ``sink`` line by line, logging each line before passing it on."""
    for line in source:
        log.write(prefix, line)
        sink.write(line)
        sink.flush()
    sink.close()


def main() -> int:
    log_path, *command = sys.argv[1:]
    with open(log_path, "a", encoding="utf-8") as file:
        log = Log(file)
        bot = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert bot.stdin is not None and bot.stdout is not None
        answers = threading.Thread(target=relay, args=(bot.stdout, sys.stdout, log, BOT))
        answers.start()
        relay(sys.stdin, bot.stdin, log, HOST)
        answers.join()
        return bot.wait()


if __name__ == "__main__":
    sys.exit(main())
