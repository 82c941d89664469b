"""What a game shows each seat, and how learning agents read it (a base of
`cardrules.engine.game.Game`).

A seat's observation (with what variants that keep state show it), checking
an observation against the game, determinization, the variants' states as
JSON, action ids and observation tensors: each the game's hook answer, or
what the core derives for a game whose round keeps its cards in a
`cardrules.model.Table` (`cardrules.information.zoned`, loaded only for such a game).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.errors import ObservationMismatchError, PluginHookError, quote
from cardrules.model.actions import ActionSpace
from cardrules.model.moves import Move
from cardrules.model.sequences import SequenceSpace, SingleTokens, WithAddedIds
from cardrules.plugins.hook_calls import HookCalls
from cardrules.plugins.hook_results import answerer
from cardrules.plugins.known_cards import install_known, with_known
from cardrules.plugins.specs import GameSpec
from cardrules.plugins.variant_moves import MoveKind, VariantActionSpace, encode_kinds
from cardrules.plugins.variant_state import (
    StateSpec,
    install_states,
    sampled_states,
    state_as_json,
    states_of,
    with_views,
)
from cardrules.plugins.window_kept import shown_window, under
from cardrules.plugins.windows import WINDOW, Window, window_of

__all__ = ["GameInformation", "derived"]


class GameInformation(HookCalls):
    """Observations, determinization, action ids and tensors of a game."""

    __slots__ = ()

    spec: GameSpec
    players: int
    rounds: int
    state_specs: tuple[tuple[str, StateSpec], ...]
    move_kinds: tuple[tuple[str, MoveKind], ...]
    plane_kinds: tuple[tuple[str, Any], ...]
    _observe_caller: Callable[..., Any]
    _tensor_caller: Callable[..., Any]
    _action_space: ActionSpace | None
    _sequence_space: Any
    _tensor_layout: Any
    _tensor_shape: tuple[int] | None
    deck: Any
    hidden_places: Any
    windows: tuple[tuple[str, Window], ...]
    own_windows: int
    window_kept: bool

    @property
    def name(self) -> str:
        """The game's registered name."""
        return self.spec.name

    def observation(
        self,
        state: Any,
        seat: int,
        round_scores: Sequence[tuple[int, ...]],
        legal_moves: tuple[Move, ...],
        history: Sequence[tuple[int, Move]] = (),
    ) -> Any:
        """What ``seat`` may know of ``state``; ``history`` is the round's ``(seat, move)`` list.

        When variants keep state, the observation's ``variant_views`` holds
        ``(variant name, view)`` pairs: what each `StateSpec.view` shows ``seat``.
        """
        try:
            observation = self._observe_caller(
                game=self,
                state=state,
                seat=seat,
                round_scores=round_scores,
                legal_moves=legal_moves,
                history=history,
            )
        except Exception as error:
            self._failed("cardrules_observation", error)
        if observation is None:
            self._no_answer("cardrules_observation")
        self._checked("cardrules_observation", observation)
        if self.hidden_places is not None:
            observation = with_known(self, observation, state, seat)
        if not self.state_specs:
            return observation
        return with_views(self, observation, state, seat)

    def check_observation(self, observation: Any, kind: type = object) -> None:
        """Refuse an observation that was not made by this game in this configuration.

        Args:
            observation: the observation to check.
            kind: the game's observation class (``object``: any class).

        Raises:
            ObservationMismatchError: ``observation`` is not a ``kind``, or its
                ``players``, ``seat`` (``0 .. players-1``), ``round`` (``0 ..
                rounds-1``) or ``round_scores`` (at most ``rounds``) do not fit
                this game (a ``ValueError``).
        """
        seat = getattr(observation, "seat", None)
        players = getattr(observation, "players", None)
        round_ = getattr(observation, "round", 0)
        scores = getattr(observation, "round_scores", None)
        problems: list[str] = []
        if not isinstance(observation, kind):
            problems.append(f"it is not a {kind.__name__}")
        if players != self.players:
            problems.append(f"it is for {quote(players)} players, the game has {self.players}")
        elif not (isinstance(seat, int) and 0 <= seat < self.players):
            problems.append(f"seat {quote(seat)} is not 0 to {self.players - 1}")
        if not (isinstance(round_, int) and 0 <= round_ < self.rounds):
            problems.append(f"round {quote(round_)} is not 0 to {self.rounds - 1} (rounds option)")
        if scores is None or len(scores) > self.rounds:
            counted = "no" if scores is None else len(scores)
            problems.append(f"it has {counted} round scores, the game at most {self.rounds}")
        if problems:
            raise ObservationMismatchError(
                f"{type(observation).__name__} of seat {quote(seat)} of {quote(players)} players "
                f"in round {quote(round_)} does not fit {quote(self)}: {'; '.join(problems)}"
            )

    def determinize_round(self, observation: Any, rng: random.Random) -> Any:
        """A round state consistent with ``observation``, its hidden cards sampled with ``rng``.

        Variant state is filled in from the observation's ``variant_views``
        (`StateSpec.determinize`).
        """
        state = self._call("cardrules_determinize", game=self, observation=observation, rng=rng)
        if state is None:
            allowed = self._call("cardrules_inferences", game=self, observation=observation)
            state = derived("determinize")(self, observation, rng, allowed)
        if state is None:
            self._no_answer("cardrules_determinize")
        state = self._checked("cardrules_determinize", state)
        if self.state_specs:
            values = sampled_states(self, observation, rng)
            own = window_of(state) if self.own_windows else None
            if own is not None:  # the game's own window, opened again by its determinize
                values[WINDOW] = under(own, values[WINDOW]) if WINDOW in values else own
            install_states(self.name, state, values)
        if self.hidden_places is not None:
            who = answerer(self.plugin_manager, "cardrules_determinize")
            install_known(self, state, observation.seat, observation.known, who)
        return state

    def states_as_json(self, state: Any) -> dict[str, Any]:
        """The variant states of round state ``state`` as JSON-ready data, by variant name."""
        return {
            name: state_as_json(shown_window(self, value) if name == WINDOW else value)
            for (name, _), value in zip(self.state_specs, states_of(self, state), strict=True)
        }

    @property
    def action_space(self) -> ActionSpace:
        """The game's fixed numbering of moves (computed once per game)."""
        if self._action_space is None:
            space = self._call("cardrules_action_space", game=self)
            if space is None and self.spec.move_types:
                cards = [card for card, _ in self.deck.counts]
                space = derived("MoveTypesSpace")(self.spec.move_types, cards)
            if space is None:
                self._no_answer("cardrules_action_space")
            self._checked("cardrules_action_space", space)
            assert isinstance(space, ActionSpace)
            if self.move_kinds:
                space = VariantActionSpace(space, self.move_kinds)
            self._action_space = space  # type: ignore[misc]  # (a slot of Game)
        return self._action_space

    @property
    def sequence_space(self) -> SequenceSpace:
        """The game's compact encoding: each move a token sequence (computed once per game).

        The game's answer to ``cardrules_sequence_space`` (variants' move kinds
        one token each after its tokens), or else each move one token, its
        action id (`cardrules.model.sequences.SingleTokens`).
        """
        if self._sequence_space is None:
            actions = self.action_space
            space = self._call("cardrules_sequence_space", game=self)
            if space is None:
                space = SingleTokens(actions)
            else:
                if not isinstance(space, SequenceSpace):
                    raise PluginHookError(
                        answerer(self.plugin_manager, "cardrules_sequence_space"),
                        "cardrules_sequence_space",
                        f"{quote(space)} is not a SequenceSpace",
                    )
                if self.move_kinds:
                    assert isinstance(actions, VariantActionSpace)
                    space = WithAddedIds(space, actions, actions.base.size)
            self._sequence_space = space
        found: SequenceSpace = self._sequence_space
        return found

    @property
    def tensor_layout(self) -> Any:
        """The `cardrules.information.tensor_layout.TensorLayout` of this game's observation
        tensors."""
        if self._tensor_layout is None:
            layout = self._call("cardrules_tensor_layout", game=self)
            if layout is None:
                layout = derived("tensor_layout")(self)
            extra = [
                spec for name, kind in self.plane_kinds for spec in kind.plane_specs(name, self)
            ]
            if extra:
                own = [(p.name, p.shape, p.description) for p in layout.planes]
                layout = type(layout).build([*own, *extra])
            self._tensor_layout = layout
            self._tensor_shape = (layout.size,)  # type: ignore[misc]  # (a slot of Game)
        return self._tensor_layout

    def observation_tensor(self, observation: Any) -> Any:
        """``observation`` as a flat ``numpy.float32`` array of ``tensor_layout.size`` numbers.

        The game encodes its own planes; each variant move kind with planes
        fills its own, appended after them.

        Raises:
            PluginHookError: a kind's ``encode`` failed or gave the wrong number
                of values (the error names the variant), or the game's tensor
                is not a flat array of ``tensor_layout.size`` numbers.
        """
        try:
            tensor = self._tensor_caller(game=self, observation=observation)
        except Exception as error:
            self._failed("cardrules_observation_tensor", error)
        if tensor is None:
            self._no_answer("cardrules_observation_tensor")
        if self.plane_kinds and any(k.encode for _, k in self.plane_kinds):
            tensor = encode_kinds(self, observation, tensor)
        return self.checked_tensor(tensor, "cardrules_observation_tensor")

    def checked_tensor(self, tensor: Any, hook_name: str) -> Any:
        """``tensor``, if it is a flat array of `tensor_layout`'s size; else a `PluginHookError`
        naming the plugin that answered ``hook_name``."""
        shape = getattr(tensor, "shape", None)
        if shape is not None and shape == self._tensor_shape:
            return tensor  # (the common case, on the path of every observing step)
        if shape != (self.tensor_layout.size,) or getattr(tensor, "dtype", None) is None:
            raise PluginHookError(
                answerer(self.plugin_manager, hook_name),
                hook_name,
                f"it gave {type(tensor).__name__} of shape {quote(shape)}, "
                f"not a flat array of {self.tensor_layout.size} numbers",
            )
        return tensor


def derived(name: str) -> Callable[..., Any]:
    """``cardrules.information.zoned.<name>``, imported when first called: what the core derives
    for a
    game that keeps its cards in a Table (a game answering every hook never loads it)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        from cardrules.information import zoned

        return getattr(zoned, name)(*args, **kwargs)

    return call
