"""The catalogue of installed games and variants.

A `Catalogue` loads every plugin of the ``cardrules`` entry-point group
into its own plugin manager and asks each plugin, through the catalogue hooks,
which games (`GameSpec`) and variants (`VariantSpec`) it provides.
Games are then created from the catalogue with `cardrules.new_game`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

import pluggy

from cardrules.errors import (
    CardRulesError,
    PluginLoadError,
    UnknownGameError,
    UnknownVariantError,
    error_text,
    quote,
    shorten,
)
from cardrules.plugins.managers import (
    LoadedPlugin,
    SkippedPlugin,
    get_plugin_manager,
    load_entrypoints,
)
from cardrules.plugins.specs import GameSpec, VariantSpec

__all__ = ["Catalogue", "GameSpec", "VariantSpec", "default_catalogue", "games"]


class Catalogue:
    """The games and variants of a set of plugins.

    A plugin that fails at discovery, for any reason, is left out and the
    others keep working: one that does not import, implements a hook that
    does not exist, raises in its catalogue hook (a `MoveKind` declared
    wrongly included), registers something that is not a spec, registers a
    game or variant name another plugin registers already, or registers a
    variant whose hooks do not fit its game. Each is skipped with a
    `cardrules.errors.PluginLoadWarning` naming its entry point and
    distribution, and listed in `skipped`. Of two plugins claiming one name,
    the one registered first keeps it (for a variant, the plugin of its game
    keeps it, wherever it comes), and the warning names both.

    Args:
        plugins: ``(name, plugin)`` pairs to register besides entry points
            (this is how a test or a program adds a plugin it has not installed).
        entry_points: load the ``cardrules`` entry-point group (default true).
        strict: a plugin that would be skipped raises
            `cardrules.errors.PluginLoadError` instead.
        block: entry-point names not to load.

    Raises:
        TypeError: ``plugins`` is not an iterable of ``(name, plugin)`` pairs.
        pluggy.PluginValidationError: a plugin given in ``plugins`` implements a
            hook that does not exist (entry-point plugins are skipped instead).
    """

    def __init__(
        self,
        plugins: Iterable[tuple[str, object]] = (),
        *,
        entry_points: bool = True,
        strict: bool = False,
        block: Iterable[str] = (),
    ) -> None:
        if isinstance(plugins, str | bytes) or not isinstance(plugins, Iterable):
            raise TypeError(f"plugins must be (name, plugin) pairs, got {quote(plugins)}")
        plugins = list(plugins)
        for pair in plugins:
            if not (isinstance(pair, tuple | list) and len(pair) == 2 and isinstance(pair[0], str)):
                raise TypeError(
                    f"plugins must be (name, plugin) pairs, such as [('my-rules', plugin)], "
                    f"got {quote(pair)}"
                )
        self.plugin_manager = get_plugin_manager(plugins)
        self._strict = strict
        #: The plugins loaded from entry points, with their distributions.
        self.loaded: list[LoadedPlugin] = []
        #: The plugins left out, each with the reason (`cardrules.plugins.SkippedPlugin`).
        self.skipped: list[SkippedPlugin] = []
        if entry_points:
            self.loaded = load_entrypoints(
                self.plugin_manager, strict=strict, block=block, skipped=self.skipped
            )
        self._games: dict[str, GameSpec] = {}
        self._variants: dict[tuple[str, str], VariantSpec] = {}
        #: Who registered each name: ``("game", name)`` or ``("variant", game, name)`` -> plugin.
        self._owners: dict[tuple[str, ...], str] = {}
        #: What each plugin registered: plugin name -> game and variant specs.
        self.provided: dict[str, list[GameSpec | VariantSpec]] = {}
        hook = self.plugin_manager.hook
        for impl in hook.cardrules_register_games.get_hookimpls():
            self._ask(impl, "cardrules_register_games", self._add_game)
        for impl in hook.cardrules_register_variants.get_hookimpls():
            self._ask(impl, "cardrules_register_variants", self._add_variant)
        for plugin, specs in list(self.provided.items()):
            for spec in specs:
                if isinstance(spec, VariantSpec) and self._variant_misfits(plugin, spec):
                    break

    def _ask(self, impl: Any, hook: str, add: Callable[[str, Any], None]) -> None:
        """Call one plugin's catalogue hook; a plugin that raises is skipped like a broken import.

        Everything it registered is dropped and it is unregistered, with a
        `PluginLoadWarning` naming it (a `PluginLoadError` when strict).
        """
        name = impl.plugin_name
        if self.plugin_manager.get_plugin(name) is None:
            return  # skipped already by an earlier hook

        def register(spec: Any) -> None:
            add(name, spec)
            self.provided.setdefault(name, []).append(spec)

        try:
            impl.function(register=register)
        except PluginLoadError:
            raise  # strict: another plugin was skipped in the middle of this one's hook
        except _Clash as clash:
            self._skip(clash.loser, f"failed in {hook}: {clash}", clash)
        except Exception as error:  # a third-party plugin may raise anything
            self._skip(name, f"failed in {hook}: {error_text(error)}", error)

    def _skip(self, name: str, reason: str, error: BaseException | None) -> None:
        """Leave plugin ``name`` out: drop what it registered, unregister it, warn (or raise)."""
        for spec in self.provided.pop(name, []):
            if isinstance(spec, GameSpec):
                self._games.pop(spec.name, None)
                self._owners.pop(("game", spec.name), None)
            else:
                self._variants.pop((spec.game, spec.name), None)
                self._owners.pop(("variant", spec.game, spec.name), None)
        info = next((info for info in self.loaded if info.name == name), None)
        skip = SkippedPlugin(
            name,
            info.value if info else "",
            info.distribution if info else "registered in code",
            reason,
        )
        self.skipped.append(skip)
        if self.plugin_manager.get_plugin(name) is not None:
            self.plugin_manager.unregister(name=name)
        self.loaded = [info for info in self.loaded if info.name != name]
        skip.report(self._strict, error)

    def origin(self, plugin: str) -> str:
        """Where plugin ``plugin`` comes from: its entry point and distribution, or code."""
        info = next((info for info in self.loaded if info.name == plugin), None)
        if info is None:
            return f"plugin {quote(plugin)} (registered in code)"
        return f"plugin {quote(plugin)} (entry point {info.value} of {info.distribution})"

    def _claim(self, key: tuple[str, ...], plugin: str, what: str, wins: bool = False) -> None:
        """Record ``plugin`` as the owner of ``key``; raise `_Clash` if another owns it.

        ``wins``: ``plugin`` takes the name from its owner (the other is skipped).
        """
        owner = self._owners.get(key)
        if owner is None or owner == plugin:
            self._owners[key] = plugin
            return
        if wins:
            # (the owner is left out; the newcomer keeps its place in ``provided``)
            self._skip(
                owner,
                f"it registers {what}, which its game's own {self.origin(plugin)} registers too",
                None,
            )
            self._owners[key] = plugin
            return
        raise _Clash(plugin, f"it registers {what}, which {self.origin(owner)} registers already")

    def _add_game(self, plugin: str, spec: Any) -> None:
        if not isinstance(spec, GameSpec):
            raise TypeError(f"it registered {quote(spec)}, not a cardrules.GameSpec")
        self._claim(("game", spec.name), plugin, f"a game named {quote(spec.name)}")
        self._games[spec.name] = spec

    def _add_variant(self, plugin: str, spec: Any) -> None:
        if not isinstance(spec, VariantSpec):
            raise TypeError(f"it registered {quote(spec)}, not a cardrules.VariantSpec")
        key = (spec.game, spec.name)
        game_owner = self._owners.get(("game", spec.game))
        self._claim(
            ("variant", *key),
            plugin,
            f"variant {quote(spec.name)} of {quote(spec.game)}",
            wins=game_owner == plugin,
        )
        self._variants[key] = spec

    def _variant_misfits(self, plugin: str, spec: VariantSpec) -> bool:
        """Skip ``plugin`` (and say so) if ``spec``'s hooks do not fit its game's hookspecs."""
        game = self._games.get(spec.game)
        if spec.plugin is None or game is None:
            return False
        try:
            get_plugin_manager(
                [(f"game:{game.name}", game.plugin), (f"variant:{spec.name}", spec.plugin)]
            )
        except pluggy.PluginValidationError as error:
            reason = (
                f"the hooks of its variant {quote(spec.name)} do not fit "
                f"{quote(spec.game)}: {shorten(str(error))}"
            )
            self._skip(plugin, reason, error)
            return True
        return False

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
        except (KeyError, TypeError):
            known = (
                ", ".join(sorted(self._games)) or "none (is cardrules installed? pip install -e .)"
            )
            raise UnknownGameError(
                f"unknown game {quote(name)}; installed games: {known}"
            ) from None

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
        except (KeyError, TypeError):
            known = ", ".join(spec.name for spec in self.variants(game)) or "none"
            raise UnknownVariantError(
                f"unknown variant {quote(name)} of {quote(game)}; known variants: {known} "
                "(a plugin that is not installed is known only to the Catalogue it is "
                "given to: pass catalogue=...)"
            ) from None


class _Clash(CardRulesError):
    """Two plugins register one name: ``loser`` (the later one) is to be skipped."""

    def __init__(self, loser: str, message: str) -> None:
        self.loser = loser
        super().__init__(message)


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
