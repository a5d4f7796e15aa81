"""A live game's WebSocket: the state of the game to everyone connected, each as their
seat sees it, and a seat's actions, hints, claims, resignations and rematches from its
player; the chat between the seated persons."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import MutableMapping
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from sixtysix.web.dependencies import CurrentPlayer, MessageLimit, Service
from sixtysix.web.errors import GameError
from sixtysix.web.games import Connection, GameService, LiveGame
from sixtysix.web.logs import access, event
from sixtysix.web.models.games import ID_LENGTH
from sixtysix.web.models.messages import Error, Pong, RateError
from sixtysix.web.services.chat import ChatRateError

logger = logging.getLogger(__name__)

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def live(websocket: WebSocket, game_id: str, player: CurrentPlayer, service: Service,
               limit: MessageLimit) -> None:
    """Play or watch a game until the client closes the connection."""
    if not same_origin(websocket):
        event(access, "refused", level=logging.WARNING, path=websocket.url.path,
              origin=websocket.headers.get("origin", "")[:200],
              client=websocket.client.host if websocket.client else None)
        await websocket.close(code=4403, reason="foreign origin")
        return
    await websocket.accept()
    game = await service.load(game_id) if len(game_id) <= ID_LENGTH else None
    if game is None:
        await websocket.send_text(json.dumps(Error(code="no_game", message="no such game").model_dump()))
        await websocket.close(code=4404)
        return
    connection = Connection(player)
    await service.connect(game, connection)
    client = websocket.client.host if websocket.client else None
    event(access, "connected", game=game_id, seat=connection.seat, client=client)
    sender = asyncio.get_running_loop().create_task(_send(websocket, connection))
    try:
        try:
            await service.chat.joined(game, connection)
        except GameError as failure:  # the chat only: the game goes on
            connection.send(Error(code=failure.code, message=failure.message))
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            await _handle(service, game, connection, message, limit)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        await service.disconnect(game, connection)
        event(access, "disconnected", game=game_id, seat=connection.seat, client=client)


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
                  message: MutableMapping[str, Any], limit: int) -> None:
    """Answer one client message; any error goes to this connection only."""
    def error(code: str, text: str) -> None:
        connection.send(Error(code=code, message=text))

    text = message.get("text")
    if text is None:
        error("bad_message", "messages are JSON text frames")
        return
    if len(text.encode()) > limit:
        error("too_large", f"messages are limited to {limit} bytes")
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
            connection.send(Pong())
        elif kind == "act":
            action = data.get("action")
            if not isinstance(action, str):
                error("bad_message", "'act' needs a string 'action'")
                return
            seq = data.get("seq")
            if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
                error("bad_message", "an 'act' message's 'seq' is the number of the state it answers")
                return
            if not await service.act(game, connection.seat, action, expect=seq):
                connection.send(service.state(game, connection))
        elif kind == "hint":
            hint = await service.hint(game, connection.seat)
            if hint is not None:
                connection.send(hint)
        elif kind == "claim":
            await service.claim(game, connection.seat)
        elif kind == "resign":
            await service.resign(game, connection.seat)
        elif kind == "rematch":
            await service.rematch(game, connection.seat)
        elif kind == "rematch_decline":
            await service.decline_rematch(game, connection.seat)
        elif kind == "chat":
            await service.chat.say(game, connection, data.get("text"))
        elif kind == "mute":
            await service.chat.mute(game, connection, data.get("seat"), data.get("muted"))
        else:
            error("unknown_type", f"unknown message type {kind!r}")
    except ChatRateError as failure:
        connection.send(RateError(code=failure.code, message=failure.message, retry=failure.retry))
    except GameError as failure:
        error(failure.code, failure.message)
    except SQLAlchemyError:
        # The service has told the game's connections and will close them.
        event(logger, "store_failed", level=logging.ERROR, exc_info=True, game=game.row.id, type=kind)
