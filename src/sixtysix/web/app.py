"""The web server: the HTTP API, the live games' WebSocket and the browser client's files.

:func:`create_app` builds the FastAPI application from :class:`Settings`;
``sixtysix serve`` runs it under uvicorn. The protocol is ``docs/WEB-PROTOCOL.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sixtysix.web.dependencies import COOKIE, SESSION_COOKIE
from sixtysix.web.errors import ApiError, GameError
from sixtysix.web.games import GameService
from sixtysix.web.logs import access, event
from sixtysix.web.models.errors import ErrorReply, Problem, problem
from sixtysix.web.ratelimits import Limiter, RateLimits
from sixtysix.web.routers import accounts, games, health, options, pages, pairing, players, ratings, sockets
from sixtysix.web.services.cluster import Cluster
from sixtysix.web.services.pairing import Pairing
from sixtysix.web.store import Store

MAX_MESSAGE = 4096
"""The largest message, in bytes, either way: an HTTP request's body, a WebSocket message."""
CSP = ("default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'; form-action 'self'")
_STATUS = {"no_game": 404, "not_over": 409, "not_open": 409, "own_game": 409, "unauthorized": 401,
           "bad_credentials": 401, "account_required": 403, "no_seek": 404, "unavailable": 503}
CSRF_COOKIE = "sixtysix_csrf"
"""The cookie holding the token a state-changing request echoes in :data:`CSRF_HEADER`."""
CSRF_HEADER = "x-csrf-token"
"""The header that must repeat the :data:`CSRF_COOKIE` token."""


def data_dir() -> Path:
    """Where the server keeps its SQLite database unless told otherwise:
    ``$SIXTYSIX_DATA``, else ``$XDG_DATA_HOME/sixtysix``, else ``~/.local/share/sixtysix``."""
    explicit = os.environ.get("SIXTYSIX_DATA")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sixtysix"


@dataclass(frozen=True)
class Settings:
    """How the server runs."""

    database_url: str | None = None
    """A SQLAlchemy URL; ``None``: a SQLite file in ``data_dir``."""
    redis_url: str | None = None
    """The Redis server that the processes of one site share (``redis://host:port/db``):
    game events, the queue of bot decisions and timers, presence and the shared limits;
    ``None``: a single process that keeps them in its own memory."""
    data_dir: Path | None = None
    away_limit: float = 600.0
    """Seconds a seat may be without a connection before the other player may claim the match."""
    workers: int | None = None
    """Processes thinking for the slow bots (``hard``, ``expert``) and hints (``None``: one per
    core); the fast levels have a process of their own."""
    seed: int | None = None
    """Seed of the decks, dealers and bots, for reproducible tests (``None``: the system's
    random source)."""
    bots: tuple[tuple[str, str], ...] = ()
    """The program bots players may pick: each name with its command (``cmd:`` without the
    prefix), as :func:`~sixtysix.web.programs.program_bot` reads ``--bot NAME=cmd:...``."""
    bot_seconds: float | None = None
    """Seconds a program bot may think per decision (``None``: the protocol's default)."""
    handshake_seconds: float | None = None
    """Seconds a program bot may take to start (``None``: the protocol's default)."""
    bot_log: str | None = None
    """The folder of the program bots' logs, one per game (``None``: none are written)."""
    rate_limits: RateLimits = field(default_factory=RateLimits)
    """How many guests, games, invitations and joins one client address may make."""

    def url(self) -> str:
        """The database URL, creating the data folder of the default SQLite file."""
        if self.database_url:
            return self.database_url
        folder = self.data_dir or data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'sixtysix.db'}"


def _error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    body = ErrorReply(error=Problem(code=code, message=message))
    return JSONResponse(body.model_dump(), status_code=status, headers=headers)


