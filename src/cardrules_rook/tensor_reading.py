"""Toonerville Rook's tensors read straight off a round, written once for every seat.

`cardrules_rook.tensor.encode_state` gives a seat's observation tensor
without building its observation: a `cardrules.information.plane_groups.GroupEncoder`
with a `cardrules.information.plane_groups.StateReading` (`build`) keeps one *table
tensor* per thread and writes into it, at each call, only the groups whose
*mark*, read off the round (`_marks`), changed since the last call, whoever
that call was for. So a move is written once, not once into each seat's
tensor.

The table tensor is the layout's planes as seat 0 would see them, followed
by three blocks no single seat's tensor holds (``P`` rows of 57 counts
each): every seat's hand, every seat's cards drawn from the rebuilt draw
pile, and every seat's ``unseen`` cards. A seat's unseen cards are the
deck's copies less the table, the discard pile, its own hand and the
other seats' known cards (its own known cards are in its hand, which it
does not count twice), so each group that places cards keeps every row of
that block up to date: a card discarded leaves every row, a card drawn only
its drawer's, a card becoming known every other seat's. A seat's tensor is
the table tensor read in the seat's order (`_order`): the planes of
`SEAT_PLANES` and the owner columns of each ``table_melds`` row a meld
occupies rotated so that row ``r`` is seat ``(seat + r) % P`` (the others
hold zeros: one order per seat and number of melds on the table,
`cardrules.information.plane_groups.StateReading` ``level``), and the seat's own rows of
the three blocks as ``hand``, ``drawn_from_rebuilt`` and ``unseen``. Nothing is
written after that read. Every other plane of an observation is the same
for every seat but for the order of the seats
(`cardrules_rook.observation.observe` reads only the hand, the unseen cards
and the cards drawn from a rebuilt pile for the observing seat).
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Sequence
from itertools import compress, count
from operator import is_not, ne
from typing import Any

from cardrules.engine import Game
from cardrules.information.plane_groups import GroupEncoder, PlaneGroup, StateReading
from cardrules.information.tensor_layout import TensorLayout, cached_for_game, require_numpy
from cardrules_rook.buying import offered_to
from cardrules_rook.state import RookRound
from cardrules_rook.tensor_groups import Tables, start, table_groups
from cardrules_rook.tensor_groups import build as build_tables
from cardrules_rook.tensor_layout import CODES, meld_columns

__all__ = ["SEAT_PLANES", "build"]

#: The planes whose first axis is a seat, relative to the observer.
#: Per seat (relative to the observer), a row of card counts indexed by card code.
SeatRows = tuple[tuple[int, ...], ...]

SEAT_PLANES = (
    "known_cards",
    "hand_sizes",
    "rebuilt_draw_counts",
    "melds_by_owner",
    "down",
    "buys",
    "offered_to",
    "current_player",
    "turn_seat",
    "dealer",
    "went_out",
    "scores",
)


def build(game: Game) -> GroupEncoder:
    """The game's encoder of round states: its table tensor is ``size + 3 * P * 57`` long.

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
    """
    np = require_numpy()
    tables = cached_for_game(game, "rook-tensor", build_tables)
    players = tables.players
    unseen_rows = _unseen_rows(tables)
    groups = [*_private_groups(tables), *table_groups(tables, unseen_rows)]
    targets = tables.targets

    def level(state: RookRound) -> int:
        return min(len(state.table), targets)  # the table_melds rows a meld occupies

    order = functools.partial(_order, np, game.tensor_layout, players)
    reading = StateReading(_marks, order, level=level)
    size = tables.size + 3 * players * CODES
    return GroupEncoder(np, size, groups, start(tables, unseen_rows), reading)


def _unseen_rows(tables: Tables) -> tuple[int, ...]:
    """Each seat's row of the unseen block: its first offset in the table tensor."""
    first = tables.size + 2 * tables.players * CODES
    return tuple(first + seat * CODES for seat in range(tables.players))


