"""What a seat cannot see in Toonerville Rook, and shuffling it (for checks and search)."""

from __future__ import annotations

import random

from cardrules.piles import Pile
from cardrules_rook.cards import Card, card_of_code
from cardrules_rook.state import RookRound

__all__ = ["shuffle_hidden"]


def shuffle_hidden(state: RookRound, seat: int, rng: random.Random) -> RookRound:
    """A copy of ``state`` where every card hidden from ``seat`` is dealt anew at random.

    Hidden from ``seat``: the other players' hands and the draw pile. Each hand
    keeps its size and the draw pile its length; the seat's own hand, the table
    and the discard pile stay as they are.
    """
    twin = state.clone()
    others = [s for s in range(twin.players) if s != seat]
    cards: list[Card] = [
        card_of_code(code) for s in others for code in range(57) for _ in range(twin.hands[s][code])
    ]
    sizes = {s: twin.hand_size(s) for s in others}
    cards += list(twin.stock)
    rng.shuffle(cards)
    for s in others:
        counts = [0] * 57
        for _ in range(sizes[s]):
            counts[cards.pop().code] += 1
        twin.hands[s] = counts
    twin.stock = Pile(cards)
    return twin
