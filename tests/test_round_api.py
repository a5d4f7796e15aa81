"""Round API details: copies, keys, bad actions, and the history a round keeps.

The round keeps its finished tricks, its marriages and its actions in its state
list (packed logs, and the last action of each saved state); the tests at the end
check them against what the public state before and after each action says.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from random import Random

import pytest
from hypothesis import given, settings

from sixtysix import OUT, IllegalActionError, Match, Phase, Round, Rules, StateError
from sixtysix.cards import parse_card
from sixtysix.game.actions import ACTIONS, CLOSE, CLOSE_BEFORE_DRAW, Action
from sixtysix.game.outcome import Reason
from sixtysix.rules import PRESETS
from sixtysix.two.round import Trick
from test_properties import any_rules, choose, new_round, seeds


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
        rnd.push(bad)
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


# ------------------------------------------------------------------ history


def snapshot(rnd: Round) -> tuple[object, ...]:
    """Everything the public API says about a round."""
    return (rnd.key(), rnd.actions, rnd.tricks, rnd.marriages, rnd.outcome, rnd.legal_tuple(),
            rnd.points(), rnd.trick_counts(), rnd.played, rnd.phase, rnd.to_act, rnd.is_strict)


def push_checked(rnd: Round, action: Action) -> None:
    """Push ``action`` and check the logs against what the public state before and after says."""
    tricks, marriages, actions = rnd.tricks, rnd.marriages, rnd.actions
    leader, lead, strict, seat = rnd.leader, rnd.lead_card, rnd.is_strict, rnd.to_act
    finishes = action.card is not None and lead is not None
    rnd.push(action)
    if finishes:
        assert lead is not None and action.card is not None
        tricks.append(Trick(leader, lead, action.card, rnd.leader, strict))
    if action.marriage_suit is not None:
        assert seat is not None
        marriages.append((seat, action.marriage_suit))
    actions.append(action)
    assert (rnd.tricks, rnd.marriages, rnd.actions) == (tricks, marriages, actions)
    assert len(rnd.tricks) == sum(rnd.trick_counts())
    # Points are card points plus marriages once their seat has won a trick (section 5).
    counted = [c + (m if t else 0) for c, m, t in zip(rnd.card_points(), rnd.marriage_points(),
                                                      rnd.trick_counts(), strict=True)]
    assert list(rnd.points()) == counted
    # The key ends with the trump suit and the face-down stock, top first.
    face_down = max(rnd.stock_size - 1, 0)
    key = rnd.key()
    assert key[len(key) - face_down - 1:] == (rnd.trump, *rnd.deck[len(rnd.deck) - face_down:])


@settings(max_examples=600, deadline=None)
@given(seed=seeds, rules=any_rules)
def test_logs_follow_play_and_take_backs(seed: int, rules: Rules) -> None:
    rnd, rng = new_round(seed, rules)
    seen = [snapshot(rnd)]
    while not rnd.is_over:
        if len(seen) > 1 and rng.random() < 0.15:
            undone = rnd.actions[-1]
            assert rnd.pop() is undone
            seen.pop()
            assert snapshot(rnd) == seen[-1]
            continue
        push_checked(rnd, choose(rnd, rng))
        seen.append(snapshot(rnd))
    while rnd.actions:
        rnd.pop()
        seen.pop()
        assert snapshot(rnd) == seen[-1]


@settings(max_examples=300, deadline=None)
@given(seed=seeds, rules=any_rules)
def test_copies_and_set_up_positions_keep_the_logs(seed: int, rules: Rules) -> None:
    rnd, rng = new_round(seed, rules)
    for _ in range(rng.randrange(30)):
        if rnd.is_over:
            break
        rnd.push(choose(rnd, rng))
    twin = rnd.copy()
    assert (twin.tricks, twin.marriages, twin.actions) == (rnd.tricks, rnd.marriages, [])
    assert twin.key() == rnd.key()
    if rnd.is_over:
        return
    stock = list(rnd.deck[24 - max(rnd.stock_size - 1, 0):]) if rnd.stock_size > 1 else []
    placed = Round.from_position(
        rules, rnd.dealer, phase=rnd.phase, leader=rnd.leader, lead=rnd.lead_card,
        hands=(rnd.hand(0), rnd.hand(1)), stock_size=rnd.stock_size, stock=stock,
        trump_card=rnd.trump_card if rnd.trump_card is not None else -1, trump=rnd.trump,
        card_points=rnd.card_points(), marriage_points=rnd.marriage_points(),
        shown=(rnd.shown(0), rnd.shown(1)), closer=rnd.closer, close_snapshot=rnd.close_snapshot,
        first_to_66=rnd.first_to_66, played=rnd.played, tricks=rnd.tricks, marriages=rnd.marriages,
        marriage_suit=rnd.marriages[-1][1] if rnd.phase is Phase.MARRIAGE else None)
    assert (placed.tricks, placed.marriages, placed.legal_tuple()) == (rnd.tricks, rnd.marriages,
                                                                       rnd.legal_tuple())
    key = placed.key()
    push_checked(placed, choose(placed, rng))
    placed.pop()
    assert placed.key() == key


def test_declaring_out_one_point_short_of_66_is_false() -> None:
    # Section 6: out needs 66; with 65 the declaration is false and the other seat scores.
    rng = Random(65)
    for seed in range(2000):
        rnd = Match(Rules.parse("classic"), seed=seed).deal()
        while not rnd.is_over:
            seat = rnd.to_act
            assert seat is not None
            if OUT in rnd.legal_tuple() and rnd.points()[seat] == 65:
                rnd.push(OUT)
                assert rnd.outcome is not None
                assert (rnd.outcome.reason, rnd.outcome.winner) == (Reason.FALSE_OUT, 1 - seat)
                return
            rnd.push(rng.choice([a for a in rnd.legal_tuple() if a not in (OUT, CLOSE, CLOSE_BEFORE_DRAW)]))
    raise AssertionError("no seat reached exactly 65 points")


def test_repr_names_the_dealer_trump_phase_and_actions() -> None:
    order = "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh"
    rnd = Round([parse_card(t) for t in order.split()], dealer=0)
    assert repr(rnd) == "<Round dealer=0 trump=h phase=LEAD actions=''>"
    rnd.push_token("Ts")
    rnd.push_token("Ac")
    assert repr(rnd) == "<Round dealer=0 trump=h phase=DRAW actions='Ts Ac'>"


@pytest.mark.parametrize("twin", [copy.deepcopy, lambda rnd: pickle.loads(pickle.dumps(rnd))],
                         ids=["deepcopy", "pickle"])
def test_a_copied_round_takes_its_copied_legal_actions(twin: Callable[[Round], Round]) -> None:
    # The copy's cached legal actions are the interned ones themselves (push finds a
    # legal action by identity): push takes them, and refuses what is not among them.
    rnd = Match(seed=1).deal()
    legal = rnd.legal_tuple()
    copied = twin(rnd)
    assert copied._legal is not None
    assert all(a is b for a, b in zip(copied._legal, legal, strict=True))
    action = copied.legal_tuple()[-1]
    assert action is legal[-1]
    illegal = next(a for a in ACTIONS if a not in legal)
    with pytest.raises(IllegalActionError, match=f"^{illegal} is not in seat {rnd.to_act}'s hand$"):
        copied.push(illegal)
    copied.push(action)
    rnd.push(legal[-1])
    assert copied.key() == rnd.key()


def test_pop_with_nothing_to_take_back_is_refused_in_words() -> None:
    rnd = Match(seed=1).deal()
    before = rnd.key()
    with pytest.raises(StateError, match=r"^no action to take back$"):
        rnd.pop()
    rnd.push(rnd.legal_tuple()[0])
    rnd.pop()
    with pytest.raises(StateError, match=r"^no action to take back$"):
        rnd.pop()
    assert rnd.key() == before
