"""What one seat of a three-hand round may know (:class:`ThreeObservation`), and full rounds
sampled consistent with it (:func:`sample_three`)."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from sixtysix.cards import (
    FULL_DECK,
    Card,
    CardSet,
    Suit,
    cards_in,
)
from sixtysix.errors import StateError
from sixtysix.game.actions import Action
from sixtysix.game.round import Phase
from sixtysix.reasons import Refusal, english
from sixtysix.rules import Rules
from sixtysix.three.deal import SEATS, deal_deck, left_of
from sixtysix.three.outcome import ThreeOutcome
from sixtysix.three.round import ThreeRound, ThreeTrick, excluded_cards
from sixtysix.three.state import HAND


@dataclass(frozen=True)
class ThreeObservation:
    """One seat's view of a three-hand round: its own hand, the public history and
    the cards others have shown, never another seat's hidden cards."""

    seat: int
    rules: Rules
    dealer: int
    trump: Suit
    trump_card: Card
    """The dealer's last card, shown to all (in the dealer's hand until played)."""
    phase: Phase
    to_act: int | None
    leader: int
    table: tuple[Card, ...]
    hand: CardSet
    hand_sizes: tuple[int, int, int]
    shown: tuple[CardSet, CardSet, CardSet]
    """Cards each seat is known to hold: the trump card, partners of announced marriages."""
    actions: tuple[Action, ...]
    """Every action of the round so far: all are public."""
    tricks: tuple[ThreeTrick, ...]
    marriages: tuple[tuple[int, Suit], ...]
    points: tuple[int, int, int]
    marriage_points: tuple[int, int, int]
    trick_counts: tuple[int, int, int]
    legal: tuple[Action, ...]
    """The seat's legal actions, empty unless it is to act."""
    outcome: ThreeOutcome | None

    @property
    def close_snapshot(self) -> tuple[int, int] | None:
        """None: nobody closes."""
        return None

    @property
    def first_to_66(self) -> int | None:
        """None: nobody closes, so no round is scored on who first reached 66."""
        return None

    @property
    def others(self) -> tuple[int, int]:
        """The two other seats, the one to the left first."""
        return left_of(self.seat), left_of(left_of(self.seat))

    @property
    def stock_size(self) -> int:
        """No card is left to draw: the three-hand game deals every card.

        >>> from sixtysix.three.match import ThreeMatch
        >>> rnd = ThreeMatch(seed=1).deal()
        >>> observe_three(rnd, 0).stock_size, observe_three(rnd, 0).closer
        (0, None)
        """
        return 0

    @property
    def closer(self) -> int | None:
        """Nobody closes: the three-hand game has no stock."""
        return None

    @property
    def played(self) -> CardSet:
        """Every card played to a trick, those on the table included."""
        mask = 0
        for card in self.table:
            mask |= 1 << card
        for trick in self.tricks:
            for card in trick.cards:
                mask |= 1 << card
        return mask

    @property
    def unseen(self) -> CardSet:
        """Cards this seat has not seen: in the other seats' hidden hands."""
        seen = self.hand | self.played | self.shown[0] | self.shown[1] | self.shown[2]
        return FULL_DECK & ~seen

    def excluded(self, seat: int) -> CardSet:
        """Cards ``seat`` cannot hold, from how it followed (see :func:`excluded_cards`)."""
        mask = 0
        for trick in self.tricks:
            mask |= excluded_cards(trick.leader, trick.cards, self.trump)[seat]
        if self.table:
            mask |= excluded_cards(self.leader, self.table, self.trump)[seat]
        return mask

    def refusal(self, action: Action) -> Refusal | None:
        """Why this seat may not take ``action`` now (``None`` if it may), as a code with
        parameters (see :mod:`sixtysix.reasons`); asked of a full round sampled from the
        observation, which agrees with the true round on everything the seat can see."""
        if action in self.legal:
            return None
        return sample_three(self, random.Random(0)).refusal(action)

    def why_illegal(self, action: Action) -> str | None:
        """Why this seat may not take ``action`` now, in the engine's words (``None``
        if it may): the English of :meth:`refusal`."""
        refusal = self.refusal(action)
        return None if refusal is None else english(refusal)


