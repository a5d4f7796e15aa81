"""axe-core, from npm, run over pages of the browser tests.

The package is pinned in ``tests/web/package.json``; ``.ci/run`` installs it, and
:func:`axe_source` installs it with the machine's ``npm`` when it is missing (the tests that
need it are skipped on a machine without npm). The script is evaluated in the page through
the browser's debugging protocol, so the page's content security policy stays as served.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

HERE = Path(__file__).parent
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


@cache
def axe_source() -> str:
    """The text of ``axe.min.js``, installed from npm first if need be."""
    if not AXE.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("axe-core is not installed and there is no npm to install it")
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(HERE)], check=True,
                       capture_output=True, timeout=300)
    return AXE.read_text(encoding="utf-8")


def violations(page: Page, impacts: tuple[str, ...] = SERIOUS) -> list[dict[str, Any]]:
    """axe-core's violations of the page as it is now, of the given impacts: each with its
    rule, impact, help and the elements it found."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary)}))")
    return [violation for violation in found if violation["impact"] in impacts]


def assert_accessible(page: Page, screen: str) -> None:
    """No serious or critical axe-core violation on the page as it is now."""
    found = violations(page)
    assert found == [], f"{screen}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes'][:3]}" for v in found)
