"""Zones: where a game's cards lie, and who sees them (declarations only).

A game declares its zones once, in a `TableSpec`: a stock, discard piles,
hands, layouts, tricks, melds on the table... Each `Zone` is either one place
for the table or one place per seat (``owned``), a pile whose order matters or
a set (``ordered``), and has a `Visibility`. A *place* is one zone of one owner:
``("hand", 2)`` is seat 2's hand, ``("stock", None)`` the stock. Seats are
numbered ``0 .. players-1``.

`cardrules.model.table.Table` holds the cards of each place at run time, and
`cardrules.information` derives from these declarations what each seat sees.

Examples:
    >>> spec = TableSpec(
    ...     (
    ...         Zone("stock", visibility=Visibility.NOBODY),
    ...         Zone("discard", visibility=Visibility.TOP),
    ...         Zone("hand", owned=True, ordered=False, visibility=Visibility.OWNER),
    ...     ),
    ...     players=3,
    ... )
    >>> spec.places
    (('stock', None), ('discard', None), ('hand', 0), ('hand', 1), ('hand', 2))
    >>> spec.place_index("hand", 1)
    3
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from cardrules.errors import CardRulesError, quote

__all__ = ["Place", "TableSpec", "Visibility", "Zone", "ZoneError"]

#: A place: a zone's name and its owner seat (``None`` for a table zone).
Place = tuple[str, int | None]


class ZoneError(CardRulesError, ValueError):
    """A zone declaration is malformed, or a table operation names a missing card or place.

    Raised by `Zone`, `TableSpec` and `cardrules.model.table.Table`; a table
    is unchanged when one of its operations raises it.
    """


class Visibility(enum.Enum):
    """Who sees the cards of a zone.

    * ``EVERYONE``: every card is public (a discard pile all can look through,
      melds on the table, a trick);
    * ``OWNER``: the owner sees every card, no other seat (a hand);
    * ``NOBODY``: no seat sees them (a stock, cards set aside face down);
    * ``TOP``: only the top (last) card is public, the rest seen by nobody (a
      discard pile that may not be looked through); ordered zones only;
    * ``FACE_UP``: each position is face up (public) or face down (seen by
      nobody, its owner included), as the table's flags say (a layout of
      cards, some turned over); ordered zones only.

    A seat may still *know* cards it does not see (`cardrules.model.table.Table`
    keeps that knowledge).
    """

    EVERYONE = "everyone"
    OWNER = "owner"
    NOBODY = "nobody"
    TOP = "top"
    FACE_UP = "face-up"


def _check_name(instance: Zone, attribute: object, name: str) -> None:
    if not isinstance(name, str) or not name:
        raise ZoneError(f"a zone's name is non-empty text, got {quote(name)}")


@attrs.frozen
class Zone:
    """One zone of a game.

    Attributes:
        name: the zone's name, unique in its `TableSpec` (e.g. ``"hand"``).
        owned: one place per seat (hands, layouts) rather than one for the table.
        ordered: the order of its cards matters (a pile, a layout: the last card
            is the top); an unordered zone (a hand) is a multiset, seen sorted.
        visibility: who sees its cards (`Visibility`).

    Raises:
        ZoneError: an empty name; ``OWNER`` for a zone that is not ``owned``;
            ``TOP`` or ``FACE_UP`` for a zone that is not ``ordered``.
    """

    name: str = attrs.field(validator=_check_name)
    owned: bool = False
    ordered: bool = True
    visibility: Visibility = Visibility.NOBODY

    def __attrs_post_init__(self) -> None:
        if self.visibility is Visibility.OWNER and not self.owned:
            raise ZoneError(f"zone {quote(self.name)}: only an owned zone can be seen by its owner")
        if self.visibility in (Visibility.TOP, Visibility.FACE_UP) and not self.ordered:
            raise ZoneError(
                f"zone {quote(self.name)}: {self.visibility.name} needs an ordered zone"
            )

    @property
    def positional(self) -> bool:
        """Whether each position has its own face-up flag (``FACE_UP``)."""
        return self.visibility is Visibility.FACE_UP


def _as_zones(zones: Iterable[Zone]) -> tuple[Zone, ...]:
    return tuple(zones)


@attrs.frozen
class TableSpec:
    """A game's zones for a number of seats: the declaration the core derives from.

    Attributes:
        zones: the zones, in the order views list them.
        players: the number of seats (numbered ``0 .. players-1``).
        sort_key: how an unordered zone's seen cards are sorted in a view
            (``None``: the cards' own order, so the card type must be ordered).

    Properties give every place in a fixed order (table zones once, owned
    zones once per seat) and each place's index in it.

    Raises:
        ZoneError: no zone, two zones of one name, or fewer than one seat.
    """

    zones: tuple[Zone, ...] = attrs.field(converter=_as_zones)
    players: int
    sort_key: Callable[[Any], Any] | None = attrs.field(default=None, eq=False)
    places: tuple[Place, ...] = attrs.field(init=False, eq=False, repr=False)
    zone_of_place: tuple[Zone, ...] = attrs.field(init=False, eq=False, repr=False)
    _index: dict[Place, int] = attrs.field(init=False, eq=False, repr=False)
    _zones: dict[str, Zone] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.zones:
            raise ZoneError("a table needs at least one zone")
        names = [zone.name for zone in self.zones]
        if len(set(names)) != len(names):
            raise ZoneError(f"zone names must differ: {names}")
        if not isinstance(self.players, int) or self.players < 1:
            raise ZoneError(f"a table needs at least one seat, got {quote(self.players)}")
        places: list[Place] = []
        zone_of: list[Zone] = []
        for zone in self.zones:
            owners: list[int | None] = list(range(self.players)) if zone.owned else [None]
            for owner in owners:
                places.append((zone.name, owner))
                zone_of.append(zone)
        object.__setattr__(self, "places", tuple(places))
        object.__setattr__(self, "zone_of_place", tuple(zone_of))
        object.__setattr__(self, "_index", {place: i for i, place in enumerate(places)})
        object.__setattr__(self, "_zones", {zone.name: zone for zone in self.zones})

    def zone(self, name: str) -> Zone:
        """The zone called ``name``. Raises `ZoneError` if there is none."""
        try:
            return self._zones[name]
        except KeyError:
            raise ZoneError(f"no zone {quote(name)} (zones: {sorted(self._zones)})") from None

    def place_index(self, zone: str, owner: int | None = None) -> int:
        """The index of place ``(zone, owner)`` in `places`.

        Raises:
            ZoneError: no such zone, an owner for a table zone, no owner (or one
                outside ``0 .. players-1``) for an owned zone.
        """
        index = self._index.get((zone, owner))
        if index is None:
            found = self.zone(zone)
            wanted = f"a seat 0..{self.players - 1}" if found.owned else "no owner"
            raise ZoneError(f"zone {quote(zone)} takes {wanted}, got owner {quote(owner)}")
        return index

    def check_seat(self, seat: int) -> int:
        """``seat``, if it is a seat of this table. Raises `ZoneError` otherwise."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ZoneError(f"seat must be 0..{self.players - 1}, got {quote(seat)}")
        return seat

    def sees_all(self, place: int, seat: int) -> bool:
        """Whether ``seat`` sees every card of place number ``place``, whatever they are."""
        visibility = self.zone_of_place[place].visibility
        return visibility is Visibility.EVERYONE or (
            visibility is Visibility.OWNER and self.places[place][1] == seat
        )
