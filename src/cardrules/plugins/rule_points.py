"""A game's rule-point hooks, as cheap calls.

Each game publishes its own hookspecs (``gnoming_*``, ``rook_*``...) at the
points where house rules differ, through `cardrules.plugins.hookspecs.cardrules_add_hookspecs`.
`RulePoints` is how the game's code calls them: one attribute per rule-point
hook. While only the game itself implements a first-result hook, the attribute
is the game's own function (a plain call, no pluggy dispatch), so a rule point
no variant changes costs next to nothing; otherwise it is pluggy's hook caller,
which runs the variants' implementations and wrappers in order.

Every call passes keyword arguments only, exactly as pluggy requires::

    points = game.rules.gnoming_card_points(game=game, card=card)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pluggy

from cardrules.errors import quote
from cardrules.plugins import hookspecs

__all__ = ["RulePoints", "first_result_hooks"]


def first_result_hooks(pm: pluggy.PluginManager) -> Iterator[tuple[str, pluggy.HookCaller]]:
    """Each first-result hook of ``pm`` that has a hookspec: its name and its caller."""
    for hook_name in dir(pm.hook):
        caller = getattr(pm.hook, hook_name)
        spec = caller.spec if isinstance(caller, pluggy.HookCaller) else None
        if spec is not None and spec.opts.get("firstresult"):
            yield hook_name, caller


def direct_function(caller: pluggy.HookCaller) -> Any:
    """The one plain implementation of a first-result hook, or ``None``.

    Only an implementation that takes every argument of the hook qualifies,
    so calling it directly passes exactly what pluggy would and gives the same
    answer without pluggy's dispatch cost.
    """
    spec = caller.spec
    if spec is None or not spec.opts.get("firstresult"):
        return None
    impls = caller.get_hookimpls()
    if len(impls) != 1 or impls[0].wrapper or impls[0].hookwrapper:
        return None
    if set(impls[0].argnames) != set(spec.argnames):
        return None
    return impls[0].function


class RulePoints:
    """The rule-point hooks of one game's plugin manager, callable as attributes.

    ``game.rules.<hook name>(**arguments)`` calls a rule-point hook: the
    game's own function directly when nothing else implements it, else
    pluggy's caller (variants first, the game's ``trylast`` answer last, and
    wrappers around them). Hooks of the core (``cardrules_*``) are not here;
    `cardrules.Game` calls those.

    Args:
        pm: the game's own plugin manager (the game plugin and its variants).
        game_plugin: the name the game plugin is registered under in ``pm``.

    Raises:
        AttributeError: on reading a hook the game does not declare (the
            message lists the ones it does).
    """

    def __init__(self, pm: pluggy.PluginManager, game_plugin: str) -> None:
        self._names: list[str] = []
        self._changed: dict[str, tuple[str, ...]] = {}
        for hook_name in dir(pm.hook):
            caller = getattr(pm.hook, hook_name)
            if not isinstance(caller, pluggy.HookCaller) or caller.spec is None:
                continue
            if caller.spec.namespace is hookspecs:
                continue
            self._names.append(hook_name)
            impls = caller.get_hookimpls()
            others = tuple(impl.plugin_name for impl in impls if impl.plugin_name != game_plugin)
            if others:
                self._changed[hook_name] = others
            direct = direct_function(caller)
            setattr(self, hook_name, caller if direct is None else direct)

    def names(self) -> tuple[str, ...]:
        """Every rule-point hook the game declares, sorted."""
        return tuple(sorted(self._names))

    def changed(self, hook_name: str) -> bool:
        """Whether a plugin other than the game implements ``hook_name``.

        Game code uses it to keep a fast path (a precomputed table, a search
        shortcut) that is only right for the game's own rule, and to take the
        exact path when a variant changes that rule.
        """
        return hook_name in self._changed

    def changed_by(self, hook_name: str) -> tuple[str, ...]:
        """The plugins other than the game that implement ``hook_name`` (names as registered)."""
        return self._changed.get(hook_name, ())

    def __getattr__(self, name: str) -> Any:
        # Only reached for names not set in __init__: a hook the game does not declare.
        if name.startswith("_"):
            raise AttributeError(name)
        known = ", ".join(sorted(self._names)) or "none"
        raise AttributeError(f"no rule-point hook {quote(name)}; this game declares: {known}")
