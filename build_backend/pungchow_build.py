"""Build backend: setuptools, plus mypy as a build requirement only when the engine is to be compiled.

`pip install .` installs plain Python in seconds. `PUNGCHOW_COMPILE=1 pip install .` also compiles the
engine with mypyc (see setup.py), and only then does the build environment need mypy.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every hook we do not override is setuptools'

COMPILE_REQUIRES = ["mypy==2.4.1", "types-PyYAML==6.0.12.20261113"]


def _extra() -> list[str]:
    return COMPILE_REQUIRES if os.environ.get("PUNGCHOW_COMPILE") == "1" else []


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    """setuptools' requirements, and mypy when compiling."""
    return _setuptools.get_requires_for_build_wheel(config_settings) + _extra()


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    """setuptools' requirements, and mypy when compiling."""
    return _setuptools.get_requires_for_build_editable(config_settings) + _extra()
