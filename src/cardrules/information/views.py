"""What one seat sees of a table: derived from the zones' declared visibility.

`view_of(table, seat)` gives a `TableView`: for each place, the cards the seat
sees (``None`` for each card hidden from it), the face-up flags of a
``FACE_UP`` place, and the hidden cards the seat *knows* are there. It holds no
hidden card the seat does not know: two tables that differ only in such cards
give equal views (`cardrules.information.shuffle` checks it). Views are
frozen and hashable.

An unordered zone's seen cards, and every ``known`` multiset, are sorted (by
the spec's ``sort_key``, or by the cards' own order), so that a view does not
show the order cards arrived in.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, TypeVar

import attrs

from cardrules.model.table import Table
from cardrules.model.zones import Place, TableSpec, Visibility

__all__ = ["Fact", "PlaceView", "TableView", "view_of"]

C = TypeVar("C")

#: Cards known to lie among the hidden cards of some places: ``(places, cards)``.
Fact = tuple[tuple[Place, ...], tuple[C, ...]]


@attrs.frozen
class PlaceView(Generic[C]):
    """One place as one seat sees it.

    Attributes:
        zone: the zone's name.
        owner: the owning seat, or ``None`` for a table zone.
        cards: one entry per card, bottom first: the card when the seat sees
            it, ``None`` when hidden from it. An unordered zone is either all
            seen (sorted) or all hidden.
        face_up: a ``FACE_UP`` place's flags (public), one per card; ``()`` otherwise.
        known: cards the seat knows to be among this place's hidden ones,
            sorted (not for a ``FACE_UP`` place).
        known_at: ``(position, card)`` pairs the seat knows among a ``FACE_UP``
            place's face-down cards, by position.
        public: cards *every* seat knows to be among this place's cards hidden
            from some seat (common knowledge: a card taken from a discard
            pile into a hand), sorted; a part of ``known`` where the seat does
            not see the place.
        public_at: the same by position, for a ``FACE_UP`` place.
    """

    zone: str
    owner: int | None
    cards: tuple[C | None, ...]
    face_up: tuple[bool, ...] = ()
    known: tuple[C, ...] = ()
    known_at: tuple[tuple[int, C], ...] = ()
    public: tuple[C, ...] = ()
    public_at: tuple[tuple[int, C], ...] = ()

    @property
    def size(self) -> int:
        """How many cards the place holds (public)."""
        return len(self.cards)

    @property
    def hidden(self) -> int:
        """How many of its cards the seat does not see (known ones included)."""
        return sum(card is None for card in self.cards)

    def in_sight(self) -> Iterator[C]:
        """Every card of this place the seat sees or knows."""
        yield from (card for card in self.cards if card is not None)
        yield from self.known
        yield from (card for _, card in self.known_at)


@attrs.frozen
class TableView(Generic[C]):
    """A table as one seat sees it (see `view_of`).

    Attributes:
        seat: the observing seat, ``0 .. players-1``.
        spec: the declared zones (public).
        places: one `PlaceView` per place of ``spec.places``, in that order.
        regions: what the seat knows over several places: ``(places, cards)``,
            the cards lie among those hidden from it in these places (after a
            card left one of them unseen, it cannot tell which); other cards
            than those of ``places[i].known``.
        public_regions: the same, known to every seat.
    """

    seat: int
    spec: TableSpec
    places: tuple[PlaceView[C], ...]
    regions: tuple[Fact[C], ...] = ()
    public_regions: tuple[Fact[C], ...] = ()

    def place(self, zone: str, owner: int | None = None) -> PlaceView[C]:
        """The view of place ``(zone, owner)``. Raises `ZoneError` if there is none."""
        return self.places[self.spec.place_index(zone, owner)]

    def in_sight(self) -> list[C]:
        """Every card the seat sees or knows, over all places (a multiset)."""
        seen = [card for place in self.places for card in place.in_sight()]
        return seen + [card for _, cards in self.regions for card in cards]


def _sorted(spec: TableSpec, cards: list[Any]) -> tuple[Any, ...]:
    return tuple(sorted(cards, key=spec.sort_key) if spec.sort_key else sorted(cards))


def _by_position(pairs: tuple[tuple[int, C], ...]) -> tuple[tuple[int, C], ...]:
    return tuple(sorted(pairs, key=lambda pair: pair[0]))


def view_of(table: Table[C], seat: int) -> TableView[C]:
    """What ``seat`` sees and knows of ``table``.

    Args:
        table: the table.
        seat: the observer, ``0 .. players-1``.

    Returns:
        A `TableView`: for each place, the cards ``seat`` sees, the public
        face-up flags, the hidden cards it knows (`Table.known`,
        `Table.known_at`) and those every seat knows (`Table.public`).

    Raises:
        ZoneError: ``seat`` is out of range.
    """
    spec = table.spec
    spec.check_seat(seat)
    places: list[PlaceView[C]] = []
    for place, ((zone_name, owner), zone) in enumerate(
        zip(spec.places, spec.zone_of_place, strict=True)
    ):
        cards = table.cards((zone_name, owner))
        visibility = zone.visibility
        shown: tuple[C | None, ...]
        if spec.sees_all(place, seat):
            shown = cards if zone.ordered else _sorted(spec, list(cards))
        elif visibility is Visibility.TOP and cards:
            shown = (None,) * (len(cards) - 1) + (cards[-1],)
        elif visibility is Visibility.FACE_UP:
            up = table.face_up((zone_name, owner))
            shown = tuple(card if flag else None for card, flag in zip(cards, up, strict=True))
            places.append(
                PlaceView(
                    zone_name,
                    owner,
                    shown,
                    up,
                    (),
                    _by_position(table.knowledge.known_at(seat, place)),
                    (),
                    _by_position(table.knowledge.known_at(table.public, place)),
                )
            )
            continue
        else:
            shown = (None,) * len(cards)
        known = table.knowledge.known(seat, place)
        public = table.knowledge.known(table.public, place)
        places.append(
            PlaceView(
                zone_name,
                owner,
                shown,
                (),
                _sorted(spec, list(known)) if known else (),
                (),
                _sorted(spec, list(public)) if public else (),
            )
        )
    return TableView(
        seat,
        spec,
        tuple(places),
        _facts(table, seat),
        _facts(table, table.public),
    )


def _facts(table: Table[C], seat: int) -> tuple[Fact[C], ...]:
    """``seat``'s knowledge over several places, places named, cards sorted."""
    spec = table.spec
    return tuple(
        (tuple(spec.places[p] for p in region), _sorted(spec, list(cards)))
        for region, cards in table.knowledge.regions(seat)
    )
