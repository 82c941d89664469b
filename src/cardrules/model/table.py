"""The cards of every place at run time, and what each seat knows of the hidden ones.

A `Table` holds, for each place of its `TableSpec`, a list of cards (the last
is the top), the face-up flags of ``FACE_UP`` zones, and per seat the
*knowledge* of particular cards it cannot see: a card that seat saw (dealt,
peeked at, passed on, taken from a public pile, covered in a pile it watched,
turned face down) stays known to it while it stays where the seat saw it go.
Knowledge is of *which* cards lie in a place (a multiset), except in a
``FACE_UP`` zone, where it is of the card at a position.

How a move changes knowledge (`move`): a seat *witnesses* a move when it sees
the card where it was (or knew the card at that position), where it goes, or
is shown it (``shown_to``). A witness keeps knowing the card in its new place
when that place hides it, and no longer counts it where it was; a seat that
knew cards of the old place but did not see which one left knows them to be
in the old place *or* the new one (a fact over several places,
`Knowledge.regions`). Every seat sees that a card moved from one place to
another, and the face-up flags.
What every seat witnessed is common knowledge, kept as the knowledge of a
pseudo-seat, `Table.public` (number ``players``).

Cloning copies lists and dictionaries of tuples (no card is copied), so it is
cheap: see docs/model.md for figures.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Generic, TypeVar

from cardrules.model.knowledge import Knowledge
from cardrules.model.zones import Place, TableSpec, Visibility, ZoneError

__all__ = ["PlaceRef", "Table"]

C = TypeVar("C")

#: A place as tables take it: ``(zone, owner)``, or a table zone's bare name.
PlaceRef = Place | str


def _without(cards: tuple[C, ...], card: C) -> tuple[C, ...]:
    """``cards`` less one copy of ``card`` (which must be there)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


