"""The options of `pungchow score`: one table (OPTIONS) of their spellings, help and readers, the
one place their values are checked (make), and the one reader of an argument list (read_args).

Kept free of typer so that `batch` can read a million lines without building a CLI per line; every
command is declared from this table (cli/spec.py), read by read_args, and the typer app is generated
from the same declarations (cli/typer_app.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, TypeVar

from .engine.cache import BoundedCache
from .engine.errors import (
    OptionError,
    RepeatedOption,
    StrayWord,
    UnknownOption,
    digits_hint,
    plain_typed,
    printable,
    wide_hint,
)
from .engine.impossible import FROM_ORIGINAL, OWN_DISCARD
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


def wind(value: str, option: str) -> Wind:
    """Read a seat or round, naming the option on error."""
    try:
        return Wind.parse(value)
    except ValueError as exc:
        raise OptionError(f"{option}: {exc}", code="bad-option") from None


_WIN_BY_WORDS = {**{w.value: w for w in WinBy}, "drawn": WinBy.WALL}  # rulesets say `won_by: drawn`
# Riichi's words for how a hand was won, as its players type them (`--win-by tsumo`, `--ron`): refused,
# with what says it here (docs/riichi.md, "The facts of a win"), never taken for it.
_RIICHI_WIN_WORDS = {
    "tsumo": "--drawn, or --win-by wall",
    "ron": "--win-by discard, the default; name the discarder with --from",
    "rinshan": "--loose, or --win-by loose",
}


def riichi_win_hint(word: str) -> str:
    """ " (riichi's tsumo is --drawn, ...)" for riichi's word for a way of winning, else ""."""
    plain = word.strip().lstrip("-").lower()
    said = _RIICHI_WIN_WORDS.get(plain)
    return f" (riichi's {plain} is {said})" if said else ""


# The words `evening play` takes for how a hand was won besides the option's own (its prompt's
# synonyms): refused here with the option's word, which they mean there.
_TABLE_WIN_WORDS = {"self-drawn": "--drawn, or --win-by wall", "loose-tile": "--loose, or --win-by loose"}


def table_win_hint(word: str) -> str:
    """ " (self-drawn is --drawn, ...)" for a word `evening play` takes for how a hand was won, else ""."""
    plain = word.strip().lower().replace(" ", "-").replace("selfdrawn", "self-drawn")
    said = _TABLE_WIN_WORDS.get(plain)
    return f" ({plain} is {said})" if said else ""


T = TypeVar("T")


def first_repeat(items: Sequence[T]) -> T | None:
    """The first item of `items` that an earlier one equals, or None: a repeatable option's value given
    twice (`-r A -r A`, `--dead s --dead south`), which each caller refuses in its own words."""
    return next((item for i, item in enumerate(items) if item in items[:i]), None)


def read_win_by(value: str) -> WinBy:
    """Read `wall|loose|discard` (`drawn` is another word for wall)."""
    found = _WIN_BY_WORDS.get(value.strip().lower())
    if found is None:
        hint = wide_hint(value) or riichi_win_hint(value) or table_win_hint(value)
        raise OptionError(f"--win-by: {value!r} is not one of wall, loose, discard{hint}", code="bad-option")
    return found


MAX_LIMIT_DIGITS = 18  # no table plays to a quintillion; int() refuses 4,300 digits anyway


