"""Ruleset files: find a ruleset by name or path, follow `extends:`, and compile.

A ruleset is data only. Each file is read by `ruleset_yaml.read` (YAML's safe loader, with limits on
size, depth and aliases, refusing a key written twice); `extends:` is followed here and merged by
`ruleset_merge.merge`; `engine.rules.compile_ruleset` validates the merged document and looks
conditions up in the registry.
This is the one loader: `score -r`, `batch`, `rules show|diff|check` all go through `load`. Nothing in
a file is ever evaluated as code.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from .engine.errors import RulesetError, either, printable
from .engine.rules import Invalid, Ruleset, compile_ruleset
from .ruleset_merge import merge
from .ruleset_yaml import Read, line_of, read

MAX_EXTENDS_DEPTH = 8


def builtin_dir() -> Path:
    """Where the shipped rulesets live (installed package data, or the source checkout)."""
    return package_data_dir("rulesets")


def package_data_dir(name: str) -> Path:
    """Where a folder of package data lives: `pungchow_calc.<name>` installed, or the checkout's
    top-level <name>/ (rulesets/, docs/), which pyproject's package-dir maps to that package."""
    # Installed (the folder is the package `pungchow_calc.<name>`, beside this file): found without
    # importlib.resources, whose import (zipfile, tempfile, shutil) costs `score` more than reading
    # the ruleset does.
    beside = Path(__file__).parent / name
    if beside.is_dir():
        return beside
    # A source checkout (run from it, or installed editable from it): its top-level <name>/, the
    # folder pyproject's package-dir maps, found before importlib.resources for the same reason
    # (and so that a checkout run by PYTHONPATH reads its own rulesets, not an editable install's).
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / name).is_dir():
        return checkout / name
    from importlib import resources

    try:
        # Otherwise (an editable install by a finder that maps elsewhere): ask the import system.
        found = Path(str(resources.files(f"pungchow_calc.{name}")))
        if found.is_dir():
            return found
    except ModuleNotFoundError:
        pass
    # Imported from a source checkout (e.g. its tests after a plain `pip install .`): the checkout's
    # pungchow_calc/ has no such subpackage; pyproject's package-dir maps the top-level folder.
    return Path(__file__).resolve().parent.parent / name


def builtin_names() -> list[str]:
    """Names of the shipped rulesets."""
    return sorted(p.stem for p in builtin_dir().glob("*.yaml"))


SUFFIXES = (".yaml", ".yml")  # how a ruleset file's name ends (other_file)


def other_file(name: str) -> bool:
    """Whether a ruleset given by a file (`extends:`, a batch line's `-r`) names a path to a file that is
    no ruleset's (`/etc/passwd`): refused without reading it, as its refusal would quote what it holds."""
    return not name.endswith(SUFFIXES) and ("/" in name or "\\" in name)


def names_a_ruleset(word: str) -> bool:
    """Whether a word typed where something else was expected is a ruleset: a shipped name or a .yaml
    file's (cli's hints for `-r A B` and `rules NAME`)."""
    return word.endswith(SUFFIXES) or word in builtin_names()


