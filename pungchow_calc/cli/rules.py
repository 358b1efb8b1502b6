"""`pungchow rules list|show|diff|check`: the shipped and house rulesets; and `pungchow docs [NAME]`,
the manual (the repository's docs/), shipped with the command as package data and printed by it, as
`git help <guide>` and `gh help <topic>` do: help never points to a file an installed command lacks."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..engine.errors import OptionError, PungchowError, closest, how_many, printable
from ..render.ascii import encodes_glyphs, fit_data, output_stream, write_data
from .failure import fail


def rules_list(as_json: bool, ascii_only: bool) -> None:
    """The shipped rulesets (give any other by its .yaml path)."""
    from ..ruleset_files import builtin_names, load

    rows: list[dict[str, Any]] = []
    for name in builtin_names():
        try:
            r = load(name)
        except PungchowError as error:
            rows.append({"name": name, "error": str(error)})
            continue
        rows.append(
            {
                "name": r.name,
                "title": r.title,
                "limit": r.settings.limit,
                "rules": len(r.rules),
                "file": printable(r.source),
                "limits": [tier.name for tier in r.settings.limits],
            }
        )
    if as_json:
        print(json.dumps(rows))
        return
    from ..render.rules import print_rulesets
    from ..render.terminal import console

    print_rulesets(rows, console(ascii_only))


def rules_show(name: str, as_json: bool, ascii_only: bool) -> None:
    """Print a ruleset as a score card: bonus scores, combinations, doubling honors, limit hands, settings."""
    from ..diff import _plain
    from ..ruleset_files import load

    try:
        ruleset = load(name, option="")  # a positional: no -r was typed
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(_plain(ruleset.data)))
        return
    from ..render.rules import print_score_card
    from ..render.terminal import console

    print_score_card(ruleset, console(ascii_only))


def rules_diff(a: str, b: str, as_json: bool, ascii_only: bool) -> None:
    """Settings (by key), rules and penalties (by id) that differ between two rulesets."""
    from ..diff import diff_rulesets
    from ..ruleset_files import load

    try:
        changes = diff_rulesets(load(a, option=""), load(b, option=""))
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps({"rulesets": [a, b], "changes": [c.as_dict() for c in changes]}))
        return
    from ..render.rules import print_rules_diff
    from ..render.terminal import console

    print_rules_diff((a, b), changes, console(ascii_only))


def rules_check(file: str, as_json: bool, ascii_only: bool) -> None:
    """Load a ruleset file exactly as `score -r` does; exit 2 naming file, line and reason."""
    from ..ruleset_files import load

    # The one loader decides what a valid ruleset is: reading (duplicate keys included), extends,
    # every key and value. This command only reports its answer.
    try:
        ruleset = load(file, option="")
    except PungchowError as error:
        fail(error, as_json)
    except OSError as error:
        fail(PungchowError(f"{file}: cannot read: {error.strerror}", code="ruleset-unreadable"), as_json)
    if as_json:
        print(
            json.dumps(
                {
                    "ok": True,
                    "file": printable(ruleset.source),
                    "name": ruleset.name,
                    "rules": len(ruleset.rules),
                }
            )
        )
        return
    from ..engine.rule_types import limit_words

    settings = ruleset.settings
    limit = limit_words(settings.limit, tuple(tier.name for tier in settings.limits))
    from ..render.layout import terminal_width, wrap

    # Through output_stream: a path or name the terminal's encoding cannot write is escaped, not a crash;
    # escaped before it is wrapped, so that the lines are measured as written. On a terminal a path
    # longer than the line is broken after a `/`, its lines under its start: every line reads at 60 and
    # 80 columns (README, "Help and conventions"), the file still named whole. Piped, the one line a
    # script reads (`rules check F | grep ^ok:`), as batch keeps its fixed columns in a pipe.
    out = output_stream(ascii_only)
    said = fit_data(
        f"{ruleset.source}: {ruleset.name} ({how_many(len(ruleset.rules), 'rule')}, {limit})", out
    )
    lead = "ok: "
    lines = wrap(said, terminal_width() - len(lead)) if out.isatty() else [said]
    for i, line in enumerate(lines):
        print(f"{lead if i == 0 else ' ' * len(lead)}{line}", file=out)


def _docs() -> dict[str, Path]:
    """Each shipped document by its topic name (the file name without `.md`)."""
    from ..ruleset_files import package_data_dir

    return {p.stem: p for p in sorted(package_data_dir("docs").glob("*.md"))}


def topic_names() -> list[str]:
    """The topics `pungchow docs` knows (for completion as well)."""
    return list(_docs())


def _title(path: Path) -> str:
    """A document's first heading, without its `#` and backquotes."""
    with path.open(encoding="utf-8") as text:
        first = text.readline()
    return first.lstrip("#").strip().replace("`", "")


def _command_topic(word: str, docs: dict[str, Path]) -> str | None:
    """The topic that tells the command `word` (`settle`: settling, `diff`: batch), found in the documents
    themselves: a title or a section heading that names `pungchow WORD` (a newcomer typed `docs settle`)."""
    import re

    named = re.compile(rf"^#+ .*`?pungchow {re.escape(word)}`?\s*$", re.M)
    return next(
        (topic for topic, path in docs.items() if named.search(path.read_text(encoding="utf-8"))), None
    )


def docs_command(name: str | None, ascii_only: bool = False) -> None:
    """The manual, shipped with the command: list its topics, or print one (Markdown)."""
    docs = _docs()
    out = output_stream()
    if name is None:
        from ..render.layout import terminal_width, wrap

        width = max(map(len, docs))
        # A title too long for the line wraps under the titles (riichi's is 77 letters): every
        # table reads at 60 and 80 columns (README.md, "Help and conventions").
        room = terminal_width() - width - 2
        for topic, path in docs.items():
            first, *rest = wrap(_title(path), room)
            print(f"{topic:<{width}}  {first}", file=out)
            for line in rest:
                print(" " * (width + 2) + line, file=out)
        print("\nPrint one with: pungchow docs NAME", file=out)
        return
    # `json`, `json.md` and `docs/json.md` (as the README links it) all name the same topic.
    # Topics are the files' names, all small letters: `JSON` and `JSON.MD` are `json`; a typo is told the
    # closest.
    topic = (Path(name).stem if name.lower().endswith(".md") else name).lower()
    if topic not in docs:
        told = _command_topic(topic, docs)
        hint = (
            f" (pungchow {topic} is told in `pungchow docs {told}`)" if told else closest(topic, list(docs))
        )
        fail(OptionError(f"no topic {name!r}{hint}: one of {', '.join(docs)}", code="bad-option"), False)
    text = docs[topic].read_text(encoding="utf-8")
    # On a terminal: laid out for its width (README, "Help and conventions"), in ASCII where its encoding
    # cannot hold the page's punctuation (ASCII, Latin-1: the UTF-8 bytes showed as mojibake) or where
    # `--ascii` asks. Piped or redirected (`docs json > json.md`): the Markdown file itself, UTF-8.
    if not sys.stdout.isatty():
        write_data(text)
        return
    from ..render.terminal import console, print_markdown

    out = console(ascii_only or not encodes_glyphs(sys.stdout))
    # Escaped (`\xa7`) before it is laid out, so that no line runs past the width.
    print_markdown(fit_data(text, out.file), out)
