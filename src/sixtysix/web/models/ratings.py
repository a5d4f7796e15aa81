"""Ratings: the leaderboards, the players' profiles and the levels' strengths (docs/RATINGS.md).

>>> Record().model_dump()
{'wins': 0, 'losses': 0}
"""

from __future__ import annotations

from pydantic import BaseModel

from sixtysix.web.models.games import Game


class KindRating(BaseModel):
    """A player's rating in one kind of game: rounded, its uncertainty, whether it is still
    provisional, and how many rated matches made it."""

    kind: str
    rating: int
    sigma: float
    provisional: bool
    games: int


class LeaderboardLine(BaseModel):
    """One account on a leaderboard."""

    name: str
    rating: int
    sigma: float
    provisional: bool
    games: int


class Leaderboard(BaseModel):
    """``GET /api/leaderboard/{kind}``: the best accounts of a kind of game, the established
    ratings by rating and then the provisional ones (``sigma`` over ``provisional_sigma``)."""

    kind: str
    provisional_sigma: float
    players: list[LeaderboardLine]


class HistoryPoint(BaseModel):
    """A player's rating after one rated game, which ended ``at``, and what the game changed
    in it (as shown: rounded before and after)."""

    game: str
    at: str
    rating: int
    change: int


class Record(BaseModel):
    """Finished matches won and lost."""

    wins: int = 0
    losses: int = 0


class Profile(BaseModel):
    """``GET /api/players/{name}``: an account's ratings by kind, the history of each,
    its finished matches won and lost against people and against each level (by kind, then
    level), and its last finished matches, newest first, as the caller sees them, with the
    account's seat in each (``seats``)."""

    name: str
    ratings: list[KindRating]
    history: dict[str, list[HistoryPoint]]
    people: dict[str, Record]
    levels: dict[str, dict[str, Record]]
    recent: list[Game]
    seats: list[int]


class Strengths(BaseModel):
    """``GET /api/levels/strength``: each level's strength in each kind of game on the
    players' scale, where a new player starts at ``scale_start``."""

    kinds: dict[str, dict[str, int]]
    scale_start: int
