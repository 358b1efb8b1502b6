"""Reading one ruleset file safely: bounded size, UTF-8, bounded structure, no key written twice.

A ruleset is data only: YAML's safe loader (the C build where available) builds it, after limits on
size, depth and aliases are checked from the parser's event stream (`_check_structure`), and a key
written twice in any mapping is refused rather than silently replaced by the last one
(`strict_loader`). Nothing in a file is ever evaluated as code. Every failure is a RulesetError
naming the file, the line when known, and a stable code.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .engine.errors import RulesetError, as_written, how_many, not_utf8

MAX_FILE_BYTES = 256 * 1024  # a score card is a few kilobytes; refuse anything absurd
# Untrusted files: the C loader builds nested collections recursively (tens of thousands of levels
# crash the interpreter) and shares aliased nodes, so a "billion laughs" file loads small but makes
# every walk over it explode. Both are refused from the event stream, before anything is built.
MAX_DEPTH = 32  # the shipped score cards nest under ten deep
MAX_NODES = 20_000  # nodes with every alias expanded; the shipped score cards have about 1,000
_MERGE_TAG = "tag:yaml.org,2002:merge"


class DuplicateKey(Exception):
    """A mapping key written twice in one mapping (YAML itself would keep the last one silently)."""

    def __init__(self, key: Any, line: int, first_line: int) -> None:
        super().__init__(key)
        self.key = key
        self.line = line
        self.first_line = first_line


class SurpriseNumber(Exception):
    """A number YAML 1.1 reads otherwise than it looks: `010` is octal 8, `1:30` is base 60 (90)."""

    def __init__(self, text: str, value: int, line: int, column: int) -> None:
        super().__init__(text)
        self.text, self.value, self.line, self.column = text, value, line, column


class UnreadableValue(Exception):
    """A value YAML recognises but cannot build (`2026-13-01` read as a date of month 13, an integer of
    over 4,300 digits), with the place of the value."""

    def __init__(self, reason: str, line: int, column: int) -> None:
        super().__init__(reason)
        self.reason, self.line, self.column = reason, line, column


@lru_cache(maxsize=1)
def strict_loader() -> Any:
    """YAML's safe loader (the C build where available) that refuses a mapping key written twice."""
    import yaml  # imported here so commands that never load a ruleset start faster

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class StrictSafeLoader(base):  # type: ignore[misc, valid-type]
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            # Only the keys written in this mapping: `<<: *base` merge keys may be overridden, as YAML
            # intends. A key that is not a scalar cannot be hashed; the safe loader refuses it itself.
            first: dict[Any, int] = {}
            for key_node, _ in node.value:
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _MERGE_TAG:
                    continue
                key = self.construct_object(key_node)
                line = key_node.start_mark.line + 1
                try:
                    if key in first:
                        raise DuplicateKey(key, line, first[key])
                    first[key] = line
                except TypeError:  # an unhashable key: left to the safe loader's own message
                    continue
            return super().construct_mapping(node, deep=deep)

        def construct_yaml_int(self, node: Any) -> Any:
            # Money never moves on a guess: a points value or limit written `010` or `1:30` would
            # silently count as 8 or 90. 0x and 0b say what they are; a plain 0 is 0.
            value = super().construct_yaml_int(node)
            digits = node.value.replace("_", "").lstrip("+-")
            if ":" in digits or (len(digits) > 1 and digits[0] == "0" and digits[1] not in "xb"):
                mark = node.start_mark
                raise SurpriseNumber(node.value, value, mark.line + 1, mark.column + 1)
            return value

        def construct_object(self, node: Any, deep: bool = False) -> Any:
            # The innermost node that cannot be built is named: its mark is lost once the error
            # leaves the constructor (an outer node sees an UnreadableValue, not a ValueError).
            try:
                return super().construct_object(node, deep=deep)
            except (ValueError, OverflowError) as exc:
                mark, text = node.start_mark, str(node.value)
                reason = f"a value cannot be read ({(str(exc).splitlines() or [''])[0][:80]})"
                if node.tag.endswith(":int"):  # Python's own limit on digits (sys.int_info)
                    reason = f"a number of {len(text)} characters is too long to read"
                elif node.tag.endswith(":timestamp"):  # `2026-13-01` written as a name or label
                    reason = f"YAML reads {text[:30]} as a date, and {exc}: quote it if it is text"
                raise UnreadableValue(reason, mark.line + 1, mark.column + 1) from None

    StrictSafeLoader.add_constructor("tag:yaml.org,2002:int", StrictSafeLoader.construct_yaml_int)
    return StrictSafeLoader


