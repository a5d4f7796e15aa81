"""Information-set Monte Carlo tree search (single observer).

Each iteration samples a full round consistent with the bot's observation
(:func:`~sixtysix.two.observation.sample_round`), walks one shared tree whose edges
are actions, choosing by UCB1 with availability counts among the actions legal
in that sample, adds one node, plays the round out with a fast playout policy,
and backs up the game points of the round from the view of each node's actor.

>>> from sixtysix import Match
>>> from sixtysix.two.observation import observe
>>> rnd = Match(seed=2).deal()
>>> bot = IsmctsBot(seed=1, iterations=200)
>>> bot.act(observe(rnd, rnd.to_act)) in rnd.legal_tuple()
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from random import Random
from typing import ClassVar

from sixtysix.bots import MAX_SECONDS, Bot, Parameter
from sixtysix.game.actions import DRAW, EXCHANGE, OUT, Action
from sixtysix.two.observation import Observation, sample_round
from sixtysix.two.round import Round

_PLAYABLE = 28
"""Action codes below this are cards and marriages."""


class _Node:
    """A tree node: the action that led here, from the view of the seat that took it."""

    __slots__ = ("actor", "available", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: dict[Action, _Node] = {}


def playout(rnd: Round, rng: Random) -> None:
    """Play a round to its end with a fast, sane policy: declare out at 66,
    always exchange and meld, never close, otherwise a random card.

    >>> from sixtysix import Match
    >>> rnd = Match(seed=4).deal()
    >>> playout(rnd, Random(0)); rnd.is_over
    True
    """
    random = rng.random
    while not rnd.is_over:
        legal = rnd.legal_tuple()
        if OUT in legal and rnd.points()[rnd.leader] >= 66:
            rnd.push(OUT)
        elif DRAW in legal:
            rnd.push(DRAW)
        elif EXCHANGE in legal:
            rnd.push(EXCHANGE)
        else:
            playable = [a for a in legal if a < _PLAYABLE]
            meld = playable[-1]
            if meld >= 24:
                rnd.push(meld)
            else:
                rnd.push(playable[int(random() * len(playable))])


def round_value(rnd: Round, seat: int) -> float:
    """The finished round's game points for ``seat``, negative when it lost."""
    outcome = rnd.outcome
    if outcome is None or outcome.winner is None:
        return 0.0
    return outcome.game_points if outcome.winner == seat else -outcome.game_points


class IsmctsBot(Bot[Observation]):
    """ISMCTS under an iteration budget, or a time budget in seconds if given.

    ``exploration`` is the UCB1 constant on rewards scaled to [-1, 1]
    (game points divided by 3).
    """

    name = "ismcts"
    parameters: ClassVar[Mapping[str, Parameter]] = {
        "iterations": Parameter(True, 1, 10_000_000),
        "seconds": Parameter(False, 0, MAX_SECONDS),
        "exploration": Parameter(False, 0, 100),
    }

    def __init__(self, seed: int | None = None, iterations: int = 2000,
                 seconds: float | None = None, exploration: float = 0.7) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration

    def search(self, observation: Observation) -> dict[Action, tuple[int, float]]:
        """Run the search; returns each root action's visits and mean game points."""
        rng = self.rng
        seat = observation.seat
        root = _Node(1 - seat)
        c = self.exploration
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        iteration = 0
        while iteration < self.iterations if deadline is None else time.perf_counter() < deadline:
            iteration += 1
            rnd = sample_round(observation, rng)
            node = root
            path = []
            while not rnd.is_over:
                legal = rnd.legal_tuple()
                children = node.children
                untried = [a for a in legal if a not in children]
                actor = rnd.to_act
                assert actor is not None
                if untried:
                    action = untried[int(rng.random() * len(untried))]
                    node = children[action] = _Node(actor)
                    rnd.push(action)
                    path.append(node)
                    break
                best = None
                best_score = -math.inf
                for action in legal:
                    child = children[action]
                    child.available += 1
                    score = child.total / (3 * child.visits) + c * math.sqrt(
                        math.log(child.available) / child.visits)
                    if score > best_score:
                        best, best_score = action, score
                assert best is not None
                node = children[best]
                rnd.push(best)
                path.append(node)
            playout(rnd, rng)
            value = round_value(rnd, 0)
            for visited in path:
                visited.visits += 1
                visited.total += value if visited.actor == 0 else -value
        return {a: (child.visits, child.total / child.visits if child.visits else 0.0)
                for a, child in root.children.items() if a in observation.legal}

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        if len(legal) == 1:
            return legal[0]
        stats = self.search(observation)
        return max(legal, key=lambda a: stats.get(a, (0, 0.0)))
