"""The cycle collector in a batch (batch/scoring.py quiet_gc, settle_gc): what a batch has built is
frozen as it goes, which is sound only because scoring an entry, an error included, makes no
reference cycles, and memory stays flat whatever the entries ask for."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from pungchow_calc.batch import run as batch_run
from pungchow_calc.batch import scoring
from pungchow_calc.batch.entry import Entry
from pungchow_calc.batch.input import Source
from pungchow_calc.batch.scoring import Job, Scorer

ROOT = Path(__file__).resolve().parent.parent
PUNGS = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
RIICHI = "'1d2d3d* 1d!2d3d 1d2d3d 1d2d3d 4d4d' -r riichi-ema-2016 -s east -w east --last-tile --dora 4d"
ERRORS = [
    Entry(1, error_code="bad-line", error_message="line is not UTF-8 text"),
    Entry(2, text="9z9z9z"),  # not a tile
    Entry(3, text=f"'{PUNGS}' --no-such-option"),
    Entry(4, text=f"'{PUNGS}' -r no-such-ruleset"),
    Entry(5, text='"1b1b1b 3c3c'),  # no closing quotation
    Entry(6, text=f"'{PUNGS}' --win-by sky"),
    Entry(7, text="1b1b1b 3c3c3c"),  # not a whole hand
    Entry(8, argv=(PUNGS, "--seat", "up")),
]


def _entries() -> list[Entry]:
    """Hands new to the caches (the sample files' and varied ones) and every kind of error."""
    entries = [
        e
        for name in ("part1-examples", "part2-examples", "club-evening", "settle-table")
        for e in Source(str(ROOT / "samples" / f"{name}.txt")).entries()
    ]
    seats = ("east", "south", "west", "north")
    entries += [Entry(100 + n, text=f"'{PUNGS}' -s {seats[n % 4]} -w {seats[n // 4 % 4]}") for n in range(16)]
    return entries + ERRORS


@pytest.mark.parametrize(
    "job",
    [Job(encode="json"), Job(encode="csv"), Job(), Job(compare=("pung-chow", "classical-bmja"))],
    ids=["json", "csv", "dict", "compare"],
)
def test_scoring_makes_no_reference_cycles(job: Job):
    scorer = Scorer(job)
    for warm in [Entry(1, text=PUNGS), Entry(2, text=RIICHI), *ERRORS]:  # rulesets loaded, modules imported
        scorer.encoded(warm)
    entries = _entries()
    gc.collect()
    gc.disable()
    try:
        records = [scorer.encoded(entry) for entry in entries]
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        cyclic = list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert sum(not ok for ok, _ in records) >= len(ERRORS)
    assert cyclic == []


def test_a_missing_ruleset_is_raised_afresh():
    """Every entry naming a missing ruleset gets its error, and the error kept for them (Scorer.ruleset)
    holds one traceback, not one more per entry: 100,000 such lines held 190 MB more."""
    scorer = Scorer(Job(encode="json"))
    for n in range(1, 201):
        ok, record = scorer.encoded(Entry(n, text=f"'{PUNGS}' -r no-such-ruleset"))
        assert not ok and '"ruleset-not-found"' in record
    kept = scorer.loaded()["no-such-ruleset"]
    depth, tb = 0, kept.__traceback__
    while tb is not None:
        depth, tb = depth + 1, tb.tb_next
    assert depth <= 3


def test_an_in_process_batch_freezes_as_it_goes(monkeypatch: pytest.MonkeyPatch):
    """Every SETTLE_EVERY entries what the batch built is frozen: collections do not walk it again
    (in a process the batch owns: quiet_gc)."""
    monkeypatch.setattr(batch_run, "SETTLE_EVERY", 10)
    monkeypatch.setattr(scoring, "_QUIET", True)
    made: list[list[int]] = []
    seen_frozen: list[bool] = []

    def noting() -> Iterator[Entry]:
        for n in range(1, 31):
            if n in (11, 21):  # the objects made before the 10th and 20th entries are frozen by now
                tracked = {id(o) for o in gc.get_objects()}
                seen_frozen.append(not any(id(o) in tracked for o in made))
            made.append([n])
            yield Entry(n, text=PUNGS)

    try:
        assert len(list(batch_run.run(noting(), Job(encode="json"), workers=1))) == 30
    finally:
        gc.unfreeze()
    assert seen_frozen == [True, True]


class _Cycle:
    """Garbage a host program made before it ran a batch: an object that refers to itself."""

    def __init__(self) -> None:
        self.me = self


@pytest.mark.parametrize("output_format", ["jsonl", "table"], ids=["jsonl", "table"])
def test_a_batch_in_a_programs_own_process_leaves_its_collector_alone(tmp_path: Path, output_format: str):
    """A program (or a test) running `batch` through main() in its own process keeps the cycle collector
    as it was: nothing frozen (its cycles made before were never freed: 100 such batches held 100 MB of
    a host's garbage) and its own thresholds (scoring._QUIET)."""
    import weakref

    from cli_helpers import run

    hands = tmp_path / "hands.txt"
    hands.write_text(f"'{PUNGS}'\n'{PUNGS}' -s south\n", encoding="utf-8")
    gc.collect()
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    made_before = weakref.ref(_Cycle())
    assert run("batch", str(hands), "-f", output_format).exit_code == 0
    assert (gc.get_threshold(), gc.get_freeze_count()) == (threshold, frozen)
    gc.collect()
    assert made_before() is None


def test_a_worker_quieting_the_collector_never_counts_what_is_frozen(monkeypatch: pytest.MonkeyPatch):
    """quiet_gc, which every forked worker calls, never asks gc.get_freeze_count: it walks every frozen
    object, and in a worker that copied the pages of its parent's frozen memory (a long Hypothesis
    run's workers spent most of their time there)."""

    def walked() -> int:
        raise AssertionError("gc.get_freeze_count walks every frozen object")

    threshold = gc.get_threshold()
    monkeypatch.setattr(gc, "get_freeze_count", walked)
    monkeypatch.setattr(scoring, "_QUIET", False)  # quiet_gc makes the process the batch's: put back
    try:
        scoring.quiet_gc()
        assert scoring._QUIET
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
