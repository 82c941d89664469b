"""Exact determinization: a whole table sampled from one seat's view.

`determinize(view, deck, rng)` deals the *unseen* cards (the deck less every
card the seat sees or knows) into the places hidden from it, each getting its
size less the cards known in it, so that ``view_of(result, view.seat) ==
view``. A game's inferences (``allowed(zone, owner, card)``, e.g. "seat 2 is
void in hearts") restrict where an unseen card may go; the deal is then
uniform among the deals that fit (`cardrules.information.dealing.deal`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import TypeVar

from cardrules.decks import DeckComposition
from cardrules.errors import ObservationMismatchError
from cardrules.information.dealing import ATTEMPTS, Allowed, deal
from cardrules.information.views import TableView
from cardrules.model.table import PlaceRef, Table

__all__ = ["determinize", "unseen_cards"]

C = TypeVar("C", bound=Hashable)


def unseen_cards(view: TableView[C], deck: DeckComposition[C]) -> list[C]:
    """The cards of ``deck`` the seat neither sees nor knows, in the deck's order.

    Raises:
        ObservationMismatchError: the view holds more of a card than the deck,
            or a card the deck lacks.
    """
    seen = Counter(view.in_sight())
    unseen: list[C] = []
    for card, copies in deck.counts:
        left = copies - seen.pop(card, 0)
        if left < 0:
            raise ObservationMismatchError(f"the view shows more {card} than the deck holds")
        unseen += [card] * left
    if seen:
        raise ObservationMismatchError(f"the view shows cards not in the deck: {list(seen)}")
    return unseen


def determinize(
    view: TableView[C],
    deck: DeckComposition[C],
    rng: random.Random,
    allowed: Allowed[C] | None = None,
    attempts: int = ATTEMPTS,
) -> Table[C]:
    """A table consistent with ``view``, its hidden cards sampled with ``rng``.

    Args:
        view: one seat's view (`cardrules.information.view_of`).
        deck: every card of the game (the table holds all of them).
        rng: the generator to sample with.
        allowed: the game's inferences: ``allowed(zone, owner, card)`` says
            whether an unseen card may lie in that place (cards seen or known
            are placed as seen, whatever it says); ``None``: anywhere hidden.
        attempts: uniform deals tried before building one (`deal`).

    Returns:
        A new `Table` whose ``view_of(table, view.seat)`` equals ``view``: seen
        cards where seen, known cards in their places (at random hidden
        positions of a place without positions), the unseen cards dealt
        uniformly among the deals that fit ``allowed``. ``view.seat`` knows
        what the view says; every other seat knows what every seat knows
        (``public``); what another seat alone knows is not in the view.

    Raises:
        ObservationMismatchError: the view contradicts the deck or itself.
        ImpossibleDealError: no deal fits ``allowed`` (an ``ObservationMismatchError``).
    """
    spec = view.spec
    rooms: list[int] = []
    for place in view.places:
        taken = len(place.known) + len(place.known_at)
        if taken > place.hidden:
            raise ObservationMismatchError(
                f"{taken} known cards in {place.zone!r} of {place.hidden} hidden"
            )
        rooms.append(place.hidden - taken)
    dealt = deal(unseen_cards(view, deck), rooms, spec.places, rng, allowed, attempts)
    contents: dict[PlaceRef, list[C]] = {}
    face_up: dict[PlaceRef, tuple[bool, ...]] = {}
    reveals: list[tuple[PlaceRef, list[int]]] = []
    for place, fresh in zip(view.places, dealt, strict=True):
        key: PlaceRef = (place.zone, place.owner)
        hidden = [i for i, card in enumerate(place.cards) if card is None]
        cards: list[C | None] = list(place.cards)
        if place.face_up:
            face_up[key] = place.face_up
            for i, card in place.known_at:
                cards[i] = card
            spots = [i for i in hidden if cards[i] is None]
            for i, card in zip(spots, fresh, strict=True):
                cards[i] = card
            reveals.append((key, [i for i, _ in place.known_at]))
        else:
            mixed = [(card, True) for card in place.known] + [(card, False) for card in fresh]
            rng.shuffle(mixed)
            for i, (card, _) in zip(hidden, mixed, strict=True):
                cards[i] = card
            shown = [i for i, (_, known) in zip(hidden, mixed, strict=True) if known]
            reveals.append((key, shown))
        contents[key] = [card for card in cards if card is not None]
        if len(contents[key]) != len(cards):
            raise ObservationMismatchError(f"{place.zone!r} has hidden places left unfilled")
    table: Table[C] = Table(spec, contents, face_up)
    for key, positions in reveals:
        if positions:
            table.reveal(key, [view.seat], positions)
    everyone = range(spec.players)
    for number, place in enumerate(view.places):
        key = (place.zone, place.owner)
        if place.public_at:
            table.reveal(key, everyone, [i for i, _ in place.public_at])
        if place.public:
            table.reveal(key, everyone, _spots(table, number, place.public))
    return table


def _spots(table: Table[C], place: int, public: tuple[C, ...]) -> list[int]:
    """Positions of ``place`` hidden from the public holding the cards ``public``, one each."""
    cards = table.cards(table.spec.places[place])
    free = [i for i, card in enumerate(cards) if not table.sees(table.public, place, i)]
    spots: list[int] = []
    for card in public:
        spot = next((i for i in free if cards[i] == card and i not in spots), None)
        if spot is None:
            raise ObservationMismatchError(f"{card} is known to all in a place that lacks it")
        spots.append(spot)
    return spots
