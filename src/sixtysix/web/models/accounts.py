"""Accounts: the requests that sign up, sign in, change a password and delete an account,
the rules of a user name and its skeleton, the key that keeps names unique.

A user name is 3 to 24 characters: letters of any script, digits, ``_`` and ``-``, in
Unicode's normal form NFKC (no full-width or ligature look-alikes), and not mixing scripts
confusably (a Cyrillic ``а`` among Latin letters). Two names are the same account when their
skeletons are equal: NFKC, case folded, each character mapped to the Latin letter it may be
taken for (Unicode's confusables, from the ``confusable-homoglyphs`` package), case folded
again.

>>> skeleton("Anna") == skeleton("ANNA") == skeleton("Аnna"), skeleton("Аnna")
(True, 'anna')
>>> SignUp.model_validate({"name": "Ann_1", "password": "correct horse"}).name
'Ann_1'
>>> user_name("Аnna")
Traceback (most recent call last):
...
pydantic_core._pydantic_core.PydanticCustomError: a user name is 3 to 24 letters, digits, _ or -, \
not mixing look-alike letters of different scripts
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from confusable_homoglyphs import confusables
from pydantic import AfterValidator, BaseModel, ConfigDict
from pydantic_core import PydanticCustomError

USER_NAME_LENGTH = (3, 24)
"""The shortest and longest user name, in characters."""
PASSWORD_LENGTH = (8, 128)
"""The shortest and longest password, in characters."""
USER_NAME_RULE = (f"a user name is {USER_NAME_LENGTH[0]} to {USER_NAME_LENGTH[1]} letters, digits, _ or -, "
                  "not mixing look-alike letters of different scripts")
"""What a user name must be, in the words of a refusal."""
PASSWORD_RULE = f"a password is {PASSWORD_LENGTH[0]} to {PASSWORD_LENGTH[1]} characters"
"""What a password must be, in the words of a refusal."""


def _latin(character: str) -> str:
    """The ASCII character ``character`` may be taken for (itself if none)."""
    if character.isascii():
        return character
    found = confusables.confusables_data.get(character, [])
    ascii_ones = sorted(glyph["c"] for glyph in found if glyph["c"].isascii() and len(glyph["c"]) == 1)
    return ascii_ones[0] if ascii_ones else character


def skeleton(name: str) -> str:
    """The key that two names alike by case or by look-alike characters share.

    >>> skeleton("Straße") == skeleton("STRASSE"), skeleton("ann") == skeleton("bob")
    (True, False)
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(_latin(character) for character in folded).casefold()


def _allowed(character: str) -> bool:
    return character in "_-" or (unicodedata.category(character)[0] in "LN" and not character.isspace())


def user_name(value: str) -> str:
    """``value`` if it is a valid user name, else the refusal :data:`USER_NAME_RULE`."""
    low, high = USER_NAME_LENGTH
    if (not low <= len(value) <= high or unicodedata.normalize("NFKC", value) != value
            or not all(_allowed(character) for character in value)
            or not all(unicodedata.category(character)[0] != "N" or character.isdecimal()
                       for character in value)
            or confusables.is_dangerous(value)):
        raise PydanticCustomError("bad_user_name", USER_NAME_RULE)
    return value


def password(value: str) -> str:
    """``value`` if it is a valid password, else the refusal :data:`PASSWORD_RULE`."""
    low, high = PASSWORD_LENGTH
    if not low <= len(value) <= high:
        raise PydanticCustomError("bad_password", PASSWORD_RULE)
    return value


UserName = Annotated[str, AfterValidator(user_name)]
Password = Annotated[str, AfterValidator(password)]


class SignUp(BaseModel):
    """``POST /api/account``: a new account (the caller's guest player becomes it)."""

    model_config = ConfigDict(extra="forbid")

    name: UserName
    password: Password


class SignIn(BaseModel):
    """``POST /api/session``: sign in. Any name and password of bounded length are looked
    up; a wrong one is a wrong one, whatever its form."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, AfterValidator(lambda value: _bounded(value, USER_NAME_LENGTH[1] * 4))]
    password: Annotated[str, AfterValidator(lambda value: _bounded(value, PASSWORD_LENGTH[1]))]


def _bounded(value: str, longest: int) -> str:
    if len(value) > longest:
        raise PydanticCustomError("bad_credentials", "wrong user name or password")
    return value


class NewPassword(BaseModel):
    """``POST /api/account/password``: the current password and the new one."""

    model_config = ConfigDict(extra="forbid")

    old: Annotated[str, AfterValidator(lambda value: _bounded(value, PASSWORD_LENGTH[1]))]
    new: Password


class DeleteAccount(BaseModel):
    """``POST /api/account/delete``: the password, to be sure it is the account's owner."""

    model_config = ConfigDict(extra="forbid")

    password: Annotated[str, AfterValidator(lambda value: _bounded(value, PASSWORD_LENGTH[1]))]


class AccountInfo(BaseModel):
    """The signed-in account as the API shows it."""

    name: str
    """The user name, as it was typed at sign-up."""
