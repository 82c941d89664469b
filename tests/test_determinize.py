"""Determinization: full states sampled from one seat's observation, for both games.

`cardrules.determinize.determinize(game, observation, rng)` keeps every card
the seat knows where it is known to be and deals the unseen cards at random
into the places it cannot see. Checked here over positions of random play
(several seeds, player counts and variants, rebuilt draw piles included):

* consistency: the sample observes the same for that seat, lists the same
  legal moves when the seat decides, and holds exactly the deck;
* coverage: over many samples every unseen card kind reaches every hidden
  place it may be in, and no other (expected pools are worked out here, from
  the real state and the moves, not by the code under test);
* play goes on alike: a move that shows the seat nothing keeps the sample's
  and the real match's observations equal.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from cardrules import GameState, Move, PluginHookError, new_game
from cardrules.determinize import determinize
from cardrules_gnoming.cards import HAZARD
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingRound
from cardrules_rook.state import RookPhase, RookRound
from tests.observer_support import (
    ROOK_GAME,
    SETUP_IDS,
    SETUPS,
    GnomingWatcher,
    RookWatcher,
    Setup,
    pick,
    positions,
    watched,
)


def deck_of(state: GameState) -> Counter[Any]:
    """The game's deck as a multiset."""
    return Counter(state.game.deck.as_dict())


# ---------------------------------------------------------------- consistency


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_a_sample_observes_the_same(setup: Setup, seed: int) -> None:
    """A sample gives back the seat's observation, its legal moves, the deck and known cards."""
    rng = random.Random(seed)
    deciding = 0
    for state in positions(setup, seed, every=31, limit=30):
        for seat in range(state.players):
            observation = state.observation(seat)
            sample = determinize(state.game, observation, rng)
            assert sample.observation(seat) == observation
            assert sample.round_scores == state.round_scores
            assert sample.round_history() == state.round_history()
            if seat == state.current_player:
                assert sample.legal_moves() == state.legal_moves()
                deciding += 1
            assert Counter(sample.round_state.all_cards()) == deck_of(state)
            real, fake = state.round_state, sample.round_state
            if isinstance(real, RookRound):
                assert isinstance(fake, RookRound)
                assert fake.hands[seat] == real.hands[seat]
                for s, known in enumerate(observation.known_cards):
                    assert Counter(fake.hand(s)) >= Counter(known)
                    assert fake.hand_size(s) == real.hand_size(s)
                assert fake.table == real.table
                assert list(fake.discards) == list(real.discards)
            else:
                assert isinstance(fake, GnomingRound)
                for s in range(state.players):
                    assert fake.layouts[s].face_up == real.layouts[s].face_up
                    assert fake.layouts[s].visible() == real.layouts[s].visible()
                assert fake.drawn_from == real.drawn_from
                assert len(fake.stock) == len(real.stock)
    assert deciding > 5


@pytest.mark.parametrize("setup", [SETUPS[0], SETUPS[3]], ids=[SETUP_IDS[0], SETUP_IDS[3]])
def test_a_sample_is_reproducible_and_reachable_from_the_state(setup: Setup) -> None:
    """The same generator state gives the same sample; ``GameState.determinize`` is the same."""
    for state in positions(setup, 2, every=40, limit=10):
        seat = state.players - 1
        first = determinize(state.game, state.observation(seat), random.Random(7))
        second = state.determinize(seat, random.Random(7))
        assert pickle.dumps(first.round_state) == pickle.dumps(second.round_state)
        assert second.observation(seat) == state.observation(seat)


@pytest.mark.parametrize("setup", [SETUPS[0], SETUPS[3]], ids=[SETUP_IDS[0], SETUP_IDS[3]])
def test_a_finished_match_can_be_sampled(setup: Setup) -> None:
    """At the end of a match a sample is over too, with the same scores and observations."""
    name, players, options, variants = setup
    state = new_game(name, players=players, seed=5, options=options, variants=variants)
    rng = random.Random(5)
    while not state.is_over:
        state.apply(pick(state, rng))
    for seat in range(state.players):
        sample = determinize(state.game, state.observation(seat), random.Random(seat))
        assert sample.is_over
        assert sample.scores == state.scores
        assert sample.observation(seat) == state.observation(seat)


