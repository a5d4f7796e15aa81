"""Tournaments of both games on Ray: a local instance of two CPUs, started once for the module.

A watchdog (faulthandler) ends the test run with a traceback if Ray hangs, so a Ray
start or task that never finishes fails CI instead of hanging it.
"""

from __future__ import annotations

import faulthandler
import logging
import os
import socket
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import ray

from sixtysix.cli import main
from sixtysix.errors import ClusterError
from sixtysix.rules import Rules
from sixtysix.tournament.play import MatchResult
from sixtysix.tournament.ray import try_join
from sixtysix.tournament.run import run_tournament

pytestmark = pytest.mark.xdist_group("ray")  # one Ray instance, started once, for the whole module

WATCHDOG_SECONDS = 120
SERVED = f"cmd:{sys.executable} -m sixtysix bot random --seed 7"


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)
    before = os.environ.get("RAY_USAGE_STATS_ENABLED")
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    try:
        yield
    finally:
        ray.shutdown()
        faulthandler.cancel_dump_traceback_later()
        if before is None:
            del os.environ["RAY_USAGE_STATS_ENABLED"]
        else:
            os.environ["RAY_USAGE_STATS_ENABLED"] = before


def outcomes(results: list[MatchResult]) -> list[tuple[Any, ...]]:
    """Everything a match gave except the think times, which are wall-clock."""
    return [(r.spec, r.winner, r.score, r.rounds, r.forfeit) for r in results]


@pytest.mark.usefixtures("cluster")
def test_ray_gives_the_local_results_with_protocol_bots_on_the_workers() -> None:
    bots = ["greedy", "random", SERVED]
    seen: list[tuple[int, int]] = []
    remote = run_tournament(bots, 4, Rules(), seed=5, backend="ray",
                            progress=lambda done, total: seen.append((done, total)))
    local = run_tournament(bots, 4, Rules(), jobs=2, seed=5)
    assert outcomes(remote.results) == outcomes(local.results)
    assert [s.name for s in remote.standings] == [s.name for s in local.standings]
    assert remote.head_to_head == local.head_to_head
    assert len(remote.results) == 12
    assert seen == [(done, 12) for done in range(2, 13, 2)]
    assert ray.is_initialized()


@pytest.mark.usefixtures("cluster")
def test_ray_gives_the_local_results_of_a_three_hand_tournament() -> None:
    """Three seats a match: each deck sequence in its seat orders, run as Ray tasks, gives
    what the local backend gives for the same seed."""
    bots = ["greedy", "random", "easy"]
    rules = Rules.parse("three-hand match_target=5")
    seen: list[tuple[int, int]] = []
    remote = run_tournament(bots, 12, rules, seed=9, backend="ray",
                            progress=lambda done, total: seen.append((done, total)))
    local = run_tournament(bots, 12, rules, jobs=2, seed=9)
    assert outcomes(remote.results) == outcomes(local.results)
    assert [s.name for s in remote.standings] == [s.name for s in local.standings]
    assert remote.head_to_head == local.head_to_head
    assert remote.table().split("ms med")[0] == local.table().split("ms med")[0]
    assert len(remote.results) == 12 and {len(r.spec.bots) for r in remote.results} == {3}
    assert seen == [(6, 12), (12, 12)]
    assert ray.is_initialized()


@pytest.mark.usefixtures("cluster")
def test_cli_ray_backend_prints_the_local_report(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "greedy", "random", "--matches", "4", "--seed", "2", "--quiet", "--json"]
    assert main([*args, "--backend", "ray"]) == 0
    remote = capsys.readouterr().out
    assert main(args) == 0
    local = capsys.readouterr().out
    strip = [line for line in remote.splitlines() if "think" not in line and "ms_" not in line]
    assert strip == [line for line in local.splitlines() if "think" not in line and "ms_" not in line]


def test_ray_backend_without_the_extra_is_one_line_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main(["tournament", "greedy", "random", "--matches", "2", "--backend", "ray"]) == 2
    err = capsys.readouterr().err
    assert err == ("sixtysix tournament: the ray backend needs the cluster extra: "
                   "pip install 'sixtysix[cluster]'\n")


@pytest.mark.parametrize(("extra", "message"), [
    (["--backend", "ray", "--address", "127.0.0.1:1"],
     "cannot reach the Ray cluster at '127.0.0.1:1': Connection refused"),
    (["--backend", "ray", "--address", "localhost:port"], "not a Ray address"),
    (["--address", "127.0.0.1:6379"], "--address needs --backend ray"),
])
def test_a_bad_address_is_one_line_exit_2(extra: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "greedy", "random", "--matches", "2", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_an_address_that_answers_but_is_not_ray_times_out() -> None:
    with socket.create_server(("127.0.0.1", 0)) as silent:
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        with pytest.raises(ClusterError, match=address):
            try_join(address, timeout=4)
