"""Toonerville Rook declared in zones: the core's table model of a round (R5-R16).

The game keeps its own round state (`cardrules_rook.state.RookRound`, hands as
card counts) and its own hand-written observation, hidden-card shuffling and
determinization (its fast paths). This module states the same round in the
core's model (`cardrules.model`), so that tests can check that what the core
derives from the declaration (`cardrules.information.view_of`,
`cardrules.information.determinize`) agrees with the game's own answers.

Zones (`zone_spec`):

* ``stock``: the draw pile, seen by nobody (R5);
* ``discard``: the discard pile, seen by everyone (R5, R12);
* ``hand`` per seat: seen by its owner only, a multiset (R2: identical cards
  are one card);
* ``table``: the cards of the melds on the table, meld after meld in the
  order laid, seen by everyone (R11-R14; which cards form which meld, and who
  laid it, stay the game's).

Knowledge `table_of` gives each seat (and the public, `Table.public`):

* the cards known to all to be in a hand (`RookRound.known`): taken from the
  discard pile (R9), bought (R10; not the penalty card, which only the buyer
  sees) or taken back by a swap (R14);
* after a rebuild (R16), the rebuilt cards that no seat can have played since:
  the cards the draw pile was rebuilt from, less the seat's own draws from it,
  less every card another seat played in the open after drawing from it (it
  may have been a drawn card). They lie in the draw pile or in the hands of
  the other seats that drew from it (a fact over those places; in the draw
  pile alone when no other seat drew).

What the game keeps beyond the model: how many cards each seat drew from the
rebuilt pile (``rebuilt_draw_counts``: the model cannot say "seat 2 holds
exactly three of these"), and which of a seat's plays may be cards it drew
(``rebuilt_draw_plays``: a played card *may* have left the rebuilt cards, a
fact of "at most" the model has no form for; the model's fact keeps only the
cards no play can account for). Rook's own determinizer uses both
(`cardrules_rook.hidden`). Besides, the round's public counters and flags
(phase, turn, buys, who is down, owed Rooks...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from cardrules.model import Table, TableSpec, Visibility, Zone
from cardrules_rook.cards import Card, card_of_code, cards_of_counts
from cardrules_rook.state import RookRound

__all__ = ["ZONES", "card_code", "table_of", "zone_spec"]

#: Toonerville Rook's zones, in the order views list them (see the module docstring).
ZONES: tuple[Zone, ...] = (
    Zone("stock", visibility=Visibility.NOBODY),
    Zone("discard", visibility=Visibility.EVERYONE),
    Zone("hand", owned=True, ordered=False, visibility=Visibility.OWNER),
    Zone("table", visibility=Visibility.EVERYONE),
)


def card_code(card: Card) -> int:
    """Sort key of cards in views: the card's code (0-55 naturals, 56 the Rook)."""
    return card.code


@cache
def zone_spec(players: int) -> TableSpec:
    """The zones of a round of ``players`` seats (cards sorted by code in views).

    Raises:
        ZoneError: ``players`` is below 1.
    """
    return TableSpec(ZONES, players, sort_key=card_code)


def _less(counts: Counter[int], codes: Sequence[int]) -> Counter[int]:
    """``counts`` less one of each code in ``codes`` (never below 0)."""
    left = counts.copy()
    left.subtract(codes)
    return +left


def table_of(state: RookRound) -> Table[Card]:
    """The round's cards in a `Table`, with what each seat knows of the hidden ones.

    Args:
        state: a round, at any point (over included).

    Returns:
        A new `Table` of `zone_spec` (``state.players``): the draw pile and
        the discard pile bottom first, each hand, the melds' cards; knowledge
        as the module docstring says (R9, R10, R14, R16).
    """
    players = state.players
    spec = zone_spec(players)
    contents: dict[tuple[str, int | None] | str, Sequence[Card]] = {
        "stock": list(state.stock),
        "discard": list(state.discards),
        "table": [card for meld in state.table for card in meld.cards()],
    }
    for seat, counts in enumerate(state.hands):
        contents[("hand", seat)] = cards_of_counts(counts)
    table: Table[Card] = Table(spec, contents)
    knowledge = table.knowledge
    hands = [table.index(("hand", seat)) for seat in range(players)]
    everyone = range(players + 1)  # the seats and the public
    for owner, known in enumerate(state.known):
        cards = cards_of_counts(known)
        if cards:
            for seat in everyone:
                if seat != owner:
                    knowledge.add(seat, (hands[owner],), cards)
    if state.rebuilds:  # R16: the draw pile was rebuilt in the open
        rebuilt = Counter({code: n for code, n in enumerate(state.rebuilt) if n})
        stock = table.index("stock")
        for seat in everyone:
            others = [s for s in range(players) if s != seat]
            left = rebuilt
            if seat < players:
                draws = state.rebuilt_draws[seat]
                left = _less(left, [code for code in range(57) for _ in range(draws[code])])
            for other in others:
                left = _less(left, [code for _, code in state.rebuilt_plays[other]])
            drawers = [hands[s] for s in others if sum(state.rebuilt_draws[s])]
            rest = [card_of_code(code) for code in sorted(left.elements())]
            knowledge.add(seat, tuple(sorted((stock, *drawers))), rest)
    return table
