"""Whether output is plain ASCII, and the stream that makes it so: `--ascii`, or a stream whose encoding
cannot hold the glyphs pungchow prints. The one place this is decided: `render.console` builds its rich
console on it, and the plain-text output of `evening` writes through it (without importing rich).
"""

from __future__ import annotations

import sys
from typing import Any

# What ASCII output writes for the few non-ASCII characters of pungchow's own text, one character
# for one (rich has laid the tables out by then); anything else (a ruleset's label in another
# script) becomes `?`.
TO_ASCII = str.maketrans({"—": "-", "–": "-", "·": "-", "×": "x", "−": "-", "→": ">", "…": "."})

# A tile glyph, the punctuation and the sparkline blocks pungchow prints.
_GLYPH_PROBE = "\U0001f004—·×−→▁█"


def ascii_text(text: str) -> str:
    """Text as ASCII: pungchow's punctuation by its ASCII stand-in, anything else as `?`."""
    return text.translate(TO_ASCII).encode("ascii", "replace").decode("ascii")


class AsciiText:
    """A text stream that passes on only ASCII: `--ascii`, or a terminal that cannot encode more."""

    encoding = "ascii"  # rich reads it and draws its tables with box.ASCII

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(ascii_text(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return bool(self._stream.isatty())

    def fileno(self) -> int:
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
    return AsciiText(stream) if ascii_only or not encodes_glyphs(stream) else stream


def is_ascii(stream: Any) -> bool:
    """True when the stream writes ASCII only (one made by output_stream for `--ascii` or a narrow
    encoding)."""
    return isinstance(stream, AsciiText)
