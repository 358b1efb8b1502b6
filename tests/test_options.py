"""The option table (options.OPTIONS) is the one source of score's options: typer's commands, the
command spec's reader (cli/spec.py) and batch lines read every option the same way, and --help shows each."""

from __future__ import annotations

import json
import shlex
from typing import Any

import pytest
import typer
from cli_helpers import off_the_line, run
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pungchow_calc import arguments
from pungchow_calc import options as opts
from pungchow_calc.batch.listed import mapping_argv
from pungchow_calc.cli import app, spec
from pungchow_calc.cli.typer_app import as_read
from pungchow_calc.engine.errors import OptionError, RepeatedOption, UnknownOption
from pungchow_calc.engine.situation import WinBy
from pungchow_calc.engine.tiles import Wind

HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c"
COMMANDS = typer.main.get_command(app).commands  # type: ignore[attr-defined]
SCORE = next(command for command in spec.COMMANDS if command.path == ("score",))

# One sample value for each valued option of the table (a new option needs one here: the test
# below fails until it has it).
SAMPLES = {
    "ruleset": "pung-chow-limit",
    "seat": "s",
    "round": "West",
    "win_by": "drawn",
    "discarder": "n",
    "limit": "500",
    "honba": "2",
    "deposits": "1",
    "dora": "4c,Nw",
    "ura": "2b",
}


def _typer_options(argv: list[str]) -> opts.ScoreOptions:
    """The options as typer's `score` command reads argv (its own parsing, not the spec's reader)."""
    ctx = COMMANDS["score"].make_context("score", list(argv))
    params = as_read(SCORE, dict(ctx.params))  # as typer's command hands them over
    hand = params.pop("hand")
    for option in opts.OPTIONS:
        if option.output:
            params.pop(option.name)
    return opts.make(hand, **params)


def _fast_options(argv: list[str]) -> opts.ScoreOptions:
    call = spec.read(["score", *argv])
    assert call is not None, "the spec's reader refused a plain score command line"
    fast = dict(call[1])
    for option in opts.OPTIONS:
        if option.output:
            fast.pop(option.name, None)
    return opts.make(fast.pop("hand"), **fast)


def _batch_options(argv: list[str]) -> opts.ScoreOptions:
    return opts.from_argv(list(argv))


READERS = [_typer_options, _fast_options, _batch_options]


def _argvs() -> list[object]:
    cases = [pytest.param([HAND], id="no-options")]
    for option in opts.OPTIONS:
        for spelling in option.spellings:
            argv = [HAND, spelling] if option.flag else [HAND, spelling, SAMPLES[option.name]]
            cases.append(pytest.param(argv, id=spelling))
        if not option.flag and option.spellings[0].startswith("--"):
            argv = [HAND, f"{option.spellings[0]}={SAMPLES[option.name]}"]
            cases.append(pytest.param(argv, id=f"{option.spellings[0]}=value"))
    return cases


def test_every_valued_option_has_a_sample():
    assert {o.name for o in opts.OPTIONS if not o.flag} == set(SAMPLES)


def test_table_defaults_are_make_defaults():
    """Batch lines leave out what was not given; the reader and typer pass the table's defaults."""
    given = {o.name: (False if o.flag else o.default) for o in opts.OPTIONS if not o.output}
    assert opts.make(HAND, **given) == opts.make(HAND)


@pytest.mark.parametrize("argv", _argvs())
def test_typer_fast_path_and_batch_read_an_option_alike(argv):
    results = [read(argv) for read in READERS]
    assert results[0] == results[1] == results[2]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        pytest.param([HAND, "--win-by", "drawn"], {"win_by": WinBy.WALL}, id="drawn-is-wall"),
        pytest.param([HAND, "-s", "s", "-w", "West"], {"seat": Wind.SOUTH, "round": Wind.WEST}, id="winds"),
        pytest.param([HAND, "--limit", "500"], {"limit": 500}, id="limit"),
        pytest.param([HAND, "--no-limit"], {"limit": None}, id="no-limit"),
        pytest.param([HAND, "--from", "n"], {"discarder": Wind.NORTH}, id="from"),
    ],
)
def test_values_are_typed(argv, expected):
    options = _typer_options(argv)
    assert {key: getattr(options, key) for key in expected} == expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param([HAND, "--limit", "²"], "--limit: '²' is not a whole number", id="superscript-two"),
        pytest.param([HAND, "--limit", "١٢"], "--limit: '١٢' is not a whole number", id="arabic-indic"),
        pytest.param([HAND, "--limit", "abc"], "--limit: 'abc' is not a whole number", id="word"),
        pytest.param(  # regression: a limit's name (riichi's mangan) was told only "not a whole number"
            [HAND, "--limit", "mangan"],
            "--limit: 'mangan' is not a whole number (--limit caps the score in points, e.g. --limit 1000,"
            " and --no-limit plays without one; a ruleset's limits by name are its own: pungchow rules"
            " show RULESET)",
            id="limit-name",
        ),
        pytest.param(
            [HAND, "--limit", "9" * 30],
            "--limit: a number of 30 digits is more than 1000000000",
            id="huge",
        ),
        # Regression: `--limit -1` was `not a whole number of 0 or more`, and 0 then refused otherwise.
        pytest.param([HAND, "--limit", "0"], "--limit: 0 is less than 1", id="zero"),
        pytest.param([HAND, "--limit", "-1"], "--limit: -1 is less than 1", id="minus-1"),
        pytest.param([HAND, "--seat", "x"], "--seat: 'x' is not a wind", id="seat"),
        pytest.param(
            [HAND, "--win-by", "air"], "--win-by: 'air' is not one of wall, loose, discard", id="win"
        ),
        pytest.param(
            [HAND, "--drawn", "--from", "s"], "--from: the hand was not won by discard", id="from-drawn"
        ),
        # Riichi's names of the winds: refused with ours (regression: no hint was given).
        pytest.param(
            [HAND, "--seat", "nan"],
            "--seat: 'nan' is not a wind (east, south, west, north or e, s, w, n) (riichi's nan is south)",
            id="seat-nan",
        ),
        pytest.param(
            [HAND, "--round", "Ton"],
            "--round: 'Ton' is not a wind (east, south, west, north or e, s, w, n) (riichi's ton is east)",
            id="round-Ton",
        ),
        # Riichi's wind tiles as a seat or round (regression: `--seat 1z` had no hint).
        pytest.param(
            [HAND, "--seat", "1z"],
            "--seat: '1z' is not a wind (east, south, west, north or e, s, w, n) (riichi's 1z is east)",
            id="seat-1z",
        ),
        pytest.param(
            [HAND, "--round", "4Z"],
            "--round: '4Z' is not a wind (east, south, west, north or e, s, w, n) (riichi's 4z is north)",
            id="round-4Z",
        ),
        # The wind's tile in our own notation as a seat, round or discarder (regression: `--seat Sw`
        # had no hint, where riichi's 1z had one).
        pytest.param(
            [HAND, "--seat", "Sw"],
            "--seat: 'Sw' is not a wind (east, south, west, north or e, s, w, n) (Sw is the south wind's "
            "tile: type south or s)",
            id="seat-Sw",
        ),
        pytest.param(
            [HAND, "--round", "nw"],
            "--round: 'nw' is not a wind (east, south, west, north or e, s, w, n) (nw is the north wind's "
            "tile: type north or n)",
            id="round-nw",
        ),
        pytest.param(
            [HAND, "--from", "WW"],
            "--from: 'WW' is not a wind (east, south, west, north or e, s, w, n) (WW is the west wind's "
            "tile: type west or w)",
            id="from-WW",
        ),
        # Riichi's words for the way of winning: refused with ours (regression: no hint was given).
        pytest.param(
            [HAND, "--win-by", "tsumo"],
            "--win-by: 'tsumo' is not one of wall, loose, discard (riichi's tsumo is --drawn, or --win-by "
            "wall)",
            id="win-by-tsumo",
        ),
        pytest.param(
            [HAND, "--win-by", "Ron"],
            "--win-by: 'Ron' is not one of wall, loose, discard (riichi's ron is --win-by discard, the "
            "default; name the discarder with --from)",
            id="win-by-Ron",
        ),
    ],
)
def test_every_path_refuses_a_bad_value_alike(argv, message):
    messages = []
    for read in READERS:
        with pytest.raises(OptionError) as caught:
            read(argv)
        messages.append(caught.value.message)
    assert messages[0] == messages[1] == messages[2]
    assert messages[0].startswith(message)


