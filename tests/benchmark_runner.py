"""Running a script of ``benchmarks/`` on the package under test, for the tests that check one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import sixtysix


def run_benchmark(script: str, argv: list[str], *, check: bool = True,
                  timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``benchmarks/SCRIPT`` with ``argv`` on the package under test."""
    path = Path(__file__).parent.parent / "benchmarks" / script
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sixtysix.__file__).resolve().parent.parent)
    return subprocess.run([sys.executable, str(path), *argv], capture_output=True, text=True, env=env,
                          timeout=timeout, check=check)
