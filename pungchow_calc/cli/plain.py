"""The parts of the command line that need no typer: the one-line failure report and the work of
`score`. main() runs a plain `score HAND [options]` with these alone, because importing typer costs
more than loading the ruleset and scoring the hand; the typer command `score` runs the same code.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .. import options as opts
from ..engine.errors import PungchowError, printable

EXIT_BAD_INPUT = 2
EXIT_OUTPUT_FAILED = 3  # the output could not be written (a full disk): nothing else failed

# Errors about the hand as a whole (its count, its `!`): the engine gives them column 1 (kept in
# JSON and batch records); the line a person reads names no column.
_WHOLE_HAND = frozenset({"no-winning-tile", "tile-count", "not-winning", "loser-winning-tile"})


def report(error: PungchowError, as_json: bool) -> None:
    """Report an expected failure in one line on stderr (or a JSON error object on stdout)."""
    if as_json:
        print(json.dumps({"error": error.to_dict()}))
        return
    print(f"error: {reason(error)}", file=sys.stderr)


def reason(error: PungchowError) -> str:
    """The one line a person reads for an expected failure (no column for the hand as a whole)."""
    if error.code in _WHOLE_HAND:  # `--east: ...` already names the hand (settle)
        return printable(error.message if error.message.startswith("--") else f"the hand: {error.message}")
    return printable(str(error))


def score_hand(hand: str, **given: Any) -> int:
    """Score one hand and print its breakdown (or its JSON); the exit code: 0, or 2 for bad input."""
    from ..engine.scoring import score_text
    from ..ruleset_files import load

    as_json, ascii_only = given.pop("as_json", False), given.pop("ascii_only", False)
    try:
        options = opts.make(hand, **given)
        result = score_text(options.hand, load(options.ruleset), options.situation(), options.limit)
    except PungchowError as error:
        report(error, as_json)
        return EXIT_BAD_INPUT
    if as_json:
        print(json.dumps(result.as_dict()))
        return 0
    from ..render import console, print_score

    print_score(result, console(ascii_only), ascii_only)
    return 0
