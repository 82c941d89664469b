"""Zones and the table: declarations, moves, knowledge, clones."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from cardrules.information import view_of
from cardrules.model import PlayingCard, Table, TableSpec, Visibility, Zone, ZoneError, parse_cards
from tests.information.toy import SPEC, random_table

H = parse_cards


def small_table() -> Table[PlayingCard]:
    return Table(
        SPEC,
        {
            "stock": H("2C 3C 4C"),
            ("hand", 0): H("QH KH"),
            ("hand", 1): H("QS KS"),
            ("hand", 2): H("QD"),
            ("layout", 2): H("AS AD"),
        },
        face_up={("layout", 2): [False, True]},
    )


def test_zone_declarations_are_checked() -> None:
    with pytest.raises(ZoneError, match="owned"):
        Zone("pot", visibility=Visibility.OWNER)
    with pytest.raises(ZoneError, match="ordered"):
        Zone("hand", owned=True, ordered=False, visibility=Visibility.TOP)
    with pytest.raises(ZoneError, match="name"):
        Zone("")
    with pytest.raises(ZoneError, match="differ"):
        TableSpec((Zone("a"), Zone("a")), players=2)
    with pytest.raises(ZoneError, match="seat"):
        TableSpec((Zone("a"),), players=0)
    with pytest.raises(ZoneError, match="zone"):
        TableSpec((), players=2)
    with pytest.raises(ZoneError, match="takes a seat"):
        SPEC.place_index("hand")
    with pytest.raises(ZoneError, match="no zone"):
        SPEC.place_index("pot")


def test_a_passed_card_stays_known_until_it_moves_out_of_sight() -> None:
    table = small_table()
    table.move(H("QH")[0], ("hand", 0), ("hand", 1))
    assert table.known(0, ("hand", 1)) == tuple(H("QH"))
    assert table.known(2, ("hand", 1)) == ()
    table.move(H("KS")[0], ("hand", 1), "stock")  # another card leaves in the dark
    assert table.known(0, ("hand", 1)) == ()  # seat 0 cannot tell which card went:
    stock, hand = SPEC.place_index("stock"), SPEC.place_index("hand", 1)
    assert table.knowledge.regions(0) == [((stock, hand), tuple(H("QH")))]  # QH is here or there
    assert table.known(1, "stock") == tuple(H("KS"))  # its owner saw it go
    table.move(H("QH")[0], ("hand", 1), "trick")  # QH shows up: nothing left to know
    assert table.knowledge.regions(0) == []


def test_a_card_seen_leaving_ends_only_its_own_knowledge() -> None:
    table = small_table()
    table.move(H("QH")[0], ("hand", 0), ("hand", 1))
    table.move(H("KH")[0], ("hand", 0), ("hand", 1))
    table.move(H("KH")[0], ("hand", 1), "trick")  # played in the open
    assert table.known(0, ("hand", 1)) == tuple(H("QH"))
    table.move(H("QH")[0], ("hand", 1), "discard")  # covered nothing; on top: seen by all
    assert table.known(0, ("hand", 1)) == ()


def test_knowledge_from_several_sources_combines_without_counting_twice() -> None:
    table = small_table()
    table.move(H("QH")[0], ("hand", 0), ("hand", 1))
    table.reveal(("hand", 1), [0])  # seat 0 spies the whole hand: QH is counted once
    assert sorted(table.known(0, ("hand", 1))) == sorted(H("QS KS QH"))
    table.reveal("stock", [2], [0])
    table.reveal("stock", [2], [0])
    assert table.known(2, "stock") == tuple(H("2C"))


def test_face_down_positions_are_known_by_position() -> None:
    table = small_table()
    layout = ("layout", 2)
    table.turn(layout, 1, face_up=False)  # all saw AD turned down
    assert all(table.known_at(seat, layout) == ((1, H("AD")[0]),) for seat in range(3))
    table.move_at(layout, 0, "stock")  # nobody saw AS; AD shifts to position 0
    assert table.known_at(1, layout) == ((0, H("AD")[0]),)
    table.move_at(layout, 0, ("hand", 2))  # a known card followed into a hand
    assert table.known(0, ("hand", 2)) == tuple(H("AD"))
    assert table.known_at(0, layout) == ()


def test_a_refused_move_changes_nothing() -> None:
    table = small_table()
    before = table.clone()
    with pytest.raises(ZoneError, match="not in"):
        table.move(H("AH")[0], ("hand", 0), "stock")
    with pytest.raises(ZoneError, match="empty"):
        table.move_top("trick", "stock")
    with pytest.raises(ZoneError, match="position"):
        table.move_at(("hand", 0), 5, "stock")
    with pytest.raises(ZoneError, match="position"):
        table.move(H("QH")[0], ("hand", 0), ("layout", 2), to_index=7)
    with pytest.raises(ZoneError, match="face-up"):
        table.turn("stock", 0, face_up=True)
    with pytest.raises(ZoneError, match="show"):
        table.reveal("stock", [5])
    with pytest.raises(ZoneError, match="show"):
        table.move(H("QH")[0], ("hand", 0), "stock", shown_to=[3])
    assert table == before


def test_clones_are_independent() -> None:
    table = random_table(4, 40)
    twin = table.clone()
    assert twin == table
    assert view_of(twin, 1) == view_of(table, 1)
    rng = random.Random(0)
    hand = twin.cards(("hand", 0))
    if hand:
        twin.move(hand[0], ("hand", 0), ("hand", 1))
    twin.move_top("stock", ("hand", 2))
    twin.reveal("stock", [0, 1, 2])
    twin.shuffle("stock", rng)
    assert twin != table
    assert table == random_table(4, 40)


def test_which_card_left_in_the_dark_does_not_show() -> None:
    """Seat 0 knows QH in seat 1's hand; seat 1 buries QH or another card: seat 0 cannot tell."""
    views = []
    for buried in H("QH QS"):
        table = small_table()
        table.move(H("QH")[0], ("hand", 0), ("hand", 1))
        table.move(buried, ("hand", 1), "stock")
        views.append([view_of(table, seat) for seat in (0, 2)])
        assert table.known(1, "stock") == (buried,)  # its owner knows which
    assert views[0] == views[1]


def test_a_rebuilt_stock_stays_known_while_cards_are_drawn_from_it_unseen() -> None:
    """Gnoming's rebuild (G8) in zones: the discards become the stock, all see which cards."""
    table = small_table()
    for card in H("QH KH"):
        table.move(card, ("hand", 0), "trick")
    while table.size("trick"):
        table.move_top("trick", "stock")
    stock, hand2 = SPEC.place_index("stock"), SPEC.place_index("hand", 2)
    assert sorted(table.known(table.public, "stock")) == sorted(H("QH KH"))
    table.move_top("stock", ("hand", 2))  # drawn unseen by the others
    assert table.known(0, "stock") == ()
    assert [(r, sorted(c)) for r, c in table.knowledge.regions(0)] == [
        ((stock, hand2), sorted(H("QH KH")))
    ]
    view = view_of(table, 0)
    assert view.regions == (((("stock", None), ("hand", 2)), tuple(sorted(H("QH KH")))),)
    assert view.public_regions == view.regions


def test_tables_and_views_pickle_and_deep_copy() -> None:
    table = random_table(3, 40)
    for twin in (pickle.loads(pickle.dumps(table)), copy.deepcopy(table)):
        assert twin == table
        assert view_of(twin, 1) == view_of(table, 1)
    view = view_of(table, 0)
    assert pickle.loads(pickle.dumps(view)) == view
