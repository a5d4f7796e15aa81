"""Quick pairing: the players who asked for a game now, each waiting with one seek in a
pool, paired with others who asked for the same kind of game (a preset), rated or casual.

The range rule. A rated seek accepts an opponent whose rating lies within
±(:data:`BASE_SPREAD` + :data:`STEP_SPREAD` for each whole :data:`STEP_SECONDS` waited) of
its own, and any rating once it has waited :data:`OPEN_AFTER` seconds; two rated seeks pair
when each one's rating lies within the other's range (a newcomer does not take the long
waiter's wide range as its own). A casual seek ignores ratings: any casual seeks of the same
kind pair at once, since a casual game counts for nothing, guests have no rating (all are
at :data:`~sixtysix.web.services.ratings.MU`), and a quick game is what they asked for. The
oldest seek is served first, with the oldest compatible others; a three-hand game needs
three seeks, each two of them compatible.

A waiting seek not read for :data:`EXPIRE_SECONDS` is dropped as cancelled (its page was
closed); a paired or cancelled seek can be read for :data:`KEEP_SECONDS` more, then is
forgotten. The pool lives in this server process's memory.

>>> now = [0.0]
>>> pool = SeekPool(clock=lambda: now[0])
>>> ann = pool.add(Player("p1", "Ann"), "classic", 2, True, 1500.0)
>>> bob = pool.add(Player("p2", "Bob"), "classic", 2, True, 1740.0)
>>> pool.groups(), pool.spread(ann)
([], 100)
>>> now[0] = 15.0
>>> pool.spread(ann), [[seek.player.name for seek in group] for group in pool.groups()]
(250, [['Ann', 'Bob']])
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from sixtysix.web.errors import GameError
from sixtysix.web.logs import event
from sixtysix.web.models.pairing import Status
from sixtysix.web.services.ratings import MU
from sixtysix.web.services.storage import Storage
from sixtysix.web.store import Player

logger = logging.getLogger(__name__)

BASE_SPREAD = 100
"""How far from its own rating a new rated seek looks."""
STEP_SPREAD = 50
"""How much farther it looks for each :data:`STEP_SECONDS` waited."""
STEP_SECONDS = 5
"""How often a waiting seek's range widens."""
OPEN_AFTER = 60
"""Seconds after which a rated seek accepts any rating."""
EXPIRE_SECONDS = 15.0
"""How long a waiting seek lives without being read (its page polls it)."""
KEEP_SECONDS = 60.0
"""How long a paired or cancelled seek can still be read."""
PAIR_SECONDS = 1.0
"""How often the pool is paired and its stale seeks dropped, besides each request."""