def resolve(name_or_path: str, relative_to: Path | None = None, option: str = "-r ") -> Path:
    """Find a ruleset file by path (absolute, or relative to the extending file) or by name; `option`:
    how the user gave it, for the refusal of an empty name ("" for a command's positional)."""
    candidates: list[Path] = []
    looks_like_path = name_or_path.endswith(SUFFIXES) or "/" in name_or_path
    if looks_like_path:
        # An `extends:` path is the extending file's, never the current directory's (docs/rulesets.md):
        # the same house file must mean the same ruleset wherever it is run from.
        candidates.append(Path(name_or_path) if relative_to is None else relative_to / name_or_path)
    else:
        candidates.append(builtin_dir() / f"{name_or_path}.yaml")
    for path in candidates:
        try:
            if path.is_file():
                return path
        except (OSError, ValueError):  # a name too long, a directory we may not enter, a NUL
            continue
    if looks_like_path:  # a path was meant: say what is wrong with it, not that no name matches
        where = candidates[-1]
        try:
            if where.is_dir():
                reason = "is a directory, not a ruleset file"
            elif where.exists():  # `-r <(cat house.yaml)`, /dev/stdin: there, but no file to read as one
                reason = "not a regular file (a pipe or a device): save the ruleset to a .yaml file"
            else:
                reason = "file not found"
        except (OSError, ValueError):
            reason = "file not found"
        stem = Path(name_or_path).stem
        meant = _guess(stem) if reason == "file not found" and "/" not in name_or_path else ""
        if reason == "file not found" and stem in builtin_names():
            reason += f" (the shipped ruleset is named {stem!r}, without .yaml)"
        elif meant:
            # `-r riichi.yaml`: a shipped name meant, as a file; named, never taken (_guess).
            reason += f" (a shipped ruleset is named without .yaml{meant.replace(';', ':', 1)})"
        elif reason == "file not found" and relative_to is not None:
            reason += f" beside the extending file ({where})"
        raise RulesetError(reason, code="ruleset-not-found", file=name_or_path)
    known = ", ".join(builtin_names())
    also = "; or give a .yaml path"
    try:
        # A file without .yaml in its name is read as a shipped name: say how to give it as a path; and
        # a house file named without its .yaml (`-r club` beside club.yaml): say how to give it.
        if relative_to is None and Path(name_or_path).is_file():
            also = f"; to read the file {name_or_path}, write ./{name_or_path}"
        elif name_or_path.strip():
            # `extends: club-a` beside club-a.yaml, as `-r club`: the file's name is written with .yaml.
            folder = relative_to or Path()
            beside = next(
                (f"{name_or_path}{x}" for x in SUFFIXES if (folder / (name_or_path + x)).is_file()),
                "",
            )
            place = " beside the extending file" if relative_to is not None else ""
            also = f"; to read the file {beside}{place}, write {beside}" if beside else also
    except (OSError, ValueError):
        pass
    if not name_or_path.strip() and relative_to is None:  # `-r ''`: no name to put before it
        raise RulesetError(
            f"{option}{name_or_path!r} names no ruleset (shipped: {known}{also})",
            code="ruleset-not-found",
            file="",
        )
    raise RulesetError(
        f"no ruleset {name_or_path!r}{_guess(name_or_path)} (shipped: {known}{also})",
        code="ruleset-not-found",
        file=name_or_path,
    )


# The riichi ruleset shipped, and the names riichi's players give their game's rules (the online
# games Tenhou and Mahjong Soul, "Jantama" in Japanese; riichi itself; EMA's): told that this is the
# riichi ruleset here, never taken for it (docs/riichi.md "Rules EMA 2016 does not have"); the
# tournament rules a player may know instead (the World Riichi Championship's, M.League's). As _guess
# compares names: small letters and digits alone (`Mahjong Soul`, `mahjong-soul`, `M.League`).
RIICHI_RULESET = "riichi-ema-2016"
_RIICHI_GAMES = frozenset(
    ("tenhou", "mahjongsoul", "majsoul", "jantama", "riichi", "riichimahjong", "ema", "wrc", "mleague")
)


