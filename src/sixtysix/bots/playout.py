"""Play on a round's own state: the heuristic's rules of thumb without observations.

Search bots play thousands of rollout steps per decision. :func:`policy` chooses
the seat to act's action by reading the :class:`~sixtysix.two.round.Round`'s raw state
(:mod:`sixtysix.two.state`: hands and sets as bitmasks, points, tricks) and nothing
the seat could not see: its hand, the cards played, the face-up trump card and the
cards the opponent has shown. It plays as :class:`~sixtysix.bots.heuristic.HeuristicBot` does in
open play (the part of a round rollouts play) with ``exact=0``; in strict play
it leads and follows by the same rules, without the heuristic's exact solving
and its counting of the opponent's voids. No :class:`~sixtysix.two.observation.Observation` is built.

>>> from sixtysix import Match
>>> rnd = Match(seed=4).deal()
>>> policy(rnd) in rnd.legal_tuple()
True
>>> rollout(rnd, lambda r: False) == len(rnd.actions), rnd.is_over
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from sixtysix.cards import (
    CARD_POINTS,
    FULL_DECK,
    HIGHER,
    KING,
    NINE,
    PARTNER,
    QUEEN,
    SUIT_MASKS,
    TEN,
    CardSet,
    cards_in,
)
from sixtysix.game.actions import ACTIONS, CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, OUT, Action, marriage
from sixtysix.two.round import Round
from sixtysix.two.state import (
    BEATS,
    DRAW_PHASE,
    DRAWN,
    FOLLOW_PHASE,
    HAND,
    KNOWN,
    LEAD,
    LEAD_PHASE,
    LEADER,
    MARR,
    MARRIAGE_PHASE,
    PHASE,
    PLAYED,
    PTS,
    TRICKS,
    TRUMP_CARD,
    state_of,
)

_WIN_BONUS: Final = 2
"""Worth of winning a trick beyond its card points: the lead and the first draw."""
_REACH_66: Final = 100
"""Worth of winning a trick that brings the seat to 66: it declares out next."""
_KINGS_QUEENS: Final = tuple((suit * 6 + KING, suit * 6 + QUEEN) for suit in range(4))
_MELD_LOW: Final = marriage(0)


def sure_winners(hand: CardSet, trumps: CardSet, possible: CardSet) -> list[int]:
    """Cards of ``hand`` that win when led in strict play, in the order to lead them,
    against an opponent who may hold ``possible``: top trumps whatever it holds, then,
    once they have drawn every trump it may hold, the top cards of the other suits."""
    top_trumps = [c for c in reversed(cards_in(hand & trumps)) if not HIGHER[c] & possible]
    winners = list(top_trumps)
    if (possible & trumps).bit_count() <= len(top_trumps):
        winners += [c for c in reversed(cards_in(hand & ~trumps)) if not HIGHER[c] & possible]
    return winners


def sure_points(winners: list[int], points: int, pending: int, possible: CardSet, opponent_size: int) -> int:
    """Points a seat with ``points`` (and ``pending`` marriage points) is sure to hold after
    leading its sure ``winners`` in strict play: their points and the opponent's lowest cards."""
    if not winners:
        return points
    lows = sorted(CARD_POINTS[c] for c in cards_in(possible))
    given = sum(lows[: min(len(winners), opponent_size)])
    return points + pending + sum(CARD_POINTS[c] for c in winners) + given


