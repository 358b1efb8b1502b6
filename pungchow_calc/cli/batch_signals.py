"""A batch's stop signals: SIGINT and SIGTERM raise Stop in the main thread, but never while records
are being written (StopSignals.hold), so that no record is cut in half; a second signal ends the
process at once. Split from batch_run.py (the command) and batch_output.py (the records written).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any


class Stop(BaseException):
    """A stop signal arrived (a BaseException, so no `except Exception` turns it into a record)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class StopSignals:
    """While a batch runs, SIGINT and SIGTERM raise Stop in the main thread, except while records
    are being written: then the stop waits for the write to end, so no record is cut in half. A
    second signal, once the batch is stopping, ends the process at once."""

    def __init__(self) -> None:
        self.stopping: int | None = None
        self._holding = False
        self._old: dict[int, Any] = {}

    def __enter__(self) -> StopSignals:
        self._holding = True  # until release(): a stop is put off, never raised outside the batch's try
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) is signal.SIG_IGN:  # ignored when started (`batch ... &` in a
                continue  # script): it stays so, as Python itself leaves an inherited SIG_IGN
            self._old[signum] = signal.signal(signum, self._handle)
        return self

    def release(self) -> None:
        """Let a stop signal raise Stop from now on; one that came since __enter__ raises it now."""
        self._holding = False
        if self.stopping is not None:
            raise Stop(self.stopping)

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._old.items():
            signal.signal(signum, handler)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.stopping is not None:
            os._exit(128 + self.stopping)
        self.stopping = signum
        if not self._holding:
            raise Stop(signum)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Put off a stop signal until the block ends."""
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
        if self.stopping is not None:
            raise Stop(self.stopping)
