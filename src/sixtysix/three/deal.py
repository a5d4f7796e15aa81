"""The three-hand deal (RULES.md section 11): three seats, eight cards each, dealt in packets
of 3, 2 and 3 from the dealer's left, the dealer's last card shown as trump."""

from __future__ import annotations

from collections.abc import Sequence

from sixtysix.cards import (
    FULL_DECK,
    NUM_CARDS,
    Card,
    CardSet,
    card_name,
    cards_in,
)
from sixtysix.errors import StateError

SEATS = 3
"""The number of players."""
HAND_SIZE = 8
"""Cards dealt to each seat."""
TRICKS_PER_ROUND = 8
LAST_TRICK_BONUS = 10


def left_of(seat: int) -> int:
    """The seat to the left, who deals or leads after ``seat``.

    >>> left_of(0), left_of(2)
    (1, 0)
    """
    return (seat + 1) % SEATS


def _deal_positions() -> tuple[tuple[int, ...], ...]:
    """For the seat 1, 2 and 3 places left of the dealer (the dealer last), the deck
    positions of its cards: packets of 3, 2 and 3, each round starting left of the dealer."""
    positions: list[list[int]] = [[], [], []]
    top = 0
    for size in (3, 2, 3):
        for places in positions:
            places.extend(range(top, top + size))
            top += size
    return tuple(tuple(places) for places in positions)


DEAL_POSITIONS = _deal_positions()
"""``DEAL_POSITIONS[k]``: the deck positions dealt to the seat ``k + 1`` places left of
the dealer; the dealer's last position, 23, is the shown trump card."""

TRUMP_POSITION = NUM_CARDS - 1
"""The deck position of the dealer's last card, shown to all: its suit is trump."""


def deal_deck(hands: Sequence[CardSet], dealer: int, trump_card: Card) -> tuple[Card, ...]:
    """A deck order that deals each seat the eight cards of ``hands`` (indexed by
    seat), with ``trump_card``, which the dealer must hold, dealt last.

    >>> from sixtysix.three.round import ThreeRound
    >>> hands = [0xFF, 0xFF << 8, 0xFF << 16]
    >>> rnd = ThreeRound(deal_deck(hands, 2, 23), 2)
    >>> [rnd.hand(seat) for seat in range(3)] == hands, card_name(rnd.trump_card)
    (True, 'As')
    """
    if any(hand.bit_count() != HAND_SIZE for hand in hands) or hands[0] | hands[1] | hands[2] != FULL_DECK:
        raise StateError("three hands of 8 cards that share out the deck are needed")
    if not hands[dealer] >> trump_card & 1:
        raise StateError(f"the dealer must hold the trump card {card_name(trump_card)}")
    deck = [0] * NUM_CARDS
    for places, positions in enumerate(DEAL_POSITIONS, 1):
        seat = (dealer + places) % SEATS
        cards = [c for c in cards_in(hands[seat]) if c != trump_card] + [trump_card] * (seat == dealer)
        for position, card in zip(positions, cards, strict=True):
            deck[position] = card
    return tuple(deck)
