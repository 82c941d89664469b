"""A recorded match as one self-contained HTML page: step through it move by move.

`replay_html` replays a game record and writes every position as an SVG
picture (`cardrules.svg`) into a single HTML file with first/previous/next/
last buttons, a slider and the arrow keys to move between them; each
position shows the move that led to it in notation and in words (the game's
narration, ``cardrules_narrate``, as plain text) and the scores of the rounds
finished so far. The page loads nothing from anywhere: its styles, script and
pictures are inline, so it can be mailed or attached to a bug report.

Two kinds of page:

* without a seat, the whole table (every hand and face-down card, for
  studying a match), with the record's seed;
* with ``seat=N``, only what seat N may know at every step: each picture is
  drawn from that seat's observation, the narration is the game's public
  description, and the seed (which would reveal every shuffle) is left out.

After the move that ends a round, the finished round is shown (every card
turned up where the game reveals them); the next move is the first of the
next round. The frame that ends the match names the winner(s), as the
terminal's narration does (`winner_text`).
"""

from __future__ import annotations

import base64
import gzip
import html
import io
import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from cardrules.engine.game_state import GameState
from cardrules.errors import InvalidSeatError, quote
from cardrules.records.game_records import GameRecord, load_record
from cardrules.records.replay import replay
from cardrules.svg.pictures import draw, draw_observation, draw_round

__all__ = [
    "pack",
    "page_data",
    "plain_text",
    "render_page",
    "replay_frames",
    "replay_html",
    "unpack",
    "winner_text",
]


def plain_text(item: Any, width: int = 100) -> tuple[str, bool]:
    """A narration item as plain text: ``(text, preformatted)``.

    Strings are rich markup (``"[bold]seat 1[/bold] draws"``): the markup is
    removed. Other items (rich tables, columns) are rendered as monospaced
    text ``width`` characters wide, without colour, and flagged preformatted.
    """
    if isinstance(item, str):
        return Text.from_markup(item).plain, False
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(item)
    return out.getvalue().rstrip(), True


def replay_frames(
    record: GameRecord | str | bytes | Path | Mapping[str, Any],
    *,
    seat: int | None = None,
    to_move: int | None = None,
    catalogue: Any = None,
) -> dict[str, Any]:
    """Every position of a recorded match, drawn, with its move, narration and scores.

    Args:
        record: a `GameRecord`, or anything `cardrules.records.load_record` reads.
        seat: draw what this seat (``0 .. players-1``) may know; ``None``: the whole table.
        to_move: stop after this move number (``None``: the whole record).
        catalogue: where to find the game (default: the installed plugins).

    Returns:
        JSON-ready data: ``{"title", "players", "seat", "seed" (whole-table
        pages only), "frames", "round_scores", "round_ends", "moves_total"}``.
        ``frames[0]`` is the deal; ``frames[n]`` follows move ``n`` and holds
        ``{"number", "round", "seat", "move", "narration": [[text,
        preformatted], ...], "svg"}``. ``round_ends[r]`` is the frame that
        finishes round ``r`` (scores ``round_scores[r]``).

    Raises:
        RecordError: the record is malformed or not a legal match (see
            `cardrules.records.replay`).
        InvalidSeatError: ``seat`` is not a seat of the record's match.
    """
    if not isinstance(record, GameRecord):
        record = load_record(record)
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < record.players
    ):
        raise InvalidSeatError(f"seat must be 0 to {record.players - 1} or None, got {quote(seat)}")
    last = len(record.moves) if to_move is None else min(max(to_move, 0), len(record.moves))
    states = replay(record, catalogue=catalogue)
    previous = next(states)
    frames = [_frame(previous, 0, None, None, [], seat)]
    round_ends: list[int] = []
    for number in range(1, last + 1):
        current = next(states)
        mover = previous.current_player
        assert mover is not None
        move = previous.parse_move(record.moves[number - 1])
        ended = current.round != previous.round or current.is_over
        after = current.finished_rounds[-1] if ended else current.round_state
        words = current.game.narrate(previous.round_state, mover, move, after)
        if ended:
            round_ends.append(number)
            words.append("Round scores: " + ", ".join(map(str, current.round_scores[-1])))
        if current.is_over:
            words.append(winner_text(current))
        frames.append(_frame(current, number, mover, str(move), words, seat, ended))
        previous = current
    if last == len(record.moves):
        for _ in states:  # checks the recorded results against the replay
            pass
    who = f"seen from seat {seat}" if seat is not None else "the whole table"
    data: dict[str, Any] = {
        "title": f"{previous.game.spec.title}, {record.players} players: {who}",
        "game": record.game,
        "players": record.players,
        "seat": seat,
        "variants": list(record.variants),
        "frames": frames,
        "round_scores": [list(scores) for scores in previous.round_scores],
        "round_ends": round_ends,
        "moves_total": len(record.moves),
    }
    if previous.is_over:
        data["winners"] = list(previous.winners)
    if seat is None:
        data["seed"] = record.seed
    return data


