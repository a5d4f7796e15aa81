"""What the matches of both games share: :class:`BaseMatch`, the rounds dealt from a seeded
shuffle, each a :class:`~sixtysix.game.interface.Round` of the game."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from operator import attrgetter
from typing import Generic, TypeVar

from sixtysix.cards import NUM_CARDS, Card, shuffle
from sixtysix.errors import StateError
from sixtysix.game.actions import Action
from sixtysix.game.interface import Round

_OUTCOME = attrgetter("outcome")


R = TypeVar("R", bound=Round)


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
