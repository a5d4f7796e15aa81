"""The random bot: uniform among the legal actions, in the two-hand and the three-hand game."""

from __future__ import annotations

from sixtysix.bots import Bot
from sixtysix.game.actions import Action
from sixtysix.game.interface import Observation


class RandomBot(Bot[Observation]):
    """Picks uniformly among the legal actions.

    >>> from sixtysix import Match
    >>> from sixtysix.two.observation import observe
    >>> rnd = Match(seed=1).deal()
    >>> RandomBot(seed=4).act(observe(rnd, rnd.to_act)) in rnd.legal_tuple()
    True
    """

    name = "random"

    def act(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal)
