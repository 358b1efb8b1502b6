"""The one reader of a command line's words by a table of options (read_args): what an option is
(Option), which word names one, the refusal of a word that names none or is a misspelt one, an option
given twice, and the one reading of a whole number.

Split from options.py, which keeps `score`'s own table and its one check (make): every command is
read by this reader from its declarations in cli/spec.py, a batch line from score's table.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine.errors import (
    OptionError,
    RepeatedOption,
    UnknownOption,
    ValueMissing,
    and_list,
    digits_hint,
    plain_typed,
    printable,
)
from .engine.notation import RED_FIVE_HINT
from .engine.situation import FACT, FACTS

# Other games' words for how a hand was won, as their players type them (riichi's `--win-by tsumo`,
# `--ron`; Kajongg's rule names, `--last-tile-taken-from-dead-wall`): refused, with what says it here
# (docs/riichi.md "The facts of a win", docs/rulesets.md "Kajongg's words"), never taken for it. Their
# words for a stated fact (`--chankan`, `--twofold-fortune`) are that fact's, in the one table of facts
# (Fact.words). Each word: (the game, how it is said here).
_GAME_WIN_WORDS = {
    "tsumo": ("riichi", "--drawn, or --win-by wall"),
    "ron": ("riichi", "--win-by discard, the default; name the discarder with --from"),
    "rinshan": ("riichi", "--loose, or --win-by loose"),
    "last-tile-taken-from-dead-wall": ("Kajongg", "--loose, or --win-by loose"),
    "gathering-the-plum-blossom-from-the-roof": ("Kajongg", "--loose, won with 5d"),
    "won-with-last-tile-taken-from-wall": ("Kajongg", "--drawn, or --win-by wall"),
    # The dead wall (the kong box), where the loose tile comes from; the wind of the round; a game played
    # without a limit ("with the roof off"): as Kajongg's players say them (a Kajongg player's trial).
    **dict.fromkeys(("dead-wall", "kong-box"), ("Kajongg", "--loose, or --win-by loose: the loose tile")),
    "prevailing-wind": ("Kajongg", "--round, the wind of the round"),
    **dict.fromkeys(("roof-off", "play-with-the-roof-off"), ("Kajongg", "--no-limit")),
    # Who pays rather than how it was won: the player who discarded the dangerous tile (a penalty).
    "dangerous-game": ("Kajongg", "settle --feeder SEAT, the player who discarded the dangerous tile"),
    # Riichi's liability (RCR 2016 §3.3.9), which riichi-ema-2016 does not pay (docs/riichi.md, pao).
    **dict.fromkeys(
        ("pao", "sekinin-barai"),
        ("riichi", "settle --feeder SEAT, which riichi-ema-2016 only notes: settle the liability by hand"),
    ),
    # Riichi's penalty for a false win, paid at the game's end (RCR 2016 §3.4.6, docs/riichi.md "The
    # game"): no command settles it (the book's false Mah-Jongg is Part II's, settled by --false-mahjongg).
    **dict.fromkeys(
        ("chombo", "chonbo"),
        ("riichi", "a penalty of 20,000 points at the game's end, which pungchow does not settle"),
    ),
    # A rule EMA 2016 has: tanyao open as well as closed ("kuitan", RCR 2016 §4.2, docs/riichi.md "Yaku"),
    # scored so with nothing typed, where an online game makes it an option.
    **dict.fromkeys(
        ("kuitan", "kuitan-ari", "open-tanyao"),
        ("riichi", "open tanyao, which riichi-ema-2016 scores as EMA 2016 has it: nothing to type"),
    ),
    **{word: (game, said) for fact in FACTS for game, word, said in fact.words},
}


def _plain(word: str) -> str:
    """A typed word as the word tables below spell it: no leading dashes, lower case, spaces and
    underscores as hyphens (`--Robbed_the kong` is `robbed-the-kong`)."""
    return "-".join(word.strip().lstrip("-").lower().replace("_", " ").split())


# `--north` where a seat is meant: settle's options, which name the players by wind, typed to score.
_WIND_WORDS = ("east", "south", "west", "north")

# The table's own words for how a hand was won (`evening play` takes the first two for it, its prompt's
# synonyms; "robbed the kong" as players say it; Harr's "Punged to complete hand" and "Drew", the
# ERRATA's page 42) and for the win itself ("announces 'Mah-Jongg' or 'Mah-Diao'", "Mah-Jongg or
# Mah-Diao"), typed as an option or a `--win-by` value: refused with what says it here, never taken for
# it, nor told a near spelling that means something else (`--mahjongg` was told "Possible options:
# --false-mahjongg", the penalty; `--self-drawn` "--draw", a draw game; `--punged` "--round").
_TABLE_WIN_WORDS = {
    **dict.fromkeys(("self-drawn", "selfdrawn", "self-draw", "drew"), "--drawn, or --win-by wall"),
    "loose-tile": "--loose, or --win-by loose",
    **dict.fromkeys(("robbed-the-kong", "robbed-a-kong"), "--robbing-kong, a win by discard"),
    **dict.fromkeys(
        ("punged", "pung", "chowed", "claimed", "discard", "discarded", "by-discard"),
        "--win-by discard, the default; name the discarder with --from",
    ),
}
# Who won: said with --winner where the command has it (its value's name: SEAT, NAME), else `score`'s
# hand is the winner's unless --loser.
_WIN_WORDS = ("mah-jongg", "mahjongg", "mah-jong", "mahjong", "mah-diao", "mah-jongged", "mahjongged")
# A game nobody won, where the command says it with --draw (settle, evening).
_DRAW_WORDS = ("no-winner", "nobody-won", "draw-game", "drawn-game", "no-win")
# The book names a seat by its wind's whole name ("East Wind 'Mah-Jongged'") and East its banker ("East
# Wind (or banker)", "Settling the Scores"): told the option of the seat, settle's --east or --seat east.
_SEAT_WORDS = {
    **{f"{wind}{joint}wind": wind for wind in _WIND_WORDS for joint in ("-", "")},
    "banker": "east",
}


def table_win_hint(word: str, spelling: Mapping[str, Option] | None = None) -> str:
    """ " (self-drawn is --drawn, ...)" for the table's word for how a hand was won; typed as an option
    (`spelling`: the command's options; None for a --win-by value), also " (mah-jongg, who won, is
    --winner SEAT ...)" for the book's word for the win, a draw game's (`--draw`) and a seat's
    (`--east-wind`, `--banker`); else ""."""
    plain = _plain(word)
    if spelling is not None:
        if plain in _WIN_WORDS:
            winner = spelling.get("--winner")
            if winner is None:
                return f" ({plain}, the winning hand, is what score scores unless --loser)"
            mark = ", or a ! on its winning tile" if winner.metavar == "SEAT" else ""
            return f" ({plain}, who won, is --winner {winner.metavar}{mark})"
        if plain in _DRAW_WORDS and "--draw" in spelling:
            return f" ({plain} is --draw, a game nobody won)"
        winner = spelling.get("--winner")
        if plain in _DRAW_WORDS and winner is not None and winner.metavar == "NAME":
            # `evening hand --no-winner` was offered --no-choice: a game nobody won is another command.
            return f" ({plain}: a game nobody won is recorded with evening draw)"
        seat = _SEAT_WORDS.get(plain)
        named = "the banker, East Wind," if plain == "banker" else f"the book's {seat and seat.title()} Wind"
        if seat is not None and f"--{seat}" in spelling:
            return f" ({named} is --{seat})"
        if seat is not None and "--seat" in spelling:
            return f" ({named} is --seat {seat})"
    elif plain in _WIN_WORDS:  # `--win-by mahjongg`: the win itself, not how its tile came
        return f" ({plain} is the win itself: --win-by says how its winning tile came)"
    said = _TABLE_WIN_WORDS.get(plain)
    return f" ({plain} is {said})" if said else ""


# Riichi's words for the rules of other riichi games that EMA 2016, the riichi ruleset here
# (riichi-ema-2016), does not have: refused with that, and what the ruleset does instead, never taken
# for a fact or an option (docs/riichi.md "Rules EMA 2016 does not have": EMA's notice of the 2016
# edition, "Main changes since the 2012 edition", and RCR 2016 §4.2). Each word: (the rule, instead).
_NOT_EMA_WORDS = {
    **dict.fromkeys(("nagashi", "nagashi-mangan"), ("nagashi mangan", "no ruleset here scores it")),
    **dict.fromkeys(("kazoe", "kazoe-yakuman"), ("kazoe yakuman", "13 han or more is a sanbaiman")),
    **dict.fromkeys(
        ("double-yakuman", "daburu-yakuman"),
        ("double yakuman", "a hand is worth one yakuman at most"),
    ),
    **dict.fromkeys(
        ("kiriage", "kiriage-mangan"),
        ("kiriage mangan", "4 han 30 fu (and 3 han 60 fu) are 1920 basic points, not a mangan"),
    ),
    **dict.fromkeys(
        ("aka", "aka-dora", "akadora", "red-five", "red-fives"),
        ("red fives", f"{RED_FIVE_HINT}, a five like the others"),
    ),
    "open-riichi": ("open riichi", "a riichi is --riichi"),
    # Open tanyao turned off (`--no-kuitan`, an online game's option; `--kuitan-nashi`, "without kuitan",
    # as the online games' rule lists name it): tanyao closed only, which EMA 2016 does not have (RCR 2016
    # §4.2, "kuitan"; --kuitan itself is in _GAME_WIN_WORDS).
    **dict.fromkeys(
        ("no-kuitan", "no-kuitan-ari", "no-open-tanyao", "kuitan-nashi"),
        ("closed-only tanyao", "riichi-ema-2016 scores tanyao open as well, nothing to turn off"),
    ),
    "sanma": ("three-player game", "riichi-ema-2016 is played by 4"),
}


def game_word_hint(word: str, off: bool = False) -> str:
    """ " (riichi's tsumo is --drawn, ...)" for another game's word for a way of winning or a stated fact
    (`--chankan`, Kajongg's `--twofold-fortune`, spaces or underscores for hyphens), " (EMA 2016 has no
    nagashi mangan: ...)" for riichi's word for a rule EMA 2016 does not have (or `--no-` it), else "".
    `off`: the word is turned off (a batch key given false, `kuitan: false`), told as its `--no-` word
    where that is a rule EMA 2016 does not have."""
    plain = _plain(word)
    # `--no-aka-dora`, a rule turned off, is told the same: there is none to turn off.
    rule, instead = (
        (_NOT_EMA_WORDS.get(f"no-{plain}") if off else None)
        or _NOT_EMA_WORDS.get(plain)
        or _NOT_EMA_WORDS.get(plain.removeprefix("no-"), ("", ""))
    )
    if rule:
        return f" (EMA 2016 has no {rule}: {instead})"
    game, said = _GAME_WIN_WORDS.get(plain, ("", ""))
    return f" ({game}'s {plain} is {said})" if said else ""


def rule_word_hint(word: str) -> str:
    """ " (Pinfu is a rule of ruleset riichi-ema-2016, ...)" for a rule of a shipped ruleset typed as an
    option (`--pinfu`, Kajongg's `--last-tile-is-last-tile-of-wall`: a riichi referee's and a Kajongg
    player's trials were told a bare "No such option"), by its id or label (without its parenthesis:
    `Yakuhai (dragon)`), with every shipped ruleset that has it and the options of the facts it reads
    (`--last-tile`, how the hand was won); else "". Only when a word is refused."""
    from .ruleset_files import builtin_names, load

    plain = _plain(word)
    label, names, reads = "", [], set[str]()
    for name in builtin_names():
        for rule in load(name).rules:
            short = rule.label.partition(" (")[0]
            if plain in {_plain(rule.id), _plain(rule.label), _plain(short)}:
                label = label or short
                names.append(name)
                reads |= rule.reads
                break
    if not names:
        return ""
    said = [FACT[f].option for f in sorted(reads) if f in FACT and FACT[f].situation]
    said += [words for field, words in _READ_AS.items() if field in reads]
    where = f"ruleset {names[0]}" if len(names) == 1 else f"rulesets {and_list(names)}"
    scored = (
        f"from the hand and {and_list(dict.fromkeys(said))}" if said else "from the hand: nothing to type"
    )
    return f" ({label} is a rule of {where}, scored {scored})"


# What the core facts a rule reads are typed as (rule_word_hint): how the hand was won, the seats.
_READ_AS = {
    **dict.fromkeys(
        ("win_by", "loose"), "how the hand was won (--drawn, --loose, or a discard, the default)"
    ),
    "seat": "the seat (--seat)",
    "round": "the round (--round)",
    "discarder": "who discarded (--from)",
}


# The values that turn a word off, given to an option that is none (`--kuitan=false`), as YAML 1.1 reads
# them for a batch key (`kuitan: no`).
_OFF_VALUES = frozenset({"false", "no", "off", "0"})


MAX_LIMIT_DIGITS = 18  # no table plays to a quintillion; int() refuses 4,300 digits anyway


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


class Joined(str):
    """A repeatable list option's values joined with commas into one text (`--dora 8d --dora Nw` is
    `8d,Nw`, Option.joined), each value as given kept in `given`: its reader says a mistake in one in
    that value's own terms, its column in it (engine/situation.py read_tiles), not in a joined text
    never typed. Equal to, and hashed as, the joined text."""

    __slots__ = ("given",)
    given: tuple[str, ...]

    def __new__(cls, given: Collection[str]) -> Joined:
        """The values given, in order, joined."""
        joined = super().__new__(cls, ",".join(given))
        joined.given = tuple(given)
        return joined

    def __reduce__(self) -> tuple[type[Joined], tuple[tuple[str, ...]]]:
        """Pickled with its values (str's own way would make it again of its joined text's letters)."""
        return Joined, (self.given,)


def joined(earlier: str | None, value: str) -> str:
    """A joined option's text once `value` is given after `earlier` (None: the first given): the one
    way read_args and typer's values (cli/typer_app.py) join them."""
    if earlier is None:
        return value
    return Joined((*getattr(earlier, "given", (earlier,)), value))


