"""The opt-in compiled build (docs/COMPILED.md): which modules are loaded compiled.

CI runs this file twice: on the pure install, where no module may be compiled, and with
``SIXTYSIX_EXPECT_COMPILED=1`` on the wheel built with ``SIXTYSIX_COMPILE=1``, where
every module of ``sixtysix.compiled.MODULES`` must be a compiled extension.
"""

from __future__ import annotations

import importlib
import os

from sixtysix.compiled import MODULES, compiled_modules
from sixtysix.game.actions import ACTIONS, Action
from sixtysix.two.round import Round


def test_the_build_loaded_is_the_one_expected() -> None:
    expected = list(MODULES) if os.environ.get("SIXTYSIX_EXPECT_COMPILED") == "1" else []
    assert compiled_modules() == expected
    for name in MODULES:
        path = importlib.import_module(name).__file__
        assert path is not None
        assert path.endswith(".py") == (name not in expected)


def test_actions_stay_ints_and_rounds_are_made_by_their_constructor() -> None:
    assert isinstance(ACTIONS[5], int) and type(ACTIONS[5]) is Action
    assert ACTIONS[5] == 5 and hash(ACTIONS[5]) == hash(5) and repr(ACTIONS[28]) == "Action('exchange')"
    rnd = Round(range(23, -1, -1), 1)
    twin = rnd.copy()
    assert type(twin) is Round and twin.key() == rnd.key() and twin.deck == rnd.deck
    twin.push(twin.legal_tuple()[0])
    assert twin.key() != rnd.key() and rnd.actions == []
