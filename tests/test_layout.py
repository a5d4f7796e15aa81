"""The engine's private names stay in the engine (issue 34).

A round's state list and its layout belong to its game: code above the engine reads
the rounds' public members, and the search reads the raw state through the game's state
module (:mod:`sixtysix.two.state`, :mod:`sixtysix.three.state`), which only the modules
pyproject.toml's import-linter contract names may import. What import-linter cannot
see is checked here, on the source of the package, the tests, the benchmarks and the
examples: no module outside the engine's packages (``game``, ``two``, ``three``)
imports a ``_``-prefixed name of a sixtysix module, or reads an object's ``_s``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = tuple(ROOT / "src" / "sixtysix" / package for package in ("game", "two", "three"))


def sources() -> list[Path]:
    """Every Python file of the project but the engine's."""
    found = [ROOT / "conftest.py"]
    for folder in ("src", "tests", "benchmarks", "examples"):
        found += (ROOT / folder).rglob("*.py")
    return [path for path in found if not any(path.is_relative_to(package) for package in ENGINE)]


def private_uses(path: Path) -> list[str]:
    """The private names of sixtysix modules ``path`` imports, and its reads of ``_s``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sixtysix"):
            found += [f"line {node.lineno}: {alias.name} from {node.module}"
                      for alias in node.names if alias.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr == "_s":
            found.append(f"line {node.lineno}: ._s")
    return found


def test_nothing_above_the_engine_reads_its_private_names() -> None:
    paths = sources()
    assert ROOT / "src" / "sixtysix" / "bots" / "playout.py" in paths
    uses = {str(path.relative_to(ROOT)): private_uses(path) for path in paths}
    assert {path: found for path, found in uses.items() if found} == {}


def test_the_check_sees_a_private_import(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("from sixtysix.two.round import _LOW_ACTIONS, Round\n"
                      "from sixtysix.two.state import HAND\n"
                      "def hand(rnd: Round) -> int:\n    return rnd._s[HAND]\n", encoding="utf-8")
    assert private_uses(module) == ["line 1: _LOW_ACTIONS from sixtysix.two.round", "line 4: ._s"]
