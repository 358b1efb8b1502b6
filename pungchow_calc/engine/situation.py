"""How a hand was won: the Situation the conditions read, and the one table of the facts a player states.

A stated fact is what the tiles cannot show: "won on the original draw", "robbing a kong", ... Each is
declared once, here, as a `Situation` field and its row in `FACTS` (the option spelling, its help, the
note shown when no rule of a ruleset reads it, the rule condition of its name). Everything else is
derived from the table: the options of `score`, `settle` and `evening hand` (pungchow_calc/options.py),
`TableOptions.stated`, the keys of an evening's records (evening/settle.py), the notes
(scoring.unread_options), the conditions (conditions/situation.py) and the checks that a fact describes
a win. Adding a fact is its field and its row here, plus any other conditions that read it
(docs/rulesets.md#adding); tests/test_situation_facts.py holds every derived place to the table.
`IMPOSSIBLE` names the facts a ruleset may declare its play never has (the setting `impossible`).
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache, partial
from typing import Any

from .cache import BoundedCache
from .decomposition import SHAPES
from .errors import NotationError, OptionError, digits_hint
from .hand import Hand
from .notation import parse, season_hint
from .tiles import Tile, Wind


class WinBy(Enum):
    """How the winning tile came: drawn from the wall, drawn as a loose tile, or a claimed discard."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    WALL = "wall"
    LOOSE = "loose"
    DISCARD = "discard"


# The ways as module names, for code that runs per hand (as hand.CHOW ...: the Enum class's __getattr__).
DISCARD, LOOSE = WinBy.DISCARD, WinBy.LOOSE


@dataclass(frozen=True, slots=True)
class Situation:
    """The circumstances of a hand: who holds it, the round, and how it was won.

    The fields after `discarder` are the stated facts, one per row of FACTS (same order).
    """

    seat: Wind = Wind.EAST
    round: Wind = Wind.EAST
    winner: bool = True
    win_by: WinBy = WinBy.DISCARD
    discarder: Wind | None = None
    original_hand: bool = False
    last_tile: bool = False
    first_discard: bool = False
    robbing_kong: bool = False  # won with the tile another player added to an exposed pung
    original_call: bool = False  # declared calling before the first discard and kept the hand unchanged
    kong_after_kong: bool = False  # won on the loose tile drawn for a kong declared on a loose tile
    # The table's counters and deposits when the hand was won: read by the settlement (payments.py,
    # the ruleset's `settlement:` counter_points and deposit_points), not by the score.
    honba: int = 0
    deposits: int = 0
    # The riichi facts (docs/riichi.md "The facts of a win"): kept together, after the book's.
    riichi: bool = False  # won after declaring riichi (a closed hand, ready)
    double_riichi: bool = False  # riichi declared on the first uninterrupted turn
    ippatsu: bool = False  # won within one go-around of declaring riichi, no call between
    dora: tuple[Tile, ...] = ()  # the dora indicators turned, kan dora indicators included
    ura: tuple[Tile, ...] = ()  # the ura dora indicators (read under riichi only)


def how_won(situation: Situation) -> str:
    """How a winner's hand was won, as the breakdown's header and the notes say it: an original hand
    is won on the original draw (the book's "Drawing the original hand", docs/rulings.md), not by the
    way the options default to (discard)."""
    return "won on the original draw" if situation.original_hand else f"won by {situation.win_by.value}"


def on_discard(win_by: WinBy, original_hand: bool) -> bool:
    """Whether a win was on a discard, as the payments read it (the setting `discard_pays: discarder`):
    an original hand never is, whatever way the options default to: it takes no discard (FROM_ORIGINAL)
    and is won on the original draw (how_won)."""
    return win_by is DISCARD and not original_hand


