"""Plugin discovery and loading: entry points, broken plugins, hook contracts."""

from __future__ import annotations

import importlib.metadata
import inspect
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from cardrules import (
    CardRulesError,
    Catalogue,
    GameSpec,
    MissingRuleError,
    PluginHookError,
    PluginLoadError,
    PluginLoadWarning,
    VariantSpec,
    hookimpl,
    new_game,
)
from cardrules.plugins import hookspecs
from cardrules.plugins.registry import default_catalogue
from cardrules.testing.conformance import snapshot
from cardrules_gnoming.deck import DEFAULT_DECK
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
        return DEFAULT_DECK


def test_a_game_missing_a_rule_hook_raises_missing_rule_error() -> None:
    """An unanswered first-result hook names the hook."""
    catalogue = Catalogue([("half", _Incomplete())], entry_points=False)
    with pytest.raises(MissingRuleError, match="cardrules_match_rules"):
        new_game("half-game", players=3, catalogue=catalogue)


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


def rule_point_specs() -> list[tuple[str, str, Any]]:
    """Every rule-point hookspec of every installed game: (game, hook name, hookspec caller)."""
    found = []
    for spec in default_catalogue().games():
        game = new_game(spec.name, players=spec.min_players, seed=0).game
        for name in game.rules.names():
            found.append((spec.name, name, getattr(game.plugin_manager.hook, name).spec))
    return found


RULE_POINTS = rule_point_specs()
TEST_SOURCES = "\n".join(
    path.read_text("utf-8")
    for root in (Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "docs")
    for path in root.rglob("*.py")
)


@pytest.mark.parametrize(
    ("game", "name", "spec"), RULE_POINTS, ids=[name for _, name, _ in RULE_POINTS]
)
def test_every_rule_point_is_documented_named_by_rule_and_exercised(
    game: str, name: str, spec: Any
) -> None:
    """A game's rule-point hook: a docs heading with its parameters, a rule id in its
    docstring, and a test (or the documented example) that implements it as a variant."""
    params = ", ".join(spec.argnames)
    assert f"#### {name}({params})" in PLUGIN_DOCS
    doc = inspect.getdoc(spec.function) or ""
    assert re.search(r"\b[GR]\d+\b", doc), f"{name} names no rule id"
    assert ":returns:" in doc
    assert f"def {name}(" in TEST_SOURCES, f"no test implements {name}"


class _ExplodesAfterApplying:
    """Rule hooks of a broken variant: raise after the game has changed the state."""

    @hookimpl(wrapper=True)
    def cardrules_apply_move(self, game: Any, state: Any, move: Any, chance: Any) -> Any:
        result = yield
        if str(move).startswith("place"):
            raise RuntimeError("boom")
        return result


class _ExplodesWhenScoring:
    """Rule hooks of a broken variant: raise when a round is scored."""

    @hookimpl(wrapper=True)
    def cardrules_score_round(self, game: Any, state: Any) -> Any:
        yield
        raise ZeroDivisionError("no score")


class _BrokenVariants:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("explodes", "gnoming-a-round", plugin=_ExplodesAfterApplying()))
        register(VariantSpec("bad-score", "gnoming-a-round", plugin=_ExplodesWhenScoring()))


class TestFailingHooks:
    def test_a_failing_hook_is_named_and_changes_nothing(self) -> None:
        """The error names the variant and the hook; the match is exactly as before."""
        catalogue = Catalogue([("broken", _BrokenVariants())])
        state = new_game(
            "gnoming-a-round", players=3, seed=2, variants=["explodes"], catalogue=catalogue
        )
        for move in ("reveal 0 1", "reveal 0 1", "reveal 0 1", "draw stock"):
            state.apply(move)
        before = snapshot(state)
        with pytest.raises(PluginHookError) as caught:
            state.apply("place 4")
        assert caught.value.plugin == "variant:explodes"
        assert caught.value.hook == "cardrules_apply_move"
        assert "boom" in str(caught.value)
        assert snapshot(state) == before
        state.apply("discard 0")  # the match goes on

    def test_a_failure_while_scoring_rolls_the_round_back(self) -> None:
        """A hook failing when a round ends leaves the round unfinished, as before the move."""
        catalogue = Catalogue([("broken", _BrokenVariants())])
        state = new_game(
            "gnoming-a-round", players=3, seed=5, variants=["bad-score"], catalogue=catalogue
        )
        plain = new_game("gnoming-a-round", players=3, seed=5)
        while True:  # play both until the move that ends round 1
            move = plain.legal_moves()[0]
            plain.apply(move)
            if plain.round_scores:
                break
            state.apply(move)
        before = snapshot(state)
        with pytest.raises(PluginHookError) as caught:
            state.apply(move)
        assert caught.value.plugin == "variant:bad-score"
        assert caught.value.hook == "cardrules_score_round"
        assert snapshot(state) == before
        assert state.round == 0


