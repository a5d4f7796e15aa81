"""The raw-state policy and the PIMC bot's use of it."""

from __future__ import annotations

import random

import pytest

from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.pimc import PimcBot
from sixtysix.bots.playout import policy, rollout
from sixtysix.game.actions import Action
from sixtysix.game.round import Phase
from sixtysix.rules import Rules
from sixtysix.table import Table
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe, sample_round
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
        if rnd.is_strict or rnd.stock_size <= old.exact_stock:
            continue
        assert raw.evaluate(rnd) == old.evaluate(rnd)
        checked += 1
    assert checked > 5


class Truthful(PimcBot):
    """A PIMC bot that checks the likelihood of the true round at each decision."""

    def __init__(self, table_round: list[Round]) -> None:
        super().__init__(seed=2, samples=1, raw=1, infer=0.1)
        self.truth = table_round
        self.weights: list[tuple[bool, float]] = []

    def likelihood(self, observation: Observation, rnd: Round) -> float:
        weight = super().likelihood(observation, rnd)
        true = super().likelihood(observation, self.truth[0])
        self.weights.append((observation.is_strict, true))
        return weight


def test_the_true_round_is_likely_when_the_opponent_plays_the_policy() -> None:
    truth: list[Round] = []
    bot = Truthful(truth)

    class Seat:
        def act(self, observation: Observation) -> Action:
            true = table.match.round
            assert true is not None
            truth[:] = [true]
            return bot.act(observation)

    table = Table([Seat(), HeuristicBot(5)], Rules(), seed=4)
    table.play()
    open_play = [w for strict, w in bot.weights if not strict]
    assert len(open_play) > 40
    assert all(w > 0.1 for w in open_play)


def test_unlikely_worlds_weigh_less() -> None:
    weights = []
    for rnd in wandering_rounds("classic", 10):
        to_act = rnd.to_act
        if rnd.is_strict or rnd.phase is not Phase.FOLLOW or to_act is None:
            continue
        bot = PimcBot(seed=1, raw=1, infer=0.2)
        obs = observe(rnd, to_act)
        weights += [bot.likelihood(obs, sample_round(obs, bot.rng)) for _ in range(10)]
    assert set(weights) == {0.2, 1.0}


def test_every_sampled_world_weighs_between_the_floor_and_one() -> None:
    bot = PimcBot(seed=1, raw=1, infer=0.25)
    weights = set()
    for preset in PRESETS:
        for rnd in wandering_rounds(preset, 30):
            to_act = rnd.to_act
            assert to_act is not None
            obs = observe(rnd, to_act)
            for _ in range(3):
                weight = bot.likelihood(obs, sample_round(obs, bot.rng))
                assert 0.25 <= weight <= 1
                weights.add(weight)
    assert len(weights) > 3
