"""Tables that fit the terminal: the columns side by side when they fit, else each row stacked.

Plain text and the standard library only: the evening's output is printed from it whole, and the rich
tables of `score`, `diff`, `settle` and `rules` ask it for their column widths and print its stacked
form when their columns cannot fit (README.md, "Help and conventions"). Nothing is ever cut: a
cell too long for its column wraps between words (a set of tiles is one word), and a row whose
columns cannot fit side by side is written as its description on one line and its values under it.
"""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import how_many
from ..engine.rule_types import BOOK_LIMIT_HAND

WRAP_LINES = 2  # a wrapped cell of more lines than this reads badly: the rows are stacked instead
INDENT = 2  # the values of a stacked row, under its description


# Wide since Unicode 16, which this Python's unicodedata (14) predates: the I Ching's trigrams and
# hexagrams, the Tai Xuan Jing's monograms and tetragrams, the counting rods. rich and newer terminals
# draw them two cells; counted one, a ruleset named `☰☱☲☳☴☵☶☷` ran its title 6 columns past 60.
_WIDE_SINCE_16 = (
    (0x2630, 0x2637),
    (0x268A, 0x268F),
    (0x4DC0, 0x4DFF),
    (0x1D300, 0x1D356),
    (0x1D360, 0x1D376),
)


def _wide_since_16(c: str) -> bool:
    """Whether the character is one Unicode 16 made wide (_WIDE_SINCE_16)."""
    return any(low <= ord(c) <= high for low, high in _WIDE_SINCE_16)


# Drawn in no cell of their own: marks (a combining accent, Thai vowel signs above and below, which
# have no combining class), enclosing marks, format characters (a joiner; not the soft hyphen, which
# terminals draw), and a Hangul syllable's vowel and final consonant typed as letters of their own
# (decomposed, as macOS writes names). Counted one each, a Thai name `สมศักดิ์` (5 cells) took 8.
_NO_CELL = frozenset({"Mn", "Me", "Cf"})
_EMOJI_STYLE = "\ufe0f"  # after a narrow character: drawn as an emoji, two cells (as rich counts it)


def _no_cell(c: str) -> bool:
    """Whether the character is drawn in no cell of its own (_NO_CELL)."""
    return (unicodedata.category(c) in _NO_CELL and c != "\u00ad") or "\u1160" <= c <= "\u11ff"


def cell_width(text: str) -> int:
    """Terminal cells the text takes: wide characters (CJK, the red dragon tile) two, marks none."""
    if text.isascii():  # one cell each, as the loop counts them: most text, measured many times in wrap
        return len(text)
    total = last = 0
    for c in text:
        if c == _EMOJI_STYLE:
            total += 1 if last == 1 else 0
            last = 2
            continue
        if c.isascii():
            last = 1
        elif _no_cell(c):
            continue
        else:
            wide = unicodedata.east_asian_width(c) in "WF" or (c >= "\u2630" and _wide_since_16(c))
            last = 2 if wide else 1
        total += last
    return total


NARROWEST = 20  # every layout is made at least this wide, however narrow the terminal (COLUMNS=0)


def terminal_width(default: int = 80, stream: Any = None) -> int:
    """The terminal's width: COLUMNS if set, else the terminal's own (standard output's, or `stream`'s),
    else `default` (a pipe)."""
    if stream is None:
        return max(NARROWEST, shutil.get_terminal_size((default, 24)).columns)
    # stderr's own: with the records redirected (`> out.jsonl`) stdout has no size, and a shell does not
    # export COLUMNS, so shutil's answer would be the default, not the terminal the line is read on.
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(stream.fileno()).columns
        except (OSError, ValueError, AttributeError):  # not a terminal, closed, or no descriptor
            columns = default
        # A terminal of no size (`script` with none set) says nothing of its width: the default, as
        # shutil takes it for standard output (a trial: the summary was laid out 20 columns wide).
        columns = columns or default
    return max(NARROWEST, columns)


