"""What an evening comes to: the status, the game-by-game history, the fewest payments that square it,
each player's statistics, and the running totals a chart draws. Plain data; render/evening.py prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.errors import OptionError
from ..engine.payments import Payment
from ..engine.situation import WinBy, on_discard
from ..engine.table import Settlement
from ..engine.tiles import Wind
from ..engine.wash import Wash
from .names import by_name, folded, player_named
from .state import ROUNDS_PER_SET, Evening, Game, cap_passing

SPARKS = "▁▂▃▄▅▆▇█"
ASCII_SPARKS = "_.-=*#"  # the same levels in ASCII, lowest to highest


def round_name(evening: Evening, game: Game | None = None) -> str:
    """`East round` (Part II), or `round 2` when the ruleset has no round wind (Part I)."""
    position = game.before if game is not None else evening.position
    wind = evening.round_wind(position)
    index = evening.round_index(position)
    if wind is None:
        return f"round {index % ROUNDS_PER_SET + 1}"
    return f"{wind.word.capitalize()} round"


def ordinal(number: int) -> str:
    """A count as said: 1st, 2nd, 3rd, 4th, 11th, 21st (East's win a cap passes the deal on)."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def cap_passed(game: Game) -> str | None:
    """Why the deal passed after a game though East kept it, in a few words (`Ann's 9th win in a row as
    East`), told by the cap that passed it (Game.capped) and where the deal stood before it (Position);
    None when no cap passed it (docs/evening.md#east-win-cap)."""
    before = game.before
    if game.capped == "east_win_cap":
        return f"{game.east}'s {ordinal(before.wins + 1)} win in a row as East"
    if game.capped == "east_repeat_cap":
        if not before.streak:  # east_repeat_cap: 0, East never keeps the deal
            return f"{game.east} may not keep it"
        times = "1 time" if before.streak == 1 else f"{before.streak} times"
        return f"{game.east} has kept it {times} in a row, the most allowed"
    return None


def east_run(evening: Evening) -> dict[str, Any] | None:
    """The present East's run toward the ruleset's caps (`status --json`'s east_run), or None under a
    ruleset with none, whose status reads as it always has."""
    rules = evening.ruleset.evening
    if rules.east_win_cap is None and rules.east_repeat_cap is None:
        return None
    position = evening.position
    # Which next game of East's a cap would pass the deal after, though he keeps it: any (a draw of his
    # too, at east_repeat_cap), his win (the one that reaches east_win_cap), or none.
    passes_on = (
        "any"
        if cap_passing(evening, position, True, False)
        else "win"
        if cap_passing(evening, position, True, True)
        else None
    )
    return {
        "kept": position.streak,
        "wins": position.wins,
        "east_repeat_cap": rules.east_repeat_cap,
        "east_win_cap": rules.east_win_cap,
        "passes_on": passes_on,
    }


def status(evening: Evening) -> dict[str, Any]:
    """`evening status --json`: where the evening stands and the running totals."""
    totals = evening.totals()
    # A finished evening shows the set and round its last game was played in, never one past the end.
    position = evening.games[-1].before if evening.over and evening.games else None
    wind = evening.round_wind(position)
    index = evening.round_index(position)
    return {
        "games": len(evening.games),
        "round": (wind or Wind.EAST).word,  # the prevailing wind: East when there is no round wind
        "round_wind": wind is not None,
        "round_number": index % ROUNDS_PER_SET + 1,
        "set": index // ROUNDS_PER_SET + 1,
        "sets": evening.sets,
        "over": evening.over,
        "east": evening.east,
        "streak": evening.position.streak,
        **({"east_run": run} if (run := east_run(evening)) is not None else {}),
        "next_east": None if evening.over else evening.next_east,  # no deal follows the last game
        "seats": {name: w.word for name, w in evening.seats()},
        "totals": totals,
        "net_sum": sum(totals.values()),
        "balanced": sum(totals.values()) == 0,
        "ruleset": evening.ruleset.name,
        "ruleset_hash": evening.start["ruleset"]["hash"],
        "notes": list(evening.notes),
    }


def running(evening: Evening) -> dict[str, list[int]]:
    """Each player's total after each game (starting from 0 before the first)."""
    out = {name: [0] for name in evening.players}
    for game in evening.games:
        for name, amount in game.net:
            out[name].append(out[name][-1] + amount)
    return out


def sparkline(values: list[int], levels: str = SPARKS) -> str:
    """A line of block characters (or of other `levels`, lowest first), lowest value to highest."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = high - low or 1
    return "".join(levels[(v - low) * (len(levels) - 1) // span] for v in values)


def settle_up(totals: dict[str, int]) -> list[dict[str, Any]]:
    """The fewest payments that square the totals: equal and opposite totals pay each other first, then
    the largest debtor pays the largest creditor (the fewest possible for four players or fewer)."""
    owed = {name: amount for name, amount in totals.items() if amount}
    out: list[dict[str, Any]] = []
    for name in sorted(owed, key=lambda n: owed[n]):
        match = next((m for m in owed if owed[name] < 0 and owed[m] == -owed[name]), None)
        if match is not None:
            out.append({"from": name, "to": match, "amount": owed[match]})
            owed[name] = owed[match] = 0
    while any(owed.values()):
        debtor = min(owed, key=lambda n: (owed[n], n))
        creditor = max(owed, key=lambda n: (owed[n], n))
        amount = min(-owed[debtor], owed[creditor])
        out.append({"from": debtor, "to": creditor, "amount": amount})
        owed[debtor] += amount
        owed[creditor] -= amount
    return out


def scores(game: Game) -> dict[str, int | None]:
    """Each player's hand's score as scored; None where no hand or score was given (docs/json.md: a draw
    given with none, a wash, a false Mah-Jongg, whose settlement scores every hand 0 it never saw)."""
    detail = game.detail
    seats = dict(game.seats)
    if isinstance(detail, Settlement) and game.record.get("hands"):
        scored = detail.scored or detail.scores
        return {name: scored.get(w) for name, w in seats.items()}
    return dict.fromkeys(seats)


def describe(game: Game) -> str:
    """A game in a few words: `Ann won on Bob's discard`, `draw game`."""
    record = game.record
    kind = game.kind
    if kind == "hand":
        how = {"wall": "self-drawn", "loose": "on a loose tile"}.get(record.get("win_by", "discard"))
        if record.get("original_hand"):  # whatever way the options default to (situation.how_won)
            how = "on the original draw"
        elif how is None:
            how = f"on {record['from']}'s discard" if record.get("from") else "on a discard"
        return f"{record['winner']} won {how}"
    if kind == "draw":
        return "draw game"
    if kind == "wash":
        return f"{record['player']} washed the tiles"
    return f"{record['player']}: false Mah-Jongg"


def _payments(game: Game) -> list[dict[str, Any]]:
    names = {w: name for name, w in game.seats}
    detail = game.detail
    if isinstance(detail, Settlement):
        return [_named(p, names) for p in detail.payments]
    if isinstance(detail, Wash):
        washer = names[detail.seat]
        return [
            {
                "from": names[w],
                "to": washer,
                "amount": a,
                "reason": wash_reason(detail, a),
            }
            for w, a in detail.payments.items()
        ]
    return []


def wash_reason(wash: Wash, amount: int) -> str:
    """Why a payment of a wash is `amount`, as the game and the report say it: the heads, and East's
    multiplier where the washing table's applies (a house `east_multiplier: 2`), as a hand's `East ×2`."""
    times = wash.times(amount)
    east = f", East ×{times}" if times > 1 else ""
    return f"washing the tiles, {len(wash.heads)} heads{east}"


def _named(payment: Payment, names: dict[Wind, str]) -> dict[str, Any]:
    """A settle payment (Payment.as_dict, docs/json.md#settle) with players for seats: `for` too, whose
    loss a liable player pays (pays_for_all), which a reader could not tell from the reason alone."""
    out: dict[str, Any] = {
        "from": names[payment.payer],
        "to": names[payment.payee],
        "amount": payment.amount,
        # The engine's reason names seats (`pays for east`): said by the players' names, as the text
        # report says it and `from`, `to` and `for` do (docs/json.md, evening).
        "reason": by_name(payment.reason, names),
    }
    if payment.on_behalf_of is not None:
        out["for"] = names[payment.on_behalf_of]
    return out


def _breakdown(game: Game) -> dict[str, list[dict[str, Any]]]:
    detail = game.detail
    if not isinstance(detail, Settlement):
        return {}
    names = {w: name for name, w in game.seats}
    return {
        names[w]: [
            {
                "label": line.label,
                "kind": line.kind,
                "set": line.meld,
                "points": line.points,
                "doublings": line.doublings,
                "running": line.running,
            }
            for line in score.lines
        ]
        for w, score in detail.hands.items()
    }


def history(evening: Evening, breakdown: bool = False) -> list[dict[str, Any]]:
    """Every game in force: who was East, the round, what happened, scores, payments, nets, totals."""
    totals = dict.fromkeys(evening.players, 0)
    amended = {step[1] for step in evening.undo if step[0] == "amend"}  # replaced by `evening amend`
    out = []
    for game in evening.games:
        for name, amount in game.net:
            totals[name] += amount
        row: dict[str, Any] = {
            "game": game.number,
            "kind": game.kind,
            "east": game.east,
            "round": round_name(evening, game),
            "what": describe(game),
            "amended": game.number in amended,
            "seats": {name: w.word for name, w in game.seats},
            "scores": scores(game),
            "payments": _payments(game),
            "net": dict(game.net),
            "totals": dict(totals),
        }
        why = cap_passed(game)
        if why is not None:  # only a game a cap passed the deal after: other reports read as before
            row["deal_passed"] = why
        if breakdown:
            row["breakdown"] = _breakdown(game)
        out.append(row)
    return out


def player_stats(evening: Evening) -> dict[str, dict[str, int]]:
    """Per player: games won, biggest winning hand, self-drawn wins, games as East, games fed."""
    stats = {
        name: {"won": 0, "biggest_hand": 0, "self_drawn": 0, "times_east": 0, "fed": 0, "total": 0}
        for name in evening.players
    }
    for game in evening.games:
        record = game.record
        stats[game.east]["times_east"] += 1
        for name, amount in game.net:
            stats[name]["total"] += amount
        if game.kind != "hand":
            continue
        # Its details first: a sealed record is trusted for its nets only, and settling it again is
        # what checks its names (a `from` no player has is refused in one line, as `report` does).
        score = scores(game).get(record["winner"])
        winner = stats[record["winner"]]
        winner["won"] += 1
        # Every win not on a discard, as the payments read it (situation.on_discard): a hand won on the
        # original draw counts so whether --drawn was typed with it or not (the one game either way).
        if not on_discard(WinBy(record.get("win_by", "discard")), bool(record.get("original_hand"))):
            winner["self_drawn"] += 1
        if record.get("from") in stats:
            stats[record["from"]]["fed"] += 1
        if score is not None:
            winner["biggest_hand"] = max(winner["biggest_hand"], score)
    return stats


def report(evening: Evening, breakdown: bool = False) -> dict[str, Any]:
    """`evening report --format json`."""
    totals = evening.totals()
    return {
        "players": list(evening.players),
        "ruleset": {"name": evening.ruleset.name, "hash": evening.start["ruleset"]["hash"]},
        "started": evening.start.get("at"),
        "status": status(evening),
        "history": history(evening, breakdown),
        "totals": totals,
        "settle_up": settle_up(totals),
        "stats": player_stats(evening),
        "notes": list(evening.notes),
    }


def combined_stats(evenings: Sequence[tuple[str, Evening]]) -> dict[str, dict[str, int]]:
    """`evening stats FILE...`: each player's statistics summed over several evenings ((file, evening)).

    A player is found among the players of the evenings before by the rule that names a player
    (names.player_named: the name as seated, or in any other case), and keeps the name he was first
    seen by. A name that could be two of them is refused, never joined on a guess (docs/evening.md).
    """
    out: dict[str, dict[str, int]] = {}
    seen: dict[str, str] = {}  # each row: the file it was first seen in
    for path, evening in evenings:
        before = list(out)  # the players of one evening are never joined to each other
        rows: dict[str, str] = {}  # this evening's player: his row
        for name in evening.players:
            try:
                row = player_named(name, before)
            except OptionError:
                alike = [r for r in before if folded(r) == folded(name)]
                said = f"{name!r} could be {', '.join(alike[:-1])} or {alike[-1]} of {seen[alike[0]]}"
                raise _not_joined(path, said) from None
            if row is not None and row in rows.values():
                twice = next(n for n, r in rows.items() if r == row)
                raise _not_joined(path, f"{twice!r} and {name!r} could each be {row} of {seen[row]}")
            rows[name] = row or name
            seen.setdefault(rows[name], path)
        for name, stats in player_stats(evening).items():
            mine = out.setdefault(rows[name], {"evenings": 0, **dict.fromkeys(stats, 0)})
            mine["evenings"] += 1
            for key, value in stats.items():
                mine[key] = max(mine[key], value) if key == "biggest_hand" else mine[key] + value
    return out


def rulesets_note(evenings: Sequence[tuple[str, Evening]]) -> str | None:
    """`evening stats`' note when its evenings were played under different rulesets: their points are
    summed as they stand (a Part I total beside a Part II one), which the table alone would not say."""
    under: dict[str, list[str]] = {}
    for path, evening in evenings:
        under.setdefault(evening.ruleset.name, []).append(path)
    if len(under) < 2:
        return None
    said = "; ".join(f"{name}: {', '.join(paths)}" for name, paths in under.items())
    return f"the evenings were played under different rulesets ({said}): their points are summed as they are"


def _not_joined(path: str, said: str) -> OptionError:
    return OptionError(
        f"{path}: {said} (names that differ only in case): stats never joins players on a guess; give "
        f"{path} in a separate `evening stats`",
        code="ambiguous-player",
    )
