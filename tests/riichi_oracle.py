"""The riichi tests' oracle: the riichi `mahjong` package (a test dependency) under the EMA 2016 options.

`score(hand, facts)` takes a hand in our notation (docs/notation.md, docs/riichi.md) and the stated facts of
the win (`Facts`) and returns what the package says under EMA options (`Scored`: han, fu, yaku, payments)
or a `Refusal` with a stable code ("no-yaku" is the one a generated hand may get). `ema_score` returns the
same with the package's known departures from the EMA text corrected (docs/riichi.md, "Where the package
and the EMA text disagree"); `Scored.divergences` names the departures met by a hand.

Tiles: our dots (`d`) are the package's pin, bamboo (`b`) its sou, characters (`c`) its man; the dragons
`Wd` white = haku, `Gd` green = hatsu, `Rd` red = chun (the package's honors 5, 6, 7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.meld import Meld

from pungchow_calc.engine.hand import build, require_winning_size
from pungchow_calc.engine.notation import Marker, parse

# The package's 34 tile kinds: man (our characters) 0-8, pin (dots) 9-17, sou (bamboo) 18-26, then the
# winds east to north and the dragons haku (white), hatsu (green), chun (red). A 136 index is kind*4+copy.
SUIT_BASE = {"c": 0, "d": 9, "b": 18}
HONOR_KIND = {"Ew": 27, "Sw": 28, "Ww": 29, "Nw": 30, "Wd": 31, "Gd": 32, "Rd": 33}
KIND_CODE = {**{SUIT_BASE[s] + r - 1: f"{r}{s}" for s in "cdb" for r in range(1, 10)}} | {
    k: c for c, k in HONOR_KIND.items()
}
WINDS = ("east", "south", "west", "north")
WIND_KIND = {w: 27 + i for i, w in enumerate(WINDS)}

# EMA Riichi Competition Rules 2016 as the package's options (names checked against mahjong 2.1.0's
# hand_config.py): open tanyao allowed (kuitan), no red fives, every yakuman single, 13+ han of yaku is a
# sanbaiman (no counted yakuman), no rounding up of 4 han 30 fu / 3 han 60 fu to mangan, an open hand
# without fu counts 30 on a discard, no self-draw fu for pinfu, renhou a 5-han yaku that adds to the
# others, not a yakuman (RCR 2016 §4.2.4 "Five fan yaku"), none of the package's optional yakuman, four
# players.
EMA_OPTIONS: dict[str, Any] = {
    "has_open_tanyao": True,
    "has_aka_dora": False,
    "has_double_yakuman": False,
    "kazoe_limit": HandConstants.KAZOE_SANBAIMAN,
    "kiriage": False,
    "fu_for_open_pinfu": True,
    "fu_for_pinfu_tsumo": False,
    "renhou_as_yakuman": False,
    "has_daisharin": False,
    "has_daisharin_other_suits": False,
    "has_sashikomi_yakuman": False,
    "has_daichisei": False,
    "is_three_player": False,
}


def kind(code: str) -> int:
    """The package's tile kind (0-33) of one of our tile codes (`5d`, `Ew`, `Wd`)."""
    return HONOR_KIND[code] if code in HONOR_KIND else SUIT_BASE[code[1]] + int(code[0]) - 1


@dataclass(frozen=True, slots=True)
class Facts:
    """The stated facts of a riichi win (docs/riichi.md, "Facts"). Indicators are tile codes."""

    seat: str = "east"
    round: str = "east"
    tsumo: bool = False  # self-drawn (our --win-by wall / loose)
    riichi: bool = False
    double_riichi: bool = False  # a riichi declared on the first turn (implies riichi)
    ippatsu: bool = False
    rinshan: bool = False  # won on the loose tile after a kong (our --win-by loose)
    chankan: bool = False  # robbing a kong (our --robbing-kong)
    haitei: bool = False  # self-drawn last tile of the wall (our --last-tile with a self-draw)
    houtei: bool = False  # the discard after the last tile (our --last-tile with a discard)
    tenhou: bool = False  # East's original hand (our --original-hand)
    chiihou: bool = False  # another seat's first draw, no call before it
    renhou: bool = False  # another seat's win on a discard before its first draw (our --first-discard)
    dora: tuple[str, ...] = ()  # dora indicators, the kan dora indicators after them
    ura: tuple[str, ...] = ()  # ura dora indicators (counted only under riichi)
    honba: int = 0  # counters on the table: 300 each
    deposits: int = 0  # riichi deposits on the table: 1000 each, to the winner

    def config(self) -> HandConfig:
        """These facts as the package's HandConfig with the EMA options."""
        return HandConfig(
            is_tsumo=self.tsumo,
            is_riichi=self.riichi or self.double_riichi,
            is_ippatsu=self.ippatsu,
            is_rinshan=self.rinshan,
            is_chankan=self.chankan,
            is_haitei=self.haitei,
            is_houtei=self.houtei,
            is_daburu_riichi=self.double_riichi,
            is_tenhou=self.tenhou,
            is_chiihou=self.chiihou,
            is_renhou=self.renhou,
            player_wind=WIND_KIND[self.seat],
            round_wind=WIND_KIND[self.round],
            tsumi_number=self.honba,
            kyoutaku_number=self.deposits,
            options=OptionalRules(**EMA_OPTIONS),
        )


