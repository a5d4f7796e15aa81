"""Position analysis: what each legal action is worth to the seat to act.

:func:`analyze` values every legal action of an
:class:`~sixtysix.two.observation.Observation` in expected final game points of the
round for the seat to act (positive when that seat scores them, negative when
the opponent does), from what that seat knows and nothing more:

- when the observation fixes every card still to be played
  (:func:`~sixtysix.bots.search.is_determined`: the stock is empty, or closed
  with the opponent's hand deduced), the round is solved exactly with
  :func:`~sixtysix.bots.search.solve`, and the values are exact;
- otherwise they are estimated as the PIMC bot plays
  (:mod:`sixtysix.bots.pimc`): full rounds are sampled consistently with the
  observation, each action is valued in each sample by
  :meth:`PimcBot.evaluate <sixtysix.bots.pimc.PimcBot.evaluate>`, and the values
  are averaged. The sampling is seeded, so the same observation, seed and sample
  count give the same analysis.

:func:`analyze_three` does the same for the three-hand game. Each is its game's
:attr:`Expertise.analyze <sixtysix.bots.Expertise.analyze>`, which the front ends call
through :mod:`sixtysix.analysis` for the game of the position they hold.

>>> from sixtysix import DRAW, Match
>>> from sixtysix.two.observation import observe
>>> rnd = Match(seed=7).deal()
>>> opening = analyze(observe(rnd, rnd.to_act), samples=4)
>>> sorted(v.action for v in opening) == sorted(rnd.legal_tuple()), opening[0].exact, opening[0].samples
(True, False, 4)
>>> while rnd.stock_size:   # play the lowest card until the stock runs out
...     rnd.push(min(a for a in rnd.legal_tuple() if a.card is not None or a == DRAW))
>>> solved = analyze(observe(rnd, rnd.to_act))
>>> [f"{v.action} {v.expected:+.0f}" for v in solved], solved[0].exact
(['Kh +2', 'Ts +2', 'As +2', 'Tc +1', 'Th +1', 'Qs +1', 'out -2'], True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol

from sixtysix.bots.pimc import PimcBot
from sixtysix.bots.search import Budget, is_determined, sampled_values, solve
from sixtysix.game.actions import Action
from sixtysix.three.observation import ThreeObservation, sample_three
from sixtysix.two.observation import Observation, sample_round
from sixtysix.two.round import Round

DEFAULT_SAMPLES = 40
"""Full rounds sampled per analysis unless told otherwise."""


@dataclass(frozen=True)
class ActionValue:
    """The value of one legal action for the seat to act."""

    action: Action
    expected: float
    """Expected final game points of the round: positive if the seat to act scores them."""
    exact: bool
    """Whether the value is exact (every card still to play is known) rather than estimated."""
    samples: int
    """How many full rounds the value is averaged over: 1 when it is exact."""


def _ranked(legal: tuple[Action, ...], values: dict[Action, float], exact: bool,
            taken: int) -> list[ActionValue]:
    """The actions' values, best first (ties in legal order)."""
    ranked = sorted(legal, key=lambda action: -values[action])
    return [ActionValue(action, values[action], exact, taken) for action in ranked]


def analyze(observation: Observation, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
            seconds: float | None = None,
            progress: Callable[[int, int], None] | None = None) -> list[ActionValue]:
    """The value of each of ``observation.legal``, best first (ties in legal order).

    Only the observation is read, never the full state it was taken from. Estimated
    values average ``samples`` sampled full rounds, drawn with a ``Random(seed)``;
    ``seconds``, if given, stops the sampling early once that much time has passed
    (after one sample at least), at the cost of reproducibility. An observation
    whose seat is not to act (or of a finished round) has no actions: the result
    is empty. ``progress``, if given, is called with the samples taken and ``samples``
    after each sample.
    """
    if samples < 1:
        raise ValueError("samples must be at least 1")
    legal = observation.legal
    if not legal:
        return []
    rng = Random(seed)
    exact = is_determined(observation)
    if exact:
        values: dict[Action, float] = {a: float(v) for a, v in solve(sample_round(observation, rng)).items()}
        taken = 1
    else:
        bot = PimcBot(seed=seed, samples=samples)
        taken = 0

        def evaluate(rnd: Round) -> dict[Action, int]:
            nonlocal taken
            values = bot.evaluate(rnd)
            taken += 1
            if progress:
                progress(taken, samples)
            return values

        values = sampled_values(observation, rng, samples, evaluate, Budget(seconds=seconds))
    return _ranked(legal, values, exact, taken)


def analyze_three(observation: ThreeObservation, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                  seconds: float | None = None,
                  progress: Callable[[int, int], None] | None = None) -> list[ActionValue]:
    """As :func:`analyze`, for a three-hand observation (RULES.md section 11).

    Values are the seat's expected game points of the round minus the mean of the
    other two seats' (:func:`~sixtysix.bots.threehand.seat_value`, halved). When the
    observation fixes every hidden card, the round is solved exactly
    (:class:`~sixtysix.bots.threehand.Maxn`: each seat plays for its own value);
    otherwise full rounds are sampled and valued as the sampling search does.

    >>> from sixtysix.three.match import ThreeMatch
    >>> from sixtysix.three.observation import observe_three
    >>> rnd = ThreeMatch(seed=7).deal()
    >>> opening = analyze_three(observe_three(rnd, rnd.to_act), samples=3)
    >>> sorted(v.action for v in opening) == sorted(rnd.legal_tuple()), opening[0].exact, opening[0].samples
    (True, False, 3)
    """
    from sixtysix.bots.threehand import EXACT_TRICKS, Maxn, is_determined, search_values, seat_value

    if samples < 1:
        raise ValueError("samples must be at least 1")
    legal = observation.legal
    if not legal:
        return []
    rng = Random(seed)
    exact = is_determined(observation)
    if exact:
        seat = observation.seat
        scores = Maxn().action_scores(sample_three(observation, rng))
        values = {action: seat_value(s, seat) / 2 for action, s in scores.items()}
        taken = 1
    else:
        def report(taken: int) -> None:
            if progress:
                progress(taken, samples)

        values, taken = search_values(observation, rng, samples, EXACT_TRICKS, Budget(seconds=seconds),
                                      report)
    return _ranked(legal, values, exact, taken)


class Analysis(Protocol):
    """The analysis of one game's observations: :func:`analyze` or :func:`analyze_three`."""

    def __call__(self, observation: Any, /, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                 seconds: float | None = None,
                 progress: Callable[[int, int], None] | None = None) -> list[ActionValue]: ...

