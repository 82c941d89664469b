"""``GameState.observation_tensor(seat)``: read off the round state, the seat's observation encoded.

Where only the game's own rules decide what a seat sees, a seat's tensor is
read straight off the round state (`cardrules.engine.seat_tensors`); Toonerville
Rook's own cases are in ``tests/rook/test_seat_tensors.py``.
These tests hold that path to its definition, ``game.observation_tensor(
state.observation(seat))``, over seeded matches, every bundled variant and the
options that change what is observed, states of several matches interleaved
(as search plays them), and to what the seat may not know.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Generator
from typing import Any
from unittest import mock

import attrs
import pytest

import cardrules
from cardrules import Catalogue, GameState, InvalidSeatError, PluginHookError, VariantSpec, hookimpl
from cardrules.engine.game import Game
from cardrules.engine.seat_tensors import direct_seat_tensor
from cardrules.plugins.registry import default_catalogue
from cardrules.plugins.variant_state import variant_state
from tests.support import random_moves
from tests.variant_toys import Sigh, sigh_variant, toy_catalogue

np = pytest.importorskip("numpy")

GNOMING = "gnoming-a-round"
ROOK = "toonerville-rook"


def fresh_tensor(state: GameState, seat: int) -> Any:
    """``seat``'s observation encoded by a game object that has kept nothing."""
    game = state.game
    twin = Game(game.spec, game.players, game.options, game.variants)
    return twin.observation_tensor(state.observation(seat))


def check_match(state: GameState, seed: int, fresh_every: int = 9) -> int:
    """Play ``state`` out at random; at every decision the acting seat's tensor and a random
    seat's equal their observations encoded (and, every ``fresh_every`` decisions, one
    encoded afresh). Returns the number of decisions."""
    rng = random.Random(seed)
    encode = state.game.observation_tensor
    decisions = 0
    while True:
        acting = state.current_player
        seats = [rng.randrange(state.players)] if acting is None else [acting]
        seats.append(rng.randrange(state.players))
        for seat in seats:
            # Either path first: they keep one tensor per seat, so each checks the other.
            if rng.random() < 0.5:
                direct = state.observation_tensor(seat)
                encoded = encode(state.observation(seat))
            else:
                encoded = encode(state.observation(seat))
                direct = state.observation_tensor(seat)
            np.testing.assert_array_equal(direct, encoded)
            assert direct.dtype == np.float32
            if decisions % fresh_every == 0:
                np.testing.assert_array_equal(direct, fresh_tensor(state, seat))
        if state.is_over:
            return decisions
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        decisions += 1


@pytest.mark.rule("G4")
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_gnoming_seat_tensors_equal_encoded_observations(players: int) -> None:
    """Whole matches at each table size: the direct path is taken, and never differs."""
    state = cardrules.new_game(GNOMING, players=players, seed=players)
    assert direct_seat_tensor(state.game) is not None
    assert check_match(state, players) > 100


GNOMING_VARIANTS = [spec.name for spec in default_catalogue().variants(GNOMING)]
GNOMING_OPTIONS: list[dict[str, Any]] = [
    {"bouncing": False},
    {"taken_discard_must_be_kept": True},
    {"hazards_return_each_round": True},
    {"hazard_drawer_need_not_restart": True},
    {"start_pile_hazard": "shuffle-back"},
    {"mulligan_limit": 3},
    {"draw_pile_rebuilds": 0},
]


@pytest.mark.rule("G4")
@pytest.mark.parametrize("variant", GNOMING_VARIANTS)
def test_gnoming_seat_tensors_under_each_bundled_variant(variant: str) -> None:
    """A variant that does not decide what a seat sees keeps the direct path; either way
    the tensors are the observations' (a variant that does turns the direct path off)."""
    state = cardrules.new_game(GNOMING, players=4, seed=3, variants=[variant])
    check_match(state, 3)


@pytest.mark.rule("G4")
@pytest.mark.parametrize("options", GNOMING_OPTIONS, ids=lambda o: ",".join(o))
def test_gnoming_seat_tensors_under_each_option(options: dict[str, Any]) -> None:
    state = cardrules.new_game(GNOMING, players=3, seed=8, options=options)
    assert direct_seat_tensor(state.game) is not None
    check_match(state, 8)


@pytest.mark.rule("G8")
def test_gnoming_seat_tensors_across_draw_pile_rebuilds() -> None:
    """Long rounds (always the first move: draw from the draw pile, swap position 0)
    rebuild the draw pile, whose cards then show in the tensor."""
    state = cardrules.new_game(GNOMING, players=3, seed=5)
    rng = random.Random(5)
    rebuilt = False
    while not state.is_over:
        moves = state.legal_moves()
        state.apply(moves[0] if rng.random() < 0.9 else moves[rng.randrange(len(moves))])
        rebuilt = rebuilt or bool(state.round_state.rebuilds)
        for seat in range(3):
            np.testing.assert_array_equal(
                state.observation_tensor(seat),
                state.game.observation_tensor(state.observation(seat)),
            )
    assert rebuilt