def read_limit(value: str) -> int:
    """Read `--limit N`: a whole number in ASCII digits, by whole_number (str.isdigit also takes '²'
    and '١٢'), at most MAX_POINTS, as a ruleset's own limit."""
    try:
        return whole_number(value, maximum=MAX_POINTS)
    except ValueError as error:
        raise OptionError(f"--limit: {error}", code="bad-option") from None


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its spellings, its help, and how its value is read.

    Every command's options (cli/spec.py), batch lines and the generated typer app are built from
    these, so they cannot drift apart.
    """

    name: str  # the handler's keyword (make()'s for score's options)
    spellings: tuple[str, ...]  # the long spelling first
    help: str
    metavar: str = ""  # the value's name in --help; "" for an on/off flag
    default: Any = None  # the value when the option is not given (valued options)
    read: Callable[[str], Any] = str  # text -> checked value (make()); raises OptionError
    output: bool = False  # a format option: batch lines accept it and ignore it (batch picks)
    # How a command line gives the value (cli/spec.py declares every command from these):
    many: bool = False  # repeatable: a list of the values given, in order
    # Repeatable as one list: the values given joined with commas into one text (the indicators,
    # `--dora 8d --dora Nw` as `--dora 8d,Nw`: a kan dora turned later), never the last one alone.
    joined: bool = False
    nargs: int = 1  # values after the option (`--compare A B`: 2, read as a tuple)
    kind: type = str  # int: a whole number in ASCII digits
    minimum: int | None = None  # for int values: the range, checked by the reader and shown in --help
    maximum: int | None = None
    required: bool = False  # a command line without it is refused (typer says so)
    complete: str = ""  # what the shell completes the value from: ruleset, wind, topic
    flag: bool = field(init=False, compare=False, repr=False)  # on/off (no metavar): read per word
    # One value kept as its text (`--x v`, the usual valued option): read_args takes it at once.
    plain: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "flag", not self.metavar)
        plain = bool(self.metavar) and self.nargs == 1 and self.kind is str and not (self.many or self.joined)
        object.__setattr__(self, "plain", plain)


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
    ways = [w for w, on in (("wall", drawn), ("loose", loose)) if on]
    if win_by is not None:
        ways.append(_read("win_by", win_by).value)
    if len(set(ways)) > 1:
        raise OptionError(f"conflicting ways to win: {', '.join(sorted(set(ways)))}", code="bad-option")
    how = WinBy(ways[0]) if ways else DISCARD
    how = _situation_way(how, bool(ways), [fact for fact in given if fact.way is not None])
    if loser:
        # How a hand was won, and who discarded its winning tile, describe a win as the facts do.
        way_typed = "--drawn" if drawn else "--loose" if loose else "--win-by" if win_by is not None else None
        refused = [fact.option for fact in given if fact.loser_refused]
        refused += [option for option in (way_typed, "--from" if discarder is not None else None) if option]
        if refused:
            raise OptionError(
                f"{refused[0]} describes a win, but --loser scores a non-winning hand", code="bad-option"
            )
    seat_w: Wind = _read("seat", seat)
    from_w: Wind | None = _read("discarder", discarder)
    if from_w is not None:
        if how is not DISCARD:
            raise OptionError(
                "--from names a discarder, but the hand was not won by discard", code="bad-option"
            )
        if values.get("original_hand"):
            raise OptionError(FROM_ORIGINAL, code="bad-option")
        if from_w is seat_w:
            raise OptionError(OWN_DISCARD, code="bad-option")
    limit_n: int | None = _read("limit", limit)
    if limit_n is not None and no_limit:
        raise OptionError("--limit and --no-limit contradict each other", code="bad-option")
    if limit_n is not None and limit_n < 1:
        raise OptionError("--limit must be a positive number of points", code="bad-option")
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
        )


# The way of winning a stated fact implies (Fact.way): the tile robbed from a kong is a claimed
# discard, a kong after a kong wins on a loose tile. The fact sets the way when none is typed, so
# `--kong-after-kong` alone means `--loose` as well; a way typed that contradicts it, or two facts
# that imply different ways, are refused rather than one of them being guessed at (money never moves
# on a guess).
def _situation_way(how: WinBy, typed: bool, facts: list[Fact]) -> WinBy:
    """The way of winning once the stated facts that imply one are taken into account."""
    if not facts:
        return how
    first = facts[0]
    for other in facts[1:]:
        if other.way is not first.way:
            raise OptionError(
                f"{first.option} and {other.option} contradict each other: {first.tile} is not {other.tile}",
                code="bad-option",
            )
    way = first.way
    assert way is not None
    if typed and how is not way:
        said = {WinBy.DISCARD: "by discard", WinBy.WALL: "from the wall", WinBy.LOOSE: "on a loose tile"}
        raise OptionError(f"{first.option} is a win {said[way]}, not {said[how]}", code="bad-option")
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


def names_option(word: str) -> bool:
    """Whether a command-line word is meant as an option: it begins with `-`, and is not `-` alone (standard
    input) or a number (`-1`, `-5`: a value, read as one and refused by its own reader; no option is
    spelt so). The one rule, for the spec's reader and typer's parser alike (cli/typer_app.py)."""
    return word.startswith("-") and len(word) > 1 and not word[1].isdigit()


def read_args(
    argv: list[str], spelling: dict[str, Option], places: list[int] | None = None
) -> tuple[list[str], dict[str, Any]]:
    """The one reader of an argument list, by a table of options (score's, or a command's in
    cli/spec.py): the words (positionals) in order and {name: value} for the options given. A flag
    is True, a value its text (`--x v`, `--x=v` or `-xv`), a repeatable option a list, `nargs` 2 a
    tuple, an int a number; after `--` every word is a positional. It reads every form click reads,
    so that a batch line reads as `score` does and typer is left only errors and --help.

    A valued option that is not repeatable, given twice (`-s south -s west`), is a RepeatedOption
    once the whole list is read (click would count the last one: a guess); a flag given twice says
    the same thing twice and is taken. An unknown option (`-h` and `--help` too) is an UnknownOption
    (unknown_option: click's words, which main() says itself, but for --help); anything else (a
    missing value, a number out of range) is an OptionError, and main() leaves the line to typer,
    whose error it is (its --help, first among them, before a repeated option is refused).
    `places`, when given, gets each positional's place in argv."""
    values: dict[str, Any] = {}
    words: list[str] = []
    twice: dict[Option, list[Any]] | None = None  # each option given more than once: its values in order
    i, end = 0, len(argv)
    while i < end:
        arg = argv[i]
        i += 1
        option = spelling.get(arg)  # no spelling holds "=": `--x=v` is found by its `--x` below
        if option is not None:  # an option spelled alone: a flag, or `--x v` (nearly every one)
            if option.flag:
                values[option.name] = True
                continue
            if option.plain and i < end:  # its text as it is, at once (as the general reading below)
                _not_help(argv[i], spelling)
                if option.name in values:
                    twice = _again(twice, option, values[option.name], argv[i])
                values[option.name] = argv[i]
                i += 1
                continue
        elif arg[:1] != "-":  # a word: a hand's group, a file (nearly every one that names no option)
            if arg[:1] in _DASH_LEADS and (misspelt := misspelt_option(arg, spelling)) is not None:
                raise UnknownOption(misspelt, arg)  # `—json`: an option, though not written as one
            words.append(arg)
            if places is not None:
                places.append(i - 1)
            continue
        elif arg == "--":  # the end of the options, as click has it: a hand word may not start with `-`
            words += argv[i:]
            if places is not None:
                places += range(i, end)
            break
        spelled, inline = arg, None
        if option is None and arg.startswith("--"):
            spelled, eq, text = arg.partition("=")
            if eq:
                option, inline = spelling.get(spelled), text
        elif option is None and len(arg) > 2 and arg[0] == "-":
            # `-ssouth`: a short spelling with its value attached, as click reads it (`-s=x` too: `=x`)
            short = spelling.get(arg[:2])
            if short is not None and not short.flag and short.nargs == 1:
                option, spelled, inline = short, arg[:2], arg[2:]
        if option is None or (option.flag and inline is not None):
            if names_option(arg):
                raise unknown_option(arg, spelling)
            words.append(arg)
            if places is not None:
                places.append(i - 1)
        else:
            value: Any
            if inline is None and option.nargs == 1 and i < end:  # the usual `--x v`: no list made
                _not_help(argv[i], spelling)
                value = argv[i]
                i += 1
            else:
                if inline is not None:
                    given = [inline]
                else:
                    given = argv[i : i + option.nargs]
                    for word in given:
                        _not_help(word, spelling)
                    i += option.nargs
                    if len(given) < option.nargs:
                        raise OptionError(f"{spelled} needs a value", code="bad-option")
                if option.nargs != len(given):
                    raise OptionError(f"{spelled} needs {option.nargs} values", code="bad-option")
                value = given[0] if option.nargs == 1 else tuple(given)
            if option.nargs == 1 and option.kind is not str:
                value = _typed(option, spelled, value)
            if option.many:
                values.setdefault(option.name, []).append(value)
            elif option.joined and option.name in values:
                values[option.name] += f",{value}"
            else:
                if option.name in values:
                    twice = _again(twice, option, values[option.name], value)
                values[option.name] = value
    if twice is not None:
        raise _repeated(*next(iter(twice.items())), values)
    return words, values


