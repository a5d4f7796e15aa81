"""The random bot: uniform among the legal actions, in the two-hand and the three-hand game."""

from __future__ import annotations

from sixtysix.bots import Bot
from sixtysix.observation import Observation
from sixtysix.round import Action
from sixtysix.three import ThreeObservation


class RandomBot(Bot):
    """Picks uniformly among the legal actions.

    >>> from sixtysix import Match
    >>> from sixtysix.observation import observe
    >>> rnd = Match(seed=1).deal()
    >>> RandomBot(seed=4).act(observe(rnd, rnd.to_act)) in rnd.legal_tuple()
    True
    """

    name = "random"

    def act(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal)

    def act_three(self, observation: ThreeObservation) -> Action:
        return self.rng.choice(observation.legal)