@pytest.mark.parametrize("game", [GNOMING, ROOK])
def test_interleaved_matches_clones_and_samples(game: str) -> None:
    """Search plays many states of one game in turn (clones, determinized samples): each
    seat's kept tensor jumps between them, and every tensor is still its own state's."""
    rng = random.Random(1)
    root = cardrules.new_game(game, players=3, seed=1, options={"rounds": 1})
    for _ in range(40):
        moves = root.legal_moves()
        root.apply(moves[rng.randrange(len(moves))])
    states = [root.clone() for _ in range(3)]
    seat = root.current_player
    assert seat is not None
    states += [root.determinize(seat, rng) for _ in range(3)]
    for step in range(60):
        for state in states:
            if state.is_over:
                continue
            look = rng.randrange(3)
            np.testing.assert_array_equal(
                state.observation_tensor(look), fresh_tensor(state, look), err_msg=f"step {step}"
            )
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


@pytest.mark.rule("G4")
@pytest.mark.rule("G9")
def test_a_seat_tensor_holds_only_what_the_seat_may_know() -> None:
    """Re-deal everything ``seat`` cannot see (face-down cards, the draw pile, a card another
    drew from it): its tensor does not change, while the turn player's held card shows."""
    rng = random.Random(6)
    state = cardrules.new_game(GNOMING, players=4, seed=6)
    hidden_held = 0
    for _ in range(300):
        if state.is_over:
            break
        for seat in range(4):
            sample = state.determinize(seat, rng)
            np.testing.assert_array_equal(
                sample.observation_tensor(seat), state.observation_tensor(seat)
            )
        round_state = state.round_state
        if round_state.held is not None and round_state.drawn_from == "stock":
            turn = round_state.turn_seat
            other = (turn + 1) % 4
            layout = state.game.tensor_layout
            assert layout.view(state.observation_tensor(turn), "held")[:-1].sum() == 1
            assert layout.view(state.observation_tensor(other), "held")[:-1].sum() == 0
            hidden_held += 1
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    assert hidden_held > 10


class _Blindfold:
    """Hides the discard piles below their top card from every seat (a toy)."""

    @hookimpl(wrapper=True)
    def cardrules_observation(
        self, game: Game, state: Any, seat: int, round_scores: Any, legal_moves: Any, history: Any
    ) -> Generator[None, Any, Any]:
        observation = yield
        piles = tuple(pile[-1:] for pile in observation.discard_piles)
        return attrs.evolve(observation, discard_piles=piles)


class _BlindfoldVariant:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(
            VariantSpec("blindfold", GNOMING, "Only discard tops show (toy).", plugin=_Blindfold())
        )


def _blindfold_catalogue() -> Catalogue:
    return toy_catalogue(("blindfold", _BlindfoldVariant()))


class _OwnReader:
    """Answers ``cardrules_seat_tensor_reader`` from outside the game (a toy)."""

    @hookimpl
    def cardrules_seat_tensor_reader(self, game: Game) -> Any:
        raise AssertionError("only the game's own reader may be asked")


class _OwnReaderVariant:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("own-reader", GNOMING, "Its own reader (toy).", plugin=_OwnReader()))


@pytest.mark.parametrize(
    ("why", "make"),
    [
        ("strict mode", lambda: cardrules.new_game(GNOMING, players=3, seed=4, strict=True)),
        (
            "a variant adds a move kind with planes it reads off the observation only",
            lambda: cardrules.new_game(
                GNOMING, players=3, seed=4, variants=["sigh"], catalogue=toy_catalogue()
            ),
        ),
        (
            "a variant changes what a seat sees",
            lambda: cardrules.new_game(
                GNOMING, players=3, seed=4, variants=["blindfold"], catalogue=_blindfold_catalogue()
            ),
        ),
        (
            "a variant answers the reader hook",
            lambda: cardrules.new_game(
                GNOMING,
                players=3,
                seed=4,
                variants=["own-reader"],
                catalogue=toy_catalogue(("own-reader", _OwnReaderVariant())),
            ),
        ),
    ],
)
def test_the_direct_path_stands_aside(why: str, make: Any) -> None:
    """Where anything but the game's own rules may decide the observation or its tensor,
    the observation is built and encoded: the variant's change shows in the tensor."""
    state = make()
    assert direct_seat_tensor(state.game) is None, why
    check_match(state, 4, fresh_every=25)


