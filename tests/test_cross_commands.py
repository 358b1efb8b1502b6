"""Properties that cross-check the commands against each other, as a club organiser would: one hand's
`score --json` is its `batch -f jsonl` record (a batch line written in any form `score` reads gives
the same), `diff` shows what `score` gives under each ruleset (its totals, and each line once in its
rows), `batch --compare` counts what scoring each line under A and B gives, and `settle` pays the
winner what `score` says he collects (riichi counters and deposits included, docs/riichi.md#payments).

Every run goes through the entry point as users run it (tests/cli_helpers.py), under every shipped
ruleset, with the options on the line drawn at random.
"""

from __future__ import annotations

import json
import shlex
from collections import Counter
from typing import Any

from cli_helpers import off_the_line, run
from hypothesis import assume, given
from hypothesis import strategies as st
from riichi_hands import RiichiCase, cli_options, riichi_cases
from strategies import (
    SEATS,
    GenGroup,
    GenHand,
    draw_pair,
    draw_set,
    losing_hands,
    pick,
    winning_hands,
)

from pungchow_calc.ruleset_files import builtin_names

NAMES = sorted(builtin_names())
RIICHI = "riichi-ema-2016"
CLASSICAL = [name for name in NAMES if name != RIICHI]
hands_and_sides = st.one_of(
    winning_hands().map(lambda h: (h, True)), losing_hands().map(lambda h: (h, False))
)
FLAGS = ("--last-tile", "--first-discard", "--robbing-kong", "--original-call", "--kong-after-kong")


@st.composite
def options(draw: st.DrawFn, winner: bool = True) -> list[str]:
    """The options of a `score` line, each form drawn at random (docs/batch.md: read alike)."""
    args: list[str] = []
    if draw(st.booleans()):
        args += [draw(st.sampled_from(["-s", "--seat"])), draw(st.sampled_from(SEATS))]
    if draw(st.booleans()):
        args += [draw(st.sampled_from(["-w", "--round"])), draw(st.sampled_from(SEATS))]
    if not winner:
        args.append("--loser")
    else:
        how = draw(st.sampled_from(["", "--drawn", "--loose", "--win-by=discard", "--win-by=wall"]))
        args += [how] if how else []
        if draw(st.booleans()):
            args += ["--from", draw(st.sampled_from(SEATS))]
        args += [flag for flag in FLAGS if draw(st.integers(0, 5)) == 0]
    limit = draw(st.sampled_from(["", "--no-limit", "--limit"]))
    if limit == "--limit":
        args += ["--limit", str(draw(st.integers(1, 3000)))]
    elif limit:
        args.append(limit)
    for counted in ("--honba", "--deposits"):
        if draw(st.integers(0, 3)) == 0:
            args += [counted, str(draw(st.integers(0, 5)))]
    return args


def _json(*argv: str) -> tuple[int, dict[str, Any]]:
    """A command's exit code and its --json answer (an error is {"error": ...} on stdout)."""
    result = run(*argv, "--json")
    return result.exit_code, json.loads(result.stdout)


# --- score and batch ------------------------------------------------------------------------------


def _score_is_the_batch_record(hand: str, args: list[str]) -> None:
    _, scored = _json("score", hand, *args)
    line = shlex.join([hand, *args])
    batch = run("batch", "-", "--format", "jsonl", input=line + "\n")
    record = json.loads(batch.stdout)
    assert record.pop("line") == 1
    # A refusal is the same record, in the words `score` refuses it in (docs/batch.md), an option's
    # with its word's column on the line, which `score` has not.
    if "column" in record.get("error", {}) and "column" not in scored.get("error", {}):
        off_the_line(record["error"], line)
    assert record == scored, (hand, args)
    assert batch.exit_code == (1 if "error" in scored else 0)


@given(hands_and_sides, st.sampled_from(NAMES), st.data())
def test_score_json_is_the_batch_jsonl_record(pair: tuple[GenHand, bool], name: str, data: st.DataObject):
    hand, winner = pair
    _score_is_the_batch_record(hand.text(), [*data.draw(options(winner)), "-r", name])


@given(riichi_cases(), st.data())
def test_a_riichi_score_with_its_facts_is_the_batch_record(case: RiichiCase, data: st.DataObject):
    args = cli_options(case.facts)
    if not case.facts.tsumo and data.draw(st.booleans()):
        args += ["--from", data.draw(st.sampled_from([s for s in SEATS if s != case.facts.seat]))]
    _score_is_the_batch_record(case.hand, args)


