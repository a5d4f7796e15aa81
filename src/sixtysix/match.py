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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Generic, Protocol, TypeVar

from sixtysix.cards import NUM_CARDS, Card, shuffle
from sixtysix.errors import RulesError, StateError
from sixtysix.round import Action, Outcome, Reason, Round
from sixtysix.rules import Rules

_OUTCOME = attrgetter("outcome")


class Dealt(Protocol):
    """What a match asks of its rounds."""

    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def actions(self) -> list[Action]: ...

    def legal_actions(self) -> Iterator[Action]: ...

    def push(self, action: Action) -> None: ...

    def pop(self) -> Action: ...


R = TypeVar("R", bound=Dealt)


class BaseMatch(Generic[R]):
    """What the two-hand :class:`Match` and the three-hand match share: the rounds
    dealt, each from a deck the seeded RNG shuffles unless one is given, and the
    current round's actions."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self.rounds: list[R] = []
        self._decks: list[tuple[Card, ...]] = []

    @property
    def round(self) -> R | None:
        """The current (last dealt) round."""
        return self.rounds[-1] if self.rounds else None

    @property
    def is_over(self) -> bool:
        """Whether a seat has won the match."""
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The seat that won the match, or ``None`` while it goes on."""
        raise NotImplementedError

    @property
    def dealer(self) -> int:
        """The dealer of the current round, or of the next one once it has ended."""
        raise NotImplementedError

    def deal(self, deck: Sequence[Card] | None = None) -> R:
        """Start the next round, from ``deck`` or from a deck the RNG shuffles."""
        if self.is_over:
            raise StateError("the match is over")
        if self.rounds and not self.rounds[-1].is_over:
            raise StateError("the current round has not ended")
        index = len(self.rounds)
        if deck is None:
            while len(self._decks) <= index:
                shuffled = list(range(NUM_CARDS))
                shuffle(shuffled, self._rng)
                self._decks.append(tuple(shuffled))
            deck = self._decks[index]
        rnd = self._new_round(deck, self.dealer)
        self.rounds.append(rnd)
        return rnd

    def _new_round(self, deck: Sequence[Card], dealer: int) -> R:
        raise NotImplementedError

    @property
    def to_act(self) -> int | None:
        """The seat to act in the current round, if one is in play."""
        rnd = self.round
        return None if rnd is None else rnd.to_act

    def legal_actions(self) -> Iterator[Action]:
        """The legal actions of the current round (none between rounds)."""
        rnd = self.round
        return iter(()) if rnd is None else rnd.legal_actions()

    def push(self, action: Action) -> None:
        """Apply an action to the current round."""
        rnd = self.round
        if rnd is None or rnd.is_over:
            raise StateError("no round is in play: deal one")
        rnd.push(action)

    def pop(self) -> Action:
        """Take back the last action of the match, undealing an untouched round."""
        while self.rounds:
            rnd = self.rounds[-1]
            if rnd.actions:
                return rnd.pop()
            self.rounds.pop()
        raise StateError("no action to take back")


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
            raise RulesError("the three-hand rules need a three-hand match (sixtysix.three.ThreeMatch)")
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
        return self._standing()[1]

    def _standing(self) -> tuple[tuple[int, int], int | None]:
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