@pytest.mark.parametrize(
    ("command", "without"),
    [("score", set()), ("diff", {"ruleset"})],
)
def test_commands_take_every_option_of_the_table(command, without):
    params = {p.name: p for p in COMMANDS[command].params}
    for option in opts.OPTIONS:
        if option.name in without:
            continue
        param = params[option.name]
        assert tuple(param.opts) == option.spellings
        assert param.help == option.help
        assert param.is_flag == option.flag
        if not option.flag:
            assert param.metavar == option.metavar


def test_settle_shares_the_table_options():
    """settle takes a few of score's options: each is spelled, helped and read as the table says."""
    params = {p.name: p for p in COMMANDS["settle"].params}
    shared = {"round_": "round", "from_": "discarder"}
    seen = 0
    for name, param in params.items():
        option = opts.OPTION.get(shared.get(name, name))
        if option is None:
            continue
        seen += 1
        assert tuple(param.opts) == option.spellings
        assert param.help == option.help
        assert param.is_flag == option.flag
    assert seen >= 10


def test_help_shows_every_option_with_its_metavar():
    result = run("score", "--help", env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for option in opts.OPTIONS:
        for spelling in option.spellings:
            assert spelling in result.stdout
        if option.metavar:
            assert option.metavar in result.stdout
        row = next(line for line in result.stdout.splitlines() if f" {option.spellings[0]} " in line)
        assert "<" not in row, row  # typer's <str>, <bool>: values are named by their metavar
    assert "§" not in result.stdout  # help cites docs/, not section numbers


def test_batch_yaml_entries_take_the_table_names():
    argv = mapping_argv([("hand", HAND), ("win_by", "drawn"), ("discarder", "n"), ("round", "w")])
    assert argv == [HAND, "--win-by", "drawn", "--from", "n", "--round", "w"]
    assert mapping_argv([("hand", HAND), ("from", "n")]) == [HAND, "--from", "n"]


# Values for every valued option, good and bad, for the property below: a new valued option needs its
# own here (the test of SAMPLES above fails first).
SETTLED_VALUES = {
    "ruleset": ["pung-chow", "riichi-ema-2016", "mine.yaml"],
    "seat": ["e", "s", "North", "x"],
    "round": ["w", "east", ""],
    "win_by": ["wall", "drawn", "loose", "discard", "air"],
    "discarder": ["e", "n", "q"],
    "limit": ["500", "1", "0", "abc", "9" * 30],
    "honba": ["0", "2", "10", "12345", "x", ""],
    "deposits": ["0", "3", "-1"],
    "dora": ["4c,Nw", "Sw", "5d,5d,5d,5d,5d", "", ",", "1f", "zz", "Rd Rd"],
    "ura": ["2b", "Ew,7b", "", "9x"],
}
SETTLED_OPTIONS = [o for o in opts.OPTIONS if not o.output]


@st.composite
def _option_lists(draw: st.DrawFn) -> list[str]:
    argv = [HAND]
    for option in draw(st.lists(st.sampled_from(SETTLED_OPTIONS), max_size=8)):
        spelling = draw(st.sampled_from(option.spellings))
        if option.flag:
            argv.append(spelling)
            continue
        value = draw(st.sampled_from(SETTLED_VALUES[option.name]))
        glued = spelling.startswith("--") and draw(st.booleans())
        argv += [f"{spelling}={value}"] if glued else [spelling, value]
    return argv


def _outcome(read: Any, argv: list[str]) -> Any:
    try:
        return read(argv)
    except OptionError as exc:
        return ("error", exc.code, exc.message)


def _made(argv: list[str]) -> tuple[Any, ...]:
    options = opts.from_argv(argv)
    return options.hand, options.ruleset, options.situation(), options.limit


def test_settled_values_sample_every_valued_option():
    assert {o.name for o in SETTLED_OPTIONS if not o.flag} == set(SETTLED_VALUES)


@settings(max_examples=500)  # about 0.1 ms an example: the facts' values and their errors all met
@given(_option_lists())
@example([HAND, "--honba", "0", "--deposits", "3"])  # given, but 0: not a stated fact
@example([HAND, "--dora=", "--ura", "2b"])  # an empty list of indicators: refused
@example([HAND, "--from", "e", "--honba", "2"])  # east's own discard
@example([HAND, "--loser", "--honba", "0"])  # a count of 0 is not stated: no refusal
@example([HAND, "--loser", "--dora", "Sw"])  # refused: --dora describes a win
@example([HAND, "--dora", "zz", "--seat", "x", "--honba", "x"])  # the first error of make()'s order
@example([HAND, "--seat", "x", "--honba", "x", "--dora", "zz"])
@example([HAND, "--drawn", "--from", "s", "--dora", "5d,5d,5d,5d,5d"])
def test_settled_options_are_made_options(argv: list[str]):
    """scoring_args (options.settled: make() once per spelling, stated values put in after) gives what
    make() gives, or the same error, read afresh and remembered."""
    expected = _outcome(_made, argv)
    assert _outcome(opts.scoring_args, argv) == expected
    assert _outcome(opts.scoring_args, argv) == expected


def _tiles_read_whole(option: str, text: str) -> Any:
    """An indicator list as read_tiles reads it in one piece: some tile, none left empty between commas,
    the notation's groups with no marker (`Ew*`, `7c!`), then no bonus tile."""
    from pungchow_calc.engine.errors import NotationError
    from pungchow_calc.engine.notation import parse, season_hint

    if not text.replace(",", " ").strip():
        return (
            "error",
            f"{option}: no tile given: name the indicators (e.g. {option} 4c,Nw), or leave {option} out",
        )
    if "," in text and not all(item.strip() for item in text.split(",")):  # `8d,`: `--dora 8d --dora ''`
        return (
            "error",
            f"{option}: {text!r} leaves an indicator empty: name each tile (e.g. {option} 4c,Nw)",
        )
    try:
        parsed = parse(text.replace(",", " "))
    except NotationError as exc:
        if exc.code == "too-long":
            return (
                "error",
                f"{option}: the list is too long ({len(text)} characters): at most 5 tiles are turned in a "
                f"hand (e.g. {option} 4c,Nw) (column 401)",
            )
        return ("error", f"{option}: {exc}")
    for order, group in enumerate(parsed.groups):
        mark = "!" if group.winning is not None else group.marker.value
        if mark:
            where = f"(column {parsed.column(order)})"
            return (
                "error",
                f"{option}: {group.text}: an indicator is a plain tile, without {mark} "
                f"(e.g. {option} 4c,Nw) {where}",
            )
    tiles = tuple(t for group in parsed.groups for t in group.tiles)
    for order, group in enumerate(parsed.groups):
        if any(t.is_bonus for t in group.tiles):
            hint = season_hint(parsed.groups)
            where = f"(column {parsed.column(order)})"
            return ("error", f"{option}: indicators are playing tiles, not flowers or seasons{hint} {where}")
    return tiles


INDICATOR_TEXT = st.lists(
    st.sampled_from(
        ["4c", "Nw", "Sw", "5d", "Rd", "1f", "zz", "1b2b3b", "7c!", "Ew*", "1s", "9x", ",", " ", "  "]
    ),
    max_size=14,
).map("".join)


@given(st.sampled_from(["--dora", "--ura"]), INDICATOR_TEXT)
@example("--dora", "1f,zz")  # a bonus tile before a bad group: the bad group is named, at its column
@example("--dora", "4c,zz,1f")
@example("--ura", "1b2b3b," * 6)  # over 40 characters: read whole
@example("--dora", "4c," * 140)  # too long to be a hand: refused
def test_indicators_read_tile_by_tile_are_read_whole(option: str, text: str):
    from pungchow_calc.engine.situation import read_tiles

    expected = _tiles_read_whole(option, text)
    for _ in range(2):  # read, then remembered
        try:
            got: Any = read_tiles(option, text)
        except OptionError as exc:
            got = ("error", str(exc))  # the column as the message shows it
        assert got == expected


def _spelling(*path: str) -> dict[str, arguments.Option]:
    return next(command.spelling for command in spec.COMMANDS if command.path == path)


@pytest.mark.parametrize(
    ("path", "argv", "message"),
    [
        # An unknown option in click's words (arguments.unknown_option): `score`'s line says them, read
        # here or by typer, and so does a batch line.
        pytest.param(
            ("score",),
            [HAND, "--colour"],
            "No such option: --colour (Possible options: --loser, --ura)",
            id="unknown",
        ),
        pytest.param(
            ("score",), [HAND, "--json=yes"], "Option '--json' does not take a value.", id="flag-with-value"
        ),
        # A batch line's `--help` was told "(Possible options: --help)": the word itself is no hint.
        pytest.param(("score",), [HAND, "--help"], "No such option: --help", id="--help"),
        pytest.param(
            ("score",), [HAND, "--hel"], "No such option: --hel (Possible options: --help)", id="--hel"
        ),
        pytest.param(("score",), [HAND, "--=x"], "No such option: --", id="empty-spelling"),
        # Riichi's words as options (regression: `--tsumo` was told "Possible options: --ippatsu").
        pytest.param(
            ("score",),
            [HAND, "--tsumo"],
            "No such option: --tsumo (riichi's tsumo is --drawn, or --win-by wall)",
            id="--tsumo",
        ),
        pytest.param(
            ("settle",),
            ["--east", HAND, "--ron"],
            "No such option: --ron (riichi's ron is --win-by discard, the default; name the discarder with "
            "--from)",
            id="settle --ron",
        ),
        pytest.param(
            ("score",),
            [HAND, "--rinshan"],
            "No such option: --rinshan (riichi's rinshan is --loose, or --win-by loose)",
            id="--rinshan",
        ),
        # A riichi referee's and a Kajongg player's trials: a rule typed as an option was told a bare "No
        # such option": it is a rule, of every shipped ruleset that has it, scored with the facts it reads.
        *(
            pytest.param(
                command,
                [*head, word],
                f"No such option: {word} ({said})",
                id=f"{command[0]} {word}",
            )
            for command, head in ((("score",), [HAND]), (("settle",), ["--east", HAND]))
            for word, said in (
                (
                    "--pinfu",
                    "Pinfu is a rule of ruleset riichi-ema-2016, scored from the hand and the seat (--seat) "
                    "and the round (--round)",
                ),
                (
                    "--yakuhai",
                    "Yakuhai is a rule of ruleset riichi-ema-2016, scored from the hand: nothing to type",
                ),
                (
                    "--last-tile-is-last-tile-of-wall",
                    "Last Tile is Last Tile of Wall is a rule of rulesets classical-bmja and classical-dmjl, "
                    "scored from the hand and --last-tile and how the hand was won (--drawn, --loose, or a "
                    "discard, the default)",
                ),
            )
        ),
        *(
            pytest.param(("score",), [HAND, word], f"No such option: {word} (Kajongg's {said})", id=word)
            for word, said in (
                ("--roof-off", "roof-off is --no-limit"),
                ("--prevailing-wind", "prevailing-wind is --round, the wind of the round"),
                ("--dead-wall", "dead-wall is --loose, or --win-by loose: the loose tile"),
            )
        ),
        # Settle's wind options typed to score (regression: `--north` was told "Possible options: --dora").
        pytest.param(
            ("score",),
            [HAND, "--north"],
            "No such option: --north (a seat is given as --seat north, the round's wind as --round north)",
            id="--north",
        ),
        pytest.param(
            ("score",),
            [HAND, "--East=1"],
            "No such option: --East (a seat is given as --seat east, the round's wind as --round east)",
            id="--East=1",
        ),
        pytest.param(
            ("score",), [HAND, "-hx"], "No such option: -hx (-h, the help, takes nothing after it)", id="-hx"
        ),
        pytest.param(("score",), [HAND, "-Xn"], "No such option: -X", id="unknown-short-with-value"),
        pytest.param(("score",), [HAND, "--json", "-s"], "-s needs a value", id="short-missing-value"),
        pytest.param(("score",), [HAND, "--seat"], "--seat needs a value", id="missing-value"),
        # Regression: `--compare bmja` at the end said "--compare needs a value", one given; it takes two.
        pytest.param(
            ("batch",), ["f.txt", "--compare", "bmja"], "--compare needs 2 values", id="half-a-pair"
        ),
        pytest.param(("batch",), ["f.txt", "--compare"], "--compare needs 2 values", id="no-pair"),
        pytest.param(("batch",), ["f.txt", "--compare=bmja"], "--compare needs 2 values", id="inline-pair"),
        pytest.param(
            ("batch",),
            ["f.txt", "--workers=two"],
            "--workers: 'two' is not a whole number: a number is typed in digits; type 2",
            id="word",
        ),
        pytest.param(
            ("evening", "chart"), ["e.jsonl", "--width", "19"], "--width: 19 is less than 20", id="range"
        ),
        pytest.param(
            ("batch",), ["f.txt", "--workers", "-1"], "--workers: -1 is less than 1", id="workers-minus-1"
        ),
        pytest.param(("batch",), ["f.txt", "--workers", "0"], "--workers: 0 is less than 1", id="workers-0"),
        pytest.param(
            ("evening", "new"), ["e.jsonl", "--sets", "-1"], "--sets: -1 is less than 1", id="sets-minus-1"
        ),
    ],
)
def test_read_args_refuses_in_one_line(path: tuple[str, ...], argv: list[str], message: str):
    with pytest.raises(OptionError) as caught:
        arguments.read_args(argv, _spelling(*path))
    assert caught.value.message == message


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            [HAND, "-s", "south", "-s", "west"], "--seat is given 2 times ('south', 'west')", id="-s -s"
        ),
        pytest.param(
            [HAND, "-ssouth", "--seat=west"], "--seat is given 2 times ('south', 'west')", id="forms"
        ),
        pytest.param([HAND, "-s", "s", "-s", "s"], "--seat is given 2 times ('s', 's')", id="same-value"),
        pytest.param(
            [HAND, "-r", "pung-chow", "-r", "classical-bmja", "--seat", "n"],
            "--ruleset is given 2 times ('pung-chow', 'classical-bmja')",
            id="-r -r",
        ),
        pytest.param(
            [HAND, "--limit", "1", "--limit", "2", "--limit=3"],
            "--limit is given 3 times ('1', '2', '3')",
            id="3",
        ),
    ],
)
def test_read_args_refuses_an_option_of_one_value_given_twice(argv: list[str], message: str):
    """`score HAND -s south -s west` was scored for west, click's last value: a guess at which was meant."""
    with pytest.raises(RepeatedOption) as caught:
        arguments.read_args(argv, opts.SPELLING)
    assert caught.value.message == f"{message}: give it once"
    assert caught.value.code == "option-twice"


