"""OpenSpiel observers of the cardrules games: public, private, both, with or without recall.

`make_observer` answers ``game.make_py_observer`` (and so
``open_spiel.python.observation.make_observation``) for an
``IIGObservationType``:

=============  ==============  ==============  =====================================
public_info    private_info    perfect_recall  what the observer holds
=============  ==============  ==============  =====================================
True           SINGLE_PLAYER   False           the seat's observation: tensor, string
True           SINGLE_PLAYER   True            its information state: string only
True           NONE            False           the public view: tensor, string
True           NONE            True            the public view and the round's moves: string
False          SINGLE_PLAYER   False           the seat's private cards: tensor, string
=============  ==============  ==============  =====================================

Any other type gives ``None`` (OpenSpiel's convention for an unsupported type):
``ALL_PLAYERS`` (every seat's private cards: the whole hidden deal), a
private-only view with perfect recall, and a view with no information at all.

The **public view** is what every seat sees, in absolute seat order (it does
not depend on the ``player`` asked for). It is the observation of a seat, with
every private part taken out, encoded by the game's tensor encoder with seat 0
in the observer's row:

* Gnoming A Round: the only private card is one drawn from the draw pile, seen
  by the drawer alone (G9). The public view is the observation of a seat other
  than the turn seat, seen from seat 0's chair.
* Toonerville Rook: hands are private, and so are the cards a seat drew
  from a rebuilt draw pile (R16). The public view is seat 0's observation with
  its hand cut to the cards everyone knows are in it (``known_cards``).

Legal moves are left out of both. The **private view** of a seat holds its
private cards only: in Gnoming the card it drew from the draw pile, while it
holds it (plane ``held``); in Rook its hand and the cards it drew from a rebuilt
draw pile (planes ``hand`` and ``drawn_from_rebuilt``). Its tensor has just
those planes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        f"the OpenSpiel adapter needs the openspiel extra ({missing}): "
        "pip install 'cardrules[openspiel]'"
    ) from missing

from cardrules.engine import Game, GameState

if TYPE_CHECKING:
    from cardrules.adapters.openspiel.state import CardRulesState, SpielGame

__all__ = ["VIEWS", "CardRulesObserver", "GameViews", "make_observer"]


@attrs.frozen
class GameViews:
    """How one game splits an observation into public and private parts.

    Attributes:
        public: the public observation of a state (seat 0's chair, nothing private).
        private: the private parts of one seat's observation, by field name
            (empty when the seat holds nothing private).
        private_planes: the tensor planes that hold those parts.
    """

    public: Callable[[GameState], Any]
    private: Callable[[Any], dict[str, Any]]
    private_planes: tuple[str, ...]


def _gnoming_public(state: GameState) -> Any:
    observation = state.observation(0)
    turn = observation.turn_seat
    if turn == 0:  # seat 0 may hold a card drawn from the draw pile: see it as another seat
        observation = state.observation(1)
    return attrs.evolve(observation, seat=0, legal_moves=())


def _gnoming_private(observation: Any) -> dict[str, Any]:
    held = observation.held_card
    if held is not None and observation.held_from == "stock":
        return {"held_card": held}
    return {}


def _rook_public(state: GameState) -> Any:
    observation = state.observation(0)
    return attrs.evolve(
        observation,
        hand=observation.known_cards[0],
        drawn_from_rebuilt=(),
        legal_moves=(),
    )


def _rook_private(observation: Any) -> dict[str, Any]:
    return {"hand": observation.hand, "drawn_from_rebuilt": observation.drawn_from_rebuilt}


#: The views of each registered game, by cardrules name.
VIEWS: dict[str, GameViews] = {
    "gnoming-a-round": GameViews(_gnoming_public, _gnoming_private, ("held",)),
    "toonerville-rook": GameViews(_rook_public, _rook_private, ("hand", "drawn_from_rebuilt")),
}


def _without_history(observation: Any) -> Any:
    if "history" in attrs.fields_dict(type(observation)):
        return attrs.evolve(observation, history=())
    return observation


class CardRulesObserver:
    """A view of a `CardRulesState`, as OpenSpiel's Python observers are (see the module).

    Attributes:
        tensor: the flat ``float32`` tensor, or ``None`` for the perfect-recall
            observers, which have strings only.
        dict: the tensor's planes by name, as views of ``tensor`` in their shapes
            (`cardrules.tensors.TensorLayout`; the private view has its private planes only).
    """

    def __init__(self, game: Game, views: GameViews, kind: str, perfect_recall: bool) -> None:
        self._game = game
        self._views = views
        self._kind = kind  # "seat", "public" or "private"
        self._perfect_recall = perfect_recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, Any] = {}
        if perfect_recall:
            return
        layout = game.tensor_layout
        planes = [
            plane
            for plane in layout.planes
            if kind != "private" or plane.name in views.private_planes
        ]
        self.tensor = np.zeros(sum(plane.stop - plane.start for plane in planes), np.float32)
        self._sources: list[tuple[slice, slice]] = []
        at = 0
        for plane in planes:
            size = plane.stop - plane.start
            self.dict[plane.name] = self.tensor[at : at + size].reshape(plane.shape)
            self._sources.append((slice(at, at + size), slice(plane.start, plane.stop)))
            at += size

    def set_from(self, state: CardRulesState, player: int) -> None:
        """Write the view of ``state`` (``player``'s, but for the public view) into `tensor`."""
        tensor = self.tensor
        if tensor is None:
            return
        engine = state._match.engine()
        if self._kind == "seat":
            tensor[:] = engine.observation_tensor(player)
        elif self._kind == "public":
            tensor[:] = self._game.observation_tensor(self._views.public(engine))
        else:
            observation = engine.observation(player)
            if not self._views.private(observation):
                tensor[:] = 0.0
                return
            full = self._game.observation_tensor(observation)
            for target, source in self._sources:
                tensor[target] = full[source]

    def string_from(self, state: CardRulesState, player: int) -> str:
        """The view as text; with the round's moves for the perfect-recall observers."""
        engine = state._match.engine()
        if self._kind == "private":
            private = self._views.private(engine.observation(player))
            return "private: " + " ".join(f"{name}={value!r}" for name, value in private.items())
        if self._kind == "public":
            text = f"public: {_without_history(self._views.public(engine))!r}"
        else:
            text = repr(_without_history(engine.observation(player)))
        if self._perfect_recall:
            return f"{text} moves: {state._match.moves}"
        return text


def make_observer(
    game: SpielGame, iig_obs_type: Any, params: dict[str, Any] | None
) -> CardRulesObserver | None:
    """The observer of ``iig_obs_type`` (``None``: the default observation), or ``None``.

    Raises:
        ValueError: observer parameters (there are none).
    """
    if params:
        raise ValueError(f"observer parameters are not supported, got {params}")
    if iig_obs_type is None:
        iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
    recall = bool(iig_obs_type.perfect_recall)
    private = iig_obs_type.private_info
    views = VIEWS[game.cardrules_name]
    if iig_obs_type.public_info and private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
        kind = "seat"
    elif iig_obs_type.public_info and private == pyspiel.PrivateInfoType.NONE:
        kind = "public"
    elif private == pyspiel.PrivateInfoType.SINGLE_PLAYER and not recall:
        kind = "private"
    else:
        return None
    return CardRulesObserver(game.cardrules_game, views, kind, recall)
