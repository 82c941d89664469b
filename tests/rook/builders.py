"""Builders for exact Toonerville Rook positions.

A test starts a real match with :func:`new`, replaces the round in play with a
position written out card by card (:func:`put_round`), and then plays it
through the public engine (``state.apply``, ``state.legal_moves``,
``state.observation``).

Notation used by the builders:

* a card is ``"R7"`` (Red 7), ``"Y14"``, ``"G1"``, ``"B10"`` or ``"Rook"``;
* a hand is cards separated by spaces, in any order: ``"R7 R7 B7 Rook"``;
* a pile is cards bottom first, so the last card is the top:
  ``"G2 Y9 B4"`` has B4 on top;
* a table meld is meld notation, a Rook written ``*`` and what it stands for:
  ``"R3 R4 *R5 R6"`` (a run), ``"R7 B7 *7"`` (a set).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardrules
from cardrules import GameState, Pile
from cardrules_rook.cards import Card
from cardrules_rook.contracts import CONTRACTS
from cardrules_rook.meld_reading import meld_from_str
from cardrules_rook.melds import Meld
from cardrules_rook.rule_points import rook_rules
from cardrules_rook.state import RookPhase, RookRound

# The test modules import play and legal from here with the position builders.
from tests.support import legal as legal
from tests.support import play as play
from tests.support import refused as refused

GAME = "toonerville-rook"
P = RookPhase


def card(text: str) -> Card:
    """One card from its notation (``R7``, ``Y14``, ``Rook``)."""
    return Card.from_str(text)


def cards(spec: str) -> list[Card]:
    """Cards from space-separated notation, in the order written."""
    return [card(token) for token in spec.split()]


def counts(spec: str) -> list[int]:
    """A hand as the 57 counts by card code the round state keeps."""
    hand = [0] * 57
    for c in cards(spec):
        hand[c.code] += 1
    return hand


def meld(spec: str) -> Meld:
    """A table meld from meld notation."""
    return meld_from_str(spec)


def new(
    players: int = 3,
    *,
    seed: int = 0,
    options: Any = None,
    variants: Sequence[str] = (),
) -> GameState:
    """A fresh match of Toonerville Rook through the public entry point."""
    return cardrules.new_game(GAME, players=players, seed=seed, options=options, variants=variants)


def put_round(
    state: GameState,
    hands: Sequence[str],
    *,
    stock: str = "",
    discards: str = "",
    table: Sequence[str] = (),
    owners: Sequence[int] | None = None,
    down: Sequence[int] = (),
    turn: int = 0,
    phase: RookPhase = RookPhase.DRAW,
    current: int | None = None,
    round: int | None = None,
    dealer: int | None = None,
    buys: Sequence[int] | None = None,
    rebuilds: int = 0,
    lay_down_left: tuple[int, int] | None = None,
    went_down_this_turn: bool = False,
    owed_rooks: int = 0,
) -> RookRound:
    """Replace the round in play by an exact position and return it.

    By default the position is the start of seat ``turn``'s turn (phase DRAW)
    in the engine's current round; ``down`` lists the seats that have already
    laid down; ``owners`` (default: seat 0 for every meld) says who laid each
    table meld.
    """
    if len(hands) != state.players:
        raise ValueError(f"need {state.players} hands, got {len(hands)}")
    index = state.round if round is None else round
    rules = rook_rules(state.game)  # the game's rule points, variants' hooks included
    round_state = RookRound(
        state.game.options,
        state.players,
        index,
        rules.contract(index, state.players, state.game.deck.size),
        (turn - 1) % state.players if dealer is None else dealer,
        [counts(hand) for hand in hands],
        Pile(cards(stock)),
        Pile(cards(discards)),
        rules,
    )
    # (a wrapping run where the game's variants let runs wrap, R7)
    round_state.table = [meld_from_str(m, wrap=rules.meld_rules.wrap) for m in table]
    round_state.owners = list(owners) if owners is not None else [0] * len(table)
    round_state.down = [seat in down for seat in range(state.players)]
    round_state.buys = list(buys) if buys is not None else [0] * state.players
    round_state.phase = phase
    round_state.turn_seat = turn
    round_state.current_player = turn if current is None else current
    round_state.rebuilds = rebuilds
    round_state.lay_down_left = lay_down_left
    round_state.went_down_this_turn = went_down_this_turn
    round_state.owed_rooks = owed_rooks
    state.set_round_state(round_state)
    return round_state


def legal_of(state: GameState, kind: str) -> set[str]:
    """The legal moves now whose notation starts with ``kind`` (``"meld"``, ``"swap"``...)."""
    return {m for m in legal(state) if m.startswith(kind)}


def rs(state: GameState) -> RookRound:
    """The round in play, typed."""
    round_state = state.round_state
    assert isinstance(round_state, RookRound)
    return round_state


def hand(state: GameState, seat: int) -> list[str]:
    """A seat's hand in notation, in code order (colour R Y G B, number, Rook last)."""
    return [str(c) for c in rs(state).hand(seat)]