def test_a_repeated_option_refusal_keeps_every_option_read():
    """The command answers as asked (`--json` after the repeated option: a JSON error object)."""
    with pytest.raises(RepeatedOption) as caught:
        arguments.read_args([HAND, "-w", "s", "-w", "n", "--json"], opts.SPELLING)
    assert caught.value.given == {"round": "n", "as_json": True}


def test_read_args_refuses_s_equals_n_naming_the_forms_to_type():
    # `-s=n`: click reads the value `=n`, argparse `n`; it was `--seat: '=n' is not a wind`.
    with pytest.raises(UnknownOption) as caught:
        arguments.read_args([HAND, "-s=n"], opts.SPELLING)
    assert caught.value.message == "-s=n: a short option takes no `=`: type -s n or --seat=n"
    assert caught.value.name == "-s"


@pytest.mark.parametrize(
    ("argv", "words", "values"),
    [
        pytest.param([HAND, "-5", "-"], [HAND, "-5", "-"], {}, id="negative-number-and-dash"),
        # click's readings, read alike so that a batch line reads every form `score` reads
        pytest.param([HAND, "-sn"], [HAND], {"seat": "n"}, id="short-with-value-attached"),
        pytest.param(["-s", "n", "--", HAND, "-x"], [HAND, "-x"], {"seat": "n"}, id="double-dash"),
        pytest.param([HAND, "--drawn", "--drawn"], [HAND], {"drawn": True}, id="flag-twice"),
        pytest.param([HAND, "--dora", "8d", "--dora=Nw"], [HAND], {"dora": "8d,Nw"}, id="joined-twice"),
        pytest.param([HAND, "--dora=", "--drawn"], [HAND], {"dora": "", "drawn": True}, id="empty-inline"),
        # A value that looks like an option but is none of the table's is the value (its reader refuses
        # it); one that is an option of the table is no value (ValueMissing: tests/test_cli_refusals.py).
        pytest.param([HAND, "--seat", "--bogus"], [HAND], {"seat": "--bogus"}, id="value-like-no-option"),
    ],
)
def test_read_args_reads_words_and_values(argv: list[str], words: list[str], values: dict[str, Any]):
    assert arguments.read_args(argv, opts.SPELLING) == (words, values)


