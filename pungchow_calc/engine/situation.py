"""How a hand was won: the Situation the conditions read, and the one table of the facts a player states.

A stated fact is what the tiles cannot show: "won on the original draw", "robbing a kong", ... Each is
declared once, here, as a `Situation` field and its row in `FACTS` (the option spelling, its help, the
note shown when no rule of a ruleset reads it, the rule condition of its name). Everything else is
derived from the table: the options of `score`, `settle` and `evening hand` (pungchow_calc/options.py),
`TableOptions.stated`, the keys of an evening's records (evening/settle.py), the notes
(fact_notes.unread_options), the conditions (conditions/situation.py) and the checks that a fact describes
a win. Adding a fact is its field and its row here, plus any other conditions that read it
(docs/rulesets.md#adding); tests/test_situation_facts.py holds every derived place to the table.
The facts a ruleset may declare its play never has together (the setting `impossible`) are impossible.py's.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache, partial
from typing import Any, NamedTuple

from .cache import BoundedCache
from .errors import NotationError, OptionError, and_list, digits_hint, either
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
    east_ninth_win: bool = False  # East's ninth win with the deal not passed (the history of the game)
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
    # Another game's words for the fact, each as (game, word, how it is stated here): riichi's
    # `chankan` and Kajongg's `robbing-the-kong` are `--robbing-kong`. A player's `--chankan`, `--win-by
    # chankan` or `chankan: true` is refused with it, never taken for it (arguments.game_word_hint;
    # docs/riichi.md "The facts of a win", docs/rulesets.md "Kajongg's words").
    words: tuple[tuple[str, str, str], ...] = ()

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
    left as it was read then. The values of an option given more than once, joined (`--dora 8d --dora
    9z`, arguments.Joined): a mistake in one is said as that value alone says it, its column in it."""
    given: tuple[str, ...] = getattr(text, "given", ())
    if len(given) < 2 or recorded:
        return _read_list(option, text, recorded)
    try:
        return _read_list(option, str(text))
    except OptionError:
        # The value at fault, if one is alone: its error, in its own terms.
        for part, value in enumerate(given):
            try:
                _read_list(option, value)
            except OptionError as exc:
                exc.part = part  # which value it is, for its place on a batch line (options.value_at_fault)
                raise
        raise  # the list as a whole (too many tiles)


def _read_list(option: str, text: str, recorded: bool = False) -> tuple[Tile, ...]:
    """read_tiles of one text."""
    if recorded:
        return _read_whole(option, text, recorded)  # never remembered: a strict reading would take it
    if "," in text and not all(item.strip() for item in text.split(",")) and text.strip(", "):
        # `8d,` or `8d,,Nw` (a YAML list `[8d, '']` too): an indicator left empty, as `--dora ''` alone is
        # refused below, never dropped without a word (a kan dora the player meant to give); `--dora 8d
        # --dora "$MORE"` (MORE unset) is refused as its empty value alone is (read_tiles).
        raise OptionError(
            f"{option}: {text!r} leaves an indicator empty: name each tile (e.g. {option} 4c,Nw)",
            code="bad-option",
            options=(option,),
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
            options=(option,),
        )
    try:
        parsed = parse(text.replace(",", " "))
    except NotationError as exc:
        if exc.code == "too-long":  # parse's words are a hand's: this is a list of a few tiles
            raise OptionError(
                f"{option}: the list is too long ({len(text)} characters): at most {MOST_INDICATORS} "
                f"tiles are turned in a hand (e.g. {option} 4c,Nw)",
                code="bad-option",
                options=(option,),
                column=exc.column,
            ) from None
        # Its column in the option's value kept as the error's column (the JSON `column`, docs/json.md),
        # as settle's `--south` keeps a hand's (seats.for_seat).
        raise OptionError(
            f"{option}: {exc.message}", code="bad-option", options=(option,), column=exc.column
        ) from None
    for order, group in enumerate(parsed.groups):
        # An indicator is a tile turned over on the wall: no set lies on the table or wins the hand.
        mark = "!" if group.winning is not None else group.marker.value
        if mark and not recorded:
            raise OptionError(
                f"{option}: {group.text}: an indicator is a plain tile, without {mark} (e.g. {option} 4c,Nw)",
                code="bad-option",
                options=(option,),
                column=parsed.column(order),
            )
    tiles = tuple(t for group in parsed.groups for t in group.tiles)
    bonus = next((n for n, group in enumerate(parsed.groups) if any(t.is_bonus for t in group.tiles)), None)
    if bonus is not None:
        # The first group holding one, by its column in the value, as every other bad group is told
        # (docs/json.md: a value of tiles' `column`).
        raise OptionError(
            f"{option}: indicators are playing tiles, not flowers or seasons{season_hint(parsed.groups)}",
            code="bad-option",
            options=(option,),
            column=parsed.column(bonus),
        )
    return tiles


# The tiles of one group of an indicator list, by its text, as read: a batch's indicators are a few
# hundred spellings. An error is not remembered (the whole list is read again to name it).
_GROUPS: BoundedCache[str, tuple[Tile, ...]] = BoundedCache(1024)


