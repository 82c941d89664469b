"""What rule hooks must return, checked where a plugin hands its answer back.

A plugin's answer is checked as a type checker would check it: the types and
shapes of moves, scores, winners, action spaces and errors (`problem`). A wrong
answer becomes a `cardrules.PluginHookError` naming the plugin and the hook.

Where one plugin answers a hook (a game without variant rule hooks), its answer
is checked when the hook returns (`cardrules.Game` does it, at almost no cost).
Where several plugins take part (a game and variants wrapping its hooks), each
implementation is checked as it returns (`guard`), so the error names the very
plugin whose answer is wrong. Strict mode (`cardrules.strict`) adds its costly
checks at the same place.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Generator, Sequence
from typing import Any, Protocol

import pluggy

from cardrules import strict
from cardrules.actions import ActionSpace
from cardrules.decks import DeckComposition
from cardrules.errors import IllegalMoveError, PluginHookError, quote
from cardrules.match_rules import MatchRules
from cardrules.moves import Move
from cardrules.public_views import PublicViews

__all__ = ["REQUIRED", "GuardedGame", "answerer", "guard", "move_problem", "problem"]


class GuardedGame(strict.StrictGame, Protocol):
    """The `cardrules.Game` as the hook guards read it (the game module builds on this one)."""

    @property
    def players(self) -> int:
        """The number of seats."""


#: Hooks every game answers: ``None`` from the plugins implementing one is a wrong answer.
REQUIRED = frozenset(
    {
        "cardrules_apply_move",
        "cardrules_deck",
        "cardrules_legal_moves",
        "cardrules_new_round",
        "cardrules_observation",
        "cardrules_parse_move",
        "cardrules_rounds",
        "cardrules_score_round",
    }
)

#: Hooks not checked per implementation: called on the catalogue, or with no result.
_UNCHECKED = frozenset(
    {
        "cardrules_add_hookspecs",
        "cardrules_register_games",
        "cardrules_register_variants",
        "cardrules_validate",
    }
)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sequence(result: Any) -> bool:
    return isinstance(result, list | tuple) or (
        isinstance(result, Sequence) and not isinstance(result, str | bytes)
    )


def move_problem(result: Any) -> str | None:
    """What is wrong with ``result`` as a list of moves, or ``None``."""
    if not _sequence(result):
        return f"{quote(result)} is not a sequence of moves"
    for index, move in enumerate(result):
        if not isinstance(move, Move):
            return f"item {index} is {quote(move)}, not a cardrules.Move"
    return None


def _scores(game: GuardedGame, result: Any, kind: Callable[[Any], bool], what: str) -> str | None:
    if not _sequence(result):
        return f"{quote(result)} is not a sequence of {what}, one per seat"
    if len(result) != game.players:
        return f"{len(result)} {what} for {game.players} seats: {quote(result)}"
    if not all(kind(score) for score in result):
        return f"the {what} are not all {what}: {quote(result)}"
    return None


def _winners(game: GuardedGame, result: Any) -> str | None:
    if not _sequence(result) or not result:
        return f"{quote(result)} is not a non-empty sequence of seats"
    if not all(_is_int(seat) and 0 <= seat < game.players for seat in result):
        return f"{quote(result)} holds a seat outside 0 to {game.players - 1}"
    if list(result) != sorted(set(result)):
        return f"{quote(result)} is not in increasing order without repeats"
    return None


def _has(*names: str) -> Callable[[GuardedGame, Any], str | None]:
    def check(game: GuardedGame, result: Any) -> str | None:
        missing = [name for name in names if not hasattr(result, name)]
        if missing:
            return f"{quote(result)} has no {', '.join(missing)}"
        return None

    return check


def _kind(expected: type | tuple[type, ...], what: str) -> Callable[[GuardedGame, Any], str | None]:
    def check(game: GuardedGame, result: Any) -> str | None:
        if isinstance(result, expected):
            return None
        return f"{quote(result)} is not {what}"

    return check


_CHECKS: dict[str, Callable[[GuardedGame, Any], str | None]] = {
    "cardrules_legal_moves": lambda game, result: move_problem(result),
    "cardrules_parse_move": _kind(Move, "a cardrules.Move"),
    "cardrules_explain_illegal": _kind(IllegalMoveError, "a cardrules.IllegalMoveError"),
    "cardrules_action_space": _kind(ActionSpace, "a cardrules.actions.ActionSpace"),
    "cardrules_deck": _kind(DeckComposition, "a cardrules.DeckComposition"),
    "cardrules_accept_unlisted": _kind(bool, "True or False"),
    "cardrules_reveals": _kind(bool, "True or False"),
    "cardrules_narrate": _kind((list, tuple), "a list"),
    "cardrules_render_observation": _kind((list, tuple), "a list"),
    "cardrules_rounds": lambda game, result: (
        None if _is_int(result) and result > 0 else f"{quote(result)} is not a positive int"
    ),
    "cardrules_score_round": lambda game, result: _scores(game, result, _is_int, "int scores"),
    "cardrules_estimate_scores": lambda game, result: _scores(
        game,
        result,
        lambda s: isinstance(s, numbers.Real) and not isinstance(s, bool),
        "numeric scores",
    ),
    "cardrules_match_winners": _winners,
    "cardrules_match_rules": _kind(MatchRules, "a cardrules.MatchRules"),
    "cardrules_match_over": _kind(bool, "True or False"),
    "cardrules_public_views": _kind(PublicViews, "a cardrules.public_views.PublicViews"),
    "cardrules_score_bounds": lambda game, result: (
        None
        if isinstance(result, tuple)
        and len(result) == 2
        and all(_is_int(v) for v in result)
        and result[0] <= result[1]
        else f"{quote(result)} is not a pair of ints (lowest, highest)"
    ),
    "cardrules_new_round": _has("current_player", "is_round_over", "clone"),
    "cardrules_observation": _has("seat", "legal_moves"),
}


def problem(game: GuardedGame, hook: str, result: Any) -> str | None:
    """What is wrong with ``result`` as an answer to ``hook``, or ``None`` if nothing.

    ``None`` itself is not judged here (it means "no answer"; see `REQUIRED`).
    """
    check = _CHECKS.get(hook)
    return None if check is None or result is None else check(game, result)


def answerer(pm: pluggy.PluginManager, hook: str) -> str:
    """The plugin that answers ``hook`` last: the innermost plain implementation."""
    impls = getattr(pm.hook, hook).get_hookimpls()
    for impl in impls:  # pluggy calls them from last to first
        if not (impl.wrapper or impl.hookwrapper):
            return str(impl.plugin_name)
    return str(impls[0].plugin_name) if impls else "unknown"


def guard(game: GuardedGame, pm: pluggy.PluginManager, *, every_hook: bool) -> None:
    """Check each hook implementation's answer as it returns (and strict checks, if on).

    Args:
        game: the game whose plugins ``pm`` holds (``game.strict`` is read).
        pm: the game's own plugin manager, its plugins registered.
        every_hook: guard hooks that one plugin answers alone too (strict mode);
            otherwise only hooks several plugins take part in.

    Old-style ``hookwrapper=True`` implementations are left as they are (their
    result is not theirs to return); their failures still name them.
    """
    for hook_name in dir(pm.hook):
        if not hook_name.startswith("cardrules_") or hook_name in _UNCHECKED:
            continue
        impls = getattr(pm.hook, hook_name).get_hookimpls()
        if len(impls) < 2 and not every_hook:
            continue
        for impl in impls:
            if not impl.hookwrapper and not getattr(impl.function, "_cardrules_guarded", False):
                impl.function = _guarded(game, hook_name, impl)


def _guarded(game: GuardedGame, hook: str, impl: Any) -> Callable[..., Any]:
    """``impl.function``, with its answer checked (and strict mode's checks around it)."""
    function = impl.function
    argnames = tuple(impl.argnames)
    plugin = str(impl.plugin_name)

    def values(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        named = dict(zip(argnames, args, strict=False))
        named.update(kwargs)
        return named

    def judge(result: Any, is_wrapper: bool) -> None:
        if result is None:
            if is_wrapper and hook in REQUIRED:
                raise PluginHookError(plugin, hook, "the wrapper turned the answer into None")
            return
        found = problem(game, hook, result)
        if found is not None:
            raise PluginHookError(plugin, hook, found)

    def before(named: dict[str, Any]) -> Any:
        return strict.before(game, hook, named) if game.strict is not None else None

    def after(named: dict[str, Any], result: Any, token: Any) -> None:
        if game.strict is not None:
            strict.after(game, hook, plugin, named, result, token)

    if impl.wrapper:

        def wrapper(*args: Any, **kwargs: Any) -> Generator[Any, Any, Any]:
            named = values(args, kwargs)
            token = before(named)
            result = yield from function(*args, **kwargs)
            judge(result, True)
            after(named, result, token)
            return result

        call: Callable[..., Any] = wrapper
    else:

        def plain(*args: Any, **kwargs: Any) -> Any:
            named = values(args, kwargs)
            token = before(named)
            result = function(*args, **kwargs)
            judge(result, False)
            after(named, result, token)
            return result

        call = plain
    call._cardrules_guarded = True  # type: ignore[attr-defined]
    call.__wrapped__ = function  # type: ignore[attr-defined]
    return call
