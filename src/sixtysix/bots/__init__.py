"""Computer players behind one small interface, each available by name.

A bot is named by its kind (``random``, ``greedy``, ``heuristic``, ``solver``,
``pimc``, ``ismcts``) or by a strength level (``easy``, ``medium``, ``hard``,
``expert``), optionally with parameters: ``pimc:samples=40``; ``cmd:PROGRAM ARGS``
names a program that speaks the bot protocol (:mod:`sixtysix.bots.engine`). Each bot declares
the parameters it takes (:attr:`Bot.parameters`), and :func:`make_bot` checks a
specification against them, raising :class:`~sixtysix.errors.BotError`.

A bot plays one game, the two-hand one unless :func:`make_bot` is given another; a
name may stand for a different class in each game it plays (:class:`Kind`). What the
bots know of a game beyond their classes, its analysis of a position above all, is the
game's one entry in :data:`EXPERTISE` (:class:`Expertise`).

>>> from sixtysix.games import THREE
>>> bot = make_bot("random", seed=1)
>>> sorted(BOTS)
['greedy', 'heuristic', 'ismcts', 'pimc', 'random', 'solver']
>>> make_bot("ismcts:iterations=50,exploration=0.5").exploration
0.5
>>> type(make_bot("medium")).__name__, type(make_bot("medium", game=THREE)).__name__
('HeuristicBot', 'ThreeHeuristicBot')
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

from sixtysix.errors import BotError, quoted
from sixtysix.game.actions import Action
from sixtysix.game.interface import Game, Observation
from sixtysix.games import GAMES, THREE, TWO, game_of
from sixtysix.protocol import wire
from sixtysix.rules import Rules

if TYPE_CHECKING:
    from sixtysix.bots.analysis import Analysis

O_contra = TypeVar("O_contra", bound=Observation, contravariant=True)

COMMAND = "cmd:"
"""The prefix of a bot specification that names a program speaking the bot protocol."""
DEFAULT_GAME: Final = game_of(Rules())
"""The game a bot plays unless :func:`make_bot` is told another: that of the default rules."""
MAX_SAMPLES = 100_000
"""The most sampled deals a bot or an analysis may take per decision."""
MAX_SECONDS = 3600.0
"""The longest time budget a bot may be given per decision, in seconds."""
MAX_WORK = 100_000
"""The largest work budget a bot may be given per decision, in thousands of
:class:`~sixtysix.bots.search.Budget`'s units."""

_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_WHOLE = re.compile(r"[+-]?[0-9]{1,12}")


@dataclass(frozen=True)
class Parameter:
    """A parameter a bot specification may set: a whole number (``whole``) or a
    finite number, from ``low`` to ``high``.

    >>> Parameter(True, 1, 500).read("samples", "40")
    40
    >>> Parameter(False, 0, 10).read("margin", "inf")
    Traceback (most recent call last):
    ...
    sixtysix.errors.BotError: margin must be a number from 0 to 10, not 'inf'
    >>> Parameter(True, 0, 1).read("raw", "2")
    Traceback (most recent call last):
    ...
    sixtysix.errors.BotError: raw must be 0 or 1, not '2'
    """

    whole: bool
    low: float
    high: float

    def __str__(self) -> str:
        if self.whole and (self.low, self.high) == (0, 1):
            return "0 or 1"
        return f"{'a whole number' if self.whole else 'a number'} from {self.low:g} to {self.high:g}"

    def read(self, name: str, text: str) -> int | float:
        """The value ``text`` gives parameter ``name``, or :class:`BotError`."""
        value: int | float | None = None
        if self.whole and _WHOLE.fullmatch(text):
            value = int(text)
        elif not self.whole and _NUMBER.fullmatch(text):
            value = float(text)
        if value is None or not math.isfinite(value) or not self.low <= value <= self.high:
            raise BotError(f"{name} must be {self}, not {quoted(text)}")
        return value


