"""A small SVG canvas for drawing card-game positions (used by the games' ``svg`` modules).

Drawings are built as an `xml.etree.ElementTree` tree, so every text and
attribute is escaped by the standard library and the result is well-formed
XML. They are plain SVG 1.1: no scripts, no style sheets, no links, no
external resources, and no ``id`` attributes (so that several drawings can sit
in one HTML page without clashing). Each drawn card carries ``class`` and
``data-*`` attributes that name what it shows, for tests and for styling by the
page that embeds it.

Sizes are in SVG user units (pixels at 100% zoom); ``x`` grows rightward and
``y`` downward from the top-left corner.

`svg_of` draws a value by the drawing registered for its type: a game's
``svg`` module registers its observation's, so that the observation's
``_repr_svg_`` can draw it without importing the module that draws it.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from collections.abc import Sequence

__all__ = ["SVG_NAMESPACE", "Canvas", "svg_of", "text_width"]

#: The SVG namespace, written as the root's ``xmlns``.
SVG_NAMESPACE = "http://www.w3.org/2000/svg"

#: Card backs: a dark blue card with a lighter inner frame.
BACK_FILL = "#27408b"
BACK_FRAME = "#8ea2d8"
FACE_FILL = "#fffdf6"
EDGE = "#444444"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


@functools.singledispatch
def svg_of(value: object) -> str:
    """``value`` drawn as SVG text, by the drawing registered for its type (or a base type).

    A game registers how its observations are drawn, in its ``svg`` module
    (``svg_of.register(GnomingObservation, draw_observation)``), which its
    package imports; an observation's ``_repr_svg_`` is ``svg_of(self)``.

    Raises:
        TypeError: no drawing is registered for ``type(value)`` or a base of it.
    """
    kind = type(value)
    raise TypeError(f"no SVG drawing is registered for {kind.__module__}.{kind.__qualname__}")


#: Advance widths of DejaVu Sans (the first font of `FONT`), in ems, rounded up:
#: (regular, bold) for narrow punctuation, the widest letters, capitals and signs,
#: and everything else (digits, lower case).
_WIDTHS = (
    (frozenset(" ,.:;·'|!iljtf()-"), (0.42, 0.48)),
    (frozenset("mwMW#=+"), (1.0, 1.1)),
    (frozenset("ABCDEFGHIJKLNOPQRSTUVXYZ*▶"), (0.8, 0.86)),
)
_OTHER = (0.64, 0.72)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of ``text``'s width in user units at font size ``size``.

    Used to lay text out so that no two labels of a drawing overlap: each
    character is given at least its DejaVu Sans advance width (wider fonts
    named after it in `FONT` may still run longer).
    """
    total = 0.0
    for ch in text:
        em = next((pair for chars, pair in _WIDTHS if ch in chars), _OTHER)
        total += em[bold]
    return size * total


