"""What the processes of one site share through Redis (``sixtysix serve --redis-url``).

A site of several processes keeps each game in its PostgreSQL database, which orders its
moves (two processes can never both store move N of a game); Redis carries the rest:

- **events**: a process that changed a game publishes its id on :data:`CHANNEL`; every
  process holding a socket of that game reads the game's new moves from the database and
  sends each of its connections its own view;
- **the queue** (arq): bot decisions and the clock's and the away limit's timers, as jobs any
  process's worker may run; a job named by its game and move number runs once (a job for
  a move the game has passed does nothing), and a job whose process died mid-run is taken up
  by another after its timeout;
- **presence**: how many sockets each process holds of each seat (each process writes its
  own count, so it can write them all again after Redis comes back empty), and since when a
  seat has had none (a process that stops beating its heart counts for none);
- **rematch offers**, and a lock per game for the rare changes that store no move (a seat
  taken, a rematch started).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

from arq import Worker
from arq.connections import ArqRedis, RedisSettings, create_pool
from arq.worker import Function
from redis.exceptions import RedisError

from sixtysix.web.logs import event
from sixtysix.web.models.messages import Rematch

logger = logging.getLogger(__name__)

CHANNEL = "sixtysix:games"
"""The pub/sub channel of the games' events."""
PREFIX = "sixtysix:"
HEARTBEAT_SECONDS = 3.0
"""How often a process tells Redis it is alive."""
ALIVE_SECONDS = 10
"""How long a process counts as alive after its last heartbeat."""
KEEP_SECONDS = 24 * 3600
"""How long a game's presence and rematch keys outlive their last change."""
RETRY_SECONDS = 0.5
"""How long a process waits before reconnecting to a Redis server that went away."""
JOB_SECONDS = 20
"""The longest a queued job may run: a process that dies running one leaves it to another
process after this and arq's ten seconds more."""

Handler = Callable[[dict[str, Any]], Awaitable[None]]

_AWAY = """
local found = {}
local presence = redis.call('HGETALL', KEYS[1])
for seat = 0, tonumber(ARGV[1]) - 1 do
  local here = false
  for i = 1, #presence, 2 do
    local field, count = presence[i], tonumber(presence[i + 1])
    local colon = string.find(field, ':', 1, true)
    if count > 0 and tonumber(string.sub(field, 1, colon - 1)) == seat
        and redis.call('EXISTS', ARGV[3] .. string.sub(field, colon + 1)) == 1 then
      here = true
    end
  end
  if here then
    redis.call('HDEL', KEYS[2], seat)
    found[seat + 1] = ''
  else
    redis.call('HSETNX', KEYS[2], seat, ARGV[2])
    found[seat + 1] = redis.call('HGET', KEYS[2], seat)
  end
end
redis.call('EXPIRE', KEYS[2], ARGV[4])
return found
"""
"""Each seat's away time: none while a live process holds a socket of it, else when it
was first found without one (noted now if not yet)."""


