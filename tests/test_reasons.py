"""Refusals as codes with parameters (``sixtysix.reasons``): every code has its English,
the engine reaches every code of each game, a refusal carries the parameters ``CODES``
lists, of the documented kinds, and ``why_illegal`` is the English of ``refusal`` for
rounds and observations of both games."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from sixtysix import reasons
from sixtysix.cards import SUIT_LETTERS, card_name, parse_card
from sixtysix.game.actions import ACTIONS, Action
from sixtysix.reasons import CODES, Refusal, english
from sixtysix.rules import Rules
from sixtysix.three.observation import observe_three
from sixtysix.three.round import ThreeRound
from sixtysix.two.observation import observe
from sixtysix.two.round import Round
from test_properties import any_rules, new_round, seeds
from test_properties import choose as choose_two
from test_rules_deal import act
from test_rules_messages import REASONS
from test_three_properties import choose as choose_three
from test_three_properties import claims, random_round

THREE_ONLY = frozenset({"no_stock", "follow_beat", "trump_beat"})
TWO_HAND_CODES = frozenset(CODES) - THREE_ONLY
THREE_HAND_CODES = THREE_ONLY | {
    "round_over", "not_in_hand", "lead_married", "follow_suit", "trump_void", "follow_phase",
    "marriage_phase", "marriage_not_held", "out_auto", "out_not_now",
}

# An example value of each parameter, of its kind: tokens, suit letters and flag values
# are strings, seats and numbers ints.
EXAMPLES: dict[str, str | int] = {
    "action": "close", "card": "Ks", "suit": "d", "claim": "auto", "seat": 1, "min_stock": 4,
}


def check(refusal: Refusal, words: str | None, section: int) -> None:
    """A refusal has a known code, exactly its parameters, each of its kind, and ``words``
    are its English."""
    assert refusal.code in CODES
    assert [name for name, _ in refusal.params] == sorted(CODES[refusal.code])
    for name, value in refusal.params:
        if name == "card":
            assert isinstance(value, str) and card_name(parse_card(value)) == value
        elif name == "action":
            assert isinstance(value, str) and Action.parse(value).token == value
        elif name == "suit":
            assert isinstance(value, str) and value in SUIT_LETTERS
        elif name == "claim":
            assert value in ("manual", "auto")
        elif name == "section":
            assert value == section
        else:
            assert isinstance(value, int) and not isinstance(value, bool)
    assert english(refusal) == words


def test_every_code_has_its_english() -> None:
    assert list(reasons._ENGLISH) == list(CODES)
    for code, names in CODES.items():
        for section in (3, 11) if "section" in names else (0,):
            params = {name: EXAMPLES.get(name, section) for name in names}
            words = english(Refusal.of(code, **params))
            assert words and "{" not in words and "}" not in words, code
            if "card" in names:
                assert "Ks" in words
            if "suit" in names:  # after a marriage, the suit is the one announced: no need to say it
                assert ("diamonds" in words) != (code == "lead_married")
            if section:
                assert f"(section {section})" in words or code == "follow_phase"


def test_a_refusal_is_plain_data() -> None:
    refusal = Refusal.of("not_in_hand", seat=1, card="9c")
    assert refusal == Refusal("not_in_hand", (("card", "9c"), ("seat", 1)))
    assert hash(refusal) == hash(Refusal.of("not_in_hand", card="9c", seat=1))
    assert refusal.as_dict() == {"code": "not_in_hand", "card": "9c", "seat": 1}
    assert Refusal.of(**json.loads(json.dumps(refusal.as_dict()))) == refusal


def test_the_pinned_sentences_reach_every_two_hand_code() -> None:
    reached = set()
    for _, start, token, words in REASONS:
        rnd = start()
        refusal = rnd.refusal(act(token))
        assert refusal is not None
        check(refusal, words, 3)
        reached.add(refusal.code)
    assert reached == TWO_HAND_CODES


def test_random_three_hand_rounds_reach_every_three_hand_code() -> None:
    reached: set[str] = set()
    seed = 0
    while reached != THREE_HAND_CODES and seed < 200:
        rnd, rng = random_round(seed, ("three-hand", "three-hand claim=auto")[seed % 2])
        while True:
            for action in ACTIONS:
                refusal = rnd.refusal(action)
                if refusal is not None:
                    check(refusal, rnd.why_illegal(action), 11)
                    reached.add(refusal.code)
            if rnd.is_over:
                break
            rnd.push(choose_three(rnd, rng))
        seed += 1
    assert reached == THREE_HAND_CODES


def check_two(rnd: Round) -> None:
    legal = rnd.legal_tuple()
    seat = rnd.to_act
    obs = observe(rnd, seat) if seat is not None else None
    for action in ACTIONS:
        refusal = rnd.refusal(action)
        words = rnd.why_illegal(action)
        assert (refusal is None) == (words is None) == (action in legal)
        if refusal is not None:
            check(refusal, words, 3)
        if obs is not None:
            assert obs.refusal(action) == refusal
            assert obs.why_illegal(action) == words


def check_three(rnd: ThreeRound) -> None:
    legal = rnd.legal_tuple()
    seat = rnd.to_act
    obs = observe_three(rnd, seat) if seat is not None else None
    for action in ACTIONS:
        refusal = rnd.refusal(action)
        words = rnd.why_illegal(action)
        assert (refusal is None) == (words is None) == (action in legal)
        if refusal is not None:
            check(refusal, words, 11)
        if obs is not None:
            assert obs.refusal(action) == refusal
            assert obs.why_illegal(action) == words


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(seed=seeds, rules=any_rules)
def test_two_hand_refusals_and_their_words_agree(seed: int, rules: Rules) -> None:
    rnd, rng = new_round(seed, rules)
    check_two(rnd)
    while not rnd.is_over:
        rnd.push(choose_two(rnd, rng))
        check_two(rnd)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(seed=seeds, rules=claims)
def test_three_hand_refusals_and_their_words_agree(seed: int, rules: str) -> None:
    rnd, rng = random_round(seed, rules)
    check_three(rnd)
    while not rnd.is_over:
        rnd.push(choose_three(rnd, rng))
        check_three(rnd)

