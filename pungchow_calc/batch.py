"""Score a file of hands (SPEC §2 `batch`): one record per entry, in input order, streamed.

Text files hold one `pungchow score` argument list per line (shell quoting); YAML files hold a
list of mappings with the same option names. Nothing here prints: the command layer writes the
records as they come. Memory stays flat whatever the length of the file: entries are read one
at a time, and with worker processes only a few chunks are ever in flight.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shlex
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from . import options as opts
from .engine.errors import PungchowError, RulesetError
from .engine.scoring import Score, score_text

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

INLINE_ENTRIES = 2000  # score this many in-process before starting workers: small files start fast
CHUNK = 400  # entries per task sent to a worker
MAX_LINE = 4096  # a real line is under 150 characters
MAX_YAML_DEPTH = 64  # an entry nests two deep; the parser slows badly on thousands of levels

# YAML option names (either spelling, `win-by` or `win_by`) -> the `pungchow score` option.
# A YAML entry names score's options by their table names (and `from` for --from).
_YAML_VALUED = {o.name: o.spellings[0] for o in opts.OPTIONS if not o.flag} | {"from": "--from"}
_YAML_FLAGS: dict[str, str] = {name: option for option, name in opts.FLAGS.items()}


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a batch file: its line number and its arguments, or why it cannot be read."""

    line: int
    argv: tuple[str, ...] = ()
    error_code: str | None = None
    error_message: str | None = None
    text: str | None = None  # a text line not yet split: split where it is scored (in a worker)


def error_record(line: int, code: str, message: str) -> dict[str, Any]:
    """The SPEC §3 error object of one batch entry."""
    return {"line": line, "error": {"code": code, "message": message}}


class FileError(PungchowError):
    """The batch file as a whole cannot be read (missing, not a YAML list): exit 2, no records."""

    code = "batch-file"


# --- reading ------------------------------------------------------------------------------


# A line of plain words and "double-quoted hands" (nearly every line) splits the same by this
# pattern as by shlex, in a tenth of the time; anything else (single quotes, backslashes, a quote
# inside a word) goes to shlex.
_WORD = r""""([^"\\]*)"|([^\s"'\\]+)"""
_SIMPLE_LINE = re.compile(rf"\s*(?:(?:{_WORD})(?:\s+|$))*")
_SIMPLE_WORD = re.compile(_WORD)


def strip_comment(text: str) -> str:
    """Cut a `#` comment off a line as a shell does: a `#` that starts a word, outside quotes.

    A `#` inside a word is the declared-kong marker (`RdRdRdRd#`), and an apostrophe in a comment
    (`# the loser's hand`) must not open a quotation.
    """
    quote: str | None = None
    word_start = True
    i = 0
    while i < len(text):
        ch = text[i]
        if quote == "'":
            quote = None if ch == "'" else quote
        elif quote == '"':
            if ch == "\\":
                i += 1
            elif ch == '"':
                quote = None
        elif ch == "\\":
            i += 1
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and word_start:
            return text[:i]
        word_start = quote is None and ch.isspace()
        i += 1
    return text


def split_line(text: str) -> list[str]:
    """Shell-split one text line, without its comment."""
    if "#" in text:
        text = strip_comment(text)
    if _SIMPLE_LINE.fullmatch(text):
        return [m[1] if m[1] is not None else m[2] for m in _SIMPLE_WORD.finditer(text)]
    return shlex.split(text)


