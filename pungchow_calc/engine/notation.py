"""Hand notation (docs/notation.md): read a hand into groups of tiles, and write it back canonically.

The tile glyphs pungchow prints (U+1F000 block) are read as well, so a hand pasted back from its
output scores the same; common slips (commas, riichi's spellings, `!` before its tile, a missing space,
stray punctuation) get a hint (docs/notation.md, "Hints for common slips"), never a reading.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from operator import attrgetter

from .cache import BoundedCache
from .errors import NotationError, in_digits, plain_typed, wide_hint
from .tiles import ALL_TILES, DRAGON_LETTERS, RIICHI_HONORS, RIICHI_Z, WIND_LETTERS, Suit, Tile, Wind, make


class Marker(Enum):
    """How a typed group lies: in the hand, exposed on the table, a kong declared face down, a kong
    claimed onto a concealed pung (a discard claimed as the fourth tile of a pung held concealed), or
    a pair laid exposed on the table (it can no longer become a pung)."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    CONCEALED = ""
    EXPOSED = "*"
    DECLARED = "#"
    CLAIMED_KONG = "+"
    EXPOSED_PAIR = "="


@dataclass(frozen=True, slots=True)
class Group:
    """One typed group: its tiles in typed order, its marker and where `!` stood (where it stands in
    the hand is the hand's: ParsedHand.column)."""

    tiles: tuple[Tile, ...]
    marker: Marker
    winning: int | None  # index into tiles of the `!` tile
    text: str  # as typed
    code: str = field(init=False, compare=False, repr=False)  # canonical notation of the group
    indexes: tuple[int, ...] = field(init=False, compare=False, repr=False)  # Tile.index of each tile
    # Which kinds of playing tile it holds, one bit each (dots, bamboo, characters, honors): a hand's
    # suits are its groups' bits together (hand.Hand.suits).
    kinds: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # A batch types the same tiles in many spellings (`1b2b3b`, `1B2B3B`, glyphs): what follows from
        # the tiles, marker and winning index is worked out once for each (_spelled) and shared.
        key = (self.tiles, self.marker, self.winning)
        code, indexes, kinds = _SPELLED.get(key) or _SPELLED.put(key, _spelled(*key))
        setattr_ = object.__setattr__
        setattr_(self, "code", code)
        setattr_(self, "indexes", indexes)
        setattr_(self, "kinds", kinds)


def _spelled(
    tiles: tuple[Tile, ...], marker: Marker, winning: int | None
) -> tuple[str, tuple[int, ...], int]:
    """Group's own fields of these tiles, marker and winning index: its code, indexes and kinds."""
    indexes = tuple(map(_INDEX_OF, tiles))
    codes = list(map(_CODE_OF, tiles))
    if winning is not None:
        codes[winning] += "!"
    codes.append(marker.value)
    return "".join(codes), indexes, sum(set(map(_KIND_BITS.__getitem__, indexes)))


@dataclass(frozen=True, slots=True)
class ParsedHand:
    """A hand as typed: its groups in order, and the text they were read from."""

    groups: tuple[Group, ...]
    text: str  # as typed: where each group stands (column), told only for an error

    @property
    def code(self) -> str:
        """Canonical notation of the whole hand."""
        return " ".join([g.code for g in self.groups])

    def column(self, order: int) -> int:
        """The 1-based column of the first character of the group at `order` (in typed order)."""
        return _columns(self.text)[order]


def _columns(text: str) -> list[int]:
    """The 1-based column of each group of a hand as typed: runs of non-space characters (str.split's,
    str.isspace's spaces), each found again from where the last ended."""
    columns = []
    at = 0
    for word in text.split():
        at = text.find(word, at)
        columns.append(at + 1)
        at += len(word)
    return columns


