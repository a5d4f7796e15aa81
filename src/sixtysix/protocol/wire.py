"""The lines of the bot protocol (``docs/PROTOCOL.md``): its version, its limits, and every
line either side writes, with the readers of the host's lines that carry more than cards and
actions (those are written as in records: :func:`~sixtysix.cards.parse_card`,
:func:`~sixtysix.game.actions.parse_action`).

A line is words separated by spaces; the first names the command.

>>> round_line(1, 1, (0, 0))
'round 1 dealer 1 score 0 0'
>>> read_round(["1", "dealer", "1", "score", "0", "0"], 2)
(1, (0, 0))
>>> from sixtysix.game.actions import CLOSE, parse_action
>>> go_line(1, [parse_action("Qc"), CLOSE], 2000)
'go 2000 Qc close'
>>> go_line(2, [parse_action("Qc"), CLOSE], 2000)
'go budget 2000 legal Qc close'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from sixtysix.cards import Card, CardSet, card_name, cards_in, parse_card
from sixtysix.errors import ProtocolError, quoted
from sixtysix.game.actions import Action
from sixtysix.game.outcome import Reason
from sixtysix.rules import Rules

VERSION = 2
"""The newest protocol version this package speaks."""
VERSIONS: Final = {1: (2,), 2: (2, 3)}
"""The protocol versions this package speaks, each with the numbers of seats of the games
it plays: version 1 seats two, version 2 any game of the family."""
MAX_LINE = 4096
"""The longest line either side may send, in characters."""
MAX_SEED = 2 ** 64 - 1
"""The largest seed the host tells a program (``set seed N``)."""
SEATS: Final = tuple(sorted({seats for seated in VERSIONS.values() for seats in seated}))
"""The numbers of seats of the games some version plays: a program bot (``cmd:``) plays no other."""

QUIT = "quit"
"""The host's last line: the bot exits."""
READY = "ready"
"""The bot's last line of the handshake."""
ISREADY = "isready"
"""Version 2: the host asks whether the bot is ready, after the options and before ``match``."""
READYOK = "readyok"
"""Version 2: the bot's answer to ``isready``, once it is ready."""
STOP = "stop"
"""Version 2: the time for the decision is over; the bot answers ``play`` at once."""
VERSION_COMMAND = "version"
"""The bot's line of the handshake that asks for a newer version than 1: ``version 2``."""


def _score(score: Sequence[int]) -> str:
    return " ".join(str(points) for points in score)


def hello_line() -> str:
    """The host's first line, the handshake: the protocol and version 1, which every bot
    speaks; a bot that speaks a newer one answers :func:`version_line`."""
    return "sixtysix 1"


def version_line(version: int) -> str:
    """The bot asks, in the handshake, to speak ``version`` (2 and up)."""
    return f"{VERSION_COMMAND} {version}"


def set_line(name: str, value: str | int) -> str:
    """The host sets an option the bot offered."""
    return f"set {name} {value}"


def match_line(seat: int, rules: Rules) -> str:
    """A match begins; the bot plays ``seat``."""
    return f"match seat {seat} rules {rules}"


def round_line(number: int, dealer: int, score: Sequence[int]) -> str:
    """Round ``number`` begins; ``dealer`` deals; the match score by seat."""
    return f"round {number} dealer {dealer} score {_score(score)}"


def hand_line(hand: CardSet) -> str:
    """The seat's hand as dealt."""
    return " ".join(["hand", *(card_name(c) for c in cards_in(hand))])


def trump_line(trump: Card | None) -> str:
    """The card under the stock now, ``-`` once drawn."""
    return f"trump {'-' if trump is None else card_name(trump)}"


def card_line(command: str, card: Card) -> str:
    """A card the seat drew (``draw``) or, in version 1, saw its opponent show (``shown``)."""
    return f"{command} {card_name(card)}"


def shown_line(seat: int, card: Card) -> str:
    """Version 2: seat ``seat`` showed the card ``card``, which it holds."""
    return f"shown {seat} {card_name(card)}"


def action_line(actor: int, action: Action) -> str:
    """Seat ``actor`` took ``action``."""
    return f"action {actor} {action.token}"


