"""What a plugin registers: a game (`GameSpec`) and a house-rule variant (`VariantSpec`).

Plugins pass these to the catalogue hooks (`cardrules.plugins.hookspecs`); the
`cardrules.plugins.registry.Catalogue` collects them. `cardrules.plugins.registry` re-exports
both, as does ``cardrules``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from cardrules.errors import quote
from cardrules.plugins.variant_moves import MoveKind
from cardrules.plugins.variant_planes import PlaneSet
from cardrules.plugins.variant_state import StateSpec
from cardrules.plugins.windows import Window

__all__ = ["GameSpec", "VariantSpec"]


def _frozen_mapping(value: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(dict(value).items()))


def _ordered_mapping(
    value: Mapping[str, str] | Iterable[tuple[str, str]],
) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple((str(rule), str(text)) for rule, text in items)


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


def _types(types: Iterable[type]) -> tuple[type, ...]:
    return tuple(types)


def _kinds(kinds: Iterable[MoveKind]) -> tuple[MoveKind, ...]:
    return tuple(kinds)


def _plane_sets(sets: Iterable[PlaneSet]) -> tuple[PlaneSet, ...]:
    return tuple(sets)


def _windows(windows: Iterable[Window]) -> tuple[Window, ...]:
    return tuple(windows)


@attrs.frozen
class GameSpec:
    """What a game plugin declares about a game.

    Attributes:
        name: the game's registered name, e.g. ``"gnoming-a-round"``.
        title: its printed title, e.g. ``"Gnoming A Round"``.
        min_players: fewest seats allowed.
        max_players: most seats allowed.
        options_type: the frozen ``attrs`` class of the game's options; its
            defaults are the rules' defaults.
        plugin: the object holding the game's rule hook implementations.
        summary: one line describing the game.
        bots: ``{name: factory}`` of the bots the game offers; a factory takes
            a seed and returns a bot (see `cardrules.bots.Bot`).
        rules: ``{rule id: one-line statement}`` of the game's rules, in order
            (e.g. ``{"C3": "play a card of the top card's suit or rank, or an 8"}``);
            a refusal that cites a rule quotes its line.
        move_types: the game's move classes, for the action ids the core derives
            when the game answers no ``cardrules_action_space``
            (`cardrules.information.zoned.MoveTypesSpace`: one block per class, one id per
            combination of its fields' values).
        move_rule: the rule id a refused move cites when neither the game's
            ``cardrules_explain_illegal`` nor the move's class (`cardrules.Move.rule`)
            names one; ``None``: ``"?"``.
        window_points: ``{point: what it is}`` of the points where the game
            lets a variant open a window (`cardrules.plugins.windows`), e.g.
            ``{"after-discard": "a card was discarded on a pile (about: the pile)"}``;
            the game asks ``open_window`` there and resumes in ``cardrules_resume``.
        windows: the windows the game declares itself at its points
            (`cardrules.plugins.windows.Window`), asked before the variants'
            there. Their acts and declines are the game's own moves: the game
            lists their ids, parses and narrates them, and encodes what its
            tensor shows of them (the engine adds no action block and no plane
            for them).

    Raises:
        ValueError: ``move_rule`` is not a key of ``rules`` (when ``rules`` is
            given), or ``rules`` names a rule twice.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options_type: type[Any]
    plugin: object = attrs.field(eq=False, repr=False)
    summary: str = ""
    bots: tuple[tuple[str, Any], ...] = attrs.field(
        default=(), converter=_frozen_mapping, eq=False, repr=False
    )
    rules: tuple[tuple[str, str], ...] = attrs.field(
        default=(), converter=_ordered_mapping, eq=False, repr=False
    )
    move_rule: str | None = attrs.field(default=None, eq=False, repr=False)
    move_types: tuple[type, ...] = attrs.field(default=(), converter=_types, eq=False, repr=False)
    window_points: tuple[tuple[str, str], ...] = attrs.field(
        default=(), converter=_ordered_mapping, eq=False, repr=False
    )
    windows: tuple[Window, ...] = attrs.field(default=(), converter=_windows, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        ids = [rule for rule, _ in self.rules]
        if len(set(ids)) != len(ids):
            raise ValueError(f"game {quote(self.name)}: its rules name a rule twice")
        if self.rules and self.move_rule is not None and self.move_rule not in ids:
            raise ValueError(
                f"game {quote(self.name)}: move_rule {quote(self.move_rule)} is not in its rules"
            )

    def rule_text(self, rule: str) -> str | None:
        """The one-line statement of rule ``rule`` (from ``rules``), or ``None``."""
        for name, text in self.rules:
            if name == rule:
                return text
        return None

    @property
    def players_text(self) -> str:
        """The player range as text, e.g. ``"3-7"``."""
        return f"{self.min_players}-{self.max_players}"


@attrs.frozen
class VariantSpec:
    """What a plugin declares about a house-rule variant.

    Attributes:
        name: the variant's name, e.g. ``"no-bounce"``.
        game: the name of the game it modifies.
        summary: one line describing the change.
        options: option overrides, ``{option name: value}`` (declarative).
        plugin: an object with rule hook implementations to add to the game's
            plugin manager, or ``None`` for a purely declarative variant.
        conflicts: names of variants this one cannot be combined with.
        state: what the variant keeps in each round (`cardrules.plugins.variant_state.StateSpec`),
            or ``None``.
        moves: the kinds of move the variant adds
            (`cardrules.plugins.variant_moves.MoveKind`), in order.
        options_type: the frozen ``attrs`` class of the variant's own options
            (defaults given), or ``None``; set as ``"<variant>.<option>"``
            (`cardrules.plugins.options`), read as ``game.variant_options[name]``.
        planes: tensor planes the variant adds without adding a move
            (`cardrules.plugins.variant_planes.PlaneSet`), in order.
        knowledge: the variant marks cards a seat knows without seeing them
            (`cardrules.plugins.known_cards.learn`); the engine keeps them
            (`cardrules.plugins.known_cards`).
        windows: decisions the variant offers out of turn at points the game
            publishes (`cardrules.plugins.windows.Window`), in order.

    Two variants are also refused together when they set one option to
    different values, or when both answer (rather than wrap) the same
    first-result hook.
    """

    name: str
    game: str
    summary: str = ""
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_frozen_mapping)
    plugin: object | None = attrs.field(default=None, eq=False, repr=False)
    conflicts: tuple[str, ...] = attrs.field(default=(), converter=_names)
    state: StateSpec | None = attrs.field(default=None, eq=False, repr=False)
    moves: tuple[MoveKind, ...] = attrs.field(default=(), converter=_kinds, eq=False, repr=False)
    options_type: type | None = attrs.field(default=None, eq=False, repr=False)
    planes: tuple[PlaneSet, ...] = attrs.field(
        default=(), converter=_plane_sets, eq=False, repr=False
    )
    knowledge: bool = attrs.field(default=False, eq=False, repr=False)
    windows: tuple[Window, ...] = attrs.field(default=(), converter=_windows, eq=False, repr=False)