def _first_piece(word: str, width: int) -> str:
    """The start of a word longer than the line, broken after a `/` or `,` or before a `\\` where it can
    be, else at the width. It reads no further than the line: a pasted line of 100,000 letters wraps in a
    moment."""
    used = cut = 0
    for at, char in enumerate(word):
        if char == "\\" and at:  # an escape (`\u0e2a`, a Thai letter under --ascii) is never split
            cut = at
        used += cell_width(char)
        if used > width:
            # no place to break it: cut at the width (a name longer than the terminal)
            return word[: cut or max(1, at)]
        if char in "/,":
            cut = at + 1
    return word


def wrap(text: str, width: int, later: int | None = None) -> list[str]:
    """Text broken into lines of at most `width` cells (the lines after the first: `later`) between
    words, each gap kept as it was written (the three spaces between sets); at least one line."""
    lines = [""]

    def room() -> int:
        # At least one cell: given none, a word longer than the line was cut into nothing, for ever.
        return max(1, width if len(lines) == 1 or later is None else later)

    # A multiplier stays with the word it multiplies (`East ×2`, `double ×2`; `x2` under --ascii):
    # alone on the next line it read as a line of its own (a payment's reason at 60 columns).
    tokens = re.findall(r"\S+(?: [×x]\d\S*)*|\s+", text)
    tokens.reverse()
    while tokens:
        token = tokens.pop()
        if token.isspace():
            if lines[-1]:
                lines[-1] += token
            continue
        if lines[-1] and cell_width(lines[-1] + token) > room():
            lines[-1] = lines[-1].rstrip()
            lines.append("")
        if " " in token and cell_width(token) > room() - cell_width(lines[-1]):
            tokens += reversed(re.findall(r"\S+|\s+", token))  # no line holds the two: as words
            continue
        left = cell_width(token)
        while left > room() - cell_width(lines[-1]):  # a word longer than a whole line
            piece = _first_piece(token, room())
            lines[-1] += piece
            lines.append("")
            token = token[len(piece) :]
            left -= cell_width(piece)
        lines[-1] += token
    return [line.rstrip() for line in lines]


def wrap_phrases(text: str, width: int, later: int | None = None, marks: str = ",") -> list[str]:
    """Text broken into lines of at most `width` cells (the lines after the first: `later`) after the
    `marks` between its phrases where the phrases fit (`basic points 480,` over `rounded up to 100,
    counters 200`, not `... rounded up to` over `100`), a phrase longer than a line broken between its
    words (wrap)."""
    lines: list[str] = []
    for phrase in re.split(f"(?<=[{re.escape(marks)}]) +", text):
        room = width if len(lines) <= 1 or later is None else later  # the room of the line it would join
        if lines and cell_width(f"{lines[-1]} {phrase}") <= room:
            lines[-1] += f" {phrase}"
        else:
            lines += wrap(phrase, width if not lines or later is None else later, later)
    return lines or [""]


def hanging_phrases(text: str, width: int, indent: int = 4) -> list[str]:
    """hanging, broken after the commas and colons between phrases where they fit (a player and his
    seat, `Cy west`, kept on one line): wrap_phrases, the later lines indented."""
    return hanging(text, width, indent, lambda t, w, later: wrap_phrases(t, w, later, ",:"))


def hanging(
    text: str, width: int, indent: int = 4, wrapped: Callable[[str, int, int], list[str]] = wrap
) -> list[str]:
    """A paragraph wrapped to `width` (by `wrapped`: between words), its later lines indented by
    `indent` (and keeping the first line's own leading spaces)."""
    lead = len(text) - len(text.lstrip(" "))
    first, *rest = wrapped(text.lstrip(" "), width - lead, width - lead - indent)
    return [" " * lead + first, *(" " * (lead + indent) + line for line in rest)]