def _sigh_read_off_the_round() -> GameState:
    spec = sigh_variant(
        "sigh-read",
        encode_state=lambda game, state, seat: [variant_state(state, "sigh-read").count],
    )
    catalogue = toy_catalogue(("sigh-read", _Registers(spec)))
    return cardrules.new_game(
        GNOMING, players=3, seed=4, variants=["sigh-read"], catalogue=catalogue
    )


class _Registers:
    def __init__(self, spec: VariantSpec) -> None:
        self.spec = spec

    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(self.spec)


@pytest.mark.parametrize(
    ("why", "make"),
    [
        (
            "a variant keeps state (its view is not in the game's planes)",
            lambda: cardrules.new_game(
                GNOMING, players=3, seed=4, variants=["tally"], catalogue=toy_catalogue()
            ),
        ),
        ("a move kind reads its planes off the round", _sigh_read_off_the_round),
        (
            "the knock house rule (G9), its plane read off the round",
            lambda: cardrules.new_game(GNOMING, players=4, seed=6, variants=["knock"]),
        ),
        (
            "the knock house rule (R12), its plane read off the round",
            lambda: cardrules.new_game(ROOK, players=3, seed=6, variants=["knock"]),
        ),
    ],
)
def test_the_direct_path_takes_variant_state_and_planes_read_off_the_round(
    why: str, make: Any
) -> None:
    """A variant's state, and the planes of move kinds with ``encode_state``, keep the
    direct path; the tensors still equal the observations encoded at every decision."""
    state = make()
    assert direct_seat_tensor(state.game) is not None, why
    assert check_match(state, 4, fresh_every=25) > 50


def test_a_sigh_read_off_the_round_shows_in_the_tensor() -> None:
    """The kind's plane is the last value: 0 until the turn player sighs, then 1."""
    state = _sigh_read_off_the_round()
    seat = state.current_player
    while Sigh() not in state.legal_moves():
        random_moves(state, random.Random(1), 1)
        seat = state.current_player
    assert seat is not None
    assert state.observation_tensor(seat)[-1] == 0
    state.apply(Sigh())
    assert state.observation_tensor(seat)[-1] == 1
    assert state.game.observation_tensor(state.observation(seat))[-1] == 1


def test_an_encode_state_that_fails_is_blamed_on_its_variant() -> None:
    def broken(game: Game, state: Any, seat: int) -> list[float]:
        raise KeyError("no sighs here")

    spec = sigh_variant("sigh-broken", encode_state=broken)
    catalogue = toy_catalogue(("sigh-broken", _Registers(spec)))
    state = cardrules.new_game(
        GNOMING, players=3, seed=4, variants=["sigh-broken"], catalogue=catalogue
    )
    with pytest.raises(PluginHookError, match=r"variant:sigh-broken.*encode_state"):
        state.observation_tensor(0)


@pytest.mark.parametrize("values", [["x"], [[1.0], [2.0, 3.0]]], ids=["text", "ragged"])
def test_an_encode_state_that_gives_no_numbers_is_blamed_on_its_variant(values: Any) -> None:
    spec = sigh_variant("sigh-nonsense", encode_state=lambda game, state, seat: values)
    catalogue = toy_catalogue(("sigh-nonsense", _Registers(spec)))
    state = cardrules.new_game(
        GNOMING, players=3, seed=4, variants=["sigh-nonsense"], catalogue=catalogue
    )
    with pytest.raises(PluginHookError, match=r"variant:sigh-nonsense.*encode_state"):
        state.observation_tensor(0)


@pytest.mark.parametrize("name", [GNOMING, ROOK])
def test_the_direct_path_calls_the_games_reader(name: str) -> None:
    """The engine calls what the game answers to ``cardrules_seat_tensor_reader`` (its
    encoder's own method, no hook dispatch), and it gives the seat's observation encoded
    by a game that has kept nothing."""
    state = cardrules.new_game(name, players=4, seed=2)
    game = state.game
    reader = direct_seat_tensor(game)
    assert reader is not None
    assert reader == game._caller("cardrules_seat_tensor_reader")(game=game)
    rng = random.Random(2)
    for _ in range(40):
        random_moves(state, rng, 1)
        seat = rng.randrange(4)
        read = reader(state.round_state, seat, tuple(state.round_scores))
        np.testing.assert_array_equal(read, fresh_tensor(state, seat))
        np.testing.assert_array_equal(state.observation_tensor(seat), read)


@pytest.mark.parametrize(
    ("name", "inside"),
    [
        (GNOMING, "cardrules_gnoming.tensor_groups.filled_positions"),
        (ROOK, "cardrules_rook.tensor_reading._changed_rows"),
    ],
)
def test_an_error_inside_the_reader_is_blamed_on_the_game(name: str, inside: str) -> None:
    """The reader's traceback never passes through the game's plugin module: the error
    still names the game (and the hook it stands for), and the match goes on unchanged."""
    state = cardrules.new_game(name, players=4, seed=3)
    random_moves(state, random.Random(3), 12)
    before = state.observation(1)
    with (
        mock.patch(inside, side_effect=RuntimeError("broken on purpose")),
        pytest.raises(PluginHookError) as caught,
    ):
        state.observation_tensor(0)  # (the first tensor: every group is written)
    assert caught.value.plugin == f"game:{name}"
    assert caught.value.hook == "cardrules_seat_tensor"
    assert "broken on purpose" in str(caught.value)
    assert state.observation(1) == before
    np.testing.assert_array_equal(state.observation_tensor(1), fresh_tensor(state, 1))


