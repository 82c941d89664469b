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
not depend on the ``player`` asked for), and the **private view** of a seat
holds its private cards only (its tensor has just the planes that hold them).
Both come from the game's declaration (hook ``cardrules_public_views``, a
`cardrules.information.public_views.PublicViews`): for the bundled games see
`cardrules_gnoming.public_views` and `cardrules_rook.public_views`. A game that
declares none offers neither observer (``make_observer`` gives ``None``); its
seat observers work as for every game. Legal moves are left out of both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from cardrules.adapters.extras import missing_extra

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise missing_extra("OpenSpiel", "openspiel", missing) from missing

from cardrules.engine.game_state import Game
from cardrules.information.public_views import PublicViews

if TYPE_CHECKING:
    from cardrules.adapters.openspiel.state import CardRulesState, SpielGame

__all__ = ["CardRulesObserver", "make_observer"]


def _without_history(observation: Any) -> Any:
    if attrs.has(type(observation)) and "history" in attrs.fields_dict(type(observation)):
        return attrs.evolve(observation, history=())
    return observation


class CardRulesObserver:
    """A view of a `CardRulesState`, as OpenSpiel's Python observers are (see the module).

    Attributes:
        tensor: the flat ``float32`` tensor, or ``None`` for the perfect-recall
            observers, which have strings only.
        dict: the tensor's planes by name, as views of ``tensor`` in their shapes
            (`cardrules.information.tensor_layout.TensorLayout`; the private view has its private
            planes only).
    """

    def __init__(
        self, game: Game, views: PublicViews | None, kind: str, perfect_recall: bool
    ) -> None:
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
            if kind != "private" or (views is not None and plane.name in views.private_planes)
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
            tensor[:] = self._game.observation_tensor(self._public(engine))
        else:
            observation = engine.observation(player)
            if not self._private(observation):
                tensor[:] = 0.0
                return
            full = self._game.observation_tensor(observation)
            for target, source in self._sources:
                tensor[target] = full[source]

    def string_from(self, state: CardRulesState, player: int) -> str:
        """The view as text; with the round's moves for the perfect-recall observers."""
        engine = state._match.engine()
        if self._kind == "private":
            private = self._private(engine.observation(player))
            return "private: " + " ".join(f"{name}={value!r}" for name, value in private.items())
        if self._kind == "public":
            text = f"public: {_without_history(self._public(engine))!r}"
        else:
            text = repr(_without_history(engine.observation(player)))
        if self._perfect_recall:
            return f"{text} moves: {state._match.moves}"
        return text

    def _public(self, engine: Any) -> Any:
        assert self._views is not None  # (made only for a game that declares its views)
        return self._views.public(engine.observation, engine.players)

    def _private(self, observation: Any) -> dict[str, Any]:
        assert self._views is not None
        return self._views.private(observation)


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
    views = game.cardrules_game.public_views()
    if iig_obs_type.public_info and private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
        kind = "seat"
    elif iig_obs_type.public_info and private == pyspiel.PrivateInfoType.NONE:
        kind = "public"
    elif private == pyspiel.PrivateInfoType.SINGLE_PLAYER and not recall:
        kind = "private"
    else:
        return None
    if kind != "seat" and views is None:
        return None  # the game does not say what of an observation is public
    return CardRulesObserver(game.cardrules_game, views, kind, recall)
