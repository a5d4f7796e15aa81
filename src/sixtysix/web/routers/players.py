"""Players: a guest comes to be, renames itself, and asks who it is."""

from __future__ import annotations

from fastapi import APIRouter, Response

from sixtysix.web.dependencies import COOKIE, CurrentPlayer, Limit, Stored
from sixtysix.web.errors import ApiError
from sixtysix.web.models.accounts import skeleton
from sixtysix.web.models.players import Guest, PlayerReply
from sixtysix.web.routers.accounts import reply

router = APIRouter(prefix="/api")

COOKIE_AGE = 10 * 365 * 24 * 3600
"""How long the browser keeps a player's cookie, in seconds."""


@router.post("/guest")
async def guest(body: Guest, known: CurrentPlayer, stored: Stored, limit: Limit,
                response: Response) -> PlayerReply:
    """A new guest player with its cookie, or a new name for the caller; ``409 name_taken``
    for a name alike by case or look-alikes to an account's, which a guest may not pass as."""
    await limit("guests" if known is None else "renames")
    if known is not None and known.account is not None:
        raise ApiError(409, "signed_in", "an account's name is its user name")
    if await stored.run(stored.store.account, skeleton(body.name)) is not None:
        raise ApiError(409, "name_taken", "an account has this name, or one too like it")
    if known is not None:
        player = await stored.rename(known.id, body.name)
    else:
        player, token = await stored.create_player(body.name)
        response.set_cookie(COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/")
    return reply(player)


@router.get("/me")
async def me(player: CurrentPlayer) -> PlayerReply:
    """The caller and its account, or nulls without a cookie."""
    return reply(player)
