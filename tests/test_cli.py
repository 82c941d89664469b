"""The cardrules command line, driven as a user would run it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import new_game
from cardrules.cli import main

SCRIPT = Path(sys.executable).with_name("cardrules")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the installed console script."""
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


class TestGames:
    def test_lists_games_with_player_ranges(self) -> None:
        """`cardrules games` shows the game, its range and its variants."""
        result = run("games")
        assert result.returncode == 0
        assert "gnoming-a-round" in result.stdout
        assert "3-7" in result.stdout
        assert "no-bounce" in result.stdout


class TestPlay:
    @pytest.mark.rule("G17", "G25")
    def test_seven_players_play_three_rounds_to_a_winner(self) -> None:
        """The done-when command: 7 players, seed 1, three rounds and a winner."""
        result = run("play", "gnoming-a-round", "--players", "7", "--seed", "1")
        assert result.returncode == 0, result.stderr
        out = result.stdout
        for n in (1, 2, 3):
            assert f"Round {n} is over" in out
        assert "Round 4" not in out
        assert "Winner: seat" in out
        assert "##" in out  # face-down cards are shown hidden
        assert "Traceback" not in out + result.stderr

    def test_json_prints_a_replayable_record(self, capsys: pytest.CaptureFixture[str]) -> None:
        """--json prints the game record."""
        assert main(["play", "gnoming-a-round", "--players", "3", "--seed", "4", "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        assert record["game"] == "gnoming-a-round"
        assert record["seed"] == 4
        assert record["over"] is True
        assert record["truncated"] is False
        assert len(record["round_scores"]) == 3

    def test_same_seed_prints_the_same_match(self, capsys: pytest.CaptureFixture[str]) -> None:
        """A seed fixes the whole bot match."""
        args = [
            "play",
            "gnoming-a-round",
            "--players",
            "4",
            "--seed",
            "8",
            "--bots",
            "greedy,random",
            "--json",
        ]
        main(args)
        first = capsys.readouterr().out
        main(args)
        assert capsys.readouterr().out == first

    def test_decision_cap_reports_truncation(self, capsys: pytest.CaptureFixture[str]) -> None:
        """A capped match is reported as truncated, with no winner."""
        assert main(["play", "gnoming-a-round", "-n", "3", "-s", "1", "--max-decisions", "20"]) == 0
        out = capsys.readouterr().out
        assert "Truncated after 20 decisions" in out
        assert "Winner" not in out

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["play", "golf", "--players", "3"], "unknown game 'golf'"),
            (["play", "gnoming-a-round", "--players", "2"], "3 to 7 players, got 2"),
            (["play", "gnoming-a-round", "--players", "8"], "3 to 7 players, got 8"),
            (
                ["play", "gnoming-a-round", "--players", "3", "--seed", "x"],
                "'x' is not a valid integer",
            ),
            (
                ["play", "gnoming-a-round", "--players", "3", "--bots", "smart"],
                "unknown bot 'smart'",
            ),
            (["play", "gnoming-a-round", "--players", "3", "--option", "bouncing"], "NAME=VALUE"),
            (["play", "gnoming-a-round", "--players", "3", "--variant", "nope"], "unknown variant"),
            (["play", "gnoming-a-round"], "--players"),
            (["frobnicate"], "No such command"),
        ],
    )
    def test_bad_arguments_give_one_line_and_exit_2(
        self, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Bad arguments: one error line on stderr, exit code 2, no traceback."""
        assert main(args) == 2
        captured = capsys.readouterr()
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1, captured.err
        assert lines[0].startswith("cardrules: error:")
        assert message in lines[0]

    def test_bad_arguments_from_the_real_script(self) -> None:
        """The installed script behaves the same: exit 2, one line, no traceback."""
        result = run("play", "gnoming-a-round", "--players", "8", "--seed", "1")
        assert result.returncode == 2
        assert result.stderr.strip().count("\n") == 0
        assert "Traceback" not in result.stderr

    def test_options_and_variants_reach_the_game(self, capsys: pytest.CaptureFixture[str]) -> None:
        """--option and --variant are recorded in the game record."""
        main(
            [
                "play",
                "gnoming-a-round",
                "-n",
                "3",
                "-s",
                "2",
                "--json",
                "--variant",
                "no-bounce",
                "--option",
                "hazard_points=7",
            ]
        )
        record = json.loads(capsys.readouterr().out)
        assert record["variants"] == ["no-bounce"]
        assert record["options"]["bouncing"] is False
        assert record["options"]["hazard_points"] == 7


class TestPlayRook:
    def test_rook_player_range_is_three_to_five(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Six players are refused with a one-line error."""
        assert main(["play", "toonerville-rook", "--players", "6"]) == 2
        assert "3 to 5 players, got 6" in capsys.readouterr().err


class TestOutputsAndPaths:
    def test_json_with_save_keeps_stdout_pure_json(self, tmp_path: Path) -> None:
        """--json --save: stdout is exactly the record; the save notice goes to stderr."""
        saved = tmp_path / "r.json"
        result = run(
            "play", "gnoming-a-round", "-n", "3", "-s", "1", "--json", "--save", str(saved)
        )
        assert json.loads(result.stdout) == json.loads(saved.read_text())
        assert "Record saved" in result.stderr

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (
                ["play", "gnoming-a-round", "-n", "3", "--save", "/no/such/dir/x.json"],
                "no such folder",
            ),
            (["play", "gnoming-a-round", "-n", "3", "--human", "0", "--json"], "--human"),
            (["play", "gnoming-a-round", "-n", "3", "--max-decisions", "0"], "x>=1"),
            (
                ["simulate", "gnoming-a-round", "-g", "1", "--out", "/no/such/dir/x.csv"],
                "no such folder",
            ),
            (
                ["simulate", "gnoming-a-round", "-g", "1", "--compare-variant", "nope"],
                "unknown variant",
            ),
        ],
    )
    def test_bad_outputs_are_refused_before_any_work(
        self, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Paths and settings are checked first: one line, exit code 2, nothing printed before."""
        assert main(args) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert message in captured.err


class TestSpaces:
    def test_prints_every_action_block_and_tensor_plane(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The printed layout is the game's own: every block and plane, with the sizes."""
        pytest.importorskip("numpy")
        assert main(["spaces", "toonerville-rook", "--players", "3"]) == 0
        out = capsys.readouterr().out
        state = new_game("toonerville-rook", players=3, seed=0)
        assert f"Action ids: {state.action_space.size:,}" in out
        for block in state.action_space.blocks:
            assert f" {block.name}: {block.layout}" in out
        layout = state.game.tensor_layout
        assert f"Observation tensor: {layout.size:,} float32 values" in out
        for plane in layout.planes:
            assert f" {plane.name} {list(plane.shape)}:" in out

    def test_variants_change_the_numbering(self, capsys: pytest.CaptureFixture[str]) -> None:
        """more-naturals forbids Rook-heavy melds, so it has fewer ids; a bad variant exits 2."""
        main(["spaces", "toonerville-rook", "-n", "3"])
        plain = capsys.readouterr().out.splitlines()[0]
        main(["spaces", "toonerville-rook", "-n", "3", "--variant", "more-naturals"])
        fewer = capsys.readouterr().out.splitlines()[0]
        assert plain != fewer
        assert main(["spaces", "toonerville-rook", "--variant", "nope"]) == 2


class TestSearchBot:
    def test_ismcts_plays_a_seat_from_the_command_line(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """--bots ismcts puts the search bot in a seat; the match finishes to a winner."""
        args = ["play", "gnoming-a-round", "-n", "3", "-s", "3", "--option", "rounds=1"]
        assert main([*args, "--bots", "ismcts,greedy,greedy", "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        assert record["over"] is True
        assert len(record["round_scores"]) == 1
        assert record["winners"]
        assert main([*args, "--bots", "nope"]) == 2
        assert "ismcts" in capsys.readouterr().err

    def test_flat_plays_a_rook_seat_from_the_command_line(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """--bots flat puts the flat Monte Carlo bot in a seat; one Rook round finishes."""
        args = ["play", "toonerville-rook", "-n", "3", "-s", "2", "--option", "rounds=1"]
        assert main([*args, "--bots", "flat,greedy,greedy", "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        assert record["over"] is True
        assert len(record["round_scores"]) == 1
