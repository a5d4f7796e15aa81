"""What the opponent's whole play of a round says about its hidden cards.

A sampled world (:func:`~sixtysix.two.observation.sample_round`) puts cards in the
opponent's hand now. How likely the opponent's play so far was in that world
depends on the hands it held at each of its past decisions, which the world does
not say: of the cards it holds now or has played, some were dealt to it and
others drawn later, in an order nobody saw. :class:`RoundRecord` keeps what one
seat heard of the round (its own hands and draws, every action of both seats);
:meth:`RoundRecord.deal_of` completes a world's current hands into a whole deal
consistent with the record, drawing the opponent's unseen draw order uniformly
among those the record allows; and :meth:`RoundRecord.agreements` replays the
record on that deal, asking the rules of thumb (:func:`~sixtysix.bots.playout.policy`)
at each of the opponent's open-play leads and follows what they would have played.
:meth:`RoundRecord.likelihood` turns the disagreements into a weight.

>>> from sixtysix.table import Table
>>> from sixtysix.bots.heuristic import HeuristicBot
>>> from sixtysix.two.observation import observe
>>> record = RoundRecord()
>>> class Listening(HeuristicBot):
...     def notify(self, event):
...         record.hear(event)
>>> table = Table([Listening(1, exact=0), HeuristicBot(2, exact=0)], seed=7)
>>> rnd = table.deal()
>>> for _ in range(9):
...     seat = rnd.to_act
...     table.submit(seat, table.seats[seat].act(observe(rnd, seat)))
>>> record.follows(observe(rnd, 0))
True

On the true deal the opponent, which plays by the rules of thumb, agrees at each
of its choices; a world that gives it other cards may not:

>>> agreed, asked = record.agreements(list(rnd.deck))
>>> agreed == asked > 0
True
>>> 0 < record.likelihood(rnd.hand(1), random.Random(0), 0.5) <= 1
True
"""

from __future__ import annotations

import random
from typing import Final

from sixtysix.bots.playout import policy
from sixtysix.cards import FULL_DECK, KING, NINE, NUM_CARDS, QUEEN, Card, CardSet, cards_in
from sixtysix.game.actions import EXCHANGE, Action
from sixtysix.game.round import Phase
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind
from sixtysix.two.observation import Observation
from sixtysix.two.round import Round

_ELDER_SLOTS: Final = (0, 1, 2, 6, 7, 8)
_DEALER_SLOTS: Final = (3, 4, 5, 9, 10, 11)
_TRUMP_SLOT: Final = 12
_LAST_PAIR: Final = 5
"""The pair of draws after which the stock is empty: its second card is the trump card."""
_OPEN_CHOICES: Final = (Phase.LEAD, Phase.FOLLOW)


class _Step:
    """One action of the round as the recording seat heard it."""

    __slots__ = ("action", "actor", "drawn", "pair", "shown", "trump_card", "winner")

    def __init__(self, actor: int, action: Action, trump_card: int) -> None:
        self.actor = actor
        self.action = action
        self.trump_card = trump_card
        """The card under the stock before the action, -1 once drawn."""
        self.pair = -1
        """The index of the pair of draws the action ended with (0 to 5), -1 if none."""
        self.winner = -1
        """The seat that drew first in that pair."""
        self.drawn = -1
        """The recording seat's card of that pair, -1 if it drew none or the trump card."""
        self.shown: CardSet = 0
        """Cards the opponent showed by this action: a marriage's pair, the card exchanged for."""


