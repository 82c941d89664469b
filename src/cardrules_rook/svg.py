"""Toonerville Rook positions drawn as SVG (the game's presentation hooks).

`draw_observation` draws one seat's observation and nothing else: its own
hand grouped by colour, every other hand as a card back with its size (and
the cards everyone knows it holds: taken, bought or swapped back, R9, R10,
R14), the melds on the table with each Rook marked with what it stands for
(R13), the discard pile's top card and size, the draw pile's size, and the
round's contract (R4); it is registered with `cardrules.svg.canvas.svg_of`, so
an observation's ``_repr_svg_`` draws with it. `draw_round` draws a whole
round state for a spectator or a finished round: every hand open.

Each card is a ``<g class="card ...">`` with ``data-card`` (its notation;
``Rook`` for the Rook, whose ``data-stands-for`` says what it stands for in a
meld) and ``data-seat`` (hands), ``data-meld`` (table) or ``data-place``
(piles). A hand drawn as a count is a ``<g class="card back">`` with
``data-count``.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree.ElementTree import Element

import attrs

from cardrules.svg.canvas import Canvas, svg_of
from cardrules_rook.cards import COLOUR_NAMES, COLOURS, ROOK, Card
from cardrules_rook.melds import Meld, RunMeld, wrapped
from cardrules_rook.observation import RookObservation, observe
from cardrules_rook.state import RookPhase, RookRound

__all__ = ["draw_observation", "draw_round"]

WIDTH = 680
MARGIN = 12
HAND = (32, 46)
SMALL = (24, 34)
MELD = (30, 44)
INK = {"R": "#c62828", "Y": "#a87900", "G": "#2e7d32", "B": "#111111", "": "#6a1b9a"}

_ASKED = {
    RookPhase.DRAW: "draw from the draw pile or take the discard (R9)",
    RookPhase.BUY: "buy the discard or pass (R10)",
    RookPhase.PLAY: "meld, lay off, swap, then discard (R11-R14)",
}


@attrs.frozen
class _Scene:
    """What a drawing shows: a seat's observation, and the hands shown."""

    title: str
    viewer: int | None
    #: the round as seat ``viewer`` sees it (for the whole table, any seat's view: the
    #: drawing reads the public fields, and known cards only of a hidden hand)
    view: RookObservation
    #: per seat, its cards in code order, or ``None`` when hidden from the viewer
    hands: tuple[tuple[Card, ...] | None, ...]


def draw_observation(obs: RookObservation) -> str:
    """Draw what seat ``obs.seat`` may know (its observation) as SVG text."""
    title = f"Toonerville Rook, round {obs.round + 1}, seen by seat {obs.seat}"
    hands = tuple(obs.hand if s == obs.seat else None for s in range(obs.players))
    return _draw(_Scene(title, obs.seat, obs, hands))


# What an observation's ``_repr_svg_`` draws with (`cardrules.svg.canvas.svg_of`).
svg_of.register(RookObservation, draw_observation)


def draw_round(state: RookRound, round_scores: Sequence[tuple[int, ...]] = ()) -> str:
    """Draw a whole round (every hand open) as SVG text."""
    title = f"Toonerville Rook, round {state.round + 1}, the whole table"
    view = observe(state, 0, tuple(round_scores), ())
    return _draw(_Scene(title, None, view, tuple(map(state.hand, range(state.players)))))


def _card(
    canvas: Canvas,
    parent: Element,
    x: float,
    y: float,
    card: Card,
    size: tuple[float, float],
    stands_for: str = "",
    kind: str = "card face-up",
    **where: str,
) -> None:
    width, height = size
    extra = {"data_stands_for": stands_for} if stands_for else {}
    canvas.card(
        parent,
        x,
        y,
        width,
        height,
        "Rook" if card.is_rook else str(card.number),
        colour=INK[card.colour],
        note=f"={stands_for}" if stands_for else ("" if card.is_rook else card.colour),
        class_=kind,
        data_card=str(card),
        **extra,
        **where,
    )


def _status(scene: _Scene) -> str:
    view = scene.view
    if view.phase is RookPhase.OVER:
        if view.ended_by == "out":
            return f"Round over: seat {view.went_out} went out (R12)"
        return "Round over: the draw pile ran out (R16)"
    text = f"seat {view.current_player} to {_ASKED.get(view.phase, str(view.phase))}"
    if view.lay_down_left is not None:
        sets, runs = view.lay_down_left
        text += f"; still to lay down: {sets} set(s), {runs} run(s)"
    if view.owed_rooks:
        text += f"; {view.owed_rooks} swapped Rook(s) to play (R14)"
    return text


def _draw(scene: _Scene) -> str:
    canvas = Canvas(
        WIDTH,
        scene.title,
        "cardrules rook " + ("seat-view" if scene.viewer is not None else "full-view"),
    )
    whole = ", every card at once (R12)" if scene.view.whole_hand else ""
    y = canvas.header(
        "Toonerville Rook",
        scene.view.round,
        scene.viewer,
        [
            ("contract", f"Contract: {scene.view.contract}{whole} (R4)"),
            # one fact a line, so a long status stays inside the drawing
            *(("status", part) for part in _status(scene).split("; ")),
        ],
    )
    y = _piles(canvas, scene, y)
    for seat in range(scene.view.players):
        y = _seat(canvas, scene, seat, y + 8)
    y = _table(canvas, scene, y + 10)
    if scene.view.round_scores:
        totals = [sum(r[s] for r in scene.view.round_scores) for s in range(scene.view.players)]
        shown = ", ".join(f"seat {s}: {t}" for s, t in enumerate(totals))
        canvas.text(canvas.root, MARGIN, y + 18, f"Scores so far: {shown}", class_="score")
    return canvas.to_svg()


