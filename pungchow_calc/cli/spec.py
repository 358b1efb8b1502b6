"""Every command of `pungchow`, declared once: its handler, its positionals and its options (built from
the one option table, options.py), in COMMANDS. Standard library only.

Two readers run from this table and nothing else: `read` (arguments.read_args) runs every ordinary
command line without typer, whose import costs more than most commands' work (and typer coerces
values through pydantic: `score --json` takes about 75 ms this way and 220 ms through typer); the
typer app (cli/typer_app.py) is generated from the same table for --help, shell completion and any
line `read` does not take, so help and errors read the same either way. Handlers are named by
module and function and imported only when run (pip's command table does the same).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field, replace
from importlib import import_module
from typing import Any

from .. import arguments
from .. import options as opts
from ..engine.errors import OptionError, RepeatedOption, UnknownOption, ValueMissing, printable
from ..engine.situation import FACTS, SITUATION_FACTS
from .failure import CommandExit


# Never compared, hashed or shown: a row of a command's spec (no eq, repr: engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Arg:
    """A positional argument of a command."""

    name: str  # the handler's keyword
    help: str
    metavar: str | None = None  # None: typer's own (the name in capitals)
    optional: bool = False  # may be left out (then None)
    many: bool = False  # one or more: a list (the last argument only)
    kind: type = str  # int: a whole number in ASCII digits
    minimum: int | None = None  # the least an int takes (`amend N`: games count from 1)
    complete: str = ""  # what the shell completes it from: ruleset, topic
    show_default: bool = True


# Never compared, hashed or shown: one command of the spec, found by its words (no eq, repr:
# engine/__init__.py).
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Command:
    """One command: the words that reach it, its handler (`module:function` of this package, called
    with every argument and option by keyword; it returns the exit code), its help and parameters."""

    path: tuple[str, ...]
    handler: str
    help: str
    args: tuple[Arg, ...] = ()
    options: tuple[arguments.Option, ...] = ()
    epilog: str | None = None
    # The option whose value `json` asks for JSON output, errors included (`evening report --format
    # json`), as `--json` does elsewhere: a mistyped line's error is the JSON object too (cli._asks_json).
    json_format: str | None = None
    spelling: dict[str, arguments.Option] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "spelling", {s: o for o in self.options for s in o.spellings})

    def run(self, values: dict[str, Any]) -> int:
        """Run the handler with these keyword values; its exit code (a failure reported: 2)."""
        module, name = self.handler.split(":")
        function = getattr(import_module(f"{__package__}.{module}", __package__), name)
        try:
            code = function(**values)
        except CommandExit as done:
            return done.code
        return code if isinstance(code, int) else 0


def _option(entry: str, **changes: Any) -> arguments.Option:
    """An option of the table, with what this command says differently (its help, its default)."""
    return replace(opts.OPTION[entry], **changes)


def _valued(name: str, spelling: str, metavar: str, help: str, **more: Any) -> arguments.Option:
    """An option of one command or family, not in score's table."""
    return arguments.Option(name, (spelling, *more.pop("short", ())), help, metavar, **more)


def _flag(name: str, spelling: str, help: str) -> arguments.Option:
    return arguments.Option(name, (spelling,), help)


# The largest number of sets an evening takes, refused above with the largest named
# (arguments.whole_number): a hundred sets (1,600 games at least) is more than any evening plays.
MOST_SETS = 100

# Option groups, shared by the commands that take them.
OUTPUT = (_option("as_json"), _option("ascii_only"))
# The rules commands print no tiles: their --ascii is the punctuation and the table lines (README).
RULES_ASCII = _option(
    "ascii_only", help="Plain ASCII output: no box-drawing lines or typographic punctuation."
)
WIN_WAY = (_option("win_by"), _option("drawn"), _option("loose"))
LIMITS = (_option("limit"), _option("no_limit"))
SITUATION = tuple(opts.fact_option(f) for f in SITUATION_FACTS)  # the stated facts of a win
TABLE_FACTS = tuple(opts.fact_option(f) for f in FACTS if not f.situation)  # of the table: --no-choice
RULESET = _option("ruleset")

