"""Score the entries of a batch: exactly one record for each, a score or an error, encoded as asked.

Nothing here prints or reads a file: input.py reads the entries, run.py hands them here (or to
worker processes, workers.py, each with a Scorer of its own), and the command layer writes the
records as they come.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import options as opts
from ..engine.cache import BoundedCache
from ..engine.errors import OptionError, PungchowError, RulesetError, StrayWord, printable
from ..engine.payments import DISCARDER
from ..engine.scoring import Score, score_text
from ..engine.situation import Situation
from .entry import Entry, position, refused_position
from .formats import HEADINGS, csv_row, headings, json_text, placed, score_json
from .words import char_column, quoted_word, split_line, strip_comment, unsplittable, word_column

CSV_DISCARDER = (
    "the discarder pays for all under this ruleset and the CSV has a column per seat: "
    "name him with --from, or use --format jsonl"
)


def _column(text: str, error: PungchowError) -> int | None:
    """Where on a batch line (its text) the word an error is about stands (docs/batch.md): a word
    besides the hand, or the word an option error is about (options.word_at_fault), or for a mistake
    in a value of tiles, counted in the value (`--dora 1c,9q`: 4), its place in the value's word
    (options.value_at_fault); the error's own column for another error, which has no place on the
    line (a hand's has its column in the hand), or a value not found on the line."""
    if isinstance(error, StrayWord):
        index: int | None = error.index
    elif isinstance(error, OptionError):
        argv = split_line(text)
        if error.column is not None:
            found = opts.value_at_fault(error, argv)
            if found is None:
                return error.column
            word, offset = found
            return char_column(text, word, offset + error.column - 1) or word_column(text, word)
        index = opts.word_at_fault(error, argv)
    else:
        return error.column
    return None if index is None else word_column(text, index)


def _batch_option(error: OptionError, spellings: frozenset[str]) -> OptionError:
    """A line's unknown option that is the batch command's own (`'HAND' -s south --format csv`), said so,
    with where it goes (a user trial was offered `--dora, --from, --ura`); any other error as it is."""
    said = error.message.removeprefix("No such option: ")
    name = said.split(" ", 1)[0]
    if said == error.message or name not in spellings:
        return error
    return OptionError(
        f"{name} is an option of the batch command, not of a line: give it once, after the file "
        f"(pungchow batch FILE {name} ...)",
        code=error.code,
        options=error.options,
        index=error.index,
    )


def error_record(at: dict[str, int], code: str, message: str, column: int | None = None) -> dict[str, Any]:
    """The error object of one batch entry at a position (entry.position: its line, and its item in a
    list) (docs/json.md): its message one line, of a bounded length; with its column, as an error's
    own (PungchowError.to_dict), when known."""
    if column is None:
        return {**at, "error": {"code": code, "message": printable(message)}}
    return {
        **at,
        "error": {"code": code, "message": f"{printable(message)} (column {column})", "column": column},
    }


# Never compared, hashed or shown: one per batch (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Job:
    """What to do with each entry: the default ruleset, and a second one to compare against."""

    ruleset: str | None = None  # overrides the line's default (a line's own -r still wins)
    compare: tuple[str, str] | None = None  # score under both, ignoring each line's -r
    encode: str = "dict"  # "dict" | "json" | "csv": done in the worker, so JSON is built in parallel
    # The batch command's own options no line takes (`--format`, `-f`, `--compare`; cli/spec.py): a line
    # that gives one is told where it goes, not offered a line option it looks like (_batch_option).
    command_options: frozenset[str] = frozenset()
    # The batch file's folder (None: standard input): a line's ruleset path not found from the current
    # folder but found beside the file is told so (_beside_the_file).
    folder: str | None = None


_Args = tuple[str, str, Situation, Any]  # options.scoring_args: hand, ruleset, situation, limit


def _either_ruleset(first: str, said: str, second: str, other: str) -> str | None:
    """Two refusals that differ only in the ruleset each names (`no rule of ruleset pung-chow scores ura
    dora` and `... classical-bmja ...`) as one naming both (`ruleset pung-chow or classical-bmja`), or
    None; a name is matched whole, never inside another (pung-chow in pung-chow-limit)."""
    import re

    name = re.compile(rf"(?<![\w-]){re.escape(first)}(?![\w-])")
    if not name.search(said) or name.sub(lambda _: second, said) != other:
        return None
    return name.sub(lambda _: f"{first} or {second}", said)


def _beside_the_file(error: RulesetError, name: str, folder: str | None) -> RulesetError:
    """A line's `-r club.yaml` not found from the current folder, said with the path that reads it where
    the file lies beside the batch file (a ruleset author ran the batch from another folder and was told
    a bare `file not found`); else the refusal as it was."""
    import os

    if error.code != "ruleset-not-found" or folder is None or os.path.isabs(name):
        return error
    beside = os.path.join(folder, name)
    try:
        if not os.path.isfile(beside) or os.path.samefile(folder, "."):
            return error
    except OSError:
        return error
    return RulesetError(
        f"{error.message} (a line's path is read from the current folder, not the batch file's: the file "
        f"beside it is {beside})",
        code=error.code,
        file=error.file,
    )


def _not_yaml(path: str) -> RulesetError:
    """A line's `-r /etc/passwd` (ruleset_files.other_file): a batch file from elsewhere would have its
    records quote the lines of any file it names, each refused as a ruleset's, so a line reads a ruleset
    file only by a YAML name, as `extends:` does (docs/batch.md)."""
    return RulesetError(
        "a line's ruleset file is read only if its name ends in .yaml or .yml: a batch file's lines open "
        "no other file (save the ruleset as a .yaml file, or give it to the batch's own -r)",
        code="ruleset-not-yaml",
        file=path,
    )


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
            from ..ruleset_files import load, other_file

            typed = name == self.job.ruleset or name in (self.job.compare or ())  # the command line's
            try:
                found = _not_yaml(name) if not typed and other_file(name) else load(name)
            except RulesetError as exc:
                found = _beside_the_file(exc, name, self.job.folder)
            except OSError as exc:  # a file that vanished between resolve and stat
                found = RulesetError(f"cannot read: {exc.strerror}", code="ruleset-unreadable", file=name)
            self._rulesets[name] = found
        if isinstance(found, RulesetError):
            # Raised afresh, without the traceback of its last raising: raised again as it is, an
            # exception keeps every traceback it was raised with (and their frames), and a file
            # whose 100,000 lines name a missing ruleset held 190 MB more at its end.
            raise found.with_traceback(None)
        return found

    def loaded(self) -> dict[str, Any]:
        """The rulesets (and loading errors) met so far, by name: a forked worker starts with them."""
        return dict(self._rulesets)

    def record(self, entry: Entry, headed: bool = False) -> dict[str, Any]:
        """Exactly one record for an entry: the score (with its line) or an error; `headed` (the table's):
        a score's with its ruleset's words for the table's columns (formats.HEADINGS)."""
        result = self._result(entry)
        if isinstance(result, dict):
            return result
        entry, score = result
        if headed:
            return {**position(entry), **score.as_dict(), HEADINGS: headings(score.words)}
        return {**position(entry), **score.as_dict()}

    def _result(self, entry: Entry) -> tuple[Entry, Score] | dict[str, Any]:
        """(entry, score), or the record itself for an error or a comparison."""
        if entry.error_code is not None:
            return error_record(
                refused_position(entry), entry.error_code, entry.error_message or "", entry.column
            )
        try:
            return self._scored(entry)
        except PungchowError as exc:
            if isinstance(exc, OptionError) and self.job.command_options:
                exc = _batch_option(exc, self.job.command_options)
            if entry.text is not None and (exc.column is None or isinstance(exc, OptionError)):
                exc.column = _column(entry.text, exc)
            return {**refused_position(entry), "error": exc.to_dict()}
        except Exception as exc:  # noqa: BLE001 - a batch never drops an entry, even on a bug
            return error_record(refused_position(entry), "internal", f"{type(exc).__name__}: {exc}")

    def _scored(self, entry: Entry) -> tuple[Entry, Score] | dict[str, Any]:
        """_result's work, each failure left to _result (the quick reading of options' too)."""
        args = None if entry.text is None else self._known_options(entry.text)
        if args is None:
            if entry.text is not None:
                try:
                    argv = split_line(entry.text)
                except ValueError as exc:  # shlex: "No closing quotation", "No escaped character"
                    reason, column = unsplittable(strip_comment(entry.text)) or (str(exc), None)
                    raise PungchowError(
                        f"cannot split line: {reason}", code="bad-line", column=column
                    ) from None
                if not argv:  # only a comment after all (`   # ...` is caught earlier)
                    return error_record(refused_position(entry), "bad-line", "no hand on this line")
            else:
                argv = list(entry.argv)
            quoted = None if entry.text is None else quoted_word(entry.text)
            args = opts.scoring_args(argv, self._defaults, quoted)
        if self.job.compare is not None:
            return self._compare(position(entry), args, entry.text)
        hand, ruleset, situation, limit = args
        # The ruleset is looked up here, not in _score: its missing ruleset's error, kept for every entry
        # that names it, is raised afresh through as few frames as may be (Scorer.ruleset).
        return entry, _score(hand, self.ruleset(ruleset), situation, limit)

    def _known_options(self, text: str) -> _Args | None:
        """scoring_args of a line `"hand" options` or `'hand' options`, its options read once per
        spelling; None for any other line, or options that fail (the full reading then gives the
        error record).

        A batch file repeats a few dozen spellings of the options after its hands: they are split and
        read the first time, and remembered (the rest of scoring_args, its hand left out: options
        with a word among them, refused after a hand with spaces, are read in full each time, since
        whether they are refused depends on the hand). With the hand one quoted word (no backslash,
        not an option) followed by a space, the line splits as the hand and then its options, each
        alone, as split_line splits the whole line (a test holds the two readings equal).
        """
        quote = text[:1]
        if quote not in ('"', "'"):
            return None
        end = text.find(quote, 1)
        if end < 0:
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
            if full != hand:  # a word besides the hand (refused after most hands): read in full
                return None
            known = self._options.put(options, ("", *rest))  # type: ignore[arg-type]
        _, ruleset, situation, limit = known
        return hand, ruleset, situation, limit

    def _compare(self, at: dict[str, int], args: _Args, text: str | None = None) -> dict[str, Any]:
        assert self.job.compare is not None
        from . import compare  # here: only `--compare` uses it (start-up of every other batch)

        hand, _, situation, limit = args  # each line's -r is ignored
        scores: list[Score] = []
        refused: list[tuple[str, PungchowError]] = []
        for name in self.job.compare:
            try:
                scores.append(_score(hand, self.ruleset(name), situation, limit))
            except PungchowError as exc:
                # Kept without the frames its traceback holds, this one among them: no reference cycle
                # (tests/test_batch_gc.py), and raised from the list, never from a name of this frame.
                refused.append((name, exc.with_traceback(None)))
        if not refused:
            return compare.totals(at, self.job.compare, *scores)
        name, said = refused[0][0], str(refused[0][1])
        alike = len(refused) == 2 and str(refused[1][1]) == said
        if (alike and "this ruleset" not in said) or (len(refused) == 1 and name in said):
            del refused[1:]
            # The hand's own fault (a bad tile), said alike by both, or a refusal naming its ruleset
            # already (`--no-limit ...: ruleset riichi-ema-2016 limits ...`): as it is.
            raise refused.pop()[1]
        # A ruleset's refusal (classical-bmja allows one chow): named, as `diff` names it, or the
        # organiser cannot tell which of the two refused the hand; both, when both refuse it by their
        # own rules (seven pairs, "not a winning hand ... of this ruleset"), each reason (docs/batch.md).
        # Its column, where either refusal has one (on the line, as each alone would say it: _column):
        # the two reasons' one place, or where they differ the first on the line, said once at the end.
        code = refused[0][1].code
        places = [exc.column if text is None else _column(text, exc) for _, exc in refused]
        column = min((place for place in places if place is not None), default=None)
        # The same refusal but for the ruleset each names (`no rule of ruleset A scores ura dora`): once.
        either = (
            _either_ruleset(name, refused[0][1].message, refused[1][0], refused[1][1].message)
            if len(refused) == 2 and not alike
            else None
        )
        if alike:
            message = f"{' and '.join(self.job.compare)} both refuse the hand: {refused[0][1].message}"
        elif either is not None:
            message = either
        else:
            message = "; ".join(
                exc.message if who in exc.message else f"{who} refuses the hand: {exc.message}"
                for who, exc in refused
            )
        refused.clear()
        raise PungchowError(message, code=code, column=column)

    def encoded(self, entry: Entry) -> tuple[bool, Any]:
        """(ok, record encoded as the job asks)."""
        if self.job.encode == "json":
            result = self._result(entry)
            if isinstance(result, dict):
                return "error" not in result, json_text(result)
            entry, score = result
            return True, score_json(entry.line, score, entry.item)
        record = self.record(entry, headed=self.job.encode == "dict")
        if self.job.encode == "csv" and DISCARDER in (record.get("payments") or {}):
            # The CSV pays by seat: an unnamed discarder paying for all has no column (JSONL keeps him).
            record = error_record(placed(record), "no-discarder", CSV_DISCARDER)
        ok = "error" not in record
        if self.job.encode == "csv":
            return ok, csv_row(record)
        return ok, record


def _score(hand: str, ruleset: Any, situation: Situation, limit: Any) -> Score:
    """The hand scored under a ruleset, the limit options checked against it (options.check_limit)."""
    opts.check_limit(ruleset, limit)
    return score_text(hand, ruleset, situation, limit)


# Whether the batch owns this process's cycle collector (quiet_gc): the command's own process or a
# worker. A program that runs a batch in its own process (through main(), or run()) keeps its collector
# as it is: frozen, the cycles it had made were never freed (100 in-process batches, each after half a
# megabyte of cyclic garbage, held all 100 MB; a long Hypothesis run grew to 3.7 GB), and undoing a
# freeze needs gc.get_freeze_count, which walks every frozen object (tests/test_batch_gc.py).
_QUIET = False


def quiet_gc() -> None:
    """Tune the cycle collector for a long batch: scoring makes millions of short-lived tuples that
    form no cycles, so collect rarely, and never walk what is loaded already (gc.freeze). Only in a
    process the batch owns: the command's own (cli/batch_run.py) and a worker (batch/workers.py)."""
    import gc

    global _QUIET
    _QUIET = True
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


SETTLE_EVERY = 400  # entries scored in one process between two settle_gc calls (workers.CHUNK)


def settle_gc() -> None:
    """Freeze what the batch has built so far (its memo tables: some 200,000 objects after 20,000
    hands), so that the cycle collector never walks it again.

    Called after every SETTLE_EVERY entries (a worker: after each chunk) and at the end. While the
    batch runs, a collection then walks only what the last entries made: the collections that
    walked the growing tables cost 0.8-2 us per riichi hand (r20k, 2026-11-26). At the end, the
    interpreter's exit would collect over every tracked object more than once, which for a
    20,000-hand batch costs 0.2 s, ten times freeing them; frozen, they are only freed.

    Frozen objects are freed when no longer referenced, but never collected: this is sound because
    scoring an entry, an error included, makes no reference cycles (tests/test_batch_gc.py).
    """
    if not _QUIET:  # a program's own process: its collector is its own (quiet_gc)
        return
    import gc

    gc.freeze()
