"""Plugin managers: the catalogue's and each game's.

Plugins mark their hook implementations with `hookimpl` (re-exported as
``cardrules.hookimpl``) and declare themselves in the ``cardrules`` entry-point
group of their distribution:

    [project.entry-points.cardrules]
    my-house-rules = "my_package.plugin"

The built-in games are registered through that same group.
"""

from __future__ import annotations

import importlib.metadata
import inspect
import types
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import attrs
import pluggy

from cardrules.errors import PluginLoadError, PluginLoadWarning, error_text, quote, shorten
from cardrules.plugins import hookspecs

__all__ = [
    "ENTRY_POINT_GROUP",
    "LoadedPlugin",
    "SkippedPlugin",
    "get_plugin_manager",
    "hookimpl",
    "hooks_of",
    "load_entrypoints",
    "unknown_hooks",
]

ENTRY_POINT_GROUP = "cardrules"

#: Marker for hook implementations: ``@cardrules.hookimpl``.
hookimpl = pluggy.HookimplMarker("cardrules")


#: What pluggy reads itself: wrapped or bound functions, and a slot's value.
_LEFT_TO_PLUGGY = (staticmethod, classmethod, types.MethodType, types.MemberDescriptorType)


def _class_attribute(cls: type, name: str) -> Any:
    """``name`` as ``cls`` or its first base defining it holds it (no descriptor run), or None."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    return None


class _PluginManager(pluggy.PluginManager):
    """pluggy's manager, reading the hooks of a module straight from its namespace.

    pluggy finds hooks with `inspect.getattr_static`, for every name of every
    plugin and hookspec module it is given. For a module that comes down to
    the module's ``__dict__``, so reading it directly gives the same answer,
    several times faster; every match builds a plugin manager of its own, so
    this is part of starting a game. A name an instance plugin holds in its
    class (`cardrules.plugins.game_modules.GameModules`) is read the same way,
    from its class's ``__dict__`` and its bases'. Anything but a plain function
    (a ``staticmethod``, a slot, a class plugin) is left to pluggy.
    """

    def _module_opts(
        self, namespace: object, name: str, marker: str, parse: Callable[[Any, str], Any]
    ) -> Any:
        if isinstance(namespace, types.ModuleType):
            value = namespace.__dict__.get(name)
        else:
            own = getattr(namespace, "__dict__", None)
            if isinstance(namespace, type) or not isinstance(own, dict) or name in own:
                return parse(namespace, name)
            value = _class_attribute(type(namespace), name)
        if inspect.isfunction(value):
            opts = getattr(value, marker, None)
            return opts if isinstance(opts, dict) else None
        if not isinstance(value, _LEFT_TO_PLUGGY):
            return None
        return parse(namespace, name)

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        return self._module_opts(plugin, name, "cardrules_impl", super().parse_hookimpl_opts)

    def parse_hookspec_opts(self, module_or_class: Any, name: str) -> Any:
        return self._module_opts(
            module_or_class, name, "cardrules_spec", super().parse_hookspec_opts
        )


def get_plugin_manager(plugins: Iterable[tuple[str, object]] = ()) -> pluggy.PluginManager:
    """Return a new plugin manager with cardrules' hookspecs and ``plugins`` registered.

    Args:
        plugins: ``(name, plugin)`` pairs, registered in order.

    Raises:
        pluggy.PluginValidationError: a plugin implements a hook that does not
            exist (a misspelt name) or with wrong arguments.
    """
    pm = _PluginManager("cardrules")
    pm.add_hookspecs(hookspecs)
    # Each plugin that implements it adds its game's rule-point hookspecs as
    # it is registered (historic), before any variant implementing them.
    pm.hook.cardrules_add_hookspecs.call_historic(kwargs={"plugin_manager": pm})
    for name, plugin in plugins:
        if pm.is_registered(plugin):
            continue
        pm.register(plugin, name=name)
    pm.check_pending()
    return pm


def unknown_hooks(pm: pluggy.PluginManager) -> dict[str, list[str]]:
    """Plugins of ``pm`` that implement hooks no hookspec declares: ``{plugin: [hook, ...]}``.

    A rule-point hook of a game that is not installed (or misspelt) is such a
    hook; ``optionalhook=True`` implementations are left out.
    """
    found: dict[str, list[str]] = {}
    for hook_name in dir(pm.hook):
        caller = getattr(pm.hook, hook_name)
        if not isinstance(caller, pluggy.HookCaller) or caller.has_spec():
            continue
        for impl in caller.get_hookimpls():
            if not impl.optionalhook:
                found.setdefault(impl.plugin_name, []).append(hook_name)
    return found


@attrs.frozen
class LoadedPlugin:
    """A plugin loaded from the ``cardrules`` entry-point group.

    Attributes:
        name: the entry point's name.
        value: what it points at (``module`` or ``module:object``).
        distribution: the installed distribution that declares it.
        version: that distribution's version.
    """

    name: str
    value: str
    distribution: str
    version: str


@attrs.frozen
class SkippedPlugin:
    """A plugin that failed at discovery and was left out of the catalogue.

    Attributes:
        name: the entry point's name (or the name it was registered under in code).
        value: what the entry point points at (``module`` or ``module:object``),
            ``""`` for a plugin registered in code.
        distribution: the installed distribution that declares it
            (``"registered in code"`` for one given to `cardrules.Catalogue` directly).
        reason: why it was skipped, one line of at most about 600 characters.
    """

    name: str
    value: str
    distribution: str
    reason: str

    @property
    def origin(self) -> str:
        """``"entry point VALUE of DISTRIBUTION"``, or ``"registered in code"``."""
        if not self.value:
            return self.distribution
        return f"entry point {self.value} of {self.distribution}"

    @property
    def message(self) -> str:
        """The warning's one line: the plugin, where it comes from, why it is skipped."""
        return f"cardrules plugin {quote(self.name)} ({self.origin}) is skipped: {self.reason}"

    def report(self, strict: bool, error: BaseException | None = None) -> None:
        """Warn with `message` (a `PluginLoadWarning`), or raise `PluginLoadError` if ``strict``."""
        if strict:
            raise PluginLoadError(self.message) from error
        warnings.warn(self.message, PluginLoadWarning, stacklevel=4)


