"""Gnoming A Round positions drawn as SVG (the game's presentation hooks).

`draw_observation` draws one seat's observation and nothing else: face-down
cards (the seat's own too, G4) are card backs, and a card another seat drew
from the draw pile is a back in that seat's hand. It is registered with
`cardrules.svg.canvas.svg_of`, so an observation's ``_repr_svg_`` draws with
it. `draw_round` draws a whole round state for a spectator or a finished
round: face-down cards are still drawn face down, with their identity printed
on the back.

Both draw the same picture: every layout as a 3x3 grid (positions 0-8 row by
row, G4) with its matched lines struck through (G19, G20: three face-up cards
that match), positions filled this turn outlined (G12), the draw pile as a
count (G5, G8), both discard piles with their top card and size (G5, G14),
the card in hand (G9-G12), the cards out of play (G15) and the scores of the
rounds already finished.

Each card is a ``<g class="card ...">`` with ``data-seat`` and ``data-pos``
(layout cards) or ``data-place`` (piles, hand) and, where its identity is
drawn, ``data-card`` (the card's notation).
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree.ElementTree import Element

import attrs

from cardrules.svg.canvas import Canvas, svg_of, text_width
from cardrules_gnoming.cards import Card
from cardrules_gnoming.observation import GnomingObservation, observe
from cardrules_gnoming.scoring import LINES, line_match_value
from cardrules_gnoming.state import GnomingPhase, GnomingRound

__all__ = ["draw_observation", "draw_round"]

CARD_W, CARD_H, GAP = 36, 50, 4
BLOCK_W = 3 * CARD_W + 2 * GAP + 24
PER_ROW = 4
MARGIN = 12
#: Above each layout: the seat's name, then a line for what it is waiting on.
HEADING = 30
#: Below each layout: the scores, at most this many lines of them.
SCORE_LINES = 3
#: The face of a card in a matched line (G19).
MATCHED_FILL = "#ffe2a8"

_ASKED = {
    GnomingPhase.REVEAL: "choose cards to turn up (G6)",
    GnomingPhase.DRAW: "draw (G9)",
    GnomingPhase.PLACE: "place or discard the card in hand (G10, G11)",
    GnomingPhase.BOUNCE: "bounce the displaced card or discard it (G12)",
    GnomingPhase.DISCARD: "choose a discard pile (G14)",
    GnomingPhase.FLIP: "flip a face-down card or pass, after a Hazard discard (G15)",
}


@attrs.frozen
class _Scene:
    """What a drawing shows: a seat's observation, and the cards shown."""

    title: str
    viewer: int | None
    #: the round as seat ``viewer`` sees it (for the whole table, any seat's view:
    #: the drawing reads its public fields)
    view: GnomingObservation
    #: per seat, nine ``(card or None when unknown, face up)`` pairs
    layouts: tuple[tuple[tuple[Card | None, bool], ...], ...]
    held: Card | None
    held_hidden: bool


def draw_observation(obs: GnomingObservation) -> str:
    """Draw what seat ``obs.seat`` may know (its observation) as SVG text."""
    title = f"Gnoming A Round, round {obs.round + 1}, seen by seat {obs.seat}"
    layouts = tuple(tuple((c, c is not None) for c in layout) for layout in obs.layouts)
    hidden = obs.held_card is None and obs.held_from is not None
    return _draw(_Scene(title, obs.seat, obs, layouts, obs.held_card, hidden))


# What an observation's ``_repr_svg_`` draws with (`cardrules.svg.canvas.svg_of`).
svg_of.register(GnomingObservation, draw_observation)


def draw_round(state: GnomingRound, round_scores: Sequence[tuple[int, ...]] = ()) -> str:
    """Draw a whole round (every card; face-down cards face down, identity shown) as SVG text."""
    title = f"Gnoming A Round, round {state.round + 1}, the whole table"
    view = observe(state, 0, tuple(round_scores), ())
    layouts = tuple(tuple(zip(lay.cards, lay.face_up, strict=True)) for lay in state.layouts)
    return _draw(_Scene(title, None, view, layouts, state.held, False))


