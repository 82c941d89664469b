"""Web tables lose nothing: a killed server resumes every table; a move sent twice counts once.

The server runs as ``cardrules serve`` in a child process on a free loopback
port. Tables of both games are played part way through HTTP and a WebSocket,
the process is killed (SIGKILL: no chance to save anything more), a new
server starts on the same ``--data`` folder, and every seat's view must be
exactly as before the kill. Killed again while bots are moving, the tables
go on from their saved records.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardrules.records import check_record
from tests.web_support import free_port

httpx = pytest.importorskip("httpx")
sync_client = pytest.importorskip("websockets.sync.client")


@contextmanager
def serving(data: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``cardrules serve`` in a child process: ``(base URL, process)``, killed on exit."""
    port = free_port()
    command = [sys.executable, "-m", "cardrules.cli", "serve", "--port", str(port)]
    process = subprocess.Popen([*command, "--data", str(data)], stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("cardrules serve did not start")
            time.sleep(0.1)
        yield base, process
    finally:
        process.kill()
        process.wait(timeout=30)


def _settled(base: str, seats: dict[str, str]) -> dict[str, Any]:
    """Every human seat's view once a person must decide (the bots have moved) or it is over."""
    deadline = time.monotonic() + 60
    while True:
        views = {seat: httpx.get(base + path + "/view.json").json() for seat, path in seats.items()}
        view = next(iter(views.values()))
        decided = view["over"] or str(view["to_move"]) in seats
        if decided and len({v["version"] for v in views.values()}) == 1:
            return views
        if time.monotonic() > deadline:
            raise AssertionError(f"the bots did not move: {view['to_move']}")
        time.sleep(0.02)


def _play(base: str, seats: dict[str, str], rng: random.Random, moves: int) -> None:
    """Up to ``moves`` random legal moves of the people (over HTTP), the bots answering."""
    for _ in range(moves):
        views = _settled(base, seats)
        view = next(iter(views.values()))
        if view["over"]:
            return
        mover = views[str(view["to_move"])]
        move = rng.choice(mover["moves"])
        path = seats[str(view["to_move"])] + "/move"
        answer = httpx.post(base + path, json={"version": mover["version"], "move": move})
        assert answer.status_code == 200, answer.text


TABLES = [
    ("gnoming-a-round", ["human", "greedy", "human"]),
    ("toonerville-rook", ["human", "random", "greedy"]),
]


def test_a_killed_server_resumes_every_table_at_its_last_move(tmp_path: Path) -> None:
    rng = random.Random(8)
    made = []
    with serving(tmp_path) as (base, _):
        for game, kinds in TABLES:
            body = {"game": game, "players": 3, "seats": kinds, "options": {"rounds": 1}}
            made.append(httpx.post(base + "/tables", json=body).json())
        for table in made:
            _play(base, table["seats"], rng, 8)
        before = [_settled(base, table["seats"]) for table in made]
        assert all(not next(iter(views.values()))["over"] for views in before)
        # killed here, by SIGKILL, on leaving the block
    with serving(tmp_path) as (base, process):
        after = [_settled(base, table["seats"]) for table in made]
        assert after == before
        # Killed again while the bots are still moving: resumed, they go on.
        table = made[1]
        view = _settled(base, table["seats"])["0"]
        body = {"version": view["version"], "move": view["moves"][0]}
        assert httpx.post(base + table["seats"]["0"] + "/move", json=body).status_code == 200
        process.kill()
        process.wait(timeout=30)
    with serving(tmp_path) as (base, _):
        for table in made:
            _play(base, table["seats"], rng, 5)
            view = _settled(base, table["seats"])["0"]
            saved = json.loads((tmp_path / f"{table['table']}.json").read_text(encoding="utf-8"))
            assert saved["version"] == view["version"]
            assert len(check_record(saved["record"]).history) == len(saved["record"]["moves"])


def test_a_move_sent_twice_is_applied_once(tmp_path: Path) -> None:
    with serving(tmp_path) as (base, _):
        body = {"game": "gnoming-a-round", "players": 3, "seats": ["human"]}
        table = httpx.post(base + "/tables", json=body).json()
        seat0 = table["seats"]["0"]
        view = httpx.get(base + seat0 + "/view.json").json()
        move = {"version": view["version"], "move": view["moves"][0]}
        first = httpx.post(base + seat0 + "/move", json=move)
        second = httpx.post(base + seat0 + "/move", json=move)
        assert first.status_code == 200
        assert second.status_code == 409
        assert "Stale page" in second.json()["error"]
        now = httpx.get(base + seat0 + "/view.json").json()
        assert now["version"] == view["version"] + 1 == first.json()["version"]
        # The same over a WebSocket: one view for the move, one refusal for its replay.
        seat1 = table["seats"]["1"]
        with sync_client.connect(base.replace("http", "ws") + seat1 + "/ws") as socket:
            shown = json.loads(socket.recv(timeout=30))
            message = json.dumps(
                {"type": "move", "version": shown["version"], "move": "reveal 0 1"}
            )
            socket.send(message)
            socket.send(message)
            answers = [json.loads(socket.recv(timeout=30)) for _ in range(2)]
        kinds = sorted(answer["type"] for answer in answers)
        assert kinds == ["refused", "view"]
        refused = next(answer for answer in answers if answer["type"] == "refused")
        assert "Stale page" in refused["message"]
        record = httpx.get(base + seat1 + "/view.json").json()
        assert record["version"] == shown["version"] + 1
        saved = json.loads((tmp_path / f"{table['table']}.json").read_text(encoding="utf-8"))
        assert saved["record"]["moves"] == ["reveal 0 1", "reveal 0 1"]


def test_a_page_never_shows_a_move_not_yet_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Views wait for a change's save: a move on screen survives a kill at any moment.

    Saving is slowed down (50 ms) while the bots play; every view read meanwhile
    must be of a version already in the table's file.
    """
    from starlette.testclient import TestClient

    from cardrules.web.app import create_app
    from cardrules.web.storage import TableStore

    saved: list[int] = [0]
    real_save = TableStore.save

    def slow_save(store: TableStore, table: Any) -> None:
        time.sleep(0.05)
        real_save(store, table)
        saved.append(json.loads(store.path(table.id).read_text(encoding="utf-8"))["version"])

    monkeypatch.setattr(TableStore, "save", slow_save)
    with TestClient(create_app(tmp_path)) as client:
        body = {"game": "gnoming-a-round", "players": 3, "seats": ["human", "greedy", "greedy"]}
        table = client.post("/tables", json=body).json()
        view_path = table["seats"]["0"] + "/view.json"
        view = client.get(view_path).json()
        moved = client.post(
            table["seats"]["0"] + "/move", json={"version": view["version"], "move": "reveal 0 1"}
        )
        assert moved.status_code == 200, moved.text
        seen = set()
        deadline = time.monotonic() + 60
        while str(view["to_move"]) != "0" or view["version"] < 3:
            view = client.get(view_path).json()
            assert view["version"] <= max(saved), (view["version"], saved)
            seen.add(view["version"])
            assert time.monotonic() < deadline, "the bots did not move"
        assert len(seen) >= 2  # the views were read while the bots played
