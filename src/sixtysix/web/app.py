"""The web server: the HTTP API, the live games' WebSocket and the browser client's files.

:func:`create_app` builds the FastAPI application from :class:`Settings`;
``sixtysix serve`` runs it under uvicorn. The protocol is ``docs/WEB-PROTOCOL.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import time
from collections.abc import AsyncIterator, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, HTTPException, Request, Response, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParameter
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sixtysix.bots import LEVELS
from sixtysix.rules import PRESETS, THREE_HAND
from sixtysix.web.games import Connection, GameError, GameService, LiveGame, three_levels
from sixtysix.web.i18n import router as i18n_router
from sixtysix.web.logs import event
from sixtysix.web.ratelimits import WHAT, Limiter, RateLimits
from sixtysix.web.schema import ID_LENGTH, TOKEN_LENGTH, Guest, NewGame, flag_options, problem
from sixtysix.web.store import Player, Store

logger = logging.getLogger(__name__)
access = logging.getLogger("sixtysix.web.access")
"""The log of every HTTP request and WebSocket connection."""
STATIC = Path(__file__).parent / "static"
COOKIE = "sixtysix_token"
MAX_MESSAGE = 4096
"""The largest WebSocket message, in bytes, either way."""
CSP = ("default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'; form-action 'self'")
_STATUS = {"no_game": 404, "not_over": 409, "not_open": 409, "own_game": 409, "unauthorized": 401}
GameId = Annotated[str, PathParameter(max_length=ID_LENGTH)]
"""A game id in a path: longer ones name no game."""


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
    rate_limits: RateLimits = field(default_factory=RateLimits)
    """How many guests, games, invitations and joins one client address may make."""

    def url(self) -> str:
        """The database URL, creating the data folder of the default SQLite file."""
        if self.database_url:
            return self.database_url
        folder = self.data_dir or data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'sixtysix.db'}"


class ApiError(Exception):
    """An HTTP API error: a status, a code and a message."""

    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers


def _error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def service_of(request: Request | WebSocket) -> GameService:
    """The server's game service."""
    service: GameService = request.app.state.service
    return service


async def player_of(request: Request | WebSocket) -> Player | None:
    """The player whose cookie came with the request, if any."""
    token = request.cookies.get(COOKIE)
    if not token or len(token) > TOKEN_LENGTH:
        return None
    service = service_of(request)
    return await service.db(service.store.player_by_token, token)


async def required(request: Request) -> Player:
    """The request's player; ``401 unauthorized`` without one."""
    player = await player_of(request)
    if player is None:
        raise ApiError(401, "unauthorized", "no guest player: POST /api/guest first")
    return player


Signed = Annotated[Player, Depends(required)]
"""An endpoint's signed-in player."""


