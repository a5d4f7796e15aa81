"""The heuristic, solver and PIMC bots: legal, reproducible, consistent and strong enough."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from sixtysix.bots import BOTS, Bot, make_bot
from sixtysix.bots.heuristic import HeuristicBot
from sixtysix.bots.pimc import PimcBot
from sixtysix.bots.search import Solver, outcome_value
from sixtysix.bots.solver import SolverBot
from sixtysix.cards import CARD_POINTS, FULL_DECK, SUIT_MASKS, beats
from sixtysix.errors import BotError
from sixtysix.game.actions import CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, OUT, Action, marriage
from sixtysix.notation import Record
from sixtysix.rules import Rules
from sixtysix.table import Seat, Table
from sixtysix.two.match import Match
from sixtysix.two.observation import Observation, observe
from sixtysix.two.round import Round

PRESETS = ["classic", "pagat", "santase", "turkish", "classic claim=auto"]

BotFactory = Callable[[int], Bot[Observation]]
FACTORIES: dict[str, BotFactory] = {
    "heuristic": HeuristicBot,
    "solver": lambda seed: SolverBot(seed, samples=3),
    "pimc": lambda seed: PimcBot(seed, samples=2),
}


class Spy:
    """A seat that records what its bot saw and chose."""

    def __init__(self, bot: Bot[Observation]) -> None:
        self.bot = bot
        self.decisions: list[tuple[Observation, Action]] = []

    def act(self, observation: Observation) -> Action:
        action = self.bot.act(observation)
        self.decisions.append((observation, action))
        return action


def play(bots: Sequence[Seat], rules: Rules, seed: int) -> Match:
    match = Table(bots, rules, seed=seed).play()
    assert isinstance(match, Match)
    return match


def win_rate(bot: str, opponent: str, matches: int, rules: Rules) -> float:
    """Matches won by ``bot``, playing each seat in turn on the same deck sequences."""
    wins = 0
    for index in range(matches):
        seat = index % 2
        bots = [make_bot(bot, seed=2 * index), make_bot(opponent, seed=2 * index + 1)]
        if seat:
            bots.reverse()
        wins += play(bots, rules, seed=1000 + index // 2).winner == seat
    return wins / matches


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_bots_play_only_legal_actions(name: str, preset: str) -> None:
    # The table raises IllegalActionError on any illegal action.
    factory = FACTORIES[name]
    rules = Rules.parse(preset).replace(match_target="3")
    matches = {"heuristic": 12, "solver": 4, "pimc": 2}[name]
    played = []
    for seed in range(matches):
        opponent = make_bot(["random", "greedy", "heuristic"][seed % 3], seed=seed)
        played.append(play([factory(seed), opponent] if seed % 2 else [opponent, factory(seed)], rules, seed))
    played.append(play([factory(1), factory(2)], rules, seed=77))
    assert all(match.is_over for match in played)
    assert all(rnd.is_over for match in played for rnd in match.rounds)


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_bots_are_reproducible_at_a_fixed_seed(name: str) -> None:
    factory = FACTORIES[name]
    rules = Rules.parse("classic match_target=3")

    def record() -> str:
        match = play([factory(5), make_bot("greedy", seed=6)], rules, seed=9)
        return str(Record.from_match(match))

    assert record() == record()


class CheckedPimc(PimcBot):
    """A PIMC bot that checks every sampled round against what its seat observed
    and against the true round it is playing."""

    def __init__(self, seed: int, samples: int) -> None:
        super().__init__(seed, samples=samples)
        self.table: Table | None = None
        self.observation: Observation | None = None
        self.checked = 0

    def act(self, observation: Observation) -> Action:
        self.observation = observation
        return super().act(observation)

    def evaluate(self, rnd: Round) -> dict[Action, int]:
        assert self.table is not None and self.observation is not None
        true = self.table.match.round
        assert isinstance(true, Round)
        check_sample(rnd, self.observation, true)
        self.checked += 1
        return super().evaluate(rnd)


def check_sample(sample: Round, obs: Observation, true: Round) -> None:
    seat, opponent = obs.seat, obs.opponent
    hand = sample.hand(opponent)
    seen = obs.hand | obs.played | (0 if obs.trump_card is None else 1 << obs.trump_card)
    assert sample.hand(seat) == obs.hand == true.hand(seat)
    assert hand.bit_count() == obs.opponent_hand_size
    assert hand & obs.opponent_shown == obs.opponent_shown
    assert not hand & seen
    assert not hand & obs.opponent_excluded
    assert not true.hand(opponent) & obs.opponent_excluded
    hidden_in_truth = FULL_DECK & ~(true.hand(seat) | true.played) & ~(
        0 if true.trump_card is None else 1 << true.trump_card)
    assert not hand & ~hidden_in_truth
    assert sample.points() == true.points()
    assert sample.trick_counts() == true.trick_counts()
    assert (sample.stock_size, sample.closer, sample.trump) == (true.stock_size, true.closer, true.trump)
    assert (sample.phase, sample.to_act, sample.lead_card) == (true.phase, true.to_act, true.lead_card)
    assert sample.legal_tuple() == obs.legal


@pytest.mark.parametrize("preset", PRESETS)
def test_pimc_samples_are_consistent_with_the_observation(preset: str) -> None:
    rules = Rules.parse(preset).replace(match_target="2")
    bot = CheckedPimc(seed=3, samples=2)
    table = Table([bot, make_bot("heuristic", seed=4)], rules, seed=21)
    bot.table = table
    table.play()
    assert bot.checked > 20


def test_pimc_takes_at_least_one_sample_whatever_its_time_budget() -> None:
    rnd = Match(seed=8).deal()
    obs = observe(rnd, rnd.to_act or 0)
    assert PimcBot(seed=1, samples=50, seconds=0.0).act(obs) in obs.legal
    with pytest.raises(ValueError, match="samples"):
        PimcBot(seed=1, samples=0)


def test_heuristic_beats_random() -> None:
    assert win_rate("heuristic", "random", 100, Rules()) >= 0.85


def test_heuristic_clearly_beats_greedy() -> None:
    assert win_rate("heuristic", "greedy", 100, Rules()) >= 0.7


def heuristic_decisions() -> list[tuple[Observation, Action]]:
    decisions = []
    for seed, preset in enumerate(PRESETS * 4):
        spy = Spy(HeuristicBot(seed))
        play([spy, make_bot("greedy", seed=seed)], Rules.parse(preset), seed)
        decisions += spy.decisions
    return decisions


def test_heuristic_plays_like_an_experienced_player() -> None:
    seen = {"out": 0, "exchange": 0, "trump marriage": 0, "take": 0}
    for obs, action in heuristic_decisions():
        legal = obs.legal
        points = obs.points[obs.seat]
        if action == OUT:
            assert points >= 66
        if OUT in legal and points >= 66:
            assert action == OUT
            seen["out"] += 1
        elif EXCHANGE in legal:
            assert action == EXCHANGE
            seen["exchange"] += 1
        if action.marriage_suit is not None and marriage(obs.trump) in legal:
            assert action == marriage(obs.trump)
            seen["trump marriage"] += 1
        lead = obs.lead_card
        if lead is not None and obs.stock_size and obs.closer is None and CARD_POINTS[lead] >= 10 \
                and lead // 6 != obs.trump:
            takers = SUIT_MASKS[lead // 6] & obs.hand & ~((2 << lead) - 1) | SUIT_MASKS[obs.trump] & obs.hand
            if takers:
                assert beats(action, lead, obs.trump)
                seen["take"] += 1
    assert all(count > 3 for count in seen.values()), seen


def test_pimc_close_margin_keeps_it_from_closing() -> None:
    closes = (CLOSE, CLOSE_BEFORE_DRAW)
    spy = Spy(make_bot("pimc:samples=2,close_margin=10", seed=3))
    for seed in range(3):
        play([spy, make_bot("heuristic", seed=seed)], Rules.parse("classic match_target=3"), seed)
    assert any(set(closes) & set(obs.legal) for obs, _ in spy.decisions)
    assert not any(action in closes for _, action in spy.decisions)


def test_expert_and_hard_levels_build_pimc_bots() -> None:
    hard, expert = make_bot("hard", seed=1), make_bot("expert", seed=1)
    assert isinstance(hard, PimcBot) and isinstance(expert, PimcBot)
    assert expert.samples > hard.samples
    # The expert plays for the match; a work budget caps each decision, so a seeded
    # expert repeats itself, and a clock under 1 s guards slower machines.
    assert expert.match and expert.work is not None
    assert expert.seconds is not None and expert.seconds < 1


def test_pimc_rollouts_end_in_exact_values_whatever_endgame_tables_they_share() -> None:
    def reference(rnd: Round, seat: int) -> int:
        pushed = 0
        while not rnd.is_over and not rnd.is_strict:
            to_act = rnd.to_act
            assert to_act is not None
            rnd.push(HeuristicBot(0).act(observe(rnd, to_act)))
            pushed += 1
        outcome = rnd.outcome
        if outcome is not None:
            value = outcome_value(outcome, seat)
        else:
            value = Solver(rnd).value() * (1 if rnd.to_act == seat else -1)
        for _ in range(pushed):
            rnd.pop()
        return value

    bot = PimcBot(seed=1, samples=1)
    checked = 0
    for seed in range(6):
        rnd = Match(seed=seed).deal()
        for _ in range(2 + seed % 3):
            rnd.push(HeuristicBot(0).act(observe(rnd, rnd.to_act or 0)))
        seat = rnd.to_act
        assert seat is not None and not rnd.is_strict
        expected = {}
        for action in rnd.legal_tuple():
            rnd.push(action)
            expected[action] = reference(rnd, seat)
            rnd.pop()
        assert bot.evaluate(rnd) == expected
        checked += 1
    assert checked == 6


# ------------------------------------------------------------------ specifications


@pytest.mark.parametrize(("spec", "words"), [
    ("pimc:samples=abc",
     ["samples", "whole number from 1 to 100000", "'abc'", "pimc takes samples, seconds"]),
    ("pimc:samples=0", ["samples", "from 1 to 100000", "'0'"]),
    ("pimc:samples=-5", ["samples", "'-5'"]),
    ("pimc:samples=2.5", ["samples", "whole number", "'2.5'"]),
    ("pimc:samples=true", ["samples", "'true'"]),
    ("pimc:close_margin=nan", ["close_margin", "a number from -100 to 100", "'nan'"]),
    ("ismcts:seconds=inf",
     ["seconds", "from 0 to 3600", "'inf'", "ismcts takes iterations, seconds, exploration"]),
    ("ismcts:exploration=-0.1", ["exploration", "'-0.1'"]),
    ("solver:samples=1e3", ["samples", "'1e3'", "solver takes samples"]),
    ("pimc:x=1", ["no parameter 'x'", "samples or work (a whole number from 1 to 100000)",
                  "close_margin (a number"]),
    ("pimc:samples=2,samples=3", ["samples is given twice"]),
    ("pimc:samples", ["samples needs a value"]),
    ("greedy:depth=2", ["'greedy' takes no parameters", "'depth'"]),
    ("hard:samples=2", ["unknown bot 'hard'"]),
    ("nobody", ["unknown bot 'nobody'", "bots: greedy", "levels: easy"]),
    ("pimc:samples=" + "9" * 5000, ["samples", "…'"]),
])
def test_bad_specification_names_parameter_and_range(spec: str, words: list[str]) -> None:
    with pytest.raises(BotError) as info:
        make_bot(spec)
    message = str(info.value)
    assert "\n" not in message and len(message) < 400
    for word in words:
        assert word in message
    assert "<" not in message and "__init__" not in message and "argument" not in message


def test_every_declared_parameter_reaches_the_constructor() -> None:
    for name, kind in BOTS.items():
        for key, parameter in kind.parameters.items():
            value = parameter.high if parameter.whole else (parameter.low + parameter.high) / 2
            text = str(int(value)) if parameter.whole else repr(value)
            bot = make_bot(f"{name}:{key}={text}", seed=1)
            assert getattr(bot, key) == value, (name, key)
