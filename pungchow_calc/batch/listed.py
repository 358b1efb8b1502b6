"""A YAML or JSON batch file: a list of entries, each a mapping of `pungchow score`'s options by name
(`- hand: ..., seat: south`) or a line's text, read item by item from the parser's events, each with
the line it starts on (docs/batch.md)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

from .. import arguments
from .. import options as opts
from ..engine.errors import as_written, closest, digits_hint
from ..engine.situation import SITUATION_FACTS
from .entry import Entry, FileError
from .streams import Blocks, Reading, Utf8, json_normalised
from .words import split_line

MAX_YAML_DEPTH = 64  # an entry nests two deep; the parser slows badly on thousands of levels

# YAML option names (either spelling, `win-by` or `win_by`) -> the `pungchow score` option.
# A YAML entry names score's options by their table names (and `from` for --from).
_YAML_VALUED = {o.name: o.spellings[0] for o in opts.OPTIONS if not o.flag} | {"from": "--from"}
_YAML_FLAGS: dict[str, str] = {name: option for option, name in opts.FLAGS.items()}
# The output options, by their spelling (`json: true`, `ascii: true`): taken as a line's `--json` and
# `--ascii` are, and ignored as they are (options._OUTPUT): the batch's --format says how records are
# written (docs/batch.md).
_YAML_FLAGS |= {o.spellings[0].removeprefix("--"): o.spellings[0] for o in opts.OPTIONS if o.output}
# Options whose value is a list (the indicators, `dora: [8d, Nw]`): a YAML list is their items with
# commas between, read by the option's own reader (engine/situation.py Fact.listed).
_YAML_LISTED = frozenset(fact.field for fact in SITUATION_FACTS if fact.listed)
# Every key an entry takes, for the hint to a mistyped one (`sead:`), as a text line's `--sead` has one.
_YAML_KEYS = sorted({"hand", *_YAML_VALUED, *_YAML_FLAGS})
_KNOWN_KEYS = frozenset(_YAML_KEYS)


def yaml_entries(
    read: Callable[[int], bytes], decoded: Callable[[], Iterator[bytes]], path: str, *, json: bool
) -> Iterator[Entry]:
    """Walk YAML parse events so that even a long list is read item by item: a YAML file's bytes by
    `read` (Source._counted_read: a file cut short while it is read is a FileError), a JSON file's
    (`decoded()`: UTF-8 whatever it was written in) mended first (json_normalised)."""
    import yaml

    from ..ruleset_yaml import nested_too_deep

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    # A JSON file: read as YAML once what YAML reads otherwise is mended (json_normalised), from
    # UTF-8 (a JSON file in UTF-16 or UTF-32, with its byte order mark, decoded first).
    # The lines whose columns a mending moved (json_normalised): an item there has no column said.
    mended: set[int] = set()
    reader = Blocks(json_normalised(decoded(), mended), path) if json else Reading(read, path)
    stream = Utf8(reader, path)
    events = yaml.parse(stream, Loader=loader)
    item = 0  # the items given: each entry numbered in the list (Entry.item), from 1
    try:
        for item, entry in enumerate(_yaml_items(events, json, "standard input" if path == "-" else path), 1):
            at = None if entry.at is None or entry.line - 1 in mended else entry.at
            yield entry._replace(item=item, at=at)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if nested_too_deep(exc):  # the parser's own limit, met before ours (_skip)
            problem = f"nested more than {MAX_YAML_DEPTH} deep"
        # At the end of the stream the parser's mark is one line past a file's last line end (or past
        # its last line, unended): said at the file's last line (docs/batch.md "at the line where the
        # parser gave up").
        line = min(mark.line + 1, stream.last_line()) if mark is not None else 1
        past_the_end = mark is not None and mark.line + 1 > line  # no column of that line to name
        # The rest of the file cannot be read; say so once, at the line where it broke.
        # A JSON file's is said to be JSON, which its writer knows it for (the code is the same).
        said = "JSON" if json else "YAML"
        # Numbered as the item after the last read: the one the break is in (a one-line file's items all
        # start on line 1).
        # What follows the break is never read: said with how far the file goes on, so that a reader of
        # the records knows hands were left (a batch never drops an entry unsaid); standard input is not
        # read on to its end, as a feed still being written would keep the break's record waiting.
        last = stream.last_line() if path == "-" else stream.lines_to_end()
        if last == sys.maxsize:  # standard input, read by the parser short of its end
            rest = " (the rest of the input is not read)"
        elif last is not None and last > line:
            rest = f" (the rest of the file, to line {last}, is not read)"
        else:
            rest = ""
        message = f"not valid {said}{rest}: {problem}"
        # The column where the parser gave up, as a ruleset's YAML error gives it; none for a JSON file,
        # mended in place (json_normalised: a surrogate pair made one character, its columns moved), for
        # a depth (no one place is wrong), or where the problem names its own (not_utf8's byte).
        column = None
        if (
            mark is not None
            and not json
            and not nested_too_deep(exc)
            and "column" not in problem
            and not past_the_end
        ):
            column = mark.column + 1
        yield Entry(line, error_code="bad-yaml", error_message=message, item=item + 1, column=column)


def _not_a_list(event: Any, json: bool, where: str) -> FileError:
    """The refusal of a file that is not a list, at the line where its first thing stands, with what
    that thing is (a text batch file given as JSON, JSON Lines, an entry without its `- `)."""
    import yaml

    ev = yaml.events
    if isinstance(event, ev.MappingStartEvent):
        hint = (
            ", and this one starts with a mapping, as JSON Lines do: put the mappings in one list (jq -s .)"
            if json
            else ", and this one starts with a mapping: begin each entry with `- `"
        )
    elif isinstance(event, ev.ScalarEvent) and isinstance(_scalar_value(event), str):
        hint = ", and this one starts with text: a text batch file is read with --input-format text"
    else:
        hint = ""
    shape = '[{"hand": ...}]' if json else "- hand: ..."
    said = "JSON" if json else "YAML"
    line = event.start_mark.line + 1
    return FileError(f"{where} line {line}: a {said} batch file is a list of mappings ({shape}){hint}")


def _yaml_items(events: Iterator[Any], json: bool = False, where: str = "the file") -> Iterator[Entry]:
    """The entries of a YAML (or JSON: `json`) list, from its parse events; `where` names the file."""
    import yaml

    ev = yaml.events
    depth_started = False
    flow = False
    events = _Lookahead(events)
    for event in events:
        if isinstance(event, ev.StreamStartEvent | ev.DocumentStartEvent):
            continue
        if isinstance(event, ev.StreamEndEvent | ev.DocumentEndEvent):
            continue
        if not depth_started:
            if isinstance(event, ev.SequenceStartEvent):
                depth_started = True
                flow = bool(event.flow_style)  # `[...]`: a plain item ends at `,` or `]`, not its line
                continue
            if isinstance(event, ev.ScalarEvent) and event.value == "" and event.implicit[0]:
                return  # an empty file: no entries
            raise _not_a_list(event, json, where)
        if isinstance(event, ev.SequenceEndEvent):
            depth_started = False
            continue
        line = event.start_mark.line + 1
        # Where it starts on its line, for a refused one's record (entry.refused_position).
        yield _yaml_item(events, event, line, flow, json)._replace(at=event.start_mark.column + 1)


def _entry_shape(json: bool) -> str:
    """An entry's mapping as its file writes one: JSON's `{"hand": ...}`, YAML's `hand: ...`."""
    return '{"hand": ...}' if json else "hand: ..."


