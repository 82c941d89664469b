"""Determinization: full states sampled from one seat's observation, for both games.

`cardrules.engine.determinize.determinize(game, observation, rng)` keeps every card
the seat knows where it is known to be and deals the unseen cards at random
into the places it cannot see. Checked here over positions of random play
(several seeds, player counts and variants, rebuilt draw piles included):

* consistency: the sample observes the same for that seat, lists the same
  legal moves when the seat decides, and holds exactly the deck;
* coverage: over many samples every unseen card kind reaches every hidden
  place it may be in, and no other (expected pools are worked out here, from
  the real state and the moves, not by the code under test);
* play goes on alike: a move that shows the seat nothing keeps the sample's
  and the real match's observations equal;
* after a Rook rebuild (R16) every sample is a possible state: the cards other
  seats drew from the rebuilt pile are in their hands, or among the cards they
  played after drawing (checked on exact positions, and on random play with a
  witness check worked out here from the moves).
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import GameState, Move, ObservationMismatchError, new_game
from cardrules.engine.determinize import determinize
from cardrules_gnoming.cards import HAZARD
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingRound
from cardrules_rook.cards import card_of_code
from cardrules_rook.hidden import deal_hidden
from cardrules_rook.state import RookPhase, RookRound
from tests.observer_support import (
    GNOMING_GAME,
    ROOK_GAME,
    SETUP_IDS,
    SETUPS,
    GnomingWatcher,
    RookWatcher,
    Setup,
    pick,
    positions,
    rook_full_deck_round,
    twin_with,
    watched,
)
from tests.rook import builders as rb


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

    The game raises ObservationMismatchError (a ValueError), which reaches the
    caller as it is: it is a cardrules error, not a plugin failure.
    """
    for setup in (SETUPS[0], SETUPS[3]):
        state = next(positions(setup, 0, every=1, limit=1))
        observation = state.observation(0)
        if setup[0] == ROOK_GAME:
            card = observation.hand[0]
            bad = attrs.evolve(observation, discard_pile=(card,) * (4 * state.players))
        else:
            bad = attrs.evolve(observation, out_of_play=(HAZARD,) * 4)
        with pytest.raises(ObservationMismatchError, match="more"):
            determinize(state.game, bad, random.Random(0))


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


@pytest.mark.rule("G5")
def test_two_hazards_turned_up_in_a_row_both_stay_in_the_draw_pile() -> None:
    """Seed 359, 3 players: the first two cards turned up for a discard pile are Hazards.

    With ``start_pile_hazard="shuffle-back"`` the first went back under at least
    one card, so the second is another Hazard: both are known to be in the draw
    pile, and every sample keeps both there.
    """
    plain = new_game(GNOMING_GAME, players=3, seed=359, options={"rounds": 1})
    assert plain.round_state.out_of_play == [HAZARD, HAZARD]  # same shuffle, Hazards removed
    options = {"rounds": 1, "start_pile_hazard": "shuffle-back"}
    state = new_game(GNOMING_GAME, players=3, seed=359, options=options)
    real = state.round_state
    assert [list(pile) for pile in real.discards] == [list(p) for p in plain.round_state.discards]
    assert list(real.stock).count(HAZARD) == 3
    for seat in range(3):
        observation = state.observation(seat)
        assert observation.draw_pile_hazards == 2
        rng = random.Random(seat)
        for _ in range(200):
            fake = determinize(state.game, observation, rng).round_state
            assert list(fake.stock).count(HAZARD) >= 2


# ---------------------------------------------------------------- after a Rook rebuild

Y3, G9 = rb.card("Y3"), rb.card("G9")


def rook_samples(state: GameState, seat: int, count: int, seed: int) -> Iterator[RookRound]:
    """``count`` determinized rounds and ``count`` reshuffled ones (shuffle_hidden) for ``seat``.

    Each observes the same for ``seat`` and holds exactly the deck.
    """
    observation = state.observation(seat)
    rng = random.Random(seed)
    for _ in range(count):
        fake = determinize(state.game, observation, rng)
        assert fake.observation(seat) == observation
        twin = state.game.shuffle_hidden(state.round_state, seat, rng)
        assert twin_with(state, twin).observation(seat) == observation
        for sample in (fake.round_state, twin):
            assert isinstance(sample, RookRound)
            assert Counter(sample.all_cards()) == deck_of(state)
            yield sample


