"""The same seeds give byte-identical output: seeded tournaments of both games (text and
``--json`` reports), the whole matches of a seeded tournament as the bot protocol tells
them, and a seeded analysis of a record of each game, each compared with a golden file in
``tests/golden/reproducible``.

Only the ``sixtysix`` command is run (``python -m sixtysix``, in a fresh process), never the
modules, so that the goldens hold across a change of the package's layout (issue 34).

Two things are replaced before comparing, as they differ from run to run or machine to
machine: the timings (:func:`without_timings`: the ``ms/dec``, ``ms med`` and ``ms max``
columns of a report's table and its JSON fields ``think_seconds``, ``think_max``,
``think_median``, ``ms_per_decision`` and ``ms_median`` become ``<ms>``), and in
:func:`test_seeded_matches_as_the_bots_are_told_them` the program bots' commands, which hold
this machine's paths. Everything else is compared byte for byte.

The goldens are written from the code as it is, never by a failing test. To write them again
after a deliberate change of what the commands print:

    SIXTYSIX_REGENERATE=1 .venv/bin/python -m pytest tests/test_reproducible.py

then run the file again without the variable (the ``--jobs 2`` run is compared, not written)
and review the diff of ``tests/golden/reproducible``.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import sixtysix

GOLDEN = Path(__file__).parent / "golden" / "reproducible"
TEE = Path(__file__).parent / "protocol_tee.py"
REGENERATE = os.environ.get("SIXTYSIX_REGENERATE") == "1"

TIMING_FIELDS = ("think_seconds", "think_max", "think_median", "ms_per_decision", "ms_median")
TIMING_COLUMNS = {"ms/dec  ms med  ms max": 3, "ms med  ms max": 2}
"""The timing columns that end a report's header, and how many fields they are."""
MS = "<ms>"


def without_timings(report: str) -> str:
    """A tournament report, text or JSON, with each timing replaced by ``<ms>``: the fields
    of :data:`TIMING_FIELDS` in each standing of the JSON report, the timing columns at the
    end of each standings row of the table (those before the table's first empty line)."""
    if report.startswith("{"):
        standings = len(json.loads(report)["standings"])
        pattern = rf'^( *"(?:{"|".join(TIMING_FIELDS)})": )[^,\n]+'
        report, found = re.subn(pattern, rf'\g<1>"{MS}"', report, flags=re.M)
        assert found == standings * len(TIMING_FIELDS), report
        return report
    header, *lines = report.split("\n")
    columns = next(n for end, n in TIMING_COLUMNS.items() if header.endswith(end))
    rows = lines.index("") if "" in lines else len(lines)
    for i in range(rows):
        lines[i] = " ".join([lines[i].rsplit(maxsplit=columns)[0], *[MS] * columns])
    return "\n".join([header, *lines])


def sixtysix_command(argv: list[str], cwd: Path | None = None) -> str:
    """What ``sixtysix ARGV`` prints, after checking that it succeeds silently on stderr."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sixtysix.__file__).resolve().parent.parent)
    done = subprocess.run([sys.executable, "-m", "sixtysix", *argv], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return done.stdout


def check(name: str, text: str, write: bool = True) -> None:
    """Compare ``text`` with the golden file ``name`` (or write it, when regenerating)."""
    golden = GOLDEN / name
    if REGENERATE and write:
        golden.write_bytes(text.encode("utf-8"))
        return
    assert golden.exists(), f"no golden {golden}: regenerate as the module docstring says"
    assert text == golden.read_bytes().decode("utf-8"), f"{name} differs from its golden file"


@dataclass(frozen=True)
class Tournament:
    golden: str
    argv: tuple[str, ...]


TOURNAMENTS = [
    Tournament("classic.txt", ("random", "easy", "medium", "pimc:samples=3", "--rules", "classic",
                               "--matches", "2", "--seed", "7")),
    Tournament("santase.json", ("random", "medium", "pimc:samples=3", "--rules", "santase", "--matches", "2",
                                "--seed", "11", "--json")),
    Tournament("three-hand.txt", ("random", "easy", "pimc:samples=3", "--rules", "three-hand",
                                  "--matches", "6", "--seed", "7")),
    Tournament("three-hand-two-bots.json", ("medium", "hard", "--rules", "three-hand match_target=4",
                                            "--matches", "3", "--seed", "3", "--json")),
]


@pytest.mark.parametrize("tournament", TOURNAMENTS, ids=[t.golden for t in TOURNAMENTS])
def test_seeded_tournament_report(tournament: Tournament) -> None:
    report = sixtysix_command(["tournament", *tournament.argv, "--jobs", "1", "--quiet"])
    check(tournament.golden, without_timings(report))


def test_the_number_of_workers_changes_no_result() -> None:
    if REGENERATE:
        pytest.skip("compared with the golden that the --jobs 1 run writes")
    tournament = next(t for t in TOURNAMENTS if t.golden == "santase.json")
    report = sixtysix_command(["tournament", *tournament.argv, "--jobs", "2", "--quiet"])
    check(tournament.golden, without_timings(report), write=False)


def test_seeded_matches_as_the_bots_are_told_them(tmp_path: Path) -> None:
    """Both seats of a seeded two-match tournament are program bots (``cmd:``) whose
    conversation with the host, every deal, card and action of both matches as each seat saw
    it, is logged by ``protocol_tee.py``. In the JSON report the bots' commands become
    ``<hard>`` and ``<medium>`` (the text report is not compared: its column widths follow
    the commands' lengths)."""
    python = shlex.quote(sys.executable)
    command = f"{python} {shlex.quote(str(TEE))} {{}}.log {python} -m sixtysix bot {{}}"
    hard = "cmd:[samples=4] " + command.format("hard", "hard")
    medium = "cmd:" + command.format("medium", "medium")
    report = sixtysix_command(["tournament", hard, medium, "--rules", "pagat", "--matches", "2",
                               "--seed", "5", "--jobs", "1", "--quiet", "--json"], cwd=tmp_path)
    for name, bot in (("<hard>", hard), ("<medium>", medium)):
        report = report.replace(json.dumps(bot), json.dumps(name))
    check("pagat-matches.json", without_timings(report))
    for seat in ("hard", "medium"):
        check(f"pagat-matches-{seat}.log", (tmp_path / f"{seat}.log").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("record", "options", "golden"), [
    ("analyze-two.ssn", ["--json"], "analyze-two.json"),
    ("analyze-three.ssn", [], "analyze-three.txt"),
])
def test_seeded_analysis(record: str, options: list[str], golden: str) -> None:
    analysis = sixtysix_command(["analyze", *options, "--samples", "6", "--seed", "4", str(GOLDEN / record)])
    check(golden, analysis)
