"""Pictures are legible: no two texts of a drawing overlap, none runs off its edge.

Every ``<text>`` of a drawing is given its box from its ``x``, ``y``,
``font-size``, ``font-weight`` and ``text-anchor`` (inherited from enclosing
groups) and the advance widths of DejaVu Sans, the drawings' first font,
measured with FreeType through matplotlib (which ships the font). The box runs
from the font's ascent above the baseline to its descent below, as a browser's
``getBBox`` does; texts side by side closer than ``2 * PAD`` count as run
together. Drawings of every player count of both games are checked, the whole
table and every seat's view, at the deal, in play and at the end; and the same
check runs in headless Chromium on the boxes it lays out (``getBBox``).
"""

from __future__ import annotations

import functools
import itertools
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import cardrules.svg
from cardrules import GameState, new_game
from cardrules.svg.canvas import SVG_NAMESPACE, text_width
from tests.observer_support import GNOMING_GAME, ROOK_GAME

NS = "{" + SVG_NAMESPACE + "}"
#: DejaVu Sans' ascent and descent, in ems (its hhea table: 1901 and 483 of 2048).
ASCENT, DESCENT = 0.928, 0.236

Box = tuple[str, float, float, float, float]
#: Texts closer than twice this (user units) side by side read as one: "to decideseat 2".
PAD = 2.0


@functools.cache
def _font(bold: bool) -> Any:
    font_manager = pytest.importorskip("matplotlib.font_manager")
    ft2font = pytest.importorskip("matplotlib.ft2font")
    weight = "bold" if bold else "normal"
    path = font_manager.findfont(
        font_manager.FontProperties(family="DejaVu Sans", weight=weight), fallback_to_default=False
    )
    return ft2font.FT2Font(path)


def measured_width(text: str, size: float, bold: bool) -> float:
    """The advance width of ``text`` in DejaVu Sans at ``size`` user units."""
    font = _font(bold)
    # Large, then scaled: a browser lays SVG text out with unhinted (fractional)
    # advances, which FreeType's hinting would round at small sizes.
    font.set_size(100, 72)  # 72 dpi: one point is one user unit
    font.set_text(text, 0.0)
    return float(font.get_width_height()[0]) / 64 * size / 100


def text_boxes(svg: str) -> tuple[list[Box], float]:
    """Every text's ``(text, left, top, right, bottom)``, and the drawing's width."""
    root = ET.fromstring(svg)
    boxes: list[Box] = []

    def walk(element: ET.Element, inherited: dict[str, str]) -> None:
        styles = {
            **inherited,
            **{k: v for k, v in element.attrib.items() if k.startswith(("font-", "text-anchor"))},
        }
        if element.tag == NS + "text":
            size = float(styles.get("font-size", "12"))
            text = element.text or ""
            width = measured_width(text, size, styles.get("font-weight") == "bold")
            x, y = float(element.get("x", "0")), float(element.get("y", "0"))
            anchor = styles.get("text-anchor", "start")
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            boxes.append((text, left, y - ASCENT * size, left + width, y + DESCENT * size))
        for child in element:
            walk(child, styles)

    walk(root, {})
    return boxes, float(root.get("width", "0"))


def layout_faults(svg: str) -> list[str]:
    """Each pair of overlapping texts, and each text outside the drawing, described."""
    boxes, width = text_boxes(svg)
    faults = [
        f"{a[0]!r} overlaps {b[0]!r}"
        for a, b in itertools.combinations(boxes, 2)
        if a[1] - PAD < b[3] + PAD and b[1] - PAD < a[3] + PAD and a[2] < b[4] and b[2] < a[4]
    ]
    faults += [f"{box[0]!r} runs off the drawing" for box in boxes if box[1] < 0 or box[3] > width]
    return faults


def positions(name: str, players: int) -> list[GameState]:
    """A match at the deal, after a few moves, in play, and over (random play, fixed seeds)."""
    found = []
    for moves in (0, 3, 40, 10_000_000):
        state = new_game(name, players=players, seed=11)
        rng = random.Random(players)
        for _ in range(moves):
            if state.is_over:
                break
            state.apply(rng.choice(list(state.legal_moves())))
        found.append(state)
    return found


SETUPS = [(GNOMING_GAME, n) for n in range(3, 8)] + [(ROOK_GAME, n) for n in range(3, 6)]


@pytest.mark.parametrize(("name", "players"), SETUPS, ids=[f"{g}-{n}" for g, n in SETUPS])
def test_no_two_texts_of_a_drawing_overlap(name: str, players: int) -> None:
    """Seat labels, captions, scores and card values each keep their own room."""
    for state in positions(name, players):
        for seat in (None, *range(players)):
            faults = layout_faults(cardrules.svg.draw(state, seat))
            assert not faults, (state.history[-3:], seat, faults[:5])