class Source:
    """A batch file or standard input, read lazily; `bytes_read` and `size` drive a progress bar."""

    def __init__(self, path: str, stdin: IO[bytes] | None = None) -> None:
        self.path = path
        self.bytes_read = 0
        self.size: int | None = None
        self.is_yaml = path.lower().endswith((".yaml", ".yml"))
        if path == "-":
            import sys

            self._stream: IO[bytes] = stdin if stdin is not None else sys.stdin.buffer
            self._owned = False
        else:
            try:
                self._stream = Path(path).open("rb")  # noqa: SIM115 - closed in close()
            except OSError as exc:
                raise FileError(f"{path}: cannot read: {exc.strerror}") from None
            if Path(path).is_dir():
                raise FileError(f"{path}: is a directory")
            self._owned = True
            try:
                self.size = os.fstat(self._stream.fileno()).st_size
            except OSError:
                self.size = None

    def close(self) -> None:
        """Close the file (never standard input)."""
        if self._owned:
            self._stream.close()

    def entries(self) -> Iterator[Entry]:
        """Every entry, lazily: text lines, or the items of a YAML list."""
        return self._yaml_entries() if self.is_yaml else self._text_entries()

    def _lines(self) -> Iterator[tuple[bytes, int]]:
        """(line, its length) with at most MAX_LINE + 1 bytes held: an overlong line is skipped in
        pieces, so one without an end cannot fill the memory. A read error mid-way is a FileError."""
        try:
            while raw := self._stream.readline(MAX_LINE + 1):
                size = len(raw)
                while (
                    not raw.endswith(b"\n") and size > MAX_LINE and (more := self._stream.readline(1 << 16))
                ):
                    size += len(more)
                    raw = more if more.endswith(b"\n") else raw
                self.bytes_read += size
                yield raw, size
        except OSError as exc:
            raise FileError(f"{self.path}: cannot read: {exc.strerror or exc}") from None

    def _text_entries(self) -> Iterator[Entry]:
        for number, (raw, size) in enumerate(self._lines(), start=1):
            if size > MAX_LINE:
                yield Entry(number, error_code="bad-line", error_message=f"line is too long ({size} bytes)")
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield Entry(number, error_code="bad-line", error_message="line is not UTF-8 text")
                continue
            stripped = text.strip()
            if not stripped or stripped.startswith("#"):
                continue
            yield Entry(number, text=stripped)

    def _yaml_entries(self) -> Iterator[Entry]:
        """Walk YAML parse events so that even a long list is read item by item."""
        import yaml

        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        stream = _Counting(self._stream, self)
        events = yaml.parse(stream, Loader=loader)
        try:
            yield from _yaml_items(events)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            line = mark.line + 1 if mark is not None else 1
            # The rest of the file cannot be read; say so once, at the line where it broke.
            yield Entry(line, error_code="bad-yaml", error_message=f"not valid YAML: {problem}")


class _Counting(io.RawIOBase):
    """Wraps a byte stream to count what the YAML parser has read (for the progress bar)."""

    def __init__(self, stream: IO[bytes], source: Source) -> None:
        self._stream = stream
        self._source = source

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        try:
            data = self._stream.read(size)
        except OSError as exc:
            raise FileError(f"{self._source.path}: cannot read: {exc.strerror or exc}") from None
        self._source.bytes_read += len(data)
        return data


def _yaml_items(events: Iterator[Any]) -> Iterator[Entry]:
    import yaml

    ev = yaml.events
    depth_started = False
    for event in events:
        if isinstance(event, ev.StreamStartEvent | ev.DocumentStartEvent):
            continue
        if isinstance(event, ev.StreamEndEvent | ev.DocumentEndEvent):
            continue
        if not depth_started:
            if isinstance(event, ev.SequenceStartEvent):
                depth_started = True
                continue
            if isinstance(event, ev.ScalarEvent) and event.value == "" and event.implicit[0]:
                return  # an empty file: no entries
            raise FileError("a YAML batch file is a list of mappings (- hand: ...)")
        if isinstance(event, ev.SequenceEndEvent):
            depth_started = False
            continue
        line = event.start_mark.line + 1
        if isinstance(event, ev.ScalarEvent):
            value = _scalar_value(event)
            if isinstance(value, str):
                try:
                    yield Entry(line, tuple(split_line(value)))
                except ValueError as exc:
                    yield Entry(line, error_code="bad-line", error_message=f"cannot split entry: {exc}")
            else:
                yield Entry(line, error_code="bad-entry", error_message="an entry is a mapping (hand: ...)")
            continue
        if isinstance(event, ev.MappingStartEvent):
            yield _yaml_mapping(events, line)
            continue
        _skip(events, event)
        yield Entry(line, error_code="bad-entry", error_message="an entry is a mapping (hand: ...)")


_CONSTRUCT: list[Any] = []


