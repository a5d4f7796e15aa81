"""A real Redis server for the tests: Debian's ``redis-server`` on a free loopback port, in a
folder of its own, which a test may stop and start again on the same port."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import redis
from webclient import free_port


class RedisServer:
    """``redis-server`` in a child process, listening on loopback only, with its append-only
    file in ``folder`` (so a restart keeps what was written, as a deployment's would)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's address for ``--redis-url``."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server and wait until it answers."""
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder),
             "--appendonly", "yes", "--save", "", "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL)
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited with status {self.process.returncode}")
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        """Stop the server (its data stays in its folder)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