def _not_an_entry(got: str, json: bool) -> str:
    """The refusal of an item that is neither a mapping nor text (`- 3`, `[1, 2]`, `- [1b1b1b]`): what
    an entry may be, both ways (docs/batch.md), and what it got; `an entry is a mapping` alone hid that
    a string of score's arguments is one too."""
    return f"an entry is a mapping ({_entry_shape(json)}) or a string of score's arguments, got {got}"


def _yaml_item(events: _Lookahead, event: Any, line: int, flow: bool, json: bool) -> Entry:
    """The entry of one item of the list, whose first event is `event` (on `line`); `flow`: the list is
    written in brackets; `json`: the file is JSON (its refusals show its shapes)."""
    import yaml

    ev = yaml.events
    if isinstance(event, ev.ScalarEvent):
        value = _scalar_value(event)
        if not isinstance(value, str):
            entry = Entry(line, error_code="bad-entry", error_message=_not_an_entry(as_written(value), json))
        else:
            try:
                argv = split_line(value)
            except ValueError:  # refused where it is scored, as a text line is: why, and where in it
                entry = Entry(line, text=value)
            else:
                # Kept as its text too, split again where it is scored, as a text line is: a word
                # besides the hand is named with its column in the item (word_column), and a
                # quoted first word is known (quoted_word).
                entry = Entry(line, tuple(argv), text=value) if argv else Entry(line)
        # Every item, a refused one too (`- "'HAND" -s south`: its quote left open), has its line
        # read to its end first: a break there is the item's one record, never a second.
        one_line = event.end_mark is not None and event.end_mark.line + 1 == line
        if flow or event.style or not one_line:
            events.after(event)
        # (A plain item of a block list on one line, `- HAND -s south`, is ended by its line's end
        # or a comment, nothing else: no break can follow on that line. Not looked past, it is
        # scored once the next line starts (a live feed's next item).)
        return entry
    if isinstance(event, ev.AliasEvent):  # `- *a`: an alias is not read, as in a mapping
        events.after(event)  # its line read to its end first, as a quoted item's
        return Entry(line, error_code="bad-entry", error_message=_alias_refused(event.anchor or "", "entry"))
    if isinstance(event, ev.MappingStartEvent):
        entry, end = _yaml_mapping(events, line, json)
    else:
        end = _skip(events, event)
        entry = Entry(line, error_code="bad-entry", error_message=_not_an_entry("a list", json))
    # `{...}` or `[...]`: words may follow it on its last line. A block mapping's end stands where
    # the line that ended it starts (`  seat: west` under `-   hand: ...`, indented less than the
    # item's keys): a break there, before the next item starts, is the item's one record, not the
    # item scored without it (as East, its seat dropped).
    events.after(end, block=isinstance(event, ev.MappingStartEvent) and not event.flow_style)
    return entry