def go_line(version: int, legal: Iterable[Action], budget: int, view: Sequence[str] = ()) -> str:
    """The request to act: the time for this decision in milliseconds, then the legal
    tokens; version 2 names each (``budget``, ``legal``) and adds the seat's whole ``view``."""
    tokens = [a.token for a in legal]
    if version == 1:
        return " ".join(["go", str(budget), *tokens])
    return " ".join(["go", "budget", str(budget), "legal", *tokens, *view])


def roundend_line(winner: int | None, points: int, reason: Reason, score: Sequence[int]) -> str:
    """The round has ended: ``winner`` (``None``: a tie) scores ``points`` for ``reason``;
    the match score after it."""
    return (f"roundend winner {'-' if winner is None else winner} points {points} "
            f"reason {reason.value} score {_score(score)}")


def matchend_line(winner: int | None, score: Sequence[int]) -> str:
    """The match has ended."""
    return f"matchend winner {winner} score {_score(score)}"


def id_line(key: str, value: str) -> str:
    """What the bot says of itself in the handshake: its ``name`` or ``author``."""
    return f"id {key} {value}"


def option_line(name: str, whole: bool, low: float, high: float) -> str:
    """An option the bot offers in the handshake: a whole number or a number, from ``low``
    to ``high`` (as ``%g`` writes them).

    >>> option_line("iterations", True, 1, 10_000_000)
    'option iterations whole 1 1e+07'
    """
    return f"option {name} {'whole' if whole else 'number'} {low:g} {high:g}"


def option_refusal(declared: Sequence[str], value: str) -> str | None:
    """Why ``value`` does not fit the option a bot declared as ``NAME TYPE ...`` (the words
    after ``option``): ``whole MIN MAX``, ``number MIN MAX``, ``choice V1 V2 ...`` or
    ``text``; ``None`` if it fits, or if the type is none of these.

    >>> option_refusal(["depth", "whole", "1", "12"], "13")
    "option depth takes a whole number from 1 to 12, not '13'"
    >>> option_refusal(["style", "choice", "safe", "bold"], "bold") is None
    True
    """
    name, kind, limits = declared[0], " ".join(declared[1:2]), declared[2:]
    if kind in ("whole", "number") and len(limits) == 2:
        wanted = f"option {name} takes a {'whole ' if kind == 'whole' else ''}number from " \
                 f"{limits[0]} to {limits[1]}, not {quoted(value)}"
        try:
            number = int(value) if kind == "whole" else float(value)
            fits = float(limits[0]) <= number <= float(limits[1])
        except ValueError:
            return wanted
        return None if fits else wanted
    if kind == "choice" and value not in limits:
        return f"option {name} takes one of {', '.join(limits)}, not {quoted(value)}"
    return None


SEED_OPTION = f"option seed whole 0 {MAX_SEED}"
"""The option of a bot that takes the host's seed (``set seed N``)."""


def play_line(action: Action) -> str:
    """The bot's answer to ``go``."""
    return f"play {action.token}"


def error_line(text: str) -> str:
    """The bot gives up, or refuses a line: the first line of ``text``, cut to fit a line."""
    return f"error {text.splitlines()[0][:MAX_LINE - 6]}"


def words(line: str) -> list[str]:
    """The words of a line as the bot reads it: past :data:`MAX_LINE` characters, none."""
    return line[:MAX_LINE].split()


def read_hello(arguments: Sequence[str]) -> None:
    """Check the host's handshake, which opens with version 1."""
    if list(arguments) != ["1"]:
        raise ProtocolError(f"the handshake is sixtysix 1, not sixtysix {quoted(' '.join(arguments))}")


def read_version(arguments: Sequence[str]) -> int:
    """The version a bot asks for with ``version N``.

    >>> read_version(["3"])
    Traceback (most recent call last):
    ...
    sixtysix.errors.ProtocolError: version takes one of 1, 2, not '3'
    """
    text = " ".join(arguments)
    if not text.isdigit() or int(text) not in VERSIONS:
        raise ProtocolError(f"version takes one of {', '.join(map(str, VERSIONS))}, not {quoted(text)}")
    return int(text)