def _marks(state: RookRound, scores: Any) -> tuple[Any, ...]:
    """Each group's mark, in `build`'s order: every seat's hand, the known cards, the
    rebuilt draw pile and the cards drawn from it, then `table_groups`' values.

    Marks are new values or the round's immutable tuples (``known``,
    ``rebuilt``, ``rebuilt_draws`` are replaced, never changed in place),
    never its lists but the hands, the hand groups' live marks
    (`cardrules.information.plane_groups.PlaneGroup`). The `table_groups` marks are their values, as
    `cardrules_rook.observation.observe` puts them in an observation.
    """
    return (
        *state.hands,  # (live marks: the round's own lists, compared as they are)
        state.known,
        state.rebuilt,
        state.rebuilt_draws,
        (tuple(state.table), tuple(state.owners)),
        state.discards.cards(),
        (state.phase, state.current_player, state.turn_seat, offered_to(state)),
        (tuple(state.buys), len(state.stock)),
        (
            tuple(state.down),
            state.went_out,
            state.ended_by,
            state.lay_down_left,
            state.went_down_this_turn,
            state.owed_rooks,
            state.owed_before_down,
            state.rebuilds,
        ),
        (state.round, state.dealer, state.contract, state.whole_hand, scores),
    )


def _private_groups(tables: Tables) -> list[PlaneGroup]:
    """The groups of the table tensor that no `table_groups` value holds.

    One per seat's hand (its row of the hands block, its hand size, and out
    of its row of the unseen block), the known cards (every seat's row, each
    taken out of the other seats' unseen rows), the rebuilt draw pile, and
    the cards each seat drew from it (its row of the drawn block, and how
    many). Each is written from 57 counts by code, as the round keeps them.
    """
    at = tables.at
    players = tables.players
    unseen_rows = _unseen_rows(tables)
    # per seat: the unseen rows of the other seats
    others = [tuple(row for t, row in enumerate(unseen_rows) if t != s) for s in range(players)]
    hands_at = tables.size
    drawn_at = tables.size + players * CODES
    known_at = at["known_cards"]
    rebuilt_at = at["rebuilt_draw_pile"]
    sizes_at = at["hand_sizes"]
    drawn_counts_at = at["rebuilt_draw_counts"]
    groups: list[PlaneGroup] = []

    no_cards = (0,) * CODES

    def hand_row(seat: int) -> PlaneGroup:
        row = hands_at + seat * CODES
        size_at = sizes_at + seat
        unseen = unseen_rows[seat]

        def _hand(out: array[float], view: Any, counts: list[int], _: int, memo: list[Any]) -> None:
            # (counts: the kept copy of the round's list, never changed: `PlaneGroup.live_mark`)
            before, before_bits = memo if memo else (no_cards, 0)
            codes, bits = _changed_codes(before, before_bits, counts)
            for code in codes:
                out[row + code] = counts[code]
                step = counts[code] - before[code]
                out[size_at] += step
                out[unseen + code] -= step
            memo[:] = [counts, bits]

        return PlaneGroup(("hand", "hand_sizes"), write_value=_hand, live_mark=True)

    groups += [hand_row(seat) for seat in range(players)]

    nothing = (no_cards,) * players

    def _known(out: array[float], view: Any, rows: SeatRows, _: int, memo: list[Any]) -> None:
        old_bits: list[int | None]  # per seat, the bits of its row (`_changed_codes`)
        if memo:
            old, old_bits = memo
        else:
            old, old_bits = nothing, [0] * players
        for seat, before, after in _changed_rows(old, rows):
            row = known_at + seat * CODES
            codes, old_bits[seat] = _changed_codes(before, old_bits[seat], after)
            for code in codes:
                out[row + code] = after[code]
                step = after[code] - before[code]
                for unseen in others[seat]:
                    out[unseen + code] -= step
        memo[:] = [rows, old_bits]

    groups.append(PlaneGroup(("known_cards",), write_value=_known))

    def _rebuilt(
        out: array[float], view: Any, counts: tuple[int, ...], _: int, memo: list[Any]
    ) -> None:
        for code in _changes(memo[0] if memo else no_cards, counts):
            out[rebuilt_at + code] = counts[code]
        memo[:] = [counts]

    groups.append(PlaneGroup(("rebuilt_draw_pile",), write_value=_rebuilt))

    def _drawn(out: array[float], view: Any, rows: SeatRows, _: int, memo: list[Any]) -> None:
        for seat, before, after in _changed_rows(memo[0] if memo else nothing, rows):
            row = drawn_at + seat * CODES
            for code in _changes(before, after):
                out[row + code] = after[code]
                out[drawn_counts_at + seat] += after[code] - before[code]
        memo[:] = [rows]

    groups.append(PlaneGroup(("drawn_from_rebuilt", "rebuilt_draw_counts"), write_value=_drawn))
    return groups


