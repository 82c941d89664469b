"""Bounds on the scores of the bundled games, for adapters that must state them.

OpenSpiel asks a game for its ``min_utility`` and ``max_utility``; the
PettingZoo and Gymnasium environments penalise an illegal action with minus the
worst score a whole match can give, so that it is never better than a legal
move. Both come from `round_bounds`, derived from the game's deck and options.
No framework is imported here.
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.engine import Game

__all__ = ["ROUND_BOUNDS", "illegal_penalty", "match_bounds", "round_bounds"]

#: ``(lowest, highest)`` score one seat can get in one round of a game.
RoundBounds = Callable[[Game], tuple[int, int]]


def _gnoming_bounds(game: Game) -> tuple[int, int]:
    """Round-score bounds of Gnoming A Round from its deck and options (G19-G23).

    Each of nine cards scores at most the highest of the positive values, the
    Hazard points and 0; at most six lines match, each scoring at least minus
    the highest value; each card scores at least the lowest of the negative
    values, the Hazard points and 0; the ender's bonus or penalty comes on top.
    """
    values = [card.value for card, _ in game.deck.counts if card.is_number]
    top = max([0, *values])
    bottom = min([0, *values])
    hazard = game.options.hazard_points
    ender = abs(game.options.ender_bonus)
    return -6 * top + 9 * min(bottom, hazard, 0) - ender, 9 * max(top, hazard, 0) + ender


def _rook_bounds(game: Game) -> tuple[int, int]:
    """Round-score bounds of Toonerville Rook (R17): 0 to every card of the deck in one hand.

    Card points are the game's (rule point ``rook_card_points``); a variant's
    negative points lower the bound. A variant that changes ``rook_hand_score``
    must keep its scores within these bounds.
    """
    points = [
        game.rules.rook_card_points(game=game, card=card) * copies
        for card, copies in game.deck.counts
    ]
    return min(0, sum(p for p in points if p < 0)), max(0, sum(p for p in points if p > 0))


#: The bounds of each bundled game, by cardrules name.
ROUND_BOUNDS: dict[str, RoundBounds] = {
    "gnoming-a-round": _gnoming_bounds,
    "toonerville-rook": _rook_bounds,
}


def round_bounds(game: Game) -> tuple[int, int] | None:
    """``(lowest, highest)`` score of one seat in one round, or ``None`` for another game.

    The bounds are loose (no round reaches them) but every round respects them.
    """
    bounds = ROUND_BOUNDS.get(game.name)
    return None if bounds is None else bounds(game)


def match_bounds(game: Game) -> tuple[int, int] | None:
    """``(lowest, highest)`` total score of one seat over a match (all ``game.rounds``)."""
    bounds = round_bounds(game)
    return None if bounds is None else (bounds[0] * game.rounds, bounds[1] * game.rounds)


def illegal_penalty(game: Game) -> float:
    """The environments' default reward for an illegal action: minus the worst total of a match.

    For the bundled games, minus the highest total a seat can score over
    ``game.rounds`` rounds (`match_bounds`): an agent's rewards so far plus this
    are never more than what any legal play from there would give it. For
    another game, ``-1.0`` (as PettingZoo's classic environments).
    """
    bounds = match_bounds(game)
    return -1.0 if bounds is None else -float(max(bounds[1], 1))
