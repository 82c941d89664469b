"""Gnoming's ``diagonals`` and ``knock`` end to end: CLI play and simulate, records, adapters."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardrules import new_game
from cardrules.analysis.simulate import simulate
from cardrules.cli import cli
from cardrules.plugins.variant_state import variant_state
from cardrules.records import check_record

VARIANTS = ["diagonals", "knock"]


@pytest.mark.rule("G9", "G19")
def test_cli_play_records_and_replays_both_variants() -> None:
    """``cardrules play --json`` with both: the record names them, holds knocks, and replays."""
    runner = CliRunner()
    args = ["play", "gnoming-a-round", "-n", "3", "-s", "4", "--json"]
    result = runner.invoke(cli, [*args, "--variant", "diagonals", "--variant", "knock"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["variants"] == VARIANTS
    assert any(states["knock"]["knocker"] is not None for states in record["variant_states"])
    assert "knock" in record["moves"]
    replayed = new_game("gnoming-a-round", players=3, seed=4, variants=VARIANTS)
    for move in record["moves"]:
        replayed.apply(move)
    assert check_record(json.loads(json.dumps(replayed.record())))  # replays to the same state


@pytest.mark.rule("G9")
def test_simulate_compares_knock_with_the_plain_game() -> None:
    """``simulate --compare-variant knock`` runs; greedy bots knock, so the seeds end sooner."""
    runner = CliRunner()
    args = ["simulate", "gnoming-a-round", "-g", "2", "-n", "4", "--bots", "greedy"]
    result = runner.invoke(cli, [*args, "--compare-variant", "knock"])
    assert result.exit_code == 0, result.output
    assert "What knock changes" in result.output
    plain = simulate("gnoming-a-round", games=4, players=4, bots=["greedy"])
    knock = simulate("gnoming-a-round", games=4, players=4, bots=["greedy"], variants=["knock"])
    assert sum(row.decisions for row in knock) < sum(row.decisions for row in plain)


def test_human_play_help_lists_the_knock(tmp_path: Path) -> None:
    """``help`` in human play shows the knock's prompt line."""
    runner = CliRunner()
    args = ["play", "gnoming-a-round", "-n", "3", "--variant", "knock", "--human", "0"]
    args += ["--save", str(tmp_path / "game.json")]
    result = runner.invoke(cli, args, input="help\nquit\n")
    assert "knock    instead of drawing" in result.output


def test_pettingzoo_masks_hold_the_knock() -> None:
    """The PettingZoo env: the knock's action id is in the mask when it is legal, and works."""
    pytest.importorskip("pettingzoo")
    from cardrules.adapters.pettingzoo import raw_env

    aec = raw_env("gnoming-a-round", players=3, variants=VARIANTS, options={"rounds": 1})
    aec.reset(seed=3)
    state = aec.game_state
    assert state is not None
    knock_id = state.action_space.size - 1
    rng = random.Random(0)
    knocked = 0
    for agent in aec.agent_iter():
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        legal = aec.legal_actions(agent)
        if mask[knock_id]:
            knocked += 1
            action = knock_id
        else:
            action = legal[rng.randrange(len(legal))]
        aec.step(action)
    assert knocked == 1
    assert variant_state(state.finished_rounds[-1], "knock").knocker is not None


def test_openspiel_plays_both_variants() -> None:
    """OpenSpiel's random simulation test passes with both variants."""
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.adapters.openspiel import GAMES

    short = GAMES["gnoming-a-round"][0]
    game = pyspiel.load_game(short, {"rounds": 1, "rng_seed": 5, "variants": "diagonals,knock"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
