"""Toonerville Rook in zones (`cardrules_rook.zones`): the core's derived answers agree.

On exact positions, the knowledge each rule gives (R9 a card taken from the
discard pile, R10 a bought card and its unseen penalty card, R14 a Rook taken
back by a swap, R16 the rebuilt draw pile). On positions of random play
(several player counts and variants, every seat): the view the core derives
shows what the game's own observation shows (as far as the model can say it:
the module docstring of `cardrules_rook.zones` lists what it cannot), and the
core's and the game's determinizers and the game's hidden-card shuffle give
tables the seat cannot tell from the real one (`tests.zones_support`).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from cardrules import GameState
from cardrules.information import TableView, view_of
from cardrules_rook.cards import Card
from cardrules_rook.observation import RookObservation
from cardrules_rook.state import RookPhase, RookRound
from cardrules_rook.zones import card_code, table_of, zone_spec
from tests.observer_support import ROOK_GAME
from tests.rook.builders import cards, counts, new, play, put_round
from tests.zones_support import check_samplers, check_sound, game_positions


@cache
def random_positions() -> tuple[GameState, ...]:
    """Positions of random play in every Rook setup of `tests.observer_support`.

    Rook rounds last long before a rebuild: positions every few moves, many of them.
    """
    return tuple(game_positions(ROOK_GAME, range(2), every=5, limit=120))


def of(text: str) -> tuple[Card, ...]:
    """Cards from notation, in code order (as views sort them)."""
    return tuple(sorted(cards(text), key=card_code))


def stock_facts(view: TableView[Card]) -> tuple[tuple[tuple[str, int | None], ...], Counter[Card]]:
    """The places and cards of the fact about the draw pile in ``view`` (R16), if any."""
    for places, facts in view.regions:
        if ("stock", None) in places:
            return places, Counter(facts)
    return (("stock", None),), Counter(view.place("stock").known)


def check_observation(view: TableView[Card], observation: RookObservation) -> None:
    """Each place of ``view`` shows what the game's observation shows there."""
    seat = observation.seat
    assert view.place("hand", seat).cards == observation.hand
    for owner, known in enumerate(observation.known_cards):
        hand = view.place("hand", owner)
        assert hand.size == observation.hand_sizes[owner]
        assert hand.public == known  # R9, R10, R14: known to every seat
        if owner != seat:
            assert hand.hidden == hand.size
            assert hand.known == known
    assert view.place("table").cards == tuple(
        card for meld in observation.table for card in meld.cards()
    )
    assert view.place("discard").cards == observation.discard_pile
    stock = view.place("stock")
    assert stock.size == stock.hidden == observation.draw_pile_size
    places, facts = stock_facts(view)
    if not observation.rebuilds:
        assert not facts
        assert view.regions == ()
        return
    # R16: the rebuilt cards less the seat's own draws lie in the draw pile or
    # the hands of the other seats that drew; the model keeps those that no
    # play of another seat since can account for (it cannot say "at most").
    drawers = {
        ("hand", s) for s, n in enumerate(observation.rebuilt_draw_counts) if n and s != seat
    }
    assert set(places) == {("stock", None), *drawers}
    rest = Counter(observation.rebuilt_draw_pile)
    rest.subtract(observation.drawn_from_rebuilt)
    assert facts <= rest
    played = Counter(
        card
        for other, plays in enumerate(observation.rebuilt_draw_plays)
        if other != seat
        for _, card in plays
    )
    assert rest - facts <= played


def test_the_zones_hold_every_place() -> None:
    spec = zone_spec(4)
    assert [zone.name for zone in spec.zones] == ["stock", "discard", "hand", "table"]
    assert len(spec.places) == 3 + 4
    assert zone_spec(4) is spec


@pytest.mark.rule("R9")
def test_a_card_taken_from_the_discard_pile_is_known_to_all_in_that_hand() -> None:
    state = new(3)
    put_round(state, ["R1 R2", "Y1 Y2", "B1 B2"], stock="G1 G2", discards="G14 B4")
    play(state, "take")
    table = table_of(state.round_state)
    for seat in range(3):
        view = view_of(table, seat)
        assert view.place("hand", 0).public == of("B4")
        assert view.place("hand", 0).known == (() if seat == 0 else of("B4"))
        check_observation(view, state.observation(seat))
        check_sound(table, seat)