# A playing tile's kind bit (Group.kinds) by Tile.index: 0-8, 9-17, 18-26 the suits, 27-33 honors; none
# for bonus tiles.
_KIND_BITS = (1,) * 9 + (2,) * 9 + (4,) * 9 + (8,) * 7 + (0,) * 8
_INDEX_OF, _CODE_OF = attrgetter("index"), attrgetter("code")
# _spelled's answers by (tiles, marker, winning index): a batch types a few thousand groups.
_SPELLED: BoundedCache[tuple[tuple[Tile, ...], Marker, int | None], tuple[str, tuple[int, ...], int]] = (
    BoundedCache(8192)
)
_MARKERS = frozenset(m.value for m in Marker if m.value)  # `*#+=`: a group ends with one at most
_MAX_TEXT = 400  # a real hand is under 80 characters; refuse novels before any work
_GLYPH_CODES: dict[int, str | None] = {ord(t.glyph): t.code for t in ALL_TILES}  # 🀐 -> 1b, as printed
# The variation selectors (text, emoji) that chat apps and web pages put after a glyph (🀄 + U+FE0F)
# choose how it looks, not which tile it is: dropped, so a hand pasted from them reads.
_GLYPH_CODES.update({0xFE0E: None, 0xFE0F: None})
_RIICHI_HINT = "dots are d, characters c, bamboo b; s is a season"
_HONORS_HINT = "winds are Ew Sw Ww Nw (riichi's 1z-4z), dragons Wd Gd Rd (5z-7z)"
# A flower or season numbered past 4 (`5f`, `8f`): there are four of each (docs/notation.md, Tiles).
_BONUS_HINT = "flowers are 1f-4f, seasons 1s-4s"
_BONUS_RANK_LIKE = re.compile(r"[5-9][fF]").search
_REVERSED = re.compile(r"[dbcfsDBCFS][1-9]").match
_SUITS_HINT = "suits are b bamboo, c characters, d dots and dragons, w winds, f flowers, s seasons"
_LETTERS = frozenset("bcdwfsesnrgw")  # the suits' letters and the honors' ranks, in small letters
# The quotes a word processor, a chat app or a phone's keyboard puts for ' and ": no shell reads them as
# quotes, so a hand "quoted" with them reaches pungchow as several words, or with them as its ends.
TYPOGRAPHIC_QUOTES = frozenset("“”„‟‘’‚‛«»‹›")


def typographic_quote_hint(char: str) -> str:
    """ "'“' (U+201C) is a typographic quote ..." for a quote no shell reads as one, told where a hand
    quoted with it is refused (docs/notation.md, hints)."""
    return (
        f"{char!r} (U+{ord(char):04X}) is a typographic quote, which the shell does not read as one: "
        "quote the hand with ' or \""
    )


# `5d5d5d*!`: a group's `!` typed after its marker, instead of after its winning tile.
_BANG_AFTER_MARKER = re.compile(r"(.*[^*#+=!])([*#+=])!+").fullmatch
# Riichi's red five is written 0 (`0m`); the rulesets here have no red fives (docs/riichi.md). Also
# the hint of riichi's words for red fives as an option (arguments.game_word_hint: `--aka-dora`).
RED_FIVE_HINT = "a red five (riichi's 0) is typed 5"
_NO_RED_FIVES = f"EMA 2016 has no red fives: {RED_FIVE_HINT}"
# A `0` in a group of ours (`0b`), typed under any ruleset: riichi is named as the notation it comes
# from, not as the ruleset in play (under pung-chow, "EMA 2016 has no red fives" named a game not played).
_ZERO_HINT = f"ranks are 1-9 ({RED_FIVE_HINT}: no ruleset here has red fives)"
# A word in riichi's compact notation (`123m456p789s11z`, `0m`, docs/riichi.md "Writing a riichi hand"):
# runs of ranks, each closed by its suit letter, m characters, p dots, s bamboo (0 a red five), z the
# honors 1-7 (tiles.RIICHI_Z); a `!` after a rank, or after a run's suit letter for its last rank, as
# a compact run of ours is read (`123c!`); a marker at the end of a word of one run.
_RIICHI_WORD = re.compile(r"(?:(?:[0-9]!?)+[mps]!?|(?:[1-7]!?)+z!?)+[*#+=]?").fullmatch
_RIICHI_RUN = re.compile(r"((?:[0-9]!?)+)([mpsz])(!?)").finditer
_RIICHI_RANK = re.compile(r"([0-9])(!?)").findall
_RIICHI_SUITS = {"m": "c", "p": "d", "s": "b"}