def _scalar_value(event: Any) -> Any:
    """A scalar event's value as safe_load would give it (bools, numbers, null, text)."""
    import yaml

    if not _CONSTRUCT:
        _CONSTRUCT.extend((yaml.resolver.Resolver(), yaml.constructor.SafeConstructor()))
    resolver, constructor = _CONSTRUCT
    tag = (
        event.tag
        if event.tag not in (None, "!")
        else resolver.resolve(yaml.ScalarNode, event.value, event.implicit)
    )
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    try:
        return constructor.construct_object(node)
    except yaml.YAMLError:
        return _Nested  # an unknown tag: not an option value
    except (ValueError, OverflowError):
        return event.value  # a 5,000-digit number, a date of month 13: kept as the text written


def _skip(events: Iterator[Any], start: Any) -> None:
    """Consume a nested collection whose start event was `start`."""
    import yaml

    ev = yaml.events
    if not isinstance(start, ev.CollectionStartEvent):
        return
    depth = 1
    for event in events:
        if isinstance(event, ev.CollectionStartEvent):
            depth += 1
            if depth > MAX_YAML_DEPTH:  # stop before the parser crawls through thousands of levels
                problem = f"nested more than {MAX_YAML_DEPTH} deep"
                raise yaml.MarkedYAMLError(problem=problem, problem_mark=event.start_mark)  # type: ignore[arg-type]  # the C parser's Mark
        elif isinstance(event, ev.CollectionEndEvent):
            depth -= 1
            if depth == 0:
                return


def _yaml_mapping(events: Iterator[Any], line: int) -> Entry:
    import yaml

    ev = yaml.events
    pairs: list[tuple[Any, Any]] = []
    key: Any = None
    want_key = True
    for event in events:
        if isinstance(event, ev.MappingEndEvent):
            break
        if isinstance(event, ev.CollectionStartEvent):
            _skip(events, event)
            value: Any = _Nested
        elif isinstance(event, ev.ScalarEvent):
            value = _scalar_value(event)
        else:  # an alias
            value = _Nested
        if want_key:
            key = value
        else:
            pairs.append((key, value))
        want_key = not want_key
    try:
        return Entry(line, tuple(mapping_argv(pairs)))
    except ValueError as exc:
        return Entry(line, error_code="bad-entry", error_message=str(exc))


class _Nested:
    """Marks a value that is a list or mapping where an option value was expected."""


def mapping_argv(pairs: list[tuple[Any, Any]]) -> list[str]:
    """Turn a YAML entry's option names and values into `pungchow score` arguments."""
    argv: list[str] = []
    hand: str | None = None
    for key, value in pairs:
        if not isinstance(key, str):
            raise ValueError(f"option names are text, got {key!r}")
        name = key.strip().lower().replace("-", "_")
        if value is _Nested:
            if name == "hand":
                raise ValueError("hand: write the hand as one line of text")
            raise ValueError(f"{key}: expects a single value, not a list or mapping")
        if name == "hand":
            if not isinstance(value, str):
                raise ValueError(f"hand: expects text, got {value!r}")
            hand = value
        elif name in _YAML_FLAGS:
            if not isinstance(value, bool):
                raise ValueError(f"{key}: expects true or false, got {value!r}")
            if value:
                argv.append(_YAML_FLAGS[name])
        elif name == "limit":
            if value is None:
                argv.append("--no-limit")
            elif isinstance(value, bool) or not isinstance(value, int) or value.bit_length() > 63:
                big = isinstance(value, int) and value.bit_length() > 63  # repr() refuses 4,300 digits
                shown = "a number too large" if big else repr(value)[:40]
                raise ValueError(f"limit: expects a whole number (or null for no limit), got {shown}")
            else:
                argv += ["--limit", str(value)]
        elif name in _YAML_VALUED:
            if value is None or isinstance(value, bool):
                raise ValueError(f"{key}: expects a value, got {value!r}")
            argv += [_YAML_VALUED[name], str(value)]
        else:
            raise ValueError(f"unknown option {key!r}")
    if hand is None:
        raise ValueError("no hand given (hand: ...)")
    return [hand, *argv]


