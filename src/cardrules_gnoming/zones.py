"""Gnoming A Round declared in zones: the core's table model of a round (G4-G15).

The game keeps its own round state (`cardrules_gnoming.state.GnomingRound`)
and its own hand-written observation, hidden-card shuffling and
determinization (its fast paths). This module states the same round in the
core's model (`cardrules.model`), so that tests can check that what the core
derives from the declaration (`cardrules.information.view_of`,
`cardrules.information.determinize`) agrees with the game's own answers.

Zones (`zone_spec`):

* ``draw``: the draw pile, seen by nobody (G5);
* ``discard-0``, ``discard-1``: the two discard piles, seen by everyone (G5, G14);
* ``layout`` per seat: nine positions row by row, each face up or face down;
  a face-down card is hidden from its owner too (``FACE_UP``, G4);
* ``held`` per seat: the card in the hand of the seat whose turn it is, seen by
  that seat (``OWNER``); a card drawn from a discard pile, or displaced from a
  layout (G12), is shown to all and so known to every seat; one drawn from the
  draw pile is seen by the drawer only (G9);
* ``out``: the cards out of play (G5, G15), seen by everyone.

Knowledge `table_of` gives each seat (and the public, `Table.public`):

* the held card, when every seat saw it (drawn from a discard pile, G9, or
  displaced, G12);
* after a rebuild (G8), the draw pile's cards: every seat knows them, and
  while the turn's drawer holds a card drawn from it, a seat that did not see
  that card knows the rebuilt cards lie in the draw pile *or* in the
  drawer's hand (a fact over two places); the drawer knows the pile's cards;
* Hazards turned up while starting a discard pile and shuffled back (G5,
  ``start_pile_hazard="shuffle-back"``): known to lie in the draw pile (or in
  a card the drawer holds from it, for the seats that did not see it).

What the game keeps beyond the model: the round's public counters and flags
(phase, turn, filled positions, pending seats, ender, rebuild count...);
and the Hazards' count is, as the game states it, a lower bound (when a
Hazard seen coming out of the draw pile could have been one shuffled back,
the game counts it as that one). No face-down card is ever known to a seat
(G4, G6: cards are turned up, never looked at), so no layout position is
known.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from cardrules.model import Table, TableSpec, Visibility, Zone
from cardrules.model.zones import Place
from cardrules.plugins.known_cards import HiddenPlaces, KnowledgeError
from cardrules_gnoming.cards import HAZARD, Card
from cardrules_gnoming.hidden import card_order, draw_pile_hazards
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingRound

__all__ = ["ZONES", "hidden_places", "layout_cards", "table_of", "zone_spec"]

#: Gnoming A Round's zones, in the order views list them (see the module docstring).
ZONES: tuple[Zone, ...] = (
    Zone("draw", visibility=Visibility.NOBODY),
    Zone("discard-0", visibility=Visibility.EVERYONE),
    Zone("discard-1", visibility=Visibility.EVERYONE),
    Zone("layout", owned=True, visibility=Visibility.FACE_UP),
    Zone("held", owned=True, ordered=False, visibility=Visibility.OWNER),
    Zone("out", visibility=Visibility.EVERYONE),
)


@cache
def zone_spec(players: int) -> TableSpec:
    """The zones of a round of ``players`` seats (cards sorted by `card_order` in views).

    Raises:
        ZoneError: ``players`` is below 1.
    """
    return TableSpec(ZONES, players, sort_key=card_order)


def layout_cards(state: GnomingRound, seat: int, place: Place) -> Sequence[Card | None]:
    """A layout's cards as hidden from every seat: ``None`` where face up (G4).

    The game keeps what seats know of face-down layout cards only.

    Raises:
        KnowledgeError: ``place`` is not a layout.
    """
    zone, owner = place
    if zone != "layout" or owner is None:
        raise KnowledgeError(f"Gnoming A Round keeps known cards of layouts only, not {place}")
    layout = state.layouts[owner]
    return [None if up else card for card, up in zip(layout.cards, layout.face_up, strict=True)]


@cache
def hidden_places(players: int) -> HiddenPlaces:
    """The game's ``cardrules_hidden_places``: `zone_spec`, `layout_cards`, 9 positions."""
    return HiddenPlaces(zone_spec(players), layout_cards, {"layout": 9})


def table_of(state: GnomingRound) -> Table[Card]:
    """The round's cards in a `Table`, with what each seat knows of the hidden ones.

    Args:
        state: a round, at any point (over included).

    Returns:
        A new `Table` of `zone_spec` (``state.players``): the draw pile, the
        discard piles and the cards out of play bottom first, each layout with
        its face-up flags, the held card in the turn seat's ``held`` place;
        knowledge as the module docstring says (G5, G8, G9, G12).
    """
    players = state.players
    spec = zone_spec(players)
    turn = state.turn_seat
    held = state.held
    contents: dict[tuple[str, int | None] | str, list[Card]] = {
        "draw": list(state.stock),
        "discard-0": list(state.discards[0]),
        "discard-1": list(state.discards[1]),
        "out": list(state.out_of_play),
    }
    face_up: dict[tuple[str, int | None] | str, list[bool]] = {}
    for seat, layout in enumerate(state.layouts):
        contents[("layout", seat)] = list(layout.cards)
        face_up[("layout", seat)] = list(layout.face_up)
    if held is not None:
        assert turn is not None, "a card is held only during a turn"
        contents[("held", turn)] = [held]
    table: Table[Card] = Table(spec, contents, face_up)
    knowledge = table.knowledge
    draw = table.index("draw")
    everyone = range(players + 1)  # the seats and the public
    if held is None or turn is None:
        hidden_held = False
        held_place = draw
    else:
        hidden_held = state.drawn_from == STOCK
        held_place = table.index(("held", turn))
        if not hidden_held:  # drawn from a discard pile (G9) or displaced (G12): shown to all
            for seat in everyone:
                if seat != turn:
                    knowledge.learn(seat, held_place, held)
    both = tuple(sorted((draw, held_place)))
    if state.rebuilds and state.draw_pile_known:  # G8: rebuilt in the open (still known)
        for seat in everyone:
            if hidden_held and seat != turn:
                assert held is not None
                knowledge.add(seat, both, [*state.stock, held])
            else:
                knowledge.add(seat, (draw,), list(state.stock))
    elif state.stock_hazards:  # G5: Hazards shuffled back into the draw pile
        for seat in everyone:
            if hidden_held and seat != turn:
                knowledge.add(seat, both, [HAZARD] * state.stock_hazards)
            else:
                knowledge.add(seat, (draw,), [HAZARD] * draw_pile_hazards(state, seat))
    return table
