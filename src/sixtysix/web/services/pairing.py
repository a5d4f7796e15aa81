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
forgotten. The pool lives in this server process's memory (:class:`SeekPool`) or, for a site
of several processes, in their Redis server (:class:`SharedSeekPool`): a seek posted to one
process is read through any other and paired with seeks posted to a third, by exactly one
of them.

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

import abc
import asyncio
import contextlib
import dataclasses
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import LockError, RedisError

from sixtysix.web.errors import GameError
from sixtysix.web.logs import event
from sixtysix.web.models.pairing import Status
from sixtysix.web.services.cluster import Cluster
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
LOCK_SECONDS = 30.0
"""How long a process may hold a shared pool (a process that dies holding it frees it so)."""
LOCK_WAIT = 10.0
"""How long a request waits for a shared pool before it is refused (``unavailable``)."""


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


def pairable(waiting: Sequence[Seek], accepts: Callable[[Seek, Seek], bool]) -> list[list[Seek]]:
    """The groups of ``waiting`` seeks (oldest first) that can be paired now, each a game's,
    oldest seek first, by whether one seek ``accepts`` another's rating."""
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
                    accepts(seek, other) and accepts(other, seek) for seek in group)):
                group.append(other)
        if len(group) == first.seats:
            found.append(group)
            taken.update(seek.id for seek in group)
    return found