def names_option(word: str) -> bool:
    """Whether a command-line word is meant as an option: it begins with `-`, and is not `-` alone (standard
    input) or a number (`-1`, `-5`: a value, read as one and refused by its own reader; no option is
    spelt so). The one rule, for the spec's reader and typer's parser alike (cli/typer_app.py)."""
    return word.startswith("-") and len(word) > 1 and not word[1].isdigit()


def read_args(
    argv: list[str],
    spelling: dict[str, Option],
    places: list[int] | None = None,
    where: dict[str, list[tuple[int, int]]] | None = None,
) -> tuple[list[str], dict[str, Any]]:
    """The one reader of an argument list, by a table of options (score's, or a command's in
    cli/spec.py): the words (positionals) in order and {name: value} for the options given. A flag
    is True, a value its text (`--x v`, `--x=v` or `-xv`), a repeatable option a list, `nargs` 2 a
    tuple, an int a number; after `--` every word is a positional. It reads every form click reads,
    so that a batch line reads as `score` does and typer is left only errors and --help.

    A valued option whose value would be another option of the table (`--seat --seat south`, `-s
    --json`: typed without its value, or twice) is a ValueMissing once the whole list is read (a help
    option after it is shown first); the option word is read as an option; so is one at the end of the
    list (`--seat`), said alike by `score` and a batch line. A valued option that is
    not repeatable, given twice (`-s south -s west`), is a RepeatedOption once the whole list is
    read (click would count the last one: a guess); a flag given twice says the same thing twice and
    is taken. An unknown option (`-h` and `--help` too) is an UnknownOption (unknown_option: click's
    words, which main() says itself, but for --help); main() says a ValueMissing itself too. Anything
    else (a number out of range) is an OptionError, and
    main() leaves the line to typer,
    whose error it is (its --help, first among them, before a repeated option is refused).
    `places`, when given, gets each positional's place in argv; `where`, each option's (by name) as
    given, each time in order: the places of its option word and of its value's word (the same word for
    a flag, `--x=v`, `-xv`). Each refusal names the place of the word at fault (OptionError.index): the
    option word unknown, given again or without its value, the value word not read."""
    values: dict[str, Any] = {}
    words: list[str] = []
    twice: dict[Option, list[Any]] | None = None  # each option given more than once: its values in order
    again = 0  # the place of the option word that gave twice's first option again
    missing: ValueMissing | None = None  # the first option whose value is an option word
    i, end = 0, len(argv)
    try:
        while i < end:
            arg = argv[i]
            i += 1
            option = spelling.get(arg)  # no spelling holds "=": `--x=v` is found by its `--x` below
            if option is not None:  # an option spelled alone: a flag, or `--x v` (nearly every one)
                if option.flag:
                    values[option.name] = True
                    if where is not None:
                        where.setdefault(option.name, []).append((i - 1, i - 1))
                    continue
                if option.plain and i < end:  # its text as it is, at once (as the general reading below)
                    if _an_option(argv[i], spelling, i):
                        missing = missing or _value_missing(option, arg, [], argv[i], i - 1)
                        continue
                    if option.name in values:
                        again = again if twice else i - 1
                        twice = _again(twice, option, values[option.name], argv[i])
                    values[option.name] = argv[i]
                    if where is not None:
                        where.setdefault(option.name, []).append((i - 1, i))
                    i += 1
                    continue
            elif arg[:1] != "-":  # a word: a hand's group, a file (nearly every one that names no option)
                if arg[:1] in _DASH_LEADS and (misspelt := misspelt_option(arg, spelling)) is not None:
                    raise UnknownOption(misspelt, arg, i - 1)  # `—json`: an option, though not written as one
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
                # `-ssouth`: a short spelling with its value attached, as click reads it
                short = spelling.get(arg[:2])
                if short is not None and not short.flag and short.nargs == 1:
                    if arg[2] == "=":  # `-s=south`: click reads `=south`, argparse `south`: a guess
                        raise unknown_option(arg, spelling, i - 1)
                    option, spelled, inline = short, arg[:2], arg[2:]
            if option is None or (option.flag and inline is not None):
                if names_option(arg):
                    raise unknown_option(arg, spelling, i - 1)
                words.append(arg)
                if places is not None:
                    places.append(i - 1)
            else:
                value: Any
                named = i - 1  # the option word's place
                if inline is None and option.nargs == 1 and i < end:  # the usual `--x v`: no list made
                    if _an_option(argv[i], spelling, i):
                        missing = missing or _value_missing(option, spelled, [], argv[i], named)
                        continue
                    value = argv[i]
                    i += 1
                else:
                    if inline is not None:
                        given = [inline]
                    else:
                        given = argv[i : i + option.nargs]
                        at = next(
                            (n for n, word in enumerate(given) if _an_option(word, spelling, i + n)), None
                        )
                        if at is not None:  # the words before it are the option's (given, not enough)
                            missing = missing or _value_missing(option, spelled, given[:at], given[at], named)
                            i += at
                            continue
                        i += option.nargs
                        if len(given) < option.nargs:  # `--compare bmja` at the end: 2, not "a value"
                            raise ValueMissing(f"{spelled} needs {_wanted(option)}", spelled, named)
                    if option.nargs != len(given):
                        raise ValueMissing(f"{spelled} needs {option.nargs} values", spelled, named)
                    value = given[0] if option.nargs == 1 else tuple(given)
                if option.nargs == 1 and option.kind is not str:
                    value = _typed(option, spelled, value, i - 1)
                if where is not None:
                    where.setdefault(option.name, []).append((named, i - 1))
                if option.many:
                    values.setdefault(option.name, []).append(value)
                elif option.joined and option.name in values:
                    values[option.name] = joined(values[option.name], value)
                else:
                    if option.name in values:
                        again = again if twice else named
                        twice = _again(twice, option, values[option.name], value)
                    values[option.name] = value
    except OptionError as error:
        # A value missing before is the first mistake of the line, and this one its consequence
        # (`--seat --honba`: --honba's value then missing at the end); left to typer, which reads the
        # option word as the value, it would read `--seat: '--honba' is not a wind`. A help option or
        # an unknown one is still said first (its help shown; its own words).
        if missing is None or isinstance(error, UnknownOption):
            raise
        raise missing from None
    if missing is not None:
        raise missing
    if twice is not None:
        raise _repeated(*next(iter(twice.items())), values, again)
    return words, values


