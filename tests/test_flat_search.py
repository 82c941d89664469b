"""The flat Monte Carlo bot (`cardrules.bots.flat_search.FlatMonteCarloBot`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardrules import GameState
from cardrules.bots.flat_search import FlatMonteCarloBot
from cardrules.bots.search import estimated_scores, score_if_ended_now
from cardrules.model.moves import Move
from cardrules_rook.evaluate import estimated_round_scores
from cardrules_rook.moves import Discard, LayDown, MeldDown
from cardrules_rook.search import find_lay_down
from tests.test_search import GAMES, greedy_positions


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_returns_a_legal_move_and_repeats_itself_for_a_seed(name: str, players: int) -> None:
    positions = greedy_positions(name, players, seed=4, every=11, count=6)
    game = positions[0].game
    choices = []
    for _ in range(2):
        bot = FlatMonteCarloBot(game, rollouts=12, seed=3, max_rollout_moves=4)
        run = []
        for state in positions:
            observation = state.observation(state.current_player)  # type: ignore[arg-type]
            move = bot.choose(observation)
            assert move in observation.legal_moves
            run.append(move)
        assert bot.searches == len(positions)
        choices.append(run)
    assert choices[0] == choices[1]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_hidden_cards_do_not_change_the_outcomes(name: str, players: int) -> None:
    rng = random.Random(2)
    for state in greedy_positions(name, players, seed=6, every=15, count=3):
        seat = state.current_player
        assert seat is not None
        twin = state.clone()
        twin.set_round_state(state.game.shuffle_hidden(state.round_state, seat, rng))
        assert twin.round_state.all_cards() != state.round_state.all_cards()
        first = FlatMonteCarloBot(state.game, rollouts=8, seed=5, max_rollout_moves=5)
        second = FlatMonteCarloBot(twin.game, rollouts=8, seed=5, max_rollout_moves=5)
        assert first.outcomes(state.observation(seat)) == second.outcomes(twin.observation(seat))


def rook_discard_position() -> GameState:
    """A Rook position in the play phase where the player has only discards to choose from."""
    for state in greedy_positions("toonerville-rook", 3, seed=2, every=1, count=400):
        moves = state.legal_moves()
        points = {m.card.points for m in moves if isinstance(m, Discard)}
        if len(moves) > 2 and all(isinstance(m, Discard) for m in moves) and len(points) > 1:
            return state
    raise AssertionError("no such position in the sample")


def lowest_discard(state: GameState, rng: random.Random) -> Move:
    """A poor policy: discard the card that scores least."""
    return min(
        (m for m in state.legal_moves() if isinstance(m, Discard)),
        key=lambda m: (m.card.points, str(m)),
        default=state.legal_moves()[0],
    )


def test_switches_from_a_poor_proposal_to_a_clearly_better_move() -> None:
    """Scored by the cards left in hand right after the discard, throwing the highest
    card is better on every sample: the bot leaves the policy's lowest discard."""
    state = rook_discard_position()
    observation = state.observation(state.current_player)  # type: ignore[arg-type]
    bot = FlatMonteCarloBot(
        state.game, rollouts=8, seed=1, policy=lowest_discard, max_rollout_moves=0
    )
    move = bot.choose(observation)
    assert isinstance(move, Discard)
    best = max(m.card.points for m in observation.legal_moves if isinstance(m, Discard))
    assert move.card.points == best
    assert bot.switches == 1


def test_keeps_the_proposal_when_nothing_is_clearly_better() -> None:
    """With every move scored the same, the policy's move is played."""
    state = rook_discard_position()
    observation = state.observation(state.current_player)  # type: ignore[arg-type]

    def flat(_: GameState) -> Sequence[float]:
        return (0.0,) * state.players

    bot = FlatMonteCarloBot(
        state.game, rollouts=8, seed=1, policy=lowest_discard, max_rollout_moves=0, evaluate=flat
    )
    assert bot.choose(observation) == lowest_discard(state, random.Random(0))
    assert bot.switches == 0