def parse(text: str) -> ParsedHand:
    """Read a hand in notation (docs/notation.md); raise NotationError with the column on bad input."""
    if len(text) > _MAX_TEXT:
        raise NotationError(
            f"hand is too long ({len(text)} characters)", code="too-long", column=_MAX_TEXT + 1
        )
    comma = text.find(",")
    if comma >= 0:
        raise NotationError(
            "groups are separated by spaces, not commas", code="unknown-tile", column=comma + 1
        )
    # Groups are runs of non-space characters (str.split's, str.isspace's spaces). A group is the same
    # wherever it stands: read once per spelling (_group), its column told only for an error.
    try:
        groups = tuple(map(_group, text.split()))
    except NotationError:
        _raise_located(text)
        raise
    if not groups:
        raise NotationError("empty hand", code="empty", column=1)
    return ParsedHand(groups, text)


def reads_as_hand(text: str) -> bool:
    """Whether text is hand notation (`3c3c3c`, a group of a hand typed unquoted; a hand typed where a
    name is asked): a command's hint of what was typed, never a hand scored."""
    try:
        parse(text)
    except NotationError:
        return False
    return True


def _raise_located(text: str) -> None:
    """Raise the error of the first group of a hand that cannot be read, with its column; a hand written
    in riichi's compact notation is told in ours, whole (_in_riichi)."""
    for word, column in zip(text.split(), _columns(text), strict=True):
        try:
            _group(word)
        except NotationError as error:
            # Kajongg's reading only of a group told nothing more of (`wwww` reads two ways of ours).
            plain = error.message.startswith(f"{word} is not a tile group")
            message = _in_riichi(word, text) or (plain and _in_kajongg(word, text)) or error.message
            raise NotationError(message, code=error.code, column=column) from None


def _in_riichi(word: str, text: str) -> str | None:
    """ "123m is not a tile group: riichi's notation; type 1c2c3c ..." for a group in riichi's compact
    notation (`word`) of a text that reads one way only, each group as riichi's or as ours: the whole
    text in ours, on one line; else None. A hint, the hand still refused: a riichi group ours reads too
    (`123s`, our seasons; riichi's bamboo) is taken as riichi's only beside no group of ours alone."""
    read: list[tuple[str, bool, bool]] = []  # (group, riichi's, ours)
    for group in text.split():
        try:
            _group(group)
            ours = True
        except NotationError:
            ours = False
        riichi = _RIICHI_WORD(group) is not None
        if not (ours or riichi):
            return None
        read.append((group, riichi, ours))
    if any(riichi and ours for _, riichi, ours in read) and any(not riichi for _, riichi, _ in read):
        return None  # `1c2c3c 123s 456m`: seasons written as ours, or bamboo as riichi's
    words: list[str] = []
    for group, riichi, _ in read:
        said = _riichi_words(group) if riichi else [group]
        if said is None:
            return None
        words += said
    red = "" if "0" not in text else f" ({_NO_RED_FIVES})"
    return f"{word} is not a tile group: riichi's notation; type {' '.join(words)}{red}"


def _riichi_words(group: str) -> list[str] | None:
    """A group in riichi's compact notation as ours, a word for each suit (`123m456p`: 1c2c3c 4d5d6d;
    `5z!5z`: Wd!Wd); None where a tile is marked ! twice, or a marker follows more than one suit."""
    marker = group[-1] if group[-1] in _MARKERS else ""
    words: list[str] = []
    suits: list[str] = []
    for ranks, suit, last in (run.groups() for run in _RIICHI_RUN(group.removesuffix(marker) or group)):
        codes = [
            (RIICHI_Z[int(rank) - 1] if suit == "z" else f"{rank.replace('0', '5')}{_RIICHI_SUITS[suit]}")
            + bang
            for rank, bang in _RIICHI_RANK(ranks)
        ]
        if last:
            if codes[-1].endswith("!"):
                return None
            codes[-1] += "!"
        if suits[-1:] == [suit]:  # the same suit again (`5z!5z`): the same word
            words[-1] += "".join(codes)
        else:
            words.append("".join(codes))
            suits.append(suit)
    if marker and len(words) > 1:
        return None
    return [word + marker for word in words]


