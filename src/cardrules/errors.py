"""The exceptions cardrules raises.

Every exception derives from `CardRulesError`, and each also derives from
the built-in exception with the same meaning, so ``except ValueError`` keeps
working for callers who do not know this library.
"""

from __future__ import annotations

import itertools
import reprlib
from collections.abc import Callable
from typing import Any

__all__ = [
    "BotError",
    "BotLoadError",
    "CardRulesError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidSeatError",
    "MissingRuleError",
    "ObservationMismatchError",
    "OptionsError",
    "PluginHookError",
    "PluginLoadError",
    "PluginLoadWarning",
    "UnknownGameError",
    "UnknownVariantError",
    "VariantConflictError",
    "error_text",
    "plugin_call",
    "quote",
]

#: The most characters of input an error message quotes (the rest is elided).
QUOTE_LIMIT = 200
#: The most characters a plugin's own error message contributes to a `PluginHookError`.
MESSAGE_LIMIT = 500


class _Repr(reprlib.Repr):
    """`reprlib.Repr` showing a set's or dict's first items as they come: never sorting them
    (which takes as long as the container is big)."""

    def _first(self, x: Any, level: int, left: str, right: str, most: int, pair: bool) -> str:
        if level <= 0:
            return f"{left}...{right}"
        pieces = [
            f"{self.repr1(item, level - 1)}: {self.repr1(x[item], level - 1)}"
            if pair
            else self.repr1(item, level - 1)
            for item in itertools.islice(x, most)
        ]
        if len(x) > most:
            pieces.append("...")
        return left + ", ".join(pieces) + right

    def repr_set(self, x: Any, level: int) -> str:
        return self._first(x, level, "{", "}", self.maxset, False) if x else "set()"

    def repr_frozenset(self, x: Any, level: int) -> str:
        if not x:
            return "frozenset()"
        return self._first(x, level, "frozenset({", "})", self.maxfrozenset, False)

    def repr_dict(self, x: Any, level: int) -> str:
        return self._first(x, level, "{", "}", self.maxdict, True) if x else "{}"


def _bounded_repr(limit: int) -> reprlib.Repr:
    """A `reprlib.Repr` that shows at most a few items and levels of a container."""
    shown = _Repr()
    shown.maxlevel = 3
    shown.maxtuple = shown.maxlist = shown.maxarray = shown.maxdict = 8
    shown.maxset = shown.maxfrozenset = shown.maxdeque = 8
    shown.maxstring = shown.maxlong = shown.maxother = limit
    return shown


_REPR = _bounded_repr(QUOTE_LIMIT)


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, saying how long the rest is.

    Error messages quote the input they refuse with it, so that a 10 MB move
    text, a list of 100,000 ids or a 5,000-digit number gives a short message,
    made in bounded time: a string is cut before ``repr``, a container shows
    its first few items (`reprlib`), an integer too long to write in full
    says how many digits it has.
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    if isinstance(value, bytes | bytearray) and len(value) > limit:
        return f"{bytes(value[:limit])!r}... ({len(value):,} bytes)"
    if isinstance(value, int) and value.bit_length() > 3 * limit:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"<{type(value).__name__} of about {digits:,} digits>"
    try:
        shown = (_REPR if limit == QUOTE_LIMIT else _bounded_repr(limit)).repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        shown = f"<{type(value).__name__} object>"
    if len(shown) > limit:
        return f"{shown[:limit]}... ({len(shown):,} characters)"
    return shown


def shorten(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, ending with how many were left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit:,} more characters)"


def error_text(error: BaseException) -> str:
    """``"TypeName: message"`` of ``error``, on one line and cut (`shorten`), never failing.

    A broken ``__str__`` gives ``"(its message cannot be shown)"`` instead of
    hiding the error being reported.
    """
    try:
        said = " ".join(str(error)[: 4 * MESSAGE_LIMIT].split())
    except Exception:
        said = "(its message cannot be shown)"
    return f"{type(error).__name__}: {shorten(said)}"


class CardRulesError(Exception):
    """Base class of every error raised by cardrules."""


class InvalidMoveError(CardRulesError, ValueError):
    """A move is malformed: its text does not parse, or it is not a move of this game.

    Raised by ``GameState.parse_move`` and by ``GameState.apply`` when given a
    string that is not move notation. The state is never changed.
    """


