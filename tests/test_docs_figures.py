"""The drawn positions of the docs (docs/hooks/figures.py) show what their captions say.

The MkDocs hook draws them at build time from seeded matches; these tests
check each scene against its picture, so a change in the rules, bots or
drawings that breaks a caption fails here rather than in the published site.
"""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from cardrules.svg.canvas import SVG_NAMESPACE

NS = "{" + SVG_NAMESPACE + "}"
HOOK = Path(__file__).resolve().parent.parent / "docs" / "hooks" / "figures.py"


@pytest.fixture(scope="module")
def figures() -> Any:
    spec = importlib.util.spec_from_file_location("docs_figures", HOOK)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def status(root: ET.Element) -> str:
    """The drawing's status lines (one fact a line), joined as one text."""
    return "; ".join(t.text or "" for t in root.iter(NS + "text") if t.get("class") == "status")


def card_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if "card" in g.get("class", "").split()]


@pytest.mark.rule("G12")
def test_bounce_chain_figure(figures: Any) -> None:
    """Placed, bounced, bounced: three positions filled this turn; the displaced card in hand."""
    root = ET.fromstring(figures.figure("gnoming-bounce-chain"))
    filled = [r for r in root.iter(NS + "rect") if r.get("class") == "filled"]
    assert len(filled) >= 3
    assert [g.get("data-card") for g in card_groups(root) if g.get("data-place") == "hand"] != [
        None
    ]


@pytest.mark.rule("G15")
def test_hazard_flip_figure(figures: Any) -> None:
    """After a Hazard discard the seat deciding may flip; the Hazard is out of play."""
    root = ET.fromstring(figures.figure("gnoming-hazard-flip"))
    assert "flip a face-down card or pass" in status(root)
    out = [t.text or "" for t in root.iter(NS + "text") if t.get("class") == "out-of-play"]
    assert "H" in out[0].split()


@pytest.mark.rule("R13")
def test_lay_down_with_rook_figure(figures: Any) -> None:
    """A meld on the table holds a Rook that names what it stands for."""
    root = ET.fromstring(figures.figure("rook-lay-down-with-rook"))
    rooks = [g for g in card_groups(root) if g.get("data-card") == "Rook" and g.get("data-meld")]
    assert rooks
    assert all(g.get("data-stands-for") for g in rooks)


@pytest.mark.rule("R14")
def test_swap_figure(figures: Any) -> None:
    """The swapper holds the Rook it took and owes it to the table this turn."""
    root = ET.fromstring(figures.figure("rook-swap"))
    assert "swapped Rook(s) to play (R14)" in status(root)
    viewer = root.get("class", "")
    assert "seat-view" in viewer
    hand = [g for g in card_groups(root) if g.get("data-card") == "Rook" and g.get("data-seat")]
    assert hand
