"""Accounts: sign up, sign in, sign out, change the password, delete the account.

Passwords are hashed with Argon2id (``argon2-cffi``'s defaults: RFC 9106's low-memory
profile), in a thread so that the games go on meanwhile. An account whose password is given
wrong :data:`LOCK_AFTER` times in a row is locked for :data:`LOCK_SECONDS`: every sign-in is
refused until then, right password or not. A name without an account costs the same hashing
time as one with, so the answer's delay tells nothing.
"""

from __future__ import annotations

import asyncio
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from sixtysix.web.errors import ApiError
from sixtysix.web.models.accounts import skeleton
from sixtysix.web.services.storage import Storage
from sixtysix.web.store import Account, Player

LOCK_AFTER = 5
"""Failed sign-ins in a row that lock an account."""
LOCK_SECONDS = 15 * 60
"""How long a locked account refuses sign-ins."""

_hasher = PasswordHasher()
_NOBODY = _hasher.hash("the hash checked when no account has the name")


def wrong() -> ApiError:
    """The refusal of a wrong user name or password (which of the two is not said)."""
    return ApiError(401, "bad_credentials", "wrong user name or password")


def locked(until: int) -> ApiError:
    """The refusal of a sign-in to a locked account."""
    wait = max(1, until - int(time.time()))
    return ApiError(429, "locked", f"too many wrong passwords: this account is locked for {wait} s",
                    {"Retry-After": str(wait)})


async def _verify(password_hash: str, password: str) -> bool:
    def check() -> bool:
        try:
            return _hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False
    return await asyncio.to_thread(check)


class Accounts:
    """The accounts of a store."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    async def sign_up(self, name: str, password: str, guest: Player | None) -> tuple[Player, str]:
        """A new account and its first session's token; a guest caller becomes it, keeping its
        games. ``409 name_taken`` if a name alike by case or look-alikes has an account."""
        password_hash = await asyncio.to_thread(_hasher.hash, password)
        guest_id = guest.id if guest is not None and guest.account is None else None
        made = await self._storage.run(self._storage.store.create_account, name, skeleton(name),
                                       password_hash, guest_id)
        if made is None:
            raise ApiError(409, "name_taken", "this user name, or one too like it, is taken")
        return made

    async def sign_in(self, name: str, password: str) -> tuple[Player, str]:
        """A new session of the named account and its token, if the password is right."""
        account = await self._storage.run(self._storage.store.account, skeleton(name))
        if account is None:
            await _verify(_NOBODY, password)
            raise wrong()
        await self.check(account, password)
        return await self._storage.run(self._storage.store.sign_in, account)

    async def check(self, account: Account, password: str) -> None:
        """Nothing if ``password`` is the account's and it is not locked; else count the
        failure (locking the account at the :data:`LOCK_AFTER`-th) and refuse."""
        if account.locked_until is not None and account.locked_until > time.time():
            raise locked(account.locked_until)
        if await _verify(account.password_hash, password):
            return
        failures = account.failures + 1
        until = int(time.time()) + LOCK_SECONDS if failures >= LOCK_AFTER else None
        await self._storage.run(self._storage.store.failed, account.id, 0 if until else failures, until)
        raise locked(until) if until else wrong()

    async def account(self, player: Player) -> Account:
        """The signed-in player's account; ``401 unauthorized`` if it is gone."""
        found = None if player.account is None else await self._storage.run(
            self._storage.store.account_by_id, player.account)
        if found is None:
            raise ApiError(401, "unauthorized", "not signed in to an account")
        return found

    async def sign_out(self, token: str) -> None:
        """End a session."""
        await self._storage.run(self._storage.store.end_session, token)

    async def change_password(self, player: Player, old: str, new: str, token: str) -> None:
        """A new password, given the old; every session but ``token``'s ends."""
        account = await self.account(player)
        await self.check(account, old)
        password_hash = await asyncio.to_thread(_hasher.hash, new)
        await self._storage.run(self._storage.store.change_password, account.id, password_hash, token)

    async def delete(self, player: Player, password: str) -> None:
        """Delete the account, given its password: its name and sessions go, its games stay."""
        account = await self.account(player)
        await self.check(account, password)
        await self._storage.run(self._storage.store.delete_account, account.id)