def test_rook_estimated_scores_as_the_evaluation() -> None:
    state = greedy_positions("toonerville-rook", 3, seed=7, every=5, count=3)[-1]
    observation = state.observation(state.current_player)  # type: ignore[arg-type]
    bot = FlatMonteCarloBot(
        state.game, rollouts=6, seed=2, max_rollout_moves=3, evaluate=estimated_round_scores
    )
    outcomes = bot.outcomes(observation)
    assert set(outcomes) == set(observation.legal_moves)
    assert {len(values) for values in outcomes.values()} == {max(2, 6 // len(outcomes))}


def test_one_legal_move_is_returned_without_searching() -> None:
    state = greedy_positions("toonerville-rook", 3, seed=1, every=1, count=1)[0]
    while len(state.legal_moves()) != 1:
        state.apply(state.legal_moves()[0])
    bot = FlatMonteCarloBot(state.game, seed=0)
    assert bot.choose(state.observation(state.current_player)) == state.legal_moves()[0]  # type: ignore[arg-type]
    assert bot.searches == 0


def test_refuses_bad_arguments() -> None:
    game = greedy_positions("gnoming-a-round", 3, seed=1, every=1, count=1)[0].game
    with pytest.raises(ValueError, match="rollouts"):
        FlatMonteCarloBot(game, rollouts=0)
    with pytest.raises(ValueError, match="min_samples"):
        FlatMonteCarloBot(game, min_samples=1)
    with pytest.raises(ValueError, match="max_samples"):
        FlatMonteCarloBot(game, min_samples=4, max_samples=3)
    with pytest.raises(ValueError, match="max_rollout_moves"):
        FlatMonteCarloBot(game, max_rollout_moves=-1)
    with pytest.raises(ValueError, match="z"):
        FlatMonteCarloBot(game, z=-0.5)
    with pytest.raises(TypeError, match="rollouts"):
        FlatMonteCarloBot(game, rollouts=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown policy"):
        FlatMonteCarloBot(game, policy="clever")
    state = greedy_positions("gnoming-a-round", 3, seed=1, every=1, count=1)[0]
    waiting = (state.current_player + 1) % 3  # type: ignore[operator]
    with pytest.raises(ValueError, match="no legal move"):
        FlatMonteCarloBot(game).choose(state.observation(waiting))


@pytest.mark.rule("R17")
def test_the_default_evaluation_is_the_games_estimate() -> None:
    """Rook answers cardrules_estimate_scores with its missing-cards estimate; Gnoming,
    which does not, is scored as if the round ended now."""
    rook = greedy_positions("toonerville-rook", 3, seed=9, every=7, count=2)[-1]
    assert estimated_scores(rook) == estimated_round_scores(rook)
    assert estimated_scores(rook) != tuple(map(float, score_if_ended_now(rook)))
    gnoming = greedy_positions("gnoming-a-round", 3, seed=9, every=7, count=2)[-1]
    assert estimated_scores(gnoming) == tuple(map(float, score_if_ended_now(gnoming)))
    assert FlatMonteCarloBot(rook.game).evaluate is estimated_scores


def test_a_proposed_compound_move_is_weighed_too() -> None:
    """A policy may propose a whole Rook lay-down, which legal_moves() lists only as
    its meld steps (R11): the bot tries it beside the listed moves and can play it."""
    for state in greedy_positions("toonerville-rook", 3, seed=11, every=1, count=600):
        if any(isinstance(m, MeldDown) for m in state.legal_moves()):
            break
    else:
        raise AssertionError("no position with a lay-down in the sample")
    seat = state.current_player
    assert seat is not None

    def whole_lay_down(sample: GameState, rng: random.Random) -> Move:
        round_state = sample.round_state
        if sample.current_player == seat and round_state.phase.name == "PLAY":
            found = find_lay_down(
                round_state.hands[seat],
                sets=round_state.contract.sets,
                runs=round_state.contract.runs,
                rules=round_state.options.meld_rules,
            )
            if found is not None:
                return LayDown(found.melds)
        return sample.legal_moves()[-1]

    bot = FlatMonteCarloBot(state.game, rollouts=4, seed=3, policy=whole_lay_down)
    proposal = whole_lay_down(state, random.Random(0))
    assert isinstance(proposal, LayDown)
    assert proposal not in state.legal_moves()
    outcomes = bot.outcomes(state.observation(seat), [*state.legal_moves(), proposal])
    assert len(outcomes[proposal]) == bot.min_samples
    move = bot.choose(state.observation(seat))
    assert move in state.legal_moves() or isinstance(move, LayDown)
    state.apply(move)