@dataclass(frozen=True, slots=True)
class Scored:
    """A winning hand's value: han, fu, the yaku with their han (dora as `Dora`/`Ura Dora` with the count),
    the limit reached (`mangan` ... `yakuman`, `kazoe sanbaiman`, or ""), what each loser pays (the
    discarder on a discard; each other seat by wind on a self-draw; honba included), the riichi deposits
    collected, the winner's total, and the package's departures from EMA met by this hand."""

    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    limit: str
    payments: tuple[tuple[str, int], ...]
    deposits: int
    total: int
    divergences: tuple[str, ...] = ()

    @property
    def yaku_names(self) -> frozenset[str]:
        """The names of the yaku, dora included."""
        return frozenset(name for name, _ in self.yaku)


@dataclass(frozen=True, slots=True)
class Refusal:
    """The package (or the reading of the hand for it) refuses: `code` is stable, `message` for people.

    Codes: `no-yaku` (a complete hand without a yaku: no win), `not-winning` (the package finds no
    winning shape), `bad-facts` (the package refuses the facts, e.g. riichi with an open hand),
    `unsupported` (notation riichi has no use for: `=` pairs, bonus tiles, `!` in a marked group),
    `no-winning-tile` (no `!` and not tenhou/chiihou)."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class _Input:
    tiles: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tiles: tuple[int, ...]  # the `!` tile, or each kind of concealed tile (tenhou, chiihou)


def to_package(hand: str, facts: Facts) -> _Input | Refusal:
    """The hand as the package's 136-tile array, melds and winning tile(s); pungchow's own notation
    checks (parse, build, the size of a winning hand) raise their NotationError/HandError first."""
    parsed = parse(hand)
    require_winning_size(build(parsed))
    copies: dict[int, int] = {}
    tiles: list[int] = []
    melds: list[Meld] = []
    win: int | None = None
    concealed: list[int] = []

    def take(code: str) -> int:
        k = kind(code)
        index = k * 4 + copies.get(k, 0)
        copies[k] = copies.get(k, 0) + 1
        tiles.append(index)
        return index

    for group in parsed.groups:
        if any(t.is_bonus for t in group.tiles):
            return Refusal("unsupported", f"{group.text}: riichi has no flowers or seasons")
        if group.marker is Marker.EXPOSED_PAIR:
            return Refusal("unsupported", f"{group.text}: riichi has no exposed pair")
        if group.marker is not Marker.CONCEALED and group.winning is not None:
            return Refusal(
                "unsupported",
                f"{group.text}: write the winning tile among the concealed tiles (docs/riichi.md)",
            )
        indexes = [take(t.code) for t in group.tiles]
        if group.winning is not None:
            win = indexes[group.winning]
        if group.marker is Marker.CONCEALED:
            concealed.extend(indexes)
            continue
        codes = [t.code for t in group.tiles]
        if len(codes) == 4:
            opened = group.marker is not Marker.DECLARED
            melds.append(Meld(meld_type=Meld.KAN, tiles=indexes, opened=opened))
        elif codes[0] == codes[1]:
            melds.append(Meld(meld_type=Meld.PON, tiles=indexes, opened=True))
        else:
            melds.append(Meld(meld_type=Meld.CHI, tiles=indexes, opened=True))
    if win is None:
        if not (facts.tenhou or facts.chiihou):
            return Refusal("no-winning-tile", "mark the winning tile with ! (only tenhou/chiihou have none)")
        seen: dict[int, int] = {}
        for index in concealed:
            seen.setdefault(index // 4, index)
        return _Input(tuple(tiles), tuple(melds), tuple(seen.values()))
    return _Input(tuple(tiles), tuple(melds), (win,))


def _indicators(codes: tuple[str, ...], tiles: tuple[int, ...]) -> list[int]:
    # An indicator is a tile of the dead wall: give it a copy the hand does not hold (the package only
    # reads its kind, but a fifth copy would be no tile of the set).
    used = set(tiles)
    out = []
    for code in codes:
        k = kind(code)
        index = next((k * 4 + c for c in range(4) if k * 4 + c not in used), k * 4)
        used.add(index)
        out.append(index)
    return out


def _payments(cost: dict[str, int], facts: Facts) -> tuple[tuple[str, int], ...]:
    if not facts.tsumo:
        return (("discarder", cost["main"] + cost["main_bonus"]),)
    out = []
    for seat in WINDS:
        if seat == facts.seat:
            continue
        if seat == "east" or facts.seat == "east":
            out.append((seat, cost["main"] + cost["main_bonus"]))
        else:
            out.append((seat, cost["additional"] + cost["additional_bonus"]))
    return tuple(out)


def _scored(response: Any, facts: Facts, han: int, fu: int, cost: dict[str, Any]) -> Scored:
    open_hand = response.is_open_hand
    yaku = tuple(
        sorted((y.name, y.han_open if open_hand and y.han_open else y.han_closed) for y in response.yaku)
    )
    return Scored(
        han=han,
        fu=fu,
        yaku=yaku,
        limit=cost["yaku_level"],
        payments=_payments(cost, facts),
        deposits=cost["kyoutaku_bonus"],
        total=cost["total"],
        divergences=_divergences(response, facts),
    )


def _divergences(response: Any, facts: Facts) -> tuple[str, ...]:
    found = []
    if any(d["reason"] == FuCalculator.DOUBLE_VALUED_PAIR for d in response.fu_details or ()):
        found.append("double-wind-pair")
    if sum(y.han_closed for y in response.yaku if y.is_yakuman) > 13:
        found.append("yakuman-stacking")
    return tuple(found)


def _package(hand: str, facts: Facts) -> Any:
    """The package's HandResponse for the hand (the best over the possible winning tiles), or a Refusal."""
    made = to_package(hand, facts)
    if isinstance(made, Refusal):
        return made
    dora = _indicators(facts.dora, made.tiles)
    ura = _indicators(facts.ura, made.tiles + tuple(dora))
    best: tuple[Any, ...] | None = None
    refusal: Refusal | None = None
    for win in made.win_tiles:
        response = HandCalculator.estimate_hand_value(
            list(made.tiles),
            win,
            melds=list(made.melds),
            dora_indicators=dora,
            ura_dora_indicators=ura,
            config=facts.config(),
        )
        if response.error:
            refusal = refusal or _refusal(response.error)
            continue
        key = (response.cost["total"], response.han, response.fu)
        if best is None or key > best[0]:
            best = (key, response)
    if best is None:
        assert refusal is not None
        return refusal
    return best[1]