@dataclass(frozen=True, slots=True)
class Read:
    """A ruleset file as read: the document it holds, and the YAML node tree it was built from, which
    knows the line of every key and entry (line_of) for a refusal, without reading the file again."""

    document: Any
    node: Any  # a yaml.Node, or None for an empty file
    # The line of each alias (`*name`) written, by its place in the node tree (each step the index of a
    # child: a mapping's key 2k, its value 2k + 1): the tree shares the anchor's node and keeps no trace
    # of the alias, whose line a refusal inside it names (line_of).
    aliases: Mapping[tuple[int, ...], int]


def read(path: Path) -> Read:
    """A ruleset file's document and its node tree; RulesetError for anything unreadable."""
    import yaml

    try:
        with path.open("rb") as stream:  # never read more than the limit, whatever the file is
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise RulesetError(
            f"cannot read: {exc.strerror}", code="ruleset-unreadable", file=str(path)
        ) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RulesetError(
            f"file is over {MAX_FILE_BYTES} bytes, more than a ruleset needs",
            code="ruleset-too-large",
            file=str(path),
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # Windows editors save "Unicode" as UTF-16, which starts with its byte order mark.
        if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
            raise RulesetError(
                "not UTF-8 text (it is UTF-16: save it as UTF-8)", code="ruleset-invalid", file=str(path)
            ) from None
        # Else most often one accented letter saved as Latin-1 or Windows-1252 (`café` in a comment):
        # the place of the first byte that is not UTF-8 is named, as a YAML error is.
        start = raw.rfind(b"\n", 0, exc.start) + 1
        raise RulesetError(
            not_utf8(raw[exc.start]),  # its line and column are the error's own (below)
            code="ruleset-invalid",
            file=str(path),
            line=raw.count(b"\n", 0, exc.start) + 1,
            column=len(raw[start : exc.start].decode("utf-8")) + 1,
        ) from None
    loader = strict_loader()
    try:
        aliases = _check_structure(text, path, loader)
        parser = loader(text)  # what yaml.load does, keeping the node tree it builds the document from
        try:
            node = parser.get_single_node()
            document = None if node is None else parser.construct_document(node)
            return Read(document, node, MappingProxyType(aliases))
        finally:
            parser.dispose()
    except DuplicateKey as twice:
        shown = as_written(twice.key)  # `true`, `null`: as the file writes it
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise RulesetError(
            f"key {shown} is written twice (first on line {twice.first_line})",
            code="ruleset-duplicate-key",
            file=str(path),
            line=twice.line,
        ) from None
    except SurpriseNumber as number:
        raise RulesetError(
            f"not valid YAML: YAML reads {number.text} as {number.value}: write the number without a"
            " leading 0 or colon, or quote it if it is text",
            code="ruleset-yaml",
            file=str(path),
            line=number.line,
            column=number.column,
        ) from None
    except UnreadableValue as value:
        raise RulesetError(
            f"not valid YAML: {value.reason}",
            code="ruleset-yaml",
            file=str(path),
            line=value.line,
            column=value.column,
        ) from None
    except yaml.reader.ReaderError as exc:
        raise _unacceptable_character(exc, text, path) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        if nested_too_deep(exc):  # the parser's own limit, met before our check's (_check_structure)
            raise RulesetError(
                f"nested more than {MAX_DEPTH} deep", code="ruleset-too-complex", file=str(path), line=line
            ) from None
        raise RulesetError(
            f"not valid YAML: {_yaml_problem(exc, text)}",
            code="ruleset-yaml",
            file=str(path),
            line=line,
            column=mark.column + 1 if mark is not None else None,
        ) from None
    except RecursionError:
        raise RulesetError("nested too deeply", code="ruleset-invalid", file=str(path)) from None
    except (ValueError, OverflowError) as exc:  # e.g. a 5,000-digit number, a date of month 13
        raise RulesetError(
            f"not valid YAML: a value cannot be read ({str(exc).splitlines()[0][:80]})",
            code="ruleset-yaml",
            file=str(path),
        ) from None


def _unacceptable_character(exc: Any, text: str, path: Path) -> RulesetError:
    """A character YAML refuses anywhere in a file (a NUL, a control character pasted outside quotes),
    at its line and column: the reader names only an offset, in characters or in bytes as the loader
    is the Python or the C one, so the first place of the character itself is found instead (the first
    that YAML does not allow is the one it refused)."""
    ch = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)
    at = text.find(ch)
    start = text.rfind("\n", 0, at) + 1
    return RulesetError(
        f"not valid YAML: a control character ({ch!r}) cannot be written in a YAML file",
        code="ruleset-yaml",
        file=str(path),
        line=text.count("\n", 0, at) + 1 if at >= 0 else None,
        column=at - start + 1 if at >= 0 else None,
    )


