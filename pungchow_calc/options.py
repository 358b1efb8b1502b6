"""The options of `pungchow score`: one table (OPTIONS) of their spellings, help and readers, the
one place their values are checked (make), and a batch line read as `score`'s (scoring_args).

Kept free of typer so that `batch` can read a million lines without building a CLI per line; every
command is declared from this table (cli/spec.py), read by the one reader of an argument list
(arguments.read_args), and the typer app is generated from the same declarations (cli/typer_app.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, TypeVar

from .arguments import Option, game_word_hint, misspelt_option, read_args, table_win_hint, whole_number
from .engine.cache import BoundedCache
from .engine.errors import OptionError, StrayWord, UnknownOption, in_digits, wide_hint
from .engine.impossible import FROM_ORIGINAL, OWN_DISCARD, refusal, way_option
from .engine.payments import MAX_POINTS
from .engine.score_types import DEFAULT, _Default
from .engine.situation import (
    DISCARD,
    SITUATION_FACTS,
    Fact,
    Situation,
    Stated,
    WinBy,
    fact_value,
    stated,
    stated_situation,
)
from .engine.tiles import Wind

if TYPE_CHECKING:
    from .engine.rule_types import Ruleset

DEFAULT_RULESET = "pung-chow"


@dataclass(frozen=True, slots=True)
class ScoreOptions:
    """Everything `pungchow score` takes besides output format."""

    hand: str
    ruleset: str = DEFAULT_RULESET
    seat: Wind = Wind.EAST
    round: Wind = Wind.EAST
    win_by: WinBy = WinBy.DISCARD
    discarder: Wind | None = None
    loser: bool = False
    limit: int | None | _Default = DEFAULT
    stated: Stated = ()  # the stated facts given (engine/situation.py FACTS), e.g. (("last_tile", True),)

    def situation(self) -> Situation:
        """The Situation the scorer needs."""
        return Situation(**self.situation_fields())

    def situation_fields(self) -> dict[str, Any]:
        """The Situation's keywords (a batch puts its stated values in: options.settled)."""
        return {
            "seat": self.seat,
            "round": self.round,
            "winner": not self.loser,
            "win_by": self.win_by,
            "discarder": self.discarder,
            **stated_situation(self.stated),
        }


def wind(value: str, option: str, winner: Wind | None = None) -> Wind:
    """Read a seat or round, naming the option on error; `winner`: the winner's seat when given, for the
    hint of riichi's seat named from his (`--from kamicha`, Wind.parse)."""
    try:
        return Wind.parse(value, winner)
    except ValueError as exc:
        raise OptionError(f"{option}: {exc}", code="bad-option", options=(option,)) from None


_WIN_BY_WORDS = {**{w.value: w for w in WinBy}, "drawn": WinBy.WALL}  # rulesets say `won_by: drawn`


T = TypeVar("T")


def first_repeat(items: Sequence[T]) -> T | None:
    """The first item of `items` that an earlier one equals, or None: a repeatable option's value given
    twice (`-r A -r A`, `--dead s --dead south`), which each caller refuses in its own words."""
    return next((item for i, item in enumerate(items) if item in items[:i]), None)


def read_win_by(value: str) -> WinBy:
    """Read `wall|loose|discard` (`drawn` is another word for wall)."""
    found = _WIN_BY_WORDS.get(value.strip().lower())
    if found is None:
        hint = wide_hint(value) or game_word_hint(value) or table_win_hint(value)
        raise OptionError(
            f"--win-by: {value!r} is not one of wall, loose, discard{hint}",
            code="bad-option",
            options=("--win-by",),
        )
    return found


