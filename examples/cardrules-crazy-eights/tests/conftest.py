"""The same Hypothesis examples every run (the testing kit's state machines use Hypothesis)."""

from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, deadline=None)
settings.load_profile("deterministic")
