"""Every machine-readable output holds to docs/json.md: the fields its tables list, with their types,
none it does not list, optional ones only where the doc says "present"; the field names are read
from the doc's tables, so the doc and the code cannot drift apart silently."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import EXAMPLE_13, run, seat_args

DOC = (Path(__file__).parent.parent / "docs" / "json.md").read_text(encoding="utf-8")
NOTATION = (Path(__file__).parent.parent / "docs" / "notation.md").read_text(encoding="utf-8")
TYPES = {
    "string": str,
    "integer": int,
    "boolean": bool,
    "object": dict,
    "number": (int, float),
    "null": type(None),
}
HAND = "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd"
CLOSED = "1b1b1b 3c3c3c 5d5d5d 4b4b4b Rd!Rd"  # nothing claimed before a win on the first discard
RIICHI = "2c3c4c 5c6c7c 3d4d5d 1b1b1b 9d!9d"
SETTLE_TABLE = seat_args(EXAMPLE_13)
EVENING = "samples/evening-part1.jsonl"


class Field:
    """One row of a doc table: the types it may take and whether it may be absent."""

    def __init__(self, types: str, meaning: str) -> None:
        self.types = _types(types)
        # "present only when", "present for", "Absent for --loser": optional; "always present" or
        # "a payer absent from a ruleset" (diff's `difference`) is not.
        self.optional = bool(re.search(r"\b[Pp]resent (?:only|when|for)\b|\bAbsent\b", meaning))
        self.meaning = meaning


def _types(text: str) -> tuple[type, ...] | None:
    """`integer or null` -> (int, NoneType); `any` -> None (not checked)."""
    if text.strip() == "any":
        return None
    out: list[type] = []
    for word in re.split(r"\s+or\s+", text.strip()):
        if word.startswith("array"):
            out.append(list)
        else:
            kind = TYPES[word.split()[0]]
            out.extend(kind if isinstance(kind, tuple) else (kind,))
    return tuple(out)


def _section(anchor: str) -> str:
    start = DOC.index(f'<a id="{anchor}"></a>')
    end = DOC.find("<a id=", start + 1)
    return DOC[start : end if end != -1 else len(DOC)]


def doc_table(anchor: str, index: int = 0) -> dict[str, Field]:
    """The `index`-th field table of a section of docs/json.md: name -> Field (`a` / `b`, `a`, `b`
    rows give each name; their types, when several, one per name)."""
    tables = re.findall(r"^\| field \| type \| meaning \|\n\| --- .*\n((?:\|.*\n)+)", _section(anchor), re.M)
    fields: dict[str, Field] = {}
    for row in tables[index].splitlines():
        name_cell, type_cell, meaning = (cell.strip() for cell in row.strip("|").split(" | ", 2))
        names = re.findall(r"`([^`]+)`", name_cell)
        types = type_cell.split(", ") if len(names) > 1 and "," in type_cell else [type_cell] * len(names)
        for name, kind in zip(names, types, strict=True):
            fields[name] = Field(kind, meaning)
    return fields


def _nested(fields: dict[str, Field], prefix: str) -> dict[str, Field]:
    """`rows[].key` rows -> {"key": ...} for prefix `rows[]`."""
    return {k[len(prefix) + 1 :]: f for k, f in fields.items() if k.startswith(prefix + ".")}


def held(obj: dict[str, Any], fields: dict[str, Field], where: str) -> None:
    """Assert obj has exactly the documented fields (optional ones may be absent) and their types."""
    top = {k: f for k, f in fields.items() if "." not in k}
    for name in fields:  # `changes[].what` documents `changes`, an array, when no row of its own does
        if "[]." in name:
            top.setdefault(name.split("[]")[0], Field("array", ""))
    assert set(obj) <= set(top), f"{where}: undocumented {sorted(set(obj) - set(top))}"
    missing = {k for k, f in top.items() if not f.optional} - set(obj)
    assert not missing, f"{where}: missing {sorted(missing)}"
    for key, value in obj.items():
        kinds = top[key].types
        assert kinds is None or (
            isinstance(value, kinds) and not (bool in kinds) ^ isinstance(value, bool)
        ), f"{where}.{key}: {value!r} is not {kinds}"
        sub = _nested(fields, f"{key}[]")
        if sub:
            for i, item in enumerate(value):
                held(item, sub, f"{where}.{key}[{i}]")


def _json(*argv: str, code: int = 0) -> Any:
    result = run(*argv)
    assert result.exit_code == code, result.output
    assert result.stdout.isascii(), result.stdout  # json.dumps escapes the rest (docs/json.md)
    return json.loads(result.stdout)


def check_score(obj: dict[str, Any], where: str = "score") -> None:
    """A `score --json` object, its lines included."""
    held(obj, doc_table("score", 0), where)
    for i, line in enumerate(obj["lines"]):
        held(line, doc_table("score", 1), f"{where}.lines[{i}]")


def check_error(obj: dict[str, Any], where: str = "error") -> None:
    """`{"error": {...}}`: that one key, holding an error object."""
    assert set(obj) == {"error"}, where
    held(obj["error"], doc_table("errors"), where)
    assert f"`{obj['error']['code']}`" in NOTATION, f"{where}: code not listed in notation.md"
    assert "\n" not in obj["error"]["message"], where


def check_settle(obj: dict[str, Any]) -> None:
    """A `settle --json` object: its payments and any hands."""
    held(obj, doc_table("settle", 0), "settle")
    for i, payment in enumerate(obj["payments"]):
        held(payment, doc_table("settle", 1), f"settle.payments[{i}]")
    for seat, hand in obj.get("hands", {}).items():
        check_score(hand, f"settle.hands.{seat}")
    named = _meaning_keys(doc_table("settle", 0)["penalties"])  # its fields and its types' values
    for penalty in obj["penalties"]:
        assert set(penalty) == {"id", "label", "type", "seat", "detail"} <= named and penalty["type"] in named


def _meaning_keys(field: Field) -> set[str]:
    """The plain key names a meaning cell quotes (`points`, `limit_hand`, ...)."""
    return {w for w in re.findall(r"`([a-z_]+)`", field.meaning) if w != "null"}


def check_diff(obj: dict[str, Any]) -> None:
    """A `diff --json` object; `totals` and `difference` hold only the keys their meanings name."""
    fields = doc_table("diff")
    held(obj, fields, "diff")
    for name in ("totals", "difference"):
        for ruleset, value in obj[name].items():
            assert value is None or set(value) <= _meaning_keys(fields[name]), (
                f"diff.{name}.{ruleset}: {set(value)}"
            )
    value_keys = set(re.findall(r'"(\w+)"', fields["rows[].values"].meaning))  # {"points", ...}
    for row in obj["rows"]:
        assert set(row["values"]) == set(obj["rulesets"]), row
        assert all(v is None or set(v) == value_keys for v in row["values"].values()), row
    for ruleset, score in obj["scores"].items():
        (check_error if "error" in score else check_score)(score, f"diff.scores.{ruleset}")


def check_batch_records(text: str) -> None:
    """jsonl records: `line` first (and for a YAML or JSON list's entry `item` next, and a refused one's
    `column` after it, docs/json.md#batch), then a score object or `error`."""
    for raw in text.splitlines():
        record = json.loads(raw)
        assert next(iter(record)) == "line" and isinstance(record["line"], int), raw
        if "item" in record:
            assert list(record)[1] == "item" and isinstance(record["item"], int), raw
        if "column" in record:  # a refused item's, where it starts on its line, after `item`
            assert list(record)[2] == "column" and isinstance(record["column"], int) and "error" in record, (
                raw
            )
        rest = {k: v for k, v in record.items() if k not in ("line", "item", "column")}
        (check_error if "error" in rest else check_score)(rest, f"batch line {record['line']}")


def check_compare(obj: dict[str, Any]) -> None:
    """The `--compare` summary, keys in the doc table's order."""
    fields = doc_table("batch-compare")
    held(obj, fields, "compare")
    assert list(obj) == list(fields)


def check_rules_diff(obj: dict[str, Any]) -> None:
    """`rules diff --json`: its changes are settings (labelled by name), rules and penalties."""
    fields = doc_table("rules", 2)
    held(obj, fields, "rules diff")
    assert {c["what"] for c in obj["changes"]} == _meaning_keys(fields["changes[].what"])
    for change in obj["changes"]:
        if change["what"] == "setting":
            assert change["label"] == change["key"].rsplit(".", 1)[-1], change


BATCH = """\
# two hands and a mistake
1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd --seat south --drawn
1b1b1b 2c3c4c 5d5d5d* 7c7c 9d9d --seat west --loser
1d2d4d* 5c5c5c 6c6c6c 9c!9c 1c2c3c -s s
2c3c4c 5c6c7c 3d4d5d 1b1b1b 9d!9d -r riichi-ema-2016 --riichi --dora 8d --honba 2 --deposits 2 --from west
2c3c4c 5c6c7c 3d4d5d 1b1b1b 9d!9d -r riichi-ema-2016 --drawn --honba 2
1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd --first-discard
1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd -r classical-bmja
1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd -r classical-dmjl --seat north
RdRdRd GdGdGd WdWdWd* 2c3c4c 8b!8b -r pung-chow-limit --seat north
1b1b1b --bogus
"""


@pytest.fixture
def batch_file(tmp_path: Path) -> str:
    path = tmp_path / "evening.txt"
    path.write_text(BATCH, encoding="utf-8")
    return str(path)


def _batch(path: str, *argv: str) -> str:
    result = run("batch", path, *argv)
    assert result.exit_code == 1, result.output  # the file holds failing entries
    return result.stdout


SCORES = {
    "pung-chow": ["score", "RdRdRdRd# EwEwEwEw* GdGdGd WdWdWd! SwSw", "--seat", "north"],
    "pung-chow-limit-limit-hand": [
        "score",
        "RdRdRd GdGdGd WdWdWd* 2c3c4c 8b!8b",
        "-r",
        "pung-chow-limit",
        "-s",
        "n",
    ],
    "loser": ["score", "1b1b1b 2c3c4c 5d5d5d* 7c7c 9d9d", "--loser", "--seat", "west"],
    "notes": ["score", CLOSED, "--first-discard"],
    "classical-bmja": ["score", HAND, "-r", "classical-bmja"],
    "classical-dmjl": ["score", HAND, "-r", "classical-dmjl", "--seat", "south", "--drawn"],
    "riichi-drawn": ["score", RIICHI, "-r", "riichi-ema-2016", "--drawn"],
    "riichi-facts": [
        *("score", RIICHI, "-r", "riichi-ema-2016", "--riichi", "--dora", "8d"),
        *("--honba", "2", "--deposits", "2", "--from", "west"),
    ],
    "riichi-discarder-unnamed": ["score", RIICHI, "-r", "riichi-ema-2016", "--riichi"],
}
SETTLES = {
    "hands": ["settle", "--from", "south", *SETTLE_TABLE],
    "plain": [
        "settle",
        "--east",
        "480",
        "--south",
        "64",
        "--west",
        "272",
        "--north",
        "16",
        "--winner",
        "east",
    ],
    "dead": [
        *("settle", "-r", "pung-chow-limit", "--east", "40", "--south", "64", "--west", "272"),
        *("--north", "16", "--winner", "south", "--dead", "west"),
    ],
    "pays-for-all": [
        *("settle", "-r", "pung-chow-limit", "--from", "west", "--east", "1c2c3c 4c5c6c 7c8c9c 6c6c EwEw"),
        *("--south", "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d!5d", "--west", "1b2b3b 4b5b6b 7b8b9b 3c3c Nw 9d"),
        *("--north", "WdWdWd 2b2b 5b5b 6b7b8b 3d 4d Sw"),
    ],
    "false-mahjongg": [
        *("settle", "-r", "pung-chow-limit", "--false-mahjongg", "west"),
        *("--east", "10", "--south", "20", "--west", "0", "--north", "4"),
    ],
    "draw": ["settle", "--draw", "--east", "10", "--south", "20", "--west", "0", "--north", "4"],
    "riichi-facts": [
        *("settle", "-r", "riichi-ema-2016", "--east", RIICHI, "--south", "1c1c1c 2d2d 3b4b 5b6b 7d8d9d Ew"),
        *(
            "--west",
            "0",
            "--north",
            "0",
            "--drawn",
            "--riichi",
            "--dora",
            "8d",
            "--deposits",
            "2",
            "--honba",
            "1",
        ),
    ],
}
ERRORS = {
    "score-hand": ["score", "1b1b1b 3c3c3c 5d5d5d* 4b4b4b* RdRd"],
    "score-option": ["score", HAND, "--seat", "x"],
    "score-ruleset": ["score", HAND, "-r", "nosuch"],
    "score-usage": ["score", "--bogus", "x"],
    "score-dora": ["score", RIICHI, "-r", "riichi-ema-2016", "--drawn", "--dora", "8d,9z"],
    "settle": ["settle", "--east", "1"],
    "settle-no-discarder": ["settle", "-r", "riichi-ema-2016", "--east", RIICHI, "--south", "0"],
    "diff": ["diff", HAND, "-r", "pung-chow"],
    "wash": ["wash", "1d9d"],
    "rules-show": ["rules", "show", "nosuch"],
    "rules-diff": ["rules", "diff", "nosuch", "pung-chow"],
    "rules-check": ["rules", "check", "/nonexistent/typo.yaml"],
    "evening-status": ["evening", "status", "/nonexistent/e.jsonl"],
    "evening-status-not-a-log": ["evening", "status", "samples/part1-examples.txt"],
}
CASES: dict[str, tuple[list[str], Callable[[Any], None]]] = {
    **{f"score-{k}": (argv + ["--json"], check_score) for k, argv in SCORES.items()},
    **{f"settle-{k}": (argv + ["--json"], check_settle) for k, argv in SETTLES.items()},
    "diff": (["diff", HAND, "--drawn", "-r", "pung-chow", "-r", "pung-chow-limit", "--json"], check_diff),
    "diff-riichi-facts": (
        [
            "diff",
            RIICHI,
            "-r",
            "pung-chow",
            "-r",
            "riichi-ema-2016",
            "--honba",
            "1",
            "--deposits",
            "1",
            "--json",
        ],
        check_diff,
    ),
    "wash": (
        ["wash", "1d9d1b9b1c9c EwSwWwNw 2c3c4c", "--seat", "south", "--json"],
        lambda obj: held(obj, doc_table("wash"), "wash"),
    ),
    "rules-list": (
        ["rules", "list", "--json"],
        lambda obj: [held(item, doc_table("rules", 0), item["name"]) for item in obj],
    ),
    "rules-diff": (
        ["rules", "diff", "pung-chow", "samples/house-rules.yaml", "--json"],
        lambda obj: held(obj, doc_table("rules", 2), "rules diff"),
    ),
    "rules-diff-riichi": (
        ["rules", "diff", "pung-chow-limit", "riichi-ema-2016", "--json"],
        check_rules_diff,
    ),
    "rules-check": (
        ["rules", "check", "samples/house-rules.yaml", "--json"],
        lambda obj: held(obj, doc_table("rules", 3), "rules check"),
    ),
    "evening-status": (
        ["evening", "status", EVENING, "--json"],
        lambda obj: held(obj, doc_table("evening", 0), "status"),
    ),
}


def check_report(obj: dict[str, Any]) -> None:
    """`evening report --format json`: the report, its status and each game of its history."""
    fields = doc_table("evening", 1)
    held(obj, fields, "report")
    assert set(obj["ruleset"]) == _meaning_keys(fields["ruleset"])
    assert all(set(payment) == _meaning_keys(fields["settle_up"]) for payment in obj["settle_up"])
    held(obj["status"], doc_table("evening", 0), "report.status")
    for game in obj["history"]:
        held(game, doc_table("evening", 2), f"report.history[{game['game']}]")
        assert all(v is None or type(v) is int for v in game["scores"].values()), game  # null: not given
        for payment in game["payments"]:
            held(payment, doc_table("settle", 1), f"report.history[{game['game']}].payments")
    stats = _meaning_keys(fields["stats"])
    assert all(set(row) == stats for row in obj["stats"].values()), obj["stats"]


@pytest.mark.parametrize(("argv", "check"), CASES.values(), ids=CASES.keys())
def test_output_holds_to_docs_json(argv: list[str], check: Callable[[Any], None]) -> None:
    check(_json(*argv))


@pytest.mark.parametrize("breakdown", [[], ["--breakdown"]], ids=["report", "report-breakdown"])
def test_evening_report_holds_to_docs_json(breakdown: list[str]) -> None:
    check_report(_json("evening", "report", EVENING, "--format", "json", *breakdown))


@pytest.mark.parametrize("argv", ERRORS.values(), ids=ERRORS.keys())
def test_error_object_holds_to_docs_json(argv: list[str]) -> None:
    check_error(_json(*argv, "--json", code=2))


@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_batch_records_hold_to_docs_json(batch_file: str, fmt: str) -> None:
    out = _batch(batch_file, "-f", fmt)
    if fmt == "json":
        lines = out.splitlines()
        assert lines[0] == "[" and lines[-1] == "]"
        out = "\n".join(line.rstrip(",") for line in lines[1:-1])
    check_batch_records(out)


def test_batch_csv_columns_are_the_docs(batch_file: str) -> None:
    """The header is the doc's example header, and its column table names every column."""
    header = re.search(r"^\$ pungchow batch evening.txt --format csv\n(.*)$", DOC, re.M)
    assert header is not None
    rows = list(csv.reader(io.StringIO(_batch(batch_file, "-f", "csv"))))
    assert rows[0] == header.group(1).split(",")
    table = re.search(r"^\| column \| meaning \|\n\| --- .*\n((?:\|.*\n)+)", _section("batch"), re.M)
    assert table is not None
    documented = [
        name for row in table.group(1).splitlines() for name in re.findall(r"`(\w+)`", row.split(" | ")[0])
    ]
    assert sorted(documented) == sorted([*rows[0], "item"])  # `item`: a YAML or JSON list's CSV only
    assert all(len(row) == len(rows[0]) for row in rows)
    numbers = [
        "points",
        "doublings",
        "score",
        "limit",
        "payable",
        "pay_east",
        "pay_south",
        "pay_west",
        "pay_north",
        "deposits",
    ]
    for row in (dict(zip(rows[0], row, strict=True)) for row in rows[1:]):
        if row["error_code"]:  # an error record fills `line` and the last two columns only
            assert not any(v for k, v in row.items() if k not in ("line", "error_code", "error_message")), row
        else:
            assert not row["error_message"] and row["winner"] in ("true", "false"), row
            assert all(re.fullmatch(r"-?\d*", row[k]) for k in numbers), row


@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv"])
def test_batch_compare_summary_holds_to_docs_json(batch_file: str, fmt: str) -> None:
    out = _batch(batch_file, "--compare", "pung-chow", "riichi-ema-2016", "-f", fmt)
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(out)))
        assert [key for key, _ in rows] == list(doc_table("batch-compare"))
        out = json.dumps({key: json.loads(value) if value else None for key, value in rows})
    check_compare(json.loads(out))