# KDE Kajongg's notation of a tile: its suit letter first, s stones (our dots), b bamboo, c characters;
# w winds, d dragons (b white, g green, r red), f flowers, y seasons, each with its wind; a capital first
# letter lays the tile open (docs/notation.md "Hints for common slips"). Told in ours, never read.
_KAJONGG_TILE = re.compile(r"[sbcSBC][1-9]|[wWfFyY][eswnESWN]|[dD][bgrBGR]")
_KAJONGG_SUITS = {"s": "d", "b": "b", "c": "c"}
_KAJONGG_HONORS = {
    **{f"w{w}": f"{w.upper()}w" for w in "eswn"},
    **{f"d{d}": f"{ours}d" for d, ours in (("b", "W"), ("g", "G"), ("r", "R"))},
    **{f"f{w}": f"{i}f" for i, w in enumerate("eswn", 1)},
    **{f"y{w}": f"{i}s" for i, w in enumerate("eswn", 1)},
}


def _in_kajongg(word: str, text: str) -> str | None:
    """ "s1s1s1 is not a tile group: Kajongg's notation; type 1d1d1d ..." for a hand every group of which
    reads as Kajongg's (or as ours): the whole hand in ours, its open sets marked `*` (a Kajongg player's
    trial was told "1s, not s1", a season here, where Kajongg's s1 is a stone, our 1d); else None."""
    words: list[str] = []
    kajongg = False
    for group in text.split():
        try:
            _group(group)
            words.append(group)
            continue
        except NotationError:
            pass
        tiles = _KAJONGG_TILE.findall(group)
        if not tiles or "".join(tiles) != group:
            return None
        # Only where a letter says Kajongg (its stones, its honors): `b1`, bamboo either way, is told
        # that a tile is written rank then suit.
        kajongg = kajongg or any(t[0] not in "bcBC" for t in tiles)
        ours = [_KAJONGG_HONORS.get(t.lower()) or f"{t[1]}{_KAJONGG_SUITS[t[0].lower()]}" for t in tiles]
        opened = all(t[0].isupper() for t in tiles) and len(tiles) >= 3
        words.append("".join(ours) + ("*" if opened else ""))
    if not kajongg:
        return None
    mark = "" if "!" in text else ", with ! after the winning tile"
    return (
        f"{word} is not a tile group: Kajongg's notation (its s, stones, are our dots, d); type "
        f"{' '.join(words)}{mark}"
    )


@lru_cache(maxsize=8192)  # clubs type the same groups: a few thousand spellings in a long batch
def _group(word: str) -> Group:
    """The Group of one typed group; errors carry no column here, parse adds it."""
    return Group(*_read_group(word), word)


