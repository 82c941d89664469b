"""Observation tensors of Gnoming A Round: one flat ``float32`` vector per observation.

The planes (names, shapes, what each value means) are in
`cardrules_gnoming.tensor_layout`; its names are re-exported here. `encode`
fills them for one observation.

Values are 0/1 flags and one-hots, raw card counts (whole numbers), or scaled
quantities whose scale the plane's description states. Legal moves are not
encoded (use the action mask), nor is the move history: what it makes public
is in the planes (face-up cards, the discard piles, cards out of play, the
draw pile's cards once it is rebuilt).

Examples:
    >>> from cardrules import new_game
    >>> state = new_game("gnoming-a-round", players=3, seed=1)
    >>> layout = state.game.tensor_layout
    >>> layout.size, layout.plane("layouts").shape
    (782, (3, 9, 20))
    >>> tensor = state.game.observation_tensor(state.observation(0))
    >>> tensor.shape, str(tensor.dtype)
    ((782,), 'float32')
    >>> int(layout.view(tensor, "layouts")[0, :, -1].sum())  # the observer's face-down cards
    9
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.engine import Game
from cardrules.information.tensor_layout import cached_for_game
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.state import GnomingRound
from cardrules_gnoming.tensor_layout import (
    ENDINGS,
    PHASES,
    SCORE_SCALE,
    SOURCES,
    card_kinds,
    layout,
)
from cardrules_gnoming.tensor_reading import build_encoder

__all__ = [
    "ENDINGS",
    "PHASES",
    "SCORE_SCALE",
    "SOURCES",
    "card_kinds",
    "encode",
    "encode_state",
    "layout",
    "state_reader",
]


def encode(game: Game, observation: GnomingObservation) -> Any:
    """The observation as a flat tensor (planes: `layout`).

    Args:
        game: the game the observation belongs to.
        observation: a `GnomingObservation` of that game.

    Returns:
        ``numpy.ndarray`` of shape ``(game.tensor_layout.size,)``, dtype ``float32``.

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed (an
            ``ImportError``; install the ``tensors`` extra:
            ``pip install 'cardrules[tensors]'``).
        cardrules.information.tensor_layout.ObservationMismatchError: the observation does not fit
            the game (players, seat, round, or a card not in the game's deck).

    The planes are written group by group, each group again only when the
    observation fields it depends on differ from the seat's last observation
    (`cardrules.information.plane_groups`); the result is the same as writing them all.
    """
    game.check_observation(observation, GnomingObservation)
    return cached_for_game(game, "gnoming-tensor", build_encoder)[1].encode(observation)


def encode_state(
    game: Game, state: GnomingRound, seat: int, round_scores: tuple[tuple[int, ...], ...]
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
        (`cardrules.engine.seat_tensors`).

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
        cardrules.information.tensor_layout.ObservationMismatchError: a card is not in the game's
            deck.
    """
    return state_reader(game)(state, seat, round_scores)


def state_reader(game: Game) -> Callable[[GnomingRound, int, tuple[tuple[int, ...], ...]], Any]:
    """`encode_state` of this game as ``reader(state, seat, round_scores)`` (the same arrays).

    The game's encoder's own method
    (`cardrules.information.plane_groups.GroupEncoder.encode_state`),
    which the engine calls at every ``GameState.observation_tensor`` (hook
    ``cardrules_seat_tensor_reader``).

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
    """
    return cached_for_game(game, "gnoming-tensor", build_encoder)[1].encode_state
