"""A test client of the web server: a server process, a guest over HTTP, a WebSocket."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from socket import socket as tcp_socket
from typing import Any, Protocol

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with tcp_socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux ``/proc``)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rpartition(")")[2].split()
            if int(fields[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def running(pid: int) -> bool:
    """Whether a process exists and has not ended (a zombie has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def with_csrf(client: httpx.Client) -> httpx.Client:
    """``client``, echoing the server's CSRF cookie in the ``X-CSRF-Token`` header of each
    request as the page does."""
    def echo(request: httpx.Request) -> None:
        token = client.cookies.get("sixtysix_csrf")
        if token:
            request.headers["X-CSRF-Token"] = token
    client.event_hooks["request"].append(echo)
    return client


class Endpoint(Protocol):
    """Where a site answers on loopback: a :class:`Server`, or nginx in front of several."""

    @property
    def port(self) -> int:
        """The loopback port."""

    @property
    def base(self) -> str:
        """The HTTP address."""


class Server:
    """``sixtysix serve`` in a child process; ``arguments`` are more of its options."""

    def __init__(self, database_url: str, *, away_limit: float = 600.0, seed: int | None = None,
                 workers: int = 1, arguments: Sequence[str] = ()) -> None:
        self.database_url = database_url
        self.away_limit = away_limit
        self.seed = seed
        self.workers = workers
        self.arguments = list(arguments)
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        """The server's HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the process and wait until it answers."""
        command = [sys.executable, "-m", "sixtysix", "serve", "--port", str(self.port),
                   "--database-url", self.database_url, "--away-limit", str(self.away_limit),
                   "--workers", str(self.workers)]
        if self.seed is not None:
            command += ["--seed", str(self.seed)]
        command += self.arguments
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=dict(os.environ))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with status {self.process.returncode}")
            try:
                if httpx.get(self.base + "/api/options", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """Kill the process at once (SIGKILL), and check that its worker processes end
        by themselves (a killed server leaves none behind): they look once a second, and
        are given a generous ceiling, as a busy machine may be slow to run them."""
        assert self.process is not None
        workers = children(self.process.pid)
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        deadline = time.monotonic() + 60
        while (alive := [pid for pid in workers if running(pid)]) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive, f"worker processes {alive} outlived their killed server"

    def stop(self) -> None:
        """Stop the process if it still runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def guest(self, name: str) -> Guest:
        """A new guest player of this server."""
        return Guest(self, name)


class Guest:
    """A player with its cookie: HTTP calls and WebSockets."""

    def __init__(self, server: Endpoint, name: str) -> None:
        self.server = server
        self.http = with_csrf(httpx.Client(base_url=server.base, timeout=30))
        response = self.http.post("/api/guest", json={"name": name})
        response.raise_for_status()
        self.player = response.json()["player"]

    @property
    def token(self) -> str:
        """The guest's secret cookie."""
        token = self.http.cookies.get("sixtysix_token")
        assert token is not None
        return token

    def create(self, **body: Any) -> dict[str, Any]:
        """Create a game; returns the ``Game``."""
        response = self.http.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        game: dict[str, Any] = response.json()["game"]
        return game

    def join(self, game_id: str) -> dict[str, Any]:
        """Join an open game."""
        response = self.http.post(f"/api/games/{game_id}/join")
        assert response.status_code == 200, response.text
        game: dict[str, Any] = response.json()["game"]
        return game

    def socket(self, game_id: str, **headers: str) -> Socket:
        """A WebSocket to a game, with the guest's cookie."""
        return Socket(self.server, game_id, {"Cookie": f"sixtysix_token={self.token}", **headers})


class Socket:
    """A WebSocket to one game, remembering the last state received."""

    def __init__(self, server: Endpoint, game_id: str, headers: dict[str, str] | None = None) -> None:
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{server.port}/ws/games/{game_id}",
                                            additional_headers=headers or {}, max_size=None).__enter__()
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a string as it is)."""
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        """The next message."""
        message: dict[str, Any] = json.loads(self.ws.recv(timeout))
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, done: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict[str, Any]:
        """Messages until one satisfies ``done``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if done(message):
                return message

    def settle(self, done: Callable[[dict[str, Any]], bool] = lambda state: True,
               timeout: float = 30) -> dict[str, Any]:
        """Wait until the server has answered everything sent to it before (a ping's pong
        comes after those answers, and after every state it sent this connection before),
        then until the last state satisfies ``done``; that state."""
        self.send({"type": "ping"})
        self.until(lambda message: message["type"] == "pong", timeout)
        if self.state is None or not done(self.state):
            self.until(lambda message: message["type"] == "state" and done(message), timeout)
        assert self.state is not None
        return self.state

    def close(self) -> None:
        """Close the WebSocket."""
        self.ws.close()


def my_turn(seat: int) -> Callable[[dict[str, Any]], bool]:
    """A test for a state in which ``seat`` must act (or the match is over)."""
    def test(message: dict[str, Any]) -> bool:
        if message["type"] != "state":
            return False
        view = message["view"]
        over = message["game"]["status"] == "over"
        return over or (view is not None and view["to_act"] == seat and bool(view["legal"]))
    return test


Chooser = Callable[[dict[str, Any]], str]
"""Picks an action token from a seat's view."""


def mostly_cards(view: dict[str, Any], rng: random.Random) -> str:
    """A random legal action, mostly a card: random declarations end rounds early."""
    legal: list[str] = view["legal"]
    cards = [a for a in legal if (len(a) == 2 and a[0] != "M") or a in ("draw", "pass")]
    return rng.choice(cards if cards and rng.random() < 0.9 else legal)


def pending(socket: Socket) -> list[dict[str, Any]]:
    """The messages already waiting on a socket, without blocking (none once it is closed)."""
    messages = []
    while True:
        try:
            messages.append(socket.recv(0))
        except (TimeoutError, ConnectionClosed):
            return messages

def first_state(socket: Socket) -> dict[str, Any]:
    """The state a new connection is sent, with nothing left waiting."""
    state = socket.until(lambda m: m["type"] == "state")
    pending(socket)
    return socket.state or state


def error(socket: Socket, message: dict[str, Any]) -> str:
    """The code of the error ``message`` gets, which changes nothing for anybody."""
    socket.send(message)
    reply = socket.until(lambda m: m["type"] in ("error", "state"))
    assert reply["type"] == "error", reply
    return str(reply["code"])


def play(sockets: list[Socket | None], choose: Chooser, timeout: float = 120,
         actions: int | None = None) -> dict[str, Any]:
    """Play the seats that have a socket until the match is over (or, if ``actions`` is
    given, until they have sent that many, returning at once); returns the last state of
    the first socket. Each seat acts once on each new view in which it is to act."""
    acted: list[Any] = [None] * len(sockets)
    sent = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if actions is not None and sent >= actions:
            first = next(s for s in sockets if s is not None)
            assert first.state is not None
            return first.state
        moved = False
        for seat, socket in enumerate(sockets):
            if socket is None:
                continue
            pending(socket)
            state = socket.state
            if state is None:
                continue
            if state["game"]["status"] == "over" and all(
                    s is None or (s.state is not None and s.state["game"]["status"] == "over")
                    for s in sockets):
                first = next(s for s in sockets if s is not None)
                assert first.state is not None
                return first.state
            view = state["view"]
            if view is not None and view["to_act"] == seat and view["legal"] and view != acted[seat]:
                acted[seat] = view
                socket.send({"type": "act", "action": choose(view)})
                sent += 1
                moved = True
        if not moved:
            time.sleep(0.002)
    raise TimeoutError("the match did not end in time")