def _read_group(word: str) -> tuple[tuple[Tile, ...], Marker, int | None]:
    """Tiles, marker and winning index of one typed group; errors carry no column here."""
    column: int | None = None
    body, marker = word.translate(_GLYPH_CODES), Marker.CONCEALED
    if body and body[-1] in _MARKERS:
        marker = Marker(body[-1])
        body = body[:-1]
    if not _MARKERS.isdisjoint(body):
        _raise_bang_after_marker(word)
        raise NotationError(
            f"{word}: a group ends with at most one marker (*, #, + or =){_missing_space(word)}",
            code="bad-marker",
            column=column,
        )
    if body.startswith("!"):
        raise NotationError(
            f"{word}: ! goes straight after the winning tile, e.g. 7c!7c", code="unknown-tile", column=column
        )
    if not body:  # a marker alone: typed after a space (`5d5d5d *`)
        raise NotationError(
            f"{word}: a marker goes straight after its group, with no space before it (e.g. 5d5d5d{word})",
            code="unknown-tile",
            column=column,
        )
    canonical = _canonical(body)
    if canonical is not None:
        return canonical[0], marker, canonical[1]
    chunks = _split(body, strict=True)
    if chunks is None:
        lowered = body.lower()
        chunks = _split(lowered, strict=False)
        if chunks is not None:
            _refuse_two_readings(word, lowered, chunks, marker)
    if chunks is None:
        if "!!" in body:  # one tile marked twice: `many-winning`, as two tiles marked, told how to mark it
            raise NotationError(
                f"{word} marks its winning tile more than once: one ! straight after it"
                f" ({re.sub('!!+', '!', word)})",
                code="many-winning",
                column=column,
            )
        # Every slip the group shows (`123m456p789s11z`: riichi's suits and honors at once), in one hint;
        # typed in full-width characters, the slips of its plain form too (`０c`: no red fives), so that
        # what the hint says to type is not refused in turn.
        plain = plain_typed(body)
        seen = plain or body
        slips: list[str] = []
        if not _control(seen):  # terminal junk (`\x1b[0m`): its `0m` is no red five in riichi's notation
            slips = [
                said
                for said, made in ((_RIICHI_HINT, _riichi_like), (_HONORS_HINT, _honors_like))
                if made(seen)
            ]
            if "0" in seen:
                slips.append(_ZERO_HINT)
            if _BONUS_RANK_LIKE(seen):
                slips.append(_BONUS_HINT)
            if _REVERSED(seen):  # `b1`, `f1`: suit before rank
                slips.append(f"a tile is written rank then suit ({seen[1]}{seen[0]}, not {seen[:2]})")
            # `chun`: riichi's name of a tile, as `--dora chun` types it
            honor = RIICHI_HONORS.get(seen.lower())
            if honor is not None:
                slips.append(f"riichi's {seen.lower()} is {honor}")
        if slips and plain is not None:
            slips.insert(0, f"it is typed in full-width characters ({plain})")
        hint = (
            f": {'; '.join(slips)}"
            if slips
            else _wind_word_hint(body) or wide_hint(word) or _stray_hint(body) or _letter_hint(body)
        )
        raise NotationError(f"{word} is not a tile group{hint}", code="unknown-tile", column=column)
    tiles: list[Tile] = []
    winning: int | None = None
    for ranks, suit_char in chunks:
        for rank_char, bang in ranks:
            tile = _tile(rank_char, suit_char)
            if tile is None:
                hint = f" ({_RIICHI_HINT})" if suit_char in "sS" and rank_char.isdigit() else ""
                raise NotationError(
                    f"{word}: {rank_char}{suit_char} is not a tile{hint}",
                    code="unknown-tile",
                    column=column,
                )
            if bang:
                if winning is not None:
                    raise NotationError(
                        f"{word} marks more than one winning tile",
                        code="many-winning",
                        column=column,
                    )
                winning = len(tiles)
            tiles.append(tile)
    return tuple(tiles), marker, winning


def _raise_bang_after_marker(word: str) -> None:
    """Refuse a `!` typed after the group's marker (`5d5d5d*!`: both marks on one set) with where it
    goes: straight after the winning tile; a set the winning discard completed is typed without `*` or
    `=`, which it scores as all the same (docs/notation.md, Markers), and a kong keeps its `*` or `+`
    (`5d5d5d5d!*`, the fourth tile of an exposed pung: without `*` it is undeclared). A `#` kong holds no
    winning tile at all (bad-winning-tile), so its hint names none to type, never a `5d5d5d5d!#`
    refused in turn: a hint never leads to another refusal."""
    found = _BANG_AFTER_MARKER(word)
    if found is None:
        return
    tiles, marker = found.group(1), found.group(2)
    if marker == "#":
        fix = (
            ", and the winning tile cannot be in a kong declared face down: mark it in the group it completed"
        )
    elif marker == "+" or (marker == "*" and _four_of_a_kind(tiles)):
        fix = f": type {tiles}!{marker}"
    else:
        fix = f": type {tiles}! (a group the winning discard completes scores as exposed without {marker})"
    raise NotationError(
        f"{word}: ! goes straight after the winning tile, not after the marker{fix}", code="bad-marker"
    )


def _four_of_a_kind(text: str) -> bool:
    """Whether a group's tiles, typed without marker or `!`, are four identical tiles (a kong)."""
    try:
        tiles = _read_group(text)[0]
    except NotationError:
        return False
    return len(tiles) == 4 and len(set(tiles)) == 1


def _refuse_two_readings(word: str, lowered: str, chunks: tuple[Chunk, ...], marker: Marker) -> None:
    """Refuse a group typed in one case that a player could mean two ways (`wwww`: two west winds, or
    the compact run WWWw of three; `wwwd`: WwWd or WWWd), naming both: `w` is both a rank (west, white)
    and the winds' suit, and money never moves on a guess (docs/notation.md, Case). A reading a player
    could mean types each tile whole or runs one rank (`555d`); a run of several ranks of winds
    (`ewe`+`w` in `ewewew`) is one nobody types, and is not counted."""
    read = "".join(
        _BY_CODE[rank.upper() + suit].code + "!" * bang for ranks, suit in chunks for rank, bang in ranks
    )
    other = next((code for code in _one_rank_readings(lowered) if code != read), None)
    if other is not None:
        raise NotationError(
            # No seat's word in it: `evening play` says a player's name for each (evening.settle).
            f"{word} reads two ways, {read}{marker.value} or {other}{marker.value} (w is both a rank, as in"
            " Ww and Wd, and the suit of winds): type the one meant",
            code="ambiguous-group",
        )


