"""Rate limits per client address and per account, kept by the ``limits`` package: a
moving window of each kind of request, in the server's memory or, for a site of several
processes, in their Redis server, so that every process counts together.

The defaults stop a script, not a household or a café behind one address: 300 guests
in a few seconds or a hundred expert games at once are refused, a table of friends
naming themselves and starting games is not. An IPv6 client is counted by its /64
network, which one machine usually holds whole. A signed-in account's requests count
against the account too, under the same limits: moving from address to address does not
make it more of them.

>>> import asyncio
>>> limiter = Limiter(RateLimits(guests="2/hour"))
>>> def hit(*args: str, account: str | None = None) -> Refusal | None:
...     return asyncio.run(limiter.hit(*args, account=account))
>>> [hit("192.0.2.7", "guests") for _ in range(3)][:2], hit("192.0.2.8", "guests")
([None, None], None)
>>> refused = hit("192.0.2.7", "guests")
>>> refused.kind, refused.by, 3500 < refused.wait <= 3600
('guests', 'address', True)
>>> limiter = Limiter(RateLimits(games="1/hour"))
>>> hit("192.0.2.7", "games", account="a1"), hit("192.0.2.8", "games", account="a1").by
(None, 'account')
>>> hit("192.0.2.8", "games"), hit("192.0.2.9", "games", account="a2")
(None, None)
>>> client_key("2001:db8::1") == client_key("2001:db8::2"), client_key("::ffff:192.0.2.7")
(True, '192.0.2.7')
"""

from __future__ import annotations

import dataclasses
import ipaddress
import logging
import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError

from sixtysix.web.logs import event

logger = logging.getLogger(__name__)

Count = tuple[RateLimitItem, str, str]
"""A limit and what it counts: a kind of request and a key (such as a client's address)."""
UNLIMITED = "none"
"""The setting of a kind of request that is not limited."""


@dataclass(frozen=True)
class RateLimits:
    """How many requests of each kind one client address may make: limits in the notation
    of the ``limits`` package, ``;`` between them (``10/minute;50/hour``), or ``none``."""

    guests: str = "10/minute;50/hour"
    """New guest players (``POST /api/guest`` without a player's cookie)."""
    renames: str = "30/minute;300/hour"
    """New names of a player (``POST /api/guest`` with the cookie)."""
    games: str = "20/minute;200/hour"
    """New games of any kind (``POST /api/games``)."""
    invitations: str = "10/minute;100/hour"
    """New games that wait for people invited by link; each counts as a game too."""
    joins: str = "20/minute;200/hour"
    """Seats taken at open tables (``POST /api/games/{id}/join``)."""
    signups: str = "5/minute;20/hour"
    """New accounts (``POST /api/account``)."""
    signins: str = "10/minute;60/hour"
    """Sign-ins and other checks of a password (``POST /api/session``, a password change,
    an account's deletion)."""
    names: str = "10/minute;60/hour"
    """Sign-ups and sign-ins naming one account, from any address (counted by the name's
    skeleton)."""
    pairings: str = "10/minute;100/hour"
    """Quick pairing requests (``POST /api/pairing``)."""


KINDS = tuple(field.name for field in dataclasses.fields(RateLimits))
"""The kinds of request that are limited."""

WHAT = {"guests": "new players", "renames": "new names", "games": "new games",
        "invitations": "invitations", "joins": "seats taken", "signups": "new accounts",
        "signins": "sign-ins", "names": "sign-ins to this account", "pairings": "pairing requests"}
"""Each kind of request in the words of a refusal."""


def limit_items(setting: str) -> list[RateLimitItem]:
    """The limits of a setting; ``ValueError`` if it is not one.

    >>> [str(item) for item in limit_items("10/minute;50/hour")], limit_items("none")
    (['10 per 1 minute', '50 per 1 hour'], [])
    """
    return [] if setting == UNLIMITED else parse_many(setting)


def rate_limit_setting(text: str) -> tuple[str, str]:
    """A command line's ``KIND=LIMITS``, checked; ``ValueError`` with the reason if wrong.

    >>> rate_limit_setting("games=5/minute;30/hour")
    ('games', '5/minute;30/hour')
    >>> rate_limit_setting("cards=5/minute")
    Traceback (most recent call last):
    ...
    ValueError: write KIND=LIMITS with KIND one of guests, renames, games, invitations, joins, signups, \
signins, names, pairings
    """
    kind, sep, setting = text.partition("=")
    if not sep or kind not in KINDS:
        raise ValueError(f"write KIND=LIMITS with KIND one of {', '.join(KINDS)}")
    try:
        limit_items(setting)
    except ValueError:
        raise ValueError(f"{setting!r} is not a limit such as 10/minute;50/hour, nor {UNLIMITED}") from None
    return kind, setting