def rebuilt_from_y3_g9(hands: list[str]) -> GameState:
    """3 players, seat 1 to draw from an empty draw pile; the discard pile is Y3 G9 B1.

    The draw is rebuilt from Y3 G9 (R16). Seat 0 holds ``hands[0]`` and the
    cards of the deck no one else holds.
    """
    state = rb.new(3)
    rook_full_deck_round(state, hands, rest_to=0, discards="Y3 G9 B1", turn=1)
    rb.play(state, "draw")
    rb.pass_all(state)
    return state


def drawn_by_seat_1(state: GameState) -> tuple[Any, Any]:
    """``(card, other)``: which of Y3/G9 seat 1 drew, and the one left in the draw pile."""
    hand = rb.rs(state).hands[1]
    return (Y3, G9) if hand[Y3.code] else (G9, Y3)


@pytest.mark.rule("R16")
def test_a_card_drawn_from_a_rebuilt_pile_stays_with_the_seat_that_drew_it() -> None:
    """Seat 1 drew Y3 or G9 from the rebuilt pile; seat 0 holds every other copy of both.

    Seat 2 cannot hold either: no sample (nor reshuffle) deals it one. Seat 1
    holds one of them, the draw pile the other, and seat 0 cannot tell which.
    """
    state = rebuilt_from_y3_g9(["Y3 Y3 G9 G9", "R1 R2 B5 B6 G12", "R10 R11 Y7 Y8 G13"])
    assert state.observation(0).rebuilt_draw_counts == (0, 1, 0)
    held: set[Any] = set()
    for fake in rook_samples(state, 0, 150, seed=1):
        assert fake.hands[2][Y3.code] == fake.hands[2][G9.code] == 0
        mine = Counter(fake.hand(1)) & Counter([Y3, G9])
        assert mine.total() == 1
        assert Counter(fake.stock) == Counter([Y3, G9]) - mine
        assert Counter(cards_of(fake.rebuilt_draws[1])) == mine
        held |= set(mine)
    assert held == {Y3, G9}


@pytest.mark.rule("R16")
def test_a_drawn_card_played_since_is_not_dealt_to_its_drawer() -> None:
    """Seat 1 discards the card it drew (no other copy is unseen); seat 2 draws the other.

    Seat 1's draw is the discarded card, so seat 2's is the other one: every
    sample gives it to seat 2 and neither to seat 1.
    """
    state = rebuilt_from_y3_g9(["Y3 Y3 G9 G9", "R1 R2 B5 B6 G12", "R10 R11 Y7 Y8 G13"])
    drawn, other = drawn_by_seat_1(state)
    rb.play(state, f"discard {drawn}", "draw")
    rb.pass_all(state)
    observation = state.observation(0)
    assert observation.rebuilt_draw_counts == (0, 1, 1)
    assert observation.rebuilt_draw_plays == ((), ((1, drawn),), ())
    assert observation.draw_pile_size == 0
    for fake in rook_samples(state, 0, 100, seed=2):
        assert fake.hands[1][Y3.code] == fake.hands[1][G9.code] == 0
        assert (fake.hands[2][other.code], fake.hands[2][drawn.code]) == (1, 0)


