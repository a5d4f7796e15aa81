"""Bots in the three-hand game: ``random`` and ``greedy`` through ``make_bot``, whole
matches with ``play_three``, and the bots that do not play it yet saying so."""

from __future__ import annotations

import pytest

from sixtysix.bots import BOTS, make_bot
from sixtysix.cards import CARD_POINTS
from sixtysix.errors import BotError, StateError
from sixtysix.game.actions import OUT, Action
from sixtysix.rules import Rules
from sixtysix.table import play_three
from sixtysix.three.observation import observe_three
from test_three import S_TO_51, S_TO_66, deal3, play, spades


@pytest.mark.parametrize("rules", ["three-hand", "three-hand claim=auto", "three-hand match_target=3"])
@pytest.mark.parametrize("names", [("random", "random", "random"), ("greedy", "random", "greedy")])
def test_bots_play_whole_matches(rules: str, names: tuple[str, str, str]) -> None:
    for seed in range(5):
        seats = [make_bot(name, seed=seed * 3 + i) for i, name in enumerate(names)]
        match = play_three(seats, Rules.parse(rules), seed=seed)
        assert match.is_over and match.winner is not None
        score = match.score
        assert max(score) >= match.rules.match_target and score.count(max(score)) == 1


def test_same_seeds_same_match() -> None:
    def once() -> list[list[Action]]:
        seats = [make_bot("random", seed=i) for i in range(3)]
        return [rnd.actions for rnd in play_three(seats, seed=9).rounds]
    assert once() == once()


def test_greedy_beats_two_random_players() -> None:
    points = [0, 0, 0]
    wins = [0, 0, 0]
    rounds = 0
    for seed in range(30):
        seats = [make_bot("greedy", seed=seed), make_bot("random", seed=seed + 100),
                 make_bot("random", seed=seed + 200)]
        match = play_three(seats, seed=seed)
        for seat, gained in enumerate(match.score):
            points[seat] += gained
        assert match.winner is not None
        wins[match.winner] += 1
        rounds += len(match.rounds)
    assert wins[0] > 20
    assert points[0] / rounds > 1.5 * max(points[1], points[2]) / rounds


def test_greedy_declares_melds_and_plays_cheap() -> None:
    greedy = make_bot("greedy")
    rnd = play(spades(), S_TO_66)
    assert greedy.act_three(observe_three(rnd, 0)) == OUT  # 66 on lead
    rnd = play(spades(), "As 9d 9s Ac Jc Js Ah Qs 9c")
    assert greedy.act_three(observe_three(rnd, 0)) == Action.parse("Mc")
    rnd = play(spades(), S_TO_51)
    assert rnd.points()[0] == 51 and OUT in rnd.legal_tuple()
    choice = greedy.act_three(observe_three(rnd, 0))
    assert choice != OUT and choice == min(
        (a for a in rnd.legal_tuple() if a.card is not None),
        key=lambda a: (int(a) // 6 == rnd.trump, CARD_POINTS[int(a)], int(a) % 6))
    # Following (hearts trump): seat 1 void in clubs must trump; the cheapest trump, Jh.
    rnd = play(deal3("*", "9d Td Jd 9s Ts Js Ah Jh", "Kd Ad Qd Qs Ks As Kh 9h"), "Ac")
    assert greedy.act_three(observe_three(rnd, 1)) == Action.parse("Jh")


def test_random_picks_among_the_legal() -> None:
    bot = make_bot("random", seed=1)
    rnd = spades()
    seen = {bot.act_three(observe_three(rnd, 0)) for _ in range(60)}
    assert seen == set(rnd.legal_tuple())


@pytest.mark.parametrize("name", sorted(set(BOTS) - {"random", "greedy", "heuristic", "pimc"}))
def test_other_bots_say_they_do_not_play_three_hand(name: str) -> None:
    rnd = spades()
    with pytest.raises(BotError, match=f"bot '{name}' does not play the three-hand game yet; "
                                       "these do: greedy, heuristic, pimc, random"):
        make_bot(name).act_three(observe_three(rnd, 0))


def test_play_three_needs_three_seats() -> None:
    with pytest.raises(StateError, match="needs 3 seats, not 2"):
        play_three([make_bot("random"), make_bot("random")])
