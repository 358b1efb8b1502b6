"""Shared pytest set-up. Hypothesis profiles: `ci` (default, quick) and `long` (by hand).

Run the long profile by hand:
    HYPOTHESIS_PROFILE=long python -m pytest tests/test_properties.py tests/test_fuzz.py
Other engineers: add fixtures below; keep the profile block as it is.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# `ci`: small and derandomised so the suite stays fast and repeatable in `.ci/run`.
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# `long`: a real search, run by hand before a release (minutes, random seeds).
settings.register_profile(
    "long",
    max_examples=3000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