def read_limit(value: str) -> int:
    """Read `--limit N`: a whole number in ASCII digits, by whole_number (str.isdigit also takes '²'
    and '١٢'), from 1 to MAX_POINTS, as a ruleset's own limit (`--limit -1` named the least 0, and 0 was
    refused)."""
    try:
        return whole_number(value, minimum=1, maximum=MAX_POINTS)
    except ValueError as error:
        hint = ""
        if value.isascii() and value.strip().isalpha() and in_digits(value) is None:  # `--limit mangan`
            hint = (
                " (--limit caps the score in points, e.g. --limit 1000, and --no-limit plays without one;"
                " a ruleset's limits by name are its own: pungchow rules show RULESET)"
            )
        raise OptionError(f"--limit: {error}{hint}", code="bad-option", options=("--limit",)) from None


def fact_option(fact: Fact) -> Option:
    """The option of a stated fact: on/off, or valued with the fact's reader (engine/situation.py)."""
    return Option(
        fact.field, (fact.option,), fact.help, fact.metavar, None, fact.read or str, joined=fact.listed
    )


OPTIONS: tuple[Option, ...] = (
    Option(
        "ruleset",
        ("--ruleset", "-r"),
        "Ruleset name or YAML path.",
        "NAME|PATH",
        DEFAULT_RULESET,
        complete="ruleset",
    ),
    Option(
        "seat",
        ("--seat", "-s"),
        "Seat: east, south, west or north (e, s, w, n).",
        "SEAT",
        "east",
        partial(wind, option="--seat"),
        complete="wind",
    ),
    Option(
        "round",
        ("--round", "-w"),
        "Prevailing wind of the round.",
        "WIND",
        "east",
        partial(wind, option="--round"),
        complete="wind",
    ),
    Option(
        "win_by",
        ("--win-by",),
        "How the winning tile came: wall, loose or discard (drawn = wall; default discard).",
        "HOW",
        None,
        read_win_by,
    ),
    Option("drawn", ("--drawn",), "Short for --win-by wall."),
    Option("loose", ("--loose",), "Short for --win-by loose."),
    Option(
        "discarder",
        ("--from",),
        "Seat that discarded the winning tile.",
        "SEAT",
        None,
        partial(wind, option="--from"),
        complete="wind",
    ),
    # The stated facts of a win, one option each, from their table (engine/situation.py).
    *(fact_option(fact) for fact in SITUATION_FACTS),
    Option("loser", ("--loser",), "A non-winning hand (no !, may be incomplete)."),
    Option("limit", ("--limit",), "Limit in points (overrides the ruleset).", "N", None, read_limit),
    Option("no_limit", ("--no-limit",), "Play without a limit."),
    Option("as_json", ("--json",), "Print the result as JSON (`pungchow docs json`).", output=True),
    Option("ascii_only", ("--ascii",), "Plain ASCII output: tiles as codes, no glyphs.", output=True),
)
OPTION: dict[str, Option] = {o.name: o for o in OPTIONS}
SPELLING: dict[str, Option] = {s: o for o in OPTIONS for s in o.spellings}
# score's on/off scoring options -> make() keyword (batch's YAML entries take these names too)
FLAGS: dict[str, str] = {o.spellings[0]: o.name for o in OPTIONS if o.flag and not o.output}


def _read(name: str, text: str | None) -> Any:
    """An option's value read by its table entry; None when the option was not given."""
    return None if text is None else OPTION[name].read(text)