class Table(Generic[C]):
    """The cards of every place of a game, with each seat's knowledge of hidden ones.

    Args:
        spec: the declared zones and the number of seats.
        contents: the cards of some places, bottom first (``{("hand", 0): [...],
            "stock": [...]}``); the others start empty. Cards are any hashable
            values (a `cardrules.model.playing_cards.PlayingCard` or a game's own).
        face_up: for ``FACE_UP`` places, one flag per card (default: all face down).

    Raises:
        ZoneError: an unknown place, or flags that do not match the cards.
    """

    __slots__ = ("_cards", "_up", "knowledge", "spec")

    def __init__(
        self,
        spec: TableSpec,
        contents: Mapping[PlaceRef, Iterable[C]] | None = None,
        face_up: Mapping[PlaceRef, Iterable[bool]] | None = None,
    ) -> None:
        self.spec = spec
        self._cards: list[list[C]] = [[] for _ in spec.places]
        self._up: list[list[bool]] = [[] for _ in spec.places]
        #: Every seat's knowledge of hidden cards, by place number (read it with `known`).
        self.knowledge: Knowledge[C] = Knowledge()
        for ref, cards in (contents or {}).items():
            place = self.index(ref)
            self._cards[place] = list(cards)
            self._up[place] = [False] * len(self._cards[place])
        for ref, flags in (face_up or {}).items():
            place = self.index(ref)
            up = list(flags)
            if not spec.zone_of_place[place].positional or len(up) != len(self._cards[place]):
                raise ZoneError(f"face-up flags {up} do not fit place {spec.places[place]}")
            self._up[place] = up

    # -- reading ---------------------------------------------------------------

    def index(self, ref: PlaceRef) -> int:
        """The index of a place in ``spec.places``. Raises `ZoneError` if unknown."""
        if isinstance(ref, str):
            return self.spec.place_index(ref)
        return self.spec.place_index(*ref)

    def cards(self, ref: PlaceRef) -> tuple[C, ...]:
        """The cards of a place, bottom first."""
        return tuple(self._cards[self.index(ref)])

    def face_up(self, ref: PlaceRef) -> tuple[bool, ...]:
        """The face-up flags of a ``FACE_UP`` place (``()`` for other zones)."""
        place = self.index(ref)
        return tuple(self._up[place]) if self.spec.zone_of_place[place].positional else ()

    def size(self, ref: PlaceRef) -> int:
        """How many cards a place holds."""
        return len(self._cards[self.index(ref)])

    def known(self, seat: int, ref: PlaceRef) -> tuple[C, ...]:
        """Cards ``seat`` knows to be among those of a place hidden from it (not positional).

        ``seat`` may be `public`: the cards every seat knows there.
        """
        return self.knowledge.known(seat, self.index(ref))

    def known_at(self, seat: int, ref: PlaceRef) -> tuple[tuple[int, C], ...]:
        """``(position, card)`` pairs ``seat`` knows of a ``FACE_UP`` place's face-down cards."""
        return self.knowledge.known_at(seat, self.index(ref))

    @property
    def public(self) -> int:
        """The seat number of *the public* (``players``): it knows what every seat saw.

        It sees what every seat sees (``EVERYONE`` zones, a ``TOP`` card, face-up
        cards) and learns what every seat witnesses, so ``known(table.public,
        place)`` is common knowledge (e.g. a card taken from a discard pile).
        """
        return self.spec.players

    def sees(self, seat: int, place: int, position: int) -> bool:
        """Whether ``seat`` sees the card at ``position`` of place number ``place``."""
        visibility = self.spec.zone_of_place[place].visibility
        if visibility is Visibility.EVERYONE:
            return True
        if visibility is Visibility.OWNER:
            return self.spec.places[place][1] == seat
        if visibility is Visibility.TOP:
            return position == len(self._cards[place]) - 1
        if visibility is Visibility.FACE_UP:
            return self._up[place][position]
        return False

    def hidden(self, seat: int, place: int) -> list[C]:
        """The cards of place number ``place`` hidden from ``seat``, bottom first."""
        cards = self._cards[place]
        return [card for i, card in enumerate(cards) if not self.sees(seat, place, i)]

    def clone(self) -> Table[C]:
        """An independent copy (cards and knowledge); the spec is shared."""
        twin: Table[C] = Table.__new__(Table)
        twin.spec = self.spec
        twin._cards = [cards.copy() for cards in self._cards]
        twin._up = [up.copy() for up in self._up]
        twin.knowledge = self.knowledge.copy()
        return twin

    # -- moving ----------------------------------------------------------------

    def move(
        self,
        card: C,
        src: PlaceRef,
        dst: PlaceRef,
        *,
        to_index: int | None = None,
        face_up: bool = False,
        shown_to: Iterable[int] = (),
    ) -> None:
        """Move the topmost copy of ``card`` from ``src`` to ``dst`` (on top, or at ``to_index``).

        Args:
            to_index: for a ``FACE_UP`` destination, the position it takes (the
                later ones shift up); ``None`` puts it on top.
            face_up: for a ``FACE_UP`` destination, whether it lies face up.
            shown_to: seats shown the card as it moves (besides those who see it).

        Raises:
            ZoneError: ``card`` is not in ``src``, or a bad place or position
                (nothing changed).
        """
        place = self.index(src)
        cards = self._cards[place]
        for position in range(len(cards) - 1, -1, -1):
            if cards[position] == card:
                self.move_at(
                    src, position, dst, to_index=to_index, face_up=face_up, shown_to=shown_to
                )
                return
        raise ZoneError(f"{card} is not in {self.spec.places[place]}")

    def move_top(
        self,
        src: PlaceRef,
        dst: PlaceRef,
        *,
        to_index: int | None = None,
        face_up: bool = False,
        shown_to: Iterable[int] = (),
    ) -> C:
        """Move the top card of ``src`` to ``dst`` (as `move`) and return it (draw, deal).

        Raises:
            ZoneError: ``src`` is empty, or a bad place or position (nothing changed).
        """
        place = self.index(src)
        if not self._cards[place]:
            raise ZoneError(f"{self.spec.places[place]} is empty")
        return self.move_at(
            src,
            len(self._cards[place]) - 1,
            dst,
            to_index=to_index,
            face_up=face_up,
            shown_to=shown_to,
        )

    def move_at(
        self,
        src: PlaceRef,
        position: int,
        dst: PlaceRef,
        *,
        to_index: int | None = None,
        face_up: bool = False,
        shown_to: Iterable[int] = (),
    ) -> C:
        """Move the card at ``position`` of ``src`` (0 = bottom) to ``dst`` as `move`; return it.

        Raises:
            ZoneError: a bad place, position or seat shown (nothing changed).
        """
        s, d = self.index(src), self.index(dst)
        if not 0 <= position < len(self._cards[s]):
            raise ZoneError(f"no position {position} in {self.spec.places[s]}")
        shown = set(shown_to)
        if not shown <= set(range(self.spec.players)):
            raise ZoneError(f"cannot show a card to seats {sorted(shown)}")
        dst_zone = self.spec.zone_of_place[d]
        end = len(self._cards[d]) - (s == d)
        at = end if to_index is None or not dst_zone.positional else to_index
        if not 0 <= at <= end:
            raise ZoneError(f"no position {at} to move to in {self.spec.places[d]}")
        card = self._cards[s][position]
        positional = self.spec.zone_of_place[s].positional
        witness = [
            self.sees(seat, s, position)
            or seat in shown
            or self._sees_arrival(seat, d, at == end, face_up)
            or (positional and (position, card) in self.knowledge.known_at(seat, s))
            for seat in range(self.spec.players)
        ]
        witness.append(all(witness))  # the public: what every seat saw
        self._take(s, position, card, witness, d)
        covered = self._cards[d][-1] if self._cards[d] and at == end else None
        self._cards[d].insert(at, card)
        self._up[d].insert(at, face_up)
        self.knowledge.shift(d, at, +1)
        for seat in range(self.spec.players + 1):
            if witness[seat] and not self.sees(seat, d, at):
                self._learn(seat, d, at, card)
        if covered is not None and dst_zone.visibility is Visibility.TOP:
            for seat in range(self.spec.players + 1):  # every seat saw the card now covered
                self._learn(seat, d, at - 1, covered)
        return card

    def turn(self, ref: PlaceRef, position: int, face_up: bool) -> None:
        """Turn the card at ``position`` of a ``FACE_UP`` place face up or down.

        A card turned face down stays known to every seat (all saw it).

        Raises:
            ZoneError: not a ``FACE_UP`` place, or no such position.
        """
        place = self.index(ref)
        if not self.spec.zone_of_place[place].positional:
            raise ZoneError(f"{self.spec.places[place]} has no face-up flags")
        if not 0 <= position < len(self._cards[place]):
            raise ZoneError(f"no position {position} in {self.spec.places[place]}")
        was_up = self._up[place][position]
        self._up[place][position] = face_up
        card = self._cards[place][position]
        for seat in range(self.spec.players + 1):
            if was_up and not face_up:
                self._learn(seat, place, position, card)
            elif face_up and not was_up:  # now seen: no longer a hidden card it knows
                if any(p == position for p, _ in self.knowledge.known_at(seat, place)):
                    self.knowledge.forget_at(seat, place, position)
                else:
                    self.knowledge.take(seat, place, card)

    def reveal(
        self, ref: PlaceRef, seats: Iterable[int], positions: Iterable[int] | None = None
    ) -> None:
        """Show ``seats`` the cards at ``positions`` of a place (all by default): they know them.

        For a zone without positions, each seat then knows at least as many of
        each card shown as were shown (knowledge from several sources
        combines; a card shown twice is not counted twice).

        Raises:
            ZoneError: a seat or position out of range (nothing changed).
        """
        place = self.index(ref)
        cards = self._cards[place]
        spots = range(len(cards)) if positions is None else list(positions)
        chosen = list(seats)
        if any(not 0 <= p < len(cards) for p in spots) or any(
            not 0 <= s < self.spec.players for s in chosen
        ):
            raise ZoneError(
                f"cannot show positions {list(spots)} of {self.spec.places[place]} "
                f"to seats {chosen}"
            )
        if set(range(self.spec.players)) <= set(chosen):
            chosen.append(self.public)  # shown to every seat: known to the public
        for seat in chosen:
            hidden = [p for p in spots if not self.sees(seat, place, p)]
            if self.spec.zone_of_place[place].positional:
                for p in hidden:
                    self.knowledge.narrow(seat, place, cards[p], p)
                continue
            for card, shown in Counter(cards[p] for p in hidden).items():
                for _ in range(shown - self.knowledge.known(seat, place).count(card)):
                    self.knowledge.narrow(seat, place, card)

    def shuffle(self, ref: PlaceRef, rng: random.Random) -> None:
        """Shuffle a place's cards (with their flags); known positions there are forgotten."""
        place = self.index(ref)
        order = list(range(len(self._cards[place])))
        rng.shuffle(order)
        self._cards[place] = [self._cards[place][i] for i in order]
        self._up[place] = [self._up[place][i] for i in order]
        self.knowledge.prune_at(place, [], [])

    # -- knowledge bookkeeping ------------------------------------------------

    def _sees_arrival(self, seat: int, place: int, on_top: bool, face_up: bool) -> bool:
        """Whether ``seat`` will see a card arriving in ``place``: on top? face up?."""
        visibility = self.spec.zone_of_place[place].visibility
        if visibility is Visibility.TOP:
            return on_top
        if visibility is Visibility.FACE_UP:
            return face_up
        return self.spec.sees_all(place, seat)

    def _take(self, place: int, position: int, card: C, witness: Sequence[bool], to: int) -> None:
        """Remove the card at ``position`` (going to place ``to``); knowledge follows `move`."""
        zone = self.spec.zone_of_place[place]
        was_top = position == len(self._cards[place]) - 1
        for seat in range(self.spec.players + 1):
            if self.sees(seat, place, position) or not self.knowledge.holds(seat, place):
                continue
            if witness[seat]:
                self.knowledge.take(seat, place, card)
            else:
                self.knowledge.widen(seat, place, to)  # it cannot tell which card went
        del self._cards[place][position]
        del self._up[place][position]
        self.knowledge.shift(place, position, -1)
        if zone.visibility is Visibility.TOP and was_top and self._cards[place]:
            uncovered = self._cards[place][-1]  # now seen by all: no longer a hidden card
            for seat in range(self.spec.players + 1):
                self.knowledge.take(seat, place, uncovered)

    def _learn(self, seat: int, place: int, position: int, card: C) -> None:
        """``seat`` knows ``card`` (at ``position`` of a ``FACE_UP`` place)."""
        if self.spec.zone_of_place[place].positional:
            self.knowledge.learn_at(seat, place, position, card)
        else:
            self.knowledge.learn(seat, place, card)

    def replace_cards(self, contents: Mapping[PlaceRef, Sequence[C]]) -> None:
        """Replace the cards of some places by as many others (face-up flags stay).

        Every seat's knowledge is then kept where it still holds (known cards
        still among the hidden cards of their places, a known position still
        holding its card) and dropped elsewhere. Used to deal hidden cards
        anew (`cardrules.information.shuffle_hidden`).

        Raises:
            ZoneError: an unknown place, or cards not as many as a place holds
                (nothing changed).
        """
        new = {self.index(ref): list(cards) for ref, cards in contents.items()}
        for place, cards in new.items():
            if len(cards) != len(self._cards[place]):
                raise ZoneError(
                    f"{len(cards)} cards for {self.spec.places[place]} of {len(self._cards[place])}"
                )
        for place, cards in new.items():
            self._cards[place] = cards
            if self.spec.zone_of_place[place].positional:
                self.knowledge.prune_at(place, cards, self._up[place])
        for seat in range(self.spec.players + 1):
            self.knowledge.prune(seat, set(new), partial(self.hidden, seat))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Table)
            and self.spec == other.spec
            and self._cards == other._cards
            and self._up == other._up
            and self.knowledge == other.knowledge
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{place}: {cards}" for place, cards in zip(self.spec.places, self._cards, strict=True)
        )
        return f"Table({shown})"