def _one_rank_readings(body: str) -> set[str]:
    """The canonical codes of a one-case group's readings whose every run repeats one rank (a tile
    typed whole, `555d`, `WWWw`): two at most, enough to tell one from another (the search stops)."""
    found: set[str] = set()
    dead: set[int] = set()  # positions no such reading can go on from

    def walk(pos: int, read: str) -> bool:
        if pos == len(body):
            found.add(read)
            return True
        if pos in dead or len(found) > 1:
            return False
        rank, j, went_on = body[pos], pos, False
        marks: list[str] = []  # each rank of the run so far: "!" when it is the winning tile, else ""
        while j < len(body) and len(found) < 2:
            ch = body[j]
            tile = _tile(rank, ch) if marks else None
            if tile is not None:
                bang = body[j + 1 : j + 2] == "!"
                if not (bang and marks[-1]):
                    run = [tile.code + mark for mark in marks[:-1]] + [tile.code + (marks[-1] or "!" * bang)]
                    went_on = walk(j + 1 + bang, read + "".join(run)) or went_on
            if ch != rank:
                break
            marks.append("!" if body[j + 1 : j + 2] == "!" else "")
            j += 1 + len(marks[-1])
        if not went_on:
            dead.add(pos)
        return went_on

    walk(0, "")
    return found


def _control(body: str) -> bool:
    """Whether a group holds a control character (`\x1b[0m`, terminal junk): shown escaped, and given
    no hint, since its letters and digits are no slip of the notation (docs/notation.md, errors)."""
    return any(unicodedata.category(ch) == "Cc" for ch in body)


def _letter_hint(body: str) -> str:
    """ ": 'o' is no rank or suit (...)" for the first ASCII letter of a group that no tile is written
    with (`1o`, `xyz`), ": ... a number is written in digits" for a number written as a word (`ten`),
    what a character no tile is written with is (`❗`, an invisible space); else how a tile is written
    (`1b1b1`, `1bb`): every group refused gets a hint, but one holding a control character (`\x1b[2J`:
    terminal junk, shown escaped)."""
    if _control(body):
        return ""
    number = in_digits(body) if body.isalpha() else None
    if number is not None:
        return f": a tile is a rank and a suit letter (1d, Ew), a number is written in digits ({number})"
    letter = next((ch for ch in body if ch.isascii() and ch.isalpha() and ch.lower() not in _LETTERS), None)
    if letter is not None:
        return f": {letter!r} is no rank or suit ({_SUITS_HINT})"
    other = next((ch for ch in body if not ch.isascii()), None)
    if other is None:
        return ": a tile is a rank and a suit letter (1d, 9c, Ew, Rd)"
    if not other.isprintable():  # U+200B, a joiner: pasted from a chat, seen as nothing
        return f": it holds U+{ord(other):04X}, a character that prints as nothing: type the hand without it"
    if other in TYPOGRAPHIC_QUOTES:
        return f": {typographic_quote_hint(other)}"
    return f": {other!r} (U+{ord(other):04X}) is no part of the notation"


def season_hint(groups: tuple[Group, ...]) -> str:
    """ "; 1s2s3s: s is a season, bamboo is b (1b2b3b)" for the first group of
    seasons typed with the letter s (riichi's souzu), else "": told beside an error such a group makes
    (the tile count, a marker, a ruleset without bonus tiles), never a reading of it as bamboo."""
    for group in groups:
        text = group.text
        if ("s" in text or "S" in text) and any(tile.suit is Suit.SEASONS for tile in group.tiles):
            bamboo = text.replace("s", "b").replace("S", "B")
            return f"; {text}: s is a season, bamboo is b ({bamboo})"
    return ""


