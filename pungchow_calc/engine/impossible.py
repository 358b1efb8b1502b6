"""Stated facts a ruleset's play never has together, or with such a hand: the setting `impossible`
(`IMPOSSIBLE`, by name), the mark of a hand won as dealt, and the words a discarder named for one gets.

Each test reads the facts of situation.py's one table (FACTS) and the hand; it refuses facts given,
never a fact left out (scoring._idle_facts relies on it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from .decomposition import SHAPES
from .hand import Hand
from .situation import FACT, LOOSE, OF_THE_SET, SITUATION_FACTS, Refused, Situation, WinBy, unmet_need
from .tiles import Wind


# Never compared, hashed or shown: a setting's test, found by name (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Impossible:
    """Stated facts that a ruleset's play never has together, or with such a hand (its setting
    `impossible`): what they are, and the test that tells why a hand and situation are such, or None.
    The hand is None for a winner's score given as a number (`settle --east 2000`): its tiles are not
    known, so only what the stated facts say together is tested."""

    what: str  # for the ruleset's schema and docs
    test: Callable[[Hand | None, Situation], Refused | None]


# Every refusal of stated facts that cannot be (IMPOSSIBLE's tests, and a discarder named for a hand as
# dealt): why, and what to type instead, said once here and so alike by `score`, `settle`, a batch line
# and `evening` (play says the options in its prompts' words, cli/evening_parts.py). A refusal reads
# "why: what to type"; the fields in braces are filled by the test that refuses (refused()), which names
# the facts it blames (Refused).
REFUSALS: dict[str, tuple[str, str]] = {
    "kong_after_kong_without_kong": (
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, and the hand "
        "has no kong",
        "declare it (4b4b4b4b* or 4b4b4b4b#), or drop --kong-after-kong",
    ),
    "kong_after_kong_one_kong": (
        "--kong-after-kong: the win is on the loose tile of a kong declared on a loose tile, itself drawn "
        "for a first kong (or a flower or season), and the hand has one kong",
        "declare both, or give --loose in place of --kong-after-kong",
    ),
    "loose_without_kong": (
        "--loose: a loose tile is drawn only for a kong (or a flower or season), and the hand has none",
        "declare the kong (4b4b4b4b# or 4b4b4b4b*), or drop --loose",
    ),
    "last_tile_loose": (
        "--last-tile and --loose contradict each other: a loose tile is never the last tile of the wall",
        "drop --last-tile or --loose",
    ),
    "riichi_twice": (
        "--riichi and --double-riichi: riichi is declared once",
        "give --double-riichi alone for a riichi declared on the first uninterrupted turn, else --riichi",
    ),
    "ippatsu_loose": (
        "--ippatsu and --loose contradict each other: the kong the loose tile is drawn for ends ippatsu",
        "drop --ippatsu or --loose",
    ),
    "double_riichi_ippatsu_last_tile": (
        "--double-riichi, --ippatsu and --last-tile contradict each other: the ippatsu of a double riichi "
        "is won in the first go-arounds, not on the last tile",
        "drop --ippatsu or --last-tile",
    ),
    "double_riichi_ippatsu_kong": (
        "--double-riichi and --ippatsu: no kong is declared before a double riichi nor before its ippatsu, "
        "not even a concealed one (#)",
        "drop --ippatsu, or give --riichi for a riichi declared after the kong",
    ),
    "double_riichi_ippatsu_robbed": (
        "--double-riichi, --ippatsu and --robbing-kong contradict each other: the kong robbed was added to "
        "a pung claimed after the double riichi, which ends ippatsu (only thirteen orphans robs a "
        "concealed kong)",
        "drop --ippatsu",
    ),
    "last_tile_robbed": (
        "--last-tile and --robbing-kong contradict each other: no kong is declared once the last tile of "
        "the wall is drawn",
        "drop --last-tile or --robbing-kong",
    ),
    "first_discard_original_hand": (
        "--first-discard and --original-hand contradict each other: a win on a discard before one's own "
        "first draw, and a win on that draw",
        "drop --first-discard or --original-hand",
    ),
    "first_discard_not_on_a_discard": (
        "--first-discard is a win on a discard before one's own first draw, not {how}",
        "drop --first-discard or {given}",
    ),
    "first_discard_riichi": (
        "--first-discard and {which} contradict each other: riichi is declared with one's own discard, "
        "after one's own first draw",
        "drop --first-discard or {which}",
    ),
    "first_discard_robbed": (
        "--first-discard and --robbing-kong contradict each other: a kong ends the first uninterrupted "
        "go-around",
        "drop --first-discard or --robbing-kong",
    ),
    "first_discard_last_tile": (
        "--first-discard and --last-tile contradict each other: the first go-around is not the last tile",
        "drop --first-discard or --last-tile",
    ),
    "first_discard_laid_open": (
        "--first-discard: nothing is claimed in the first uninterrupted go-around, but a set is laid open "
        "(*, +)",
        "drop --first-discard",
    ),
    "first_discard_kong": (
        "--first-discard: no kong is declared before one's own first draw, not even a concealed one (#)",
        "drop --first-discard",
    ),
    # `--from east` is said by the player's name in an evening (evening/settle.py seats_named).
    "first_discard_not_easts": (
        "--first-discard is a win on the first card played, East's discard, but --from names {discarder}",
        "give --from east, or drop --first-discard",
    ),
    "first_discard_by_east": (
        "--first-discard is a win on the first card played, East's discard, but East's hand won, and no one "
        "wins on his own discard",
        "drop --first-discard, or give the player who won it",
    ),
    "ninth_win_not_easts": (
        "--east-ninth-win is East's ninth win in a row, but the winner sits {seat}",
        "drop it, or name East's hand",
    ),
    "original_hand_riichi": (
        "--original-hand and {which} contradict each other: riichi is declared with one's own discard, "
        "after the first draw",
        "drop --original-hand or {which}",
    ),
    "original_hand_last_tile": (
        "--original-hand and --last-tile contradict each other: the first draw is not the last tile",
        "drop --original-hand or --last-tile",
    ),
    "original_hand_robbed": (
        "--original-hand and --robbing-kong contradict each other: a win on the first draw, and a win on "
        "a tile another player adds to a kong",
        "drop --original-hand or --robbing-kong",
    ),
    "original_hand_loose": (
        "--original-hand is a win on the first draw from the wall, not on a loose tile",
        "drop {given} or --original-hand",
    ),
    "original_hand_on_a_discard": (
        "--original-hand is a win on the first draw from the wall, not by discard",
        "add --drawn, or drop --original-hand",
    ),
    "original_hand_laid_open": (
        "--original-hand: nothing is claimed before the first draw, but a set is laid open (*, +)",
        "drop --original-hand",
    ),
    "original_hand_kong": (
        "--original-hand: no kong is declared before the first draw, not even a concealed one (#)",
        "drop --original-hand",
    ),
    "robbed_tile_held": (
        "--robbing-kong: the other three {tile} are in the kong robbed, so the hand holds one {tile}, not "
        "{held}",
        "drop --robbing-kong",
    ),
    "robbed_tile_shown": (
        "--robbing-kong: the other three {tile} are in the kong robbed, so the {option} indicators hold no "
        "{tile}",
        "drop --robbing-kong, or the {tile} of {option}",
    ),
    # A discarder named for a win not on a discard: `score` (options.make) and `settle` alike.
    "from_not_on_a_discard": (
        "--from: the hand was not won by discard, so it has no discarder",
        "drop --from or {given}",
    ),
    # Worded so that play's words for the options read too (`the discarder: ...`, cli/evening_parts.py).
    "from_original": (
        "--from: a hand won on the original draw (--original-hand) takes no discard",
        "give --from or --original-hand, not both",
    ),
}


def refused(name: str, facts: tuple[str, ...], others: tuple[str, ...] = (), /, **values: object) -> Refused:
    """The refusal `name` of REFUSALS, its fields filled by `values`, blaming the stated `facts` (by
    field) and the `others` options (by spelling)."""
    why, hint = REFUSALS[name]
    return Refused(why.format(**values), hint.format(**values), facts, others)


def refusal(name: str, **values: object) -> str:
    """The refusal `name` of REFUSALS in one line, its fields filled by `values`: why, then what to type."""
    return refused(name, (), (), **values).said()


def _riichi_given(situation: Situation) -> str:
    """The riichi fact stated, by field (the one a refusal names)."""
    return "riichi" if situation.riichi else "double_riichi"


def _riichi_refused(name: str, fact: str, situation: Situation) -> Refused:
    """The refusal `name` of `fact` with the riichi stated (`{which}`), blaming both."""
    which = _riichi_given(situation)
    return refused(name, (fact, which), which=FACT[which].option)


# The option that types each way, as a refusal tells it to drop or give (`--win-by wall` is `--drawn`).
_TYPED_WAY = {WinBy.WALL: "--drawn", WinBy.LOOSE: "--loose", WinBy.DISCARD: "--win-by discard"}


def way_option(win_by: WinBy, facts: Iterable[str] = ()) -> str:
    """The option that said how a win came, as a refusal tells it to drop: a stated fact (by field) that
    implies the way (--kong-after-kong, situation.Fact.way), else the way's own option (_TYPED_WAY)."""
    for name in facts:
        if FACT[name].way is win_by:
            return FACT[name].option
    return _TYPED_WAY[win_by]


