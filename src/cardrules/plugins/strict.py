"""Strict mode: the costly checks of plugins, for the tests of game and variant authors.

Switch it on with ``new_game(..., strict=True)`` (the testing kit does, see
`cardrules.testing.run_conformance`). Every hook implementation of the game
and its variants is then checked as it returns, besides the cheap checks of
its answer's type and shape (`cardrules.plugins.hook_results`):

* **listed moves are legal by the game's own rules**: a move a variant lists
  must be listed by the game plugin alone, or accepted by its
  ``cardrules_accept_unlisted`` (`StrictChecks.listed_moves_legal`);
* **moves are distinct** (`StrictChecks.distinct_moves`);
* **read-only hooks leave their arguments as they were** (`READ_ONLY`),
  compared by a snapshot before and after; a hook that changed them is named and
  its change undone (`StrictChecks.read_only`);
* **cards are conserved**: after every move and every deal, a round state that
  lists its cards (``all_cards()``) holds exactly the game's deck
  (`StrictChecks.conservation`).

A failed check raises `cardrules.PluginHookError` naming the plugin and the
hook; the match is as before the call. Normal play leaves strict mode off, so
bots do not pay for it.
"""

from __future__ import annotations

import pickle
from collections import Counter
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from cardrules.errors import OptionsError, PluginHookError, quote

if TYPE_CHECKING:
    import pluggy

    from cardrules.model.decks import DeckComposition

__all__ = ["READ_ONLY", "StrictChecks", "StrictGame", "after", "before", "resolve"]


class StrictGame(Protocol):
    """The `cardrules.Game` as the strict checks read it (the game module builds on this one)."""

    @property
    def strict(self) -> StrictChecks | None:
        """The checks in force, or ``None``."""

    @property
    def plugin_manager(self) -> pluggy.PluginManager:
        """The game's own plugin manager."""

    @property
    def deck(self) -> DeckComposition[Any]:
        """The game's deck."""


#: Hooks that must not change their arguments, and the arguments they must only read.
READ_ONLY: dict[str, tuple[str, ...]] = {
    "cardrules_legal_moves": ("state",),
    "cardrules_accept_unlisted": ("state",),
    "cardrules_explain_illegal": ("state",),
    "cardrules_observation": ("state",),
    "cardrules_shuffle_hidden": ("state",),
    "cardrules_score_round": ("state",),
    "cardrules_estimate_scores": ("state",),
    "cardrules_match_winners": ("round_scores",),
    "cardrules_narrate": ("before", "after"),
    "cardrules_reveals": ("before", "after"),
}


@attrs.frozen
class StrictChecks:
    """Which costly checks strict mode makes (all of them by default).

    A variant that adds a kind of move the game itself never lists turns off
    ``listed_moves_legal`` in its tests: ``strict=StrictChecks(listed_moves_legal=False)``.

    Attributes:
        listed_moves_legal: a move a variant lists is legal by the game's own rules.
        distinct_moves: no move is listed twice.
        read_only: hooks in `READ_ONLY` do not change their arguments.
        conservation: a round state with ``all_cards()`` holds exactly the deck.
    """

    listed_moves_legal: bool = True
    distinct_moves: bool = True
    read_only: bool = True
    conservation: bool = True


def resolve(value: Any) -> StrictChecks | None:
    """``strict=`` of `cardrules.new_game` as checks: ``True``, ``False``/``None`` or checks.

    Raises:
        OptionsError: ``value`` is none of those.
    """
    if isinstance(value, StrictChecks):
        return value
    if value is True:
        return StrictChecks()
    if value is False or value is None:
        return None
    raise OptionsError(f"strict must be True, False or a StrictChecks, got {quote(value)}")


def before(game: StrictGame, hook: str, named: dict[str, Any]) -> bytes | None:
    """A snapshot of what ``hook`` must only read (``None`` when nothing is to be compared)."""
    checks = game.strict
    names = READ_ONLY.get(hook)
    if checks is None or not checks.read_only or names is None:
        return None
    return pickle.dumps([named.get(name) for name in names])


