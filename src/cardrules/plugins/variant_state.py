"""Variant state: a house rule's own typed value, kept with each round.

A variant that must remember something (who knocked, how many bonus cards a
seat has had) declares it with `StateSpec` on its `cardrules.VariantSpec`::

    @attrs.frozen
    class KnockState:
        knocker: int | None = None


    VariantSpec("knock", "toonerville-rook", state=StateSpec(KnockState), ...)

The engine then, without any change to the game's classes:

* creates the value at the start of each round (``StateSpec.initial``), or
  carries it over from the round before (``per_match=True``);
* keeps it in the round state's generic ``variant_states`` slot, so that every
  rule hook, which receives the game's round state ``state``, reads it with
  `variant_state` and replaces it with `set_variant_state`;
* clones it with the round: the values are frozen and *replaced*, never
  changed in place, so a clone shares them at no cost;
* shows each seat what ``StateSpec.view`` lets it see, in the observation's
  generic ``variant_views`` field (read it with `variant_view`);
* fills it in when a state is sampled from an observation
  (``StateSpec.determinize``);
* writes it into game records (``variant_states``) and checks it on replay.

While no chosen variant declares state, none of this runs: the slot holds the
shared empty mapping `NO_VARIANT_STATE`.

Values must be frozen ``attrs`` instances whose fields are JSON values (ints,
strings, booleans, ``None``, and tuples or frozen attrs values of those), so
that records can hold them.
"""

from __future__ import annotations

import json
import random
import reprlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

import attrs

from cardrules.errors import CardRulesError, ObservationMismatchError, quote

__all__ = [
    "NO_VARIANT_STATE",
    "OMITTED_WHEN_DEFAULT",
    "StateSpec",
    "VariantStateError",
    "set_variant_state",
    "state_as_json",
    "variant_state",
    "variant_view",
]


class _NoVariantState(Mapping[str, Any]):
    """The empty, read-only ``variant_states`` of a round no variant keeps state in."""

    __slots__ = ()

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __reduce__(self) -> str:
        return "NO_VARIANT_STATE"  # pickles as the module's one instance

    def __repr__(self) -> str:
        return "NO_VARIANT_STATE"


#: The ``variant_states`` of a round no variant keeps state in (shared, read-only, picklable).
NO_VARIANT_STATE: Mapping[str, Any] = _NoVariantState()


class VariantStateError(CardRulesError, LookupError):
    """A variant state was read or replaced wrongly.

    Raised by `variant_state` and `set_variant_state` when the variant keeps
    no state in this game, or the new value is not of the declared type; and
    by `cardrules.Game` when a declared type is not a frozen ``attrs`` class
    or the game's round state has no ``variant_states`` slot.
    """


def _public(game: Any, value: Any, seat: int) -> Any:
    return value


@attrs.frozen(kw_only=True)
class StateSpec:
    """What a variant keeps in each round, and what each seat sees of it.

    Attributes:
        type: the value's class, a frozen ``attrs`` class.
        initial: ``initial(game, round)`` returns the value a round starts
            with (``round`` from 0); default ``type()``.
        per_match: keep the value from round to round: each round after the
            first starts with the value the last one ended with (``initial``
            is then used for the first round only).
        view: ``view(game, value, seat)`` returns what ``seat`` (``0 ..
            players-1``) may see of the value (any frozen, comparable value);
            default: the whole value, public to every seat.
        determinize: ``determinize(game, view, seat, rng)`` returns a value
            consistent with what ``seat`` saw (``view``), hidden parts sampled
            with ``rng``; required when ``view`` hides anything, and by default
            the view itself (the value is public).
    """

    type: type
    initial: Callable[[Any, int], Any] | None = None
    per_match: bool = False
    view: Callable[[Any, Any, int], Any] = _public
    determinize: Callable[[Any, Any, int, random.Random], Any] | None = None

    def __attrs_post_init__(self) -> None:
        if not attrs.has(self.type):
            raise VariantStateError(
                f"a variant state type must be a frozen attrs class, got {quote(self.type)}"
            )
        if self.view is not _public and self.determinize is None:
            raise VariantStateError(
                f"{self.type.__name__}: a StateSpec whose view hides something needs "
                "determinize=..., to sample the hidden part"
            )

    def first(self, game: Any, round: int) -> Any:
        """The value round ``round`` starts with, checked to be a frozen ``type``."""
        value = self.type() if self.initial is None else self.initial(game, round)
        check_value(self, value)
        return value

    def sample(self, game: Any, view: Any, seat: int, rng: random.Random) -> Any:
        """A value consistent with ``seat``'s ``view`` (`determinize`, or the view itself)."""
        value = view if self.determinize is None else self.determinize(game, view, seat, rng)
        check_value(self, value)
        return value


def check_value(spec: StateSpec, value: Any) -> None:
    """Refuse a value that is not a frozen instance of ``spec.type``.

    Raises:
        VariantStateError: with the type and the value.
    """
    if type(value) is not spec.type:
        raise VariantStateError(
            f"a {spec.type.__name__} variant state was expected, got {reprlib.repr(value)}"
        )
    fields = attrs.fields(spec.type)
    if fields:
        try:
            # Writing a field back unchanged: refused exactly when the class is frozen.
            setattr(value, fields[0].name, getattr(value, fields[0].name))
        except attrs.exceptions.FrozenInstanceError:
            return
        raise VariantStateError(
            f"{spec.type.__name__} is not frozen: declare it with @attrs.frozen, and "
            "replace the value (attrs.evolve) instead of changing it"
        )


