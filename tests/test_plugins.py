"""Plugin discovery and loading: entry points, broken plugins, hook contracts."""

from __future__ import annotations

import importlib.metadata
import inspect
import warnings
from pathlib import Path
from typing import Any

import pytest

from cardrules import (
    CardRulesError,
    Catalogue,
    GameSpec,
    MissingRuleError,
    PluginLoadError,
    PluginLoadWarning,
    hookimpl,
    hookspecs,
    new_game,
)
from cardrules_gnoming.options import GnomingOptions


def test_builtin_game_is_registered_through_the_public_entry_point_group() -> None:
    """Our distribution declares gnoming-a-round in the cardrules group, like any plugin."""
    dist = importlib.metadata.distribution("cardrules")
    points = {ep.name: ep.value for ep in dist.entry_points if ep.group == "cardrules"}
    assert points["gnoming-a-round"] == "cardrules_gnoming.plugin"
    assert points["toonerville-rook"] == "cardrules_rook.plugin"


def test_without_entry_points_no_game_is_known() -> None:
    """The catalogue has no built-in privilege: no entry points, no games."""
    catalogue = Catalogue(entry_points=False)
    assert catalogue.games() == ()
    with pytest.raises(CardRulesError, match="none"):
        new_game("gnoming-a-round", players=3, catalogue=catalogue)


def _fake_entry_points(*points: importlib.metadata.EntryPoint) -> Any:
    real = importlib.metadata.entry_points

    def entry_points(**kwargs: Any) -> Any:
        found: list[Any] = list(real(**kwargs))
        if kwargs.get("group") == "cardrules":
            found.extend(points)
        return found

    return entry_points


BROKEN = importlib.metadata.EntryPoint(
    name="broken-rules", value="cardrules_no_such_module_xyz", group="cardrules"
)


class TestBrokenPlugins:
    def test_a_plugin_that_fails_to_import_is_named_in_a_warning(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """By default a broken plugin is skipped with a warning naming it; games still load."""
        monkeypatch.setattr(importlib.metadata, "entry_points", _fake_entry_points(BROKEN))
        with pytest.warns(PluginLoadWarning, match="broken-rules"):
            catalogue = Catalogue()
        assert "gnoming-a-round" in [spec.name for spec in catalogue.games()]

    def test_strict_mode_raises(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """strict=True turns the warning into PluginLoadError."""
        monkeypatch.setattr(importlib.metadata, "entry_points", _fake_entry_points(BROKEN))
        with pytest.raises(PluginLoadError, match="broken-rules"):
            Catalogue(strict=True)

    def test_blocked_plugins_are_not_loaded(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """block= skips a plugin by entry-point name, silently."""
        monkeypatch.setattr(importlib.metadata, "entry_points", _fake_entry_points(BROKEN))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            catalogue = Catalogue(block=["broken-rules", "gnoming-a-round"])
        assert "gnoming-a-round" not in [spec.name for spec in catalogue.games()]
        assert catalogue.plugin_manager.get_plugin("broken-rules") is None


class _Incomplete:
    """A game plugin that forgot the rounds hook."""

    @hookimpl
    def cardrules_register_games(self, register: Any) -> None:
        register(GameSpec("half-game", "Half", 2, 4, GnomingOptions, plugin=self))

    @hookimpl
    def cardrules_deck(self, game: Any) -> Any:
        return ()


def test_a_game_missing_a_rule_hook_raises_missing_rule_error() -> None:
    """An unanswered first-result hook names the hook."""
    catalogue = Catalogue([("half", _Incomplete())], entry_points=False)
    with pytest.raises(MissingRuleError, match="cardrules_rounds"):
        new_game("half-game", players=3, catalogue=catalogue)


def test_two_plugins_registering_one_game_name_are_refused() -> None:
    """Duplicate game names are an error, not a silent override."""
    with pytest.raises(CardRulesError, match="half-game"):
        Catalogue([("a", _Incomplete()), ("b", _Incomplete())], entry_points=False)


HOOKS = [
    (name, func)
    for name, func in inspect.getmembers(hookspecs, inspect.isfunction)
    if name.startswith("cardrules_")
]


@pytest.mark.parametrize(("name", "spec"), HOOKS, ids=[name for name, _ in HOOKS])
def test_every_hookspec_documents_its_contract(name: str, spec: Any) -> None:
    """Each hook says when it is called, first-result or not, each parameter and the return."""
    doc = inspect.getdoc(spec) or ""
    opts = spec.cardrules_spec
    if opts.get("firstresult"):
        assert "Stops at the first non-None result." in doc
    else:
        assert "called" in doc.lower()
    for parameter in inspect.signature(spec).parameters:
        assert f":param {parameter}:" in doc
    assert ":returns:" in doc


PLUGIN_DOCS = (Path(__file__).resolve().parent.parent / "docs" / "plugins.md").read_text("utf-8")


@pytest.mark.parametrize(("name", "spec"), HOOKS, ids=[name for name, _ in HOOKS])
def test_every_hook_is_documented_for_plugin_authors(name: str, spec: Any) -> None:
    """docs/plugins.md has a heading for each hook with exactly its parameters."""
    params = ", ".join(inspect.signature(spec).parameters)
    assert f"#### {name}({params})" in PLUGIN_DOCS
