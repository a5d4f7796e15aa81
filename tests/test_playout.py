"""The raw-state policy and the PIMC bot's use of it."""

from __future__ import annotations

import random

import pytest

from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.pimc import EXACT_STOCK, PimcBot
from sixtysix.bots.playout import policy, rollout
from sixtysix.rules import Rules
from sixtysix.two.match import Match
from sixtysix.two.observation import observe
from sixtysix.two.round import Round

PRESETS = ["classic", "pagat", "santase claim=auto next_dealer=winner tie=replay", "turkish"]


def wandering_rounds(preset: str, count: int) -> list[Round]:
    """Rounds of ``Match(seed)`` played by the heuristic with a random action now and then."""
    heuristic = HeuristicBot(0)
    played = []
    for seed in range(count):
        rnd = Match(Rules.parse(preset), seed=seed).deal()
        rng = random.Random(seed)
        while not rnd.is_over:
            played.append(rnd.copy())
            to_act = rnd.to_act
            assert to_act is not None
            legal = rnd.legal_tuple()
            rnd.push(heuristic.act(observe(rnd, to_act)) if rng.random() < 0.7 else rng.choice(legal))
    return played


@pytest.mark.parametrize("preset", PRESETS)
def test_policy_plays_as_the_heuristic_in_open_play(preset: str) -> None:
    heuristic = HeuristicBot(0)
    compared = strict = 0
    for rnd in wandering_rounds(preset, 40):
        to_act = rnd.to_act
        assert to_act is not None
        action = policy(rnd)
        assert action in rnd.legal_tuple()
        if rnd.is_strict:
            strict += 1
        else:
            assert action == heuristic.act(observe(rnd, to_act)), rnd
            compared += 1
    assert compared > 200 and strict > 30, (compared, strict)


def test_rollout_plays_until_told_to_stop_and_counts_its_actions() -> None:
    rnd = Match(seed=3).deal()
    pushed = rollout(rnd, lambda r: r.is_strict)
    assert rnd.is_over or rnd.is_strict
    assert pushed == len(rnd.actions) > 0
    for _ in range(pushed):
        rnd.pop()
    assert rnd.actions == []


def test_pimc_values_are_the_same_with_raw_rollouts() -> None:
    old, raw = PimcBot(seed=1, samples=1), PimcBot(seed=1, samples=1, raw=1)
    checked = 0
    for rnd in wandering_rounds("classic", 6)[::7]:
        if rnd.is_strict or rnd.stock_size <= EXACT_STOCK:
            continue
        assert raw.evaluate(rnd) == old.evaluate(rnd)
        checked += 1
    assert checked > 5
