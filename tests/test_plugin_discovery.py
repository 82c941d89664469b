"""A plugin that fails at discovery is skipped by name; the bundled games keep working (issue 39).

The broken plugins here are installed for real: a distribution directory with
an ``entry_points.txt`` is put on ``sys.path``, and `importlib.metadata` finds
it beside the bundled games, as it would find anything ``pip`` installed.
"""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules import (
    Catalogue,
    GameSpec,
    PluginHookError,
    PluginLoadError,
    PluginLoadWarning,
    VariantSpec,
    hookimpl,
    new_game,
)
from cardrules.cli import main
from cardrules.engine.game import Game
from cardrules.plugins.registry import default_catalogue
from cardrules_gnoming.options import GnomingOptions

#: A plugin whose register hook declares a `MoveKind` wrongly (actions=0).
BAD_MOVE_KIND = """
from cardrules import hookimpl, VariantSpec
from cardrules.model.moves import Move
from cardrules.plugins.variant_moves import MoveKind, NO_PLANES


class Shrug(Move):
    def __str__(self):
        return "shrug"


@hookimpl
def cardrules_register_variants(register):
    kind = MoveKind(
        name="shrug", type=Shrug, rule="G9", parse=lambda text: None,
        legal=lambda game, state: (), apply=lambda game, state, move, chance: None,
        narrate=lambda *args: [], prompt="shrug", planes=NO_PLANES, actions=0,
    )
    register(VariantSpec("shrugs", "gnoming-a-round", moves=(kind,)))
"""

#: A plugin registering a variant named like a bundled one, and one of its own.
CLASHING = """
from cardrules import hookimpl, VariantSpec


@hookimpl
def cardrules_register_variants(register):
    register(VariantSpec("fine-and-new", "gnoming-a-round", summary="kept? no: its plugin clashes"))
    register(VariantSpec("knock", "gnoming-a-round", summary="an impostor"))
"""

#: A plugin whose variant implements a hook with a misspelt name.
MISSPELT = """
from cardrules import hookimpl, VariantSpec


class Rules:
    @hookimpl
    def cardrules_legal_movez(self, game, state):
        return []


@hookimpl
def cardrules_register_variants(register):
    register(VariantSpec("typo", "gnoming-a-round", plugin=Rules()))
"""


def _install(root: Path, dist: str, modules: dict[str, str]) -> None:
    """Install distribution ``dist`` under ``root``: its modules and its entry points."""
    info = root / f"{dist}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    points = "".join(f"{name.replace('_', '-')} = {name}\n" for name in modules)
    (info / "entry_points.txt").write_text(f"[cardrules]\n{points}")
    for name, source in modules.items():
        (root / f"{name}.py").write_text(textwrap.dedent(source))


@pytest.fixture
def broken_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Two broken plugins (a bad MoveKind, a clashing name) installed beside the bundled games."""
    _install(tmp_path, "bad_kinds", {"bad_kind_plugin": BAD_MOVE_KIND})
    _install(tmp_path, "clashes", {"clash_plugin": CLASHING})
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    default_catalogue.cache_clear()
    yield tmp_path
    default_catalogue.cache_clear()
    for name in ("bad_kind_plugin", "clash_plugin", "typo_plugin"):
        sys.modules.pop(name, None)


def _skipped(catalogue: Catalogue) -> dict[str, str]:
    return {skip.name: f"{skip.origin}: {skip.reason}" for skip in catalogue.skipped}


def test_two_broken_plugins_are_skipped_by_name_and_both_games_work(
    broken_installed: Path,
) -> None:
    """The bad MoveKind and the clash are each skipped with a warning naming entry point and
    distribution; new_game of both bundled games works, the bundled 'knock' is the bundled one."""
    with pytest.warns(PluginLoadWarning) as caught:
        catalogue = Catalogue()
    said = "\n".join(str(w.message) for w in caught)
    assert "'bad-kind-plugin'" in said
    assert "bad_kinds" in said
    assert "MoveKindError" in said
    assert "'clash-plugin'" in said
    assert "of clashes" in said
    # Both plugins of the clash are named: the one skipped and the one keeping the name.
    assert "'gnoming-a-round'" in said
    assert "cardrules" in said
    skipped = _skipped(catalogue)
    assert set(skipped) == {"bad-kind-plugin", "clash-plugin"}
    assert "actions must be at least 1" in skipped["bad-kind-plugin"]
    assert "variant 'knock' of 'gnoming-a-round'" in skipped["clash-plugin"]
    # Everything the clashing plugin registered is dropped, not only the clashing name.
    names = {spec.name for spec in catalogue.variants("gnoming-a-round")}
    assert "fine-and-new" not in names
    assert "shrugs" not in names
    assert catalogue.variant("gnoming-a-round", "knock").summary != "an impostor"
    for game in ("gnoming-a-round", "toonerville-rook"):
        state = new_game(game, players=3, seed=1, catalogue=catalogue)
        state.apply(state.legal_moves()[0])
    new_game("gnoming-a-round", players=3, variants=["knock"], catalogue=catalogue)


def test_the_command_line_works_beside_broken_plugins(
    broken_installed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cardrules games`, `play` and `plugins` exit 0; `plugins` names both broken plugins
    and why; `plugins --strict` exits non-zero."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginLoadWarning)
        assert main(["games"]) == 0
        assert "toonerville-rook" in capsys.readouterr().out
        for game in ("gnoming-a-round", "toonerville-rook"):
            assert main(["play", game, "-n", "3", "-s", "2", "--json"]) == 0
            assert json.loads(capsys.readouterr().out)["over"] is True
        assert main(["plugins"]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert "skipped bad-kind-plugin" in out
        assert "bad_kinds" in out
        assert "actions must be at least 1" in out
        assert "skipped clash-plugin" in out
        assert "variant 'knock'" in out
        assert main(["plugins", "--strict"]) == 1


def test_without_broken_plugins_plugins_strict_exits_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--strict fails only when something was skipped."""
    assert main(["plugins", "--strict"]) == 0
    assert "skipped" not in capsys.readouterr().out