SHOWN = [
    "pung-chow",
    "pung-chow-limit",
    "classical-bmja",
    "classical-dmjl",
    "riichi-ema-2016",
    "samples/house-rules.yaml",
]


@pytest.mark.parametrize("ruleset", SHOWN)
def test_rules_show_holds_to_docs_json(ruleset: str) -> None:
    """The merged ruleset document: the doc's keys, in the doc's order."""
    fields = doc_table("rules", 1)
    shown = _json("rules", "show", ruleset, "--json")
    held(shown, fields, f"rules show {ruleset}")
    assert list(shown) == [key for key in fields if key in shown]


def test_evening_stats_holds_to_docs_json() -> None:
    stats = _json("evening", "stats", EVENING, "--json")
    fields = doc_table("evening", 3)
    held(stats, fields, "stats")
    assert all(set(row) == _meaning_keys(fields["players"]) for row in stats["players"].values()), stats


RECORDED = {
    "hand": ["hand", "--winner", "Ann", HAND.replace("Rd!Rd", "7c!7c"), "--from", "Cy", "--other", "Bob=4"],
    "draw": ["draw"],
    "wash": ["wash", "Bob", "1d9d1b9b1c9c EwSwWwNw 2c3c4c"],
    "false-mahjongg": ["false-mahjongg", "Cy"],
}


