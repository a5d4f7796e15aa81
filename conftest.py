"""Skip the doctests of the learning environments whose libraries (extra ``[rl]``) are missing,
and the example bots of protocol version 1 (programs, not modules); speak English in every
test unless it chooses another language."""

from collections.abc import Iterator
from importlib.util import find_spec

import pytest

collect_ignore_glob = [] if find_spec("pettingzoo") and find_spec("gymnasium") else ["src/sixtysix/env/*"]
if not find_spec("pyspiel"):
    collect_ignore_glob.append("src/sixtysix/env/spiel.py")
# The example bots of protocol version 1, kept as they were: programs that read their input.
collect_ignore_glob.append("tests/protocol_v1/*")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the tests marked ``slow`` first: the parallel run's workers take them up at the
    start, beside the quick ones, rather than end the run waiting on them."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The terminal table and the commands speak English unless a test chooses otherwise:
    the locale of the machine running the tests is not theirs."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    if find_spec("textual") and find_spec("babel"):
        from sixtysix.tui.language import use

        use("en")
