"""Gnoming A Round in zones (`cardrules_gnoming.zones`): the core's derived answers agree.

On exact positions, the knowledge each rule gives (G4 face-down cards, G5
Hazards shuffled back, G8 rebuilt draw pile, G9 drawn card, G12 displaced
card). On positions of random play (several player counts and variants,
every seat): the view the core derives shows what the game's own
observation shows, and the core's and the game's determinizers and the
game's hidden-card shuffle give tables the seat cannot tell from the real one
(`tests.zones_support`).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from cardrules import GameState
from cardrules.information import TableView, view_of
from cardrules_gnoming.cards import HAZARD, Card
from cardrules_gnoming.hidden import card_order
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.state import GnomingPhase, GnomingRound
from cardrules_gnoming.zones import table_of, zone_spec
from tests.gnoming.builders import cards, new, put_round
from tests.observer_support import GNOMING_GAME
from tests.zones_support import check_samplers, check_sound, game_positions

OTHERS = "(1) (2) (3) / (4) (5) (6) / (7) (8) (9)"


@cache
def random_positions() -> tuple[GameState, ...]:
    """Positions of random play in every Gnoming setup of `tests.observer_support`."""
    return tuple(game_positions(GNOMING_GAME, range(2), every=7, limit=30))


def draw_pile_knowledge(view: TableView[Card]) -> list[Card]:
    """The cards ``view`` says lie in the draw pile (or where a card left it for, unseen)."""
    known = list(view.place("draw").known)
    for places, facts in view.regions:
        if ("draw", None) in places:
            known += facts
    return sorted(known, key=card_order)


def check_observation(view: TableView[Card], observation: GnomingObservation) -> None:
    """Each place of ``view`` shows what the game's observation shows there."""
    for seat, layout in enumerate(observation.layouts):
        place = view.place("layout", seat)
        assert place.cards == layout
        assert place.face_up == tuple(card is not None for card in layout)
        assert place.known_at == ()  # G4: no seat knows a face-down card
    assert view.place("discard-0").cards == observation.discard_piles[0]
    assert view.place("discard-1").cards == observation.discard_piles[1]
    assert view.place("out").cards == observation.out_of_play
    draw = view.place("draw")
    assert draw.size == draw.hidden == observation.draw_pile_size
    for seat in range(observation.players):
        held = view.place("held", seat)
        if seat != observation.turn_seat or held.size == 0:
            assert held.size == 0
            continue
        assert held.size == 1
        in_sight = (*(card for card in held.cards if card is not None), *held.known)
        if observation.held_card is None:  # G9: drawn from the draw pile by another seat
            assert observation.held_from == STOCK
            assert held.cards == (None,)
            assert in_sight == ()
        else:
            assert in_sight == (observation.held_card,)
    facts = draw_pile_knowledge(view)
    if observation.draw_pile_cards is not None:  # G8
        assert facts == list(observation.draw_pile_cards)
    else:  # G5
        assert facts == [HAZARD] * observation.draw_pile_hazards


def test_the_zones_hold_every_place() -> None:
    spec = zone_spec(3)
    assert [zone.name for zone in spec.zones] == [
        "draw",
        "discard-0",
        "discard-1",
        "layout",
        "held",
        "out",
    ]
    assert len(spec.places) == 4 + 2 * 3
    assert zone_spec(3) is spec


@pytest.mark.rule("G4")
def test_face_down_cards_are_hidden_from_their_owner_too() -> None:
    state = new(3)
    put_round(state, ["(5) 5 M / (7) 7 -2 / (H) 1 1", OTHERS, OTHERS], stock="3 4")
    view = view_of(table_of(state.round_state), 0)
    layout = view.place("layout", 0)
    assert layout.cards == (None, *cards("5 M"), None, *cards("7 -2"), None, *cards("1 1"))
    assert layout.known_at == ()
    assert view.place("layout", 1).cards == (None,) * 9


