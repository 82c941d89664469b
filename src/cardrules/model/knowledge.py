"""Which hidden cards each seat knows, place by place (the bookkeeping behind `Table`).

Knowledge is kept per ``(seat, place number)``: a multiset of cards the seat
knows to be among that place's cards hidden from it, or, for a ``FACE_UP``
place, ``(position, card)`` pairs. Values are tuples, so a copy shares them
and costs one dictionary copy per kind. The rules of *when* a seat learns or
forgets are `cardrules.model.table.Table`'s; this class only stores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Generic, TypeVar

__all__ = ["Knowledge"]

C = TypeVar("C")

Key = tuple[int, int]


class Knowledge(Generic[C]):
    """Every seat's knowledge of hidden cards (see the module docstring)."""

    __slots__ = ("_at", "_known")

    def __init__(self) -> None:
        self._known: dict[Key, tuple[C, ...]] = {}
        self._at: dict[Key, tuple[tuple[int, C], ...]] = {}

    def copy(self) -> Knowledge[C]:
        """An independent copy (the tuples are shared)."""
        twin: Knowledge[C] = Knowledge.__new__(Knowledge)
        twin._known = self._known.copy()
        twin._at = self._at.copy()
        return twin

    def known(self, seat: int, place: int) -> tuple[C, ...]:
        """The cards ``seat`` knows among the hidden ones of ``place`` (a multiset)."""
        return self._known.get((seat, place), ())

    def known_at(self, seat: int, place: int) -> tuple[tuple[int, C], ...]:
        """The ``(position, card)`` pairs ``seat`` knows in a ``FACE_UP`` place."""
        return self._at.get((seat, place), ())

    def learn(self, seat: int, place: int, card: C) -> None:
        """``seat`` knows one more ``card`` among ``place``'s hidden cards."""
        self._known[(seat, place)] = (*self._known.get((seat, place), ()), card)

    def learn_at(self, seat: int, place: int, position: int, card: C) -> None:
        """``seat`` knows ``card`` lies at ``position`` of ``place``."""
        kept = tuple(pair for pair in self._at.get((seat, place), ()) if pair[0] != position)
        self._at[(seat, place)] = (*kept, (position, card))

    def set_known(self, seat: int, place: int, cards: Iterable[C]) -> None:
        """Replace what ``seat`` knows of ``place`` (a multiset)."""
        known = tuple(cards)
        if known:
            self._known[(seat, place)] = known
        else:
            self._known.pop((seat, place), None)

    def forget_one(self, seat: int, place: int, card: C) -> None:
        """One known ``card`` of ``place`` left it (nothing if ``seat`` did not know one)."""
        known = self._known.get((seat, place), ())
        if card in known:
            i = known.index(card)
            self.set_known(seat, place, known[:i] + known[i + 1 :])

    def forget_place(self, seat: int, place: int) -> None:
        """``seat`` no longer knows any card of ``place``."""
        self._known.pop((seat, place), None)
        self._at.pop((seat, place), None)

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

    def prune(self, place: int, seat: int, hidden: Iterable[C]) -> None:
        """Keep of ``seat``'s knowledge of ``place`` only what its hidden cards ``hidden`` hold."""
        known = self._known.get((seat, place))
        if known:
            room = Counter(hidden)
            kept = []
            for card in known:
                if room[card] > 0:
                    room[card] -= 1
                    kept.append(card)
            self.set_known(seat, place, kept)

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

    def _set_at(self, seat: int, place: int, pairs: Iterable[tuple[int, C]]) -> None:
        kept = tuple(pairs)
        if kept:
            self._at[(seat, place)] = kept
        else:
            self._at.pop((seat, place), None)

    def __eq__(self, other: object) -> bool:
        """Equal when every seat knows the same multisets and positions (order aside)."""
        if not isinstance(other, Knowledge):
            return False
        mine = {key: Counter(v) for key, v in self._known.items()}
        theirs = {key: Counter(v) for key, v in other._known.items()}
        return mine == theirs and {k: set(v) for k, v in self._at.items()} == {
            k: set(v) for k, v in other._at.items()
        }

    __hash__ = None  # type: ignore[assignment]
