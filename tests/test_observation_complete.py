"""Observations are leak-free and complete, for both games.

Leak-free: two states that differ only in cards hidden from a seat give that
seat the same observation (the owner's own face-down Gnoming cards count as
hidden, G4). Complete: what a seat may know, public history included (cards
taken, bought or swapped back into a hand, what a rebuilt draw pile holds),
shows in its observation, so states the seat can tell apart observe differently.

Positions come from random play (several seeds, player counts and variants,
draw-pile rebuilds included: `tests.observer_support`).
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest

from cardrules import GameState, new_game
from cardrules_gnoming.cards import HAZARD
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingPhase, GnomingRound
from cardrules_rook.cards import ROOK, card_of_code
from cardrules_rook.state import RookRound
from tests.gnoming import builders as gb
from tests.observer_support import (
    GNOMING_GAME,
    ROOK_GAME,
    SETUP_IDS,
    SETUPS,
    GnomingWatcher,
    RookWatcher,
    Setup,
    positions,
    shuffled_back_seeds,
    twin_with,
    watched,
)
from tests.rook import builders as rb

# ---------------------------------------------------------------- hidden places


def rook_unknown(rs: RookRound, seat: int) -> list[tuple[int, int]]:
    """(other seat, code) for each card of another hand that is not known to be there."""
    return [
        (s, code)
        for s in range(rs.players)
        if s != seat
        for code in range(57)
        if rs.hands[s][code] > rs.known[s][code]
    ]


def rook_hidden_swap(rs: RookRound, seat: int, rng: random.Random) -> RookRound | None:
    """A copy with two cards hidden from ``seat`` of different kinds exchanged, or None.

    Between two other hands (unknown parts), or, before any rebuild, between
    another hand and the draw pile.
    """
    unknown = rook_unknown(rs, seat)
    pairs: list[tuple[str, Any, Any]] = [
        ("hands", a, b) for a in unknown for b in unknown if a[0] < b[0] and a[1] != b[1]
    ]
    if not rs.rebuilds:
        pairs += [
            ("stock", a, i) for a in unknown for i, card in enumerate(rs.stock) if card.code != a[1]
        ][:200]
    if not pairs:
        return None
    kind, a, b = pairs[rng.randrange(len(pairs))]
    twin = rs.clone()
    (s, code) = a
    if kind == "hands":
        (t, other) = b
        twin.hands[s][code] -= 1
        twin.hands[s][other] += 1
        twin.hands[t][other] -= 1
        twin.hands[t][code] += 1
    else:
        stock = list(twin.stock)
        twin.hands[s][code] -= 1
        twin.hands[s][stock[b].code] += 1
        stock[b] = card_of_code(code)
        twin.stock = type(twin.stock)(stock)
    return twin


def gnoming_hidden_swap(
    rs: GnomingRound, seat: int, hazards: int, rng: random.Random
) -> GnomingRound | None:
    """A copy with two cards hidden from ``seat`` of different kinds exchanged, or None.

    Hidden places: face-down positions (``seat``'s own included, G4), the draw
    pile, and a card held by another seat that drew it from the draw pile.
    After a rebuild (G8) the draw pile's cards are known, so cards only move
    between face-down positions, or within the draw pile and the hidden held
    card; ``hazards`` Hazards known to be in the draw pile stay there.
    """
    down = [
        ("down", s, p) for s in range(rs.players) for p in range(9) if not rs.layouts[s].face_up[p]
    ]
    pile = [("stock", i, 0) for i in range(len(rs.stock))]
    if rs.held is not None and rs.drawn_from == STOCK and seat != rs.turn_seat:
        pile.append(("held", 0, 0))

    def card_at(place: tuple[str, int, int]) -> Any:
        kind, a, b = place
        if kind == "down":
            return rs.layouts[a].cards[b]
        return rs.held if kind == "held" else list(rs.stock)[a]

    groups = [down, pile] if rs.rebuilds else [down + pile]
    pairs = []
    for group in groups:
        for i, x in enumerate(group):
            for y in group[i + 1 :]:
                cx, cy = card_at(x), card_at(y)
                if cx == cy:
                    continue
                if hazards and HAZARD in (cx, cy) and (x[0] == "down") != (y[0] == "down"):
                    continue  # would move a Hazard known to be in the draw pile
                pairs.append((x, y))
    if not pairs:
        return None
    x, y = pairs[rng.randrange(len(pairs))]
    twin = rs.clone()
    stock = list(twin.stock)
    cx, cy = card_at(x), card_at(y)
    for place, card in ((x, cy), (y, cx)):
        kind, a, b = place
        if kind == "down":
            twin.layouts[a].cards[b] = card
        elif kind == "held":
            twin.held = card
        else:
            stock[a] = card
    twin.stock = type(twin.stock)(stock)
    return twin


# ---------------------------------------------------------------- leak-free


@pytest.mark.rule("G4", "R2")
@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_hidden_cards_never_show(setup: Setup, seed: int) -> None:
    """Reshuffling (shuffle_hidden) or swapping two hidden cards never changes that seat's view.

    The positions include rebuilt draw piles and, with the shuffle-back option,
    Hazards known to be in the draw pile.
    """
    rng = random.Random(seed)
    changed = 0
    rebuilt = known_hazards = 0
    for state in positions(setup, seed, every=29, limit=40):
        rs = state.round_state
        rebuilt += rs.rebuilds > 0
        known_hazards += getattr(rs, "stock_hazards", 0) > 0
        for seat in range(state.players):
            observation = state.observation(seat)
            shuffled = state.game.shuffle_hidden(rs, seat, rng)
            assert twin_with(state, shuffled).observation(seat) == observation
            swapped: RookRound | GnomingRound | None
            if isinstance(rs, RookRound):
                swapped = rook_hidden_swap(rs, seat, rng)
            else:
                swapped = gnoming_hidden_swap(rs, seat, observation.draw_pile_hazards, rng)
            if swapped is not None:
                assert pickle.dumps(swapped) != pickle.dumps(rs)
                assert twin_with(state, swapped).observation(seat) == observation
                changed += 1
    assert changed > 20
    assert rebuilt > 0
    assert known_hazards > 0 or setup[2].get("start_pile_hazard") != "shuffle-back"


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_shuffle_hidden_keeps_what_the_seat_knows(setup: Setup) -> None:
    """A reshuffle keeps what the seat sees and what it knows of the hidden cards.

    Rook: the seat's hand, every hand's size and the cards its observation
    says are known to be in it. Gnoming: face-up cards, and after a rebuild
    (G8) the cards of the draw pile with a held card hidden from the seat.
    """
    rng = random.Random(5)
    seen_rebuild = False
    for state in positions(setup, 3, every=11, limit=40):
        rs = state.round_state
        for seat in range(state.players):
            twin = state.game.shuffle_hidden(rs, seat, rng)
            assert Counter(twin.all_cards()) == Counter(rs.all_cards())
            if isinstance(rs, RookRound):
                for s in range(rs.players):
                    size = sum(rs.hands[s])
                    assert sum(twin.hands[s]) == size
                    if s == seat:
                        assert twin.hands[s] == rs.hands[s]
                    known = state.observation(seat).known_cards[s]
                    assert all(twin.hands[s][c.code] >= n for c, n in Counter(known).items())
                assert len(twin.stock) == len(rs.stock)
            else:
                hidden_held = rs.held is not None and rs.drawn_from == STOCK
                hidden_held = hidden_held and seat != rs.turn_seat
                if not hidden_held:
                    assert twin.held == rs.held
                if rs.rebuilds:
                    seen_rebuild = True
                    pile = list(rs.stock) + ([rs.held] if hidden_held else [])
                    shuffled = list(twin.stock) + ([twin.held] if hidden_held else [])
                    assert Counter(pile) == Counter(shuffled)
                for s in range(rs.players):
                    for p in range(9):
                        if rs.layouts[s].face_up[p]:
                            assert twin.layouts[s].cards[p] == rs.layouts[s].cards[p]
    assert seen_rebuild or setup[0] == ROOK_GAME


# ---------------------------------------------------------------- complete


def rook_seen_swap(rs: RookRound, seat: int, rng: random.Random) -> RookRound | None:
    """A copy with a card of ``seat``'s hand exchanged with an unknown card of another hand."""
    own = [code for code in range(57) if rs.hands[seat][code]]
    pairs = [(code, u) for code in own for u in rook_unknown(rs, seat) if u[1] != code]
    if not pairs:
        return None
    code, (s, other) = rng.choice(pairs)
    twin = rs.clone()
    twin.hands[seat][code] -= 1
    twin.hands[seat][other] += 1
    twin.hands[s][other] -= 1
    twin.hands[s][code] += 1
    return twin


def gnoming_seen_swap(rs: GnomingRound, rng: random.Random) -> GnomingRound | None:
    """A copy with a face-up card exchanged with a face-down card of another kind."""
    places = [(s, p) for s in range(rs.players) for p in range(9)]
    up = [(s, p) for s, p in places if rs.layouts[s].face_up[p]]
    down = [(s, p) for s, p in places if not rs.layouts[s].face_up[p]]
    pairs = [
        (a, b)
        for a in up
        for b in down
        if rs.layouts[a[0]].cards[a[1]] != rs.layouts[b[0]].cards[b[1]]
    ]
    if not pairs:
        return None
    (s, p), (t, q) = rng.choice(pairs)
    twin = rs.clone()
    x, y = twin.layouts[s].cards[p], twin.layouts[t].cards[q]
    twin.layouts[s].cards[p], twin.layouts[t].cards[q] = y, x
    return twin


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_changing_a_card_in_sight_changes_the_view(setup: Setup) -> None:
    """Exchanging a card the seat sees with one it does not see changes its observation."""
    rng = random.Random(11)
    checked = 0
    for state in positions(setup, 4, every=23, limit=20):
        rs = state.round_state
        seat = rng.randrange(state.players)
        observation = state.observation(seat)
        if isinstance(rs, RookRound):
            twin: RookRound | GnomingRound | None = rook_seen_swap(rs, seat, rng)
        else:
            twin = gnoming_seen_swap(rs, rng)
        if twin is None:
            continue
        assert twin_with(state, twin).observation(seat) != observation
        checked += 1
    assert checked > 3


@pytest.mark.rule("G8")
def test_a_rebuilt_gnoming_draw_pile_is_public() -> None:
    """After a rebuild, moving a card between the draw pile and a face-down place shows."""
    rng = random.Random(2)
    checked = 0
    for state in positions(SETUPS[3], 6, every=3, limit=150):
        rs = state.round_state
        if not rs.rebuilds or not rs.stock:
            continue
        seat = rng.randrange(state.players)
        observation = state.observation(seat)
        down = [(s, p) for s in range(rs.players) for p in range(9) if not rs.layouts[s].face_up[p]]
        stock = list(rs.stock)
        pairs = [
            (s, p, i) for s, p in down for i, c in enumerate(stock) if c != rs.layouts[s].cards[p]
        ]
        if not pairs:
            continue
        s, p, i = rng.choice(pairs)
        twin = rs.clone()
        stock[i], twin.layouts[s].cards[p] = twin.layouts[s].cards[p], stock[i]
        twin.stock = type(twin.stock)(stock)
        changed = twin_with(state, twin).observation(seat)
        assert changed != observation
        assert attrs.evolve(changed, draw_pile_cards=observation.draw_pile_cards) == observation
        checked += 1
    assert checked > 3


# ---------------------------------------------------------------- public history (Rook)


@pytest.mark.rule("R9", "R10", "R14", "R16")
@pytest.mark.parametrize(
    "setup", [s for s in SETUPS if s[0] == ROOK_GAME], ids=[i for i in SETUP_IDS if "toon" in i]
)
def test_rook_observations_follow_the_public_history(setup: Setup) -> None:
    """At every step of random play each seat's view of hidden cards is what the moves show.

    Expected values come from `tests.observer_support.RookWatcher`, which
    works them out from the moves alone.
    """
    known = rebuilt = drawn = played = 0
    for step, watcher in enumerate(watched(setup, 0, moves=2000)):
        assert isinstance(watcher, RookWatcher)
        state = watcher.state
        for seat in range(state.players) if step % 4 == 0 else [step % state.players]:
            observation = state.observation(seat)
            assert observation.known_cards == watcher.known_cards()
            assert observation.rebuilt_draw_counts == watcher.draw_counts()
            assert observation.rebuilt_draw_plays == tuple(map(tuple, watcher.plays))
            limit = watcher.draw_pile_limit(seat)
            if limit is None:
                assert observation.rebuilt_draw_pile == observation.drawn_from_rebuilt == ()
                assert observation.rebuilt_draw_counts == (0,) * state.players
            else:
                assert Counter(observation.rebuilt_draw_pile) == watcher.rebuilt
                assert Counter(observation.drawn_from_rebuilt) == watcher.drawn[seat]
                assert Counter(state.round_state.stock) <= limit
                drawn += bool(observation.drawn_from_rebuilt)
                played += any(observation.rebuilt_draw_plays)
            known += any(observation.known_cards)
            rebuilt += limit is not None
    assert known
    assert rebuilt
    assert drawn
    assert played


@pytest.mark.rule("G8")
@pytest.mark.parametrize(
    "setup", [s for s in SETUPS if s[0] == GNOMING_GAME], ids=[i for i in SETUP_IDS if "gnom" in i]
)
def test_gnoming_observations_follow_the_public_history(setup: Setup) -> None:
    """After a rebuild each seat's view of the draw pile is what the moves showed.

    Expected values come from `tests.observer_support.GnomingWatcher`.
    """
    rebuilt = 0
    for watcher in watched(setup, 0):
        assert isinstance(watcher, GnomingWatcher)
        state = watcher.state
        for seat in range(state.players):
            cards = state.observation(seat).draw_pile_cards
            expected = watcher.draw_pile_cards(seat)
            if expected is None:
                assert cards is None
            else:
                assert cards is not None
                assert Counter(cards) == expected
                rebuilt += 1
    assert rebuilt


def four_rook(discard_top: str = "B4", hands: list[str] | None = None) -> GameState:
    """Seat 1 of 4 is to draw; draw pile top Y3, then Y2; discard pile G14 under ``discard_top``."""
    state = rb.new(4)
    rb.put_round(
        state,
        hands or ["R5 G9", "R1 R2", "B7", "Y3 Y4"],
        turn=1,
        stock="Y1 Y2 Y3",
        discards=f"G14 {discard_top}",
    )
    return state


@pytest.mark.rule("R9")
def test_a_taken_discard_is_known_to_be_in_the_hand() -> None:
    """Seat 1 takes B4: every seat knows it is in seat 1's hand until it is discarded."""
    state = four_rook()
    rb.play(state, "take")
    for seat in range(4):
        assert state.observation(seat).known_cards == ((), (rb.card("B4"),), (), ())
    rb.play(state, "discard B4")
    assert state.observation(0).known_cards == ((),) * 4


@pytest.mark.rule("R9", "R2")
def test_a_known_card_leaves_the_hand_once_whichever_copy_is_played() -> None:
    """Seat 1 holds B4 and takes another: discarding one B4 leaves none known (R2)."""
    state = four_rook(hands=["R5 G9", "R1 B4", "B7", "Y3 Y4"])
    rb.play(state, "take")
    assert state.observation(2).known_cards[1] == (rb.card("B4"),)
    rb.play(state, "discard B4")
    assert state.observation(2).known_cards[1] == ()
    assert rb.hand(state, 1) == rb.sorted_hand("R1 B4")


@pytest.mark.rule("R9")
def test_which_card_was_taken_shows_in_the_view() -> None:
    """Two positions alike but for the card seat 1 took look different to seat 0.

    After the take the two rounds differ only inside seat 1's hand; without the
    public history seat 0 could not tell them apart.
    """
    first, second = four_rook("B4"), four_rook("R7")
    rb.play(first, "take")
    rb.play(second, "take")
    a, b = first.observation(0), second.observation(0)
    assert a != b
    assert a.known_cards[1] == (rb.card("B4"),)
    assert b.known_cards[1] == (rb.card("R7"),)
    assert attrs.evolve(a, known_cards=b.known_cards) == b


@pytest.mark.rule("R10")
def test_a_bought_card_is_known_but_not_the_penalty_card() -> None:
    """Seat 3 buys B4 and gets penalty Y3: others know B4 is in its hand, not Y3."""
    state = four_rook()
    rb.play(state, "draw", "pass", "buy")
    assert rb.hand(state, 3) == rb.sorted_hand("Y3 Y4 B4 Y3")
    for seat in range(4):
        assert state.observation(seat).known_cards == ((), (), (), (rb.card("B4"),))
    assert state.observation(3).hand == tuple(rb.cards("Y3 Y3 Y4 B4"))


@pytest.mark.rule("R14")
def test_a_rook_taken_back_by_a_swap_is_known() -> None:
    """Seat 0 swaps R5 for the Rook: all know it holds the Rook until it plays it."""
    state = rb.new(3)
    rb.put_round(
        state,
        ["R5 Y1 Y2 Y3", "B1 B2", "B3 B4"],
        round=1,
        phase=rb.P.PLAY,
        stock="G10 G11",
        discards="G14",
        table=["R3 R4 *R5 R6", "Y9 B9 *9"],
        owners=[1, 1],
        down=(0, 1),
    )
    rb.play(state, "swap R5 on 0")
    for seat in range(3):
        assert state.observation(seat).known_cards == ((ROOK,), (), ())
    rb.play(state, "lay off *7 on 0")
    assert state.observation(1).known_cards == ((), (), ())


@pytest.mark.rule("R16")
def test_a_rebuilt_rook_draw_pile_is_known_as_a_multiset() -> None:
    """The draw pile runs out: it is rebuilt from the discards but the top, which all see.

    The seat that draws from it knows the card it drew is no longer in it.
    """
    state = rb.new(3)
    rb.put_round(state, ["R1 R2", "B1 B2", "Y1 Y2"], stock="", discards="G5 Y9 R7 R7 B12")
    rb.play(state, "draw")
    rb.pass_all(state)
    drawn = Counter(rb.hand(state, 0)) - Counter(["R1", "R2"])
    expected = tuple(sorted(rb.cards("G5 Y9 R7 R7"), key=lambda c: c.code))
    for seat in range(3):
        observation = state.observation(seat)
        assert observation.rebuilds == 1
        assert observation.rebuilt_draw_pile == expected
        assert observation.drawn_from_rebuilt == (
            tuple(rb.cards(" ".join(drawn.elements()))) if seat == 0 else ()
        )
        assert observation.rebuilt_draw_counts == (1, 0, 0)
    assert state.observation(0).discard_pile == (rb.card("B12"),)


@pytest.mark.rule("R10", "R16")
def test_draws_from_a_rebuilt_pile_and_the_plays_after_them_are_public() -> None:
    """After a rebuild all see how many cards each seat drew from it, and which cards a seat
    that drew played since that may be cards it drew: of a rebuilt kind, not a known card.

    Seat 1 buys B12 during seat 0's draw: its penalty card and seat 0's draw come from
    the pile rebuilt from G5 Y9 B12. Seat 0 discards Y9 (maybe its draw); seat 1 takes
    it and discards B12 (the bought card, known to all: not listed).
    """
    state = rb.new(3)
    rb.put_round(
        state, ["R1 R2 Y9", "B1 B2", "Y1 Y2"], stock="", discards="G5 Y9 B12 R7 B12", turn=0
    )
    rb.play(state, "draw", "buy")
    for seat in range(3):
        observation = state.observation(seat)
        assert observation.rebuilt_draw_pile == tuple(rb.cards("Y9 G5 B12"))
        assert observation.rebuilt_draw_counts == (1, 1, 0)
        assert observation.known_cards == ((), (rb.card("B12"),), ())
        assert len(observation.drawn_from_rebuilt) == (seat != 2)
    rb.play(state, "discard Y9", "take", "discard B12")
    for seat in range(3):
        observation = state.observation(seat)
        assert observation.rebuilt_draw_counts == (1, 1, 0)
        assert observation.rebuilt_draw_plays == (((1, rb.card("Y9")),), (), ())
        assert observation.known_cards == ((), (rb.card("Y9"),), ())


# ---------------------------------------------------------------- public history (Gnoming)


@pytest.mark.rule("G8", "G9")
def test_a_rebuilt_gnoming_draw_pile_shows_until_its_cards_are_shown() -> None:
    """After a rebuild all know the draw pile's cards; a drawn card stays among them for
    everyone but the drawer until it is placed or discarded."""
    state = gb.new(3)
    gb.put_round(
        state,
        ["(1) 2 3 / 4 5 6 / 7 8 9"] * 3,
        turn=0,
        phase=GnomingPhase.DISCARD,
        held="-1",
        discards=("2 M 11", "3 -4 6"),
    )
    gb.play(state, "discard 0")  # seat 1's turn starts with an empty draw pile: rebuild
    expected = Counter(gb.cards("2 M 11 3 -4"))
    for seat in range(3):
        cards = state.observation(seat).draw_pile_cards
        assert cards is not None
        assert Counter(cards) == expected
    gb.play(state, "draw stock")
    drawn = state.round_state.held
    for seat in range(3):
        cards = state.observation(seat).draw_pile_cards
        assert cards is not None
        assert Counter(cards) == (expected - Counter([drawn]) if seat == 1 else expected)
    gb.play(state, "discard 1")
    for seat in range(3):
        cards = state.observation(seat).draw_pile_cards
        assert cards is not None
        assert Counter(cards) == expected - Counter([drawn])


@pytest.mark.rule("G5")
def test_a_shuffled_back_hazard_is_known_to_be_in_the_draw_pile() -> None:
    """With ``start_pile_hazard="shuffle-back"`` every seat knows a Hazard is in the draw pile."""
    seeds = shuffled_back_seeds(4)
    for seed in (next(seeds), next(seeds)):
        state = new_game(
            GNOMING_GAME, players=4, seed=seed, options={"start_pile_hazard": "shuffle-back"}
        )
        assert not state.round_state.out_of_play
        for seat in range(4):
            assert state.observation(seat).draw_pile_hazards >= 1
        plain = new_game(GNOMING_GAME, players=4, seed=seed)
        assert plain.observation(0).draw_pile_hazards == 0
