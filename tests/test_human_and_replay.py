"""Human play in the terminal, and replays, driven as a person would drive them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cardrules.records import check_record, replay

SCRIPT = Path(sys.executable).with_name("cardrules")


def run(*args: str | Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the installed console script with typed input."""
    return subprocess.run(
        [str(SCRIPT), *map(str, args)], input=stdin, capture_output=True, text=True, timeout=300
    )


class TestHumanPlay:
    def test_a_person_plays_with_numbers_and_notation_help_undo_and_quit(
        self, tmp_path: Path
    ) -> None:
        """Numbered moves and notation both work; undo obeys the rules; quitting saves."""
        saved = tmp_path / "game.json"
        typed = "\n".join(
            [
                "help",  # the help text
                "1",  # reveal 0 1, by number
                "take discard 0",  # by notation: taking a discard shows no hidden card
                "undo",  # so it may be taken back
                "draw stock",  # this shows the player a hidden card...
                "undo",  # ...so it may not
                "place 9",  # malformed: refused with the reason
                "discard 1",  # pile 1 is not empty, pile 0 neither: legal
                "quit",
            ]
        )
        result = run(
            "play",
            "gnoming-a-round",
            "-n",
            "3",
            "-s",
            "1",
            "--human",
            "0",
            "--save",
            saved,
            stdin=typed,
        )
        out = result.stdout
        assert result.returncode == 0, result.stderr
        assert "reveal: 36 moves, reveal 0 1 ... reveal 7 8" in out  # summarised
        assert "Your legal moves:" in out
        assert "undo    take back your last decision" in out
        assert "Your last decision is taken back." in out
        assert "Cannot undo: a card has been revealed since." in out
        assert "position must be a layout position 0-8, got 9" in out
        assert "##" in out  # face-down cards stay hidden, even the player's own
        record = json.loads(saved.read_text())
        states = list(replay(record))
        mine = [
            m
            for before, m in zip(states, record["moves"], strict=False)
            if before.current_player == 0
        ]
        # The taken-back move is gone: seat 0 revealed, drew from the stock, discarded.
        assert mine == ["reveal 0 1", "draw stock", "discard 1"]
        assert record["moves"][0] == "reveal 0 1"
        assert record["abandoned"] is True
        assert record["truncated"] is False
        assert "Abandoned after 10 decisions: no winner." in out
        check_record(record)  # the saved record replays

    def test_end_of_input_saves_and_stops(self, tmp_path: Path) -> None:
        """Closing the input is like quitting: the record so far is saved."""
        saved = tmp_path / "rook.json"
        result = run(
            "play",
            "toonerville-rook",
            "-n",
            "3",
            "-s",
            "5",
            "--human",
            "1",
            "--save",
            saved,
            stdin="",
        )
        assert result.returncode == 0, result.stderr
        assert "Your hand" in result.stdout
        assert json.loads(saved.read_text())["game"] == "toonerville-rook"

    def test_a_seat_that_does_not_exist_is_refused(self) -> None:
        """--human must name a seat of the match."""
        result = run("play", "gnoming-a-round", "-n", "3", "--human", "3")
        assert result.returncode == 2
        assert "seat 3 does not exist" in result.stderr


class TestReplay:
    def test_a_played_record_replays_to_the_same_scores(self, tmp_path: Path) -> None:
        """`play --json` then `replay`: the same round scores and winner."""
        record_path = tmp_path / "match.json"
        played = run("play", "gnoming-a-round", "-n", "4", "-s", "9", "--json")
        record_path.write_text(played.stdout)
        record = json.loads(played.stdout)
        shown = run("replay", record_path).stdout
        for scores in record["round_scores"]:
            assert (
                "Round scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores))
                in shown
            )
        winner = record["winners"][0]
        assert f"Winner: seat {winner}" in shown

    def test_jump_to_a_move_from_a_seat(self, tmp_path: Path) -> None:
        """--to stops after that move; --seat adds that seat's own view."""
        record_path = tmp_path / "rook.json"
        record_path.write_text(
            run("play", "toonerville-rook", "-n", "3", "-s", "2", "--json").stdout
        )
        shown = run("replay", record_path, "--seat", "1", "--to", "12").stdout
        assert "Stopped after move 12 of" in shown
        assert "Your hand" in shown
        spectator = run("replay", record_path, "--to", "12").stdout
        assert "Your hand" not in spectator

    def test_a_corrupted_record_gives_one_line(self, tmp_path: Path) -> None:
        """A bad record is refused with one line naming the problem, exit code 2."""
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "cardrules-record/1", "game": "gnoming-a-round"')
        result = run("replay", bad)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1
        assert "not valid JSON" in result.stderr