NOTATION = """Hand notation (all of it: pungchow docs notation):

- dots 1d..9d, bamboo 1b..9b, characters 1c..9c
- winds Ew Sw Ww Nw; dragons Rd Gd Wd (red, green, white)
- bonus tiles: flowers 1f..4f, seasons 1s..4s
- compact runs: 123c = 1c2c3c, 555d, EEEw
- groups are separated by spaces; a group may end with
  * (exposed), # (a kong declared face down),
  + (a kong claimed onto a pung) or = (an exposed pair)
- ! straight after a tile marks the winning tile: 7c!7c
- the tile glyphs pungchow prints are read as well

Examples:

  pungchow score '1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c'

  pungchow score 'RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw' -s north
"""

# settle names seats; the evening names players.
_SEAT_HAND = "A hand in notation or a plain score; omit the seat for a two- or three-handed game."
SETTLE_OPTIONS = (
    # Given twice (`--south 10 --south 20`, west meant), refused by the reader as every option is.
    *(_valued(s, f"--{s}", "HAND|SCORE", _SEAT_HAND) for s in ("east", "south", "west", "north")),
    _valued("winner", "--winner", "SEAT", "Winning seat (default: the hand with a !).", complete="wind"),
    _flag(
        "draw",
        "--draw",
        "No hand won: a draw game; the hands settle their differences, or nothing where the ruleset "
        "says so (draw_settles: false).",
    ),
    RULESET,
    _option("round"),
    *WIN_WAY,
    _option("discarder"),
    _valued(
        "feeder",
        "--feeder",
        "SEAT",
        "Seat that discarded the tile completing a dangerous set (insurance).",
        complete="wind",
    ),
    *TABLE_FACTS,
    _valued("dead", "--dead", "SEAT", "A seat whose hand is dead (repeatable).", many=True, complete="wind"),
    _valued(
        "false_mahjongg",
        "--false-mahjongg",
        "SEAT",
        "Seat that called Mah-Jongg on an incomplete hand.",
        complete="wind",
    ),
    *SITUATION,
    *LIMITS,
    *OUTPUT,
)

FILE = Arg("file", "The evening's log (a JSON Lines file).")
# A one-shot change that repeats what the log's last event did minutes ago (record.check_repeat):
# another terminal's, most likely, so it is refused unless this is said.
AGAIN = _flag(
    "again",
    "--again",
    "Do it though the same was done in the last 5 minutes (another game with the same result, a second "
    "undo).",
)
OTHER = _valued(
    "other",
    "--other",
    "NAME=HAND",
    "Another player: NAME=HAND or NAME=SCORE (give every other player).",
    many=True,
)
DEAD = _valued("dead", "--dead", "NAME", "A player whose hand is dead (repeatable).", many=True)
# How a game was won, as `evening hand` and `evening amend` take it (evening_run.hand_record reads it).
EVENING_WIN = (
    OTHER,
    *WIN_WAY,
    _option(
        "discarder", metavar="NAME", help="Who discarded the winning tile (a player's name).", complete=""
    ),
    _valued("feeder", "--feeder", "NAME", "Who discarded the tile completing a dangerous set."),
    *SITUATION,
    *TABLE_FACTS,
    DEAD,
)
WIN_FIELDS = frozenset(o.name for o in EVENING_WIN if o is not OTHER)  # hand_record's keywords

# `pungchow --help` lists the commands in the order a new user meets them: one hand, a table, an
# evening; then the tools; then the reference.
ORDER = ("score", "settle", "evening", "batch", "diff", "wash", "rules", "docs")
GROUPS: dict[str, str] = {
    "evening": "An evening at the table: seats, East and the deal, rounds, a running tally, a log that "
    "never loses a game.",
    "rules": "List the rulesets, show one as a score card, compare two, or check a file.",
}