def _way_given(situation: Situation) -> dict[str, str]:
    """How a win not on a discard came, as a refusal says it (`how`), and the option that said so."""
    how = "self-drawn" if situation.win_by is WinBy.WALL else "on a loose tile"
    stated = [fact.field for fact in _WAYS if getattr(situation, fact.field)]
    return {"how": how, "given": way_option(situation.win_by, stated)}


_WAYS = tuple(fact for fact in SITUATION_FACTS if fact.way is not None)  # facts that imply a way won
# The options that may have said each way, as typed (options.make): its own, `--win-by WAY`.
_SAID_BY = {
    WinBy.WALL: ("--drawn", "--win-by"),
    WinBy.LOOSE: ("--loose", "--win-by"),
    WinBy.DISCARD: ("--win-by",),
}


def _way_blamed(situation: Situation) -> tuple[str, ...]:
    """The options that may have said how the win came, as a refusal of that way blames them: the
    stated facts that imply it (--kong-after-kong, --robbing-kong), and the way's own options."""
    way = situation.win_by
    return (
        *(fact.option for fact in _WAYS if fact.way is way and getattr(situation, fact.field)),
        *_SAID_BY[way],
    )


def _kong_after_kong_one_kong(hand: Hand | None, situation: Situation) -> Refused | None:
    # The first loose tile was drawn for a kong or a flower (or season), the second for the kong declared on
    # it: with one kong, the first was a flower's, which is in the hand (Kajongg's "Twofold Fortune").
    if hand is not None and situation.kong_after_kong and hand.kongs == 1 and not hand.bonus:
        return refused("kong_after_kong_one_kong", ("kong_after_kong",))
    return None