# Never compared, hashed or shown: a row of FACTS, found by field (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Fact:
    """One stated fact: its field, the option that states it, and what a player is told about it."""

    field: str  # the Situation field (or, for a fact of the table, the TableOptions one); the record key
    option: str  # the option's spelling (`score`, `settle`, `evening hand`, the `evening play` prompt)
    help: str  # the option's help
    # What no rule scores, for the note `--x: no rule of ruleset R scores ...`; "" for no note.
    scores: str = ""
    # What the rule condition of the same name tests (conditions/situation.py makes one for every fact
    # with this), as `rules show` and the JSON Schema describe it; "" for no condition.
    condition: str = ""
    way: WinBy | None = None  # the way of winning the fact implies (the option sets it when none is typed)
    tile: str = ""  # the winning tile as the fact names it, when it has a way: "a robbed tile"
    loser_refused: bool = False  # refused with `--loser` (the fact only describes a winning hand)
    situation: bool = True  # False: a fact of the table the penalties read, not a Situation field
    # A fact with a value (a count, tiles) rather than on/off: the value's name in help (`N`) and its
    # reader (the text as typed -> the Situation's value; raises OptionError). "" and None: on/off.
    metavar: str = ""
    read: Callable[[str], Any] | None = None
    closed_only: bool = False  # only a closed hand (no set laid open) can have it: refused otherwise
    needs: tuple[str, ...] = ()  # facts of which it needs one given with it (else refused in one line)
    # Its value is tiles of the same set as the hand's (riichi's indicators): with the hand, at most four
    # of a tile (else refused in one line).
    of_the_set: bool = False
    most: int = 0  # its value holds at most this many tiles (0: no bound; else refused in one line)
    # Its tiles lie one under each of that fact's (ura under dora): no more of them than of that fact's,
    # when that fact is given (else refused in one line).
    under: str = ""
    # Its value is a list (tiles, commas between): a batch's YAML entry may give it as a YAML list, read
    # as the items with commas between, by the same reader (docs/batch.md).
    listed: bool = False
    # The reader of a value from an evening's record, where `read` has refused since what it once
    # accepted (a marker on an indicator, `8d*`): a recorded evening stays readable. None: `read`.
    read_recorded: Callable[[str], Any] | None = None

    @property
    def flag(self) -> bool:
        """True for an on/off fact (no value)."""
        return not self.metavar


# Characters: five indicators and their commas, far under the longest text notation reads (a longer
# list is read whole, so that it is refused as a too long hand would be).
_SHORT_LIST = 40


def read_tiles(option: str, text: str, recorded: bool = False) -> tuple[Tile, ...]:
    """Playing tiles given as an option's value, in notation, commas allowed: `4c,Nw` (docs/riichi.md);
    `recorded`: from an evening's record, where a marker (`8d*`, accepted before it was refused) is
    left as it was read then."""
    if recorded:
        return _read_whole(option, text, recorded)  # never remembered: a strict reading would take it
    if "," in text and not all(item.strip() for item in text.split(",")) and text.strip(", "):
        # `--dora 8d --dora "$MORE"` (MORE unset) joins as `8d,`: an indicator left empty, as `--dora ''`
        # alone is refused below, never dropped without a word (a kan dora the player meant to give).
        raise OptionError(
            f"{option}: {text!r} leaves an indicator empty: name each tile (e.g. {option} 4c,Nw)",
            code="bad-option",
        )
    # A batch's indicator lists are thousands of arrangements of a few dozen tiles: a short list is read
    # tile by tile, each remembered (read alone, a group gives the same tiles); any error, read whole.
    # Whole lists are not remembered here (options._READ remembers each option value it reads): they
    # would crowd the single groups out of the memo.
    words = text.replace(",", " ").split()
    if words and len(text) <= _SHORT_LIST:
        known = _GROUPS.get
        tiles: list[Tile] = []
        try:
            for word in words:  # a loop, one key a word: twice as fast as a memo of (option, word)
                group = known(word)
                if group is None:  # a group's tiles are the same whichever option gives it
                    group = _GROUPS.put(word, _read_whole(option, word))
                tiles += group
            return tuple(tiles)
        except OptionError:
            pass  # the whole list read below names the first bad group and its column
    return _read_whole(option, text)