COMMANDS: tuple[Command, ...] = (
    Command(
        ("score",),
        "score:score_hand",
        "Score one hand and print an itemised breakdown and who pays whom.",
        (Arg("hand", "The hand, quoted as one argument (notation below).", "HAND", show_default=False),),
        opts.OPTIONS,
        epilog=NOTATION,
    ),
    Command(
        ("wash",),
        "score:wash",
        "Washing the tiles (Part II): nine or more different heads in the original hand, and who pays.",
        (Arg("tiles", "The original hand: 13 tiles, 14 for East.", "TILES"),),
        (
            _option("ruleset", default="pung-chow-limit", help="Ruleset holding the washing table."),
            _option("seat"),
            *OUTPUT,
        ),
    ),
    Command(
        ("diff",),
        "score:diff",
        "The same hand under two or more rulesets, line by line, with totals, payments and differences.",
        (Arg("hand", "The hand, as for `score`.", "HAND"),),
        (
            _option(
                "ruleset",
                name="rulesets",
                default=None,
                many=True,
                required=True,
                help="A ruleset to compare (give two or more).",
            ),
            *(o for o in opts.OPTIONS if o.name != "ruleset"),
        ),
    ),
    Command(
        ("settle",),
        "settle:settle",
        "Settle the table: who pays whom, with the East double, the limit and the penalties.",
        (),
        SETTLE_OPTIONS,
    ),
    Command(
        ("batch",),
        "batch_run:run_batch",
        "Score every hand of a file: one record per entry, in order; exit 1 if any entry failed.",
        (Arg("file", "Text file of `score` argument lines, a .yaml or .json list, or - (stdin).", "FILE"),),
        (
            _valued(
                "output_format", "--format", "FORMAT", "table|json|jsonl|csv.", default="table", short=("-f",)
            ),
            _valued(
                "input_format",
                "--input-format",
                "FORMAT",
                "text|yaml|json: how FILE is read (default: yaml for .yaml/.yml, json for .json, else text).",
            ),
            _option("ruleset", default=None, help="Ruleset for lines that name none."),
            _valued(
                "compare",
                "--compare",
                "A B",
                "Score every hand under rulesets A and B and summarise the changes.",
                nargs=2,
                complete="ruleset",
            ),
            _valued(
                "workers",
                "--workers",
                "N",
                "Processes for a long file (default: one per core, at most 4; never more than 4 per core).",
                kind=int,
                minimum=1,
            ),
        ),
    ),
    Command(
        ("evening", "new"),
        "evening:new",
        "Start an evening: seat the players and record the ruleset (an existing FILE is never overwritten).",
        (FILE,),
        (
            _valued("players", "--players", "NAMES", "Names in seat order: 'Ann,Bob,Cy,Di'.", required=True),
            _valued("east", "--east", "NAME", "The first East Wind (default: the first)."),
            RULESET,
            *LIMITS,
            _valued(
                "sets",
                "--sets",
                "N",
                "Sets to play (four rounds each).",
                kind=int,
                minimum=1,
                maximum=MOST_SETS,
            ),
            *OUTPUT,
        ),
    ),
    Command(
        ("evening", "hand"),
        "evening_run:run_hand",
        "Record a game won: the winner's hand, how he won, and every other player's hand or score.",
        (FILE, Arg("hand", "The winner's hand, e.g. '1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c'.")),
        (
            _valued("winner", "--winner", "NAME", "Who went Mah-Jongg (a player's name).", required=True),
            *EVENING_WIN,
            AGAIN,
            *OUTPUT,
        ),
    ),
    Command(
        ("evening", "draw"),
        "evening_run:run_draw",
        "Record a draw game: nobody went Mah-Jongg (give every player's hand or score, or none).",
        (FILE,),
        (OTHER, DEAD, AGAIN, *OUTPUT),
    ),
    Command(
        ("evening", "wash"),
        "evening_run:run_wash",
        "Record washing the tiles (Part II): nine or more different heads; East keeps the deal.",
        (
            FILE,
            Arg("player", "Who washes the tiles.", "PLAYER"),
            Arg("tiles", "His original hand: 13 tiles, 14 for East.", "TILES"),
        ),
        (AGAIN, *OUTPUT),
    ),
    Command(
        ("evening", "false-mahjongg"),
        "evening_run:run_false_mahjongg",
        "Record a false Mah-Jongg (Penalties 1): the caller pays each other player; the game ends.",
        (FILE, Arg("player", "Who called Mah-Jongg on an incomplete hand.", "PLAYER")),
        (AGAIN, *OUTPUT),
    ),
    Command(
        ("evening", "undo"),
        "evening_run:run_undo",
        "Take back the last game (or the last amendment); the log keeps both.",
        (FILE,),
        (AGAIN, *OUTPUT),
    ),
    Command(
        ("evening", "amend"),
        "evening:amend",
        "Correct game N (the same options as `hand`, or --draw); the evening is replayed from it.",
        (
            FILE,
            Arg("number", "The game to correct (see `evening report`).", "N", kind=int, minimum=1),
            Arg("hand", "The winner's hand (leave out with --draw).", optional=True),
        ),
        (
            _valued("winner", "--winner", "NAME", "Who went Mah-Jongg."),
            _flag("draw_game", "--draw", "The game was a draw."),
            *EVENING_WIN,
            *OUTPUT,
        ),
    ),
    Command(
        ("evening", "status"),
        "evening_run:show_status",
        "Where the evening stands: games, round and set, East and his streak, totals, the zero-sum check.",
        (FILE,),
        OUTPUT,
    ),
    Command(
        ("evening", "report"),
        "evening_views:report_command",
        "The game-by-game history, totals, the fewest payments that square the evening, player statistics.",
        (FILE,),
        (
            _valued(
                "format_",
                "--format",
                "FORMAT",
                "table, csv, json or markdown.",
                default="table",
                short=("-f",),
            ),
            _flag("breakdown", "--breakdown", "Each hand's score lines too."),
            _option("ascii_only"),
        ),
        json_format="format_",
    ),
    Command(
        ("evening", "stats"),
        "evening_views:stats_command",
        "Each player's statistics over several evenings (a player matched by name, in any case).",
        (Arg("files", "One or more evening logs.", "FILE", many=True),),
        OUTPUT,
    ),
    Command(
        ("evening", "chart"),
        "evening_views:chart_command",
        "The running totals as a chart in the terminal (plain characters).",
        (FILE,),
        (
            _valued(
                "width",
                "--width",
                "N",
                "Columns to use (default: the terminal's).",
                kind=int,
                minimum=20,
                maximum=400,
            ),
            _valued(
                "height", "--height", "N", "Rows of the chart.", default=16, kind=int, minimum=5, maximum=100
            ),
            _option("ascii_only"),
        ),
    ),
    Command(
        ("evening", "play"),
        "evening_views:play_command",
        "The interactive table mode: prompts for each game, checks it, shows it, records it.",
        (FILE,),
        (_option("ascii_only"),),
    ),
    Command(
        ("evening", "repair"),
        "evening_views:repair_command",
        "Find lines changed or damaged since they were written; --accept them as they now read.",
        (FILE,),
        (
            _valued(
                "accept",
                "--accept",
                "LINE",
                "Accept this line as it now reads (repeatable).",
                many=True,
                kind=int,
            ),
            *OUTPUT,
        ),
    ),
    Command(
        ("rules", "list"),
        "rules:rules_list",
        "The shipped rulesets (give any other by its .yaml path).",
        (),
        (_option("as_json"), RULES_ASCII),
    ),
    Command(
        ("rules", "show"),
        "rules:rules_show",
        "Print a ruleset as a score card: bonus scores, combinations, doubling honors, limit hands, "
        "settings.",
        (Arg("name", "Ruleset name or YAML path.", "NAME|PATH", complete="ruleset"),),
        (_option("as_json", help="Print the merged ruleset document as JSON."), RULES_ASCII),
    ),
    Command(
        ("rules", "diff"),
        "rules:rules_diff",
        "Settings (by key, the washing table too), rules and penalties (by id) that differ between two"
        " rulesets.",
        (
            Arg("a", "First ruleset (name or path).", "A", complete="ruleset"),
            Arg("b", "Second ruleset (name or path).", "B", complete="ruleset"),
        ),
        (_option("as_json"), RULES_ASCII),
    ),
    Command(
        ("rules", "check"),
        "rules:rules_check",
        "Load a ruleset file exactly as `score -r` does; exit 2 naming file, line and reason.",
        (Arg("file", "Ruleset YAML file to validate.", "FILE"),),
        (_option("as_json"), RULES_ASCII),
    ),
    Command(
        ("docs",),
        "rules:docs_command",
        "The manual, shipped with the command: list its topics, or print one (laid out on a terminal; "
        "its Markdown when piped).",
        (
            Arg(
                "name",
                "A topic, e.g. notation or json (leave out to list them).",
                "NAME",
                optional=True,
                complete="topic",
                show_default=False,
            ),
        ),
        (RULES_ASCII,),
    ),
)
COMMAND: dict[tuple[str, ...], Command] = {c.path: c for c in COMMANDS}