def _guess(word: str) -> str:
    """ "; did you mean 'x'?" naming the shipped rulesets a mistyped name may mean, else "".

    Only a hint: the name is still refused (money never moves on a guess), so `-r Riichi` names
    riichi-ema-2016 and scores nothing. A name alike but for case and dashes (`Pung-Chow`, `pungchow`)
    means that one ruleset; else the name it is a typo of, closest first (`pung-chow-limt`); else each
    whose name holds the word (`riichi`, `classical`) or a part it is a typo of (`richi`)."""
    from difflib import SequenceMatcher  # only when something is wrong

    def key(text: str) -> str:
        return "".join(ch for ch in text.casefold() if ch.isalnum())

    def likeness(a: str, b: str) -> float:
        return SequenceMatcher(None, a, b).ratio()

    typed = key(word)
    if not typed:
        return ""
    if typed in _RIICHI_GAMES:  # `-r tenhou`: another riichi game's rules, not a typo of a shipped name
        return f"; the riichi ruleset here is {RIICHI_RULESET}"
    names = builtin_names()
    whole = {n: likeness(typed, key(n)) for n in names}
    best = max(whole.values(), default=0.0)
    found = (
        [n for n in names if key(n) == typed]
        or [n for n in names if whole[n] == best >= 0.75]
        or [
            n
            for n in names
            if (len(typed) >= 3 and typed in key(n))
            or any(likeness(typed, key(part)) >= 0.75 for part in n.split("-"))
        ]
    )
    if not found:
        return ""
    quoted = [repr(n) for n in found]
    return f"; did you mean {either(quoted)}?"


def _document(path: Path, chain: tuple[Path, ...]) -> tuple[dict[str, Any], Read]:
    """Read a file and everything it extends into one merged document (and the file as read)."""
    own = read(path)
    doc = own.document
    if not isinstance(doc, dict):
        # An empty file (or comments only) reads as nothing: said so, not only what a ruleset is.
        empty = "the file holds nothing: " if doc is None else ""
        raise RulesetError(
            f"{empty}a ruleset is a mapping (name:, settings:, rules: ...)",
            code="ruleset-invalid",
            file=str(path),
            line=1,
        )
    parent = doc.get("extends")
    if parent is None and "extends" not in doc:
        for drops in ("remove_rules", "remove_penalties", "remove_wash"):
            if drops in doc:  # with no base there is nothing to drop: it would be passed over silently
                raise RulesetError(
                    f"{drops} drops entries of a base, and this file has no extends: name its base, or"
                    f" delete {drops}",
                    code="ruleset-invalid",
                    file=str(path),
                    line=line_of(own, (drops,)),
                )
        return doc, own
    if not isinstance(parent, str):
        # `extends:` with its value forgotten is null to YAML: read as no base, the file's own rules
        # were refused as incomplete (`needs a label`) at lines that were not the slip.
        raise RulesetError(
            "extends: must name one ruleset"
            + (
                " (it names none: write a shipped name or a .yaml file, or delete the line)"
                if parent is None
                else ""
            ),
            code="ruleset-invalid",
            file=str(path),
            line=line_of(own, ("extends",)),
        )
    if other_file(parent):  # only ruleset files are followed
        raise RulesetError(
            f"extends: {parent!r} is not a ruleset (a shipped name or a .yaml/.yml file)",
            code="ruleset-extends",
            file=str(path),
            line=line_of(own, ("extends",)),
        )
    try:
        base_path = resolve(parent, path.parent).resolve()
    except RulesetError as missing:
        # Name the extending file and its `extends:` line, not just the missing name.
        raise RulesetError(
            f"extends: {missing.message}"
            if repr(parent) in missing.message
            else f"extends: {parent}: {missing.message}",
            code=missing.code,
            file=str(path),
            line=line_of(own, ("extends",)),
        ) from None
    if base_path in chain or base_path == path.resolve():
        # A file naming itself (a copy saved under the name it extends) is told so: a cycle of one.
        itself = base_path == path.resolve()
        # The files of the cycle, from the base this file names round to it again (named as written in
        # the `extends:` lines: file names), so the author sees which line to change.
        loop = [*chain[chain.index(base_path) :], path.resolve(), base_path] if not itself else []
        raise RulesetError(
            f"extends: {parent!r} is this file itself, a cycle: extend a shipped ruleset or another file"
            if itself
            else f"extends: {parent!r} makes a cycle ({' extends '.join(p.name for p in loop)}): extend a "
            "shipped ruleset or a file outside the cycle",
            code="ruleset-extends",
            file=str(path),
            line=line_of(own, ("extends",)),
        )
    if len(chain) >= MAX_EXTENDS_DEPTH:
        # Named at the file whose `extends:` goes one step too far, not at the base it names (which may
        # be a shipped ruleset, and blameless); the file the chain starts from is named too, as the one
        # the user gave may be eight files away from the line blamed.
        raise RulesetError(
            f"extends: chain is too long (more than {MAX_EXTENDS_DEPTH} steps from {chain[0].name})",
            code="ruleset-extends",
            file=str(path),
            line=line_of(own, ("extends",)),
        )
    base, base_read = _document(base_path, (*chain, path.resolve()))
    try:
        # A base must be a whole ruleset on its own: its mistakes are named in its own file.
        compile_ruleset(base, printable(base_path.stem), str(base_path))
    except Invalid as bad:
        raise _refusal(bad, base_path, base_read, base) from None
    try:
        merged = merge(base, doc)
        for key in ("name", "title", "description"):
            # A house-rules file is not its base: unnamed, it is named after its file (_load_path).
            if key not in doc:
                merged.pop(key, None)
        return merged, own
    except Invalid as bad:
        raise RulesetError(
            bad.message, code="ruleset-invalid", file=str(path), line=line_of(own, bad.path)
        ) from None


