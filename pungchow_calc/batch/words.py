"""A batch line's words: split as a shell splits them (quotes, `#` comments), with each word's column
and whether it was quoted, for the messages that name them (docs/batch.md)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator

from ..engine.notation import TYPOGRAPHIC_QUOTES

# A line of plain words and 'quoted' or "quoted" hands (nearly every line) splits the same by this
# pattern as by shlex, in a tenth of the time (a property test holds the two equal); anything else
# (backslashes, a quote inside a word) goes to shlex.
# shlex's whitespace is these four alone (a form feed is part of a word to it).
_WORD = r""""([^"\\]*)"|'([^']*)'|([^ \t\r\n"'\\]+)"""
_SIMPLE_LINE = re.compile(rf"[ \t\r\n]*(?:(?:{_WORD})(?:[ \t\r\n]+|$))*")
_SIMPLE_WORD = re.compile(_WORD)
# Printable ASCII and shlex's whitespace, without a quote, a backslash or a `#`: a line of these (an
# entry's options, after its quoted hand) is split by shlex exactly where str.split splits it.
_PLAIN_LINE = re.compile(r"[\t\n\r !$-&(-\[\]-~]*")
# A line's first word quoted, no backslash in it, then a space or the end: a hand with its options after.
_QUOTED_HEAD = re.compile(r"""[ \t\r\n]*(?:"([^"\\]*)"|'([^']*)')(?=[ \t\r\n]|$)""")
# A comment starts a word: without a `#` at the start of the line or after a space there is none
# (a kong's `#` ends its word).
_COMMENT_START = re.compile(r"(?:^|\s)#")


# Unicode's spaces beyond ASCII (str.isspace): a no-break space pasted from a web page or a word
# processor, an input method's ideographic space (U+3000), the line and paragraph separators. shlex
# takes them for letters of a word, so `'HAND'<NBSP>--seat south` was the hand `HAND<NBSP>--seat` and a
# stray `south`; outside quotes each is read as a space, one character for one (columns stay where they
# are), as `#` after one already started a comment (docs/batch.md, "Spaces"). Inside quotes a word
# is kept as written (a file name may hold one; a quoted hand reads it as the space between its sets).
UNICODE_SPACES = (
    "\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"
)
_UNICODE_SPACE = re.compile(f"[{UNICODE_SPACES}]")


def _lexed(text: str) -> Iterator[tuple[int, str]]:
    """Each place of a line as a shell reads it, with how: "" bare, "'" or '"' within that quotation,
    "open" and "close" for the quote marks, "\\" for a backslash (the character it escapes is passed
    over; at the line's end it escapes nothing). The one reading of quotes and escapes behind _bare and
    unsplittable."""
    quote: str | None = None
    i = 0
    while i < len(text):
        ch = text[i]
        if quote == "'":
            how = "close" if ch == "'" else quote
        elif ch == "\\":  # bare, or within double quotes: it escapes the next character
            how = "\\"
        elif ch == '"' and quote == '"':
            how = "close"
        elif quote == '"':
            how = quote
        elif ch in "'\"":
            how = "open"
        else:
            how = ""
        yield i, how
        quote = ch if how == "open" else None if how == "close" else quote
        i += 2 if how == "\\" else 1


def _bare(text: str) -> Iterator[int]:
    """The places of a line's characters a shell reads bare: outside quotes, not escaped by a backslash."""
    return (i for i, how in _lexed(text) if not how)


def strip_comment(text: str) -> str:
    """Cut a `#` comment off a line as a shell does: a `#` that starts a word, outside quotes.

    A `#` inside a word is the declared-kong marker (`RdRdRdRd#`), and an apostrophe in a comment
    (`# the loser's hand`) must not open a quotation.
    """
    last = -1  # the last place read bare: a `#` after a bare space starts a word
    for i in _bare(text):
        if text[i] == "#" and (i == 0 or (last == i - 1 and text[last].isspace())):
            return text[:i]
        last = i
    return text


def spaced(text: str) -> str:
    """A line with each Unicode space read bare (UNICODE_SPACES) as an ASCII space; the line itself when
    it has none (nearly every line: ASCII)."""
    if text.isascii() or _UNICODE_SPACE.search(text) is None:
        return text
    chars = list(text)
    for i in _bare(text):
        if chars[i] in UNICODE_SPACES:
            chars[i] = " "
    return "".join(chars)


