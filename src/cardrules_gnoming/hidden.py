"""What a seat cannot see in Gnoming A Round, and dealing it anew (for checks and search).

Hidden from every seat: face-down layout cards (the seat's own included, G4)
and the draw pile. Hidden from every seat but the drawer: a card in hand drawn
from the draw pile. Public facts narrow where hidden cards may be:

* after a rebuild (G8) the draw pile is made of the discard piles' cards, and
  each card drawn from it since was shown when placed or discarded, so the
  cards of the draw pile with a card held from it are known as a multiset
  (`draw_pile_cards`);
* a Hazard turned up to start a discard pile and shuffled back (G5, option
  ``start_pile_hazard="shuffle-back"``) is known to be in the draw pile
  (`draw_pile_hazards`, a lower bound: a Hazard seen coming out of the draw
  pile may be that one, unless it is turned up right after the shuffle-back,
  which always leaves a card above it).

`deal_unseen` deals hidden cards under those constraints; both
`shuffle_hidden` and `cardrules_gnoming.determinize` use it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardrules.errors import ObservationMismatchError
from cardrules.model.piles import Pile
from cardrules.plugins.known_cards import known_cards
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingRound

__all__ = [
    "card_order",
    "deal_unseen",
    "draw_pile_cards",
    "draw_pile_hazards",
    "held_is_hidden",
    "shuffle_hidden",
]


def card_order(card: Card) -> tuple[int, int]:
    """Sort key of cards: number cards by value, then Mulligans, then Hazards."""
    return card.kind.order, card.value


def held_is_hidden(state: GnomingRound, seat: int) -> bool:
    """Whether the card in hand is hidden from ``seat``: drawn from the draw pile by another."""
    return state.held is not None and state.drawn_from == STOCK and seat != state.turn_seat


def draw_pile_cards(state: GnomingRound, seat: int) -> tuple[Card, ...] | None:
    """After a rebuild (G8): the draw pile's cards, with a held card hidden from ``seat``.

    Returns:
        the multiset sorted by `card_order`, or ``None`` before any rebuild
        or once a card left the rebuilt pile unseen (``state.draw_pile_known``).
    """
    if not state.rebuilds or not state.draw_pile_known:
        return None
    cards = list(state.stock)
    if held_is_hidden(state, seat):
        assert state.held is not None
        cards.append(state.held)
    return tuple(sorted(cards, key=card_order))


def draw_pile_hazards(state: GnomingRound, seat: int) -> int:
    """Hazards ``seat`` knows to be in the draw pile or a held card hidden from it (G5)."""
    held = state.held
    known = state.stock_hazards
    if held is not None and held.is_hazard and state.drawn_from == STOCK:
        return known if held_is_hidden(state, seat) else max(0, known - 1)
    return known


def deal_unseen(
    unseen: Sequence[Card],
    face_down: int,
    draw_pile_cards: Sequence[Card] | None,
    hazards: int,
    rng: random.Random,
) -> tuple[list[Card], list[Card]]:
    """Deal unseen cards at random to the face-down positions and the draw pile.

    Args:
        unseen: every card hidden from the observer.
        face_down: how many face-down layout positions there are.
        draw_pile_cards: the known multiset of the draw pile (with a held card
            hidden from the observer), or ``None`` when unknown.
        hazards: Hazards that must go to the draw pile (`draw_pile_hazards`).
        rng: the generator to deal with.

    Returns:
        ``(face_down_cards, draw_pile_part)``: cards for the face-down
        positions in order, and the rest (the draw pile, and a hidden held
        card), in random order.

    Raises:
        ObservationMismatchError: the constraints cannot be met by the unseen cards.
    """
    pile: list[Card]
    if draw_pile_cards is not None:
        rest = Counter(unseen)
        rest.subtract(draw_pile_cards)
        if min(rest.values(), default=0) < 0:
            raise ObservationMismatchError("the draw pile's known cards are not all unseen")
        down = list(rest.elements())
        if len(down) != face_down:
            raise ObservationMismatchError(f"{len(down)} cards for {face_down} face-down places")
        rng.shuffle(down)
        known = list(draw_pile_cards)
        rng.shuffle(known)
        return down, known
    down = list(unseen)
    pile = []
    for _ in range(hazards):
        hazard = next((i for i, c in enumerate(down) if c.is_hazard), None)
        if hazard is None:
            raise ObservationMismatchError(f"fewer than {hazards} unseen Hazards")
        pile.append(down.pop(hazard))
    if len(down) < face_down:
        raise ObservationMismatchError(
            f"{len(down)} unseen cards cannot fill {face_down} face-down places"
        )
    rng.shuffle(down)
    pile += down[face_down:]
    del down[face_down:]
    if hazards:
        rng.shuffle(pile)
    return down, pile


def shuffle_hidden(state: GnomingRound, seat: int, rng: random.Random) -> GnomingRound:
    """A copy of ``state`` where every card hidden from ``seat`` is dealt anew at random.

    Hidden from every seat: face-down layout cards (the seat's own included,
    G4) and the draw pile. Hidden from every seat but the drawer: a card in
    hand drawn from the draw pile. Each hidden place keeps its number of cards,
    and what ``seat`` knows of them holds: after a rebuild the draw pile (with a
    hidden held card) keeps its cards (`draw_pile_cards`), known Hazards stay
    in it (`draw_pile_hazards`), and a face-down card ``seat`` knows
    (`cardrules.plugins.known_cards`, e.g. under ``peek``) stays where it is.
    """
    twin = state.clone()
    # Face-down layout cards ``seat`` knows (variants such as peek) stay where they are.
    known = {(fact.place[1], fact.position) for fact in known_cards(state, seat)}
    places: list[tuple[int, int]] = [
        (s, p)
        for s, layout in enumerate(twin.layouts)
        for p in range(9)
        if not layout.face_up[p] and (s, p) not in known
    ]
    hidden_held = held_is_hidden(twin, seat)
    unseen = [twin.layouts[s].cards[p] for s, p in places] + list(twin.stock)
    if hidden_held:
        assert twin.held is not None
        unseen.append(twin.held)
    down, pile = deal_unseen(
        unseen,
        len(places),
        draw_pile_cards(twin, seat),
        draw_pile_hazards(twin, seat),
        rng,
    )
    for (s, p), card in zip(places, down, strict=True):
        twin.layouts[s].cards[p] = card
    if hidden_held:
        twin.held = pile.pop()
    twin.stock = Pile(pile)
    return twin
