"""Build hook: compile the scoring engine with mypyc only when asked (`PUNGCHOW_COMPILE=1 pip install .`).

The default install is plain Python. Compiling turns every module of `pungchow_calc/engine/` and its
subpackages (the same source, type-checked by mypy) into C; a machine without a C compiler, or code mypy
refuses, leaves the plain package, with a note on stderr. Never compile an editable install: a compiled
module would shadow its .py file and edits would silently stop taking effect (tests/test_layout.py
refuses such a checkout).
"""

from __future__ import annotations

import os
import sys
from glob import glob

from setuptools import setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """Compile if possible; any failure leaves the pure-Python modules in place."""

    def run(self) -> None:
        """Build the extensions, or none when they cannot be built."""
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler, missing headers, ...
            print(
                f"pungchow: not compiling the engine ({exc}); installing it as plain Python", file=sys.stderr
            )
            self.extensions = []


def extensions() -> list:
    """The engine's modules compiled by mypyc under PUNGCHOW_COMPILE=1; none otherwise."""
    if os.environ.get("PUNGCHOW_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("pungchow: PUNGCHOW_COMPILE=1 but mypy is not installed; plain Python", file=sys.stderr)
        return []
    # Every module of the engine and its subpackages (engine/conditions/), but the packages' __init__.
    modules = sorted(
        p for p in glob("pungchow_calc/engine/**/*.py", recursive=True) if not p.endswith("__init__.py")
    )
    try:
        return mypycify(modules, opt_level="3", debug_level="0")
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - mypy refused the code: stay pure
        print(f"pungchow: not compiling the engine ({exc}); installing it as plain Python", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