class InvalidCardError(InvalidMoveError):
    """A card's notation is malformed (e.g. ``"R15"``); cards appear in moves, hence the base."""


class InvalidSeatError(CardRulesError, ValueError):
    """A seat number outside ``0 .. players-1``, or a bot count that is not the seat count."""


class IllegalMoveError(CardRulesError, ValueError):
    """A well-formed move that the rules do not allow now.

    Attributes:
        rule: the id of the rule that forbids the move (for example ``"G14"``).
        move: the move that was refused.
        seat: the seat that was to decide (``None`` once the game is over).

    The state is exactly as it was before the call that raised it.
    """

    def __init__(self, rule: str, message: str, *, move: Any = None, seat: int | None = None):
        self.rule = rule
        self.move = move
        self.seat = seat
        self.message = message
        super().__init__(f"{rule}: {message}")


class UnknownGameError(CardRulesError, LookupError):
    """No installed plugin registers a game of this name."""


class UnknownVariantError(CardRulesError, LookupError):
    """No installed plugin registers a variant of this name for this game."""


class OptionsError(CardRulesError, ValueError):
    """Game options (or a player count) are malformed or out of range."""


class VariantConflictError(CardRulesError):
    """Two chosen variants change the same option to different values."""


class MissingRuleError(CardRulesError):
    """A rule hook had no implementation answering it (the game plugin is incomplete)."""


class PluginLoadError(CardRulesError, ImportError):
    """An entry-point plugin failed to load (raised in strict mode)."""


class PluginHookError(CardRulesError):
    """A plugin raised inside a rule hook, or answered it with a wrong result.

    The game is exactly as before the call whenever it saves its state before
    moves (variants with rule hooks, or strict mode; see `cardrules.Game`).
    Read-only hooks that change the state are caught in strict mode only.

    Attributes:
        plugin: the name of the plugin at fault (``"variant:no-bounce"``,
            ``"game:gnoming-a-round"``), or ``"unknown"``.
        hook: the hook being called, e.g. ``"cardrules_score_round"``.
        error: the exception the plugin raised, or ``None`` for a wrong result.

    The message is at most about 700 characters: the plugin's own message is
    cut (`MESSAGE_LIMIT`).
    """

    def __init__(self, plugin: str, hook: str, error: BaseException | str):
        self.plugin = plugin
        self.hook = hook
        if isinstance(error, BaseException):
            self.error: BaseException | None = error
            what = f"failed in {hook}: {error_text(error)}"
        else:
            self.error = None
            what = f"answered {hook} wrongly: {shorten(error)}"
        super().__init__(f"plugin {plugin!r} {what}")


def plugin_call(plugin: str, what: str, function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)``, plugin ``plugin``'s code: the one way the core calls it outside hooks.

    Raises:
        PluginHookError: ``function`` raised an unexpected error; it names
            ``plugin`` and ``what`` (errors of cardrules pass as they are).
    """
    try:
        return function(*args)
    except CardRulesError:
        raise
    except Exception as error:
        raise PluginHookError(plugin, what, error) from error


class ObservationMismatchError(CardRulesError, ValueError):
    """An observation does not fit the game it is used with.

    Raised when an observation of another game, another player count or
    another configuration is determinized or encoded as a tensor.
    """


class PluginLoadWarning(UserWarning):
    """An entry-point plugin failed to load and was skipped (the default)."""


class BotError(CardRulesError, RuntimeError):
    """A bot's ``choose`` raised instead of returning a move (`cardrules.bots.ask_bot`).

    Attributes:
        seat: the seat the bot plays.
        bot: the bot's class name.
        error: what ``choose`` raised.

    The message is short whatever the bot's own message (`MESSAGE_LIMIT`).
    """

    def __init__(self, seat: int, bot: str, error: BaseException):
        self.seat = seat
        self.bot = bot
        self.error = error
        super().__init__(f"seat {seat}'s bot {bot} failed to choose a move: {error_text(error)}")


class BotLoadError(CardRulesError, ImportError, ValueError):
    """A bot named as ``module:Name`` or by a ``cardrules.bots`` entry point cannot be made.

    Raised when the module does not import, the name is not in it, calling it
    fails, or what it makes has no ``choose(observation)`` method.

    Attributes:
        spec: the bot as it was named, e.g. ``"lowbot:LowBot"``.
    """

    def __init__(self, spec: str, message: str):
        self.spec = spec
        super().__init__(message)
