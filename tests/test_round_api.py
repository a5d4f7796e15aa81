"""Round API details: copies, keys, and bad actions."""

from __future__ import annotations

from random import Random

import pytest

from sixtysix import OUT, IllegalActionError, Match, Phase, Round, Rules, StateError
from sixtysix.cards import parse_card
from sixtysix.rules import PRESETS


@pytest.mark.parametrize("preset", list(PRESETS))
def test_copy_plays_on_exactly_like_the_original(preset: str) -> None:
    rng = Random(preset)
    for seed in range(60):
        rnd = Match(Rules.parse(preset), seed=seed).deal()
        for _ in range(rng.randrange(0, 20)):
            if rnd.is_over:
                break
            rnd.push(rng.choice(rnd.legal_tuple()))
        twin = rnd.copy()
        assert twin.key() == rnd.key()
        assert twin.tricks == rnd.tricks and twin.marriages == rnd.marriages
        while not rnd.is_over:
            action = rng.choice(rnd.legal_tuple())
            rnd.push(action)
            twin.push(action)
            assert twin.key() == rnd.key()
        assert twin.outcome == rnd.outcome


def test_key_tells_apart_positions_that_differ_only_in_stock_order() -> None:
    deck = list(range(24))
    other = deck[:13] + deck[13:][::-1]
    first, second = Match(dealer=0).deal(deck), Match(dealer=0).deal(other)
    assert (first.hand(0), first.hand(1), first.trump_card) == (second.hand(0), second.hand(1),
                                                                second.trump_card)
    assert first.key() != second.key()


@pytest.mark.parametrize("bad", [99, -1, 34])
def test_push_of_something_that_is_no_action_is_refused(bad: int) -> None:
    rnd = Match(seed=1).deal()
    before = rnd.key()
    with pytest.raises(IllegalActionError, match="not an action"):
        rnd.push(bad)  # type: ignore[arg-type]
    assert rnd.key() == before


def rebuilt(rnd: Round) -> Round:
    """The round set up again by :meth:`Round.from_position` from what it shows."""
    stock_size = rnd.stock_size
    drawn = 12 - stock_size
    trump_card = rnd.trump_card
    return Round.from_position(
        rnd.rules, rnd.dealer, phase=rnd.phase, leader=rnd.leader, lead=rnd.lead_card,
        hands=(rnd.hand(0), rnd.hand(1)), stock_size=stock_size,
        stock=rnd.deck[13 + drawn:] if stock_size else (),
        trump_card=-1 if trump_card is None else trump_card, trump=rnd.trump,
        card_points=rnd.card_points(), marriage_points=rnd.marriage_points(),
        shown=(rnd.shown(0), rnd.shown(1)), closer=rnd.closer, close_snapshot=rnd.close_snapshot,
        first_to_66=rnd.first_to_66, played=rnd.played, tricks=rnd.tricks, marriages=rnd.marriages,
        marriage_suit=rnd.marriages[-1][1] if rnd.phase is Phase.MARRIAGE else None,
    )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_from_position_plays_on_exactly_like_the_round_it_shows(preset: str) -> None:
    rng = Random(preset)
    for seed in range(150):
        rnd = Match(Rules.parse(preset), seed=seed).deal()
        for _ in range(rng.randrange(0, 30)):  # without out, so that later positions come up
            if rnd.is_over:
                break
            rnd.push(rng.choice([a for a in rnd.legal_tuple() if a != OUT]))
        if rnd.is_over:
            continue
        twin = rebuilt(rnd)
        while True:
            assert twin.legal_tuple() == rnd.legal_tuple()
            assert (twin.to_act, twin.points(), twin.trick_counts(), twin.trump_card, twin.closer,
                    twin.close_snapshot, twin.first_to_66, twin.is_strict) == (
                rnd.to_act, rnd.points(), rnd.trick_counts(), rnd.trump_card, rnd.closer,
                rnd.close_snapshot, rnd.first_to_66, rnd.is_strict)
            if rnd.is_over:
                break
            action = rng.choice(rnd.legal_tuple())
            rnd.push(action)
            twin.push(action)
        assert twin.outcome == rnd.outcome


@pytest.mark.parametrize(("stock_size", "stock", "words"), [
    (4, "Ac Tc", "a stock of 4 needs 3 face-down cards"),
    (0, "Ac", "a stock of 0 needs 0 face-down cards"),
    (3, "Ac Tc", "a stock size is an even number from 0 to 12, not 3"),
    (14, "", "a stock size is an even number from 0 to 12, not 14"),
    (-2, "", "a stock size is an even number from 0 to 12, not -2"),
])
def test_from_position_refuses_a_stock_of_the_wrong_length(stock_size: int, stock: str, words: str) -> None:
    rnd = Match(seed=1).deal()
    with pytest.raises(StateError) as refused:
        Round.from_position(
            rnd.rules, rnd.dealer, phase=rnd.phase, leader=rnd.leader, lead=None,
            hands=(rnd.hand(0), rnd.hand(1)), stock_size=stock_size,
            stock=[parse_card(t) for t in stock.split()], trump_card=rnd.deck[12], trump=rnd.trump,
            card_points=(0, 0), marriage_points=(0, 0), shown=(0, 0), closer=None, close_snapshot=None,
            first_to_66=None, played=0, tricks=[], marriages=[],
        )
    assert str(refused.value) == words