def _piles(canvas: Canvas, scene: _Scene, y: float) -> float:
    g = canvas.group(class_="piles")
    w, h = HAND
    canvas.back(
        g,
        MARGIN,
        y,
        w,
        h,
        label=str(scene.view.draw_pile_size),
        class_="pile draw-pile",
        data_count=str(scene.view.draw_pile_size),
    )
    canvas.text(g, MARGIN, y + h + 13, "draw pile", font_size="10")
    x = MARGIN + w + 36
    pile = scene.view.discard_pile
    if pile:
        _card(canvas, g, x, y, pile[-1], HAND, data_place="discard", data_count=str(len(pile)))
        below = pile[-7:-1]
        for i, card in enumerate(reversed(below)):
            _card(canvas, g, x + w + 8 + i * (SMALL[0] + 2), y + h - SMALL[1], card, SMALL)
    else:
        canvas.rect(g, x, y, w, h, rx="4", fill="none", stroke="#999999", stroke_dasharray="3")
    canvas.text(g, x, y + h + 13, f"discard pile ({len(pile)})", font_size="10")
    return y + h + 16


def _seat(canvas: Canvas, scene: _Scene, seat: int, y: float) -> float:
    g = canvas.group(class_="seat", data_seat=str(seat))
    label = f"seat {seat}"
    if seat == scene.viewer:
        label += " (you)"
    if seat == scene.view.turn_seat and scene.view.phase is not RookPhase.OVER:
        label = "▶ " + label
    facts = [f"{scene.view.hand_sizes[seat]} cards"]
    if scene.view.down[seat]:
        facts.append("down (R11)")
    if scene.view.buys[seat]:
        facts.append(f"bought {scene.view.buys[seat]} (R10)")
    if seat == scene.view.dealer:
        facts.append("dealer")
    canvas.text(g, MARGIN, y + 12, f"{label} · {' · '.join(facts)}", font_weight="bold")
    hand = scene.hands[seat]
    y += 18
    if hand is None:
        w, h = SMALL
        canvas.back(
            g,
            MARGIN,
            y,
            w,
            h,
            label=str(scene.view.hand_sizes[seat]),
            class_="card back",
            data_seat=str(seat),
            data_count=str(scene.view.hand_sizes[seat]),
        )
        known = scene.view.known_cards[seat]
        if known:
            canvas.text(g, MARGIN + w + 10, y + 13, "known to hold:", font_size="10")
            x = start = MARGIN + w + 90
            for card in known:
                if x + w > WIDTH - MARGIN:  # wrap under the first known card
                    x, y = start, y + h + 4
                _card(canvas, g, x, y, card, SMALL, kind="card known", data_seat=str(seat))
                x += w + 2
        return y + h
    return _hand(canvas, g, hand, seat, y)


def _hand(canvas: Canvas, g: Element, hand: tuple[Card, ...], seat: int, y: float) -> float:
    """The cards grouped by colour (Red, Yellow, Green, Black, then Rooks), wrapping."""
    w, h = HAND
    x = MARGIN
    for colour in (*COLOURS, ""):
        group = [card for card in hand if card.colour == colour]
        if not group:
            continue
        span = len(group) * (w + 2) + 14
        if x > MARGIN and x + span > WIDTH - MARGIN:
            x, y = MARGIN, y + h + 16
        name = COLOUR_NAMES.get(colour, "Rooks")
        canvas.text(g, x, y + h + 11, name, font_size="9", fill=INK[colour])
        for card in group:
            if x + w > WIDTH - MARGIN:  # a colour longer than a row goes on in the next
                x, y = MARGIN, y + h + 16
            _card(canvas, g, x, y, card, HAND, data_seat=str(seat))
            x += w + 2
        x += 14
    return y + h + 12


def _table(canvas: Canvas, scene: _Scene, y: float) -> float:
    g = canvas.group(class_="table")
    canvas.text(g, MARGIN, y + 12, "Table" if scene.view.table else "Table: no melds yet")
    y += 18
    w, h = MELD
    x = MARGIN
    for index, (meld, owner) in enumerate(zip(scene.view.table, scene.view.owners, strict=True)):
        cards = _meld_cards(meld)
        span = len(cards) * (w + 2) + 16
        if x > MARGIN and x + span > WIDTH - MARGIN:
            x, y = MARGIN, y + h + 22
        mg = canvas.group(g, class_=f"meld {meld.kind}", data_meld=str(index))
        canvas.text(mg, x, y + 10, f"#{index} {meld.kind}, seat {owner}", font_size="10")
        for card, stands_for in cards:
            _card(canvas, mg, x, y + 14, card, MELD, stands_for, data_meld=str(index))
            x += w + 2
        x += 16
    return y + h + 14


def _meld_cards(meld: Meld) -> list[tuple[Card, str]]:
    """The meld's cards in table order, each Rook with what it stands for (R13)."""
    if isinstance(meld, RunMeld):
        rooks = set(meld.rooks)
        naturals = iter(meld.naturals)
        return [
            (ROOK, f"{meld.colour}{wrapped(n)}") if n in rooks else (next(naturals), "")
            for n in range(meld.low, meld.high + 1)
        ]
    return [(card, "") for card in meld.naturals] + [(ROOK, str(meld.number))] * meld.rooks