@pytest.mark.rule("R10")
def test_a_bought_card_is_known_to_all_its_penalty_card_to_the_buyer_only() -> None:
    state = new(3)
    put_round(state, ["R1 R2", "Y1 Y2", "B1 B2"], stock="G1 G2 G3", discards="G14 B4")
    play(state, "draw", "buy")  # seat 1 buys B4 with penalty card G3; seat 0 draws G2
    table = table_of(state.round_state)
    assert view_of(table, 1).place("hand", 1).cards == of("Y1 Y2 B4 G3")
    for seat in (0, 2):
        view = view_of(table, seat)
        assert view.place("hand", 1).known == of("B4")
        check_observation(view, state.observation(seat))


@pytest.mark.rule("R14")
def test_a_rook_taken_back_by_a_swap_is_known_to_all_in_that_hand() -> None:
    state = new(3)
    put_round(
        state,
        ["R5 Y1 Y2", "B1 B2", "B3 B4"],
        round=1,
        phase=RookPhase.PLAY,
        stock="G10 G11",
        discards="G14",
        table=["R3 R4 *R5 R6", "Y9 B9 *9"],
        owners=[1, 1],
        down=(0, 1),
    )
    play(state, "swap R5 on 0")
    table = table_of(state.round_state)
    assert view_of(table, 1).place("table").cards == of("R3 R4 R5 R6") + of("Y9 B9 Rook")
    for seat in (1, 2):
        view = view_of(table, seat)
        assert view.place("hand", 0).known == of("Rook")
        check_observation(view, state.observation(seat))
        check_sound(table, seat)


@pytest.mark.rule("R16")
def test_rebuilt_cards_are_known_to_be_in_the_stock_or_a_drawers_hand() -> None:
    state = new(3)
    round_state = put_round(
        state,
        ["B1 B2", "R1 B3", "B4 B5"],
        stock="R2 R3",
        discards="G1 Y4",
        rebuilds=1,
        turn=0,
    )
    # Rebuilt from R1 R2 R3 Y4: seat 1 drew R1; seat 2 drew Y4 and discarded it.
    round_state.rebuilt = tuple(counts("R1 R2 R3 Y4"))
    none = tuple(counts(""))
    round_state.rebuilt_draws = (none, tuple(counts("R1")), tuple(counts("Y4")))
    round_state.rebuilt_plays = ((), (), ((1, cards("Y4")[0].code),))
    table = table_of(round_state)
    hand = [("hand", s) for s in range(3)]
    expected = {
        0: ((("stock", None), hand[1], hand[2]), of("R1 R2 R3")),
        1: ((("stock", None), hand[2]), of("R2 R3")),  # its own R1 is not in them
        2: ((("stock", None), hand[1]), of("R1 R2 R3")),
    }
    for seat, fact in expected.items():
        view = view_of(table, seat)
        assert view.regions == (fact,)
        assert view.public_regions == (expected[0],)
        check_observation(view, state.observation(seat))
        check_sound(table, seat)


@pytest.mark.rule("R9", "R10", "R16")
def test_the_derived_view_shows_what_the_observation_shows_on_random_play() -> None:
    seen: Counter[str] = Counter()
    for state in random_positions():
        round_state = state.round_state
        assert isinstance(round_state, RookRound)
        seen["known"] += any(map(any, round_state.known))
        seen["rebuilt"] += round_state.rebuilds > 0
        seen["rebuilt, played"] += any(map(bool, round_state.rebuilt_plays))
        table = table_of(round_state)
        for seat in range(state.players):
            check_observation(view_of(table, seat), state.observation(seat))
    assert min(seen.values()) >= 5, seen  # each case comes up in the positions


@pytest.mark.rule("R9", "R10", "R16")
def test_the_cores_and_the_games_samples_look_alike_to_the_seat_on_random_play() -> None:
    rng = random.Random(38)
    for state in random_positions()[::6]:
        for seat in range(state.players):
            check_samplers(state, seat, table_of, rng)