def split_line(text: str) -> list[str]:
    """Shell-split one text line, without its comment; a Unicode space outside quotes is a space (spaced)."""
    text = spaced(text)
    if _PLAIN_LINE.fullmatch(text):
        return text.split()
    head = _QUOTED_HEAD.match(text)
    if head is not None and _PLAIN_LINE.fullmatch(text, head.end()):
        double, single = head.groups()
        return [single if double is None else double, *text[head.end() :].split()]
    if "#" in text and _COMMENT_START.search(text):
        text = strip_comment(text)
    if _SIMPLE_LINE.fullmatch(text):
        # One group of the three matched, the others are "": joined, the word.
        return list(map("".join, _SIMPLE_WORD.findall(text)))
    import shlex  # here: few lines need it (start-up of a batch that has none)

    return shlex.split(text)


def unsplittable(text: str) -> tuple[str, int] | None:
    """Why shlex cannot split a line (split_line), with the 1-based column to look at: the quote that
    is never closed, or the backslash that ends the line (a shell command's continued line pasted
    whole, `... --seat south \\`) with nothing after it to escape; None for another reason."""
    opened: tuple[str, int] | None = None  # the open quotation's mark and column
    last = (-1, "")  # the last place read, and how
    for last in _lexed(text):
        if last[1] == "open":
            opened = (text[last[0]], last[0] + 1)
        elif last[1] == "close":
            opened = None
    if opened is None and last == (len(text) - 1, "\\"):
        return (
            "\\ at the end of the line escapes nothing (a line is one entry: join a command's lines)",
            len(text),
        )
    if opened is None:
        return None
    mark, column = opened
    # `'HAND’`: a word processor's closing quote, which closes nothing: the place to mend is that mark.
    curly = next((i for i in range(column, len(text)) if text[i] in TYPOGRAPHIC_QUOTES), None)
    if curly is not None:
        said = f"{text[curly]} (U+{ord(text[curly]):04X})"
        return (
            f"{mark} opens a quotation that is never closed: the {said} is a typographic quote, which closes "
            f"nothing: type {mark}",
            curly + 1,
        )
    return (f"{mark} opens a quotation that is never closed", column)


def word_column(text: str, index: int) -> int | None:
    """The 1-based column where word `index` of a line (split_line's words) starts, for an error that
    names a word (options.StrayWord); None past the last. Found by shlex, the splitter split_line
    matches: each word it reads ends on the blank after it, and the next starts at the next non-blank."""
    import shlex

    stream = io.StringIO(spaced(text))  # one character for one: the columns are the line's
    lexer = shlex.shlex(stream, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""  # a comment follows the words, as split_line reads them
    at = 0
    for _ in range(index):
        if lexer.get_token() is None:
            return None
        at = stream.tell()
    while at < len(text) and text[at] in lexer.whitespace:
        at += 1
    return at + 1 if at < len(text) else None


def char_column(text: str, index: int, offset: int) -> int | None:
    """The 1-based column on a line of character `offset` of its word `index` (split_line's words), as
    a shell reads the word: its quotes, and a backslash before what it escapes, passed over; None past
    the word's end (a value's column, options.value_at_fault)."""
    start = word_column(text, index)
    if start is None:
        return None
    text = spaced(text)  # one character for one, as word_column reads it
    at, quote, count = start - 1, "", 0
    while at < len(text):
        ch = text[at]
        if ch in "'\"" and (not quote or ch == quote):  # a quote opened or closed: no character of the word
            quote = "" if quote else ch
            at += 1
            continue
        if not quote and ch in " \t\r\n":
            return None
        # shlex (posix): a backslash escapes any character outside quotes, inside "..." only " and \\
        if ch == "\\" and quote != "'" and text[at + 1 : at + 2] and (not quote or text[at + 1] in '"\\'):
            at += 1
        if count == offset:
            return at + 1
        count += 1
        at += 1
    return None


def quoted_word(text: str) -> Callable[[int], bool]:
    """Whether word `index` of a line (split_line's words) is written in quotes, starting with ' or "
    (options._unquoted_hand: a quoted first word is the whole hand)."""
    if "'" not in text and '"' not in text:
        return _unquoted

    def quoted(index: int) -> bool:
        column = word_column(text, index)
        return column is not None and text[column - 1] in "'\""

    return quoted


def _unquoted(index: int) -> bool:
    """quoted_word's answer for a line with no quote in it: no word is quoted."""
    return False
