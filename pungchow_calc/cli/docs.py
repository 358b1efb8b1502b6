"""`pungchow docs [NAME]`: the manual (the repository's docs/), shipped with the command as package
data and printed by it, as `git help <guide>` and `gh help <topic>` do: help never points to a file
an installed command lacks."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..ascii_output import output_stream, write_data
from ..engine.errors import OptionError
from .common import app, fail


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