def make(
    hand: str,
    *,
    ruleset: str = DEFAULT_RULESET,
    seat: str = "east",
    round: str = "east",
    win_by: str | None = None,
    drawn: bool = False,
    loose: bool = False,
    discarder: str | None = None,
    loser: bool = False,
    limit: str | None = None,
    no_limit: bool = False,
    **facts: Any,
) -> ScoreOptions:
    """Check and combine option values as typed (docs/notation.md, commands): the one place they are
    checked, whether they came from typer, the spec's reader or a batch line. `facts` are the stated
    facts of a win by field name (engine/situation.py SITUATION_FACTS), e.g. `last_tile=True`."""
    for name in facts:
        if name not in _SITUATION_FACT:
            raise TypeError(f"make() got an unexpected keyword argument {name!r}")
    values = {name: fact_value(name, value) for name, value in facts.items()}  # a valued fact's text read
    given = [fact for fact in SITUATION_FACTS if values.get(fact.field)]
    declared = next((f for f in ("double_riichi", "riichi") if values.get(f)), None)
    if declared is not None and facts.get("deposits") is not None and values.get("deposits") == 0:
        # Riichi is declared with a stick put on the table, and --deposits counts every stick there, the
        # winner's own too (docs/riichi.md#payments): 0 says none was, and his own would never come back.
        option = _SITUATION_FACT[declared].option
        raise OptionError(
            f"--deposits 0 and {option} contradict each other: a riichi is declared with a stick put on the "
            "table, and --deposits counts every stick there, the winner's own too: give --deposits 1 or "
            "more, or leave it out",
            code="bad-option",
            options=("--deposits", option),
        )
    ways = [w for w, on in (("wall", drawn), ("loose", loose)) if on]
    if win_by is not None:
        ways.append(_read("win_by", win_by).value)
    # The options that said how the hand was won, for where a refusal of them stands (word_at_fault).
    said = (("--drawn", drawn), ("--loose", loose), ("--win-by", win_by is not None))
    typed = tuple(option for option, on in said if on)
    if len(set(ways)) > 1:
        raise OptionError(
            f"conflicting ways to win: {', '.join(sorted(set(ways)))}: give one of them",
            code="bad-option",
            options=typed,
        )
    how = WinBy(ways[0]) if ways else DISCARD
    how = _situation_way(how, typed, [fact for fact in given if fact.way is not None])
    if loser:
        # How a hand was won, and who discarded its winning tile, describe a win as the facts do.
        way_typed = "--drawn" if drawn else "--loose" if loose else "--win-by" if win_by is not None else None
        refused = [fact.option for fact in given if fact.loser_refused]
        refused += [option for option in (way_typed, "--from" if discarder is not None else None) if option]
        if refused:
            raise OptionError(
                f"{refused[0]} describes a win, but --loser scores a non-winning hand: drop {refused[0]} or "
                "--loser",
                code="bad-option",
                options=(refused[0], "--loser"),
            )
    seat_w: Wind = _read("seat", seat)
    # The discarder read knowing the winner's seat (East unless --seat says): riichi's `--from kamicha` is
    # hinted the wind it is from his (Wind.parse).
    from_w = None if discarder is None else wind(discarder, "--from", seat_w)
    if from_w is not None:
        if how is not DISCARD:
            given_way = way_option(how, [fact.field for fact in given])
            raise OptionError(
                refusal("from_not_on_a_discard", given=given_way),
                code="bad-option",
                options=("--from", *typed, *(fact.option for fact in given if fact.way is not None)),
            )
        if values.get("original_hand"):
            original = _SITUATION_FACT["original_hand"].option
            raise OptionError(FROM_ORIGINAL, code="bad-option", options=("--from", original))
        if from_w is seat_w:
            raise OptionError(OWN_DISCARD, code="bad-option", options=("--from", "--seat"))
    limit_n: int | None = _read("limit", limit)
    if limit_n is not None and no_limit:
        raise OptionError(
            "--limit and --no-limit contradict each other",
            code="bad-option",
            options=("--limit", "--no-limit"),
        )
    limit_value: int | None | _Default = DEFAULT
    if no_limit:
        limit_value = None
    elif limit_n is not None:
        limit_value = limit_n
    return ScoreOptions(
        hand=hand,
        ruleset=_read("ruleset", ruleset),
        seat=seat_w,
        round=_read("round", round),
        win_by=how,
        discarder=from_w,
        loser=loser,
        limit=limit_value,
        stated=stated(**{fact.field: values[fact.field] for fact in given}),
    )


_SITUATION_FACT = {fact.field: fact for fact in SITUATION_FACTS}


