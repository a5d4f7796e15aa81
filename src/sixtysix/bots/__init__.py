"""Computer players behind one small interface, each available by name.

A bot is named by its kind (``random``, ``greedy``, ``heuristic``, ``solver``,
``pimc``, ``ismcts``) or by a strength level (``easy``, ``medium``, ``hard``,
``expert``), optionally with parameters: ``pimc:samples=40``.

>>> bot = make_bot("random", seed=1)
>>> sorted(BOTS)
['greedy', 'heuristic', 'ismcts', 'pimc', 'random', 'solver']
>>> make_bot("ismcts:iterations=50,exploration=0.5").exploration
0.5
>>> type(make_bot("medium")).__name__
'HeuristicBot'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import partial
from random import Random

from sixtysix.observation import Observation, sample_round
from sixtysix.round import Action, Round

Sampler = Callable[[Observation, Random], Round]
"""Makes a full round consistent with an observation (search bots search on these)."""


class Bot(ABC):
    """A computer player: ``act`` picks one of the observation's legal actions.

    Bots are seeded: the same seed and the same observations give the same choices.
    """

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)
        self.sampler: Sampler = sample_round
        """Where search bots get full rounds from: by default sampled from what the seat
        saw; a tournament's ``seer:`` seats replace it with the true round."""

    @abstractmethod
    def act(self, observation: Observation) -> Action:
        """Choose an action for the seat to act."""


BOTS: dict[str, Callable[[int | None], Bot]] = {}
"""Bot factories by name; each takes a seed."""


LEVELS: dict[str, str] = {}
"""The strength levels the play front ends offer, each a bot specification."""


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """The bot of a name or level, seeded, with ``name:key=value,...`` parameters.

    >>> make_bot("nobody")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nobody'; bots: greedy, heuristic, ismcts, pimc, random, solver; \
levels: easy, medium, hard, expert
    """
    spec = LEVELS.get(spec, spec)
    name, _, params = spec.partition(":")
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}; "
                         f"levels: {', '.join(LEVELS)}")
    options: dict[str, int | float | str] = {}
    for item in filter(None, params.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"bot parameter {item!r} must be key=value")
        options[key] = _number(value)
    try:
        return partial(factory, **options)(seed) if options else factory(seed)
    except TypeError as error:
        raise ValueError(f"bad parameters for bot {name!r}: {error}") from None


def _number(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def _register() -> None:
    from sixtysix.bots.greedy import GreedyBot
    from sixtysix.bots.heuristic import HeuristicBot
    from sixtysix.bots.ismcts import IsmctsBot
    from sixtysix.bots.pimc import PimcBot
    from sixtysix.bots.random import RandomBot
    from sixtysix.bots.solver import SolverBot

    BOTS["random"] = RandomBot
    BOTS["greedy"] = GreedyBot
    BOTS["ismcts"] = IsmctsBot
    BOTS["heuristic"] = HeuristicBot
    BOTS["solver"] = SolverBot
    BOTS["pimc"] = PimcBot
    LEVELS.update({
        "easy": "greedy",
        "medium": "heuristic",
        "hard": "pimc:samples=20,close_margin=0.25",
        "expert": "pimc:samples=120,close_margin=0.25",
    })


_register()
