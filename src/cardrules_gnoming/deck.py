"""The default 110-card Gnoming A Round deck (rules G1 and G2).

The rule sheet gives only the counts per category (82 positive, 22 negative,
3 Hazards, 3 Mulligans); the values here are the rules file's default
composition (G2). A variant replaces the deck by implementing the
``cardrules_deck`` hook; see ``docs/rules/gnoming-a-round.md``.
"""

from __future__ import annotations

from cardrules.model.decks import DeckComposition
from cardrules_gnoming.cards import HAZARD, MULLIGAN, Card, number

__all__ = ["DEFAULT_DECK", "category_counts"]

#: G2 default: 1-10 seven each, 11-12 six each, -1 x6, -2 x5, -3 x4, -4 x4,
#: -5 x3, 3 Hazards, 3 Mulligans: 110 cards.
DEFAULT_DECK: DeckComposition[Card] = DeckComposition(
    (
        *((number(v), 7) for v in range(1, 11)),
        (number(11), 6),
        (number(12), 6),
        (number(-1), 6),
        (number(-2), 5),
        (number(-3), 4),
        (number(-4), 4),
        (number(-5), 3),
        (HAZARD, 3),
        (MULLIGAN, 3),
    )
)


def category_counts(deck: DeckComposition[Card]) -> dict[str, int]:
    """Cards per category (G1): ``{"positive", "negative", "hazard", "mulligan"}``,
    and any other kind of card the deck holds under its kind's name.

    Examples:
        >>> category_counts(DEFAULT_DECK)
        {'positive': 82, 'negative': 22, 'hazard': 3, 'mulligan': 3}
    """
    counts = {"positive": 0, "negative": 0, "hazard": 0, "mulligan": 0}
    for card, copies in deck.counts:
        if card.is_positive:
            counts["positive"] += copies
        elif card.is_negative:
            counts["negative"] += copies
        else:  # a Hazard, a Mulligan, or a kind a house rule brings (by its name)
            counts[card.kind.name] = counts.get(card.kind.name, 0) + copies
    return counts