@pytest.mark.rule("R16")
def test_a_discard_after_a_rebuilt_draw_may_or_may_not_be_the_card_drawn() -> None:
    """As before, but seat 2 holds the other copies of Y3 and G9, unseen by seat 0.

    Seat 1 drew one of the two and discarded one of that kind: the card it
    drew, or one it held. So the draw pile may hold either; when it holds the
    discarded kind, seat 1 drew the other and still holds it.
    """
    state = rebuilt_from_y3_g9(["", "R1 R2 B5 B6 G12", "Y3 Y3 G9 G9 R10 R11 Y7"])
    drawn, other = drawn_by_seat_1(state)
    rb.play(state, f"discard {drawn}")
    seen: set[tuple[Any, bool]] = set()
    for fake in rook_samples(state, 0, 300, seed=3):
        (top,) = fake.stock
        if top == drawn:
            assert fake.hands[1][other.code] >= 1
        seen.add((top, fake.hands[1][drawn.code] > 0))
    # (other, False): seat 1 discarded the card it drew, and holds no other of its kind.
    assert seen == {(drawn, False), (drawn, True), (other, False), (other, True)}


@pytest.mark.rule("R10", "R16")
def test_a_seat_with_fewer_unknown_cards_than_rebuilt_draws_played_some() -> None:
    """4 players. Seat 1 buys B1 (its penalty card comes from the pile rebuilt from Y3 Y3),
    seat 0 draws the other Y3; seat 1 takes B14, lays off Y3 and R5, discards B14.

    Seat 1 now holds only B1, known to all: it drew one card from the rebuilt
    pile and holds no unknown card, so it played that card (the Y3), and seat
    0 holds the other rebuilt Y3 in every sample. The Y3 seat 0 held before may
    be anywhere hidden from seat 3.
    """
    state = rb.new(4)
    rook_full_deck_round(
        state,
        ["Y3 B14 R9 R10 G11", "R5", "G5 G6 B7 B8 Y12", ""],
        rest_to=3,
        discards="Y3 Y3 G7 B1",
        table=["R3 G3 B3", "R1 R2 R3 R4"],
        owners=[1, 1],
        down=(1,),
        turn=0,
    )
    rb.play(state, "draw", "buy", "discard B14", "take")
    rb.play(state, "lay off Y3 on 0", "lay off R5 on 1", "discard B14")
    observation = state.observation(3)
    assert observation.rebuilt_draw_counts == (1, 1, 0, 0)
    assert observation.rebuilt_draw_plays == ((), ((1, Y3),), (), ())
    assert observation.known_cards[1] == (rb.card("B1"),)
    seat_2_y3 = set()
    for fake in rook_samples(state, 3, 100, seed=4):
        assert fake.hand(1) == (rb.card("B1"),)
        assert fake.hands[0][Y3.code] >= 1
        assert not fake.stock
        seat_2_y3.add(fake.hands[2][Y3.code])
    assert seat_2_y3 == {0, 1}


@pytest.mark.rule("R16")
def test_the_plays_that_must_be_drawn_cards_are_found_whatever_the_order() -> None:
    """Seat A drew 1 card and played Y3 and G9, seat B drew 1 and played Y3; neither kind is
    unseen any more. Only A's G9 and B's Y3 explain both draws (a first-fit choice in the
    wrong order gets stuck); every deal finds them."""
    unseen = [0] * 57
    for code in range(6):
        unseen[code] = 1
    rebuilt = [0] * 57
    rebuilt[Y3.code] = rebuilt[G9.code] = 1
    for seed in range(40):
        stock, hands, draws = deal_hidden(
            unseen,
            0,
            [3, 3],
            random.Random(seed),
            rebuilt,
            [1, 1],
            [[(1, Y3.code), (1, G9.code)], [(1, Y3.code)]],
        )
        assert stock == []
        assert [cards_of(d) for d in draws] == [[G9], [Y3]]
        assert [sum(hand) for hand in hands] == [3, 3]
        assert Counter(c for hand in hands for c in cards_of(hand)) == Counter(cards_of(unseen))


def cards_of(counts: Any) -> list[Any]:
    """57 counts by code as Rook cards, in code order."""
    return [card_of_code(code) for code, n in enumerate(counts) for _ in range(n)]