class Cluster:
    """One process's share of the site's Redis: its events, queue, presence and locks."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.process = secrets.token_hex(6)
        """This process's name among the site's."""
        self.redis: ArqRedis = ArqRedis.from_url(url)
        self._away = self.redis.register_script(_AWAY)
        self._tasks: list[asyncio.Task[None]] = []
        self.connected = asyncio.Event()
        """Set while the events' subscription is up."""

    async def ping(self) -> bool:
        """Whether the Redis server answers."""
        try:
            return bool(await self.redis.ping())
        except (RedisError, OSError):
            return False

    # ----------------------------------------------------------------- running

    def start(self, heard: Handler, resync: Callable[[], Awaitable[None]],
              functions: Sequence[Function]) -> None:
        """Listen to the events (``heard`` gets each other process's; ``resync`` runs
        on every subscription, since events may have been missed before it), beat this
        process's heart, and run a worker of the queue's ``functions``."""
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(heard, resync)), loop.create_task(self._beat()),
                       loop.create_task(self._work(functions))]

    async def stop(self) -> None:
        """Stop listening, working and beating; this process counts as gone at once."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(RedisError, OSError):
            await self.redis.delete(self._alive_key(self.process))

    async def close(self) -> None:
        """Close the connections."""
        await self.redis.aclose()

    def _alive_key(self, process: str) -> str:
        return f"{PREFIX}process:{process}"

    async def _beat(self) -> None:
        while True:
            with contextlib.suppress(RedisError, OSError):
                await self.redis.set(self._alive_key(self.process), "1", ex=ALIVE_SECONDS)
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def _listen(self, heard: Handler, resync: Callable[[], Awaitable[None]]) -> None:
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                self.connected.set()
                event(logger, "subscribed", process=self.process)
                await resync()
                async for message in pubsub.listen():
                    data = json.loads(message["data"])
                    if data.get("from") != self.process:
                        await heard(data)
            except (RedisError, OSError):
                if self.connected.is_set():
                    event(logger, "redis_lost", level=logging.WARNING, process=self.process)
                self.connected.clear()
                await asyncio.sleep(RETRY_SECONDS)
            finally:
                with contextlib.suppress(RedisError, OSError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def _work(self, functions: Sequence[Function]) -> None:
        settings = RedisSettings.from_dsn(self.url)
        while True:
            worker = None
            try:
                pool = await create_pool(settings, retry=0)
                worker = Worker(functions=list(functions), redis_pool=pool,
                                handle_signals=False, keep_result=0, poll_delay=0.05, max_jobs=100,
                                job_timeout=JOB_SECONDS, max_tries=1000, burst=False)
                await worker.main()
            except (RedisError, OSError):
                await asyncio.sleep(RETRY_SECONDS)
            finally:
                if worker is not None:
                    with contextlib.suppress(RedisError, OSError):
                        await worker.close()

    # ------------------------------------------------------------------ events

    async def publish(self, game_id: str, kind: str = "game", **data: Any) -> None:
        """Tell the other processes that a game changed (``kind`` ``game``) or of another
        event of it; lost while Redis is away (the others resync when it is back)."""
        message = json.dumps({"from": self.process, "game": game_id, "kind": kind, **data},
                             separators=(",", ":"))
        with contextlib.suppress(RedisError, OSError):
            await self.redis.publish(CHANNEL, message)

    # ------------------------------------------------------------------- queue

    async def enqueue(self, function: str, job_id: str, *args: Any, delay: float | None = None) -> bool:
        """Queue a job of ``function`` (``delay`` seconds from now), unless one of ``job_id``
        is queued or running; whether the queue was reached (a job is lost while Redis is
        away: the resync queues it again)."""
        try:
            await self.redis.enqueue_job(function, *args, _job_id=job_id, _defer_by=delay)
        except (RedisError, OSError):
            return False
        return True

    async def queued(self) -> int:
        """How many jobs are due and wait for a worker (timers due later do not count)."""
        try:
            return int(await self.redis.zcount("arq:queue", "-inf", time.time() * 1000))
        except (RedisError, OSError):
            return 0

    # ---------------------------------------------------------------- presence

    def _keys(self, game_id: str) -> list[str]:
        return [f"{PREFIX}presence:{game_id}", f"{PREFIX}away:{game_id}"]

    async def present(self, game_id: str, seat: int, sockets: int) -> None:
        """This process now holds ``sockets`` sockets of the game's ``seat``."""
        presence, away = self._keys(game_id)
        field = f"{seat}:{self.process}"
        async with self.redis.pipeline(transaction=True) as pipe:
            if sockets:
                pipe.hset(presence, field, str(sockets))
                pipe.hdel(away, str(seat))
                pipe.expire(presence, KEEP_SECONDS)
            else:
                pipe.hdel(presence, field)
            await pipe.execute()

    async def away(self, game_id: str, seats: int) -> list[float | None]:
        """Since when (Unix seconds) each seat has had no socket on any live process
        (``None``: it has one)."""
        found = await self._away(keys=self._keys(game_id),
                                 args=[seats, time.time(), self._alive_key(""), KEEP_SECONDS])
        return [float(value) if value else None for value in found]

    # ------------------------------------------------------------------ rematch

    async def rematch(self, game_id: str) -> Rematch | None:
        """The rematch offer of a finished game, if any."""
        stored = await self.redis.get(f"{PREFIX}rematch:{game_id}")
        return None if stored is None else Rematch.model_validate_json(stored)

    async def set_rematch(self, game_id: str, rematch: Rematch) -> None:
        """Keep a finished game's rematch offer."""
        await self.redis.set(f"{PREFIX}rematch:{game_id}", rematch.model_dump_json(), ex=KEEP_SECONDS)

    @contextlib.asynccontextmanager
    async def lock(self, game_id: str) -> AsyncIterator[None]:
        """Hold the game's lock of the whole site (for changes that store no move)."""
        name = f"{PREFIX}lock:{game_id}"
        async with self.redis.lock(name, timeout=JOB_SECONDS, blocking_timeout=JOB_SECONDS):
            yield