ANSWER_ROOM = 8  # cells a prompt leaves on its last line for a short answer (a name's start, y, a score)


def prompt_lines(prompt: str, width: int) -> list[str]:
    """A prompt wrapped to `width` (docs/evening.md, `evening play`): the lines printed above, then the
    line the answer is typed on, its trailing space kept. One that fits with room for a short answer
    is left whole; a longer one wraps between words, later lines indented (a 30-letter name)."""
    *above, text = prompt.split("\n")  # a prompt's leading newline: a blank line before it
    body = text.rstrip(" ")
    gap = text[len(body) :]
    if cell_width(text) + ANSWER_ROOM <= width:
        return [*above, text]
    *lines, last = hanging(body, width - len(gap) - ANSWER_ROOM)
    return [*above, *lines, last + gap]


def pack(items: list[str], width: int, gap: str = "   ") -> list[str]:
    """Items packed into lines of at most `width` cells, `gap` between them, none split (an item
    longer than the line wraps on lines of its own)."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and cell_width(line + gap + item) <= width:
            line += gap + item
            continue
        if line:
            lines.append(line)
        line = item
        if cell_width(item) > width:
            lines += hanging(item, width)
            line = ""
    return [*lines, line] if line else lines


def _pad(text: str, width: int, right: bool) -> str:
    space = " " * max(0, width - cell_width(text))
    return space + text if right else text + space


@dataclass(frozen=True, slots=True)
class Grid:
    """A table's content: column names, rows of cells (None: a break between sections), the
    columns aligned right (numbers), the columns whose text may wrap, the columns that describe
    a row (set on a line of their own when the rows are stacked), the columns whose names may
    break after a hyphen rather than the rows be stacked (a diff's rulesets, header_lines), and the
    columns whose values stand on lines of their own, without their name, when the rows are stacked
    as `name value` pairs (a title reads as itself: `title ` before it wrapped it at 60 columns)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...] | None, ...]
    right: frozenset[int] = frozenset()
    wrap: frozenset[int] = frozenset()
    head: frozenset[int] = field(default_factory=lambda: frozenset({0}))
    breaking: frozenset[int] = frozenset()
    bare: frozenset[int] = frozenset()
    phrases: frozenset[int] = frozenset()

    def cell_lines(self, i: int, text: str, width: int) -> list[str]:
        """Column `i`'s cell in a column `width` cells wide: whole, or wrapped (between its phrases
        first in a column of phrases, wrap_phrases)."""
        if i not in self.wrap:
            return [text]
        return wrap_phrases(text, width) if i in self.phrases else wrap(text, width)

    def _natural(self) -> list[int]:
        cells = [self.headers, *(r for r in self.rows if r is not None)]
        return [max(cell_width(row[i]) for row in cells) for i in range(len(self.headers))]

    def _narrowed(self, widths: list[int]) -> list[int]:
        """The widths with each breaking column's name broken (header_lines) down to its cells' width,
        in at most WRAP_LINES lines: `classical-bmja` over `classical-` and `bmja`."""
        rows = [r for r in self.rows if r is not None]
        out = list(widths)
        for i, name in enumerate(self.headers):
            if i not in self.breaking or i in self.wrap:
                continue
            cells = max((cell_width(r[i]) for r in rows), default=0)
            least = max([cells, *(cell_width(piece) for piece, _ in _name_pieces(name))])
            out[i] = next(w for w in range(least, widths[i] + 1) if len(header_lines(name, w)) <= WRAP_LINES)
        return out

    def header(self, i: int, width: int) -> list[str]:
        """Column `i`'s name in a column `width` cells wide: wrapped between words (a wrapping column),
        broken after its hyphens too (a breaking one, header_lines), else whole."""
        name = self.headers[i]
        return (
            wrap(name, width)
            if i in self.wrap
            else header_lines(name, width)
            if i in self.breaking
            else [name]
        )

    def widths(self, width: int, gap: int = 2) -> list[int] | None:
        """Column widths that fit `width` with `gap` cells between columns, narrowing the wrapping
        columns while no word is cut and no cell takes more than WRAP_LINES lines; None when
        the columns cannot fit so (the rows are then stacked). Where they cannot, the breaking columns'
        names are broken first (three rulesets' names over a diff's values) and the fit tried again."""
        widths = self._natural()
        found = self._fit(widths, width, gap)
        narrowed = self._narrowed(widths) if found is None else widths
        return self._fit(narrowed, width, gap) if narrowed != widths else found

    def _fit(self, widths: list[int], width: int, gap: int) -> list[int] | None:
        """widths' search from these starting widths (the wrapping columns narrowed)."""
        widths = list(widths)
        if sum(widths) + gap * (len(widths) - 1) <= width:
            return widths
        room = width - gap * (len(widths) - 1) - sum(w for i, w in enumerate(widths) if i not in self.wrap)
        if not self.wrap or room <= 0:
            return None
        rows = [self.headers, *(r for r in self.rows if r is not None)]
        least = {
            i: max(cell_width(word) for row in rows for word in row[i].split() or [""]) for i in self.wrap
        }
        while sum(widths[i] for i in self.wrap) > room:
            i = max(self.wrap, key=lambda k: widths[k])
            widths[i] -= 1
            if widths[i] < least[i]:
                return None
        for row in rows:
            if any(len(self.cell_lines(i, row[i], widths[i])) > WRAP_LINES for i in self.wrap):
                return None
        for i in self.wrap:  # as narrow as its wrapped lines: no blank margin in a wrapped column
            widths[i] = max(
                cell_width(line) for row in rows for line in self.cell_lines(i, row[i], widths[i])
            )
        return widths

    def flat(self, widths: list[int], gap: int = 2, rule: str = "-") -> list[str]:
        """The columns side by side at these widths, cells wrapped within their column."""
        sep = " " * gap

        def lines(row: tuple[str, ...]) -> list[str]:
            cells = [self.cell_lines(i, c, w) for i, (c, w) in enumerate(zip(row, widths, strict=True))]
            out = []
            for n in range(max(len(c) for c in cells)):
                parts = [
                    _pad(c[n] if n < len(c) else "", w, i in self.right)
                    for i, (c, w) in enumerate(zip(cells, widths, strict=True))
                ]
                out.append(sep.join(parts).rstrip())
            return out

        line = sep.join(rule * w for w in widths)
        names = [self.header(i, w) for i, w in enumerate(widths)]
        out = [
            sep.join(
                _pad(c[n] if n < len(c) else "", w, i in self.right)
                for i, (c, w) in enumerate(zip(names, widths, strict=True))
            ).rstrip()
            for n in range(max(len(c) for c in names))
        ]
        out.append(line)
        for row in self.rows:
            out += [line] if row is None else lines(row)
        return out

    def stacked(self, width: int, gap: int = 2, rule: str = "-") -> list[str]:
        """Each row as its describing cells on a line of their own and its values under them:
        in columns under one header where they fit, else as `name value` pairs."""
        return [line for _, line in self.stacked_rows(width, gap, rule)]

    def stacked_rows(self, width: int, gap: int = 2, rule: str = "-") -> list[tuple[int | None, str]]:
        """The stacked lines, each with the index of the row it describes (None for the header, the
        values and the breaks), so that a caller can style a row's description as its first cell."""
        values = [i for i in range(len(self.headers)) if i not in self.head]
        rows = [r for r in self.rows if r is not None]
        widths = [max(cell_width(r[i]) for r in [self.headers, *rows]) for i in values]
        aligned = INDENT + sum(widths) + gap * (len(widths) - 1) <= width
        out: list[tuple[int | None, str]] = []
        sep = " " * gap
        describe = self._describer(rows, width)
        if aligned:  # the pairs name their values themselves
            heading = describe(self.headers)
            out += [(None, line) for line in hanging(heading, width, 2 * INDENT)] if heading.strip() else []
            cells = [_pad(self.headers[i], w, i in self.right) for i, w in zip(values, widths, strict=True)]
            out.append((None, (" " * INDENT + sep.join(cells)).rstrip()))
            out.append((None, " " * INDENT + sep.join(rule * w for w in widths)))
        for n, row in enumerate(self.rows):
            if row is None:
                out.append((None, ""))
                continue
            described = describe(row)
            out += [(n, line) for line in hanging(described, width, 2 * INDENT)] if described else []
            if aligned:
                cells = [_pad(row[i], w, i in self.right) for i, w in zip(values, widths, strict=True)]
                out.append((None, (" " * INDENT + sep.join(cells)).rstrip()))
            else:
                bare = [row[i] for i in values if row[i] and i in self.bare]  # each on lines of its own
                named = [(self.headers[i], row[i]) for i in values if row[i] and i not in self.bare]
                out += [
                    (None, " " * INDENT + line) for text in bare for line in hanging(text, width - INDENT)
                ]
                out += [(None, line) for line in _pairs(named, width)]
        return out

    def _describer(self, rows: list[tuple[str, ...]], width: int) -> Callable[[Sequence[str]], str]:
        """How a stacked row's describing cells are joined: each but the last padded to its column's
        widest, as the heading is, where they leave half the width to the last (an evening report's
        `#  East  Round  Game` over `10  Ann  round 2  ...`: a user trial found them ragged at 60
        columns); else each as it is, the empty ones left out."""
        heads = sorted(self.head)
        lead = heads[:-1]
        widths = {i: max(cell_width(r[i]) for r in [self.headers, *rows]) for i in lead}
        if not lead or sum(widths.values()) + 2 * len(lead) > width // 2:
            return lambda row: "  ".join(row[i] for i in heads if row[i])
        return lambda row: "  ".join(
            [*(_pad(row[i], widths[i], i in self.right) for i in lead), row[heads[-1]]]
        ).rstrip()

    def lines(self, width: int, gap: int = 2, rule: str = "-") -> list[str]:
        """The table for a terminal `width` columns wide: side by side if it fits, else stacked."""
        widths = self.widths(width, gap)
        return self.flat(widths, gap, rule) if widths is not None else self.stacked(width, gap, rule)


