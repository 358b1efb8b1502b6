"""Rulesets on the terminal: the score card (`rules show`), the list of rulesets (`rules list`) and the
differences between two rulesets (`rules diff`). The engine returns data; this prints it.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from ..engine.errors import how_many
from ..engine.impossible import IMPOSSIBLE
from ..engine.payments import SettlementRules
from ..engine.rule_types import EveningRules, Words, tier_span
from ..engine.situation import FACT
from ..engine.tiles import Wind
from .ascii import fit_data
from .layout import Grid, hanging, wrap
from .terminal import arrow, print_grid, print_lines


def _when_text(entry: Any) -> str:
    """A condition written back compactly: `meld: pung`, `not (own_wind)`, `any of (a | b)`."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and len(entry) == 1:
        ((name, params),) = entry.items()
        if name == "not":
            return f"not ({_when_text(params)})"
        if name == "any" and isinstance(params, list):
            return "any of (" + " | ".join(_when_text(p) for p in params) + ")"
        return f"{name}: {_param_text(params)}"
    return str(entry)


def _param_text(params: Any) -> str:
    if isinstance(params, list):
        return "/".join(_param_text(p) for p in params)
    if isinstance(params, dict):
        return "{" + ", ".join(f"{k}: {_param_text(v)}" for k, v in params.items()) + "}"
    return "null" if params is None else str(params).lower() if isinstance(params, bool) else str(params)


def _points_text(points: Any, exposed: bool | None = None) -> str:
    if points is None:
        return ""
    if points.limit_fraction is not None:
        return f"{points.limit_fraction:g} × limit"
    if exposed is None:
        return (
            str(points.exposed)
            if points.exposed == points.concealed
            else f"{points.exposed}/{points.concealed}"
        )
    return str(points.exposed if exposed else points.concealed)


