"""`check_game`: what a game's author can get wrong about hidden information and direction.

It plays seeded matches by random legal moves, and at every position in play
runs these checks (see `cardrules.testing.information_checks` and
`cardrules.testing.direction_checks` for exactly what each compares):

=====================  ==========================================================
``leaks``              a round with only the cards hidden from a seat dealt anew
                       shows that seat the same observation, tensor, action
                       mask, rendering and SVG drawing
``determinization``    a state sampled from a seat's observation shows it the
                       same observation
``inferences``         the game's inferences (``cardrules_inferences``) hold in
                       the real state, and samples keep them
``history``            a sample, relabelled back to the round's start, replays
                       the round's moves legally (a forgotten void fails)
``estimate-direction`` ``cardrules_estimate_scores`` orders seats as the final
                       scores do
``bots-direction``     flat search and the game's bots beat random play in the
                       declared direction
``action-ids``         every action id is a move the game's notation reads back,
                       and each legal move's id plays it
=====================  ==========================================================

A check the game gives too little to run is reported *not run* with the
reason (`GameReport.not_run`), never passed silently. Examples::

    report = check_game("crazy-eights", players=3)
    print(report)             # every check: passed / failed / not run, and why
    report.not_run            # {"inferences": "the game declares no inferences ..."}
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from cardrules.engine.game_state import new_game
from cardrules.plugins.registry import Catalogue
from cardrules.testing.action_checks import check_action_ids
from cardrules.testing.direction_checks import check_bots_direction, check_estimate_direction
from cardrules.testing.game_report import (
    FAILED,
    NOT_RUN,
    CheckResult,
    GameCheckFailure,
    GameReport,
    guarded,
)
from cardrules.testing.information_checks import (
    check_history,
    check_inferences,
    check_leaks,
    draw_samples,
)
from cardrules.testing.positions import play_positions

__all__ = ["CHECKS", "check_game"]

#: The checks, in the order a `GameReport` lists them.
CHECKS = (
    "leaks",
    "determinization",
    "inferences",
    "history",
    "estimate-direction",
    "bots-direction",
    "action-ids",
)


def check_game(
    game: str,
    *,
    players: int,
    options: Any = None,
    variants: Sequence[str] = (),
    catalogue: Catalogue | None = None,
    seeds: Iterable[int] = range(3),
    moves: int = 40,
    stride: int = 1,
    samples: int = 2,
    hands: int = 6,
    rollouts: int = 12,
    budget: int = 400,
    skip: Iterable[str] = (),
    require: Iterable[str] = (),
) -> GameReport:
    """Play seeded matches of ``game`` and run every check of the module docstring.

    Args:
        game: the game's registered name.
        players: seats.
        options: the game's options (as for `cardrules.new_game`).
        variants: variants to play with.
        catalogue: where to find the game (default: installed plugins).
        seeds: one match per seed, played by random legal moves (seeded by it).
        moves: positions per match.
        stride: moves between two positions checked (1: the match's first
            ``moves`` positions; more: reach later positions, such as a
            stock run out, for the same cost).
        samples: determinizations per position and seat.
        hands: hands of the bots-direction check (the seat rotates).
        rollouts: the flat search's rollouts per decision in that check.
        budget: the most moves of one hand (bots-direction), or of a round
            played out (estimate-direction); longer: the check does not run.
        skip: checks not to run (reported *not run*, "skipped by the caller").
        require: checks that must run: one that does not fails the call.

    Returns:
        The `GameReport` (every check passed, or did not run, with the reason).

    Raises:
        GameCheckFailure: a check failed, or a check in ``require`` did not run
            (an ``AssertionError``; the message names the check and holds the
            whole report).
        ValueError: an unknown check name in ``skip`` or ``require``, or a
            count below its least (``moves``, ``stride``, ``samples``, ``budget``: 1;
            ``hands``: 0).
    """
    skipped, required = set(skip), set(require)
    unknown = (skipped | required) - set(CHECKS)
    if unknown:
        raise ValueError(f"unknown checks {sorted(unknown)}; the checks are {', '.join(CHECKS)}")
    if min(moves, stride, samples, budget) < 1 or hands < 0:
        raise ValueError(
            f"moves, stride, samples and budget must be >= 1 and hands >= 0, got "
            f"{moves}, {stride}, {samples}, {budget}, {hands}"
        )
    seeds = tuple(seeds)
    positions = play_positions(
        game,
        players=players,
        seeds=seeds,
        moves=moves,
        stride=stride,
        options=options,
        variants=variants,
        catalogue=catalogue,
    )
    rng = random.Random(seeds[0] if seeds else 0)
    results: dict[str, CheckResult] = {}
    if "leaks" not in skipped:
        results["leaks"] = guarded("leaks", lambda: check_leaks(positions, rng))
    drawn, results["determinization"] = draw_samples(positions, samples, rng)
    results["inferences"] = check_inferences(positions, drawn, results["determinization"])
    results["history"] = check_history(drawn, results["determinization"])
    if "estimate-direction" not in skipped:
        results["estimate-direction"] = guarded(
            "estimate-direction", lambda: check_estimate_direction(positions, rng, budget)
        )
    if results["determinization"].status == NOT_RUN:
        results["bots-direction"] = CheckResult(
            "bots-direction",
            NOT_RUN,
            "the flat search samples states from observations, and the game cannot "
            "(determinization not run)",
        )
    elif "bots-direction" not in skipped:
        first = new_game(
            game, players=players, seed=0, options=options, variants=variants, catalogue=catalogue
        )
        results["bots-direction"] = guarded(
            "bots-direction",
            lambda: check_bots_direction(
                first.game,
                options=options,
                catalogue=catalogue,
                hands=hands,
                rollouts=rollouts,
                budget=budget,
            ),
        )
    if "action-ids" not in skipped:
        results["action-ids"] = guarded("action-ids", lambda: check_action_ids(positions, rng))
    checks = tuple(
        CheckResult(name, NOT_RUN, "skipped by the caller") if name in skipped else results[name]
        for name in CHECKS
    )
    report = GameReport(game, players, seeds, len(positions), checks)
    for check in checks:
        if check.status == FAILED:
            raise GameCheckFailure(check.name, check.detail, report)
    missing = sorted(required & set(report.not_run))
    if missing:
        raise GameCheckFailure(
            "required",
            f"required checks did not run: {', '.join(missing)}",
            report,
        )
    return report
