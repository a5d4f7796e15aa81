"""Ratings: the rating model, a finished rated game's new ratings, the leaderboards, the
players' profiles and the computer levels' strengths (docs/RATINGS.md).

A player has one rating in each kind of game (a preset's name), an
`openskill <https://openskill.me>`_ Plackett-Luce rating kept on a scale like Elo's: a new
player starts at :data:`MU` with the uncertainty :data:`SIGMA`, and :data:`BETA` makes a
difference of ``d`` points a two-player win chance of ``1 / (1 + 10 ** (-d / 400))`` once
the uncertainties are small, as Elo's. A rating is provisional while its ``sigma`` is over
:data:`PROVISIONAL_SIGMA`.

>>> before = [Rating(MU, SIGMA, 0), Rating(MU, SIGMA, 0)]
>>> [(shown(r), r.games) for r in rate(before, [1, 2])]
[(1617, 1), (1383, 1)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from openskill.models import PlackettLuce

from sixtysix.bots import LEVELS
from sixtysix.rules import PRESET_NAMES, THREE_HAND, Rules
from sixtysix.web.models.games import SeatRating
from sixtysix.web.models.ratings import (
    HistoryPoint,
    KindRating,
    Leaderboard,
    LeaderboardLine,
    Profile,
    Record,
    Strengths,
)
from sixtysix.web.services.storage import Storage
from sixtysix.web.store import GameRow, Player, Rated, Rating

MU = 1500.0
"""A new player's rating: that of the ``medium`` level (see :data:`LEVEL_STRENGTH`)."""
SIGMA = 350.0
"""A new player's uncertainty."""
ELO = 400 / math.log(10)
"""Elo points per unit of the natural logarithm of the odds."""
BETA = ELO / math.sqrt(2)
"""The spread of one match's play: with two players, ``2 * BETA ** 2 == ELO ** 2``, so the
Plackett-Luce win chance of a difference ``d`` is Elo's."""
TAU = SIGMA / 100
"""How much uncertainty each match adds back (the library's default ratio to ``SIGMA``)."""
PROVISIONAL_SIGMA = 150.0
"""A rating is provisional while its ``sigma`` is over this (docs/RATINGS.md says why)."""
LEADERBOARD_SIZE = 50
"""How many players a leaderboard lists."""
RECENT = 20
"""How many of a player's last finished matches a profile lists."""

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)
"""The rating model of every kind of game."""

TWO_HAND_ELO: Mapping[str, float] = {"hard": 385, "medium": 268, "easy": -86, "random": -566}
"""The two-hand levels' Bradley-Terry ratings on the Elo scale from one ``sixtysix
tournament`` run of each against the others (docs/STRENGTH.md)."""
TWO_HAND_PAIRS: Sequence[tuple[str, str, float, float]] = (("expert", "hard", -32, 104),
                                                         ("expert", "hard", 11, 61.5),
                                                         ("expert", "medium", 323, 243.5))
"""Two-hand tournaments of two levels (docs/STRENGTH.md): a level, its opponent, the first's
rating in their tournament (the opponent's is its negative) and the half-width of its 95%
interval: ``expert`` -32 (-136..72) against ``hard`` over 10 matches and +11 (-50..73) over
30 more, +323 (79..566) against ``medium``."""
THREE_HAND_FIRSTS: Sequence[tuple[str, str, float]] = (
    ("medium", "random", 0.914), ("medium", "easy", 0.493), ("hard", "medium", 0.569),
    ("expert", "hard", 10 / 30))
"""Three-hand tournaments (docs/STRENGTH.md): a level, the level of its two opponents, and
the share of the matches the first won."""


def elo_difference(first_rate: float, opponents: int = 1) -> float:
    """The difference of ratings (Elo scale) that makes one player finish first with the
    chance ``first_rate`` against ``opponents`` players alike, under Plackett-Luce:
    ``ELO * ln(opponents * p / (1 - p))``.

    >>> round(elo_difference(0.75)), round(elo_difference(0.5)), round(elo_difference(1 / 3, 2))
    (191, 0, 0)
    >>> round(elo_difference(0.914, 2)), round(elo_difference(0.493, 2)), round(elo_difference(0.569, 2))
    (531, 116, 169)
    """
    return ELO * math.log(opponents * first_rate / (1 - first_rate))


