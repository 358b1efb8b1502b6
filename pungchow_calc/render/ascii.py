"""Whether output is plain ASCII, and the stream that makes it so: `--ascii`, or a stream whose encoding
cannot hold the glyphs pungchow prints. The one place this is decided: `render.console` builds its rich
console on it, and the plain-text output of `evening` writes through it (without importing rich).
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from typing import Any

from .layout import Grid

# What ASCII output writes for the few non-ASCII characters of pungchow's own text, one character
# for one (rich has laid the tables out by then). Anything else (a player's name, a ruleset's label in
# another script) the stream cannot encode is written as a Python backslash escape (`Zo\xeb`,
# `\u674e`): two names stay two names, and the escape says which letter it was.
TO_ASCII = str.maketrans(
    # "•": rich's bullet of a list, in the manual (`docs`), which it does not change for ASCII itself;
    # the box-drawing lines and "µ" of the manual's examples of output and of its timings.
    {
        "—": "-",
        "–": "-",
        "·": "-",
        "×": "x",
        "−": "-",
        "→": ">",
        "…": ".",
        "•": "*",
        "µ": "u",
        **dict.fromkeys("─━", "-"),
        **dict.fromkeys("│┃", "|"),
        **dict.fromkeys("┼╇╋┿╈", "+"),
    }  # fmt: skip
)

# A tile glyph, the punctuation and the sparkline blocks pungchow prints.
_GLYPH_PROBE = "\U0001f004—·×−→▁█"


def ascii_text(text: str, encoding: str = "ascii") -> str:
    """Text the encoding can write: pungchow's punctuation by its ASCII stand-in, anything else the
    encoding lacks as a backslash escape (distinct names stay distinct)."""
    return text.translate(TO_ASCII).encode(encoding, "backslashreplace").decode(encoding)


def fit_data(value: Any, stream: Any) -> Any:
    """A JSON-like value with every string as `stream` will write it (ascii_text, when the stream is
    an AsciiText): for data laid out as a table after this, so the escapes are measured with the rest
    and the columns stay aligned."""
    if not isinstance(stream, AsciiText):
        return value
    if isinstance(value, str):
        return ascii_text(value, stream.target)
    if isinstance(value, dict):
        return {fit_data(k, stream): fit_data(v, stream) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(fit_data(v, stream) for v in value)
    return value


def fit_grid(grid: Grid, stream: Any) -> Grid:
    """A table's names and cells as `stream` writes them (fit_data), before its widths are found: under
    ASCII a label in another script (`漢字` of a house ruleset) is written as its escapes, and measured
    unescaped its rows ran past the terminal."""
    return replace(grid, headers=fit_data(grid.headers, stream), rows=fit_data(grid.rows, stream))


def escaped_line(line: str, encoding: str) -> str:
    """One line of laid-out text as ascii_text writes it, its columns kept where they were: each
    escape is as many characters more than the letter it stands for, and that many are taken from
    the next gap of spaces on the line (a gap keeps two spaces, or one before a `|` of a table)."""
    text = ascii_text(line, encoding)
    if len(text) == len(line):  # nothing escaped: one character for one
        return text
    pieces = _GAP.split(line)  # words, gaps of two spaces or more, words, ...
    owed = 0
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            pieces[i] = ascii_text(piece, encoding)
            owed += len(pieces[i]) - len(piece)
        elif owed:
            keep = 1 if pieces[i + 1].startswith("|") else 2
            taken = min(owed, len(piece) - keep)
            pieces[i] = piece[taken:]
            owed -= taken
    return "".join(pieces)


_GAP = re.compile(r"( {2,})")


class AsciiText:
    """A text stream that passes on only ASCII (`--ascii`), or only what the terminal's encoding can
    write (a Latin-1 terminal keeps `ë`); pungchow's punctuation and the glyphs become ASCII."""

    encoding = "ascii"  # rich reads it and draws its tables with box.ASCII

    def __init__(self, stream: Any, target: str = "ascii") -> None:
        self._stream = stream
        self.target = target  # the encoding written: ASCII, or the terminal's (Latin-1)

    def write(self, text: str) -> int:
        """Write the text, each line escaped to the target encoding; its length, as a stream returns."""
        self._stream.write("\n".join(escaped_line(line, self.target) for line in text.split("\n")))
        return len(text)

    def flush(self) -> None:
        """Flush the stream beneath."""
        self._stream.flush()

    def isatty(self) -> bool:
        """Whether the stream beneath is a terminal."""
        return bool(self._stream.isatty())

    def fileno(self) -> int:
        """The file descriptor of the stream beneath."""
        return int(self._stream.fileno())


def encodes_glyphs(stream: Any) -> bool:
    """True when the stream's encoding can write the glyphs (tiles, punctuation, sparklines)."""
    try:
        _GLYPH_PROBE.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def output_stream(ascii_only: bool = False, *, stderr: bool = False) -> Any:
    """Standard output (or error) as it is, or wrapped in AsciiText when ASCII is asked for or needed."""
    stream = sys.stderr if stderr else sys.stdout
    if ascii_only:
        return AsciiText(stream)
    if encodes_glyphs(stream):
        return stream
    return AsciiText(stream, _codec(stream))


def _codec(stream: Any) -> str:
    """The stream's encoding if Python knows it, else ASCII."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "".encode(encoding)
    except LookupError:
        return "ascii"
    return str(encoding)


def write_data(text: str) -> None:
    """Write a data format (CSV, Markdown) to standard output as UTF-8, whatever the terminal's
    encoding: it is a file for another program, not text for this terminal (README, help)."""
    out = sys.stdout
    binary = getattr(out, "buffer", None)
    if binary is None:  # a text-only stream (a test's capture): it takes the text as it is
        out.write(text)
        return
    out.flush()  # anything written as text first stays first
    binary.write(text.encode("utf-8"))
    binary.flush()


def is_ascii(stream: Any) -> bool:
    """True when the stream writes ASCII only (one made by output_stream for `--ascii` or a narrow
    encoding)."""
    return isinstance(stream, AsciiText)
