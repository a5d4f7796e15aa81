"""Build hook of the optional compiled build (docs/COMPILED.md); the project is set up in pyproject.toml.

With ``SIXTYSIX_COMPILE=1`` a wheel build compiles the modules listed in
``sixtysix.compiled.MODULES`` with mypyc; the wheel holds their sources too. If mypyc is missing or the C
build fails, the wheel is the pure-Python one, with a warning. Without the variable
nothing is compiled.
"""

from __future__ import annotations

import os
import runpy
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext


def _warn(message: str) -> None:
    print(f"sixtysix: {message}; building the pure-Python package", file=sys.stderr)


BUILDS = {"bdist_wheel", "build", "build_ext"}
"""The commands that compile; not the metadata steps, an sdist nor an editable install."""


def compiled_extensions() -> list[Any]:
    """The mypyc extensions of the compiled build, or none."""
    if os.environ.get("SIXTYSIX_COMPILE") != "1" or not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("SIXTYSIX_COMPILE=1 but mypyc is not installed")
        return []
    modules = runpy.run_path("src/sixtysix/compiled.py")["MODULES"]
    paths = ["src/" + name.replace(".", "/") + ".py" for name in modules]
    try:
        # Imports outside the compiled modules (the extras' libraries) are not checked.
        return list(mypycify(["--follow-imports=silent", *paths], opt_level="3", debug_level="0"))
    except (SystemExit, Exception) as error:  # mypyc reports a failed compile by SystemExit
        _warn(f"mypyc failed ({error!r})")
        return []


class FallbackBuildExt(build_ext):
    """Build the extensions, or none of them if one fails (a half-compiled package
    would not import)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            _warn(f"the C build failed ({error!r})")
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            shutil.rmtree(self.build_temp, ignore_errors=True)
            self.extensions.clear()


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": FallbackBuildExt})
