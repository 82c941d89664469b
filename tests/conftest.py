"""Shared test configuration: the ``rule`` marker and Hypothesis profiles."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Deterministic in CI (and by default): the same examples every run, no flakes.
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
