"""The ``action-ids`` check of `cardrules.testing.check_game`: every id is a move of the game.

Learning agents and checkers (Gymnasium's ``check_env``, PettingZoo's
``api_test``, OpenSpiel's random simulation) play ids they did not read off a
mask. So an action id must mean a move the game knows, and a legal move must
have the id that plays it:

* every id of the space (all of them up to `SCANNED_IDS`; beyond, a seeded
  sample of that many) decodes to a move whose notation the game reads back
  to that same move and id (a derived space can otherwise hold ids of moves
  the game's notation refuses, such as an eight played without naming a suit);
* at every position checked, each legal move's id decodes to that move, and
  `GameState.legal_actions` and `GameState.legal_action_mask` list exactly
  those ids.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules.engine.game_state import GameState
from cardrules.errors import CardRulesError, MissingRuleError, quote
from cardrules.testing.game_report import FAILED, NOT_RUN, PASSED, CheckResult
from cardrules.testing.positions import Position

__all__ = ["SCANNED_IDS", "check_action_ids"]

#: Ids of a space read one by one; a larger space is checked on a seeded sample this size.
SCANNED_IDS = 5000


def check_action_ids(positions: Sequence[Position], rng: random.Random) -> CheckResult:
    """Run the ``action-ids`` check on ``positions`` (see the module docstring).

    Returns:
        ``passed``; ``failed`` naming the first id or move at fault and where; or
        ``not run`` when the game has no action ids.
    """
    first = positions[0].state
    try:
        space = first.game.action_space
    except MissingRuleError:
        return CheckResult(
            "action-ids",
            NOT_RUN,
            "the game answers no cardrules_action_space and its round state holds no "
            "cardrules.model.Table to derive ids from",
        )
    ids: Sequence[int] = range(space.size)
    if space.size > SCANNED_IDS:
        ids = sorted(rng.sample(range(space.size), SCANNED_IDS))
    for action in ids:
        problem = _id_problem(first, action)
        if problem:
            return CheckResult("action-ids", FAILED, problem)
    for position in positions:
        state = position.state
        if state.is_over:
            continue
        legal = state.legal_moves()
        try:
            listed = sorted(state.action_id(move) for move in legal)
        except CardRulesError as error:
            return CheckResult(
                "action-ids", FAILED, f"{position.where}: a legal move has no id: {error}"
            )
        for move in legal:
            back = state.move_of(state.action_id(move))
            if back != move:
                return CheckResult(
                    "action-ids",
                    FAILED,
                    f"{position.where}: legal move {quote(str(move))} has id "
                    f"{state.action_id(move)}, which is {quote(str(back))}",
                )
        mask = state.legal_action_mask()
        masked = [action for action, flag in enumerate(mask) if flag]
        if state.legal_actions() != listed or masked != listed:
            return CheckResult(
                "action-ids",
                FAILED,
                f"{position.where}: legal_actions() and legal_action_mask() must list the "
                f"ids of the legal moves, {listed[:8]}...",
            )
    scanned = "every id" if space.size <= SCANNED_IDS else f"{SCANNED_IDS} sampled ids"
    return CheckResult(
        "action-ids",
        PASSED,
        f"{scanned} of {space.size} read back; legal moves' ids at {len(positions)} positions",
    )


def _id_problem(state: GameState, action: int) -> str | None:
    """Why ``action`` is not a move of the game that the game reads back, or ``None``."""
    try:
        move = state.move_of(action)
    except CardRulesError as error:
        return f"id {action} decodes to no move: {error}"
    try:
        parsed = state.parse_move(str(move))
    except CardRulesError as error:
        return (
            f"id {action} is {quote(str(move))}, which the game's notation refuses: {error} "
            "(leave such moves out of the space, e.g. with a field's metadata domain)"
        )
    if parsed != move:
        return f"id {action} is {quote(str(move))}, which reads back as {quote(str(parsed))}"
    if state.action_id(parsed) != action:
        return f"id {action} is {quote(str(move))}, whose id is {state.action_id(parsed)}"
    return None