def _colour(card: Card) -> str:
    if card.is_hazard:
        return "#c62828"
    if card.is_mulligan:
        return "#8e24aa"
    if card.is_negative:
        return "#2e7d32"
    return "#111111"


def _card(
    canvas: Canvas,
    parent: Element,
    x: float,
    y: float,
    card: Card | None,
    face_up: bool,
    *,
    matched: bool = False,
    **where: str,
) -> None:
    """A card: its face, its back (unknown), or its back with its identity (full view).

    A face-up card of a matched line (``matched``, G19) is tinted and carries
    ``data-matched="true"``.
    """
    width, height = CARD_W, CARD_H
    if card is not None and face_up:
        tint = {"fill": MATCHED_FILL, "data_matched": "true"} if matched else {}
        canvas.card(
            parent,
            x,
            y,
            width,
            height,
            str(card),
            colour=_colour(card),
            class_="card face-up",
            **tint,
            data_card=str(card),
            **where,
        )
    elif card is None:
        canvas.back(parent, x, y, width, height, class_="card back", **where)
    else:
        canvas.back(
            parent,
            x,
            y,
            width,
            height,
            label=str(card),
            class_="card face-down",
            data_card=str(card),
            **where,
        )


def _status(scene: _Scene) -> str:
    view = scene.view
    if view.phase is GnomingPhase.OVER:
        how = {"ender": f"seat {view.ender} went out (G17)", "stock": "the draw pile ran out (G8)"}
        return f"Round over: {how.get(view.ended_by or '', 'ended')}"
    asked = _ASKED.get(view.phase, str(view.phase))
    text = f"seat {view.current_player} to {asked}"
    if view.ender is not None:
        text += f"; seat {view.ender} has no face-down card: last turns (G17)"
    return text


