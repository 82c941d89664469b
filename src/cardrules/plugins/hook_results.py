"""What rule hooks must return, checked where a plugin hands its answer back.

A plugin's answer is checked as a type checker would check it: the types and
shapes of moves, scores, winners, action spaces, states, SVG text and errors
(`problem`). A wrong answer becomes a `cardrules.PluginHookError` naming the
plugin and the hook.

In a game without variant plugins (the fast path), the game's plugin is the
only one, so whatever fails is the game's, and its answers are checked when
the hook returns (`cardrules.Game` does it, at almost no cost). In a game with
variant plugins, or in strict mode, every implementation of every hook, rule
points included, is called through a guard that knows its plugin (`guard`):
an exception raised by its code, or a wrong answer, names that very plugin.
Strict mode (`cardrules.plugins.strict`) adds its costly checks at the same place.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Generator, Sequence
from typing import Any, Protocol

import pluggy

from cardrules.errors import CardRulesError, IllegalMoveError, PluginHookError, quote
from cardrules.information.public_views import PublicViews
from cardrules.model.actions import ActionSpace
from cardrules.model.decks import DeckComposition
from cardrules.model.match_rules import MatchRules
from cardrules.model.moves import Move
from cardrules.plugins import strict
from cardrules.plugins.variant_moves import NO_PLANES, KindsGame

__all__ = ["REQUIRED", "GuardedGame", "answerer", "guard", "move_problem", "problem"]


class GuardedGame(strict.StrictGame, KindsGame, Protocol):
    """The `cardrules.Game` as the hook guards read it (the game module builds on this one;
    its variants' move kinds and planes as `KindsGame` reads them)."""

    #: The plugin that last answered ``cardrules_legal_moves`` with no move, or ``None``.
    emptied_by: str | None
    #: The moves a wrapper of ``cardrules_legal_moves`` last added, with its plugin.
    added_by: dict[Any, str]

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

#: Hooks whose answers are not checked: called on the catalogue, or with no result.
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


def _svg(result: Any) -> str | None:
    if isinstance(result, str) and result.startswith("<svg"):
        return None
    return f"{quote(result)} is not SVG text (a string starting '<svg')"


def _tensor(game: GuardedGame, result: Any) -> str | None:
    shape = getattr(result, "shape", None)
    if shape is None or len(shape) != 1 or getattr(result, "dtype", None) is None:
        return f"{quote(result)} is not a flat array of numbers"
    size = game.tensor_layout.size  # (a move kind's planes may still be missing from it)
    if shape[0] != size and not any(kind.planes is not NO_PLANES for _, kind in game.plane_kinds):
        return f"it has {shape[0]} numbers, the layout {size}"
    return None


_CHECKS: dict[str, Callable[[GuardedGame, Any], str | None]] = {
    "cardrules_legal_moves": lambda game, result: move_problem(result),
    "cardrules_parse_move": _kind(Move, "a cardrules.Move"),
    "cardrules_explain_illegal": _kind(IllegalMoveError, "a cardrules.IllegalMoveError"),
    "cardrules_action_space": _kind(ActionSpace, "a cardrules.model.actions.ActionSpace"),
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
    "cardrules_public_views": _kind(
        PublicViews, "a PublicViews (cardrules.information.public_views)"
    ),
    "cardrules_score_bounds": lambda game, result: (
        None
        if isinstance(result, tuple)
        and len(result) == 2
        and all(_is_int(v) for v in result)
        and result[0] <= result[1]
        else f"{quote(result)} is not a pair of ints (lowest, highest)"
    ),
    "cardrules_new_round": _has("current_player", "is_round_over", "clone"),
    "cardrules_determinize": _has("current_player", "is_round_over", "clone"),
    "cardrules_shuffle_hidden": _has("current_player", "is_round_over", "clone"),
    "cardrules_svg_observation": lambda game, result: _svg(result),
    "cardrules_observation_tensor": _tensor,
    "cardrules_svg_state": lambda game, result: _svg(result),
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


def guard(game: GuardedGame, pm: pluggy.PluginManager) -> None:
    """Call every hook implementation of ``pm`` through a guard that knows its plugin.

    Each implementation, rule points included, is replaced by one that calls
    it and turns an unexpected exception into a `PluginHookError` naming the
    very plugin and hook, checks its answer (`problem`), and runs strict
    mode's checks around it when ``game.strict`` is set. The game's own
    hooks are guarded too, so an error met inside them is the game's.

    Args:
        game: the game whose plugins ``pm`` holds (``game.strict`` is read;
            ``game.emptied_by`` and ``game.added_by`` are noted, `_note_moves`).
        pm: the game's own plugin manager, its plugins registered.

    Old-style ``hookwrapper=True`` implementations are left as they are (their
    result is not theirs to return); an error in them names the plugin whose
    implementation raised inside, or the hook's answerer.
    """
    for hook_name in dir(pm.hook):
        caller = getattr(pm.hook, hook_name)
        if not isinstance(caller, pluggy.HookCaller) or hook_name in _CATALOGUE:
            continue
        impls: list[Any] = caller.get_hookimpls()  # (``function`` is replaced: not Final here)
        for impl in impls:
            if not impl.hookwrapper and not getattr(impl.function, "_cardrules_guarded", False):
                impl.function = _guarded(game, hook_name, impl, alone=len(impls) == 1)


#: Hooks called on the catalogue's manager, never a game's.
_CATALOGUE = frozenset(
    {"cardrules_add_hookspecs", "cardrules_register_games", "cardrules_register_variants"}
)


def _guarded(game: GuardedGame, hook: str, impl: Any, *, alone: bool) -> Callable[..., Any]:
    """``impl.function``, its failures named, its answer checked (strict checks around it).

    ``alone``: the only implementation of ``hook``, whose answer `cardrules.Game`
    checks when the hook returns. Outside strict mode, the guard of such an
    implementation, or of a plain one whose answer has nothing to check, only
    names it.
    """
    function = impl.function
    argnames = tuple(impl.argnames)
    plugin = str(impl.plugin_name)
    check = None if hook in _UNCHECKED else _CHECKS.get(hook)
    lists_moves = hook == "cardrules_legal_moves"
    if game.strict is None and not impl.wrapper and (alone or (check is None and not lists_moves)):

        def named_only(*args: Any, **kwargs: Any) -> Any:
            try:
                return function(*args, **kwargs)
            except CardRulesError:
                raise
            except Exception as error:
                raise PluginHookError(plugin, hook, error) from error

        named_only._cardrules_guarded = True  # type: ignore[attr-defined]
        named_only.__wrapped__ = function  # type: ignore[attr-defined]
        return named_only

    def values(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        named = dict(zip(argnames, args, strict=False))
        named.update(kwargs)
        return named

    def judge(result: Any, is_wrapper: bool, given: Any = None) -> None:
        if result is None:
            if is_wrapper and hook in REQUIRED:
                raise PluginHookError(plugin, hook, "the wrapper turned the answer into None")
            return
        found = None if check is None else check(game, result)
        if found is not None:
            raise PluginHookError(plugin, hook, found)
        if lists_moves:
            _note_moves(game, plugin, result, given, is_wrapper)

    def failed(error: Exception) -> PluginHookError:
        return PluginHookError(plugin, hook, error)

    if impl.wrapper:

        def wrapper(*args: Any, **kwargs: Any) -> Generator[Any, Any, Any]:
            named = values(args, kwargs) if game.strict is not None else {}
            token = strict.before(game, hook, named) if game.strict is not None else None
            given: Any = None
            passed: list[BaseException] = []
            try:
                result, given = yield from _drive(function(*args, **kwargs), passed)
            except CardRulesError:
                raise
            except Exception as error:
                if passed and error is passed[0]:
                    raise  # the error of an implementation inside, not of this wrapper
                raise failed(error) from error
            judge(result, True, given)
            if game.strict is not None:
                strict.after(game, hook, plugin, named, result, token)
            return result

        call: Callable[..., Any] = wrapper
    else:

        def plain(*args: Any, **kwargs: Any) -> Any:
            named: dict[str, Any] = {}
            token = None
            if game.strict is not None:
                named = values(args, kwargs)
                token = strict.before(game, hook, named)
            try:
                result = function(*args, **kwargs)
            except CardRulesError:
                raise
            except Exception as error:
                raise failed(error) from error
            judge(result, False)
            if game.strict is not None:
                strict.after(game, hook, plugin, named, result, token)
            return result

        call = plain
    call._cardrules_guarded = True  # type: ignore[attr-defined]
    call.__wrapped__ = function  # type: ignore[attr-defined]
    return call


def _drive(
    plugin: Generator[Any, Any, Any], passed: list[BaseException]
) -> Generator[Any, Any, tuple[Any, Any]]:
    """Run a plugin's ``wrapper=True`` generator as pluggy would, from inside another one.

    Returns ``(its answer, the answer it was given)``; an error of the
    implementations inside is thrown into it, as pluggy does (and appended to
    ``passed``), and comes out as it was if the plugin does not handle it.
    """
    try:
        next(plugin)
    except StopIteration:
        raise RuntimeError("the wrapper returned without yielding") from None
    try:
        given = yield
    except BaseException as inner:
        passed.append(inner)
        try:
            plugin.throw(inner)
        except StopIteration as stop:
            return stop.value, None
        raise RuntimeError("the wrapper yielded twice") from None
    try:
        plugin.send(given)
    except StopIteration as stop:
        return stop.value, given
    raise RuntimeError("the wrapper yielded twice")


def _note_moves(game: GuardedGame, plugin: str, result: Any, given: Any, is_wrapper: bool) -> None:
    """Note on the game who answered its list of legal moves, for blame if it goes wrong.

    An empty answer sets ``game.emptied_by`` (the game refuses a round in play
    with no legal move, naming that plugin); the moves a wrapper adds to what
    it was ``given`` are noted in ``game.added_by`` (the game names that
    plugin if its own rules then fail to play one).
    """
    if not result:
        if not is_wrapper or given:
            game.emptied_by = plugin
        return
    if is_wrapper and given is not None:
        try:
            known = set(given)
            game.added_by = {move: plugin for move in result if move not in known}
        except TypeError:  # unhashable moves: never noted
            pass
