"""Bots: they see only observations, play legal moves, and greedy beats random."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

import cardrules
from cardrules import Move, RandomBot, play_match
from cardrules_gnoming import GnomingObservation
from cardrules_gnoming.bots import GreedyBot


class _Spy:
    """Wraps a bot and records what it is given."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.seen: list[Any] = []

    def choose(self, observation: Any) -> Move:
        self.seen.append(observation)
        move: Move = self.bot.choose(observation)
        assert move in observation.legal_moves
        return move


@pytest.mark.parametrize("bot_kind", [RandomBot, GreedyBot])
def test_bots_receive_only_their_own_observation(bot_kind: Any) -> None:
    """Every call gets the deciding seat's observation, never the state."""
    state = cardrules.new_game("gnoming-a-round", players=4, seed=2)
    spies = [_Spy(bot_kind(s)) for s in range(4)]
    play_match(state, spies)
    for seat, spy in enumerate(spies):
        assert spy.seen
        assert all(isinstance(o, GnomingObservation) and o.seat == seat for o in spy.seen)
        assert all(o.current_player == seat and o.legal_moves for o in spy.seen)


def test_play_match_needs_one_bot_per_seat() -> None:
    """A wrong number of bots is refused."""
    state = cardrules.new_game("gnoming-a-round", players=4, seed=2)
    with pytest.raises(ValueError, match="one bot per seat"):
        play_match(state, [RandomBot(1)])


def test_greedy_scores_lower_than_random_on_average() -> None:
    """Over 40 seeded matches with both bots at the table, greedy's mean total is lower."""
    totals: dict[str, list[int]] = {"greedy": [], "random": []}
    for seed in range(40):
        players = 3 + seed % 5
        state = cardrules.new_game("gnoming-a-round", players=players, seed=seed)
        kinds = ["greedy" if (s + seed) % 2 else "random" for s in range(players)]
        bots = [GreedyBot(s) if k == "greedy" else RandomBot(s) for s, k in enumerate(kinds)]
        result = play_match(state, bots)
        assert result.finished
        for seat, kind in enumerate(kinds):
            totals[kind].append(state.scores[seat])
    assert statistics.mean(totals["greedy"]) < statistics.mean(totals["random"]) - 50


def test_truncated_match_is_not_finished() -> None:
    """A decision cap stops a match and reports it truncated."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=2)
    result = play_match(state, [RandomBot(s) for s in range(3)], max_decisions=10)
    assert (result.truncated, result.finished, result.decisions) == (True, False, 10)
    assert state.winners == ()


class _NoneBot:
    """Returns no move at all."""

    def choose(self, observation: Any) -> Any:
        return None


class _StubbornBot:
    """Always draws from the stock, even when the rules ask for something else."""

    def choose(self, observation: Any) -> Any:
        from cardrules_gnoming.moves import STOCK, Draw

        return Draw(STOCK)


class TestBadBots:
    def test_a_bot_returning_nothing_is_named_with_its_seat(self) -> None:
        """The error says which seat's bot returned what; the state is unchanged."""
        state = cardrules.new_game("gnoming-a-round", players=3, seed=1)
        with pytest.raises(cardrules.InvalidMoveError, match="seat 0's bot _NoneBot returned None"):
            play_match(state, [_NoneBot(), RandomBot(1), RandomBot(2)])
        assert len(state.history) == 0

    @pytest.mark.rule("G6")
    def test_a_bot_choosing_an_illegal_move_is_named_with_the_rule(self) -> None:
        """An illegal choice keeps its rule id and names the bot."""
        state = cardrules.new_game("gnoming-a-round", players=3, seed=1)
        with pytest.raises(cardrules.IllegalMoveError) as info:
            play_match(state, [_StubbornBot(), RandomBot(1), RandomBot(2)])
        assert "seat 0's bot _StubbornBot chose draw stock" in str(info.value)
        assert info.value.rule.startswith("G")
        assert len(state.history) == 0
