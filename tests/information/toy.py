"""A toy game built from the model's pieces: a stock, a discard pile, hands, layouts, a trick.

`random_table(seed, steps)` plays random operations of every kind a table
offers (draws, discards, passes, peeks, flips, swaps, burying a card in the
stock, shuffles), so that knowledge comes and goes in every way.
"""

from __future__ import annotations

import random

from cardrules.model import (
    Colour,
    PlayingCard,
    Table,
    TableSpec,
    Visibility,
    Zone,
    joker,
    piquet_deck,
)
from cardrules.model.decks import DeckComposition

PLAYERS = 3

SPEC = TableSpec(
    (
        Zone("stock", visibility=Visibility.NOBODY),
        Zone("discard", visibility=Visibility.TOP),
        Zone("hand", owned=True, ordered=False, visibility=Visibility.OWNER),
        Zone("layout", owned=True, visibility=Visibility.FACE_UP),
        Zone("trick", visibility=Visibility.EVERYONE),
    ),
    players=PLAYERS,
)

#: 32 piquet cards, a red joker and two identical plain jokers (copies are one card).
DECK: DeckComposition[PlayingCard] = DeckComposition(
    (*piquet_deck().counts, (joker(Colour.RED), 1), (joker(), 2))
)


def new_table(rng: random.Random) -> Table[PlayingCard]:
    """A shuffled deal: 4 cards a hand, 3 face down a layout, one discard."""
    table: Table[PlayingCard] = Table(SPEC, {"stock": DECK.cards()})
    table.shuffle("stock", rng)
    for seat in range(PLAYERS):
        for _ in range(4):
            table.move_top("stock", ("hand", seat))
        for _ in range(3):
            table.move_top("stock", ("layout", seat))
    table.move_top("stock", "discard")
    return table


def step(table: Table[PlayingCard], rng: random.Random) -> None:
    """One random operation (skipped when it cannot be made)."""
    seat = rng.randrange(PLAYERS)
    other = (seat + rng.randrange(1, PLAYERS)) % PLAYERS
    hand = table.cards(("hand", seat))
    layout = table.cards(("layout", seat))
    kind = rng.randrange(11)
    if kind == 0 and table.size("stock"):
        table.move_top("stock", ("hand", seat))
    elif kind == 1 and hand:
        table.move(rng.choice(hand), ("hand", seat), "discard")
    elif kind == 2 and table.size("discard"):
        table.move_top("discard", ("hand", seat))
    elif kind == 3 and hand:
        table.move(rng.choice(hand), ("hand", seat), ("hand", other))
    elif kind == 4 and table.size("stock"):
        table.reveal("stock", [seat], [rng.randrange(table.size("stock"))])
    elif kind == 5 and table.size(("hand", other)):
        table.reveal(("hand", other), [seat])
    elif kind == 6 and layout:
        table.turn(("layout", seat), rng.randrange(len(layout)), rng.random() < 0.5)
    elif kind == 7 and layout:
        at = rng.randrange(len(layout))
        table.move_at(("layout", seat), at, ("hand", seat))
        card = rng.choice(table.cards(("hand", seat)))
        table.move(card, ("hand", seat), ("layout", seat), to_index=at, face_up=rng.random() < 0.5)
    elif kind == 8 and hand:
        table.move(rng.choice(hand), ("hand", seat), "trick")
    elif kind == 9 and table.size("trick"):
        table.move_top("trick", "stock")
    elif kind == 10 and hand:
        table.move(rng.choice(hand), ("hand", seat), "stock")
        if rng.random() < 0.3:
            table.shuffle("stock", rng)


def random_table(seed: int, steps: int) -> Table[PlayingCard]:
    """The table after a deal and ``steps`` random operations, all from ``seed``."""
    rng = random.Random(seed)
    table = new_table(rng)
    for _ in range(steps):
        step(table, rng)
    return table