def assert_rook_draws_possible(rs: RookRound, seat: int, watcher: RookWatcher) -> None:
    """The round's draws from the rebuilt pile are a history that fits what ``seat`` saw.

    With ``D`` each seat's draws in the round (`RookRound.rebuilt_draws`): the
    draw pile and the ``D`` are exactly the rebuilt cards; ``seat``'s are its
    real draws and each seat drew as many as it did; and every card of another
    seat's ``D`` is in the part of its hand not known to all, or is one of its
    plays after rebuilt draws (`RookWatcher.plays`), each matched to an earlier
    draw (a play after ``k`` draws stands for one of the first ``k``).
    """
    draws = [Counter(cards_of(row)) for row in rs.rebuilt_draws]
    assert sum(draws, Counter(rs.stock)) == watcher.rebuilt
    assert draws[seat] == watcher.drawn[seat]
    assert [d.total() for d in draws] == list(watcher.draw_counts())
    for s in range(rs.players):
        if s == seat:
            continue
        played = draws[s] - (Counter(rs.hand(s)) - watcher.known[s])
        times: list[int] = []
        for card, n in played.items():
            latest = sorted((k for k, c in watcher.plays[s] if c == card), reverse=True)
            assert len(latest) >= n, f"seat {s} holds none of its drawn {card}, nor played it"
            times += latest[:n]
        assert all(k >= i for i, k in enumerate(sorted(times), 1)), f"seat {s}: {times}"


@pytest.mark.rule("R16")
@pytest.mark.parametrize("setup", SETUPS[:3], ids=SETUP_IDS[:3])
def test_after_a_rook_rebuild_every_sample_is_a_possible_state(setup: Setup) -> None:
    """Random play: after a rebuild, samples and reshuffles all pass the witness check, and
    so does the real round. Positions include rebuilt cards that another seat must have
    played since it drew them (they are no longer unseen)."""
    checked = must_have_played = 0
    for step, watcher in enumerate(watched(setup, 2, moves=2500)):
        assert isinstance(watcher, RookWatcher)
        rs = watcher.state.round_state
        if not rs.rebuilds or rs.phase is RookPhase.OVER or step % 7:
            continue
        seat = step % rs.players
        assert_rook_draws_possible(rs, seat, watcher)
        limit = watcher.draw_pile_limit(seat)
        assert limit is not None
        must_have_played += bool(limit - watcher.hidden_pool(seat))
        for sample in rook_samples(watcher.state, seat, 3, seed=step):
            assert_rook_draws_possible(sample, seat, watcher)
        checked += 1
    assert checked > 10
    assert must_have_played > 0


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


# ---------------------------------------------------------------- the player to act can move


def _mid_lay_down(seed: int) -> cardrules.GameState:
    """A Rook match played at random until the player to act is part way through a lay-down."""
    rng = random.Random(seed)
    state = cardrules.new_game("toonerville-rook", players=3, seed=seed)
    while True:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        if state.round_state.lay_down_left is not None:
            return state


@pytest.mark.rule("R11")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_samples_let_a_player_part_way_through_a_lay_down_finish_it(seed: int) -> None:
    """Everyone knows the player laying down can finish (R11): no sample leaves it stuck."""
    state = _mid_lay_down(seed)
    actor = state.current_player
    assert actor is not None
    for observer in range(state.players):
        observation = state.observation(observer)
        for i in range(40):
            sample = determinize(state.game, observation, random.Random(i))
            assert sample.observation(observer) == observation
            assert sample.legal_moves(), (observer, i)


def test_bad_inputs_are_refused_with_clear_errors() -> None:
    gnoming3 = cardrules.new_game("gnoming-a-round", players=3, seed=1)
    gnoming4 = cardrules.new_game("gnoming-a-round", players=4, seed=1)
    rook3 = cardrules.new_game("toonerville-rook", players=3, seed=1)
    for game, observation in [
        (gnoming3.game, gnoming4.observation(3)),
        (gnoming3.game, rook3.observation(0)),
        (rook3.game, gnoming3.observation(0)),
    ]:
        with pytest.raises(ObservationMismatchError):
            determinize(game, observation, random.Random(0))
    with pytest.raises(TypeError, match=r"random\.Random"):
        determinize(gnoming3.game, gnoming3.observation(0), 7)  # type: ignore[arg-type]
