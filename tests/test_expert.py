"""The expert level: no blind spot on the exchange, and the old expert still reachable."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sixtysix.bots import LEVELS, make_bot
from sixtysix.bots.pimc import PimcBot
from sixtysix.game.actions import EXCHANGE, Action
from sixtysix.games import TWO
from sixtysix.notation import read_record
from sixtysix.rules import Rules
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe
from sixtysix.two.round import Round

POSITIONS = Path(__file__).parent / "positions"
OLD_EXPERT = "pimc:samples=120,close_margin=0.25"


def skipped_exchange() -> Observation:
    rnd = read_record(POSITIONS / "skipped-exchange.ssn").replay(TWO).round
    assert rnd is not None and rnd.to_act is not None
    return observe(rnd, rnd.to_act)


def test_the_old_expert_skips_the_exchange_of_the_record_and_the_new_one_does_not() -> None:
    obs = skipped_exchange()
    assert EXCHANGE in obs.legal
    assert make_bot(OLD_EXPERT, seed=0).act(obs) != EXCHANGE
    for seed in range(3):
        assert make_bot("expert", seed=seed).act(obs) == EXCHANGE


def exchange_positions(preset: str, deals: int) -> list[Observation]:
    """Every position of seeded random play where the seat to act may exchange."""
    found = []
    for seed in range(deals):
        rnd = Match(Rules.parse(preset), seed=seed).deal()
        rng = random.Random(seed)
        while not rnd.is_over:
            to_act = rnd.to_act
            assert to_act is not None
            legal = rnd.legal_tuple()
            if EXCHANGE in legal:
                found.append(observe(rnd, to_act))
            rnd.push(rng.choice(legal))
    return found


@pytest.mark.parametrize("preset", ["classic", "santase claim=auto next_dealer=winner tie=replay", "pagat"])
def test_the_expert_exchanges_whenever_it_may(preset: str) -> None:
    positions = exchange_positions(preset, 300)
    assert len(positions) > 10
    expert = make_bot("expert", seed=1)
    assert all(expert.act(obs) == EXCHANGE for obs in positions)


class Counting(PimcBot):
    """A PIMC bot that counts the worlds it values for each of its decisions."""

    def __init__(self, work: int) -> None:
        super().__init__(seed=1, samples=300, work=work, close_margin=0.25, raw=1)
        self.counts: list[int] = []

    def act(self, observation: Observation) -> Action:
        self.counts.append(0)
        return super().act(observation)

    def evaluate(self, rnd: Round) -> dict[Action, int]:
        self.counts[-1] += 1
        return super().evaluate(rnd)


def played_with_counts(work: int, seed: int) -> tuple[list[str], list[int]]:
    """One round of a ``pimc:samples=300,work=WORK,close_margin=0.25,raw=1`` bot (seat 0)
    against the heuristic: every action, and how many worlds the bot sampled for each of
    its decisions (0 where only one action was legal)."""
    bot = Counting(work)
    other = make_bot("heuristic", seed=2)
    rnd = Match(seed=seed).deal()
    actions = []
    while not rnd.is_over:
        seat = rnd.to_act
        assert seat is not None
        obs = observe(rnd, seat)
        action = bot.act(obs) if seat == 0 else other.act(obs)
        actions.append(str(action))
        rnd.push(action)
    return actions, bot.counts


@pytest.mark.slow
def test_a_work_budget_stops_the_sampling_at_the_same_world_every_time() -> None:
    actions, counts = played_with_counts(15, 8)
    cut = [n for n in counts if 1 < n < 300]
    assert cut and max(counts) == 300  # some decisions were cut short, some were not
    assert played_with_counts(15, 8) == (actions, counts)
    assert played_with_counts(1000, 8)[1] != counts


def test_the_expert_level_has_a_work_budget_and_a_clock_to_guard_it() -> None:
    expert = make_bot("expert", seed=1)
    assert isinstance(expert, PimcBot)
    assert (expert.samples, expert.work, expert.seconds) == (300, 160, 0.9)
    budget = expert.new_budget()
    assert budget.work == 160_000 and budget.deadline is not None


def test_a_decision_charges_the_rollouts_and_the_exact_searches_to_its_budget() -> None:
    rnd = Match(seed=3).deal()
    obs = observe(rnd, rnd.leader)
    bot = PimcBot(seed=1, samples=1, raw=1)
    bot.act(obs)
    spent = bot.budget.spent
    # one world, each lead rolled out through open play: its follow and five more
    # tricks at least (no one reaches 66 sooner), then the endgame's positions
    assert spent > 11 * len([a for a in obs.legal if a.card is not None])
    bot = PimcBot(seed=1, samples=2, raw=1)
    bot.act(obs)
    assert bot.budget.spent > spent


def test_the_old_expert_spec_still_builds_the_old_bot() -> None:
    old = make_bot(OLD_EXPERT, seed=1)
    assert isinstance(old, PimcBot)
    assert (old.samples, old.close_margin, old.raw, old.exchange) == (120, 0.25, False, False)
    assert LEVELS["expert"] != OLD_EXPERT


def test_the_heuristic_plays_the_best_action_once_it_knows_every_card() -> None:
    from sixtysix.bots.heuristic import HeuristicBot
    from sixtysix.bots.search import solve

    exact, rules_only = HeuristicBot(seed=1), HeuristicBot(seed=1, exact=0)
    checked = differ = 0
    for seed in range(40):
        rnd = Match(Rules(), seed=seed).deal()
        while not rnd.is_over:
            to_act = rnd.to_act
            assert to_act is not None
            obs = observe(rnd, to_act)
            action = exact.act(obs)
            if rnd.stock_size == 0 and len(obs.legal) > 1:
                values = solve(rnd)
                assert values[action] == max(values.values())
                differ += values[rules_only.act(obs)] < values[action]
                checked += 1
            rnd.push(action)
    assert checked > 50 and differ > 0
