"""Every command transcript of README.md and docs/*.md runs and prints what the doc shows.

A transcript is a ```text or ```console block whose first line starts `$ `; each `$ pungchow` in it
is one case (id: file and line of its `$`), run after the block's earlier commands. Each `$ ` line
(with `\\` continuations) is run through the entry point users run, `pungchow_calc.cli:main`,
in a temporary directory holding a copy of samples/, at 80 columns with colour off; the lines after
it, up to the next `$ `, are what it prints (stdout and stderr, in the order they were written, as
a terminal shows them). A command shown with only a `...` line under it must also succeed.

How the shown output is compared (the docs' visible conventions):
- trailing spaces of each line are ignored;
- a line that is exactly `...` stands for any number of lines (the doc shows part of the output);
- `...` inside a line stands for any text (e.g. `"lines": [...]`, a shortened hash).

Besides `pungchow`, a transcript may use `echo $?` (the last exit code) and `printf FORMAT > FILE`;
`> FILE` after pungchow writes its stdout to FILE. A path under /tmp/ is taken inside the temporary
directory. Files a transcript uses but does not make are made first (FILES, SETUP below). The
examples that cannot run as written are in CHECKED_ELSEWHERE with the reason and the test that
checks them.
"""

from __future__ import annotations

import difflib
import io
import os
import re
import shlex
import shutil
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

import pytest

from pungchow_calc.cli import main
from tests.cli_helpers import run

# The width the docs' transcripts are shown at, and no colour.
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# Files the docs' transcripts read but do not write, as the docs show them.
FILES = {
    # docs/json.md#batch: "The records below come from this file"
    "evening.txt": (
        "# two hands and a mistake\n"
        "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd --seat south --drawn\n"
        "1b1b1b 2c3c4c 5d5d5d* 7c7c 9d9d --seat west --loser\n"
        "1d2d4d* 5c5c5c 6c6c6c 9c!9c 1c2c3c -s s\n"
    ),
    # docs/json.md#errors reads the typo'd ruleset docs/rulesets.md makes.
    "/tmp/typo.yaml": (
        "extends: pung-chow\nrules:\n  - id: mah_jongg\n    points: 10\n    when: [{won_by: drawm}]\n"
    ),
}
# The evening docs/json.md#evening shows: README's first game.
_FIRST_GAME = [
    ["evening", "new", "friday.jsonl", "--players", "Ann,Bob,Cy,Di"],
    [
        "evening", "hand", "friday.jsonl", "--winner", "Ann", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c",
        "--from", "Cy", "--other", "Bob=2d2d2d 6b7b8b* 9d9d 3c4c 1c Nw Sw", "--other", "Cy=12",
        "--other", "Di=6",
    ],
]  # fmt: skip
SETUP = {"friday.jsonl": _FIRST_GAME}

# Examples that cannot run as written, by their pungchow command, with the reason and where the
# behaviour they show is checked instead.
CHECKED_ELSEWHERE = {
    "pungchow batch big.txt --format json > out.json": (
        "needs a Ctrl-C while it runs: tests/test_batch_signals.py"
    ),
    "pungchow batch big.txt --format jsonl > out.jsonl": (
        "needs a kill -9 of a worker while it runs: tests/test_batch_signals.py"
    ),
    "pungchow evening play tonight.jsonl": (
        "a terminal session typed by a person: tests/test_evening_play.py"
    ),
}


Step = tuple[str, list[str]]  # a command and the lines shown under it


def _blocks() -> list[tuple[Path, list[tuple[int, Step]]]]:
    """Each transcript block of the docs: its file and its (line, step)s."""
    found = []
    for doc in DOCS:
        lines = doc.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            if re.fullmatch(r"```(text|console)", lines[i]) and lines[i + 1].startswith("$ "):
                i += 1
                steps: list[tuple[int, Step]] = []
                while lines[i] != "```":
                    if lines[i].startswith("$ "):
                        number, command = i + 1, lines[i][2:]
                        while command.endswith("\\"):
                            i += 1
                            command = command[:-1] + " " + lines[i].strip()
                        steps.append((number, (command, [])))
                    else:
                        steps[-1][1][1].append(lines[i])
                    i += 1
                found.append((doc, steps))
            i += 1
    return found


def _examples() -> list[tuple[str, list[Step], list[Step]]]:
    """(id file:line, the steps before it in its block, its steps) for each `$ pungchow` of the docs.

    An example is a `pungchow` command with the shell lines after it (`echo $?`, `tail`...); shell
    lines before a block's first `pungchow` (a `printf` making a file) go with it.
    """
    found = []
    for doc, steps in _blocks():
        starts = [k for k, (_, (command, _)) in enumerate(steps) if command.startswith("pungchow")]
        starts[0] = 0
        for k, start in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(steps)
            number = next(n for n, (c, _) in steps[start:end] if c.startswith("pungchow"))
            found.append(
                (
                    f"{doc.relative_to(ROOT)}:{number}",
                    [step for _, step in steps[:start]],
                    [step for _, step in steps[start:end]],
                )
            )
    return found


EXAMPLES = _examples()


def _matches(shown: list[str], printed: list[str]) -> bool:
    """Whether the printed lines are what the shown lines say, by the conventions above."""
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line == "..." else ".*?".join(map(re.escape, line.split("..."))) + r"\n"
        for line in shown
    )
    return re.fullmatch(pattern, "".join(line + "\n" for line in printed)) is not None


