"""The build backend: setuptools' own, asking for mypy only when the compiled build is wanted.

``SIXTYSIX_COMPILE=1 pip install .`` adds mypy (whose mypyc compiles the engine, see
docs/COMPILED.md and setup.py) to the build requirements; every other build is
setuptools' pure-Python one.
"""

from __future__ import annotations

import os

from setuptools import build_meta
from setuptools.build_meta import (
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

MYPYC = "mypy>=2.4,<3"
"""The compiler of the compiled build (mypyc ships with mypy)."""


def get_requires_for_build_wheel(config_settings: dict[str, str | list[str]] | None = None) -> list[str]:
    """setuptools' requirements, and mypy when ``SIXTYSIX_COMPILE=1``."""
    requires = build_meta.get_requires_for_build_wheel(config_settings)
    return [*requires, MYPYC] if os.environ.get("SIXTYSIX_COMPILE") == "1" else requires
