"""Dealing cards at random into places of given sizes, under a game's inferences.

`deal` is what `cardrules.information.shuffle` and
`cardrules.information.determinize` share. Without inferences the deal is
uniform. With an `Allowed` predicate (``allowed(zone, owner, card)``: may this
card be in that place? e.g. "not a heart in seat 2's hand, it showed a void"),
it first draws uniform deals and keeps the first that fits (rejection: an
exactly uniform sample among the deals that fit), and after ``attempts``
failures builds one card by card, choosing each card's place at random in
proportion to the room left among the places where the rest can still be
dealt (always a deal that fits, whenever one exists; close to, not exactly,
uniform). Cards a seat knows to lie in one of some places (``regions``) are
dealt the same way, each only into those places.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from cardrules.errors import ObservationMismatchError
from cardrules.model.zones import Place

__all__ = ["ATTEMPTS", "Allowed", "ImpossibleDealError", "deal"]

C = TypeVar("C", bound=Hashable)

#: ``allowed(zone, owner, card)``: whether ``card`` may lie in place ``(zone, owner)``.
Allowed = Callable[[str, int | None, C], bool]

#: Uniform deals drawn (and checked against the inferences) before building one.
ATTEMPTS = 64


class ImpossibleDealError(ObservationMismatchError):
    """No deal of the hidden cards fits the places' sizes and the game's inferences.

    The view and the inferences contradict each other (or the deck); a
    ``ValueError``, like every `ObservationMismatchError`.
    """


def deal(
    cards: Sequence[C],
    rooms: Sequence[int],
    places: Sequence[Place],
    rng: random.Random,
    allowed: Allowed[C] | None = None,
    attempts: int = ATTEMPTS,
    regions: Sequence[tuple[Sequence[int], Sequence[C]]] = (),
) -> list[list[C]]:
    """Deal ``cards`` into places, ``rooms[i]`` of them to place ``places[i]``.

    Args:
        cards: the cards to deal (a multiset; identical cards are one card).
        rooms: how many cards each place gets; they add up to ``len(cards)``
            and the cards of ``regions``.
        places: the ``(zone, owner)`` of each room, for ``allowed``.
        rng: the generator to deal with.
        allowed: the game's inferences, or ``None`` (any card anywhere).
        attempts: uniform deals tried before building one (module docstring).
        regions: more cards to deal, each only into some places:
            ``(place indices, cards)`` (cards a seat knows lie in one of them).

    Returns:
        Per place, the cards dealt to it, in random order.

    Raises:
        ImpossibleDealError: the rooms do not add up, or no deal fits ``allowed``
            and ``regions``.
    """
    items: list[tuple[C, frozenset[int] | None]] = [(card, None) for card in cards]
    for where, known in regions:
        items += [(card, frozenset(where)) for card in known]
    if sum(rooms) != len(items) or len(rooms) != len(places):
        raise ImpossibleDealError(f"{len(items)} cards cannot fill places of sizes {list(rooms)}")
    free = allowed is None and not regions
    slot_place = [p for p, room in enumerate(rooms) for _ in range(room)]
    for _ in range(1 if free else max(1, attempts)):
        rng.shuffle(items)
        if free or all(
            _fits(allowed, slot_place[i], *places[slot_place[i]], item)
            for i, item in enumerate(items)
        ):
            hands: list[list[C]] = [[] for _ in rooms]
            for place, (card, _) in zip(slot_place, items, strict=True):
                hands[place].append(card)
            return hands
    return _build(items, list(rooms), places, rng, allowed)


def _fits(
    allowed: Allowed[C] | None,
    place: int,
    zone: str,
    owner: int | None,
    item: tuple[C, frozenset[int] | None],
) -> bool:
    """Whether a card (limited to some places, or not) may be dealt to ``place``."""
    card, within = item
    return (within is None or place in within) and (allowed is None or allowed(zone, owner, card))


def _build(
    items: list[tuple[C, frozenset[int] | None]],
    rooms: list[int],
    places: Sequence[Place],
    rng: random.Random,
    allowed: Allowed[C] | None,
) -> list[list[C]]:
    """A deal that fits ``allowed`` and the regions, card by card (module docstring)."""
    kinds = list(dict.fromkeys(items))
    kind_of = {item: i for i, item in enumerate(kinds)}
    ok = [
        [
            rooms[p] > 0 and _fits(allowed, p, zone, owner, kind)
            for p, (zone, owner) in enumerate(places)
        ]
        for kind in kinds
    ]
    flow = [[0] * len(places) for _ in kinds]  # a deal of the cards not yet placed
    spare = list(rooms)
    for item in items:
        if not _augment(flow, ok, spare, kind_of[item]):
            raise ImpossibleDealError(
                f"no deal puts every hidden card where the game's inferences allow "
                f"({item[0]} stuck)"
            )
    hands: list[list[C]] = [[] for _ in places]
    left = list(rooms)
    for item in items:  # already shuffled
        kind = kind_of[item]
        choices = [p for p in range(len(places)) if ok[kind][p] and left[p]]
        while True:
            place = rng.choices(choices, weights=[left[p] for p in choices])[0]
            if _commit(flow, ok, kind, place):
                break
            choices.remove(place)
        hands[place].append(item[0])
        left[place] -= 1
    return hands


def _reroute(
    flow: list[list[int]], ok: list[list[bool]], starts: list[int], ends: Callable[[int], bool]
) -> tuple[int, int] | None:
    """Shift cards along the shortest path from a place of ``starts`` to one where ``ends``.

    Each step of the path moves one card of some kind from a place to
    another place allowed for that kind, so that the first place holds one
    card fewer and the last one more. Returns ``(first, last)`` (``flow``
    changed), or ``None`` when there is no such path (``flow`` unchanged).
    """
    came: dict[int, tuple[int, int] | None] = dict.fromkeys(starts)
    queue: deque[int] = deque(starts)
    while queue:
        r = queue.popleft()
        if ends(r):
            last = r
            while (step := came[r]) is not None:  # walk back, moving a card of kind d to r
                before, d = step
                flow[d][before] -= 1
                flow[d][r] += 1
                r = before
            return r, last
        for d, row in enumerate(flow):
            if row[r]:
                for nxt, allowed in enumerate(ok[d]):
                    if allowed and nxt not in came:
                        came[nxt] = (r, d)
                        queue.append(nxt)
    return None


def _augment(flow: list[list[int]], ok: list[list[bool]], spare: list[int], kind: int) -> bool:
    """Add one card of ``kind`` to the deal ``flow``, moving others along a path if need be."""
    starts = [p for p, allowed in enumerate(ok[kind]) if allowed]
    path = _reroute(flow, ok, starts, lambda r: spare[r] > 0)
    if path is None:
        return False
    first, last = path
    spare[last] -= 1
    flow[kind][first] += 1
    return True


def _commit(flow: list[list[int]], ok: list[list[bool]], kind: int, place: int) -> bool:
    """Take a card of ``kind`` out of ``flow`` into ``place``, ``flow`` staying a deal of the rest.

    Returns ``False`` (``flow`` unchanged) when the rest cannot then be dealt.
    """
    if flow[kind][place]:
        flow[kind][place] -= 1
        return True
    path = _reroute(flow, ok, [place], lambda r: r != place and flow[kind][r] > 0)
    if path is None:
        return False
    flow[kind][path[1]] -= 1  # the card taken was dealt there; `place` gave up its room
    return True