@pytest.fixture
def evening_log(tmp_path: Path) -> str:
    path = str(tmp_path / "e.jsonl")
    assert run("evening", "new", path, "--players", "Ann,Bob,Cy,Di", "-r", "pung-chow-limit").exit_code == 0
    return path


def test_evening_recording_holds_to_docs_json(evening_log: str) -> None:
    """Each game recorded with --json, then undo and amend as docs/json.md says."""
    for name, (command, *argv) in RECORDED.items():
        if name == "hand":
            argv += ["--other", "Cy=6", "--other", "Di=8"]
        done = _json("evening", command, evening_log, *argv, "--json")
        held(done, doc_table("evening", 4), name)
        assert done["event"]["event"] == {"false-mahjongg": "penalty"}.get(name, name)
    assert set(_json("evening", "undo", evening_log, "--json")) == {"event", "totals"}
    amended = _json("evening", "amend", evening_log, "1", "--draw", "--json")
    assert set(amended) == {"game", "event", "before", "after"} and amended["game"] == 1


RULESET_FILES = {
    "ruleset-invalid": "name: x\nextends: pung-chow\nrules:\n  - id: a\n    when: [{won_by: drawm}]\n",
    "ruleset-yaml": "name: x\n  title: [\n",
}


@pytest.mark.parametrize("command", [["rules", "check"], ["score", HAND, "-r"]], ids=["rules-check", "score"])
@pytest.mark.parametrize("code", RULESET_FILES)
def test_ruleset_error_object_holds_to_docs_json(tmp_path: Path, code: str, command: list[str]) -> None:
    """A ruleset's error object: `file` and `line` (and `column` for YAML itself)."""
    path = tmp_path / "typo.yaml"
    path.write_text(RULESET_FILES[code], encoding="utf-8")
    error = _json(*command, str(path), "--json", code=2)
    check_error(error)
    assert (error["error"]["code"], error["error"]["file"]) == (code, str(path))
    assert type(error["error"]["line"]) is int and ("column" in error["error"]) == (code == "ruleset-yaml")