def check_seats(version: int, rules: Rules) -> None:
    """Refuse a game that ``version`` does not seat.

    >>> check_seats(1, Rules.parse("three-hand"))
    Traceback (most recent call last):
    ...
    sixtysix.errors.ProtocolError: protocol version 1 seats 2 players, not 3; version 2 does
    """
    if rules.seats not in VERSIONS[version]:
        seated = " or ".join(map(str, VERSIONS[version]))
        newer = " or ".join(str(other) for other in VERSIONS if rules.seats in VERSIONS[other])
        raise ProtocolError(f"protocol version {version} seats {seated} players, not {rules.seats}; "
                            f"version {newer} does")


def read_seed(value: str) -> int:
    """The seed of ``set seed N``."""
    if not value.isdigit() or int(value) > MAX_SEED:
        raise ProtocolError(f"seed must be a whole number from 0 to {MAX_SEED}, not {quoted(value)}")
    return int(value)


def read_seat(text: str, seats: int) -> int:
    """A seat of a game of ``seats`` players.

    >>> read_seat("2", 2)
    Traceback (most recent call last):
    ...
    sixtysix.errors.ProtocolError: seat must be 0 or 1, not '2'
    >>> read_seat("2", 3)
    2
    """
    if not text.isdigit() or int(text) >= seats:
        names = ", ".join(map(str, range(seats - 1)))
        raise ProtocolError(f"seat must be {names} or {seats - 1}, not {quoted(text)}")
    return int(text)


def read_match(arguments: Sequence[str], version: int) -> tuple[int, Rules]:
    """The seat and the rules of ``match seat S rules RULES``, of a game ``version`` seats."""
    if len(arguments) < 4 or arguments[0] != "seat" or arguments[2] != "rules":
        raise ProtocolError("match takes: seat S rules RULES")
    rules = Rules.parse(" ".join(arguments[3:]))
    check_seats(version, rules)
    return read_seat(arguments[1], rules.seats), rules


def read_round(arguments: Sequence[str], seats: int) -> tuple[int, tuple[int, ...] | None]:
    """The dealer of ``round N dealer D score A B ...``, and the score if it is told."""
    if len(arguments) < 3 or arguments[1] != "dealer":
        raise ProtocolError("round takes: N dealer D score, then each seat's score")
    dealer = read_seat(arguments[2], seats)
    score = arguments[4:4 + seats]
    if arguments[3:4] == ["score"] and len(score) == seats and all(a.isdigit() for a in score):
        return dealer, tuple(int(points) for points in score)
    return dealer, None


VIEW_FIELDS: Final = ("seat", "dealer", "leader", "trump", "stock", "closed", "hand", "table", "shown",
                      "points", "tricks", "marriages", "sizes", "score", "target")
"""The names of the fields of the seat's whole view on version 2's ``go``, in their order
(:func:`sixtysix.protocol.view.view_words`)."""
GO_FIELDS: Final = ("budget", "legal", *VIEW_FIELDS)
"""The names of the fields of version 2's ``go``, in their order: each is followed by its
values, and no value is a name."""


def read_go(arguments: Sequence[str]) -> dict[str, list[str]]:
    """The fields of version 2's ``go`` line by name.

    >>> fields = read_go(["budget", "500", "legal", "Ah", "out", *VIEW_FIELDS])
    >>> fields["budget"], fields["legal"], fields["table"]
    (['500'], ['Ah', 'out'], [])
    >>> read_go(["budget", "500", "legal", "Ah"])
    Traceback (most recent call last):
    ...
    sixtysix.errors.ProtocolError: go lacks seat, dealer, leader, trump, stock, closed, hand, table, \
shown, points, tricks, marriages, sizes, score, target
    """
    fields: dict[str, list[str]] = {}
    values: list[str] | None = None
    for word in arguments:
        if word in GO_FIELDS:
            if word in fields:
                raise ProtocolError(f"go names {word} twice")
            values = fields[word] = []
        elif values is None:
            raise ProtocolError(f"go starts with a field's name, not {quoted(word)}")
        else:
            values.append(word)
    missing = [name for name in GO_FIELDS if name not in fields]
    if missing:
        raise ProtocolError(f"go lacks {', '.join(missing)}")
    return fields


def read_trump(text: str) -> Card | None:
    """The card of a ``trump`` line, ``None`` for ``-``."""
    return None if text == "-" else parse_card(text)