def spread(waited: float) -> int | None:
    """How far from its own rating a rated seek looks after ``waited`` seconds (``None``:
    any rating).

    >>> spread(0), spread(4.9), spread(5), spread(59.9), spread(60)
    (100, 100, 150, 650, None)
    """
    if waited >= OPEN_AFTER:
        return None
    return BASE_SPREAD + STEP_SPREAD * int(waited // STEP_SECONDS)


@dataclass
class Seek:
    """One player's wish for a game now: a ``kind`` (a preset's name) of ``seats`` seats,
    rated or not, with the player's rating in it; ``waiting``, ``paired`` (into ``game``) or
    ``cancelled``. Times are the pool's clock's."""

    id: str
    player: Player
    kind: str
    seats: int
    rated: bool
    rating: float
    created: float
    read: float
    """When its player last read it."""
    status: Status = "waiting"
    game: str | None = None
    ended: float | None = None
    """When it was paired or cancelled."""


class SeekPool:
    """The seeks of this server process, each player's latest; ``clock`` is a monotonic time
    source in seconds (a fake one in tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._seeks: dict[str, Seek] = {}
        self._latest: dict[str, str] = {}
        """Each player's latest seek, by player id."""

    def add(self, player: Player, kind: str, seats: int, rated: bool, rating: float) -> Seek:
        """A new waiting seek of ``player``'s, which cancels the player's waiting one."""
        old = self._seeks.get(self._latest.get(player.id, ""))
        if old is not None:
            self._end(old, "cancelled")
        now = self._clock()
        seek = Seek(secrets.token_urlsafe(12), player, kind, seats, rated, rating, now, now)
        self._seeks[seek.id] = seek
        self._latest[player.id] = seek.id
        return seek

    def find(self, seek_id: str, player: Player) -> Seek | None:
        """The seek, if ``player`` made it (it counts as read)."""
        seek = self._seeks.get(seek_id)
        if seek is None or seek.player.id != player.id:
            return None
        seek.read = self._clock()
        return seek

    def cancel(self, seek_id: str, player: Player) -> Seek | None:
        """Cancel ``player``'s seek if it is waiting (a paired one stays paired); the seek,
        if ``player`` made it."""
        seek = self.find(seek_id, player)
        if seek is not None:
            self._end(seek, "cancelled")
        return seek

    def waited(self, seek: Seek) -> float:
        """Seconds the seek has waited (till it was paired or cancelled)."""
        return (self._clock() if seek.ended is None else seek.ended) - seek.created

    def spread(self, seek: Seek) -> int | None:
        """How far from its own rating the seek looks now (``None``: any rating, as a casual
        seek always does)."""
        return spread(self.waited(seek)) if seek.rated else None

    def accepts(self, seek: Seek, other: Seek) -> bool:
        """Whether ``seek`` takes ``other``'s rating now."""
        reach = self.spread(seek)
        return reach is None or abs(seek.rating - other.rating) <= reach

    def expire(self) -> list[Seek]:
        """Drop the waiting seeks not read for :data:`EXPIRE_SECONDS` as cancelled, forget
        the seeks ended more than :data:`KEEP_SECONDS` ago; the seeks dropped."""
        now = self._clock()
        dropped = [seek for seek in self._seeks.values()
                   if seek.status == "waiting" and now - seek.read > EXPIRE_SECONDS]
        for seek in dropped:
            self._end(seek, "cancelled")
        for seek in [seek for seek in self._seeks.values() if seek.ended is not None
                     and now - seek.ended > KEEP_SECONDS]:
            del self._seeks[seek.id]
            if self._latest.get(seek.player.id) == seek.id:
                del self._latest[seek.player.id]
        return dropped

    def groups(self) -> list[list[Seek]]:
        """The seeks that can be paired now, each group a game's, oldest seek first (the pool
        is unchanged until :meth:`paired`)."""
        waiting = sorted((seek for seek in self._seeks.values() if seek.status == "waiting"),
                         key=lambda seek: seek.created)
        taken: set[str] = set()
        found = []
        for first in waiting:
            if first.id in taken:
                continue
            group = [first]
            for other in waiting:
                if len(group) == first.seats:
                    break
                if (other.id not in taken and other is not first and (other.kind, other.rated) == (
                        first.kind, first.rated) and all(
                        self.accepts(seek, other) and self.accepts(other, seek) for seek in group)):
                    group.append(other)
            if len(group) == first.seats:
                found.append(group)
                taken.update(seek.id for seek in group)
        return found

    def paired(self, group: Sequence[Seek], game: str) -> None:
        """Mark a group's seeks paired into ``game``."""
        for seek in group:
            seek.game = game
            self._end(seek, "paired")

    def _end(self, seek: Seek, status: Status) -> None:
        if seek.status == "waiting":
            seek.status = status
            seek.ended = self._clock()


Opener = Callable[[str, Sequence[Player], bool], Awaitable[str]]
"""Opens the game of a kind for paired players, rated or not; its id."""


class Pairing:
    """Quick pairing: takes seeks, pairs them on each request and every
    :data:`PAIR_SECONDS` (:meth:`run`), and opens each pair's game by ``opener``."""

    def __init__(self, storage: Storage, opener: Opener, pool: SeekPool | None = None) -> None:
        self.storage = storage
        self.pool = pool or SeekPool()
        self._opener = opener
        self._lock = asyncio.Lock()
        """Held while the pool changes and while paired games are opened."""

    async def seek(self, player: Player, kind: str, seats: int, rated: bool) -> Seek:
        """A new seek of ``player``'s (its waiting one is cancelled), paired at once if it
        can be; a rated one needs an account (``account_required``)."""
        if rated and player.account is None:
            raise GameError("account_required", "rated games are for signed-in players")
        ratings = await self.storage.run(self.storage.store.ratings_of, [player.id], kind)
        rating = ratings[player.id].mu if player.id in ratings else MU
        async with self._lock:
            seek = self.pool.add(player, kind, seats, rated, rating)
            await self._pair()
        event(logger, "seek", seek=seek.id, player=player.id, kind=kind, rated=rated)
        return seek

    async def find(self, seek_id: str, player: Player) -> Seek | None:
        """``player``'s seek, after pairing what can be."""
        async with self._lock:
            await self._pair()
            return self.pool.find(seek_id, player)

    async def cancel(self, seek_id: str, player: Player) -> Seek | None:
        """Cancel ``player``'s seek if still waiting; the seek, if ``player`` made it."""
        async with self._lock:
            return self.pool.cancel(seek_id, player)

    async def run(self) -> None:
        """Pair the pool and drop its stale seeks every :data:`PAIR_SECONDS`, until cancelled."""
        while True:
            await asyncio.sleep(PAIR_SECONDS)
            async with self._lock:
                with contextlib.suppress(Exception):  # logged by _pair; the next round tries again
                    await self._pair()

    async def _pair(self) -> None:
        """Open a game for each group that can be paired (the caller holds the lock); a
        group whose game cannot be opened keeps waiting."""
        self.pool.expire()
        for group in self.pool.groups():
            first = group[0]
            try:
                game = await self._opener(first.kind, [seek.player for seek in group], first.rated)
            except Exception:
                event(logger, "pairing_failed", level=logging.ERROR, exc_info=True, kind=first.kind)
                raise
            self.pool.paired(group, game)
            event(logger, "paired", game=game, kind=first.kind, rated=first.rated,
                  seeks=[seek.id for seek in group], waited=round(self.pool.waited(first), 1))
