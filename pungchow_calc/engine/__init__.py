"""The scoring engine: pure, standard library only; it returns data and never prints.

A record that nothing compares, hashes or shows (a registry entry, a ruleset's plan, a parameter spec,
a row of the facts table) is declared `@dataclass(frozen=True, slots=True, eq=False, repr=False)`:
Python 3.11 compiles each method a dataclass generates as its module imports, a cost every command's
start-up pays (about 0.1 ms a method, measured 2026-11-26). The value types (Score, Hand, Meld, Line,
Situation, ...) keep their equality and their repr; a compiled Rule, whose tests are functions, is a
record.
"""
