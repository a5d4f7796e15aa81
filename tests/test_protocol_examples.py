"""The example bots of ``examples/`` (version 2) play whole matches of every preset and of
the three-hand game without a forfeit, and the version 1 examples of before, kept in
``tests/protocol_v1/``, still play."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from sixtysix.rules import PRESETS, THREE_HAND, Rules
from sixtysix.tournament.run import run_tournament
from test_protocol import NODE_BOT, PYTHON_BOT, ROOT

STATELESS_BOT = f"cmd:{sys.executable} {ROOT / 'examples' / 'stateless_bot.py'}"
PYTHON_V1 = f"cmd:{sys.executable} {ROOT / 'tests' / 'protocol_v1' / 'python_example.py'}"
NODE_V1 = f"cmd:node {ROOT / 'tests' / 'protocol_v1' / 'node_example.js'}"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def plays(entrant: str, rules: Rules, bot_log: Path | None = None, seed: int = 3) -> list[tuple[int, ...]]:
    """The scores of a short tournament of ``entrant`` against ``random``, which it plays
    without a forfeit, deciding in every match."""
    matches = 3 if rules.seats == 3 else 2
    report = run_tournament([entrant, "random"], matches, rules, seed=seed,
                            bot_log=None if bot_log is None else str(bot_log))
    assert [r.forfeit for r in report.results] == [None] * matches
    assert sum(s.decisions for s in report.standings if s.name == entrant) > 5 * matches
    return [r.score for r in report.results]


@pytest.mark.parametrize("preset", [*PRESETS, THREE_HAND])
def test_the_stateless_example_plays_every_preset_and_three_hand(preset: str) -> None:
    plays(STATELESS_BOT, Rules.parse(preset))


@pytest.mark.parametrize(("preset", "exchanges"), [("pagat", True), (THREE_HAND, False)])
def test_the_python_example_follows_its_hand_through_exchanges(preset: str, exchanges: bool,
                                                               tmp_path: Path) -> None:
    plays(PYTHON_BOT, Rules.parse(preset), tmp_path)
    logs = [log.read_text(encoding="utf-8") for log in tmp_path.glob("*.log")]
    assert logs and all("bot:    play" in log and "info my hand" not in log for log in logs)
    assert any(re.search(r"host: +action \d exchange", log) for log in logs) == exchanges


@needs_node
@pytest.mark.parametrize("preset", ["classic", THREE_HAND])
def test_the_node_example_plays_alike_again_with_the_same_seed(preset: str) -> None:
    assert plays(NODE_BOT, Rules.parse(preset), seed=5) == plays(NODE_BOT, Rules.parse(preset), seed=5)


def test_the_version_1_python_example_still_plays() -> None:
    plays(PYTHON_V1, Rules())


@needs_node
def test_the_version_1_node_example_still_plays() -> None:
    plays(NODE_V1, Rules())
