"""Windows a game declares itself (`cardrules.GameSpec.windows`).

Their acts and declines are the game's own moves: the game numbers, parses,
narrates and encodes them, so declaring one adds no action block, no
``decline`` and no plane. Driven here with Gnoming A Round given a toy window
of its own at ``round-end``, whose act and decline are two of the game's move
types (``place 4`` and ``bounce 4``; no rule of the game, only the mechanism).
"""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules import Game, GameState, InvalidMoveError, Move
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.plugins.window_views import declining
from cardrules.plugins.windows import Offer, Window, WindowError, window_of, window_view
from cardrules_gnoming.bots import GreedyBot as GnomingGreedy
from cardrules_gnoming.moves import Bounce, Place
from tests.gnoming.builders import catalogue_with, play, rs
from tests.gnoming.builders import legal as gnoming_legal
from tests.test_windows import last_discard_in, toy

PLACE = MoveKind(
    name="place",
    type=Place,
    rule="G18",
    legal=lambda game, state: [Place(4)],
    apply=lambda game, state, move, chance: None,
    narrate=lambda game, before, seat, move, after: [],
    prompt="place 4  (the game's own move)",
    planes=NO_PLANES,
)


def own_window(point: str = "round-end") -> Window:
    """Seats 2 then 0 are asked; ``place 4`` acts, ``bounce 4`` declines (the game's moves)."""
    offer = lambda game, state, about: Offer((2, 0), f"the round ends ({about})")  # noqa: E731
    return Window(name="own", point=point, rule="G18", offer=offer, act=PLACE, decline=Bounce(4))


def gnoming(*windows: Window, variants: tuple[cardrules.VariantSpec, ...] = ()) -> GameState:
    """Gnoming A Round, three seats, declaring ``windows`` itself, seat 0's discard last."""
    catalogue = catalogue_with(*variants)
    spec = attrs.evolve(catalogue.game("gnoming-a-round"), windows=windows)
    state = GameState(
        Game(spec, 3, None, [catalogue.variant(spec.name, v.name) for v in variants]), 0
    )
    return last_discard_in(state)


def test_a_games_own_window_asks_with_its_own_moves_ids_and_notation() -> None:
    plain = gnoming()
    state = gnoming(own_window())
    game = state.game
    assert game.action_space.size == plain.game.action_space.size  # no block, no decline
    assert game.tensor_layout.size == plain.game.tensor_layout.size  # no plane
    assert game.guarded == plain.game.guarded  # (moves not played on a saved copy first)
    with pytest.raises(InvalidMoveError):
        game.parse_move("decline")
    play(state, "discard 0")
    assert (window_of(rs(state)).name, state.current_player) == ("own", 2)  # type: ignore[union-attr]
    assert gnoming_legal(state) == {"place 4", "bounce 4"}
    ids = [game.action_space.id_of(move) for move in state.legal_moves()]
    assert ids == [
        plain.game.action_space.id_of(Place(4)),
        plain.game.action_space.id_of(Bounce(4)),
    ]
    play(state, "bounce 4")  # the game's own move declines
    assert state.current_player == 0
    play(state, "place 4")  # ...and acts: the window closes, the round ends
    assert state.round == 1
    assert state.history[-2:] == [Bounce(4), Place(4)]


def test_a_games_own_window_comes_before_a_variants_at_the_same_point() -> None:
    state = gnoming(own_window(), variants=(toy("round-end", seats=(1,), limit=1),))
    assert state.game.parse_move("decline") is not None  # the variant's window declines so
    play(state, "discard 0")
    assert window_of(rs(state)).name == "own"  # type: ignore[union-attr]
    play(state, "bounce 4")
    play(state, "bounce 4")
    assert (window_of(rs(state)).name, state.current_player) == ("nods", 1)  # type: ignore[union-attr]
    assert gnoming_legal(state) == {"nod", "decline"}
    play(state, "decline")
    assert state.round == 1


def test_a_games_own_window_at_a_point_it_does_not_publish_is_refused() -> None:
    with pytest.raises(WindowError, match="game 'gnoming-a-round'"):
        gnoming(own_window("before-buy"))


def test_a_refused_move_in_a_games_own_window_names_its_decline() -> None:
    state = gnoming(own_window())
    play(state, "discard 0")
    with pytest.raises(cardrules.IllegalMoveError, match="place or bounce 4"):
        state.apply("draw stock")
    move: Move = Place(4)
    assert state.is_legal(move)


def test_a_games_own_window_is_the_games_to_show_and_its_bots_to_answer() -> None:
    """The engine shows, records and encodes no window of the game's own (the game
    shows it in its own terms, as Gnoming's flip phase): its bots answer from that."""
    state = gnoming(own_window())
    play(state, "discard 0")
    assert window_of(rs(state)) is not None
    observation = state.observation(2)
    assert window_view(observation) is None
    assert "variant_states" not in state.record()
    assert GnomingGreedy(0).choose(observation) in observation.legal_moves
    with pytest.raises(WindowError):
        declining(observation)  # (the core's declining reads the variants' windows)


def test_a_games_own_window_is_left_out_of_the_variants_window_state() -> None:
    """With a variant's window too, seats and records see the variants' windows only."""
    state = gnoming(own_window(), variants=(toy("round-end", seats=(1,), limit=1),))
    play(state, "discard 0")
    assert window_of(rs(state)).name == "own"  # type: ignore[union-attr]
    assert window_view(state.observation(0)) is None
    assert state.record()["variant_states"][-1]["window"]["point"] is None
    play(state, "bounce 4", "bounce 4")
    assert window_view(state.observation(0)).name == "nods"  # type: ignore[union-attr]
