"""Records: the text notation of RULES.md section 10, read, written and replayed.

>>> text = '''[Rules "classic"]
... [Dealer "0"]
... [Deck "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh"]
... Ts Ac ; the ace of clubs is no trump
... '''
>>> record = Record.parse(text)
>>> match = record.replay()
>>> match.round.points(), legal_tokens(match.round)[:3]
((0, 21), ['As', 'Kc', 'Mc'])
>>> record.game.name
'two-hand'
>>> print(record)
[Rules "classic"]
[Dealer "0"]
[Deck "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh"]
Ts Ac
<BLANKLINE>
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from sixtysix.cards import NUM_CARDS, Card, card_name, parse_card
from sixtysix.errors import (
    IllegalActionError,
    NotationError,
    RecordFileError,
    RulesError,
    StateError,
    quoted,
)
from sixtysix.game.actions import DRAW, PASS, Action, parse_action
from sixtysix.game.interface import Game, M
from sixtysix.game.round import Phase
from sixtysix.games import GAMES, AnyMatch, AnyRound, game_of
from sixtysix.rules import Rules

_TAG = re.compile(r'\[([A-Za-z0-9_-]+)((?:\s+"(?:[^"\\]|\\.)*")+)\s*\]')
_VALUE = re.compile(r'"((?:[^"\\]|\\.)*)"')
_TOKENS_PER_LINE = 16
MAX_RECORD_BYTES = 1 << 20
"""The largest record :func:`read_record` reads: 1 MiB (a long match takes a few KB)."""


@dataclass(frozen=True)
class Tag:
    """A tag line: a name and one or more values."""

    name: str
    values: tuple[str, ...]
    line: int = field(default=0, compare=False)
    """The line of the record it was read from (0 if not read from text)."""

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Za-z0-9_-]+", self.name):
            raise NotationError(f"tag names are letters, digits, '_' and '-', not {quoted(self.name)}")
        if not self.values:
            raise NotationError(f"[{self.name}] needs a value")
        for value in self.values:
            if "\n" in value or "\r" in value:
                raise NotationError(f"[{self.name}] values cannot hold a line break: {quoted(value)}")

    def __str__(self) -> str:
        quoted = " ".join('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in self.values)
        return f"[{self.name} {quoted}]"


@dataclass
class RecordRound:
    """One round of a record: the tags written before its ``[Deck]``, the deck, the tokens."""

    deck: tuple[Card, ...]
    actions: list[Action] = field(default_factory=list)
    tags: list[Tag] = field(default_factory=list)
    line: int = field(default=0, compare=False)
    """The line of its ``[Deck]`` tag (0 if not read from text)."""
    action_lines: list[int] = field(default_factory=list, compare=False)
    """The line of each action (empty if not read from text)."""


@dataclass
class Record:
    """A whole record: header tags (with ``[Dealer]``), rounds, and tags after the last round."""

    header: list[Tag]
    rounds: list[RecordRound]
    trailer: list[Tag] = field(default_factory=list)

    @property
    def rules(self) -> Rules:
        """The rules the ``[Rules]`` tag names (``classic`` if absent)."""
        for tag in self.header:
            if tag.name == "Rules":
                return Rules.parse(tag.values[0])
        return Rules()

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game the record's rules are for (:func:`sixtysix.games.game_of`)."""
        return game_of(self.rules)

    @property
    def seats(self) -> int:
        """The number of players of the record's game."""
        return self.rules.seats

    @property
    def dealer(self) -> int:
        """The first dealer, from the header's ``[Dealer]`` tag."""
        for tag in self.header:
            if tag.name == "Dealer":
                return _seat(tag.values[0], "Dealer", self.seats)
        raise NotationError("the record has no [Dealer] tag before its first [Deck]")

    @property
    def players(self) -> tuple[str, ...] | None:
        """The names of the ``[Players]`` tag, if any."""
        for tag in self.header:
            if tag.name == "Players":
                return tag.values
        return None

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read a record, raising :class:`NotationError` (with the line) if it is malformed.

        A byte order mark at the start is skipped. An error on the last line of a text
        that does not end with a line break says that the text may be cut short.

        >>> Record.parse("; nothing but a comment")
        Traceback (most recent call last):
        ...
        sixtysix.errors.NotationError: no record: only comments and blank lines
        >>> Record.parse('[Dealer "0"]\\n[Deck "Th Ts Kc')
        Traceback (most recent call last):
        ...
        sixtysix.errors.NotationError: line 2: unclosed double quote in '[Deck "Th Ts Kc'; \