def print_score_card(ruleset: Any, out: Console) -> None:
    """`rules show`: the ruleset laid out like the book's score card."""
    raw = {r.get("id"): r for r in ruleset.data.get("rules", []) if hasattr(r, "get")}
    out.print(Text(ruleset.title, style="bold"))
    # A path longer than the line breaks after a `/`, as `rules check` breaks it (it was folded mid-word).
    for line in wrap(f"name: {ruleset.name} · file: {ruleset.source}", out.width):
        out.print(Text(line), soft_wrap=True)

    def when(rule: Any) -> str:
        return ", ".join(_when_text(c) for c in raw.get(rule.id, {}).get("when", []) or [])

    words = ruleset.settings.words
    # A ruleset scoring by a doubling base (riichi) counts its doublings in its own word, as its breakdown
    # does (render/layout.counted_words): `han 2, open 1`, not the book's `2 times`.
    named = ruleset.settings.doubling_base > 0

    def doubles_text(rule: Any) -> str:
        """`once`, `3 times`; `, open 2` when an open hand has other doublings; `per ...` a count; `, not
        with X` when an earlier rule of its group takes its place; `, not for the minimum` (dora)."""
        # Under the ruleset's own word a count (riichi: `han 2, open 1`), as its players say it.
        text = "once" if rule.doublings == 1 else f"{rule.doublings} times"
        if named:
            text = str(rule.doublings)
        if rule.open_doublings is not None:
            text += f", open {rule.open_doublings}"
        per = raw.get(rule.id, {}).get("per")
        if per:
            text += f" per {_when_text(per)}"
        before = [r.label for r in ruleset.rules if r.group == rule.group and r.index < rule.index]
        if rule.group is not None and before:  # the first rule of a group that holds scores alone
            text += f", not with {' or '.join(before)}"
        if not rule.counts_for_minimum:
            text += ", not for the minimum"
        return text

    def section(title: str, columns: list[tuple[str, str]], rows: list[list[str]]) -> None:
        if not rows:
            return
        out.print()
        out.print(Text(title, style="bold"))
        last = len(columns) - 1  # the label and the conditions are text: they wrap
        grid = Grid(
            tuple(name for name, _ in columns),
            tuple(tuple(row) for row in rows),
            right=frozenset(i for i, (_, justify) in enumerate(columns) if justify == "right"),
            wrap=frozenset({0, last} if columns[last][0] in ("when", "note", "what") else {0}),
            # A stacked row's note or description stands under its label alone: `what a win on ...`
            # read as a sentence gone wrong (a user trial).
            bare=frozenset({last} if columns[last][0] in ("note", "what") else ()),
        )
        print_grid(out, grid, show_header=any(name for name, _ in columns))

    titles = section_titles(words)
    rules = ruleset.rules
    bonus = [r for r in rules if r.points is not None and r.scope == "hand"]
    combos = [r for r in rules if r.points is not None and r.scope != "hand"]
    doubles = [r for r in rules if r.doublings]
    limits = [r for r in rules if r.limit]

    # Points rows of one group score once, the first that holds (Part II's pair: "8, not 8 + 4"): each is
    # marked, as a doubling row says `not with X`, and a line after the section says what the mark means.
    # A group whose rows each name another kind of set and class of tiles (the book's set values) never
    # has two that hold: unmarked, as nothing there could add up.
    def kind(rule: Any) -> tuple[Any, ...]:
        written = [c for c in raw.get(rule.id, {}).get("when", []) or [] if isinstance(c, dict)]
        return (*(next((c[key] for c in written if key in c), None) for key in ("meld", "tiles")), rule.who)

    by_group: dict[str, list[Any]] = {}
    for r in rules:
        if r.group is not None and r.points is not None:
            by_group.setdefault(r.group, []).append(r)
    grouped = {
        group
        for group, members in by_group.items()
        if len(members) > 1
        and (None in {kind(r)[0] for r in members} or len({kind(r) for r in members}) < len(members))
    }

    def points_when(rule: Any) -> str:
        mark = f"one of {rule.group}" if rule.group in grouped else ""
        return ", ".join(part for part in (when(rule), mark) if part)

    def group_note(shown: list[Any]) -> None:
        if any(r.group in grouped for r in shown):
            out.print(
                Text(
                    "(one of GROUP: of a group's rows only the first that holds scores, in the order shown)"
                ),
                soft_wrap=False,
            )

    # The points column in the ruleset's own word for them (`words:`; riichi: fu), as its settings say
    # `fu × 2^(han + 2)` and a score's summary `30 fu × 2^(2 han + 2)`.
    section(
        titles["bonus"],
        [("", "left"), ("who", "left"), (ruleset.settings.words.points, "right"), ("when", "left")],
        [[r.label, r.who, _points_text(r.points), points_when(r)] for r in bonus],
    )
    group_note(bonus)
    section(
        titles["combination"],
        # A set's points exposed and concealed, in the ruleset's words (riichi's open and closed).
        [
            ("", "left"),
            ("who", "left"),
            (words.exposed, "right"),
            (words.concealed, "right"),
            ("when", "left"),
        ],
        [
            [r.label, r.who, _points_text(r.points, True), _points_text(r.points, False), points_when(r)]
            for r in combos
        ],
    )
    group_note(combos)
    section(
        titles["doubling"],
        [("", "left"), ("who", "left"), (words.doublings if named else "doubles", "right"), ("when", "left")],
        [[r.label, r.who, doubles_text(r), when(r)] for r in doubles],
    )
    section(
        titles["limit"],
        [("", "left"), ("who", "left"), ("when", "left")],
        [
            [
                r.label + ("" if r.limit_fraction >= 1 else f" ({r.limit_fraction:g} of the limit)"),
                r.who,
                when(r),
            ]
            for r in limits
        ],
    )
    wash = getattr(ruleset, "wash", None)
    if wash is not None:
        # The book's East is not doubled on a wash (Part II); a house table that multiplies his says so.
        east = "" if wash.east_multiplier == 1 else f", East × {wash.east_multiplier}"
        section(
            f"Washing the tiles (from each player{east})",
            [("different heads", "right"), ("points", "right")],
            [[str(heads), str(points)] for heads, points in wash.payments],
        )
    # A penalty as written, as `rules diff` writes one (its type, then its other keys): the label alone
    # would not say who pays what, nor when.
    written = {p.get("id"): p for p in ruleset.data.get("penalties", []) if hasattr(p, "get")}
    section(
        "Penalties",
        [("", "left"), ("what", "left")],
        [
            [p.label, _penalty_summary({k: v for k, v in written.get(p.id, {}).items() if k != "id"})]
            for p in getattr(ruleset, "penalties", ())
        ],
    )
    # A rule's `note:` (docs/rulesets.md, Rule keys): the book's words or a ruling, by the rule's label.
    notes = [[r.label, raw[r.id]["note"]] for r in rules if isinstance(raw.get(r.id, {}).get("note"), str)]
    section("Notes", [("", "left"), ("note", "left")], notes)
    s = ruleset.settings
    # The setting `impossible`: the hands and facts refused, never paid (docs/rulings.md#impossible), by
    # name (as the YAML writes it) and what each is, in the order they are checked.
    refused = [[name, check.what] for name, check in IMPOSSIBLE.items() if name in s.impossible]
    section("Refused as impossible", [("", "left"), ("what", "left")], refused)
    settings = [
        ("limit", "none" if s.limit is None else str(s.limit)),
        (f"{words.limit_hand} value", "none" if s.limit_hand_value is None else str(s.limit_hand_value)),
        ("East pays and collects", f"× {s.east_multiplier}"),
        # Where losers settle: a loser's hand scores, its pairs up to this many; else it scores 0
        # (scoring._score_hand), and a count of the pairs it may score would say nothing.
        *([("pairs a loser may score", str(s.loser_max_pairs))] if s.settle_losers else []),
        ("losers settle among themselves", "yes" if s.settle_losers else "no: a loser's hand scores 0"),
    ]
    if s.limit_each_score:
        settings.append(("the limit caps", "each loser's score, then the differences"))
    if not s.draw_settles:
        settings.append(("a draw game settles", "nothing: no hand scores without a winner"))
    if s.players:
        settings.append(("played by", f"{s.players} players"))
    if s.round_winds < len(Wind):
        settings.append(("rounds played", ", ".join(w.word for w in list(Wind)[: s.round_winds])))
    if s.max_chows is not None:  # a hand of more is no win (docs/rulesets.md, "General conditions")
        settings.append(("chows a winning hand may hold", f"{s.max_chows} at most"))
    if s.chow_from_left:
        settings.append(("a winning chow on a discard", "from the player on the left only"))
    if not s.limit_hand_counts:
        settings.append((f"a {words.limit_hand} is worth", "its value, never its own count"))
    if s.long_hand_scores_zero:
        settings.append(("a loser's hand of too many tiles", "scores 0 (a long hand)"))
    if s.limit_hand_alone:
        settings.append((f"a {words.limit_hand} scores", f"its {words.limit_hand} lines alone"))
    if s.original_hand_drawn:
        settings.append(("an original hand but East's", "marks its first draw (!)"))
    # Doublings in the ruleset's own words (`words:`; riichi: han), as its refusals say them (value.py).
    if s.doubling_base:
        settings.append(("score", f"{words.points} × 2^({words.doublings} + {s.doubling_base})"))
    if s.round_points:
        settings.append((f"{words.points} rounded up to", str(s.round_points)))
    if s.min_doublings:
        settings.append((f"{words.doublings} a win needs", str(s.min_doublings)))
    settings.extend((f"{t.name}: {words.of(t.doublings)} or more", str(t.score)) for t in s.limits)
    if s.limits:  # a score above the first tier's is that tier too (LimitTier; riichi's 4 han 40 fu)
        first = s.limits[0]
        settings.append((f"a score above {first.score}", f"{first.name}, {first.score}"))
    terms = getattr(ruleset, "settlement", None)
    if terms is not None and terms != SettlementRules():  # the book's terms: nothing more to say
        settings += [
            ("on a discard", "the discarder pays for all" if terms.discarder_pays else "each loser pays"),
            ("payments rounded up to", str(terms.round_payments)),
            ("each counter (--honba)", str(terms.counter_points)),
            ("each deposit (--deposits)", str(terms.deposit_points)),
        ]
    settings += _evening_rows(getattr(ruleset, "evening", None))
    section("Settings", [("", "left"), ("", "right")], [list(row) for row in settings])