# Every command's help options (the typer app's): read_args refuses them as unknown, and the command
# line is left to typer (cli/spec.py read), which shows the help.
HELP = ("-h", "--help")


def _an_option(word: str, spelling: dict[str, Option], index: int) -> bool:
    """Whether a word where a value is due (argv's word `index`) is an option of the table (`--seat
    --json`, `--seat=x`) rather than the value: a help option is refused at once (`settle --east
    --help`): the help is what was asked for, as anywhere else on the line (`--east=--help` stays a
    value, as click reads it). A number (`--honba -1`) is a value (names_option)."""
    if word in HELP:
        raise unknown_option(word, spelling, index)
    return names_option(word) and (word in spelling or word.partition("=")[0] in spelling)


def _value_missing(option: Option, spelled: str, taken: list[str], word: str, index: int) -> ValueMissing:
    """The refusal of an option (argv's word `index`) whose value (or one of its values, after those
    `taken`) is `word`, an option of the table."""
    place = f"the word after {taken[-1]}" if taken else "the next word"
    return ValueMissing(f"{spelled} needs {_wanted(option)} ({place}, {word}, is an option)", spelled, index)


def _wanted(option: Option) -> str:
    """What an option whose values are missing needs: `a value`, or `2 values` (`--compare A B`)."""
    return "a value" if option.nargs == 1 else f"{option.nargs} values"


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
    meant = meant_name(head, spelling, "option")
    if meant is None:
        return None
    fixed, why = meant
    return f"{printable(word)} is not an option: type {fixed} ({why})"