def check_limit(ruleset: Ruleset, limit: int | None | _Default) -> None:
    """Refuse `--no-limit` (make()'s limit None) under a ruleset it would not lift: the one check of
    the limit options against the ruleset they score under (score, diff, settle, batch lines, evening new).

    `--no-limit` lifts a flat `limit:`; limits by doublings (`limits:` tiers, riichi's Mangan to
    Sanbaiman, docs/riichi.md#limits) are part of how the ruleset counts a hand and stay, so a player
    asking for no limit would be paid the capped score without a word. `--limit N` still caps the
    score after them, as under every ruleset."""
    tiers = ruleset.settings.limits
    if limit is None and tiers:
        names = tiers[0].name if len(tiers) == 1 else f"{tiers[0].name} to {tiers[-1].name}"
        raise OptionError(
            f"--no-limit lifts only a flat limit: ruleset {ruleset.name} limits a hand by its doublings"
            f" and score ({names}), which stay; leave --no-limit out",
            code="bad-option",
            options=("--no-limit",),
        )


# The way of winning a stated fact implies (Fact.way): the tile robbed from a kong is a claimed
# discard, a kong after a kong wins on a loose tile. The fact sets the way when none is typed, so
# `--kong-after-kong` alone means `--loose` as well; a way typed that contradicts it, or two facts
# that imply different ways, are refused rather than one of them being guessed at (money never moves
# on a guess).
def _situation_way(how: WinBy, typed: tuple[str, ...], facts: list[Fact]) -> WinBy:
    """The way of winning once the stated facts that imply one are taken into account; `typed`: the
    options that said how it was won (`--drawn`, ...), none when none did."""
    if not facts:
        return how
    first = facts[0]
    for other in facts[1:]:
        if other.way is not first.way:
            raise OptionError(
                f"{first.option} and {other.option} contradict each other: {first.tile} is not {other.tile}: "
                f"drop {first.option} or {other.option}",
                code="bad-option",
                options=(first.option, other.option),
            )
    way = first.way
    assert way is not None
    if typed and how is not way:
        said = {WinBy.DISCARD: "by discard", WinBy.WALL: "from the wall", WinBy.LOOSE: "on a loose tile"}
        raise OptionError(
            f"{first.option} is a win {said[way]}, not {said[how]}: drop {way_option(how)} or {first.option}",
            code="bad-option",
            options=(*typed, first.option),
        )
    return way


def from_argv(argv: list[str], defaults: dict[str, Any] | None = None) -> ScoreOptions:
    """Read `pungchow score` arguments (a batch line after shell splitting)."""
    hand, values = _read_argv(argv, defaults)
    return make(hand, **values)


def scoring_args(
    argv: list[str], defaults: dict[str, Any] | None = None, quoted: Callable[[int], bool] | None = None
) -> tuple[str, str, Situation, int | None | _Default]:
    """(hand, ruleset, situation, limit) of `pungchow score` arguments, as batch needs them: the
    options are checked once per distinct spelling (a club file repeats a few dozen). `quoted`: whether
    a word of argv was written in quotes (_unquoted_hand), where the line's text is known."""
    hand, values = _read_argv(argv, defaults, quoted)
    return (hand, *settled(values))


# The stated facts that take a value (`--dora Sw,5d`, `--honba 2`) make nearly every spelling of a
# riichi batch's options a new one. make() reads such a value by its fact's reader and otherwise asks
# only whether it is given (a false value, `--honba 0`, is not): so the options are checked by make()
# once per spelling with each such value standing as whether it is given, and the values read are put
# in its Situation after. tests/test_options.py holds this equal to make() on
# generated option lists, every error included.
_VALUED_FACTS = frozenset(fact.field for fact in SITUATION_FACTS if not fact.flag)
# Each such value as read, by (fact, text): a riichi batch has a few thousand indicator lists and a few
# counts, line after line.
_READ: BoundedCache[tuple[str, Any], Any] = BoundedCache(16384)


