"""What a seat cannot see in Gnoming A Round, and shuffling it (for checks and search)."""

from __future__ import annotations

import random

from cardrules.piles import Pile
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingRound

__all__ = ["shuffle_hidden"]


def shuffle_hidden(state: GnomingRound, seat: int, rng: random.Random) -> GnomingRound:
    """A copy of ``state`` where every card hidden from ``seat`` is dealt anew at random.

    Hidden from every seat: face-down layout cards (the seat's own included,
    G4) and the draw pile. Hidden from every seat but the drawer: a card in
    hand drawn from the draw pile. Each hidden place keeps its number of cards.
    """
    twin = state.clone()
    places: list[tuple[int, int]] = [
        (s, p) for s, layout in enumerate(twin.layouts) for p in range(9) if not layout.face_up[p]
    ]
    cards = [twin.layouts[s].cards[p] for s, p in places] + list(twin.stock)
    held_hidden = twin.held is not None and twin.drawn_from == STOCK and seat != twin.turn_seat
    if held_hidden:
        assert twin.held is not None
        cards.append(twin.held)
    rng.shuffle(cards)
    for s, p in places:
        twin.layouts[s].cards[p] = cards.pop()
    if held_hidden:
        twin.held = cards.pop()
    twin.stock = Pile(cards)
    return twin