class _Lookahead:
    """Parse events, those after an item parsed before the item is given (after): the parser gives
    `- "HAND" -s south` (a text line pasted as an item, YAML only up to its closing quote) the item
    "HAND" before it finds the words after it invalid, and `- {hand: HAND} -s south` its mapping;
    scored, it would be scored without its options, on a guess, and its line given a second record,
    the break's (docs/batch.md)."""

    _NONE: Any = object()

    def __init__(self, events: Iterator[Any]) -> None:
        self._events = events
        self._held: list[Any] = []  # parsed by after(), in order, not yet given

    def __iter__(self) -> _Lookahead:
        return self

    def __next__(self) -> Any:
        if not self._held:
            return next(self._events)
        event = self._held.pop(0)
        if event is self._NONE:
            raise StopIteration
        return event

    def after(self, last: Any, block: bool = False) -> None:
        """Parse the events after an item whose last event is `last` now, up to the first that is not
        the end of a list, mapping or document on the item's last line (`]`, `}`, the document's
        end: `["HAND"] -s south` breaks after two of them): a break in the YAML on the item's own last
        line is raised (its bad-yaml record is the item's one record), a break on a later line is
        not yet; `block`: the item is a block mapping, whose end stands on the next item's line."""
        import yaml

        ends = (yaml.events.CollectionEndEvent, yaml.events.DocumentEndEvent)
        end_line = last.end_mark.line
        try:
            while True:
                event: Any = next(self._events, self._NONE)
                self._held.append(event)
                # (A mark is None only from a hand-made event: never here.)
                if (
                    event is self._NONE
                    or not isinstance(event, ends)
                    or getattr(event.start_mark, "line", -1) != end_line
                ):
                    return
        except yaml.YAMLError as exc:
            from ..ruleset_yaml import nested_too_deep

            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            # The parser's own depth limit is met by the next item's brackets (`- [[[...`) while it reads
            # ahead on the line a block mapping's end stands on: that break is the next item's record,
            # as a depth past ours is (_skip), never this whole item's.
            next_items = block and nested_too_deep(exc)
            if mark is not None and mark.line == end_line and not next_items:
                raise
            self._events = self._raising(exc)
        except FileError as exc:  # a read error after the item: it was read whole, and still stands
            self._events = self._raising(exc)

    @staticmethod
    def _raising(error: Exception) -> Iterator[Any]:
        """A break found by after(), raised when the next event is wanted."""
        raise error
        yield  # a generator