def section_titles(words: Words) -> dict[str, str]:
    """The score card's sections titled in the ruleset's words (`words:`) where they are not the book's:
    riichi-ema-2016's `Fu of the hand`, `Fu of the sets and pairs`, `Han of the hand`, `Yakuman`, where
    Harr's card says Bonus scores, Combination scores, Doubling honors and Limit hands (docs/rulesets.md)."""
    book = Words()

    def title(word: str) -> str:
        return word[:1].upper() + word[1:]

    points = None if words.points == book.points else title(words.points)
    return {
        "bonus": "Bonus scores" if points is None else f"{points} of the hand",
        "combination": "Combination scores" if points is None else f"{points} of the sets and pairs",
        "doubling": "Doubling honors"
        if words.doublings == book.doublings
        else f"{title(words.doublings)} of the hand",
        "limit": "Limit hands" if words.limit_hand == book.limit_hand else title(words.limit_hand),
    }


def _evening_rows(evening: EveningRules | None) -> list[tuple[str, str]]:
    """The `evening:` keys that are not Part I's (EveningRules' defaults): who keeps the deal is who pays
    and collects double (Part II, the wind box), so a house's change is shown as `rules diff` names it."""
    if evening is None:
        return []
    cap, sets = evening.east_repeat_cap, evening.sets_per_evening
    rows = {
        "round_wind": ("the wind of the round", "turns each round" if evening.round_wind else "none"),
        "east_repeat_cap": (
            "East keeps the deal",
            "no cap" if cap is None else f"{cap} times in a row at most",
        ),
        "east_win_cap": (
            "East's wins in a row",
            "no cap" if evening.east_win_cap is None else f"{evening.east_win_cap} pass the deal",
        ),
        "east_win_cap_fact": (
            "the win passing the deal",
            f"stated ({FACT[evening.east_win_cap_fact].option})" if evening.east_win_cap_fact in FACT else "",
        ),
        "draw_passes_deal": ("a draw game", "passes the deal" if evening.draw_passes_deal else "keeps East"),
        "after_false_mahjongg": ("after a false Mah-Jongg", evening.after_false_mahjongg.replace("_", " ")),
        "sets_per_evening": ("sets in an evening", "the players decide" if sets is None else str(sets)),
        "playable": ("pungchow evening", "keeps its game" if evening.playable else "cannot keep it yet"),
    }
    book = EveningRules()
    return [row for key, row in rows.items() if getattr(evening, key) != getattr(book, key)]