def test_an_impossible_observation_is_refused() -> None:
    """An observation showing more of a card than the deck holds is refused.

    The game's ValueError reaches the caller wrapped in a PluginHookError, as
    every error a plugin raises inside a hook does.
    """
    for setup in (SETUPS[0], SETUPS[3]):
        state = next(positions(setup, 0, every=1, limit=1))
        observation = state.observation(0)
        if setup[0] == ROOK_GAME:
            card = observation.hand[0]
            bad = attrs.evolve(observation, discard_pile=(card,) * (4 * state.players))
        else:
            bad = attrs.evolve(observation, out_of_play=(HAZARD,) * 4)
        with pytest.raises(PluginHookError) as info:
            determinize(state.game, bad, random.Random(0))
        assert isinstance(info.value.__cause__, ValueError)
        assert "more" in str(info.value.__cause__)


# ---------------------------------------------------------------- coverage


def rook_coverage(watcher: RookWatcher, seat: int, samples: int) -> None:
    """Every unseen kind reaches every other hand and the draw pile it may be in, no other.

    After a rebuild the draw pile takes only cards it may hold, and most of
    them; then the kinds it may not hold must be in the hands, and each hand
    gets each of those (the few others reach a hand too rarely to test).
    """
    state = watcher.state
    real = state.round_state
    pool = watcher.hidden_pool(seat)
    limit = watcher.draw_pile_limit(seat)
    stock_kinds = set(pool if limit is None else pool & limit)
    hand_kinds = set(pool if limit is None else pool - limit)
    others = [s for s in range(state.players) if s != seat]
    seen: dict[Any, set[Any]] = {s: set() for s in others}
    seen["stock"] = set()
    observation = state.observation(seat)
    rng = random.Random(seat)
    for _ in range(samples):
        fake = determinize(state.game, observation, rng).round_state
        for s in others:
            unknown = Counter(fake.hand(s)) - watcher.known[s]
            assert sum(unknown.values()) == real.hand_size(s) - sum(watcher.known[s].values())
            assert unknown <= pool
            seen[s] |= set(unknown)
        assert Counter(fake.stock) <= pool
        seen["stock"] |= set(fake.stock)
    for s in others:
        assert hand_kinds <= seen[s], f"seat {s}"
    assert seen["stock"] == stock_kinds


@pytest.mark.rule("R2", "R9", "R16")
@pytest.mark.parametrize("setup", [SETUPS[0], SETUPS[1]], ids=[SETUP_IDS[0], SETUP_IDS[1]])
def test_every_unseen_rook_card_reaches_every_hidden_place(setup: Setup) -> None:
    """Before and after a rebuild, each unseen kind shows up in each other hand and the draw
    pile; after a rebuild the draw pile holds exactly the kinds it may hold."""
    checked = {"before": 0, "after": 0}
    for step, watcher in enumerate(watched(setup, 1, moves=3000)):
        assert isinstance(watcher, RookWatcher)
        rs = watcher.state.round_state
        when = "after" if rs.rebuilds else "before"
        wanted = step % 97 == 50 if when == "before" else step % 23 == 0
        if not wanted or checked[when] >= 2 or rs.phase is RookPhase.OVER:
            continue
        seat = watcher.state.current_player
        assert seat is not None
        rook_coverage(watcher, seat, samples=400)
        rook_coverage(watcher, (seat + 1) % watcher.state.players, samples=400)
        checked[when] += 1
    assert checked == {"before": 2, "after": 2}


def gnoming_coverage(watcher: GnomingWatcher, seat: int, samples: int) -> None:
    """Every unseen kind reaches each hidden place it may be in, and no other."""
    state = watcher.state
    real = state.round_state
    hidden_held = real.held is not None and real.drawn_from == STOCK and seat != real.turn_seat
    pool = Counter(
        c
        for layout in real.layouts
        for c, up in zip(layout.cards, layout.face_up, strict=True)
        if not up
    )
    pool += Counter(real.stock)
    if hidden_held:
        pool[real.held] += 1
    pile = watcher.draw_pile_cards(seat)
    pile_kinds = set(pool if pile is None else pile)
    down_kinds = set(pool if pile is None else pool - pile)
    places = [s for s in range(state.players) if real.layouts[s].face_down_count() >= 3]
    seen: dict[Any, set[Any]] = {s: set() for s in places}
    seen["stock"], seen["held"] = set(), set()
    observation = state.observation(seat)
    rng = random.Random(seat)
    for _ in range(samples):
        fake = determinize(state.game, observation, rng).round_state
        for s in places:
            layout = fake.layouts[s]
            seen[s] |= {c for c, up in zip(layout.cards, layout.face_up, strict=True) if not up}
        seen["stock"] |= set(fake.stock)
        if hidden_held:
            seen["held"].add(fake.held)
        hazards = list(fake.stock).count(HAZARD) + (hidden_held and fake.held == HAZARD)
        assert hazards >= observation.draw_pile_hazards
    for s in places:
        assert seen[s] == down_kinds, f"seat {s}"
    if len(real.stock) >= 3:
        assert seen["stock"] == pile_kinds
    if hidden_held:
        assert seen["held"] == pile_kinds


