"""The command's start-up (issue 21, the speed point): the cycle collector is paused while the
command's modules import, and back once main begins, with what they built frozen out of its walks
(pungchow_calc/__init__.py); a program importing the package as a library keeps its collector."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pungchow_calc.batch.run import INLINE_ENTRIES

ROOT = Path(__file__).resolve().parent.parent
HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"

# Started as the console script is (argv[0] `pungchow`): the collector's state when the package has
# imported, then after the command has run, on stderr.
_COMMAND = """\
import gc
import sys

sys.argv = ["pungchow", *sys.argv[1:]]
import pungchow_calc

starting = gc.isenabled()
from pungchow_calc.cli import main

try:
    main()
except SystemExit:
    pass
print(starting, gc.isenabled(), gc.get_freeze_count() > 0, file=sys.stderr)
"""


def _run(code: str, *argv: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return done.stderr.splitlines()[-1].split()


@pytest.mark.parametrize(
    "argv",
    [["score", HAND, "--json"], ["batch", str(ROOT / "samples" / "part1-examples.txt"), "-f", "jsonl"]],
    ids=["score", "batch"],
)
def test_the_collector_is_paused_while_the_command_starts_and_back_when_it_runs(argv: list[str]):
    assert _run(_COMMAND, *argv) == ["False", "True", "True"]


_LIBRARY = """\
import gc
import sys

import pungchow_calc.cli

print(gc.isenabled(), gc.get_freeze_count(), file=sys.stderr)
"""


def test_a_library_import_leaves_the_collector_alone():
    assert _run(_LIBRARY) == ["True", "0"]


# A batch whose entries the command's own process scores (batch/run.py INLINE_ENTRIES) never imports
# the worker pool (batch/workers.py: pickle, mmap, select); one entry more, and the pool is started.
# Neither ever imports concurrent.futures nor multiprocessing (the pool is workers.py's own).
_POOL = """\
import sys

sys.argv = ["pungchow", *sys.argv[1:]]
from pungchow_calc.cli import main

try:
    main()
except SystemExit:
    pass
executor = "concurrent.futures" in sys.modules or "multiprocessing" in sys.modules
print("pungchow_calc.batch.workers" in sys.modules, executor, file=sys.stderr)
"""


@pytest.mark.parametrize(
    ("entries", "pool"),
    [(1, "False"), (INLINE_ENTRIES, "False"), (INLINE_ENTRIES + 1, "True")],
    ids=["one", "inline-exactly", "one-more"],
)
def test_a_batch_the_command_scores_itself_never_imports_the_process_pool(
    tmp_path: Path, entries: int, pool: str
):
    batch = tmp_path / "hands.txt"
    batch.write_text(f"'{HAND}' -s south\n" * entries, encoding="utf-8")
    assert _run(_POOL, "batch", str(batch), "-f", "jsonl", "--workers", "2") == [pool, "False"]
