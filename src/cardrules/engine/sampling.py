"""The sampling behind `cardrules.engine.determinize`, for any class of match state.

`cardrules.engine.determinize.determinize` and `cardrules.GameState.determinize` both
sample through `sample_state`; it takes the state class as an argument, so this
module does not import the engine that builds on it.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar, cast

from cardrules.engine.game import Game
from cardrules.errors import CardRulesError
from cardrules.model.chance import Chance

__all__ = ["MAX_ATTEMPTS", "DeterminizeError", "sample_state"]

S = TypeVar("S")

#: Samples drawn before giving up on one that lets the player to act move.
MAX_ATTEMPTS = 200


class DeterminizeError(CardRulesError, RuntimeError):
    """No sample consistent with the observation was found within `MAX_ATTEMPTS`."""


def sample_state(state_type: type[S], game: Game, observation: Any, rng: random.Random) -> S:
    """A ``state_type`` consistent with ``observation`` (see
    `cardrules.engine.determinize.determinize`).

    Raises:
        ObservationMismatchError, DeterminizeError, MissingRuleError, TypeError:
            as `cardrules.engine.determinize.determinize`.
    """
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
    game.check_observation(observation)
    for _ in range(MAX_ATTEMPTS):
        state = _sample(state_type, game, observation, rng)
        if state.is_over or state.legal_moves():
            return cast(S, state)
    raise DeterminizeError(
        f"no sample of {MAX_ATTEMPTS} let seat {observation.current_player} move: "
        "the observation may contradict itself"
    )


def _sample(state_type: type[S], game: Game, observation: Any, rng: random.Random) -> Any:
    state: Any = state_type.__new__(state_type)
    state.game = game
    state.seed = rng.getrandbits(63)
    state.chance = Chance(state.seed)
    state.round_scores = [tuple(r) for r in observation.round_scores]
    history = tuple(observation.history)
    state.seats = [seat for seat, _ in history]
    state.history = [move for _, move in history]
    state.round_start = 0
    round_state = game.determinize_round(observation, rng)
    state.round_state = round_state
    # An observation of a finished match shows its last round, over.
    state._over = bool(
        state.round_scores
        and round_state.is_round_over
        and game.match_over(state.round_scores, round_state)
    )
    # Earlier rounds are over and known only by their scores.
    state.finished_rounds = [None] * len(state.round_scores)
    if state.is_over:
        state.finished_rounds[-1] = round_state
    state._legal = None
    state._legal_ids = None
    return state