def _loose_without_kong(hand: Hand | None, situation: Situation) -> Refused | None:
    # A loose tile is drawn for a kong (or, where there are flowers and seasons, for a bonus tile):
    # the book's "loose tile" and riichi's replacement tile (RCR 2016 §3.3.5-3.3.7).
    if hand is not None and situation.win_by is LOOSE and not (hand.kongs or hand.bonus):
        return refused("loose_without_kong", (), _way_blamed(situation))
    return None


def _kong_after_kong_without_kong(hand: Hand | None, situation: Situation) -> Refused | None:
    # A kong after a kong is won on the loose tile drawn for a kong the winner declared on a loose tile
    # (Kajongg's "Twofold Fortune"): that kong is in his hand, whatever drew the first loose tile.
    if hand is not None and situation.kong_after_kong and not hand.kongs:
        return refused("kong_after_kong_without_kong", ("kong_after_kong",))
    return None


def _last_tile_loose(hand: Hand | None, situation: Situation) -> Refused | None:
    # RCR 2016 §3.3.5: "The dead wall always comprises 14 tiles, so after a kong the last tile of the wall
    # becomes part of the dead wall": a loose tile is never the last tile of the wall.
    if situation.last_tile and situation.win_by is WinBy.LOOSE:
        return refused("last_tile_loose", ("last_tile",), _way_blamed(situation))
    return None