class RoundRecord:
    """What one seat has heard of the round in play, told by :meth:`hear`.

    It is empty (:meth:`follows` is false) until a round starts while the seat
    listens; a round joined in the middle (``ROUND_RESUMED``) is not recorded.
    """

    __slots__ = (
        "dealer",
        "first_trump",
        "hand",
        "moment",
        "rules",
        "seat",
        "start_hand",
        "steps",
        "stock_size",
        "trump",
        "trump_card",
    )

    def __init__(self) -> None:
        self.rules: Rules | None = None
        self.seat = 0
        self.dealer = 0
        self.trump = 0
        self.start_hand: CardSet = 0
        self.trump_card = -1
        """The card under the stock now, -1 once drawn."""
        self.hand: CardSet = 0
        self.stock_size = 0
        self.moment: tuple[object, ...] = ()
        """Where the round stood after the last event heard (:meth:`follows` compares)."""
        self.steps: list[_Step] = []
        self.first_trump = -1

    def hear(self, event: Event) -> None:
        """Take in one of the table's events."""
        kind = event.kind
        obs = event.observation
        if kind is EventKind.ROUND_STARTED:
            self.rules = obs.rules
            self.seat = obs.seat
            self.dealer = obs.dealer
            self.trump = obs.trump
            self.start_hand = self.hand = obs.hand
            self.trump_card = -1 if obs.trump_card is None else obs.trump_card
            self.first_trump = self.trump_card
            self.stock_size = obs.stock_size
            self.moment = _moment(obs)
            self.steps = []
        elif kind is EventKind.ROUND_RESUMED:
            self.rules = None
        elif kind is EventKind.ACTION and self.rules is not None:
            actor = event.actor
            action = event.action
            assert actor is not None and action is not None
            step = _Step(actor, action, self.trump_card)
            hand = obs.hand
            stock_size = obs.stock_size
            if stock_size < self.stock_size:
                step.pair = (12 - self.stock_size) // 2
                step.winner = obs.tricks[-1].winner
                gained = hand & ~self.hand
                if gained:
                    step.drawn = cards_in(gained)[0]
                if step.pair == _LAST_PAIR and step.winner != self.seat:
                    step.drawn = -1
            if actor != self.seat:
                if action == EXCHANGE:
                    step.shown = 1 << self.trump_card
                elif action.marriage_suit is not None:
                    suit = action.marriage_suit
                    step.shown = 1 << suit * 6 + KING | 1 << suit * 6 + QUEEN
            self.hand = hand
            self.stock_size = stock_size
            self.trump_card = -1 if obs.trump_card is None else obs.trump_card
            self.moment = _moment(obs)
            self.steps.append(step)

    def follows(self, observation: Observation) -> bool:
        """Whether the record holds the whole round up to ``observation``, for its seat."""
        return (self.rules is not None and observation.seat == self.seat
                and _moment(observation) == self.moment)

    def deal_of(self, opponent_hand: CardSet, rng: random.Random) -> list[Card]:
        """A whole deal (the deck :class:`~sixtysix.two.round.Round` takes) that gives the
        opponent ``opponent_hand`` now and agrees with every step of the record: the
        opponent's draws are taken back from the last, each a card of its hand then,
        uniformly among those it had not shown before the draw.

        Raises ``ValueError`` if no deal gives the opponent that hand.
        """
        seat = self.seat
        opponent = 1 - seat
        nine = self.trump * 6 + NINE
        shown_before = [0] * (len(self.steps) + 1)
        shown = 0
        for i, step in enumerate(self.steps):
            shown |= step.shown
            shown_before[i + 1] = shown
        hand = opponent_hand
        draws: dict[int, Card] = {}
        for i in range(len(self.steps) - 1, -1, -1):
            step = self.steps[i]
            if step.pair >= 0:
                if step.pair == _LAST_PAIR and step.winner == seat:
                    taken = step.trump_card
                    if not hand >> taken & 1:
                        raise ValueError("the opponent's hand lacks the trump card it drew")
                    hand &= ~(1 << taken)
                else:
                    eligible = cards_in(hand & ~shown_before[i + 1])
                    if not eligible:
                        raise ValueError("no card of the opponent's hand can be its draw")
                    card = rng.choice(eligible)
                    draws[step.pair] = card
                    hand &= ~(1 << card)
            if step.actor == opponent:
                action = step.action
                if action.card is not None:
                    hand |= 1 << action.card
                elif action == EXCHANGE:
                    hand = hand & ~(1 << step.trump_card) | 1 << nine
        if hand.bit_count() != 6 or hand & self.start_hand:
            raise ValueError("no deal gives the opponent this hand")
        deck = [-1] * NUM_CARDS
        hands = (self.start_hand, hand) if seat == 0 else (hand, self.start_hand)
        for slots, held in ((_ELDER_SLOTS, hands[1 - self.dealer]), (_DEALER_SLOTS, hands[self.dealer])):
            for slot, card in zip(slots, cards_in(held), strict=True):
                deck[slot] = card
        deck[_TRUMP_SLOT] = self.first_trump
        for step in self.steps:
            pair = step.pair
            if pair < 0:
                continue
            first, second = 13 + 2 * pair, 14 + 2 * pair
            own, theirs = (first, second) if step.winner == seat else (second, first)
            if step.drawn >= 0:
                deck[own] = step.drawn
            if pair in draws:
                deck[theirs] = draws[pair]
        placed = 0
        for card in deck:
            if card >= 0:
                placed |= 1 << card
        rest = iter(cards_in(FULL_DECK & ~placed))
        return [card if card >= 0 else next(rest) for card in deck]

    def agreements(self, deck: list[Card]) -> tuple[int, int]:
        """Replay the record on ``deck`` (from :meth:`deal_of`): of the opponent's
        leads and follows in open play with a choice, how many the rules of thumb
        would have made as it did, and how many there were.

        Raises ``ValueError`` if a recorded action is illegal on that deal.
        """
        assert self.rules is not None
        rnd = Round(deck, self.dealer, self.rules)
        opponent = 1 - self.seat
        agreed = asked = 0
        for step in self.steps:
            action = step.action
            legal = rnd.legal_tuple()
            if action not in legal:
                raise ValueError(f"{action} is not legal on this deal")
            if (step.actor == opponent and len(legal) > 1 and rnd.phase in _OPEN_CHOICES
                    and not rnd.is_strict):
                asked += 1
                agreed += policy(rnd) == action
            rnd.push(action)
        return agreed, asked

    def likelihood(self, opponent_hand: CardSet, rng: random.Random, floor: float) -> float:
        """The weight of a world that gives the opponent ``opponent_hand``: ``floor``
        to the power of the opponent's open-play choices the rules of thumb would
        not have made, on a deal drawn by :meth:`deal_of`; 0 if none agrees with
        the record."""
        try:
            agreed, asked = self.agreements(self.deal_of(opponent_hand, rng))
        except ValueError:
            return 0.0
        return floor ** (asked - agreed)


def _moment(observation: Observation) -> tuple[object, ...]:
    """What changes with every action of a round, as the seat sees it."""
    return (observation.hand, observation.stock_size, len(observation.tricks), observation.phase,
            observation.lead_card, observation.closer, observation.trump_card, len(observation.marriages),
            observation.to_act)