def _number(value: float) -> str:
    """A coordinate as short text: ``12`` rather than ``12.0``."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


class Canvas:
    """One SVG drawing under construction.

    Args:
        width: the drawing's width in user units.
        title: the drawing's accessible title (its ``<title>`` element).
        kind: a class name for the root element, e.g. ``"gnoming seat-view"``.

    The height grows with what is drawn: `reach` records the lowest point
    used, and `to_svg` sets the height from it.
    """

    def __init__(self, width: float, title: str, kind: str) -> None:
        self.width = width
        self.bottom = 0.0
        self.root = ET.Element(
            "svg",
            {
                "xmlns": SVG_NAMESPACE,
                "version": "1.1",
                "class": kind,
                "role": "img",
                "font-family": FONT,
                "font-size": "12",
            },
        )
        ET.SubElement(self.root, "title").text = title
        self.background = ET.SubElement(self.root, "rect", {"x": "0", "y": "0", "fill": "#f3f6f0"})

    def reach(self, y: float) -> None:
        """Note that the drawing extends down to ``y``."""
        self.bottom = max(self.bottom, y)

    def group(self, parent: ET.Element | None = None, **attributes: str) -> ET.Element:
        """A ``<g>`` element under ``parent`` (the root by default).

        Attribute names use ``_`` for ``-`` (``data_card`` is ``data-card``;
        ``class_`` is ``class``).
        """
        return ET.SubElement(self.root if parent is None else parent, "g", _attrs(attributes))

    def header(
        self, game_title: str, round: int, viewer: int | None, lines: Sequence[tuple[str, str]]
    ) -> float:
        """The heading of a position: game, round (from 0) and who sees it, then ``lines``.

        Args:
            game_title: the game's title.
            round: the round's index, from 0 (printed from 1).
            viewer: the seat whose view is drawn, or ``None`` for the whole table.
            lines: ``(class, text)`` lines under the title; class ``"contract"`` is bold.

        Returns:
            The ``y`` just below the heading.
        """
        g = self.group(class_="header")
        who = f"seen by seat {viewer}" if viewer is not None else "the whole table"
        title = f"{game_title} · round {round + 1} · {who}"
        self.text(g, 12, 20, title, font_size="14", font_weight="bold")
        y = 20.0
        for kind, text in lines:
            y += 17
            bold = {"font_weight": "bold"} if kind == "contract" else {}
            self.text(g, 12, y, text, class_=kind, **bold)
        return y + 10

    def rect(
        self, parent: ET.Element, x: float, y: float, width: float, height: float, **attributes: str
    ) -> ET.Element:
        """A rectangle (``rx`` etc. through ``attributes``)."""
        self.reach(y + height)
        return _element(
            parent, "rect", {"x": x, "y": y, "width": width, "height": height}, attributes
        )

    def line(
        self, parent: ET.Element, x1: float, y1: float, x2: float, y2: float, **attributes: str
    ) -> ET.Element:
        """A straight line."""
        self.reach(max(y1, y2))
        return _element(parent, "line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2}, attributes)

    def text(
        self, parent: ET.Element, x: float, y: float, content: str, **attributes: str
    ) -> ET.Element:
        """Text with its baseline at ``y`` (``text_anchor="middle"`` to centre it on ``x``)."""
        self.reach(y + 4)
        element = _element(parent, "text", {"x": x, "y": y}, attributes)
        element.text = content
        return element

    def card(
        self,
        parent: ET.Element,
        x: float,
        y: float,
        width: float,
        height: float,
        label: str,
        *,
        colour: str = "#111111",
        fill: str = FACE_FILL,
        note: str = "",
        **attributes: str,
    ) -> ET.Element:
        """A face-up card showing ``label`` (and a smaller ``note`` under it).

        ``attributes`` go on the card's ``<g>`` (``class_="card"`` and
        ``data_card=...`` are typical).
        """
        g = self.group(parent, **attributes)
        self.rect(g, x, y, width, height, rx="4", fill=fill, stroke=EDGE, stroke_width="1")
        size = min(width * 0.5, height * 0.42)
        if len(label) > 2:  # a long label is shrunk to fit inside the card, with a margin
            size = min(size, size * (width - 6) / text_width(label, size, bold=True))
        self.text(
            g,
            x + width / 2,
            y + height / 2 + size * 0.35 - (height * 0.1 if note else 0),
            label,
            text_anchor="middle",
            font_size=_number(round(size, 1)),
            font_weight="bold",
            fill=colour,
        )
        if note:
            self.text(
                g,
                x + width / 2,
                y + height - 5,
                note,
                text_anchor="middle",
                font_size=_number(round(min(width * 0.3, 10), 1)),
                fill=colour,
            )
        return g

    def back(
        self,
        parent: ET.Element,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        label: str = "",
        **attributes: str,
    ) -> ET.Element:
        """A card face down, ``label`` printed on it (a count, or a card in a full view)."""
        g = self.group(parent, **attributes)
        self.rect(g, x, y, width, height, rx="4", fill=BACK_FILL, stroke=EDGE, stroke_width="1")
        self.rect(
            g,
            x + 3,
            y + 3,
            width - 6,
            height - 6,
            rx="3",
            fill="none",
            stroke=BACK_FRAME,
            stroke_width="1",
        )
        if label:
            size = min(width * 0.4, 13)
            size = min(size, size * (width - 6) / text_width(label, size))
            self.text(
                g,
                x + width / 2,
                y + height / 2 + size * 0.35,
                label,
                text_anchor="middle",
                font_size=_number(round(size, 1)),
                fill="#ffffff",
            )
        return g

    def to_svg(self, margin: float = 8) -> str:
        """The finished drawing as SVG text (one ``<svg>`` element, no XML declaration)."""
        height = self.bottom + margin
        self.root.set("width", _number(self.width))
        self.root.set("height", _number(height))
        self.root.set("viewBox", f"0 0 {_number(self.width)} {_number(height)}")
        self.background.set("width", _number(self.width))
        self.background.set("height", _number(height))
        return ET.tostring(self.root, encoding="unicode")


def _attrs(attributes: dict[str, str]) -> dict[str, str]:
    """SVG attribute names from Python keywords: ``class_`` -> ``class``, ``a_b`` -> ``a-b``."""
    return {name.rstrip("_").replace("_", "-"): value for name, value in attributes.items()}


def _element(
    parent: ET.Element, tag: str, numbers: dict[str, float], attributes: dict[str, str]
) -> ET.Element:
    """A ``tag`` child of ``parent``: ``numbers`` as short text (`_number`), then ``attributes``."""
    values = {name: _number(value) for name, value in numbers.items()}
    return ET.SubElement(parent, tag, {**values, **_attrs(attributes)})