_CONSTRUCT: list[Any] = []
_INT = "tag:yaml.org,2002:int"


class _YamlNumber(str):
    """The text of a number YAML 1.1 reads in its own way (0300 octal, 1:40, 1_000): _scalar_value."""


class _Unbuilt(str):
    """The text of a scalar YAML reads as a value it cannot build (a 5,000-digit number, a date of month
    13): _scalar_value. Not text the entry wrote (`limit: "300"`, read by --limit: mapping_argv)."""


_PLAIN_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")  # a whole number as every reader of a number reads it


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
    if tag == _INT and event.implicit[0] and not _PLAIN_INT.fullmatch(event.value):
        # YAML 1.1 reads 0300 as octal 192, 1:40 as 100, 1_000 and 0x3e8 as 1000: numbers no batch line or
        # option reads so (`--limit 0300` is 300). Kept as the text written, for the option's reader.
        return _YamlNumber(event.value)
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    try:
        return constructor.construct_object(node)
    except yaml.YAMLError:
        return _Nested  # an unknown tag: not an option value
    except (ValueError, OverflowError):
        return _Unbuilt(event.value)  # a 5,000-digit number, a date of month 13: kept as the text written


def _skip(events: Iterator[Any], start: Any) -> Any:
    """Consume a nested collection whose start event was `start`; its end event (`start` itself when it
    starts none)."""
    import yaml

    ev = yaml.events
    if not isinstance(start, ev.CollectionStartEvent):
        return start
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
                return event
    return start  # the events ran out (a break raises before)


def _yaml_mapping(events: Iterator[Any], line: int, json: bool) -> tuple[Entry, Any]:
    """The entry of a mapping item whose start was just read, and the mapping's end event; `json`: the
    file is JSON."""
    import yaml

    ev = yaml.events
    pairs: list[tuple[Any, Any]] = []
    key: Any = None
    want_key = True
    end: Any = None
    for event in events:
        if isinstance(event, ev.MappingEndEvent):
            end = event
            break
        if isinstance(event, ev.SequenceStartEvent) and not want_key and _listed(key):
            value: Any = _yaml_list(events)
        elif isinstance(event, ev.CollectionStartEvent):
            _skip(events, event)
            value = _Nested
        elif isinstance(event, ev.ScalarEvent):
            value = _scalar_value(event)
            if value is None and not event.value and event.implicit[0] and not want_key and _blank(key):
                value = _Blank
        else:  # an alias
            value = _Alias(event.anchor)
        if want_key:
            key = value
        else:
            pairs.append((key, value))
        want_key = not want_key
    try:
        return Entry(line, tuple(mapping_argv(pairs, json))), end
    except ValueError as exc:
        return Entry(line, error_code="bad-entry", error_message=str(exc)), end


class _Nested:
    """Marks a value that is a list or mapping where an option value was expected."""


