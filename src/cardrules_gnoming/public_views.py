"""What of a Gnoming A Round observation is public, for observers of every seat (G9).

The only private card is one drawn from the draw pile, seen by the drawer
alone while it holds it (G9). The public view is the observation of a seat
other than the turn seat, seen from seat 0's chair; the private view of a seat
is that drawn card (tensor plane ``held``).
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.information.public_views import Observe, PublicViews

__all__ = ["PUBLIC_VIEWS"]


def _public(observe: Observe, players: int) -> Any:
    observation = observe(0)
    if observation.turn_seat == 0:  # seat 0 may hold a card drawn from the draw pile
        observation = observe(1)
    return attrs.evolve(observation, seat=0, legal_moves=())


def _private(observation: Any) -> dict[str, Any]:
    held = observation.held_card
    if held is not None and observation.held_from == "stock":
        return {"held_card": held}
    return {}


#: The game's answer to ``cardrules_public_views``.
PUBLIC_VIEWS = PublicViews(_public, _private, ("held",))