class _Seat:
    """What the seat to act sees of the round, worked out once per decision."""

    __slots__ = ("can_meld_later", "hand", "nine_useful", "opponent_size", "own_shown", "pending",
                 "points", "possible", "strict", "trump", "trumps", "unseen")

    def __init__(self, rnd: Round, seat: int) -> None:
        s = state_of(rnd)
        rules = rnd.rules
        opponent = 1 - seat
        self.trump = trump = rnd.trump
        self.trumps = SUIT_MASKS[trump]
        self.hand = hand = s[HAND + seat]
        stock = 12 - s[DRAWN]
        strict = self.strict = rnd.is_strict
        seen = hand | s[PLAYED] | s[KNOWN + opponent] & s[HAND + opponent]
        trump_card = s[TRUMP_CARD] if stock else -1
        if trump_card >= 0:
            seen |= 1 << trump_card
        self.unseen = FULL_DECK & ~seen
        self.possible = FULL_DECK & ~(hand | s[PLAYED] | (1 << trump_card if trump_card >= 0 else 0))
        self.opponent_size = s[HAND + opponent].bit_count()
        self.own_shown = s[KNOWN + seat] & hand
        marr = s[MARR + seat]
        tricks = s[TRICKS + seat]
        self.points = s[PTS + seat] + (marr if tricks else 0)
        self.pending = 0 if tricks else marr
        self.can_meld_later = (not strict and stock >= 4) or rules.marriages_after_stock
        self.nine_useful = (not strict and trump_card >= 0 and trump_card % 6 != NINE
                            and stock - 2 >= rules.exchange_min_stock)

    def keep_value(self, card: int) -> int:
        """How much the seat loses by parting with ``card``, beyond its card points."""
        value = 0
        rank = card % 6
        if self.trumps >> card & 1:
            value += 16 if rank >= TEN else 3 + rank
            if rank == NINE and self.nine_useful:
                value += 12
        partner = PARTNER[card]
        if partner >= 0 and self.can_meld_later and not self.own_shown >> card & 1:
            gain = 40 if self.trumps >> card & 1 else 20
            if self.hand >> partner & 1:
                value += gain
            elif self.unseen >> partner & 1:
                value += gain // 8
        return value

    def sure_winners(self) -> list[int]:
        """Cards that win when led in strict play, in the order to lead them."""
        return sure_winners(self.hand, self.trumps, self.possible)

    def sure_points(self) -> int:
        """Points the seat is sure to hold after leading its sure winners in strict play."""
        return sure_points(self.sure_winners(), self.points, self.pending, self.possible, self.opponent_size)

    def lead_card(self) -> int:
        """The card to lead when the seat leads a card (no marriage, no other action)."""
        hand = self.hand
        trumps = self.trumps
        if self.strict:
            winners = self.sure_winners()
        else:
            outstanding = self.possible
            winners = [c for c in cards_in(hand & trumps) if not HIGHER[c] & outstanding]
        have = self.points + self.pending
        for card in winners:
            if have + CARD_POINTS[card] >= 66:
                return card
        keep = self.keep_value
        if self.strict:
            if winners:
                return winners[0]
            return min(cards_in(hand), key=lambda c: (trumps >> c & 1, CARD_POINTS[c] + keep(c), c % 6))
        return min(cards_in(hand), key=lambda c: (CARD_POINTS[c] + keep(c), c % 6))

    def follow_card(self, lead: int, cards: tuple[int, ...]) -> int:
        """The card to follow ``lead`` with, among ``cards``."""
        need = 66 - self.points - self.pending
        beats = BEATS[self.trump]
        keep = self.keep_value
        meld_bonus = self.can_meld_later and self._holds_marriage()
        best = -1
        best_key = (-1 << 30, 0)
        for card in cards:
            won = CARD_POINTS[lead] + CARD_POINTS[card]
            kept = keep(card)
            if beats[lead * 24 + card]:
                value = won + _WIN_BONUS - kept
                if won >= need:
                    value += _REACH_66
                elif meld_bonus and kept < 20:
                    value += 15
            else:
                value = -won - kept
            key = (value, -(card % 6))
            if key > best_key:
                best_key = key
                best = card
        return best

    def _holds_marriage(self) -> bool:
        hand = self.hand & ~self.own_shown
        return any(hand >> king & 1 and hand >> queen & 1 for king, queen in _KINGS_QUEENS)


def policy(rnd: Round) -> Action:
    """The action the rules of thumb choose for the seat to act in ``rnd``."""
    legal = rnd.legal_tuple()
    if len(legal) == 1:
        return legal[0]
    s = state_of(rnd)
    phase = s[PHASE]
    seat = s[LEADER] if phase != FOLLOW_PHASE else 1 - s[LEADER]
    if phase == FOLLOW_PHASE:
        view = _Seat(rnd, seat)
        return ACTIONS[view.follow_card(s[LEAD], tuple(int(a) for a in legal))]
    marr = s[MARR + seat]
    points = s[PTS + seat] + (marr if s[TRICKS + seat] else 0)
    if OUT in legal and points >= 66:
        return OUT
    if phase == DRAW_PHASE:
        if CLOSE_BEFORE_DRAW in legal and _Seat(rnd, seat).sure_points() >= 66:
            return CLOSE_BEFORE_DRAW
        return DRAW
    if phase == MARRIAGE_PHASE:
        queen, king = (a for a in legal if a.card is not None)
        view = _Seat(rnd, seat)
        if view.strict and not HIGHER[king] & view.possible and not view.possible & view.trumps:
            return king
        return queen
    if phase != LEAD_PHASE:
        return EXCHANGE
    if EXCHANGE in legal:
        return EXCHANGE
    view = _Seat(rnd, seat)
    if CLOSE in legal and view.sure_points() >= 66:
        return CLOSE
    melds = [a for a in legal if _MELD_LOW <= a < EXCHANGE]
    if melds:
        trump_meld = marriage(rnd.trump)
        return trump_meld if trump_meld in melds else melds[0]
    return ACTIONS[view.lead_card()]


def rollout(rnd: Round, stop: Callable[[Round], bool]) -> int:
    """Play ``rnd`` on by :func:`policy` until it is over or ``stop(rnd)``;
    return the number of actions pushed (to pop them again)."""
    pushed = 0
    push = rnd.push
    while not rnd.is_over and not stop(rnd):
        push(policy(rnd))
        pushed += 1
    return pushed
