"""Outcome explanations as codes with parameters (``sixtysix.explanations``): every code
rendered word for word, the first clause of an explanation says how the round ended,
each clause carries the parameters ``CODES`` lists, as ints, and ``explanation`` is the
English of ``explained`` for both games (the sentences themselves are pinned by
``test_rules_messages``, ``test_rules_scoring``, ``test_three`` and the golden files)."""

from __future__ import annotations

import json

from hypothesis import given, settings

from sixtysix.explanations import CODES, HEADS, Clause, english
from sixtysix.rules import Rules
from sixtysix.three.outcome import ThreeOutcome
from sixtysix.two.outcome import Outcome
from test_properties import any_rules, new_round, seeds
from test_properties import choose as choose_two
from test_rules_deal import play
from test_rules_messages import EXPLANATIONS
from test_three_properties import choose as choose_three
from test_three_properties import random_round

# Every code with example parameters and its English, alone or after a first clause.
RENDERED: list[tuple[str, dict[str, int], str]] = [
    ("out", {"seat": 0, "points": 71}, "Seat 0 declared out with 71 points."),
    ("closed_won", {"seat": 1}, "Seat 1 closed the stock and reached 66 first."),
    ("last_trick", {}, "All tricks played, the last worth 10."),
    ("false_out", {"seat": 0, "points": 5, "winner": 1, "game_points": 2},
     "Seat 0 declared out with only 5 points, a false declaration: seat 1 scores 2 game points."),
    ("false_out_no_trick", {"seat": 1, "points": 13, "winner": 0, "game_points": 3},
     "Seat 1 declared out with only 13 points, a false declaration: seat 0 scores 3 game points, "
     "having taken no trick."),
    ("failed_close", {"seat": 1, "first": 0, "winner": 0, "game_points": 2},
     "Seat 1 closed the stock but seat 0 reached 66 first: seat 0 scores 2 game points."),
    ("failed_close_no_trick", {"seat": 0, "first": 1, "winner": 1, "game_points": 3},
     "Seat 0 closed the stock but seat 1 reached 66 first: seat 1 scores 3 game points, "
     "having had no trick when the stock was closed."),
    ("failed_close_three", {"seat": 1, "first": 0, "winner": 0, "game_points": 3},
     "Seat 1 closed the stock but seat 0 reached 66 first: seat 0 scores 3 game points "
     "(failed_close_points=three)."),
    ("failed_close_nobody", {"seat": 1, "winner": 0, "game_points": 2},
     "Seat 1 closed the stock but nobody reached 66 first: seat 0 scores 2 game points."),
    ("failed_close_nobody_no_trick", {"seat": 1, "winner": 0, "game_points": 3},
     "Seat 1 closed the stock but nobody reached 66 first: seat 0 scores 3 game points, "
     "having had no trick when the stock was closed."),
    ("failed_close_nobody_three", {"seat": 0, "winner": 1, "game_points": 3},
     "Seat 0 closed the stock but nobody reached 66 first: seat 1 scores 3 game points "
     "(failed_close_points=three)."),
    ("tie_most_tricks", {"points": 65, "seat": 1, "tricks": 7, "other_tricks": 5},
     "Both have 65 points; seat 1 took more tricks (7 to 5): 1 game point (tie=most_tricks)."),
    ("tie_replay", {"points": 65},
     "Both have 65 points: a tie; nobody scores and the same dealer deals again."),
    ("tie_carry", {"points": 65},
     "Both have 65 points: a tie; nobody scores and the next scoring round gets 1 more game point."),
    ("false_out_each", {"seat": 0, "points": 51, "other": 1, "third": 2, "game_points": 2},
     "Seat 0 declared out with only 51 points, a false declaration: seats 1 and 2 score 2 game points each."),
    ("more_points", {"seat": 0, "points": 76, "other_points": 54},
     "All tricks played, the last worth 10; seat 0 has more points (76 to 54)."),
    ("most_points", {"seat": 2, "points": 70},
     "All tricks played, the last worth 10; seat 2 has the most points, 70, 66 or more."),
    ("tie_shared", {"seat": 0, "other": 2, "points": 50},
     "All tricks played, the last worth 10; seats 0 and 2 share the most points, 50: nobody scores "
     "and the same dealer deals again."),
    ("tie_shared_all", {"points": 50},
     "All tricks played, the last worth 10; seats 0 and 1 and 2 share the most points, 50: nobody scores "
     "and the same dealer deals again."),
    ("tie_under_66", {"seat": 1, "points": 60},
     "All tricks played, the last worth 10; seat 1 has the most points, 60, under 66: nobody scores "
     "and the same dealer deals again."),
    ("scale_33", {"seat": 1, "points": 33},
     "Seat 0 declared out with 71 points; seat 1 has 33 points, 33 or more: 1 game point."),
    ("scale_under_33", {"seat": 1, "points": 20},
     "Seat 0 declared out with 71 points; seat 1 has 20 points, under 33: 2 game points."),
    ("scale_no_trick", {"seat": 1},
     "Seat 0 declared out with 71 points; seat 1 took no trick: 3 game points."),
    ("scale_33_at_close", {"seat": 1, "points": 40},
     "Seat 0 declared out with 71 points; seat 1 has 40 points, 33 or more: 1 game point at the close."),
    ("scale_under_33_at_close", {"seat": 1, "points": 12},
     "Seat 0 declared out with 71 points; seat 1 has 12 points, under 33: 2 game points at the close."),
    ("scale_no_trick_at_close", {"seat": 1},
     "Seat 0 declared out with 71 points; seat 1 took no trick: 3 game points at the close."),
    ("in_all", {"game_points": 4}, "Seat 0 declared out with 71 points; 4 game points in all."),
]

