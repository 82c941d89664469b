"""Checks shared by the bundled games' zone tests (tests/*/test_zones.py).

Each game states its rounds in the core's model (``cardrules_<game>.zones``);
these helpers check, for one position and one seat, that what the core derives
from that statement agrees with the game's own hand-written answers:

* every fact a seat's view holds is true of the real table (knowledge never
  outlives the truth);
* a table the core samples from the view (`cardrules.information.determinize`),
  the game's own determinized round and the game's own hidden-card shuffle,
  each stated as a table, give the seat the same view as the real round, hold
  true facts, and deal to the places hidden from the seat exactly the unseen
  pool (the deck less what the seat sees or knows) besides its known cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from cardrules import GameState
from cardrules.information import TableView, determinize, view_of
from cardrules.information.determinize import unseen_cards
from cardrules.model import Table
from tests.observer_support import SETUPS, positions

#: A game's ``table_of``: its round state stated as a `Table`.
TableOf = Callable[[Any], Table[Any]]


def game_positions(game: str, seeds: range, every: int, limit: int) -> Iterator[GameState]:
    """Positions of random play in every setup of ``game`` (`tests.observer_support`)."""
    for setup in SETUPS:
        if setup[0] == game:
            for seed in seeds:
                yield from positions(setup, seed, every, limit)


def hidden_cards(table: Table[Any], seat: int) -> Counter[Any]:
    """Every card of ``table`` hidden from ``seat`` (`Table.public` allowed), as a multiset."""
    return Counter(
        card for place in range(len(table.spec.places)) for card in table.hidden(seat, place)
    )


def known_cards(view: TableView[Any], public: bool = False) -> Counter[Any]:
    """Every hidden card ``view`` says its seat (or, with ``public``, every seat) knows."""
    known: Counter[Any] = Counter()
    for place in view.places:
        known.update(place.public if public else place.known)
        known.update(card for _, card in (place.public_at if public else place.known_at))
    for _, cards in view.public_regions if public else view.regions:
        known.update(cards)
    return known


def check_sound(table: Table[Any], seat: int) -> None:
    """Every fact of ``seat``'s view of ``table``, and of the public's, is true of it."""
    view = view_of(table, seat)
    spec = table.spec
    for who, public in ((seat, False), (table.public, True)):
        room: dict[int, Counter[Any]] = {}
        for number, place in enumerate(view.places):
            hidden = Counter(table.hidden(who, number))
            known = Counter(place.public if public else place.known)
            assert known <= hidden, (place.zone, place.owner, known, hidden)
            cards = table.cards((place.zone, place.owner))
            up = table.face_up((place.zone, place.owner))
            for position, card in place.public_at if public else place.known_at:
                assert cards[position] == card, (place, position)
                assert not up[position], (place, position)
            room[number] = hidden - known
        for places, facts in view.public_regions if public else view.regions:
            pool = sum((room[spec.place_index(*place)] for place in places), Counter())
            assert Counter(facts) <= pool, (places, facts, pool)


def check_table(table: Table[Any], real: Table[Any], seat: int, deck: Any) -> None:
    """``table`` looks to ``seat`` as ``real`` does, holds true facts and deals the unseen pool."""
    view = view_of(real, seat)
    assert view_of(table, seat) == view
    check_sound(table, seat)
    dealt = hidden_cards(table, seat)
    dealt.subtract(known_cards(view))
    assert +dealt == Counter(unseen_cards(view, deck))


def check_samplers(state: GameState, seat: int, table_of: TableOf, rng: random.Random) -> None:
    """The core's and the game's samplers, and the game's shuffle, agree for ``seat``.

    ``state``'s round is stated with ``table_of``; the core's determinization of
    the seat's view, the game's determinized round (``state.determinize``) and
    the game's own ``shuffle_hidden`` of the round, each checked by `check_table`.
    """
    real = table_of(state.round_state)
    deck = state.game.deck
    check_sound(real, seat)
    assert Counter(deck.as_dict()) == Counter(
        card for place in real.spec.places for card in real.cards(place)
    ), "the table holds the whole deck"
    check_table(determinize(view_of(real, seat), deck, rng), real, seat, deck)
    check_table(table_of(state.determinize(seat, rng).round_state), real, seat, deck)
    shuffled = state.game.shuffle_hidden(state.round_state, seat, rng)
    check_table(table_of(shuffled), real, seat, deck)
