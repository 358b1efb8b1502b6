"""CSV cells a spreadsheet opens safely: the one guard of every CSV the commands write (the evening's
report, the batch's records). Standard library only, imports nothing: below both (render/, batch/)."""

from __future__ import annotations

# What a spreadsheet may read as the start of a formula when it opens the CSV (OWASP, "CSV
# injection"): a text cell that begins so is kept as text by a single quote before it. Numbers (a net
# of -106, a score) are written as numbers: they are not text a player typed (docs/evening.md,
# docs/json.md#batch).
CSV_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A CSV cell as a spreadsheet shows it: text that could start a formula gets a leading quote."""
    return "'" + value if isinstance(value, str) and value.startswith(CSV_FORMULA) else value
