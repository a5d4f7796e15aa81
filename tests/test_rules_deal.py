"""RULES.md section 2 (the deal), and the helpers the other rule tests build positions with.

``make_deck`` lays out a 24-card deck from hands as section 2 deals it: the elder
hand gets ``deck[0:3] + deck[6:9]``, the dealer ``deck[3:6] + deck[9:12]``,
``deck[12]`` is the face-up trump card and ``deck[13:]`` the stock, top first.
"""

from __future__ import annotations

import pytest

from sixtysix import Match, Phase, Record, Round, Rules, StateError, push_recorded
from sixtysix.cards import Card, CardSet, card_name, cards_in, mask_of, parse_card
from sixtysix.game.actions import Action, parse_action

# ---------------------------------------------------------------- helpers


def cards(tokens: str) -> list[Card]:
    """The cards of space-separated tokens, in order."""
    return [parse_card(t) for t in tokens.split()]


def cardset(tokens: str) -> CardSet:
    """The set of cards of space-separated tokens."""
    return mask_of(cards(tokens))


def make_deck(elder: str, dealer: str, trump: str, stock: str = "") -> list[Card]:
    """A deck that deals ``elder`` and ``dealer`` (six cards each), turns up ``trump``
    and stacks ``stock`` on top of the stock, the cards not named after it in card order."""
    e, d = cards(elder), cards(dealer)
    assert len(e) == 6 and len(d) == 6, "each hand needs six cards"
    top = [*cards(trump), *cards(stock)]
    deck = e[0:3] + d[0:3] + e[3:6] + d[3:6] + top
    rest = [c for c in range(24) if c not in deck]
    deck += rest
    assert len(deck) == 24 and len(set(deck)) == 24, "a card is named twice"
    return deck


def deal(elder: str, dealer: str, trump: str, stock: str = "", *, rules: Rules | str | None = None,
         dealer_seat: int = 1) -> Round:
    """A fresh round from hands; seat 0 is the elder hand unless ``dealer_seat`` is 0."""
    if isinstance(rules, str):
        rules = Rules.parse(rules)
    return Round(make_deck(elder, dealer, trump, stock), dealer_seat, rules)


def play(rnd: Round, tokens: str) -> Round:
    """Apply record tokens (implicit draws and passes made as a record implies them)."""
    for token in tokens.split():
        push_recorded(rnd, parse_action(token))
    return rnd


def legal(rnd: Round) -> set[str]:
    """The legal actions now, as tokens (``draw`` and ``pass`` included)."""
    return {a.token for a in rnd.legal_actions()}


def hand(rnd: Round, seat: int) -> set[str]:
    """A seat's hand as tokens."""
    return {card_name(c) for c in cards_in(rnd.hand(seat))}


def act(token: str) -> Action:
    """The action of a token."""
    return parse_action(token)


def phase(rnd: Round) -> Phase:
    """The round's phase (a function, so that type checkers do not narrow it across pushes)."""
    return rnd.phase


# A deal used by many tests: seat 1 deals, so seat 0 is elder and leads; hearts are trump.
# Elder (seat 0): Ah Kh Qs As 9c Jd      Dealer (seat 1): Th 9h Kc Qc Js Kd
# Face-up trump: Jh.  Stock top first: Ac Tc Ad Td Ks Ts Qh Qd 9d 9s Jc.
BASE_ELDER = "Ah Kh Qs As 9c Jd"
BASE_DEALER = "Th 9h Kc Qc Js Kd"
BASE_TRUMP = "Jh"
BASE_STOCK = "Ac Tc Ad Td Ks Ts Qh Qd 9d 9s Jc"


def base(rules: Rules | str | None = None) -> Round:
    """The common deal under some rules."""
    return deal(BASE_ELDER, BASE_DEALER, BASE_TRUMP, BASE_STOCK, rules=rules)


# ---------------------------------------------------------------- section 2


@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_three_at_a_time_elder_first(dealer: int) -> None:
    deck = cards("Ah Kh Qs Th 9h Kc As 9c Jd Qc Js Kd Jh Ac Tc Ad Td Ks Ts Qh Qd 9d 9s Jc")
    rnd = Round(deck, dealer)
    elder = 1 - dealer
    assert rnd.hand(elder) == mask_of(deck[0:3] + deck[6:9])
    assert rnd.hand(dealer) == mask_of(deck[3:6] + deck[9:12])


def test_dealer_opponent_is_elder_hand_and_leads_first() -> None:
    for dealer in (0, 1):
        rnd = Round(make_deck(BASE_ELDER, BASE_DEALER, BASE_TRUMP, BASE_STOCK), dealer)
        assert rnd.to_act == 1 - dealer
        assert rnd.hand(1 - dealer) == cardset(BASE_ELDER)


