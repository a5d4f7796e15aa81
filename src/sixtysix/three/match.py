"""The three-hand match: rounds to the target with the deal passing left (RULES.md section 11)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sixtysix.cards import (
    Card,
)
from sixtysix.errors import RulesError, StateError
from sixtysix.game.match import BaseMatch
from sixtysix.game.outcome import Reason
from sixtysix.rules import Rules
from sixtysix.three.deal import SEATS, left_of
from sixtysix.three.outcome import ThreeOutcome
from sixtysix.three.round import _THREE_HAND, ThreeRound


@dataclass(frozen=True)
class ThreeRoundResult:
    """One round as the match counts it."""

    dealer: int
    outcome: ThreeOutcome | None

    @property
    def winner(self) -> int | None:
        """The seat that scored, or ``None`` (a false declaration, a replayed or unfinished round)."""
        return None if self.outcome is None else self.outcome.winner

    @property
    def reason(self) -> Reason | None:
        """The scoring row, or ``None`` while the round goes on."""
        return None if self.outcome is None else self.outcome.reason

    @property
    def game_points(self) -> int:
        """The scorer's game points, or the 2 each opponent of a false declarer gains."""
        return 0 if self.outcome is None else self.outcome.game_points

    @property
    def scores(self) -> tuple[int, int, int]:
        """The game points each seat gains."""
        return (0, 0, 0) if self.outcome is None else self.outcome.scores

    @property
    def carried(self) -> int:
        """Always 0: the three-hand game carries no ties (a round nobody scores is dealt again)."""
        return 0


class ThreeMatch(BaseMatch[ThreeRound]):
    """A three-hand match: rounds until a seat passes ``match_target`` (section 11).

    The first dealer is ``dealer`` if given, else drawn from the seeded RNG, which
    also shuffles every deck that :meth:`deal` is not given. The deal passes left,
    except that a round nobody scores is dealt again by the same dealer.

    >>> match = ThreeMatch(seed=4)
    >>> while not match.is_over:
    ...     rnd = match.deal()
    ...     while not rnd.is_over:
    ...         match.push(rnd.legal_tuple()[0])
    >>> max(match.score) >= 11, match.score.count(max(match.score))
    (True, 1)
    """

    def __init__(self, rules: Rules | None = None, *, dealer: int | None = None,
                 seed: int | None = None) -> None:
        self.rules = rules or _THREE_HAND
        if self.rules.seats != SEATS:
            raise RulesError(f"a three-hand match needs the three-hand rules, not {str(self.rules)!r}")
        super().__init__(random.Random(seed))
        if dealer is None:
            dealer = self._rng.randrange(SEATS)
        elif dealer not in range(SEATS):
            raise StateError(f"dealer must be seat 0, 1 or 2, not {dealer!r}")
        self.first_dealer = dealer

    def results(self) -> list[ThreeRoundResult]:
        """Every dealt round with its dealer and outcome."""
        results = []
        dealer = self.first_dealer
        for rnd in self.rounds:
            results.append(ThreeRoundResult(dealer, rnd.outcome))
            if rnd.outcome is not None and not rnd.outcome.replay:
                dealer = left_of(dealer)
        return results

    @property
    def score(self) -> tuple[int, int, int]:
        """Game points of each seat."""
        score = [0, 0, 0]
        for rnd in self.rounds:
            if rnd.outcome is not None:
                for seat, gained in enumerate(rnd.outcome.scores):
                    score[seat] += gained
        return score[0], score[1], score[2]

    @property
    def winner(self) -> int | None:
        """The seat that won the match: the only highest score at or past the target;
        ``None`` while the match goes on (equal highest scores past it play on)."""
        return self.standing()[1]

    def standing(self) -> tuple[tuple[int, int, int], int | None]:
        """The score and the winner, counted once."""
        score = self.score
        best = max(score)
        if best >= self.rules.match_target and score.count(best) == 1:
            return score, score.index(best)
        return score, None

    @property
    def dealer(self) -> int:
        """The dealer of the current round, or of the next one once it has ended."""
        dealer = self.first_dealer
        for rnd in self.rounds:
            if rnd.outcome is not None and not rnd.outcome.replay:
                dealer = left_of(dealer)
        return dealer

    def _new_round(self, deck: Sequence[Card], dealer: int) -> ThreeRound:
        return ThreeRound(deck, dealer, self.rules)