def _riichi_twice(hand: Hand | None, situation: Situation) -> Refused | None:
    # A player declares riichi once: a double riichi is that declaration made on his first turn, worth
    # 2 han in place of riichi's 1. Both stated would be paid on a guess of which was meant.
    if situation.riichi and situation.double_riichi:
        return refused("riichi_twice", ("riichi", "double_riichi"))
    return None


def _ippatsu_loose(hand: Hand | None, situation: Situation) -> Refused | None:
    # The loose tile is drawn right after the winner's own kong, declared after his riichi: and any call,
    # a concealed kong too, ends the go-around of ippatsu (docs/riichi.md "The facts of a win").
    if situation.ippatsu and situation.win_by is WinBy.LOOSE:
        return refused("ippatsu_loose", ("ippatsu",), _way_blamed(situation))
    return None


def _double_riichi_ippatsu(hand: Hand | None, situation: Situation) -> Refused | None:
    # Double riichi is declared with the first discard, no call before it, not even a concealed kong, and
    # its ippatsu is won before the next discard, no call between (docs/riichi.md "The facts of a win"):
    # in the first go-arounds of the wall, with no kong declared.
    if not (situation.double_riichi and situation.ippatsu):
        return None
    if situation.last_tile:
        return refused("double_riichi_ippatsu_last_tile", ("double_riichi", "ippatsu", "last_tile"))
    if hand is None:
        return None  # a score given as a number: its kongs and shape are not known
    if hand.kongs:
        return refused("double_riichi_ippatsu_kong", ("double_riichi", "ippatsu"))
    if not situation.robbing_kong:
        return None
    # The kong robbed (§3.3.6) was added to a pung claimed after the double riichi, and that call ended
    # ippatsu; only thirteen orphans robs a concealed kong (§3.3.7), whose robbing is no call.
    if SHAPES["single_heads"](list(hand.counts), hand.fixed):
        return None
    return refused("double_riichi_ippatsu_robbed", ("double_riichi", "ippatsu", "robbing_kong"))


def _last_tile_robbed(hand: Hand | None, situation: Situation) -> Refused | None:
    # After the last tile of the wall no kong is declared (none is left to make up the dead wall,
    # RCR 2016 §3.3.6), so none is robbed: robbing a kong is never the last discard.
    if situation.last_tile and situation.robbing_kong:
        return refused("last_tile_robbed", ("last_tile", "robbing_kong"))
    return None


def _first_discard_after_turn(hand: Hand | None, situation: Situation) -> Refused | None:
    # Renhou (RCR 2016 §4.2.4): a non-dealer's win on a discard in the first uninterrupted go-around,
    # before his own first draw (docs/riichi.md "The facts of a win"). Nothing of his own turn (a draw,
    # riichi, a kong) or of any call or later play (the last tile, a kong robbed) can go with it.
    if not situation.first_discard:
        return None
    if situation.original_hand:
        return refused("first_discard_original_hand", ("first_discard", "original_hand"))
    if situation.win_by is not WinBy.DISCARD:
        return refused(
            "first_discard_not_on_a_discard",
            ("first_discard",),
            _way_blamed(situation),
            **_way_given(situation),
        )
    if situation.riichi or situation.double_riichi:
        return _riichi_refused("first_discard_riichi", "first_discard", situation)
    if situation.robbing_kong:
        return refused("first_discard_robbed", ("first_discard", "robbing_kong"))
    if situation.last_tile:
        return refused("first_discard_last_tile", ("first_discard", "last_tile"))
    return _nothing_called("first_discard", hand)


def _first_discard_not_easts(hand: Hand | None, situation: Situation) -> Refused | None:
    # "To win on first card played" (Bonus Scores 5, docs/rulings.md) and Blessing of Earth (won "with
    # the first tile discarded by East") are East's first discard: another discarder named contradicts it,
    # and so does East winning it, who plays that card (a win on a later discard earns nothing: the seat
    # or the fact is mistyped, and paying either is a guess).
    if situation.first_discard and situation.seat is Wind.EAST:
        return refused("first_discard_by_east", ("first_discard",), ("--seat",))
    discarder = situation.discarder
    if situation.first_discard and discarder is not None and discarder is not Wind.EAST:
        return refused("first_discard_not_easts", ("first_discard",), ("--from",), discarder=discarder.word)
    return None


