"""Bounds on a game's scores and utilities, for adapters that must state them.

OpenSpiel asks a game for its ``min_utility`` and ``max_utility``; the
PettingZoo and Gymnasium environments penalise an illegal action with the
worst utility one round can give (`illegal_penalty`), on the scale of the
returns a learner sees, so that the penalty does not dwarf them. Both come
from the game's own declarations: the round-score bounds it answers (hook
``cardrules_score_bounds``), the most rounds a match can have and which totals
win (`cardrules.MatchRules`). No framework is imported here, and
no game is named: every registered game gets the same treatment.
"""

from __future__ import annotations

from cardrules.engine.game_state import Game
from cardrules.errors import quote

__all__ = [
    "DEFAULT_UTILITY_BOUND",
    "illegal_penalty",
    "match_bounds",
    "round_bounds",
    "round_utility_bounds",
    "utility_bounds",
]

#: ``|utility|`` assumed by `utility_bounds` for a game that declares no score bounds.
DEFAULT_UTILITY_BOUND = 1_000_000.0


def round_bounds(game: Game) -> tuple[int, int] | None:
    """``(lowest, highest)`` score of one seat in one round, or ``None`` if the game gives none.

    The game's answer to ``cardrules_score_bounds``: loose (no round need
    reach them) but every round respects them.
    """
    return game.score_bounds()


def match_bounds(game: Game) -> tuple[int, int] | None:
    """``(lowest, highest)`` total of one seat over a match of at most ``game.rounds`` rounds.

    Round bounds times the most rounds a match can have; when the round bounds
    straddle 0 the totals may end anywhere between those products.
    """
    bounds = round_bounds(game)
    if bounds is None:
        return None
    low, high = bounds
    rounds = game.rounds
    return min(low * rounds, low), max(high * rounds, high)


def utility_bounds(game: Game) -> tuple[float, float]:
    """``(worst, best)`` match utility of one seat (`cardrules.MatchRules.utility` of a total).

    Returns ``(-DEFAULT_UTILITY_BOUND, DEFAULT_UTILITY_BOUND)`` for a game that
    declares no score bounds.
    """
    bounds = match_bounds(game)
    if bounds is None:
        return -DEFAULT_UTILITY_BOUND, DEFAULT_UTILITY_BOUND
    first, second = (game.match_rules.utility(total) for total in bounds)
    return min(first, second), max(first, second)


def round_utility_bounds(game: Game) -> tuple[float, float] | None:
    """``(worst, best)`` utility of one seat's score in one round, or ``None`` without bounds.

    `round_bounds` turned into utilities (`cardrules.MatchRules.utility`), in
    the direction the game declares.
    """
    bounds = round_bounds(game)
    if bounds is None:
        return None
    first, second = (game.match_rules.utility(score) for score in bounds)
    return min(first, second), max(first, second)


def illegal_penalty(game: Game, scale: str = "round") -> float:
    """The environments' default reward for an illegal action (at most ``-1.0``).

    Args:
        game: the configured game.
        scale: ``"round"`` (the default of both environments): the worst
            utility one round can give (`round_utility_bounds`; Gnoming A
            Round: -113, Toonerville Rook with 4 players: -1,620), on the scale
            of one round's return, so that it weighs like a very bad round and
            does not dwarf every return a learner sees. ``"match"``: the worst
            utility of a whole match (`utility_bounds`; -339 and -17,820),
            never better than any legal play of a match.

    Returns:
        that utility, at most ``-1.0``; ``-1.0`` (as PettingZoo's classic
        environments) for a game that declares no score bounds.

    Raises:
        ValueError: ``scale`` is neither ``"round"`` nor ``"match"``.
    """
    if scale == "round":
        bounds = round_utility_bounds(game)
        return -1.0 if bounds is None else min(bounds[0], -1.0)
    if scale == "match":
        if match_bounds(game) is None:
            return -1.0
        return min(utility_bounds(game)[0], -1.0)
    raise ValueError(f"scale must be 'round' or 'match', got {quote(scale)}")