def variant_state(state: Any, name: str) -> Any:
    """The value variant ``name`` keeps in round state ``state``.

    Args:
        state: the game's round state (the ``state`` argument of rule hooks).
        name: the variant's registered name, e.g. ``"knock"``.

    Returns:
        The frozen value (of the variant's `StateSpec.type`).

    Raises:
        VariantStateError: variant ``name`` keeps no state in this game (not
            chosen, or declares no `StateSpec`).
    """
    try:
        return state.variant_states[name]
    except (KeyError, AttributeError):
        raise VariantStateError(
            f"variant {quote(name)} keeps no state in this round "
            "(is it chosen, with state=StateSpec?)"
        ) from None


def set_variant_state(state: Any, name: str, value: Any) -> None:
    """Replace the value variant ``name`` keeps in round state ``state`` by ``value``.

    The mapping is replaced, not changed, so clones made before keep theirs.
    Call it only where the round may change (``cardrules_apply_move`` or a move
    kind's ``apply``).

    Raises:
        VariantStateError: the variant keeps no state here, or ``value`` is not
            of its declared type.
    """
    current = variant_state(state, name)
    if type(value) is not type(current):
        raise VariantStateError(
            f"variant {quote(name)} keeps a {type(current).__name__}, got {reprlib.repr(value)}"
        )
    state.variant_states = {**state.variant_states, name: value}


def variant_view(observation: Any, name: str) -> Any:
    """What observation ``observation`` shows of variant ``name``'s state.

    Raises:
        VariantStateError: the observation holds no view of that variant.
    """
    for variant, view in getattr(observation, "variant_views", ()):
        if variant == name:
            return view
    raise VariantStateError(f"the observation shows no state of variant {quote(name)}")


#: Field metadata key: leave the field out of records while it holds its default.
OMITTED_WHEN_DEFAULT = "cardrules_omitted_when_default"


def _written(field: attrs.Attribute[Any], value: Any) -> bool:
    return not (field.metadata.get(OMITTED_WHEN_DEFAULT) and value == field.default)


def state_as_json(value: Any) -> Any:
    """A variant state value as JSON data: attrs fields by name, tuples as lists.

    A field whose metadata has ``OMITTED_WHEN_DEFAULT`` is left out while it
    holds its default (a field added later keeps earlier records as they were).

    Raises:
        VariantStateError: a field holds something JSON cannot (a set, an object).
    """
    try:
        return json.loads(json.dumps(attrs.asdict(value, filter=_written)))
    except (TypeError, ValueError) as error:
        raise VariantStateError(
            f"{type(value).__name__} cannot be written to a record: {error}"
        ) from None


class StatesGame(Protocol):
    """The `cardrules.Game` as the functions below read it (the game module builds on this one)."""

    @property
    def name(self) -> str:
        """The game's registered name."""

    @property
    def state_specs(self) -> tuple[tuple[str, StateSpec], ...]:
        """The chosen variants' state, as ``(variant, spec)`` pairs."""

    def variant_call(
        self, variant: str, what: str, function: Callable[..., Any], *args: Any
    ) -> Any:
        """``function(*args)``, a variant's function (``what`` names it)."""


def states_of(game: StatesGame, state: Any) -> tuple[Any, ...]:
    """The variant state values of round state ``state``, in the order of ``game.state_specs``."""
    values = state.variant_states
    return tuple(values[name] for name, _ in game.state_specs)


def install_states(game_name: str, state: Any, values: dict[str, Any]) -> None:
    """Put ``values`` in the ``variant_states`` slot of round state ``state``.

    Raises:
        VariantStateError: the game's round state has no such slot.
    """
    try:
        state.variant_states = values
    except AttributeError:
        raise VariantStateError(
            f"{type(state).__name__} has no variant_states slot: {game_name} cannot keep "
            "variant state"
        ) from None


def first_states(game: StatesGame, round: int, previous: Any) -> dict[str, Any]:
    """The values round ``round`` starts with: each `StateSpec`'s first value, or for
    ``per_match`` state the value round state ``previous`` (the round before) ended with."""
    values = {}
    for name, spec in game.state_specs:
        if spec.per_match and previous is not None:
            values[name] = previous.variant_states[name]
        else:
            values[name] = game.variant_call(name, "StateSpec.initial", spec.first, game, round)
    return values


def with_views(game: StatesGame, observation: Any, state: Any, seat: int) -> Any:
    """``observation`` with ``variant_views``: what each `StateSpec.view` shows ``seat``.

    Raises:
        VariantStateError: the game's observation class has no ``variant_views`` field.
    """
    views = tuple(
        (name, game.variant_call(name, "StateSpec.view", spec.view, game, value, seat))
        for (name, spec), value in zip(game.state_specs, states_of(game, state), strict=True)
    )
    try:
        return attrs.evolve(observation, variant_views=views)
    except TypeError:
        raise VariantStateError(
            f"{type(observation).__name__} has no variant_views field: {game.name} cannot "
            "show variant state"
        ) from None


def sampled_states(game: StatesGame, observation: Any, rng: random.Random) -> dict[str, Any]:
    """Values consistent with ``observation``'s ``variant_views`` (`StateSpec.sample`).

    Raises:
        ObservationMismatchError: the observation shows no view of a chosen variant.
    """
    views = dict(getattr(observation, "variant_views", ()))
    values = {}
    for name, spec in game.state_specs:
        if name not in views:
            raise ObservationMismatchError(f"the observation shows no state of {quote(name)}")
        values[name] = game.variant_call(
            name, "StateSpec.determinize", spec.sample, game, views[name], observation.seat, rng
        )
    return values
