"""Web tables in a real browser: whole matches played by clicks in headless Chromium.

The server runs in this process (uvicorn in a thread, on a free loopback
port). A 3-player Gnoming A Round match (one round) is played by two people
in two browser sessions and one bot; a round of Toonerville Rook by one
person, who buys a card when first offered, and two bots. Each person's
move is chosen by the game's greedy bot from that seat's observation, then
made the way a person makes it: by clicking the cards in the picture when
that picks out exactly one legal move (the page's rule, `_fits` here), else
by clicking the move's button; the page is updated over its WebSocket. The
final record replays to the scores the page shows. A person takes a move back
with the page's undo button once, and a typed move breaking a rule is refused
with the rule's id.

It needs Debian's ``chromium`` and ``chromium-driver`` (see `tests.browser`).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from cardrules.bots.loading import bot_factory
from cardrules.records import check_record
from cardrules.web.tables import Table
from tests.browser import chromium_driver
from tests.web_support import running_server

httpx = pytest.importorskip("httpx")


def _version(driver: Any) -> str | None:
    script = "var v = document.querySelector('#view .view'); return v && v.dataset.version;"
    version: str | None = driver.execute_script(script)
    return version


def _wait(condition: Any, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def _fits(move: str, keys: list[str]) -> bool:
    """The page's rule (table.js): a move fits cards when it has each card's words."""
    return all(f" {key} " in f" {move} " for key in keys)


def _clicks(move: str, legal: list[str], seat: int) -> list[str] | None:
    """CSS selectors of the cards to click for ``move``, or None to use its button.

    Layout positions (``place 3``, ``reveal 0 8``) and cards in hand
    (``discard R8``) are clicked when they pick out exactly this move.
    """
    words = move.split()
    if words[0] in ("place", "reveal", "bounce", "flip"):
        keys = words[1:]
        cards = [f'g.card[data-seat="{seat}"][data-pos="{key}"]' for key in keys]
    elif words[0] == "discard" and len(words) == 2 and not words[1].isdigit():
        keys = words[1:]
        cards = [f'g.card[data-seat="{seat}"][data-card="{words[1]}"]']
    else:
        return None
    # each click narrows the moves; the last must leave this one alone
    if not all(any(_fits(m, keys[: i + 1]) for m in legal) for i in range(len(keys))):
        return None
    if [m for m in legal if _fits(m, keys)] != [move]:
        return None
    return cards


def _settled(table: Table) -> bool:
    """Whether the match is over or a person must decide (read under the table's lock)."""
    with table.lock:
        return table.state.is_over or not table.bot_to_move


def _play(
    table: Table, drivers: dict[int, Any], prefer: str | None = None, undo: str | None = None
) -> tuple[int, bool]:
    """Play the match through the pages to its end.

    ``prefer``: a move a person makes the first time it is legal (``buy``);
    ``undo``: the first move of this kind a person makes is taken back with the
    page's undo button, then decided again.

    Returns:
        ``(moves made by clicking cards, whether the undo was made)``.
    """
    from selenium.webdriver.common.by import By

    bots = [bot_factory("greedy", table.state.game)(seat) for seat in range(table.state.players)]
    card_clicks = 0
    preferred = undone = False
    while True:
        _wait(lambda: _settled(table), "the bots")
        with table.lock:
            if table.state.is_over:
                return card_clicks, undone
            if table.bot_to_move:  # (a bot's move was under way while waiting)
                continue
            seat = table.state.current_player
            assert seat is not None
            version, played = table.version, len(table.state.history)
            legal = [str(m) for m in table.state.legal_moves()]
            if prefer in legal and not preferred:
                move, preferred = prefer, True
            else:
                move = str(bots[seat].choose(table.state.observation(seat)))
        driver = drivers[seat]
        _wait(lambda: _version(driver) == str(version), f"seat {seat}'s page")  # noqa: B023
        cards = _clicks(move, legal, seat)
        if cards is None:
            driver.find_element(By.CSS_SELECTOR, f'button.move[data-move="{move}"]').click()
        else:
            for css in cards:
                driver.find_element(By.CSS_SELECTOR, ".picture " + css).click()
            card_clicks += 1
        _wait(lambda: table.version != version, f"{move!r} to be played")  # noqa: B023
        with table.lock:
            assert str(table.state.history[played]) == move
            assert table.state.seats[played] == seat
            version = table.version
        if undo is not None and move.startswith(undo) and not undone:
            _wait(lambda: _version(driver) == str(version), "the page after the move")  # noqa: B023
            driver.find_element(By.CSS_SELECTOR, "form.undo button").click()
            _wait(lambda: table.version != version, "the undo")  # noqa: B023
            assert len(table.state.history) == played
            undone = True


def _refused_with_the_rule(driver: Any) -> None:
    """A typed move that breaks a rule is refused on the page, naming the rule; nothing changes."""
    from selenium.webdriver.common.by import By

    _wait(lambda: _version(driver) == "0", "the first page")
    field = driver.find_element(By.CSS_SELECTOR, "form.typed input[name=move]")
    field.send_keys("place 3")
    driver.find_element(By.CSS_SELECTOR, "form.typed button").click()
    message = driver.find_element(By.ID, "message")
    _wait(lambda: "rule G6" in message.text, "the refusal")
    assert _version(driver) == "0"


def _moves_made(table: Table, seat: int) -> list[Any]:
    state = table.state
    return [m for m, s in zip(state.history, state.seats, strict=True) if s == seat]


def _finish(table: Table, driver: Any) -> dict[str, Any]:
    """The record offered on the page at the end, checked against the replay and the page."""
    from selenium.webdriver.common.by import By

    _wait(lambda: _version(driver) == str(table.version), "the final page")
    link = driver.find_element(By.LINK_TEXT, "record (JSON)").get_attribute("href")
    record: dict[str, Any] = httpx.get(link).json()
    assert record["over"]
    assert record["scores"] == list(check_record(record).scores) == list(table.state.scores)
    assert record["winners"] == list(table.state.winners)
    totals = driver.find_elements(By.CSS_SELECTOR, "table.scores tr:last-child td")
    assert [int(cell.text) for cell in totals] == record["scores"]
    replay = driver.find_element(By.LINK_TEXT, "replay").get_attribute("href")
    assert httpx.get(replay).text.startswith("<!DOCTYPE html>")
    return record


def _create(base: str, app: Any, game: str, seats: list[str], seed: int) -> tuple[Any, Table]:
    """A one-round table of 3 seats: the links the server answers, and the table itself."""
    body = {"game": game, "players": 3, "seats": seats, "options": {"rounds": 1}, "seed": seed}
    made = httpx.post(base + "/tables", json=body).json()
    table: Table = app.state.server.tables[made["table"]]
    return made, table


def test_two_people_and_a_bot_play_gnoming_in_two_browsers(tmp_path: Path) -> None:
    with (
        running_server(tmp_path) as (base, app),
        chromium_driver(width=1000, height=900) as first,
        chromium_driver(width=1000, height=900) as second,
    ):
        made, table = _create(base, app, "gnoming-a-round", ["human", "human", "greedy"], 11)
        first.get(base + made["seats"]["0"])
        second.get(base + made["seats"]["1"])
        _refused_with_the_rule(first)
        card_clicks, undone = _play(table, {0: first, 1: second}, undo="take")
        assert card_clicks > 10
        assert undone
        _finish(table, first)
        assert {0, 1, 2} <= set(table.state.seats)  # both people and the bot played
        first.save_screenshot(str(tmp_path / "gnoming-end.png"))


def test_a_round_of_rook_with_a_buy_by_clicks(tmp_path: Path) -> None:
    with running_server(tmp_path) as (base, app), chromium_driver(width=1000, height=900) as one:
        made, table = _create(base, app, "toonerville-rook", ["human", "greedy", "greedy"], 2)
        one.get(base + made["seats"]["0"])
        card_clicks, _ = _play(table, {0: one}, prefer="buy")
        assert card_clicks > 3
        assert "buy" in [str(m) for m in _moves_made(table, 0)]
        _finish(table, one)
