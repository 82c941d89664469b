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
from cardrules.bots.base import play_match
from cardrules.bots.loading import bot_factory
from cardrules.engine.game_state import GameState, new_game
from cardrules.model.moves import Move

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
        rotate_seats: turn the line-up one seat per seed, so that over
            ``players`` consecutive seeds each bot sits in each seat once (the
            games start a match at a fixed seat, so this is what lets every bot
            start equally often).
    """

    game: str
    players: int
    bots: tuple[str, ...]
    variants: tuple[str, ...]
    options: Any
    max_decisions: int
    rotate_seats: bool = False

    def seat_bots(self, seed: int) -> tuple[str, ...]:
        """The bot name of each seat in the match of ``seed``.

        Examples:
            >>> plan = MatchPlan("g", 3, ("a", "b", "c"), (), None, 10, rotate_seats=True)
            >>> plan.seat_bots(0), plan.seat_bots(1)
            (('a', 'b', 'c'), ('c', 'a', 'b'))
        """
        if not self.rotate_seats:
            return self.bots
        shift = seed % self.players
        return tuple(self.bots[(s - shift) % self.players] for s in range(self.players))

    def run_description(self) -> dict[str, Any]:
        """What a results file records of the run (the variants are per row)."""
        run = {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "options": self.options,
            "max_decisions": self.max_decisions,
        }
        if self.rotate_seats:  # absent from files written before seats could rotate
            run["rotate_seats"] = True
        return run


def _ending(round_state: Any) -> str:
    ended_by = getattr(round_state, "ended_by", None)
    return "unknown" if ended_by is None else str(ended_by)


def play_one(plan: MatchPlan, seed: int) -> MatchRow:
    """Play the match of ``seed`` under ``plan`` (seat ``s``'s bot is seeded ``seed * 100 + s``).

    Besides scores and lengths, the row counts the choices: the legal moves
    offered at each decision (summed) and the decisions with one legal move.
    """
    state = new_game(
        plan.game,
        players=plan.players,
        seed=seed,
        variants=plan.variants,
        options=plan.options,
    )
    names = plan.seat_bots(seed)
    factories = {name: bot_factory(name, state.game) for name in set(names)}
    seat_bots = [factories[names[s]](seed * 100 + s) for s in range(plan.players)]
    choices = [0, 0]  # legal moves offered in all, decisions with one legal move

    def offered(before: GameState, _seat: int, _move: Move) -> None:
        legal = len(before.legal_moves())
        choices[0] += legal
        choices[1] += legal == 1

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

    result = play_match(
        state,
        seat_bots,
        max_decisions=plan.max_decisions,
        before_move=offered,
        after_move=count,
    )
    endings = [_ending(r) for r in state.finished_rounds]
    if result.truncated:
        round_decisions.append(counter[0])
        endings.append("cap")
    return MatchRow(
        seed=seed,
        variants=plan.variants,
        bots=names,
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
        legal_moves=choices[0],
        forced=choices[1],
    )


def play_many(plan: MatchPlan, seeds: Sequence[int]) -> list[MatchRow]:
    """`play_one` for each seed, in order (one task of a backend)."""
    return [play_one(plan, seed) for seed in seeds]