def _limit_cell(limit: int | None, tiers: tuple[str, ...]) -> str:
    """A ruleset's limit as `rules list` shows it: a flat limit, else its limits by doublings (riichi's
    read "Mangan to Sanbaiman", as `rules check` and a breakdown's header say, not "none"), else none."""
    if limit is not None:
        return str(limit)
    return tier_span(tiers) if tiers else "none"


def print_rulesets(rows: list[dict[str, Any]], out: Console) -> None:
    """`rules list`: the shipped rulesets."""
    shown = [
        (row["name"], f"error: {row['error']}", "", "")
        if "error" in row
        else (
            row["name"],
            row["title"],
            _limit_cell(row["limit"], tuple(row["limits"])),
            str(row["rules"]),
        )
        for row in rows
    ]
    grid = Grid(("name", "title", "limit", "rules"), tuple(shown), wrap=frozenset({1}), bare=frozenset({1}))
    print_grid(out, grid)


def _change_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, list):
        # Conditions (one-key mappings, names), or a setting's mappings (limit tiers) written out.
        shown = (_change_value(v) if isinstance(v, dict) and len(v) != 1 else _when_text(v) for v in value)
        return ", ".join(shown) or "none"  # as a setting not set reads (limit: none)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_change_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _rule_summary(values: dict[str, Any]) -> str:
    """A whole rule in one line: its value, who may use it and when."""
    parts = []
    for key in ("points", "doublings", "limit"):
        if values.get(key) not in (None, False):
            parts.append(f"{key} {_change_value(values[key])}")
    if values.get("scope", "hand") != "hand":
        parts.append(f"scope {values['scope']}")
    if values.get("who", "all") != "all":
        parts.append(f"who {values['who']}")
    if values.get("when"):
        parts.append(f"when {_change_value(values['when'])}")
    # What else moves money, where it is not the default (diff.DEFAULT_FIELDS).
    for key in ("group", "per"):
        if values.get(key) is not None:
            parts.append(f"{key} {_change_value(values[key])}")
    for key in ("rounded", "counts_for_minimum"):
        if values.get(key) is False:
            parts.append(f"{key} false")
    return "; ".join(parts)


