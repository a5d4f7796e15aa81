"""The record of a round and the worlds it weighs (sixtysix.bots.history)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable

import pytest

from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.history import RoundRecord
from sixtysix.bots.pimc import PimcBot
from sixtysix.cards import cards_in
from sixtysix.game.actions import Action
from sixtysix.rules import Rules
from sixtysix.table import Event, EventKind, Table
from sixtysix.two.observation import Observation, observe, sample_round
from sixtysix.two.round import Round

PRESETS = ["classic", "pagat", "santase claim=auto next_dealer=winner tie=replay", "turkish",
           "classic close_before_draw=off exchange_on_opponent_close=on"]


Check = Callable[[Round, Observation, RoundRecord], None]


class Wandering:
    """Seat 0: plays as the heuristic with a random action now and then, keeps a
    record, and at each of its decisions hands the check the round and the record."""

    def __init__(self, seed: int, check: Check) -> None:
        self.heuristic = HeuristicBot(seed, exact=0)
        self.rng = random.Random(seed)
        self.record = RoundRecord()
        self.check = check
        self.table: Table | None = None

    def notify(self, event: Event) -> None:
        self.record.hear(event)

    def act(self, observation: Observation) -> Action:
        assert self.table is not None and self.table.match.round is not None
        self.check(self.table.match.round, observation, self.record)
        if self.rng.random() < 0.3:
            return self.rng.choice(observation.legal)
        return self.heuristic.act(observation)


def play(preset: str, seed: int, opponent: HeuristicBot, check: Check) -> None:
    seat = Wandering(seed, check)
    table = Table([seat, opponent], Rules.parse(preset), seed=seed)
    seat.table = table
    table.play()


@pytest.mark.parametrize("preset", PRESETS)
def test_the_true_hand_completes_to_deals_the_record_replays_on(preset: str) -> None:
    seen: Counter[str] = Counter()
    weights: set[float] = set()

    def check(rnd: Round, obs: Observation, record: RoundRecord) -> None:
        assert record.follows(obs)
        rng = random.Random(len(rnd.actions))
        for _ in range(3):
            deck = record.deal_of(rnd.hand(1), rng)
            agreed, asked = record.agreements(deck)
            assert 0 <= agreed <= asked
            replayed = Round(deck, rnd.dealer, rnd.rules)
            for action in rnd.actions:
                replayed.push(action)
            assert replayed.hand(0) == rnd.hand(0) and replayed.hand(1) == rnd.hand(1)
            assert replayed.points() == rnd.points() and replayed.stock_size == rnd.stock_size
            weights.add(record.likelihood(rnd.hand(1), rng, 0.5))
        for _ in range(3):
            # A world of the plain sampler may be one the record rules out (the
            # opponent would have had a choice that it was never asked for).
            hand = sample_round(obs, rng).hand(1)
            try:
                record.agreements(record.deal_of(hand, rng))
            except ValueError:
                seen["ruled out"] += 1
        seen["decisions"] += 1

    for seed in range(12):
        play(preset, seed, HeuristicBot(seed + 100, exact=0), check)
    assert seen["decisions"] > 300
    assert seen["ruled out"] < seen["decisions"] * 3 // 20, seen
    assert 0.0 not in weights and {1.0, 0.5, 0.25} <= weights


def test_the_true_deal_agrees_at_every_choice_of_an_opponent_that_plays_the_policy() -> None:
    asked_in_all = []

    def check(rnd: Round, obs: Observation, record: RoundRecord) -> None:
        agreed, asked = record.agreements(list(rnd.deck))
        assert agreed == asked
        asked_in_all.append(asked)

    for seed in range(6):
        for preset in PRESETS:
            play(preset, seed, HeuristicBot(seed + 7, exact=0), check)
    assert max(asked_in_all) >= 5


def test_the_opponents_draw_is_any_of_its_unshown_cards_alike() -> None:
    # After the first trick the opponent holds five of its dealt cards and one drawn:
    # any of its cards it has not shown is as likely to be the drawn one.
    found: list[tuple[Round, RoundRecord]] = []

    def check(rnd: Round, obs: Observation, record: RoundRecord) -> None:
        if len(obs.tricks) == 1 and not found and record.steps[-1].pair == 0:
            found.append((rnd.copy(), copy.deepcopy(record)))

    play("classic", 3, HeuristicBot(4, exact=0), check)
    rnd, record = found[0]
    hand = rnd.hand(1)
    rng = random.Random(1)
    draws: Counter[int] = Counter()
    slot = 14 if record.steps[-1].winner == 0 else 13
    for _ in range(1200):
        draws[record.deal_of(hand, rng)[slot]] += 1
    assert set(draws) == set(cards_in(hand & ~rnd.shown(1)))
    assert all(150 < n < 250 for n in draws.values()), draws


def test_a_record_joined_in_the_middle_is_not_followed() -> None:
    record = RoundRecord()
    table = Table([None, None], seed=2)
    rnd = table.deal()
    assert not record.follows(observe(rnd, 0))
    record.hear(Event(EventKind.ROUND_STARTED, observe(rnd, 0), (0, 0)))
    assert record.follows(observe(rnd, 0)) and not record.follows(observe(rnd, 1))
    action = rnd.legal_tuple()[0]
    rnd.push(action)
    assert not record.follows(observe(rnd, 0))  # an action it did not hear
    record.hear(Event(EventKind.ACTION, observe(rnd, 0), (0, 0), 1 - rnd.dealer, action))
    assert record.follows(observe(rnd, 0))
    record.hear(Event(EventKind.ROUND_RESUMED, observe(rnd, 0), (0, 0)))
    assert not record.follows(observe(rnd, 0))


def test_history_weighs_the_worlds_and_stays_reproducible() -> None:
    def match(seed: int) -> tuple[int, ...]:
        bot = PimcBot(seed=1, samples=6, raw=1, history=0.5)
        table = Table([bot, HeuristicBot(seed)], Rules.parse("classic match_target=3"), seed=seed)
        return table.play().score

    assert match(5) == match(5)
    weights: list[float] = []

    class Recording(PimcBot):
        def history_likelihood(self, observation: Observation, rnd: Round) -> float:
            weight = super().history_likelihood(observation, rnd)
            weights.append(weight)
            return weight

    bot = Recording(seed=1, samples=6, raw=1, history=0.5)
    Table([bot, HeuristicBot(3)], Rules.parse("classic match_target=3"), seed=3).play()
    assert len(weights) > 100 and min(weights) > 0 and len(set(weights)) > 2
