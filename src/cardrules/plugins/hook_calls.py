"""How a `cardrules.engine.game.Game` calls its plugins' hooks, and blames a plugin that fails.

`HookCalls` is the part of `cardrules.engine.game.Game` that calls hooks: a hook is
called through pluggy, or, when one plain implementation answers it alone,
directly (the same answer without pluggy's dispatch: the hot path of random
playouts and search). A plugin's unexpected exception, a missing answer or a
wrong one becomes a `cardrules.PluginHookError` naming the plugin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, cast

import pluggy

from cardrules.errors import (
    CardRulesError,
    MissingRuleError,
    PluginHookError,
    plugin_call,
    quote,
)
from cardrules.plugins.hook_results import REQUIRED, GuardedGame, answerer, problem
from cardrules.plugins.rule_points import direct_function, first_result_hooks
from cardrules.plugins.specs import GameSpec

__all__ = ["HookCalls", "direct_calls"]


class HookCalls:
    """Hook calls with the plugin named on failure (a base of `cardrules.engine.game.Game`).

    Reads the game's ``spec``, ``plugin_manager`` and its ``_hook`` (pluggy's
    hook relay) and ``_direct`` (`direct_calls`) attributes.
    """

    __slots__ = ()

    spec: GameSpec
    plugin_manager: pluggy.PluginManager
    _hook: Any
    _direct: dict[str, Any]

    def _caller(
        self, hook_name: str, default: Callable[..., Any] | None = None
    ) -> Callable[..., Any]:
        """What calling hook ``hook_name`` calls: its one plain implementation, or pluggy's caller.

        A first-result hook with a single plain implementation taking every
        argument is called directly: the same answer as pluggy's, without its
        dispatch cost (this is the hot path of random playouts and search).
        ``default`` (called with the hook's keyword arguments) stands in for a
        hook no plugin implements: what the core derives for the game.
        """
        direct: Callable[..., Any] | None = self._direct.get(hook_name)
        if direct is not None:
            return direct
        caller = getattr(self._hook, hook_name)
        if default is not None and not caller.get_hookimpls():
            return default
        return caller  # type: ignore[no-any-return]

    def _call(self, hook_name: str, **kwargs: Any) -> Any:
        """Call a hook; a plugin's unexpected exception becomes a PluginHookError naming it."""
        try:
            return self._caller(hook_name)(**kwargs)
        except Exception as error:
            self._failed(hook_name, error)

    def _failed(self, hook_name: str, error: Exception) -> NoReturn:
        """Raise for ``error``, raised in hook ``hook_name``: a `CardRulesError` as it
        is (the rules refusing), anything else as the plugin's fault (`_blame`).

        Called from an ``except Exception`` clause around a hook call; the call
        itself stays inline where it is a hot path (no cost when nothing fails).
        """
        if isinstance(error, CardRulesError):
            raise error
        raise self._blame(hook_name, error) from error

    def _blame(self, hook_name: str, error: Exception) -> PluginHookError:
        """The error naming the plugin whose code raised ``error`` in hook ``hook_name``.

        Known by construction, not guessed: a game without rule plugins has one
        plugin, the game's; in a game with them every implementation is called
        through a guard naming its own plugin (`cardrules.plugins.hook_results.guard`),
        so an error reaching here unnamed came from the hook's answerer.
        """
        if len(self.plugin_manager.get_plugins()) == 1:
            return PluginHookError(f"game:{self.spec.name}", hook_name, error)
        return PluginHookError(answerer(self.plugin_manager, hook_name), hook_name, error)

    def _first(self, hook_name: str, **kwargs: Any) -> Any:
        result = self._call(hook_name, **kwargs)
        if result is None:
            self._no_answer(hook_name)
        return result

    def _no_answer(self, hook_name: str) -> None:
        """Raise for a hook nobody answered: a plugin at fault, or a rule missing."""
        if hook_name in REQUIRED and getattr(self._hook, hook_name).get_hookimpls():
            raise PluginHookError(
                answerer(self.plugin_manager, hook_name), hook_name, "it returned None"
            )
        raise MissingRuleError(f"no plugin of {quote(self.spec.name)} answered {hook_name}")

    def _checked(self, hook_name: str, result: Any) -> Any:
        """``result``, or a `PluginHookError` naming its plugin if it is not a right answer."""
        found = problem(cast(GuardedGame, self), hook_name, result)  # (self is a Game)
        if found is not None:
            raise PluginHookError(answerer(self.plugin_manager, hook_name), hook_name, found)
        return result

    def _answer(self, hook_name: str, **kwargs: Any) -> Any:
        """Call a first-result hook that every game answers, and check the answer."""
        return self._checked(hook_name, self._first(hook_name, **kwargs))

    def variant_call(
        self, variant: str, what: str, function: Callable[..., Any], *args: Any
    ) -> Any:
        """``function(*args)``, a variant's state or move function (``what`` names it).

        Raises:
            PluginHookError: the function raised an unexpected error; it names
                ``variant:<variant>`` and ``what`` (errors of cardrules pass as they are).
        """
        return plugin_call(f"variant:{variant}", what, function, *args)


def direct_calls(pm: pluggy.PluginManager) -> dict[str, Any]:
    """The core first-result hooks that one plain implementation answers, with its function."""
    direct: dict[str, Any] = {}
    for hook_name, caller in first_result_hooks(pm):
        function = direct_function(caller)
        if function is not None and hook_name.startswith("cardrules_"):
            direct[hook_name] = function
    return direct
