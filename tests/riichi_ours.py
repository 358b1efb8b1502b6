"""Our engine under rulesets/riichi-ema-2016.yaml, in the oracle's terms (tests/riichi_oracle.py).

`ours(hand, facts)` scores a hand with the riichi ruleset and the facts of the oracle's `Facts`, read as
our stated facts (docs/riichi.md "The facts of a win"), and returns han, fu, basic points and the yaku
as the package names them, or the refusal's code. `expected(scored)` is the same view of the oracle's
answer, its basic points worked from han and fu by the EMA table (docs/riichi.md "Han, basic points
and limits").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from riichi_oracle import Facts, Refusal, Scored

from pungchow_calc.engine.errors import PungchowError
from pungchow_calc.engine.payments import payer_name
from pungchow_calc.engine.scoring import Score, score_text
from pungchow_calc.engine.situation import Situation, WinBy, read_tiles
from pungchow_calc.engine.tiles import Wind
from pungchow_calc.ruleset_files import load

# By path: a worktree's editable install finds the shipped rulesets of another checkout by name.
RULESET = load(str(Path(__file__).resolve().parent.parent / "rulesets" / "riichi-ema-2016.yaml"))

# The single yakuman the package names apart (docs/riichi.md "Where the package and the EMA text
# disagree": with has_double_yakuman=False each is one yakuman, EMA names it as the plain one).
SINGLE = {
    "Kokushi Musou Juusanmen Matchi": "Kokushi Musou",
    "Suu Ankou Tanki": "Suu Ankou",
    "Daburu Chuuren Poutou": "Chuuren Poutou",
}
YAKUMAN = frozenset(rule.label for rule in RULESET.rules if rule.limit)  # the package's names too
DRAGON_NAMES = {"Wd": "haku", "Gd": "hatsu", "Rd": "chun"}


@dataclass(frozen=True, slots=True)
class View:
    """What the differential test compares: han (13 for a yakuman), fu, basic points, the yaku, every
    payment (the discarder's, or each seat's on a self-draw, counters included) and the deposits taken."""

    han: int
    fu: int  # 0 for a yakuman: a limit hand's fu do not matter
    basic: int
    yaku: tuple[tuple[str, int], ...]  # (package name, han), sorted; yakuman at 13 han each
    payments: tuple[tuple[str, int], ...]  # (payer, amount), sorted
    deposits: int


def situation(facts: Facts) -> Situation:
    """The oracle's facts as our Situation: self-drawn is --drawn (--loose for rinshan), chankan
    --robbing-kong, haitei/houtei --last-tile, tenhou/chiihou --original-hand, renhou --first-discard."""
    win_by = WinBy.DISCARD
    if facts.tsumo:
        win_by = WinBy.LOOSE if facts.rinshan else WinBy.WALL
    return Situation(
        seat=Wind.parse(facts.seat),
        round=Wind.parse(facts.round),
        win_by=win_by,
        original_hand=facts.tenhou or facts.chiihou,
        last_tile=facts.haitei or facts.houtei,
        first_discard=facts.renhou,
        robbing_kong=facts.chankan,
        riichi=facts.riichi and not facts.double_riichi,
        double_riichi=facts.double_riichi,
        ippatsu=facts.ippatsu,
        dora=read_tiles("--dora", ",".join(facts.dora)) if facts.dora else (),
        ura=read_tiles("--ura", ",".join(facts.ura)) if facts.ura else (),
        honba=facts.honba,
        deposits=facts.deposits,
    )


def _name(line_rule: str, label: str, meld: str | None, facts: Facts) -> str:
    if line_rule == "dragon_pung":
        assert meld is not None
        return f"Yakuhai ({DRAGON_NAMES[meld[:2]]})"
    if line_rule == "seat_wind_pung":
        return f"Yakuhai (seat wind {facts.seat})"
    if line_rule == "round_wind_pung":
        return f"Yakuhai (round wind {facts.round})"
    return label


def view(score: Score, facts: Facts) -> View:
    """Our score in the compared terms."""
    paid = tuple(sorted((payer_name(payer), amount) for payer, amount in (score.payments or {}).items()))
    # Every yaku line, a yakuman's (13) beside any other: a yakuman hand's breakdown holds the yakuman
    # alone (`limit_hand_alone`), as the package's yaku do.
    yaku = tuple(
        sorted(
            (_name(line.rule, line.label, line.meld, facts), 13 if line.kind == "limit" else line.doublings)
            for line in score.lines
            if line.kind in ("double", "limit")
        )
    )
    if score.limit_hand is not None and any(line.kind == "limit" for line in score.lines):
        return View(13, 0, score.score, yaku, paid, score.deposits)
    return View(score.doublings, score.points, score.score, yaku, paid, score.deposits)


def ours(hand: str, facts: Facts) -> View | str:
    """Our view of the hand, or the code of the refusal."""
    try:
        return view(score_text(hand, RULESET, situation(facts)), facts)
    except PungchowError as exc:
        return exc.code


def basic_points(han: int, fu: int, yakuman: bool) -> int:
    """The EMA basic points of han and fu (docs/riichi.md "Han, basic points and limits")."""
    if yakuman:
        return 8000
    for least, limit in ((11, 6000), (8, 4000), (6, 3000), (5, 2000)):
        if han >= least:
            return limit
    return min(fu * 2 ** (han + 2), 2000)


def expected(result: Scored | Refusal) -> View | str:
    """The oracle's answer in the compared terms (the refusal's code for a refusal)."""
    if isinstance(result, Refusal):
        return result.code
    names = [SINGLE.get(name, name) for name, _ in result.yaku]
    # A yakuman by its name: 13 han or more of yaku and dora is no yakuman under EMA (a sanbaiman).
    yakuman = not YAKUMAN.isdisjoint(names)
    yaku = tuple(
        sorted((name, 13 if yakuman else h) for name, (_, h) in zip(names, result.yaku, strict=True))
    )
    paid = tuple(sorted(result.payments))
    if yakuman:
        return View(13, 0, 8000, yaku, paid, result.deposits)
    return View(
        result.han, result.fu, basic_points(result.han, result.fu, False), yaku, paid, result.deposits
    )