# Every long spelling of a valued option taking one value, in every command's table: read_args takes
# `--x v` at once for a plain one (Option.plain), and `--x=v` by its general reading.
ONE_VALUE = sorted(
    {
        (spelled, option.name)
        for command in spec.COMMANDS
        for spelled, option in command.spelling.items()
        if spelled.startswith("--") and not option.flag and option.nargs == 1
    }
)
COMMAND_SPELLING = {spelled: command.spelling for command in spec.COMMANDS for spelled in command.spelling}


def _read(argv: list[str], spelling: dict[str, arguments.Option]) -> Any:
    try:
        return arguments.read_args(argv, spelling)
    except OptionError as exc:
        return ("error", exc.code, exc.message)


@settings(max_examples=300)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(ONE_VALUE),
            st.sampled_from(["e", "2", "0", "100", "x", "", "--bogus", "4c,Nw", "-1"]),
        ),
        min_size=1,
        max_size=6,
    )
)
@example([(("--seat", "seat"), "--bogus")])  # a value that looks like an option, but names none, is the value
@example([(("--width", "width"), "19")])  # a number out of range: refused the same either way
def test_a_value_apart_is_read_as_a_value_glued(given: list[tuple[tuple[str, str], str]]):
    """`--x v` (taken at once when plain) and `--x=v` (the general reading) give the same, errors too."""
    for (spelled, _), _ in given:
        spelling = COMMAND_SPELLING[spelled]
        same = [(s, v) for (s, _), v in given if COMMAND_SPELLING[s] is spelling]
        apart = ["word", *(w for s, v in same for w in (s, v))]
        glued = ["word", *(f"{s}={v}" for s, v in same)]
        assert _read(apart, spelling) == _read(glued, spelling)


