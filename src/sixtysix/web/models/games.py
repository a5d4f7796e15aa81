"""Games: the new-game request, the protocol's ``Game`` object, a replay.

>>> NewGame.model_validate({"opponent": "bot", "level": "easy", "rules": "classic match_target=3"}).invites
False
>>> NewGame.model_validate({"rules": "three-hand", "seats": ["easy", "human"]}).invites
True
>>> from pydantic import ValidationError
>>> from sixtysix.web.models.errors import problem
>>> try:
...     NewGame.model_validate({"rules": "classic match_target=100"})
... except ValidationError as error:
...     print(problem(error.errors()[0]))
('bad_rules', "flag 'match_target' must be from 1 to 99, not 100")
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints
from pydantic_core import PydanticCustomError

from sixtysix.bots import LEVELS
from sixtysix.errors import RulesError
from sixtysix.games import game_of
from sixtysix.rules import FLAGS, Rules, flag_values
from sixtysix.web.store import GameRow

RULES_LENGTH = 400
"""The longest rules text (the width of the games' ``rules`` column)."""
KIND_LENGTH = 16
"""The longest level, program bot name or seat kind (the width of the ``bot`` column)."""
ID_LENGTH = 32
"""The longest game id a path may name (the width of the games' ``id`` column)."""
NUMBER_MIN = 1
"""The smallest value of a numeric rule flag over the web."""
NUMBER_MAX = 99
"""The largest value of a numeric rule flag over the web: the engine takes any whole
number from 1, but a match to 100,000 is no game for a browser table."""
NUMERIC_FLAGS = tuple(name for name in FLAGS if flag_values(name) is None)
"""The rule flags that take a number rather than one of a list of values."""
MOVE_SECONDS = (5, 300)
"""The shortest and longest time for one move of a clock."""
BANK_SECONDS = (0, 1800)
"""The smallest and largest time bank of a clock."""
PERSON = "human"
"""The kind of a three-hand seat a person takes (the others are bot levels)."""

View = dict[str, Any]
"""A round as one seat, a spectator or a replay sees it (:mod:`sixtysix.web.views`)."""


def _rules(text: str) -> str:
    for word in text.split()[1:]:
        name, _, value = word.partition("=")
        number = name in NUMERIC_FLAGS and value.isascii() and value.isdigit()
        if number and not NUMBER_MIN <= int(value) <= NUMBER_MAX:
            reason = f"flag {name!r} must be from {NUMBER_MIN} to {NUMBER_MAX}, not {value}"
            raise PydanticCustomError("bad_rules", "{reason}", {"reason": reason})
    try:
        Rules.parse(text)
    except RulesError as error:
        raise PydanticCustomError("bad_rules", "{reason}", {"reason": str(error)}) from None
    return text


Kind = Annotated[str, StringConstraints(max_length=KIND_LENGTH)]
"""A level, a program bot's name or a seat kind: checked by the game service."""


class Clock(BaseModel):
    """A move clock: ``move`` seconds for each move of a person's seat, then its bank of
    ``bank`` seconds for the whole match."""

    model_config = ConfigDict(extra="forbid")

    move: Annotated[int, Field(ge=MOVE_SECONDS[0], le=MOVE_SECONDS[1])]
    bank: Annotated[int, Field(ge=BANK_SECONDS[0], le=BANK_SECONDS[1])]


DEFAULT_CLOCK = Clock(move=20, bank=60)
"""The clock of a rated game created without one."""


class NewGame(BaseModel):
    """``POST /api/games``: a two-hand game against a bot or a person (``opponent``,
    ``level``), or a three-hand game with the kind of seats 1 and 2 (``seats``); ``rated``
    (every other seat a person's, the rules a preset unchanged, every player an account's)
    or casual; a move ``clock`` (a rated game's is :data:`DEFAULT_CLOCK` unless given, a
    casual game has none unless given)."""

    model_config = ConfigDict(extra="forbid")

    opponent: Literal["bot", "human"] | None = None
    level: Kind | None = None
    rules: Annotated[str, StringConstraints(max_length=RULES_LENGTH), AfterValidator(_rules)] = "classic"
    """A preset and flags, numeric ones from :data:`NUMBER_MIN` to :data:`NUMBER_MAX`."""
    seats: Annotated[list[Kind], Field(max_length=2)] | None = None
    rated: bool = False
    clock: Clock | None = None

    @property
    def invites(self) -> bool:
        """Whether the game waits for people invited by link."""
        if others(Rules.parse(self.rules)) == 1:
            return self.opponent == PERSON
        return PERSON in (self.seats or ())


def others(rules: Rules) -> int:
    """How many seats a game of ``rules`` has besides its creator's: a new game names the
    one other seat by ``opponent`` and ``level``, more by ``seats``.

    >>> others(Rules.parse("santase")), others(Rules.parse("three-hand"))
    (1, 2)
    """
    return game_of(rules).seats - 1


class SeatRating(BaseModel):
    """A seated player's rating in a rated game's kind, as shown (``provisional``: with "?")."""

    rating: int
    provisional: bool


class Game(BaseModel):
    """The protocol's ``Game`` object, as one player (or nobody) sees it."""

    id: str
    status: str
    """``open`` (waiting for people), ``playing`` or ``over``."""
    players: list[str | None]
    """Each seat's name: a person's, a bot's, or null for a seat still open."""
    bot: str | None
    """The level or program bot of seat 1, if a bot sits there."""
    bots: list[str | None]
    """Each seat's level or program bot (null: a person's seat)."""
    rules: str
    score: list[int]
    winner: int | None
    ending: str | None
    """How the match ended: ``played``, ``claimed``, ``resigned``, ``forfeit`` or ``time``
    (a two-hand seat ran out of time on the move clock)."""
    created: str
    your_seat: int | None
    rated: bool = False
    clock: Clock | None = None
    """The game's move clock, if it has one."""
    ratings: list[SeatRating | None] | None = None
    """In a rated game being played, each seated player's rating when the match began."""

    @classmethod
    def of(cls, row: GameRow, names: list[str | None], seat: int | None,
           ratings: list[SeatRating | None] | None = None) -> Game:
        """A row's game as the player in ``seat`` sees it, with each seat's name (and
        rating)."""
        clock = None
        if row.move_seconds is not None and row.bank_seconds is not None:
            clock = Clock(move=row.move_seconds, bank=row.bank_seconds)
        return cls(id=row.id, status=row.status, players=names, bot=row.bot, bots=row.bots, rules=row.rules,
                   score=list(row.score), winner=row.winner, ending=row.ending, created=row.created,
                   your_seat=seat, rated=row.rated, clock=clock, ratings=ratings)


def level_name(level: str) -> str:
    """The display name of a bot seat: a level's, or a program bot's own name.

    >>> level_name("medium"), level_name("pybot")
    ('Medium bot', 'pybot')
    """
    return f"{level.capitalize()} bot" if level in LEVELS else level


def seat_names(row: GameRow, names: dict[str, str]) -> list[str | None]:
    """The name of each seat of a game: its player's (from ``names`` by id), its bot's, or
    ``None`` for a seat still open.

    >>> row = GameRow("g", "open", "three-hand", 0, "easy", ["p1", None, None], (0, 0, 0), None, None, "",
    ...               "hard")
    >>> seat_names(row, {"p1": "Ann"})
    ['Ann', 'Easy bot 1', 'Hard bot 2']
    """
    result: list[str | None] = [names.get(i) if i else None for i in row.player_ids]
    alone = len(row.player_ids) - 1 == 1
    for seat, bot in enumerate(row.bots):
        if bot is not None:
            # The bots of a table of more than one other seat are told apart by their seats.
            result[seat] = level_name(bot) if alone else f"{level_name(bot)} {seat}"
    return result


class GameReply(BaseModel):
    """One game: ``POST /api/games``, ``POST /api/games/{id}/join``, ``GET /api/games/{id}``."""

    game: Game


class GamesReply(BaseModel):
    """Games: ``GET /api/lobby``, ``GET /api/history``."""

    games: list[Game]


class ReplayStep(BaseModel):
    """One step of a replay: a deal (``actor`` and ``action`` null) or an action, and the
    round after it with every hand shown."""

    round: int
    actor: int | None
    action: str | None
    view: View


class Replay(BaseModel):
    """``GET /api/games/{id}/replay``: a finished match step by step."""

    game: Game
    steps: list[ReplayStep]
