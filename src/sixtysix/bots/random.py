"""The random bot: uniform among the legal actions."""

from __future__ import annotations

from sixtysix.bots import Bot
from sixtysix.observation import Observation
from sixtysix.round import Action


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
