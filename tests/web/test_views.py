"""Views built from observations: the reasons for refused cards, the preview of declaring
out, the previous round."""

from __future__ import annotations

import json
import random
from typing import Any

from sixtysix import Match, Rules
from sixtysix.cards import card_name, cards_in
from sixtysix.explanations import CODES, Clause
from sixtysix.explanations import english as explanation_english
from sixtysix.game.actions import ACTIONS, OUT, Action
from sixtysix.games import game_of
from sixtysix.reasons import Refusal, english
from sixtysix.three.match import ThreeMatch
from sixtysix.three.observation import observe_three
from sixtysix.three.outcome import ThreeOutcome
from sixtysix.three.round import ThreeRound
from sixtysix.two.observation import observe
from sixtysix.two.outcome import Outcome
from sixtysix.two.round import Round
from sixtysix.web.views import (
    MatchInfo,
    open_view,
    public_view,
    refusals,
    seat_view,
)


def refusal_dict(rnd: Round | ThreeRound, card: int) -> dict[str, Any]:
    refusal = rnd.refusal(ACTIONS[card])
    assert refusal is not None
    return refusal.as_dict()


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
                expected = {card_name(c): refusal_dict(rnd, c) for c in cards_in(rnd.hand(seat))
                            if not rnd.is_legal(ACTIONS[c])}
                refused = refusals(observe(rnd, seat))
                assert refused == expected
                for card, data in json.loads(json.dumps(refused)).items():
                    assert english(Refusal.of(**data)) == rnd.why_illegal(Action.parse(card))
                assert refusals(observe(rnd, 1 - seat)) == {}
                compared += len(expected)
                rnd.push(rng.choice(rnd.legal_tuple()))
    assert compared > 100


def test_three_hand_refusals_from_the_observation_are_the_true_rounds_reasons() -> None:
    rng = random.Random(5)
    compared = 0
    for claim in ("manual", "auto"):
        match = ThreeMatch(Rules.parse(f"three-hand claim={claim}"), seed=rng.randrange(1000))
        while not match.is_over:
            rnd = match.deal()
            while not rnd.is_over:
                seat = rnd.to_act
                assert seat is not None
                expected = {card_name(c): refusal_dict(rnd, c) for c in cards_in(rnd.hand(seat))
                            if not rnd.is_legal(ACTIONS[c])}
                refused = refusals(observe_three(rnd, seat))
                assert refused == expected
                for card, data in json.loads(json.dumps(refused)).items():
                    assert english(Refusal.of(**data)) == rnd.why_illegal(Action.parse(card))
                for other in range(3):
                    if other != seat:
                        assert refusals(observe_three(rnd, other)) == {}
                compared += len(expected)
                rnd.push(rng.choice(rnd.legal_tuple()))
    assert compared > 100


def declare(rnd: Round | ThreeRound) -> Outcome | ThreeOutcome:
    """The outcome of declaring out in the true round, which is left as it was."""
    rnd.push(OUT)
    outcome = rnd.outcome
    rnd.pop()
    assert outcome is not None
    return outcome


def choose(rnd: Round | ThreeRound, rng: random.Random) -> Action:
    """A random legal action: ``out`` likely with 66 and rare without, so that rounds run long."""
    legal = rnd.legal_tuple()
    seat = rnd.to_act
    assert seat is not None
    if OUT in legal and rng.random() < (0.7 if rnd.points()[seat] >= 66 else 0.02):
        return OUT
    return rng.choice([a for a in legal if a != OUT] or legal)


TWO_HAND_RULES = ["classic", "pagat", "santase", "turkish", "classic closer_win_basis=at_close",
                  "classic close_before_draw=on false_claim_points=two", "santase claim=auto",
                  "classic exchange_on_opponent_close=on marriages_after_stock=on"]


def test_the_out_preview_is_what_declaring_scores_in_the_true_round() -> None:
    rng = random.Random(7)
    previews = set()
    for number in range(400):
        rnd = Match(Rules.parse(TWO_HAND_RULES[number % len(TWO_HAND_RULES)]), seed=number).deal()
        while not rnd.is_over:
            seat = rnd.to_act
            assert seat is not None
            for watcher in (seat, 1 - seat):
                view = seat_view(observe(rnd, watcher), MatchInfo.of(Match()))
                if watcher != seat or OUT not in rnd.legal_tuple():
                    assert view["out"] is None
                    continue
                outcome = declare(rnd)
                expected = {"winner": outcome.winner, "game_points": outcome.game_points,
                            "reason": outcome.reason.value}
                assert view["out"] == expected
                previews.add((outcome.reason.value, outcome.game_points, outcome.winner == seat))
            rnd.push(choose(rnd, rng))
    assert len(previews) >= 6


