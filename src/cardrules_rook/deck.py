"""Rook decks: 57 cards each, one per player (rules R1, R2)."""

from __future__ import annotations

from cardrules.model.decks import DeckComposition
from cardrules_rook.cards import COLOURS, NUMBERS, ROOK, Card, natural

__all__ = ["ROOK_DECK", "game_deck"]

#: One Rook deck (R1): Red, Yellow, Green, Black 1-14 and one Rook: 57 cards.
ROOK_DECK: DeckComposition[Card] = DeckComposition(
    (*((natural(c, n), 1) for c in COLOURS for n in NUMBERS), (ROOK, 1))
)


def game_deck(players: int) -> DeckComposition[Card]:
    """The cards of a game of ``players``: that many Rook decks shuffled together (R2).

    Examples:
        >>> game_deck(3).size
        171
    """
    return ROOK_DECK.times(players)
