"""Play one seeded bot match and describe it as a `MatchRow`.

This is the unit of work every backend runs (in this process, in worker
processes, or as Ray tasks): a match is a pure function of its arguments, so
the same seeds give the same rows on every backend.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.analysis.rows import MatchRow
from cardrules.bot_loading import bot_factory
from cardrules.bots import play_match
from cardrules.engine import GameState, new_game
from cardrules.moves import Move

__all__ = ["MatchPlan", "play_many", "play_one"]


@attrs.frozen
class MatchPlan:
    """How every match of a run is played (all but the seed).

    Attributes:
        game: the registered game name.
        players: seats per match.
        bots: the bot name of each seat.
        variants: the variants in force.
        options: game options, as `cardrules.new_game` takes them (``None``: defaults).
        max_decisions: cap per match; a capped match is reported truncated.
    """

    game: str
    players: int
    bots: tuple[str, ...]
    variants: tuple[str, ...]
    options: Any
    max_decisions: int

    def run_description(self) -> dict[str, Any]:
        """What a results file records of the run (the variants are per row)."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "options": self.options,
            "max_decisions": self.max_decisions,
        }


def _ending(round_state: Any) -> str:
    ended_by = getattr(round_state, "ended_by", None)
    return "unknown" if ended_by is None else str(ended_by)


def play_one(plan: MatchPlan, seed: int) -> MatchRow:
    """Play the match of ``seed`` under ``plan`` (seat ``s``'s bot is seeded ``seed * 100 + s``)."""
    state = new_game(
        plan.game,
        players=plan.players,
        seed=seed,
        variants=plan.variants,
        options=plan.options,
    )
    factories = {name: bot_factory(name, state.game) for name in set(plan.bots)}
    seat_bots = [factories[plan.bots[s]](seed * 100 + s) for s in range(plan.players)]
    round_decisions: list[int] = []
    counter = [0]
    first_seat: list[int] = []

    def count(after: GameState, seat: int, _move: Move) -> None:
        if not first_seat:
            first_seat.append(seat)
        counter[0] += 1
        if len(after.round_scores) > len(round_decisions):
            round_decisions.append(counter[0])
            counter[0] = 0

    result = play_match(state, seat_bots, max_decisions=plan.max_decisions, after_move=count)
    endings = [_ending(r) for r in state.finished_rounds]
    if result.truncated:
        round_decisions.append(counter[0])
        endings.append("cap")
    return MatchRow(
        seed=seed,
        variants=plan.variants,
        bots=plan.bots,
        totals=state.scores,
        winners=state.winners,
        rounds=len(state.round_scores),
        decisions=result.decisions,
        truncated=result.truncated,
        round_scores=tuple(state.round_scores),
        round_endings=tuple(endings),
        round_decisions=tuple(round_decisions),
        first_seat=first_seat[0] if first_seat else None,
        higher_wins=state.game.match_rules.higher_wins,
    )


def play_many(plan: MatchPlan, seeds: Sequence[int]) -> list[MatchRow]:
    """`play_one` for each seed, in order (one task of a backend)."""
    return [play_one(plan, seed) for seed in seeds]
