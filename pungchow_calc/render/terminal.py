"""Terminal output with rich: tiles as glyphs (or ASCII), the itemised breakdown, payments.

Only this module and `cli` import rich; the engine returns data and never prints.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..engine.errors import printable
from ..engine.hand import Meld, MeldKind
from ..engine.notation import parse
from ..engine.payments import payer_name, seat_name
from ..engine.rule_types import limit_words
from ..engine.scoring import Score
from ..engine.situation import how_won
from ..engine.table import Settlement, draw_settles_nothing
from ..engine.tiles import Tile, Wind
from .ascii import fit_data, fit_grid, is_ascii, output_stream
from .layout import (
    NARROWEST,
    Grid,
    breakdown_grid,
    counted_words,
    pack,
    paid_as,
    score_summary,
    terminal_width,
    value_text,
    wrap,
)


def unlike(ascii_only: bool) -> str:
    """`≠`, or `!=` in ASCII: two values that differ by no number (a doubling against points)."""
    return "!=" if ascii_only else "≠"


def arrow(out: Console) -> str:
    """`→`, or `->` where the output is ASCII (in running text, where width does not matter)."""
    return "->" if plain(out) else "→"


class _Console(Console):
    """rich's console, but a reader that leaves (`pungchow score ... | head -1`) is main's to handle:
    rich would exit 1 at once; main exits 0, as for every command (README, exit codes)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError

    def print(self, *objects: Any, **options: Any) -> None:
        """rich's print, each text first as the stream writes it: under ASCII, a ruleset's label or a
        path in another script (`漢字`) becomes its escapes before rich wraps the line, so the wrapped
        lines are measured as they are written (AsciiText would lengthen them after)."""
        if is_ascii(self.file):
            objects = tuple(_as_written(o, self.file) for o in objects)
        super().print(*objects, **options)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        """rich's rendering, but no line ends in spaces: a table's empty last cells and a wrapped
        line's gap pad what no one reads (`grep ' $'`, two outputs compared, a test's expected text)."""
        # A background is drawn only in colour: under NO_COLOR or to a pipe a code block's spaces are blank.
        return super()._render_buffer(
            _trimmed(buffer, shading=self.color_system is not None and not self.no_color)
        )


def _shaded(segment: Segment) -> bool:
    """A segment drawn on a background (a code block in `docs`): its spaces are seen, and kept."""
    return segment.style is not None and segment.style.bgcolor is not None


def _trimmed(segments: Iterable[Segment], shading: bool = True) -> list[Segment]:
    """The segments with the spaces that end each line left out (the last line, not ended, kept whole:
    a prompt's space before the answer); a shaded segment's kept where `shading` draws it."""
    out: list[Segment] = []
    line: list[Segment] = []

    def kept(segment: Segment) -> bool:
        return shading and _shaded(segment)

    def end_line() -> None:
        while line and not line[-1].control and not kept(line[-1]) and not line[-1].text.strip(" "):
            line.pop()
        if line and not line[-1].control and not kept(line[-1]):
            last = line[-1]
            line[-1] = Segment(last.text.rstrip(" "), last.style)
        out.extend(line)
        line.clear()

    for segment in segments:
        if segment.control or "\n" not in segment.text:
            line.append(segment)
            continue
        *ended, rest = segment.text.split("\n")
        for piece in ended:
            if piece:
                line.append(Segment(piece, segment.style))
            end_line()
            out.append(Segment("\n", segment.style))
        if rest:
            line.append(Segment(rest, segment.style))
    return out + line


def _as_written(shown: Any, stream: Any) -> Any:
    """A string or rich Text as `stream` writes it (fit_data), a Text's styles kept on its pieces."""
    if isinstance(shown, str):
        return fit_data(shown, stream)
    if not isinstance(shown, Text) or shown.plain.isascii():
        return shown
    cuts = sorted({at for span in shown.spans for at in (span.start, span.end)})
    pieces = []
    for piece in shown.divide(cuts):  # each span covers its pieces whole
        fitted = Text(fit_data(piece.plain, stream), style=piece.style)
        for span in piece.spans:
            fitted.stylize(span.style)
        pieces.append(fitted)
    return Text("", style=shown.style, justify=shown.justify, no_wrap=shown.no_wrap).join(pieces)