def test_plain_options_are_the_one_value_text_ones():
    """Option.plain: one value, kept as its text, not repeatable, not a flag."""
    for command in spec.COMMANDS:
        for option in command.options:
            assert option.plain == (
                not option.flag
                and option.nargs == 1
                and option.kind is str
                and not option.many
                and not option.joined
            )


def _holds(value: Any, hint: Any) -> bool:
    """Whether a value is of a field's declared type (tuples item by item, unions any member)."""
    import types
    from typing import Union, get_args, get_origin

    origin = get_origin(hint)
    if origin is tuple:
        return isinstance(value, tuple) and all(_holds(item, get_args(hint)[0]) for item in value)
    if origin in (Union, types.UnionType):
        return any(_holds(value, member) for member in get_args(hint))
    if hint in (bool, int):  # exactly: True is an int to isinstance, not a count here
        return type(value) is hint
    return value is None if hint is type(None) else isinstance(value, hint)


@pytest.mark.source  # the annotations: a compiled Situation's read `type` for `Wind | None` (mypyc)
@settings(max_examples=300)
@given(_option_lists())
@example([HAND, "--dora", "Sw,5d", "--ura", "2b", "--honba", "2", "--deposits", "1"])
def test_every_situation_made_from_options_holds_its_declared_types(argv: list[str]):
    """No Situation is ever made with a stand-in (a True for a list of indicators, say), not even one
    that is thrown away: the compiled engine refuses it (TypeError), where plain Python lets it pass."""
    from typing import get_type_hints

    from pungchow_calc.engine.situation import Situation

    hints = get_type_hints(Situation)

    def checked(**fields: Any) -> Situation:
        wrong = {name: value for name, value in fields.items() if not _holds(value, hints[name])}
        assert not wrong, f"a Situation made with {wrong}"
        return Situation(**fields)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(opts, "Situation", checked)
        opts._settled.cache_clear()  # made afresh, through the check
        _outcome(opts.scoring_args, argv)
    opts._settled.cache_clear()  # nothing made through the check stays remembered


@pytest.mark.parametrize("reader", READERS, ids=lambda r: r.__name__)
def test_dora_8d_dora_Nw_is_read_as_one_list_by_every_reader(reader) -> None:
    """A joined option given twice (the indicators): the values together, never the last alone."""
    assert reader([HAND, "--dora", "8d", "--dora", "Nw"]) == reader([HAND, "--dora", "8d,Nw"])


