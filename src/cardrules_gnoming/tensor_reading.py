"""Gnoming A Round's tensors read straight off a round, written once for every seat.

`cardrules_gnoming.tensor` encodes observations, and reads a seat's tensor
off the round without building its observation, with the
`cardrules.information.plane_groups.GroupEncoder` built here once per game
(`build_encoder`) from the plane groups of
`cardrules_gnoming.tensor_groups` and a `cardrules.information.plane_groups.StateReading`:
each group's *mark*, read straight off the round (`_marks`); the groups
whose mark changed since the last call, whoever it was for, are written
once into a table tensor shared by every seat, which each seat reads in its
own order (`SEAT_PLANES` rotated, `_order`) with the card it may not see
taken out (`_patch`).
"""

from __future__ import annotations

import functools
from typing import Any

from cardrules.engine import Game
from cardrules.information.plane_groups import GroupEncoder, StateReading
from cardrules.information.tensor_layout import TensorLayout, require_numpy
from cardrules_gnoming.flips import deciding_seats
from cardrules_gnoming.hidden import draw_pile_cards, draw_pile_hazards, held_is_hidden
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingRound
from cardrules_gnoming.tensor_groups import KindTables, kind_tables, plane_groups

__all__ = ["SEAT_PLANES", "build_encoder"]


def build_encoder(game: Game) -> tuple[KindTables, GroupEncoder]:
    """The game's kind tables and its `GroupEncoder` (marks included).

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
    """
    np = require_numpy()
    tables = kind_tables(game)
    groups, start = plane_groups(tables)
    reading = StateReading(_marks(), _orders(np, game.tensor_layout), _patch(tables))
    return tables, GroupEncoder(np, tables.size, groups, start, reading)


#: The planes whose first axis is a seat, relative to the observer.
SEAT_PLANES = ("layouts", "current_player", "turn_seat", "ender", "starter", "pending", "scores")


def _marks() -> Any:
    """``marks(state, round_scores)``: each group's mark, in the order of the groups.

    The groups are `cardrules_gnoming.tensor_groups.plane_groups`. For the table tensor
    (`cardrules.information.plane_groups.StateReading`): the layouts in seat order, the held card
    as the
    turn player sees it. A layout row's mark is a new list of its nine cards and nine flags (its
    value, what others see, hides the face-down cards: equal marks, equal values); the filled
    positions' mark is the bitmask; every other mark is the group's value itself, as
    `cardrules_gnoming.observation.observe` would put it in the turn player's observation. Marks
    are new values, never the state's own lists.
    """

    def marks(state: GnomingRound, scores: Any) -> tuple[Any, ...]:
        discards = state.discards
        turn = state.turn_seat
        sees = 0 if turn is None else turn  # no card is held outside a turn
        held, drawn_from = state.held, state.drawn_from
        return (
            *[grid.cards + grid.face_up for grid in state.layouts],  # (new lists)
            (held, drawn_from),
            (discards[0].cards(), discards[1].cards()),
            tuple(state.out_of_play),
            (
                draw_pile_cards(state, sees) if state.rebuilds else None,
                # (`draw_pile_hazards` asked only where a card drawn from it is held)
                state.stock_hazards
                if held is None or drawn_from != STOCK
                else draw_pile_hazards(state, sees),
            ),
            len(state.stock),
            (
                state.phase,
                state.current_player,
                turn,
                state.kept_hazard,
                state.final_turns_left,
                state.mulligans_at_turn_start,
            ),
            (
                deciding_seats(state),
                state.filled,
            ),
            (
                state.ender,
                state.starter,
                state.ended_by,
                state.round,
                state.rebuilds,
                scores,
            ),
        )

    return marks


def _orders(np: Any, layout: TensorLayout) -> Any:
    """``order(seat)``: the table tensor's indices in ``seat``'s order (`SEAT_PLANES` rotated)."""

    def order(seat: int) -> Any:
        return _order(np, layout, seat)

    return order


@functools.lru_cache(maxsize=64)
def _order(np: Any, layout: TensorLayout, seat: int) -> Any:
    """`_orders` of one seat, kept per layout (a game is made anew for every match)."""
    index = np.arange(layout.size)
    for name in SEAT_PLANES:
        plane = layout.plane(name)
        block = index[plane.start : plane.stop].reshape(plane.shape)
        # row r of the seat's plane is seat (seat + r) % P: row seat + r of the table's
        index[plane.start : plane.stop] = np.roll(block, -seat, axis=0).ravel()
    index.flags.writeable = False  # shared by every game of this layout
    return index


def _patch(enc: KindTables) -> Any:
    """``patch(tensor, state, seat)``: what ``seat`` sees unlike the turn player.

    A card the turn player drew from the draw pile is hidden from every other
    seat (G9): for them the held plane shows an unknown card from the draw
    pile, the card is unseen, and after a rebuild (G8) it counts among the
    draw pile's cards; the Hazards known to be in the draw pile are the seat's own.
    """
    at = enc.at
    kinds = enc.kinds
    held_at = at["held"]
    unseen = at["unseen"]
    draw_counts = at["draw_pile_counts"]
    hazards_at = at["draw_pile_hazards"]
    kind_of = enc.kind_of

    def patch(out: Any, state: GnomingRound, seat: int) -> None:
        # (`held_is_hidden`, its first test inline: most calls hold no card from the stock)
        if state.drawn_from == STOCK and held_is_hidden(state, seat):
            assert state.held is not None
            kind = kind_of(state.held)
            out[held_at + kind] = 0
            out[held_at + kinds] = 1
            out[unseen + kind] += 1
            if state.rebuilds and state.draw_pile_known:
                out[draw_counts + kind] += 1
            out[hazards_at] = draw_pile_hazards(state, seat)

    return patch
