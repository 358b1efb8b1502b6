"""Running `pungchow` in-process through its entry point, `pungchow_calc.cli:main`, as users run it."""

from __future__ import annotations

import io
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from unittest import mock

from pungchow_calc.cli import main


@dataclass(frozen=True, slots=True)
class Result:
    """What one run printed and how it ended."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        """Both streams, stdout first."""
        return self.stdout + self.stderr


def run(*argv: str, env: dict[str, str] | None = None, input: str | bytes | None = None) -> Result:
    """`pungchow ARGV...` through main(), with sys.argv set, the streams captured and env added;
    `input` is what standard input holds (text or bytes)."""
    out, err = io.StringIO(), io.StringIO()
    data = input.encode() if isinstance(input, str) else (input or b"")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    with (
        mock.patch.dict(os.environ, env or {}),
        mock.patch.object(sys, "argv", ["pungchow", *argv]),
        mock.patch.object(sys, "stdin", stdin),
        redirect_stdout(out),
        redirect_stderr(err),
    ):
        try:
            main()
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return Result(code, out.getvalue(), err.getvalue())
