"""Bounds on a game's scores and utilities, for adapters that must state them.

OpenSpiel asks a game for its ``min_utility`` and ``max_utility``; the
PettingZoo and Gymnasium environments penalise an illegal action with the
worst utility a whole match can give, so that it is never better than a legal
move. Both come from the game's own declarations: the round-score bounds it
answers (hook ``cardrules_score_bounds``), the most rounds a match can have and
which totals win (`cardrules.MatchRules`). No framework is imported here, and
no game is named: every registered game gets the same treatment.
"""

from __future__ import annotations

from cardrules.engine import Game

__all__ = [
    "DEFAULT_UTILITY_BOUND",
    "illegal_penalty",
    "match_bounds",
    "round_bounds",
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


def illegal_penalty(game: Game) -> float:
    """The environments' default reward for an illegal action: the worst utility of a match.

    Where the lowest total wins, minus the highest total a seat can score over
    ``game.rounds`` rounds (`match_bounds`); where the highest wins, the lowest
    total, so an illegal action is never better than any legal play. At most
    ``-1.0``; ``-1.0`` (as PettingZoo's classic environments) for a game that
    declares no score bounds.
    """
    bounds = match_bounds(game)
    if bounds is None:
        return -1.0
    return min(utility_bounds(game)[0], -1.0)
