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
from collections.abc import Hashable, Iterable
from typing import Any, TypeVar

from cardrules.errors import ObservationMismatchError, quote
from cardrules.information.dealing import ATTEMPTS, Allowed, deal
from cardrules.information.views import TableView
from cardrules.model.decks import DeckComposition
from cardrules.model.knowledge import Region
from cardrules.model.table import PlaceRef, Table
from cardrules.model.zones import Place, TableSpec

__all__ = ["as_observed", "deck_less", "determinize", "unseen_cards"]

C = TypeVar("C", bound=Hashable)


def unseen_cards(view: TableView[C], deck: DeckComposition[C]) -> list[C]:
    """The cards of ``deck`` the seat neither sees nor knows, in the deck's order.

    Raises:
        ObservationMismatchError: the view holds more of a card than the deck,
            or a card the deck lacks.
    """
    return deck_less(deck, Counter(view.in_sight()))


def as_observed(state: Any, observation: Any, names: Iterable[str]) -> None:
    """Set each attribute of ``names`` on round state ``state`` to ``observation``'s value.

    For a game's own determinization: the round's public fields (phase, whose
    turn, counters...) are as the seat observed them, under the same names.
    """
    for name in names:
        setattr(state, name, getattr(observation, name))


def deck_less(deck: DeckComposition[C], seen: Counter[C]) -> list[C]:
    """The cards of ``deck`` less the ``seen`` ones (a multiset), in the deck's order.

    What a seat has not seen, for a game that counts what it sees itself
    (``seen`` is emptied).

    Raises:
        ObservationMismatchError: ``seen`` holds more of a card than the deck,
            or a card the deck lacks.
    """
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
                f"{taken} known cards in {quote(place.zone)} of {place.hidden} hidden"
            )
        rooms.append(place.hidden - taken)
    regions = [(_numbers(spec, places), cards) for places, cards in view.regions]
    unseen = unseen_cards(view, deck)
    dealt = deal(unseen, rooms, spec.places, rng, allowed, attempts, regions)
    contents: dict[PlaceRef, list[C]] = {}
    face_up: dict[PlaceRef, tuple[bool, ...]] = {}
    for place, fresh in zip(view.places, dealt, strict=True):
        key: PlaceRef = (place.zone, place.owner)
        hidden = [i for i, card in enumerate(place.cards) if card is None]
        cards: list[C | None] = list(place.cards)
        if place.face_up:
            face_up[key] = place.face_up
            for i, card in place.known_at:
                cards[i] = card
            hidden = [i for i in hidden if cards[i] is None]
            mixed = list(fresh)
        else:
            mixed = [*place.known, *fresh]
            rng.shuffle(mixed)
        for i, card in zip(hidden, mixed, strict=True):
            cards[i] = card
        contents[key] = [card for card in cards if card is not None]
        if len(contents[key]) != len(cards):
            raise ObservationMismatchError(f"{quote(place.zone)} has hidden places left unfilled")
    table: Table[C] = Table(spec, contents, face_up)
    _give_knowledge(table, view)
    return table


def _numbers(spec: TableSpec, places: tuple[Place, ...]) -> Region:
    """The place numbers of ``places``, sorted."""
    return tuple(sorted(spec.place_index(*place) for place in places))


def _give_knowledge(table: Table[C], view: TableView[C]) -> None:
    """The view's seat knows what the view says; every seat knows what all know."""
    spec, knowledge = view.spec, table.knowledge
    for number, place in enumerate(view.places):
        knowledge.set_known(view.seat, number, place.known)
        for position, card in place.known_at:
            knowledge.learn_at(view.seat, number, position, card)
        for seat in range(spec.players + 1):
            if seat != view.seat and not spec.sees_all(number, seat):
                knowledge.add(seat, (number,), place.public)
                for position, card in place.public_at:
                    knowledge.learn_at(seat, number, position, card)
    for places, cards in view.regions:
        knowledge.add(view.seat, _numbers(spec, places), cards)
    for places, cards in view.public_regions:
        region = _numbers(spec, places)
        for seat in range(spec.players + 1):
            if seat == table.public or (
                seat != view.seat and not any(spec.sees_all(p, seat) for p in region)
            ):
                knowledge.add(seat, region, cards)