_GROUP_WORDS = frozenset(c.path[0] for c in COMMANDS if len(c.path) > 1)


def locate(argv: list[str]) -> tuple[Command, int] | None:
    """The command a command line names by its first words, and where its arguments start; None for
    none. A `--` before a command's word ends its group's options, as click reads it (`pungchow --
    score HAND`, `pungchow evening -- status FILE`: the same commands), so the line is read here too,
    not left to typer, which would count an option given twice as its last value."""
    path, i = _command_words(argv)
    command = COMMAND.get(path)
    return None if command is None else (command, i)


def _command_words(argv: list[str]) -> tuple[tuple[str, ...], int]:
    """The words of a command line read as a command's (a group's, then its command's), up to the
    command or the first word that names none (locate), and where reading stopped."""
    path: list[str] = []
    i, dash = 0, False
    while i < len(argv):
        word = argv[i]
        i += 1
        if word == "--" and not dash:  # one `--` per group, before its command
            dash = True
            continue
        path.append(word)
        dash = False
        if tuple(path) in COMMAND or len(path) > 1 or word not in _GROUP_WORDS:
            break
    return tuple(path), i


# Other tools' words for a command here, told it by misnamed (each only where its group has it):
# `rules compare` is `rules diff`, `pungchow compare` is `diff`, `evening start` is `evening new`.
_OTHER_WORDS = {
    "compare": "diff",
    "validate": "check",
    "lint": "check",
    "ls": "list",
    "view": "show",
    "start": "new",
    "calc": "score",
    "calculate": "score",
}