def test_a_reader_that_is_no_function_is_blamed_on_the_game() -> None:
    with mock.patch("cardrules_gnoming.tensor.state_reader", return_value=42):
        state = cardrules.new_game(GNOMING, players=3, seed=1)
        with pytest.raises(PluginHookError) as caught:
            state.observation_tensor(0)
    assert caught.value.plugin == f"game:{GNOMING}"
    assert caught.value.hook == "cardrules_seat_tensor_reader"
    assert "not a function" in str(caught.value)


@pytest.mark.parametrize("seat", [-1, 3, 1.0, True, "0"])
def test_a_bad_seat_is_refused_and_changes_nothing(seat: Any) -> None:
    state = cardrules.new_game(GNOMING, players=3, seed=1)
    before = state.observation_tensor(0)
    with pytest.raises(InvalidSeatError):
        state.observation_tensor(seat)
    np.testing.assert_array_equal(state.observation_tensor(0), before)


def test_a_variant_that_hides_more_is_obeyed() -> None:
    """The blindfold hides all but each discard pile's top: so do its tensors (the counts of
    a pile hold one card at most), though the piles grow."""
    state = cardrules.new_game(
        GNOMING, players=3, seed=4, variants=["blindfold"], catalogue=_blindfold_catalogue()
    )
    layout = state.game.tensor_layout
    rng = random.Random(4)
    deepest = 0
    while not state.is_over and deepest < 3:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        deepest = max(deepest, *(len(pile) for pile in state.round_state.discards))
        counts = layout.view(state.observation_tensor(0), "discard_counts")
        assert counts.sum(axis=-1).max() <= 1
    assert deepest >= 3


def test_a_card_not_in_the_deck_is_refused_and_the_next_tensor_is_whole() -> None:
    """A round holding a card the deck lacks (a broken variant, say) is refused with the
    observation path's error; once it is gone, the next tensor is whole again (the table
    tensor half written by the refused call is dropped)."""
    from cardrules.errors import ObservationMismatchError
    from cardrules_gnoming.cards import Card, CardKind

    state = cardrules.new_game(GNOMING, players=3, seed=2)
    state.observation_tensor(0)
    grid = state.round_state.layouts[1]
    real = grid.cards[4]
    grid.cards[4] = Card(CardKind.NUMBER, 99)
    grid.face_up[4] = True
    with pytest.raises(ObservationMismatchError, match="not in this game's deck"):
        state.observation_tensor(0)
    with pytest.raises(ObservationMismatchError):
        state.game.observation_tensor(state.observation(0))
    grid.cards[4] = real
    np.testing.assert_array_equal(state.observation_tensor(0), fresh_tensor(state, 0))
    np.testing.assert_array_equal(state.observation_tensor(2), fresh_tensor(state, 2))


def test_threads_keep_tables_of_their_own() -> None:
    """Two threads playing matches of one game at once never write into each other's table."""
    from concurrent.futures import ThreadPoolExecutor

    root = cardrules.new_game(GNOMING, players=4, seed=9)
    states = [root.clone(), root.clone()]

    def play(index: int) -> int:
        state = states[index]
        rng = random.Random(index)
        checked = 0
        for _ in range(150):
            if state.is_over:
                break
            seat = rng.randrange(4)
            np.testing.assert_array_equal(
                state.observation_tensor(seat),
                state.game.observation_tensor(state.observation(seat)),
            )
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            checked += 1
        return checked

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            assert all(n > 100 for n in pool.map(play, [0, 1]))
    finally:
        sys.setswitchinterval(interval)


@pytest.mark.parametrize(("name", "field"), [(GNOMING, "pending"), (ROOK, "offered_to")])
def test_an_observation_holding_a_list_where_a_tuple_is_due_encodes_the_same(
    name: str, field: str
) -> None:
    """The turn groups keep each value's cells by the value: one that cannot be hashed
    (a hand-made observation's list) is still encoded, as it was before they kept any."""
    state = cardrules.new_game(name, players=4, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        random_moves(state, rng, 1)
        observation = state.observation(1)
        listed = attrs.evolve(observation, **{field: list(getattr(observation, field))})
        np.testing.assert_array_equal(
            state.game.observation_tensor(listed), state.game.observation_tensor(observation)
        )
