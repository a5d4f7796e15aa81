"""What the processes of one site share through Redis (``sixtysix serve --redis-url``).

A site of several processes keeps each game in its PostgreSQL database, which orders its
moves; Redis carries the rest: each game's events to whichever processes hold its players'
sockets, the queue of bot decisions and timers that any process may run, each seat's
presence, and the limits every process must count together.
"""

from __future__ import annotations

import redis.asyncio as aioredis


class Cluster:
    """One process's connection to the Redis server of its site."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.redis: aioredis.Redis = aioredis.Redis.from_url(url)

    async def ping(self) -> bool:
        """Whether the Redis server answers."""
        try:
            return bool(await self.redis.ping())
        except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
            return False

    async def close(self) -> None:
        """Close the connections."""
        await self.redis.aclose()