# How riichi's kan dora and ura dora are stated (Fact.words): by their indicators, as the dora are.
_KAN_DORA = "--dora 4c,Nw: every indicator, kan dora ones after the first, not the dora they show"
_URA = "--ura 2b,Gd: the indicators, not the dora they show"

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
            f"{option}: {value!r} is not a whole number of 0 or more{digits_hint(value)}",
            code="bad-option",
            options=(option,),
        )
    # Leading zeros are read as every other number's are (options.whole_number: `--limit 0300`), so
    # `--honba 00002` is 2, not refused as too many for its length.
    digits = value.lstrip("0") or "0"
    if len(digits) > MAX_COUNT_DIGITS:
        raise OptionError(
            f"{option}: {digits} is too many (at most {'9' * MAX_COUNT_DIGITS})",
            code="bad-option",
            options=(option,),
        )
    return int(digits)


FACTS: tuple[Fact, ...] = (
    Fact(
        "original_hand",
        "--original-hand",
        "Won on the original draw.",
        "a hand won on the original draw",
        "won on the hand as first drawn",
        loser_refused=True,
        words=(
            ("riichi", "tenhou", "--original-hand --drawn, East's hand as dealt, no tile marked !"),
            ("riichi", "chiihou", "--original-hand --drawn, another seat's first draw marked !"),
            ("Kajongg", "blessing-of-heaven", "--original-hand, East's hand as dealt, no tile marked !"),
        ),
    ),
    Fact(
        "last_tile",
        "--last-tile",
        "Won with the last drawable tile.",
        "a win with the last tile",
        "won with the last tile that may be drawn",
        loser_refused=True,
        words=(
            ("riichi", "haitei", "--last-tile --drawn"),
            ("riichi", "houtei", "--last-tile, on a discard"),
            ("Kajongg", "last-tile-of-wall", "--last-tile --drawn"),
            ("Kajongg", "last-tile-of-wall-discarded", "--last-tile, on a discard"),
            ("Kajongg", "plucking-the-moon-from-the-bottom-of-the-sea", "--last-tile --drawn, won with 1d"),
        ),
    ),
    Fact(
        "first_discard",
        "--first-discard",
        "Won on the first discard.",
        "a win on the first discard",
        "won on the first tile discarded",
        loser_refused=True,
        words=(
            ("riichi", "renhou", "--first-discard"),
            ("Kajongg", "blessing-of-earth", "--first-discard, won on East's first discard by another seat"),
        ),
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
        words=(
            ("riichi", "chankan", "--robbing-kong"),
            ("Kajongg", "robbing-the-kong", "--robbing-kong"),
            ("Kajongg", "scratching-a-carrying-pole", "--robbing-kong, won with 2b"),
        ),
    ),
    Fact(
        "original_call",
        "--original-call",
        "Won on an original call (declared calling at the start).",
        "a win on an original call",
        "won after calling from the first discard on",
        loser_refused=True,
        words=(("Kajongg", "mah-jongg-with-original-call", "--original-call"),),
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
        words=(("Kajongg", "twofold-fortune", "--kong-after-kong"),),
    ),
    # Kajongg's "East won nine times in a row" (src/rulecode.py, EastWonNineTimesInARow): East's ninth win
    # since the deal last passed, draws between not breaking it (src/game.py counts every hand in
    # `notRotated`). The history of the game, which a hand does not show: stated by the player to `score`
    # and `settle`; an evening counts it itself (the setting east_win_cap, docs/evening.md).
    Fact(
        "east_ninth_win",
        "--east-ninth-win",
        "East's ninth win in a row (the deal not passed since his first).",
        "East's ninth win in a row",
        "won by East for the ninth time with the deal not passed",
        loser_refused=True,
        words=(("Kajongg", "east-won-nine-times-in-a-row", "--east-ninth-win"),),
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
        # RCR 2016 §3.4.10: "counters"
        words=(("riichi", "tsumibou", "--honba N"), ("riichi", "counters", "--honba N")),
    ),
    Fact(
        "deposits",
        "--deposits",
        "Deposits on the table (riichi sticks): the winner takes deposit_points each.",
        metavar="N",
        read=partial(_count, option="--deposits"),
        loser_refused=True,
        words=(("riichi", "kyoutaku", "--deposits N"), ("riichi", "riichi-sticks", "--deposits N")),
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
        words=(("riichi", "daburu-riichi", "--double-riichi"), ("riichi", "daburi", "--double-riichi")),
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
        # A kan dora indicator is one more dora indicator, turned for a kong (RCR 2016 §3.3.5).
        words=(
            ("riichi", "kan-dora", _KAN_DORA),
            ("riichi", "kandora", _KAN_DORA),
        ),
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
        words=(
            ("riichi", "ura-dora", _URA),
            ("riichi", "uradora", _URA),
        ),
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

# Said after a refusal of facts no rule of the ruleset reads: typing what they need would change
# nothing but add notes (`--ippatsu --riichi` under pung-chow), so the way out is to drop them.
UNREAD_HINT = ", and no rule of ruleset {name} scores {scores}: drop {options}"

Stated = tuple[tuple[str, Any], ...]  # (field, value) of the stated facts given, in FACTS order


def unread_hint(facts: tuple[Fact, ...], read_by: tuple[str, Container[str]] | None) -> str:
    """UNREAD_HINT for those of stated facts (refused together) that no rule of the ruleset reads
    (`read_by`: its name and the facts its rules read), said after whatever else is wrong with them; ""
    when every one is read, or has no note."""
    if read_by is None:
        return ""
    unread = [fact for fact in facts if fact.scores and fact.field not in read_by[1]]
    if not unread:
        return ""
    scores = either([fact.scores for fact in unread])
    return UNREAD_HINT.format(
        name=read_by[0], scores=scores, options=and_list(fact.option for fact in unread)
    )


# A NamedTuple, not a dataclass: made only on a refusal, and a frozen dataclass costs 1 ms of every
# start-up to build (docs/speed.md).
class Refused(NamedTuple):
    """A refusal of stated facts that cannot be (unmet_need, impossible.IMPOSSIBLE's tests): why, what to
    type instead ("" where the why says it), and what it blames, exactly: the stated facts, by field, and
    other options by spelling (the way won, `--from`, `--seat`), whose words a batch line's column is
    the last of (OptionError.options, options.word_at_fault). Made only on a refusal: the tests return
    None for nearly every hand."""

    why: str
    hint: str
    facts: tuple[str, ...]  # the stated facts blamed (FACT's fields), in the order the refusal names them
    others: tuple[str, ...] = ()  # the other options blamed, by spelling

    @property
    def options(self) -> tuple[str, ...]:
        """The options blamed, by spelling, each once: the facts', then the others."""
        return tuple(dict.fromkeys([*(FACT[name].option for name in self.facts), *self.others]))

    def said(self, read_by: tuple[str, Container[str]] | None = None) -> str:
        """The refusal in one line: why, then what to type; where facts it blames are ones no rule of the
        ruleset reads (`read_by`, unread_hint), why and the way out, to drop them. A fact blamed that
        implies a way won other than the default (--kong-after-kong: a loose tile) is not told to be
        dropped: its way would go with it."""
        blamed = tuple(FACT[name] for name in self.facts if FACT[name].way in (None, DISCARD))
        unread = unread_hint(blamed, read_by)
        if unread:
            return self.why + unread
        return f"{self.why}: {self.hint}" if self.hint else self.why


def unread_facts(situation: Situation, read_by: tuple[str, frozenset[str]]) -> frozenset[str]:
    """The stated facts of a situation that no rule of the ruleset reads (unread_hint's)."""
    return frozenset(f.field for f in _unread_by(read_by[1]) if getattr(situation, f.field))


@lru_cache(maxsize=64)  # one per ruleset's plan: a batch asks it hand after hand
def _unread_by(read: frozenset[str]) -> tuple[Fact, ...]:
    """The facts with a note (Fact.scores) that rules reading `read` leave unread."""
    return tuple(f for f in SITUATION_FACTS if f.scores and f.field not in read)


def unmet_need(
    situation: Situation,
    dropped: Container[str] = (),
    only: Container[str] | None = None,
) -> Refused | None:
    """Why a situation's stated facts cannot go together (a fact given without one of those it needs,
    Fact.needs; more tiles than its row allows, Fact.most and Fact.under), or None; `dropped`: facts
    read as not given (scoring._idle_facts asks so of a situation without them before making it);
    `only`: the facts to ask about (fact_notes.check_facts asks first of those no rule reads), else every
    one. A refusal blames the fact refused, and for too many tiles under another's, that one too."""
    for fact in _NEEDING:
        if (
            getattr(situation, fact.field)
            and fact.field not in dropped
            and (only is None or fact.field in only)
        ):
            for need in fact.needs:  # a loop, not any(): no generator for each hand
                if getattr(situation, need) and need not in dropped:
                    break
            else:
                needs = " or ".join(FACT[n].option for n in fact.needs)
                return Refused(f"{fact.option} needs {needs}", "", (fact.field,))
    for fact in _BOUNDED:
        given = len(getattr(situation, fact.field)) if fact.field not in dropped else 0
        if not given or (only is not None and fact.field not in only):
            continue  # the usual case: no indicators typed
        if fact.most and given > fact.most:
            return Refused(
                f"{fact.option}: {given} tiles, but at most {fact.most} are turned in a hand",
                "",
                (fact.field,),
            )
        over = FACT[fact.under] if fact.under else None
        if over is None or over.field in dropped:
            continue
        if 0 < len(getattr(situation, over.field)) < given:
            return Refused(
                f"{fact.option}: {given} tiles, but one lies under each {over.option} indicator: "
                f"at most {len(getattr(situation, over.field))}",
                "",
                (fact.field, over.field),
            )
    return None


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
