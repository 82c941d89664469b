"""Plugin managers: the catalogue's and each game's.

Plugins mark their hook implementations with :data:`hookimpl` (re-exported as
``cardrules.hookimpl``) and declare themselves in the ``cardrules`` entry-point
group of their distribution::

    [project.entry-points.cardrules]
    my-house-rules = "my_package.plugin"

The built-in games are registered through that same group.
"""

from __future__ import annotations

import importlib.metadata
import warnings
from collections.abc import Iterable

import pluggy

from cardrules import hookspecs
from cardrules.errors import PluginLoadError, PluginLoadWarning

__all__ = ["ENTRY_POINT_GROUP", "get_plugin_manager", "hookimpl", "load_entrypoints"]

ENTRY_POINT_GROUP = "cardrules"

#: Marker for hook implementations: ``@cardrules.hookimpl``.
hookimpl = pluggy.HookimplMarker("cardrules")


def get_plugin_manager(plugins: Iterable[tuple[str, object]] = ()) -> pluggy.PluginManager:
    """Return a new plugin manager with cardrules' hookspecs and ``plugins`` registered.

    Args:
        plugins: ``(name, plugin)`` pairs, registered in order.

    Raises:
        pluggy.PluginValidationError: a plugin implements a hook that does not
            exist (a misspelt name) or with wrong arguments.
    """
    pm = pluggy.PluginManager("cardrules")
    pm.add_hookspecs(hookspecs)
    for name, plugin in plugins:
        if pm.is_registered(plugin):
            continue
        pm.register(plugin, name=name)
    pm.check_pending()
    return pm


def load_entrypoints(
    pm: pluggy.PluginManager, *, strict: bool = False, block: Iterable[str] = ()
) -> list[str]:
    """Load every plugin of the ``cardrules`` entry-point group into ``pm``.

    Each entry point is loaded on its own: one that fails to import or to
    register is skipped with a :class:`~cardrules.errors.PluginLoadWarning`
    naming it and its distribution, or raises
    :class:`~cardrules.errors.PluginLoadError` when ``strict`` is true.

    Args:
        pm: the manager to register into.
        strict: raise instead of warning on a broken plugin.
        block: entry-point names not to load.

    Returns:
        The names of the plugins loaded, in load order.
    """
    blocked = set(block)
    loaded: list[str] = []
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if entry_point.name in blocked or pm.get_plugin(entry_point.name) is not None:
            continue
        dist = entry_point.dist.name if entry_point.dist is not None else "unknown distribution"
        try:
            plugin = entry_point.load()
            pm.register(plugin, name=entry_point.name)
            pm.check_pending()
        except Exception as error:
            if pm.get_plugin(entry_point.name) is not None:
                pm.unregister(name=entry_point.name)
            message = (
                f"cardrules plugin {entry_point.name!r} ({entry_point.value}, from {dist}) "
                f"failed to load: {type(error).__name__}: {error}"
            )
            if strict:
                raise PluginLoadError(message) from error
            warnings.warn(message, PluginLoadWarning, stacklevel=2)
            continue
        loaded.append(entry_point.name)
    return loaded