def _respelled(args: list[str], draw: st.DrawFn) -> list[str]:
    """The same options in another form `score` reads alike: `-s south`, `-ssouth`, `--seat south`,
    `--seat=south` (docs/batch.md)."""
    out: list[str] = []
    words = iter(args)
    for word in words:
        long = {"-s": "--seat", "-w": "--round", "-r": "--ruleset"}.get(word, word)
        if word in VALUED:
            value = next(words)
            forms = [[word, value], [long, value], [f"{long}={value}"]]
            forms += [[word + value]] if not word.startswith("--") else []
            out += draw(st.sampled_from(forms))
        else:
            out.append(word)
    return out


VALUED = ("-s", "--seat", "-w", "--round", "-r", "--from", "--limit", "--honba", "--deposits")


@given(st.lists(st.tuples(hands_and_sides, st.sampled_from(NAMES)), min_size=1, max_size=5), st.data())
def test_a_batch_line_written_another_way_gives_the_same_record(
    entries: list[tuple[tuple[GenHand, bool], str]], data: st.DataObject
):
    """A line's hand quoted or as several words first on the line, its options in any form `score`
    takes: the same records (docs/batch.md)."""
    plain, other = [], []
    for (hand, winner), name in entries:
        args = [*data.draw(options(winner)), "-r", name]
        plain.append(shlex.join([hand.text(), *args]))
        respelled = shlex.join(_respelled(args, data.draw))
        unquoted = data.draw(st.booleans(), label="hand unquoted")
        other.append(f"{hand.text()} {respelled}" if unquoted else f"{shlex.quote(hand.text())} {respelled}")
    first, second = (
        run("batch", "-", "--format", "jsonl", input="\n".join(lines) + "\n") for lines in (plain, other)
    )
    assert _unplaced(first.stdout, plain) == _unplaced(second.stdout, other), other
    assert first.exit_code == second.exit_code


def _unplaced(out: str, lines: list[str]) -> list[dict[str, Any]]:
    """A batch's records, an option's error without its word's column on its line (off_the_line): the
    same option written another way stands elsewhere."""
    records = [json.loads(text) for text in out.splitlines()]
    for record, line in zip(records, lines, strict=True):
        error = record.get("error", {})
        if error.get("code") in ("bad-option", "option-twice") and "column" in error:
            off_the_line(error, line)
    return records


# --- diff and score -------------------------------------------------------------------------------


@given(hands_and_sides, st.lists(st.sampled_from(NAMES), min_size=2, max_size=3, unique=True), st.data())
def test_diff_totals_are_what_score_gives_under_each_ruleset(
    pair: tuple[GenHand, bool], names: list[str], data: st.DataObject
):
    hand, winner = pair
    args = data.draw(options(winner))
    # --no-limit is refused for the whole command when one ruleset has limit tiers (riichi).
    assume("--no-limit" not in args or RIICHI not in names)
    singles = {name: _json("score", hand.text(), *args, "-r", name)[1] for name in names}
    code, diff = _json("diff", hand.text(), *args, *(f"--ruleset={name}" for name in names))
    if all("error" in one for one in singles.values()):
        # A hand no ruleset scores is an error in the first ruleset's words (docs/batch.md).
        assert (code, diff) == (2, singles[names[0]])
        return
    assert code == 0, diff
    for name, one in singles.items():
        # json.md#diff: each ruleset's full record under `scores`, its totals, null where refused.
        assert diff["scores"][name] == one
        totals = diff["totals"][name]
        if "error" in one:
            assert totals is None
            continue
        for key, value in totals.items():
            if key == "counters":  # what the counters add: already in the payments compared
                continue
            assert value == one.get(key, 0 if key == "deposits" else None), (name, key)
    first = singles[names[0]]
    for name in names[1:]:
        one, difference = singles[name], diff["difference"][name]
        if "error" in one or "error" in first:
            assert difference is None
            continue
        for key in ("points", "doublings", "score", "payable"):
            assert difference[key] == one[key] - first[key], (name, key)
        if winner:
            a, b = first["payments"] or {}, one["payments"] or {}
            assert difference["payments"] == {s: b.get(s, 0) - a.get(s, 0) for s in {**a, **b}}


@given(hands_and_sides, st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True), st.data())
def test_diff_rows_hold_each_rulesets_lines_once(
    pair: tuple[GenHand, bool], names: list[str], data: st.DataObject
):
    """Every line `score` gives under a ruleset stands in one row of `diff` (its set, points,
    doublings and rule), none twice, none lost to the pairing of rows; a row differs exactly when
    the rulesets that scored the hand do not all give it the same value (json.md#diff)."""
    hand, winner = pair
    args = [arg for arg in data.draw(options(winner)) if arg != "--no-limit"]
    code, diff = _json("diff", hand.text(), *args, *(f"-r{name}" for name in names))
    assume(code == 0)
    scored = [name for name in names if "error" not in diff["scores"][name]]
    for name in scored:
        lines = Counter(
            (line.get("set"), line["points"], line["doublings"], line["rule"])
            for line in diff["scores"][name]["lines"]
        )
        values = [(row["set"], row["values"][name]) for row in diff["rows"] if row["values"][name]]
        assert Counter((s, v["points"], v["doublings"], v["rule"]) for s, v in values) == lines, name
    for row in diff["rows"]:
        given_ = [row["values"][name] for name in scored]
        alike = None not in given_ and len({(v["points"], v["doublings"]) for v in given_}) == 1
        assert row["differs"] is not alike, row