def _yaml_problem(exc: Exception, text: str) -> str:
    """YAML's problem in one line, with where the construct it was reading began when that is elsewhere
    (an unclosed quote or bracket is found only at the end of the file), and a tab named as a tab."""
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    mark, context = getattr(exc, "problem_mark", None), getattr(exc, "context", None)
    if mark is not None and 0 <= mark.index < len(text) and text[mark.index] == "\t":
        return "a tab: YAML indents with spaces only"
    began = getattr(exc, "context_mark", None)
    if context and not context.startswith("while "):
        problem += f" ({context})"  # e.g. "expected a single document in the stream"
    elif context and began is not None and mark is not None and began.index != mark.index:
        problem += f" ({context}, which starts at line {began.line + 1}, column {began.column + 1})"
        if context == "while scanning a quoted scalar" and 0 <= began.index < len(text):
            quote = text[began.index]  # the quote never closed: the rest of the file was read as its text
            return problem + f": close the {quote} there with another {quote}"
        if context == "while scanning a simple key":
            return problem + _glued_hint(text.splitlines(), began.line)
    if problem.startswith("could not determine a constructor for the tag"):
        # `!!python/object`, `!secret`: a ruleset is plain data, and no tag is built (never code).
        return (
            f"{problem}: a ruleset holds plain YAML values: delete the tag, or quote the value if it is text"
        )
    return problem + (_indent_hint(problem, mark.line, text) if mark is not None else "")


def _indent_hint(problem: str, row: int, text: str) -> str:
    """What to do about YAML's words for a line indented unlike its entry: `mapping values are not
    allowed` (a key indented further than the one above it, or a value holding `: `) and `did not find
    expected key` or `'-' indicator` (a key indented less than its entry's)."""
    for opened, closed in (("[", "]"), ("{", "}")):
        if problem.startswith(f"did not find expected ',' or '{closed}'"):
            return f": close the {opened} with {closed}, and write a comma between its entries"
    lines = text.splitlines()
    above = [x for x in lines[:row] if x.strip() and not x.lstrip().startswith("#")]
    if row >= len(lines) or not above:
        return ""
    indent, before = (_key_column(x) for x in (lines[row], above[-1]))
    unlike = (
        f": line {row + 1} is indented {how_many(indent, 'space')}, the key above it {before}: "
        "indent the keys of one mapping alike"
    )
    if problem.startswith("mapping values are not allowed"):
        if row > 0 and lines[row - 1] is above[-1] and _glued_hint(lines, row - 1):
            # `limit:500` is text to YAML, so the key below it reads as more of that text.
            return _glued_hint(lines, row - 1)
        if indent > before and not above[-1].rstrip().endswith(":"):
            return unlike
        return ": a value holding ': ' is written in quotes (\"a: b\") or as a mapping ({a: b})"
    if problem.startswith(("did not find expected key", "did not find expected '-' indicator")):
        return unlike
    return ""


# A key glued to its value (`  limit:500`, `- id:a`): YAML reads the line as text. Not a URL's `://`,
# nor a time or a quoted value.
_NO_SPACE_AFTER_COLON = re.compile(r"^\s*(?:- +)*([A-Za-z_$][\w$]*):([^\s:/'\"#][^#]*?)\s*$")


def _glued_hint(lines: list[str], row: int) -> str:
    """What to do about a key glued to its value on line `row` (0-based; `limit:500`), else ""."""
    glued = _NO_SPACE_AFTER_COLON.match(lines[row]) if 0 <= row < len(lines) else None
    if glued is None:
        return ""
    return (
        f": line {row + 1} reads {lines[row].strip()!r} as text, not a key: write a space after its colon "
        f"({glued.group(1)}: {glued.group(2)})"
    )


def _key_column(line: str) -> int:
    """Where a line's key begins: its indentation and any list dashes before it (`  - id: a`, 4)."""
    rest = line.lstrip(" ")
    while rest.startswith("- "):
        rest = rest[2:].lstrip(" ")
    return len(line) - len(rest)


def nested_too_deep(exc: Exception) -> bool:
    """Whether the YAML parser refused a document for its own nesting limit: PyYAML 6.0.4 and later
    check nesting as they scan, which on a deep flow collection (`[[[[...`) is ahead of the events
    our depth checks read, so the refusal must read the same as ours."""
    return "nesting depth" in str(getattr(exc, "problem", None) or exc)


