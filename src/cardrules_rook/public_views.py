"""What of a Toonerville Rook observation is public, for observers of every seat (R16).

Hands are private, and so are the cards a seat drew from a rebuilt draw pile
(R16). The public view is seat 0's observation with its hand cut to the cards
everyone knows are in it (``known_cards``); the private view of a seat is its
hand and those drawn cards (tensor planes ``hand`` and ``drawn_from_rebuilt``).
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.information.public_views import Observe, PublicViews

__all__ = ["PUBLIC_VIEWS"]


def _public(observe: Observe, players: int) -> Any:
    observation = observe(0)
    return attrs.evolve(
        observation,
        hand=observation.known_cards[0],
        drawn_from_rebuilt=(),
        legal_moves=(),
    )


def _private(observation: Any) -> dict[str, Any]:
    return {"hand": observation.hand, "drawn_from_rebuilt": observation.drawn_from_rebuilt}


#: The game's answer to ``cardrules_public_views``.
PUBLIC_VIEWS = PublicViews(_public, _private, ("hand", "drawn_from_rebuilt"))
