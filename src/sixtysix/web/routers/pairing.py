"""Quick pairing over HTTP: ask for a game now, read the seek until it is paired, cancel it."""

from __future__ import annotations

from fastapi import APIRouter

from sixtysix.rules import Rules
from sixtysix.web.dependencies import Limit, PairingService, Signed
from sixtysix.web.errors import ApiError
from sixtysix.web.models.pairing import NewSeek, Range, Seek, SeekReply
from sixtysix.web.services import pairing

router = APIRouter(prefix="/api")


def _reply(seek: pairing.Seek | None, pool: pairing.Pool) -> SeekReply:
    """The reply of a seek its caller made; ``404 no_seek`` for none."""
    if seek is None:
        raise ApiError(404, "no_seek", "no such seek of yours")
    reach = pool.spread(seek) if seek.status == "waiting" else None
    rating = round(seek.rating)
    return SeekReply(seek=Seek(
        id=seek.id, rules=seek.kind, rated=seek.rated, status=seek.status,
        rating=rating, waited=int(pool.waited(seek)), game=seek.game,
        range=None if reach is None else Range(low=rating - reach, high=rating + reach)))


@router.post("/pairing", status_code=201)
async def seek(body: NewSeek, player: Signed, pairings: PairingService, limit: Limit) -> SeekReply:
    """A game now: the caller's new seek (its waiting one, if any, is cancelled)."""
    await limit("pairings")
    made = await pairings.seek(player, body.rules, Rules.parse(body.rules).seats, body.rated)
    return _reply(made, pairings.pool)


@router.get("/pairing/{seek_id}")
async def read(seek_id: str, player: Signed, pairings: PairingService) -> SeekReply:
    """The caller's seek: waiting, paired (into a game) or cancelled."""
    return _reply(await pairings.find(seek_id, player), pairings.pool)


@router.delete("/pairing/{seek_id}")
async def cancel(seek_id: str, player: Signed, pairings: PairingService) -> SeekReply:
    """Cancel the caller's seek if it still waits."""
    return _reply(await pairings.cancel(seek_id, player), pairings.pool)
