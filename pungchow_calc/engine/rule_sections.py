"""The sections of a ruleset document besides its rules and penalties: `settings:` (with its `words:`
and `limits:`), `evening:`, `settlement:` and `wash:`, each checked key by key into its frozen type, and
the keys and values each may hold (the schema is generated from these tables, pungchow_calc/schema.py).

`rules.compile_ruleset` reads a document's sections by these; nothing in a ruleset is evaluated as code.
"""

from __future__ import annotations

from typing import Any

from .errors import as_written, closest, one_of, unknown
from .impossible import IMPOSSIBLE
from .payments import BOOK, MAX_POINTS, SettlementRules
from .rule_types import (
    MAX_SMALL,
    MAX_WORD,
    NOT_WRITTEN,
    EveningRules,
    Invalid,
    LimitTier,
    Settings,
    WashTable,
    Words,
)
from .situation import SITUATION_FACTS

MAX_INT = MAX_POINTS  # no point value, limit or count needs more
MAX_DOUBLINGS = 32  # per rule: an exponent, so a huge one would take forever to compute
MAX_LOSER_PAIRS = 7  # fourteen tiles hold at most seven pairs
_TIER_KEYS = ("name", "doublings", "score")  # the keys of a limit tier
MAX_EVENING = 1000  # east_repeat_cap, east_win_cap, sets_per_evening
MAX_PLAYERS = 4  # one a wind
AFTER_FALSE_MAHJONGG = ("east_keeps_unless_caller", "east_keeps", "deal_passes")
# The facts an evening may state of the win that reaches east_win_cap: a winner's on/off facts.
CAP_FACTS = tuple(f.field for f in SITUATION_FACTS if f.flag and f.loser_refused)
EVENING_KEYS = {
    "round_wind": "true: the prevailing wind turns each round (Part II); false: no round wind (Part I)",
    "east_repeat_cap": "how many times in a row East may keep the deal, or null for no cap (the book)",
    "east_win_cap": "East's wins since the deal came to him (draws between do not count or break them) "
    "after which it passes although he won, or null for no cap (the book; Kajongg's classical: 9)",
    "east_win_cap_fact": "the stated on/off fact the evening gives the win that reaches east_win_cap "
    "itself (a winner's fact: Kajongg's east_ninth_win), or null for none",
    "draw_passes_deal": "whether a draw game passes the deal (the book: East stays)",
    "after_false_mahjongg": "who is East after a false Mah-Jongg: " + ", ".join(AFTER_FALSE_MAHJONGG),
    "sets_per_evening": "sets (four rounds each) in an evening, or null: the players decide",
    "playable": "false: `evening` cannot keep this ruleset's game yet (`evening new` refuses it)",
}
WASH_KEYS = {"payments", "east_multiplier"}
SETTING_KEYS = {
    "limit": "a whole number of points (1 or more), or null for no limit",
    "limit_hand_value": "what a limit hand scores when no limit is in force, or null",
    "east_multiplier": "how many times East pays or collects (the book: 2; at most 64)",
    "loser_max_pairs": "how many pairs a non-winning hand may score",
    "settle_losers": "whether the losers settle their differences among themselves",
    "limit_each_score": "whether the limit caps each non-winner's score before the differences are settled "
    "(Kajongg: a hand's total is capped), rather than each difference (the book)",
    "draw_settles": "whether a draw game settles the hands' differences (the book's reading); false: no hand "
    "scores without a winner, nothing settles (Kajongg)",
    "max_chows": "the most chows a winning hand of four sets and a pair may hold, or null for any",
    "limit_hand_counts": "whether a limit hand scores its own count when that is more (no limit in force)",
    "long_hand_scores_zero": "whether a non-winning hand with too many tiles (past 13 plus one per kong) "
    "scores 0; else it scores its sets, and is refused past a winning hand's count",
    "limit_hand_alone": "whether a limit hand paid as such is scored by its limit lines alone: the other "
    "rules' lines, points and doublings are left out (riichi: a yakuman is the yakuman alone)",
    "original_hand_drawn": "whether the original hand of a seat other than East is completed by its first "
    "draw, marked ! (riichi's chiihou); else every original hand is as dealt, no tile marked (the book)",
    "chow_from_left": "whether a discard completes a winning chow only when the player on the winner's "
    "left discarded it (the book: 'he may Chow only tiles discarded by the player to his left'); else any "
    "discard may (the classical rulesets' Mah Jong, riichi's ron)",
    "doubling_base": "the score is points x 2^(doublings + this) (riichi: 2, the basic points)",
    "round_points": "the points total is rounded up to a multiple of this (riichi: 10), or null",
    "limits": "limits by doublings: a list of {name, doublings, score}, ascending; a score above the "
    "first tier's is that tier",
    "min_doublings": "a winning hand needs this many doublings of rules that count for it, or a limit hand",
    "not_written": "what this ruleset's hands never hold, refused: " + ", ".join(NOT_WRITTEN),
    "impossible": "stated facts this ruleset's play never has, refused: " + ", ".join(IMPOSSIBLE),
    "players": "the seats its game is played by, 2 to 4 (riichi: 4), or 0 for any of them: `settle` and "
    "`evening new` refuse a table of another number",
    "round_winds": "the prevalent winds its game is played in, from East, 1 to 4 (the default: 4; riichi's "
    "hanchan: 2, East and South): a hand stated in another round is scored as stated, with a note",
    "words": "its players' words for the engine's, said in its refusals (a hand short of min_doublings), "
    "on its score card (rules show), in a score's breakdown and summary and in diff's columns: a "
    "mapping of " + ", ".join(Words.__dataclass_fields__) + " to text (riichi: han, han, yaku, yakuman, fu, "
    "open, closed)",
}
# The settings that are true or false (the loader's check and the schema's type).
TRUE_OR_FALSE = (
    "settle_losers",
    "draw_settles",
    "limit_each_score",
    "limit_hand_counts",
    "long_hand_scores_zero",
    "limit_hand_alone",
    "original_hand_drawn",
    "chow_from_left",
)
# The `settlement:` section: how the winner's collection is paid (docs/rulesets.md#settlement).
DISCARD_PAYS = {
    "each": "every loser pays his share, as on a self-draw (the book)",
    "discarder": "the discarder alone pays every loser's share, as one payment",
}
SETTLEMENT_KEYS = {
    "discard_pays": "who pays on a discard: " + ", ".join(DISCARD_PAYS),
    "round_payments": "each payment of the winner's collection rounded up to a multiple of this (1: none)",
    "counter_points": "what each counter (--honba N) adds to the winner's collection, split among the payers",
    "deposit_points": "what each deposit on the table (--deposits N) gives the winner",
}