class _SeesThePreviousRound:
    """A variant wrapping cardrules_new_round: one implementation takes ``previous``."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, Any]] = []

    @hookimpl(wrapper=True)
    def cardrules_new_round(self, round: int, previous: Any) -> Any:
        self.seen.append((round, previous))
        return (yield)


class _OldStyleNewRound:
    """A variant written before ``previous`` existed: it names only the old arguments."""

    def __init__(self) -> None:
        self.rounds: list[int] = []

    @hookimpl(wrapper=True)
    def cardrules_new_round(self, game: Any, round: int, deck: Any, chance: Any) -> Any:
        self.rounds.append(round)
        return (yield)


@pytest.mark.rule("G15")
def test_new_round_hands_the_finished_previous_round_to_those_who_ask() -> None:
    """``previous`` is None for round 0, then the round just finished; old signatures still work."""
    sees, old_style = _SeesThePreviousRound(), _OldStyleNewRound()

    class Registrar:
        @hookimpl
        def cardrules_register_variants(self, register: Any) -> None:
            register(VariantSpec("sees", "gnoming-a-round", plugin=sees))
            register(VariantSpec("old-style", "gnoming-a-round", plugin=old_style))

    catalogue = Catalogue([("round-watchers", Registrar())])
    state = new_game(
        "gnoming-a-round", players=3, seed=1, variants=["sees", "old-style"], catalogue=catalogue
    )
    while state.round < 2:
        state.apply(state.legal_moves()[0])
    assert [round_ for round_, _ in sees.seen] == [0, 1, 2]
    assert sees.seen[0][1] is None
    assert sees.seen[1][1] is state.finished_rounds[0]
    assert sees.seen[2][1] is state.finished_rounds[1]
    assert old_style.rounds == [0, 1, 2]


def test_game_modules_imports_the_packages_modules_and_answers_with_their_functions() -> None:
    """A `GameModules` subclass holds its package's modules; its hooks call their functions."""
    import cardrules_rook.rules
    from cardrules.plugins.game_modules import MODULES, GameModules
    from cardrules_rook.plugin import PLUGIN

    assert type(PLUGIN).rules is cardrules_rook.rules
    assert all(isinstance(getattr(type(PLUGIN), name), type(cardrules_rook)) for name in MODULES)
    state = new_game("toonerville-rook", players=3, seed=2)
    round_state = state.round_state
    assert PLUGIN.cardrules_legal_moves(state.game, round_state) == state.legal_moves()
    with pytest.raises(ModuleNotFoundError, match=r"'cardrules\.hookspecs'"):

        class Missing(GameModules, package="cardrules"):  # the core has no such modules
            pass


def test_plugin_manager_reads_an_instance_plugin_as_pluggy_does() -> None:
    """The manager's direct read of a hook an instance holds in its class agrees with pluggy's."""
    import pluggy

    from cardrules.plugins.managers import get_plugin_manager

    def loose(game: Any) -> None:
        return None

    class Base:
        @hookimpl(trylast=True)
        def cardrules_validate(self, game: Any) -> None:
            return None

        @staticmethod
        @hookimpl
        def cardrules_deck(game: Any) -> Any:
            return None

        @property
        def cardrules_parse_move(self) -> Any:  # a property is never run, nor a hook
            raise AssertionError("run")

        def plain(self) -> None:
            return None

    class Plugin(Base):
        pass

    plugin = Plugin()
    plugin.__dict__["cardrules_tensor_layout"] = hookimpl(loose)  # on the instance itself
    ours = get_plugin_manager()
    theirs = pluggy.PluginManager("cardrules")
    for name in dir(plugin):
        assert ours.parse_hookimpl_opts(plugin, name) == theirs.parse_hookimpl_opts(plugin, name), (
            name
        )
    assert ours.parse_hookimpl_opts(plugin, "cardrules_validate") is not None
    assert ours.parse_hookimpl_opts(plugin, "cardrules_deck") is not None
    assert ours.parse_hookimpl_opts(plugin, "cardrules_tensor_layout") is not None