def console(ascii_only: bool = False, *, stderr: bool = False) -> Console:
    """A console that honours NO_COLOR (rich reads it) and keeps tables readable when piped; it
    writes plain ASCII with `--ascii`, or when the stream's encoding cannot hold the tile glyphs."""
    stream = output_stream(ascii_only, stderr=stderr)
    if is_ascii(stream):
        out = _Console(file=stream, highlight=False, soft_wrap=False)
    else:
        out = _Console(stderr=stderr, highlight=False, soft_wrap=False)
    if out.is_dumb_terminal:  # rich takes TERM=dumb as 80 columns, whatever the terminal's width
        out.size = (terminal_width(), out.height)  # both: rich reads its width only with a height
    if out.width < NARROWEST:  # rich takes COLUMNS=0 as it is: the layouts would find no room at all
        out.width = NARROWEST
    return out


def plain(out: Console, ascii_only: bool = False) -> bool:
    """True when tiles should be written as codes: asked for, or the console writes ASCII only."""
    return ascii_only or is_ascii(out.file)


def tiles_text(tiles: tuple[Tile, ...], ascii_only: bool, winning: Tile | None = None) -> str:
    """Tiles as Unicode glyphs or as notation codes, touching (a set reads as one word, and pasted
    back it is read as one group); `!` after the winning tile."""
    marked = False
    parts = []
    for tile in tiles:
        text = tile.code if ascii_only else tile.glyph
        if tile is winning and not marked:
            text += "!"
            marked = True
        parts.append(text)
    return "".join(parts)


def meld_text(meld: Meld, ascii_only: bool, winning: Tile | None = None) -> str:
    """A set with its marker (`*`, `#`, `+`, as Meld.code writes it); `!` on the winning tile if given."""
    body = tiles_text(meld.tiles, ascii_only, winning if meld.winning else None)
    return body + meld.mark


def set_text(code: str, ascii_only: bool) -> str:
    """A set written as notation (`5c5c5c*`), in the output's tile style."""
    if ascii_only:
        return code
    group = parse(code).groups[0]
    return tiles_text(group.tiles, False) + group.marker.value


def winning_tile(score: Score) -> Tile | None:
    """The tile marked `!` in the scored hand (None for a loser or an original hand)."""
    return next((g.tiles[g.winning] for g in parse(score.hand).groups if g.winning is not None), None)


def hand_parts(score: Score, ascii_only: bool) -> list[str]:
    """The arrangement as words: each set, the leftover tiles one by one, the bonus tiles."""
    winning = winning_tile(score) if score.situation.winner else None
    parts = [meld_text(m, ascii_only, winning) for m in score.arrangement if m.kind is not MeldKind.SINGLE]
    singles = [
        tiles_text(m.tiles, ascii_only, winning if m.winning else None)
        for m in score.arrangement
        if m.kind is MeldKind.SINGLE
    ]
    if singles:
        parts.append(" ".join(singles))
    if score.bonus_tiles:
        parts.append(tiles_text(score.bonus_tiles, ascii_only))
    return parts


def hand_text(score: Score, ascii_only: bool) -> str:
    """The arrangement drawn as tiles, groups separated by wide gaps."""
    return "   ".join(hand_parts(score, ascii_only))


def print_hand(out: Console, parts: list[str], label: str = "Hand: ", gap: str = "   ") -> None:
    """`Hand: ` and the sets, wrapped to the console between sets, never inside one."""
    line = Text(label, style="bold")
    fresh = True  # nothing on this line yet but the label or its indent
    for part in parts:
        if not fresh and line.cell_len + len(gap) + cell_len(part) > out.width:
            out.print(line, overflow="ignore", crop=False)
            line, fresh = Text(" " * len(label)), True
        line.append(part if fresh else gap + part)
        fresh = False
    out.print(line, overflow="ignore", crop=False)