# --- batch --compare and score --------------------------------------------------------------------


@given(
    st.lists(hands_and_sides, min_size=1, max_size=5),
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True),
    st.data(),
)
def test_compare_counts_what_each_line_scores_under_both(
    pairs: list[tuple[GenHand, bool]], names: list[str], data: st.DataObject
):
    lines = [(hand.text(), data.draw(options(winner))) for hand, winner in pairs]
    text = "".join(shlex.join([hand, *args]) + "\n" for hand, args in lines)
    compared = run("batch", "-", "--compare", *names, "--format", "json", input=text)
    summary = json.loads(compared.stdout)
    want = dict.fromkeys(
        ("entries", "failed", "changed", "higher", "lower", "payable_changed", "score_difference"), 0
    ) | {"payable_difference": 0, "collects_difference": 0, "deposits_difference": 0}
    for hand, args in lines:
        want["entries"] += 1
        a, b = (_json("score", hand, *args, "-r", name)[1] for name in names)
        if "error" in a or "error" in b:
            want["failed"] += 1
            continue
        rise = b["score"] - a["score"]
        want["score_difference"] += rise
        want["payable_difference"] += b["payable"] - a["payable"]
        want["collects_difference"] += sum((b.get("payments") or {}).values()) - sum(
            (a.get("payments") or {}).values()
        )
        want["deposits_difference"] += b.get("deposits", 0) - a.get("deposits", 0)  # not a payment
        want["payable_changed"] += a["payable"] != b["payable"]
        want["changed"] += bool(rise or a["payable"] != b["payable"])
        want["higher"] += rise > 0
        want["lower"] += rise < 0
    assert {key: summary[key] for key in want} == want, text
    assert compared.exit_code == (1 if want["failed"] else 0)


# --- settle and score -----------------------------------------------------------------------------


def _settle_pays_what_score_says(hand: str, seat: str, args: list[str], others: dict[str, str]) -> None:
    """The winner's collection at the table is score's payments from the seats there, the deposits
    are score's, the table balances, and settle's record of the hand is score's."""
    _, one = _json("score", hand, "--seat", seat, *args)
    argv = ["settle", f"--{seat}", hand, "--winner", seat, *args]
    for other, points in others.items():
        argv += [f"--{other}", points]
    code, table = _json(*argv)
    told = "claimed only from the player on the winner's left"
    said = one.get("error", {}).get("message", "") + (table["error"]["message"] if code == 2 else "")
    if len(others) < 3 and told in said:
        # `score` knows no table and seats four; at a smaller table the player on the winner's left is
        # another (chow_from_left, docs/rulings.md#chow-from-the-left): the two may differ on a chow.
        return
    if "error" in one:
        assert code == 2, (argv, table)
        return
    if code == 2 and table["error"]["code"] in ("liable-unnamed", "liable-hand-unseen"):
        # The hand meets a penalty that makes one player pay for all, and settle cannot tell who pays
        # (he is not named, or his excuse is his hand, given as a score): score notes the penalty.
        assert any("pays these amounts for all" in note for note in one.get("notes", [])), (argv, one)
        return
    assert code == 0, (argv, table)
    assert table["winner"] == seat and table["net_sum"] == 0 == sum(table["net"].values())
    want = {payer: amount for payer, amount in (one["payments"] or {}).items() if payer in others}
    # The winner pays no one; the losers' differences are among themselves (docs/settling.md).
    assert not [p for p in table["payments"] if p["from"] == seat]
    assert sum(p["amount"] for p in table["payments"] if p["to"] == seat) == sum(want.values())
    assert table["net"][seat] == sum(want.values())
    assert table.get("deposits") == one.get("deposits")  # not in net: no seat pays them (json.md)
    if not table["penalties"]:  # a discarder paying for all pays the others' shares too
        got: dict[str, int] = {}
        for payment in table["payments"]:
            if payment["to"] == seat:
                got[payment["from"]] = got.get(payment["from"], 0) + payment["amount"]
        assert got == want
    # The table shows payments from its own seats only: the rest of the record is score's.
    assert {k: v for k, v in table["hands"][seat].items() if k != "payments"} == {
        k: v for k, v in one.items() if k != "payments"
    }


