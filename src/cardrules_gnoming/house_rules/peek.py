"""The ``peek`` house rule: each player knows the centre card of their own layout (G4, G6).

At the deal each player looks at their centre card (position 4), which stays face
down; its owner knows it until it is turned up or leaves the layout. A wrapper of the
deal marks it (`cardrules.plugins.known_cards.learn`); the engine does the rest.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import cardrules
from cardrules.plugins.known_cards import learn

__all__ = ["CENTRE", "SPEC", "Peek"]

#: The centre position of a layout (0-8 row by row).
CENTRE = 4


class Peek:
    """Rule hooks of ``peek``."""

    @cardrules.hookimpl(wrapper=True)
    def cardrules_new_round(self, game: Any, **deal: Any) -> Generator[None, Any, Any]:
        state = yield
        for seat in range(game.players):
            learn(game, state, seat, ("layout", seat), CENTRE)
        return state


SPEC = cardrules.VariantSpec(
    "peek",
    "gnoming-a-round",
    "G4: each player knows the centre card of their own layout, from the deal.",
    plugin=Peek(),
    knowledge=True,
)