def meant_name(word: str, names: Collection[str], what: str) -> tuple[str, str] | None:
    """The one of `names` (an option's spellings, a command's words) that a word means though typed
    otherwise, and why it is not it: a dash for hyphens, full-width characters, one hyphen for two
    (an option), capitals (caps lock: no name is spelt with one, tests/test_command_spec.py); else
    None. The one matcher of a mistyped name (misspelt_option, cli/spec.py misnamed)."""
    plain = (plain_typed(word) or word).translate(_HYPHENS)
    name = plain.lstrip("-")
    typed = (plain, "--" + name) if plain.startswith("-") else (plain,)  # `-json` means `--json`
    fixed = next((s for s in (*typed, *(t.lower() for t in typed)) if s != word and s in names), None)
    if not name or fixed is None:
        return None
    if any(ch in _DASHES for ch in word):
        why = "typed with a dash, not hyphens"
    elif not word.isascii():
        why = "it is typed in full-width characters"
    elif fixed not in typed:
        why = f"{what}s are typed in lower case"
    else:
        why = "a long option takes two hyphens"
    return fixed, why


# Options of `score` and `settle` that an evening's table knows without them: its players' seats and
# the round (`evening hand` names players, `--winner NAME`, `--other NAME=HAND`; docs/evening.md).
_TABLE_WORDS = ("-s", "--seat", "-w", "--round", "--east", "--south", "--west", "--north")