KOKUSHI = "1c9c1b9b1d9dEwSwWwNwRdGd Wd!Wd"  # riichi's Kokushi Musou, a limit hand
NOTED = {
    "first-discard": ["score", CLOSED, "--first-discard"],
    "last-tile": ["score", HAND, "--last-tile", "-r", "pung-chow-limit"],
    # The robbed tile completes a chow: held twice, it would be refused (robbed_tile_held), not noted.
    "robbing-kong": [
        *("score", "1b1b1b 3c3c3c 5d5d5d* 6c!7c8c RdRd"),
        *("--robbing-kong", "-r", "pung-chow-limit"),
    ],
    "honba": ["score", HAND, "--honba", "1"],
    "deposits": ["score", HAND, "--deposits", "1"],
    "dora-beside-limit": ["score", KOKUSHI, "-r", "riichi-ema-2016", "--drawn", "--dora", "8d"],
    "loser-riichi": ["score", "1c1c1c 2d2d 3b4b 5b6b 7d8d9d Ew", "-r", "riichi-ema-2016", "--loser"],
    # Nine tiles of one suit exposed: a penalty's note, which names the penalty, not an option.
    "pays-for-all": ["score", "1d2d3d* 4d5d6d* 7d8d9d* 2d2d2d 5d!5d", "-r", "pung-chow-limit", "-s", "south"],
}