def _name_pieces(name: str) -> list[tuple[str, str]]:
    """A column's name as the pieces it may break between, each with the glue before it: its words
    (a space) and, within a word, the parts after each hyphen (nothing)."""
    return [
        (piece, " " if at == 0 and n else "")
        for n, word in enumerate(name.split())
        for at, piece in enumerate(re.findall(r"[^-]*-+|[^-]+", word))
    ]


def header_lines(name: str, width: int) -> list[str]:
    """A column's name broken to `width` cells between its words and after its hyphens (a ruleset's
    name: `riichi-` over `ema-2016`); a piece wider than the column stands on a line of its own."""
    lines = [""]
    for piece, glue in _name_pieces(name):
        if lines[-1] and cell_width(lines[-1] + glue + piece) > width:
            lines.append(piece)
        else:
            lines[-1] += (glue if lines[-1] else "") + piece
    return lines


def _pairs(pairs: list[tuple[str, str]], width: int) -> list[str]:
    """`name value` pairs packed into indented lines under a stacked row (none split)."""
    lines = pack([f"{name} {value}" if name else value for name, value in pairs], width - INDENT)
    return [" " * INDENT + line for line in lines]


# --- the score card ------------------------------------------------------------------------------


def counted_words(score: Any) -> Any:
    """The ruleset's words (`words:`) where it scores by a doubling base, as riichi does (points x
    2^(doublings + base), docs/riichi.md "Reading the breakdown"): its players add the fu and count the
    han, never double a running total; None where the book's doubled running total is the reading."""
    return score.words if getattr(score, "base", 0) else None  # a log's lines: given the ruleset's