# Every command's help options (the typer app's): read_args refuses them as unknown, and the command
# line is left to typer (cli/spec.py read), which shows the help.
HELP = ("-h", "--help")


def _not_help(word: str, spelling: dict[str, Option]) -> None:
    """Refuse a help option where a value is due (`settle --east --help`): the help is what was asked
    for, as anywhere else on the line (`--east=--help` stays a value, as click reads it)."""
    if word in HELP:
        raise unknown_option(word, spelling)


# What a word processor or a keyboard puts for a typed hyphen (an autocorrected `--` is one dash, `—`):
# the dashes, the minus sign, the small hyphen-minus. NFKC maps the full-width one (plain_typed).
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63"
_HYPHENS = str.maketrans(_DASHES, "-" * len(_DASHES))
_DASH_LEADS = frozenset(_DASHES + "\uff0d")  # how such a word starts (read_args asks no other word)


def misspelt_option(word: str, spelling: Mapping[str, Option]) -> str | None:
    """Why a word that means an option of a table is not one (`—json`: a dash for the two hyphens;
    `－－ｊｓｏｎ`: full-width; `-json`: one hyphen; `--SEAT`, `-S`: capitals), naming the option; else
    None. Such a word was told as a stray hand word, or as a short option `-j`: the hand the line
    quotes was blamed; in capitals (caps lock) it had no hint, no spelling being close to it."""
    head = word.partition("=")[0]
    plain = (plain_typed(head) or head).translate(_HYPHENS)
    name = plain.lstrip("-")
    # No option is spelt with a capital (tests/test_command_spec.py), so a capital is only ever a slip.
    spellings = (plain, "--" + name, plain.lower(), "--" + name.lower())
    fixed = next((s for s in spellings if s != head and s in spelling), None)
    if not name or not plain.startswith("-") or fixed is None:
        return None
    if any(ch in _DASHES for ch in head):
        why = "typed with a dash, not hyphens"
    elif not head.isascii():
        why = "it is typed in full-width characters"
    elif fixed not in spellings[:2]:
        why = "options are typed in lower case"
    else:
        why = "a long option takes two hyphens"
    return f"{printable(word)} is not an option: type {fixed} ({why})"