def settled(values: dict[str, Any]) -> tuple[str, Situation, int | None | _Default]:
    """(ruleset, situation, limit) of make()'s keywords (the hand aside), as make() gives them."""
    given: dict[str, Any] = {}  # the valued facts given, read
    key = []
    known, valued = _READ.get, _VALUED_FACTS
    for item in values.items():  # each (name, value) is its own key: no pair made again
        name = item[0]
        if name in valued:
            value = known(item)
            if value is None:
                value = _READ.put(item, fact_value(*item))
            if value:
                given[name] = value
                key.append((name, True))
            else:
                key.append((name, False))
        else:
            key.append(item)
    ruleset, situation, fields, limit = _settled(tuple(key))
    if situation is None:  # every stand-in is among the values given: each put in its place
        situation = Situation(**(fields | given))
    return ruleset, situation, limit


@lru_cache(maxsize=4096)
def _settled(
    values: tuple[tuple[str, Any], ...],
) -> tuple[str, Situation | None, dict[str, Any], int | None | _Default]:
    # A valued fact given stands as True here, and settled puts its value in the fields. No Situation
    # is made with such a stand-in (None): its fields are typed (a tuple of tiles, a count), and the
    # compiled engine refuses a Situation built with a True among them.
    options = make("", **dict(values))
    fields = options.situation_fields()
    stand_in = any(name in _VALUED_FACTS and value for name, value in values)
    return options.ruleset, None if stand_in else Situation(**fields), fields, options.limit


def split_argv(argv: list[str]) -> tuple[list[str], dict[str, Any]]:
    """The words (hand groups) and the options of a `score` argument list (a batch line)."""
    return read_args(argv, SPELLING)


def word_at_fault(error: OptionError, argv: list[str]) -> int | None:
    """The place in a `score` argument list (a batch line's words) of the word an option error is
    about, for its column (docs/batch.md): the reader's own (OptionError.index), else that of the value
    of the one option at fault (`--seat nowhere`: `nowhere`), or of the option word of the last on
    the line of those that contradict each other (`--limit 500 --no-limit`: `--no-limit`); None when
    no word of the line is at fault (an option given only by the batch's defaults, no hand given)."""
    if error.index is not None or not error.options:
        return error.index
    places = _places(error, argv)
    if not places:
        return None
    return places[0][1] if len(error.options) == 1 else max(word for word, _ in places)


def _places(error: OptionError, argv: list[str]) -> list[tuple[int, int]]:
    """The places (option word, value word) of the options an error names, each as last given, or as
    given the time its `part` says (a list option given more than once: read_tiles); [] when not read."""
    where: dict[str, list[tuple[int, int]]] = {}
    try:
        read_args(argv, SPELLING, where=where)
    except OptionError:  # not read so far: no place known
        return []
    named = [SPELLING[said].name for said in error.options if said in SPELLING]
    part = error.part if error.part is not None and len(named) == 1 else -1
    given = [where[name] for name in named if name in where]
    return [places[part] for places in given if -len(places) <= part < len(places)]


def value_at_fault(error: OptionError, argv: list[str]) -> tuple[int, int] | None:
    """Where in a `score` argument list (a batch line's words) an option error's column counts from,
    when its column is one in its option's value (OptionError: a value of tiles): (the value's word,
    the value's first character in that word: 0, or after `--dora=`, `-X`); None when not known
    (docs/batch.md)."""
    if error.column is None or error.index is not None or len(error.options) != 1:
        return None
    places = _places(error, argv)
    if not places:
        return None
    named, word = places[0]
    if named != word:  # `--dora 9z`: the value is a word of its own
        return word, 0
    said = argv[word]  # `--dora=9z` or `-X9z`: the value follows the option in one word
    return word, (len(said.partition("=")[0]) + 1 if said.startswith("--") else 2)


_OUTPUT = frozenset(o.name for o in OPTIONS if o.output)  # format options: a batch line's are ignored


