"""An evening at the table (`pungchow evening`): an append-only log of games, replayed into the state.

`log` reads and writes the JSON Lines file, `settle` settles one game with the engine, `state` replays
the log (the deal, rounds, totals), `record` turns a command into an event, `report` summarises.
"""
