"""A game's tensor functions from its plane-group encoders (`GroupTensors`).

A game that encodes its observations with a
`cardrules.information.plane_groups.GroupEncoder` (as both bundled games do)
needs the same three functions around it: ``encode(game, observation)`` for
hook ``cardrules_observation_tensor``, ``encode_state(game, state, seat,
round_scores)`` for ``cardrules_seat_tensor`` and ``state_reader(game)`` for
``cardrules_seat_tensor_reader``. `GroupTensors` gives them, from the
observation type and where the game keeps its encoders (usually
`cardrules.information.tensor_layout.cached_for_game`, one per game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules.information.plane_groups import GroupEncoder

__all__ = ["GroupTensors"]


@attrs.frozen
class GroupTensors:
    """A game's observation tensors, read by its `GroupEncoder` objects.

    Attributes:
        observation_type: the game's observation class (``encode`` checks it).
        observations: ``observations(game)``: the encoder of observations
            (built once per game, e.g. by ``cached_for_game``).
        states: ``states(game)``: the encoder of round states (one with a
            `cardrules.information.plane_groups.StateReading`; may be the same
            as ``observations``).
    """

    observation_type: type
    observations: Callable[[Any], GroupEncoder]
    states: Callable[[Any], GroupEncoder]

    def encode(self, game: Any, observation: Any) -> Any:
        """The observation as a flat tensor (planes: ``game.tensor_layout``).

        Args:
            game: the game the observation belongs to (a `cardrules.Game`).
            observation: an ``observation_type`` of that game.

        Returns:
            ``numpy.ndarray`` of shape ``(game.tensor_layout.size,)``, dtype ``float32``.

        Raises:
            cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed (an
                ``ImportError``; install the ``tensors`` extra:
                ``pip install 'cardrules[tensors]'``).
            cardrules.information.tensor_layout.ObservationMismatchError: the observation does
                not fit the game (players, seat, round, or a card not in the game's deck).

        The planes are written group by group, each group again only when the
        observation fields it depends on differ from the seat's last observation
        (`cardrules.information.plane_groups`); the result is the same as writing them all.
        """
        game.check_observation(observation, self.observation_type)
        return self.observations(game).encode(observation)

    def encode_state(
        self, game: Any, state: Any, seat: int, round_scores: tuple[tuple[int, ...], ...]
    ) -> Any:
        """``seat``'s observation tensor read off ``state``, without building the observation.

        Args:
            game: the game ``state`` is a round of.
            state: the round (any phase, over included).
            seat: the observer, ``0 .. players-1`` (checked by the caller).
            round_scores: scores of the finished rounds.

        Returns:
            the same array as ``encode`` gives of ``seat``'s observation (shape
            ``(game.tensor_layout.size,)``, dtype ``float32``), so long as only
            the game's own plugin decides the observation
            (`cardrules.engine.seat_tensors`).

        Raises:
            cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
            cardrules.information.tensor_layout.ObservationMismatchError: a card is not in
                the game's deck.
        """
        return self.state_reader(game)(state, seat, round_scores)

    def state_reader(self, game: Any) -> Callable[[Any, int, tuple[tuple[int, ...], ...]], Any]:
        """`encode_state` of ``game`` as ``reader(state, seat, round_scores)`` (the same arrays).

        The state encoder's own method (`GroupEncoder.encode_state`), which the
        engine calls at every ``GameState.observation_tensor`` (hook
        ``cardrules_seat_tensor_reader``).

        Raises:
            cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
        """
        return self.states(game).encode_state
