"""Views built from observations: the reasons for refused cards, the previous round."""

from __future__ import annotations

import random

from sixtysix import Match, Rules
from sixtysix.cards import card_name, cards_in
from sixtysix.observation import observe
from sixtysix.round import ACTIONS
from sixtysix.web.views import MatchInfo, public_view, refusals, seat_view


def test_refusals_from_the_observation_are_the_true_rounds_reasons() -> None:
    rng = random.Random(3)
    compared = 0
    for preset in ("classic", "pagat", "santase", "turkish"):
        match = Match(Rules.parse(preset), seed=rng.randrange(1000))
        while not match.is_over:
            rnd = match.deal()
            while not rnd.is_over:
                seat = rnd.to_act
                assert seat is not None
                expected = {card_name(c): rnd.why_illegal(ACTIONS[c]) for c in cards_in(rnd.hand(seat))
                            if not rnd.is_legal(ACTIONS[c])}
                assert refusals(observe(rnd, seat)) == expected
                assert refusals(observe(rnd, 1 - seat)) == {}
                compared += len(expected)
                rnd.push(rng.choice(rnd.legal_tuple()))
    assert compared > 100


def test_the_first_view_of_a_round_sums_up_the_last() -> None:
    match = Match(seed=4)
    rnd = match.deal()
    while not rnd.is_over:
        rnd.push(rnd.legal_tuple()[0])
    over = seat_view(observe(rnd, 0), MatchInfo.of(match))
    assert rnd.outcome is not None
    assert over["phase"] == "over" and over["outcome"]["explanation"] == rnd.outcome.explanation
    assert over["previous"] is None
    result = match.results()[-1]
    assert over["outcome"]["game_points"] == result.game_points
    fresh = match.deal()
    view = public_view(observe(fresh, 1), MatchInfo.of(match))
    assert view["round"] == 2 and view["tricks"] == []
    assert view["previous"]["outcome"] == over["outcome"]
    assert view["previous"]["tricks"] == over["tricks"] and view["previous"]["points"] == over["points"]
    fresh.push(fresh.legal_tuple()[0])
    assert public_view(observe(fresh, 1), MatchInfo.of(match))["previous"] is None