def _read_whole(option: str, text: str, recorded: bool = False) -> tuple[Tile, ...]:
    """An indicator list read in one piece: the notation's groups, with no marker, then no bonus tile."""
    if not text.replace(",", " ").strip():
        raise OptionError(
            f"{option}: no tile given: name the indicators (e.g. {option} 4c,Nw), or leave {option} out",
            code="bad-option",
        )
    try:
        parsed = parse(text.replace(",", " "))
    except NotationError as exc:
        if exc.code == "too-long":  # parse's words are a hand's: this is a list of a few tiles
            raise OptionError(
                f"{option}: the list is too long ({len(text)} characters): at most {MOST_INDICATORS} "
                f"tiles are turned in a hand (e.g. {option} 4c,Nw)",
                code="bad-option",
                column=exc.column,
            ) from None
        # Its column in the option's value kept as the error's column (the JSON `column`, docs/json.md),
        # as settle's `--south` keeps a hand's (seats.for_seat).
        raise OptionError(f"{option}: {exc.message}", code="bad-option", column=exc.column) from None
    for order, group in enumerate(parsed.groups):
        # An indicator is a tile turned over on the wall: no set lies on the table or wins the hand.
        mark = "!" if group.winning is not None else group.marker.value
        if mark and not recorded:
            raise OptionError(
                f"{option}: {group.text}: an indicator is a plain tile, without {mark} (e.g. {option} 4c,Nw)",
                code="bad-option",
                column=parsed.column(order),
            )
    tiles = tuple(t for group in parsed.groups for t in group.tiles)
    if any(t.is_bonus for t in tiles):
        raise OptionError(
            f"{option}: indicators are playing tiles, not flowers or seasons{season_hint(parsed.groups)}",
            code="bad-option",
        )
    return tiles


# The tiles of one group of an indicator list, by its text, as read: a batch's indicators are a few
# hundred spellings. An error is not remembered (the whole list is read again to name it).
_GROUPS: BoundedCache[str, tuple[Tile, ...]] = BoundedCache(1024)


MAX_COUNT_DIGITS = 4  # counters and deposits: no table holds 10,000 of them
# The dora indicators turned in a hand: one, and one more for each kong declared at the table, by any
# player (RCR 2016 §3.3.5-3.3.7: "reveal a kan dora"), of which there are four at most (§3.3.10: "Under
# no circumstance can a fifth kong be made"). Other players' kongs count, so the winner's kongs set no
# lower bound that a player must type (docs/riichi.md "The facts of a win").
MOST_INDICATORS = 5


def _count(value: str, option: str) -> int:
    """A count as typed (`--honba 2`): a whole number of 0 or more, in ASCII digits."""
    if not (value.isascii() and value.isdigit()):
        raise OptionError(
            f"{option}: {value!r} is not a whole number of 0 or more{digits_hint(value)}", code="bad-option"
        )
    if len(value) > MAX_COUNT_DIGITS:
        raise OptionError(
            f"{option}: {value} is too many (at most {'9' * MAX_COUNT_DIGITS})", code="bad-option"
        )
    return int(value)


