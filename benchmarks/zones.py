"""Time the zone model's derivations on a mid-game table of a 4-seat, 52-card game.

    python benchmarks/zones.py [--repeat 2000]

Prints microseconds per call of `Table.clone`, `view_of`, `shuffle_hidden`
and `determinize` (without and with an inference: one seat void in a suit),
on a table with a stock, a top-only discard pile, four hands of about 5 cards,
four layouts of 4 cards (half face up) and a trick, after random play with
passes, peeks and buried cards (so every seat knows some hidden cards).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cardrules.information import Allowed, ImpossibleDealError, determinize, shuffle_hidden, view_of
from cardrules.model import (
    PlaceRef,
    PlayingCard,
    Suit,
    Table,
    TableSpec,
    Visibility,
    Zone,
    standard_deck,
)

SEATS = 4
SPEC = TableSpec(
    (
        Zone("stock"),
        Zone("discard", visibility=Visibility.TOP),
        Zone("hand", owned=True, ordered=False, visibility=Visibility.OWNER),
        Zone("layout", owned=True, visibility=Visibility.FACE_UP),
        Zone("trick", visibility=Visibility.EVERYONE),
    ),
    players=SEATS,
)
DECK = standard_deck()


def mid_game(seed: int) -> Table[PlayingCard]:
    """A dealt table after some random passes, discards, peeks and buried cards."""
    rng = random.Random(seed)
    table: Table[PlayingCard] = Table(SPEC, {"stock": DECK.cards()})
    table.shuffle("stock", rng)
    for seat in range(SEATS):
        for i in range(4):
            table.move_top("stock", ("layout", seat), face_up=i % 2 == 0)
        for _ in range(5):
            table.move_top("stock", ("hand", seat))
    table.move_top("stock", "discard")
    for turn in range(24):
        seat = turn % SEATS
        hand = table.cards(("hand", seat))
        if table.size("stock") > 4:
            table.move_top("stock", ("hand", seat))
        places: list[PlaceRef] = [("hand", (seat + 1) % SEATS), "discard", "stock", "trick"]
        table.move(rng.choice(hand), ("hand", seat), rng.choice(places))
        if turn % 5 == 0:
            table.reveal("stock", [seat], [0])
    return table


def per_call(repeat: int, call: Callable[[], object]) -> float:
    """Microseconds per call, best of three runs of ``repeat`` calls."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            call()
        best = min(best, time.perf_counter() - start)
    return best / repeat * 1e6


def void_in(seat: int, suit: Suit) -> Allowed[PlayingCard]:
    """The inference "``seat`` holds no card of ``suit``"."""

    def allowed(zone: str, owner: int | None, card: PlayingCard) -> bool:
        return not (zone == "hand" and owner == seat and card.suit is suit)

    return allowed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000)
    repeat = parser.parse_args().repeat
    table = mid_game(1)
    view = view_of(table, 0)
    rng = random.Random(0)
    for void in Suit:  # the first suit seat 1 may be void in, as far as seat 0 can tell
        allowed = void_in(1, void)
        try:
            determinize(view, DECK, rng, allowed, attempts=0)
            break
        except ImpossibleDealError:
            continue
    rows = [
        ("Table.clone", lambda: table.clone()),
        ("view_of", lambda: view_of(table, 0)),
        ("shuffle_hidden", lambda: shuffle_hidden(table, 0, rng)),
        ("determinize", lambda: determinize(view, DECK, rng)),
        (
            f"determinize, seat 1 void in {void.name.lower()}",
            lambda: determinize(view, DECK, rng, allowed),
        ),
        (
            "  the same, built card by card",
            lambda: determinize(view, DECK, rng, allowed, attempts=0),
        ),
    ]
    for name, call in rows:
        print(f"{name:<40} {per_call(repeat, call):8.1f} µs")


if __name__ == "__main__":
    main()
