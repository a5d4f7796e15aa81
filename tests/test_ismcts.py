"""The ISMCTS bot: legal, reproducible, sensible, and its playout policy."""

from __future__ import annotations

from random import Random

import pytest

from sixtysix.bots.ismcts import IsmctsBot, playout, round_value
from sixtysix.game.actions import OUT
from sixtysix.games import TWO
from sixtysix.notation import Record
from sixtysix.rules import PRESETS, Rules
from sixtysix.table import Table
from sixtysix.two.match import Match
from sixtysix.two.observation import observe


@pytest.mark.parametrize("preset", [*PRESETS, "classic claim=auto"])
def test_ismcts_plays_only_legal_actions_in_every_preset(preset: str) -> None:
    rules = Rules.parse(preset).replace(match_target="2")
    table = Table([IsmctsBot(seed=1, iterations=30), IsmctsBot(seed=2, iterations=30)], rules, seed=11)
    match = table.play()
    assert match.is_over
    assert Record.parse(str(Record.from_match(match))).replay().score == match.score


def test_ismcts_is_reproducible_under_an_iteration_budget() -> None:
    def record() -> str:
        bots = [IsmctsBot(seed=5, iterations=40), IsmctsBot(seed=6, iterations=40)]
        match = Table(bots, Rules.parse("classic match_target=3"), seed=3).play()
        return str(Record.from_match(match))

    assert record() == record()


def test_ismcts_declares_out_when_it_has_66() -> None:
    text = """[Dealer "0"]
[Deck "Th Ts Kc Ac 9d 9s Tc As Qc Qs Jc Kd Jh Td Js Qh Jd Qd Ks Ad Ah 9h 9c Kh"]
Ts Ac Mc Kc 9d Th Js Td Kd Qd Qs
"""
    rnd = Record.parse(text).replay(TWO).round
    assert rnd is not None and rnd.points()[1] >= 66
    obs = observe(rnd, 1)
    assert OUT in obs.legal
    assert IsmctsBot(seed=1, iterations=300).act(obs) == OUT


def test_search_reports_visits_for_legal_root_actions_only() -> None:
    rnd = Match(seed=8).deal()
    obs = observe(rnd, rnd.to_act or 0)
    stats = IsmctsBot(seed=3, iterations=150).search(obs)
    assert set(stats) <= set(obs.legal)
    assert sum(visits for visits, _ in stats.values()) == 150
    assert all(-3 <= mean <= 3 for _, mean in stats.values())


def test_playout_finishes_every_round_and_values_are_antisymmetric() -> None:
    rng = Random(1)
    for seed in range(200):
        rnd = Match(Rules.parse(list(PRESETS)[seed % 4]), seed=seed).deal()
        playout(rnd, rng)
        assert rnd.is_over
        assert round_value(rnd, 0) == -round_value(rnd, 1)
        outcome = rnd.outcome
        assert outcome is not None
        if outcome.winner is not None:
            assert abs(round_value(rnd, 0)) == outcome.game_points