def test_card_thirteen_turned_up_is_trump() -> None:
    rnd = deal(BASE_ELDER, BASE_DEALER, "Jc", "Jh")
    assert rnd.trump_card == parse_card("Jc")
    assert rnd.trump == parse_card("Jc") // 6
    rnd = base()
    assert rnd.trump_card == parse_card("Jh")
    assert rnd.trump == parse_card("Jh") // 6


def test_stock_card_fourteen_on_top_trump_card_drawn_last() -> None:
    deck = make_deck(BASE_ELDER, BASE_DEALER, BASE_TRUMP, BASE_STOCK)
    rnd = Round(deck, 1)
    for k in range(6):
        before = (rnd.hand(0), rnd.hand(1))
        lead = min(a for a in rnd.legal_actions() if a.card is not None)
        rnd.push(lead)
        follow = min(rnd.legal_actions())
        rnd.push(follow)
        winner = rnd.leader
        if phase(rnd) is Phase.DRAW:
            rnd.push(act("draw"))
        gained_w = rnd.hand(winner) & ~before[winner]
        gained_l = rnd.hand(1 - winner) & ~before[1 - winner]
        assert gained_w == 1 << deck[13 + 2 * k], f"trick {k + 1}: winner draws the top card"
        # The loser of the trick that empties the stock draws the face-up trump (card 13).
        expected = deck[12] if k == 5 else deck[14 + 2 * k]
        assert gained_l == 1 << expected, f"trick {k + 1}: loser draws the next card"
    assert rnd.stock_size == 0
    assert rnd.trump_card is None


def test_stock_size_counts_face_up_trump_twelve_then_down_by_two() -> None:
    rnd = base()
    sizes = [rnd.stock_size]
    while rnd.stock_size > 0:
        lead = min(a for a in rnd.legal_actions() if a.card is not None)
        rnd.push(lead)
        rnd.push(min(rnd.legal_actions()))
        if "draw" in legal(rnd):
            rnd.push(act("draw"))
        sizes.append(rnd.stock_size)
    assert sizes == [12, 10, 8, 6, 4, 2, 0]
    assert bin(rnd.hand(0)).count("1") == bin(rnd.hand(1)).count("1") == 6


def test_trump_card_face_up_until_the_last_draw() -> None:
    # The face-up trump card lies under the stock until the loser of the trick that
    # empties the stock draws it: it is visible at every stock size from 12 down to 2.
    rnd = base()
    seen = []
    while rnd.stock_size > 0:
        seen.append((rnd.stock_size, rnd.trump_card))
        if rnd.stock_size == 4:
            closed = rnd.copy()
        rnd.push(min(a for a in rnd.legal_actions() if a.card is not None))
        rnd.push(min(rnd.legal_actions()))
        if "draw" in legal(rnd):
            rnd.push(act("draw"))
    jh = parse_card("Jh")
    assert seen == [(12, jh), (10, jh), (8, jh), (6, jh), (4, jh), (2, jh)]
    assert rnd.trump_card is None
    # Closing turns it face down but leaves it under the stock: still the round's trump card.
    closed.push(act("close"))
    assert closed.closer is not None and closed.stock_size == 4 and closed.trump_card == jh


def test_first_dealer_from_seeded_rng_unless_given() -> None:
    dealers = {Match(seed=seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1}
    for seed in range(10):
        assert Match(seed=seed).first_dealer == Match(seed=seed).first_dealer
        assert Match(seed=seed).deal().deck == Match(seed=seed).deal().deck
    assert Match(dealer=0, seed=5).first_dealer == 0
    assert Match(dealer=1, seed=5).first_dealer == 1
    with pytest.raises(StateError):
        Match(dealer=2)


def test_record_states_first_dealer() -> None:
    match = Match(dealer=1, seed=3)
    match.deal()
    record = Record.from_match(match)
    assert '[Dealer "1"]' in str(record)
    assert Record.parse(str(record)).dealer == 1


def test_round_rejects_bad_deck_and_dealer() -> None:
    deck = make_deck(BASE_ELDER, BASE_DEALER, BASE_TRUMP, BASE_STOCK)
    for bad in (deck[:23], [*deck[:23], deck[0]], [*deck[:23], 24], [*deck[:23], -1], [*deck, 0]):
        with pytest.raises(StateError, match=r"^a deck must hold each of the 24 cards once$"):
            Round(bad, 0)
    assert Round(list(reversed(deck)), 0).deck == tuple(reversed(deck))
    with pytest.raises(StateError):
        Round(deck, 2)