def sorted_hand(spec: str) -> list[str]:
    """A hand written in any order, in the order :func:`hand` gives it."""
    return [str(c) for c in sorted(cards(spec), key=lambda c: c.code)]


def table(state: GameState) -> list[str]:
    """The table melds in notation, in the order laid."""
    return [str(m) for m in rs(state).table]


def pile(cards_: Pile[Card]) -> str:
    """A pile back in builder notation, bottom first."""
    return " ".join(str(c) for c in cards_)


def pass_all(state: GameState) -> None:
    """Every seat offered the discard passes (R10), so the turn player's draw completes."""
    while rs(state).phase is P.BUY:
        state.apply("pass")


# A hand holding exactly each round's contract (R4). Sets come from numbers
# 1, 2, 3..., runs from Green 1-4, Green 6-9, Yellow 6-9, Yellow 10-13.
_SET_CARDS = [f"R{n} Y{n} B{n}" for n in range(1, 6)]
_RUN_CARDS = ["G1 G2 G3 G4", "G6 G7 G8 G9", "Y6 Y7 Y8 Y9", "Y10 Y11 Y12 Y13"]


def going_out_hand(round_index: int) -> tuple[str, str, str]:
    """``(hand, drawn, lay_down)`` for a player who goes out in one turn.

    The hand holds exactly round ``round_index``'s contract. In rounds 1-10
    the drawn card is B14, discarded after the lay-down; in round 11 (R12)
    the drawn card is a second R1, so the lay-down melds every card.
    """
    contract = CONTRACTS[round_index]
    melds = _RUN_CARDS[: contract.runs] + _SET_CARDS[: contract.sets]
    hand_ = " ".join(melds)
    if contract.whole_hand:
        melds[contract.runs] = "R1 R1 Y1 B1"
        return hand_, "R1", "lay down " + " / ".join(melds)
    return hand_, "B14", "lay down " + " / ".join(melds)


def play_out_round(state: GameState, others: Sequence[str]) -> None:
    """Play the round in play to its end: its first player goes out in one turn.

    The first player (left of the dealer, R6) holds the contract exactly (see
    :func:`going_out_hand`), draws, lays down and, except in round 11,
    discards B14; every other seat holds ``others`` (in seat order, the first
    player's place skipped) and passes the offered discard G14 (R10).
    """
    turn = rs(state).turn_seat
    melds, drawn, lay_down = going_out_hand(state.round)
    hands = list(others)
    hands.insert(turn, melds)
    put_round(
        state, hands, turn=turn, dealer=rs(state).dealer, stock=f"Y14 {drawn}", discards="G14"
    )
    round_before = state.round
    play(state, "draw")
    pass_all(state)
    play(state, lay_down)
    if state.round == round_before:
        play(state, "discard B14")
    assert state.round == round_before + 1
    assert state.finished_rounds[-1].went_out == turn
