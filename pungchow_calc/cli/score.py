"""The work of `pungchow score`, `wash` and `diff`: one hand under one or more rulesets (declared in
cli/spec.py; run without typer)."""

from __future__ import annotations

import json
from typing import Any

from .. import options as opts
from ..engine.errors import PungchowError
from .failure import EXIT_BAD_INPUT, fail, report


def score_hand(hand: str, **given: Any) -> int:
    """Score one hand and print its breakdown (or its JSON); the exit code: 0, or 2 for bad input."""
    from ..engine.scoring import score_text
    from ..ruleset_files import load

    as_json, ascii_only = given.pop("as_json", False), given.pop("ascii_only", False)
    try:
        options = opts.make(hand, **given)
        ruleset = load(options.ruleset)
        opts.check_limit(ruleset, options.limit)
        result = score_text(options.hand, ruleset, options.situation(), options.limit)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    if as_json:
        print(json.dumps(result.as_dict()))
        return 0
    from ..render.terminal import console, print_score

    print_score(result, console(ascii_only), ascii_only)
    return 0


def wash(tiles: str, ruleset: str, seat: str, as_json: bool, ascii_only: bool) -> None:
    """Washing the tiles (Part II): nine or more different heads in the original hand, and who pays."""
    from ..engine.wash import wash_text
    from ..ruleset_files import load

    try:
        result = wash_text(tiles, load(ruleset), opts.wind(seat, "--seat"))
    except PungchowError as error:
        fail(_seat_hint(error), as_json)
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from ..render.terminal import console, print_wash

    print_wash(result, console(ascii_only), ascii_only)


def _seat_hint(error: PungchowError) -> PungchowError:
    """A wash's tile count that fits another seat's hand, with the option to name it: `--seat`
    defaults to East (the evening knows each player's seat and needs no hint)."""
    from ..engine.errors import WashError, either

    if not isinstance(error, WashError) or not error.seat_hint:
        return error
    whose = "East's hand" if error.seat_hint == ("east",) else "another seat's hand"
    return WashError(f"{error.message}: for {whose}, give --seat {either(error.seat_hint)}", code=error.code)


def diff(hand: str, rulesets: list[str], **given: Any) -> None:
    """The same hand under two or more rulesets, line by line, with totals, payments and differences."""
    from ..diff import diff_hand, rule_meanings, table_counters
    from ..engine.scoring import Score, score_text
    from ..ruleset_files import column_names, load, same_file

    as_json, ascii_only = given.pop("as_json", False), given.pop("ascii_only", False)
    results: list[Score | PungchowError] = []
    counters: list[int | None] = []  # what the counters stated add under each ruleset
    meanings: list[dict[str, str]] = []  # each ruleset's rules by their conditions (diff.rule_meanings)
    named: list[str] = []  # each ruleset's `name:`, which heads its column (column_names)
    try:
        if len(set(rulesets)) < 2:
            raise opts.OptionError("give two or more different rulesets: -r A -r B", code="bad-option")
        twice = opts.first_repeat(rulesets)
        if twice is not None:  # two different ones given, and one of them again: say which
            raise opts.OptionError(f"-r {twice} is given twice: give each ruleset once", code="bad-option")
        one_file = same_file(rulesets)
        if one_file is not None:  # `-r house.yaml -r ./house.yaml`: compared with itself
            first, again = one_file
            raise opts.OptionError(
                f"-r {again}: the same ruleset as -r {first} (give each ruleset once)", code="bad-option"
            )
        options = opts.make(hand, **given)
        for name in rulesets:
            ruleset = load(name)  # a ruleset that cannot be read is bad input: it stops the command
            named.append(ruleset.name)
            meanings.append(rule_meanings(ruleset.data))
            try:
                # --no-limit that it would not lift is its refusal, as any other (docs/notation.md#options):
                # a capped column beside the others' uncapped ones would be a false comparison.
                opts.check_limit(ruleset, options.limit)
                scored = score_text(options.hand, ruleset, options.situation(), options.limit)
            except PungchowError as refusal:
                # One ruleset's refusal (BMJA's one chow at most) is part of the comparison.
                results.append(refusal)
                counters.append(None)
                continue
            results.append(scored)
            east = ruleset.settings.east_multiplier
            winning = scored.payments is not None
            counters.append(table_counters(scored, ruleset.settlement, east) if winning else None)
        refusals = [r for r in results if isinstance(r, PungchowError)]
        if len(refusals) == len(results):  # no ruleset scores it: bad input, in the first one's words
            raise refusals[0]
    except PungchowError as error:
        fail(error, as_json)
    stated = options.situation().honba  # counters on the table: each ruleset's row
    result = diff_hand(tuple(rulesets), tuple(results), tuple(counters) if stated else (), tuple(meanings))
    if as_json:
        print(json.dumps(result.as_dict()))
        return
    from ..render.terminal import console, print_hand_diff

    print_hand_diff(result, console(ascii_only), ascii_only, column_names(rulesets, named))