def same_file(names: Sequence[str]) -> tuple[str, str] | None:
    """The first two of `names` that give one ruleset file by two spellings (`house.yaml` and
    `./house.yaml`, an absolute path, a link, a shipped ruleset by its path), or None: compared with
    itself, it differs in nothing (`diff`, `batch --compare`). A name that finds no file is load's."""
    seen: dict[Path, str] = {}
    for name in names:
        try:
            where = resolve(name).resolve()
        except (RulesetError, OSError):
            continue
        if where in seen:
            return seen[where], name
        seen[where] = name
    return None


def column_names(given: Sequence[str], names: Sequence[str]) -> tuple[str, ...]:
    """How a comparison heads each ruleset's column (`diff`, `batch --compare`'s summary): by its `name:`
    (`names`), as a shipped one is, not by the path it was `given` as; where two would read alike (two
    files both named house-rules), each of those by its path's stem, and where stems too read alike,
    by the path as given, which differs (docs/batch.md)."""

    def alike(shown: Sequence[str]) -> set[int]:
        folded = [name.casefold() for name in shown]
        return {i for i, name in enumerate(folded) if folded.count(name) > 1}

    shown = list(names)
    for fallback in (lambda path: Path(path).stem or path, lambda path: path):
        for i in alike(shown):
            shown[i] = fallback(given[i])
    return tuple(shown)


