"""The expert level: no blind spot on the exchange, and the old expert still reachable."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from sixtysix.bots import LEVELS, make_bot, playout
from sixtysix.bots.pimc import PimcBot
from sixtysix.bots.search import Endgames, sampled_values
from sixtysix.game.actions import CLOSE, EXCHANGE, OUT, Action
from sixtysix.game.round import Phase
from sixtysix.notation import read_record
from sixtysix.rules import Rules
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe
from sixtysix.two.round import Round

POSITIONS = Path(__file__).parent / "positions"
OLD_EXPERT = "pimc:samples=120,close_margin=0.25"


def skipped_exchange() -> Observation:
    rnd = read_record(POSITIONS / "skipped-exchange.ssn").replay().round
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


def played_with_counts(spec: str, seed: int) -> tuple[list[str], list[int]]:
    """One round of the bot ``spec`` (seat 0) against the heuristic: every action,
    and how many worlds the bot sampled for each of its decisions."""
    bot = make_bot(spec, seed=1)
    assert isinstance(bot, PimcBot)
    sampler = bot.sampler
    counts: list[int] = []

    def counted(obs: Observation, rng: random.Random) -> Round:
        counts[-1] += 1
        return sampler(obs, rng)

    bot.sampler = counted
    other = make_bot("heuristic", seed=2)
    rnd = Match(seed=seed).deal()
    actions = []
    while not rnd.is_over:
        seat = rnd.to_act
        assert seat is not None
        obs = observe(rnd, seat)
        if seat == 0:
            counts.append(0)
        action = bot.act(obs) if seat == 0 else other.act(obs)
        actions.append(str(action))
        rnd.push(action)
    return actions, counts


@pytest.mark.slow
def test_a_work_budget_stops_the_sampling_at_the_same_world_every_time() -> None:
    spec = "pimc:samples=300,work=15,close_margin=0.25,raw=1"
    actions, counts = played_with_counts(spec, 8)
    cut = [n for n in counts if 1 < n < 300]
    assert cut and max(counts) == 300  # some decisions were cut short, some were not
    assert played_with_counts(spec, 8) == (actions, counts)
    assert played_with_counts(spec.replace("work=15", "work=1000"), 8)[1] != counts


@pytest.mark.slow
def test_settle_stops_only_at_a_look_and_where_the_worlds_decide() -> None:
    spec = "pimc:samples=300,close_margin=0.25,raw=1,settle=2"
    actions, counts = played_with_counts(spec, 8)
    looks = {1, 40, 60, 90, 135, 202, 300}  # 1: the observation determines the round
    assert set(counts) <= looks, counts
    assert 40 in counts and max(counts) == 300  # clear decisions stopped at once, close ones did not
    assert played_with_counts(spec, 8) == (actions, counts)
    stricter = played_with_counts(spec.replace("settle=2", "settle=6"), 8)[1]
    assert sum(stricter) > sum(counts)


def lead_with_close() -> Observation:
    """The first lead of ``Match(seed=3)``'s deal, played by the policy, at which the
    seat on lead may close."""
    rnd = Match(seed=3).deal()
    while not (rnd.phase is Phase.LEAD and CLOSE in rnd.legal_tuple()):
        rnd.push(playout.policy(rnd))
    assert rnd.to_act is not None
    return observe(rnd, rnd.to_act)


def settled_after(values: Callable[[int], dict[Action, float]], close_margin: float = 0.0) -> int:
    """How many worlds a ``settle=2`` bot samples, at most 300, when world number ``n``
    gives the actions of ``values(n)`` those values and every other action 0."""
    obs = lead_with_close()
    bot = PimcBot(seed=1, samples=300, settle=2, close_margin=close_margin)
    worlds = []

    def evaluate(world: Round) -> dict[Action, float]:
        worlds.append(world)
        given = values(len(worlds))
        return {action: given.get(action, 0.0) for action in obs.legal}

    bot.budget = bot.new_budget()
    sampled_values(obs, bot.rng, 300, bot.settling(evaluate, obs.legal), bot.budget)
    return len(worlds)


def test_settle_stops_at_the_first_look_once_one_action_is_better_in_every_world() -> None:
    card = next(a for a in lead_with_close().legal if a.card is not None)
    assert settled_after(lambda n: {card: 0.5 + n % 2}) == 40
    # better and worse by turns: no look settles it
    assert settled_after(lambda n: {card: 1.0 if n % 2 else -1.0}) == 300
    # a close ahead of a card by 0.1 in every world is behind it by 0.15 after a
    # margin of 0.25: settled at once either way
    assert settled_after(lambda n: {CLOSE: 0.3, card: 0.2}, close_margin=0.25) == 40
    assert settled_after(lambda n: {CLOSE: 0.3, card: 0.2}) == 40
    # a close ahead by 0.05 on average, 0.15 and -0.05 by turns, after the margin: the
    # difference's standard error is 0.1 / sqrt(n), so it is settled at 2 standard errors
    # from 16 worlds on, that is at the first look
    assert settled_after(lambda n: {CLOSE: 0.5 if n % 2 else 0.3, card: 0.1}, close_margin=0.25) == 40


def test_the_expert_level_has_a_work_budget_and_a_clock_to_guard_it() -> None:
    expert = make_bot("expert", seed=1)
    assert isinstance(expert, PimcBot)
    assert (expert.samples, expert.work, expert.seconds, expert.settle) == (300, 160, 0.9, None)
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


def test_pimc_with_meld_announces_a_marriage_whenever_it_may_in_open_play() -> None:
    bot = make_bot("pimc:samples=2,raw=1,meld=1", seed=3)
    plain = make_bot("pimc:samples=2,raw=1", seed=3)
    checked = leads = 0
    for seed in range(120):
        rnd = Match(Rules(), seed=seed).deal()
        rng = random.Random(seed)
        while not rnd.is_over:
            legal = rnd.legal_tuple()
            to_act = rnd.to_act
            assert to_act is not None
            if not rnd.is_strict and any(a.marriage_suit is not None for a in legal):
                obs = observe(rnd, to_act)
                assert bot.act(obs).card is None
                leads += plain.act(obs).card is not None
                checked += 1
            rnd.push(rng.choice(legal))
    assert checked > 10 and leads > 0


def test_pimc_close_check_rollouts_close_exactly_when_the_closed_round_is_won() -> None:
    """With ``close_check=1`` a rollout plays the raw-state policy, except that a seat on
    lead closes whenever the closed round, solved exactly, is won by it (and then the
    rollout stops, play being strict)."""
    bot = PimcBot(seed=1, raw=1, close_check=1)
    closes = checked = 0
    for seed in range(60):
        rnd = Match(Rules(), seed=seed).deal()
        rng = random.Random(seed)
        for _ in range(rng.randrange(6)):
            if not rnd.is_over:
                rnd.push(rng.choice([a for a in rnd.legal_tuple() if a not in (CLOSE, OUT)]))
        if rnd.is_over or rnd.is_strict:
            continue
        bot._endgames = Endgames()
        pushed = bot.closing_rollout(rnd)
        played = rnd.actions[len(rnd.actions) - pushed:]
        for _ in range(pushed):
            rnd.pop()
        for action in played:
            expected = playout.policy(rnd)
            if rnd.phase is Phase.LEAD and CLOSE in rnd.legal_tuple():
                rnd.push(CLOSE)
                if rnd.phase is Phase.LEAD and Endgames().value(rnd) >= 1:
                    expected = CLOSE
                rnd.pop()
                checked += 1
            assert action == expected
            rnd.push(action)
        assert rnd.is_over or rnd.is_strict
        closes += played[-1] == CLOSE
    assert checked > 100 and closes > 5