# The first clause a clause that is not one is rendered after.
FIRST = {"more_points": Clause.of("last_trick"), "most_points": Clause.of("last_trick"),
         "tie_shared": Clause.of("last_trick"), "tie_shared_all": Clause.of("last_trick"),
         "tie_under_66": Clause.of("last_trick")}
ANY_FIRST = Clause.of("out", seat=0, points=71)

THREE_HAND_CODES = frozenset({"out", "last_trick", "false_out_each", "most_points", "tie_shared",
                              "tie_under_66", "scale_33", "scale_under_33", "scale_no_trick", "in_all"})
"""The three-hand codes random rounds reach (a three-way tie, ``tie_shared_all``, needs
marriages worth 20 more than the cards, and does not come up)."""


def test_every_code_is_rendered_word_for_word() -> None:
    assert sorted(code for code, _, _ in RENDERED) == sorted(CODES)
    for code, params, words in RENDERED:
        assert sorted(params) == list(CODES[code]), code
        clause = Clause.of(code, **params)
        first = () if code in HEADS else (FIRST.get(code, ANY_FIRST),)
        assert english((*first, clause)) == words, code


def test_a_clause_is_plain_data() -> None:
    clause = Clause.of("out", seat=1, points=70)
    assert clause == Clause("out", (("points", 70), ("seat", 1)))
    assert hash(clause) == hash(Clause.of("out", points=70, seat=1))
    assert clause.as_dict() == {"code": "out", "points": 70, "seat": 1}
    assert Clause.of(**json.loads(json.dumps(clause.as_dict()))) == clause


def check(outcome: Outcome | ThreeOutcome) -> set[str]:
    """An outcome's clauses: a head first and only first, each with exactly its
    parameters, all ints, and ``explanation`` their English. Returns the codes."""
    explained = outcome.explained
    assert explained and explained[0].code in HEADS
    assert not any(clause.code in HEADS for clause in explained[1:])
    for clause in explained:
        assert [name for name, _ in clause.params] == list(CODES[clause.code])
        assert all(type(value) is int for _, value in clause.params)
    assert outcome.explanation == english(explained)
    return {clause.code for clause in explained}


def test_the_pinned_two_hand_explanations_reach_every_two_hand_code() -> None:
    reached: set[str] = set()
    for _, start, tokens, words in EXPLANATIONS:
        rnd = play(start(), tokens)
        assert rnd.outcome is not None and rnd.outcome.explanation == words
        reached |= check(rnd.outcome)
    assert reached == {
        "out", "closed_won", "last_trick", "false_out", "false_out_no_trick", "failed_close",
        "failed_close_three", "failed_close_nobody", "failed_close_nobody_no_trick", "tie_most_tricks",
        "tie_replay", "tie_carry", "more_points", "scale_33", "scale_under_33", "scale_no_trick",
        "scale_no_trick_at_close",
    }


@settings(max_examples=300, deadline=None)
@given(seed=seeds, rules=any_rules)
def test_random_two_hand_rounds_explain_themselves(seed: int, rules: Rules) -> None:
    rnd, rng = new_round(seed, rules)
    while not rnd.is_over:
        rnd.push(choose_two(rnd, rng))
    assert rnd.outcome is not None
    check(rnd.outcome)


def test_random_three_hand_rounds_reach_every_three_hand_code() -> None:
    reached: set[str] = set()
    seed = 0
    while reached != THREE_HAND_CODES and seed < 500:
        rnd, rng = random_round(seed, ("three-hand", "three-hand claim=auto")[seed % 2])
        while not rnd.is_over:
            rnd.push(choose_three(rnd, rng))
        assert rnd.outcome is not None
        reached |= check(rnd.outcome)
        seed += 1
    assert reached == THREE_HAND_CODES
