"""Build hook: compile the scoring engine with mypyc when it can, else install it as plain Python.

The compiled modules are the same source, type-checked by mypy and turned into C (issue 5's batch
throughput). Set PUNGCHOW_PURE=1 to skip compiling (editable installs for development should: a
compiled module shadows its .py file). A machine without a C compiler gets the pure package.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The per-hand path: reading notation, arranging, rule conditions, scoring and paying.
COMPILED = [
    "pungchow_calc/tiles.py",
    "pungchow_calc/notation.py",
    "pungchow_calc/hand.py",
    "pungchow_calc/decomposition.py",
    "pungchow_calc/predicates.py",
    "pungchow_calc/scoring.py",
    "pungchow_calc/settlement.py",
    "pungchow_calc/options.py",
    "pungchow_calc/ruleset.py",
    "pungchow_calc/errors.py",
]


class OptionalBuildExt(build_ext):
    """Compile if possible; any failure leaves the pure-Python modules in place."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler, missing headers, ...
            print(
                f"pungchow: not compiling the engine ({exc}); installing it as plain Python", file=sys.stderr
            )
            self.extensions = []


def extensions() -> list:
    if os.environ.get("PUNGCHOW_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    try:
        return mypycify(COMPILED, opt_level="3", debug_level="0")
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - mypy refused the code: stay pure
        print(f"pungchow: not compiling the engine ({exc}); installing it as plain Python", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