# Riichi's words for a stated fact, typed as an option or a way of winning (regression: `--chankan` was
# told "Possible options: --honba", `--haitei` "--ascii", `--houtei` and `--tenhou` nothing).
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["score", HAND, "--chankan"],
            "No such option: --chankan (riichi's chankan is --robbing-kong)",
            id="--chankan",
        ),
        pytest.param(
            ["score", HAND, "--haitei"],
            "No such option: --haitei (riichi's haitei is --last-tile --drawn)",
            id="--haitei",
        ),
        pytest.param(
            ["settle", "--east", HAND, "--houtei"],
            "No such option: --houtei (riichi's houtei is --last-tile, on a discard)",
            id="settle --houtei",
        ),
        pytest.param(
            ["score", HAND, "--tenhou"],
            "No such option: --tenhou (riichi's tenhou is --original-hand --drawn, East's hand as dealt, no "
            "tile marked !)",
            id="--tenhou",
        ),
        pytest.param(
            ["score", HAND, "--chiihou"],
            "No such option: --chiihou (riichi's chiihou is --original-hand --drawn, another seat's first "
            "draw marked !)",
            id="--chiihou",
        ),
        pytest.param(
            ["score", HAND, "--renhou"],
            "No such option: --renhou (riichi's renhou is --first-discard)",
            id="--renhou",
        ),
        pytest.param(
            ["score", HAND, "--counters", "2"],
            "No such option: --counters (riichi's counters is --honba N)",
            id="--counters-2",
        ),
        pytest.param(
            ["score", HAND, "--riichi-sticks", "1"],
            "No such option: --riichi-sticks (riichi's riichi-sticks is --deposits N)",
            id="--riichi-sticks-1",
        ),
        pytest.param(
            ["score", HAND, "--win-by", "Chankan"],
            "--win-by: 'Chankan' is not one of wall, loose, discard (riichi's chankan is --robbing-kong)",
            id="--win-by Chankan",
        ),
        # Riichi's kuitan, an online game's option for open tanyao, which EMA 2016 has: on 3202062 told
        # nothing; now that it is scored so, with nothing to type.
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--kuitan"],
            "No such option: --kuitan (riichi's kuitan is open tanyao, which riichi-ema-2016 scores as EMA "
            "2016 has it: nothing to type)",
            id="--kuitan",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--open-tanyao"],
            "No such option: --open-tanyao (riichi's open-tanyao is open tanyao, which riichi-ema-2016 "
            "scores",
            id="--open-tanyao",
        ),
        # Riichi's words for the indicators and double riichi, which were told a close option or nothing
        # (`--kan-dora`: "Possible options: --dora", `--daburi`: "--ura").
        pytest.param(
            ["score", HAND, "--kan-dora", "4c"],
            "No such option: --kan-dora (riichi's kan-dora is --dora 4c,Nw: every indicator, kan dora ones "
            "after the first, not the dora they show)",
            id="--kan-dora-4c",
        ),
        pytest.param(
            ["score", HAND, "--uradora", "2b"],
            "No such option: --uradora (riichi's uradora is --ura 2b,Gd: the indicators, not the dora they "
            "show)",
            id="--uradora-2b",
        ),
        pytest.param(
            ["score", HAND, "--daburi"],
            "No such option: --daburi (riichi's daburi is --double-riichi)",
            id="--daburi",
        ),
        pytest.param(
            ["settle", "--east", HAND, "--pao", "south"],
            "No such option: --pao (riichi's pao is settle --feeder SEAT, which riichi-ema-2016 only notes: "
            "settle the liability by hand)",
            id="settle --pao south",
        ),
        # Regression: `--chombo` was told "Possible options: --honba", nothing to do with it.
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--chombo"],
            "No such option: --chombo (riichi's chombo is a penalty of 20,000 points at the game's end, "
            "which pungchow does not settle)",
            id="-r riichi-ema-2016 --chombo",
        ),
        # Kajongg's rule names for the facts a player states (docs/rulesets.md "Kajongg's words"): on
        # c23a0e8 they were refused with no hint, or a guess (`--robbing-the-kong`: `--robbing-kong`).
        pytest.param(
            ["score", HAND, "-r", "classical-dmjl", "--twofold-fortune"],
            "No such option: --twofold-fortune (Kajongg's twofold-fortune is --kong-after-kong)",
            id="-r classical-dmjl --twofold-fortune",
        ),
        pytest.param(
            ["score", HAND, "-r", "classical-bmja", "--blessing-of-heaven"],
            "No such option: --blessing-of-heaven (Kajongg's blessing-of-heaven is --original-hand, East's "
            "hand as dealt, no tile marked !)",
            id="-r classical-bmja --blessing-of-heaven",
        ),
        pytest.param(
            ["score", HAND, "--robbing-the-kong"],
            "No such option: --robbing-the-kong (Kajongg's robbing-the-kong is --robbing-kong)",
            id="--robbing-the-kong",
        ),
        pytest.param(
            ["settle", "--east", HAND, "--last-tile-of-wall-discarded"],
            "No such option: --last-tile-of-wall-discarded (Kajongg's last-tile-of-wall-discarded is "
            "--last-tile, on a discard)",
            id="settle --last-tile-of-wall-discarded",
        ),
        pytest.param(
            ["score", HAND, "--last-tile-taken-from-dead-wall"],
            "No such option: --last-tile-taken-from-dead-wall (Kajongg's last-tile-taken-from-dead-wall is "
            "--loose, or --win-by loose)",
            id="--last-tile-taken-from-dead-wall",
        ),
        pytest.param(
            ["score", HAND, "--win-by", "Gathering the Plum Blossom from the Roof"],
            "--win-by: 'Gathering the Plum Blossom from the Roof' is not one of wall, loose, discard "
            "(Kajongg's gathering-the-plum-blossom-from-the-roof is --loose, won with 5d)",
            id="--win-by Gathering the Plum Blossom from the Roof",
        ),
        pytest.param(
            ["score", HAND, "-r", "classical-dmjl", "--dangerous-game"],
            "No such option: --dangerous-game (Kajongg's dangerous-game is settle --feeder SEAT, the player "
            "who discarded the dangerous tile)",
            id="-r classical-dmjl --dangerous-game",
        ),
    ],
)
def test_other_games_words_for_a_fact_are_refused_with_the_option(argv: list[str], message: str):
    result = run(*argv)
    assert result.exit_code == 2
    assert message in result.stderr


def test_every_game_word_of_the_facts_table_is_hinted():
    """Each fact's words of another game (riichi's, Kajongg's; the one table, situation.FACTS) are the
    hint of `--word`."""
    from pungchow_calc.engine.situation import FACTS

    for fact in FACTS:
        for game, word, said in fact.words:
            assert arguments.game_word_hint(f"--{word}") == f" ({game}'s {word} is {said})"
            assert fact.option in said


# Riichi's words for rules EMA 2016 does not have (docs/riichi.md "Rules EMA 2016 does not have"): on
# c9f9b0f a plain "No such option", or a guess (`--aka-dora`: "Possible options: --dora", `--open-riichi`:
# "--double-riichi, --riichi"); now the one line that says EMA 2016 has none, and what it does instead.
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--nagashi"],
            "No such option: --nagashi (EMA 2016 has no nagashi mangan: no ruleset here scores it)",
            id="--nagashi",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--kazoe"],
            "No such option: --kazoe (EMA 2016 has no kazoe yakuman: 13 han or more is a sanbaiman)",
            id="--kazoe",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--open-riichi"],
            "No such option: --open-riichi (EMA 2016 has no open riichi: a riichi is --riichi)",
            id="--open-riichi",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--aka-dora", "1"],
            "No such option: --aka-dora (EMA 2016 has no red fives: a red five (riichi's 0) is typed 5, a "
            "five like the others)",
            id="--aka-dora-1",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--aka-dora=1"],
            "No such option: --aka-dora (EMA 2016 has no red fives: ",
            id="--aka-dora=1",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--no-aka"],
            "No such option: --no-aka (EMA 2016 has no red fives: ",
            id="--no-aka",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--kiriage"],
            "No such option: --kiriage (EMA 2016 has no kiriage mangan: 4 han 30 fu (and 3 han 60 fu) are "
            "1920 basic points, not a mangan)",
            id="--kiriage",
        ),
        pytest.param(
            ["diff", HAND, "-r", "riichi-ema-2016", "-r", "pung-chow", "--double-yakuman"],
            "No such option: --double-yakuman (EMA 2016 has no double yakuman: a hand is worth one yakuman "
            "at most)",
            id="diff --double-yakuman",
        ),
        pytest.param(
            ["settle", "-r", "riichi-ema-2016", "--east", HAND, "--sanma"],
            "No such option: --sanma (EMA 2016 has no three-player game: riichi-ema-2016 is played by 4)",
            id="settle --sanma",
        ),
        # Open tanyao turned off, tanyao closed only: --kuitan was hinted, --no-kuitan told "Possible
        # options: --no-limit" on 6e063e1.
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--no-kuitan"],
            "No such option: --no-kuitan (EMA 2016 has no closed-only tanyao: riichi-ema-2016 scores tanyao "
            "open as well, nothing to turn off)",
            id="--no-kuitan",
        ),
        # Regression: riichi's "kuitan nashi" (without open tanyao), as online games' rule lists name it,
        # said only "No such option: --kuitan-nashi" on b216755.
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--kuitan-nashi"],
            "No such option: --kuitan-nashi (EMA 2016 has no closed-only tanyao: riichi-ema-2016 scores "
            "tanyao open as well, nothing to turn off)",
            id="--kuitan-nashi",
        ),
        # `--kuitan=false` is `--no-kuitan`: it was told "nothing to type", as if turned on.
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--kuitan=false"],
            "No such option: --kuitan (EMA 2016 has no closed-only tanyao: riichi-ema-2016 scores tanyao "
            "open as well, nothing to turn off)",
            id="--kuitan=false",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--open-tanyao=Off"],
            "No such option: --open-tanyao (EMA 2016 has no closed-only tanyao: ",
            id="--open-tanyao=Off",
        ),
        pytest.param(
            ["settle", "-r", "riichi-ema-2016", "--east", HAND, "--no-open-tanyao"],
            "No such option: --no-open-tanyao (EMA 2016 has no closed-only tanyao: ",
            id="settle --no-open-tanyao",
        ),
        pytest.param(
            ["score", HAND, "-r", "riichi-ema-2016", "--win-by", "Nagashi Mangan"],
            "--win-by: 'Nagashi Mangan' is not one of wall, loose, discard (EMA 2016 has no nagashi mangan: "
            "no ruleset here scores it)",
            id="--win-by Nagashi Mangan",
        ),
    ],
)
def test_a_rule_ema_2016_does_not_have_is_refused_in_one_line(argv: list[str], message: str):
    result = run(*argv)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr


