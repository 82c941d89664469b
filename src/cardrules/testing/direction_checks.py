"""The score-direction checks of `cardrules.testing.check_game`.

* **estimate-direction** (a game that answers ``cardrules_estimate_scores``):
  at each position, the estimate of the round in play must order the seats as
  the round's final scores do (the round played on to its end by seeded
  random moves): Kendall's tau over the pairs of seats of every position,
  positive. An estimate with the wrong sign makes search bots stop their
  rollouts in the worst positions.
* **bots-direction**: in the same seeded hands, seat rotating, the flat Monte
  Carlo search (`cardrules.bots.flat_search.FlatMonteCarloBot`) and each bot the
  game offers (``GameSpec.bots``) are played in one seat of the same seeded
  hands (the seat rotating, the other seats playing at random), and each
  one's mean utility of the first round (`cardrules.MatchRules.utility`:
  higher is better in every game) is compared: the flat search must beat the
  same search playing its *worst* move (its contrary: a search that reads the
  direction wrong plays like it), and each of the game's bots must beat a
  random bot. The random bot's mean is reported too. A hand longer than the
  budget makes the check *not run*.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.bots.base import Bot, RandomBot
from cardrules.bots.flat_search import FlatMonteCarloBot
from cardrules.engine.game_state import Game, GameState, new_game
from cardrules.model.moves import Move
from cardrules.plugins.registry import Catalogue
from cardrules.testing.game_report import FAILED, NOT_RUN, PASSED, CheckResult
from cardrules.testing.positions import Position

__all__ = ["check_bots_direction", "check_estimate_direction"]


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


def _round_played_out(state: GameState, rng: random.Random, budget: int) -> tuple[int, ...] | None:
    """The scores of ``state``'s round played on at random (``None``: over budget)."""
    twin = state.clone()
    round_ = twin.round
    for _ in range(budget):
        if twin.round != round_ or twin.is_over:
            return twin.round_scores[round_]
        legal = twin.legal_moves()
        twin.apply(legal[rng.randrange(len(legal))])
    return None


def check_estimate_direction(
    positions: Sequence[Position], rng: random.Random, budget: int
) -> CheckResult:
    """The game's estimate orders the seats as the round's final scores do (tau > 0)."""
    name = "estimate-direction"
    if not positions:
        return CheckResult(name, NOT_RUN, "no position in play")
    game = positions[0].state.game
    if not game.plugin_manager.hook.cardrules_estimate_scores.get_hookimpls():
        return CheckResult(
            name,
            NOT_RUN,
            "the game answers no cardrules_estimate_scores (search bots score an unfinished "
            "round as if it ended now)",
        )
    agree = disagree = used = 0
    for position in positions:
        state = position.state
        estimate = game.estimate_scores(state.round_state)
        final = _round_played_out(state, rng, budget)
        if final is None:
            continue
        used += 1
        for i in range(state.players):
            for j in range(i + 1, state.players):
                product = _sign(estimate[i] - estimate[j]) * _sign(final[i] - final[j])
                agree += product > 0
                disagree += product < 0
    if agree + disagree == 0:
        return CheckResult(
            name, NOT_RUN, f"no pair of seats both estimated and scored apart ({used} rounds)"
        )
    tau = (agree - disagree) / (agree + disagree)
    detail = (
        f"Kendall's tau of estimates against the rounds' final scores {tau:+.2f} "
        f"({agree} pairs agree, {disagree} disagree)"
    )
    if tau <= 0:
        return CheckResult(
            name,
            FAILED,
            detail + ": cardrules_estimate_scores points against the game's scores "
            "(it must give each seat's score in the game's direction)",
            used,
        )
    return CheckResult(name, PASSED, detail, used)


class _Contrary:
    """Flat search that plays the move with the *worst* mean outcome: the wrong direction."""

    def __init__(self, search: FlatMonteCarloBot) -> None:
        self.search = search

    def choose(self, observation: Any) -> Move:
        legal = observation.legal_moves
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        outcomes = self.search.outcomes(observation)
        return min(legal, key=lambda move: statistics.fmean(outcomes[move]))  # type: ignore[no-any-return]


def _seeded(factory: Callable[[int], Bot]) -> Callable[[Game, int], Bot]:
    """A maker of the game's own bot (its factory takes a seed)."""
    return lambda _game, seed: factory(seed)


def _first_round_utility(
    make: Callable[[], GameState], seat: int, bot: Bot, seed: int, budget: int
) -> float | None:
    """``bot``'s first-round utility in ``seat`` against random bots (``None``: too long)."""
    state = make()
    bots: list[Bot] = [RandomBot(seed * 7 + s) for s in range(state.players)]
    bots[seat] = bot
    for _ in range(budget):
        if state.round > 0 or state.is_over:
            return state.game.match_rules.utility(state.round_scores[0][seat])
        deciding = state.current_player
        assert deciding is not None
        state.apply(bots[deciding].choose(state.observation(deciding)))
    return None


def check_bots_direction(
    game: Game,
    *,
    options: Any,
    catalogue: Catalogue | None,
    hands: int,
    rollouts: int,
    budget: int,
) -> CheckResult:
    """Flat search and the game's own bots beat random play in the declared direction."""
    name = "bots-direction"
    if hands < 1:
        return CheckResult(name, NOT_RUN, "hands=0")

    def search(g: Game, seed: int) -> FlatMonteCarloBot:
        return FlatMonteCarloBot(
            g, rollouts=rollouts, max_samples=max(2, rollouts // 2), seed=seed, policy="random",
            max_rollout_moves=8, z=0.0,
        )  # fmt: skip

    makers: dict[str, Callable[[Game, int], Bot]] = {
        "random": lambda _game, seed: RandomBot(seed),
        "flat search": search,
        "contrary search": lambda g, seed: _Contrary(search(g, seed)),
    }
    for bot_name, factory in game.spec.bots:
        makers[f"{bot_name} (the game's)"] = _seeded(factory)
    means: dict[str, float] = {}
    for label, maker in makers.items():
        utilities: list[float] = []
        for hand in range(hands):
            seat = hand % game.players

            def make(hand: int = hand) -> GameState:
                return new_game(
                    game.name,
                    players=game.players,
                    seed=hand,
                    options=options,
                    variants=[v.name for v in game.variants],
                    catalogue=catalogue,
                )

            value = _first_round_utility(make, seat, maker(game, 1000 + hand), hand, budget)
            if value is None:
                return CheckResult(
                    name, NOT_RUN, f"hand {hand} lasted more than {budget} moves (the budget)"
                )
            utilities.append(value)
        means[label] = statistics.fmean(utilities)
    shown = ", ".join(f"{label} {mean:+.2f}" for label, mean in means.items())
    detail = f"mean utility of the first round over {hands} hands: {shown}"
    losing = [] if means["flat search"] > means["contrary search"] else ["flat search"]
    losing += [
        label
        for label in means
        if label.endswith("(the game's)") and means[label] <= means["random"]
    ]
    if losing:
        return CheckResult(
            name,
            FAILED,
            f"{detail}; {' and '.join(losing)} did no better than "
            + ("its contrary" if losing[0] == "flat search" else "random play")
            + " (does the game declare the right direction, cardrules_match_rules' "
            "higher_wins, and an estimate in it?)",
            hands,
        )
    return CheckResult(name, PASSED, detail, hands)