def hooks_of(plugin: object) -> tuple[str, ...]:
    """The hooks a plugin object or module implements, sorted: the core's and games' rule points."""
    names = set()
    for name, member in inspect.getmembers(plugin):
        if hasattr(member, "cardrules_impl"):
            names.add(name)
    return tuple(sorted(names))


def load_entrypoints(
    pm: pluggy.PluginManager,
    *,
    strict: bool = False,
    block: Iterable[str] = (),
    skipped: list[SkippedPlugin] | None = None,
) -> list[LoadedPlugin]:
    """Load every plugin of the ``cardrules`` entry-point group into ``pm``.

    Each entry point is loaded on its own: one that fails to import or to
    register is skipped with a `cardrules.errors.PluginLoadWarning`
    naming it and its distribution, or raises
    `cardrules.errors.PluginLoadError` when ``strict`` is true.

    Args:
        pm: the manager to register into.
        strict: raise instead of warning on a broken plugin.
        block: entry-point names not to load.
        skipped: a list to append each skipped plugin to (`SkippedPlugin`).

    Returns:
        The plugins loaded, in load order.
    """
    if skipped is None:
        skipped = []
    blocked = set(block)
    loaded: list[LoadedPlugin] = []
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if entry_point.name in blocked or pm.get_plugin(entry_point.name) is not None:
            continue
        dist = entry_point.dist.name if entry_point.dist is not None else "unknown distribution"
        version = entry_point.dist.version if entry_point.dist is not None else "?"
        try:
            plugin = entry_point.load()
            pm.register(plugin, name=entry_point.name)
            # A core hook must exist now; a game's rule-point hooks may be
            # declared by a game plugin loaded later (checked at the end).
            misspelt = [
                name
                for name in unknown_hooks(pm).get(entry_point.name, [])
                if name.startswith("cardrules_")
            ]
            if misspelt:
                raise pluggy.PluginValidationError(
                    plugin, f"unknown hook {', '.join(misspelt)} (no such cardrules hook)"
                )
        except Exception as error:
            if pm.get_plugin(entry_point.name) is not None:
                pm.unregister(name=entry_point.name)
            skip = SkippedPlugin(
                entry_point.name,
                entry_point.value,
                dist,
                f"failed to load: {error_text(error)}",
            )
            skipped.append(skip)
            skip.report(strict, error)
            continue
        loaded.append(LoadedPlugin(entry_point.name, entry_point.value, dist, version))
    for name, hooks in unknown_hooks(pm).items():
        if name not in {plugin.name for plugin in loaded}:
            continue
        pm.unregister(name=name)
        info = next(plugin for plugin in loaded if plugin.name == name)
        loaded = [plugin for plugin in loaded if plugin.name != name]
        skip = SkippedPlugin(
            name,
            info.value,
            info.distribution,
            shorten(
                f"failed to load: it implements {', '.join(sorted(hooks))}, "
                "which no installed game declares"
            ),
        )
        skipped.append(skip)
        skip.report(strict)
    return loaded