@pytest.mark.rule("G4", "G8")
@pytest.mark.parametrize("setup", [SETUPS[3], SETUPS[4]], ids=[SETUP_IDS[3], SETUP_IDS[4]])
def test_every_unseen_gnoming_card_reaches_every_hidden_place(setup: Setup) -> None:
    """Before and after a rebuild, each unseen kind shows up face down in each layout (the
    observer's own included), in the draw pile and as another's drawn card; after a rebuild
    the draw pile holds exactly its known cards and the face-down places the rest."""
    checked: Counter[tuple[str, bool]] = Counter()
    for step, watcher in enumerate(watched(setup, 1)):
        assert isinstance(watcher, GnomingWatcher)
        rs = watcher.state.round_state
        kind = (
            "after" if rs.rebuilds else "before",
            rs.held is not None and rs.drawn_from == STOCK,
        )
        if rs.phase.value == "over" or checked[kind] >= 1 or step % 5:
            continue
        if kind[1]:  # seen by another seat, the card drawn is a hidden place too
            assert rs.turn_seat is not None
            gnoming_coverage(watcher, (rs.turn_seat + 1) % watcher.state.players, samples=2500)
        else:
            gnoming_coverage(watcher, rs.current_player or 0, samples=400)
        checked[kind] += 1
    assert sorted(checked) == [
        ("after", False),
        ("after", True),
        ("before", False),
        ("before", True),
    ]


@pytest.mark.rule("G5")
def test_hazards_known_to_be_in_the_draw_pile_stay_there() -> None:
    """With shuffled-back Hazards (G5) every sample keeps them in the draw pile, while other
    unseen Hazards may still lie face down."""
    setup = SETUPS[5]
    state = next(positions(setup, 0, every=1, limit=1))
    real = state.round_state
    observation = state.observation(0)
    assert observation.draw_pile_hazards >= 1
    unseen_hazards = sum(
        c == HAZARD
        for layout in real.layouts
        for c, up in zip(layout.cards, layout.face_up, strict=True)
        if not up
    ) + list(real.stock).count(HAZARD)
    face_down_hazards = set()
    rng = random.Random(3)
    for _ in range(300):
        fake = determinize(state.game, observation, rng).round_state
        assert list(fake.stock).count(HAZARD) >= observation.draw_pile_hazards
        face_down_hazards.add(
            sum(
                c == HAZARD
                for layout in fake.layouts
                for c, up in zip(layout.cards, layout.face_up, strict=True)
                if not up
            )
        )
    assert face_down_hazards == set(range(unseen_hazards - observation.draw_pile_hazards + 1))


# ---------------------------------------------------------------- playing on


def shows_the_seat_nothing(state: GameState, move: Move, seat: int) -> bool:
    """Whether ``move`` shows ``seat`` no hidden card (judged on the real match)."""
    before = state.round_state
    trial = state.clone()
    trial.apply(move)
    if trial.round != state.round or trial.is_over:
        return False  # scoring the round shows every hand
    if not state.game.reveals(before, move, trial.round_state):
        return True
    # The seat's own melds, lay-offs, swaps and discards show others its cards, not it any.
    return (
        isinstance(before, RookRound)
        and before.phase is RookPhase.PLAY
        and (state.current_player == seat)
    )


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_play_goes_on_alike_while_nothing_is_shown(setup: Setup) -> None:
    """Moves that show the seat nothing, applied to the real match and a sample, keep the
    seat's observations of both equal."""
    rng = random.Random(4)
    played = 0
    for state in positions(setup, 3, every=37, limit=25):
        seat = rng.randrange(state.players)
        sample = determinize(state.game, state.observation(seat), rng)
        real = state.clone()
        for _ in range(12):
            same = [m for m in real.legal_moves() if m in set(sample.legal_moves())]
            quiet = [m for m in same if shows_the_seat_nothing(real, m, seat)]
            if not quiet:
                break
            move = rng.choice(quiet)
            real.apply(move)
            sample.apply(move)
            assert sample.observation(seat) == real.observation(seat)
            played += 1
    assert played > 10