def unknown_option(arg: str, spelling: dict[str, Option], index: int | None = None) -> UnknownOption:
    """The refusal of a word that names no option of a table (`score`'s, a batch line's), in the words
    click's parser uses, so that `score` says them whether its line is read here or by typer, and a
    batch line says them too (cli/__init__.py): `No such option: --sear (Possible options: --loose,
    --loser, --seat)`, a short option by its first letter (`-Xn`: `-X`), and `Option '--drawn' does
    not take a value.` for a flag given one. `index`: the word's place in the argument list."""
    error = _unknown_option(arg, spelling)
    error.index = index
    return error


def _unknown_option(arg: str, spelling: dict[str, Option]) -> UnknownOption:
    """unknown_option's refusal, its place aside."""
    misspelt = misspelt_option(arg, spelling)
    if misspelt is not None:  # `-json`, read by click as `-j`: the option it means is named
        return UnknownOption(misspelt, arg.partition("=")[0])
    if not arg.startswith("--") and arg[:2] in HELP and len(arg) > 2:
        # `batch -hands.txt`: click read a cluster from -h, the help, and exited 0 having done nothing.
        return UnknownOption(f"No such option: {arg} (-h, the help, takes nothing after it)", arg)
    said = arg.partition("=")[0] if arg.startswith("--") else arg[:2]
    if "--other" in spelling and said in _TABLE_WORDS:  # `score`'s or `settle`'s, on `evening hand`
        return UnknownOption(
            f"No such option: {said} (an evening knows each player's seat and the round: name the players,"
            " --winner NAME, --other NAME=HAND)",
            said,
        )
    short = spelling.get(arg[:2]) if not arg.startswith("--") and arg[2:3] == "=" else None
    if short is not None and not short.flag:
        # `-s=south`: one parser reads `=south`, another `south`; neither is taken, the forms are named.
        value = arg[3:] or short.metavar
        long = next((f" or {s}={value}" for s in short.spellings if s.startswith("--")), "")
        return UnknownOption(f"{arg}: a short option takes no `=`: type {arg[:2]} {value}{long}", arg[:2])
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
        # `--kuitan=false` is `--no-kuitan`, as a batch key `kuitan: false` is (game_word_hint's off).
        off = arg.partition("=")[2].strip().lower() in _OFF_VALUES
        # A rule's name is looked for only where no option is close (`--seet` is a typo of --seat): the
        # shipped rulesets are loaded for it, a third of a second on a first refusal.
        hint = game_word_hint(name, off) or (rule_word_hint(name) if not close else "") or hint
    hint = table_win_hint(name, spelling) or hint
    if "--seat" in spelling and name[2:].lower() in _WIND_WORDS:  # `settle --north ...` said on `score`
        wind = name[2:].lower()
        hint = f" (a seat is given as --seat {wind}, the round's wind as --round {wind})"
    return UnknownOption(f"No such option: {name}{hint}", name)