def compact_hint(groups: tuple[Group, ...]) -> str:
    """ "; www reads as WwWw (2 tiles)" for the first group of winds or dragons typed all in small
    letters as a compact run (a rank letter repeated before one suit letter, docs/notation.md "Case"),
    else "": told beside a hand of the wrong size, where `www` (two west winds) was likely meant as
    three."""
    for group in groups:
        body = "".join(ch for ch in group.text if ch.isalpha())
        honors = group.tiles and all(tile.is_honor for tile in group.tiles)
        if honors and body.islower() and len(body) < 2 * len(group.tiles):
            code = "".join(tile.code for tile in group.tiles)
            return f"; {group.text} reads as {code} ({len(group.tiles)} tiles)"
    return ""


def _missing_space(word: str) -> str:
    """ "; a space missing? ..." for a group with a marker inside it and tiles after (`5d5d5d*4b4b4b*`:
    two groups run together), "; a marker goes straight after its group: ..." for one typed before its
    group (`#2c2c2c2c`, where `# 2c2c2c2c` is refused too), else "" (`5d5d5d**`, `5d5d5d*!`,
    `5d5d5d*;`: no tile after the marker)."""
    at = next(i for i, ch in enumerate(word) if ch in _MARKERS)
    rest = word[at + 1 :]
    if not rest or not (rest[0].isalnum() or not rest[0].isascii()):  # a glyph is a tile too
        return ""
    if at == 0:
        return (
            ""
            if not _MARKERS.isdisjoint(rest)
            else f"; a marker goes straight after its group: {rest}{word[0]}"
        )
    return f"; a space missing? {word[: at + 1]} {rest}"


def _wind_word_hint(body: str) -> str:
    """ ": south names a seat or a round (its wind's tile is Sw)" for a wind's name typed among the
    groups: a seat typed after the hand (`... 7c!7c south`, a batch line's `--seat` left out), or a
    spreadsheet's seat column exported beside it. Worded for every place a hand is typed (an evening's
    prompt has no `--seat`)."""
    wind = Wind.__members__.get(body.upper())
    if wind is None:
        return ""
    return f": {body} names a seat or a round (its wind's tile is {wind.letter}w)"


def _stray_hint(body: str) -> str:
    """ ": '/' is no part of the notation ..." for the first ASCII character a group holds that no
    tile, marker or `!` is written with (`1b1b1b/3c3c3c`, `Rd!Rd.`, a quote), else "" (and for a group
    holding a control character)."""
    if not body.isprintable():  # a control sequence (`\x1b[2J`) is shown escaped, its `[` no slip
        return ""
    if body[:1] == "-" and body.lstrip("-")[:1].isalpha():  # `'HAND --seat south'`: quoted with the hand
        return ": an option is written after the hand, outside its quotes"
    stray = next((ch for ch in body if ch.isascii() and not ch.isalnum() and ch != "!"), None)
    if stray is None:
        return ""
    where = "a quote goes around the whole hand" if stray in "\"'" else "groups are separated by spaces"
    if stray == "\\":
        # Shown as typed, not as Python's repr ('\\'); at a group's end, most often a shell command's
        # line continued inside the hand's quotes (`'1b1b1b 3c3c3c \` and the rest on the next line).
        if body.endswith("\\"):
            where = "a \\ that continues a command's line goes outside the quotes: leave it out of the hand"
        return f": '\\' is no part of the notation ({where})"
    return f": {stray!r} is no part of the notation ({where})"


def _riichi_like(body: str) -> bool:
    """A digit before m or p, or 5-9 before s: the suit letters of riichi notation (man, pin, sou)."""
    return any(
        i > 0 and body[i - 1].isdigit() and (ch in "mpMP" or (ch in "sS" and body[i - 1] in "56789"))
        for i, ch in enumerate(body)
    )


def _honors_like(body: str) -> bool:
    """A digit before z (riichi notation's honors, 1z East ... 7z red dragon) or w (winds numbered)."""
    return any(i > 0 and body[i - 1].isdigit() and ch in "zZwW" for i, ch in enumerate(body))


