"""The suite's own set-up (tests/conftest.py): it runs the same however it was started."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _ignore_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a script starts `pytest &` or `nohup pytest`


def test_suite_started_with_ctrl_c_ignored_still_tests_ctrl_c():
    # Regression (2026-11-27): `.ci/compiled` started in the background failed
    # test_stopped_batch_writes_whole_records[json-ctrl-c] with exit 1, the batch having rightly kept
    # the SIGINT it inherited ignored. One worker (pytest-xdist), as the suite runs its tests.
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "1"]
        + ["tests/test_batch_signals.py", "-k", "test_stopped_batch_writes_whole_records and jsonl-ctrl-c"],
        cwd=ROOT,
        preexec_fn=_ignore_ctrl_c,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:]  # 5 if no test was chosen
    assert done.stdout.split()[-2:] == [".", "[100%]"], done.stdout  # the one test, passed


def test_a_command_the_tests_start_keeps_its_bytecode_outside_the_checkout():
    # Where PYTHONDONTWRITEBYTECODE is set (the build machine), each command a test started compiled
    # every module it imported, 0.45 s a process against 0.25: the suite gives them a bytecode folder
    # of its own instead (conftest.py), never the checkout's __pycache__.
    done = subprocess.run(
        [sys.executable, "-c", "import sys; print(sys.dont_write_bytecode, sys.pycache_prefix)"],
        capture_output=True,
        text=True,
        check=True,
    )
    dont_write, prefix = done.stdout.split()
    assert dont_write == "False"
    assert prefix == "None" or not Path(prefix).resolve().is_relative_to(ROOT)
