"""`pungchow evening ...`: an evening at the table, recorded game by game in an append-only log.

In the book a "game" is one hand, from the deal to Mah-Jongg (or a draw): this command group says "game"
for each numbered entry of the evening (a hand won, a draw, a wash, a false Mah-Jongg) and "hand" for
the tiles a player holds.
"""

from __future__ import annotations

import json
from typing import Annotated, NoReturn

import typer

from .. import options as opts
from ..ascii_output import output_stream
from ..engine.errors import OptionError, PungchowError
from ..engine.situation import FACT
from .common import (
    AsciiOpt,
    DepositsOpt,
    DoraOpt,
    DoubleRiichiOpt,
    DrawnOpt,
    FirstDiscardOpt,
    HonbaOpt,
    IppatsuOpt,
    JsonOpt,
    KongAfterKongOpt,
    LastTileOpt,
    LimitOpt,
    LooseOpt,
    NoLimitOpt,
    OriginalCallOpt,
    OriginalOpt,
    RiichiOpt,
    RobbingKongOpt,
    RulesetOpt,
    UraOpt,
    WinByOpt,
    app,
    fail,
)
from .evening_run import (
    change_text,
    draw_record,
    hand_record,
    idle_note,
    others_of,
    run_draw,
    run_false_mahjongg,
    run_hand,
    run_undo,
    run_wash,
    say,
    show_status,
    written_anyway,
)

evening_app = typer.Typer(
    help="An evening at the table: seats, East and the deal, rounds, a running tally, a log that never "
    "loses a game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(evening_app, name="evening")

FileArg = Annotated[str, typer.Argument(help="The evening's log (a JSON Lines file).")]
WinnerOpt = Annotated[
    str, typer.Option("--winner", metavar="NAME", help="Who went Mah-Jongg (a player's name).")
]
HandArg = Annotated[
    str, typer.Argument(help="The winner's hand, e.g. '1b1b1b 3c3c3c 5d5d5d* 4b4b4b* 7c!7c'.")
]
OtherOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--other",
        metavar="NAME=HAND",
        help="Another player: NAME=HAND or NAME=SCORE (give every other player).",
    ),
]
FeederOpt = Annotated[
    str | None,
    typer.Option("--feeder", metavar="NAME", help="Who discarded the tile completing a dangerous set."),
]
# The evening names players, not seats (score and settle take --from SEAT).
FromNameOpt = Annotated[
    str | None,
    typer.Option("--from", metavar="NAME", help="Who discarded the winning tile (a player's name)."),
]
NoChoiceOpt = Annotated[bool, typer.Option(FACT["no_choice"].option, help=FACT["no_choice"].help)]
DeadOpt = Annotated[
    list[str] | None,
    typer.Option("--dead", metavar="NAME", help="A player whose hand is dead (repeatable)."),
]


def _fail(error: PungchowError, as_json: bool = False) -> NoReturn:
    fail(error, as_json)


def _exit(code: int) -> None:
    """End a command with the exit code of its work (cli/evening_run.py)."""
    if code:
        raise typer.Exit(code)


@evening_app.command("new")
def new(
    file: FileArg,
    players: Annotated[
        str, typer.Option("--players", metavar="NAMES", help="Names in seat order: 'Ann,Bob,Cy,Di'.")
    ],
    east: Annotated[
        str | None, typer.Option("--east", metavar="NAME", help="The first East Wind (default: the first).")
    ] = None,
    ruleset: RulesetOpt = opts.DEFAULT_RULESET,
    limit: LimitOpt = None,
    no_limit: NoLimitOpt = False,
    sets: Annotated[
        int | None, typer.Option("--sets", metavar="N", help="Sets to play (four rounds each).")
    ] = None,
    ascii_only: AsciiOpt = False,
) -> None:
    """Start an evening: seat the players and record the ruleset (an existing FILE is never overwritten)."""
    from ..evening.record import new as start
    from ..evening.record import players_of
    from ..layout import hanging, terminal_width
    from ..ruleset_files import load

    try:
        evening = start(file, players_of(players), east, load(ruleset), limit, no_limit, sets, ruleset)
    except PungchowError as error:
        _fail(error)
    seats = ", ".join(f"{name} {w.word}" for name, w in sorted(evening.seats(), key=lambda s: s[1].value))
    said = hanging(f"{file}: a new evening under {evening.ruleset.name}: {seats}", terminal_width())
    with written_anyway(f"{file}: the evening was started"):
        print(*said, sep="\n", file=output_stream(ascii_only))


