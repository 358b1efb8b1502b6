"""Standard output while typer prints a help: each line without the spaces rich pads it with to the
terminal's width (typer offers no setting for it), its colour codes kept. Nothing of typer's or rich's
is replaced: their console writes to sys.stdout as it is when the help is printed."""

from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Iterator
from typing import Any

# The end of a help line as rich writes it: the spaces it pads a line with to the terminal's width, among
# the colour codes around them (`\x1b[1m   \x1b[0m` on a terminal).
_PADDING = re.compile(r"(?:[ ]|\x1b\[[0-9;]*m)+$")
_CODE = re.compile(r"\x1b\[[0-9;]*m")


class _Trimmed(io.TextIOBase):
    """Standard output while typer prints a help: each line written without the spaces rich pads it with
    to the terminal's width (a copied line, a diff, an editor showed them), its colour codes kept; the
    stream's own isatty, encoding and fileno, so rich colours and sizes the help as before."""

    def __init__(self, stream: Any) -> None:
        super().__init__()
        self._stream = stream
        self._line = ""  # written so far of a line not yet ended

    def write(self, text: str) -> int:
        """Write each ended line trimmed; keep the rest until its end comes."""
        *lines, self._line = (self._line + text).split("\n")
        for line in lines:
            self._stream.write(_trimmed(line) + "\n")
        return len(text)

    def flush(self) -> None:
        """The stream's flush (a line not yet ended waits for its end: its padding may follow)."""
        self._stream.flush()

    def finish(self) -> None:
        """Write what is left of a line not ended, trimmed."""
        if self._line:
            self._stream.write(_trimmed(self._line))
            self._line = ""
        self._stream.flush()

    def isatty(self) -> bool:
        """The stream's: a terminal's help is coloured as before."""
        return bool(self._stream.isatty())

    def fileno(self) -> int:
        """The stream's (rich silences a closed pipe by it)."""
        return int(self._stream.fileno())

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The stream's: rich draws the panels' lines where it can write them."""
        return str(getattr(self._stream, "encoding", None) or "utf-8")


def _trimmed(line: str) -> str:
    """A line without the spaces at its end, the colour codes among them kept (a style still ends)."""
    end = _PADDING.search(line)
    return line if end is None else line[: end.start()] + "".join(_CODE.findall(end.group()))


@contextlib.contextmanager
def help_output() -> Iterator[None]:
    """Standard output trimmed (_Trimmed) while typer prints a help: rich pads every line outside a panel
    to the terminal's width, and typer offers no setting to say otherwise. Its console is made when the
    help is printed and writes to sys.stdout as it then is; nothing of typer's or rich's is replaced."""
    out = _Trimmed(sys.stdout)
    with contextlib.redirect_stdout(out):
        try:
            yield
        finally:
            out.finish()