def _alias_refused(anchor: str, what: str) -> str:
    """Why an alias (`*s`) is not read where an entry or a value is due: an anchor set on an earlier
    entry would make one entry's meaning depend on another's (docs/batch.md)."""
    return f"*{anchor} is a YAML alias, which a batch entry does not read: write the {what}"


class _Alias:
    """Marks a YAML alias (`seat: *s`) where an option value was expected, with its anchor's name. Not
    read (mapping_argv); it was refused as "not a list or mapping", which it need not be. Not text: an
    alias as a key (`*seat: south`) is no option name."""

    def __init__(self, anchor: str) -> None:
        self.anchor = anchor


class _Blank:
    """Marks `limit:` left empty: YAML reads it as null, which a limit takes as no limit (`limit: null`),
    so a value not yet filled in would lift the limit; refused (mapping_argv), money moved on no guess."""


def _blank(key: Any) -> bool:
    """Whether an entry's key is one whose empty value is refused, not read as null (_Blank)."""
    return isinstance(key, str) and key.strip().lower() == "limit"


def _listed(key: Any) -> bool:
    """Whether an entry's key names an option whose value is a list (_YAML_LISTED)."""
    return isinstance(key, str) and key.strip().lower().replace("-", "_") in _YAML_LISTED


def _yaml_list(events: Iterator[Any]) -> tuple[Any, ...] | type[_Nested]:
    """The items of a list (its start event consumed), or _Nested when one is a list, mapping or alias."""
    import yaml

    ev = yaml.events
    items: list[Any] = []
    nested = False
    for event in events:
        if isinstance(event, ev.SequenceEndEvent):
            break
        if isinstance(event, ev.ScalarEvent):
            items.append(_scalar_value(event))
        else:
            _skip(events, event)  # a nested list or mapping (an alias has nothing to skip)
            nested = True
    return _Nested if nested else tuple(items)


def _short_hint(key: str) -> str:
    """ " (did you mean 'seat'?)" for a key that is an option's one-letter spelling (`s:`, `-r:`), which
    a line's `-s` has and an entry's keys have not (docs/batch.md), else "". closest() finds no name
    near one letter."""
    letter = key.strip().lstrip("-").lower()
    option = opts.SPELLING.get(f"-{letter}") if len(letter) == 1 else None
    return f" (did you mean {option.name!r}?)" if option is not None else ""


def _unknown_key(key: str, name: str, off: bool) -> str:
    """The refusal of a key no option has (`name`: the key in small letters, underscores for dashes;
    `off`: its value is false, `kuitan: false` said as `--no-kuitan`)."""
    # Named as the entry spells its keys: `last-tiel` is `last-tile`, `last_tiel` `last_tile`.
    dashed = "-" in key
    keys = [k.replace("_", "-") for k in _YAML_KEYS] if dashed else _YAML_KEYS
    # Another game's word first, as a command line's (arguments.unknown_option): `ron` is riichi's win on
    # a discard, not a misspelt `round`.
    hint = (
        arguments.game_word_hint(key, off)
        or arguments.table_win_hint(key, opts.SPELLING)
        or closest(name.replace("_", "-") if dashed else name, keys)
        or _short_hint(key)
    )
    return f"unknown option {as_written(key)}{hint}"


