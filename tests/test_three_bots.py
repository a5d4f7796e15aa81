"""Bots in the three-hand game: ``random`` and ``greedy`` through ``make_bot``, whole
matches at a ``Table``, and the bots that do not play it yet saying so."""

from __future__ import annotations

import pytest

from sixtysix.bots import BOTS, make_bot
from sixtysix.cards import CARD_POINTS
from sixtysix.errors import BotError
from sixtysix.game.actions import OUT, Action
from sixtysix.games import THREE
from sixtysix.rules import Rules
from sixtysix.table import Table
from sixtysix.three.observation import observe_three
from test_three import S_TO_51, S_TO_66, deal3, play, spades


@pytest.mark.parametrize("rules", ["three-hand", "three-hand claim=auto", "three-hand match_target=3"])
@pytest.mark.parametrize("names", [("random", "random", "random"), ("greedy", "random", "greedy")])
def test_bots_play_whole_matches(rules: str, names: tuple[str, str, str]) -> None:
    for seed in range(5):
        seats = [make_bot(name, seed=seed * 3 + i, game=THREE) for i, name in enumerate(names)]
        match = Table(seats, Rules.parse(rules), seed=seed).play()
        assert match.is_over and match.winner is not None
        score = match.score
        assert max(score) >= match.rules.match_target and score.count(max(score)) == 1


def test_same_seeds_same_match() -> None:
    def once() -> list[list[Action]]:
        seats = [make_bot("random", seed=i, game=THREE) for i in range(3)]
        return [rnd.actions for rnd in Table(seats, seed=9).play().rounds]
    assert once() == once()


def test_greedy_beats_two_random_players() -> None:
    points = [0, 0, 0]
    wins = [0, 0, 0]
    rounds = 0
    for seed in range(30):
        seats = [make_bot("greedy", seed=seed, game=THREE), make_bot("random", seed=seed + 100, game=THREE),
                 make_bot("random", seed=seed + 200, game=THREE)]
        match = Table(seats, seed=seed).play()
        for seat, gained in enumerate(match.score):
            points[seat] += gained
        assert match.winner is not None
        wins[match.winner] += 1
        rounds += len(match.rounds)
    assert wins[0] > 20
    assert points[0] / rounds > 1.5 * max(points[1], points[2]) / rounds


def test_greedy_declares_melds_and_plays_cheap() -> None:
    greedy = make_bot("greedy", game=THREE)
    rnd = play(spades(), S_TO_66)
    assert greedy.act(observe_three(rnd, 0)) == OUT  # 66 on lead
    rnd = play(spades(), "As 9d 9s Ac Jc Js Ah Qs 9c")
    assert greedy.act(observe_three(rnd, 0)) == Action.parse("Mc")
    rnd = play(spades(), S_TO_51)
    assert rnd.points()[0] == 51 and OUT in rnd.legal_tuple()
    choice = greedy.act(observe_three(rnd, 0))
    assert choice != OUT and choice == min(
        (a for a in rnd.legal_tuple() if a.card is not None),
        key=lambda a: (int(a) // 6 == rnd.trump, CARD_POINTS[int(a)], int(a) % 6))
    # Following (hearts trump): seat 1 void in clubs must trump; the cheapest trump, Jh.
    rnd = play(deal3("*", "9d Td Jd 9s Ts Js Ah Jh", "Kd Ad Qd Qs Ks As Kh 9h"), "Ac")
    assert greedy.act(observe_three(rnd, 1)) == Action.parse("Jh")


def test_random_picks_among_the_legal() -> None:
    bot = make_bot("random", seed=1, game=THREE)
    rnd = spades()
    seen = {bot.act(observe_three(rnd, 0)) for _ in range(60)}
    assert seen == set(rnd.legal_tuple())


@pytest.mark.parametrize("name", sorted(set(BOTS) - {"random", "greedy", "heuristic", "pimc"}))
def test_other_bots_say_they_do_not_play_three_hand(name: str) -> None:
    with pytest.raises(BotError, match=f"bot '{name}' does not play the three-hand game yet; "
                                       "these do: greedy, heuristic, pimc, random"):
        make_bot(name, game=THREE)


def test_a_three_hand_table_needs_three_seats() -> None:
    with pytest.raises(ValueError, match="three-hand Sixty-Six needs exactly three seats"):
        Table([make_bot("random", game=THREE), make_bot("random", game=THREE)], Rules.parse("three-hand"))
