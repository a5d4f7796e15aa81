"""What the routes are given (``Depends``): the game service and the services beneath it,
the player whose cookie came with the request (an account's session, else a guest's), the
accounts, the rate limits of the client's address and account, the quick pairing and the
bound on a message.

:func:`~sixtysix.web.app.create_app` keeps the game service, the quick pairing, the limiter
and the bound in the application's state; nothing here holds state of its own.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from sixtysix.web.errors import ApiError
from sixtysix.web.games import GameService
from sixtysix.web.models.accounts import skeleton
from sixtysix.web.models.players import TOKEN_LENGTH
from sixtysix.web.ratelimits import WHAT, Limiter
from sixtysix.web.services.accounts import Accounts
from sixtysix.web.services.bots import Bots
from sixtysix.web.services.pairing import Pairing
from sixtysix.web.services.replay import Replays
from sixtysix.web.services.storage import Storage
from sixtysix.web.store import Player

COOKIE = "sixtysix_token"
"""The cookie that holds a guest player's token."""
SESSION_COOKIE = "sixtysix_session"
"""The cookie that holds an account's session token (it outranks a guest's cookie)."""


def game_service(connection: HTTPConnection) -> GameService:
    """The server's game service."""
    service: GameService = connection.app.state.service
    return service


Service = Annotated[GameService, Depends(game_service)]


def storage(service: Service) -> Storage:
    """The players and games in the store."""
    return service.storage


Stored = Annotated[Storage, Depends(storage)]


def bots(service: Service) -> Bots:
    """The bots players may pick."""
    return service.bots


BotService = Annotated[Bots, Depends(bots)]


def replays(stored: Stored) -> Replays:
    """Finished games' records and replays."""
    return Replays(stored)


ReplayService = Annotated[Replays, Depends(replays)]


def session_token(connection: HTTPConnection) -> str | None:
    """The session token that came with the request, if any of a plausible length."""
    token = connection.cookies.get(SESSION_COOKIE)
    return token if token and len(token) <= TOKEN_LENGTH else None


SessionToken = Annotated[str | None, Depends(session_token)]


async def current_player(connection: HTTPConnection, stored: Stored, session: SessionToken) -> Player | None:
    """The player whose cookie came with the request, if any: a signed-in account's, else
    a guest's."""
    if session is not None:
        player = await stored.run(stored.store.session, session)
        if player is not None:
            return player
    token = connection.cookies.get(COOKIE)
    if not token or len(token) > TOKEN_LENGTH:
        return None
    return await stored.player(token)


CurrentPlayer = Annotated[Player | None, Depends(current_player)]


async def signed_in(player: CurrentPlayer) -> Player:
    """The request's player; ``401 unauthorized`` without one."""
    if player is None:
        raise ApiError(401, "unauthorized", "no guest player: POST /api/guest first")
    return player


Signed = Annotated[Player, Depends(signed_in)]
"""An endpoint's signed-in player."""


def accounts(stored: Stored) -> Accounts:
    """The accounts in the store."""
    return Accounts(stored)


AccountService = Annotated[Accounts, Depends(accounts)]


class RateLimit:
    """The rate limits of one client address and, for a signed-in caller, its account:
    each call counts one request against both."""

    def __init__(self, limiter: Limiter, address: str, account: str | None = None) -> None:
        self._limiter = limiter
        self._address = address
        self._account = account

    async def __call__(self, *kinds: str) -> None:
        """Count a request of each of ``kinds``; ``429 rate_limited`` over one limit."""
        refused = await self._limiter.hit(self._address, *kinds, account=self._account)
        if refused is not None:
            wait = refused.wait
            raise ApiError(429, "rate_limited", f"too many {WHAT[refused.kind]} from your {refused.by}: "
                           f"try again in {wait} s", {"Retry-After": str(wait)})

    async def name(self, name: str) -> None:
        """Count a sign-up or sign-in naming the account ``name`` (by its skeleton, from any
        address); ``429 rate_limited`` over the limit."""
        refused = await self._limiter.hit("name:" + skeleton(name), "names")
        if refused is not None:
            wait = refused.wait
            raise ApiError(429, "rate_limited", f"too many sign-ins to this account: try again in {wait} s",
                           {"Retry-After": str(wait)})


def rate_limit(request: Request, player: CurrentPlayer) -> RateLimit:
    """The rate limits of the request's address and of the caller's account, if signed in."""
    return RateLimit(request.app.state.limiter, request.client.host if request.client else "",
                     None if player is None else player.account)


Limit = Annotated[RateLimit, Depends(rate_limit)]


def pairing(connection: HTTPConnection) -> Pairing:
    """The server's quick pairing."""
    pairings: Pairing = connection.app.state.pairing
    return pairings


PairingService = Annotated[Pairing, Depends(pairing)]


def message_limit(connection: HTTPConnection) -> int:
    """The largest message, in bytes, either way."""
    limit: int = connection.app.state.max_message
    return limit


MessageLimit = Annotated[int, Depends(message_limit)]
