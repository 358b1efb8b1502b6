"""The code stays as ruff formats and lints it, and mypy passes it (mypyc compiles only what does)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "args", [pytest.param(["check", "."], id="lint"), pytest.param(["format", "--check", "."], id="format")]
)
def test_ruff(args):
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy():
    # setup.py compiles the engine with mypyc, which refuses code mypy rejects (the install would then
    # quietly fall back to plain Python): keep the package type-clean.
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "pungchow_calc"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_installed_engine_is_compiled():
    # An installed copy (CI installs with `pip install .`) has the mypyc-compiled engine when the
    # machine has a C compiler, unless the install was asked to stay pure; a checkout runs the .py files.
    import os
    import shutil

    import pungchow_calc.scoring as scoring

    if Path(scoring.__file__).resolve().parent.parent == ROOT:
        pytest.skip("running from the source tree")
    if os.environ.get("PUNGCHOW_PURE") or not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("installed as plain Python on purpose, or no C compiler")
    for module in ("tiles", "notation", "hand", "decomposition", "predicates", "scoring", "ruleset"):
        path = getattr(__import__(f"pungchow_calc.{module}", fromlist=["_"]), "__file__", "")
        assert not path.endswith(".py"), path