def _tile(rank_char: str, suit_char: str) -> Tile | None:
    suit_char, rank_up = suit_char.lower(), rank_char.upper()
    if suit_char in "bc" or (suit_char == "d" and rank_up.isdigit()):
        suit = {"d": Suit.DOTS, "b": Suit.BAMBOO, "c": Suit.CHARACTERS}[suit_char]
        return make(suit, int(rank_up)) if rank_up in "123456789" else None
    if suit_char == "d":
        return make(Suit.DRAGONS, DRAGON_LETTERS.index(rank_up) + 1) if rank_up in DRAGON_LETTERS else None
    if suit_char == "w":
        return make(Suit.WINDS, WIND_LETTERS.index(rank_up) + 1) if rank_up in WIND_LETTERS else None
    if suit_char in "fs":
        suit = Suit.FLOWERS if suit_char == "f" else Suit.SEASONS
        return make(suit, int(rank_up)) if rank_up in "1234" else None
    return None


_RANKS_FOR = {
    "d": "123456789RGW",
    "b": "123456789",
    "c": "123456789",
    "w": "ESWN",
    "f": "1234",
    "s": "1234",
}

Chunk = tuple[tuple[tuple[str, bool], ...], str]

# Every tile's canonical code (`1b`, `Rd`, `Ew`: rank then suit, as Group.code writes them), read by
# _tile itself: the table is _tile's answers, not a second spelling of the tiles.
_BY_CODE = {
    rank + suit: tile
    for suit, ranks in _RANKS_FOR.items()
    for rank in ranks
    if (tile := _tile(rank, suit)) is not None
}


def _canonical(body: str) -> tuple[tuple[Tile, ...], int | None] | None:
    """(tiles, winning index) of a group typed as canonical codes one after another, each perhaps
    followed by one `!`; None for any other spelling (read by _split, which also finds the errors).

    Most groups are typed so (`1b2b3b`, `7c!7c`), and the strict reading of _split takes exactly these
    codes one by one (each rank a digit or capital, each suit a small letter, a run ended at its first
    suit letter); this reads them without _split's backtracking (a test holds the two readings equal).
    """
    tiles: list[Tile] = []
    winning: int | None = None
    by_code = _BY_CODE
    i, end = 0, len(body)
    while i < end:
        tile = by_code.get(body[i : i + 2])
        if tile is None:
            return None
        tiles.append(tile)
        i += 2
        if i < end and body[i] == "!":
            if winning is not None:
                return None  # more than one winning tile: _split's reading gives the error
            winning = len(tiles) - 1
            i += 1
    return tuple(tiles), winning


@lru_cache(maxsize=4096)
def _split(body: str, strict: bool) -> tuple[Chunk, ...] | None:
    """Split a group into compact runs `ranks+suit`, backtracking over letters that are both.

    Strict reading takes capitals as ranks and small letters as suits (the canonical form); the
    loose reading, for input typed in one case, tries every place a suit letter could end a run.
    """

    def is_rank(ch: str) -> bool:
        return ch.isdigit() or (ch.isupper() if strict else True) and ch.upper() in "ESWNRGW"

    def is_suit(ch: str) -> bool:
        return (ch.islower() or not strict) and ch.lower() in "dbcwfs"

    # Each position's answer, kept for the backtracking (a dict: making a functools cache per group
    # read cost more than the reading).
    done: dict[int, tuple[Chunk, ...] | None] = {}

    def at(pos: int) -> tuple[Chunk, ...] | None:
        if pos in done:
            return done[pos]
        done[pos] = found = _run_at(pos)
        return found

    def _run_at(pos: int) -> tuple[Chunk, ...] | None:
        if pos == len(body):
            return ()
        ranks: list[tuple[str, bool]] = []
        j = pos
        while j < len(body):
            ch = body[j]
            if ranks and is_suit(ch) and all(r.upper() in _RANKS_FOR[ch.lower()] for r, _ in ranks):
                k = j + 1
                bang = k < len(body) and body[k] == "!"
                run = ranks[:-1] + [(ranks[-1][0], ranks[-1][1] or bang)]
                if not (bang and ranks[-1][1]):
                    rest = at(k + (1 if bang else 0))
                    if rest is not None:
                        return ((tuple(run), ch.lower()), *rest)
            if not is_rank(ch):
                return None
            bang = j + 1 < len(body) and body[j + 1] == "!"
            ranks.append((ch, bang))
            j += 2 if bang else 1
        return None

    return at(0)
