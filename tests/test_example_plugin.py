"""The third-party example plugin installs from its own directory and changes play.

This builds a fresh virtual environment, installs cardrules and the example
(docs/examples/cardrules-golden-mulligan) into it with pip, and drives it as a
user would: the command line lists the variant, a game uses it, and the
example's own tests (which use cardrules.testing) pass there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "cardrules-golden-mulligan"


def run(*args: str | Path, cwd: Path | None = None) -> str:
    """Run a command; fail the test with its output if it fails."""
    result = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, timeout=900, cwd=cwd
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment holding cardrules[kit] and the example with its test extra, from paths.

    As an outside author's environment: the kit, not the whole test suite's tools.
    """
    where = tmp_path_factory.mktemp("example") / "venv"
    run(sys.executable, "-m", "venv", where)
    bin_dir = where / "bin"
    run(bin_dir / "pip", "install", "-q", f"{ROOT}[kit]", f"{EXAMPLE}[test]")
    return bin_dir


def test_cardrules_games_lists_the_plugin_variant(venv: Path) -> None:
    """`cardrules games` and `cardrules plugins` show the variant and where it comes from."""
    assert "golden-mulligan" in run(venv / "cardrules", "games")
    plugins = run(venv / "cardrules", "plugins")
    assert "cardrules-golden-mulligan 1.0.0" in plugins
    assert "gnoming_card_points" in plugins


REPLAY_WITHOUT_VARIANT = """
import json, sys, cardrules
from golden_mulligan import lone_mulligans
from cardrules_gnoming import score_layout
record = json.load(sys.stdin)
state = cardrules.new_game(record["game"], players=record["players"], seed=record["seed"])
for move in record["moves"]:
    state.apply(move)
rounds = [
    {
        "layouts": [score_layout(layout.cards) for layout in r.layouts],
        "lone": [lone_mulligans(layout.cards) for layout in r.layouts],
        "ender": r.ender if r.ended_by == "ender" else None,
    }
    for r in state.finished_rounds
]
print(json.dumps({"scores": state.round_scores, "rounds": rounds}))
"""


def test_a_game_uses_the_variant(venv: Path) -> None:
    """A match with the variant: -3 per lone Mulligan before G23, and a tally kept as state."""
    args = ["play", "gnoming-a-round", "-n", "4", "-s", "3", "--json"]
    golden = json.loads(run(venv / "cardrules", *args, "--variant", "golden-mulligan"))
    assert golden["variants"] == ["golden-mulligan"]
    # The same moves without the variant: the game's own layout scores and the lone Mulligans.
    replayed = subprocess.run(
        [str(venv / "python"), "-c", REPLAY_WITHOUT_VARIANT],
        input=json.dumps(golden),
        capture_output=True,
        text=True,
        check=True,
    )
    base = json.loads(replayed.stdout)
    assert any(sum(r["lone"]) for r in base["rounds"]), "seed 3 should leave a lone Mulligan"
    tally = [0] * 4
    for golden_round, r, states in zip(
        golden["round_scores"], base["rounds"], golden["variant_states"], strict=True
    ):
        layouts = [s - 3 * lone for s, lone in zip(r["layouts"], r["lone"], strict=True)]
        if r["ender"] is not None:  # G23 compares the changed layout scores
            ender = r["ender"]
            layouts[ender] += -5 if layouts[ender] == min(layouts) else 5
        assert golden_round == layouts
        # The variant's state, kept in the record: the match's golden Mulligans so far.
        tally = [t + lone for t, lone in zip(tally, r["lone"], strict=True)]
        assert states == {"golden-mulligan": {"counts": tally}}


def test_the_example_s_own_tests_pass(venv: Path) -> None:
    """The example's tests, built on cardrules.testing, pass in its environment."""
    out = run(
        venv / "python",
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        EXAMPLE / "tests",
        cwd=EXAMPLE,
    )
    assert "passed" in out
