"""The plane groups of Toonerville Rook's observation tensor.

`cardrules_rook.tensor` encodes observations with a
`cardrules.information.plane_groups.GroupEncoder` built here once per game (`build`):
one group for the observer's hand, the known cards, the rebuilt draw pile and
what the observer drew from it, and the *table groups*, which every seat sees
alike but for the order of the seats: the melds on the table, the discard
pile, the turn, the counts, the play and the round. The table groups are
written from their values (``write_value``), so that
`cardrules_rook.tensor_reading` can also write them straight from a round
state into one table tensor shared by every seat. Every group writes only
what changed since it was last written; ``unseen`` is a running total those
that place cards keep up to date.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import compress
from operator import is_not, ne
from typing import Any

import attrs

from cardrules.engine import Game
from cardrules.information.plane_groups import (
    GroupEncoder,
    PlaneGroup,
    Writer,
    cell_writer,
    one_hot,
    sorted_change,
    zeros,
)
from cardrules.information.tensor_layout import TensorLayout, require_numpy
from cardrules_rook.cards import Card
from cardrules_rook.melds import RunMeld
from cardrules_rook.observation import RookObservation
from cardrules_rook.tensor_layout import CODES, ENDINGS, PHASES, SCORE_SCALE
from cardrules_rook.tensor_melds import OWNER_COLUMN, meld_entry, table_key

__all__ = ["TABLE_GROUPS", "Tables", "build", "table_groups"]


@attrs.frozen
class Tables:
    """What the encoders precompute once per game: plane offsets and the deck's copies.

    Attributes:
        size: the flat tensor's length.
        copies: the deck's copies of each card code (57 ints).
        deck_size: cards in the deck (the draw pile's size is scaled by it).
        rounds: rounds in the match.
        rebuild_limit: draw-pile rebuilds allowed a round (R16), ``None``: no limit.
        targets: rows of the ``table_melds`` plane (``T``).
        meld_width: columns of the ``table_melds`` plane.
        at: each plane's first offset in the flat tensor.
        table_key: names the offsets of the table planes
            (`cardrules_rook.tensor_melds.table_key`).
        players: seats at the table.
        groups: the observation encoder (`cardrules.information.plane_groups.GroupEncoder`).
    """

    size: int
    copies: tuple[int, ...]
    deck_size: int
    rounds: int
    rebuild_limit: int | None
    targets: int
    meld_width: int
    at: dict[str, int]
    table_key: int
    players: int
    groups: GroupEncoder = attrs.field(default=None)


def build(game: Game) -> Tables:
    """The game's `Tables`, with the observation encoder (``groups``).

    Raises:
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
    """
    np = require_numpy()
    tensor_layout: TensorLayout = game.tensor_layout
    copies = [0] * CODES
    for card, count in game.deck.counts:
        copies[card.code] += count
    at = tensor_layout.starts()
    targets, width = tensor_layout.plane("table_melds").shape
    tables = Tables(
        size=tensor_layout.size,
        copies=tuple(copies),
        deck_size=game.deck.size,
        rounds=game.rounds,
        rebuild_limit=game.options.stock_rebuilds,
        targets=targets,
        meld_width=width,
        at=at,
        table_key=table_key(at, targets, width),
        players=game.players,
    )
    groups = [*_observer_groups(tables, np), *table_groups(tables)]
    encoder = GroupEncoder(np, tables.size, groups, start(tables))
    return attrs.evolve(tables, groups=encoder)


def start(
    tables: Tables, unseen_rows: Sequence[int] | None = None
) -> Callable[[array[float]], None]:
    """How a fresh tensor starts: ``unseen`` holds the deck's copies, every other value 0.

    ``unseen_rows``: where the ``unseen`` counts are kept (their first offsets);
    ``None``: the layout's ``unseen`` plane.
    """
    rows = (tables.at["unseen"],) if unseen_rows is None else tuple(unseen_rows)
    copies = array("f", tables.copies)

    def write(out: array[float]) -> None:
        for unseen in rows:
            out[unseen : unseen + CODES] = copies

    return write


def _recount(
    out: array[float], unseen: int, at_: int, old: list[int], new: list[int], placed: bool
) -> None:
    """Bring a plane of 57 counts at ``at_`` from sorted codes ``old`` to ``new``; with
    ``placed``, the cards are also taken out of (or put back into) ``unseen`` at ``unseen``."""
    gone, came = sorted_change(old, new)
    for code in gone:
        out[at_ + code] -= 1
    for code in came:
        out[at_ + code] += 1
    if placed:
        for code in gone:
            out[unseen + code] += 1
        for code in came:
            out[unseen + code] -= 1


def _observer_groups(enc: Tables, np: Any) -> list[PlaneGroup]:
    """The groups an observation is encoded with besides the `table_groups`: the hand,
    the known cards, the rebuilt draw pile and what the observer drew from it, and
    every seat's hand size and count of cards drawn from the rebuilt draw pile.

    The hand and the other seats' known cards are taken out of ``unseen``.
    """
    at = enc.at
    players = enc.players
    unseen = at["unseen"]
    groups: list[PlaneGroup] = []

    def group(*fields: str) -> Callable[[Writer], Writer]:
        def add(write: Writer) -> Writer:
            groups.append(PlaneGroup(fields, write))
            return write

        return add

    hand_at = at["hand"]
    intp = np.intp
    float32 = np.float32

    def bincount(codes: list[int]) -> Any:
        """57 counts of card codes, as ``float32`` (the tensor's type: mixed types cost more)."""
        return np.bincount(np.array(codes, dtype=intp), minlength=CODES).astype(float32)

    @group("hand")
    def _hand(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        new = sorted([card.code for card in obs.hand])
        _recount(out, unseen, hand_at, memo[0] if memo else [], new, True)
        memo[:] = [new]

    known_at = at["known_cards"]

    @group("known_cards")
    def _known(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        # One row per seat, observer first; only the rows that changed are written.
        seat = obs.seat
        old: list[tuple[tuple[Card, ...], list[int]]] = memo[0] if memo else [((), [])] * players
        rows = []
        for r in range(players):
            cards = obs.known_cards[(seat + r) % players]
            before = old[r]
            if cards == before[0]:
                rows.append(before)
                continue
            new = sorted([card.code for card in cards])
            # the other seats' known cards are placed: not unseen
            _recount(out, unseen, known_at + r * CODES, before[1], new, r > 0)
            rows.append((cards, new))
        memo[:] = [rows]

    rebuilt_at = at["rebuilt_draw_pile"]

    @group("rebuilt_draw_pile")
    def _rebuilt(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        view[rebuilt_at : rebuilt_at + CODES] = bincount(
            [card.code for card in obs.rebuilt_draw_pile]
        )

    drawn_at = at["drawn_from_rebuilt"]

    @group("drawn_from_rebuilt")
    def _drawn(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        view[drawn_at : drawn_at + CODES] = bincount([card.code for card in obs.drawn_from_rebuilt])

    sizes_at = at["hand_sizes"]
    drawn_counts_at = at["rebuilt_draw_counts"]

    @group("hand_sizes", "rebuilt_draw_counts")
    def _sizes(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        seat = obs.seat
        sizes, drawn = obs.hand_sizes, obs.rebuilt_draw_counts
        out[sizes_at : sizes_at + players] = array("f", [*sizes[seat:], *sizes[:seat]])
        out[drawn_counts_at : drawn_counts_at + players] = array(
            "f", [*drawn[seat:], *drawn[:seat]]
        )

    return groups


#: The observation fields of each of `table_groups`, in order: each group's value is the
#: tuple of these fields (one field: its value), whether read off an observation or,
#: as `cardrules_rook.tensor_reading` reads it, off a round state.
TABLE_GROUPS: tuple[tuple[str, ...], ...] = (
    ("table", "owners"),
    ("discard_pile",),
    ("phase", "current_player", "turn_seat", "offered_to"),
    ("buys", "draw_pile_size"),
    (
        "down",
        "went_out",
        "ended_by",
        "lay_down_left",
        "went_down_this_turn",
        "owed_rooks",
        "owed_before_down",
        "rebuilds",
    ),
    ("round", "dealer", "contract", "whole_hand", "round_scores"),
)


def table_groups(enc: Tables, unseen_rows: Sequence[int] | None = None) -> list[PlaneGroup]:
    """The groups every seat sees alike but for the order of the seats (`TABLE_GROUPS`).

    Each is written from its value and the observing seat (``write_value``):
    the melds on the table with who laid them, the discard pile, the turn,
    the buys and the draw pile's size, the state of play and the round. The table's cards and
    the discard pile are taken out of ``unseen``: of each row of ``unseen_rows``
    (first offsets of 57 counts; ``None``: the layout's ``unseen`` plane), so that
    one tensor may keep every seat's ``unseen``.
    """
    at = enc.at
    players = enc.players
    unseens = (at["unseen"],) if unseen_rows is None else tuple(unseen_rows)

    def rel(seat: int, other: int) -> int:
        return (other - seat) % players

    def seat_rows(values: Sequence[Any], seat: int) -> array[float]:
        """Per-seat values, observer first."""
        return array("f", [*values[seat:], *values[:seat]])

    targets = enc.targets
    key = enc.table_key
    by_owner = at["melds_by_owner"]
    owner_column = at["table_melds"] + OWNER_COLUMN

    def _table(
        out: array[float], view: Any, value: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        # Only the places whose meld (by identity) or owner is not the one written last
        # time are written again: the old meld's indices taken back, the new one's added;
        # the melds past the table's end (another round's table) are taken back.
        table, owners = value
        if len(table) != len(owners):
            raise ValueError(f"{len(table)} table melds but {len(owners)} owners")
        # (meld, owner, its `_MELD_HITS` entry, the laying seat's indices) per place;
        # and the melds and owners they were written from
        old: list[tuple[Any, int, Any, tuple[int, ...]]]
        old, old_table, old_owners = memo if memo else ([], (), ())
        common = min(len(table), len(old))
        places = set(compress(range(common), map(is_not, table, old_table)))
        places.update(compress(range(common), map(ne, owners, old_owners)))
        new = old[: len(table)]
        for index in [*sorted(places), *range(common, len(table))]:
            meld, owner = table[index], owners[index]
            row = min(index, targets)
            entry = meld_entry((key, row, id(meld)), meld, at, targets, enc.meld_width)
            hits, placed = entry[1], entry[2]
            # the seat that laid it, relative to the observer: in the totals and its row
            mine = by_owner + rel(seat, owner) * 2 + (not isinstance(meld, RunMeld))
            owned: tuple[int, ...] = (
                (mine,)
                if row == targets
                else (mine, owner_column + row * enc.meld_width + rel(seat, owner))
            )
            if index < common:
                _take_back(out, old[index])
            for i in hits:
                out[i] += 1
            for i in owned:
                out[i] += 1
            for unseen in unseens:
                for code in placed:
                    out[unseen + code] -= 1
            if index < common:
                new[index] = (meld, owner, entry, owned)
            else:
                new.append((meld, owner, entry, owned))
        for gone in old[len(table) :]:
            _take_back(out, gone)
        memo[:] = [new, tuple(table), tuple(owners)]

    def _take_back(out: array[float], kept: tuple[Any, int, Any, tuple[int, ...]]) -> None:
        for i in kept[2][1]:
            out[i] -= 1
        for i in kept[3]:
            out[i] -= 1
        for unseen in unseens:
            for code in kept[2][2]:
                out[unseen + code] += 1

    counts_at = at["discard_counts"]
    top_at = at["discard_top"]
    under_at = at["discard_under"]

    def _discards(
        out: array[float], view: Any, new: tuple[Card, ...], seat: int, memo: list[Any]
    ) -> None:
        old: tuple[Card, ...] = memo[0] if memo else ()
        if new[:-1] == old:  # one card discarded (or none)
            changed = new[-1:]
            sign = 1
        elif old[:-1] == new:  # the top card taken
            changed = old[-1:]
            sign = -1
        else:  # a new pile, or one rebuilt
            for card in old:
                out[counts_at + card.code] -= 1
                for unseen in unseens:
                    out[unseen + card.code] += 1
            changed = new
            sign = 1
        for card in changed:
            out[counts_at + card.code] += sign
            for unseen in unseens:
                out[unseen + card.code] -= sign
        # The top and under planes hold only what this group set last time.
        if old:
            out[top_at + old[-1].code] = 0
            if len(old) > 1:
                out[under_at + old[-2].code] = 0
        if new:
            out[top_at + new[-1].code] = 1
            if len(new) > 1:
                out[under_at + new[-2].code] = 1
        memo[:] = [new]

    seat_zeros = zeros(players)

    def seat_one_hot(out: array[float], name: str, seat: int, other: int | None) -> None:
        one_hot(out, at[name], players, None if other is None else rel(seat, other))

    offered_at = at["offered_to"]
    phase_at = {phase: at["phase"] + i for i, phase in enumerate(PHASES)}
    current_at = at["current_player"]
    turn_at = at["turn_seat"]

    def turn_cells(value: tuple[Any, ...], seat: int) -> tuple[int, ...]:
        phase, current_player, turn_seat, offered_to = value
        cells = [phase_at[phase]]
        if current_player is not None:
            cells.append(current_at + (current_player - seat) % players)
        cells.append(turn_at + (turn_seat - seat) % players)
        for other in offered_to:
            cells.append(offered_at + (other - seat) % players)
        return tuple(cells)

    # (the cells of each value worked out once per seat: a few hundred values)
    _turn = cell_writer(turn_cells, players, add=True)

    buys_at = at["buys"]
    stock_at = at["draw_pile_size"]

    def _counts(
        out: array[float], view: Any, value: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        buys, draw_pile_size = value
        out[buys_at : buys_at + players] = seat_rows(buys, seat)
        out[stock_at] = draw_pile_size / enc.deck_size

    down_at = at["down"]
    left_at = at["lay_down_left"]
    owed_at = at["owed_rooks"]
    rebuilds_at = at["rebuilds"]
    limit = enc.rebuild_limit

    def _play(
        out: array[float], view: Any, value: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        down, went_out, ended, left, went_down, owed, owed_before, rebuilds = value
        out[down_at : down_at + players] = seat_rows(down, seat)
        seat_one_hot(out, "went_out", seat, went_out)
        ending = None if ended is None else ENDINGS.index(ended if ended in ENDINGS else "variant")
        one_hot(out, at["ended_by"], len(ENDINGS), ending)
        out[left_at : left_at + 3] = array("f", (0, 0, 0) if left is None else (1, *left))
        out[at["went_down_this_turn"]] = went_down
        out[owed_at] = owed
        out[owed_at + 1] = owed_before
        out[rebuilds_at] = rebuilds
        out[rebuilds_at + 1] = limit is None or rebuilds < limit

    contract_at = at["contract"]
    scores_at = at["scores"]

    def _round(
        out: array[float], view: Any, value: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        round_, dealer, contract, whole_hand, round_scores = value
        one_hot(out, at["round"], enc.rounds, round_)
        seat_one_hot(out, "dealer", seat, dealer)
        out[contract_at : contract_at + 3] = array(
            "f", (contract.cards, contract.sets, contract.runs)
        )
        out[at["whole_hand"]] = whole_hand
        if round_scores:
            totals = [sum(column) / SCORE_SCALE for column in zip(*round_scores, strict=True)]
            out[scores_at : scores_at + players] = seat_rows(totals, seat)
        else:
            out[scores_at : scores_at + players] = seat_zeros

    writers = (_table, _discards, _turn, _counts, _play, _round)
    return [
        PlaneGroup(fields, write_value=write)
        for fields, write in zip(TABLE_GROUPS, writers, strict=True)
    ]