def _too_large() -> JSONResponse:
    return _error(413, "too_large", f"requests are limited to {MAX_MESSAGE} bytes")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server's application; the database is opened and migrated on start."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.url())
        cluster = None if settings.redis_url is None else Cluster(settings.redis_url)
        app.state.cluster = cluster
        service = GameService(store, away_limit=settings.away_limit, workers=settings.workers,
                              seed=settings.seed, programs=dict(settings.bots),
                              bot_seconds=settings.bot_seconds, handshake_seconds=settings.handshake_seconds,
                              bot_log=settings.bot_log, cluster=cluster)
        await service.start()
        app.state.service = service
        app.state.pairing = Pairing(service.storage, service.pair, cluster=cluster)
        pairings = asyncio.get_running_loop().create_task(app.state.pairing.run())
        # Everything loaded so far lives as long as the server: keep the cyclic garbage
        # collector from walking it again, and walk the old generation rarely. Its full
        # collections paused every game for tens of milliseconds (benchmarks/load.py).
        gc.freeze()
        gc.set_threshold(20_000, 50, 1000)
        try:
            yield
        finally:
            pairings.cancel()
            await service.stop()
            store.close()
            if cluster is not None:
                await cluster.close()

    app = FastAPI(title="sixtysix", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None,
                  exception_handlers={ApiError: api_error, GameError: game_error,
                                      StarletteHTTPException: http_error, RequestValidationError: invalid})
    app.state.limiter = Limiter(settings.rate_limits, settings.redis_url)
    app.state.max_message = MAX_MESSAGE
    for router in (pages.router, players.router, accounts.router, options.router, games.router,
                   pairing.router, sockets.router, ratings.router, health.router):
        app.include_router(router)
    app.add_middleware(BodyLimit)
    app.add_middleware(Csrf)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestLog)
    return app


async def api_error(_request: Request, error: ApiError) -> JSONResponse:
    """An :class:`ApiError`'s answer."""
    return _error(error.status, error.code, error.message, error.headers)


async def game_error(_request: Request, error: GameError) -> JSONResponse:
    """A :class:`GameError`'s answer: its code's status."""
    return _error(_STATUS.get(error.code, 400), error.code, error.message)


async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
    """Starlette's errors (no route, a body too large) in the protocol's shape."""
    if error.status_code == 413:
        return _too_large()
    code = "not_found" if error.status_code == 404 else "http"
    return _error(error.status_code, code, str(error.detail))


async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
    """A request that fails its model: the protocol's code for its first problem."""
    code, message = problem(error.errors()[0])
    return _error(_STATUS.get(code, 400), code, message)


class HttpMiddleware:
    """An ASGI middleware of HTTP requests only: anything else (the WebSockets, the
    lifespan) passes straight to the application; each request goes to :meth:`http`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one HTTP request."""
        raise NotImplementedError


class SecurityHeaders(HttpMiddleware):
    """Adds the content security policy and its companions to every HTTP response."""

    HEADERS = ((b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"same-origin"))

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class RequestLog(HttpMiddleware):
    """Logs each HTTP request once answered: method, path (never the query string),
    status, duration and client address."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        start = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            client = scope.get("client")
            event(access, "request", level=logging.ERROR if status >= 500 else logging.INFO,
                  method=scope["method"], path=scope["path"], status=status,
                  duration_ms=round((time.perf_counter() - start) * 1000, 1),
                  client=client[0] if client else None)


class Csrf(HttpMiddleware):
    """Double-submit CSRF protection: every response to a client without the
    :data:`CSRF_COOKIE` sets one (a random token, readable by the page); every
    ``POST``, ``PUT``, ``PATCH`` or ``DELETE`` made with a player's or a session's cookie
    must repeat it in the :data:`CSRF_HEADER` header, else ``403 csrf``. Another site can
    make the browser send the cookies, but cannot read the token to send it back."""

    UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        cookies = cookie_parser(headers.get("cookie", ""))
        token = cookies.get(CSRF_COOKIE, "")
        if scope["method"] in self.UNSAFE and (COOKIE in cookies or SESSION_COOKIE in cookies) and not (
                token and secrets.compare_digest(token.encode(), headers.get(CSRF_HEADER, "").encode())):
            await _error(403, "csrf", f"a request made with the cookie must repeat the {CSRF_COOKIE} "
                         f"cookie in the {CSRF_HEADER} header")(scope, receive, send)
            return
        if token:
            await self.app(scope, receive, send)
            return
        secure = "; Secure" if scope.get("scheme") == "https" else ""
        cookie = f"{CSRF_COOKIE}={secrets.token_urlsafe(32)}; Path=/; SameSite=Lax{secure}"

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).append("set-cookie", cookie)
            await send(message)

        await self.app(scope, receive, with_cookie)


class BodyLimit(HttpMiddleware):
    """Refuses an HTTP request body over :data:`MAX_MESSAGE` bytes with ``413 too_large``: at
    once when its declared length is over, else as soon as the bytes read pass it."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = Headers(scope=scope).get("content-length", "0")
        if not declared.isdigit() or int(declared) > MAX_MESSAGE:
            await _too_large()(scope, receive, send)
            return
        read = 0

        async def limited() -> Message:
            nonlocal read
            message = await receive()
            read += len(message.get("body", b""))
            if read > MAX_MESSAGE:
                raise HTTPException(413)
            return message

        await self.app(scope, limited, send)
