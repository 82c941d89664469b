"""The exceptions cardrules raises.

Every exception derives from :class:`CardRulesError`, and each also derives from
the built-in exception with the same meaning, so ``except ValueError`` keeps
working for callers who do not know this library.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CardRulesError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MissingRuleError",
    "OptionsError",
    "PluginLoadError",
    "PluginLoadWarning",
    "UnknownGameError",
    "UnknownVariantError",
    "VariantConflictError",
]


class CardRulesError(Exception):
    """Base class of every error raised by cardrules."""


class InvalidMoveError(CardRulesError, ValueError):
    """A move is malformed: its text does not parse, or it is not a move of this game.

    Raised by ``GameState.parse_move`` and by ``GameState.apply`` when given a
    string that is not move notation. The state is never changed.
    """


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


class PluginLoadWarning(UserWarning):
    """An entry-point plugin failed to load and was skipped (the default)."""