def misnamed(argv: list[str]) -> tuple[str, str] | None:
    """Why a command line's command word names none though it means one (`SCORE`, `rules SHOW`: caps
    lock; `ｓｃｏｒｅ`), naming it (arguments.meant_name, as a mistyped option is), and the group whose
    help lists its commands (`pungchow rules`); else None (typer's error: a near miss, `scroe`, is
    told the closest command there)."""
    path, _ = _command_words(argv)
    if not path or path in COMMAND:
        return None
    *group, word = path
    at = len(group)
    names = {c.path[at] for c in COMMANDS if c.path[:at] == tuple(group) and len(c.path) > at}
    where = " ".join(("pungchow", *group))
    dashed = word[:1] in ("-", "\u2013", "\u2014") and word not in ("-h", "--help")
    if dashed and word.lower().lstrip("-\u2013\u2014") == "help":
        # `-help`: click read -h -e -l -p, and said `No such option: -e`.
        return f"No such option: {printable(word)} (help is --help: two hyphens)", where
    stray = _stray_word(tuple(group), word, where)
    if stray is not None:
        return f"No such command {printable(word)!r}: {stray}", where
    meant = arguments.meant_name(word, names, "command")
    other = _OTHER_WORDS.get(word.lower())
    if meant is None and other in names:  # `rules compare`: another tool's word for a command here
        meant = other, f"{word.lower()} is {other} here"
    if meant is None:
        return None
    fixed, why = meant
    said = f"No such command {printable(word)!r}. Did you mean {fixed!r}? ({why})"
    return said, where


