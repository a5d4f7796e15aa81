"""The exact solver agrees with a plain minimax, and the solver bot plays what it solves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.search import (
    Budget,
    Endgame,
    Solver,
    is_determined,
    sampled_values,
    solve,
)
from sixtysix.bots.solver import SolverBot
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, DRAW, OUT, Action
from sixtysix.game.round import Phase
from sixtysix.rules import Rules
from sixtysix.two.match import Match
from sixtysix.two.observation import observe
from sixtysix.two.round import Round

RULE_SETS = [
    "classic",
    "pagat",
    "santase",
    "turkish",
    "classic claim=auto",
    "santase claim=auto",
    "classic closer_win_basis=at_close must_head=off failed_close_points=three",
    "turkish false_claim_points=two first_lead_close=on",
]


def minimax(rnd: Round, seat: int) -> int:
    """Plain exhaustive minimax over the engine: no pruning, no table."""
    outcome = rnd.outcome
    if outcome is not None:
        if outcome.winner is None:
            return 0
        return outcome.game_points if outcome.winner == seat else -outcome.game_points
    values = []
    for action in rnd.legal_tuple():
        rnd.push(action)
        values.append(minimax(rnd, seat))
        rnd.pop()
    return max(values) if rnd.to_act == seat else min(values)


def minimax_values(rnd: Round) -> dict[int, int]:
    seat = rnd.to_act
    assert seat is not None
    values = {}
    for action in rnd.legal_tuple():
        rnd.push(action)
        values[int(action)] = minimax(rnd, seat)
        rnd.pop()
    return values


def random_endgame(rng: random.Random, rules: Rules, cards: int) -> Round:
    """A round played at random into strict play with at most ``cards`` in each hand,
    stopped at a random decision (a lead, a follow, a marriage, a response).

    Seats close now and then and almost never declare out on the way.
    """
    while True:
        deck = list(range(24))
        rng.shuffle(deck)
        rnd = Round(deck, rng.randrange(2), rules)
        closing = rng.random() < 0.4
        while not rnd.is_over:
            if (rnd.is_strict and max(rnd.hand(0).bit_count(), rnd.hand(1).bit_count()) <= cards
                    and rng.random() < 0.6):
                return rnd
            legal = [a for a in rnd.legal_tuple() if a != OUT or rng.random() < 0.02]
            if not closing:
                legal = [a for a in legal if a not in (CLOSE, CLOSE_BEFORE_DRAW)] or legal
            rnd.push(rng.choice(legal))


@pytest.mark.parametrize("preset", RULE_SETS)
def test_solver_agrees_with_plain_minimax_on_small_endgames(preset: str) -> None:
    rules = Rules.parse(preset)
    rng = random.Random(preset)
    phases = set()
    for _ in range(400):
        rnd = random_endgame(rng, rules, rng.choice([2, 3, 4]))
        phases.add(rnd.phase)
        expected = minimax_values(rnd)
        assert solve(rnd) == expected, (preset, rnd)
        assert solve(rnd, endgame=False) == expected, (preset, rnd)
    assert {Phase.LEAD, Phase.FOLLOW} <= phases


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(RULE_SETS), cards=st.integers(1, 4))
def test_solver_agrees_with_plain_minimax_on_any_endgame(seed: int, preset: str, cards: int) -> None:
    rnd = random_endgame(random.Random(seed), Rules.parse(preset), cards)
    assert solve(rnd) == minimax_values(rnd)


def positions_in_phase(preset: str, phase: Phase, count: int, seed: int) -> list[Round]:
    """Strict-play positions waiting for a marriage lead or a response to a close."""
    rng = random.Random(seed)
    rules = Rules.parse(preset)
    found: list[Round] = []
    while len(found) < count:
        deck = list(range(24))
        rng.shuffle(deck)
        rnd = Round(deck, rng.randrange(2), rules)
        while not rnd.is_over:
            if rnd.phase is phase and rnd.is_strict and rnd.hand(0).bit_count() <= 5:
                found.append(rnd)
                break
            legal = rnd.legal_tuple()
            preferred = [a for a in legal if a.marriage_suit is not None or a in (CLOSE_BEFORE_DRAW,)]
            rnd.push(rng.choice(preferred or [a for a in legal if a != OUT] or list(legal)))
    return found


@pytest.mark.parametrize(("preset", "phase"), [("santase", Phase.MARRIAGE), ("pagat", Phase.RESPOND),
                                               ("santase claim=auto", Phase.MARRIAGE)])
def test_solver_agrees_with_minimax_after_a_marriage_or_a_close(preset: str, phase: Phase) -> None:
    for rnd in positions_in_phase(preset, phase, 4, seed=7):
        assert solve(rnd) == minimax_values(rnd)


def test_solve_leaves_the_round_as_it_was() -> None:
    rng = random.Random(3)
    for _ in range(50):
        rnd = random_endgame(rng, Rules.parse("santase"), 4)
        key, actions = rnd.key(), rnd.actions
        solve(rnd)
        assert rnd.key() == key
        assert rnd.actions == actions


def test_declaring_out_is_best_with_66_in_an_open_round() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        rnd = random_endgame(rng, Rules(), 5)
        seat = rnd.to_act
        if seat is not None and OUT in rnd.legal_tuple() and rnd.points()[seat] >= 66 and rnd.closer is None:
            values = solve(rnd)
            assert values[OUT] == max(values.values())
            checked += 1
    assert checked > 5


def test_the_endgame_search_starts_only_at_a_strict_lead() -> None:
    rnd = Match(seed=1).deal()
    with pytest.raises(ValueError, match="strict"):
        Endgame(rnd.rules, rnd.trump).value(rnd)


def stock_emptied(seed: int) -> Round:
    """A classic round played on with its lowest cards until the stock is empty."""
    rnd = Match(seed=seed).deal()
    while rnd.stock_size and not rnd.is_over:
        rnd.push(min(a for a in rnd.legal_tuple() if a.card is not None or a == DRAW))
    return rnd


def test_solver_bot_plays_a_best_action_once_every_card_is_known() -> None:
    bot = SolverBot(seed=1)
    for seed in range(12):
        rnd = stock_emptied(seed)
        while not rnd.is_over:
            seat = rnd.to_act
            assert seat is not None
            obs = observe(rnd, seat)
            assert is_determined(obs)
            values = solve(rnd)
            action = bot.act(obs)
            assert values[action] == max(values.values())
            assert sampled_values(obs, random.Random(0), 5) == values
            rnd.push(action)


def test_solver_bot_plays_the_heuristic_in_open_play() -> None:
    solver, heuristic = SolverBot(seed=2), HeuristicBot(seed=2)
    match = Match(seed=4)
    rnd = match.deal()
    while not rnd.is_over and not rnd.is_strict:
        seat = rnd.to_act
        assert seat is not None
        obs = observe(rnd, seat)
        action = solver.act(obs)
        assert action == heuristic.act(obs)
        rnd.push(action)


def test_a_closed_stock_hides_cards_until_the_opponent_is_deduced() -> None:
    rnd = Match(seed=6).deal()
    rnd.push(rnd.legal_tuple()[0])
    rnd.push(rnd.legal_tuple()[0])
    rnd.push(CLOSE_BEFORE_DRAW)
    obs = observe(rnd, rnd.leader)
    assert obs.is_strict and not is_determined(obs)
    values = sampled_values(obs, random.Random(1), 3)
    assert set(values) == set(rnd.legal_tuple()) == set(obs.legal)
    assert SolverBot(seed=3, samples=3).act(obs) in rnd.legal_tuple()
    with pytest.raises(ValueError, match="not to act"):
        sampled_values(observe(rnd, 1 - rnd.leader), random.Random(1), 3)


def test_sampling_stops_once_the_budget_is_spent_after_one_sample_at_least() -> None:
    rnd = Match(seed=6).deal()
    obs = observe(rnd, rnd.leader)
    budget = Budget(work=35)
    taken: list[Round] = []

    def evaluate(world: Round) -> dict[Action, float]:
        taken.append(world)
        budget.spent += 10
        return dict.fromkeys(world.legal_tuple(), float(len(taken)))

    # 10, 20 and 30 units leave work to do; the fourth sample spends the budget
    assert sampled_values(obs, random.Random(1), 100, evaluate, budget) == dict.fromkeys(obs.legal, 2.5)
    assert len(taken) == 4 and budget.spent == 40
    taken.clear()
    once = sampled_values(obs, random.Random(1), 100, evaluate, Budget(seconds=0.0))
    assert once == dict.fromkeys(obs.legal, 1.0)
    taken.clear()
    ample = sampled_values(obs, random.Random(1), 3, evaluate, Budget(work=10**9))
    assert ample == dict.fromkeys(obs.legal, 2.0)


def test_the_solver_reports_the_positions_it_kept_as_its_work() -> None:
    rnd = stock_emptied(3)
    solver = Solver(rnd)
    solver.values()
    assert solver.work == len(solver.tt) + solver.endgames.entries > 0
