"""The HTML replay viewer's content: every position, its move, words and scores; no leaks.

The page itself is exercised in a real browser by `tests.test_replay_browser`.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import cardrules.svg
from cardrules import InvalidSeatError, new_game
from cardrules.cli import cli
from cardrules.records import load_record, replay
from cardrules.records.replay_html import (
    page_data,
    plain_text,
    replay_frames,
    replay_html,
    winner_text,
)
from tests.observer_support import GNOMING_GAME, ROOK_GAME
from tests.support import random_moves


def record_of(name: str, players: int, seed: int, moves: int, **options: object) -> str:
    """A record of a match played at random for up to ``moves`` moves, as JSON."""
    state = new_game(name, players=players, seed=seed, options=options)
    random_moves(state, random.Random(seed), moves)
    return json.dumps(state.record())


@pytest.fixture(scope="module")
def gnoming_record() -> str:
    return record_of(GNOMING_GAME, 3, seed=8, moves=100_000, rounds=2)


def test_frames_follow_the_record_move_by_move(gnoming_record: str) -> None:
    """One frame per position: the deal, then each move in notation, words and scores."""
    record = load_record(gnoming_record)
    data = replay_frames(record)
    frames = data["frames"]
    assert len(frames) == len(record.moves) + 1
    assert frames[0]["move"] is None
    assert [f["move"] for f in frames[1:]] == list(record.moves)
    states = list(replay(record))
    assert [f["seat"] for f in frames[1:]] == [s.current_player for s in states[:-1]]
    assert data["round_scores"] == [list(r) for r in record.round_scores or ()]
    assert data["seed"] == record.seed
    ends = [n for n in range(1, len(states)) if states[n].round != states[n - 1].round]
    ends += [len(states) - 1] if states[-1].is_over and ends[-1:] != [len(states) - 1] else []
    assert data["round_ends"] == ends
    for frame in frames[1:]:
        words = " ".join(text for text, _ in frame["narration"])
        assert f"seat {frame['seat']}" in words
        assert "[bold]" not in words
        assert "[/" not in words
    # After a round's last move the finished round shows, every card turned up (G18).
    last = frames[ends[0]]
    assert 'class="card back"' not in last["svg"]
    assert "Round scores" in last["narration"][-1][0]


def test_a_seat_page_holds_only_that_seats_knowledge(gnoming_record: str) -> None:
    """Each picture is the seat's own view, unchanged by the cards hidden from it; no seed."""
    record = load_record(gnoming_record)
    data = replay_frames(record, seat=1, to_move=150)
    assert "seed" not in data
    states = list(replay(record))[:151]
    rng = random.Random(3)
    ends = set(data["round_ends"])
    checked = 0
    for number in range(0, len(states), 7):
        frame = data["frames"][number]
        assert 'class="card face-down"' not in frame["svg"]  # the whole table's mark
        if number in ends:
            continue
        state = states[number]
        twin = state.clone()
        twin.set_round_state(state.game.shuffle_hidden(state.round_state, 1, rng))
        assert frame["svg"] == cardrules.svg.draw(twin, 1)
        checked += 1
    assert checked > 10


def test_the_page_is_self_contained_and_carries_the_frames(gnoming_record: str) -> None:
    """No link, no external resource; the packed data reads back as the frames."""
    page = replay_html(gnoming_record, seat=0, to_move=40)
    assert "://" not in page
    assert not re.search(r"\b(src|href)\s*=", page)
    assert f"seed {load_record(gnoming_record).seed}" not in page
    data = page_data(page)
    assert data == replay_frames(gnoming_record, seat=0, to_move=40)
    assert len(data["frames"]) == 41
    assert len(page) < 200_000


def test_rook_pages_show_the_contract_and_own_hand_only() -> None:
    """A Rook seat page: the seat's cards by name, the others' hands as counts."""
    text = record_of(ROOK_GAME, 3, seed=4, moves=60, rounds=1)
    record = load_record(text)
    data = replay_frames(record, seat=2)
    states = list(replay(record))
    for state, frame in zip(states, data["frames"], strict=True):
        assert frame["svg"] == cardrules.svg.draw(state, 2)
        assert "Contract:" in frame["svg"]


def test_narration_markup_becomes_plain_text() -> None:
    """Rich markup is stripped; tables become preformatted text; nothing is interpreted."""
    assert plain_text("[bold]seat 1[/bold] takes <b>&amp;") == ("seat 1 takes <b>&amp;", False)
    from rich.table import Table

    table = Table("#", "meld")
    table.add_row("0", "R1 R2 R3 R4")
    text, pre = plain_text(table)
    assert pre
    assert "R1 R2 R3 R4" in text


@pytest.mark.parametrize("seat", [None, 1])
def test_the_last_frame_names_the_winner(gnoming_record: str, seat: int | None) -> None:
    """The frame that ends the match says who won, from the engine's winners."""
    record = load_record(gnoming_record)
    final = list(replay(record))[-1]
    assert final.is_over
    data = replay_frames(record, seat=seat)
    assert data["winners"] == list(final.winners)
    words = [text for text, _ in data["frames"][-1]["narration"]]
    (named,) = [w for w in words if w.startswith("Match over.")]
    for s in range(record.players):
        assert (f"seat {s}" in named) == (s in final.winners)
    assert f"total {final.scores[final.winners[0]]}" in named
    # no frame before the last one claims a winner
    assert not any(
        text.startswith("Match over.") for f in data["frames"][:-1] for text, _ in f["narration"]
    )


def test_a_shared_win_names_every_winner() -> None:
    """Two seats level at the end share the win, and the text says so."""

    class Level:
        winners = (0, 2)
        scores = (11, 30, 11)

    assert winner_text(Level()) == (  # type: ignore[arg-type]
        "Match over. Winners: seat 0 and seat 2 (shared win), total 11 each."
    )


def test_a_seat_outside_the_match_is_refused(gnoming_record: str) -> None:
    with pytest.raises(InvalidSeatError, match="0 to 2"):
        replay_frames(gnoming_record, seat=3)


def test_cli_writes_the_page(tmp_path: Path, gnoming_record: str) -> None:
    """``cardrules replay FILE --html OUT [--seat N]``; a bad seat or suffix writes nothing."""
    source = tmp_path / "match.json"
    source.write_text(gnoming_record)
    out = tmp_path / "match.html"
    runner = CliRunner()
    command = ["replay", str(source), "--html", str(out), "--seat", "2", "--to", "30"]
    result = runner.invoke(cli, command)
    assert result.exit_code == 0, result.output
    assert "seen from seat 2" in result.output
    data = page_data(out.read_text())
    assert (data["seat"], len(data["frames"])) == (2, 31)
    for bad in (["--seat", "5"], []):
        wrong = tmp_path / ("x.html" if bad else "x.txt")
        result = runner.invoke(cli, ["replay", str(source), "--html", str(wrong), *bad])
        assert result.exit_code != 0
        assert not wrong.exists()
