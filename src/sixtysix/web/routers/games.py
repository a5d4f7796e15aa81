"""Games over HTTP: create, join, the lobby, one game, its record and replay, a player's
history. Play itself goes over the WebSocket (:mod:`sixtysix.web.routers.sockets`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from fastapi import Path as PathParameter
from fastapi.responses import PlainTextResponse

from sixtysix.web.dependencies import CurrentPlayer, Limit, ReplayService, Service, Signed, Stored
from sixtysix.web.errors import GameError
from sixtysix.web.models.games import ID_LENGTH, GameReply, GamesReply, NewGame, Replay

router = APIRouter(prefix="/api")

GameId = Annotated[str, PathParameter(max_length=ID_LENGTH)]
"""A game id in a path: longer ones name no game."""


@router.post("/games", status_code=201)
async def create(body: NewGame, player: Signed, service: Service, limit: Limit) -> GameReply:
    """A new game with the caller in seat 0."""
    await limit("games", *(["invitations"] if body.invites else []))
    game = await service.create(player, body.opponent, body.rules, body.level, body.seats, rated=body.rated,
                                clock=body.clock)
    return GameReply(game=game.describe(player))


@router.get("/lobby")
async def lobby(player: CurrentPlayer, service: Service) -> GamesReply:
    """The open tables, newest first."""
    return GamesReply(games=await service.lobby(player))


@router.post("/games/{game_id}/join")
async def join(game_id: GameId, player: Signed, service: Service, limit: Limit) -> GameReply:
    """The caller takes the first open seat of a table."""
    await limit("joins")
    game = await service.join(player, game_id)
    return GameReply(game=game.describe(player))


@router.get("/games/{game_id}")
async def get_game(game_id: GameId, player: CurrentPlayer, service: Service) -> GameReply:
    """A game, live or stored."""
    game = await service.describe(game_id, player)
    if game is None:
        raise GameError("no_game", "no such game")
    return GameReply(game=game)


@router.get("/games/{game_id}/record", response_class=PlainTextResponse)
async def get_record(game_id: GameId, replays: ReplayService) -> PlainTextResponse:
    """A finished match in the record notation, as a file to save."""
    text = await replays.record(game_id)
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="sixtysix-{game_id}.ssn"'})


@router.get("/games/{game_id}/replay")
async def get_replay(game_id: GameId, player: CurrentPlayer, replays: ReplayService) -> Replay:
    """A finished match step by step, every hand shown."""
    return await replays.steps(game_id, player)


@router.get("/history")
async def history(player: Signed, stored: Stored) -> GamesReply:
    """The caller's games, newest first."""
    rows = await stored.games(player_id=player.id)
    return GamesReply(games=await stored.describe(rows, player))
