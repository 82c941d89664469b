"""Game rule-point hooks: added by the game plugin, called cheaply through ``game.rules``."""

from __future__ import annotations

from typing import Any

import pluggy
import pytest

from cardrules import hookimpl
from cardrules.plugins import get_plugin_manager, unknown_hooks
from cardrules.plugins.rule_points import RulePoints

spec = pluggy.HookspecMarker("cardrules")


class ToySpecs:
    """A game's own rule-point hookspecs."""

    @spec(firstresult=True)
    def toy_card_points(self, game: Any, card: int) -> int | None:
        """What a card is worth (rule T1)."""

    @spec
    def toy_notice(self, game: Any) -> None:
        """A 1:N hook (every implementation is called)."""


class ToyGame:
    @hookimpl
    def cardrules_add_hookspecs(self, plugin_manager: pluggy.PluginManager) -> None:
        plugin_manager.add_hookspecs(ToySpecs)

    @hookimpl(trylast=True)
    def toy_card_points(self, game: Any, card: int) -> int:
        return card

    @hookimpl
    def toy_notice(self, game: Any) -> str:
        return "game"


class Doubled:
    @hookimpl(wrapper=True)
    def toy_card_points(self, game: Any, card: int) -> Any:
        points = yield
        return 2 * points


def test_the_games_own_rule_point_is_a_plain_call() -> None:
    game = ToyGame()
    rules = RulePoints(get_plugin_manager([("game:toy", game)]), "game:toy")
    assert rules.names() == ("toy_card_points", "toy_notice")
    # No variant: the attribute is the game's own bound method, not pluggy's caller.
    assert rules.toy_card_points == game.toy_card_points
    assert rules.toy_card_points(game=None, card=7) == 7
    assert not rules.changed("toy_card_points")
    # A 1:N hook keeps pluggy's caller, which returns every result.
    assert rules.toy_notice(game=None) == ["game"]


def test_a_variant_changes_one_rule_point_through_pluggy() -> None:
    pm = get_plugin_manager([("game:toy", ToyGame()), ("variant:doubled", Doubled())])
    rules = RulePoints(pm, "game:toy")
    assert rules.changed("toy_card_points")
    assert rules.changed_by("toy_card_points") == ("variant:doubled",)
    assert rules.toy_card_points(game=None, card=7) == 14


def test_an_undeclared_rule_point_is_named_with_the_known_ones() -> None:
    rules = RulePoints(get_plugin_manager([("game:toy", ToyGame())]), "game:toy")
    with pytest.raises(AttributeError, match=r"toy_points.*toy_card_points, toy_notice"):
        _ = rules.toy_points


def test_a_variant_implementing_a_rule_point_no_game_declares_is_refused() -> None:
    with pytest.raises(pluggy.PluginValidationError):
        get_plugin_manager([("variant:doubled", Doubled())])


def test_a_variant_registered_before_its_game_is_checked_once_the_game_is_in() -> None:
    pm = get_plugin_manager([("variant:doubled", Doubled()), ("game:toy", ToyGame())])
    assert unknown_hooks(pm) == {}
    assert RulePoints(pm, "game:toy").toy_card_points(game=None, card=3) == 6
