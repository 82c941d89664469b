"""Scoring a Toonerville Rook round that is still in play, for search bots.

A search bot that stops its rollouts before the round ends needs a score for
the position it stopped at. Scoring every hand as if the round ended there
(R17) punishes taking (R9) and buying (R10) the cards a contract needs: they
add points now and pay off only at the lay-down (R11). `estimated_round_scores`
adds, for each player not yet down, a price for every card still missing from
the contract, counted by `cards_missing`.

It is the game's answer to the hook ``cardrules_estimate_scores``, so
`cardrules.bots.flat_search.FlatMonteCarloBot` uses it by default
(`cardrules.bots.search.estimated_scores`); give it to the ISMCTS bot as its leaf
score with ``ISMCTSBot(game, evaluate=estimated_round_scores)``. It is a
heuristic, not a rule: ``benchmarks/search_vs_greedy.py`` measures what it is
worth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules_rook.cards import ROOK_CODE
from cardrules_rook.melds import DEFAULT_MELD_RULES, MeldRules
from cardrules_rook.search import can_lay_down
from cardrules_rook.state import RookRound

__all__ = [
    "MISSING_CARD_POINTS",
    "cards_missing",
    "estimate_round",
    "estimated_round_scores",
]

#: The default price of one card missing from the contract, in points (R17 scale).
MISSING_CARD_POINTS = 20


def cards_missing(
    hand: Sequence[int],
    *,
    sets: int,
    runs: int,
    rules: MeldRules = DEFAULT_MELD_RULES,
    most: int = 8,
) -> int:
    """The fewest extra Rooks that would let ``hand`` lay down ``sets`` sets and ``runs`` runs.

    A Rook stands for any card (R13), so this counts the cards the hand still
    lacks for its contract (R4, R11), as far as a wild card can fill them.

    Args:
        hand: 57 card counts by code (`cardrules_rook.search.hand_counts`).
        sets: sets still to lay (R4).
        runs: runs still to lay (R4).
        rules: how many Rooks a meld may hold (R13 interpretation): a meld
            still needs its natural cards, so some hands lack more than Rooks.
        most: stop counting here.

    Returns:
        0 when the hand can lay down now, else 1 to ``most``; ``most + 1``
        when even ``most`` Rooks would not do. Whether every card can be
        melded (round 11, R12) is not asked.

    Raises:
        ValueError: ``hand`` is not 57 counts, or ``most`` is negative.
    """
    if len(hand) != 57:
        raise ValueError(f"a hand is 57 counts by card code, got {len(hand)}")
    if most < 0:
        raise ValueError(f"most must be 0 or more, got {most}")
    counts = list(hand)
    for extra in range(most + 1):
        if can_lay_down(counts, sets=sets, runs=runs, rules=rules):
            return extra
        counts[ROOK_CODE] += 1
    return most + 1


def estimated_round_scores(
    state: Any, missing_card_points: float = MISSING_CARD_POINTS
) -> tuple[float, ...]:
    """Each seat's score of the round in play, estimated (lower is better), seats ``0 .. n-1``.

    `estimate_round` of ``state.round_state``: the form a search bot's
    ``evaluate`` takes.

    Args:
        state: a `cardrules.GameState` of Toonerville Rook (a search bot's
            sampled state; the hands are the sample's).
        missing_card_points: the price of one missing card.
    """
    return estimate_round(state.round_state, missing_card_points)


def estimate_round(
    round_state: RookRound, missing_card_points: float = MISSING_CARD_POINTS
) -> tuple[float, ...]:
    """Each seat's estimated score of a round in play (the game's ``cardrules_estimate_scores``).

    A seat that has laid down scores the points in its hand (R17). A seat that
    has not scores those points plus ``missing_card_points`` for each card
    missing from its contract (`cards_missing`, with what is left of a
    lay-down begun this turn).

    Returns:
        one float per seat, in seat order.
    """
    rules = round_state.rules.meld_rules
    table = round_state.rules.points  # R17, hook rook_card_points
    scores: list[float] = []
    for seat in range(round_state.players):
        hand = round_state.hands[seat]
        points = float(sum(table[code] * n for code, n in enumerate(hand) if n))
        if not round_state.down[seat]:
            if round_state.lay_down_left is not None and seat == round_state.turn_seat:
                sets, runs = round_state.lay_down_left
            else:
                sets, runs = round_state.contract.sets, round_state.contract.runs
            points += missing_card_points * cards_missing(hand, sets=sets, runs=runs, rules=rules)
        scores.append(points)
    return tuple(scores)