def _too_large() -> JSONResponse:
    return _error(413, "too_large", f"requests are limited to {MAX_MESSAGE} bytes")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server's application; the database is opened and migrated on start."""
    settings = settings or Settings()
    limiter = Limiter(settings.rate_limits)

    def limit(request: Request, *kinds: str) -> None:
        """Count the request against its address's limits; ``429 rate_limited`` over one."""
        refused = limiter.hit(request.client.host if request.client else "", *kinds)
        if refused is not None:
            kind, wait = refused
            raise ApiError(429, "rate_limited", f"too many {WHAT[kind]} from your address: "
                           f"try again in {wait} s", {"Retry-After": str(wait)})

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.url())
        service = GameService(store, away_limit=settings.away_limit, workers=settings.workers,
                              seed=settings.seed, programs=dict(settings.bots),
                              bot_seconds=settings.bot_seconds, handshake_seconds=settings.handshake_seconds)
        await service.start()
        app.state.service = service
        # Everything loaded so far lives as long as the server: keep the cyclic garbage
        # collector from walking it again, and walk the old generation rarely. Its full
        # collections paused every game for tens of milliseconds (benchmarks/load.py).
        gc.freeze()
        gc.set_threshold(20_000, 50, 1000)
        try:
            yield
        finally:
            await service.stop()
            store.close()

    app = FastAPI(title="sixtysix", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return _error(error.status, error.code, error.message, error.headers)

    @app.exception_handler(GameError)
    async def game_error(_request: Request, error: GameError) -> JSONResponse:
        return _error(_STATUS.get(error.code, 400), error.code, error.message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        if error.status_code == 413:
            return _too_large()
        code = "not_found" if error.status_code == 404 else "http"
        return _error(error.status_code, code, str(error.detail))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        code, message = problem(error.errors()[0])
        return _error(_STATUS.get(code, 400), code, message)

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.post("/api/guest")
    async def guest(body: Guest, request: Request, response: Response) -> dict[str, Any]:
        service = service_of(request)
        known = await player_of(request)
        limit(request, "guests" if known is None else "renames")
        if known is not None:
            player = await service.db(service.store.rename, known.id, body.name)
        else:
            player, token = await service.db(service.store.create_player, body.name)
            response.set_cookie(COOKIE, token, max_age=10 * 365 * 24 * 3600, httponly=True,
                                samesite="lax", path="/")
        return {"player": {"id": player.id, "name": player.name}}

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        player = await player_of(request)
        return {"player": None if player is None else {"id": player.id, "name": player.name}}

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {"levels": list(LEVELS), "three_levels": three_levels(),
                "bots": [name for name, _ in settings.bots],
                "presets": [*PRESETS, THREE_HAND], "flags": flag_options()}

    @app.post("/api/games", status_code=201)
    async def create(body: NewGame, player: Signed, request: Request) -> dict[str, Any]:
        limit(request, "games", *(["invitations"] if body.invites else []))
        service = service_of(request)
        game = await service.create(player, body.opponent, body.rules, body.level, body.seats)
        return {"game": service.describe(game, player)}

    @app.get("/api/lobby")
    async def lobby(request: Request) -> dict[str, Any]:
        service = service_of(request)
        player = await player_of(request)
        open_games = [g for g in service.games.values() if g.row.status == "open"]
        open_games.sort(key=lambda g: g.row.created, reverse=True)
        return {"games": [service.describe(g, player) for g in open_games]}

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: GameId, player: Signed, request: Request) -> dict[str, Any]:
        limit(request, "joins")
        service = service_of(request)
        game = await service.join(player, game_id)
        return {"game": service.describe(game, player)}

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: GameId, request: Request) -> dict[str, Any]:
        service = service_of(request)
        player = await player_of(request)
        game = service.games.get(game_id)
        if game is not None:
            return {"game": service.describe(game, player)}
        stored = await service.db(service.store.game, game_id)
        if stored is None:
            raise GameError("no_game", "no such game")
        return {"game": (await service.describe_rows([stored[0]], player))[0]}

    @app.get("/api/games/{game_id}/record")
    async def get_record(game_id: GameId, request: Request) -> PlainTextResponse:
        text = await service_of(request).record(game_id)
        return PlainTextResponse(text, headers={
            "Content-Disposition": f'attachment; filename="sixtysix-{game_id}.ssn"'})

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(game_id: GameId, request: Request) -> dict[str, Any]:
        return await service_of(request).replay_steps(game_id, await player_of(request))

    @app.get("/api/history")
    async def history(player: Signed, request: Request) -> dict[str, Any]:
        service = service_of(request)
        rows = await service.db(service.store.games, player_id=player.id)
        return {"games": await service.describe_rows(rows, player)}

    @app.websocket("/ws/games/{game_id}")
    async def live(websocket: WebSocket, game_id: str) -> None:
        if not same_origin(websocket):
            event(access, "refused", level=logging.WARNING, path=websocket.url.path,
                  origin=websocket.headers.get("origin", "")[:200],
                  client=websocket.client.host if websocket.client else None)
            await websocket.close(code=4403, reason="foreign origin")
            return
        await websocket.accept()
        service = service_of(websocket)
        game = await service.load(game_id) if len(game_id) <= ID_LENGTH else None
        if game is None:
            await websocket.send_text(json.dumps({"type": "error", "code": "no_game",
                                                  "message": "no such game"}))
            await websocket.close(code=4404)
            return
        connection = Connection(await player_of(websocket))
        service.connect(game, connection)
        client = websocket.client.host if websocket.client else None
        event(access, "connected", game=game_id, seat=connection.seat, client=client)
        sender = asyncio.get_running_loop().create_task(_send(websocket, connection))
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await _handle(service, game, connection, message)
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            service.disconnect(game, connection)
            event(access, "disconnected", game=game_id, seat=connection.seat, client=client)

    app.include_router(i18n_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestLog)
    return app


class SecurityHeaders:
    """Adds the content security policy and its companions to every HTTP response."""

    HEADERS = ((b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"same-origin"))

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class RequestLog:
    """Logs each HTTP request once answered: method, path (never the query string),
    status, duration and client address."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
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


class BodyLimit:
    """Refuses an HTTP request body over :data:`MAX_MESSAGE` bytes with ``413 too_large``: at
    once when its declared length is over, else as soon as the bytes read pass it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
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


def same_origin(websocket: WebSocket) -> bool:
    """Whether the WebSocket's ``Origin`` (if sent) is this server's own address."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


async def _send(websocket: WebSocket, connection: Connection) -> None:
    while True:
        message = await connection.outbox.get()
        if message is None:
            await websocket.close(code=1011, reason="reconnect")
            return
        await websocket.send_text(json.dumps(message, separators=(",", ":")))


async def _handle(service: GameService, game: LiveGame, connection: Connection,
                  message: MutableMapping[str, Any]) -> None:
    """Answer one client message; any error goes to this connection only."""
    def error(code: str, text: str) -> None:
        connection.send({"type": "error", "code": code, "message": text})

    text = message.get("text")
    if text is None:
        error("bad_message", "messages are JSON text frames")
        return
    if len(text.encode()) > MAX_MESSAGE:
        error("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
        return
    try:
        data = json.loads(text)
    except ValueError:
        error("bad_message", "not JSON")
        return
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        error("bad_message", "a message is a JSON object with a string 'type'")
        return
    kind = data["type"][:40]
    event(logger, "message", level=logging.DEBUG, game=game.row.id, seat=connection.seat, type=kind)
    try:
        if kind == "ping":
            connection.send({"type": "pong"})
        elif kind == "act":
            action = data.get("action")
            if not isinstance(action, str):
                error("bad_message", "'act' needs a string 'action'")
                return
            await service.act(game, connection.seat, action)
        elif kind == "hint":
            connection.send(await service.hint(game, connection.seat))
        elif kind == "claim":
            await service.claim(game, connection.seat)
        elif kind == "resign":
            await service.resign(game, connection.seat)
        else:
            error("unknown_type", f"unknown message type {kind!r}")
    except GameError as failure:
        error(failure.code, failure.message)
    except SQLAlchemyError:
        # The service has told the game's connections and will close them.
        event(logger, "store_failed", level=logging.ERROR, exc_info=True, game=game.row.id, type=kind)
