"""`pungchow rules list|show|diff|check`: the shipped and house rulesets; and `pungchow docs [NAME]`,
the manual (the repository's docs/), shipped with the command as package data and printed by it, as
`git help <guide>` and `gh help <topic>` do: help never points to a file an installed command lacks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ..ascii_output import output_stream, write_data
from ..engine.errors import OptionError, PungchowError
from .common import Group, JsonOpt, app, complete_ruleset, fail

rules_app = typer.Typer(
    help="List the rulesets, show one as a score card, compare two, or check a file.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=Group,
)
app.add_typer(rules_app, name="rules")


@rules_app.command("list")
def rules_list(as_json: JsonOpt = False) -> None:
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
                "file": r.source,
            }
        )
    if as_json:
        print(json.dumps(rows))
        return
    from ..render import console
    from ..render_rules import print_rulesets

    print_rulesets(rows, console())


@rules_app.command("show")
def rules_show(
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME|PATH", help="Ruleset name or YAML path.", autocompletion=complete_ruleset
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="Print the merged ruleset document as JSON.")
    ] = False,
) -> None:
    """Print a ruleset as a score card: bonus scores, combinations, doubling honors, limit hands, settings."""
    from ..compare import _plain
    from ..ruleset_files import load

    try:
        ruleset = load(name)
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps(_plain(ruleset.data)))
        return
    from ..render import console
    from ..render_rules import print_score_card

    print_score_card(ruleset, console())


@rules_app.command("diff")
def rules_diff(
    a: Annotated[
        str,
        typer.Argument(metavar="A", help="First ruleset (name or path).", autocompletion=complete_ruleset),
    ],
    b: Annotated[
        str,
        typer.Argument(metavar="B", help="Second ruleset (name or path).", autocompletion=complete_ruleset),
    ],
    as_json: JsonOpt = False,
) -> None:
    """Settings (by key) and rules (by id) that differ between two rulesets."""
    from ..compare import diff_rulesets
    from ..ruleset_files import load

    try:
        changes = diff_rulesets(load(a), load(b))
    except PungchowError as error:
        fail(error, as_json)
    if as_json:
        print(json.dumps({"rulesets": [a, b], "changes": [c.as_dict() for c in changes]}))
        return
    from ..render import console
    from ..render_rules import print_rules_diff

    print_rules_diff((a, b), changes, console())


@rules_app.command("check")
def rules_check(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Ruleset YAML file to validate.")],
    as_json: JsonOpt = False,
) -> None:
    """Load a ruleset file exactly as `score -r` does; exit 2 naming file, line and reason."""
    from ..ruleset_files import load

    # The one loader decides what a valid ruleset is: reading (duplicate keys included), extends,
    # every key and value. This command only reports its answer.
    try:
        ruleset = load(file)
    except PungchowError as error:
        fail(error, as_json)
    except OSError as error:
        fail(PungchowError(f"{file}: cannot read: {error.strerror}", code="ruleset-unreadable"), as_json)
    if as_json:
        print(
            json.dumps(
                {"ok": True, "file": ruleset.source, "name": ruleset.name, "rules": len(ruleset.rules)}
            )
        )
        return
    limit = "no limit" if ruleset.settings.limit is None else f"limit {ruleset.settings.limit}"
    print(f"ok: {ruleset.source}: {ruleset.name} ({len(ruleset.rules)} rules, {limit})")


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


def _complete_topic(incomplete: str) -> list[str]:
    return [name for name in topic_names() if name.startswith(incomplete)]


@app.command("docs")
def docs_command(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="A topic, e.g. notation or json (leave out to list them).",
            autocompletion=_complete_topic,
            show_default=False,
        ),
    ] = None,
) -> None:
    """The manual, shipped with the command: list its topics, or print one (Markdown)."""
    docs = _docs()
    out = output_stream()
    if name is None:
        width = max(map(len, docs))
        for topic, path in docs.items():
            print(f"{topic:<{width}}  {_title(path)}", file=out)
        print("\nPrint one with: pungchow docs NAME", file=out)
        return
    # `json`, `json.md` and `docs/json.md` (as the README links it) all name the same topic.
    topic = Path(name).stem if name.endswith(".md") else name
    if topic not in docs:
        fail(OptionError(f"no topic {name!r}: one of {', '.join(docs)}", code="bad-option"), False)
    write_data(docs[topic].read_text(encoding="utf-8"))  # Markdown: UTF-8 whatever the terminal


# `score` without typer's parsing: this typer coerces every non-flag value through a pydantic
# TypeAdapter, and importing pydantic alone costs more than the whole scoring. Only argument lists
# made wholly of `score`'s own options take this path; anything else (--help, a typo, `--`) goes