def _stray_word(group: tuple[str, ...], word: str, where: str) -> str | None:
    """What a newcomer meant by a word typed where a command goes (a user trial): a hand without
    `score`, `help` for --help, a ruleset without `rules show`, a log without its evening command
    (`where`: the group's command line, `pungchow evening`)."""
    from ..engine.notation import reads_as_hand
    from ..ruleset_files import names_a_ruleset

    if word.lower() == "help":
        return f"help is --help ({where} --help, or COMMAND --help)"

    first = word.split()[0] if word.strip() else ""
    if not group and len(first) >= 4 and reads_as_hand(first):  # a group is two tiles or more
        hand = shlex.quote(word) if " " in word.strip() else "'HAND' (the whole hand in quotes)"
        return f"a hand is scored by its command: pungchow score {hand}"
    if group == ("rules",) and names_a_ruleset(word):
        return f"a ruleset is shown by `pungchow rules show {shlex.quote(word)}`"
    if group == ("evening",) and word.endswith(".jsonl"):
        return f"an evening's log follows its command: pungchow evening status {shlex.quote(word)}"
    return None


def find(argv: list[str]) -> Command | None:
    """The command a command line names by its first words, if any."""
    found = locate(argv)
    return None if found is None else found[0]


def read(argv: list[str]) -> tuple[Command, dict[str, Any]] | None:
    """The command and every keyword of its handler when argv is an ordinary command line; None
    for anything else (--help, a missing value: typer's to read and to report). An option given twice
    is refused here (RepeatedOption), for every command alike: typer would take the last; so is an
    unknown option (UnknownOption), in the words a batch line says it in, and an option whose value
    is another option (ValueMissing: typer would take `--seat` for --seat's value, and blame a word
    after it)."""
    found = locate(argv)
    if found is None:
        return None
    command, start = found
    try:
        words, given = arguments.read_args(argv[start:], command.spelling)
    except (RepeatedOption, ValueMissing):
        raise
    except UnknownOption as unknown:
        if unknown.name in arguments.HELP:  # typer's to show (or the error after it, in its words)
            return None
        raise
    except OptionError:
        return None
    values = bind(command, words)
    if values is None or any(o.required and o.name not in given for o in command.options):
        return None
    for option in command.options:
        values[option.name] = given.get(option.name, False if option.flag else option.default)
    return command, values


def help_line(argv: list[str]) -> list[str]:
    """The line typer is to read: the command's words and --help when the reader met a help option
    (even where a value was due, `settle --east --help`, which click would take as East's hand), else argv."""
    found = locate(argv)
    if found is not None:
        command, start = found
        try:
            arguments.read_args(argv[start:], command.spelling)
        except UnknownOption as unknown:
            if unknown.name in arguments.HELP:
                return [*argv[:start], "--help"]
        except OptionError:
            pass
    return argv


def bind(command: Command, words: list[str]) -> dict[str, Any] | None:
    """The positionals by name, or None when there are too few or too many."""
    values: dict[str, Any] = {}
    rest = list(words)
    for arg in command.args:
        if arg.many:
            if not rest:
                return None
            values[arg.name], rest = rest, []
            continue
        if not rest:
            if not arg.optional:
                return None
            values[arg.name] = None
            continue
        text = rest.pop(0)
        if arg.kind is int:
            try:
                values[arg.name] = arguments.whole_number(text, arg.minimum)
            except ValueError:
                return None  # typer's to report, by the same reading (cli/typer_app.py)
        else:
            values[arg.name] = text
    return None if rest else values