def print_lines(out: Console, lines: list[str], style: str = "") -> None:
    """Lines already fitted to the console, printed as they are (no markup, no wrapping)."""
    for line in lines:
        out.print(Text(line, style=style), overflow="ignore", crop=False)


def print_phrases(out: Console, phrases: list[str]) -> None:
    """A sentence of phrases, a space between, wrapped to the console between phrases only: a number
    stays with its words (`winners collect +135872`, `480 → 8000 (+7520)`), never on a line alone."""
    print_lines(out, pack([fit_data(phrase, out.file) for phrase in phrases], out.width, gap=" "))


def print_grid(
    out: Console, grid: Grid, styles: dict[tuple[int, int], str] | None = None, show_header: bool = True
) -> None:
    """A table that fits the console (layout.Grid): rich's columns at the widths the grid gives, or,
    when the columns cannot fit side by side, the grid's rows stacked; `styles` by (row, column)."""
    grid = fit_grid(grid, out.file)
    widths = grid.widths(out.width, gap=3)  # rich draws ` │ ` between columns
    styles = styles or {}
    if widths is None:
        for n, line in grid.stacked_rows(out.width, rule="-" if plain(out) else "─"):
            print_lines(out, [line], "" if n is None else styles.get((n, 0), ""))
        return
    table = Table(show_edge=False, pad_edge=False, show_header=show_header)

    def lines(i: int, cell: str) -> str:
        # A wrapping column's cell broken by the grid itself, as its widths were found: rich measures a
        # line's trailing gap in characters, not cells, and a line of wide characters (漢字, 🀄) as wide
        # as its column came out cut, its last character (a kong's `#`) made `…`.
        return "\n".join(grid.cell_lines(i, cell, widths[i]))

    for i, width in enumerate(widths):
        table.add_column(
            "\n".join(grid.header(i, width)),
            justify="right" if i in grid.right else "left",
            width=width,
            no_wrap=i not in grid.wrap,
        )
    for n, row in enumerate(grid.rows):
        if row is None:
            table.add_section()
            continue
        table.add_row(*(Text(lines(i, cell), style=styles.get((n, i), "")) for i, cell in enumerate(row)))
    out.print(table)


def print_title(out: Console, title: str) -> None:
    """A table's title on lines of its own, wrapped between words to the console."""
    print_lines(out, wrap(fit_data(title, out.file), out.width))


_KIND_STYLES = {"double": "cyan", "limit": "bold magenta", "penalty": "red"}


def print_breakdown(out: Console, score: Score, ascii_only: bool = False) -> None:
    """The itemised breakdown: each line, its set, its value, and the running total."""
    s = score.situation
    who = "winner" if s.winner else "non-winning hand"
    how = f", {how_won(s)}" if s.winner else ""
    print_title(out, f"{score.ruleset} · {s.seat.word} seat · {s.round.word} round · {who}{how}")
    melds = {m.code: m for m in score.arrangement}

    def set_of(line: Any) -> str:
        meld = melds.get(line.meld)
        return meld_text(meld, ascii_only) if meld is not None else ""

    styles = {(n, 0): _KIND_STYLES.get(line.kind, "") for n, line in enumerate(score.lines)}
    print_grid(out, breakdown_grid(score, set_of), styles)