def client_key(address: str) -> str:
    """What a client address is counted by: itself, an IPv4 address mapped into IPv6 as
    the IPv4 address, any other IPv6 address by its /64 network."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass(frozen=True)
class Refusal:
    """A request over a limit: the ``kind`` refused, whose count (``by`` the client's
    ``address`` or its ``account``) is full, and the whole seconds to ``wait`` until it
    would be allowed (at least 1)."""

    kind: str
    by: str
    wait: int


class Windows:
    """Moving windows of requests kept by the ``limits`` package: in Redis if given a
    ``redis_url`` (the keys under ``sixtysix:`` and then ``prefix``), else in this process's
    memory.

    While Redis cannot be reached, each process counts in its own memory instead (logged
    once as ``limits_local``, and ``limits_shared`` once Redis answers again): the limits
    stop a script all the same, only a little later on a site of several processes, and a
    site whose Redis is away (``/readyz`` says so) does not also refuse every sign-in and
    new game, nor answer them with a server error. A site of several processes cannot play
    without its Redis for long; refusing everyone meanwhile would only add to the outage.
    """

    TIMEOUT = 5.0
    """Seconds to wait for Redis before counting locally."""

    def __init__(self, redis_url: str | None = None, prefix: str = "limits") -> None:
        self._local = MovingWindowRateLimiter(MemoryStorage())
        self._shared = None if redis_url is None else MovingWindowRateLimiter(RedisStorage(
            "async+" + redis_url, wrap_exceptions=True, implementation="redispy",
            key_prefix="sixtysix:" + prefix, socket_timeout=self.TIMEOUT,
            socket_connect_timeout=self.TIMEOUT))
        self._away = False
        """Whether the last call to Redis failed."""

    async def allowed(self, counts: list[Count]) -> list[Count]:
        """Count one request against each of ``counts`` (a limit, a kind and a key) if
        every one of them allows it; return those that do not (nothing was counted)."""
        if self._shared is not None:
            try:
                refused = await self._refused(self._shared, counts)
                if self._away:
                    self._away = False
                    event(logger, "limits_shared")
                return refused
            except StorageError:
                if not self._away:
                    self._away = True
                    event(logger, "limits_local", level=logging.WARNING, exc_info=True)
        return await self._refused(self._local, counts)

    async def wait(self, refused: list[Count]) -> int:
        """The whole seconds until every one of the ``refused`` counts allows a request (at
        least 1)."""
        limiter = self._local if self._shared is None or self._away else self._shared
        now = time.time()
        waits = [1]
        for item, kind, key in refused:
            try:
                stats = await limiter.get_window_stats(item, kind, key)
            except StorageError:
                return item.get_expiry()
            waits.append(math.ceil(stats.reset_time - now))
        return max(waits)

    @staticmethod
    async def _refused(limiter: MovingWindowRateLimiter, counts: list[Count]) -> list[Count]:
        """The counts that do not allow a request, after counting it in all of them if they
        all did. Another process may count between the test and the count: a count that is
        full by then refuses the request all the same (the others have counted it)."""
        refused = [count for count in counts if not await limiter.test(*count)]
        if not refused:
            refused = [count for count in counts if not await limiter.hit(*count)]
        return refused


class Limiter:
    """Counts the requests of each client address, and of each account, against
    :class:`RateLimits`: in this process's memory, or with a ``redis_url`` in the Redis
    server that the processes of a site share (see :class:`Windows`)."""

    def __init__(self, limits: RateLimits, redis_url: str | None = None) -> None:
        self._windows = Windows(redis_url)
        self._items = {kind: limit_items(getattr(limits, kind)) for kind in KINDS}

    async def hit(self, address: str, *kinds: str, account: str | None = None) -> Refusal | None:
        """Count one request of each of ``kinds`` from ``address`` and, for a signed-in
        caller, from its ``account``; return ``None`` if every limit allows it, else count
        nothing and return the :class:`Refusal` with the longest wait."""
        keys = [("address", client_key(address))]
        if account is not None:
            keys.append(("account", "account:" + account))
        counts = [(by, (item, kind, key)) for by, key in keys
                  for kind in kinds for item in self._items[kind]]
        refused = await self._windows.allowed([count for _, count in counts])
        if not refused:
            return None
        waits = [(await self._windows.wait([count]), count[1], by)
                 for by, count in counts if count in refused]
        wait, kind, by = max(waits)
        return Refusal(kind, by, wait)
