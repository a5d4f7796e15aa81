"""Perfect-information Monte Carlo (PIMC).

For each decision the bot samples full rounds consistent with its observation
(:func:`~sixtysix.two.observation.sample_round`: the opponent's hidden cards and the
stock order), values every legal action in each sample as if all cards were
known, averages the values over the samples and plays the best action.

How one sample is valued depends on how much of the round is left:

- play is strict (stock closed or empty), or the stock holds at most
  :data:`EXACT_STOCK` cards: every action is solved exactly with
  :func:`~sixtysix.bots.search.solve`, to the end of the round;
- otherwise the whole game tree is too big to search, so each action is
  followed by a *rollout*: both seats play as :class:`HeuristicBot` (on the
  sample's observations) until play turns strict (the stock runs out or a seat
  closes it), and that position is then solved exactly. Closing is valued
  exactly at once, since it makes play strict.

Values are final game points of the round from the bot's view, as in the solver.
Like every PIMC player, it assumes it will know all cards from the sampled state
on, so it is optimistic about plans that need information it will not have. This
over-optimism is worst for closing, whose exact valuation assumes the closer
knows the opponent's hand for the rest of the round: ``close_margin`` game
points are taken off the mean value of ``close`` and ``close-before-draw``
before the best action is chosen, so the bot closes only when closing is
clearly better.

Options that the old expert (``pimc:samples=120,close_margin=0.25``) lacks, each
off by default so that a specification keeps meaning the same bot:

- ``raw=1`` plays the rollouts by :func:`~sixtysix.bots.playout.policy` on the
  sample's own state (the heuristic's open play without an observation per
  step): the same values, faster;
- ``exchange=1`` exchanges the trump nine whenever it may. Sampled worlds hide
  why: after an exchange the bot still leads, with every option it had (close,
  meld, lead, declare), and a higher trump in place of the lowest one, while
  the nine goes where the face-up card would have gone; so the exchange is
  never worse, yet a search that sees every card may value some other action
  a little higher by chance and skip it;
- ``match=1`` plays for the match rather than for the round's game points: each
  world's result is valued by what it does to the chance of winning the match
  from the score (:func:`~sixtysix.bots.equity.round_utility`), which the bot
  hears from the table's events (:meth:`PimcBot.notify`). Near the end of a match
  a safe win of one game point may be worth more than a risky two.

>>> from sixtysix import Match
>>> from sixtysix.two.observation import observe
>>> rnd = Match(seed=4).deal()
>>> bot = PimcBot(seed=1, samples=2)
>>> bot.act(observe(rnd, rnd.to_act)) in rnd.legal_tuple()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar, Final

from sixtysix.bots import MAX_SAMPLES, MAX_SECONDS, MAX_WORK, Bot, Parameter, playout
from sixtysix.bots.equity import round_utility
from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.search import (
    Budget,
    Endgames,
    Solver,
    best_action,
    outcome_value,
    sampled_values,
)
from sixtysix.compiled import mypyc_attr
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, Action
from sixtysix.game.round import Phase
from sixtysix.table import Event
from sixtysix.three.observation import ThreeObservation
from sixtysix.two.observation import Observation, observe
from sixtysix.two.round import Round

Evaluate = Callable[[Round], Mapping[Action, float]]

EXACT_STOCK: Final = 2
"""A sampled round whose stock holds at most this many cards is solved exactly, without rollouts."""


@mypyc_attr(allow_interpreted_subclasses=True)
class PimcBot(Bot[Observation]):
    """Perfect-information Monte Carlo over sampled full rounds.

    ``samples`` is the number of full rounds drawn per decision; ``work`` and
    ``seconds``, if given, stop the sampling early (after one sample at least) once
    that much work (in thousands of :class:`~sixtysix.bots.search.Budget`'s units)
    or time is spent. Without a time budget the bot is reproducible: the same seed
    and observations give the same actions.
    Ties between equally valued actions go to the heuristic's choice.
    ``close_margin`` (game points, see the module) makes closing less attractive.
    """

    name: ClassVar[str] = "pimc"
    parameters: ClassVar[Mapping[str, Parameter]] = {
        "samples": Parameter(True, 1, MAX_SAMPLES),
        "seconds": Parameter(False, 0, MAX_SECONDS),
        "work": Parameter(True, 1, MAX_WORK),
        "close_margin": Parameter(False, -100, 100),
        "raw": Parameter(True, 0, 1),
        "exchange": Parameter(True, 0, 1),
        "match": Parameter(True, 0, 1),
    }

    def __init__(self, seed: int | None = None, samples: int = 20, seconds: float | None = None,
                 close_margin: float = 0.0, raw: int = 0, exchange: int = 0, match: int = 0,
                 work: int | None = None) -> None:
        super().__init__(seed)
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self.seconds = seconds
        self.work = work
        self.budget = Budget()
        """The budget of the current decision, charged by :meth:`evaluate`."""
        self.close_margin = close_margin
        self.raw = bool(raw)
        self.exchange = bool(exchange)
        self.match = bool(match)
        self.score: tuple[int, ...] | None = None
        """The match score by seat as the table last told it, ``None`` before it has."""
        self.heuristic = HeuristicBot(seed, exact=0)
        self._endgames = Endgames()

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        if len(legal) == 1:
            return legal[0]
        if self.exchange and EXCHANGE in legal:
            return EXCHANGE
        preferred = self.heuristic.act(observation)
        evaluate = self.match_evaluate(observation)
        self.budget = self.new_budget()
        values = sampled_values(observation, self.rng, self.samples, evaluate, self.budget)
        for action in (CLOSE, CLOSE_BEFORE_DRAW):
            if action in values:
                values[action] -= self.close_margin
        return best_action(values, preferred)

    def new_budget(self) -> Budget:
        """A decision's :class:`~sixtysix.bots.search.Budget`: ``work`` thousand units
        and ``seconds``, as given.

        >>> PimcBot(work=250).new_budget().work
        250000
        """
        return _budget(self.work, self.seconds)

    def notify(self, event: Event) -> None:
        """Hear one of the table's events: the bot keeps the match score (``match=1``).

        >>> from sixtysix.table import Table
        >>> bot = PimcBot(seed=1, samples=1, match=1)
        >>> match = Table([bot, PimcBot(seed=2, samples=1)], seed=3).play()
        >>> bot.score == match.score
        True
        """
        self.score = event.score

    def match_evaluate(self, observation: Observation) -> Evaluate:
        """:meth:`evaluate`, or with ``match=1`` and a known score, its results valued
        by :func:`~sixtysix.bots.equity.round_utility` at the score."""
        score = self.score
        if not self.match or score is None:
            return self.evaluate
        seat = observation.seat
        utility = round_utility(observation.rules.match_target, score[seat], score[1 - seat])
        evaluate = self.evaluate

        def valued(rnd: Round) -> dict[Action, float]:
            return {action: utility[v + 3] for action, v in evaluate(rnd).items()}
        return valued

    def evaluate(self, rnd: Round) -> dict[Action, int]:
        """The value of each legal action in one full round, for the seat to act; the
        work done is charged to :attr:`budget`."""
        if rnd.is_strict or rnd.stock_size <= EXACT_STOCK:
            solver = Solver(rnd)
            exact = solver.values()
            self.budget.spent += solver.work
            return exact
        seat = rnd.to_act
        assert seat is not None
        self._endgames = Endgames()  # this sample's rollouts often meet the same endgames
        values = {}
        for action in rnd.legal_tuple():
            rnd.push(action)
            values[action] = self.rollout(rnd, seat)
            rnd.pop()
        self.budget.spent += self._endgames.entries
        return values

    def rollout(self, rnd: Round, seat: int) -> int:
        """The value for ``seat`` of heuristic play until strict play, then exact play.

        ``rnd`` is left as it was given.
        """
        pushed = playout.rollout(rnd, _is_strict) if self.raw else 0
        while not rnd.is_over and not rnd.is_strict:
            to_act = rnd.to_act
            assert to_act is not None
            rnd.push(self.heuristic.act(observe(rnd, to_act)))
            pushed += 1
        outcome = rnd.outcome
        if outcome is not None:
            value = outcome_value(outcome, seat)
        else:
            if rnd.phase is Phase.LEAD:
                value = self._endgames.value(rnd)
            else:
                solver = Solver(rnd)
                value = solver.value()
                self.budget.spent += solver.work
            if rnd.to_act != seat:
                value = -value
        self.budget.spent += pushed
        for _ in range(pushed):
            rnd.pop()
        return value


def _is_strict(rnd: Round) -> bool:
    return rnd.is_strict


def _budget(work: int | None, seconds: float | None) -> Budget:
    """A decision's budget: ``work`` thousand units and ``seconds``, as given."""
    return Budget(None if work is None else work * 1000, seconds)


class ThreePimcBot(Bot[ThreeObservation]):
    """The sampling search of the three-hand game (:func:`~sixtysix.bots.threehand.search_values`):
    ``samples`` full rounds drawn from the observation (``work`` and ``seconds``, if
    given, stop early), each action valued by rollouts of the rules of thumb until
    :data:`~sixtysix.bots.threehand.EXACT_TRICKS` tricks are left, then exactly; ties
    go to the heuristic's choice. It takes the two-hand bot's parameters, so that a
    level names one bot for both games; ``close_margin``, ``raw``, ``exchange`` and
    ``match`` change nothing here.

    >>> from sixtysix.three.match import ThreeMatch
    >>> from sixtysix.three.observation import observe_three
    >>> rnd = ThreeMatch(seed=1).deal()
    >>> ThreePimcBot(seed=1, samples=2).act(observe_three(rnd, rnd.to_act)) in rnd.legal_tuple()
    True
    """

    name: ClassVar[str] = PimcBot.name
    parameters: ClassVar[Mapping[str, Parameter]] = PimcBot.parameters

    def __init__(self, seed: int | None = None, samples: int = 20, seconds: float | None = None,
                 close_margin: float = 0.0, raw: int = 0, exchange: int = 0, match: int = 0,
                 work: int | None = None) -> None:
        super().__init__(seed)
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self.seconds = seconds
        self.work = work

    def act(self, observation: ThreeObservation) -> Action:
        from sixtysix.bots.threehand import EXACT_TRICKS, Seat3, search_values

        legal = observation.legal
        if len(legal) == 1:
            return legal[0]
        values, _ = search_values(observation, self.rng, self.samples, EXACT_TRICKS,
                                  _budget(self.work, self.seconds))
        return best_action(values, Seat3.of(observation).choose())
