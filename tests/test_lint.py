"""The code stays as ruff formats and lints it, and mypy passes it (mypyc compiles only what does)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.source  # reads the checkout's source (.ci/compiled leaves it out)

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
    # PUNGCHOW_COMPILE=1 compiles the engine with mypyc, which refuses code mypy rejects (the install
    # would then quietly fall back to plain Python): keep the package type-clean.
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "pungchow_calc"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