def test_the_three_hand_out_preview_is_what_declaring_scores_in_the_true_round() -> None:
    rng = random.Random(8)
    previews = set()
    for number in range(400):
        rnd = ThreeMatch(seed=number).deal()
        while not rnd.is_over:
            seat = rnd.to_act
            assert seat is not None
            for watcher in range(3):
                view = seat_view(observe_three(rnd, watcher), MatchInfo.of(ThreeMatch()))
                if watcher != seat or OUT not in rnd.legal_tuple():
                    assert view["out"] is None
                    continue
                outcome = declare(rnd)
                assert isinstance(outcome, ThreeOutcome)
                expected = {"winner": outcome.winner, "game_points": outcome.game_points,
                            "reason": outcome.reason.value, "scores": list(outcome.scores)}
                assert view["out"] == expected
                previews.add((outcome.reason.value, outcome.scores))
            rnd.push(choose(rnd, rng))
    assert len(previews) >= 6


def test_spectators_see_no_out_preview() -> None:
    match = Match(seed=0)
    rnd = match.deal()
    rnd.push_token("9c")
    rnd.push_token("Qc")
    assert seat_view(observe(rnd, rnd.leader), MatchInfo.of(match))["out"] is not None
    assert public_view(observe(rnd, rnd.leader), MatchInfo.of(match))["out"] is None
    three = ThreeMatch(seed=0)
    assert public_view(observe_three(three.deal(), 0), MatchInfo.of(three))["out"] is None


def test_the_first_view_of_a_round_sums_up_the_last() -> None:
    match = Match(seed=4)
    rnd = match.deal()
    while not rnd.is_over:
        rnd.push(rnd.legal_tuple()[0])
    over = seat_view(observe(rnd, 0), MatchInfo.of(match))
    assert rnd.outcome is not None
    assert over["phase"] == "over" and over["outcome"]["explanation"] == [
        {"code": "failed_close_nobody_no_trick", "seat": 1, "winner": 0, "game_points": 3}]
    assert explained(over["outcome"]) == rnd.outcome.explanation
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


def explained(outcome: dict[str, Any]) -> str:
    """The English of a view's explanation, which must be clauses of known codes, each with
    exactly its parameters, as ints."""
    clauses = outcome["explanation"]
    assert isinstance(clauses, list) and clauses
    for clause in clauses:
        assert sorted(clause) == sorted(["code", *CODES[clause["code"]]])
        assert all(type(value) is int for name, value in clause.items() if name != "code")
    return explanation_english(Clause.of(**clause) for clause in json.loads(json.dumps(clauses)))


def test_every_view_of_a_finished_round_explains_it_as_codes() -> None:
    rng = random.Random(5)
    checked = 0
    for rules in ("classic", "santase", "three-hand", "three-hand claim=auto"):
        seed = rng.randrange(1000)
        match: Match | ThreeMatch = (ThreeMatch(Rules.parse(rules), seed=seed) if "three" in rules
                                     else Match(Rules.parse(rules), seed=seed))
        while not match.is_over:
            rnd = match.deal()
            while not rnd.is_over:
                match.push(rng.choice(rnd.legal_tuple()))
            info = MatchInfo.of(match)
            assert rnd.outcome is not None
            game = game_of(match.rules)
            views = [seat_view(game.observe(rnd, 1), info), public_view(game.observe(rnd, 0), info),
                     open_view(rnd, info)]
            expected = [clause.as_dict() for clause in rnd.outcome.explained]
            for view in views:
                assert view["outcome"]["explanation"] == expected
                assert explained(view["outcome"]) == rnd.outcome.explanation
                checked += 1
    assert checked > 30


def test_a_three_hand_false_out_is_explained_with_the_declarer_and_the_scorers() -> None:
    match = ThreeMatch(seed=0)
    rnd = match.deal()
    while not rnd.is_over:
        match.push(rnd.legal_tuple()[-1])
    outcome = public_view(observe_three(rnd, 0), MatchInfo.of(match))["outcome"]
    assert outcome["explanation"] == [
        {"code": "false_out_each", "seat": 2, "points": 25, "other": 0, "third": 1, "game_points": 2}]
    assert explained(outcome) == ("Seat 2 declared out with only 25 points, a false declaration: "
                                  "seats 0 and 1 score 2 game points each.")
