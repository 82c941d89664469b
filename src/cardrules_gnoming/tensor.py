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

from cardrules.engine import Game
from cardrules.information.group_tensors import GroupTensors
from cardrules.information.plane_groups import GroupEncoder
from cardrules.information.tensor_layout import cached_for_game
from cardrules_gnoming.observation import GnomingObservation
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
    "TENSORS",
    "card_kinds",
    "encode",
    "encode_state",
    "layout",
    "state_reader",
]


def _encoder(game: Game) -> GroupEncoder:
    return cached_for_game(game, "gnoming-tensor", build_encoder)[1]


#: The tensor functions: one `GroupEncoder` a game writes observations and round states.
TENSORS = GroupTensors(GnomingObservation, _encoder, _encoder)
#: The observation as a flat tensor (`GroupTensors.encode`; planes: `layout`).
encode = TENSORS.encode
#: A seat's observation tensor read off a round state (`GroupTensors.encode_state`).
encode_state = TENSORS.encode_state
#: ``encode_state`` as ``reader(state, seat, round_scores)`` (`GroupTensors.state_reader`).
state_reader = TENSORS.state_reader