class Bot(ABC, Generic[O_contra]):
    """A computer player of one game: ``act`` picks one of the observation's legal actions.

    Bots are seeded: the same seed and the same observations give the same choices.
    """

    name: ClassVar[str] = "bot"
    parameters: ClassVar[Mapping[str, Parameter]] = {}
    """The keyword arguments of the constructor that a specification may set."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    @abstractmethod
    def act(self, observation: O_contra) -> Action:
        """Choose an action for the seat to act."""


@dataclass(frozen=True)
class Kind:
    """A bot by name: the parameters its specification may set, and its class in each
    game it plays (by the game's name), each taking a seed and those parameters."""

    name: str
    parameters: Mapping[str, Parameter]
    classes: Mapping[str, type[Bot[Any]]]

    @staticmethod
    def of(*classes: type[Bot[Any]], games: tuple[Game[Any, Any, Any], ...]) -> Kind:
        """The kind of ``classes``, the one for each of ``games`` in order (one class for
        all of them if only one is given), which share their name and parameters."""
        if len(classes) == 1:
            classes *= len(games)
        first = classes[0]
        if any((c.name, c.parameters) != (first.name, first.parameters) for c in classes):
            raise ValueError(f"the classes of bot {first.name!r} differ in name or parameters")
        return Kind(first.name, first.parameters,
                    {game.name: cls for game, cls in zip(games, classes, strict=True)})

    def plays(self, game: Game[Any, Any, Any]) -> bool:
        """Whether the bot plays ``game``."""
        return game.name in self.classes


BOTS: dict[str, Kind] = {}
"""The bots by name."""


@dataclass(frozen=True)
class Expertise:
    """What the bots know of one game beyond their classes: how they value a position,
    when that value is exact, what it means, and whether learned policies play the game."""

    analyze: Analysis
    """The value of each legal action of an observation of the game, best first
    (:mod:`sixtysix.bots.analysis`)."""
    determined: Callable[[Any], bool]
    """Whether an observation fixes every card still to play, so that it is solved exactly."""
    valued: str
    """What the values of :attr:`analyze` are, with ``{seat}`` for the seat to act."""
    meaning: str | None
    """What a value is, when it is not the seat's expected game points of the round."""
    learned: bool
    """Whether learned policies (``learned:PATH``) play the game."""


EXPERTISE: dict[str, Expertise] = {}
"""What the bots know of each game beyond their classes, by the game's name (a new game
adds its own).

>>> sorted(EXPERTISE) == sorted(game.name for game in GAMES)
True
"""


def expertise(game: Game[Any, Any, Any]) -> Expertise:
    """What the bots know of ``game`` beyond their classes."""
    return EXPERTISE[game.name]


LEVELS: dict[str, str] = {}
"""The strength levels the play front ends offer, each a bot specification."""


def _described(accepted: Mapping[str, Parameter]) -> str:
    """The parameters with their ranges, those of one range named together.

    >>> _described(BOTS["heuristic"].parameters)
    'exact (a whole number from 0 to 6)'
    >>> _described(BOTS["pimc"].parameters)  # doctest: +ELLIPSIS
    'samples or work (...), seconds (...), close_margin (...), raw, exchange or match (0 or 1)'
    """
    groups: dict[str, list[str]] = {}
    for key, parameter in accepted.items():
        groups.setdefault(str(parameter), []).append(key)
    return ", ".join(f"{keys[0]} ({kind})" if len(keys) == 1 else
                     f"{', '.join(keys[:-1])} or {keys[-1]} ({kind})" for kind, keys in groups.items())


def plays(spec: str, game: Game[Any, Any, Any]) -> bool:
    """Whether the bot or level named by ``spec`` plays ``game`` (its parameters unchecked).

    >>> from sixtysix.games import THREE
    >>> plays("expert", THREE), plays("solver", THREE), plays("solver:samples=3", TWO)
    (True, False, True)
    """
    if spec.startswith((COMMAND, "learned:")):
        return _external_plays(spec, game)
    kind = BOTS.get(LEVELS.get(spec, spec).partition(":")[0])
    return kind is not None and kind.plays(game)


def _external_plays(spec: str, game: Game[Any, Any, Any]) -> bool:
    """Whether the program (``cmd:``) or learned bot of ``spec`` plays ``game``: a program
    if the bot protocol seats the game's players, a learned policy if the game's
    :class:`Expertise` says so."""
    return game.seats in wire.SEATS if spec.startswith(COMMAND) else expertise(game).learned


def make_bot(spec: str, seed: int | None = None, *, game: Game[Any, Any, Any] = DEFAULT_GAME) -> Bot[Any]:
    """The bot of a name or level for ``game``, seeded, with ``name:key=value,...``
    parameters, or ``learned:PATH``: a policy trained by ``examples/train_policy.py``
    (extra ``[rl]``).

    >>> from sixtysix.games import THREE
    >>> from sixtysix.three.match import ThreeMatch
    >>> from sixtysix.three.observation import observe_three
    >>> rnd = ThreeMatch(seed=1).deal()
    >>> make_bot("greedy", game=THREE).act(observe_three(rnd, rnd.to_act)) in rnd.legal_tuple()
    True
    >>> make_bot("solver", game=THREE)
    Traceback (most recent call last):
    ...
    sixtysix.errors.BotError: bot 'solver' does not play the three-hand game yet; \
these do: greedy, heuristic, pimc, random

    >>> make_bot("nobody")
    Traceback (most recent call last):
    ...
    sixtysix.errors.BotError: unknown bot 'nobody'; bots: greedy, heuristic, ismcts, pimc, random, \
solver; levels: easy, medium, hard, expert
    >>> make_bot("solver:samples=0")
    Traceback (most recent call last):
    ...
    sixtysix.errors.BotError: bot 'solver': samples must be a whole number from 1 to 100000, \
not '0'; solver takes samples
    >>> make_bot("greedy:depth=2")
    Traceback (most recent call last):
    ...
    sixtysix.errors.BotError: bot 'greedy' takes no parameters, not 'depth'
    """
    if spec.startswith((COMMAND, "learned:")):
        if not _external_plays(spec, game):
            external = "program" if spec.startswith(COMMAND) else "learned"
            raise BotError(f"a {external} bot does not play the {game.name} game yet")
        if spec.startswith(COMMAND):
            from sixtysix.bots.engine import EngineBot

            return EngineBot.from_spec(spec.removeprefix(COMMAND), seed)
    spec = LEVELS.get(spec, spec)
    name, _, params = spec.partition(":")
    if name == "learned":
        return _learned(params, seed)
    kind = BOTS.get(name)
    if kind is None:
        raise BotError(f"unknown bot {quoted(name)}; bots: {', '.join(sorted(BOTS))}; "
                       f"levels: {', '.join(LEVELS)}")
    cls = kind.classes.get(game.name)
    if cls is None:
        players = sorted(name for name, other in BOTS.items() if other.plays(game))
        raise BotError(f"bot {name!r} does not play the {game.name} game yet; "
                       f"these do: {', '.join(players)}")
    accepted = kind.parameters
    takes = f"{name} takes {', '.join(accepted)}"
    options: dict[str, int | float] = {}
    for item in filter(None, params.split(",")):
        key, sep, value = item.partition("=")
        if not accepted:
            raise BotError(f"bot {name!r} takes no parameters, not {quoted(key)}")
        parameter = accepted.get(key)
        if parameter is None:
            raise BotError(f"bot {name!r} has no parameter {quoted(key)}; "
                           f"{name} takes {_described(accepted)}")
        if not sep:
            raise BotError(f"bot {name!r}: {key} needs a value, as in {key}=..., {parameter}; {takes}")
        if key in options:
            raise BotError(f"bot {name!r}: {key} is given twice; {takes}")
        try:
            options[key] = parameter.read(key, value)
        except BotError as error:
            raise BotError(f"bot {name!r}: {error}; {takes}") from None
    return cls(seed, **options)


def _learned(path: str, seed: int | None) -> Bot[Any]:
    """The bot of the learned policy at ``path``, from the ``[rl]`` extra."""
    if not path:
        raise BotError("bot 'learned' needs the path of a policy: learned:PATH")
    try:
        from sixtysix.bots.learned import learned_bot
    except ImportError as error:
        raise BotError(f"a learned bot needs the extra: pip install 'sixtysix[rl]' ({error})") from None
    return learned_bot(path, seed)


def _register() -> None:
    from sixtysix.bots import search, threehand
    from sixtysix.bots.analysis import analyze, analyze_three
    from sixtysix.bots.greedy import GreedyBot
    from sixtysix.bots.heuristic import HeuristicBot, ThreeHeuristicBot
    from sixtysix.bots.ismcts import IsmctsBot
    from sixtysix.bots.pimc import PimcBot, ThreePimcBot
    from sixtysix.bots.random import RandomBot
    from sixtysix.bots.solver import SolverBot

    for kind in (Kind.of(RandomBot, games=GAMES), Kind.of(GreedyBot, games=GAMES),
                 Kind.of(IsmctsBot, games=(TWO,)),
                 Kind.of(HeuristicBot, ThreeHeuristicBot, games=(TWO, THREE)),
                 Kind.of(SolverBot, games=(TWO,)), Kind.of(PimcBot, ThreePimcBot, games=(TWO, THREE))):
        BOTS[kind.name] = kind
    EXPERTISE[TWO.name] = Expertise(analyze, search.is_determined, "expected game points for seat {seat}",
                                    meaning=None, learned=True)
    EXPERTISE[THREE.name] = Expertise(
        analyze_three, threehand.is_determined,
        "seat {seat}'s expected game points minus the mean of the two others'",
        meaning="the seat's game points minus the mean of the two others'", learned=False)
    LEVELS.update({
        "easy": "greedy",
        "medium": "heuristic",
        "hard": "pimc:samples=20,close_margin=0.25,raw=1,exchange=1",
        "expert": "pimc:samples=300,work=160,seconds=0.9,close_margin=0.25,raw=1,exchange=1,match=1",
    })


_register()
