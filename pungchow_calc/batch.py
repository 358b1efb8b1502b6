"""Score a batch: one record per entry, in input order, streamed (reading is in batch_input).

Nothing here prints: the command layer writes the records as they come. Memory stays flat
whatever the length of the file: entries are read one at a time, and with worker processes
(batch_workers) only a few chunks are ever in flight.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from . import options as opts
from .batch_input import Entry, FileError, Source, mapping_argv, split_line, strip_comment
from .engine.cache import BoundedCache
from .engine.errors import PungchowError, RulesetError
from .engine.payments import DISCARDER
from .engine.scoring import Score, score_text
from .engine.situation import Situation

__all__ = [
    "CSV_COLUMNS",
    "Entry",
    "FileError",
    "Job",
    "Scorer",
    "Source",
    "Summary",
    "csv_row",
    "csv_text",
    "default_workers",
    "error_record",
    "mapping_argv",
    "quiet_gc",
    "run",
    "split_line",
    "strip_comment",
    "summarise",
]


CSV_COLUMNS = (
    "line",
    "hand",
    "ruleset",
    "seat",
    "round",
    "winner",
    "win_by",
    "points",
    "doublings",
    "score",
    "limit",
    "payable",
    "pay_east",
    "pay_south",
    "pay_west",
    "pay_north",
    "error_code",
    "error_message",
)
SEAT_NAMES = ("east", "south", "west", "north")
CSV_DISCARDER = (
    "the discarder pays for all under this ruleset and the CSV has a column per seat: "
    "name him with --from, or use --format jsonl"
)

INLINE_ENTRIES = 100  # score this many in-process before starting workers: small files start fast
# (fewer: the scoring in one process before the workers start weighs on a long batch; measured
# 2026-11-23, 20,000 hands, compiled engine: median 1.74 s with 500, 1.65 s with 150, 1.62 s with 20)


def error_record(line: int, code: str, message: str) -> dict[str, Any]:
    """The error object of one batch entry (docs/json.md)."""
    return {"line": line, "error": {"code": code, "message": message}}


# --- scoring ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Job:
    """What to do with each entry: the default ruleset, and a second one to compare against."""

    ruleset: str | None = None  # overrides the line's default (a line's own -r still wins)
    compare: tuple[str, str] | None = None  # score under both, ignoring each line's -r
    encode: str = "dict"  # "dict" | "json" | "csv": done in the worker, so JSON is built in parallel


_Args = tuple[str, str, Situation, Any]  # options.scoring_args: hand, ruleset, situation, limit

# Records are trees the scorer builds itself, never cyclic: skipping json's cycle check (a dict
# insert and delete per nested object) makes encoding about a third cheaper, same text.
_JSON = json.JSONEncoder(check_circular=False)


class Scorer:
    """Scores entries, caching each ruleset (and its loading error) by name for the whole run."""

    def __init__(self, job: Job, rulesets: dict[str, Any] | None = None) -> None:
        self.job = job
        self._rulesets: dict[str, Any] = dict(rulesets or {})
        self._options: BoundedCache[str, _Args] = BoundedCache(4096)  # see _known_options
        # The batch's --ruleset is the default for lines that name none.
        self._defaults = {"ruleset": job.ruleset} if job.ruleset else None

    def ruleset(self, name: str) -> Any:
        """The loaded ruleset for a name or path; a failed load fails every entry that asks."""
        found = self._rulesets.get(name)
        if found is None:
            from .ruleset_files import load

            try:
                found = load(name)
            except RulesetError as exc:
                found = exc
            except OSError as exc:  # a file that vanished between resolve and stat
                found = RulesetError(f"cannot read: {exc.strerror}", code="ruleset-unreadable", file=name)
            self._rulesets[name] = found
        if isinstance(found, RulesetError):
            raise found
        return found

    def loaded(self) -> dict[str, Any]:
        """The rulesets (and loading errors) met so far, by name: a forked worker starts with them."""
        return dict(self._rulesets)

    def record(self, entry: Entry) -> dict[str, Any]:
        """Exactly one record for an entry: the score (with its line) or an error."""
        result = self._result(entry)
        if isinstance(result, dict):
            return result
        line, score = result
        return {"line": line, **score.as_dict()}

    def _result(self, entry: Entry) -> tuple[int, Score] | dict[str, Any]:
        """(line, score), or the record itself for an error or a comparison."""
        if entry.error_code is not None:
            return error_record(entry.line, entry.error_code, entry.error_message or "")
        args = None if entry.text is None else self._known_options(entry.text)
        if args is not None:
            argv: list[str] = []
        elif entry.text is not None:
            try:
                argv = split_line(entry.text)
            except ValueError as exc:  # shlex: "No closing quotation", "No escaped character"
                return error_record(entry.line, "bad-line", f"cannot split line: {exc}")
            if not argv:  # only a comment after all (`   # ...` is caught earlier)
                return error_record(entry.line, "bad-line", "no hand on this line")
        else:
            argv = list(entry.argv)
        try:
            if args is None:
                args = opts.scoring_args(argv, self._defaults)
            if self.job.compare is not None:
                return self._compare(entry.line, args)
            hand, ruleset, situation, limit = args
            return entry.line, score_text(hand, self.ruleset(ruleset), situation, limit)
        except PungchowError as exc:
            return {"line": entry.line, "error": exc.to_dict()}
        except Exception as exc:  # noqa: BLE001 - a batch never drops an entry, even on a bug
            return error_record(entry.line, "internal", f"{type(exc).__name__}: {exc}")

    def _known_options(self, text: str) -> _Args | None:
        """scoring_args of a line `"hand" options`, its options read once per spelling; None for any
        other line, or options that fail (the full reading then gives the error record).

        A batch file repeats a few dozen spellings of the options after its hands: they are split and
        read the first time, and remembered (as the text they add to the hand, and the rest of
        scoring_args). With the hand one double-quoted word (no backslash, not an option) followed by
        a space, the line splits as the hand and then its options, each alone, as split_line splits
        the whole line (a test holds the two readings equal).
        """
        end = text.find('"', 1)
        if text[:1] != '"' or end < 0:
            return None
        hand, options = text[1:end], text[end + 1 :]
        if options[:1] not in ("", " ", "\t") or "\\" in hand or hand[:1] == "-":
            return None
        known = self._options.get(options)
        if known is None:
            try:
                argv = [hand, *split_line(options)]
                full, *rest = opts.scoring_args(argv, self._defaults)
            except (ValueError, PungchowError):
                return None
            known = self._options.put(options, (full[len(hand) :], *rest))  # type: ignore[arg-type]
        more, ruleset, situation, limit = known
        return hand + more, ruleset, situation, limit

    def _compare(self, line: int, args: _Args) -> dict[str, Any]:
        assert self.job.compare is not None
        hand, _, situation, limit = args  # each line's -r is ignored
        out: dict[str, Any] = {"line": line, "hand": None, "rulesets": list(self.job.compare)}
        values = []
        for name in self.job.compare:
            result = score_text(hand, self.ruleset(name), situation, limit)
            out["hand"] = result.hand
            values.append(result)
        a, b = values
        out["score"] = [a.score, b.score]
        out["payable"] = [a.payable, b.payable]
        out["collects"] = [sum((a.payments or {}).values()), sum((b.payments or {}).values())]
        return out

    def encoded(self, entry: Entry) -> tuple[bool, Any]:
        """(ok, record encoded as the job asks)."""
        if self.job.encode == "json":
            result = self._result(entry)
            if isinstance(result, dict):
                return "error" not in result, _JSON.encode(result)
            line, score = result
            # The same text as json.dumps({"line": line, **score.as_dict()}), from cached pieces.
            return True, f'{{"line": {line}, {score.as_json()[1:]}'
        record = self.record(entry)
        if self.job.encode == "csv" and DISCARDER in (record.get("payments") or {}):
            # The CSV pays by seat: an unnamed discarder paying for all has no column (JSONL keeps him).
            record = {"line": record["line"], "error": {"code": "no-discarder", "message": CSV_DISCARDER}}
        ok = "error" not in record
        if self.job.encode == "csv":
            return ok, csv_row(record)
        return ok, record


def csv_row(record: dict[str, Any]) -> list[Any]:
    """A record as the fixed CSV columns (CSV_COLUMNS); errors fill the last two."""
    if "error" in record:
        err = record["error"]
        return [record["line"], *[""] * (len(CSV_COLUMNS) - 3), err["code"], err["message"]]
    pays = record.get("payments") or {}
    return [
        record["line"],
        record["hand"],
        record["ruleset"],
        record["seat"],
        record["round"],
        "true" if record["winner"] else "false",
        record["win_by"],
        record["points"],
        record["doublings"],
        record["score"],
        "" if record["limit"] is None else record["limit"],
        record["payable"],
        *[pays.get(seat, "") for seat in SEAT_NAMES],
        "",
        "",
    ]


def csv_text(row: list[Any]) -> str:
    """One CSV row as text (the csv module's quoting), with its line ending."""
    _CSV_BUFFER.seek(0)
    _CSV_BUFFER.truncate()
    _CSV_WRITER.writerow(row)
    return _CSV_BUFFER.getvalue()


# One writer for every row: making a buffer and a writer cost more than writing the row.
_CSV_BUFFER = io.StringIO()
_CSV_WRITER = csv.writer(_CSV_BUFFER, lineterminator="\n")


# --- running ------------------------------------------------------------------------------


def quiet_gc() -> None:
    """Tune the cycle collector for a long batch: scoring makes millions of short-lived tuples that
    form no cycles, so collect rarely, and never walk what is loaded already (gc.freeze)."""
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def default_workers() -> int:
    """Worker processes for a long file: one per core, at most 4 (1 means score in-process)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 4))


def run(
    entries: Iterator[Entry],
    job: Job,
    workers: int = 1,
    inline: int = INLINE_ENTRIES,
    on_batch_end: Callable[[], None] | None = None,
    on_worker_died: Callable[[int, int], None] | None = None,
) -> Generator[tuple[bool, Any], None, None]:
    """(ok, record) for every entry, in input order, as soon as each is scored.

    The first `inline` entries are scored here; if the input goes on and `workers` > 1, the
    rest is scored by worker processes (batch_workers), with a bounded number of chunks in
    flight so that neither input nor output ever piles up in memory. `on_worker_died(rescored,
    lost)` is told when a worker process died: how many entries were scored again, and how many
    could not be scored (each of those gets a `worker-died` error record).
    """
    scorer = Scorer(job)
    iterator = iter(entries)
    for count, entry in enumerate(iterator, start=1):
        yield scorer.encoded(entry)
        if on_batch_end is not None:
            on_batch_end()  # in-process, each record is its own batch: shown as soon as scored
        if workers > 1 and count >= inline:
            break
    else:
        return
    from .batch_workers import parallel

    yield from parallel(iterator, scorer, workers, on_batch_end, on_worker_died)


# --- comparing ----------------------------------------------------------------------------


@dataclass(slots=True)
class Summary:
    """How many hands change between two rulesets, and by how much (`batch --compare`)."""

    rulesets: tuple[str, str]
    entries: int = 0
    failed: int = 0
    changed: int = 0
    higher: int = 0
    lower: int = 0
    payable_changed: int = 0
    score_difference: int = 0
    payable_difference: int = 0
    collects_difference: int = 0
    biggest_rise: dict[str, Any] | None = None
    biggest_fall: dict[str, Any] | None = None

    def add(self, record: dict[str, Any]) -> None:
        """Count one compare record (or error record)."""
        self.entries += 1
        if "error" in record:
            self.failed += 1
            return
        (a, b), (pa, pb), (ca, cb) = record["score"], record["payable"], record["collects"]
        diff = b - a
        self.score_difference += diff
        self.payable_difference += pb - pa
        self.collects_difference += cb - ca
        if pa != pb:
            self.payable_changed += 1
        if diff or pa != pb:
            self.changed += 1
        if diff > 0:
            self.higher += 1
            if self.biggest_rise is None or diff > self.biggest_rise["difference"]:
                self.biggest_rise = _extreme(record, diff)
        elif diff < 0:
            self.lower += 1
            if self.biggest_fall is None or diff < self.biggest_fall["difference"]:
                self.biggest_fall = _extreme(record, diff)

    @property
    def scored(self) -> int:
        """Entries scored under both rulesets."""
        return self.entries - self.failed

    def as_dict(self) -> dict[str, Any]:
        """JSON form of the summary."""
        mean = self.score_difference / self.scored if self.scored else 0.0
        return {
            "rulesets": list(self.rulesets),
            "entries": self.entries,
            "scored": self.scored,
            "failed": self.failed,
            "changed": self.changed,
            "unchanged": self.scored - self.changed,
            "higher": self.higher,
            "lower": self.lower,
            "payable_changed": self.payable_changed,
            "score_difference": self.score_difference,
            "mean_score_difference": round(mean, 2),
            "payable_difference": self.payable_difference,
            "collects_difference": self.collects_difference,
            "biggest_rise": self.biggest_rise,
            "biggest_fall": self.biggest_fall,
        }


def _extreme(record: dict[str, Any], diff: int) -> dict[str, Any]:
    return {
        "line": record["line"],
        "hand": record["hand"],
        "score": record["score"],
        "difference": diff,
    }


def summarise(
    records: Iterator[tuple[bool, Any]],
    rulesets: tuple[str, str],
    on_error: Callable[[dict[str, Any]], None] | None = None,
) -> Summary:
    """Fold compare records into a Summary; each failed entry is also passed to `on_error`."""
    summary = Summary(rulesets)
    for ok, record in records:
        summary.add(record)
        if not ok and on_error is not None:
            on_error(record)
    return summary
