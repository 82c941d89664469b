"""Web tables leak nothing: what a seat is sent depends only on what that seat may know.

For seeded tables of both games, at positions through whole matches, every
response and WebSocket message sent to a seat (its page, its view, its
refusals, the record links) is collected, then the cards hidden from that
seat are reshuffled on the server (``Game.shuffle_hidden``, as the engine's
leak tests do) and everything is collected again: it must be byte for byte
the same. The seed is never in anything sent before the match ends. Tokens:
another seat's or table's token, a guessed token and the watch link get
nothing private.
"""

from __future__ import annotations

import contextlib
import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardrules.bots.loading import bot_factory
from cardrules.svg import draw_round
from cardrules.web.app import create_app
from cardrules.web.tables import Table
from cardrules.web.tokens import new_token

SEED = 8_675_309_123_456_789
GAMES = [("gnoming-a-round", {"rounds": 1}), ("toonerville-rook", {"rounds": 1})]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path)) as test_client:
        yield test_client


def _create(client: TestClient, game: str, options: dict[str, Any], seats: list[str]) -> Any:
    answer = client.post(
        "/tables",
        json={"game": game, "players": 3, "seats": seats, "options": options, "seed": SEED},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def _table(client: TestClient, table_id: str) -> Table:
    table: Table = client.app.state.server.tables[table_id]  # type: ignore[attr-defined]
    return table


def _seen_by(client: TestClient, base: str, version: int, tries: list[str]) -> list[str]:
    """Everything the seat at ``base`` is sent for a fixed set of requests."""
    seen = [client.get(base + path).text for path in ("", "/view.json", "/record.json")]
    for text in tries:
        seen.append(client.post(base + "/move", json={"version": version, "move": text}).text)
    # (an undo that is allowed would change the table: ask for one from a stale page)
    seen.append(client.post(base + "/undo", json={"version": version + 1}).text)
    seen.append(client.post(base + "/move", data={"version": str(version), "move": tries[0]}).text)
    with client.websocket_connect(base + "/ws") as socket:
        seen.append(json.dumps(socket.receive_json()))
        for text in tries:
            socket.send_json({"type": "move", "version": version, "move": text})
            seen.append(json.dumps(socket.receive_json()))
    return seen


def _illegal(table: Table) -> list[str]:
    """A few moves of the game that are not legal now, and two that are not moves."""
    state = table.state
    legal = set(state.legal_actions())
    ids = [a for a in range(state.action_space.size) if a not in legal][::97][:3]
    return [str(state.move_of(a)) for a in ids] + ["x" * 2000]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_seat_is_sent_the_same_whatever_its_hidden_cards(
    client: TestClient, game: str, options: dict[str, Any]
) -> None:
    made = _create(client, game, options, ["human"])
    links = {int(seat): path for seat, path in made["seats"].items()}
    table = _table(client, made["table"])
    rng = random.Random(3)
    greedy = bot_factory("greedy", table.state.game)
    bots = [greedy(seat) for seat in range(3)]
    checked = sensitive = 0
    while not table.state.is_over:
        state = table.state
        if len(state.history) % 11 == 0:
            tries = _illegal(table)
            for seat, base in links.items():
                real = state.round_state
                seen = _seen_by(client, base, table.version, tries)
                assert all(str(SEED) not in text for text in seen)
                twin = state.game.shuffle_hidden(real, seat, rng)
                state.set_round_state(twin)
                try:
                    assert _seen_by(client, base, table.version, tries) == seen
                finally:
                    state.set_round_state(real)
                checked += 1
                scores = tuple(state.round_scores)
                if pickle.dumps(twin) != pickle.dumps(real) and (
                    draw_round(state.game, twin, scores) != draw_round(state.game, real, scores)
                ):
                    sensitive += 1  # the reshuffle changed what the whole table shows
        mover = state.current_player
        assert mover is not None
        move = str(bots[mover].choose(state.observation(mover)))
        answer = client.post(links[mover] + "/move", json={"version": table.version, "move": move})
        assert answer.status_code == 200, answer.text
    assert checked >= 15
    assert sensitive >= checked // 2
    # Once over, the record (and its seed) is offered to every seat and watcher.
    record = client.get(links[0] + "/record.json").json()
    assert record["seed"] == SEED
    assert record["scores"] == list(table.state.scores)
    assert str(SEED) in client.get(made["watch"]).text
    assert client.get(made["watch"] + "/replay.html").text.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_the_views_pushed_to_each_seat_are_its_own_and_hold_no_seed_before_the_end(
    client: TestClient, game: str, options: dict[str, Any]
) -> None:
    made = _create(client, game, options, ["human"])
    paths = [made["seats"][str(seat)] for seat in range(3)] + [made["watch"]]
    table = _table(client, made["table"])
    bots = [bot_factory("greedy", table.state.game)(seat) for seat in range(3)]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(p + "/ws")) for p in paths]
        for _ in range(10_000):
            for path, socket in zip(paths, sockets, strict=True):
                pushed = socket.receive_json()
                assert pushed == client.get(path + "/view.json").json()
                assert pushed["version"] == table.version
                assert (str(SEED) in json.dumps(pushed)) == pushed["over"]
            state = table.state
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            move = str(bots[seat].choose(state.observation(seat)))
            body = {"version": table.version, "move": move}
            assert client.post(paths[seat] + "/move", json=body).status_code == 200
    assert table.state.is_over