class _Shell:
    """The few shell words the transcripts use, run in one directory."""

    def __init__(self, where: Path) -> None:
        self.where = where
        self.code = 0

    def path(self, word: str) -> str:
        """A /tmp/ path taken inside the temporary directory."""
        return str(self.where / word[len("/tmp/") :]) if word.startswith("/tmp/") else word

    def __call__(self, command: str) -> str:
        """What `command` prints."""
        words = shlex.split(command, comments=True)
        target = None
        if len(words) > 2 and words[-2] == ">":
            words, target = words[:-2], self.path(words[-1])
        if words == ["echo", "$?"]:
            return f"{self.code}\n"
        if words[0] == "printf":
            text = words[1].encode().decode("unicode_escape")
            Path(target or "").write_text(text, encoding="utf-8")
            return ""
        assert words[0] == "pungchow", command
        argv = list(map(self.path, words[1:]))
        if target is not None:
            result = run(*argv, env=ENV)
            self.code = result.exit_code
            Path(target).write_text(result.stdout, encoding="utf-8")
            return result.stderr
        # One buffer for both streams, as a terminal shows them: in the order they were written.
        both = io.StringIO()
        with (
            mock.patch.dict(os.environ, ENV),
            mock.patch.object(sys, "argv", ["pungchow", *argv]),
            mock.patch.object(sys, "stdin", io.StringIO("")),
            redirect_stdout(both),
            redirect_stderr(both),
        ):
            try:
                main()
                self.code = 0
            except SystemExit as done:
                self.code = done.code if isinstance(done.code, int) else int(done.code is not None)
        return both.getvalue().replace(str(self.where) + "/", "/tmp/")


def _first(steps: list[Step]) -> str:
    """The example's `pungchow` command, without its shell comment."""
    return next(c for c, _ in steps if c.startswith("pungchow")).split("#")[0].strip()


@pytest.mark.parametrize(("before", "steps"), [e[1:] for e in EXAMPLES], ids=[e[0] for e in EXAMPLES])
def test_example_prints_what_the_doc_shows(
    before: list[Step], steps: list[Step], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each command of the example prints the lines shown under it (after the block's earlier ones ran)."""
    if _first(steps) in CHECKED_ELSEWHERE:
        assert CHECKED_ELSEWHERE[_first(steps)]
        return
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    monkeypatch.chdir(tmp_path)
    shell = _Shell(tmp_path)
    for name, text in FILES.items():
        Path(shell.path(name)).write_text(text, encoding="utf-8")
    for name, argvs in SETUP.items():
        for argv in argvs:
            assert run(*argv, env=ENV).exit_code == 0, (name, argv)
    for command, _ in before:
        shell(command)
    for command, shown in steps:
        printed = [line.rstrip() for line in shell(command).splitlines()]
        assert _matches([line.rstrip() for line in shown], printed), f"$ {command}\n" + "\n".join(
            difflib.unified_diff(shown, printed, "shown", "printed", lineterm="")
        )
        if shown == ["..."]:  # output not shown: the command is one to try, and it must succeed
            assert shell.code == 0, command


def test_every_checked_elsewhere_entry_names_an_example() -> None:
    """CHECKED_ELSEWHERE lists only examples the docs still have."""
    assert set(CHECKED_ELSEWHERE) <= {_first(steps) for _, _, steps in EXAMPLES}


# A `!` inside double quotes followed by a tile is expanded by an interactive bash from its history
# (README "Hand notation": `bash: !Rd: event not found`, or worse another command's words) before
# pungchow runs: a command the docs or samples show for copying quotes such a hand in single quotes.
_SHOWN_COMMAND = re.compile(r"(?:^|[\s$#&`])(?:pungchow|printf) ")


def _shown_commands() -> list[tuple[str, str]]:
    """(file:line, line) of each line of README, docs/ and samples/ that shows a command."""
    files = [*DOCS, *sorted((ROOT / "samples").iterdir())]
    return [
        (f"{path.relative_to(ROOT)}:{number}", line)
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _SHOWN_COMMAND.search(line)
    ]


def _bang_in_double_quotes(line: str) -> bool:
    """Whether the line has, inside shell double quotes, a `!` that bash expands (one before a
    character other than a blank, `=`, `(` or the closing quote)."""
    quote = ""
    for here, char in enumerate(line):
        if char in "'\"" and quote in ("", char):
            quote = "" if quote else char
        elif char == "!" and quote == '"' and line[here + 1 : here + 2] not in ("", " ", "=", "(", '"'):
            return True
    return False


def test_a_bang_in_double_quotes_is_found_by_the_quotes() -> None:
    assert _bang_in_double_quotes('pungchow score "Rd!Rd"')
    assert not _bang_in_double_quotes("pungchow score 'Rd!Rd'")
    assert not _bang_in_double_quotes("""printf '"1d!2d3d" -s south\\n' > f.txt""")


def test_no_shown_command_puts_a_bang_in_double_quotes() -> None:
    """`pungchow diff "... 9d!9d"` (docs/batch.md, docs/json.md), `printf "'... 1d!2d3d ...'"`
    (docs/batch.md) and `pungchow score "... 7c!7c"` (samples/house-rules.yaml) were shown so."""
    shown = _shown_commands()
    assert len(shown) > 100
    assert [(where, line) for where, line in shown if _bang_in_double_quotes(line)] == []
