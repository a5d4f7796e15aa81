"""The three-hand heuristic, exact solver and sampling search (``sixtysix.bots.threehand``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sixtysix.bots import LEVELS, make_bot
from sixtysix.bots.search import Budget
from sixtysix.bots.threehand import THREE_UNITS, Maxn, is_determined, policy, search_values, seat_value
from sixtysix.game.actions import OUT, Action
from sixtysix.games import THREE
from sixtysix.rules import Rules
from sixtysix.table import Table
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import observe_three
from sixtysix.three.round import ThreeRound
from test_three import S_TO_51, S_TO_66, play, spades

seeds = st.integers(0, 2**32 - 1)
claims = st.sampled_from(["three-hand", "three-hand claim=auto"])


def played_on(seed: int, rules: str, actions: int) -> ThreeRound:
    """A round after ``actions`` random actions (``out`` left aside while others are legal)."""
    rnd = ThreeMatch(Rules.parse(rules), seed=seed).deal()
    rng = random.Random(seed)
    for _ in range(actions):
        if rnd.is_over:
            break
        legal = rnd.legal_tuple()
        rnd.push(rng.choice([a for a in legal if a != OUT] or legal))
    return rnd


def brute_force(rnd: ThreeRound) -> tuple[int, int, int]:
    """Max^n by plain recursion on the engine: each seat takes the first action (in
    legal order) of highest value for it; no table, no raw state."""
    if rnd.outcome is not None:
        return rnd.outcome.scores
    seat = rnd.to_act
    assert seat is not None
    best: tuple[int, int, int] = (0, 0, 0)
    best_value = -1000
    for action in rnd.legal_tuple():
        rnd.push(action)
        scores = brute_force(rnd)
        rnd.pop()
        if seat_value(scores, seat) > best_value:
            best, best_value = scores, seat_value(scores, seat)
    return best


@settings(max_examples=150, deadline=None)
@given(seed=seeds, rules=claims, extra=st.integers(0, 3))
def test_solver_agrees_with_brute_force_on_endings(seed: int, rules: str, extra: int) -> None:
    rnd = played_on(seed, rules, 15 + extra)  # five tricks played, and up to three actions more
    if rnd.is_over:
        return
    key = rnd.key()
    solver = Maxn()
    assert solver.scores(rnd) == brute_force(rnd)
    assert rnd.key() == key
    scores = solver.action_scores(rnd)
    seat = rnd.to_act
    assert seat is not None
    assert set(scores) == set(rnd.legal_tuple())
    assert max(seat_value(s, seat) for s in scores.values()) == seat_value(brute_force(rnd), seat)


@settings(max_examples=60, deadline=None)
@given(seed=seeds, rules=claims, actions=st.integers(0, 30))
def test_bots_always_choose_a_legal_action(seed: int, rules: str, actions: int) -> None:
    rnd = played_on(seed, rules, actions)
    if rnd.is_over:
        return
    seat = rnd.to_act
    assert seat is not None
    obs = observe_three(rnd, seat)
    legal = rnd.legal_tuple()
    assert policy(rnd) in legal
    for spec in ("heuristic", "pimc:samples=2"):
        assert make_bot(spec, seed=seed, game=THREE).act(obs) in legal


def test_heuristic_declares_a_sure_66_and_not_a_false_one() -> None:
    bot = make_bot("heuristic", game=THREE)
    rnd = play(spades(), S_TO_66)
    assert rnd.points()[0] >= 66 and bot.act(observe_three(rnd, 0)) == OUT
    rnd = play(spades(), S_TO_51)
    assert OUT in rnd.legal_tuple() and bot.act(observe_three(rnd, 0)) != OUT


def test_heuristic_announces_the_marriage_it_holds() -> None:
    rnd = play(spades(), "As 9d 9s Ac Jc Js Ah Qs 9c")
    assert make_bot("heuristic", game=THREE).act(observe_three(rnd, 0)) == Action.parse("Mc")


def test_search_values_a_false_declaration_as_lost_and_avoids_it() -> None:
    rnd = play(spades(), S_TO_51)  # seat 0 has 51 points on lead: out would be false
    values, taken = search_values(observe_three(rnd, 0), random.Random(1), 8, 3)
    assert taken >= 1 and values[OUT] == -2.0  # the two others score 2 each
    assert all(v > 0 for a, v in values.items() if a != OUT)
    assert make_bot("hard", seed=1, game=THREE).act(observe_three(rnd, 0)) != OUT
    rnd = play(spades(), S_TO_66)
    assert make_bot("hard", seed=1, game=THREE).act(observe_three(rnd, 0)) == OUT


def test_a_work_budget_stops_the_sampling_at_the_same_deal_every_time() -> None:
    rnd = ThreeMatch(seed=4).deal()
    assert rnd.to_act is not None
    obs = observe_three(rnd, rnd.to_act)
    unlimited = Budget()
    values, taken = search_values(obs, random.Random(2), 6, 3, unlimited)
    assert taken == 6 and unlimited.spent % THREE_UNITS == 0
    per_deal = unlimited.spent / 6
    work = int(2.5 * per_deal)
    budget = Budget(work=work)
    cut = search_values(obs, random.Random(2), 6, 3, budget)
    assert 2 <= cut[1] < 6 and budget.spent >= work
    assert search_values(obs, random.Random(2), 6, 3, Budget(work=work)) == cut
    assert search_values(obs, random.Random(2), 6, 3, Budget(work=1))[1] == 1
    assert search_values(obs, random.Random(2), 6, 3) == (values, 6)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, rules=claims)
def test_search_plays_exactly_once_the_cards_are_known(seed: int, rules: str) -> None:
    rnd = played_on(seed, rules, 18)  # six tricks played: the two others' hands are often deduced
    seat = rnd.to_act
    if seat is None or len(rnd.legal_tuple()) < 2:
        return
    obs = observe_three(rnd, seat)
    values, taken = search_values(obs, random.Random(seed), 10, 3)
    if not is_determined(obs):
        assert taken == 10
        return
    exact = Maxn().action_scores(rnd)
    assert taken == 1
    assert values == {a: seat_value(s, seat) / 2 for a, s in exact.items()}
    choice = make_bot("pimc:samples=10", seed=seed, game=THREE).act(obs)
    assert seat_value(exact[choice], seat) == max(seat_value(s, seat) for s in exact.values())


def test_same_seed_same_choices() -> None:
    def once(spec: str) -> list[list[Action]]:
        seats = [make_bot(name, seed=seed, game=THREE)
                 for seed, name in enumerate((spec, "heuristic", "random"), 1)]
        return [rnd.actions for rnd in Table(seats, Rules.parse("three-hand match_target=3"),
                                                   seed=4).play().rounds]
    assert once("pimc:samples=3") == once("pimc:samples=3")


def test_every_level_plays_three_hand() -> None:
    rnd = play(spades(), "As 9d")
    obs = observe_three(rnd, 2)
    for level in LEVELS:
        assert make_bot(level, seed=0, game=THREE).act(obs) in rnd.legal_tuple()


def test_heuristic_beats_two_random_players() -> None:
    gained = [0, 0]
    for seed in range(10):
        for seat in range(3):
            specs = ["random"] * 3
            specs[seat] = "heuristic"
            seats = [make_bot(s, seed=seed * 3 + i, game=THREE) for i, s in enumerate(specs)]
            match = Table(seats, seed=seed).play()
            gained[0] += match.score[seat]
            gained[1] += sum(match.score) - match.score[seat]
    assert gained[0] > 1.5 * gained[1] / 2  # per seat, well above each random player