# --- scoring ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Job:
    """What to do with each entry: the default ruleset, and a second one to compare against."""

    ruleset: str | None = None  # overrides the line's default (a line's own -r still wins)
    compare: tuple[str, str] | None = None  # score under both, ignoring each line's -r
    encode: str = "dict"  # "dict" | "json" | "csv": done in the worker, so JSON is built in parallel


# Records are trees the scorer builds itself, never cyclic: skipping json's cycle check (a dict
# insert and delete per nested object) makes encoding about a third cheaper, same text.
_JSON = json.JSONEncoder(check_circular=False)


class Scorer:
    """Scores entries, caching each ruleset (and its loading error) by name for the whole run."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self._rulesets: dict[str, Any] = {}
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
        if entry.text is not None:
            try:
                argv = split_line(entry.text)
            except ValueError as exc:  # shlex: "No closing quotation", "No escaped character"
                return error_record(entry.line, "bad-line", f"cannot split line: {exc}")
            if not argv:  # only a comment after all (`   # ...` is caught earlier)
                return error_record(entry.line, "bad-line", "no hand on this line")
        else:
            argv = list(entry.argv)
        try:
            if self.job.compare is not None:
                return self._compare(entry.line, argv)
            return entry.line, self._score(argv)
        except PungchowError as exc:
            return {"line": entry.line, "error": exc.to_dict()}
        except Exception as exc:  # noqa: BLE001 - a batch never drops an entry, even on a bug
            return error_record(entry.line, "internal", f"{type(exc).__name__}: {exc}")

    def _score(self, argv: list[str]) -> Score:
        hand, ruleset, situation, limit = opts.scoring_args(argv, self._defaults)
        return score_text(hand, self.ruleset(ruleset), situation, limit)

    def _compare(self, line: int, argv: list[str]) -> dict[str, Any]:
        assert self.job.compare is not None
        hand, _, situation, limit = opts.scoring_args(argv, self._defaults)  # each line's -r is ignored
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
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(row)
    return buffer.getvalue()


# --- running ------------------------------------------------------------------------------

_WORKER: Scorer | None = None


def quiet_gc() -> None:
    """Tune the cycle collector for a long batch: scoring makes millions of short-lived tuples that
    form no cycles, so collect rarely, and never walk what is loaded already (gc.freeze)."""
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def _init_worker(job: Job) -> None:
    global _WORKER
    quiet_gc()
    _WORKER = Scorer(job)


_Packed = tuple[int, tuple[str, ...], str | None, str | None, str | None]


def _pack(entry: Entry) -> _Packed:
    # Plain tuples pickle in C; a frozen dataclass goes through Python-level __getstate__ and
    # __setstate__, which cost the reading process as much as splitting the line does.
    return (entry.line, entry.argv, entry.error_code, entry.error_message, entry.text)


def _work(chunk: list[_Packed]) -> list[tuple[bool, Any]]:
    assert _WORKER is not None
    encoded = _WORKER.encoded
    return [encoded(Entry(*packed)) for packed in chunk]


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
) -> Iterator[tuple[bool, Any]]:
    """(ok, record) for every entry, in input order, as soon as each is scored.

    The first `inline` entries are scored here; if the input goes on and `workers` > 1, the
    rest is scored by a process pool in chunks, with a bounded number of chunks in flight so
    that neither input nor output ever piles up in memory.
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
    yield from _parallel(iterator, job, workers, on_batch_end)


def _chunks(entries: Iterator[Entry], size: int) -> Iterator[list[_Packed]]:
    chunk: list[_Packed] = []
    for entry in entries:
        chunk.append(_pack(entry))
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _parallel(
    entries: Iterator[Entry], job: Job, workers: int, on_batch_end: Callable[[], None] | None
) -> Iterator[tuple[bool, Any]]:
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    pending: deque[Any] = deque()
    with context.Pool(workers, initializer=_init_worker, initargs=(job,)) as pool:
        for chunk in _chunks(entries, CHUNK):
            pending.append(pool.apply_async(_work, (chunk,)))
            while len(pending) > 2 * workers:
                yield from pending.popleft().get()
                if on_batch_end is not None:
                    on_batch_end()
        while pending:
            yield from pending.popleft().get()
            if on_batch_end is not None:
                on_batch_end()


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