@evening_app.command("hand")
def hand(
    file: FileArg,
    hand: HandArg,
    winner: WinnerOpt,
    other: OtherOpt = None,
    win_by: WinByOpt = None,
    drawn: DrawnOpt = False,
    loose: LooseOpt = False,
    from_: FromNameOpt = None,
    feeder: FeederOpt = None,
    original_hand: OriginalOpt = False,
    last_tile: LastTileOpt = False,
    first_discard: FirstDiscardOpt = False,
    robbing_kong: RobbingKongOpt = False,
    original_call: OriginalCallOpt = False,
    kong_after_kong: KongAfterKongOpt = False,
    honba: HonbaOpt = None,
    deposits: DepositsOpt = None,
    riichi: RiichiOpt = False,
    double_riichi: DoubleRiichiOpt = False,
    ippatsu: IppatsuOpt = False,
    dora: DoraOpt = None,
    ura: UraOpt = None,
    no_choice: NoChoiceOpt = False,
    dead: DeadOpt = None,
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Record a game won: the winner's hand, how he won, and every other player's hand or score."""
    _exit(
        run_hand(
            file,
            hand,
            winner,
            other,
            win_by=win_by,
            drawn=drawn,
            loose=loose,
            from_=from_,
            feeder=feeder,
            original_hand=original_hand,
            last_tile=last_tile,
            first_discard=first_discard,
            robbing_kong=robbing_kong,
            original_call=original_call,
            kong_after_kong=kong_after_kong,
            honba=honba,
            deposits=deposits,
            riichi=riichi,
            double_riichi=double_riichi,
            ippatsu=ippatsu,
            dora=dora,
            ura=ura,
            no_choice=no_choice,
            dead=dead,
            as_json=as_json,
            ascii_only=ascii_only,
        )
    )


@evening_app.command("draw")
def draw(
    file: FileArg,
    other: OtherOpt = None,
    dead: DeadOpt = None,
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Record a draw game: nobody went Mah-Jongg (give every player's hand or score, or none)."""
    _exit(run_draw(file, other, dead, as_json, ascii_only))


@evening_app.command("wash")
def wash(
    file: FileArg,
    player: Annotated[str, typer.Argument(metavar="NAME", help="Who washes the tiles.")],
    tiles: Annotated[str, typer.Argument(metavar="TILES", help="His original hand: 13 tiles, 14 for East.")],
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Record washing the tiles (Part II): nine or more different heads; East keeps the deal."""
    _exit(run_wash(file, player, tiles, as_json, ascii_only))


@evening_app.command("false-mahjongg")
def false_mahjongg(
    file: FileArg,
    player: Annotated[
        str, typer.Argument(metavar="NAME", help="Who called Mah-Jongg on an incomplete hand.")
    ],
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Record a false Mah-Jongg (Penalties 1): the caller pays each other player; the game ends."""
    _exit(run_false_mahjongg(file, player, as_json, ascii_only))


@evening_app.command("undo")
def undo(file: FileArg, as_json: JsonOpt = False, ascii_only: AsciiOpt = False) -> None:
    """Take back the last game (or the last amendment); the log keeps both."""
    _exit(run_undo(file, as_json, ascii_only))


@evening_app.command("amend")
def amend(
    file: FileArg,
    number: Annotated[int, typer.Argument(metavar="N", help="The game to correct (see `evening report`).")],
    hand: Annotated[str | None, typer.Argument(help="The winner's hand (leave out with --draw).")] = None,
    winner: Annotated[
        str | None, typer.Option("--winner", metavar="NAME", help="Who went Mah-Jongg.")
    ] = None,
    draw_game: Annotated[bool, typer.Option("--draw", help="The game was a draw.")] = False,
    other: OtherOpt = None,
    win_by: WinByOpt = None,
    drawn: DrawnOpt = False,
    loose: LooseOpt = False,
    from_: FromNameOpt = None,
    feeder: FeederOpt = None,
    original_hand: OriginalOpt = False,
    last_tile: LastTileOpt = False,
    first_discard: FirstDiscardOpt = False,
    robbing_kong: RobbingKongOpt = False,
    original_call: OriginalCallOpt = False,
    kong_after_kong: KongAfterKongOpt = False,
    honba: HonbaOpt = None,
    deposits: DepositsOpt = None,
    riichi: RiichiOpt = False,
    double_riichi: DoubleRiichiOpt = False,
    ippatsu: IppatsuOpt = False,
    dora: DoraOpt = None,
    ura: UraOpt = None,
    no_choice: NoChoiceOpt = False,
    dead: DeadOpt = None,
    as_json: JsonOpt = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Correct game N (the same options as `hand`, or --draw); the evening is replayed from it."""
    from ..evening.record import amend as correct

    try:
        if draw_game:
            if winner is not None or hand is not None:
                raise OptionError("--draw: a draw has no winner or winning hand", code="bad-option")
            record = draw_record(others_of(other), dead)
        elif winner is None or hand is None:
            raise OptionError("give --winner NAME and the winner's HAND, or --draw", code="bad-option")
        else:
            record = hand_record(
                winner,
                hand,
                others_of(other),
                win_by=win_by,
                drawn=drawn,
                loose=loose,
                from_=from_,
                feeder=feeder,
                original_hand=original_hand,
                last_tile=last_tile,
                first_discard=first_discard,
                robbing_kong=robbing_kong,
                original_call=original_call,
                kong_after_kong=kong_after_kong,
                honba=honba,
                deposits=deposits,
                riichi=riichi,
                double_riichi=double_riichi,
                ippatsu=ippatsu,
                dora=dora,
                ura=ura,
                no_choice=no_choice,
                dead=dead,
            )
        change = correct(file, number, record, say)
    except PungchowError as error:
        _fail(error, as_json)
    for flag in change.idle:
        say(f"note: {idle_note(flag, change.after.ruleset.name)}")
    before, after = change.before.totals(), change.after.totals()
    with written_anyway(f"game {number} was amended"):
        if as_json:
            print(json.dumps({"game": number, "event": change.event, "before": before, "after": after}))
            return
        out = output_stream(ascii_only)
        print(f"Game {number} amended; the evening was replayed from it.", file=out)
        print(change_text(change.before, change.after), file=out)


@evening_app.command("status")
def status_command(file: FileArg, as_json: JsonOpt = False, ascii_only: AsciiOpt = False) -> None:
    """Where the evening stands: games, round and set, East and his streak, totals, the zero-sum check."""
    code = show_status(file, as_json, ascii_only)
    if code:
        raise typer.Exit(code)


from . import evening_views  # noqa: E402, F401 - report, stats, chart and play register themselves