def score(hand: str, facts: Facts) -> Scored | Refusal:
    """What the package says of this hand and these facts under the EMA options."""
    response = _package(hand, facts)
    if isinstance(response, Refusal):
        return response
    return _scored(response, facts, response.han, response.fu, response.cost)


def _refusal(error: str) -> Refusal:
    if error == HandCalculator.ERR_NO_YAKU:
        return Refusal("no-yaku", "a complete hand, but no yaku: dora are not yaku")
    if error == HandCalculator.ERR_HAND_NOT_WINNING:
        return Refusal("not-winning", "the package finds no winning shape")
    return Refusal("bad-facts", error)


def ema_score(hand: str, facts: Facts) -> Scored | Refusal:
    """`score` with the package's departures from the EMA 2016 text corrected (docs/riichi.md): a pair
    of a wind that is both seat and round wind is 2 fu, not 4; yakuman do not add up (one yakuman at
    most). The arrangement stays the one the package chose."""
    response = _package(hand, facts)
    if isinstance(response, Refusal):
        return response
    result = _scored(response, facts, response.han, response.fu, response.cost)
    if not result.divergences:
        return result
    han, fu = result.han, result.fu
    is_yakuman = any(y.is_yakuman for y in response.yaku)
    if "yakuman-stacking" in result.divergences:
        han = 13
    if "double-wind-pair" in result.divergences:
        double = FuCalculator.DOUBLE_VALUED_PAIR
        raw = sum(d["fu"] - (2 if d["reason"] == double else 0) for d in response.fu_details)
        fu = (raw + 9) // 10 * 10
    cost = dict(ScoresCalculator.calculate_scores(han, fu, facts.config(), is_yakuman))
    return _scored(response, facts, han, fu, cost)  # the same yaku and departures, the EMA value


def package_cost(han: int, fu: int, facts: Facts, is_yakuman: bool = False) -> dict[str, Any]:
    """The package's payments for han and fu (ScoresCalculator) under the EMA options and these facts."""
    return dict(ScoresCalculator.calculate_scores(han, fu, facts.config(), is_yakuman))