def _penalty_summary(values: dict[str, Any]) -> str:
    """A whole penalty in one line, as written: its type, then its other keys (`liable discarder`); a
    share of the limit as the points column says one (`pays 0.5 × limit`, not `{limit_fraction: 0.5}`)."""

    def value(key: str, written: Any) -> str:
        share = written.get("limit_fraction") if isinstance(written, dict) and len(written) == 1 else None
        return (
            f"{share:g} × limit"
            if key == "pays" and isinstance(share, int | float)
            else _change_value(written)
        )

    return "; ".join(f"{k} {value(k, v)}" for k, v in values.items() if k != "label")


def _tier_lines(names: tuple[str, str], a: list[Any], b: list[Any], to: str) -> list[str]:
    """`limits:` tier by tier (diff.tier_changes): `limits Baiman: score 4000 -> 5000`."""
    from ..diff import tier_changes

    lines = []
    for name, ta, tb in tier_changes(a, b):
        if ta is None or tb is None:
            only, tier = (names[1], tb) if ta is None else (names[0], ta)
            what = f"only in {only}: " + ", ".join(f"{k} {v}" for k, v in (tier or {}).items() if k != "name")
        else:
            what = "; ".join(f"{k} {_change_value(ta[k])} {to} {_change_value(tb[k])}" for k in ta)
        lines.append(f"  limits {name}: {what}")
    return lines


def _setting_change(a: Any, b: Any, to: str) -> str:
    """A setting's change: a list of names (`impossible:`, `not_written:`) by the names it adds and
    drops, which two whole lists of six hide; any other value as `A -> B`."""
    names = isinstance(a, list) and isinstance(b, list) and all(isinstance(x, str) for x in (*a, *b))
    if not names:
        return f"{_change_value(a)} {to} {_change_value(b)}"
    moved = (("adds", [x for x in b if x not in a]), ("drops", [x for x in a if x not in b]))
    return "; ".join(f"{word} {', '.join(which)}" for word, which in moved if which)


def print_rules_diff(names: tuple[str, str], changes: list[Any], out: Console) -> None:
    """`rules diff A B`: settings (by key) and rules (by id) that differ, one per line."""
    a, b = names
    if not changes:
        out.print(f"{a} and {b} have the same settings and rules.")
        return
    settings = [c for c in changes if c.what == "setting"]
    rules = [c for c in changes if c.what == "rule"]
    penalties = [c for c in changes if c.what == "penalty"]
    # The count is of what is shown: a `limits:` tier or a word of `words:` is a difference of its own.
    counted = len(rules) + len(penalties)
    if settings:
        out.print(Text("Settings", style="bold"))
        for c in settings:
            if c.key == "limits" and c.a and c.b:  # one tier changed: that tier, not both whole lists
                lines = _tier_lines(names, c.a, c.b, arrow(out))
            elif c.key == "words":  # word by word: both whole mappings of four hid the one word changed
                lines = [f"  words.{w}: {c.a[w]} {arrow(out)} {c.b[w]}" for w in c.a if c.a[w] != c.b[w]]
            else:
                lines = [f"  {c.key}: {_setting_change(c.a, c.b, arrow(out))}"]
            for line in lines:
                print_lines(out, _hanging(out, line))
            counted += len(lines)
    to = arrow(out)
    for title, rows, summary in (("Rules", rules, _rule_summary), ("Penalties", penalties, _penalty_summary)):
        if not rows:
            continue
        out.print(Text(f"{title} (by id; {a} {to} {b})", style="bold"))
        for c in rows:
            if c.a is None:
                what = f"only in {b}: {summary(c.b)}"
            elif c.b is None:
                what = f"only in {a}: {summary(c.a)}"
            else:
                what = "; ".join(f"{k} {_change_value(c.a[k])} {to} {_change_value(c.b[k])}" for k in c.a)
            first, *more = _hanging(out, f"  {c.key} ({c.label}): {what}")
            shown = Text(first)
            shown.stylize("cyan", 2, 2 + len(c.key))  # the id, as `rules show` names it
            out.print(shown, overflow="ignore", crop=False)
            print_lines(out, more)
    out.print(f"{how_many(counted, 'difference')}.")


def _hanging(out: Console, text: str) -> list[str]:
    """A paragraph wrapped to the console as it is written (a label's escapes under ASCII, fit_data)."""
    return hanging(fit_data(text, out.file), out.width)
