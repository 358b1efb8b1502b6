"""Shared pytest set-up. Hypothesis profiles: `ci` (default, quick) and `long` (by hand).

Run the long profile by hand:
    HYPOTHESIS_PROFILE=long python -m pytest tests/test_properties.py tests/test_fuzz.py
Other engineers: add fixtures below; keep the profile block as it is. Fixtures: `pungchow`.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, settings

# `ci`: small and derandomised so the suite stays fast and repeatable in `.ci/run` (30 examples a
# property: at 60 the run passed its five minutes on CI's machine, 334 s on 2026-11-28, and at 40 took
# 314 s there on 2026-11-29, the build machine's runs varying by 15 s either way; tests that need more
# ask for it, `_at_least`); the search is the long profile's, run by hand before an issue is resolved
# (README, "Trust").
settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# `long`: a real search, run by hand before a release (minutes, random seeds).
settings.register_profile(
    "long",
    max_examples=3000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# A suite started in the background by a script (`pytest &`, `nohup`) inherits SIGINT ignored, and so
# would every command the tests start, which then rightly goes on ignoring Ctrl-C (as Python leaves an
# inherited SIG_IGN: cli/batch_signals.py): the Ctrl-C tests would fail for how the suite was started.
# Python's own handler is put back, as a terminal's foreground job has it (tests/test_conftest.py).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Several hundred tests run `python -m pungchow_calc` in a fresh process, from this checkout. Where
# PYTHONDONTWRITEBYTECODE is set (as on the build machine), each of them compiled every module it
# imported from source, 0.2 s a process: half of what most of them cost. Bytecode is written instead
# to a folder of this run's own (PYTHONPYCACHEPREFIX, removed at the end), never beside the sources,
# as an installed pungchow has its bytecode (pip compiles it). The test processes pytest-xdist starts
# inherit the setting, and so does every command a test starts with this process's environment.
if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
    _pycache = tempfile.mkdtemp(prefix="pungchow-tests-pycache-")
    atexit.register(shutil.rmtree, _pycache, ignore_errors=True)
    os.environ["PYTHONPYCACHEPREFIX"] = _pycache
    del os.environ["PYTHONDONTWRITEBYTECODE"]


@pytest.fixture
def pungchow(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., tuple[int, str, str]]:
    """Run the command as users do, through the entry point `pungchow_calc.cli:main`.

    Returns (exit code, stdout, stderr).
    """
    from pungchow_calc.cli import main

    monkeypatch.setenv("COLUMNS", "200")  # tables as wide as they need, whatever the terminal

    def run(*args: str) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["pungchow", *args])
        try:
            main()
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
        out, err = capsys.readouterr()
        return code, out, err

    return run