the text ends on this line without a line break: is it cut short?
        """
        header: list[Tag] = []
        rounds: list[RecordRound] = []
        pending: list[Tag] = []
        # Lines end at "\n" (or "\r\n") only: str.splitlines would also split tag values
        # at characters such as U+0085 or U+2028 that Tag writes unescaped.
        lines = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
        cut = "" if text.endswith("\n") else (
            "; the text ends on this line without a line break: is it cut short?")
        empty = True
        for number, raw in enumerate(lines, 1):
            try:
                line = _strip_comment(raw).strip()
            except NotationError as error:
                raise NotationError(f"line {number}: {error}{cut if number == len(lines) else ''}") from None
            if not line:
                continue
            empty = False
            try:
                if line.startswith("["):
                    tag = _parse_tag(line, number)
                    if tag.name == "Deck":
                        deck = _parse_deck(tag)
                        if not rounds:
                            header, pending = pending, []
                            _check_header(header)
                        rounds.append(RecordRound(deck, [], pending, number))
                        pending = []
                    elif tag.name == "Rules" and (rounds or any(t.name == "Rules" for t in pending)):
                        raise NotationError("[Rules] may appear once, before the first [Deck]")
                    else:
                        _check_tag(tag, _game_or_classic(header) if rounds else _game(pending))
                        pending.append(tag)
                else:
                    if not rounds:
                        raise NotationError("action tokens before the first [Deck]")
                    tokens = line.split()
                    rounds[-1].actions.extend(_parse_token(token) for token in tokens)
                    rounds[-1].action_lines.extend([number] * len(tokens))
            except (NotationError, RulesError) as error:
                raise NotationError(f"line {number}: {error}{cut if number == len(lines) else ''}") from None
        if empty:
            raise NotationError("the record is empty" if not text.strip("\ufeff \t\r\n")
                                else "no record: only comments and blank lines")
        if not rounds:
            _check_header(pending)
            return cls(pending, [], [])
        return cls(header, rounds, pending)

    def __str__(self) -> str:
        lines = [str(tag) for tag in self.header]
        for index, rnd in enumerate(self.rounds):
            if index:
                lines.extend(str(tag) for tag in rnd.tags)
            lines.append(f'[Deck "{" ".join(card_name(c) for c in rnd.deck)}"]')
            tokens = [a.token for a in rnd.actions]
            for start in range(0, len(tokens), _TOKENS_PER_LINE):
                lines.append(" ".join(tokens[start:start + _TOKENS_PER_LINE]))
        lines.extend(str(tag) for tag in self.trailer)
        return "\n".join(lines) + "\n"

    @classmethod
    def from_match(cls, match: AnyMatch, players: Sequence[str] | None = None,
                   tags: Sequence[Tag] = ()) -> Record:
        """The record of a match of any game: its rules, first dealer, decks and
        recorded actions, and ``players``, one name per seat.

        >>> Record.from_match(game_of(Rules.parse("three-hand")).new_match(), players=["a", "b"])
        Traceback (most recent call last):
        ...
        sixtysix.errors.NotationError: [Players] names 2 players; the three-hand game has 3
        """
        header = [Tag("Rules", (str(match.rules),))]
        if players is not None:
            header.append(Tag("Players", tuple(players)))
            _players(header[-1], game_of(match.rules))
        header.append(Tag("Dealer", (str(match.first_dealer),)))
        header.extend(tags)
        rounds = [RecordRound(rnd.deck, [a for a in rnd.actions if a.is_recorded])
                  for rnd in match.rounds]
        return cls(header, rounds, [])

    @overload
    def replay(self) -> AnyMatch: ...

    @overload
    def replay(self, game: Game[M, Any, Any]) -> M: ...

    def replay(self, game: Game[M, Any, Any] | None = None) -> AnyMatch | M:
        """Play the record through in a match of the game its rules name
        (:attr:`game`), checking each token.

        Raises :class:`ReplayError` for an illegal token and :class:`NotationError`
        for a ``[Deck]`` or ``[Dealer]`` that the match does not allow. A caller that
        takes the records of one game only names it as ``game``: a record of another
        game is a :class:`NotationError`, and the match is typed as that game's.

        >>> text = '''[Rules "three-hand"]
        ... [Players "a" "b" "c"]
        ... [Dealer "2"]
        ... [Deck "Ac Tc Kc Ad Td Kd Ah Th Kh Qc Jc Qd Jd Qh Jh As Ts Ks 9c 9d 9h Qs Js 9s"]
        ... Ac 9c 9s
        ... '''
        >>> match = Record.parse(text).replay()
        >>> match.round.points(), legal_tokens(match.round)
        ((0, 0, 11), ['Ah', 'Jh', 'Js', 'Kh', 'Mh', 'Qh', 'Qs', 'Th', 'out'])
        >>> from sixtysix.games import TWO
        >>> Record.parse(text).replay(TWO)
        Traceback (most recent call last):
        ...
        sixtysix.errors.NotationError: a three-hand record, not a two-hand one
        """
        if game is not None and game is not self.game:
            raise NotationError(f"a {self.game.name} record, not a {game.name} one")
        match: AnyMatch = self.game.new_match(self.rules, dealer=self.dealer)
        for number, entry in enumerate(self.rounds, 1):
            for tag in entry.tags:
                if tag.name == "Dealer" and _seat(tag.values[0], "Dealer", self.seats) != match.dealer:
                    raise NotationError(
                        f"{_at(tag.line)}round {number}: [Dealer \"{tag.values[0]}\"] does not match "
                        f"the rotation (seat {match.dealer} deals)")
            try:
                rnd = match.deal(entry.deck)
            except StateError as error:
                raise NotationError(f"{_at(entry.line)}round {number}: [Deck] not allowed: {error}") from None
            for index, action in enumerate(entry.actions, 1):
                try:
                    push_recorded(rnd, action)
                except IllegalActionError as error:
                    line = entry.action_lines[index - 1] if index <= len(entry.action_lines) else 0
                    raise ReplayError(number, index, action.token, str(error), line) from None
        return match


class ReplayError(IllegalActionError):
    """An illegal token in a record, with where it stands: its round, its index in the
    round, and the line of the record it was read from (0 if unknown)."""

    def __init__(self, round_number: int, index: int, token: str, rule: str, line: int = 0) -> None:
        super().__init__(f"round {round_number}, token {index} '{token}': {rule}")
        self.round_number = round_number
        self.index = index
        self.token = token
        self.rule = rule
        self.line = line


def read_record(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES) -> Record:
    """Read and parse the record file at ``path``, reading at most ``limit`` + 1 bytes.

    Raises :class:`~sixtysix.errors.RecordFileError` for a file that cannot be
    opened, a directory or other non-file, a file larger than ``limit`` bytes or
    text that is not UTF-8, and :class:`~sixtysix.errors.NotationError` for a
    malformed record. A pipe or FIFO is read like a file, without waiting for a
    writer that has not opened it yet: one without a writer is reported.
    """
    name = os.fsdecode(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise RecordFileError(f"cannot read {name}: {error.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise RecordFileError(f"cannot read {name}: it is a directory, not a record file")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
            raise RecordFileError(f"cannot read {name}: not a regular file")
        os.set_blocking(fd, True)
        data = bytearray()
        while len(data) <= limit:
            chunk = os.read(fd, limit + 1 - len(data))
            if not chunk:
                break
            data += chunk
    except RecordFileError:
        raise
    except OSError as error:
        raise RecordFileError(f"cannot read {name}: {error.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise RecordFileError(f"{name} is larger than the {_size(limit)} a record may take")
    if not data and stat.S_ISFIFO(mode):
        raise RecordFileError(f"{name} is a pipe that gave no data (nothing writes to it)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordFileError(f"{name} is not UTF-8 text "
                              f"(byte 0x{data[error.start]:02x} at offset {error.start})") from None
    return Record.parse(text)


def _size(limit: int) -> str:
    """A byte count for messages.

    >>> _size(1 << 20), _size(1500), _size(10)
    ('1 MiB', '1500 bytes', '10 bytes')
    """
    return f"{limit >> 20} MiB" if limit >= 1 << 20 and not limit % (1 << 20) else f"{limit} bytes"


def push_recorded(rnd: AnyRound, action: Action) -> None:
    """Apply a recorded action, first making the implicit ``draw`` or ``pass`` it implies
    (a round of a game without them, as the three-hand one, takes the action as it is)."""
    phase = rnd.phase
    implicit = DRAW if phase is Phase.DRAW else PASS if phase is Phase.RESPOND else None
    if implicit is None or rnd.is_legal(action):
        rnd.push(action)
        return
    rnd.push(implicit)
    try:
        rnd.push(action)
    except IllegalActionError:
        rnd.pop()
        raise


def legal_tokens(rnd: AnyRound) -> list[str]:
    """The tokens a record may write next in this round, sorted.

    At the end of a trick that includes ``close-before-draw`` and ``out`` and the
    leader's tokens after the draw; after a close that the opponent may answer,
    ``exchange`` and the leader's tokens. (A three-hand round has no unwritten
    actions: its tokens are its legal actions.)
    """
    tokens: set[str] = set()
    for action in rnd.legal_tuple():
        if action.is_recorded:
            tokens.add(action.token)
        else:
            rnd.push(action)
            tokens.update(legal_tokens(rnd))
            rnd.pop()
    return sorted(tokens)


def _strip_comment(line: str) -> str:
    in_quotes = False
    escaped = False
    for i, char in enumerate(line):
        if escaped:
            escaped = False
        elif char == "\\" and in_quotes:
            escaped = True
        elif char == '"':
            in_quotes = not in_quotes
        elif char == ";" and not in_quotes:
            return line[:i]
    if in_quotes:
        raise NotationError(f"unclosed double quote in {quoted(line)}")
    return line


def _parse_tag(line: str, number: int = 0) -> Tag:
    found = _TAG.fullmatch(line)
    if found is None:
        raise NotationError(f"malformed tag {quoted(line)}: expected [Name \"value\"]")
    values = tuple(re.sub(r"\\(.)", r"\1", v) for v in _VALUE.findall(found.group(2)))
    return Tag(found.group(1), values, number)


def _check_tag(tag: Tag, game: Game[Any, Any, Any] | None) -> None:
    """Check the value of a [Rules], [Dealer] or [Players] tag where it is read, for
    ``game`` (``None`` while no [Rules] says: checked at the first [Deck])."""
    if tag.name == "Rules":
        if len(tag.values) != 1:
            raise NotationError("[Rules] takes one value")
        Rules.parse(tag.values[0])
    elif tag.name == "Dealer":
        if len(tag.values) != 1:
            raise NotationError("[Dealer] takes one value")
        _seat(tag.values[0], "Dealer", game.seats if game else max(g.seats for g in GAMES))
    elif tag.name == "Players" and game is not None:
        _players(tag, game)


def _game(tags: Sequence[Tag]) -> Game[Any, Any, Any] | None:
    """The game of the [Rules] among ``tags``, ``None`` if none is there."""
    for tag in tags:
        if tag.name == "Rules":
            return game_of(Rules.parse(tag.values[0]))
    return None


def _game_or_classic(tags: Sequence[Tag]) -> Game[Any, Any, Any]:
    """The game of the [Rules] among ``tags``, else of the default rules (classic): the
    game of a record once its first [Deck] is read."""
    return _game(tags) or game_of(Rules())


def _players(tag: Tag, game: Game[Any, Any, Any]) -> None:
    if len(tag.values) != game.seats:
        raise NotationError(f"[Players] names {len(tag.values)} players; "
                            f"the {game.name} game has {game.seats}")


def _at(line: int) -> str:
    return f"line {line}: " if line else ""


def _parse_deck(tag: Tag) -> tuple[Card, ...]:
    if len(tag.values) != 1:
        raise NotationError("[Deck] takes one value")
    cards = tuple(parse_card(token) for token in tag.values[0].split())
    if len(cards) != NUM_CARDS:
        raise NotationError(f"[Deck] must list the 24 cards, got {len(cards)}")
    if len(set(cards)) != NUM_CARDS:
        twice = sorted({card_name(c) for c in cards if cards.count(c) > 1})
        raise NotationError(f"[Deck] lists {', '.join(twice)} more than once")
    return cards


def _parse_token(token: str) -> Action:
    action = parse_action(token)
    if not action.is_recorded:
        raise NotationError(f"{quoted(token)} is not written in records")
    return action


def _seat(value: str, name: str, seats: int) -> int:
    """The seat ``value`` names of a game of ``seats`` players.

    >>> _seat("2", "Dealer", 2)
    Traceback (most recent call last):
    ...
    sixtysix.errors.NotationError: [Dealer] must be "0" or "1", not '2'
    >>> _seat("3", "Dealer", 3)
    Traceback (most recent call last):
    ...
    sixtysix.errors.NotationError: [Dealer] must be "0", "1" or "2", not '3'
    """
    names = [str(seat) for seat in range(seats)]
    if value not in names:
        choices = ", ".join(f'"{n}"' for n in names[:-1]) + f' or "{names[-1]}"'
        raise NotationError(f"[{name}] must be {choices}, not {quoted(value)}")
    return int(value)


def _check_header(header: list[Tag]) -> None:
    names = [tag.name for tag in header]
    if "Dealer" not in names:
        raise NotationError("[Dealer] is required before the first [Deck]")
    for tag in header:
        if tag.name == "Rules":
            if len(tag.values) != 1:
                raise NotationError("[Rules] takes one value")
            Rules.parse(tag.values[0])
    game = _game_or_classic(header)
    for tag in header:
        if tag.name == "Dealer":
            _seat(tag.values[0], "Dealer", game.seats)
        elif tag.name == "Players":
            _players(tag, game)
    if names.count("Dealer") > 1:
        raise NotationError("[Dealer] given twice before the first [Deck]")
