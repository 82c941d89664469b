"""Determinization from a view: every sample gives the view back, and keeps the inferences."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.errors import ObservationMismatchError
from cardrules.information import ImpossibleDealError, deal, determinize, unseen_cards, view_of
from cardrules.model import PlayingCard, Suit, Table, TableSpec, Visibility, Zone, parse_cards
from cardrules.model.decks import DeckComposition
from tests.information.test_views_and_shuffle import check_knowledge_true
from tests.information.toy import DECK, PLAYERS, SPEC, random_table

seeds = st.integers(0, 2**32 - 1)


def void_of(table: Table[PlayingCard], seat: int) -> Suit | None:
    """A suit ``seat``'s hand really lacks (an inference a game could have made), if any."""
    held = {card.suit for card in table.cards(("hand", seat))}
    return next((suit for suit in Suit if suit not in held), None)


@given(seeds, st.integers(0, 80), st.integers(0, PLAYERS - 1))
def test_every_sample_gives_the_view_back(seed: int, count: int, seat: int) -> None:
    table = random_table(seed, count)
    view = view_of(table, seat)
    sample = determinize(view, DECK, random.Random(seed))
    assert view_of(sample, seat) == view
    check_knowledge_true(sample)
    for other in range(PLAYERS):  # every seat knows what all know, in the sample too
        assert [p.public for p in view_of(sample, other).places] == [p.public for p in view.places]
        assert [p.public_at for p in view_of(sample, other).places] == [
            p.public_at for p in view.places
        ]
    assert Counter(c for p in SPEC.places for c in sample.cards(p)) == Counter(DECK.cards())


@given(seeds, st.integers(0, 80), st.integers(0, PLAYERS - 1))
def test_samples_keep_a_known_void(seed: int, count: int, seat: int) -> None:
    table = random_table(seed, count)
    other = (seat + 1) % PLAYERS
    void = void_of(table, other)

    def allowed(zone: str, owner: int | None, card: PlayingCard) -> bool:
        return not (zone == "hand" and owner == other and card.suit is void)

    view = view_of(table, seat)
    for attempts in (64, 0):  # by rejection, then built card by card
        sample = determinize(view, DECK, random.Random(seed), allowed, attempts=attempts)
        assert view_of(sample, seat) == view
        assert void is None or all(c.suit is not void for c in sample.cards(("hand", other)))


def test_every_unseen_card_reaches_every_hidden_place() -> None:
    table = random_table(11, 30)
    seat = 0
    view = view_of(table, seat)
    rooms = {
        place: view.places[i].hidden - len(view.places[i].known) - len(view.places[i].known_at)
        for i, place in enumerate(SPEC.places)
    }
    targets = [place for place, room in rooms.items() if room]
    unseen = set(unseen_cards(view, DECK))
    assert len(targets) >= 3
    assert len(unseen) >= 10
    reached: set[tuple[PlayingCard, object]] = set()
    rng = random.Random(1)
    for _ in range(600):
        sample = determinize(view, DECK, rng)
        for place in targets:
            reached.update((card, place) for card in sample.cards(place))
    assert {(card, place) for card in unseen for place in targets} <= reached


def test_built_deals_reach_every_allowed_place() -> None:
    spec = TableSpec(
        (Zone("pile"), Zone("hand", owned=True, ordered=False, visibility=Visibility.OWNER)),
        players=3,
    )
    cards = parse_cards("2H 3H 4S 5S 6C 7C")
    places = list(spec.places)
    rooms = [0, 2, 2, 2]

    def allowed(zone: str, owner: int | None, card: PlayingCard) -> bool:
        return owner != 1 or card.suit is not Suit.HEARTS  # seat 1 is void in hearts

    seen: set[tuple[PlayingCard, int]] = set()
    rng = random.Random(3)
    for _ in range(300):
        hands = deal(cards, rooms, places, rng, allowed, attempts=0)
        assert [len(h) for h in hands] == rooms
        assert not any(c.suit is Suit.HEARTS for c in hands[2])
        seen.update((card, i) for i, hand in enumerate(hands) for card in hand)
    assert seen == {(c, i) for c in cards for i in (1, 2, 3) if i != 2 or c.suit is not Suit.HEARTS}


def test_an_impossible_inference_is_refused() -> None:
    table = random_table(2, 0)
    view = view_of(table, 0)

    def nothing_in_hands(zone: str, owner: int | None, card: PlayingCard) -> bool:
        return zone != "hand"

    with pytest.raises(ImpossibleDealError, match="inferences"):
        determinize(view, DECK, random.Random(0), nothing_in_hands, attempts=3)


def test_a_view_that_shows_more_than_the_deck_is_refused() -> None:
    table = random_table(2, 0)
    view = view_of(table, 0)
    small: DeckComposition[PlayingCard] = DeckComposition(DECK.counts[1:])
    with pytest.raises(ObservationMismatchError):
        determinize(view, small, random.Random(0))
    with pytest.raises(ImpossibleDealError):
        determinize(
            view, DeckComposition((*DECK.counts, (parse_cards("2C")[0], 1))), random.Random(0)
        )


def test_deals_that_fit_are_equally_likely() -> None:
    """Seat 1 is void in hearts: 2H must be in the pile, with one of three cards, each 1/3."""
    spec = TableSpec((Zone("pile"), Zone("hand", owned=True)), players=2)
    cards = parse_cards("2H 3S 4S 5S")

    def allowed(zone: str, owner: int | None, card: PlayingCard) -> bool:
        return owner != 1 or card.suit is not Suit.HEARTS

    rng = random.Random(5)
    tally = Counter(
        frozenset(deal(cards, [2, 0, 2], spec.places, rng, allowed)[0]) for _ in range(3000)
    )
    assert set(tally) == {frozenset(parse_cards(f"2H {c}")) for c in ("3S", "4S", "5S")}
    assert all(900 <= n <= 1100 for n in tally.values())  # 1000 each, seeded


def test_a_game_may_bring_its_own_card_type() -> None:
    """Cards are any hashable, ordered values: here numbers, two copies of each."""
    spec = TableSpec(
        (Zone("stock"), Zone("hand", owned=True, ordered=False, visibility=Visibility.OWNER)),
        players=2,
    )
    deck: DeckComposition[int] = DeckComposition(tuple((n, 2) for n in range(1, 6)))
    table: Table[int] = Table(spec, {"stock": deck.cards()})
    table.shuffle("stock", random.Random(1))
    for _ in range(3):
        table.move_top("stock", ("hand", 0))
        table.move_top("stock", ("hand", 1))
    view = view_of(table, 0)
    assert view.place("hand", 0).cards == tuple(sorted(table.cards(("hand", 0))))
    sample = determinize(view, deck, random.Random(2))
    assert view_of(sample, 0) == view
    assert sorted(c for p in spec.places for c in sample.cards(p)) == sorted(deck.cards())
