"""A test-only variant that changes nothing: ``base-again``, a second name for Gnoming A Round.

`install` makes it an installed plugin (an entry point) for one test, so that
`cardrules.simulate.simulate` and the CLI find it like any variant.
"""

from __future__ import annotations

import importlib.metadata
from typing import Any

import pytest

from cardrules import VariantSpec, hookimpl
from cardrules.registry import default_catalogue

NAME = "same-rules-toy"

#: A declarative variant that sets no option: the base game under another name.
BASE_AGAIN = VariantSpec("base-again", "gnoming-a-round", "Changes nothing (test toy).")


class SameRules:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(BASE_AGAIN)


PLUGIN = SameRules()

ENTRY_POINT = importlib.metadata.EntryPoint(
    name=NAME, value=f"{__name__}:PLUGIN", group="cardrules"
)


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``base-again`` an installed variant for the rest of a test."""
    real = importlib.metadata.entry_points

    def entry_points(**kwargs: Any) -> Any:
        found: list[Any] = list(real(**kwargs))
        if kwargs.get("group") == "cardrules":
            found.append(ENTRY_POINT)
        return found

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    default_catalogue.cache_clear()
