"""How a match is won and when it ends, as a game declares it (`cardrules.MatchRules`).

Every consumer reads the declaration: the engine's end and winners, the CLI's
winner line, records, the search bots, the adapters' rewards and the analysis.
The same tests run for a game where the highest total wins and the match ends
at a target score (``high-tricks``, tests/high_tricks.py, installed as an entry
point) and for both bundled games (lowest total wins, a fixed number of rounds).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from cardrules import GameSpec, IllegalMoveError, MatchRules, RandomBot, new_game, play_match
from cardrules.adapters.bounds import illegal_penalty, utility_bounds
from cardrules.analysis.metrics import design_metrics, margin_of_victory
from cardrules.analysis.play import MatchPlan, play_one
from cardrules.bots.flat_search import FlatMonteCarloBot
from cardrules.bots.search import ISMCTSBot
from cardrules.cli import main
from cardrules.records import check_record, replay
from tests import high_tricks

#: (game, players, options): one short match of each.
GAMES = [
    (high_tricks.NAME, 3, {}),
    ("gnoming-a-round", 3, {"rounds": 2}),
    ("toonerville-rook", 3, {"rounds": 2}),
]


@pytest.fixture(autouse=True)
def _installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    high_tricks.install(monkeypatch)
    yield
    high_tricks.uninstall()


def _played(game: str, players: int, options: dict[str, Any], seed: int) -> Any:
    state = new_game(game, players=players, seed=seed, options=options)
    result = play_match(state, [RandomBot(seed * 10 + s) for s in range(players)])
    assert result.finished
    return state


class TestDeclaration:
    def test_a_fixed_match_and_a_target_match(self) -> None:
        fixed = MatchRules(rounds=2)
        assert not fixed.over([(5, 9)])
        assert fixed.over([(5, 9), (0, 0)])
        assert fixed.winners((14, 9)) == (1,)
        assert fixed.utility(9) == -9.0
        target = MatchRules(higher_wins=True, target=20, max_rounds=3)
        assert not target.over([(19, 0)])
        assert target.over([(19, 0), (1, 0)])
        assert target.over([(0, 0), (0, 0), (0, 0)])  # max_rounds, whatever the totals
        assert target.winners((20, 21)) == (1,)
        assert target.utility(9) == 9.0
        assert target.ranking((5, 30, 12)) == [1, 2, 0]
        assert target.margin((5, 30, 12)) == 18

    @pytest.mark.parametrize(
        "arguments",
        [
            {},  # neither rounds nor max_rounds
            {"rounds": 0},
            {"rounds": 3, "target": 10},
            {"target": 10},
            {"rounds": 2, "higher_wins": 1},
            {"max_rounds": True},
        ],
    )
    def test_a_wrong_declaration_is_refused(self, arguments: dict[str, Any]) -> None:
        with pytest.raises((ValueError, TypeError)):
            MatchRules(**arguments)

    def test_no_utility_is_minus_zero(self) -> None:
        assert str(MatchRules(rounds=1).utility(0)) == "0.0"


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
class TestEveryConsumerReadsIt:
    def test_the_match_ends_as_declared(self, game: str, players: int, options: Any) -> None:
        for seed in range(4):
            state = _played(game, players, options, seed)
            rules = state.game.match_rules
            assert rules.over(state.round_scores)
            assert not any(
                rules.over(state.round_scores[:played])
                for played in range(1, len(state.round_scores))
            )

    def test_winners_have_the_best_total(self, game: str, players: int, options: Any) -> None:
        state = _played(game, players, options, 3)
        rules = state.game.match_rules
        best = max(state.scores) if rules.higher_wins else min(state.scores)
        assert state.winning_total == best
        assert set(state.winners) <= {s for s, t in enumerate(state.scores) if t == best}
        assert state.utilities == tuple(rules.utility(t) for t in state.scores)

    def test_records_and_replay_keep_the_winners(
        self, game: str, players: int, options: Any
    ) -> None:
        state = _played(game, players, options, 5)
        record = state.record()
        assert record["winners"] == list(state.winners)
        assert record["over"]
        again = check_record(record)
        assert list(replay(record))[-1].scores == state.scores
        assert again.winners == state.winners
        assert again.scores == state.scores

    def test_the_cli_names_the_real_winner(
        self, game: str, players: int, options: Any, capsys: pytest.CaptureFixture[str]
    ) -> None:
        args = ["play", game, "-n", str(players), "-s", "2"]
        args += [f"--option={name}={value}" for name, value in options.items()]
        assert main([*args, "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        totals = record["scores"]
        assert main(args) == 0
        shown = capsys.readouterr().out
        winner = record["winners"][0]
        assert f"Winner: seat {winner}" in shown
        assert f"with {totals[winner]} points." in shown
        rules = new_game(game, players=players, options=options).game.match_rules
        assert set(record["winners"]) <= set(rules.winners(totals))

    def test_pettingzoo_rewards_add_up_to_the_utilities(
        self, game: str, players: int, options: Any
    ) -> None:
        numpy = pytest.importorskip("numpy")
        pettingzoo = pytest.importorskip("cardrules.adapters.pettingzoo")
        aec = pettingzoo.raw_env(game, players=players, options=options)
        aec.reset(seed=4)
        rng = random.Random(4)
        totals = dict.fromkeys(aec.possible_agents, 0.0)
        for agent in aec.agent_iter():
            observation, reward, termination, truncation, _ = aec.last()
            totals[agent] += float(reward)
            if termination or truncation:
                aec.step(None)
                continue
            legal = numpy.flatnonzero(observation["action_mask"])
            aec.step(int(rng.choice(list(legal))))
        state = aec.game_state
        assert state.is_over
        assert list(totals.values()) == pytest.approx(list(state.utilities))

    def test_gymnasium_rewards_add_up_to_the_utility(
        self, game: str, players: int, options: Any
    ) -> None:
        pytest.importorskip("gymnasium")
        from cardrules.adapters.gymnasium import CardRulesGymEnv

        env = CardRulesGymEnv(game, players=players, seat=1, options=options)
        _, info = env.reset(seed=6)
        rng = random.Random(6)
        total, done = 0.0, False
        while not done:
            legal = [i for i, bit in enumerate(info["action_mask"]) if bit]
            _, reward, terminated, truncated, info = env.step(rng.choice(legal))
            total += float(reward)
            done = terminated or truncated
        state = env.game_state
        assert state is not None
        assert state.is_over
        assert total == pytest.approx(state.utilities[1])

    def test_the_illegal_penalty_is_worse_than_any_utility(
        self, game: str, players: int, options: Any
    ) -> None:
        state = _played(game, players, options, 7)
        worst, best = utility_bounds(state.game)
        assert worst <= min(state.utilities)
        assert max(state.utilities) <= best
        assert illegal_penalty(state.game, "match") <= min(worst, -1.0)
        # the default is one round's worst utility: no round of the match scores below it
        utility = state.game.match_rules.utility
        assert all(
            illegal_penalty(state.game) <= utility(score)
            for row in state.round_scores
            for score in row
        )

    def test_analysis_margins_are_never_negative(
        self, game: str, players: int, options: Any
    ) -> None:
        plan = MatchPlan(game, players, ("random",) * players, (), options, 10_000)
        rows = [play_one(plan, seed) for seed in range(6)]
        assert {row.higher_wins for row in rows} == {
            new_game(game, players=players, options=options).game.match_rules.higher_wins
        }
        for row in rows:
            assert margin_of_victory(row.totals, row.winners, higher_wins=row.higher_wins) >= 0
        assert design_metrics(rows).margin[0] >= 0


def _points(bot_of: Any, seeds: range, *, flipped: bool = False) -> int:
    """Points seat 0's bot takes over one-round matches of high-tricks against two random bots.

    ``flipped``: the game is told that the lowest total wins, so a search bot
    plays to take as few points as it can (what a bot that ignored the
    declaration would do).
    """
    taken = 0
    for seed in seeds:
        state = new_game(high_tricks.NAME, players=3, seed=seed, options={"target": 1})
        if flipped:
            state.game.match_rules = attrs.evolve(state.game.match_rules, higher_wins=False)
        bots = [bot_of(state.game, seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        play_match(state, bots)
        taken += state.scores[0]
    return taken


def _ismcts(game: Any, seed: int) -> ISMCTSBot:
    return ISMCTSBot(game, iterations=50, seed=seed, rollout="random")


def _ismcts_win(game: Any, seed: int) -> ISMCTSBot:
    return ISMCTSBot(game, iterations=50, seed=seed, rollout="random", objective="win")


def _flat(game: Any, seed: int) -> FlatMonteCarloBot:
    return FlatMonteCarloBot(game, rollouts=24, seed=seed, policy="random")


@pytest.mark.parametrize("bot_of", [_ismcts, _flat], ids=["ismcts", "flat"])
def test_search_plays_in_the_declared_direction(bot_of: Any) -> None:
    """Where the highest total wins, search takes more points than random play on the same deals,
    and told the opposite it takes fewer: the bots read the declaration."""
    seeds = range(40)
    randomly = _points(lambda game, seed: RandomBot(seed), seeds)
    searched = _points(bot_of, seeds)
    losing = _points(bot_of, seeds, flipped=True)
    assert searched > 1.15 * randomly, (searched, randomly, losing)
    assert losing < randomly, (searched, randomly, losing)
    assert losing < 0.8 * searched, (searched, randomly, losing)


class TestRefusalsNameTheAuthorsRule:
    """A game without ``cardrules_explain_illegal`` still refuses with a rule of its own."""

    def test_the_move_class_names_the_rule_and_its_line_is_quoted(self) -> None:
        state = new_game(high_tricks.NAME, players=3, seed=1)
        hand = state.observation(0).hand
        absent = next(card for card in high_tricks.CARDS if card not in hand)
        before = state.clone()
        with pytest.raises(IllegalMoveError) as refused:
            state.apply(f"play {absent}")
        assert refused.value.rule == "T2"
        assert high_tricks.RULES["T2"] in refused.value.message
        assert state.history == before.history
        assert state.observation(0) == before.observation(0)

    def test_a_move_rule_outside_the_rules_is_refused(self) -> None:
        with pytest.raises(ValueError, match="move_rule"):
            GameSpec("x", "X", 2, 2, object, plugin=object(), rules={"A1": "a"}, move_rule="B2")
        with pytest.raises(ValueError, match="twice"):
            GameSpec("x", "X", 2, 2, object, plugin=object(), rules=[("A1", "a"), ("A1", "b")])