def anchored(ratings: Mapping[str, float], anchor: str = "medium") -> dict[str, int]:
    """Ratings shifted so that the ``anchor`` level is at :data:`MU`, rounded, levels only.

    >>> anchored({"hard": 385, "medium": 268, "easy": -86, "random": -566})
    {'hard': 1617, 'medium': 1500, 'easy': 1146}
    """
    shift = MU - ratings[anchor]
    return {level: round(value + shift) for level, value in ratings.items() if level in LEVELS}


Link = tuple[str, str, float, float]
"""Two levels, the first's rating less the second's, and the half-width of that difference's
95% interval (a link measured more closely weighs more)."""


def pair_links(pairs: Iterable[tuple[str, str, float, float]]) -> list[Link]:
    """The links of two-level tournaments: each level's rating and interval there, doubled
    as the difference to its opponent (whose rating is its negative).

    >>> pair_links([("expert", "hard", -32, 104)])
    [('expert', 'hard', -64, 208)]
    """
    return [(level, other, 2 * rating, 2 * spread) for level, other, rating, spread in pairs]


def linked(known: Mapping[str, float], links: Iterable[Link]) -> dict[str, float]:
    """``known`` ratings and the levels reached from them by ``links``, one level at a
    time: a level that several links reach from known levels gets the mean of their
    estimates weighted by the inverse square of their intervals.

    >>> linked({"medium": 0}, [("hard", "medium", 169, 1), ("medium", "easy", 116, 1)])
    {'medium': 0, 'hard': 169.0, 'easy': -116.0}
    >>> expert = [("expert", "hard", -64, 208), ("expert", "medium", 646, 487)]
    >>> round(linked({"hard": 385, "medium": 268}, expert)["expert"])
    412
    """
    found = dict(known)
    left = list(links)
    while usable := [link for link in left if (link[0] in found) != (link[1] in found)]:
        level = usable[0][1] if usable[0][0] in found else usable[0][0]
        mine = [link for link in usable if level in link[:2]]
        estimates = [(found[b] + d if a == level else found[a] - d, 1 / spread ** 2)
                     for a, b, d, spread in mine]
        found[level] = sum(value * weight for value, weight in estimates) / sum(w for _, w in estimates)
        left = [link for link in left if link not in mine]
    return found


def level_strengths(two_hand: Mapping[str, float] = TWO_HAND_ELO,
                    two_pairs: Sequence[tuple[str, str, float, float]] = TWO_HAND_PAIRS,
                    three_firsts: Sequence[tuple[str, str, float]] = THREE_HAND_FIRSTS,
                    ) -> dict[str, dict[str, int]]:
    """Each level's strength in each kind of game on the players' scale, ``medium`` at
    :data:`MU`: the two-hand tournaments' ratings for every two-hand preset, and the
    three-hand levels from their first-place rates against two of another level.

    >>> table = level_strengths()
    >>> table["classic"]
    {'hard': 1617, 'medium': 1500, 'easy': 1146, 'expert': 1641}
    >>> table["three-hand"]
    {'medium': 1500, 'easy': 1384, 'hard': 1669, 'expert': 1669}
    """
    two = anchored(linked(two_hand, pair_links(two_pairs)))
    three = anchored(linked({"medium": MU}, [(a, b, elo_difference(p, 2), 1.0) for a, b, p in three_firsts]))
    return {kind: three if kind == THREE_HAND else two for kind in PRESET_NAMES}


LEVEL_STRENGTH = level_strengths()
"""Each level's strength in each kind of game (a level not measured in a kind is absent)."""


def shown(rating: Rating) -> int:
    """A rating as players see it: its mean, rounded."""
    return round(rating.mu)


def provisional(rating: Rating) -> bool:
    """Whether a rating is still provisional.

    >>> provisional(Rating(MU, SIGMA, 0)), provisional(Rating(MU, 100.0, 40))
    (True, False)
    """
    return rating.sigma > PROVISIONAL_SIGMA


def seat_rating(rating: Rating | None) -> SeatRating:
    """A seated player's rating as the table shows it (a player never rated: a new one's).

    >>> seat_rating(None), seat_rating(Rating(1612.4, 90.0, 30))
    (SeatRating(rating=1500, provisional=True), SeatRating(rating=1612, provisional=False))
    """
    rating = rating or Rating(MU, SIGMA, 0)
    return SeatRating(rating=shown(rating), provisional=provisional(rating))


