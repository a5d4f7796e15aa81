"""Perfect-information Monte Carlo (PIMC).

For each decision the bot samples full rounds consistent with its observation
(:func:`~sixtysix.two.observation.sample_round`: the opponent's hidden cards and the
stock order), values every legal action in each sample as if all cards were
known, averages the values over the samples and plays the best action.

How one sample is valued depends on how much of the round is left:

- play is strict (stock closed or empty), or the stock holds at most
  ``exact_stock`` cards: every action is solved exactly with
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
- ``meld=1`` announces a marriage whenever it may in open play, rather than
  leading another card (closing and declaring stay open to the search);
- ``infer=W`` weighs each sampled world by how likely the opponent's last card
  was in it (:meth:`PimcBot.likelihood`): 1 if the raw-state policy would have
  played it there, ``W`` if not;
- ``history=W`` weighs each sampled world by how likely the opponent's whole
  play of the round was in it (:mod:`~sixtysix.bots.history`): ``W`` to the
  power of its open-play leads and follows that the raw-state policy would not
  have made, on a whole deal completed from the world consistently with what
  the bot heard of the round (its draws, every action); it takes the place of
  ``infer``, and applies to rounds the bot heard from their start;
- ``read=1`` reads the opponent's leads (:mod:`~sixtysix.bots.reading`): a king
  or queen led with no marriage where one could have been announced says its
  partner was not in the opponent's hand then, and the worlds are sampled
  accordingly (:func:`~sixtysix.bots.reading.sample_read`);
- ``match=1`` plays for the match rather than for the round's game points: each
  world's result is valued by what it does to the chance of winning the match
  from the score (:func:`~sixtysix.bots.equity.round_utility`), which the bot
  hears from the table's events (:meth:`PimcBot.notify`). Near the end of a match
  a safe win of one game point may be worth more than a risky two;
- ``close_check=1`` lets the rollouts (on the raw state, as with ``raw=1``)
  close (:meth:`PimcBot.closing_rollout`): a seat on lead closes whenever the
  sampled world, solved exactly after the close, is won by it. The rules of
  thumb close only on a sure 66, so without it the rollouts undervalue positions
  from which a later close wins;
- ``settle=Z`` stops the sampling early once the worlds sampled settle the choice:
  the best action is ahead of every other by ``Z`` standard errors of the
  difference (:meth:`PimcBot.settling`). A clear decision then takes a few dozen
  worlds and a close one all it may, so the same budget is spread over a round
  by need; the stop depends on the values alone, not on a clock, so the bot
  stays reproducible.

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
from sixtysix.bots.history import RoundRecord
from sixtysix.bots.reading import sample_read
from sixtysix.bots.search import (
    Budget,
    Endgames,
    Solver,
    best_action,
    is_determined,
    outcome_value,
    sampled_values,
)
from sixtysix.compiled import mypyc_attr
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, Action
from sixtysix.game.round import Phase
from sixtysix.table import Event, ThreeEvent
from sixtysix.three.observation import ThreeObservation
from sixtysix.two.observation import Observation, observe
from sixtysix.two.round import Round

Evaluate = Callable[[Round], Mapping[Action, float]]
Likelihood = Callable[[Observation, Round], float]


@mypyc_attr(allow_interpreted_subclasses=True)
class PimcBot(Bot):
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
        "exact_stock": Parameter(True, 0, 12),
        "close_margin": Parameter(False, -100, 100),
        "raw": Parameter(True, 0, 1),
        "exchange": Parameter(True, 0, 1),
        "infer": Parameter(False, 0.01, 1),
        "history": Parameter(False, 0.01, 1),
        "meld": Parameter(True, 0, 1),
        "match": Parameter(True, 0, 1),
        "close_check": Parameter(True, 0, 1),
        "read": Parameter(True, 0, 1),
        "settle": Parameter(True, 1, MAX_SAMPLES),
    }

    def __init__(self, seed: int | None = None, samples: int = 20, seconds: float | None = None,
                 exact_stock: int = 2, close_margin: float = 0.0, raw: int = 0,
                 exchange: int = 0, infer: float = 1.0, meld: int = 0, match: int = 0,
                 close_check: int = 0, read: int = 0, work: int | None = None,
                 settle: int | None = None, history: float = 1.0) -> None:
        super().__init__(seed)
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self.seconds = seconds
        self.work = work
        self.budget = Budget()
        """The budget of the current decision, charged by :meth:`evaluate`."""
        self.exact_stock = exact_stock
        self.close_margin = close_margin
        self.raw = bool(raw)
        self.exchange = bool(exchange)
        self.infer = infer
        self.meld = bool(meld)
        self.match = bool(match)
        self.close_check = bool(close_check)
        self.read = bool(read)
        self.settle = settle
        self.history = history
        self.record = RoundRecord()
        """What the bot heard of the round in play (``history``)."""
        if read:
            self.sampler = sample_read
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
        if self.settle is not None:
            evaluate = self.settling(evaluate, observation.legal)
        if self.history < 1 and self.record.follows(observation):
            values = self.weighted_values(observation, evaluate, self.history_likelihood)
        elif self.infer < 1:
            values = self.weighted_values(observation, evaluate, self.likelihood)
        else:
            values = sampled_values(observation, self.rng, self.samples, evaluate, self.budget,
                                    self.sampler)
        for action in (CLOSE, CLOSE_BEFORE_DRAW):
            if action in values:
                values[action] -= self.close_margin
        if self.meld and not observation.is_strict and any(a.marriage_suit is not None for a in legal):
            values = {action: v for action, v in values.items() if action.card is None}
        return best_action(values, preferred)

    def act_three(self, observation: ThreeObservation) -> Action:
        """The sampling search of the three-hand game (:func:`~sixtysix.bots.threehand.search_values`):
        ``samples`` full rounds drawn from the observation (``work`` and ``seconds``, if
        given, stop early), each action valued by rollouts of the rules of thumb until
        :data:`~sixtysix.bots.threehand.EXACT_TRICKS` tricks are left, then exactly;
        ties go to the heuristic's choice.

        >>> from sixtysix.three.match import ThreeMatch
        >>> from sixtysix.three.observation import observe_three
        >>> rnd = ThreeMatch(seed=1).deal()
        >>> PimcBot(seed=1, samples=2).act_three(observe_three(rnd, rnd.to_act)) in rnd.legal_tuple()
        True
        """
        from sixtysix.bots.threehand import EXACT_TRICKS, Seat3, search_values

        legal = observation.legal
        if len(legal) == 1:
            return legal[0]
        values, _ = search_values(observation, self.rng, self.samples, EXACT_TRICKS,
                                  self.new_budget())
        return best_action(values, Seat3.of(observation).choose())

    def new_budget(self) -> Budget:
        """A decision's :class:`~sixtysix.bots.search.Budget`: ``work`` thousand units
        and ``seconds``, as given.

        >>> PimcBot(work=250).new_budget().work
        250000
        """
        return Budget(None if self.work is None else self.work * 1000, self.seconds)

    def notify(self, event: Event | ThreeEvent) -> None:
        """Hear one of the table's events: the bot keeps the match score (``match=1``)
        and, with ``history``, the round's record.

        >>> from sixtysix.table import Table
        >>> bot = PimcBot(seed=1, samples=1, match=1)
        >>> match = Table([bot, PimcBot(seed=2, samples=1)], seed=3).play()
        >>> bot.score == match.score
        True
        """
        self.score = event.score
        if self.history < 1 and isinstance(event, Event):
            self.record.hear(event)

    def settling(self, evaluate: Evaluate, legal: tuple[Action, ...]) -> Evaluate:
        """``evaluate``, which also stops :attr:`budget` once the sampled worlds settle the
        choice (``settle=Z``): after :data:`SETTLE_FIRST` worlds, and again each time
        their number has grown by half (60, 90, 135, ...), the best action by its mean
        (``close_margin`` taken off the closes) is compared with each other one world
        by world, and the sampling stops when every mean difference is at least ``Z``
        standard errors of it (the worlds are the same for both, so the difference is
        known far better than either value). The worlds count alike, also with
        ``infer``."""
        z = self.settle
        assert z is not None
        margin = self.close_margin
        budget = self.budget
        offsets = [margin if action in (CLOSE, CLOSE_BEFORE_DRAW) else 0.0 for action in legal]
        worlds: list[list[float]] = []
        look = SETTLE_FIRST

        def recorded(rnd: Round) -> Mapping[Action, float]:
            nonlocal look
            values = evaluate(rnd)
            worlds.append([values[action] - offset for action, offset in zip(legal, offsets, strict=True)])
            if len(worlds) == look:
                look += look // 2
                if _settled(worlds, z):
                    budget.stop()
            return values
        return recorded

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

    def weighted_values(self, observation: Observation, evaluate: Evaluate,
                        likelihood: Likelihood) -> dict[Action, float]:
        """As :func:`~sixtysix.bots.search.sampled_values`, each sampled world weighted
        by ``likelihood`` (:meth:`likelihood` or :meth:`history_likelihood`); the plain
        means if every weight is 0."""
        samples = 1 if is_determined(observation) else self.samples
        budget = self.budget
        totals = dict.fromkeys(observation.legal, 0.0)
        plain = dict.fromkeys(observation.legal, 0.0)
        weights = 0.0
        taken = 0
        while taken < samples and (taken == 0 or not budget.exhausted()):
            rnd = self.sampler(observation, self.rng)
            weight = likelihood(observation, rnd)
            for action, v in evaluate(rnd).items():
                totals[action] += weight * v
                plain[action] += v
            weights += weight
            taken += 1
        if weights == 0:
            return {action: total / taken for action, total in plain.items()}
        return {action: total / weights for action, total in totals.items()}

    def history_likelihood(self, observation: Observation, rnd: Round) -> float:
        """The weight of the sampled world ``rnd`` by the opponent's whole play of the
        round (:meth:`RoundRecord.likelihood <sixtysix.bots.history.RoundRecord.likelihood>`)."""
        return self.record.likelihood(rnd.hand(1 - observation.seat), self.rng, self.history)

    def likelihood(self, observation: Observation, rnd: Round) -> float:
        """The weight of the sampled world ``rnd``: 1 if the raw-state policy
        (:mod:`~sixtysix.bots.playout`) would have played the opponent's last card
        in it, down to ``infer`` if it would not; 1 when the opponent's last
        decision was not a card just before this one."""
        floor = self.infer
        seat = observation.seat
        if observation.phase is Phase.FOLLOW:
            return 1.0 if playout.led_by_policy(rnd) else floor
        tricks = observation.tricks
        if not tricks or observation.phase not in (Phase.LEAD, Phase.DRAW):
            return 1.0
        last = tricks[-1]
        if last.leader != seat or last.winner != seat or (observation.closer is not None and not last.strict):
            return 1.0
        drew = observation.phase is Phase.LEAD and not last.strict
        agree = playout.followed_by_policy(rnd, last.lead, last.follow, drew)
        return floor + (1 - floor) * agree

    def evaluate(self, rnd: Round) -> dict[Action, int]:
        """The value of each legal action in one full round, for the seat to act; the
        work done is charged to :attr:`budget`."""
        if rnd.is_strict or rnd.stock_size <= self.exact_stock:
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

    def closing_rollout(self, rnd: Round) -> int:
        """Play ``rnd`` by the raw-state policy until play is strict, except that a seat
        on lead closes whenever the closed round, solved exactly, is won by it;
        return the number of actions pushed."""
        pushed = 0
        endgames = self._endgames
        while not rnd.is_over and not rnd.is_strict:
            if rnd.phase is Phase.LEAD and CLOSE in rnd.legal_tuple():
                rnd.push(CLOSE)
                if rnd.phase is Phase.LEAD and endgames.value(rnd, 0, 1) >= 1:
                    pushed += 1
                    break
                rnd.pop()
            rnd.push(playout.policy(rnd))
            pushed += 1
        return pushed

    def rollout(self, rnd: Round, seat: int) -> int:
        """The value for ``seat`` of heuristic play until strict play, then exact play.

        ``rnd`` is left as it was given.
        """
        pushed = 0
        if self.close_check:
            pushed = self.closing_rollout(rnd)
        elif self.raw:
            pushed = playout.rollout(rnd, _is_strict)
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


SETTLE_FIRST: Final = 40
"""The fewest sampled worlds after which ``settle=Z`` may stop the sampling."""


def _settled(worlds: list[list[float]], z: float) -> bool:
    """Whether, in ``worlds`` (each action's value in each world, one row a world),
    the action of best mean is ahead of every other by at least ``z`` standard errors
    of the mean difference between the two.

    >>> _settled([[1.0, 0.0], [1.0, -1.0], [2.0, 0.0]], 3.0)
    True
    >>> _settled([[1.0, 0.0], [-1.0, 1.0], [2.0, 0.0]], 1.0)
    False
    >>> _settled([[1.0, 1.0], [0.0, 0.0]], 3.0)   # alike in every world
    True
    """
    count = len(worlds)
    columns = list(zip(*worlds, strict=True))
    sums = [sum(column) for column in columns]
    best = columns[sums.index(max(sums))]
    for column in columns:
        if column is best:
            continue
        differences = [b - v for b, v in zip(best, column, strict=True)]
        mean = sum(differences) / count
        variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
        if mean * mean * count < z * z * variance:
            return False
    return True