def _ninth_win_not_easts(hand: Hand | None, situation: Situation) -> Refused | None:
    # Kajongg's "East won nine times in a row" applies when "the winner is East" (src/rulecode.py,
    # EastWonNineTimesInARow): stated of another seat's win it is paid the limit on a guess.
    if situation.east_ninth_win and situation.seat is not Wind.EAST:
        return refused("ninth_win_not_easts", ("east_ninth_win",), ("--seat",), seat=situation.seat.word)
    return None


def _original_hand_after_call(hand: Hand | None, situation: Situation) -> Refused | None:
    # Tenhou and chiihou: won on the first draw, "no call before it, not even a concealed kan"
    # (docs/riichi.md "The facts of a win"), and told so: a win on a discard (no --drawn) is refused.
    return _original_hand_played(hand, situation, on_discard_refused=True)


def _original_hand_not_as_dealt(hand: Hand | None, situation: Situation) -> Refused | None:
    # The book's original hand is complete "as drawn from the wall" (Example 16, Limit Hands 6;
    # docs/rulings.md#original-hand), before any claim, kong or loose tile; the way the options default to
    # (a discard) is read as the original draw (situation.how_won), not refused.
    return _original_hand_played(hand, situation, on_discard_refused=False)


def _original_hand_played(
    hand: Hand | None, situation: Situation, on_discard_refused: bool
) -> Refused | None:
    """Why an original hand (won on the first draw, nothing claimed or declared before it) cannot be so
    with the other facts stated or this hand; `on_discard_refused`: a win on a discard is refused too."""
    if not situation.original_hand:
        return None
    # Riichi (and so ippatsu) is declared with a discard of one's own, after the first draw; the first
    # draw is not the last tile of the wall, nor a tile robbed. Told before the way won: adding --drawn
    # would not help.
    if situation.riichi or situation.double_riichi:
        return _riichi_refused("original_hand_riichi", "original_hand", situation)
    if situation.last_tile:
        return refused("original_hand_last_tile", ("original_hand", "last_tile"))
    if situation.robbing_kong:
        return refused("original_hand_robbed", ("original_hand", "robbing_kong"))
    if situation.win_by is WinBy.LOOSE:
        return refused(
            "original_hand_loose", ("original_hand",), _way_blamed(situation), **_way_given(situation)
        )
    if on_discard_refused and situation.win_by is not WinBy.WALL:
        return refused("original_hand_on_a_discard", ("original_hand",), _way_blamed(situation))
    return _nothing_called("original_hand", hand)


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


def _nothing_called(fact: str, hand: Hand | None) -> Refused | None:
    """Why a hand won before any call (a win of the first go-around: `fact`, first_discard or
    original_hand) cannot be: a set laid open, or a kong, even a concealed one (neither is known of a
    score given as a number, hand None)."""
    if hand is None:
        return None
    if _laid_open_before(hand):
        return refused(f"{fact}_laid_open", (fact,))
    if hand.kongs:
        return refused(f"{fact}_kong", (fact,))
    return None


def _laid_open_before(hand: Hand) -> bool:
    # The set the winning discard completed is laid open at the win, not before it (the book's rulesets
    # write it `*`, docs/rulings.md; riichi's never, its setting not_written: winning_tile_laid).
    return hand.opened and any(meld.exposed and not meld.winning for meld in hand.fixed)


# The facts of a win before any call or kong (the original draw, the first card played), which a hand
# that is not may_be_dealt never has: play offers neither for such a hand.
BEFORE_ANY_CALL = ("original_hand", "first_discard")


def may_be_dealt(hand: Hand) -> bool:
    """Whether a hand could be an original hand (docs/rulings.md#original-hand): nothing laid open
    before the win and no kong declared, the two _nothing_called refuses; the hints that offer
    --original-hand offer it only to such a hand."""
    return not (_laid_open_before(hand) or hand.kongs)