def test_tokens_open_one_seat_of_one_table_and_the_watch_link_nothing_private(
    client: TestClient, tmp_path: Path
) -> None:
    first = _create(client, "toonerville-rook", {"rounds": 1}, ["human", "human", "greedy"])
    second = _create(client, "gnoming-a-round", {"rounds": 1}, ["human", "greedy", "human"])
    token = first["seats"]["0"].rsplit("/", 1)[1]
    for path in (
        f"/t/{second['table']}/seat/{token}",  # a seat's token at another table
        f"/t/{first['table']}/seat/{new_token()}",  # a guessed token
        f"/t/{first['table']}/seat/",
        f"/t/nosuchtable/seat/{token}",
    ):
        for suffix in ("", "/view.json", "/record.json", "/replay.html"):
            answer = client.get(path + suffix)
            assert answer.status_code == 404, path + suffix
            assert "<svg" not in answer.text
        moved = client.post(path + "/move", json={"version": 0, "move": "draw"})
        assert moved.status_code in (404, 405)
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(path + "/ws") as socket:
            socket.receive_json()
    # Each seat's token opens that seat only, in a page kept out of caches and referrers.
    for seat, path in first["seats"].items():
        assert client.get(path + "/view.json").json()["seat"] == int(seat)
        headers = client.get(path).headers
        assert headers["cache-control"] == "no-store"
        assert headers["referrer-policy"] == "no-referrer"
    # The watch link: no picture, no moves, no seed; it cannot play.
    watch = client.get(first["watch"] + "/view.json").json()
    assert watch["seat"] is None
    assert watch["moves"] == []
    assert "<svg" not in watch["html"]
    page = client.get(first["watch"]).text
    assert "<svg" not in page
    assert str(SEED) not in page
    assert client.get(first["watch"] + "/record.json").status_code == 403
    assert client.post(
        first["watch"] + "/move", json={"version": 0, "move": "draw"}
    ).status_code in (
        404,
        405,
    )
    with client.websocket_connect(first["watch"] + "/ws") as socket:
        assert "<svg" not in json.dumps(socket.receive_json())
        socket.send_json({"type": "move", "version": 0, "move": "draw"})
        assert socket.receive_json() == {"type": "refused", "message": "Watchers cannot play."}
    # The saved tables hold the tokens' hashes, never a token.
    for made in (first, second):
        saved = (tmp_path / f"{made['table']}.json").read_text(encoding="utf-8")
        for path in made["seats"].values():
            assert path.rsplit("/", 1)[1] not in saved