@pytest.mark.rule("G9")
def test_a_card_drawn_from_the_draw_pile_is_seen_by_the_drawer_only() -> None:
    state = new(3)
    put_round(
        state, [OTHERS] * 3, stock="3 4", phase=GnomingPhase.PLACE, held="9", drawn_from=STOCK
    )
    table = table_of(state.round_state)
    assert view_of(table, 0).place("held", 0).cards == tuple(cards("9"))
    for seat in (1, 2):
        held = view_of(table, seat).place("held", 0)
        assert held.cards == (None,)
        assert held.known == ()
        assert held.public == ()


@pytest.mark.rule("G9", "G12")
@pytest.mark.parametrize(
    ("phase", "drawn_from"), [(GnomingPhase.PLACE, 1), (GnomingPhase.BOUNCE, None)]
)
def test_a_card_taken_from_a_discard_pile_or_displaced_is_known_to_all(
    phase: GnomingPhase, drawn_from: int | None
) -> None:
    state = new(3)
    put_round(
        state, [OTHERS] * 3, stock="3 4", phase=phase, held="9", drawn_from=drawn_from, turn=1
    )
    table = table_of(state.round_state)
    for seat in range(3):
        held = view_of(table, seat).place("held", 1)
        assert held.public == tuple(cards("9"))
        assert held.cards == (cards("9")[0] if seat == 1 else None,)
        assert held.known == (() if seat == 1 else tuple(cards("9")))
        assert state.observation(seat).held_card == cards("9")[0]


@pytest.mark.rule("G8", "G9")
def test_a_rebuilt_draw_pile_is_known_to_all_and_a_card_drawn_from_it_widens_that() -> None:
    state = new(3)
    put_round(state, [OTHERS] * 3, stock="3 4 5", rebuilds=1)
    table = table_of(state.round_state)
    for seat in range(3):
        assert view_of(table, seat).place("draw").known == tuple(cards("3 4 5"))
        check_observation(view_of(table, seat), state.observation(seat))
    put_round(
        state, [OTHERS] * 3, stock="3 4", rebuilds=1, phase=GnomingPhase.PLACE, held="5",
        drawn_from=STOCK,
    )  # fmt: skip
    table = table_of(state.round_state)
    drawer = view_of(table, 0)
    assert drawer.place("draw").known == tuple(cards("3 4"))
    assert drawer.regions == ()
    for seat in (1, 2):
        view = view_of(table, seat)
        assert view.place("draw").known == ()
        assert view.regions == (((("draw", None), ("held", 0)), tuple(cards("3 4 5"))),)
        check_observation(view, state.observation(seat))
        check_sound(table, seat)


@pytest.mark.rule("G5")
def test_hazards_shuffled_back_are_known_to_be_in_the_draw_pile() -> None:
    state = new(3, options={"start_pile_hazard": "shuffle-back"})
    round_state = put_round(state, [OTHERS] * 3, stock="3 H 4 5")
    round_state.stock_hazards = 1
    table = table_of(round_state)
    for seat in range(3):
        view = view_of(table, seat)
        assert view.place("draw").known == (HAZARD,) == view.place("draw").public
        check_observation(view, state.observation(seat))


@pytest.mark.rule("G4", "G5", "G8", "G9", "G12")
def test_the_derived_view_shows_what_the_observation_shows_on_random_play() -> None:
    seen: Counter[str] = Counter()
    for state in random_positions():
        round_state = state.round_state
        assert isinstance(round_state, GnomingRound)
        seen["rebuilt"] += round_state.rebuilds > 0
        seen["hazards known"] += round_state.stock_hazards > 0
        seen["drawn unseen"] += round_state.drawn_from == STOCK
        seen["shown in hand"] += round_state.held is not None and round_state.drawn_from != STOCK
        table = table_of(round_state)
        for seat in range(state.players):
            check_observation(view_of(table, seat), state.observation(seat))
    assert min(seen.values()) >= 5, seen  # each case comes up in the positions


@pytest.mark.rule("G4", "G5", "G8", "G9", "G12")
def test_the_cores_and_the_games_samples_look_alike_to_the_seat_on_random_play() -> None:
    rng = random.Random(38)
    for state in random_positions()[::3]:
        for seat in range(state.players):
            check_samplers(state, seat, table_of, rng)
