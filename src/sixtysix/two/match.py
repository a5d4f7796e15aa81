"""A match: rounds until a player reaches the target, with dealer rotation and ties.

>>> match = Match(seed=7)
>>> rnd = match.deal()
>>> match.dealer, match.score, match.is_over
(1, (0, 0), False)
>>> while not rnd.is_over:
...     match.push(next(rnd.legal_actions()))
>>> rnd.outcome.reason.value, match.score
('failed_close', (0, 3))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sixtysix.cards import Card
from sixtysix.errors import RulesError, StateError
from sixtysix.game.match import _OUTCOME, BaseMatch
from sixtysix.game.outcome import Reason
from sixtysix.rules import Rules
from sixtysix.two.outcome import Outcome
from sixtysix.two.round import Round


@dataclass(frozen=True)
class RoundResult:
    """One round as the match counts it: game points include carried ties."""

    dealer: int
    outcome: Outcome | None
    game_points: int
    carried: int

    @property
    def winner(self) -> int | None:
        """The seat that scored, or ``None`` (a tie, or an unfinished round)."""
        return None if self.outcome is None else self.outcome.winner

    @property
    def reason(self) -> Reason | None:
        """The scoring row, or ``None`` while the round goes on."""
        return None if self.outcome is None else self.outcome.reason


class Match(BaseMatch[Round]):
    """A match of rounds under one rule set.

    The first dealer is ``dealer`` if given, else drawn from the seeded RNG,
    which also shuffles every deck that :meth:`deal` is not given.
    """

    def __init__(self, rules: Rules | None = None, *, dealer: int | None = None,
                 seed: int | None = None) -> None:
        self.rules = rules or Rules()
        if self.rules.seats != 2:
            raise RulesError("the three-hand rules need a three-hand match (sixtysix.three.match.ThreeMatch)")
        super().__init__(random.Random(seed))
        if dealer is None:
            dealer = self._rng.randrange(2)
        elif dealer not in (0, 1):
            raise StateError(f"dealer must be seat 0 or 1, not {dealer!r}")
        self.first_dealer = dealer
        self._counted: list[Outcome | None] = []
        self._results: list[RoundResult] = []
        # The ties carried, the dealer and the score after each counted round (none first).
        self._after: list[tuple[int, int, tuple[int, int]]] = [(0, dealer, (0, 0))]

    def results(self) -> list[RoundResult]:
        """Every dealt round with the game points the match credits it."""
        self._count()
        return self._results[:]

    def _count(self) -> None:
        """Bring the running totals up to date with the rounds' outcomes.

        The totals after each round are kept with the outcome they counted; only
        the rounds from the first whose outcome differs are counted again. Rounds
        before the last have ended (:meth:`deal` needs it) and :meth:`pop` takes
        back actions of the last round only, so while as many rounds are dealt,
        only the last one's outcome is compared.
        """
        rounds = self.rounds
        counted = self._counted
        if len(rounds) == len(counted) and (not rounds or rounds[-1]._outcome is counted[-1]):
            return
        outcomes = list(map(_OUTCOME, rounds))
        if outcomes == counted:
            return
        same = 0
        for now, before in zip(outcomes, counted, strict=False):
            # Identity first: an outcome counted before is most often the same object,
            # and comparing dataclasses field by field is slow.
            if now is not before and now != before:
                break
            same += 1
        del counted[same:], self._results[same:], self._after[same + 1:]
        carry, dealer, score = self._after[same]
        for outcome in outcomes[same:]:
            if outcome is None or outcome.winner is None:
                result = RoundResult(dealer, outcome, 0, carry)
                if outcome is not None and outcome.reason is Reason.TIE and not outcome.replay:
                    carry += 1
            else:
                result = RoundResult(dealer, outcome, outcome.game_points + carry, carry)
                carry = 0
                gained = result.game_points
                if outcome.winner == 0:
                    score = (score[0] + gained, score[1])
                else:
                    score = (score[0], score[1] + gained)
            if outcome is not None:
                dealer = self._next_dealer(dealer, outcome)
            counted.append(outcome)
            self._results.append(result)
            self._after.append((carry, dealer, score))

    def _next_dealer(self, dealer: int, outcome: Outcome) -> int:
        rule = self.rules.next_dealer
        if outcome.replay or (outcome.winner is None and rule != "alternate"):
            return dealer
        if rule == "alternate" or outcome.winner is None:
            return 1 - dealer
        return outcome.winner if rule == "winner" else 1 - outcome.winner

    @property
    def score(self) -> tuple[int, int]:
        """Game points of each seat."""
        self._count()
        return self._after[-1][2]

    @property
    def carried(self) -> int:
        """Ties carried to the next round that scores."""
        self._count()
        return self._after[-1][0]

    @property
    def winner(self) -> int | None:
        """The seat that won the match, or ``None`` while it goes on."""
        return self.standing()[1]

    def standing(self) -> tuple[tuple[int, int], int | None]:
        """The score and the winner, counted once."""
        self._count()
        score = self._after[-1][2]
        target = self.rules.match_target
        if score[0] >= target:
            return score, 0
        return score, 1 if score[1] >= target else None

    @property
    def dealer(self) -> int:
        """The dealer of the current round, or of the next one once it has ended."""
        self._count()
        return self._after[-1][1]

    def _new_round(self, deck: Sequence[Card], dealer: int) -> Round:
        return Round(deck, dealer, self.rules)
