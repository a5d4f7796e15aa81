"""Accounts: sign up (a guest caller becomes the account), sign in and out, change the
password, delete the account. ``GET /api/me`` (:mod:`~sixtysix.web.routers.players`) says
who is signed in."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from sixtysix.web.dependencies import (
    COOKIE,
    SESSION_COOKIE,
    AccountService,
    CurrentPlayer,
    Limit,
    Service,
    SessionToken,
    Signed,
)
from sixtysix.web.errors import ApiError
from sixtysix.web.games import GameService
from sixtysix.web.models.accounts import AccountInfo, DeleteAccount, NewPassword, SignIn, SignUp
from sixtysix.web.models.players import PlayerInfo, PlayerReply
from sixtysix.web.store import DELETED_NAME, Player

router = APIRouter(prefix="/api")

SESSION_AGE = 30 * 24 * 3600
"""How long the browser keeps a session's cookie, in seconds (the server ends a session
unused as long: :data:`~sixtysix.web.store.SESSION_IDLE`)."""


def reply(player: Player | None) -> PlayerReply:
    """The reply naming ``player`` and its account."""
    if player is None:
        return PlayerReply(player=None, account=None)
    return PlayerReply(player=PlayerInfo(id=player.id, name=player.name),
                       account=None if player.account is None else AccountInfo(name=player.name))


def _rename_live(games: GameService, player_id: str, name: str) -> None:
    """Show a player's new name in the live games it sits at (the stored ones read it anew)."""
    for game in games.games.values():
        for seat, seated in enumerate(game.row.player_ids):
            if seated == player_id:
                game.names[seat] = name


def _start_session(request: Request, response: Response, token: str) -> None:
    response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_AGE, httponly=True, samesite="lax", path="/",
                        secure=request.url.scheme == "https")


@router.post("/account", status_code=201)
async def sign_up(body: SignUp, known: CurrentPlayer, service: AccountService, games: Service, limit: Limit,
                  request: Request, response: Response) -> PlayerReply:
    """A new account, signed in; the caller's guest player, if any, becomes it."""
    await limit("signups")
    await limit.name(body.name)
    player, token = await service.sign_up(body.name, body.password, known)
    _start_session(request, response, token)
    if known is not None and known.account is None:
        response.delete_cookie(COOKIE, path="/")
        _rename_live(games, player.id, player.name)
    return reply(player)


@router.post("/session")
async def sign_in(body: SignIn, service: AccountService, limit: Limit, request: Request,
                  response: Response) -> PlayerReply:
    """Sign in to an account."""
    await limit("signins")
    await limit.name(body.name)
    player, token = await service.sign_in(body.name, body.password)
    _start_session(request, response, token)
    return reply(player)


@router.delete("/session")
async def sign_out(session: SessionToken, service: AccountService, response: Response) -> PlayerReply:
    """Sign out: the session ends, on the server too."""
    if session is not None:
        await service.sign_out(session)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return reply(None)


@router.post("/account/password")
async def change_password(body: NewPassword, player: Signed, session: SessionToken, service: AccountService,
                          limit: Limit) -> PlayerReply:
    """A new password, given the old one; every other session of the account ends."""
    await limit("signins")
    if session is None:
        raise ApiError(401, "unauthorized", "not signed in to an account")
    await service.change_password(player, body.old, body.new, session)
    return reply(player)


@router.delete("/account")
async def delete_account(body: DeleteAccount, player: Signed, service: AccountService, games: Service,
                         limit: Limit, response: Response) -> PlayerReply:
    """Delete the account, given its password: its name and sessions go, its games stay
    under the name "deleted player"."""
    await limit("signins")
    await service.delete(player, body.password)
    _rename_live(games, player.id, DELETED_NAME)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return reply(None)