def print_score(score: Score, out: Console, ascii_only: bool = False) -> None:
    """Print a scored hand: tiles, breakdown, final score, waits and payments."""
    ascii_only = plain(out, ascii_only)
    print_hand(out, hand_parts(score, ascii_only))
    print_breakdown(out, score, ascii_only)
    summary = score_summary(score)
    line = Text("Score: ", style="bold") + Text(f"{score.score}", style="bold green") + Text(f"  ({summary})")
    out.print(line)
    if score.limit is not None:
        capped = " (capped)" if score.payable < score.score else ""
        out.print(f"Limit: {score.limit}; payable {score.payable}{capped}")
    if score.waits:
        out.print("Waits: " + " ".join(tiles_text((t,), ascii_only) for t in score.waits))
    if score.payments:
        # East's share multiplied is said where it is paid, as `settle` says it ("East x2"), so that no
        # number stands unexplained (east pays 600 of a payable 300).
        east = f" (East ×{score.east_factor})" if score.east_factor > 1 else ""
        paid = [
            f"{payer_name(payer)} pays {amount}{east if payer is Wind.EAST else ''}"
            for payer, amount in score.payments.items()
        ]
        collects = f"{score.situation.seat.word} collects {sum(score.payments.values())}"
        collects += east if score.situation.seat is Wind.EAST else ""
        if score.counters:  # a riichi player checks 2600 as 2000 and the counters (docs/riichi.md)
            collects += f" ({score.counters} of it for --honba {score.situation.honba})"
        print_payments(
            out, paid, [collects, f"and {score.deposits} in deposits"] if score.deposits else [collects]
        )
    for note in score.notes:
        out.print(Text("Note: ", style="bold") + Text(note))


def print_payments(out: Console, paid: list[str], collected: list[str]) -> None:
    """`Payments: A pays 1, B pays 2 — C collects 3`, broken between payments where the line would pass
    the terminal's width (rich's own wrapping would break inside one and leave its number alone)."""
    collected = [f"— {collected[0]}", *collected[1:]]  # the dash stays with who collects
    units = [f"{part}," for part in paid[:-1]] + [paid[-1]]
    units += [f"{part}," for part in collected[:-1]] + [collected[-1]]
    lines = ["Payments:"]
    for unit in units:
        if len(lines[-1]) + 1 + len(unit) > out.width and lines[-1] != "Payments:":
            lines.append(unit)
        else:
            lines[-1] += " " + unit
    for line in lines:
        out.print(line)


def _east_times(wash: Any) -> str:
    """`, East ×2` where a house washing table multiplies East's payment (the book's does not, Part II):
    the payments below would otherwise disagree with `from each player` with no word of why."""
    return f", East ×{wash.east_times}" if wash.east_times > 1 else ""


def print_wash(wash: Any, out: Console, ascii_only: bool = False) -> None:
    """Print a hand that washes the tiles (Part II): its different heads and what each player pays."""
    ascii_only = plain(out, ascii_only)
    print_hand(out, [tiles_text((t,), ascii_only) for t in wash.heads], "Heads: ", " ")
    out.print(
        Text("Washing the tiles: ", style="bold")
        + Text(f"{len(wash.heads)} different heads", style="bold green")
        + Text(f" — {wash.each} from each player{_east_times(wash)} ({wash.ruleset})")
    )
    paid = [f"{seat.word} pays {amount}" for seat, amount in wash.payments.items()]
    print_payments(out, paid, [f"{wash.seat.word} collects {wash.total}"])


# --- batch, diff and rules ---------------------------------------------------------------


def where(record: dict[str, Any]) -> str:
    """A batch record's position for a person: `line 14`, or in a list `item 317 (line 1)`, a refused
    one's with the column where it starts, `item 317 (line 1, column 4521)`: a list written on one line
    (a web form's export) starts every item on line 1, and the item names which, the column where."""
    if "column" in record:
        return f"item {record['item']} (line {record['line']}, column {record['column']})"
    if "item" in record:
        return f"item {record['item']} (line {record['line']})"
    return f"line {record['line']}"