@pytest.mark.parametrize("argv", NOTED.values(), ids=NOTED.keys())
def test_score_notes_are_the_ones_docs_json_lists(argv: list[str]) -> None:
    """Each note of `score --json` names what it is about first, its option or a penalty's label, and the
    doc's `notes` row names that option or penalty (the `--honba`, `--deposits`, `--dora` beside a limit
    hand and riichi's `--loser` notes were not; the row said every note began with an option, though its
    pays-for-all note begins with the penalty's label)."""
    notes = _json(*argv, "--json")["notes"]
    assert notes
    meaning = doc_table("score")["notes"].meaning
    ruleset = argv[argv.index("-r") + 1] if "-r" in argv else "pung-chow"
    labels = {p["label"] for p in _json("rules", "show", ruleset, "--json").get("penalties", [])}
    for note in notes:
        about = re.match(r"(--[a-z-]+|[A-Z][^:]+): ", note)
        assert about is not None and f"`{about[1]}" in meaning, note
        assert about[1].startswith("--") or about[1] in labels, note  # the ruleset's own label


REPORT_MISTYPED = {
    "unknown-option": ["--format", "json", "--bogus"],
    "option-twice": ["-f", "json", "-f", "json"],
    "extra-word": ["--format=json", "--breakdown", "x"],
}