def winner_text(state: GameState) -> str:
    """Who won a finished match, from the engine's ``state.winners``, with their totals.

    ``"Match over. Winner: seat 2, total 11."``; a shared win names every
    winner (``"Winners: seat 0 and seat 2 (shared win), total 11 each."``).
    """
    names = " and ".join(f"seat {s}" for s in state.winners)
    totals = sorted({state.scores[s] for s in state.winners})
    if len(state.winners) == 1:
        return f"Match over. Winner: {names}, total {totals[0]}."
    each = f"total {totals[0]} each"
    if len(totals) > 1:  # a shared win need not be a tie, if a game says so
        each = "totals " + ", ".join(map(str, totals))
    return f"Match over. Winners: {names} (shared win), {each}."


def _frame(
    state: GameState,
    number: int,
    mover: int | None,
    move: str | None,
    words: list[Any],
    seat: int | None,
    ended: bool = False,
) -> dict[str, Any]:
    if ended:  # the finished round, not the next deal
        finished = state.finished_rounds[-1]
        scores = tuple(state.round_scores)
        if seat is None:
            svg = draw_round(state.game, finished, scores)
        else:
            svg = draw_observation(state.game, state.game.observation(finished, seat, scores, ()))
        shown_round = len(scores) - 1
    else:
        svg = draw(state, seat)
        shown_round = state.round
    return {
        "number": number,
        "round": shown_round,
        "seat": mover,
        "move": move,
        "narration": [list(plain_text(item)) for item in words],
        "svg": str(svg),
    }


def replay_html(
    record: GameRecord | str | bytes | Path | Mapping[str, Any],
    *,
    seat: int | None = None,
    to_move: int | None = None,
    catalogue: Any = None,
) -> str:
    """The replay page of a recorded match, as HTML text (see the module docstring).

    Args and raises as `replay_frames`.
    """
    return render_page(replay_frames(record, seat=seat, to_move=to_move, catalogue=catalogue))


def render_page(data: Mapping[str, Any]) -> str:
    """The replay page showing ``data`` (what `replay_frames` returns), as HTML text."""
    page = (
        resources.files("cardrules.records")
        .joinpath("replay_page.html")
        .read_text(encoding="utf-8")
    )
    return page.replace("{{title}}", html.escape(data["title"])).replace("{{data}}", pack(data))


def pack(data: Any) -> str:
    """JSON data gzipped and base64-encoded, as the page carries it (about 1/50 of the JSON).

    Consecutive positions differ little, so the pictures of a long match
    (thousands of moves) compress to a page of a few megabytes; the page
    unpacks them with the browser's ``DecompressionStream``.
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(gzip.compress(text.encode("utf-8"), mtime=0)).decode("ascii")


def unpack(text: str) -> Any:
    """The data `pack` packed (for tests and tools reading a page)."""
    return json.loads(gzip.decompress(base64.b64decode(text)).decode("utf-8"))


def page_data(page: str) -> Any:
    """The data a replay page carries, read back from the page's HTML text.

    Raises:
        ValueError: ``page`` is not a replay page.
    """
    start = page.find(_DATA_OPEN)
    end = page.find("</script>", start)
    if start < 0 or end < 0:
        raise ValueError("not a cardrules replay page: no replay data")
    return unpack(page[start + len(_DATA_OPEN) : end].strip())


_DATA_OPEN = '<script type="text/plain" id="replay-data">'
