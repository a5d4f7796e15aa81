"""The bot that plays the exact search of :mod:`sixtysix.bots.search` once play is strict.

>>> from sixtysix.bots import make_bot
>>> make_bot("solver").name
'solver'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from sixtysix.bots import MAX_SAMPLES, Bot, Parameter
from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.search import best_action, sampled_values
from sixtysix.compiled import mypyc_attr
from sixtysix.game.actions import Action
from sixtysix.two.observation import Observation


@mypyc_attr(allow_interpreted_subclasses=True)
class SolverBot(Bot[Observation]):
    """Plays perfectly once play is strict, and like :class:`HeuristicBot` before.

    In strict play it solves the round exactly when it knows every card to be
    played (stock empty, or closed with the opponent's hand deduced); when the
    closed stock hides cards, it averages exact solutions over ``samples`` full
    rounds drawn from its observation. Ties between equally good actions go to
    the heuristic's choice.

    >>> from sixtysix import Match
    >>> from sixtysix.two.observation import observe
    >>> rnd = Match(seed=1).deal()
    >>> SolverBot(seed=1).act(observe(rnd, rnd.to_act)) in rnd.legal_tuple()
    True
    """

    name: ClassVar[str] = "solver"
    parameters: ClassVar[Mapping[str, Parameter]] = {"samples": Parameter(True, 1, MAX_SAMPLES)}

    def __init__(self, seed: int | None = None, samples: int = 16) -> None:
        super().__init__(seed)
        self.samples = samples
        self.heuristic = HeuristicBot(seed, exact=0)

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        if len(legal) == 1:
            return legal[0]
        preferred = self.heuristic.act(observation)
        if not observation.is_strict:
            return preferred
        return best_action(sampled_values(observation, self.rng, self.samples), preferred)