def test_strict_catalogue_raises_naming_the_plugin(broken_installed: Path) -> None:
    """Catalogue(strict=True) raises PluginLoadError for the first broken plugin, by name."""
    with pytest.raises(PluginLoadError, match=r"bad-kind-plugin|clash-plugin"):
        Catalogue(strict=True)


def test_a_variant_with_a_misspelt_hook_is_skipped_at_discovery(
    broken_installed: Path,
) -> None:
    """A variant whose hook does not exist is caught at discovery, not at new_game."""
    _install(broken_installed / "more", "typos", {"typo_plugin": MISSPELT})
    sys.path.insert(0, str(broken_installed / "more"))
    try:
        importlib.invalidate_caches()
        with pytest.warns(PluginLoadWarning):
            catalogue = Catalogue()
    finally:
        sys.path.remove(str(broken_installed / "more"))
    assert "cardrules_legal_movez" in _skipped(catalogue)["typo-plugin"]
    assert "typos" in _skipped(catalogue)["typo-plugin"]
    assert "typo" not in {spec.name for spec in catalogue.variants()}


class _Game:
    """A game plugin registered in code: it registers 'half-game'."""

    @hookimpl
    def cardrules_register_games(self, register: Any) -> None:
        register(GameSpec("half-game", "Half", 2, 4, GnomingOptions, plugin=self))


class _RegistersText:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register("not a spec")


class _RaisesCardRulesError:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        raise PluginHookError("me", "cardrules_register_variants", "on purpose")


class _ClaimsAGameVariant:
    """Registers variant 'x' of 'half-game', which the game's own plugin registers too."""

    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("x", "half-game", summary="impostor"))


class _GameWithVariant(_Game):
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("x", "half-game", summary="the game's own"))


def test_two_plugins_registering_one_game_name_skip_the_second_naming_both() -> None:
    """The first keeps the game; the second is skipped, the warning names both."""
    with pytest.warns(PluginLoadWarning, match=r"'b'.*half-game.*'a'"):
        catalogue = Catalogue([("a", _Game()), ("b", _Game())], entry_points=False)
    assert [spec.name for spec in catalogue.games()] == ["half-game"]
    assert [skip.name for skip in catalogue.skipped] == ["b"]


@pytest.mark.parametrize("order", ["game first", "game last"])
def test_the_games_own_plugin_keeps_its_variant_names(order: str) -> None:
    """Whatever the load order, a variant name claimed by another plugin stays its game's."""
    plugins: list[tuple[str, object]] = [
        ("game", _GameWithVariant()),
        ("other", _ClaimsAGameVariant()),
    ]
    if order == "game last":
        plugins.reverse()
    with pytest.warns(PluginLoadWarning, match="'other'.*'game'"):
        catalogue = Catalogue(plugins, entry_points=False)
    assert catalogue.variant("half-game", "x").summary == "the game's own"
    assert [skip.name for skip in catalogue.skipped] == ["other"]


@pytest.mark.parametrize(
    ("plugin", "reason"),
    [
        (_RegistersText(), "not a cardrules.VariantSpec"),
        (_RaisesCardRulesError(), "PluginHookError"),
    ],
)
def test_any_failure_of_a_register_hook_skips_only_that_plugin(plugin: object, reason: str) -> None:
    """A CardRulesError or a wrong registration is skipped like any other failure."""
    with pytest.warns(PluginLoadWarning, match=reason):
        catalogue = Catalogue([("game", _Game()), ("broken", plugin)], entry_points=False)
    assert [spec.name for spec in catalogue.games()] == ["half-game"]
    assert [skip.name for skip in catalogue.skipped] == ["broken"]


def test_a_misspelt_variant_hook_given_in_code_is_a_typed_error_at_new_game() -> None:
    """A VariantSpec never registered (so never checked) still gives a PluginHookError naming it."""

    class Typo:
        @hookimpl
        def cardrules_legal_movez(self, game: Any, state: Any) -> Any:
            return []

    typo = VariantSpec("typo", "gnoming-a-round", plugin=Typo())
    with pytest.raises(PluginHookError, match=r"variant:typo.*cardrules_legal_movez"):
        Game(default_catalogue().game("gnoming-a-round"), 3, None, [typo])
