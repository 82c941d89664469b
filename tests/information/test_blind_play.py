"""Knowledge changes only by what the seat itself sees: the same blind play on twin tables.

Two tables that differ only in the cards hidden from a seat (a table and its
`shuffle_hidden` twin) go through the same operations, chosen from public
facts only (place sizes) and showing that seat no card it cannot see. Its
views of the two must stay equal after every operation: a knowledge rule
that depended on a hidden card would tell them apart.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from cardrules.information import shuffle_hidden, view_of
from cardrules.model import PlaceRef, PlayingCard, Table
from tests.information.toy import PLAYERS, random_table

Operation = Callable[[Table[PlayingCard]], object]


def blind_operation(table: Table[PlayingCard], seat: int, rng: random.Random) -> Operation | None:
    """An operation chosen without looking at cards hidden from ``seat``, showing it none."""
    t = (seat + rng.randrange(1, PLAYERS)) % PLAYERS  # another seat
    u = rng.choice([s for s in range(PLAYERS) if s != seat])
    kind = rng.randrange(7)
    hand: PlaceRef = ("hand", t)
    layout: PlaceRef = ("layout", t)
    if kind == 0 and table.size(hand):
        at = rng.randrange(table.size(hand))
        return lambda x: x.move_at(hand, at, "stock")
    if kind == 1 and table.size("stock"):
        return lambda x: x.move_top("stock", hand)
    if kind == 2 and table.size(hand):
        dst: PlaceRef = ("hand", u) if u != t else "stock"
        return lambda x: x.move_at(hand, 0, dst)
    if kind == 3 and table.size("stock"):
        return lambda x: x.reveal("stock", [u], [0])
    if kind == 4 and table.size(layout):
        return lambda x: x.move_at(layout, 0, hand, shown_to=[u])
    if kind == 5 and table.size(("hand", seat)):
        card = table.cards(("hand", seat))[0]  # seen by the seat: the same on both tables
        to = rng.choice([hand, "stock", "trick"])
        return lambda x: x.move(card, ("hand", seat), to)
    if kind == 6 and table.size(layout):
        return lambda x: x.turn(layout, 0, face_up=False)
    return None


@given(st.integers(0, 2**32 - 1), st.integers(0, 40), st.integers(0, PLAYERS - 1))
def test_blind_play_keeps_twin_views_equal(seed: int, count: int, seat: int) -> None:
    table = random_table(seed, count)
    twin = shuffle_hidden(table, seat, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(30):
        operation = blind_operation(table, seat, rng)
        if operation is not None:
            operation(table)
            operation(twin)
        assert view_of(twin, seat) == view_of(table, seat)