@pytest.mark.parametrize("argv", REPORT_MISTYPED.values(), ids=REPORT_MISTYPED.keys())
def test_evening_report_format_json_mistyped_is_the_error_object(argv: list[str]) -> None:
    """`evening report --format json` gives its failures as the error object; a mistyped command line
    was the plain `error:` line on standard error, nothing on standard output."""
    check_error(_json("evening", "report", EVENING, *argv, code=2))


def test_evening_report_format_csv_mistyped_is_one_line() -> None:
    result = run("evening", "report", EVENING, "--format", "csv", "--bogus")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith("error: No such option: --bogus")


BATCH_YAML = """\
# hands
- hand: 1b1b1b 3c3c3c 5d5d5d* 4b4b4b* Rd!Rd
  seat: south
  drawn: true
- hand: 2c3c4c 5c6c7c 3d4d5d 1b1b1b 9d!9d
  ruleset: riichi-ema-2016
  riichi: true
  dora: 8d
  honba: 2
  deposits: 2
  from: west
- "1d2d4d* 5c5c5c 6c6c6c 9c!9c 1c2c3c -s s"
- hand: 1b1b1b
  bogus: 1
"""


def test_batch_yaml_records_hold_to_docs_json(tmp_path: Path) -> None:
    """A YAML batch file's records: `line` where the item starts, the same objects."""
    path = tmp_path / "hands.yaml"
    path.write_text(BATCH_YAML, encoding="utf-8")
    out = _batch(str(path), "-f", "jsonl")
    check_batch_records(out)
    assert [json.loads(raw)["line"] for raw in out.splitlines()] == [2, 5, 12, 13]