def kind_of(row: GameRow) -> str:
    """The kind of a game: its preset's name."""
    return Rules.parse(row.rules).preset_name


def ranks(row: GameRow) -> list[int]:
    """Each seat's place in a finished match (1 first): the winner first, then the others
    by their match score, a tie sharing a place.

    >>> row = GameRow("g", "over", "three-hand", 0, None, ["a", "b", "c"], (7, 3, 3), 0, "played", "")
    >>> ranks(row), ranks(GameRow("g", "over", "classic", 0, None, ["a", "b"], (2, 7), 1, "played", ""))
    ([1, 2, 2], [2, 1])
    """
    def key(seat: int) -> tuple[bool, int]:
        return seat != row.winner, -row.score[seat]

    keys = [key(seat) for seat in range(row.seats)]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def rate(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The players' ratings after a match in which they finished in ``places`` (1 first)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=list(places))
    return [Rating(team[0].mu, team[0].sigma, old.games + 1) for team, old in zip(after, before, strict=True)]


def rating_change(row: GameRow) -> Rated | None:
    """What a game's final save changes in its players' ratings: nothing unless it is a
    rated game that is over.

    >>> row = GameRow("g", "over", "santase", 0, None, ["a", "b"], (2, 11), 1, "played", "")
    >>> rating_change(row) is None
    True
    >>> row.rated = True
    >>> change = rating_change(row)
    >>> change.kind, [shown(r) for r in change.rate([change.initial] * 2)]
    ('santase', [1383, 1617])
    """
    if not row.rated or row.status != "over" or row.winner is None:
        return None
    places = ranks(row)
    return Rated(kind_of(row), Rating(MU, SIGMA, 0), lambda before: rate(before, places))


def kind_rating(kind: str, rating: Rating) -> KindRating:
    """A rating in the replies."""
    return KindRating(kind=kind, rating=shown(rating), sigma=round(rating.sigma, 1),
                      provisional=provisional(rating), games=rating.games)


class Ratings:
    """The leaderboards and the players' profiles of a store."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def leaderboard(self, kind: str) -> Leaderboard:
        """The best players of a kind of game, the established ones first."""
        store = self.storage.store
        lines = await self.storage.run(store.leaderboard, kind, LEADERBOARD_SIZE, PROVISIONAL_SIGMA)
        return Leaderboard(kind=kind, provisional_sigma=PROVISIONAL_SIGMA, players=[
            LeaderboardLine(name=line.name, **kind_rating(kind, line.rating).model_dump(exclude={"kind"}))
            for line in lines])

    async def profile(self, player: Player, viewer: Player | None) -> Profile:
        """An account's ratings, their history, its results against people and each level,
        and its last finished matches as ``viewer`` sees them."""
        store = self.storage.store
        current, points = await self.storage.run(store.rating_history, player.id)
        rows = await self.storage.games(statuses=("over",), player_id=player.id)
        history: dict[str, list[HistoryPoint]] = {}
        for point in points:
            history.setdefault(point.kind, []).append(
                HistoryPoint(game=point.game_id, at=point.at, rating=shown(point.rating),
                             change=shown(point.rating) - round(point.mu_before)))
        people: dict[str, Record] = {}
        levels: dict[str, dict[str, Record]] = {}
        for row in rows:
            seat = row.seat_of(player)
            if seat is None or row.winner is None:
                continue
            kind = kind_of(row)
            won = row.winner == seat
            others = [s for s in range(row.seats) if s != seat]
            if any(row.bots[s] is None for s in others):
                _count(people.setdefault(kind, Record()), won)
            for level in {row.bots[s] for s in others} & set(LEVELS):
                assert level is not None
                _count(levels.setdefault(kind, {}).setdefault(level, Record()), won)
        return Profile(
            name=player.name,
            ratings=[kind_rating(kind, current[kind]) for kind in PRESET_NAMES if kind in current],
            history=history, people=people, levels=levels,
            recent=await self.storage.describe(rows[:RECENT], viewer),
            seats=[row.player_ids.index(player.id) for row in rows[:RECENT]])


def _count(record: Record, won: bool) -> None:
    if won:
        record.wins += 1
    else:
        record.losses += 1


def strengths() -> Strengths:
    """The levels' strengths reply."""
    return Strengths(kinds=LEVEL_STRENGTH, scale_start=round(MU))
