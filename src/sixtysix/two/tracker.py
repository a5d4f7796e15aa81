"""Following a two-hand round from the bot protocol's lines alone (``docs/PROTOCOL.md``):
the host tells a seat the events it sees, and :class:`Tracker` rebuilds from them the
observation the host's table gave that seat, which a bot then acts on: the two-hand
game's :class:`~sixtysix.game.interface.RoundTracker` (:attr:`Game.tracker
<sixtysix.game.interface.Game.tracker>`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from sixtysix.cards import KING, NINE, NUM_CARDS, QUEEN, Card, card, cards_in, mask_of, shuffle
from sixtysix.errors import ProtocolError, SixtySixError
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, PASS, Action
from sixtysix.game.round import Phase
from sixtysix.rules import Rules
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.round import Round, Trick

_ELDER = (0, 1, 2, 6, 7, 8)
_DEALER = (3, 4, 5, 9, 10, 11)
_TRUMP = 12


def _required(action: Action, trump_suit: int) -> int:
    """The cards a seat must hold to take ``action``."""
    if action.card is not None:
        return 1 << action.card
    suit = action.marriage_suit
    if suit is not None:
        return 1 << card(QUEEN, suit) | 1 << card(KING, suit)
    if action == EXCHANGE:
        return 1 << card(NINE, trump_suit)
    return 0


class Tracker:
    """One seat's view of a round, rebuilt from protocol lines alone.

    It keeps a full round consistent with what the seat knows, sampled again
    whenever a line shows the sample wrong, so that :meth:`observation` is the
    observation the host's table gave the seat.
    """

    def __init__(self, seat: int, rules: Rules, seed: int | None = None) -> None:
        self.seat = seat
        self.rules = rules
        self._rng = random.Random(seed)
        self._round: Round | None = None
        self._dealer = 0
        self._hand = 0
        self._shown = 0
        self._trump: Card | None = None
        self.score: tuple[int, ...] | None = None
        """The match score by seat before this round, as the ``round`` line gave it."""

    def start(self, dealer: int) -> None:
        """A new round with ``dealer``; its hand and trump card come next."""
        if dealer not in (0, 1):
            raise ProtocolError(f"dealer must be 0 or 1, not {dealer}")
        self._round = None
        self._dealer = dealer
        self._hand = 0
        self._shown = 0
        self._trump = None

    def hand(self, cards: Sequence[Card]) -> None:
        """The seat's hand as dealt."""
        if len(cards) != 6 or len(set(cards)) != 6:
            raise ProtocolError("a dealt hand holds 6 different cards")
        self._hand = mask_of(cards)

    def trump(self, card: Card | None) -> None:
        """The card under the stock now (``None`` once drawn)."""
        self._trump = card

    def draw(self, card: Card) -> None:
        """A card came into the seat's hand."""
        self._hand |= 1 << card

    def shown(self, seat: int, card: Card) -> None:
        """The opponent, ``seat``, showed a card it holds."""
        if seat != 1 - self.seat:
            raise ProtocolError(f"only the opponent, seat {1 - self.seat}, shows cards, not seat {seat}")
        self._shown |= 1 << card

    def _deal(self) -> Round:
        if self._trump is None or self._hand.bit_count() != 6 or self._hand >> self._trump & 1:
            raise ProtocolError("a round needs its hand and trump card before play")
        mine = _DEALER if self.seat == self._dealer else _ELDER
        rest = [c for c in range(NUM_CARDS) if not (self._hand | 1 << self._trump) >> c & 1]
        shuffle(rest, self._rng)
        deck: list[Card] = [-1] * NUM_CARDS
        for position, held in zip(mine, cards_in(self._hand), strict=True):
            deck[position] = held
        deck[_TRUMP] = self._trump
        free = iter(rest)
        return Round([c if c >= 0 else next(free) for c in deck], self._dealer, self.rules)

    def _sample(self, extra_shown: int = 0, exclude: int = 0) -> Round:
        """The sample, drawn again if it disagrees with what the lines told (or
        gives the opponent a card of ``exclude``)."""
        rnd = self._round if self._round is not None else self._deal()
        obs = observe(rnd, self.seat)
        shown = self._shown | extra_shown
        if (obs.hand, obs.opponent_shown, obs.trump_card) != (self._hand, shown, self._trump) \
                or exclude & rnd.hand(obs.opponent):
            told = dataclasses.replace(obs, hand=self._hand, opponent_shown=shown, trump_card=self._trump)
            try:
                rnd = sample_round(told, self._rng, exclude)
            except SixtySixError as error:
                raise ProtocolError(f"the lines contradict each other: {error}") from None
        self._round = rnd
        return rnd

    def action(self, actor: int, action: Action) -> None:
        """A seat took an action."""
        if actor not in (0, 1):
            raise ProtocolError(f"seat must be 0 or 1, not {actor}")
        rnd = self._sample()
        if actor != self.seat and action in (EXCHANGE, PASS) and rnd.phase is not Phase.RESPOND \
                and rnd.actions and rnd.actions[-1] in (CLOSE, CLOSE_BEFORE_DRAW):
            rnd = self._respond(rnd, holds=True)
        if rnd.to_act != actor:
            raise ProtocolError(f"seat {actor} may not act now")
        needed = _required(action, rnd.trump)
        if actor != self.seat and needed & ~rnd.hand(actor):
            if needed & ~(observe(rnd, self.seat).unseen | self._shown):
                raise ProtocolError(f"seat {actor} cannot hold the cards of {action.token}")
            rnd = self._sample(needed)
        if actor != self.seat and action.card is not None and rnd.lead_card is not None \
                and not rnd.is_legal(action):
            rnd = self._sample(needed, self._follow_excluded(rnd, action.card))
        if not rnd.is_legal(action):
            raise ProtocolError(f"seat {actor} may not play {action.token} now: "
                                f"{rnd.why_illegal(action) or 'illegal'}")
        rnd.push(action)
        leaving = needed if action.card is not None or action == EXCHANGE else 0
        if actor == self.seat:
            self._hand &= ~leaving
        else:
            self._shown &= ~leaving

    def _respond(self, rnd: Round, holds: bool) -> Round:
        """The sample again from before this seat closed, with the opponent holding
        the trump nine or not: whether it may answer the close with an exchange
        (``exchange_on_opponent_close``) shows whether it holds the nine."""
        closing = rnd.pop()
        self._round = rnd
        nine = 1 << card(NINE, rnd.trump)
        rnd = self._sample(nine, 0) if holds else self._sample(0, nine)
        rnd.push(closing)
        return rnd

    def _follow_excluded(self, rnd: Round, card: Card) -> int:
        """The cards the opponent cannot hold if it follows with ``card`` now: the
        inference of :attr:`Observation.opponent_excluded` from this trick."""
        obs = observe(rnd, self.seat)
        assert obs.lead_card is not None
        trick = Trick(self.seat, obs.lead_card, card, self.seat, obs.is_strict)
        return dataclasses.replace(obs, tricks=(trick,)).opponent_excluded

    def observation(self) -> Observation:
        """What the seat knows now, as the host's table sees it (when asked to act:
        whose turn it is may be told by the request itself)."""
        rnd = self._sample()
        if rnd.phase is Phase.RESPOND and rnd.to_act != self.seat:
            rnd = self._respond(rnd, holds=False)
        return observe(rnd, self.seat)