def load(name_or_path: str, option: str = "-r ") -> Ruleset:
    """Load a ruleset by shipped name or by path; raise RulesetError naming file, line and reason
    (`option`: how the user gave it, resolve)."""
    path = resolve(name_or_path, option=option).resolve()
    return _load_path(str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _load_path(path_text: str, _mtime: int) -> Ruleset:
    path = Path(path_text)
    doc, own = _document(path, ())
    try:
        # Unnamed, named after its file, as a message would show it: JSON holds no lone surrogate (a
        # file name that is not UTF-8) and a terminal no control character.
        ruleset = compile_ruleset(doc, printable(path.stem), str(path))
    except Invalid as bad:
        raise _refusal(bad, path, own, doc) from None
    _own_name(ruleset.name, path, doc, own)
    return ruleset


def _own_name(name: str, path: Path, doc: dict[str, Any], own: Read) -> None:
    """Refuse a file that takes a shipped ruleset's name (`name: pung-chow`, or saved as pung-chow.yaml)
    and differs from it: every breakdown, JSON record and batch line would name the shipped ruleset for
    house rules. A copy left as shipped is that ruleset, and reads (docs/rulesets.md)."""
    shipped = builtin_dir() / f"{name}.yaml"
    if name not in builtin_names() or path == shipped.resolve():
        return
    if _document(shipped.resolve(), ())[0] == doc:
        return
    named = "name" in own.document
    said = f"name: {name!r} is" if named else f"with no name:, this file is named after itself, {name!r},"
    raise RulesetError(
        f"{said} the shipped ruleset's name, and this file differs from it: give it a name of its own"
        f" (name: my-{name})",
        code="ruleset-invalid",
        file=str(path),
        line=line_of(own, ("name",)) if named else 1,
    )


def _refusal(bad: Invalid, path: Path, file: Read, merged: dict[str, Any]) -> RulesetError:
    """The error for a problem in a file's merged document, at the line of the file that makes it: the
    offending node when the file writes it; else the `remove_rules:` entry that dropped the rule it
    names (or every rule); else, for a base's rule or setting the file does not write, `extends:`."""
    own = file.document if isinstance(file.document, dict) else {}  # a mapping (_document)
    extends = "extends" in own
    at = next((p for p in (bad.path, *bad.also) if _writes(own, p)), bad.path)
    written = not extends or (bool(at) and at[0] in own)
    line = _merged_line(file, merged, at) if written else None
    dropped = own.get("remove_rules") if extends else None
    removed: list[Any] = dropped if isinstance(dropped, list) else []
    message = bad.message
    if bad.names is not None and bad.names in removed:
        rule = _rule_id(merged, bad.path)
        message += f": remove_rules drops it (keep it, or remove or change {rule!r} too)"
        if line is None:
            line = line_of(file, ("remove_rules", removed.index(bad.names)))
    elif line is None and bad.path == ("rules",) and removed:
        message += ": remove_rules drops every rule of the base"
        line = line_of(file, ("remove_rules",))
    elif line is None and extends:
        line = line_of(file, ("extends",))
    return RulesetError(message, code="ruleset-invalid", file=str(path), line=line)


def _writes(document: Any, path: tuple[Any, ...]) -> bool:
    """Whether a file's own document holds the node at a key/index path."""
    node = document
    for step in path:
        if isinstance(node, dict):
            held = step in node
        else:
            held = isinstance(node, list) and isinstance(step, int) and step < len(node)
        if not held:
            return False
        node = node[step]
    return True


def _rule_id(merged: dict[str, Any], at: tuple[Any, ...]) -> Any:
    """The id of the rule or penalty at a path ("rules", i, ...) or ("penalties", i, ...) of a merged
    document."""
    entries = (merged.get(at[0]) or []) if at else []
    entry = entries[at[1]] if len(at) > 1 and isinstance(at[1], int) and at[1] < len(entries) else None
    return entry.get("id") if isinstance(entry, dict) else None


def _merged_line(file: Read, merged: dict[str, Any], path: tuple[Any, ...]) -> int | None:
    """The line in a file of a problem found in its merged document (extends puts the base's rules
    first, so rule N of the merge is found in the file by its id; one with no id, or no mapping at all
    (`- null`), is the file's own, found among the file's entries with none)."""
    if len(path) >= 2 and path[0] in ("rules", "penalties") and isinstance(path[1], int):
        items = merged.get(path[0]) or []
        item = items[path[1]] if path[1] < len(items) else None
        wanted = item.get("id") if isinstance(item, dict) else None
        own = file.document
        own_items = own.get(path[0]) if isinstance(own, dict) else None
        if not isinstance(own_items, list):
            return None  # the file gives no rules: inherited from the base, no line of its own here

        def same_id(entry: Any) -> bool:
            # `is` first, as `in` does: an id YAML reads as .nan is not equal to itself.
            got = entry.get("id") if isinstance(entry, dict) else None
            return got is wanted or got == wanted

        # The k-th item of that id in the merge is the k-th in the file (an id written twice; the base's
        # entries all have ids, so the k-th with none is the file's k-th with none).
        k = sum(1 for x in items[: path[1]] if same_id(x))
        same = [i for i, x in enumerate(own_items) if same_id(x)]
        if not same:
            return None  # inherited from the base: no line of its own here
        path = (path[0], same[min(k, len(same) - 1)], *path[2:])
    return line_of(file, path)