def print_compare_summary(
    summary: dict[str, Any], out: Console, columns: tuple[str, ...] | None = None
) -> None:
    """`batch --compare A B`: how many hands change, and by how much; `columns`: A and B as the summary
    names them (ruleset_files.column_names), else as given."""
    a, b = columns or summary["rulesets"]
    # The title and the sentences on lines of their own, wrapped between words (the sentences between
    # phrases: a number stays with its words): rich pads a table's title to the table's width.
    print_title(out, f"{a} {arrow(out)} {b}")
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("", overflow="fold")  # a long ruleset path is folded whole, never cut with …
    table.add_column("hands", justify="right")
    rows = [
        ("entries", summary["entries"]),
        ("scored under both", summary["scored"]),
        ("failed", summary["failed"]),
        ("unchanged", summary["unchanged"]),
        ("changed (score or payable)", summary["changed"]),
        (f"score higher under {b}", summary["higher"]),
        (f"score lower under {b}", summary["lower"]),
        ("payable changed", summary["payable_changed"]),
    ]
    for label, value in rows:
        table.add_row(label, str(value))
    out.print(table)
    # Deposits only when they differ, as `score` says them ("collects N and D in deposits"): a
    # summary of hands without any reads as it always did.
    deposits = summary["deposits_difference"]
    print_phrases(
        out,
        [
            f"Score difference ({b} − {a}):",
            f"total {summary['score_difference']:+},",
            f"mean {summary['mean_score_difference']:+} per hand;",
            f"payable {summary['payable_difference']:+};",
            f"winners collect {summary['collects_difference']:+}"
            + (f" and {deposits:+} in deposits" if deposits else ""),
        ],
    )
    for key, word in (("biggest_rise", "Biggest rise"), ("biggest_fall", "Biggest fall")):
        found = summary[key]
        if found:
            sa, sb = found["score"]
            *sets, last = found["hand"].split(" ")
            change = f"{sa} {arrow(out)} {sb} ({found['difference']:+})"
            print_phrases(out, [f"{word}: {where(found)}", *sets, f"{last}:", change])


def _diff_value(line: Any, score: Any) -> str:
    """A line's value in a ruleset's column, in its words (riichi's `2 han`, counted_words)."""
    if line is None:
        return "—"
    return value_text(line, counted=counted_words(score), words=score.words)


