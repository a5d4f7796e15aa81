"""Rate limits per client address and per account, kept by the ``limits`` package: a
moving window of each kind of request in the server's memory.

The defaults stop a script, not a household or a café behind one address: 300 guests
in a few seconds or a hundred expert games at once are refused, a table of friends
naming themselves and starting games is not. An IPv6 client is counted by its /64
network, which one machine usually holds whole. A signed-in account's requests count
against the account too, under the same limits: moving from address to address does not
make it more of them.

>>> limiter = Limiter(RateLimits(guests="2/hour"))
>>> [limiter.hit("192.0.2.7", "guests") for _ in range(3)][:2], limiter.hit("192.0.2.8", "guests")
([None, None], None)
>>> refused = limiter.hit("192.0.2.7", "guests")
>>> refused.kind, refused.by, 3500 < refused.wait <= 3600
('guests', 'address', True)
>>> limiter = Limiter(RateLimits(games="1/hour"))
>>> limiter.hit("192.0.2.7", "games", account="a1"), limiter.hit("192.0.2.8", "games", account="a1").by
(None, 'account')
>>> limiter.hit("192.0.2.8", "games"), limiter.hit("192.0.2.9", "games", account="a2")
(None, None)
>>> client_key("2001:db8::1") == client_key("2001:db8::2"), client_key("::ffff:192.0.2.7")
(True, '192.0.2.7')
"""

from __future__ import annotations

import dataclasses
import ipaddress
import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

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


class Limiter:
    """Counts the requests of each client address, and of each account, against
    :class:`RateLimits`."""

    def __init__(self, limits: RateLimits) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._items = {kind: limit_items(getattr(limits, kind)) for kind in KINDS}

    def hit(self, address: str, *kinds: str, account: str | None = None) -> Refusal | None:
        """Count one request of each of ``kinds`` from ``address`` and, for a signed-in
        caller, from its ``account``; return ``None`` if every limit allows it, else count
        nothing and return the :class:`Refusal` with the longest wait."""
        keys = [("address", client_key(address))]
        if account is not None:
            keys.append(("account", "account:" + account))
        counts = [(by, key, kind, item) for by, key in keys for kind in kinds for item in self._items[kind]]
        refused = [(by, key, kind, item) for by, key, kind, item in counts
                   if not self._limiter.test(item, kind, key)]
        if refused:
            now = time.time()
            waits = [(math.ceil(self._limiter.get_window_stats(item, kind, key).reset_time - now), kind, by)
                     for by, key, kind, item in refused]
            wait, kind, by = max(waits)
            return Refusal(kind, by, max(1, wait))
        for _, key, kind, item in counts:
            self._limiter.hit(item, kind, key)
        return None