def observe_three(rnd: ThreeRound, seat: int) -> ThreeObservation:
    """What ``seat`` may know of ``rnd`` now."""
    return ThreeObservation(
        seat=seat,
        rules=rnd.rules,
        dealer=rnd.dealer,
        trump=rnd.trump,
        trump_card=rnd.trump_card,
        phase=rnd.phase,
        to_act=rnd.to_act,
        leader=rnd.leader,
        table=rnd.table,
        hand=rnd.hand(seat),
        hand_sizes=(rnd.hand(0).bit_count(), rnd.hand(1).bit_count(), rnd.hand(2).bit_count()),
        shown=(rnd.shown(0), rnd.shown(1), rnd.shown(2)),
        actions=tuple(rnd.actions),
        tricks=tuple(rnd.tricks),
        marriages=tuple(rnd.marriages),
        points=rnd.points(),
        marriage_points=rnd.marriage_points(),
        trick_counts=rnd.trick_counts(),
        legal=rnd.legal_tuple() if rnd.to_act == seat else (),
        outcome=rnd.outcome,
    )


def sample_three(obs: ThreeObservation, rng: random.Random) -> ThreeRound:
    """A full round consistent with ``obs``, drawn uniformly among those it allows.

    Every hidden card lies with one of the two other seats. A card one of them
    cannot hold (:meth:`ThreeObservation.excluded`) goes to the other; the rest are
    shared out at random. The round is built at the observed position with
    :meth:`ThreeRound.at`, once per observation; each further sample of the same
    observation copies it and deals the hidden cards anew. The sample has the
    round's history and plays on with push and pop (the history itself cannot be
    popped).

    >>> from sixtysix.three.match import ThreeMatch
    >>> match = ThreeMatch(seed=2)
    >>> rnd = match.deal()
    >>> for _ in range(7):
    ...     rnd.push(rnd.legal_tuple()[0])
    >>> obs = observe_three(rnd, 1)
    >>> full = sample_three(obs, random.Random(0))
    >>> full.hand(1) == rnd.hand(1), full.actions == rnd.actions, observe_three(full, 1) == obs
    (True, True, True)
    """
    position = _position(obs)
    left, right = obs.others
    hand = position.left_fixed
    for card in rng.sample(position.free, position.need):
        hand |= 1 << card
    rnd = position.template.copy()
    rnd._actions = position.template._actions[:]
    s = rnd._s
    s[HAND + left] = hand
    s[HAND + right] = position.right_fixed | (position.unseen & ~hand)
    if rnd.to_act != obs.seat:
        rnd._legal = None
    hands = [0, 0, 0]
    hands[obs.seat] = obs.hand | position.played[obs.seat]
    hands[left] = s[HAND + left] | position.played[left]
    hands[right] = s[HAND + right] | position.played[right]
    rnd.deck = deal_deck(hands, obs.dealer, obs.trump_card)
    return rnd


@dataclass(frozen=True)
class _Position:
    """What every sample of one observation shares (see :func:`sample_three`)."""

    template: ThreeRound
    """One full round at the observed position; samples copy it."""
    left_fixed: CardSet
    """Cards the left seat is known to hold: shown, or that the right seat cannot hold."""
    right_fixed: CardSet
    free: tuple[Card, ...]
    """Hidden cards either seat may hold."""
    need: int
    """How many of ``free`` the left seat holds."""
    unseen: CardSet
    """Cards the seat has not seen: the right seat holds those the left seat does not."""
    played: tuple[CardSet, CardSet, CardSet]
    """The cards each seat has played."""


@functools.lru_cache(maxsize=16)
def _position(obs: ThreeObservation) -> _Position:
    left, right = obs.others
    unseen = obs.unseen
    ex_left, ex_right = obs.excluded(left), obs.excluded(right)
    if unseen & ex_left & ex_right:
        raise StateError("no full state is consistent with this observation")
    left_fixed = obs.shown[left] | (unseen & ex_right)
    free = cards_in(unseen & ~ex_left & ~ex_right)
    need = obs.hand_sizes[left] - left_fixed.bit_count()
    if not 0 <= need <= len(free) or obs.hand_sizes[right] != obs.shown[right].bit_count() + (
            unseen.bit_count() - (left_fixed & unseen).bit_count() - need):
        raise StateError("no full state is consistent with this observation")
    hands = [0, 0, 0]
    hands[obs.seat] = obs.hand
    hands[left] = left_fixed | sum(1 << card for card in free[:need])
    hands[right] = obs.shown[right] | (unseen & ~hands[left])
    template = ThreeRound.at(hands, obs.dealer, obs.trump_card, obs.actions, obs.rules)
    played = [0, 0, 0]
    for trick in obs.tricks:
        for index, card in enumerate(trick.cards):
            played[trick.seat_of(index)] |= 1 << card
    for index, card in enumerate(obs.table):
        played[(obs.leader + index) % SEATS] |= 1 << card
    return _Position(template, left_fixed, obs.shown[right], free, need, unseen,
                     (played[0], played[1], played[2]))
