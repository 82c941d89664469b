"""Builders for exact Gnoming A Round positions.

A test starts a real match with :func:`new`, replaces the round in play with a
position written out card by card (:func:`put_round`), and then plays it
through the public engine (``state.apply``, ``state.legal_moves``,
``state.observation``).

Notation used by the builders:

* a card is ``"7"``, ``"-3"``, ``"M"`` (Mulligan) or ``"H"`` (Hazard);
* a layout is nine cards, row by row; a card in parentheses, ``"(7)"``, is
  face down; ``"/"`` may separate the rows for readability:
  ``lay("5 5 M / (7) 7 -2 / (H) 1 1")``;
* a pile is cards bottom first, so the last card is the top:
  ``"3 9 4"`` has 4 on top.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import cardrules
from cardrules import GameState, Pile
from cardrules_gnoming.cards import Card
from cardrules_gnoming.rulebook import rulebook_of
from cardrules_gnoming.state import GnomingPhase, GnomingRound, Layout

# The test modules import play and legal from here with the position builders.
from tests.support import legal as legal
from tests.support import play as play
from tests.support import refused as refused

GAME = "gnoming-a-round"


def card(text: str | int) -> Card:
    """One card from its notation (``7``, ``"-3"``, ``"M"``, ``"H"``)."""
    return Card.from_str(str(text))


def cards(spec: str) -> list[Card]:
    """Cards from space-separated notation, in the order written (``"/"`` ignored)."""
    return [card(token) for token in spec.split() if token != "/"]


def lay(spec: str) -> Layout:
    """A layout from nine tokens row by row; ``(x)`` is a face-down ``x``."""
    tokens = [token for token in spec.split() if token != "/"]
    if len(tokens) != 9:
        raise ValueError(f"a layout needs 9 cards, got {len(tokens)}: {spec!r}")
    layout_cards: list[Card] = []
    face_up: list[bool] = []
    for token in tokens:
        down = token.startswith("(") and token.endswith(")")
        layout_cards.append(card(token[1:-1] if down else token))
        face_up.append(not down)
    return Layout(layout_cards, face_up)


def catalogue_with(*variants: cardrules.VariantSpec) -> cardrules.Catalogue:
    """The installed plugins plus variants a test declares itself (not installed)."""

    class Registrar:
        @cardrules.hookimpl
        def cardrules_register_variants(self, register: Any) -> None:
            for spec in variants:
                register(spec)

    return cardrules.Catalogue([("test-variants", Registrar())])


def new(
    players: int = 3,
    *,
    seed: int = 0,
    options: Any = None,
    variants: Sequence[str] = (),
    catalogue: cardrules.Catalogue | None = None,
) -> GameState:
    """A fresh match of Gnoming A Round through the public entry point."""
    return cardrules.new_game(
        GAME,
        players=players,
        seed=seed,
        options=options,
        variants=variants,
        catalogue=catalogue,
    )


def put_round(
    state: GameState,
    layouts: Sequence[Layout | str],
    *,
    stock: str = "",
    discards: tuple[str, str] = ("", ""),
    turn: int = 0,
    phase: GnomingPhase = GnomingPhase.DRAW,
    current: int | None = None,
    held: str | None = None,
    drawn_from: str | int | None = None,
    starter: int | None = None,
    ender: int | None = None,
    final_turns_left: int = 0,
    rebuilds: int = 0,
    out_of_play: str = "",
    pending: Iterable[int] = (),
) -> GnomingRound:
    """Replace the round in play by an exact position and return it.

    By default the position is the start of seat ``turn``'s turn (phase DRAW,
    nothing in hand). The round index is the engine's current round.
    """
    built = [lay(layout) if isinstance(layout, str) else layout for layout in layouts]
    if len(built) != state.players:
        raise ValueError(f"need {state.players} layouts, got {len(built)}")
    round_state = GnomingRound(
        state.game.options,
        state.players,
        state.round,
        turn if starter is None else starter,
        built,
        Pile(cards(stock)),
        (Pile(cards(discards[0])), Pile(cards(discards[1]))),
        cards(out_of_play),
        rulebook_of(state.game),
    )
    round_state.phase = phase
    round_state.turn_seat = turn
    round_state.current_player = turn if current is None else current
    round_state.held = None if held is None else card(held)
    round_state.drawn_from = drawn_from
    round_state.filled = 0
    round_state.mulligans_at_turn_start = built[turn].face_up_mulligans()
    round_state.pending = list(pending)
    round_state.ender = ender
    round_state.final_turns_left = final_turns_left
    round_state.rebuilds = rebuilds
    state.set_round_state(round_state)
    return round_state


def rs(state: GameState) -> GnomingRound:
    """The round in play, typed."""
    round_state = state.round_state
    assert isinstance(round_state, GnomingRound)
    return round_state


def visible(layout: Layout) -> str:
    """A layout back in builder notation (face-down cards in parentheses)."""
    return " ".join(
        str(c) if up else f"({c})" for c, up in zip(layout.cards, layout.face_up, strict=True)
    )


def finish_round_now(state: GameState) -> None:
    """End the round in play with one move, whatever it was.

    Puts the starter of the round in play mid-turn, holding a card to
    discard, with an empty draw pile that was already rebuilt once (G8): the
    discard ends the turn and the next turn start ends the round.
    """
    turn = rs(state).starter
    put_round(
        state,
        ["(1) 2 3 / 4 5 6 / 7 8 9"] * state.players,
        turn=turn,
        starter=turn,
        phase=GnomingPhase.DISCARD,
        held="-1",
        discards=("2", "3"),
        rebuilds=1,
    )
    round_before = state.round
    state.apply("discard 0")
    assert state.round == round_before + 1


def last_turn_scores(
    state: GameState, layouts: Sequence[Layout | str], *, ender: int
) -> tuple[int, ...]:
    """Score ``layouts`` as a round ended by ``ender`` (G17): the engine's round scores.

    Puts the last seat mid-way through the round's last turn, holding a card
    to discard; the discard ends the round (G17, G18) and the engine scores it.
    """
    last = state.players - 1
    put_round(
        state,
        layouts,
        turn=last,
        phase=GnomingPhase.DISCARD,
        held="12",
        discards=("2", "3"),
        stock="4 5 6",
        ender=ender,
        final_turns_left=1,
    )
    round_before = state.round
    state.apply("discard 0")
    assert state.round == round_before + 1
    return state.round_scores[-1]