class Clocked:
    """The range rule of seeks measured by ``clock``, a time source in seconds."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock

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


class SeekPool(Clocked):
    """The seeks of this server process, each player's latest; ``clock`` is a monotonic time
    source in seconds (a fake one in tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(clock)
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
        return pairable(waiting, self.accepts)

    def paired(self, group: Sequence[Seek], game: str) -> None:
        """Mark a group's seeks paired into ``game``."""
        for seek in group:
            seek.game = game
            self._end(seek, "paired")

    def _end(self, seek: Seek, status: Status) -> None:
        if seek.status == "waiting":
            seek.status = status
            seek.ended = self._clock()


class Pool(Clocked, abc.ABC):
    """A pool of seeks as :class:`Pairing` uses it: each change made while :meth:`locked`,
    each group it pairs first :meth:`claim`-ed, so that no seek lands in two games."""

    @abc.abstractmethod
    def locked(self, wait: bool = True) -> AbstractAsyncContextManager[bool]:
        """Hold the pool while it changes and while paired games are opened; whether it is
        held (without ``wait``, a pool that another holds is not waited for)."""

    @abc.abstractmethod
    async def add(self, player: Player, kind: str, seats: int, rated: bool, rating: float) -> Seek:
        """A new waiting seek of ``player``'s, which cancels the player's waiting one."""

    @abc.abstractmethod
    async def find(self, seek_id: str, player: Player) -> Seek | None:
        """The seek, if ``player`` made it (it counts as read)."""

    @abc.abstractmethod
    async def cancel(self, seek_id: str, player: Player) -> Seek | None:
        """Cancel ``player``'s seek if it is waiting; the seek, if ``player`` made it."""

    @abc.abstractmethod
    async def expire(self) -> list[Seek]:
        """Drop the stale waiting seeks as cancelled; the seeks dropped."""

    @abc.abstractmethod
    async def groups(self) -> list[list[Seek]]:
        """The seeks that can be paired now, each group a game's."""

    @abc.abstractmethod
    async def claim(self, group: Sequence[Seek]) -> bool:
        """Take a group's seeks out of the waiting ones to open their game; ``False`` (and
        nothing taken) if one of them was taken already."""

    @abc.abstractmethod
    async def release(self, group: Sequence[Seek]) -> None:
        """Put a claimed group back among the waiting seeks (its game could not be opened)."""

    @abc.abstractmethod
    async def paired(self, group: Sequence[Seek], game: str) -> None:
        """Mark a claimed group's seeks paired into ``game``."""


class LocalPool(Pool):
    """A :class:`SeekPool` in this process's memory, held by an :class:`asyncio.Lock`."""

    def __init__(self, seeks: SeekPool) -> None:
        super().__init__(seeks._clock)
        self.seeks = seeks
        self._lock = asyncio.Lock()

    def locked(self, wait: bool = True) -> AbstractAsyncContextManager[bool]:
        return _held(self._lock)

    async def add(self, player: Player, kind: str, seats: int, rated: bool, rating: float) -> Seek:
        return self.seeks.add(player, kind, seats, rated, rating)

    async def find(self, seek_id: str, player: Player) -> Seek | None:
        return self.seeks.find(seek_id, player)

    async def cancel(self, seek_id: str, player: Player) -> Seek | None:
        return self.seeks.cancel(seek_id, player)

    async def expire(self) -> list[Seek]:
        return self.seeks.expire()

    async def groups(self) -> list[list[Seek]]:
        return self.seeks.groups()

    async def claim(self, group: Sequence[Seek]) -> bool:
        return True  # the lock, held from groups() to paired(), keeps the group waiting for this caller

    async def release(self, group: Sequence[Seek]) -> None:
        return None

    async def paired(self, group: Sequence[Seek], game: str) -> None:
        self.seeks.paired(group, game)


@contextlib.asynccontextmanager
async def _held(lock: asyncio.Lock) -> AsyncIterator[bool]:
    async with lock:
        yield True


_PREFIX = "sixtysix:pairing:"
_CLAIM = """
for i = 2, #ARGV do
  if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then return 0 end
end
for i = 2, #ARGV do
  redis.call('ZREM', KEYS[1], ARGV[i])
  redis.call('ZADD', KEYS[2], ARGV[1], ARGV[i])
end
return 1
"""
"""Moves seeks (``ARGV[2]`` on) from the waiting set (``KEYS[1]``) to the claimed set
(``KEYS[2]``, scored by the time ``ARGV[1]``) if every one of them is waiting."""


class SharedSeekPool(Pool):
    """The seeks of a site of several processes, in their Redis server (keys under
    ``sixtysix:pairing:``): each seek as JSON (``seek:ID``), the waiting seeks' ids by age
    (``waiting``), those whose game is being opened by age of the claim (``claimed``), when
    each waiting seek was last read (``read``), each player's latest seek
    (``latest:PLAYER``) and a lock (``lock``, redis-py's, which frees itself
    :data:`LOCK_SECONDS` after a process died holding it). ``clock`` is wall-clock time
    (Unix seconds), which every process of a site shares; a fake one in tests.

    Every change is made under the lock but a read (:meth:`find`), which only notes its time
    in ``read``: the pages' polls need not wait for each other, nor for a pairing round.

    A group is claimed (moved out of the waiting set, all of it or none, by one Lua script)
    before its game is opened: so even a process that kept the lock too long never pairs a
    seek another one paired. A claim still unfinished after twice :data:`LOCK_SECONDS` (its
    process died opening the game) is cancelled. A waiting seek's key lives
    :data:`EXPIRE_SECONDS` and :data:`KEEP_SECONDS` after it was last read, an ended one's
    :data:`KEEP_SECONDS` after it ended, should no process be left to drop it. While Redis
    cannot be reached, or its lock is held for :data:`LOCK_WAIT` seconds, requests are
    refused with ``unavailable``.
    """

    def __init__(self, redis: aioredis.Redis, clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock)
        self.redis = redis
        self._local = asyncio.Lock()
        """Held by this process's request that waits for or holds the Redis lock."""
        self._claim = redis.register_script(_CLAIM)

    @contextlib.asynccontextmanager
    async def _locked(self, wait: bool) -> AsyncIterator[bool]:
        try:
            if not wait and self._local.locked():
                yield False
                return
            async with self._local:
                lock = self.redis.lock(_PREFIX + "lock", timeout=LOCK_SECONDS, blocking_timeout=LOCK_WAIT)
                held = await lock.acquire(blocking=wait)
                if wait and not held:
                    raise GameError("unavailable", "quick pairing is busy: try again")
                try:
                    yield held
                finally:
                    if held:
                        with contextlib.suppress(LockError, RedisError, OSError):  # expired, or Redis is away
                            await lock.release()
        except (RedisError, OSError) as error:
            raise _unavailable() from error

    def locked(self, wait: bool = True) -> AbstractAsyncContextManager[bool]:
        return self._locked(wait)

    async def add(self, player: Player, kind: str, seats: int, rated: bool, rating: float) -> Seek:
        latest = await self.redis.get(_PREFIX + "latest:" + player.id)
        old = None if latest is None else await self._load(latest.decode())
        if old is not None:
            await self._end([old], "cancelled")
        now = self._clock()
        seek = Seek(secrets.token_urlsafe(12), player, kind, seats, rated, rating, now, now)
        async with self.redis.pipeline(transaction=True) as pipe:
            self._save(pipe, seek)
            pipe.zadd(_PREFIX + "waiting", {seek.id: seek.created})
            pipe.zadd(_PREFIX + "read", {seek.id: seek.read})
            pipe.set(_PREFIX + "latest:" + player.id, seek.id, ex=_ttl(seek))
            await pipe.execute()
        return seek

    async def find(self, seek_id: str, player: Player) -> Seek | None:
        seek = await self._load(seek_id)
        if seek is None or seek.player.id != player.id:
            return None
        seek.read = self._clock()
        if seek.status == "waiting":
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.zadd(_PREFIX + "read", {seek.id: seek.read})
                pipe.expire(_PREFIX + "seek:" + seek.id, _ttl(seek))
                pipe.expire(_PREFIX + "latest:" + player.id, _ttl(seek))
                await pipe.execute()
        return seek

    async def cancel(self, seek_id: str, player: Player) -> Seek | None:
        seek = await self.find(seek_id, player)
        if seek is not None:
            await self._end([seek], "cancelled")
        return seek

    async def expire(self) -> list[Seek]:
        now = self._clock()
        ids = [member.decode() for member in await self.redis.zrange(_PREFIX + "waiting", 0, -1)]
        seeks = await self._load_many(ids)
        gone = [seek_id for seek_id, seek in zip(ids, seeks, strict=True) if seek is None]
        if gone:
            await self.redis.zrem(_PREFIX + "waiting", *gone)
        dropped = [seek for seek in seeks if seek is not None and now - seek.read > EXPIRE_SECONDS]
        await self.redis.zremrangebyscore(_PREFIX + "read", "-inf", now - EXPIRE_SECONDS - KEEP_SECONDS - 60)
        stale = [member.decode() for member in await self.redis.zrangebyscore(
            _PREFIX + "claimed", "-inf", now - 2 * LOCK_SECONDS)]
        if stale:
            await self.redis.zrem(_PREFIX + "claimed", *stale)
            dropped += [seek for seek in await self._load_many(stale) if seek is not None]
        await self._end(dropped, "cancelled")
        return dropped

    async def groups(self) -> list[list[Seek]]:
        ids = [member.decode() for member in await self.redis.zrange(_PREFIX + "waiting", 0, -1)]
        seeks = await self._load_many(ids)
        waiting = [seek for seek in seeks if seek is not None and seek.status == "waiting"]
        return pairable(waiting, self.accepts)

    async def claim(self, group: Sequence[Seek]) -> bool:
        claimed = await self._claim(keys=[_PREFIX + "waiting", _PREFIX + "claimed"],
                                    args=[self._clock(), *(seek.id for seek in group)])
        return bool(claimed)

    async def release(self, group: Sequence[Seek]) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zrem(_PREFIX + "claimed", *(seek.id for seek in group))
            pipe.zadd(_PREFIX + "waiting", {seek.id: seek.created for seek in group})
            await pipe.execute()

    async def paired(self, group: Sequence[Seek], game: str) -> None:
        for seek in group:
            seek.game = game
        await self._end(group, "paired", force=True)

    async def _end(self, seeks: Sequence[Seek], status: Status, force: bool = False) -> None:
        """Mark waiting seeks (with ``force``, cancelled ones too: a claim that was thought
        dead) paired or cancelled, out of the waiting and the claimed sets."""
        ended = [seek for seek in seeks if seek.status == "waiting" or force]
        if not ended:
            return
        now = self._clock()
        async with self.redis.pipeline(transaction=True) as pipe:
            for seek in ended:
                seek.status, seek.ended = status, now
                self._save(pipe, seek)
                pipe.expire(_PREFIX + "latest:" + seek.player.id, _ttl(seek))
            pipe.zrem(_PREFIX + "waiting", *(seek.id for seek in ended))
            pipe.zrem(_PREFIX + "claimed", *(seek.id for seek in ended))
            pipe.zrem(_PREFIX + "read", *(seek.id for seek in ended))
            await pipe.execute()

    def _save(self, pipe: aioredis.client.Pipeline, seek: Seek) -> None:
        fields = dataclasses.asdict(seek)
        pipe.set(_PREFIX + "seek:" + seek.id, json.dumps(fields), ex=_ttl(seek))

    async def _load(self, seek_id: str) -> Seek | None:
        (seek,) = await self._load_many([seek_id])
        return seek

    async def _load_many(self, ids: Sequence[str]) -> list[Seek | None]:
        if not ids:
            return []
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.mget([_PREFIX + "seek:" + seek_id for seek_id in ids])
            pipe.zmscore(_PREFIX + "read", list(ids))
            texts, reads = await pipe.execute()
        seeks = [None if text is None else _seek(json.loads(text)) for text in texts]
        for seek, read in zip(seeks, reads, strict=True):
            if seek is not None and read is not None:
                seek.read = read
        return seeks


def _seek(fields: dict[str, Any]) -> Seek:
    return Seek(**{**fields, "player": Player(**fields["player"])})


def _ttl(seek: Seek) -> int:
    """Seconds a seek's key lives after it is written: :data:`KEEP_SECONDS` once ended,
    :data:`EXPIRE_SECONDS` more while it waits."""
    return int(KEEP_SECONDS + (EXPIRE_SECONDS if seek.ended is None else 0)) + 1


def _unavailable() -> GameError:
    event(logger, "pairing_unavailable", level=logging.WARNING, exc_info=True)
    return GameError("unavailable", "quick pairing is unavailable for a moment: try again")


Opener = Callable[[str, Sequence[Player], bool], Awaitable[str]]
"""Opens the game of a kind for paired players, rated or not; its id."""


class Pairing:
    """Quick pairing: takes seeks, pairs them on each request and every
    :data:`PAIR_SECONDS` (:meth:`run`), and opens each pair's game by ``opener``. The seeks
    are kept in ``pool`` (a :class:`SeekPool` of this process's), or with a ``cluster`` in
    the Redis server of the site's processes (:class:`SharedSeekPool`)."""

    def __init__(self, storage: Storage, opener: Opener, pool: SeekPool | None = None,
                 cluster: Cluster | None = None) -> None:
        self.storage = storage
        self.pool: Pool = LocalPool(pool or SeekPool()) if cluster is None else SharedSeekPool(cluster.redis)
        self._opener = opener

    async def seek(self, player: Player, kind: str, seats: int, rated: bool) -> Seek:
        """A new seek of ``player``'s (its waiting one is cancelled), paired at once if it
        can be; a rated one needs an account (``account_required``)."""
        if rated and player.account is None:
            raise GameError("account_required", "rated games are for signed-in players")
        ratings = await self.storage.run(self.storage.store.ratings_of, [player.id], kind)
        rating = ratings[player.id].mu if player.id in ratings else MU
        async with self.pool.locked():
            seek = await self.pool.add(player, kind, seats, rated, rating)
            await self._pair()
            seek = await self.pool.find(seek.id, player) or seek
        event(logger, "seek", seek=seek.id, player=player.id, kind=kind, rated=rated)
        return seek

    async def find(self, seek_id: str, player: Player) -> Seek | None:
        """``player``'s seek, after pairing what can be (unless another request or process
        is pairing the pool at that moment)."""
        async with self.pool.locked(wait=False) as held:
            if held:
                await self._pair()
            return await self.pool.find(seek_id, player)

    async def cancel(self, seek_id: str, player: Player) -> Seek | None:
        """Cancel ``player``'s seek if still waiting; the seek, if ``player`` made it."""
        async with self.pool.locked():
            return await self.pool.cancel(seek_id, player)

    async def run(self) -> None:
        """Pair the pool and drop its stale seeks every :data:`PAIR_SECONDS`, until cancelled."""
        while True:
            await asyncio.sleep(PAIR_SECONDS)
            with contextlib.suppress(Exception):  # logged by _pair or the pool; the next round tries again
                async with self.pool.locked(wait=False) as held:
                    if held:
                        await self._pair()

    async def _pair(self) -> None:
        """Open a game for each group that can be paired (the caller holds the lock); a
        group whose game cannot be opened keeps waiting."""
        await self.pool.expire()
        for group in await self.pool.groups():
            first = group[0]
            if not await self.pool.claim(group):
                continue
            try:
                game = await self._opener(first.kind, [seek.player for seek in group], first.rated)
            except Exception:
                event(logger, "pairing_failed", level=logging.ERROR, exc_info=True, kind=first.kind)
                await self.pool.release(group)
                raise
            await self.pool.paired(group, game)
            event(logger, "paired", game=game, kind=first.kind, rated=first.rated,
                  seeks=[seek.id for seek in group], waited=round(self.pool.waited(first), 1))