def after(
    game: StrictGame,
    hook: str,
    plugin: str,
    named: dict[str, Any],
    result: Any,
    token: bytes | None,
) -> None:
    """Check one implementation's call of ``hook`` once it has returned ``result``.

    Raises:
        PluginHookError: a check failed; it names ``plugin`` and ``hook``.
    """
    checks = game.strict
    if checks is None:
        return
    if token is not None:
        _unchanged(hook, plugin, named, token)
    if hook == "cardrules_legal_moves" and result is not None:
        _check_listing(game, checks, plugin, named["state"], tuple(result))
    elif checks.conservation and hook in ("cardrules_apply_move", "cardrules_new_round"):
        state = named["state"] if hook == "cardrules_apply_move" else result
        if state is not None:
            _conserved(game, hook, plugin, state)


def _unchanged(hook: str, plugin: str, named: dict[str, Any], token: bytes) -> None:
    names = READ_ONLY[hook]
    if pickle.dumps([named.get(name) for name in names]) == token:
        return
    saved = pickle.loads(token)
    changed = []
    for name, old in zip(names, saved, strict=True):
        current = named.get(name)
        if pickle.dumps(current) != pickle.dumps(old):
            changed.append(name)
            _restore(current, old)
    raise PluginHookError(
        plugin, hook, f"it changed its {' and '.join(changed)} argument, which it must only read"
    )


def _restore(target: Any, saved: Any) -> None:
    """Put ``saved``'s contents back into ``target`` in place (lists, dicts, objects)."""
    if isinstance(target, list):
        target[:] = saved
        return
    if isinstance(target, dict):
        target.clear()
        target.update(saved)
        return
    for cls in type(target).__mro__:
        slots = getattr(cls, "__slots__", ())
        for slot in (slots,) if isinstance(slots, str) else slots:
            if slot in ("__dict__", "__weakref__"):
                continue
            if hasattr(saved, slot):
                object.__setattr__(target, slot, getattr(saved, slot))
            elif hasattr(target, slot):
                object.__delattr__(target, slot)
    if hasattr(target, "__dict__") and hasattr(saved, "__dict__"):
        target.__dict__.clear()
        target.__dict__.update(saved.__dict__)


def _check_listing(
    game: StrictGame, checks: StrictChecks, plugin: str, state: Any, moves: tuple[Any, ...]
) -> None:
    hook = "cardrules_legal_moves"
    if checks.distinct_moves and len(set(moves)) != len(moves):
        twice = next(m for m in moves if moves.count(m) > 1)
        raise PluginHookError(plugin, hook, f"it listed {quote(twice)} more than once")
    if checks.listed_moves_legal and not plugin.startswith("game:"):
        pm = game.plugin_manager
        others = [p for name, p in pm.list_name_plugin() if not name.startswith("game:")]
        own = pm.subset_hook_caller(hook, remove_plugins=others)(game=game, state=state) or ()
        accepts = pm.subset_hook_caller("cardrules_accept_unlisted", remove_plugins=others)
        listed = set(own)
        for move in moves:
            if move not in listed and not accepts(game=game, state=state, move=move):
                raise PluginHookError(
                    plugin,
                    hook,
                    f"it listed {quote(str(move))}, which the game's own rules do not allow now",
                )


#: id(deck) -> (deck, its cards counted): each deck is counted once (a few kept).
_DECKS: dict[int, tuple[Any, Counter[Any]]] = {}


def _conserved(game: StrictGame, hook: str, plugin: str, state: Any) -> None:
    all_cards = getattr(state, "all_cards", None)
    if all_cards is None:
        return
    held = Counter(all_cards())
    cached = _DECKS.get(id(game.deck))
    if cached is None or cached[0] is not game.deck:
        if len(_DECKS) > 32:
            _DECKS.clear()
        cached = _DECKS[id(game.deck)] = (game.deck, Counter(game.deck.as_dict()))
    deck = cached[1]
    if held != deck:
        missing = sorted(map(str, (deck - held).elements()))
        extra = sorted(map(repr, (held - deck).elements()))
        raise PluginHookError(
            plugin,
            hook,
            f"the round no longer holds exactly the deck: missing {quote(missing)}, "
            f"extra {quote(extra)}",
        )
