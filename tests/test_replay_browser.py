"""The HTML replay viewer in a real browser: headless Chromium driven by Selenium.

The test opens a generated replay page, steps forward and back with its
buttons, the slider and the arrow keys, and checks that the move text, the
narration, the scores and the drawing change with each step. It saves a
screenshot of the page (to pytest's tmp folder).

It needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs
them): without them it is skipped locally, saying so, and fails in CI (see
`tests.browser`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules import new_game
from cardrules.records import load_record
from cardrules.records.replay_html import render_page, replay_frames
from tests.browser import chromium_driver


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_driver(width=1200, height=900) as driver:
        yield driver


def _record() -> str:
    state = new_game("gnoming-a-round", players=3, seed=21, options={"rounds": 2})
    rng = random.Random(21)
    while not state.is_over:
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    return json.dumps(state.record())


def test_stepping_through_a_replay_in_chromium(browser: Any, tmp_path: Path) -> None:
    """Next, previous, the slider and the arrow keys move the picture, move text and scores."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    text = _record()
    record = load_record(text)
    data = replay_frames(record)
    frames = data["frames"]
    page = tmp_path / "replay.html"
    page.write_text(render_page(data), encoding="utf-8")
    driver.get(page.as_uri())
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "true"
    )

    def move_text() -> str:
        return str(driver.find_element(By.ID, "move").text)

    def picture() -> str:
        return str(driver.execute_script("return document.getElementById('picture').innerHTML"))

    def count(selector: str) -> int:
        script = "return document.querySelectorAll(arguments[0]).length"
        return int(driver.execute_script(script, selector))

    assert move_text() == "The deal"
    assert count("#picture svg g.card") == 3 * 9 + 2  # layouts and two discard piles
    assert count("#picture g.card.face-down") == 27  # nothing turned up yet
    deal = picture()

    driver.find_element(By.ID, "next").click()
    first = frames[1]
    assert move_text() == f"1. seat {first['seat']}: {record.moves[0]}"
    narration = driver.find_element(By.ID, "narration").text
    assert first["narration"][0][0] in narration
    assert picture() != deal
    up = first["svg"].count('class="card face-up"')
    assert count("#picture g.card.face-up") == up > 0

    driver.find_element(By.ID, "next").click()
    assert move_text().startswith(f"2. seat {frames[2]['seat']}: {record.moves[1]}")
    driver.find_element(By.ID, "prev").click()
    driver.find_element(By.ID, "prev").click()
    assert move_text() == "The deal"
    assert picture() == deal
    assert driver.find_element(By.ID, "prev").get_attribute("disabled") is not None

    # The slider jumps to the end of round 1, where the scores table shows that round.
    end = data["round_ends"][0]
    driver.execute_script(
        "const s = document.getElementById('slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));",
        end,
    )
    assert move_text().startswith(f"{end}. seat ")
    assert count("#picture g.card.face-down") == 0  # the finished round: every card up
    scores = driver.find_element(By.ID, "scores").text
    for seat, score in enumerate(record.round_scores[0] if record.round_scores else ()):
        assert f"{seat} {score}" in scores
    assert "round 2" in scores

    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert move_text().startswith(f"{end + 1}. seat ")
    assert "round 2" in driver.find_element(By.ID, "position").text
    driver.find_element(By.ID, "last").click()
    assert move_text().startswith(f"{len(record.moves)}. seat ")
    assert driver.find_element(By.ID, "next").get_attribute("disabled") is not None

    driver.execute_script(
        "const s = document.getElementById('slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));",
        end - 3,
    )
    shot = tmp_path / "replay.png"
    assert driver.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 10_000


def test_a_seat_page_in_chromium_shows_only_that_seats_view(browser: Any, tmp_path: Path) -> None:
    """A ``--seat`` page: no seed in the facts, no named face-down card at any step shown."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    record = load_record(_record())
    page = tmp_path / "seat.html"
    page.write_text(render_page(replay_frames(record, seat=1, to_move=25)), encoding="utf-8")
    driver.get(page.as_uri())
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "true"
    )
    facts = driver.find_element(By.ID, "facts").text
    assert "seed" not in facts
    assert "shown up to move 25" in facts
    backs = []
    for _ in range(25):
        named = "return document.querySelectorAll('#picture g.card.face-down').length"
        assert driver.execute_script(named) == 0
        backs.append(
            driver.execute_script("return document.querySelectorAll('#picture g.card.back').length")
        )
        driver.find_element(By.ID, "next").click()
    assert backs[0] == 27  # the deal: every layout card face down, to seat 1 as well
    assert min(backs) < 27