def _again(
    twice: dict[Option, list[Any]] | None, option: Option, before: Any, value: Any
) -> dict[Option, list[Any]]:
    """read_args' record of an option given again: every value given, in order (made at the first)."""
    twice = {} if twice is None else twice
    twice.setdefault(option, [before]).append(value)
    return twice


def _repeated(option: Option, given: list[Any], values: dict[str, Any], index: int) -> RepeatedOption:
    """The refusal of an option given more than once, naming it and every value given; `values` (all
    the options read) kept on it, so the command can answer as asked (`--json`); `index`: the place of
    the option word that gave it again."""
    shown = ", ".join(" ".join(v) if isinstance(v, tuple) else repr(v) for v in given)
    said = f"{option.spellings[0]} is given {len(given)} times ({shown}): give it once"
    error = RepeatedOption(said, values)
    error.index = index
    return error


def _typed(option: Option, spelled: str, text: str, index: int) -> Any:
    """An option's value (argv's word `index`) as the command takes it: text, or a whole number in its
    range."""
    if option.kind is not int:
        return text
    try:
        return whole_number(text, option.minimum, option.maximum)
    except ValueError as error:
        raise OptionError(f"{spelled}: {error}", code="bad-option", index=index) from None


MAX_WHOLE = 10**MAX_LIMIT_DIGITS - 1  # the largest number an option with no maximum of its own takes


def whole_number(text: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """A number of a command line (`kind=int`: --sets, --workers, `amend N`): ASCII digits only, in
    its range (at most MAX_WHOLE where the option sets no maximum); else ValueError saying why, the
    largest allowed named. The one reading, by the spec's reader and typer's alike (int() would take
    ' 10', '1_0' and '١٠', and typer's pydantic '+1' and '2.0' too)."""
    if not (text.isascii() and text.isdigit()):
        if text[:1] == "-" and text[1:].isascii() and text[1:].isdigit():  # a whole number below 0
            if minimum is not None:
                raise ValueError(f"{text} is less than {minimum}")  # as 0 under --workers' 1 is said
            raise ValueError(f"{text!r} is not a whole number of 0 or more")  # `--limit -5`
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