FACTS: tuple[Fact, ...] = (
    Fact(
        "original_hand",
        "--original-hand",
        "Won on the original draw.",
        "a hand won on the original draw",
        "won on the hand as first drawn",
        loser_refused=True,
    ),
    Fact(
        "last_tile",
        "--last-tile",
        "Won with the last drawable tile.",
        "a win with the last tile",
        "won with the last tile that may be drawn",
        loser_refused=True,
    ),
    Fact(
        "first_discard",
        "--first-discard",
        "Won on the first discard.",
        "a win on the first discard",
        "won on the first tile discarded",
        loser_refused=True,
    ),
    # The tile robbed from a kong is scored as a claimed discard (it completes the robber's hand as a
    # discard would; Kajongg's "Robbing the Kong").
    Fact(
        "robbing_kong",
        "--robbing-kong",
        "Won by robbing a kong (a win by discard).",
        "robbing a kong",
        "won with the tile added to another player's exposed pung",
        way=WinBy.DISCARD,
        tile="a robbed tile",
        loser_refused=True,
    ),
    Fact(
        "original_call",
        "--original-call",
        "Won on an original call (declared calling at the start).",
        "a win on an original call",
        "won after calling from the first discard on",
        loser_refused=True,
    ),
    # A kong after a kong wins on the loose tile drawn for the second kong (Kajongg's "Twofold Fortune").
    Fact(
        "kong_after_kong",
        "--kong-after-kong",
        "Won on the loose tile of a second kong (implies --loose).",
        "a win on the loose tile of a kong after a kong",
        "won on the loose tile of a kong declared on a loose tile",
        way=WinBy.LOOSE,
        tile="a loose tile",
        loser_refused=True,
    ),
    # Counters and deposits on the table (riichi's honba and riichi sticks, docs/riichi.md#payments): a
    # count each, paid by the ruleset's `settlement:` counter_points and deposit_points. Kept together.
    Fact(
        "honba",
        "--honba",
        "Counters on the table (honba): each adds the ruleset's counter_points.",
        metavar="N",
        read=partial(_count, option="--honba"),
        loser_refused=True,
    ),
    Fact(
        "deposits",
        "--deposits",
        "Deposits on the table (riichi sticks): the winner takes deposit_points each.",
        metavar="N",
        read=partial(_count, option="--deposits"),
        loser_refused=True,
    ),
    # The riichi facts (docs/riichi.md "The facts of a win"), together; the book's facts serve for the
    # rest (self-drawn = tsumo, --loose = rinshan, --robbing-kong = chankan, --last-tile = haitei or
    # houtei, --original-hand = tenhou or chiihou).
    Fact(
        "riichi",
        "--riichi",
        "Won after declaring riichi.",
        "riichi",
        "won after declaring riichi",
        loser_refused=True,
        closed_only=True,
    ),
    Fact(
        "double_riichi",
        "--double-riichi",
        "Won after declaring riichi on the first turn.",
        "double riichi",
        "won after declaring riichi on the first uninterrupted turn",
        loser_refused=True,
        closed_only=True,
    ),
    Fact(
        "ippatsu",
        "--ippatsu",
        "Won within one go-around of riichi (needs --riichi or --double-riichi).",
        "ippatsu",
        "won within one uninterrupted go-around of declaring riichi",
        loser_refused=True,
        closed_only=True,
        needs=("riichi", "double_riichi"),
    ),
    Fact(
        "dora",
        "--dora",
        "The dora indicators turned, kan dora ones too (e.g. 4c,Nw).",
        "dora",
        loser_refused=True,
        metavar="TILES",
        read=lambda text: read_tiles("--dora", text),
        read_recorded=lambda text: read_tiles("--dora", text, recorded=True),
        listed=True,
        of_the_set=True,
        most=MOST_INDICATORS,
    ),
    Fact(
        "ura",
        "--ura",
        "The ura dora indicators (needs --riichi or --double-riichi).",
        "ura dora",
        loser_refused=True,
        metavar="TILES",
        read=lambda text: read_tiles("--ura", text),
        read_recorded=lambda text: read_tiles("--ura", text, recorded=True),
        listed=True,
        needs=("riichi", "double_riichi"),
        of_the_set=True,
        most=MOST_INDICATORS,
        under="dora",  # an ura indicator is the tile under a dora indicator (RCR 2016 §2.7)
    ),
    # Part II "Penalties", note (a): the liable player had no choice in his discard.
    Fact(
        "no_choice",
        "--no-choice",
        "The liable player had no choice in his discard.",
        situation=False,
    ),
)
FACT: dict[str, Fact] = {f.field: f for f in FACTS}
SITUATION_FACTS: tuple[Fact, ...] = tuple(f for f in FACTS if f.situation)  # the Situation's stated fields
_NEEDING = tuple(f for f in SITUATION_FACTS if f.needs)  # facts that need another (unmet_need)
_BOUNDED = tuple(f for f in SITUATION_FACTS if f.most or f.under)  # facts of a bounded count (unmet_need)
CLOSED_ONLY = tuple(f for f in SITUATION_FACTS if f.closed_only)  # facts only a closed hand can have
OF_THE_SET = tuple(f for f in SITUATION_FACTS if f.of_the_set)  # facts whose tiles count with the hand's

# What a condition may read of a Situation: its fields, and `loose` (whether a tile drawn was a loose
# tile rather than one from the wall, which only a condition naming `wall` or `loose` tells apart).
READABLE: frozenset[str] = frozenset({*Situation.__dataclass_fields__, "loose"})

