"""Observation tensors of Toonerville Rook: one flat ``float32`` vector per observation.

The planes (names, shapes, what each value means) are in
`cardrules_rook.tensor_layout`; its names are re-exported here. `encode` fills
them for one observation.

Values are 0/1 flags and one-hots, raw counts (whole numbers), or scaled
quantities whose scale the plane's description states. Legal moves are not
encoded (use the action mask), nor is the move history: what it makes public
is in the planes (the table, the discard pile, the cards known to be in each
hand, the cards the draw pile was rebuilt from and how many of them each seat
drew), except which cards a seat played after drawing from a rebuilt draw pile
(``rebuilt_draw_plays``).

Examples:
    >>> from cardrules import new_game
    >>> state = new_game("toonerville-rook", players=3, seed=1)
    >>> layout = state.game.tensor_layout
    >>> layout.size, layout.plane("known_cards").shape
    (4137, (3, 57))
    >>> tensor = state.game.observation_tensor(state.observation(0))
    >>> tensor.shape, str(tensor.dtype)
    ((4137,), 'float32')
    >>> int(layout.view(tensor, "hand").sum())  # 12 cards dealt in round 1 (R4)
    12
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.engine import Game
from cardrules.information.tensor_layout import cached_for_game
from cardrules_rook import tensor_groups, tensor_reading
from cardrules_rook.observation import RookObservation
from cardrules_rook.state import RookRound
from cardrules_rook.tensor_layout import (
    CODES,
    MELD_COLUMNS,
    NATURALS,
    SCORE_SCALE,
    card_codes,
    layout,
    meld_columns,
)

__all__ = [
    "CODES",
    "MELD_COLUMNS",
    "NATURALS",
    "SCORE_SCALE",
    "card_codes",
    "encode",
    "encode_state",
    "layout",
    "meld_columns",
    "state_reader",
]


def encode(game: Game, observation: RookObservation) -> Any:
    """The observation as a flat tensor (planes: `layout`).

    Args:
        game: the game the observation belongs to.
        observation: a `RookObservation` of that game.

    Returns:
        ``numpy.ndarray`` of shape ``(game.tensor_layout.size,)``, dtype ``float32``.

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed (an
            ``ImportError``; install the ``tensors`` extra:
            ``pip install 'cardrules[tensors]'``).
        cardrules.information.tensor_layout.ObservationMismatchError: the observation does not fit
            the game (players, seat or round).

    The planes are written group by group, each group again only when the
    observation fields it depends on differ from the seat's last observation
    (`cardrules.information.plane_groups`); the result is the same as writing them all.
    """
    game.check_observation(observation, RookObservation)
    return cached_for_game(game, "rook-tensor", tensor_groups.build).groups.encode(observation)


def encode_state(
    game: Game, state: RookRound, seat: int, round_scores: tuple[tuple[int, ...], ...]
) -> Any:
    """``seat``'s observation tensor read off ``state``, without building the observation.

    Args:
        game: the game ``state`` is a round of.
        state: the round (any phase, over included).
        seat: the observer, ``0 .. players-1`` (checked by the caller).
        round_scores: scores of the finished rounds.

    Returns:
        the same array as ``encode(game, observe(state, seat, round_scores, ...))``
        (shape ``(game.tensor_layout.size,)``, dtype ``float32``), so long as
        only this game's own plugin decides the observation
        (`cardrules.engine.seat_tensors`): see `cardrules_rook.tensor_reading`.

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
    """
    return state_reader(game)(state, seat, round_scores)


def state_reader(game: Game) -> Callable[[RookRound, int, tuple[tuple[int, ...], ...]], Any]:
    """`encode_state` of this game as ``reader(state, seat, round_scores)`` (the same arrays).

    The game's encoder's own method
    (`cardrules.information.plane_groups.GroupEncoder.encode_state`),
    which the engine calls at every ``GameState.observation_tensor`` (hook
    ``cardrules_seat_tensor_reader``).

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
    """
    encoder = cached_for_game(game, "rook-state-tensor", tensor_reading.build)
    return encoder.encode_state