def value_text(line: Any, times: str = "×", counted: Any = None, words: Any = None) -> str:
    """A score line's value as the score card writes it: points, `double`, `double ×2` or `limit`;
    a doubling as `2 han` where the ruleset counts its doublings (`counted`: its Words); a limit hand as
    the ruleset's word for one (`words`: riichi's `yakuman`, Words.limit_line)."""
    if line.kind == "limit":
        return "limit" if words is None else str(words.limit_line)
    if line.doublings:
        if counted is not None:
            return str(counted.of(line.doublings))
        return "double" if line.doublings == 1 else f"double {times}{line.doublings}"
    return str(line.points)


def _running_texts(score: Any) -> list[str]:
    """Each line's Total: the book's running total (points, then doubled); where the ruleset counts its
    doublings (riichi), the running points in its words (`32 fu`), then the running doublings (`3 han`)."""
    counted = counted_words(score)
    if counted is None:
        return ["" if line.kind == "limit" else str(line.running) for line in score.lines]
    points = doublings = 0
    out = []
    for line in score.lines:
        points += 0 if line.doublings else line.points
        doublings += line.doublings
        if line.kind == "limit":
            out.append("")
        elif line.doublings:
            out.append(str(counted.of(doublings)))
        else:
            out.append(str(counted.points_of(points)))
    return out