def _read_argv(
    argv: list[str], defaults: dict[str, Any] | None, quoted: Callable[[int], bool] | None = None
) -> tuple[str, dict[str, Any]]:
    """The hand and the make() keywords of a batch line; format options are accepted and ignored."""
    words, given = split_argv(argv)
    if not words:
        raise OptionError("no hand given", code="bad-option")
    if not _OUTPUT.isdisjoint(given):
        given = {name: value for name, value in given.items() if name not in _OUTPUT}
    values = {**defaults, **given} if defaults else given
    return words[0] if len(words) == 1 else _unquoted_hand(words, argv, quoted), values


# The words of a command pasted whole on a batch line (`pungchow score 'HAND'`): no group is spelt so.
_COMMAND_WORDS = frozenset({"pungchow", "score"})


def _unquoted_hand(words: list[str], argv: list[str], quoted: Callable[[int], bool] | None = None) -> str:
    """A batch line's hand written unquoted: its groups, each a word, first on the line, before any
    option (docs/batch.md). Any other word besides the hand, which `score` refuses, is refused here
    too (StrayWord): after the quoted hand (`'HAND' 4f`, `'1d2d3d' 4d5d6d ...`), or apart from the
    groups before it (`1b1b1b --drawn 2b2b2b`, `-s s 1b1b1b 2b2b2b`): joined to the hand, it would be
    scored on a guess. `quoted(i)`: whether argv's word i was written in quotes (None: not known)."""
    hand = " ".join(words)
    count = len(words)
    if words[0].lower() in _COMMAND_WORDS:  # `pungchow score 'HAND'` pasted from a shell
        raise StrayWord(
            f"a line takes the hand as one argument: {words[0]} names the command, which a batch line "
            f"leaves out (begin the line with the hand)",
            argv.index(words[0]),
        )
    # Every word a group (a quoted hand has spaces in it), and the first words of the line (after a
    # `--` that starts it, which ends no option); the first not quoted: a quoted first word is the hand
    # as one argument, as `score` takes it, though it hold one group (`'1d2d3d' 4d5d6d`).
    start = 0 if argv[:count] == words else 1
    first = start == 0 or (argv[0] == "--" and argv[1:] == words)
    if first and len(hand.split()) == count and (quoted is None or not quoted(start)):
        return hand
    places: list[int] = []
    read_args(argv, SPELLING, places)
    for at, word in enumerate(argv):
        # `-seat east`, read as `-s eat`, left `east` standing: the option typed with one hyphen is
        # the mistake, as `score` says it (a tournament trial: the line's hand was blamed).
        misspelt = misspelt_option(word, SPELLING) if word[:1] == "-" and word[:2] != "--" else None
        if misspelt is not None:
            raise UnknownOption(misspelt, word, at)
    if quoted is not None:
        # A space of another kind outside quotes is a space on a batch line (batch/words.py spaced): a
        # word still holds one only quoted inside it (`1b1b1b'<NBSP>'3c3c3c`), and is no quoted hand.
        for j, word in enumerate(words):
            odd = next((ch for ch in word if ch.isspace() and ch not in " \t\r\n"), None)
            if odd is not None and not quoted(places[j]):
                raise StrayWord(
                    f"a line takes the hand as one argument: {word} holds U+{ord(odd):04X}, a space that"
                    " parts no words on a line: type a plain space (or put the whole hand in quotes)",
                    places[j],
                )
    if len(words[0].split()) != 1 or (quoted is not None and quoted(places[0])):
        # A quoted hand first (or an empty word): the next word is stray.
        stray, said = 1, "follows the quoted hand (put it inside the quotes, or leave it out)"
    else:  # the first word apart from the line's first ones, or quoted (several groups, or none)
        lead = places[0] == 0 or (places[0] == 1 and argv[0] == "--")  # the hand starts the line
        stray = next(
            (
                j
                for j in range(1, count)
                if not lead or places[j] != places[0] + j or len(words[j].split()) != 1
            ),
            1,
        )
        if lead:
            said = "is apart from the groups before it (write the whole hand in quotes)"
        else:
            said = "is another word after an option (write the whole hand in quotes)"
    raise StrayWord(f"a line takes the hand as one argument: {words[stray]} {said}", places[stray])