def _draw(scene: _Scene) -> str:
    columns = min(scene.view.players, PER_ROW)
    canvas = Canvas(
        max(2 * MARGIN + columns * BLOCK_W, 480),
        scene.title,
        "cardrules gnoming " + ("seat-view" if scene.viewer is not None else "full-view"),
    )
    y = canvas.header(
        "Gnoming A Round", scene.view.round, scene.viewer, [("status", _status(scene))]
    )
    _piles(canvas, scene, y)
    top = y + CARD_H + 34
    row_height = HEADING + 3 * CARD_H + 2 * GAP + 8 + 13 * SCORE_LINES + 10
    for seat in range(scene.view.players):
        x = MARGIN + (seat % PER_ROW) * BLOCK_W
        y = top + (seat // PER_ROW) * row_height
        _layout(canvas, scene, seat, x, y)
    return canvas.to_svg()


def _piles(canvas: Canvas, scene: _Scene, y: float) -> None:
    g = canvas.group(class_="piles")
    x: float = MARGIN
    canvas.back(
        g,
        x,
        y,
        CARD_W,
        CARD_H,
        label=str(scene.view.draw_pile_size),
        class_="pile draw-pile",
        data_count=str(scene.view.draw_pile_size),
    )
    canvas.text(g, x, y + CARD_H + 14, "draw pile", font_size="10")
    for index, pile in enumerate(scene.view.discard_piles):
        x += CARD_W + 40
        if pile:
            place, count = f"discard-{index}", str(len(pile))
            _card(canvas, g, x, y, pile[-1], True, data_place=place, data_count=count)
        else:
            canvas.rect(
                g, x, y, CARD_W, CARD_H, rx="4", fill="none", stroke="#999999", stroke_dasharray="3"
            )
        canvas.text(g, x, y + CARD_H + 14, f"pile {index} ({len(pile)})", font_size="10")
    x += CARD_W + 40
    if scene.held is not None or scene.held_hidden:
        source = (
            "drawn"
            if scene.view.held_from == "stock"
            else "displaced"
            if scene.view.held_from is None
            else "taken"
        )
        _card(canvas, g, x, y, scene.held, not scene.held_hidden, data_place="hand")
        caption = f"in hand, seat {scene.view.turn_seat} ({source})"
        canvas.text(g, x, y + CARD_H + 14, caption, font_size="10")
        x += max(CARD_W, text_width(caption, 10)) + 16
    if scene.view.out_of_play:
        shown = " ".join(str(c) for c in scene.view.out_of_play)
        canvas.text(g, x, y + 20, f"out of play: {shown}", font_size="11", class_="out-of-play")


def _layout(canvas: Canvas, scene: _Scene, seat: int, x: float, y: float) -> None:
    g = canvas.group(class_="layout", data_seat=str(seat))
    label = f"seat {seat}"
    if seat == scene.viewer:
        label += " (you)"
    if seat == scene.view.turn_seat:
        label = "▶ " + label
    canvas.text(
        g, x, y + 12, label, font_weight="bold" if seat == scene.view.turn_seat else "normal"
    )
    if seat in scene.view.pending and scene.view.phase in (GnomingPhase.REVEAL, GnomingPhase.FLIP):
        canvas.text(g, x, y + 25, "to decide", font_size="10", fill="#ef6c00", class_="pending")
    grid_y = y + HEADING
    cards = scene.layouts[seat]
    matches = _matches(scene, cards)
    # The bars go first, beneath the cards: they show between the cards and
    # never across a card's value.
    for line, value in matches:
        first, last = line[0], line[-1]
        canvas.line(
            g,
            x + (first % 3) * (CARD_W + GAP) + CARD_W / 2,
            grid_y + (first // 3) * (CARD_H + GAP) + CARD_H / 2,
            x + (last % 3) * (CARD_W + GAP) + CARD_W / 2,
            grid_y + (last // 3) * (CARD_H + GAP) + CARD_H / 2,
            stroke="#ef6c00",
            stroke_width="12",
            stroke_linecap="round",
            class_="match",
            data_line=" ".join(map(str, line)),
            data_value=str(value),
        )
    matched = {p for line, _ in matches for p in line}
    for p, (card, up) in enumerate(cards):
        cx = x + (p % 3) * (CARD_W + GAP)
        cy = grid_y + (p // 3) * (CARD_H + GAP)
        where = {"data_seat": str(seat), "data_pos": str(p)}
        _card(canvas, g, cx, cy, card, up, matched=p in matched, **where)
        if seat == scene.view.turn_seat and p in scene.view.filled_positions:
            canvas.rect(
                g,
                cx - 2,
                cy - 2,
                CARD_W + 4,
                CARD_H + 4,
                rx="5",
                fill="none",
                stroke="#ef6c00",
                stroke_width="2",
                class_="filled",
            )
    scores = [r[seat] for r in scene.view.round_scores]
    if scores:
        lines = _score_lines(scores, BLOCK_W - 16)
        for index, text in enumerate(lines):
            y_text = grid_y + 3 * (CARD_H + GAP) + 12 + 13 * index
            canvas.text(g, x, y_text, text, font_size="10", class_="score")


def _matches(
    scene: _Scene, cards: Sequence[tuple[Card | None, bool]]
) -> list[tuple[tuple[int, ...], int]]:
    """The layout's lines of face-up cards that match (G19, G20), with their values."""
    found = []
    lines = LINES if scene.view.rules is None else scene.view.rules.lines
    for line in lines:
        known = [cards[p][0] for p in line if cards[p][1]]
        if len(known) < len(line) or None in known:
            continue
        value = (
            line_match_value(known)  # type: ignore[arg-type]
            if scene.view.rules is None
            else scene.view.rules.line_match(line, known)  # type: ignore[arg-type]
        )
        if value is not None:
            found.append((tuple(line), value))
    return found


def _score_lines(scores: Sequence[int], width: float) -> list[str]:
    """``total T``, then ``rounds a, b, c``, wrapped to lines of ``width`` at most.

    Rounds that would need more than `SCORE_LINES` lines in all are left out
    from the first ones on, shown as ``…``.
    """
    words = [str(score) for score in scores]
    for start in range(len(words)):
        shown = (["…"] if start else []) + words[start:]
        lines = [f"total {sum(scores)}", "rounds"]
        for index, word in enumerate(shown):
            text = word + ("," if index < len(shown) - 1 else "")
            if text_width(f"{lines[-1]} {text}", 10) > width:
                lines.append(text)
            else:
                lines[-1] = f"{lines[-1]} {text}"
        if len(lines) <= SCORE_LINES:
            return lines
    return [f"total {sum(scores)}"]
