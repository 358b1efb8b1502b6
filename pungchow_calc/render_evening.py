"""Plain-text output of `pungchow evening`: status, a game's settlement, reports, stats and the chart.

Plain characters and no colour, so it reads the same with NO_COLOR, in a pipe, and in 80 columns. The
commands write it through `ascii_output.output_stream`, so that `--ascii`, or a terminal that cannot
encode the punctuation and sparklines, gets plain ASCII as every other command does.
"""

from __future__ import annotations

import csv
import io
import os
import re
from typing import Any

from .evening.report import ASCII_SPARKS, SPARKS, sparkline
from .evening.state import Game

WIDTH = 80


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def table(headers: list[str], rows: list[list[Any]], right: set[int] | None = None) -> str:
    """Columns padded to their widest cell; the columns in `right` (numbers) aligned right."""
    right = right if right is not None else set()
    cells = [[str(c) for c in row] for row in [headers, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: list[str]) -> str:
        parts = [
            c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(r) for r in cells[1:])])


def status_text(
    status: dict[str, Any], running: dict[str, list[int]], path: str, ascii_only: bool = False
) -> str:
    """`evening status`: games, round and set, East and his streak, who deals next, totals, the check
    (the running totals drawn in ASCII levels when the output is ASCII)."""
    levels = ASCII_SPARKS if ascii_only else SPARKS
    sets = f" of {status['sets']}" if status["sets"] else ""
    where = (
        f"{status['round'].capitalize()} round" if status["round_wind"] else f"round {status['round_number']}"
    )
    games = status["games"]
    lines = [
        f"{os.path.basename(path)} · {status['ruleset']} · {games} game{'s' if games != 1 else ''} played",
        f"Set {status['set']}{sets}, {where}" + (" · the evening is over" if status["over"] else ""),
    ]
    times = status["streak"]
    kept = f" (has kept the deal {times} time{'s' if times != 1 else ''})" if times else ""
    lines.append(f"East: {status['east']}{kept}; if East loses, {status['next_east']} deals next")
    rows = [
        [name, wind, _signed(status["totals"][name]), sparkline(running[name][-40:], levels)]
        for name, wind in status["seats"].items()
    ]
    lines += ["", table(["Player", "Seat", "Total", "Running"], rows, {2})]
    ok = "ok" if status["balanced"] else f"NOT ZERO ({status['net_sum']:+d})"
    lines.append(f"\nCheck: totals sum to {status['net_sum']} — {ok}")
    lines += [f"note: {note}" for note in status["notes"]]
    return "\n".join(lines)


def game_text(game: Game, what: str, where: str, breakdown: bool = True) -> str:
    """One game: each player's seat, score and net, the winner's breakdown, and the payments."""
    from .engine.table import Settlement

    detail = game.detail
    hands = detail.hands if isinstance(detail, Settlement) else {}
    scored = (detail.scored or detail.scores) if isinstance(detail, Settlement) else {}
    names = {w: name for name, w in game.seats}
    net = dict(game.net)
    lines = [f"Game {game.number}: {what} (East: {game.east}, {where})"]
    rows = [[name, w.word, scored.get(w, ""), _signed(net[name])] for name, w in game.seats]
    lines.append(table(["Player", "Seat", "Score", "Net"], rows, {2, 3}))
    winner = detail.winner if isinstance(detail, Settlement) else None
    if breakdown and winner is not None and winner in hands:
        score = hands[winner]
        lines.append(f"\n{names[winner]}'s hand: {score.hand}")
        rows = [
            [line.label[:44], line.meld or "", _value(line), "" if line.kind == "limit" else line.running]
            for line in score.lines
        ]
        lines.append(table(["Score line", "Set", "Value", "Total"], rows, {2, 3}))
        lines.append(f"Score: {score.score}")
    payments = _payments(game, names)
    if payments:
        lines.append("")
        lines += [f"  {p}" for p in payments]
    if isinstance(detail, Settlement):
        lines += [f"  note: {by_name(n, names)}" for n in detail.notes]
        lines += [
            f"  penalty: {p.label} ({names[p.seat]}): {by_name(p.detail, names)}" for p in detail.penalties
        ]
    return "\n".join(lines)


# A seat as the engine's text names one (`west bears the entire losses`, `pays for east`, `East's
# original hand`), not `East ×2` or `East round`: at the table each is said by the player's name.
_SEAT_WORD = re.compile(r"\b(?:(east|south|west|north)|(East|South|West|North)(?='s\b))\b")


def by_name(text: str, names: dict[Any, str]) -> str:
    """The engine's text with each seat it names said by the player's name (`names`: Wind -> name)."""
    words = {wind.word: name for wind, name in names.items()}
    return _SEAT_WORD.sub(lambda m: words.get(m[0].lower(), m[0]), text)


def _value(line: Any) -> str:
    if line.kind == "limit":
        return "limit"
    if line.doublings:
        return "double" if line.doublings == 1 else f"double x{line.doublings}"
    return str(line.points)