def score_summary(score: Any, times: str = "×") -> str:
    """How a scored hand's score was reached, after `Score: N` on its card: `52 points, doubled 2
    times`; in the ruleset's words where it scores by a doubling base (`30 fu × 2^(3 han + 2)`, as
    riichi's players count it); a limit hand by its limit (`limit hand: Mangan: 5 han, 30 fu`)."""
    words = score.words
    summary = f"{score.points} {words.points}"
    if score.base:  # e.g. riichi's basic points: fu x 2^(han + 2)
        summary += f" {times} 2^({words.of(score.doublings)} + {score.base})"
    elif score.doublings:
        summary += f", doubled {how_many(score.doublings, 'time')}"
    if score.limit_hand:
        # A limit reached by doublings (riichi's Mangan to Sanbaiman): the han and fu that reached it, as
        # a riichi player checks them (docs/riichi.md "Han, basic points and limits"), in the ruleset's
        # words (riichi's han), as `rules show` says its tiers; a yakuman has none.
        reached = (
            f": {words.of(score.doublings)}, {score.points} {words.points}"
            if score.base and score.doublings
            else ""
        )
        summary = f"{paid_as(score)}: {score.limit_hand}{reached}"
    return summary


def paid_as(score: Any) -> str:
    """What a hand paid as a limit hand is called: the ruleset's word (`words:`, riichi's `yakuman`) where
    one of its limit hand rules gave it, the engine's `limit hand` where a limit by doublings did (riichi's
    Mangan is no yakuman, docs/riichi.md "Han, basic points and limits")."""
    by_rule = any(line.kind == "limit" and line.label == score.limit_hand for line in score.lines)
    return str(score.words.limit_hand) if by_rule else BOOK_LIMIT_HAND


def breakdown_grid(score: Any, set_of: Callable[[Any], str], times: str = "×") -> Grid:
    """A scored hand's lines as the score card's table: label, set (`set_of(line)`), value, total."""
    counted = counted_words(score)
    rows = tuple(
        (line.label, set_of(line), value_text(line, times, counted, getattr(score, "words", None)), total)
        for line, total in zip(score.lines, _running_texts(score), strict=True)
    )
    return Grid(
        ("Score line", "Set", "Value", "Total"),
        rows,
        right=frozenset({2, 3}),
        wrap=frozenset({0}),
        head=frozenset({0, 1}),
    )
