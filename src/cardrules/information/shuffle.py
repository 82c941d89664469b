"""Dealing anew every card hidden from a seat: the paired states of leak tests.

`shuffle_hidden(table, seat, rng)` gives a copy of ``table`` in which every
card hidden from ``seat`` and not known to it is dealt at random among the
places hidden from it, each place keeping its size. What ``seat`` sees and
knows is unchanged, so ``view_of(shuffle_hidden(t, s, rng), s) == view_of(t, s)``
must hold for every table: a game whose observation differs between the two
shows a hidden card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import TypeVar

from cardrules.information.dealing import ATTEMPTS, Allowed, ImpossibleDealError, deal
from cardrules.model.table import PlaceRef, Table

__all__ = ["hidden_cards", "shuffle_hidden"]

C = TypeVar("C", bound=Hashable)


def hidden_cards(table: Table[C], seat: int) -> tuple[list[list[int]], list[list[C]]]:
    """Per place, the positions of cards hidden from ``seat`` it does not know, and those cards.

    A known card of a place without positions is one of its hidden cards, at
    no position in particular: here the place's hidden cards less its known
    ones are listed, at the last hidden positions. Returns ``(positions, cards)``.

    Raises:
        ZoneError: ``seat`` is out of range.
    """
    spec = table.spec
    spec.check_seat(seat)
    positions: list[list[int]] = []
    free: list[list[C]] = []
    for place, zone in enumerate(spec.zone_of_place):
        cards = table.cards(spec.places[place])
        hidden = [i for i in range(len(cards)) if not table.sees(seat, place, i)]
        if zone.positional:
            known = {p for p, _ in table.knowledge.known_at(seat, place)}
            hidden = [i for i in hidden if i not in known]
            positions.append(hidden)
            free.append([cards[i] for i in hidden])
            continue
        rest = Counter(cards[i] for i in hidden)
        rest.subtract(table.knowledge.known(seat, place))
        unknown = list(rest.elements())
        positions.append(hidden[len(hidden) - len(unknown) :])
        free.append(unknown)
    return positions, free


def shuffle_hidden(
    table: Table[C],
    seat: int,
    rng: random.Random,
    allowed: Allowed[C] | None = None,
    attempts: int = ATTEMPTS,
) -> Table[C]:
    """A copy of ``table`` with every card hidden from ``seat`` (and unknown to it) dealt anew.

    Args:
        table: the table (unchanged).
        seat: the seat whose view must not change, ``0 .. players-1``.
        rng: the generator to deal with.
        allowed: the game's inferences (`cardrules.information.dealing.Allowed`),
            kept by the new deal; ``None``: any card anywhere hidden.
        attempts: see `cardrules.information.dealing.deal`.

    Returns:
        A new `Table`: each place keeps its size, its seen cards and the cards
        ``seat`` knows in it (a place without positions gets its hidden cards
        in a new random order); the other hidden cards are dealt uniformly
        among the hidden places. Other seats' knowledge is kept where it
        still holds.

    Raises:
        ZoneError: ``seat`` is out of range.
        ImpossibleDealError: ``allowed`` leaves no deal (it contradicts the table).

    Cards the seat knows over several places (`TableView.regions`) are dealt
    anew among those places only.
    """
    spec = table.spec
    positions, free = hidden_cards(table, seat)
    pool = Counter(card for cards in free for card in cards)
    regions = table.knowledge.regions(seat)
    for _, known in regions:
        pool.subtract(known)  # those stay within their places
    if min(pool.values(), default=0) < 0:
        raise ImpossibleDealError(f"seat {seat} knows cards the hidden places lack")
    rooms = [len(cards) for cards in free]
    dealt = deal(list(pool.elements()), rooms, spec.places, rng, allowed, attempts, regions)
    twin = table.clone()
    contents: dict[PlaceRef, list[C]] = {}
    for place, zone in enumerate(spec.zone_of_place):
        if not dealt[place] and not table.knowledge.known(seat, place):
            continue  # nothing of it is dealt anew
        cards = list(table.cards(spec.places[place]))
        if zone.positional:
            for i, card in zip(positions[place], dealt[place], strict=True):
                cards[i] = card
        else:
            hidden = [i for i in range(len(cards)) if not table.sees(seat, place, i)]
            mixed = [*table.knowledge.known(seat, place), *dealt[place]]
            rng.shuffle(mixed)
            for i, card in zip(hidden, mixed, strict=True):
                cards[i] = card
        contents[spec.places[place]] = cards
    twin.replace_cards(contents)
    return twin