# The table and the dataclass are one declaration read twice: refuse a row without its field, or the
# reverse, when the module is loaded (tests/test_situation_facts.py says the same in a test).
CORE = ("seat", "round", "winner", "win_by", "discarder")  # the fields every hand has; the rest are stated
assert tuple(k for k in Situation.__dataclass_fields__ if k not in CORE) == tuple(
    f.field for f in SITUATION_FACTS
), "every stated field of Situation needs its row in FACTS, and the reverse"

# The note for a loose tile no rule tells from one drawn from the wall (`--loose`, `--win-by loose`).
LOOSE_NOTE = "--loose: no rule of ruleset {name} tells a loose tile from one drawn from the wall"

Stated = tuple[tuple[str, Any], ...]  # (field, value) of the stated facts given, in FACTS order


def unmet_need(situation: Situation, dropped: Container[str] = ()) -> str | None:
    """Why a situation's stated facts cannot go together (a fact given without one of those it needs,
    Fact.needs; more tiles than its row allows, Fact.most and Fact.under), or None; `dropped`: facts
    read as not given (scoring._idle_facts asks so of a situation without them before making it)."""
    for fact in _NEEDING:
        if getattr(situation, fact.field) and fact.field not in dropped:
            for need in fact.needs:  # a loop, not any(): no generator for each hand
                if getattr(situation, need) and need not in dropped:
                    break
            else:
                return f"{fact.option} needs {' or '.join(FACT[n].option for n in fact.needs)}"
    for fact in _BOUNDED:
        given = len(getattr(situation, fact.field)) if fact.field not in dropped else 0
        if not given:
            continue  # the usual case: no indicators typed
        if fact.most and given > fact.most:
            return f"{fact.option}: {given} tiles, but at most {fact.most} are turned in a hand"
        over = FACT[fact.under] if fact.under else None
        if over is None or over.field in dropped:
            continue
        if 0 < len(getattr(situation, over.field)) < given:
            return (
                f"{fact.option}: {given} tiles, but one lies under each {over.option} indicator: "
                f"at most {len(getattr(situation, over.field))}"
            )
    return None


# Never compared, hashed or shown: a setting's test, found by name (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Impossible:
    """Stated facts that a ruleset's play never has together, or with such a hand (its setting
    `impossible`): what they are, and the test that tells why a hand and situation are such, or None.
    The hand is None for a winner's score given as a number (`settle --east 2000`): its tiles are not
    known, so only what the stated facts say together is tested."""

    what: str  # for the ruleset's schema and docs
    test: Callable[[Hand | None, Situation], str | None]


def _loose_without_kong(hand: Hand | None, situation: Situation) -> str | None:
    # A loose tile is drawn for a kong (or, where there are flowers and seasons, for a bonus tile):
    # the book's "loose tile" and riichi's replacement tile (RCR 2016 §3.3.5-3.3.7).
    if hand is not None and situation.win_by is LOOSE and not (hand.kongs or hand.bonus):
        return "--loose: a loose tile is drawn only for a kong (or a flower or season), and the hand has none"
    return None


def _last_tile_loose(hand: Hand | None, situation: Situation) -> str | None:
    # RCR 2016 §3.3.5: "The dead wall always comprises 14 tiles, so after a kong the last tile of the wall
    # becomes part of the dead wall": a loose tile is never the last tile of the wall.
    if situation.last_tile and situation.win_by is WinBy.LOOSE:
        return (
            "--last-tile and --loose contradict each other: a loose tile is never the last tile of the wall"
        )
    return None


def _riichi_twice(hand: Hand | None, situation: Situation) -> str | None:
    # A player declares riichi once: a double riichi is that declaration made on his first turn, worth
    # 2 han in place of riichi's 1. Both stated would be paid on a guess of which was meant.
    if situation.riichi and situation.double_riichi:
        return (
            "--riichi and --double-riichi: riichi is declared once; give --double-riichi alone for a "
            "riichi declared on the first uninterrupted turn, else --riichi"
        )
    return None