def print_hand_diff(
    diff: Any, out: Console, ascii_only: bool = False, columns: tuple[str, ...] | None = None
) -> None:
    """`pungchow diff`: the hand under each ruleset, line by line, with totals and differences; a
    ruleset that refused the hand shows `refused` and, below the table, why. `columns`: each ruleset as
    its column is headed and the lines below name it (ruleset_files.column_names), else as given."""
    ascii_only = plain(out, ascii_only)
    names = columns or diff.names
    two = len(names) == 2
    first = hand_parts(diff.first, ascii_only)
    print_hand(out, first)
    # A ruleset that arranges the hand otherwise (riichi's three chows where the book sees three pungs)
    # scores sets the line above does not show: its arrangement follows, named (docs/batch.md, diff).
    for name, score in zip(names, diff.scores, strict=True):
        parts = [] if score is None else hand_parts(score, ascii_only)
        if parts and parts != first:
            label = fit_data(f"{name} arranges it: ", out.file)
            if cell_len(label) > out.width // 2:  # a long path: its sets on lines of their own
                print_phrases(out, [name, "arranges it:"])
                label = " " * len("Hand: ")
            print_hand(out, parts, label)
    headers = ["Score line", "Set", *names, *(["diff" if ascii_only else "Δ"] if two else [])]
    refused = [diff.refusal(i) is not None for i in range(len(names))]
    rows: list[tuple[str, ...] | None] = []
    styles: dict[tuple[int, int], str] = {}
    for row in diff.rows:
        cells = [
            "" if no else _diff_value(v, s) for v, no, s in zip(row.values, refused, diff.scores, strict=True)
        ]
        if row.differs:
            styles[len(rows), 0] = "yellow"
        extra = []
        if two:
            # Points differ by a number; a doubling or a limit hand, or points against one, by no number a
            # column can say: marked `≠` (`!=`), never left blank as an equal row is (docs/batch.md, diff).
            a, b = row.values
            both_points = all(v is None or not (v.doublings or v.kind == "limit") for v in row.values)
            points = (b.points if b else 0) - (a.points if a else 0)
            change = f"{points:+}" if both_points else unlike(ascii_only)
            extra = [change if row.differs else ""]
        shown = set_text(row.set, ascii_only) if row.set else ""
        rows.append((row.label, shown, *cells, *extra))
    rows.append(None)
    totals = [diff.totals(i) for i in range(len(names))]
    # A row's label is each ruleset's word for it, where they differ (its `words:`): riichi's points are
    # fu and its doublings han, so `points / fu`, never fu read as the book's points.
    words = {
        key: " / ".join(dict.fromkeys(getattr(s.words, key) for s in diff.scores if s is not None))
        for key in ("points", "doublings")
    }
    for key in ("points", "doublings", "score", "payable"):
        values = [None if t is None else t[key] for t in totals]
        extra = [_signed_difference(values)] if two else []
        if two and " / " in words.get(key, "") and values[0] != values[1]:
            extra = [unlike(ascii_only)]  # fu less points is no number of either: `≠`, as a doubling's row
        cells = ["refused" if t is None else str(v) for t, v in zip(totals, values, strict=True)]
        styles[len(rows), 0] = "bold"
        rows.append((words.get(key, key), "", *cells, *extra))
    seats = [
        seat
        for seat in ("east", "south", "west", "north", "discarder")
        if any(seat in ((t or {}).get("payments") or {}) for t in totals)
    ]
    # The payments' differences as `diff --json` gives them (a payer absent from one ruleset pays 0 there).
    paid = ((diff.difference(1) if two else None) or {}).get("payments") or {}
    for seat in seats:
        values = [((t or {}).get("payments") or {}).get(seat) for t in totals]
        extra = [f"{paid[seat]:+}" if seat in paid else ""] if two else []
        rows.append((f"{seat} pays", "", *["—" if v is None else str(v) for v in values], *extra))
    # The table's counters and deposits, when stated: what each ruleset adds to the collection for the
    # counters (in the payments above) and gives the winner from the deposits (0: nothing).
    situation = diff.first.situation
    for key, label in (
        ("counters", f"honba ({situation.honba})"),
        ("deposits", f"deposits ({situation.deposits})"),
    ):
        values = [None if t is None else t.get(key) for t in totals]
        if all(v is None for v in values):
            continue
        extra = [_signed_difference(values)] if two else []
        cells = [
            "refused" if t is None else "—" if v is None else str(v)
            for t, v in zip(totals, values, strict=True)
        ]
        rows.append((label, "", *cells, *extra))
    grid = Grid(
        tuple(headers),
        tuple(rows),
        right=frozenset(range(2, len(headers))),
        wrap=frozenset({0}),
        head=frozenset({0, 1}),
        # Three rulesets' names side by side left the labels too little room (`riichi-` over `ema-2016`).
        breaking=frozenset(range(2, 2 + len(names))),
    )
    print_grid(out, grid, styles)
    for i, name in enumerate(names):
        score, refusal = diff.scores[i], diff.refusal(i)
        if refusal is not None:
            # The engine's own line names the ruleset too, as it was given; its column as `score` and a
            # batch record say it (PungchowError.__str__).
            said = str(refusal).removeprefix(f"{diff.names[i]}: ").removeprefix(f"{name}: ")
            out.print(f"{name} refuses the hand: {said}", markup=False, highlight=False)
        elif score.limit_hand:
            out.print(f"{name}: {paid_as(score)} — {score.limit_hand}")
    # A row shows the first ruleset's label: where another scores the line otherwise under its own, that
    # name is said, once (the book's "All honor pieces" is BMJA's "Only Honors", riichi's "Tsuu Iisou").
    # A set's row where another ruleset scores the set by another rule (Row.other_rules) is said as such,
    # never as one rule under two names (the book's pair drawn to complete, DMJL's pair of dragons).
    said_names: set[str] = set()
    for row in diff.rows:
        others = ", ".join(f"{label} in {names[i]}" for i, label in row.named_otherwise)
        shared = ", ".join(f"{label} in {names[i]}" for i, label in row.sharing)
        own = next(i for i, v in enumerate(row.values) if v is not None)  # the row's label's ruleset
        for title, line in (
            ("Named otherwise: ", f"{row.label} is {others}" if others else ""),
            ("One set, other rules: ", f"{row.label} ({names[own]}), {shared}" if shared else ""),
        ):
            if line and line not in said_names:
                said_names.add(line)
                out.print(Text(title, style="bold") + Text(printable(fit_data(line, out.file))))
    # What `score` notes under each ruleset (a fact none of its rules can use, ...): each names its ruleset
    # by its `name:`; a column headed otherwise (two files of one name) is named before it. A note said
    # alike under two rulesets (what a dora indicator shows, docs/riichi.md "Dora") is said once.
    said_notes: set[str] = set()
    for name, score in zip(names, diff.scores, strict=True):
        column = f"{name}: " if score is not None and score.ruleset != name else ""
        for note in score.notes if score is not None else ():
            if note not in said_notes:
                said_notes.add(note)
                out.print(Text("Note: ", style="bold") + Text(column + note))


