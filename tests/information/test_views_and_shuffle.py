"""Views derived from zones hide what they must, whatever the hidden cards are."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.information import shuffle_hidden, view_of
from cardrules.model import PlayingCard, Table, ZoneError, parse_card
from tests.information.toy import DECK, PLAYERS, SPEC, random_table

seeds = st.integers(0, 2**32 - 1)
steps = st.integers(0, 80)
seats = st.integers(0, PLAYERS - 1)


def check_knowledge_true(table: Table[PlayingCard]) -> None:
    """Every seat's knowledge is of cards really there and hidden from it.

    And what the public knows, every seat knows.
    """
    for place in range(len(SPEC.places)):
        public = Counter(table.knowledge.known(table.public, place))
        public_at = set(table.knowledge.known_at(table.public, place))
        for seat in range(PLAYERS):
            if not SPEC.sees_all(place, seat):
                assert not public - Counter(table.knowledge.known(seat, place))
                assert public_at <= set(table.knowledge.known_at(seat, place))
    for seat in range(PLAYERS + 1):
        for place, zone in enumerate(SPEC.zone_of_place):
            cards = table.cards(SPEC.places[place])
            hidden = Counter(c for i, c in enumerate(cards) if not table.sees(seat, place, i))
            known = Counter(table.knowledge.known(seat, place))
            assert not known - hidden, (seat, SPEC.places[place])
            for position, card in table.knowledge.known_at(seat, place):
                assert zone.positional
                assert cards[position] == card
                assert not table.face_up(SPEC.places[place])[position]
        everywhere = Counter(c for p in range(len(SPEC.places)) for c in table.hidden(seat, p))
        facts = Counter(c for p in range(len(SPEC.places)) for c in table.knowledge.known(seat, p))
        facts.update(
            c for p in range(len(SPEC.places)) for _, c in table.knowledge.known_at(seat, p)
        )
        for region, cards in table.knowledge.regions(seat):
            assert len(region) > 1
            assert not Counter(cards) - Counter(c for p in region for c in table.hidden(seat, p))
            facts.update(cards)
        assert not facts - everywhere  # different facts are different cards


@given(seeds, steps, seats)
def test_view_does_not_change_when_hidden_cards_are_dealt_anew(
    seed: int, count: int, seat: int
) -> None:
    table = random_table(seed, count)
    check_knowledge_true(table)
    twin = shuffle_hidden(table, seat, random.Random(seed))
    assert view_of(twin, seat) == view_of(table, seat)
    check_knowledge_true(twin)
    assert Counter(c for p in SPEC.places for c in twin.cards(p)) == Counter(DECK.cards())
    assert [twin.size(p) for p in SPEC.places] == [table.size(p) for p in SPEC.places]


@given(seeds, steps, seats)
def test_a_view_holds_only_cards_the_seat_sees(seed: int, count: int, seat: int) -> None:
    table = random_table(seed, count)
    view = view_of(table, seat)
    for place, shown in enumerate(view.places):
        cards = table.cards(SPEC.places[place])
        seen = sorted(c for i, c in enumerate(cards) if table.sees(seat, place, i))
        assert sorted(c for c in shown.cards if c is not None) == seen
        assert shown.size == len(cards)
    assert hash(view) == hash(view_of(table, seat))


def test_shuffling_moves_the_cards_a_seat_cannot_see() -> None:
    table = random_table(7, 0)
    moved = {
        tuple(shuffle_hidden(table, 0, random.Random(i)).cards(("hand", 1))) for i in range(20)
    }
    assert len(moved) > 1
    same = {tuple(shuffle_hidden(table, 0, random.Random(i)).cards(("hand", 0))) for i in range(20)}
    assert same == {table.cards(("hand", 0))}


def test_an_unordered_zone_is_seen_sorted() -> None:
    table = random_table(3, 0)
    hand = view_of(table, 1).place("hand", 1).cards
    assert list(hand) == sorted(table.cards(("hand", 1)))


def test_a_seat_out_of_range_is_refused() -> None:
    table = random_table(3, 0)
    with pytest.raises(ZoneError, match="seat"):
        view_of(table, PLAYERS)
    with pytest.raises(ZoneError, match="seat"):
        shuffle_hidden(table, -1, random.Random(0))


def test_a_card_taken_in_the_open_is_known_to_all_one_passed_only_to_its_giver() -> None:
    table = random_table(5, 0)
    top = table.cards("discard")[-1]
    table.move_top("discard", ("hand", 1))
    passed = table.cards(("hand", 0))[0]
    table.move(passed, ("hand", 0), ("hand", 1))
    for seat in range(PLAYERS):
        assert view_of(table, seat).place("hand", 1).public == (top,)
    assert sorted(view_of(table, 0).place("hand", 1).known) == sorted([top, passed])
    assert view_of(table, 2).place("hand", 1).known == (top,)


def test_a_covered_discard_stays_known_until_it_leaves_in_the_dark() -> None:
    table = random_table(5, 0)
    first = table.cards("discard")[-1]
    card = table.cards(("hand", 0))[0]
    table.move(card, ("hand", 0), "discard")
    for seat in range(PLAYERS):
        assert view_of(table, seat).place("discard").known == (first,)
    table.move_top("discard", ("hand", 1))  # `first` is on top again: seen, no longer "known"
    assert view_of(table, 2).place("discard").known == ()
    assert view_of(table, 2).place("discard").cards[-1] == first
    assert view_of(table, 2).place("hand", 1).known == (card,)
    assert parse_card(str(card)) == card