def test_the_check_sees_an_overlap() -> None:
    """The seat labels this test guards against, run together, are caught."""
    state = new_game(GNOMING_GAME, players=4, seed=11)
    svg = cardrules.svg.draw(state, seat=1)
    assert not layout_faults(svg)
    root = ET.fromstring(svg)
    texts = list(root.iter(NS + "text"))
    pending = next(t for t in texts if t.get("class") == "pending")
    label = texts[texts.index(pending) - 1]  # its seat's name, the line above
    pending.set("y", label.get("y", ""))
    assert any("overlaps 'to decide'" in f for f in layout_faults(ET.tostring(root, "unicode")))
    label.set("x", "-3")
    assert any("runs off" in f for f in layout_faults(ET.tostring(root, "unicode")))


def test_text_width_estimates_are_never_narrower_than_the_font() -> None:
    """The layout's width estimate (`cardrules.svg.canvas.text_width`) holds for what is drawn."""
    samples = ["seat 6 (you)", "▶ seat 3", "total -123", "rounds 46, 22, 41", "Rook", "*11", "-5"]
    samples += ["in hand, seat 3 (displaced)", "#12 run, seat 4", "known to hold:", "=R10"]
    for text, bold in itertools.product(samples, (False, True)):
        assert text_width(text, 10, bold) >= measured_width(text, 10, bold) - 0.5, text


@pytest.mark.rule("G19")
def test_matching_bars_lie_beneath_the_cards_they_join() -> None:
    """The bar marking a matched line never crosses a card's value: it is drawn before
    (beneath) the opaque cards, which are tinted instead."""
    state = new_game(GNOMING_GAME, players=3, seed=7)
    rng = random.Random(7)
    while not state.is_over:
        state.apply(rng.choice(list(state.legal_moves())))
    root = ET.fromstring(cardrules.svg.draw(state))
    bars = 0
    for layout in root.iter(NS + "g"):
        if layout.get("class") != "layout":
            continue
        children = list(layout)
        lines = [i for i, c in enumerate(children) if c.get("class") == "match"]
        card_groups = [i for i, c in enumerate(children) if "card" in c.get("class", "")]
        assert all(i < min(card_groups) for i in lines)
        matched = {p for i in lines for p in children[i].get("data-line", "").split()}
        tinted = {c.get("data-pos") for c in children if c.get("data-matched") == "true"}
        assert tinted == matched
        bars += len(lines)
    assert bars > 0


#: For each drawing of the page: the pairs of its texts whose boxes overlap, and
#: the texts outside it, by the browser's own measure (getBBox, in user units).
_BROWSER_FAULTS = """
const pad = arguments[0];
return Array.from(document.querySelectorAll('svg')).map(svg => {
  const width = svg.viewBox.baseVal.width;
  const boxes = Array.from(svg.querySelectorAll('text')).map(t => [t.textContent, t.getBBox()]);
  const faults = [];
  for (let i = 0; i < boxes.length; i++) {
    const [a, p] = boxes[i];
    if (p.x < 0 || p.x + p.width > width) faults.push(a + ' runs off the drawing');
    for (let j = i + 1; j < boxes.length; j++) {
      const [b, q] = boxes[j];
      const across = p.x - pad < q.x + q.width + pad && q.x - pad < p.x + p.width + pad;
      if (across && p.y < q.y + q.height && q.y < p.y + p.height) faults.push(a + ' overlaps ' + b);
    }
  }
  return faults;
});
"""


def test_no_two_texts_overlap_as_chromium_lays_them_out(tmp_path: Path) -> None:
    """The same check with the boxes a browser measures (headless Chromium's getBBox)."""
    from tests.browser import chromium_driver

    drawings = [
        cardrules.svg.draw(state, seat)
        for name, players in SETUPS
        for state in positions(name, players)[::3]  # the deal and the end
        for seat in (None, *range(players))
    ]
    # A control drawing: two labels run together, as seat labels were before.
    control = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 40" width="300" height="40">'
        '<text x="10" y="20">seat 1 (you)</text><text x="10" y="20" dx="0">seat 2</text></svg>'
    )
    page = tmp_path / "drawings.html"
    page.write_text(
        "<!doctype html><meta charset=utf-8>" + control + "".join(drawings), encoding="utf-8"
    )
    with chromium_driver() as driver:
        driver.get(page.as_uri())
        faults = driver.execute_script(_BROWSER_FAULTS, PAD)
    assert len(faults) == 1 + len(drawings)
    assert faults[0] == ["seat 1 (you) overlaps seat 2"]
    assert not [f for f in faults[1:] if f], [f for f in faults[1:] if f][:3]