def _signed_difference(values: list[Any]) -> str:
    """The second value minus the first, signed; blank when either is missing."""
    return "" if None in values else f"{values[1] - values[0]:+}"


def print_settlement(settlement: Settlement, out: Console, ascii_only: bool = False) -> None:
    """Print a settled table: each seat's hand and score, who pays whom and why, and each seat's net."""
    ascii_only = plain(out, ascii_only)
    s = settlement
    head = f"{s.ruleset or 'scores'} · {limit_words(s.limit, s.limit_tiers)}"
    head += f" · East pays and collects ×{s.east_multiplier}" if s.east_multiplier > 1 else ""
    out.print(Text(head, style="bold"))
    rows: list[tuple[str, ...] | None] = []
    for seat in s.seats:
        scored = s.hands.get(seat)
        # A hand that was not scored (a false Mah-Jongg ends the hand before any is) has no score of its
        # own: shown as a score given of 0, it read as if the player had typed one.
        given = seat in s.scored
        shown = (
            hand_text(scored, ascii_only)
            if scored is not None
            else ("(score given)" if given else "(not scored)")
        )
        if seat in s.dead:
            shown += f"  [dead: {s.dead[seat]}]"
        own = str(s.scored[seat]) if given else ("" if scored is None else str(s.scores[seat]))
        rows.append((seat_name(seat), shown, own, str(s.scores[seat])))
    winner = {(n, 0): "bold green" for n, seat in enumerate(s.seats) if seat is s.winner}
    grid = Grid(("Seat", "Hand", "Score", "Settles on"), tuple(rows), frozenset({2, 3}), frozenset({1}))
    print_grid(out, grid, winner)
    # A draw that settles nothing (draw_settles: false) says so once, on its No winner line.
    nothing = draw_settles_nothing(s.ruleset or "") if not s.draw_settles else None
    if s.winner is not None:
        capped = (
            f", payable {s.payable} (limit)"
            if s.payable is not None and s.payable < s.scores[s.winner]
            else ""
        )
        out.print(
            Text("Winner: ", style="bold") + Text(f"{seat_name(s.winner)}, {s.scores[s.winner]}{capped}")
        )
    elif any(p.type == "false_mahjongg" for p in s.penalties):
        # Nothing but the false call settles (Part II "Penalties" 1): not the hands' differences.
        out.print(
            Text("No winner: ", style="bold") + Text("a false Mah-Jongg ends the hand; no score counts")
        )
    elif nothing is not None:  # no hand scores without a winner: its note, said here once with the why
        out.print(Text("No winner: ", style="bold") + Text(nothing))
    else:
        out.print(Text("No winner: ", style="bold") + Text("the hands settle their differences only"))
    for penalty in s.penalties:
        out.print(
            Text("Penalty: ", style="bold red")
            + Text(f"{penalty.label} ({seat_name(penalty.seat)}): {penalty.detail}")
        )
    for note in (n for n in s.notes if n != nothing):
        out.print(Text("Note: ", style="bold") + Text(note))
    out.print()
    if s.payments:
        rows = [
            (str(n), seat_name(p.payer), seat_name(p.payee), str(p.amount), p.reason)
            for n, p in enumerate(s.payments, 1)
        ]
        grid = Grid(
            ("#", "From", "To", "Amount", "Reason"),
            tuple(rows),
            right=frozenset({0, 3}),
            wrap=frozenset({4}),
            phrases=frozenset({4}),  # a reason's phrases kept whole where they fit: `rounded up to 100`
        )
        print_grid(out, grid)
    else:
        out.print("No payments.")
    if s.deposits and s.winner is not None:
        taker = seat_name(s.winner)
        out.print(f"Deposits: {taker} takes {s.deposits} from the table (put down earlier: not in Net)")
    out.print()
    rows = []
    styles = {}
    for n, seat in enumerate(s.seats):
        paid = sum(p.amount for p in s.payments if p.payer is seat)
        got = sum(p.amount for p in s.payments if p.payee is seat)
        net = s.net[seat]
        styles[n, 3] = "green" if net > 0 else ("red" if net < 0 else "")
        rows.append((seat_name(seat), str(paid), str(got), f"{net:+d}" if net else "0"))
    print_grid(out, Grid(("Seat", "Pays", "Receives", "Net"), tuple(rows), frozenset({1, 2, 3})), styles)
    total = sum(s.net.values())
    mark = "ok" if ascii_only else "✓"
    out.print(f"Check: nets sum to {total} {mark if total == 0 else 'MISMATCH'}")


