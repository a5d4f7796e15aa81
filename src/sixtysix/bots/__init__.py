"""Computer players behind one small interface, each available by name.

>>> bot = make_bot("random", seed=1)
>>> sorted(BOTS)
['greedy', 'heuristic', 'ismcts', 'pimc', 'random', 'solver']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from random import Random

from sixtysix.observation import Observation
from sixtysix.round import Action


class Bot(ABC):
    """A computer player: ``act`` picks one of the observation's legal actions.

    Bots are seeded: the same seed and the same observations give the same choices.
    """

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    @abstractmethod
    def act(self, observation: Observation) -> Action:
        """Choose an action for the seat to act."""


BOTS: dict[str, Callable[[int | None], Bot]] = {}
"""Bot factories by name; each takes a seed."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot of a name, seeded.

    >>> make_bot("nobody")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nobody'; bots: greedy, heuristic, ismcts, pimc, random, solver
    """
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    return factory(seed)


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


_register()