def _check_structure(text: str, path: Path, loader: Any) -> dict[tuple[int, ...], int]:
    """Refuse a document nested deeper than MAX_DEPTH, or over MAX_NODES with aliases expanded; the
    line of each alias by its place in the tree (Read.aliases).

    Reads the parser's event stream (no objects are built) and stops at the first excess, so the
    cost is bounded whatever the file holds. An alias inside the node it names is a cycle.
    """
    import yaml

    def too_complex(message: str, event: Any) -> RulesetError:
        mark = getattr(event, "start_mark", None)
        line = mark.line + 1 if mark is not None else None
        return RulesetError(message, code="ruleset-too-complex", file=str(path), line=line)

    sizes: dict[str, int] = {}  # anchor -> nodes it stands for, once complete
    frames: list[list[Any]] = []  # [anchor, nodes so far] of each open collection
    at: list[int] = []  # the index of the next child in each open collection
    aliases: dict[tuple[int, ...], int] = {}
    total = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
            if len(frames) >= MAX_DEPTH:
                raise too_complex(f"nested more than {MAX_DEPTH} deep", event)
            if event.anchor is not None:
                sizes.pop(event.anchor, None)  # an alias to it from inside would be a cycle
            frames.append([event.anchor, 1])
            at.append(0)
            continue
        if isinstance(
            event, yaml.AliasEvent | yaml.ScalarEvent | yaml.SequenceEndEvent | yaml.MappingEndEvent
        ):
            if isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
                at.pop()
            if isinstance(event, yaml.AliasEvent) and event.start_mark is not None:
                aliases[tuple(at)] = event.start_mark.line + 1
            if at:
                at[-1] += 1
        if isinstance(event, yaml.AliasEvent):
            size = sizes.get(event.anchor) if event.anchor is not None else None
            if size is None:
                if any(frame[0] == event.anchor for frame in frames):
                    raise too_complex(f"alias *{event.anchor} refers to a node that contains it", event)
                # No anchor of that name before it: no cycle, but text meant (`name: *house`, as a hand
                # marks an exposed set), which YAML reads as an alias.
                mark = event.start_mark
                raise RulesetError(
                    f"not valid YAML: *{event.anchor} is an alias, and no &{event.anchor} is written before"
                    " it: quote a value that begins with * if it is text",
                    code="ruleset-yaml",
                    file=str(path),
                    line=mark.line + 1 if mark is not None else None,
                    column=mark.column + 1 if mark is not None else None,
                )
        elif isinstance(event, yaml.ScalarEvent):
            if not event.value.isprintable():
                _check_text(event.value, path, event)
            size = 1
            if event.anchor is not None:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
            anchor, size = frames.pop()
            if anchor is not None:
                sizes[anchor] = size
        else:
            continue
        if frames:
            frames[-1][1] += size
            size = frames[-1][1]
        else:
            total += size
            size = total
        if size > MAX_NODES:
            raise too_complex(f"more than {MAX_NODES} values once aliases are expanded", event)
    return aliases


# The bidirectional embeddings, overrides and isolates (the "Trojan Source" characters, CVE-2021-42574):
# `name: "\u202e..."` turns the rest of every line that prints it backwards, a hand or a payment among
# them. The plain marks (U+200E, U+200F) only place neutral characters, and right-to-left text itself
# needs no control.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _check_text(value: str, path: Path, event: Any) -> None:
    """Refuse a control character in a value (`"\\e[2J"` written as a YAML escape): labels, names and
    notes are printed to terminals, where it would clear the screen or retitle the window, or (a
    bidirectional override) turn the rest of the line around. Line breaks and tabs (a multi-line note)
    are text."""
    for ch in value:
        control = ch not in "\n\t" and unicodedata.category(ch) == "Cc"
        if not ch.isprintable() and (control or ch in _BIDI_CONTROLS):
            raise RulesetError(
                f"a control character ({ch!r}) in {value[:30]!r}: text that is printed cannot hold one",
                code="ruleset-invalid",
                file=str(path),
                line=event.start_mark.line + 1,
            )


def line_of(file: Read, path: tuple[Any, ...]) -> int | None:
    """The line of the node at a key/index path in a file's node tree (Read.node; for refusals). A path
    that goes through an alias (`when: *pungs`) ends at the alias's line: the value is refused where it
    is used, in that place's rule (a set condition in a hand rule), not at its anchor, where it was
    written for a place it fits."""
    import yaml

    node = file.node
    line = node.start_mark.line + 1 if node is not None else None
    at: tuple[int, ...] = ()
    for step in path:
        if isinstance(node, yaml.MappingNode):
            match = next(((n, k, v) for n, (k, v) in enumerate(node.value) if _key_is(k, step)), None)
            if match is None:
                break
            # The key's line: a block value (`settings:`, then its keys below) starts a line later.
            n, key, node = match
            line, at = key.start_mark.line + 1, (*at, 2 * n + 1)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
            line, at = node.start_mark.line + 1, (*at, step)
        else:
            break
        if at in file.aliases:
            return file.aliases[at]
    return line


def _key_is(key: Any, step: Any) -> bool:
    """Whether a mapping key node is the key `step` of the document: as written (`rules`), or as YAML
    reads it (the wash table's `3:` is the number 3, `~:` is null)."""
    import yaml

    if not isinstance(key, yaml.ScalarNode):
        return False
    if key.value == step:
        return True
    try:
        return bool(yaml.constructor.SafeConstructor().construct_object(key) == step)
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError):
        return False
