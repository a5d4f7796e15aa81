"""Ratings over HTTP: the leaderboards, the players' profiles and the levels' strengths."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi import Path as PathParameter

from sixtysix.rules import PRESET_NAMES
from sixtysix.web.dependencies import CurrentPlayer, Stored
from sixtysix.web.errors import ApiError
from sixtysix.web.models.accounts import skeleton
from sixtysix.web.models.games import KIND_LENGTH
from sixtysix.web.models.ratings import Leaderboard, Profile, Strengths
from sixtysix.web.services.ratings import Ratings, strengths

router = APIRouter(prefix="/api")

NAME_LENGTH = 64
"""The longest user name a path may name (the width of the accounts' ``name`` column)."""


def ratings(stored: Stored) -> Ratings:
    """The leaderboards and profiles."""
    return Ratings(stored)


RatingService = Annotated[Ratings, Depends(ratings)]


@router.get("/leaderboard/{kind}")
async def leaderboard(kind: Annotated[str, PathParameter(max_length=KIND_LENGTH)],
                      service: RatingService) -> Leaderboard:
    """The best accounts of a kind of game (a preset's name)."""
    if kind not in PRESET_NAMES:
        raise ApiError(404, "no_kind", f"kinds are {', '.join(PRESET_NAMES)}")
    return await service.leaderboard(kind)


@router.get("/players/{name}")
async def profile(name: str, viewer: CurrentPlayer, stored: Stored, service: RatingService) -> Profile:
    """An account's profile, by its user name (any case or look-alike spelling)."""
    player = None
    if len(name) <= NAME_LENGTH:
        player = await stored.run(stored.store.account_player, skeleton(name))
    if player is None:
        raise ApiError(404, "no_player", "no account has this name")
    return await service.profile(player, viewer)


@router.get("/levels/strength")
async def level_strength() -> Strengths:
    """Each computer level's strength in each kind of game, on the players' scale."""
    return strengths()
