"""The optional compiled build: which modules mypyc compiles, and which are loaded so.

``SIXTYSIX_COMPILE=1 pip install .`` compiles :data:`MODULES` with mypyc (see
docs/COMPILED.md); any other install, or a platform without a C compiler, runs
the same source as pure Python (tests/test_compiled.py checks which is loaded).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TypeVar

__all__ = ["MODULES", "compiled_modules", "mypyc_attr"]

_T = TypeVar("_T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure install: the decorator only speaks to mypyc

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
        """Leave the class as it is (what mypy_extensions' decorator does at run time)."""
        return lambda cls: cls


MODULES = (
    "sixtysix.cards",
    "sixtysix.game.actions",
    "sixtysix.game.round",
    "sixtysix.game.outcome",
    "sixtysix.game.match",
    "sixtysix.two.state",
    "sixtysix.two.round",
    "sixtysix.two.outcome",
    "sixtysix.two.match",
    "sixtysix.two.observation",
    "sixtysix.three.deal",
    "sixtysix.three.state",
    "sixtysix.three.round",
    "sixtysix.three.outcome",
    "sixtysix.three.match",
    "sixtysix.three.observation",
    "sixtysix.table",
    "sixtysix.bots.playout",
    "sixtysix.bots.search",
    "sixtysix.bots.solver",
    "sixtysix.bots.heuristic",
    "sixtysix.bots.pimc",
)
"""The modules the compiled build compiles: the engine and the search's inner loops."""


def compiled_modules() -> list[str]:
    """The modules of :data:`MODULES` that are loaded as compiled extensions."""
    found = []
    for name in MODULES:
        path = getattr(importlib.import_module(name), "__file__", None) or ""
        if not path.endswith(".py"):
            found.append(name)
    return found