LIMIT_HANDS = {
    # 4 han 40 fu: basic points over 2,000, the first tier (docs/riichi.md#limits).
    "mangan-by-score": (
        ["2c3c4c 5c6c7c 3d4d5d 1b1b1b 9d!9d", "--drawn", "--riichi", "--dora", "8d,1d"],
        "Mangan",
        False,
    ),
    "sanbaiman": (
        ["1d2d3d 1d!2d3d 1d2d3d 1d2d3d 4d4d", "-s", "south", "--riichi", "--from", "west"],
        "Sanbaiman",
        False,
    ),
    "yakuman": ([KOKUSHI, "--drawn"], "Kokushi Musou", True),
    "no-tier": ([RIICHI, "--drawn"], None, False),
}


@pytest.mark.parametrize(("argv", "name", "limit_line"), LIMIT_HANDS.values(), ids=LIMIT_HANDS.keys())
def test_score_limit_hand_names_a_tier_or_a_limit_hand(
    argv: list[str], name: str | None, limit_line: bool
) -> None:
    """riichi's `limit_hand` names the tier reached (no `limit` line) or the yakuman (its `limit` line), as
    the doc's row says: it said only "the limit hand the hand makes", and riichi's tiers are none."""
    scored = _json("score", *argv, "-r", "riichi-ema-2016", "--json")
    tiers = next(r["limits"] for r in _json("rules", "list", "--json") if r["name"] == "riichi-ema-2016")
    limits = [line["label"] for line in scored["lines"] if line["kind"] == "limit"]
    assert (scored["limit_hand"], limits) == (name, [name] if limit_line else [])
    assert limit_line or name is None or name in tiers
    meaning = doc_table("score")["limit_hand"].meaning
    assert "`limits:` tiers" in meaning and all(f"`{t}`" in meaning for t in (tiers[0], tiers[-1]))


SECTIONS = {  # rules show's optional sections, as docs/json.md's rows say which rulesets have them
    "settlement": {"riichi-ema-2016"},
    "evening": {"pung-chow", "pung-chow-limit", "classical-bmja", "classical-dmjl", "riichi-ema-2016"},
    "wash": {"pung-chow-limit"},
    "penalties": {"pung-chow", "pung-chow-limit", "classical-bmja", "classical-dmjl"},
}


