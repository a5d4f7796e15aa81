"""The lines of the bot protocol (``docs/PROTOCOL.md``): its version, its limits, and every
line either side writes, with the readers of the host's lines that carry more than cards and
actions (those are written as in records: :func:`~sixtysix.cards.parse_card`,
:func:`~sixtysix.game.actions.parse_action`).

A line is words separated by spaces; the first names the command.

>>> round_line(1, 1, (0, 0))
'round 1 dealer 1 score 0 0'
>>> read_round(["1", "dealer", "1", "score", "0", "0"])
(1, (0, 0))
>>> from sixtysix.game.actions import CLOSE, parse_action
>>> go_line([parse_action("Qc"), CLOSE], 2000)
'go 2000 Qc close'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sixtysix.cards import Card, CardSet, card_name, cards_in, parse_card
from sixtysix.errors import ProtocolError, quoted
from sixtysix.game.actions import Action
from sixtysix.game.outcome import Reason
from sixtysix.rules import Rules

VERSION = 1
"""The protocol version this package speaks."""
MAX_LINE = 4096
"""The longest line either side may send, in characters."""
MAX_SEED = 2 ** 64 - 1
"""The largest seed the host tells a program (``set seed N``)."""
SEATS = (2,)
"""The numbers of seats of the games this version plays: a program bot (``cmd:``) plays no other."""

QUIT = "quit"
"""The host's last line: the bot exits."""
READY = "ready"
"""The bot's last line of the handshake."""


def _score(score: Sequence[int]) -> str:
    return " ".join(str(points) for points in score)


def hello_line() -> str:
    """The host's first line, the handshake: the protocol and its version."""
    return f"sixtysix {VERSION}"


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
    """A card the seat drew (``draw``) or saw its opponent show (``shown``)."""
    return f"{command} {card_name(card)}"


def action_line(actor: int, action: Action) -> str:
    """Seat ``actor`` took ``action``."""
    return f"action {actor} {action.token}"


def go_line(legal: Iterable[Action], milliseconds: int) -> str:
    """The request to act: the time left in milliseconds, then the legal tokens."""
    return " ".join(["go", str(milliseconds), *(a.token for a in legal)])


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
    """Check the version the host's handshake asks for."""
    if list(arguments) != [str(VERSION)]:
        raise ProtocolError(f"this bot speaks protocol {VERSION}, not {quoted(' '.join(arguments))}")


def read_seed(value: str) -> int:
    """The seed of ``set seed N``."""
    if not value.isdigit() or int(value) > MAX_SEED:
        raise ProtocolError(f"seed must be a whole number from 0 to {MAX_SEED}, not {quoted(value)}")
    return int(value)


def read_seat(text: str) -> int:
    """A seat of the two-hand game.

    >>> read_seat("2")
    Traceback (most recent call last):
    ...
    sixtysix.errors.ProtocolError: seat must be 0 or 1, not '2'
    """
    if text not in ("0", "1"):
        raise ProtocolError(f"seat must be 0 or 1, not {quoted(text)}")
    return int(text)


def read_match(arguments: Sequence[str]) -> tuple[int, Rules]:
    """The seat and the rules of ``match seat S rules RULES``."""
    if len(arguments) < 4 or arguments[0] != "seat" or arguments[2] != "rules":
        raise ProtocolError("match takes: seat S rules RULES")
    rules = Rules.parse(" ".join(arguments[3:]))
    if rules.seats not in SEATS:
        raise ProtocolError(f"protocol version {VERSION} plays the two-hand game only")
    return read_seat(arguments[1]), rules


def read_round(arguments: Sequence[str]) -> tuple[int, tuple[int, int] | None]:
    """The dealer of ``round N dealer D score A B``, and the score if it is told."""
    if len(arguments) < 3 or arguments[1] != "dealer":
        raise ProtocolError("round takes: N dealer D score A B")
    dealer = read_seat(arguments[2])
    score = arguments[4:6]
    if arguments[3:4] == ["score"] and len(score) == 2 and all(a.isdigit() for a in score):
        return dealer, (int(score[0]), int(score[1]))
    return dealer, None


def read_trump(text: str) -> Card | None:
    """The card of a ``trump`` line, ``None`` for ``-``."""
    return None if text == "-" else parse_card(text)
