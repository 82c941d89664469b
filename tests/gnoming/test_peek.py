"""The bundled ``peek`` variant and the core's known cards (`cardrules.plugins.known_cards`).

Peek: each player knows the centre card of their own layout from the deal
(G4). A second knowledge variant written here, *spy* (a player who draws a
Hazard from the draw pile looks at the first face-down card of the seat to
their left), shows two such variants combining.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator
from typing import Any

import pytest

import cardrules
from cardrules.bots import RandomBot
from cardrules.plugins.known_cards import KnowledgeError, KnownCard, known_cards, learn
from cardrules.records import check_record
from cardrules.testing import check_game, check_variant
from cardrules_gnoming.moves import STOCK, Draw
from cardrules_gnoming.state import GnomingPhase
from tests.gnoming.builders import card, catalogue_with, new, put_round, rs

#: Seat 0 to draw; every layout has its centre (position 4) face down.
LAYOUTS = (
    "5 5 M / 7 (9) -2 / (H) 1 1",
    "(3) 2 2 / 4 (12) 4 / 6 6 6",
    "8 8 (8) / 1 (-5) 1 / 2 2 2",
)


def rest_of_deck(state: cardrules.GameState, top: str = "H") -> str:
    """The deck's cards not in ``LAYOUTS`` nor the discard piles, ``top`` last (drawn first)."""
    rest = Counter(dict(state.game.deck.counts))
    rest.subtract(
        card(t)
        for layout in LAYOUTS
        for t in layout.strip("/").split()
        if t != "/"
        for t in [t.strip("()")]
    )
    rest.subtract([card("6"), card("7"), card(top)])
    return " ".join([*(str(c) for c in rest.elements()), top])


class Spy:
    """A player who draws a Hazard from the draw pile sees the first face-down card to the left."""

    @cardrules.hookimpl(wrapper=True)
    def cardrules_apply_move(
        self, game: Any, state: Any, move: Any, chance: Any
    ) -> Generator[None, Any, Any]:
        drew = isinstance(move, Draw) and move.source == STOCK
        done = yield
        if drew and state.held is not None and state.held.is_hazard:
            seat, left = state.turn_seat, (state.turn_seat + 1) % game.players
            down = state.layouts[left].face_down_positions()
            if down:
                learn(game, state, seat, ("layout", left), down[0])
        return done


SPY = cardrules.VariantSpec("spy", "gnoming-a-round", "spy", plugin=Spy(), knowledge=True)


def peek_position(variants: tuple[str, ...] = ("peek",)) -> cardrules.GameState:
    """``LAYOUTS`` with each seat knowing its centre card, as peek deals it."""
    state = new(3, variants=variants, catalogue=catalogue_with(SPY))
    put_round(state, LAYOUTS, stock=rest_of_deck(state), discards=("6", "7"))
    for seat in range(3):
        learn(state.game, rs(state), seat, ("layout", seat), 4)
    return state


@pytest.mark.rule("G4")
def test_the_deal_shows_each_seat_its_own_centre_card_only() -> None:
    """Straight from the deal, a seat's observation holds its centre card and no other."""
    state = new(3, seed=4, variants=["peek"])
    for seat in range(3):
        centre = rs(state).layouts[seat].cards[4]
        known = state.observation(seat).known
        assert known == (KnownCard(("layout", seat), 4, centre),)
        assert state.observation(seat).layouts[seat][4] is None  # still face down


@pytest.mark.rule("G4")
def test_observations_per_seat_on_a_hand_built_position() -> None:
    state = peek_position()
    assert state.observation(0).known == (KnownCard(("layout", 0), 4, card("9")),)
    assert state.observation(1).known == (KnownCard(("layout", 1), 4, card("12")),)
    assert state.observation(2).known == (KnownCard(("layout", 2), 4, card("-5")),)


def test_without_the_variant_nothing_is_known_and_learning_is_refused() -> None:
    state = new(3)
    put_round(state, LAYOUTS, stock=rest_of_deck(state), discards=("6", "7"))
    assert state.observation(0).known == ()
    with pytest.raises(KnowledgeError, match="no chosen variant keeps knowledge"):
        learn(state.game, rs(state), 0, ("layout", 0), 4)


def test_a_card_the_seat_sees_or_outside_a_layout_cannot_be_learnt() -> None:
    state = peek_position()
    with pytest.raises(KnowledgeError, match="no hidden card at position 0"):
        learn(state.game, rs(state), 0, ("layout", 0), 0)  # face up
    with pytest.raises(KnowledgeError, match="layouts only"):
        learn(state.game, rs(state), 0, ("draw", None), card=card("3"))