def _payments(game: Game, names: dict[Any, str]) -> list[str]:
    from .engine.table import Settlement
    from .engine.wash import Wash

    detail = game.detail
    if isinstance(detail, Settlement):
        return [
            f"{names[p.payer]} pays {names[p.payee]} {p.amount} ({by_name(p.reason, names)})"
            for p in detail.payments
        ]
    if isinstance(detail, Wash):
        return [
            f"{names[w]} pays {names[detail.seat]} {a} (washing the tiles)"
            for w, a in detail.payments.items()
        ]
    return []


def totals_change(before: dict[str, int], after: dict[str, int]) -> str:
    """Totals before and after an amendment or undo."""
    rows = [[n, _signed(before[n]), _signed(after[n]), _signed(after[n] - before[n])] for n in before]
    return table(["Player", "Before", "After", "Change"], rows, {1, 2, 3})


def _history_rows(report: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    players = report["players"]
    headers = ["#", "East", "Round", "Game", *players]
    rows = [
        [g["game"], g["east"], g["round"], g["what"], *(_signed(g["net"][p]) for p in players)]
        for g in report["history"]
    ]
    rows.append(["", "", "", "total", *(_signed(report["totals"][p]) for p in players)])
    return headers, rows


_STATS = [
    ("won", "Won"),
    ("biggest_hand", "Biggest hand"),
    ("self_drawn", "Self-drawn"),
    ("times_east", "Times East"),
    ("fed", "Fed (discarder)"),
    ("total", "Total"),
]


def stats_table(stats: dict[str, dict[str, int]], extra: list[tuple[str, str]] | None = None) -> str:
    """Per-player statistics as a table."""
    columns = (extra or []) + _STATS
    rows = [[name, *(s[key] for key, _ in columns)] for name, s in stats.items()]
    return table(["Player", *(label for _, label in columns)], rows, set(range(1, len(columns) + 1)))


def report_text(report: dict[str, Any]) -> str:
    """`evening report` as plain tables."""
    headers, rows = _history_rows(report)
    out = [f"Evening of {report['started']} · {report['ruleset']['name']}", "", table(headers, rows, {0})]
    for game in report["history"]:
        if "breakdown" in game:
            for name, lines in game["breakdown"].items():
                shown = ", ".join(f"{ln['label']} {ln['running']}" for ln in lines)
                out.append(f"  game {game['game']} {name}: {shown}")
    out += ["", "Settling up (fewest payments):"]
    out += [f"  {p['from']} pays {p['to']} {p['amount']}" for p in report["settle_up"]] or [
        "  nobody owes anything"
    ]
    out += ["", stats_table(report["stats"])]
    out += [f"note: {n}" for n in report["notes"]]
    return "\n".join(out)


def report_markdown(report: dict[str, Any]) -> str:
    """`evening report --format markdown`."""

    def md(headers: list[str], rows: list[list[Any]]) -> str:
        lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
        lines += ["| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |" for row in rows]
        return "\n".join(lines)

    headers, rows = _history_rows(report)
    stats = report["stats"]
    out = [
        f"# Evening of {report['started']}",
        "",
        f"Ruleset: {report['ruleset']['name']} (`{report['ruleset']['hash'][:19]}`)",
        "",
        "## Games",
        "",
        md(headers, rows),
        "",
        "## Settling up",
        "",
        *([f"- {p['from']} pays {p['to']} {p['amount']}" for p in report["settle_up"]] or ["- nobody owes"]),
        "",
        "## Players",
        "",
        md(
            ["Player", *(label for _, label in _STATS)],
            [[n, *(s[k] for k, _ in _STATS)] for n, s in stats.items()],
        ),
    ]
    return "\n".join(out) + "\n"


def report_csv(report: dict[str, Any]) -> str:
    """`evening report --format csv`: one row per game (each player's net and running total)."""
    players = report["players"]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
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
        writer.writerow(
            [
                g["game"],
                g["kind"],
                g["east"],
                g["round"],
                g["what"],
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
    low = min(min(s) for s in running.values())
    high = max(max(s) for s in running.values())
    low, high = min(low, 0), max(high, 0)
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
        value = high - (high - low) * r / (height - 1)
        label = "0" if r == zero else (f"{round(value):+d}" if r in (0, height - 1) else "")
        lines.append(f"{label:>{label_width}} |" + "".join(cells))
    lines.append(" " * label_width + " +" + "-" * columns)
    last = f"game {points - 1}"
    lines.append(" " * label_width + "  " + "game 0".ljust(max(7, columns - len(last))) + last)
    legend = "   ".join(f"{marks[n]} {n} {running[n][-1]:+d}" for n in names)
    lines.append(f"{legend}   (* two at one point)")
    return "\n".join(lines)


def _marks(names: list[str]) -> dict[str, str]:
    """One character per player: the initial, or a digit when initials clash."""
    initials = [n[0].upper() for n in names]
    if len(set(initials)) == len(initials) and "*" not in initials and "-" not in initials:
        return dict(zip(names, initials, strict=True))
    return {n: str(i + 1) for i, n in enumerate(names)}