def _robbed_tile_held(hand: Hand | None, situation: Situation) -> Refused | None:
    # The robbed tile is the fourth of a kong (a pung added to, or for thirteen orphans a concealed
    # kong, RCR 2016 §3.3.6-3.3.7): the other three are in that kong, so the hand holds it once, and no
    # indicator turned (dora, ura) is one of them.
    if hand is None or not situation.robbing_kong or hand.winning_tile is None:
        return None  # no kong robbed, or a score given as a number (its tiles are not known)
    tile = hand.winning_tile
    if hand.counts[tile.index] > 1:
        return refused(
            "robbed_tile_held", ("robbing_kong",), (), tile=tile.code, held=hand.counts[tile.index]
        )
    for fact in OF_THE_SET:
        if tile in getattr(situation, fact.field):
            return refused(
                "robbed_tile_shown", ("robbing_kong", fact.field), tile=tile.code, option=fact.option
            )
    return None


# A discarder named for a hand as dealt (the book's "original hand as drawn from the wall", riichi's
# tenhou and chiihou, drawn): said by `score` (options.make) and `settle` (table._check_options) alike.
FROM_ORIGINAL = refusal("from_original")
# The winner named as his own discarder: most often a self-drawn win told with the wrong option.
OWN_DISCARD = "--from: a player cannot win on his own discard (a tile he drew himself: --drawn)"

# What a ruleset may say its play never has (the setting `impossible`), in the order they are checked.
# Each test refuses facts given (with each other, or with the hand), never a fact left out: scoring's
# trials without a fact rely on it (_idle_facts; tests/test_idle_facts.py holds every test to it).
IMPOSSIBLE: dict[str, Impossible] = {
    # Before loose_without_kong, which refuses the same hands for the loose tile alone.
    "kong_after_kong_without_kong": Impossible(
        "a win on the loose tile of a kong after a kong with no kong in the hand",
        _kong_after_kong_without_kong,
    ),
    "kong_after_kong_one_kong": Impossible(
        "a win on the loose tile of a kong after a kong with one kong and no flower or season in the hand",
        _kong_after_kong_one_kong,
    ),
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
    # original_hand_after_call less its `--drawn`: for a ruleset that reads an original hand's default
    # way (a discard) as the original draw, the book's (docs/rulings.md#original-hand).
    "original_hand_not_as_dealt": Impossible(
        "an original hand won on a loose tile, with riichi, the last tile or robbing a kong, or with a set "
        "laid open or a kong",
        _original_hand_not_as_dealt,
    ),
    "first_discard_not_easts": Impossible(
        "a win on the first card played, East's, won by East or with another discarder named",
        _first_discard_not_easts,
    ),
    "ninth_win_not_easts": Impossible(
        "East's ninth win in a row stated for a winner who is not East", _ninth_win_not_easts
    ),
    "robbed_tile_held": Impossible(
        "robbing a kong with a winning tile the hand holds more than once, or an indicator shows",
        _robbed_tile_held,
    ),
}


def conflicting_facts(hand: Hand | None, situation: Situation, names: frozenset[str]) -> Refused | None:
    """Why the stated facts cannot go together (a fact without one it needs, too many indicators:
    situation.unmet_need, every ruleset's), else what the ruleset's play never has (impossible_facts), or
    None; hand None: a winner's score given as a number (docs/riichi.md "The facts of a win")."""
    unmet = unmet_need(situation)
    if unmet is None and names:
        unmet = impossible_facts(hand, situation, names)
    return unmet


def impossible_facts(hand: Hand | None, situation: Situation, names: frozenset[str]) -> Refused | None:
    """Why the hand and its stated facts cannot be under a ruleset whose play never has `names`
    (IMPOSSIBLE, the setting `impossible`), or None; hand None: a winner's score given as a number,
    whose stated facts are tested together only."""
    for test in _tests(names):
        why = test(hand, situation)
        if why is not None:
            return why
    return None


@lru_cache(maxsize=64)  # one per ruleset's setting: the same few, hand after hand
def _tests(names: frozenset[str]) -> tuple[Callable[[Hand | None, Situation], Refused | None], ...]:
    """The tests of IMPOSSIBLE that `names` names, in IMPOSSIBLE's order."""
    return tuple(check.test for name, check in IMPOSSIBLE.items() if name in names)