@pytest.mark.rule("G4", "G10")
def test_a_card_turned_up_is_forgotten() -> None:
    """Placing the drawn card on the centre displaces it face up: nobody knows it privately."""
    state = peek_position()
    state.apply(state.parse_move("draw stock"))
    assert state.observation(0).known  # still face down
    state.apply(state.parse_move("place 4"))
    assert known_cards(rs(state), 0) == ()
    assert state.observation(0).known == ()
    assert state.observation(1).known == (KnownCard(("layout", 1), 4, card("12")),)


def test_the_tensor_shows_the_seat_its_known_card_only() -> None:
    state = peek_position()
    layout = state.game.tensor_layout
    kinds = [c for c, _ in state.game.deck.counts]
    for seat, centre in ((0, "9"), (1, "12")):
        tensor = state.observation_tensor(seat)
        planes = layout.view(tensor, "known:layout")
        assert planes.sum() == 1
        assert planes[0, 4, kinds.index(card(centre))] == 1  # row 0: the observer
        # the direct path agrees with encoding the observation
        encoded = state.game.observation_tensor(state.observation(seat))
        assert (encoded == tensor).all()


def test_determinization_keeps_the_known_card() -> None:
    state = peek_position()
    observation = state.observation(1)
    for seed in range(20):
        sampled = state.game.determinize_round(observation, random.Random(seed))
        assert sampled.layouts[1].cards[4] == card("12")
        assert known_cards(sampled, 1) == observation.known


def test_hidden_card_shuffling_keeps_the_seats_known_card() -> None:
    state = peek_position()
    moved = set()
    for seed in range(20):
        shuffled = state.game.shuffle_hidden(rs(state), 0, random.Random(seed))
        assert shuffled.layouts[0].cards[4] == card("9")
        moved.add(shuffled.layouts[1].cards[4])
    assert len(moved) > 1  # other face-down cards do move


def test_peek_and_spy_combine() -> None:
    """Seat 0 draws the Hazard: it knows its centre card and seat 1's first face-down card."""
    state = peek_position(("peek", "spy"))
    state.apply(Draw(STOCK))
    assert rs(state).held == card("H")
    assert state.observation(0).known == (
        KnownCard(("layout", 0), 4, card("9")),
        KnownCard(("layout", 1), 0, card("3")),
    )
    assert state.observation(1).known == (KnownCard(("layout", 1), 4, card("12")),)
    sampled = state.game.determinize_round(state.observation(0), random.Random(1))
    assert sampled.layouts[1].cards[0] == card("3")


def test_records_replay_with_the_known_cards() -> None:
    state = new(3, seed=2, variants=["peek"])
    bots = [RandomBot(seed) for seed in range(3)]
    while not state.is_over and len(state.history) < 60:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat)))
    record = state.record()
    replayed = check_record(record)
    for seat in range(3):
        assert replayed.observation(seat) == state.observation(seat)


def test_the_kit_reaches_peek_with_nothing_unreached() -> None:
    report = check_variant("gnoming-a-round", ["peek"], players=3, matches=1)
    assert report.hooks[("peek", "cardrules_new_round")] > 0
    assert report.unreached == ()


def test_the_leak_check_passes_with_peek() -> None:
    report = check_game("gnoming-a-round", players=3, variants=["peek"], seeds=range(1))
    assert report.failed == (), str(report)
    assert report.result("leaks").status == "passed"
    assert report.result("determinization").checked > 0


def test_pettingzoo_api_test_with_peek() -> None:
    pettingzoo = pytest.importorskip("cardrules.adapters.pettingzoo")
    test = pytest.importorskip("pettingzoo.test")
    test.api_test(pettingzoo.env("gnoming-a-round", players=3, variants=["peek"]), num_cycles=50)


def test_the_phase_is_unchanged_by_knowledge() -> None:
    """Knowing a card changes no legal move (peek is information only)."""
    with_peek, without = peek_position(), new(3)
    put_round(without, LAYOUTS, stock=rest_of_deck(without), discards=("6", "7"))
    assert rs(with_peek).phase is GnomingPhase.DRAW
    assert with_peek.legal_moves() == without.legal_moves()


def test_known_cards_survive_a_variant_that_keeps_state() -> None:
    """With knock's StateSpec the engine installs first states after the deal: peek's
    knowledge, set in the deal's wrapper, is kept (it used to be overwritten)."""
    state = new(3, seed=4, variants=["peek", "knock"])
    for seat in range(3):
        assert state.observation(seat).known == (
            KnownCard(("layout", seat), 4, rs(state).layouts[seat].cards[4]),
        )
    assert state.observation(0).variant_views  # knock's view is there too
