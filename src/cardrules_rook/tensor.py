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

from cardrules.engine import Game
from cardrules.information.group_tensors import GroupTensors
from cardrules.information.plane_groups import GroupEncoder
from cardrules.information.tensor_layout import cached_for_game
from cardrules_rook import tensor_groups, tensor_reading
from cardrules_rook.observation import RookObservation
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
    "TENSORS",
    "card_codes",
    "encode",
    "encode_state",
    "layout",
    "meld_columns",
    "state_reader",
]


def _observations(game: Game) -> GroupEncoder:
    return cached_for_game(game, "rook-tensor", tensor_groups.build).groups


def _states(game: Game) -> GroupEncoder:
    # the table tensor of round states: see `cardrules_rook.tensor_reading`
    return cached_for_game(game, "rook-state-tensor", tensor_reading.build)


#: The tensor functions: observations and round states have an encoder each.
TENSORS = GroupTensors(RookObservation, _observations, _states)
#: The observation as a flat tensor (`GroupTensors.encode`; planes: `layout`).
encode = TENSORS.encode
#: A seat's observation tensor read off a round state (`GroupTensors.encode_state`).
encode_state = TENSORS.encode_state
#: ``encode_state`` as ``reader(state, seat, round_scores)`` (`GroupTensors.state_reader`).
state_reader = TENSORS.state_reader
