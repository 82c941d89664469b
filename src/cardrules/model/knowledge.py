"""Which hidden cards each seat knows, and where (the bookkeeping behind `Table`).

Knowledge is a set of *facts* per seat. A fact ``(region, cards)`` says: these
cards lie among the cards hidden from the seat in the places of ``region`` (a
sorted tuple of place numbers). Most facts are of one place; a fact spreads
over several when a card leaves one of its places unseen (the seat knows the
cards are still there *or* where that card went). The cards of different
facts are different cards. In a ``FACE_UP`` place, a seat may also know the
card at a position. Values are tuples, so a copy costs one dictionary copy
per kind. The rules of *when* a seat learns or forgets are
`cardrules.model.table.Table`'s; this class only stores them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

__all__ = ["Knowledge", "Region"]

C = TypeVar("C")

#: The places of a fact, as sorted place numbers.
Region = tuple[int, ...]


class Knowledge(Generic[C]):
    """Every seat's knowledge of hidden cards (see the module docstring)."""

    __slots__ = ("_at", "_facts")

    def __init__(self) -> None:
        self._facts: dict[tuple[int, Region], tuple[C, ...]] = {}
        self._at: dict[tuple[int, int], tuple[tuple[int, C], ...]] = {}

    def copy(self) -> Knowledge[C]:
        """An independent copy (the tuples are shared)."""
        twin: Knowledge[C] = Knowledge.__new__(Knowledge)
        twin._facts = self._facts.copy()
        twin._at = self._at.copy()
        return twin

    # -- reading ---------------------------------------------------------------

    def known(self, seat: int, place: int) -> tuple[C, ...]:
        """The cards ``seat`` knows among the hidden ones of ``place`` alone (a multiset)."""
        return self._facts.get((seat, (place,)), ())

    def known_at(self, seat: int, place: int) -> tuple[tuple[int, C], ...]:
        """The ``(position, card)`` pairs ``seat`` knows in a ``FACE_UP`` place."""
        return self._at.get((seat, place), ())

    def regions(self, seat: int) -> list[tuple[Region, tuple[C, ...]]]:
        """``seat``'s facts over several places: ``(region, cards)``, by region."""
        return sorted(
            (region, cards)
            for (who, region), cards in self._facts.items()
            if who == seat and len(region) > 1
        )

    def entries(self, seat: int) -> list[tuple[int, int | None, C]]:
        """``(place, position, card)`` of what ``seat`` knows of single places, sorted.

        A card known at a position of a ``FACE_UP`` place has its position;
        one known among a place's cards has ``None`` (once per copy known).
        Facts over several places are left out (`regions`).
        """
        found: list[tuple[int, int | None, C]] = [
            (place, None, card)
            for (who, region), cards in self._facts.items()
            if who == seat and len(region) == 1
            for place in region
            for card in cards
        ]
        found += [
            (place, position, card)
            for (who, place), pairs in self._at.items()
            if who == seat
            for position, card in pairs
        ]
        return sorted(found, key=lambda entry: (entry[0], -1 if entry[1] is None else entry[1]))

    def holds(self, seat: int, place: int) -> bool:
        """Whether a fact of ``seat`` is about ``place``."""
        return any(who == seat and place in region for who, region in self._facts)

    # -- learning and forgetting -----------------------------------------------

    def learn(self, seat: int, place: int, card: C) -> None:
        """``seat`` knows one more ``card`` among ``place``'s hidden cards."""
        self.add(seat, (place,), (card,))

    def add(self, seat: int, region: Region, cards: Iterable[C]) -> None:
        """``seat`` knows ``cards`` (other cards than it knew) among those of ``region``."""
        merged = (*self._facts.get((seat, region), ()), *cards)
        if merged:
            self._facts[(seat, region)] = merged

    def learn_at(self, seat: int, place: int, position: int, card: C) -> None:
        """``seat`` knows ``card`` lies at ``position`` of ``place``."""
        kept = tuple(pair for pair in self._at.get((seat, place), ()) if pair[0] != position)
        self._at[(seat, place)] = (*kept, (position, card))

    def set_known(self, seat: int, place: int, cards: Iterable[C]) -> None:
        """Replace what ``seat`` knows of ``place`` alone (a multiset)."""
        self._set((seat, (place,)), tuple(cards))

    def take(self, seat: int, place: int, card: C) -> bool:
        """One ``card`` of ``place`` is no longer hidden there: drop it from a fact.

        The most specific fact about ``place`` holding ``card`` loses it.
        Returns whether one did.
        """
        facts = sorted(
            (len(region), region)
            for who, region in self._facts
            if who == seat and place in region and card in self._facts[(seat, region)]
        )
        if not facts:
            return False
        key = (seat, facts[0][1])
        cards = self._facts[key]
        i = cards.index(card)
        self._set(key, cards[:i] + cards[i + 1 :])
        return True

    def narrow(self, seat: int, place: int, card: C, position: int | None = None) -> None:
        """``seat`` learns a ``card`` lies in ``place``: the one a wider fact held, if any.

        The most specific fact over several places that holds ``card`` and
        ``place`` loses it (it may be this card), and ``seat`` knows it in
        ``place`` alone (at ``position``, for a ``FACE_UP`` place).
        """
        facts = sorted(
            (len(region), region)
            for who, region in self._facts
            if who == seat
            and len(region) > 1
            and place in region
            and card in self._facts[(seat, region)]
        )
        if facts:
            cards = self._facts[(seat, facts[0][1])]
            i = cards.index(card)
            self._set((seat, facts[0][1]), cards[:i] + cards[i + 1 :])
        if position is None:
            self.learn(seat, place, card)
        else:
            self.learn_at(seat, place, position, card)

    def widen(self, seat: int, place: int, to: int) -> None:
        """A card ``seat`` did not see went from ``place`` to ``to``: its facts there spread."""
        for region in [r for who, r in self._facts if who == seat and place in r]:
            cards = self._facts.pop((seat, region))
            self.add(seat, tuple(sorted({*region, to})), cards)

    def forget_at(self, seat: int, place: int, position: int) -> None:
        """``seat`` no longer knows the card at ``position`` of ``place``."""
        self._set_at(
            seat, place, (pair for pair in self._at.get((seat, place), ()) if pair[0] != position)
        )

    def shift(self, place: int, at: int, delta: int) -> None:
        """Known positions of ``place`` from ``at`` on move by ``delta`` (``-1`` drops ``at``)."""
        for seat, where in [key for key in self._at if key[1] == place]:
            self._set_at(
                seat,
                where,
                (
                    (p + delta if p >= at else p, card)
                    for p, card in self._at[(seat, where)]
                    if not (delta < 0 and p == at)
                ),
            )

    def prune(self, seat: int, places: set[int], hidden: Callable[[int], Iterable[C]]) -> None:
        """Keep of ``seat``'s facts about ``places`` only what their places' hidden cards hold.

        ``hidden(p)`` gives the cards of place ``p`` hidden from ``seat``.
        """
        for region in [r for who, r in self._facts if who == seat and not places.isdisjoint(r)]:
            room = Counter(card for p in region for card in hidden(p))
            kept = []
            for card in self._facts[(seat, region)]:
                if room[card] > 0:
                    room[card] -= 1
                    kept.append(card)
            self._set((seat, region), tuple(kept))

    def prune_at(self, place: int, cards: list[C], face_up: list[bool]) -> None:
        """Drop every seat's known positions of ``place`` that no longer hold a face-down card."""
        for seat, where in [key for key in self._at if key[1] == place]:
            self._set_at(
                seat,
                where,
                (
                    (p, card)
                    for p, card in self._at[(seat, where)]
                    if p < len(cards) and cards[p] == card and not face_up[p]
                ),
            )

    def _set(self, key: tuple[int, Region], cards: tuple[C, ...]) -> None:
        if cards:
            self._facts[key] = cards
        else:
            self._facts.pop(key, None)

    def _set_at(self, seat: int, place: int, pairs: Iterable[tuple[int, C]]) -> None:
        kept = tuple(pairs)
        if kept:
            self._at[(seat, place)] = kept
        else:
            self._at.pop((seat, place), None)

    def __eq__(self, other: object) -> bool:
        """Equal when every seat knows the same facts and positions (order aside)."""
        if not isinstance(other, Knowledge):
            return False
        mine = {key: Counter(v) for key, v in self._facts.items()}
        theirs = {key: Counter(v) for key, v in other._facts.items()}
        return mine == theirs and {k: set(v) for k, v in self._at.items()} == {
            k: set(v) for k, v in other._at.items()
        }

    __hash__ = None  # type: ignore[assignment]