def test_every_word_of_a_rule_ema_2016_does_not_have_is_hinted():
    """Each of riichi's words for a rule EMA 2016 does not have (the one table, arguments._NOT_EMA_WORDS)
    is the hint of `--word`, `--no-word` and `word` (a batch key, a --win-by value), and none is a word
    of a rule that is stated here (another game's word for a fact, or an option)."""
    for word, (rule, instead) in arguments._NOT_EMA_WORDS.items():
        said = f" (EMA 2016 has no {rule}: {instead})"
        for typed in (f"--{word}", f"--no-{word}", word.replace("-", "_")):
            assert arguments.game_word_hint(typed) == said
        assert word not in arguments._GAME_WIN_WORDS and f"--{word}" not in opts.SPELLING


_NOT_A_WIND = "is not a wind (east, south, west, north or e, s, w, n)"
_RIICHI_WIN = "2c3c4c 5c6c7c 3d4d5d 6b7b8b! 9d9d"
_SETTLE_SOUTH_WINS = ["settle", "--east", "0", "--south", _RIICHI_WIN, "--west", "0", "--north", "0"]


# Regression: riichi's words for a seat (the dealer, oya, ko; kamicha, toimen, shimocha, named from the
# winner's) were told the winds alone on 3202062; now the wind each means, worked out from the winner's
# seat where one is (score's --seat, East unless given; settle's --winner), else that it is relative.
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["score", _RIICHI_WIN, "--seat", "dealer"],
            f"--seat: 'dealer' {_NOT_A_WIND} (the dealer is east)",
            id="--seat dealer",
        ),
        pytest.param(
            ["score", _RIICHI_WIN, "--seat", "Oya"],
            f"--seat: 'Oya' {_NOT_A_WIND} (riichi's oya, the dealer, is east)",
            id="--seat Oya",
        ),
        pytest.param(
            ["score", _RIICHI_WIN, "--seat", "ko"],
            f"--seat: 'ko' {_NOT_A_WIND} (riichi's ko, a non-dealer, is south, west or north: type the "
            "seat's wind)",
            id="--seat ko",
        ),
        pytest.param(
            ["score", _RIICHI_WIN, "--seat", "south", "--from", "kamicha"],
            f"--from: 'kamicha' {_NOT_A_WIND} (riichi's kamicha, the seat playing before the winner's, is "
            "east when the winner sits south)",
            id="--seat south --from kamicha",
        ),
        pytest.param(
            ["score", _RIICHI_WIN, "--from", "toimen"],
            f"--from: 'toimen' {_NOT_A_WIND} (riichi's toimen, the seat opposite the winner's, is west when "
            "the winner sits east)",
            id="--from toimen",
        ),
        pytest.param(
            ["score", _RIICHI_WIN, "-s", "n", "--from", "shimocha"],
            f"--from: 'shimocha' {_NOT_A_WIND} (riichi's shimocha, the seat playing after the winner's, is "
            "east when the winner sits north)",
            id="-s n --from shimocha",
        ),
        pytest.param(
            [*_SETTLE_SOUTH_WINS, "--from", "kamicha"],
            f"--from: 'kamicha' {_NOT_A_WIND} (riichi's kamicha is relative to the winner's seat, the seat "
            "playing before it: type its wind)",
            id="settle --from kamicha",
        ),
        pytest.param(
            [*_SETTLE_SOUTH_WINS, "--winner", "south", "--from", "kamicha"],
            f"--from: 'kamicha' {_NOT_A_WIND} (riichi's kamicha, the seat playing before the winner's, is "
            "east when the winner sits south)",
            id="settle --winner south --from kamicha",
        ),
    ],
)
def test_riichis_word_for_a_seat_is_hinted_the_wind_it_means(argv: list[str], message: str):
    result = run(*argv, "-r", "riichi-ema-2016")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"error: {message}\n"


# Regression: a wind mistyped (`seat: sout` in a batch file, `-s sout`) was told the winds alone; now the
# wind it is a typo of, every one as close where two are (`Est`: east or west), never read as it.
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["-s", "sout"], f"--seat: 'sout' {_NOT_A_WIND} (did you mean 'south'?)", id="-s sout"),
        pytest.param(
            ["-w", "nroth"], f"--round: 'nroth' {_NOT_A_WIND} (did you mean 'north'?)", id="-w nroth"
        ),
        pytest.param(
            ["-s", "Est"], f"--seat: 'Est' {_NOT_A_WIND} (did you mean 'east' or 'west'?)", id="-s Est"
        ),
        pytest.param(["-s", "xyz"], f"--seat: 'xyz' {_NOT_A_WIND}", id="-s xyz"),
    ],
)
def test_a_wind_mistyped_is_named_never_read(argv: list[str], message: str):
    result = run("score", _RIICHI_WIN, *argv)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {message}\n")


