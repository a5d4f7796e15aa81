"""What every test shares: the English of the message ids, whatever the machine's locale."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The terminal table and the commands speak English unless a test chooses otherwise:
    the locale of the machine running the tests is not theirs."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    try:
        from sixtysix.tui.language import use
    except ImportError:  # without the terminal's extra
        return
    use("en")