def _ippatsu_loose(hand: Hand | None, situation: Situation) -> str | None:
    # The loose tile is drawn right after the winner's own kong, declared after his riichi: and any call,
    # a concealed kong too, ends the go-around of ippatsu (docs/riichi.md "The facts of a win").
    if situation.ippatsu and situation.win_by is WinBy.LOOSE:
        return (
            "--ippatsu and --loose contradict each other: the kong the loose tile is drawn for ends ippatsu"
        )
    return None


def _double_riichi_ippatsu(hand: Hand | None, situation: Situation) -> str | None:
    # Double riichi is declared with the first discard, no call before it, not even a concealed kong, and
    # its ippatsu is won before the next discard, no call between (docs/riichi.md "The facts of a win"):
    # in the first go-arounds of the wall, with no kong declared.
    if not (situation.double_riichi and situation.ippatsu):
        return None
    if situation.last_tile:
        return (
            "--double-riichi, --ippatsu and --last-tile contradict each other: the ippatsu of a double "
            "riichi is won in the first go-arounds, not on the last tile"
        )
    if hand is None:
        return None  # a score given as a number: its kongs and shape are not known
    if hand.kongs:
        return (
            "--double-riichi and --ippatsu: no kong is declared before a double riichi nor before its "
            "ippatsu, not even a concealed one (#)"
        )
    if not situation.robbing_kong:
        return None
    # The kong robbed (§3.3.6) was added to a pung claimed after the double riichi, and that call ended
    # ippatsu; only thirteen orphans robs a concealed kong (§3.3.7), whose robbing is no call.
    if SHAPES["single_heads"](list(hand.counts), hand.fixed):
        return None
    return (
        "--double-riichi, --ippatsu and --robbing-kong contradict each other: the kong robbed was added to "
        "a pung claimed after the double riichi, which ends ippatsu (only thirteen orphans robs a "
        "concealed kong)"
    )


def _last_tile_robbed(hand: Hand | None, situation: Situation) -> str | None:
    # After the last tile of the wall no kong is declared (none is left to make up the dead wall,
    # RCR 2016 §3.3.6), so none is robbed: robbing a kong is never the last discard.
    if situation.last_tile and situation.robbing_kong:
        return (
            "--last-tile and --robbing-kong contradict each other: no kong is declared once the last tile "
            "of the wall is drawn"
        )
    return None


def _first_discard_after_turn(hand: Hand | None, situation: Situation) -> str | None:
    # Renhou (RCR 2016 §4.2.4): a non-dealer's win on a discard in the first uninterrupted go-around,
    # before his own first draw (docs/riichi.md "The facts of a win"). Nothing of his own turn (a draw,
    # riichi, a kong) or of any call or later play (the last tile, a kong robbed) can go with it.
    if not situation.first_discard:
        return None
    if situation.original_hand:
        return (
            "--first-discard and --original-hand contradict each other: a win on a discard before one's "
            "own first draw, and a win on that draw"
        )
    if situation.win_by is not WinBy.DISCARD:
        how = "self-drawn" if situation.win_by is WinBy.WALL else "on a loose tile"
        return f"--first-discard is a win on a discard before one's own first draw, not {how}"
    if situation.riichi or situation.double_riichi:
        which = "--riichi" if situation.riichi else "--double-riichi"
        return (
            f"--first-discard and {which} contradict each other: riichi is declared with one's own "
            "discard, after one's own first draw"
        )
    if situation.robbing_kong:
        return (
            "--first-discard and --robbing-kong contradict each other: a kong ends the first "
            "uninterrupted go-around"
        )
    if situation.last_tile:
        return (
            "--first-discard and --last-tile contradict each other: the first go-around is not the last tile"
        )
    return _nothing_called(
        "--first-discard", hand, "in the first uninterrupted go-around", "before one's own first draw"
    )