def unknown_option(arg: str, spelling: dict[str, Option]) -> UnknownOption:
    """The refusal of a word that names no option of a table (`score`'s, a batch line's), in the words
    click's parser uses, so that `score` says them whether its line is read here or by typer, and a
    batch line says them too (cli/__init__.py): `No such option: --sear (Possible options: --loose,
    --loser, --seat)`, a short option by its first letter (`-Xn`: `-X`), and `Option '--drawn' does
    not take a value.` for a flag given one."""
    misspelt = misspelt_option(arg, spelling)
    if misspelt is not None:  # `-json`, read by click as `-j`: the option it means is named
        return UnknownOption(misspelt, arg.partition("=")[0])
    if not arg.startswith("--"):  # `-Xn`: click reads a cluster of short options, `-X` first
        return UnknownOption(f"No such option: {arg[:2]}", arg[:2])
    name = arg.partition("=")[0]
    option = spelling.get(name)
    if option is not None and option.flag:
        return UnknownOption(f"Option '{name}' does not take a value.", name)
    from difflib import get_close_matches  # only when something is wrong

    # The word itself is no hint: a batch line's `--help`, which no line takes, was told "(Possible
    # options: --help)".
    close = get_close_matches(name, [s for s in (*spelling, *HELP) if s.startswith("--") and s != name])
    hint = f" (Possible options: {', '.join(sorted(close))})" if close else ""
    if "--win-by" in spelling:
        hint = riichi_win_hint(name) or hint
    return UnknownOption(f"No such option: {name}{hint}", name)


def _again(
    twice: dict[Option, list[Any]] | None, option: Option, before: Any, value: Any
) -> dict[Option, list[Any]]:
    """read_args' record of an option given again: every value given, in order (made at the first)."""
    twice = {} if twice is None else twice
    twice.setdefault(option, [before]).append(value)
    return twice


def _repeated(option: Option, given: list[Any], values: dict[str, Any]) -> RepeatedOption:
    """The refusal of an option given more than once, naming it and every value given; `values` (all
    the options read) kept on it, so the command can answer as asked (`--json`)."""
    shown = ", ".join(" ".join(v) if isinstance(v, tuple) else repr(v) for v in given)
    said = f"{option.spellings[0]} is given {len(given)} times ({shown}): give it once"
    return RepeatedOption(said, values)


def _typed(option: Option, spelled: str, text: str) -> Any:
    """An option's value as the command takes it: text, or a whole number in its range."""
    if option.kind is not int:
        return text
    try:
        return whole_number(text, option.minimum, option.maximum)
    except ValueError as error:
        raise OptionError(f"{spelled}: {error}", code="bad-option") from None


MAX_WHOLE = 10**MAX_LIMIT_DIGITS - 1  # the largest number an option with no maximum of its own takes


def whole_number(text: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """A number of a command line (`kind=int`: --sets, --workers, `amend N`): ASCII digits only, in
    its range (at most MAX_WHOLE where the option sets no maximum); else ValueError saying why, the
    largest allowed named. The one reading, by the spec's reader and typer's alike (int() would take
    ' 10', '1_0' and '١٠', and typer's pydantic '+1' and '2.0' too)."""
    if not (text.isascii() and text.isdigit()):
        if minimum is not None and text[:1] == "-" and text[1:].isascii() and text[1:].isdigit():
            raise ValueError(f"{text} is less than {minimum}")  # as 0 under --workers' 1 is said
        raise ValueError(f"{text!r} is not a whole number{digits_hint(text)}")
    most = MAX_WHOLE if maximum is None else maximum
    digits = text.lstrip("0") or "0"
    if len(digits) > MAX_LIMIT_DIGITS:  # too many to show, or for int() (4,300 at most)
        raise ValueError(f"a number of {len(digits)} digits is more than {most}")
    number = int(digits)
    if minimum is not None and number < minimum:
        raise ValueError(f"{number} is less than {minimum}")
    if number > most:
        raise ValueError(f"{number} is more than {most}")
    return number


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
    if quoted is not None:
        # A space of another kind (a no-break space pasted from a web page or a word processor) splits
        # no words, in a shell or here: a word holding one, unquoted, is no quoted hand.
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
