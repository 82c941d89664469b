"""Moves a variant takes away from a game's own list, and the refusal that says so.

A variant hides some of the game's moves by wrapping ``cardrules_legal_moves``
and leaving them out. The game's own ``cardrules_explain_illegal`` knows
nothing of that, so it would give its own reason for refusing such a move
(a false one: "the draw pile is empty" with cards in it). `removers` finds
the variants that took a move away, by asking the game's own implementation
alone and then with each of those variants; `cardrules.Game.explain_illegal`
then refuses the move naming them, unless a variant explains it itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pluggy

from cardrules.errors import IllegalMoveError, quote, shorten
from cardrules.model.moves import Move

__all__ = ["removed_moves", "removers", "variant_refusal"]

_HOOK = "cardrules_legal_moves"


def _listing_variants(pm: pluggy.PluginManager) -> list[str]:
    """The variant plugins of ``pm`` implementing ``cardrules_legal_moves``, by plugin name."""
    return [
        impl.plugin_name
        for impl in getattr(pm.hook, _HOOK).get_hookimpls()
        if impl.plugin_name.startswith("variant:")
    ]


@contextmanager
def _notes_kept(game: Any) -> Iterator[None]:
    """Keep the game's notes of who answered its list (the guards write them) as they were."""
    emptied, added = game.emptied_by, game.added_by
    try:
        yield
    finally:
        game.emptied_by, game.added_by = emptied, added


def _listing(game: Any, state: Any, without: list[str]) -> tuple[Move, ...]:
    pm = game.plugin_manager
    plugins = [pm.get_plugin(name) for name in without]
    caller = pm.subset_hook_caller(_HOOK, remove_plugins=plugins)
    return tuple(caller(game=game, state=state) or ())


def removed_moves(game: Any, state: Any) -> tuple[Move, ...]:
    """The moves the game's own rules list in ``state`` that its variants took away.

    ``()`` (at no cost) when no variant wraps ``cardrules_legal_moves``.

    Args:
        game: the `cardrules.Game`.
        state: a round state of ``game`` (not changed).
    """
    variants = _listing_variants(game.plugin_manager)
    if not variants:
        return ()
    with _notes_kept(game):
        own = _listing(game, state, variants)
        listed = set(_listing(game, state, []))
    return tuple(move for move in own if move not in listed)


def removers(game: Any, state: Any, move: Move) -> tuple[str, ...]:
    """The variants (by name) that take ``move`` away from the game's own list in ``state``.

    ``()`` when the game's own rules do not list ``move`` (it is the game's to
    refuse), or no variant wraps ``cardrules_legal_moves``.
    """
    variants = _listing_variants(game.plugin_manager)
    if not variants:
        return ()
    with _notes_kept(game):
        if move not in _listing(game, state, variants):
            return ()
        found = [
            name
            for name in variants
            if move not in _listing(game, state, [v for v in variants if v != name])
        ]
    return tuple(name.removeprefix("variant:") for name in found)


def variant_refusal(game: Any, move: Move, names: tuple[str, ...]) -> IllegalMoveError:
    """The refusal of ``move``, taken away by variants ``names``: its rule is the first's name.

    The message names each variant, with its summary.
    """
    summaries = {v.name: v.summary for v in game.variants}
    said = "; ".join(
        f"{quote(name)}" + (f" ({summaries[name]})" if summaries.get(name) else "")
        for name in names
    )
    word = "variant" if len(names) == 1 else "variants"
    message = f"{move} is not a legal move now: the {word} {said} took it away"
    return IllegalMoveError(names[0], shorten(message), move=move)