def _original_hand_after_call(hand: Hand | None, situation: Situation) -> str | None:
    # Tenhou and chiihou: won on the first draw, "no call before it, not even a concealed kan"
    # (docs/riichi.md "The facts of a win").
    if not situation.original_hand:
        return None
    # Riichi (and so ippatsu) is declared with a discard of one's own, after the first draw; the first
    # draw is not the last tile of the wall, nor a tile robbed. Told before the way won: adding --drawn
    # would not help.
    if situation.riichi or situation.double_riichi:
        which = "--riichi" if situation.riichi else "--double-riichi"
        return (
            f"--original-hand and {which} contradict each other: riichi is declared with one's own "
            "discard, after the first draw"
        )
    if situation.last_tile:
        return "--original-hand and --last-tile contradict each other: the first draw is not the last tile"
    if situation.robbing_kong:
        return (
            "--original-hand and --robbing-kong contradict each other: a win on the first draw, and a win "
            "on a tile another player adds to a kong"
        )
    if situation.win_by is WinBy.LOOSE:
        return "--original-hand is a win on the first draw from the wall, not on a loose tile (drop --loose)"
    if situation.win_by is not WinBy.WALL:
        return "--original-hand is a win on the first draw from the wall, not by discard (add --drawn)"
    return _nothing_called("--original-hand", hand, "before the first draw", "before the first draw")


def original_mark(hand: Hand, situation: Situation, drawn: bool) -> tuple[str, str] | None:
    """Why an original hand's winning tile is marked wrongly, with the refusal's code, or None.

    The hand as dealt was complete, so no tile completed it (the book's "Drawing the original hand",
    docs/rulings.md; riichi's tenhou, East's). Under `drawn` (the setting original_hand_drawn:
    riichi's chiihou, docs/riichi.md "The facts of a win") another seat's is completed by its first
    draw, and that tile is marked !."""
    if not situation.original_hand:
        return None
    marks = drawn and situation.seat is not Wind.EAST
    if hand.winning_tile is not None and not marks:
        if drawn:
            why = "East's hand won on the original draw (--original-hand) is complete as dealt: drop the !"
        else:
            why = "a hand won on the original draw (--original-hand) has no winning tile: drop the !"
        return why, "original-hand-winning-tile"
    if hand.winning_tile is None and marks:
        return (
            "another seat's hand won on the original draw (--original-hand) is completed by its first "
            "draw: mark the tile drawn with !",
            "no-winning-tile",
        )
    return None


def _nothing_called(option: str, hand: Hand | None, claimed: str, declared: str) -> str | None:
    """Why a hand won before any call (a win of the first go-around) cannot be: a set laid open, or a
    kong, even a concealed one (neither is known of a score given as a number, hand None)."""
    if hand is None:
        return None
    if hand.opened:
        return f"{option}: nothing is claimed {claimed}, but a set is laid open (*, +)"
    if hand.kongs:
        return f"{option}: no kong is declared {declared}, not even a concealed one (#)"
    return None


def _robbed_tile_held(hand: Hand | None, situation: Situation) -> str | None:
    # The robbed tile is the fourth of a kong (a pung added to, or for thirteen orphans a concealed
    # kong, RCR 2016 §3.3.6-3.3.7): the other three are in that kong, so the hand holds it once, and no
    # indicator turned (dora, ura) is one of them.
    if hand is None or not situation.robbing_kong or hand.winning_tile is None:
        return None  # no kong robbed, or a score given as a number (its tiles are not known)
    tile = hand.winning_tile
    if hand.counts[tile.index] > 1:
        return (
            f"--robbing-kong: the other three {tile.code} are in the kong robbed, so the hand holds one "
            f"{tile.code}, not {hand.counts[tile.index]}"
        )
    for fact in OF_THE_SET:
        if tile in getattr(situation, fact.field):
            return (
                f"--robbing-kong: the other three {tile.code} are in the kong robbed, so the {fact.option} "
                f"indicators hold no {tile.code}"
            )
    return None


# A discarder named for a hand as dealt (the book's "original hand as drawn from the wall", riichi's
# tenhou and chiihou, drawn): said by `score` (options.make) and `settle` (table._check_options) alike.
FROM_ORIGINAL = (
    "--from names a discarder, but a hand won on the original draw (--original-hand) takes no discard"
)
# The winner named as his own discarder: most often a self-drawn win told with the wrong option.
OWN_DISCARD = "--from: a player cannot win on his own discard (a tile he drew himself: --drawn)"