_TABLE_ROW = re.compile(r"^\|.*\|\s*$")
_CELL_SPLIT = re.compile(r"(?<!\\)\|")


def stacked_tables(text: str, width: int) -> str:
    """The Markdown with each table wider than `width` written as a list, a row an item: its first cell,
    then each other cell after its column's name (`meaning: ...`), wrapped between words as any text
    (folded into columns, an option's name broke mid-word, `--robbing-kon` / `g`, at 60 columns)."""
    lines = text.split("\n")
    out: list[str] = []
    fenced = False  # inside an example (```): its lines are shown as they are
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("```"):
            fenced = not fenced
        j = i
        while not fenced and j < len(lines) and _TABLE_ROW.match(lines[j]):
            j += 1
        block = lines[i:j]
        if len(block) < 3 or not re.fullmatch(r"[|\s:-]+", block[1]):
            out.append(lines[i])
            i += 1
            continue
        rows = [[cell.strip() for cell in _CELL_SPLIT.split(line.strip()[1:-1])] for line in block]
        names, body = rows[0], rows[2:]
        widths = [max(len(row[k]) if k < len(row) else 0 for row in rows) for k in range(len(names))]
        if sum(widths) + 3 * len(widths) + 1 <= width:
            out += block
        else:
            for row in body:
                rest = [f"{name}: {cell}" for name, cell in zip(names[1:], row[1:], strict=False) if cell]
                head = row[0] if row[0] else names[0]
                out.append(f"- {head}" + (f" — {'; '.join(rest)}" if rest else ""))
        i = j
    return "\n".join(out)


def print_markdown(text: str, out: Console) -> None:
    """A document of the manual (Markdown) laid out for the terminal's width: its paragraphs, lists,
    tables and examples wrapped to fit (its source lines run to 110 columns). A link to another page
    of the manual or a part of this one (`notation.md`, `#errors`) is shown as its text, which names
    it: the file is no path on the reader's machine; a web address is shown after its text."""
    from rich.markdown import Markdown, TableElement

    class _Table(TableElement):
        """A Markdown table whose long words (an error code, a field's name) fold onto the next line
        rather than end in `…`: nothing is cut (README, "Help and conventions")."""

        def __rich_console__(self, console: Console, options: Any) -> Any:
            rows = [*([self.header.row] if self.header and self.header.row else [])]
            for row in [*rows, *(self.body.rows if self.body else [])]:
                for cell in row.cells:
                    cell.content.overflow = "fold"
            yield from super().__rich_console__(console, options)

    class _Manual(Markdown):
        elements = {**Markdown.elements, "table_open": _Table}

    document = _Manual(stacked_tables(text, out.width), hyperlinks=False)
    for token in document.parsed:
        if token.children:
            kept, dropped = [], []  # dropped: for each link open, whether its tags are left out
            for child in token.children:
                if child.type == "link_open":
                    dropped.append("://" not in str(child.attrs.get("href", "")))
                    if dropped[-1]:
                        continue
                elif child.type == "link_close" and dropped.pop():
                    continue
                kept.append(child)
            token.children = kept
    out.print(document)