@given(winning_hands(), st.sampled_from(CLASSICAL), st.sampled_from(SEATS), st.data())
def test_settle_pays_the_winner_what_score_says(hand: GenHand, name: str, seat: str, data: st.DataObject):
    args = ["-r", name]
    if data.draw(st.booleans()):
        args += ["--round", data.draw(st.sampled_from(SEATS))]
    others = [s for s in SEATS if s != seat]
    at_table = [s for i, s in enumerate(others) if i == 0 or data.draw(st.booleans())]
    how = data.draw(st.sampled_from(["", "--drawn", "--loose"]))
    if how:
        args.append(how)
    elif data.draw(st.booleans()):
        args += ["--from", data.draw(st.sampled_from(at_table))]
    points = {s: str(data.draw(st.integers(0, 2000), label=f"{s} scores")) for s in at_table}
    _settle_pays_what_score_says(hand.text(), seat, args, points)


@given(riichi_cases(), st.data())
def test_riichi_settle_pays_the_winner_what_score_says(case: RiichiCase, data: st.DataObject):
    args = cli_options(case.facts, seat=False)
    others = [s for s in SEATS if s != case.facts.seat]
    if not case.facts.tsumo:  # the discarder pays for all under riichi: settle must be told who
        args += ["--from", data.draw(st.sampled_from(others))]
    _settle_pays_what_score_says(case.hand, case.facts.seat, args, dict.fromkeys(others, "0"))


@st.composite
def _calling_hands(draw: st.DrawFn, beside: GenHand, players: int) -> list[str]:
    """Losers' hands of 13 tiles (one more a kong) that fit beside the winner's on one table, four
    copies of a tile at most: four sets and a pair drawn with the tiles left, one concealed tile out."""
    counts = Counter(code for group in beside.groups for code in group.tiles)
    hands = []
    for _ in range(players):
        groups = [draw_set(draw, counts) for _ in range(4)]
        pair = draw_pair(draw, counts)
        groups.append(GenGroup("pair", (pair, pair)))
        concealed = [g for g, group in enumerate(groups) if group.concealed]
        if concealed:  # else the pair: a loser lays out no pair (`=`) with a tile short
            g = pick(draw, concealed)
            groups[g] = GenGroup("loose", groups[g].tiles[1:])
        else:
            groups[-1] = GenGroup("loose", (pair,))
        hands.append(GenHand(tuple(draw(st.permutations(groups))), None).text())
    return hands


@given(winning_hands(), st.sampled_from(CLASSICAL), st.sampled_from(SEATS), st.data())
def test_a_losers_hand_settles_as_its_score_would(winner: GenHand, name: str, seat: str, data: st.DataObject):
    """A loser's hand given to `settle` is scored as `score --loser` scores it at his seat, and the
    table settles as it does with that score typed instead (docs/settling.md)."""
    losers = data.draw(_calling_hands(winner, data.draw(st.integers(1, 3), label="losers")), label="losers")
    others = [s for s in SEATS if s != seat][: len(losers)]
    hands = dict(zip(others, losers, strict=True))
    round_ = data.draw(st.sampled_from(SEATS), label="round")
    # A chow is claimed from the player on the left alone under the book's rulesets (chow_from_left):
    # the discarder is he where he is at the table.
    left = SEATS[(SEATS.index(seat) - 1) % len(SEATS)]
    how = data.draw(
        st.sampled_from([["--drawn"], ["--from", left if left in hands else others[0]]]), label="win by"
    )
    common = ["settle", f"--{seat}", winner.text(), "--winner", seat, "-r", name, "--round", round_, *how]
    code, typed = _json(*common, *(word for other, text in hands.items() for word in (f"--{other}", text)))
    # Kajongg's rulesets allow one chow at most: such a winner is refused (test_settle_pays_...).
    assume(code == 0 or typed["error"]["code"] != "not-winning")
    assume(code == 0 or "claimed only from the player on the winner's left" not in typed["error"]["message"])
    assert code == 0, typed
    scores = {}
    for other, text in hands.items():
        _, alone = _json("score", text, "--loser", "--seat", other, "--round", round_, "-r", name)
        assert typed["scored"][other] == alone["score"], (other, text)
        scores[other] = str(alone["score"])
    code, numbers = _json(
        *common, *(word for other, points in scores.items() for word in (f"--{other}", points))
    )
    if code == 2 and numbers["error"]["code"] == "liable-hand-unseen":
        # The win makes the discarder pay for all unless his own hand excuses him: given as a score, it
        # cannot be seen, so the table is refused (docs/settling.md); given in notation, it settled.
        _, alone = _json("score", winner.text(), "--seat", seat, "--round", round_, "-r", name, *how)
        assert any("pays these amounts for all" in note for note in alone.get("notes", [])), alone
        return
    if not typed["penalties"]:  # a discarder's hand given can excuse him (docs/settling.md)
        assert (typed["payments"], typed["net"]) == (numbers["payments"], numbers["net"])