# What a ruleset may say its play never has (the setting `impossible`), in the order they are checked.
# Each test refuses facts given (with each other, or with the hand), never a fact left out: scoring's
# trials without a fact rely on it (_idle_facts; tests/test_idle_facts.py holds every test to it).
IMPOSSIBLE: dict[str, Impossible] = {
    "loose_without_kong": Impossible(
        "a win on a loose tile with no kong (nor flower or season) in the hand", _loose_without_kong
    ),
    "last_tile_loose": Impossible("the last tile of the wall and a loose tile at once", _last_tile_loose),
    "riichi_twice": Impossible("riichi and double riichi stated together", _riichi_twice),
    "ippatsu_loose": Impossible("ippatsu and a win on a loose tile at once", _ippatsu_loose),
    "double_riichi_ippatsu": Impossible(
        "a double riichi's ippatsu on the last tile, with a kong, or robbing a kong but for thirteen orphans",
        _double_riichi_ippatsu,
    ),
    "last_tile_robbed": Impossible("the last tile and robbing a kong at once", _last_tile_robbed),
    # Before original_hand_after_call: with --original-hand, its "add --drawn" would mislead here.
    "first_discard_after_turn": Impossible(
        "a win on the first discard self-drawn or on a loose tile, with riichi, robbing a kong, the last "
        "tile or an original hand, or with a set laid open or a kong",
        _first_discard_after_turn,
    ),
    "original_hand_after_call": Impossible(
        "an original hand won on a discard or a loose tile, with riichi, the last tile or robbing a kong, "
        "or with a set laid open or a kong",
        _original_hand_after_call,
    ),
    "robbed_tile_held": Impossible(
        "robbing a kong with a winning tile the hand holds more than once, or an indicator shows",
        _robbed_tile_held,
    ),
}


def impossible_facts(hand: Hand | None, situation: Situation, names: frozenset[str]) -> str | None:
    """Why the hand and its stated facts cannot be under a ruleset whose play never has `names`
    (IMPOSSIBLE, the setting `impossible`), or None; hand None: a winner's score given as a number,
    whose stated facts are tested together only."""
    for test in _tests(names):
        why = test(hand, situation)
        if why is not None:
            return why
    return None


@lru_cache(maxsize=64)  # one per ruleset's setting: the same few, hand after hand
def _tests(names: frozenset[str]) -> tuple[Callable[[Hand | None, Situation], str | None], ...]:
    """The tests of IMPOSSIBLE that `names` names, in IMPOSSIBLE's order."""
    return tuple(check.test for name, check in IMPOSSIBLE.items() if name in names)


def flag_facts() -> tuple[Fact, ...]:
    """Every stated on/off fact, in the order options and prompts list them."""
    return tuple(fact for fact in FACTS if fact.flag)


def fact_value(name: str, value: Any, recorded: bool = False) -> Any:
    """A fact's value as given: text (from an option or a record) read by its reader, else as it is;
    `recorded`: from an evening's record, read by the reader of records where the fact has one."""
    fact = FACT[name]
    read = (fact.read_recorded or fact.read) if recorded else fact.read
    return read(value) if read is not None and isinstance(value, str) else value


def stated(**given: Any) -> Stated:
    """The facts given as keywords (a false value is not given; text is read by the fact's reader), in
    FACTS order: e.g. `stated(robbing_kong=True)`. An unknown name is a programming error (KeyError)."""
    values = {name: fact_value(name, value) for name, value in given.items()}
    return tuple((f.field, values[f.field]) for f in FACTS if values.get(f.field))


def recorded(**given: Any) -> Stated:
    """stated() of the facts of an evening's record: a value is read as it was when recorded (a check
    added to a reader since must not make a recorded evening unreadable; Fact.read_recorded)."""
    values = {name: fact_value(name, value, recorded=True) for name, value in given.items()}
    return tuple((f.field, values[f.field]) for f in FACTS if values.get(f.field))


def stated_situation(values: Stated) -> dict[str, Any]:
    """The Situation keywords of stated facts (the facts of the table left out)."""
    return {name: value for name, value in values if FACT[name].situation}
