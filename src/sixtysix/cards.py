"""Cards, suits and ranks, and sets of cards as integer bitmasks.

A card is an ``int`` from 0 to 23: ``suit * 6 + rank``. Suits are clubs,
diamonds, hearts, spades (0-3); ranks run from the lowest, the nine, to the
highest, the ace (0-5), so a higher rank index is a stronger card. A set of
cards is an ``int`` whose bit ``1 << card`` is set for each card it holds.

>>> card = parse_card("Th")
>>> card_name(card), suit_of(card), rank_of(card), CARD_POINTS[card]
('Th', 2, 4, 10)
>>> names(mask_of(parse_card(t) for t in ["Ah", "9c", "Ks"]))
['9c', 'Ah', 'Ks']
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random
from typing import Final

from sixtysix.errors import NotationError, quoted

Card = int
"""A card, ``suit * 6 + rank``."""

Suit = int
"""A suit, 0-3: clubs, diamonds, hearts, spades."""

CardSet = int
"""A set of cards as a bitmask: bit ``1 << card`` per card."""

SUIT_LETTERS: Final = "cdhs"
RANK_LETTERS: Final = "9JQKTA"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = ("nine", "jack", "queen", "king", "ten", "ace")
RANK_POINTS: Final = (0, 2, 3, 4, 10, 11)

NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

NUM_CARDS: Final = 24
DECK_POINTS: Final = 120
FULL_DECK: Final[CardSet] = (1 << NUM_CARDS) - 1

CARD_POINTS: Final[tuple[int, ...]] = tuple(RANK_POINTS[c % 6] for c in range(NUM_CARDS))
"""Card points of each card, indexed by card."""

SUIT_MASKS: Final[tuple[CardSet, ...]] = tuple(0b111111 << (6 * s) for s in range(4))
"""The set of all six cards of each suit, indexed by suit."""

HIGHER: Final[tuple[CardSet, ...]] = tuple(
    SUIT_MASKS[c // 6] & ~((2 << c) - 1) for c in range(NUM_CARDS)
)
"""For each card, the set of cards of its suit that rank above it."""

PARTNER: Final[tuple[Card, ...]] = tuple(
    c + 1 if c % 6 == 2 else c - 1 if c % 6 == 3 else -1 for c in range(NUM_CARDS))
"""The other card of a queen's or king's marriage pair, by card; -1 for the other ranks."""

_LOW: Final[tuple[tuple[Card, ...], ...]] = tuple(
    tuple(c for c in range(12) if m >> c & 1) for m in range(1 << 12)
)
_HIGH: Final[tuple[tuple[Card, ...], ...]] = tuple(tuple(c + 12 for c in low) for low in _LOW)


def card(rank: int, suit: Suit) -> Card:
    """The card of a rank and a suit.

    >>> card_name(card(ACE, HEARTS))
    'Ah'
    """
    return suit * 6 + rank


def suit_of(c: Card) -> Suit:
    """The suit of a card."""
    return c // 6


def rank_of(c: Card) -> int:
    """The rank of a card, 0 (nine) to 5 (ace)."""
    return c % 6


def card_name(c: Card) -> str:
    """The notation of a card: rank letter then suit letter.

    >>> card_name(0), card_name(23)
    ('9c', 'As')
    """
    return RANK_LETTERS[c % 6] + SUIT_LETTERS[c // 6]


def card_symbol(c: Card) -> str:
    """A card with its suit symbol, as a player reads it.

    >>> card_symbol(parse_card("Td"))
    '10♦'
    """
    rank = RANK_LETTERS[c % 6]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[c // 6]


def parse_card(token: str) -> Card:
    """Read a card token such as ``Ah`` or ``9c``.

    >>> parse_card("As")
    23
    >>> parse_card("1h")
    Traceback (most recent call last):
    ...
    sixtysix.errors.NotationError: not a card: '1h'
    """
    if len(token) == 2:
        rank = RANK_LETTERS.find(token[0])
        suit = SUIT_LETTERS.find(token[1])
        if rank >= 0 and suit >= 0:
            return suit * 6 + rank
    raise NotationError(f"not a card: {quoted(token)}")


def parse_suit(letter: str) -> Suit:
    """Read a suit letter.

    >>> parse_suit("h")
    2
    """
    if len(letter) == 1 and letter in SUIT_LETTERS:
        return SUIT_LETTERS.index(letter)
    raise NotationError(f"not a suit: {quoted(letter)}")


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The set holding the given cards.

    >>> mask_of([0, 2])
    5
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def is_deck(cards: tuple[int, ...]) -> bool:
    """Whether ``cards`` holds each of the 24 cards exactly once (in any order).

    >>> is_deck(tuple(range(24))), is_deck((0,) * 24), is_deck((*range(23), 24)), is_deck((*range(23), -1))
    (True, False, False, False)
    """
    if len(cards) != NUM_CARDS:
        return False
    seen = 0
    for c in cards:
        if not 0 <= c < NUM_CARDS:
            return False
        seen |= 1 << c
    return seen == FULL_DECK


def shuffle(cards: list[Card], rng: Random) -> None:
    """Shuffle ``cards`` in place into the very order ``rng.shuffle(cards)`` gives, leaving
    ``rng`` in the same state, only faster (every deal and sampled world shuffles).

    It is the standard library's algorithm (Fisher-Yates from the end, each index drawn
    by ``getrandbits`` with rejection) without a method call per card; an ``rng`` of
    another type than ``random.Random`` (a ``SystemRandom``, a subclass) shuffles itself.

    >>> deck, same = list(range(24)), list(range(24))
    >>> shuffle(deck, Random(7)); Random(7).shuffle(same)
    >>> deck == same, sorted(deck) == list(range(24))
    (True, True)
    """
    if type(rng) is not Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def cards_in(mask: CardSet) -> tuple[Card, ...]:
    """The cards of a set, lowest card index first.

    >>> cards_in(0b1011)
    (0, 1, 3)
    """
    return _LOW[mask & 0xFFF] + _HIGH[mask >> 12]


def names(mask: CardSet) -> list[str]:
    """The notation of each card of a set, in card order.

    >>> names(SUIT_MASKS[HEARTS])
    ['9h', 'Jh', 'Qh', 'Kh', 'Th', 'Ah']
    """
    return [card_name(c) for c in cards_in(mask)]


def points_of(mask: CardSet) -> int:
    """The card points of a set.

    >>> points_of(FULL_DECK)
    120
    """
    return sum(CARD_POINTS[c] for c in cards_in(mask))


def beats(follow: Card, lead: Card, trump: Suit) -> bool:
    """Whether a card played second wins the trick against the card led.

    >>> beats(parse_card("9h"), parse_card("As"), HEARTS)
    True
    >>> beats(parse_card("Kc"), parse_card("Qd"), HEARTS)
    False
    """
    if follow // 6 == lead // 6:
        return follow > lead
    return follow // 6 == trump
