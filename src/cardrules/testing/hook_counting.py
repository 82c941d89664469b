"""Counting the calls of a variant's hooks, for the testing kit (`cardrules.testing.check_variant`).

Two ways, for two kinds of game object:

* `counted_game` makes the game the kit plays with from counting copies of
  the variants' plugins, so that every call counts from the start: the hooks
  the game calls while it is created (``cardrules_deck``, ``cardrules_validate``,
  ``cardrules_match_rules``...), the deals, and hooks called directly because
  a variant is their only implementation.
* `instrument` wraps the implementations of a game made elsewhere (a start
  position's own game, whose rule points a hand-built round keeps calling);
  `Instrumented.restore` puts them back.
"""

from __future__ import annotations

import functools
import inspect
import types
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from typing import Any

import attrs

from cardrules.engine.game import Game
from cardrules.plugins.managers import hooks_of
from cardrules.plugins.registry import Catalogue
from cardrules.plugins.strict import StrictChecks

__all__ = ["CallCounter", "Instrumented", "counted_game", "instrument"]

#: Hooks of a variant plugin the kit does not expect a match to reach.
CATALOGUE_HOOKS = frozenset(
    {"cardrules_register_games", "cardrules_register_variants", "cardrules_add_hookspecs"}
)


class CallCounter:
    """Counts calls of variants' hook implementations while ``active``.

    Attributes:
        active: whether calls count now (off while the kit replays a move on a clone).
        calls: ``{(variant, hook name): calls}``.
    """

    def __init__(self) -> None:
        self.active = True
        self.calls: Counter[tuple[str, str]] = Counter()

    def wrap(self, key: tuple[str, str], function: Callable[..., Any]) -> Callable[..., Any]:
        """``function``, counting its calls under ``key`` (a generator stays a generator)."""
        if inspect.isgeneratorfunction(function):

            def counted_wrapper(*args: Any, **kwargs: Any) -> Generator[Any, Any, Any]:
                if self.active:
                    self.calls[key] += 1
                return (yield from function(*args, **kwargs))

            return counted_wrapper

        def counted(*args: Any, **kwargs: Any) -> Any:
            if self.active:
                self.calls[key] += 1
            return function(*args, **kwargs)

        return counted


def _counting_plugin(variant: str, plugin: object, counter: CallCounter) -> types.ModuleType:
    """A stand-in for ``plugin`` whose hook implementations count their calls, then call its own."""
    stand_in = types.ModuleType(f"counted {variant}")
    for name in hooks_of(plugin):
        member = getattr(plugin, name)
        opts = dict(member.cardrules_impl)
        hook = opts.get("specname") or name
        counted = counter.wrap((variant, hook), member)
        functools.update_wrapper(counted, member)  # the signature pluggy reads, the marker
        counted.cardrules_impl = opts  # type: ignore[attr-defined]
        setattr(stand_in, name, counted)
    return stand_in


def counted_game(
    catalogue: Catalogue,
    name: str,
    variants: Sequence[str],
    *,
    players: int,
    options: Any,
    strict: bool | StrictChecks,
    counter: CallCounter,
) -> tuple[Game, list[tuple[str, str]]]:
    """The game ``name`` with ``variants``, each variant's hooks counted from its creation on.

    Returns:
        The game (its variants equal to the registered ones) and the keys
        ``(variant, hook name)`` of every hook the variants implement.

    Raises:
        cardrules.errors.CardRulesError: what `cardrules.new_game` raises for the same arguments.
    """
    chosen = [catalogue.variant(name, v) for v in variants]
    keys: list[tuple[str, str]] = []
    counting = []
    for spec in chosen:
        if spec.plugin is None:
            counting.append(spec)
            continue
        stand_in = _counting_plugin(spec.name, spec.plugin, counter)
        keys += [k for k in _keys(spec.name, spec.plugin) if k[1] not in CATALOGUE_HOOKS]
        counting.append(attrs.evolve(spec, plugin=stand_in))
    game = Game(catalogue.game(name), players, options, counting, strict=strict)
    return game, keys


def _keys(variant: str, plugin: object) -> list[tuple[str, str]]:
    return [
        (variant, getattr(plugin, n).cardrules_impl.get("specname") or n) for n in hooks_of(plugin)
    ]


@attrs.define
class Instrumented:
    """The implementations `instrument` wrapped, with what to put back."""

    wrapped: list[tuple[Any, Callable[..., Any]]] = attrs.Factory(list)

    def restore(self) -> None:
        """Put every wrapped implementation back as it was."""
        for impl, function in reversed(self.wrapped):
            impl.function = function
        self.wrapped.clear()


def instrument(game: Game, counter: CallCounter, into: Instrumented) -> None:
    """Count the calls of every hook a variant plugin of ``game`` implements (through pluggy).

    The implementations are wrapped in place and noted in ``into``, to be restored.
    """
    pm = game.plugin_manager
    for hook_name in dir(pm.hook):
        caller = getattr(pm.hook, hook_name)
        if hook_name in CATALOGUE_HOOKS or not hasattr(caller, "get_hookimpls"):
            continue
        for impl in caller.get_hookimpls():
            if impl.plugin_name.startswith("variant:"):
                key = (impl.plugin_name.removeprefix("variant:"), hook_name)
                into.wrapped.append((impl, impl.function))
                impl.function = counter.wrap(key, impl.function)