def test_batch_yaml_seat_sout_is_told_south(tmp_path):
    hands = tmp_path / "b.yaml"
    hands.write_text(f"- hand: {_RIICHI_WIN}\n  seat: sout\n", encoding="utf-8")
    (record,) = [json.loads(line) for line in run("batch", str(hands), "-f", "jsonl").stdout.splitlines()]
    assert record["error"] == {
        "code": "bad-option",
        "message": f"--seat: 'sout' {_NOT_A_WIND} (did you mean 'south'?)",
    }


def test_riichis_relative_seats_follow_the_order_of_play():
    """Kamicha plays just before the winner (East's is North), shimocha just after, toimen opposite."""
    assert [Wind.EAST.after(steps) for steps in (1, 2, 3, 4)] == [
        Wind.SOUTH,
        Wind.WEST,
        Wind.NORTH,
        Wind.EAST,
    ]


# Regression: `--dora 3d --dora 9z` was read as `--dora 3d,9z`, and its error said `(column 4)`, a
# column of a joined text never typed; `--dora 8d --dora ''` said `'8d,' leaves an indicator empty`.
# Each value is said in its own terms (README: `--dora 8d --dora Nw` is `--dora 8d,Nw`).
_DORA_9Z = "--dora: 9z is not a tile group: winds are Ew Sw Ww Nw (riichi's 1z-4z), dragons Wd Gd Rd (5z-7z)"
_DORA_EMPTY = "--dora: no tile given: name the indicators (e.g. --dora 4c,Nw), or leave --dora out"


@pytest.mark.parametrize(
    ("given", "message", "column"),
    [
        pytest.param(["--dora", "3d", "--dora", "9z"], _DORA_9Z, 1, id="dora-3d-dora-9z"),
        pytest.param(["--dora", "3d", "--dora=9z"], _DORA_9Z, 1, id="dora-3d-dora=9z"),
        pytest.param(["--dora", "3d,9z"], _DORA_9Z, 4, id="dora-3d,9z-one-value"),
        pytest.param(["--dora", "9z", "--dora", "3d"], _DORA_9Z, 1, id="dora-9z-dora-3d"),
        pytest.param(["--dora", "8d", "--dora", ""], _DORA_EMPTY, None, id="dora-8d-dora-empty"),
    ],
)
@pytest.mark.parametrize("reader", ["score", "typer", "batch"])
def test_dora_3d_dora_9z_names_9z_at_its_own_column(tmp_path, given: list[str], message: str, column, reader):
    """The same refusal from score's reader, typer's (its values as the command gets them) and a batch
    line: `score` at its column in the value, a batch line at its column on the line."""
    argv = [HAND, "-r", "riichi-ema-2016", "--riichi", *given]
    if reader == "typer":
        with pytest.raises(OptionError) as caught:
            _typer_options(argv)
        error = caught.value.to_dict()
    elif reader == "batch":
        path = tmp_path / "hands.txt"
        line = shlex.join(argv)
        path.write_text(line + "\n", encoding="utf-8")
        error = json.loads(run("batch", str(path), "-f", "jsonl").stdout)["error"]
        if column is None:  # no column in the value: the column of the value's word on the line (`''`)
            assert off_the_line(error, line) == line.rindex(" ") + 2
        else:  # a batch line says where on it the value's mistake stands, not where in the value
            column = line.index("9z") + 1
    else:
        error = json.loads(run("score", *argv, "--json").stdout)["error"]
    said = message if column is None else f"{message} (column {column})"
    assert error == {"code": "bad-option", "message": said} | ({} if column is None else {"column": column})


RIICHI_WIN = "2c3c4c 5c6c7c 3d4d5d 6b7b8b Ww!Ww"
RIICHI_TABLE = [
    "settle",
    "--south",
    RIICHI_WIN,
    "--east",
    "0",
    "--west",
    "0",
    "--north",
    "0",
    "--from",
    "east",
]


@pytest.mark.parametrize(
    ("argv", "declared"),
    [
        pytest.param(["score", RIICHI_WIN, "--riichi", "--deposits"], "--riichi", id="score-riichi"),
        pytest.param(["score", RIICHI_WIN, "--double-riichi", "--deposits"], "--double-riichi", id="double"),
        pytest.param([*RIICHI_TABLE, "--riichi", "--deposits"], "--riichi", id="settle-riichi"),
    ],
)
def test_riichi_with_deposits_0_is_refused(argv: list[str], declared: str) -> None:
    """Regression (a user trial): `--riichi --deposits 0` was taken without a word, though a riichi is
    declared with a stick on the table, which --deposits counts (docs/riichi.md#payments)."""
    seat = ["-s" if argv[0] == "score" else "--winner", "south", "-r", "riichi-ema-2016"]
    done = run(*argv, "0", *seat)
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: --deposits 0 and {declared} contradict each other: a riichi is declared with a stick put on "
        "the table, and --deposits counts every stick there, the winner's own too: give --deposits 1 or "
        "more, or leave it out\n"
    )
    done = run(*argv, "1", *seat, "--json")  # the winner's own stick counted: taken
    assert done.exit_code == 0, done.stderr


@pytest.mark.parametrize(
    ("command", "option", "typed", "said"),
    [
        pytest.param("score", "--honba", "300", "give --honba 1", id="score-honba-300"),
        pytest.param("score", "--deposits", "1000", "give --deposits 1", id="score-deposits-1000"),
        pytest.param("settle", "--honba", "600", "give --honba 2", id="settle-honba-600"),
        pytest.param("score", "--honba", "9999", "", id="score-honba-9999"),
    ],
)
def test_honba_300_the_points_typed_for_the_count_is_refused(
    command: str, option: str, typed: str, said: str
) -> None:
    """Regression (a riichi referee's trial): `--honba 300 --deposits 1000`, the points typed for one
    counter and one stick, moved 90,000 and 1,000,000 (exit 0). A count of as many as one of them is
    worth is refused, with the count meant where the points divide."""
    argv = ["score", RIICHI_WIN, "-s", "south", "--from", "west"] if command == "score" else RIICHI_TABLE
    seat = ["--winner", "south"] if command == "settle" else []
    done = run(*argv, *seat, "-r", "riichi-ema-2016", "--riichi", option, typed)
    what, each = ("counters", 300) if option == "--honba" else ("deposits", 1000)
    setting = "counter_points" if option == "--honba" else "deposit_points"
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: {option} {typed}: {option} counts the {what} on the table, not their points: each is "
        f"worth {each} under ruleset riichi-ema-2016 ({setting}), so no table has {typed} of them"
        + (f": {said}" if said else "")
        + "\n"
    )
    assert run(*argv, *seat, "-r", "riichi-ema-2016", "--riichi", option, "3").exit_code == 0
