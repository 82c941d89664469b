"""The catalogue of installed games and variants.

A `Catalogue` loads every plugin of the ``cardrules`` entry-point group
into its own plugin manager and asks each plugin, through the catalogue hooks,
which games (`GameSpec`) and variants (`VariantSpec`) it provides.
Games are then created from the catalogue with `cardrules.new_game`.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Iterable
from typing import Any

from cardrules.errors import (
    CardRulesError,
    PluginLoadError,
    PluginLoadWarning,
    UnknownGameError,
    UnknownVariantError,
)
from cardrules.plugins import LoadedPlugin, get_plugin_manager, load_entrypoints
from cardrules.specs import GameSpec, VariantSpec

__all__ = ["Catalogue", "GameSpec", "VariantSpec", "default_catalogue", "games"]


class Catalogue:
    """The games and variants of a set of plugins.

    Args:
        plugins: ``(name, plugin)`` pairs to register besides entry points
            (this is how a test or a program adds a plugin it has not installed).
        entry_points: load the ``cardrules`` entry-point group (default true).
        strict: a broken entry-point plugin, or a plugin whose catalogue hook
            raises, raises `cardrules.errors.PluginLoadError` instead of
            being skipped with a `cardrules.errors.PluginLoadWarning`.
        block: entry-point names not to load.

    Raises:
        cardrules.CardRulesError: two plugins register the same game or variant name.
    """

    def __init__(
        self,
        plugins: Iterable[tuple[str, object]] = (),
        *,
        entry_points: bool = True,
        strict: bool = False,
        block: Iterable[str] = (),
    ) -> None:
        self.plugin_manager = get_plugin_manager(plugins)
        #: The plugins loaded from entry points, with their distributions.
        self.loaded: list[LoadedPlugin] = []
        if entry_points:
            self.loaded = load_entrypoints(self.plugin_manager, strict=strict, block=block)
        self._games: dict[str, GameSpec] = {}
        self._variants: dict[tuple[str, str], VariantSpec] = {}
        #: What each plugin registered: plugin name -> game and variant specs.
        self.provided: dict[str, list[GameSpec | VariantSpec]] = {}
        hook = self.plugin_manager.hook
        for impl in hook.cardrules_register_games.get_hookimpls():
            self._ask(impl, "cardrules_register_games", self._add_game, strict)
        for impl in hook.cardrules_register_variants.get_hookimpls():
            self._ask(impl, "cardrules_register_variants", self._add_variant, strict)

    def _ask(self, impl: Any, hook: str, add: Callable[[Any], None], strict: bool) -> None:
        """Call one plugin's catalogue hook; a plugin that raises is skipped like a broken import.

        Everything it registered is dropped and it is unregistered, with a
        `PluginLoadWarning` naming it (a `PluginLoadError` when ``strict``).
        """
        name = impl.plugin_name
        if self.plugin_manager.get_plugin(name) is None:
            return  # skipped already by an earlier hook
        try:
            impl.function(register=self._recorder(name, add))
        except CardRulesError:
            raise  # two plugins claim one name: the catalogue itself is wrong
        except Exception as error:  # a third-party plugin may raise anything
            message = (
                f"cardrules plugin {name!r} failed in {hook} and is skipped: "
                f"{type(error).__name__}: {error}"
            )
            if strict:
                raise PluginLoadError(message) from error
            warnings.warn(message, PluginLoadWarning, stacklevel=3)
            for spec in self.provided.pop(name, []):
                if isinstance(spec, GameSpec):
                    self._games.pop(spec.name, None)
                else:
                    self._variants.pop((spec.game, spec.name), None)
            self.plugin_manager.unregister(name=name)
            self.loaded = [info for info in self.loaded if info.name != name]

    def _recorder(self, plugin: str, add: Callable[[Any], None]) -> Callable[[Any], None]:
        def register(spec: Any) -> None:
            add(spec)
            self.provided.setdefault(plugin, []).append(spec)

        return register

    def _add_game(self, spec: GameSpec) -> None:
        if spec.name in self._games:
            raise CardRulesError(f"two plugins register a game named {spec.name!r}")
        self._games[spec.name] = spec

    def _add_variant(self, spec: VariantSpec) -> None:
        key = (spec.game, spec.name)
        if key in self._variants:
            raise CardRulesError(f"two plugins register variant {spec.name!r} of {spec.game!r}")
        self._variants[key] = spec

    def games(self) -> tuple[GameSpec, ...]:
        """Every registered game, sorted by name."""
        return tuple(self._games[name] for name in sorted(self._games))

    def game(self, name: str) -> GameSpec:
        """The game registered as ``name``.

        Raises:
            UnknownGameError: no plugin registers it; the message lists the known names.
        """
        try:
            return self._games[name]
        except KeyError:
            known = (
                ", ".join(sorted(self._games)) or "none (is cardrules installed? pip install -e .)"
            )
            raise UnknownGameError(f"unknown game {name!r}; installed games: {known}") from None

    def variants(self, game: str | None = None) -> tuple[VariantSpec, ...]:
        """Every registered variant (of ``game`` only, if given), sorted by game then name."""
        return tuple(
            spec for key, spec in sorted(self._variants.items()) if game is None or key[0] == game
        )

    def variant(self, game: str, name: str) -> VariantSpec:
        """The variant ``name`` of ``game``.

        Raises:
            UnknownVariantError: no plugin registers it; the message lists the known ones.
        """
        try:
            return self._variants[(game, name)]
        except KeyError:
            known = ", ".join(spec.name for spec in self.variants(game)) or "none"
            raise UnknownVariantError(
                f"unknown variant {name!r} of {game!r}; known variants: {known}"
            ) from None


@functools.cache
def default_catalogue() -> Catalogue:
    """The catalogue of every installed plugin, loaded once on first use."""
    return Catalogue()


def games() -> tuple[GameSpec, ...]:
    """Every installed game, sorted by name.

    Examples:
        >>> [spec.name for spec in games()][:1]
        ['gnoming-a-round']
    """
    return default_catalogue().games()
