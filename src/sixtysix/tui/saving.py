"""The record of a terminal match on disk: checked before the first deal, written
atomically after every action, and read back to resume the match.

A record that ``sixtysix play`` writes holds, besides the rules, decks and actions,
the free tags that resuming needs: ``[Players "human" "<opponent>"]`` and
``[Seed "<n>"]``, the seed of the match's deals. Resuming deals every round of the
record again from that seed, so the deals still to come are the ones the match
would have had without the interruption. The match is of the game the record's rules
name (:func:`~sixtysix.games.game_of`), two-hand or three-hand alike.

>>> from sixtysix.two.match import Match
>>> match = Match(seed=5)
>>> rnd = match.deal()
>>> rnd.push(rnd.legal_tuple()[0])
>>> resumed = resume(Record.parse(str(record_of(match, "expert", 5))), "saved.ssn")
>>> resumed.opponent, resumed.seed, resumed.match.rounds[0].actions == rnd.actions
('expert', 5, True)
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sixtysix.errors import (
    IllegalActionError,
    NotationError,
    RecordFileError,
    RulesError,
    SixtySixError,
    StateError,
)
from sixtysix.game.actions import Action
from sixtysix.games import AnyMatch, AnyRound, game_of
from sixtysix.notation import Record, Tag, push_recorded, read_record

HUMAN = "human"
"""The name of the user's seat in ``[Players]``."""

SEED_TAG = "Seed"
"""The free tag that holds the seed of a match's deals."""

class SaveError(SixtySixError):
    """A record file that cannot be written, or a record that cannot be resumed."""


def record_of(match: AnyMatch, opponent: str, seed: int) -> Record:
    """The record of a terminal match, with the tags :func:`resume` needs: the user
    against ``opponent``, in each other seat of a three-hand match."""
    players = (HUMAN, *[opponent] * (match.rules.seats - 1))
    return Record.from_match(match, players=players, tags=[Tag(SEED_TAG, (str(seed),))])


def check_save(path: Path, *, force: bool = False) -> None:
    """Raise :class:`SaveError` unless a record can be written to ``path``: its folder
    exists and is writable, it is not a folder, and it does not exist unless ``force``.

    >>> check_save(Path("/nonexistent/x.ssn"))
    Traceback (most recent call last):
    ...
    sixtysix.tui.saving.SaveError: cannot save to /nonexistent/x.ssn: the folder /nonexistent does not exist
    """
    folder = path.parent
    where = f"cannot save to {path}"
    if path.is_dir():
        raise SaveError(f"{where}: it is a folder")
    if not folder.is_dir():
        raise SaveError(f"{where}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SaveError(f"{where}: the folder {folder} is not writable")
    if path.exists() and not force:
        raise SaveError(f"{where}: the file exists (use --force to overwrite it)")


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` at once: a temporary file in the same folder is
    written, flushed to disk, then renamed over ``path``. Raises :class:`OSError`."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


@dataclass(frozen=True)
class Resumed:
    """A match read back from its record, ready to play on."""

    match: AnyMatch
    opponent: str
    seed: int


def read_saved(path: Path) -> Record:
    """Read a record file. Raises :class:`SaveError`."""
    try:
        return read_record(path)
    except RecordFileError as error:
        raise SaveError(str(error)) from None
    except NotationError as error:
        raise SaveError(f"{path} cannot be resumed: {error}") from None


def load(path: Path) -> Resumed:
    """Read a record of ``sixtysix play`` and the match it stopped at, checking that
    the file can be written again. Raises :class:`SaveError`."""
    resumed = resume(read_saved(path), str(path))
    check_save(path, force=True)
    return resumed


def resume(record: Record, name: str) -> Resumed:
    """The match a record of ``sixtysix play`` (read from ``name``) stopped at.

    Raises :class:`SaveError` if the record lacks the tags of a terminal match,
    does not follow from its seed, breaks a rule, or its match is over.
    """
    opponent, seed = _tags(record, name)
    try:
        match: AnyMatch = game_of(record.rules).new_match(record.rules, seed=seed)
        for rnd, actions in _dealt(record, name, match):
            for action in actions:
                push_recorded(rnd, action)
    except (NotationError, RulesError, StateError, IllegalActionError) as error:
        raise SaveError(f"{name} cannot be resumed: {error}") from None
    _not_over(match, name)
    return Resumed(match, opponent, seed)


def _tags(record: Record, name: str) -> tuple[str, int]:
    """The opponent and the seed of a record of ``sixtysix play``."""
    players = record.players
    seeds = [tag.values[0] for tag in record.header if tag.name == SEED_TAG]
    if players is None or len(players) != record.seats or players[0] != HUMAN or len(seeds) != 1 \
            or len(set(players[1:])) != 1:
        raise SaveError(f"{name} cannot be resumed: only records saved by sixtysix play "
                        f'(with [Players "{HUMAN}" ...] and [{SEED_TAG}]) can be')
    try:
        return players[1], int(seeds[0])
    except ValueError:
        raise SaveError(f"{name} cannot be resumed: [{SEED_TAG}] is not a whole number") from None


def _dealt(record: Record, name: str, match: AnyMatch) -> Iterator[tuple[AnyRound, list[Action]]]:
    """Each round of the record dealt again from the match's seed, with its actions."""
    if match.first_dealer != record.dealer:
        raise SaveError(f"{name} cannot be resumed: its [Dealer] does not follow from its [{SEED_TAG}]")
    for number, entry in enumerate(record.rounds, 1):
        rnd = match.deal()
        if rnd.deck != entry.deck:
            raise SaveError(f"{name} cannot be resumed: the deck of round {number} "
                            f"does not follow from its [{SEED_TAG}]")
        yield rnd, entry.actions


def _not_over(match: AnyMatch, name: str) -> None:
    if match.is_over:
        score = "-".join(map(str, match.score))
        raise SaveError(f"{name} cannot be resumed: its match is over ({score})")