_CODES = range(CODES)


def _changes(before: Sequence[int], after: Sequence[int]) -> list[int]:
    """The card codes whose counts differ between two rows of 57 counts (a draw, a
    discard: one or two), found without a Python loop over the 57."""
    return list(compress(_CODES, map(ne, before, after)))


def _changed_codes(
    before: Sequence[int], before_bits: int | None, after: Sequence[int]
) -> tuple[list[int], int | None]:
    """`_changes` of ``before`` and ``after``, given ``before`` also as its bits; and ``after``'s.

    A row's *bits* hold its counts one byte each, code 0 lowest: the codes
    whose bytes differ are where the two rows' bits, exclusive-or'ed, are not
    0 (a few big-int operations, where comparing 57 pairs costs three times as
    much). ``None`` stands for bits not known (a count outside 0-255, which
    play never makes: fewer than 256 decks), and `_changes` then compares the
    pairs.
    """
    try:
        # (a bytearray: made from a list or tuple of ints in half the time of bytes)
        bits = int.from_bytes(bytearray(after), "little")
    except ValueError:
        return _changes(before, after), None
    if before_bits is None:
        return _changes(before, after), bits
    diff = before_bits ^ bits
    codes = []
    while diff:
        code = (diff.bit_length() - 1) >> 3
        codes.append(code)
        diff &= (1 << (code << 3)) - 1  # the bytes below that code's
    return codes, bits


def _changed_rows(
    old: SeatRows, rows: SeatRows
) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """``(seat, before, after)`` for each seat whose row of 57 counts is not the one it had.

    The round keeps such rows (known cards, cards drawn from a rebuilt pile)
    as immutable tuples replaced on change, so an unchanged row is the same
    object; one seat's row changes at a time.
    """
    if len(old) != len(rows):
        raise ValueError(f"{len(rows)} rows, not {len(old)}")
    # (the seats found in C: a comprehension over the pairs costs four times as much)
    return [(seat, old[seat], rows[seat]) for seat in compress(count(), map(is_not, old, rows))]


@functools.lru_cache(maxsize=256)
def _order(np: Any, layout: TensorLayout, players: int, seat: int, occupied: int) -> Any:
    """The table tensor's indices in ``seat``'s order, kept per layout and ``occupied``.

    Row ``r`` of each of `SEAT_PLANES` and owner column ``r`` of each of the
    first ``occupied`` rows of ``table_melds`` (those a meld occupies) read
    seat ``(seat + r) % P`` of the table tensor; ``hand``,
    ``drawn_from_rebuilt`` and ``unseen`` read the seat's rows of the blocks
    past the layout's planes. The owner columns of the other rows are read
    in place: no meld there, they hold zeros, whichever the seat (the table
    group takes back every meld past the table's end). Reading them in place
    keeps the gather of a seat's tensor short (an early round's table holds
    a few melds of the 74 rows). At most 256 orders are kept (each as many
    indices as the tensor has values: 42 KB with 4 players).
    """
    size = layout.size
    index = np.arange(size)
    for name in SEAT_PLANES:
        plane = layout.plane(name)
        block = index[plane.start : plane.stop].reshape(plane.shape)
        index[plane.start : plane.stop] = np.roll(block, -seat, axis=0).ravel()
    melds = layout.plane("table_melds")
    rows = index[melds.start : melds.stop].reshape(melds.shape)  # (a view: written through)
    owner = meld_columns(players)["owner"]
    rows[:occupied, owner] = np.roll(rows[:occupied, owner], -seat, axis=1)
    codes = np.arange(CODES)
    hand = layout.plane("hand").start
    index[hand : hand + CODES] = size + seat * CODES + codes
    drawn = layout.plane("drawn_from_rebuilt").start
    index[drawn : drawn + CODES] = size + (players + seat) * CODES + codes
    unseen = layout.plane("unseen").start
    index[unseen : unseen + CODES] = size + (2 * players + seat) * CODES + codes
    index.flags.writeable = False  # shared by every game of this layout
    return index
