"""`pungchow batch`: score a file of hands, one record per entry, in input order, streamed.

The modules, each importing only those above it in this list:

- entry.py    an entry of a batch file, as every reader gives it; a whole file's failure
- words.py    a text line's words: shell quoting, comments, each word's column
- streams.py  a YAML or JSON file's bytes as the parser reads them: JSON mended, UTF-8 checked
- listed.py   a YAML or JSON file: a list of entries, read item by item
- input.py    read a batch file lazily: one entry per text line or YAML list item
- formats.py  a record as text: JSON, a CSV row, a row of the plain table
- compare.py  `--compare A B`: a hand's totals under two rulesets; the summary of the batch
- scoring.py  score an entry: exactly one record, a score or an error, encoded as asked
- workers.py  score a long batch in worker processes, in order, whatever befalls a worker
- run.py      every entry's record in input order: the first ones here, the rest by the workers

Nothing here prints: cli/batch_output.py writes the records, cli/batch_run.py the summary and the
signals' outcome.
This file imports nothing, so that a command loads only the modules it uses.
"""
