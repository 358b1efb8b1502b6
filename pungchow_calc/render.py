"""Terminal output with rich: tiles as glyphs (or ASCII), the itemised breakdown, payments.

Only this module and `cli` import rich; the engine returns data and never prints.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .hand import Meld, MeldKind
from .scoring import Score
from .settlement import Settlement, seat_name
from .tiles import Tile


def console(stderr: bool = False) -> Console:
    """A console that honours NO_COLOR (rich reads it) and keeps tables readable when piped."""
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def tiles_text(tiles: tuple[Tile, ...], ascii_only: bool) -> str:
    """Tiles as Unicode glyphs, or as notation codes."""
    if ascii_only:
        return "".join(t.code for t in tiles)
    return " ".join(t.glyph for t in tiles)


def meld_text(meld: Meld, ascii_only: bool) -> str:
    """A set with its marker: exposed `*`, declared kong `#`."""
    body = tiles_text(meld.tiles, ascii_only)
    mark = "#" if meld.declared else ("*" if meld.exposed and meld.is_set else "")
    return body + mark


def hand_text(score: Score, ascii_only: bool) -> str:
    """The arrangement drawn as tiles, groups separated by wide gaps."""
    parts = [meld_text(m, ascii_only) for m in score.arrangement if m.kind is not MeldKind.SINGLE]
    singles = tuple(t for m in score.arrangement if m.kind is MeldKind.SINGLE for t in m.tiles)
    if singles:
        parts.append(" ".join(t.code for t in singles) if ascii_only else tiles_text(singles, False))
    if score.bonus_tiles:
        parts.append(tiles_text(score.bonus_tiles, ascii_only))
    return "   ".join(parts)


def _value(line: Any) -> str:
    if line.kind == "limit":
        return "limit"
    if line.doublings:
        return "double" if line.doublings == 1 else f"double ×{line.doublings}"
    return str(line.points)


def score_table(score: Score, ascii_only: bool = False) -> Table:
    """The itemised breakdown: each line, its value, and the running total."""
    s = score.situation
    who = "winner" if s.winner else "non-winning hand"
    how = f", won by {s.win_by.value}" if s.winner else ""
    title = f"{score.ruleset} · {s.seat.name.lower()} seat · {s.round.name.lower()} round · {who}{how}"
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("Score line")
    table.add_column("Set", no_wrap=True)
    table.add_column("Value", justify="right")
    table.add_column("Total", justify="right")
    for line in score.lines:
        meld = next((m for m in score.arrangement if m.code == line.meld), None)
        shown = meld_text(meld, ascii_only) if meld is not None else ""
        style = {"double": "cyan", "limit": "bold magenta", "penalty": "red"}.get(line.kind, "")
        table.add_row(
            Text(line.label, style=style),
            shown,
            _value(line),
            "" if line.kind == "limit" else str(line.running),
        )
    return table


def print_score(score: Score, out: Console, ascii_only: bool = False) -> None:
    """Print a scored hand: tiles, breakdown, final score, waits and payments."""
    out.print(Text("Hand: ", style="bold") + Text(hand_text(score, ascii_only)))
    out.print(score_table(score, ascii_only))
    summary = f"{score.points} points"
    if score.doublings:
        summary += f", doubled {score.doublings} time{'s' if score.doublings != 1 else ''}"
    if score.limit_hand:
        summary = f"limit hand: {score.limit_hand}"
    line = Text("Score: ", style="bold") + Text(f"{score.score}", style="bold green") + Text(f"  ({summary})")
    out.print(line)
    if score.limit is not None:
        capped = " (capped)" if score.payable < score.score else ""
        out.print(f"Limit: {score.limit}; payable {score.payable}{capped}")
    if score.waits:
        out.print("Waits: " + " ".join(t.code for t in score.waits))
    if score.payments:
        paid = ", ".join(f"{seat.name.lower()} pays {amount}" for seat, amount in score.payments.items())
        out.print(
            f"Payments: {paid} — {score.situation.seat.name.lower()} collects {sum(score.payments.values())}"
        )


def print_wash(wash: Any, out: Console, ascii_only: bool = False) -> None:
    """Print a hand that washes the tiles (Part II): its different heads and what each player pays."""
    heads = " ".join(t.code for t in wash.heads) if ascii_only else tiles_text(wash.heads, False)
    out.print(Text("Heads: ", style="bold") + Text(heads))
    out.print(
        Text("Washing the tiles: ", style="bold")
        + Text(f"{len(wash.heads)} different heads", style="bold green")
        + Text(f" — {wash.each} from each player ({wash.ruleset})")
    )
    paid = ", ".join(f"{seat.name.lower()} pays {amount}" for seat, amount in wash.payments.items())
    out.print(f"Payments: {paid} — {wash.seat.name.lower()} collects {wash.total}")

def print_settlement(settlement: Settlement, out: Console, ascii_only: bool = False) -> None:
    """Print a settled table: each seat's hand and score, who pays whom and why, and each seat's net."""
    s = settlement
    head = f"{s.ruleset or 'scores'} · " + (f"limit {s.limit}" if s.limit is not None else "no limit")
    head += f" · East pays and collects ×{s.east_multiplier}" if s.east_multiplier > 1 else ""
    out.print(Text(head, style="bold"))
    seats = Table(show_edge=False, pad_edge=False)
    seats.add_column("Seat")
    seats.add_column("Hand")
    seats.add_column("Score", justify="right")
    seats.add_column("Settles on", justify="right")
    for seat in s.seats:
        scored = s.hands.get(seat)
        shown = hand_text(scored, ascii_only) if scored is not None else "(score given)"
        if seat in s.dead:
            shown += f"  [dead: {s.dead[seat]}]"
        name = Text(seat_name(seat), style="bold green" if seat is s.winner else "")
        seats.add_row(name, shown, str(s.scored.get(seat, s.scores[seat])), str(s.scores[seat]))
    out.print(seats)
    if s.winner is not None:
        capped = (
            f", payable {s.payable} (limit)"
            if s.payable is not None and s.payable < s.scores[s.winner]
            else ""
        )
        out.print(
            Text("Winner: ", style="bold") + Text(f"{seat_name(s.winner)}, {s.scores[s.winner]}{capped}")
        )
    else:
        out.print(Text("No winner: ", style="bold") + Text("the hands settle their differences only"))
    for penalty in s.penalties:
        out.print(
            Text("Penalty: ", style="bold red")
            + Text(f"{penalty.label} ({seat_name(penalty.seat)}): {penalty.detail}")
        )
    for note in s.notes:
        out.print(Text("Note: ", style="bold") + Text(note))
    payments = Table(show_edge=False, pad_edge=False)
    payments.add_column("#", justify="right")
    payments.add_column("From")
    payments.add_column("To")
    payments.add_column("Amount", justify="right")
    payments.add_column("Reason")
    for n, p in enumerate(s.payments, 1):
        payments.add_row(str(n), seat_name(p.payer), seat_name(p.payee), str(p.amount), p.reason)
    out.print()
    out.print(payments if s.payments else "No payments.")
    out.print()
    nets = Table(show_edge=False, pad_edge=False)
    nets.add_column("Seat")
    nets.add_column("Pays", justify="right")
    nets.add_column("Receives", justify="right")
    nets.add_column("Net", justify="right")
    for seat in s.seats:
        paid = sum(p.amount for p in s.payments if p.payer is seat)
        got = sum(p.amount for p in s.payments if p.payee is seat)
        net = s.net[seat]
        style = "green" if net > 0 else ("red" if net < 0 else "")
        nets.add_row(seat_name(seat), str(paid), str(got), Text(f"{net:+d}" if net else "0", style=style))
    out.print(nets)
    total = sum(s.net.values())
    mark = "ok" if ascii_only else "✓"
    out.print(f"Check: nets sum to {total} {mark if total == 0 else 'MISMATCH'}")
