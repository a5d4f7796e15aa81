"""The tournament runner: duplicate scheduling, determinism, reports and the CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from sixtysix.cli import main
from sixtysix.errors import TournamentError
from sixtysix.rules import Rules
from sixtysix.three.match import ThreeMatch
from sixtysix.tournament.run import run_tournament
from sixtysix.tournament.schedule import pairs, schedule
from sixtysix.tournament.stats import bradley_terry, ratio_interval, wilson
from sixtysix.two.match import Match


def test_duplicate_pairs_share_decks_with_seats_swapped() -> None:
    specs = schedule(["greedy", "random"], 6, Rules(), seed=4)
    assert len(specs) == 6
    for first, second in zip(specs[::2], specs[1::2], strict=True):
        assert first.seed == second.seed and first.pair == second.pair
        assert first.bots == tuple(reversed(second.bots))
    twin = [Match(seed=specs[0].seed), Match(seed=specs[1].seed)]
    assert twin[0].first_dealer == twin[1].first_dealer
    assert twin[0].deal().deck == twin[1].deal().deck


def test_round_robin_covers_every_pairing() -> None:
    specs = schedule(["a", "b", "c"], 2, Rules(), seed=1)
    assert sorted({frozenset(s.bots) for s in specs}, key=sorted) == [
        frozenset("ab"), frozenset("ac"), frozenset("bc")]


def test_same_seeds_same_results_serial_and_parallel() -> None:
    serial = run_tournament(["greedy", "random"], 8, Rules.parse("classic match_target=3"), jobs=1, seed=9)
    parallel = run_tournament(["greedy", "random"], 8, Rules.parse("classic match_target=3"), jobs=2, seed=9)
    assert [(r.spec, r.winner, r.score) for r in serial.results] == \
        [(r.spec, r.winner, r.score) for r in parallel.results]
    assert serial.table().split("ms/dec")[0] == parallel.table().split("ms/dec")[0]


def test_greedy_beats_random_and_ratings_order_the_bots() -> None:
    report = run_tournament(["random", "greedy"], 20, Rules(), seed=2)
    best, worst = report.standings
    assert best.name == "greedy" and best.wins > 15
    assert best.rating_low > 0 > worst.rating_high
    assert best.matches == worst.matches == 20
    assert best.points_per_round == pytest.approx(-worst.points_per_round)


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson(7, 10)
    assert low < 0.7 < high
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_bradley_terry_ratings_sum_to_zero_and_follow_wins() -> None:
    games = [("a", "b")] * 6 + [("b", "c")] * 6 + [("a", "c")] * 6 + [("c", "a")] * 2
    ratings = bradley_terry(["a", "b", "c"], games)
    assert sum(r for r, _ in ratings.values()) == pytest.approx(0, abs=1e-6)
    assert ratings["a"][0] > ratings["b"][0] > ratings["c"][0]
    assert all(error > 0 for _, error in ratings.values())


def test_cli_json_table_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "ratings.html"
    status = main(["tournament", "greedy", "random", "--matches", "4", "--rules",
                   "classic match_target=2", "--json", "--plot", str(plot), "--quiet"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(s["name"] for s in data["standings"]) == ["greedy", "random"]
    assert sum(s["wins"] for s in data["standings"]) == 4
    assert "<svg" in plot.read_text()
    assert main(["tournament", "greedy", "random", "--matches", "2", "--quiet"]) == 0
    assert "win %" in capsys.readouterr().out


def test_cli_rejects_unknown_bot_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "greedy", "nobody", "--quiet"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["tournament", "greedy", "random", "--rules", "bogus", "--quiet"]) == 2
    assert "unknown preset" in capsys.readouterr().err
    assert main(["tournament", "greedy", "--quiet"]) == 2


@pytest.mark.parametrize(("matches", "message"), [
    (0, "--matches: must be a whole number from 2 to 100000, not '0'"),
    (1, "--matches: must be a whole number from 2 to 100000, not '1'"),
    (3, "must be even and at least 2 (duplicate pairs), not 3"),
    (7, "must be even and at least 2 (duplicate pairs), not 7"),
])
def test_an_odd_or_too_small_match_count_is_refused(matches: int, message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "greedy", "random", "--matches", str(matches), "--quiet"]) == 2
    assert message in capsys.readouterr().err
    with pytest.raises(ValueError, match="must be even"):
        run_tournament(["greedy", "random"], matches, Rules())


def test_jobs_must_be_at_least_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "greedy", "random", "--jobs", "0", "--quiet"]) == 2
    assert "--jobs: must be a whole number from 1 to " in capsys.readouterr().err
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        run_tournament(["greedy", "random"], 2, Rules(), jobs=0)


def test_median_think_time_comes_from_every_decision() -> None:
    report = run_tournament(["greedy", "random"], 2, Rules.parse("classic match_target=2"), seed=5)
    for standing in report.standings:
        times = sorted(t for r in report.results for seat, name in enumerate(r.spec.bots)
                       if name == standing.name for t in r.think_times[seat])
        assert len(times) == standing.decisions
        assert times[0] <= standing.think_median <= times[-1]
    assert "ms med" in report.table()
    assert "ms_median" in report.to_json()["standings"][0]


# ------------------------------------------------------------ three seats

THREE = Rules.parse("three-hand")


def test_three_seats_two_bots_play_each_deck_sequence_in_the_three_rotations() -> None:
    specs = schedule(["greedy", "random"], 6, THREE, seed=4)
    assert [s.bots for s in specs[:3]] == [("greedy", "random", "random"), ("random", "greedy", "random"),
                                           ("random", "random", "greedy")]
    assert [s.bots for s in specs[3:]] == [s.bots for s in specs[:3]]
    for group in pairs(specs):
        assert len({s.seed for s in group}) == 1 and len(group) == 3
    assert specs[0].seed != specs[3].seed
    twins = [ThreeMatch(seed=s.seed) for s in specs[:3]]
    assert len({m.first_dealer for m in twins}) == 1
    assert len({m.deal().deck for m in twins}) == 1


def test_three_seats_every_trio_in_all_six_orders() -> None:
    specs = schedule(["a", "b", "c", "d"], 6, THREE, seed=1)
    assert len(specs) == 4 * 6
    trios: dict[frozenset[str], set[tuple[str, ...]]] = {}
    for group in pairs(specs):
        assert len(group) == 6 and len({s.seed for s in group}) == 1
        trios.setdefault(frozenset(group[0].bots), set()).update(s.bots for s in group)
    assert len(trios) == 4 and all(len(orders) == 6 for orders in trios.values())
    with pytest.raises(TournamentError, match="multiple of 6"):
        schedule(["a", "b", "c"], 9, THREE, seed=1)
    with pytest.raises(TournamentError, match="multiple of 3"):
        schedule(["a", "b"], 4, THREE, seed=1)


def test_three_seats_greedy_beats_two_random_players() -> None:
    report = run_tournament(["greedy", "random"], 30, THREE, seed=2)
    assert report.seats == 3
    greedy, random = report.standings
    assert greedy.seats == random.seats == 3
    assert greedy.name == "greedy" and (greedy.matches, random.matches) == (30, 60)
    assert greedy.wins + random.wins == 30 and greedy.wins > 15
    assert greedy.points_low < greedy.points_per_round < greedy.points_high
    assert greedy.edge_low > 0 > random.edge_high
    assert greedy.rating_low > 0 > random.rating_high
    # A match won by greedy beats both random seats; one won by a random seat beats greedy only.
    assert report.head_to_head["greedy"]["random"] == (2 * greedy.wins, random.wins)
    rounds = sum(r.rounds for r in report.results)
    assert greedy.rounds == rounds and random.rounds == 2 * rounds
    assert greedy.game_points + random.game_points == sum(sum(r.score) for r in report.results)


def test_three_seats_same_seeds_same_report_serial_and_parallel() -> None:
    rules = Rules.parse("three-hand match_target=5")
    serial = run_tournament(["greedy", "random", "easy"], 12, rules, jobs=1, seed=9)
    parallel = run_tournament(["greedy", "random", "easy"], 12, rules, jobs=2, seed=9)
    assert [(r.spec, r.winner, r.score) for r in serial.results] == \
        [(r.spec, r.winner, r.score) for r in parallel.results]
    assert serial.table().split("ms med")[0] == parallel.table().split("ms med")[0]
    assert "head to head" in serial.table()


def test_ratio_interval_over_groups() -> None:
    ratio, low, high = ratio_interval([(3.0, 2.0), (5.0, 3.0), (2.0, 2.0), (4.0, 3.0)])
    assert ratio == pytest.approx(1.4) and low < ratio < high
    assert math.isnan(ratio_interval([(3.0, 2.0)])[1])


def test_cli_three_hand_json_table_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "ratings.html"
    status = main(["tournament", "greedy", "random", "--rules", "three-hand match_target=3", "--matches", "6",
                   "--json", "--plot", str(plot), "--quiet"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seats"] == 3
    assert [s["matches"] for s in data["standings"]] in ([6, 12], [12, 6])
    assert sum(s["wins"] for s in data["standings"]) == 6
    assert all({"points_low", "points_high", "edge", "edge_low", "edge_high"} <= s.keys()
               for s in data["standings"])
    assert "each deck sequence in all its seat orders" in plot.read_text()
    assert main(["tournament", "greedy", "random", "--rules", "three-hand", "--matches", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "edge" in out and "n/a" in out  # a single deck group: no interval


def test_cli_two_seat_json_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "greedy", "random", "--matches", "2", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "seats" not in data
    assert set(data["standings"][0]) == {
        "name", "matches", "wins", "rounds", "game_points", "conceded", "decisions", "think_seconds",
        "think_max", "think_median", "rating", "rating_low", "rating_high", "win_rate", "win_interval",
        "points_per_round", "ms_per_decision", "ms_median"}


@pytest.mark.parametrize(("argv", "message"), [
    (["greedy"], "a tournament needs at least two bots"),
    (["greedy", "solver"], "bot 'solver' does not play the three-hand game yet"),
    (["greedy", "random", "--matches", "4"], "matches per trio must be a multiple of 3"),
])
def test_cli_three_hand_bad_input_is_one_line_and_exit_2(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--rules", "three-hand", "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert main(["tournament", "greedy", "random", "--rules", "three-hand close_min_stock=3"]) == 2
    assert "does not apply to the three-hand game" in capsys.readouterr().err