def int_value(
    value: Any,
    path: tuple[Any, ...],
    what: str,
    maximum: int = MAX_INT,
    minimum: int = 0,
    also: str = "",
    least: int | None = None,
) -> int:
    """A whole number from `minimum` to `maximum`. The refusal states the real bound, `least` where a
    value from `minimum` up to it is refused by a later check (authoring_mistakes: `limit: 0`), with
    `also` after it (`, or null for no limit`): a negative and a 0 are told the same bound."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        shown = as_written(value)
        bound = minimum if least is None else least
        # `points: "10"`: a number in quotes is text to YAML (a ruleset author's trial had no hint).
        quoted = ": write it without quotes" if isinstance(value, str) and value.strip().isdigit() else ""
        said = f"{what} must be a whole number of {bound} or more{also}, got {shown}"[:200]
        raise Invalid(path, said + quoted)
    if value > maximum:
        raise Invalid(path, f"{what} must be at most {maximum}, got {value}"[:200])
    return value


def true_or_false(key: str, value: Any) -> str:
    """A key that is true or false given anything else (`settle_losers: yes please`, `rounded: "no"`)."""
    return f"{key} must be true or false, got {as_written(value)}"[:200]


def _section(raw: Any, name: str, what: str, known: list[str]) -> dict[Any, Any]:
    """The `name:` section as a mapping of known keys, before any value is read (`what`: a key's name)."""
    if not isinstance(raw, dict):
        raise Invalid((name,), f"{name} must be a mapping{_not_a_mapping(raw)}")
    strange = [key for key in raw if key not in known]
    for key in strange:
        # A key of another section (`round_payments:` under settings:) is told where it belongs,
        # before any key of this one it is merely close to (`round_points`).
        home = home_of(key, name)
        if home is not None:
            raise Invalid(
                (name, key), f"unknown {what} {key!r}: it is a key of {home}: write it under {home}:"
            )
    if strange:  # every one in the one line (unknown), at the first one's line
        raise Invalid((name, strange[0]), unknown(what, strange[0], known, also=strange[1:]))
    return raw


def _not_a_mapping(raw: Any) -> str:
    """What a section read as something other than key: value lines was, and what to write: `limit:500`
    (no space after the colon) and `limit = 500` are text to YAML, and `- limit: 500` a list."""
    if isinstance(raw, str) and ":" in raw and ": " not in raw:
        key, _, value = raw.partition(":")
        return f", got {as_written(raw)}: write a space after the colon ({key.strip()}: {value.strip()})"
    if isinstance(raw, str) and "=" in raw:
        key, _, value = raw.partition("=")
        return f", got {as_written(raw)}: write key: value ({key.strip()}: {value.strip()})"[:200]
    if isinstance(raw, list):
        return ", got a list: write its keys without '- ' before them"
    return f", got {as_written(raw)}"[:200]


def read_settings(raw: Any) -> Settings:
    """Validate the `settings:` section (see SETTING_KEYS); a missing key keeps the book's value."""
    if raw is None:
        return Settings()
    raw = _section(raw, "settings", "setting", list(SETTING_KEYS))
    out: dict[str, Any] = {}
    for key in ("limit", "limit_hand_value", "max_chows"):
        if key in raw:
            value = raw[key]
            # A limit of 0 is refused as an authoring mistake (authoring.py): its bound, 1, said here too.
            least, also = (1, ", or null for no limit") if key != "max_chows" else (None, "")
            out[key] = (
                None if value is None else int_value(value, ("settings", key), key, also=also, least=least)
            )
    for key in ("east_multiplier", "loser_max_pairs"):
        if key in raw:
            most = MAX_LOSER_PAIRS if key == "loser_max_pairs" else MAX_INT
            out[key] = int_value(raw[key], ("settings", key), key, most, int(key == "east_multiplier"))
    for key in TRUE_OR_FALSE:
        if key in raw:
            if not isinstance(raw[key], bool):
                raise Invalid(("settings", key), true_or_false(key, raw[key]))
            out[key] = raw[key]
    for key in ("doubling_base", "round_points", "min_doublings"):
        if key in raw:
            value = raw[key]
            rounds = key == "round_points"
            out[key] = (
                None
                if value is None and rounds
                else int_value(
                    value, ("settings", key), key, MAX_SMALL, int(rounds), ", or null" if rounds else ""
                )
            )
    if "limits" in raw:
        out["limits"] = _limits(raw["limits"])
    for key, known in (("not_written", NOT_WRITTEN), ("impossible", IMPOSSIBLE)):
        if key in raw:
            given = raw[key]
            entries = given if isinstance(given, list) else []
            wrong = [i for i, x in enumerate(entries) if not (isinstance(x, str) and x in known)]
            if not isinstance(given, list) or wrong:  # named at the entry: `-` alone is null
                shown = as_written(entries[wrong[0]] if wrong else given)
                # A typo gets its closest name; one name written alone, the list it should be.
                hint = closest(entries[wrong[0]], list(known)) if wrong else ""
                if isinstance(given, str) and given in known:
                    hint = f": write one as a list too, [{given}]"
                raise Invalid(
                    ("settings", key, *wrong[:1]), f"{key} is a list of {', '.join(known)}, got {shown}{hint}"
                )
            out[key] = frozenset(given)
    if "players" in raw:
        out["players"] = int_value(raw["players"], ("settings", "players"), "players", MAX_PLAYERS)
        if out["players"] == 1:
            raise Invalid(("settings", "players"), "players must be 2 to 4, or 0 for any of them")
    if "round_winds" in raw:
        out["round_winds"] = int_value(
            raw["round_winds"], ("settings", "round_winds"), "round_winds", MAX_PLAYERS, 1
        )
    if "words" in raw:
        out["words"] = _words(raw["words"])
    return Settings(**out)


def _words(raw: Any) -> Words:
    """The `words:` setting: each of Words' keys given, a word or two of text."""
    path: tuple[Any, ...] = ("settings", "words")
    keys = list(Words.__dataclass_fields__)
    if not isinstance(raw, dict):
        raise Invalid(path, f"words is a mapping of {', '.join(keys)} to text")
    strange = [key for key in raw if key not in keys]
    if strange:  # a typo of a key: name the key it is closest to
        raise Invalid((*path, strange[0]), unknown("word", strange[0], keys, also=strange[1:]))
    for key, value in raw.items():
        if not (isinstance(value, str) and value.strip() and value.isprintable() and len(value) <= MAX_WORD):
            raise Invalid((*path, key), f"words: {key} must be text of 1 to {MAX_WORD} characters")
    return Words(**raw)


def _limits(raw: Any) -> tuple[LimitTier, ...]:
    """The `limits:` tiers: each {name, doublings, score}, doublings ascending."""
    path: tuple[Any, ...] = ("settings", "limits")
    if not isinstance(raw, list):
        raise Invalid(path, "limits must be a list of {name, doublings, score}")
    tiers = []
    for i, tier in enumerate(raw):
        strange = [key for key in tier if key not in _TIER_KEYS] if isinstance(tier, dict) else []
        if strange:  # a typo of a key: name the key it is closest to
            said = unknown("limit key", strange[0], list(_TIER_KEYS), also=strange[1:])
            raise Invalid((*path, i, strange[0]), said)
        if not isinstance(tier, dict) or set(tier) != set(_TIER_KEYS):
            raise Invalid((*path, i), "a limit is a mapping of name, doublings and score")
        if not isinstance(tier["name"], str) or not tier["name"]:
            raise Invalid((*path, i, "name"), "a limit's name must be text")
        named = f"limit {tier['name']!r}: "  # which tier, as authoring's checks of a tier name it
        tiers.append(
            LimitTier(
                tier["name"],
                int_value(tier["doublings"], (*path, i, "doublings"), f"{named}doublings", MAX_DOUBLINGS),
                int_value(tier["score"], (*path, i, "score"), f"{named}score", least=1),  # 0: authoring.py
            )
        )
    if [t.doublings for t in tiers] != sorted({t.doublings for t in tiers}):
        raise Invalid(path, "limits must be in ascending order of doublings, each once")
    return tuple(tiers)


def read_evening(raw: Any) -> EveningRules:
    """Validate the `evening:` section (see EVENING_KEYS); a missing key keeps the book's behaviour."""
    if raw is None:
        return EveningRules()
    out: dict[str, Any] = {}
    for key, value in _section(raw, "evening", "evening key", list(EVENING_KEYS)).items():
        path = ("evening", key)
        if key in ("round_wind", "draw_passes_deal", "playable"):
            if not isinstance(value, bool):
                raise Invalid(path, true_or_false(key, value))
            out[key] = value
        elif key == "after_false_mahjongg":
            if value not in AFTER_FALSE_MAHJONGG:
                raise Invalid(path, one_of("after_false_mahjongg", value, AFTER_FALSE_MAHJONGG))
            out[key] = value
        elif key == "east_win_cap_fact":
            if value is not None and value not in CAP_FACTS:
                facts = ", ".join(CAP_FACTS)
                hint = closest(value, list(CAP_FACTS))
                raise Invalid(
                    path, f"east_win_cap_fact must be null or one of {facts}, got {as_written(value)}{hint}"
                )
            out[key] = value
        else:
            # An evening of 0 sets would be over before its first game, and a cap of 0 wins would pass
            # the deal before East won: at least one, or null.
            least = 1 if key in ("sets_per_evening", "east_win_cap") else 0
            out[key] = None if value is None else int_value(value, path, key, MAX_EVENING, least)
    if out.get("east_win_cap_fact") is not None and out.get("east_win_cap") is None:
        raise Invalid(
            ("evening", "east_win_cap_fact"), "east_win_cap_fact needs east_win_cap: the win it is stated of"
        )
    return EveningRules(**out)


def read_settlement(raw: Any) -> SettlementRules:
    """Validate the `settlement:` section (see SETTLEMENT_KEYS); a missing key keeps the book's way."""
    if raw is None:
        return BOOK
    out: dict[str, Any] = {}
    for key, value in _section(raw, "settlement", "settlement key", list(SETTLEMENT_KEYS)).items():
        path = ("settlement", key)
        if key == "discard_pays":
            if not isinstance(value, str) or value not in DISCARD_PAYS:  # a list would not hash
                raise Invalid(path, one_of("discard_pays", value, DISCARD_PAYS)[:200])
            out[key] = value
            continue
        rounds = key == "round_payments"
        out[key] = int_value(value, path, key, MAX_INT, int(rounds), " (1: no rounding)" if rounds else "")
    terms = SettlementRules(**out)
    return BOOK if terms == BOOK else terms


def read_wash(raw: Any) -> WashTable | None:
    """Validate the `wash:` table: different heads -> points from each player, East's multiplier."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise Invalid(("wash",), "wash must be a mapping with payments (and east_multiplier)")
    strange = [key for key in raw if key not in WASH_KEYS]
    if strange:
        raise Invalid(
            ("wash", strange[0]), unknown("wash key", strange[0], sorted(WASH_KEYS), also=strange[1:])
        )
    table = raw.get("payments")
    if "payments" not in raw:
        # `wash: {east_multiplier: 2}` over a base's table: read as a change of that one key, which it
        # is not (docs/rulesets.md, "wash: replaces the base's washing table whole").
        raise Invalid(
            ("wash",),
            "wash has no payments: a washing table writes its rows under payments (different heads: "
            "points), and a house file's wash: replaces its base's table whole",
        )
    if not isinstance(table, dict) or not table:
        raise Invalid(("wash", "payments"), "wash payments must map different heads to points")
    rows: list[tuple[int, int]] = []
    for heads, points in table.items():
        # 1 to 13: there are thirteen different heads (Part II, limit hand 1); one bound, told alike to
        # `nine`, 0 and 14.
        need = int_value(heads, ("wash", "payments", heads), "wash heads", 13, 1)
        rows.append((need, int_value(points, ("wash", "payments", heads), "wash points")))
    multiplier = int_value(
        raw.get("east_multiplier", 1), ("wash", "east_multiplier"), "east_multiplier", MAX_INT, 1
    )
    return WashTable(tuple(sorted(rows)), multiplier)


def home_of(key: object, besides: str = "") -> str | None:
    """The section a key belongs to (the first that has it), other than `besides`, or None."""
    sections = (
        ("settings", SETTING_KEYS),
        ("evening", EVENING_KEYS),
        ("settlement", SETTLEMENT_KEYS),
        ("wash", WASH_KEYS),
    )
    return next((section for section, keys in sections if section != besides and key in keys), None)
