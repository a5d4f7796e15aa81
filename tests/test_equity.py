"""Match equity: what a round's result is worth at a score, and the search that plays for it."""

from __future__ import annotations

from itertools import pairwise

import pytest

from sixtysix.bots import make_bot
from sixtysix.bots.equity import match_equity, round_utility
from sixtysix.bots.pimc import PimcBot
from sixtysix.rules import Rules
from sixtysix.table import Table
from sixtysix.two.match import Match
from sixtysix.two.observation import observe, sample_round

SCORES = [(mine, theirs) for mine in range(7) for theirs in range(7)]


@pytest.mark.parametrize("target", [1, 7, 11])
def test_equity_is_a_chance_shared_between_the_two_seats(target: int) -> None:
    for mine in range(target):
        for theirs in range(target):
            equity = match_equity(target, mine, theirs)
            assert 0 < equity < 1
            assert equity + match_equity(target, theirs, mine) == pytest.approx(1)
            assert match_equity(target, mine + 1, theirs) > equity > match_equity(target, mine, theirs + 1)


@pytest.mark.parametrize(("mine", "theirs"), SCORES)
def test_a_better_result_is_never_worth_less(mine: int, theirs: int) -> None:
    utility = round_utility(7, mine, theirs)
    assert len(utility) == 7 and utility[3] == 0
    assert all(a <= b for a, b in pairwise(utility))
    assert utility[4] - utility[2] == pytest.approx(2)


def test_what_a_game_point_is_worth_depends_on_the_score() -> None:
    # Both need one game point: every win wins the match, every loss loses it.
    assert round_utility(7, 6, 6) == pytest.approx((-1, -1, -1, 0, 1, 1, 1))
    # Both need two: winning by two is worth far more than by one.
    level = round_utility(7, 5, 5)
    assert level[5] == level[6] > 4 * level[4]
    # At the start, game points are worth about what they count.
    start = round_utility(7, 0, 0)
    assert start[6] == pytest.approx(3, abs=0.15) and start[0] == pytest.approx(-3, abs=0.15)
    # The opponent needs one: losing by one or by three is the same loss.
    assert len(set(round_utility(7, 0, 6)[:3])) == 1


def test_the_table_tells_the_search_the_score_and_it_values_results_by_it() -> None:
    bot = PimcBot(seed=1, samples=1, match=1)
    match = Table([bot, make_bot("heuristic", seed=2)], Rules(), seed=5).play()
    assert bot.score == match.score

    rnd = Match(seed=11).deal()
    seat = rnd.to_act
    assert seat is not None
    obs = observe(rnd, seat)
    plain = PimcBot(seed=1, samples=1, raw=1)
    aware = PimcBot(seed=1, samples=1, raw=1, match=1)
    assert aware.match_evaluate(obs) == aware.evaluate  # no score heard: game points
    aware.score = (6, 6)
    world = sample_round(obs, plain.rng)
    points = plain.evaluate(world.copy())
    valued = aware.match_evaluate(obs)(world.copy())
    assert valued == {action: float((v > 0) - (v < 0)) for action, v in points.items()}
    aware.score = (4, 6) if seat == 0 else (6, 4)
    valued = aware.match_evaluate(obs)(world.copy())
    assert valued == {action: round_utility(7, 4, 6)[v + 3] for action, v in points.items()}


def test_without_match_the_search_is_the_same_bot_whatever_the_score() -> None:
    for seed in range(6):
        rnd = Match(seed=seed).deal()
        seat = rnd.to_act
        assert seat is not None
        obs = observe(rnd, seat)
        deaf, told = PimcBot(seed=seed, samples=8, raw=1), PimcBot(seed=seed, samples=8, raw=1)
        told.score = (6, 6)
        assert deaf.act(obs) == told.act(obs)
