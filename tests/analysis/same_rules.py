"""A test-only variant that changes nothing: ``base-again``, a second name for Gnoming A Round.

`install` puts it in the catalogue that `cardrules.new_game`, state copies
and the ``simulate`` command read, for one test, so that a seeded run in this
process (``--jobs 1``) finds it like any installed variant.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import Catalogue, VariantSpec, hookimpl

#: A declarative variant that sets no option: the base game under another name.
BASE_AGAIN = VariantSpec("base-again", "gnoming-a-round", "Changes nothing (test toy).")

#: The modules that look up the installed catalogue while a match is simulated.
READERS = ("cardrules.engine.game_state", "cardrules.engine.game_copies", "cardrules.cli.simulate")


class SameRules:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(BASE_AGAIN)


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``base-again`` an installed variant for the rest of a test."""
    catalogue = Catalogue([("same-rules-toy", SameRules())])
    for module in READERS:
        monkeypatch.setattr(f"{module}.default_catalogue", lambda: catalogue)