@pytest.mark.parametrize("section", SECTIONS)
def test_rules_show_sections_are_where_docs_json_says(section: str) -> None:
    """Each optional section of `rules show --json` is in the shipped rulesets the doc's row names (it
    said the classical rulesets had no `evening` nor `penalties`; both have had them)."""
    shipped = [r["name"] for r in _json("rules", "list", "--json")]
    assert {r for r in shipped if section in _json("rules", "show", r, "--json")} == SECTIONS[section]
    meaning = doc_table("rules", 1)[section].meaning
    assert "classical" not in meaning or section in ("evening", "penalties")
    assert section != "penalties" or ("classical" in meaning and "`riichi-ema-2016`" in meaning)
    assert section != "evening" or "every shipped ruleset" in meaning


def test_evening_report_csv_columns_are_the_docs(tmp_path: Path) -> None:
    """`evening report --format csv`: the columns docs/json.md#evening lists (they were listed nowhere),
    a player's columns named after him and guarded as a formula would be, an amended game marked in
    `what`, and one row per game of the JSON history with its nets and totals."""
    table = re.search(r"^\| column \| meaning \|\n\| --- .*\n((?:\|.*\n)+)", _section("evening"), re.M)
    assert table is not None
    fixed: list[str] = []
    per_player: list[str] = []
    for row in table.group(1).splitlines():
        names = re.findall(r"`([^`]+)`", row.split(" | ")[0])
        (per_player if names[0].startswith("NAME ") else fixed).extend(names)
    log = str(tmp_path / "e.jsonl")
    assert run("evening", "new", log, "--players", "Ann,Bob,Cy,@Di").exit_code == 0
    others = ["--other", "Ann=4", "--other", "Bob=6", "--other", "Cy=8"]
    assert run("evening", "hand", log, "--winner", "@Di", HAND, "--from", "Bob", *others).exit_code == 0
    assert run("evening", "draw", log).exit_code == 0
    assert run("evening", "amend", log, "2", "--draw", *others, "--other", "@Di=2").exit_code == 0
    result = run("evening", "report", log, "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    report = _json("evening", "report", log, "--format", "json")
    shown = ["'@Di" if p == "@Di" else p for p in report["players"]]
    assert rows[0] == [*fixed, *(c.replace("NAME", p) for c in per_player for p in shown)]
    assert len(rows) == 1 + len(report["history"])
    for row, game in zip(rows[1:], report["history"], strict=True):
        cells = dict(zip(rows[0], row, strict=True))
        guard = "'" if game["what"][0] in "=+-@" else ""
        assert cells["what"] == guard + game["what"] + (" (amended)" if game["amended"] else "")
        assert [int(cells[f"{p} net"]) for p in shown] == list(game["net"].values())
        assert [int(cells[f"{p} total"]) for p in shown] == list(game["totals"].values())
    assert rows[1][4].startswith("'@Di won") and rows[2][4].endswith(" (amended)")


def test_batch_md_csv_columns_are_the_output(tmp_path: Path, batch_file: str) -> None:
    """docs/batch.md's list of csv columns is a text file's header, and a YAML list's with `item` after
    `line`, as it says (it said nothing of `item`, nor of the jsonl records' `"item"`)."""
    doc = (Path(__file__).parent.parent / "docs" / "batch.md").read_text(encoding="utf-8")
    said = re.search(r"fixed columns: `([a-z_, \n]+)`, with `item` after `line` for a YAML or JSON list", doc)
    assert said is not None and '`"item"` after it for an entry of a YAML or JSON list' in doc
    columns = re.split(r",\s+", said.group(1))
    hands = tmp_path / "hands.yaml"
    hands.write_text(BATCH_YAML, encoding="utf-8")
    text_header = next(csv.reader(io.StringIO(_batch(batch_file, "-f", "csv"))))
    yaml_header = next(csv.reader(io.StringIO(_batch(str(hands), "-f", "csv"))))
    assert text_header == columns and yaml_header == [columns[0], "item", *columns[1:]]
    assert all(
        list(json.loads(raw))[:2] == ["line", "item"]
        for raw in _batch(str(hands), "-f", "jsonl").splitlines()
    )
