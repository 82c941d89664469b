"""A flat Monte Carlo search bot that improves on a policy, for every game.

`FlatMonteCarloBot` is determinized flat Monte Carlo search used for policy
improvement (Tesauro and Galperin, 1996, "On-line policy improvement using
Monte-Carlo search"), in the way perfect-information Monte Carlo card players
sample the hidden cards. It sees only its observation. For a decision with
two or more legal moves:

1. the policy (the game's greedy bot by default) proposes a move;
2. ``samples`` full states are drawn from the observation
   (`cardrules.engine.determinize.determinize`);
3. on each sample, *every* legal move is played, then the policy plays every
   seat on for at most ``max_rollout_moves`` moves (or to the end of the
   round), and the position is scored with ``evaluate`` (or the round's
   scores, if it ended);
4. each move is compared with the proposal *on the same samples*: common
   samples cancel the luck of the deal, so a few samples rank moves that
   independent samples could not;
5. the bot plays the move with the best mean paired difference, but only if
   that mean is more than ``z`` standard errors better than the proposal;
   otherwise it keeps the proposal.

The number of samples is ``rollouts // len(legal moves)``, kept between
``min_samples`` and ``max_samples``. The horizon is the round in play, as for
`cardrules.bots.search.ISMCTSBot`; outcomes are compared in the direction the game
declares (`cardrules.MatchRules.utility`: higher is better, whichever totals win).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

from cardrules.bots.search import (
    Evaluation,
    RolloutPolicy,
    deciding_moves,
    estimated_scores,
    named_policy,
)
from cardrules.engine.determinize import determinize
from cardrules.engine.game_state import Game, GameState
from cardrules.errors import quote
from cardrules.model.moves import Move

__all__ = ["FlatMonteCarloBot"]


def _count(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, got {quote(value)}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, got {value}")
    return value


class FlatMonteCarloBot:
    """Flat Monte Carlo search over a policy, on common samples (see the module docstring).

    Args:
        game: the game being played (``state.game``).
        rollouts: rollouts a decision aims at, shared among the legal moves.
        min_samples: samples a decision at least (each gives every legal move
            one rollout), at least 2 so that a standard error exists.
        max_samples: samples a decision at most.
        seed: seeds the bot; the same seed and observations give the same
            choices (``None``: unpredictable).
        policy: ``"greedy"`` (default: the game's bot of that name, else
            random moves), ``"random"``, the name of any bot the game offers,
            or a `cardrules.bots.search.RolloutPolicy`. It proposes the move and
            plays every seat in the rollouts.
        max_rollout_moves: moves played after the candidate move before
            scoring (``None``: to the end of the round in play).
        evaluate: scores of a position whose round is still in play, one per
            seat, in the game's direction (default: the game's estimate,
            `cardrules.bots.search.estimated_scores`: in Toonerville Rook hand
            points plus a price per card missing from a contract; elsewhere
            the round scored as if it ended).
        z: how many standard errors better than the proposal a move must be
            to be played instead (0: the best mean, however slight).

    Attributes:
        searches: decisions searched so far (one legal move: none).
        switches: decisions where the bot played another move than the proposal.

    Raises:
        TypeError: a count that is not an integer.
        ValueError: ``rollouts < 1``, ``min_samples < 2``, ``max_samples <
            min_samples``, ``max_rollout_moves < 0``, a negative ``z``, or an
            unknown policy name.
    """

    def __init__(
        self,
        game: Game,
        *,
        rollouts: int = 48,
        min_samples: int = 2,
        max_samples: int = 16,
        seed: int | None = None,
        policy: str | RolloutPolicy = "greedy",
        max_rollout_moves: int | None = 10,
        evaluate: Evaluation | None = None,
        z: float = 1.0,
    ) -> None:
        self.rollouts = _count("rollouts", rollouts, 1)
        self.min_samples = _count("min_samples", min_samples, 2)
        self.max_samples = _count("max_samples", max_samples, self.min_samples)
        if max_rollout_moves is not None:
            _count("max_rollout_moves", max_rollout_moves, 0)
        if not z >= 0:
            raise ValueError(f"z must be >= 0, got {quote(z)}")
        self.game = game
        self.max_rollout_moves = max_rollout_moves
        self.evaluate: Evaluation = evaluate or estimated_scores
        self.z = float(z)
        self._rng = random.Random(seed)
        self._policy = named_policy(game, policy, self._rng)
        self.searches = 0
        self.switches = 0

    def choose(self, observation: Any) -> Move:
        """The proposal, or a move clearly better on common samples.

        Raises:
            ValueError: the observation lists no legal move (its seat is not deciding).
        """
        legal = deciding_moves(observation)
        if len(legal) == 1:
            return legal[0]
        self.searches += 1
        proposal = self._policy(determinize(self.game, observation, self._rng), self._rng)
        moves = list(legal) if proposal in legal else [*legal, proposal]  # an accepted compound
        outcomes = self.outcomes(observation, moves)
        best, best_mean = proposal, 0.0
        for move, values in outcomes.items():
            if move == proposal:
                continue
            diffs = [a - b for a, b in zip(values, outcomes[proposal], strict=True)]
            mean = statistics.fmean(diffs)
            error = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if mean > best_mean and mean - self.z * error > 0:
                best, best_mean = move, mean
        if best != proposal:
            self.switches += 1
        return best

    def outcomes(
        self, observation: Any, moves: Sequence[Move] | None = None
    ) -> dict[Move, list[float]]:
        """Each move's outcomes for the observing seat, one per common sample.

        Args:
            observation: the deciding seat's observation.
            moves: the moves to try (default: its legal moves).

        Returns:
            ``{move: [utility, ...]}``: the seat's round score as a utility
            (`cardrules.MatchRules.utility`: higher is better, whichever
            totals win the game); the same sample is at the same index for
            every move.
        """
        tried: Sequence[Move] = observation.legal_moves if moves is None else moves
        samples = max(self.min_samples, min(self.max_samples, self.rollouts // len(tried)))
        seat = observation.seat
        utility = self.game.match_rules.utility
        found: dict[Move, list[float]] = {move: [] for move in tried}
        for _ in range(samples):
            sample = determinize(self.game, observation, self._rng)
            for move in tried:
                state = sample.clone()
                state.apply(move)
                score = self._rollout(state, len(observation.round_scores))[seat]
                found[move].append(utility(score))
        return found

    def _rollout(self, state: GameState, start_round: int) -> Sequence[float]:
        """Play on with the policy; the round's scores, or the evaluation where it stopped."""
        cap = self.max_rollout_moves
        played = 0
        while state.round == start_round and not state.is_over:
            if cap is not None and played >= cap:
                return self.evaluate(state)
            legal = state.legal_moves()
            state.apply(legal[0] if len(legal) == 1 else self._policy(state, self._rng))
            played += 1
        return state.round_scores[start_round]