def mapping_argv(pairs: list[tuple[Any, Any]], json: bool = False) -> list[str]:
    """Turn a YAML entry's option names and values into `pungchow score` arguments; `json`: the entry
    is a JSON file's (its refusals show JSON's shapes)."""
    tiles = '["4c", "Nw"]' if json else "[4c, Nw]"
    argv: list[str] = []
    hand: str | None = None
    given: dict[str, str] = {}  # each option given, by what it sets: the key that gave it
    for key, value in pairs:
        if not isinstance(key, str):
            shown = (
                "a list or mapping"
                if key is _Nested
                else f"*{key.anchor}, a YAML alias"
                if isinstance(key, _Alias)
                else as_written(key)[:40]
            )
            raise ValueError(f"option names are text, got {shown}")
        name = key.strip().lower().replace("-", "_")
        if name not in _KNOWN_KEYS:
            # Before its value is read: `kandora: [1c]` (riichi's kan dora) was told "expects a single
            # value", as if kandora were an option.
            raise ValueError(_unknown_key(key, name, value is False))
        # YAML keeps the last of a key written twice: the entry would be scored on a guess (seat:
        # south, then seat: north); so are two spellings of one option (win-by and win_by, from and
        # discarder).
        option = _YAML_FLAGS.get(name) or _YAML_VALUED.get(name) or name
        if option in given:
            first = given[option]
            twice = "given twice" if first == key else f"given twice (also as {first})"
            raise ValueError(f"{key}: {twice} in this entry")
        given[option] = key
        if isinstance(value, _Alias):
            raise ValueError(f"{key}: {_alias_refused(value.anchor, 'value')}")
        if value is _Nested:
            if name == "hand":
                raise ValueError("hand: write the hand as one line of text")
            if name in _YAML_LISTED:
                raise ValueError(
                    f"{key}: expects tiles, as text or a list (e.g. {tiles}), not a mapping or a nested list"
                )
            raise ValueError(f"{key}: expects a single value, not a list or mapping")
        if name == "hand":
            if not isinstance(value, str):
                raise ValueError(f"hand: expects text, got {as_written(value)}")
            hand = value
        elif name in _YAML_FLAGS:
            if not isinstance(value, bool):
                raise ValueError(f"{key}: expects true or false, got {as_written(value)}")
            if value:
                argv.append(_YAML_FLAGS[name])
        elif name == "limit":
            if value is _Blank:
                raise ValueError("limit: is empty: give a whole number, or null for no limit")
            if value is None:
                argv.append("--no-limit")
            elif isinstance(value, _YamlNumber):
                raise ValueError(
                    f"limit: {value} is a number YAML reads in its own way (0300 as octal 192, 1:40 as 100):"
                    " write the digits alone, with no leading 0"
                )
            elif type(value) is str and value.isascii() and value.isdigit():
                # A number written as text (`"limit": "300"`, as a spreadsheet's or a form's JSON has
                # it) is the text a line's `--limit 300` gives: read by --limit, as `honba: "2"` is by
                # --honba. It was refused as "expects a whole number, got '300'".
                argv += ["--limit", value]
            elif isinstance(value, bool) or not isinstance(value, int) or value.bit_length() > 63:
                big = isinstance(value, int) and value.bit_length() > 63  # str() refuses 4,300 digits
                shown = "a number too large" if big else as_written(value)[:40]
                said = digits_hint(value) if isinstance(value, str) else ""  # `limit: ten`, `limit: 1o`
                raise ValueError(f"limit: expects a whole number (or null for no limit), got {shown}{said}")
            else:
                argv += ["--limit", str(value)]
        elif name in _YAML_VALUED:
            if value is None or isinstance(value, bool):
                raise ValueError(f"{key}: expects a value, got {as_written(value)}")
            if isinstance(value, tuple):  # a list, of an option that takes one (_YAML_LISTED)
                # Every item that is no text, a null (`[4c, ~]`, an empty `-`) among them: a first
                # wrong item found by `next(..., None)` could not tell a null from none found.
                wrong = [item for item in value if not isinstance(item, str)]
                if wrong:
                    raise ValueError(f"{key}: expects tiles, e.g. {tiles}, got {as_written(wrong[0])}"[:120])
                value = ",".join(value)
            # A number or a date as YAML writes it (`2`, `2026-01-01`), read as the line's text is: a
            # `.nan` given as a seat was the text `nan`, riichi's word for south, and hinted so.
            argv += [_YAML_VALUED[name], value if isinstance(value, str) else as_written(value)]
    if hand is None:
        raise ValueError(f"no hand given ({_entry_shape(json)})")
    return [hand, *argv]
