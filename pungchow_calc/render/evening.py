"""Plain-text output of `pungchow evening`: status, a game's settlement, reports, stats and the chart.

Plain characters and no colour, so it reads the same with NO_COLOR and in a pipe; every table fits the
terminal's width (COLUMNS, else the terminal's, else 80 in a pipe), its rows stacked when its columns
cannot fit side by side (layout.Grid). The commands write it through `ascii.output_stream`, so
that `--ascii`, or a terminal that cannot encode the punctuation and sparklines, gets plain ASCII as
every other command does.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Callable
from typing import Any

from ..csv_safe import csv_cell
from ..engine.errors import how_many
from ..engine.rule_types import Settings
from ..evening.names import by_name
from ..evening.report import ASCII_SPARKS, SPARKS, ordinal, scores, sparkline, wash_reason
from ..evening.state import Game
from .ascii import fit_data, fit_grid
from .layout import (
    Grid,
    breakdown_grid,
    cell_width,
    hanging,
    hanging_phrases,
    pack,
    score_summary,
    terminal_width,
)

WIDTH = 80


def signed(value: int) -> str:
    """A total or a change with its sign (+40, -40), and 0 as 0, as status and report show them."""
    return f"{value:+d}" if value else "0"


def table(
    headers: list[str],
    rows: list[list[Any]],
    right: set[int] | None = None,
    width: int | None = None,
    wrap_columns: set[int] | None = None,
    head: set[int] | None = None,
) -> str:
    """A table for a terminal `width` wide (the terminal's by default): columns padded to their
    widest cell, those in `right` (numbers) aligned right; the columns in `wrap_columns` wrap between
    words, and when the columns still cannot fit each row is stacked, its `head` columns (the first
    by default) on a line of their own and its values under them."""
    grid = Grid(
        tuple(headers),
        tuple(tuple(str(c) for c in row) for row in rows),
        right=frozenset(right or ()),
        wrap=frozenset(wrap_columns or ()),
        head=frozenset(head if head is not None else {0}),
    )
    return "\n".join(grid.lines(width or terminal_width()))


def _lines(text: str, width: int, indent: int = 4) -> list[str]:
    """A line of running text wrapped to `width`, later lines indented under the first."""
    return hanging(text, width, indent)


def local_time(at: object) -> str:
    """A log's UTC time stamp as the reader's local time (TZ respected): `2026-11-25 21:14 CET`."""
    import time
    from datetime import UTC, datetime

    if not at or not isinstance(at, str):  # a start line's `"at": 5`, accepted by `repair`: no time at all
        return "an unknown time"
    try:
        moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return at  # written by hand: shown as it is
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    if hasattr(time, "tzset"):
        time.tzset()  # TZ may have been set since start-up
    local = moment.astimezone()
    return f"{local:%Y-%m-%d %H:%M} {local.tzname() or ''}".rstrip()


def status_text(
    status: dict[str, Any],
    running: dict[str, list[int]],
    path: str,
    ascii_only: bool = False,
    width: int | None = None,
) -> str:
    """`evening status`: games, round and set, East and his streak, who deals next, totals, the check
    (the running totals of the last games that fit drawn as levels, in ASCII when the output is)."""
    width = width or terminal_width()
    levels = ASCII_SPARKS if ascii_only else SPARKS
    sets = f" of {status['sets']}" if status["sets"] else ""
    where = (
        f"{status['round'].capitalize()} round" if status["round_wind"] else f"round {status['round_number']}"
    )
    games = status["games"]
    lines = [
        *_lines(f"{os.path.basename(path)} · {status['ruleset']} · {how_many(games, 'game')} played", width),
        *_lines(
            f"Set {status['set']}{sets}, {where}" + (" · the evening is over" if status["over"] else ""),
            width,
        ),
    ]
    times = status["streak"]
    kept = f" (has kept the deal {how_many(times, 'time')})" if times else ""
    if status["over"]:  # the agreed sets are played: no next deal to name (docs/evening.md)
        played = f"the {how_many(status['sets'], 'set')} agreed on"
        lines += _lines(
            f"Nobody deals next: {played} {'has' if status['sets'] == 1 else 'have'} been played",
            width,
        )
    else:
        lines += _lines(f"East: {status['east']}{kept}; {_who_deals(status)}", width)
        run = status.get("east_run")
        if run is not None:  # a ruleset with a cap only: the book's status reads as it always has
            lines += _lines(_east_run(status["east"], run), width)
    totals = {name: signed(status["totals"][name]) for name in status["seats"]}
    used = (
        max(cell_width(n) for n in ["Player", *totals])
        + max(len(w) for w in ["Seat", *status["seats"].values()])
        + max(len(t) for t in ["Total", *totals.values()])
        + 6
    )
    games_shown = max(8, min(40, width - used))  # the last games that fit beside the totals
    rows = [
        [name, wind, totals[name], sparkline(running[name][-games_shown:], levels)]
        for name, wind in status["seats"].items()
    ]
    lines += ["", table(["Player", "Seat", "Total", "Running"], rows, {2}, width)]
    ok = "ok" if status["balanced"] else f"NOT ZERO ({status['net_sum']:+d})"
    lines.append(f"\nCheck: totals sum to {status['net_sum']} — {ok}")
    lines += [line for note in status["notes"] for line in _lines(f"note: {note}", width)]
    return "\n".join(lines)


def _who_deals(status: dict[str, Any]) -> str:
    """Who deals after the next game: `next_east` if East loses, and where a cap of the ruleset passes the
    deal though East keeps it (report.east_run's passes_on: any game of his, or his win), that too, so
    that "if East loses" alone does not say East may stay."""
    after = status["next_east"]
    run = status.get("east_run") or {}
    if run.get("passes_on") == "any":
        return f"{after} deals next, whatever the game"
    if run.get("passes_on") == "win":
        return f"if East loses, or wins his {ordinal(run['east_win_cap'])} in a row, {after} deals next"
    return f"if East loses, {after} deals next"


def _east_run(east: str, run: dict[str, Any]) -> str:
    """The present East's run toward the ruleset's caps (report.east_run): `Ann as East: 3 wins in a row
    (the deal passes on the 9th)`, `Ann as East: kept the deal 2 times in a row (3 at most)`."""
    said = []
    if run["east_win_cap"] is not None:
        wins = run["wins"]
        said.append(
            f"{how_many(wins, 'win')} in a row (the deal passes on the {ordinal(run['east_win_cap'])})"
        )
    if run["east_repeat_cap"] is not None:
        kept = run["kept"]
        said.append(f"kept the deal {how_many(kept, 'time')} in a row ({run['east_repeat_cap']} at most)")
    return f"{east} as East: {'; '.join(said)}"


def shown_game(game: Game, out: Any) -> Game:
    """The game with each name as `out` writes it (fit_data: under ASCII its escapes, `\\u674e`), so
    game_text lays the escapes out with the rest and its lines fit the width; settled first, since
    its record still names the players as seated."""
    from dataclasses import replace

    seats = fit_data(game.seats, out)
    if seats == game.seats:
        return game
    return replace(game, seats=seats, net=fit_data(game.net, out), settled=game.detail)


def game_text(
    game: Game,
    what: str,
    where: str,
    breakdown: bool = True,
    width: int | None = None,
    said: Callable[[str], str] = str,
    out: Any = None,
) -> str:
    """One game: each player's seat, score and net, the winner's breakdown, and the payments; `said`
    turns the engine's words in a note or penalty into the speaker's (`evening play`'s prompts' words
    for the options), before each seat is named and the line wrapped, so the line fits as shown; the
    ruleset's labels as `out` writes them (fit_data), so their escapes under ASCII fit too."""
    from ..engine.table import Settlement

    width = width or terminal_width()
    detail = game.detail
    hands = detail.hands if isinstance(detail, Settlement) else {}
    names = {w: name for name, w in game.seats}
    net = dict(game.net)
    lines = _lines(f"Game {game.number}: {what} (East: {game.east}, {where})", width)
    # A player whose hand or score was not given (a false Mah-Jongg, a wash, a draw given with none) has
    # no score: blank, as the report's JSON has it null (docs/json.md), never a 0 nobody scored.
    shown = scores(game)
    # A dead hand's score does not count: it settles on 0, as settle's `Settles on` shows (the 4 it
    # scored stood in the column, unexplained but for the penalty line below).
    dead = detail.dead if isinstance(detail, Settlement) else {}
    rows = [
        [
            name,
            w.word,
            "" if shown[name] is None else f"{shown[name]} dead" if w in dead else shown[name],
            signed(net[name]),
        ]
        for name, w in game.seats
    ]
    lines.append(table(["Player", "Seat", "Score", "Net"], rows, {2, 3}, width))
    winner = detail.winner if isinstance(detail, Settlement) else None
    if breakdown and winner is not None and winner in hands:
        score = hands[winner]
        lines += ["", *_lines(f"{names[winner]}'s hand: {score.hand}", width)]
        grid = fit_grid(breakdown_grid(score, lambda line: line.meld or "", "x"), out)
        lines += grid.lines(width)
        # How it was reached, as `score` says it (layout.score_summary); a limit hand's label is the
        # ruleset's, escaped as `out` writes it before it is wrapped, as the payments' are below.
        lines += _lines(fit_data(f"Score: {score.score}  ({score_summary(score, 'x')})", out), width)
    # A payment's reason, a note and a penalty name the ruleset's labels: escaped (fit_data) before
    # they are wrapped, or under ASCII a label in another script ran past the width (172 at 60).
    payments = fit_data(_payments(game, names), out)
    if payments:
        lines.append("")
        # Broken after a comma where it fits: `(washing the tiles,` / `12 heads)`, not `12` / `heads)`.
        lines += [line for p in payments for line in hanging_phrases(f"  {p}", width)]
    if isinstance(detail, Settlement):
        notes = [f"  note: {by_name(said(n), names)}" for n in detail.notes]
        notes += [
            f"  penalty: {said(p.label)} ({names[p.seat]}): {by_name(said(p.detail), names)}"
            for p in detail.penalties
        ]
        if notes and not payments:  # set apart from the table, as the payments are when there are any
            lines.append("")
        lines += [line for note in fit_data(notes, out) for line in _lines(note, width)]
    return "\n".join(lines)


def _payments(game: Game, names: dict[Any, str]) -> list[str]:
    from ..engine.table import Settlement
    from ..engine.wash import Wash

    detail = game.detail
    if isinstance(detail, Settlement):
        return [
            f"{names[p.payer]} pays {names[p.payee]} {p.amount} ({by_name(p.reason, names)})"
            for p in detail.payments
        ]
    if isinstance(detail, Wash):
        return [
            f"{names[w]} pays {names[detail.seat]} {a} ({wash_reason(detail, a)})"
            for w, a in detail.payments.items()
        ]
    return []


AMENDED = " (amended)"  # after what happened in a game that `evening amend` replaced


def _history_rows(report: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    players = report["players"]
    headers = ["#", "East", "Round", "Game", *players]
    rows = [
        [
            g["game"],
            g["east"],
            g["round"],
            g["what"] + (AMENDED if g.get("amended") else ""),
            *(signed(g["net"][p]) for p in players),
        ]
        for g in report["history"]
    ]
    rows.append(["", "", "", "total", *(signed(report["totals"][p]) for p in players)])
    return headers, rows


_STATS = [
    ("won", "Won"),
    ("biggest_hand", "Biggest hand"),
    ("self_drawn", "Self-drawn"),
    ("times_east", "Times East"),
    ("fed", "Fed (discarder)"),
    ("total", "Total"),
]


def _stat(key: str, value: int) -> str:
    """A statistic as shown: the total signed like the games' nets (+288, -106), the counts as they are."""
    return signed(value) if key == "total" else str(value)


def stats_table(
    stats: dict[str, dict[str, int]], extra: list[tuple[str, str]] | None = None, width: int | None = None
) -> str:
    """Per-player statistics as a table (the column names wrap before the rows are stacked)."""
    columns = (extra or []) + _STATS
    rows = [[name, *(_stat(key, s[key]) for key, _ in columns)] for name, s in stats.items()]
    numbers = set(range(1, len(columns) + 1))
    return table(["Player", *(label for _, label in columns)], rows, numbers, width, numbers)


def _breakdown_lines(game: dict[str, Any], width: int, settings: Settings | None = None) -> list[str]:
    """`report --breakdown`: each scored hand of a game as the score card's lines, counted as `score`
    counts them (layout.counted_words) by the evening's ruleset's `settings`."""
    from types import SimpleNamespace

    # A recorded line carries no doubling base nor words: the hand is given the ones its Score had,
    # the ruleset's (engine/scoring.py), so that a house file's `fan` and `fu` read as in `score`.
    counting = {"base": settings.doubling_base, "words": settings.words} if settings is not None else {}
    out: list[str] = []
    for name, lines in game["breakdown"].items():
        rows = [SimpleNamespace(**{"kind": "points", **line}) for line in lines]
        score = SimpleNamespace(lines=rows, **counting)
        amended = AMENDED if game.get("amended") else ""
        out += ["", *_lines(f"Game {game['game']}{amended}, {name}'s hand:", width)]
        out += breakdown_grid(score, lambda line: line.set or "", "x").lines(width)
    return out


def _deal_passed(report: dict[str, Any]) -> list[str]:
    """Each game after which a cap of the ruleset passed the deal though East kept it, and why
    (report.cap_passed): none in an evening without one, whose report reads as it always has."""
    history = report["history"]
    return [f"Game {g['game']}: the deal passes ({g['deal_passed']})" for g in history if "deal_passed" in g]


def report_text(report: dict[str, Any], width: int | None = None, settings: Settings | None = None) -> str:
    """`evening report` as plain tables; `settings`: the evening's ruleset's (its doubling base and
    words, which `--breakdown` counts in as `score` does)."""
    width = width or terminal_width()
    headers, rows = _history_rows(report)
    numbers = set(range(4, len(headers))) | {0}
    out = [
        *_lines(f"Evening of {local_time(report['started'])} · {report['ruleset']['name']}", width),
        "",
        table(headers, rows, numbers, width, {2, 3}, {0, 1, 2, 3}),
    ]
    passed = _deal_passed(report)
    out += ["", *(line for said in passed for line in _lines(said, width))] if passed else []
    for game in report["history"]:
        if "breakdown" in game:
            out += _breakdown_lines(game, width, settings)
    out += ["", "Settling up (fewest payments):"]
    out += [
        line
        for p in report["settle_up"]
        for line in _lines(f"  {p['from']} pays {p['to']} {p['amount']}", width)
    ]
    out += [] if report["settle_up"] else ["  nobody owes anything"]
    out += ["", stats_table(report["stats"], width=width)]
    out += [line for n in report["notes"] for line in _lines(f"note: {n}", width)]
    return "\n".join(out)


# What makes text other than itself in Markdown (CommonMark and GitHub's tables and strikethrough):
# code, emphasis, links, HTML and entities, a cell's end, and math (`$x$` where a renderer such as
# GitHub's reads TeX between dollars). Each is shown as typed by a backslash before
# it, which CommonMark allows before any ASCII punctuation; other punctuation (O'Brien, Mah-Jongg) is
# left as it is, so ordinary names read the same in the file.
_MD_MARKS = re.compile(r"([\\`*_\[\]<&|~$])")
# What begins a block at the start of a line (a heading, a quote, a list): a name that begins a line.
_MD_BLOCK = re.compile(r"^([#>+-]|\d+[.)])")


def markdown_text(text: object, line_start: bool = False) -> str:
    """Text (a player's name) shown as typed in Markdown; `line_start`: it begins a line."""
    out = _MD_MARKS.sub(r"\\\1", str(text))
    return _MD_BLOCK.sub(lambda m: m[0][:-1] + "\\" + m[0][-1], out) if line_start else out


def report_markdown(report: dict[str, Any]) -> str:
    """`evening report --format markdown` (numbers aligned right: `---:`)."""

    def row(cells: list[Any]) -> str:
        return "| " + " | ".join(markdown_text(c) for c in cells) + " |"

    def md(headers: list[str], rows: list[list[Any]], right: set[int]) -> str:
        lines = [row(headers), "|" + "".join("---:|" if i in right else "---|" for i in range(len(headers)))]
        return "\n".join([*lines, *(row(r) for r in rows)])

    headers, rows = _history_rows(report)
    stats = report["stats"]
    passed = [f"- {markdown_text(said)}" for said in _deal_passed(report)]  # a list after the games
    out = [
        f"# Evening of {local_time(report['started'])}",
        "",
        f"Ruleset: {markdown_text(report['ruleset']['name'])} (`{report['ruleset']['hash'][:19]}`)",
        "",
        "## Games",
        "",
        md(headers, rows, {0, *range(4, len(headers))}),
        "",
        *([*passed, ""] if passed else []),
        "## Settling up",
        "",
        *(
            [
                f"- {markdown_text(p['from'], True)} pays {markdown_text(p['to'])} {p['amount']}"
                for p in report["settle_up"]
            ]
            or ["- nobody owes"]
        ),
        "",
        "## Players",
        "",
        md(
            ["Player", *(label for _, label in _STATS)],
            [[n, *(_stat(k, s[k]) for k, _ in _STATS)] for n, s in stats.items()],
            set(range(1, len(_STATS) + 1)),
        ),
    ]
    return "\n".join(out) + "\n"


def report_csv(report: dict[str, Any]) -> str:
    """`evening report --format csv`: one row per game (each player's net and running total)."""
    players = report["players"]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")

    def writerow(cells: list[Any]) -> None:
        writer.writerow([csv_cell(c) for c in cells])

    writerow(
        [
            "game",
            "kind",
            "east",
            "round",
            "what",
            *(f"{p} net" for p in players),
            *(f"{p} total" for p in players),
        ]
    )
    for g in report["history"]:
        writerow(
            [
                g["game"],
                g["kind"],
                g["east"],
                g["round"],
                g["what"] + (AMENDED if g.get("amended") else ""),  # as the table and markdown mark it
                *(g["net"][p] for p in players),
                *(g["totals"][p] for p in players),
            ]
        )
    return buffer.getvalue()


def chart_text(running: dict[str, list[int]], width: int = WIDTH, height: int = 16) -> str:
    """The running totals as a chart of plain characters: one mark per player, a line at zero."""
    names = list(running)
    marks = _marks(names)
    points = len(next(iter(running.values())))
    label_width = max(len(f"{v:+d}") for series in running.values() for v in series) + 1
    room = max(2, width - label_width - 2)
    columns = room if points > room else max(2, min(room, points * 4))  # a short evening: wider steps
    last = f"game {points - 1}"
    # Wide enough for its labels under it where the width allows: `game 0 game 1` ran past an axis of 8.
    columns = max(columns, min(room, len("game 0 ") + len(last)))
    low = min(min(s) for s in running.values())
    high = max(max(s) for s in running.values())
    low, high = min(low, 0), max(high, 0)
    if low == high:  # every total 0 all evening: its zero line alone, not rows of nothing above it
        height = 1
    span = (high - low) or 1
    grid = [[" "] * columns for _ in range(height)]

    def row_of(value: int) -> int:
        return height - 1 - round((value - low) * (height - 1) / span)

    zero = row_of(0)
    grid[zero] = ["-"] * columns
    for name in names:
        series = running[name]
        for col in range(columns):
            index = round(col * (points - 1) / (columns - 1)) if points > 1 else 0
            r = row_of(series[index])
            grid[r][col] = marks[name] if grid[r][col] in " -" else "*"
    lines = []
    for r, cells in enumerate(grid):
        value = high - (high - low) * r / max(1, height - 1)
        # The ends are labelled, and zero: an evening all at 0 has no other end than its zero line.
        label = "0" if r == zero else (signed(round(value)) if r in (0, height - 1) and round(value) else "")
        # Each row ends at its last mark (as every printed line does: render/terminal.py _trimmed).
        lines.append(f"{label:>{label_width}} |" + "".join(cells).rstrip())
    lines.append(" " * label_width + " +" + "-" * columns)
    start = label_width + 2  # the axis's first column
    if len("game 0 ") + len(last) <= columns:
        lines.append(" " * start + "game 0".ljust(columns - len(last)) + last)
    else:  # too narrow for both (`--width 20`, totals of 6 digits): each on its line, within the width
        lines.append(" " * min(start, width - len("game 0")) + "game 0")
        lines.append(last.rjust(min(width, start + columns)))
    entries = [f"{marks[n]} {n} {signed(running[n][-1])}" for n in names]  # as status and report sign it
    shared = any("*" in cells for cells in grid)  # the key to `*` only where the chart has one
    lines += pack([*entries, *(["(* two or more at one point)"] if shared else [])], width)
    return "\n".join(lines)


def _marks(names: list[str]) -> dict[str, str]:
    """One character per player: the initial, or a digit when initials clash or one would not fill
    exactly one cell of the grid (a wide 王, `ß` upper-cased to `SS`) or is no letter or digit: a `|`,
    `+`, `-` or `*` reads as the chart's own lines, and a `\\` is an escape's (`\\u738b` under --ascii),
    not the name's."""
    initials = [n[0].upper() for n in names]
    single = all(len(i) == 1 and cell_width(i) == 1 and i.isalnum() for i in initials)
    if single and len(set(initials)) == len(initials):
        return dict(zip(names, initials, strict=True))
    return {n: str(i + 1) for i, n in enumerate(names)}
