"""What one seat may know of a round, and full states sampled consistently with it.

An :class:`Observation` is the only view of the game that bots, front ends and
protocols get. It holds the seat's own hand, the public history and the cards the
opponent has shown, never the opponent's hidden cards or the stock order.

>>> import random
>>> from sixtysix import Match
>>> rnd = Match(seed=3).deal()
>>> obs = observe(rnd, rnd.to_act)
>>> obs.opponent_hand_size, obs.stock_size, bin(obs.unseen).count("1")
(6, 12, 17)
>>> full = sample_round(obs, random.Random(0))
>>> full.hand(obs.seat) == obs.hand and full.legal_tuple() == obs.legal
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from sixtysix.cards import CARD_POINTS, FULL_DECK, HIGHER, SUIT_MASKS, Card, CardSet, Suit, cards_in, shuffle
from sixtysix.compiled import mypyc_attr
from sixtysix.errors import StateError
from sixtysix.game.actions import Action
from sixtysix.game.round import Phase
from sixtysix.reasons import Refusal, english
from sixtysix.rules import Rules
from sixtysix.two.outcome import Outcome
from sixtysix.two.round import Round, Trick
from sixtysix.two.state import FOLLOW_PHASE, LEADER, OVER, PHASE, RESPOND_PHASE, STATE_SIZE

_new: Final = object.__new__


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Observation:
    """One seat's view of a round at one moment: an immutable snapshot.

    :func:`observe` makes one cheaply and computes most fields on first read;
    built directly (or by :func:`dataclasses.replace`) every field is given. The
    card sets derived from the fields (:attr:`played`, :attr:`unseen`,
    :attr:`opponent_excluded`) are computed once, as samplers ask for them often.
    """

    seat: int
    rules: Rules
    dealer: int
    trump: Suit
    trump_card: Card | None
    """The card under the stock (face up, or face down once closed); ``None`` once drawn."""
    stock_size: int
    closer: int | None
    close_snapshot: tuple[int, int] | None
    phase: Phase
    to_act: int | None
    leader: int
    lead_card: Card | None
    hand: CardSet
    opponent_hand_size: int
    opponent_shown: CardSet
    """Cards known to be in the opponent's hand: marriage partners, exchanged or drawn trump card."""
    own_shown: CardSet
    """Cards of this seat's hand that the opponent has seen."""
    tricks: tuple[Trick, ...]
    marriages: tuple[tuple[int, Suit], ...]
    points: tuple[int, int]
    marriage_points: tuple[int, int]
    trick_counts: tuple[int, int]
    first_to_66: int | None
    legal: tuple[Action, ...]
    """The seat's legal actions, empty unless it is to act."""
    outcome: Outcome | None

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def hand_sizes(self) -> tuple[int, int]:
        """How many cards each seat holds, by seat.

        >>> from sixtysix import Match
        >>> observe(Match(seed=3).deal(), 1).hand_sizes
        (6, 6)
        """
        own = self.hand.bit_count()
        return (own, self.opponent_hand_size) if self.seat == 0 else (self.opponent_hand_size, own)

    @property
    def shown(self) -> tuple[CardSet, CardSet]:
        """The cards each seat is known to hold, by seat: :attr:`own_shown` and
        :attr:`opponent_shown`.

        >>> from sixtysix import Match
        >>> observe(Match(seed=3).deal(), 1).shown
        (0, 0)
        """
        own, other = self.own_shown, self.opponent_shown
        return (own, other) if self.seat == 0 else (other, own)

    @property
    def table(self) -> tuple[Card, ...]:
        """The cards of the trick in play, in the order played: the lead, if there is one."""
        lead = self.lead_card
        return () if lead is None else (lead,)

    def excluded(self, seat: int) -> CardSet:
        """Cards ``seat`` cannot hold as far as this seat knows: :attr:`opponent_excluded`
        for the opponent, none for this seat (whose hand it knows)."""
        return 0 if seat == self.seat else self.opponent_excluded

    @property
    def is_strict(self) -> bool:
        """Whether the follower must follow suit (stock empty or closed), as
        :attr:`Round.is_strict <sixtysix.two.round.Round.is_strict>`."""
        return self.closer is not None or self.stock_size == 0

    def refusal(self, action: Action) -> Refusal | None:
        """Why this seat may not take ``action`` now (``None`` if it may), as a code
        with parameters (see :mod:`sixtysix.reasons`). The reasons depend only on what
        the seat sees, so they are asked of a full round sampled from the observation.

        >>> from sixtysix import Match
        >>> from sixtysix.game.actions import OUT
        >>> rnd = Match(seed=3).deal()
        >>> obs = observe(rnd, rnd.to_act)
        >>> obs.refusal(obs.legal[0]) is None, obs.refusal(OUT) == rnd.refusal(OUT)
        (True, True)
        """
        if action in self.legal:
            return None
        return sample_round(self, random.Random(0)).refusal(action)

    def why_illegal(self, action: Action) -> str | None:
        """Why this seat may not take ``action`` now, in the engine's words (``None``
        if it may): the English of :meth:`refusal`.

        >>> from sixtysix import Match
        >>> from sixtysix.game.actions import OUT
        >>> rnd = Match(seed=3).deal()
        >>> obs = observe(rnd, rnd.to_act)
        >>> obs.why_illegal(obs.legal[0]) is None, obs.why_illegal(OUT) == rnd.why_illegal(OUT)
        (True, True)
        """
        refusal = self.refusal(action)
        return None if refusal is None else english(refusal)

    @cached_property
    def played(self) -> CardSet:
        """Every card played to a trick, the one on the table included."""
        mask = 0 if self.lead_card is None else 1 << self.lead_card
        for trick in self.tricks:
            mask |= 1 << trick.lead | 1 << trick.follow
        return mask

    @cached_property
    def unseen(self) -> CardSet:
        """Cards this seat has not seen: in the opponent's hidden hand or the stock."""
        seen = self.hand | self.played | self.opponent_shown
        if self.trump_card is not None:
            seen |= 1 << self.trump_card
        return FULL_DECK & ~seen

    @cached_property
    def opponent_excluded(self) -> CardSet:
        """Cards the opponent cannot hold, from how it followed under strict play.

        Void in the led suit means no card of it; void and no trump played means
        no trump; following without heading (``must_head``) means no higher card
        of that suit. No card is drawn under strict play, so each inference holds
        for the rest of the round.
        """
        excluded = 0
        opponent = 1 - self.seat
        trump_mask = SUIT_MASKS[self.trump]
        for trick in self.tricks:
            if not trick.strict or trick.leader == opponent:
                continue
            led = SUIT_MASKS[trick.lead // 6]
            if not led >> trick.follow & 1:
                excluded |= led
                if not trump_mask >> trick.follow & 1:
                    excluded |= trump_mask
            elif self.rules.must_head and trick.follow < trick.lead:
                excluded |= HIGHER[trick.lead]
        return excluded


_Compute = Callable[[Round, int], object]

_COMPUTED: Final[dict[str, _Compute]] = {
    "trump_card": lambda view, seat: view.trump_card,
    "stock_size": lambda view, seat: view.stock_size,
    "closer": lambda view, seat: view.closer,
    "close_snapshot": lambda view, seat: view.close_snapshot,
    "phase": lambda view, seat: view.phase,
    "to_act": lambda view, seat: view.to_act,
    "leader": lambda view, seat: view.leader,
    "lead_card": lambda view, seat: view.lead_card,
    "hand": lambda view, seat: view.hand(seat),
    "opponent_hand_size": lambda view, seat: view._s[STATE_SIZE],
    "opponent_shown": lambda view, seat: view.shown(1 - seat),
    "own_shown": lambda view, seat: view.shown(seat),
    "tricks": lambda view, seat: tuple(view.tricks),
    "marriages": lambda view, seat: tuple(view.marriages),
    "points": lambda view, seat: view.points(),
    "marriage_points": lambda view, seat: view.marriage_points(),
    "trick_counts": lambda view, seat: view.trick_counts(),
    "first_to_66": lambda view, seat: view.first_to_66,
}
"""The fields :func:`observe` leaves to be read from the seat's view when first asked for."""


class _Computed:
    """A field of an observation made by :func:`observe`: computed on first read from
    the seat's view (a copy of the round's state taken when observing, so the
    observation never changes) and kept in the instance, where later reads find it."""

    __slots__ = ("compute", "name")

    def __init__(self, name: str, compute: _Compute) -> None:
        self.name = name
        self.compute = compute

    def __get__(self, obs: Observation | None, owner: type | None = None) -> object:
        if obs is None:
            return self
        known = obs.__dict__
        view = known.get("_round")
        if view is None:
            view = known["_round"] = Round._of_view(known["_view"], known["rules"], known["dealer"],
                                                    known["trump"], known["outcome"])
        value = known[self.name] = self.compute(view, known["seat"])
        return value


for _name, _compute in _COMPUTED.items():
    setattr(Observation, _name, _Computed(_name, _compute))


def observe(rnd: Round, seat: int) -> Observation:
    """What ``seat`` may know of ``rnd`` now.

    The observation keeps a copy of the seat's view of the round (the opponent's
    hidden cards left out) and fills most fields from it when they are first read:
    observing costs little, and later play does not change the observation.

    >>> from sixtysix import Match
    >>> rnd = Match(seed=3).deal()
    >>> before = observe(rnd, 0)
    >>> rnd.push(rnd.legal_tuple()[0])
    >>> before.stock_size, before.lead_card is None, observe(rnd, 0).lead_card is None
    (12, True, False)
    """
    s = rnd._s
    obs = _new(Observation)
    known = obs.__dict__
    known["seat"] = seat
    known["rules"] = rnd.rules
    known["dealer"] = rnd.dealer
    known["trump"] = rnd.trump
    known["outcome"] = rnd._outcome
    known["_view"] = rnd._seat_view(seat)
    # The seat to act as Round.to_act: the follower or the closer's opponent, else the
    # leader, nobody once the round is over.
    phase = s[PHASE]
    if phase != OVER and s[LEADER] ^ (phase in (FOLLOW_PHASE, RESPOND_PHASE)) == seat:
        legal = rnd._legal
        known["legal"] = legal if legal is not None else rnd.legal_tuple()
    else:
        known["legal"] = ()
    return obs


def sample_round(obs: Observation, rng: random.Random, exclude: CardSet = 0) -> Round:
    """A full round consistent with ``obs``: the opponent's hidden cards and the
    stock order drawn uniformly among those the observation allows (and that
    ``exclude`` does not name).

    The sample has no history to take back; it plays on with push and pop.
    """
    unseen = obs.unseen
    shown = obs.opponent_shown
    hidden = obs.opponent_hand_size - shown.bit_count()
    allowed = cards_in(unseen & ~(obs.opponent_excluded | exclude))
    if hidden > len(allowed):
        raise StateError("no full state is consistent with this observation")
    opponent_cards = rng.sample(allowed, hidden)
    opponent_hand = shown
    for card in opponent_cards:
        opponent_hand |= 1 << card
    stock = list(cards_in(unseen & ~opponent_hand))
    shuffle(stock, rng)
    hands = (obs.hand, opponent_hand) if obs.seat == 0 else (opponent_hand, obs.hand)
    shown_pair = (obs.own_shown, shown) if obs.seat == 0 else (shown, obs.own_shown)
    card_points = [0, 0]
    for trick in obs.tricks:
        card_points[trick.winner] += CARD_POINTS[trick.lead] + CARD_POINTS[trick.follow]
    return Round.from_position(
        obs.rules, obs.dealer, phase=obs.phase, leader=obs.leader, lead=obs.lead_card,
        hands=hands, stock_size=obs.stock_size, stock=stock,
        trump_card=obs.trump_card if obs.trump_card is not None else -1, trump=obs.trump,
        card_points=(card_points[0], card_points[1]), marriage_points=obs.marriage_points,
        shown=shown_pair, closer=obs.closer, close_snapshot=obs.close_snapshot,
        first_to_66=obs.first_to_66, played=obs.played, tricks=obs.tricks,
        marriages=obs.marriages,
        marriage_suit=obs.marriages[-1][1] if obs.phase is Phase.MARRIAGE else None,
    )
