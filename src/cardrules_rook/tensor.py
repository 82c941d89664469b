"""Observation tensors of Toonerville Rook: one flat ``float32`` vector per observation.

The planes (names, shapes, what each value means) are in
`cardrules_rook.tensor_layout`; its names are re-exported here. `encode` fills
them for one observation.

Values are 0/1 flags and one-hots, raw counts (whole numbers), or scaled
quantities whose scale the plane's description states. Legal moves are not
encoded (use the action mask), nor is the move history: what it makes public
is in the planes (the table, the discard pile, the cards known to be in each
hand, the cards the draw pile was rebuilt from and how many of them each seat
drew), except which cards a seat played after drawing from a rebuilt draw pile
(``rebuilt_draw_plays``).

Examples:
    >>> from cardrules import new_game
    >>> state = new_game("toonerville-rook", players=3, seed=1)
    >>> layout = state.game.tensor_layout
    >>> layout.size, layout.plane("known_cards").shape
    (4137, (3, 57))
    >>> tensor = state.game.observation_tensor(state.observation(0))
    >>> tensor.shape, str(tensor.dtype)
    ((4137,), 'float32')
    >>> int(layout.view(tensor, "hand").sum())  # 12 cards dealt in round 1 (R4)
    12
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.engine import Game
from cardrules.plane_groups import GroupEncoder, PlaneGroup, Writer, one_hot, sorted_change, zeros
from cardrules.tensors import TensorLayout, cached_for_game, require_numpy
from cardrules_rook.cards import COLOURS, NUMBERS, ROOK_CODE, Card
from cardrules_rook.melds import RunMeld
from cardrules_rook.observation import RookObservation
from cardrules_rook.tensor_layout import (
    CODES,
    ENDINGS,
    MELD_COLUMNS,
    NATURALS,
    PHASES,
    SCORE_SCALE,
    card_codes,
    layout,
    meld_columns,
)

__all__ = [
    "CODES",
    "MELD_COLUMNS",
    "NATURALS",
    "SCORE_SCALE",
    "card_codes",
    "encode",
    "layout",
    "meld_columns",
]

_COLOUR_BASE = {colour: i * len(NUMBERS) for i, colour in enumerate(COLOURS)}
_COLUMN = {name: column.start for name, column in meld_columns(0).items()}
_M_PRESENT = _COLUMN["present"]
_M_RUN = _COLUMN["run"]
_M_SET = _COLUMN["set"]
_M_RUN_COLOUR = {colour: _COLUMN["run_colour"] + i for i, colour in enumerate(COLOURS)}
_M_RUN_NUMBERS = _COLUMN["run_numbers"] - 1  # + number 1-14
_M_RUN_ROOKS = _COLUMN["run_rooks"] - 1  # + number 1-14
_M_SET_NUMBER = _COLUMN["set_number"] - 1  # + number 1-14
_M_SET_COLOURS = {colour: _COLUMN["set_colours"] + i for i, colour in enumerate(COLOURS)}
_M_SET_ROOKS = _COLUMN["set_rooks"]
_M_OWNER = _COLUMN["owner"]  # + relative seat


@attrs.frozen
class _Encoder:
    """What `encode` precomputes once per game."""

    size: int
    copies: Any  # numpy int64 array (57,): the deck's copies of each card code
    deck_size: int
    rounds: int
    rebuild_limit: int | None
    targets: int  # rows of the table_melds plane (T)
    meld_width: int  # columns of the table_melds plane
    at: dict[str, int]
    table_key: int  # names the offsets of the table planes in `_MELD_HITS` keys
    players: int
    #: the plane groups, and per seat the tensor last written (`cardrules.plane_groups`)
    groups: GroupEncoder = attrs.field(default=None)


#: Layouts of the table planes (their starts, and the shape of table_melds) by number.
_TABLE_KEYS: dict[tuple[int, ...], int] = {}
#: ``(table key, row, id(meld))``: (the meld, the tensor indices that get +1 but those of
#: the seat that laid it, the codes of the cards it places: naturals, and 56 per Rook).
#: Every observer of a new meld reads the one entry; the entry holds its meld, so the
#: id is not reused while it is kept. Bounded: starts afresh when full.
_MELD_HITS: dict[tuple[int, int, int], tuple[Any, tuple[int, ...], tuple[int, ...]]] = {}
_MELD_HITS_LIMIT = 8192
_TABLE_PLANES = (
    "table_run_naturals",
    "table_set_naturals",
    "table_run_rooks",
    "table_set_rooks",
    "run_ends",
    "sets_by_number",
    "melds_by_owner",
    "table_melds",
)


def _build(game: Game) -> _Encoder:
    np = require_numpy()
    tensor_layout: TensorLayout = game.tensor_layout
    copies = np.zeros(CODES, dtype=np.int64)
    for card, count in game.deck.counts:
        copies[card.code] += count
    at = tensor_layout.starts()
    targets, width = tensor_layout.plane("table_melds").shape
    table = (*(at[name] for name in _TABLE_PLANES), targets, width)
    enc = _Encoder(
        size=tensor_layout.size,
        copies=copies,
        deck_size=game.deck.size,
        rounds=game.rounds,
        rebuild_limit=game.options.stock_rebuilds,
        targets=targets,
        meld_width=width,
        at=at,
        table_key=_TABLE_KEYS.setdefault(table, len(_TABLE_KEYS)),
        players=game.players,
    )
    groups, start = _plane_groups(enc, tensor_layout, np)
    return attrs.evolve(enc, groups=GroupEncoder(np, tensor_layout.size, groups, start))


def _meld_hits(
    enc: _Encoder, key: tuple[int, int, int], meld: Any
) -> tuple[Any, tuple[int, ...], tuple[int, ...]]:
    """Compute and keep the `_MELD_HITS` entry of ``key``: ``meld`` on the table at
    row ``key[1]``.

    Its indices are in the table totals planes, and in that row of
    ``table_melds`` unless the row is ``enc.targets`` (a meld past the last
    row); the columns of the seat that laid it are the observer's to add.
    """
    index = key[1]
    at = enc.at
    hits: list[int] = []
    placed: list[int] = []
    row = at["table_melds"] + index * enc.meld_width if index < enc.targets else None
    if isinstance(meld, RunMeld):
        base = _COLOUR_BASE[meld.colour] - 1
        low = meld.low
        high = meld.high
        rooks = meld.rooks
        naturals = [base + n for n in range(low, high + 1) if n not in rooks]
        placed += naturals
        placed += [ROOK_CODE] * len(rooks)
        start = at["table_run_naturals"]
        hits += [start + code for code in naturals]
        start = at["table_run_rooks"]
        hits += [start + base + n for n in rooks]
        start = at["run_ends"]
        hits += (start + base + low, start + NATURALS + base + high)
        if row is not None:
            hits += (row + _M_PRESENT, row + _M_RUN, row + _M_RUN_COLOUR[meld.colour])
            hits += range(row + _M_RUN_NUMBERS + low, row + _M_RUN_NUMBERS + high + 1)
            hits += [row + _M_RUN_ROOKS + n for n in rooks]
    else:
        number = meld.number
        offset = number - 1
        colours = meld.colours
        naturals = [_COLOUR_BASE[colour] + offset for colour in colours]
        placed += naturals
        placed += [ROOK_CODE] * meld.rooks
        start = at["table_set_naturals"]
        hits += [start + code for code in naturals]
        hits += [at["table_set_rooks"] + offset] * meld.rooks
        hits.append(at["sets_by_number"] + offset)
        if row is not None:
            hits += (row + _M_PRESENT, row + _M_SET, row + _M_SET_NUMBER + number)
            hits += [row + _M_SET_COLOURS[colour] for colour in colours]
            hits += [row + _M_SET_ROOKS] * meld.rooks
    entry = (meld, tuple(hits), tuple(placed))
    if len(_MELD_HITS) >= _MELD_HITS_LIMIT:
        _MELD_HITS.clear()
    _MELD_HITS[key] = entry
    return entry


def _plane_groups(enc: _Encoder, layout: TensorLayout, np: Any) -> tuple[list[PlaneGroup], Any]:
    """The tensor's plane groups (`cardrules.plane_groups`), and how a fresh tensor starts.

    ``unseen`` is a running total: the deck's copies, less what each group lets
    the observer place (its hand, the discard pile, the other seats' known
    cards, the table's cards with its Rooks at 56), each group taking back its
    last share when it writes again.
    """
    at = enc.at
    players = enc.players
    unseen = at["unseen"]
    copies = [int(n) for n in enc.copies]
    groups: list[PlaneGroup] = []

    def start(out: array[float]) -> None:
        out[unseen : unseen + CODES] = array("f", copies)

    def rel(seat: int, other: int) -> int:
        return (other - seat) % players

    def seat_rows(values: Sequence[Any], seat: int) -> array[float]:
        """Per-seat values, observer first."""
        return array("f", [*values[seat:], *values[:seat]])

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

    def recount(out: array[float], at_: int, old: list[int], new: list[int], placed: bool) -> None:
        """Bring a plane of 57 counts at ``at_`` from sorted codes ``old`` to ``new``; with
        ``placed``, the cards are also taken out of (or put back into) ``unseen``."""
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

    @group("hand")
    def _hand(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        new = sorted([card.code for card in obs.hand])
        recount(out, hand_at, memo[0] if memo else [], new, True)
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
            recount(out, known_at + r * CODES, before[1], new, r > 0)
            rows.append((cards, new))
        memo[:] = [rows]

    rebuilt_at = at["rebuilt_draw_pile"]

    @group("rebuilt_draw_pile")
    def _rebuilt(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        view[rebuilt_at : rebuilt_at + CODES] = bincount(
            [card.code for card in obs.rebuilt_draw_pile]
        )

    targets = enc.targets
    table_key = enc.table_key
    by_owner = at["melds_by_owner"]
    owner_column = at["table_melds"] + _M_OWNER

    @group("table", "owners")
    def _table(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        # Meld by meld: a meld that is the same object, with the same owner, in the same
        # place as last time is left as it is; the others' indices are taken back and added.
        seat = obs.seat
        # (meld, owner, its `_MELD_HITS` entry, the laying seat's indices)
        old: list[tuple[Any, int, Any, tuple[int, ...]]] = memo[0] if memo else []
        new: list[tuple[Any, int, Any, tuple[int, ...]]] = []
        for index, (meld, owner) in enumerate(zip(obs.table, obs.owners, strict=True)):
            if index < len(old) and old[index][0] is meld and old[index][1] == owner:
                new.append(old[index])
                continue
            row = min(index, targets)
            key = (table_key, row, id(meld))
            entry = _MELD_HITS.get(key)
            if entry is None or entry[0] is not meld:
                entry = _meld_hits(enc, key, meld)
            hits, placed = entry[1], entry[2]
            # the seat that laid it, relative to the observer: in the totals and its row
            mine = by_owner + rel(seat, owner) * 2 + (not isinstance(meld, RunMeld))
            owned: tuple[int, ...] = (
                (mine,)
                if row == targets
                else (mine, owner_column + row * enc.meld_width + rel(seat, owner))
            )
            if index < len(old):
                _take_back(out, old[index])
            for i in hits:
                out[i] += 1
            for i in owned:
                out[i] += 1
            for code in placed:
                out[unseen + code] -= 1
            new.append((meld, owner, entry, owned))
        for gone in old[len(new) :]:  # melds gone (another round's table)
            _take_back(out, gone)
        memo[:] = [new]

    def _take_back(out: array[float], kept: tuple[Any, int, Any, tuple[int, ...]]) -> None:
        for i in kept[2][1]:
            out[i] -= 1
        for i in kept[3]:
            out[i] -= 1
        for code in kept[2][2]:
            out[unseen + code] += 1

    counts_at = at["discard_counts"]
    top_at = at["discard_top"]
    under_at = at["discard_under"]
    cleared = zeros(CODES)

    @group("discard_pile")
    def _discards(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        old: tuple[Card, ...] = memo[0] if memo else ()
        new = obs.discard_pile
        if new[:-1] == old:  # one card discarded (or none)
            changed = new[-1:]
            sign = 1
        elif old[:-1] == new:  # the top card taken
            changed = old[-1:]
            sign = -1
        else:  # a new pile, or one rebuilt
            for card in old:
                out[counts_at + card.code] -= 1
                out[unseen + card.code] += 1
            changed = new
            sign = 1
        for card in changed:
            out[counts_at + card.code] += sign
            out[unseen + card.code] -= sign
        out[top_at : top_at + CODES] = cleared
        out[under_at : under_at + CODES] = cleared
        if new:
            out[top_at + new[-1].code] = 1
            if len(new) > 1:
                out[under_at + new[-2].code] = 1
        memo[:] = [new]

    drawn_at = at["drawn_from_rebuilt"]

    @group("drawn_from_rebuilt")
    def _drawn(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        view[drawn_at : drawn_at + CODES] = bincount([card.code for card in obs.drawn_from_rebuilt])

    seat_zeros = zeros(players)

    def seat_one_hot(out: array[float], name: str, seat: int, other: int | None) -> None:
        one_hot(out, at[name], players, None if other is None else rel(seat, other))

    # The small planes, grouped by how often their fields change together.
    offered_at = at["offered_to"]

    @group("phase", "current_player", "turn_seat", "offered_to")
    def _turn(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        seat = obs.seat
        one_hot(out, at["phase"], len(PHASES), PHASES.index(obs.phase))
        seat_one_hot(out, "current_player", seat, obs.current_player)
        seat_one_hot(out, "turn_seat", seat, obs.turn_seat)
        out[offered_at : offered_at + players] = seat_zeros
        for other in obs.offered_to:
            out[offered_at + rel(seat, other)] += 1

    sizes_at = at["hand_sizes"]
    buys_at = at["buys"]
    drawn_counts_at = at["rebuilt_draw_counts"]
    stock_at = at["draw_pile_size"]

    @group("hand_sizes", "buys", "rebuilt_draw_counts", "draw_pile_size")
    def _counts(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        seat = obs.seat
        out[sizes_at : sizes_at + players] = seat_rows(obs.hand_sizes, seat)
        out[buys_at : buys_at + players] = seat_rows(obs.buys, seat)
        out[drawn_counts_at : drawn_counts_at + players] = seat_rows(obs.rebuilt_draw_counts, seat)
        out[stock_at] = obs.draw_pile_size / enc.deck_size

    down_at = at["down"]
    left_at = at["lay_down_left"]
    owed_at = at["owed_rooks"]
    rebuilds_at = at["rebuilds"]
    limit = enc.rebuild_limit

    @group(
        "down",
        "went_out",
        "ended_by",
        "lay_down_left",
        "went_down_this_turn",
        "owed_rooks",
        "owed_before_down",
        "rebuilds",
    )
    def _play(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        seat = obs.seat
        out[down_at : down_at + players] = seat_rows(obs.down, seat)
        seat_one_hot(out, "went_out", seat, obs.went_out)
        ended = obs.ended_by
        ending = None if ended is None else ENDINGS.index(ended if ended in ENDINGS else "variant")
        one_hot(out, at["ended_by"], len(ENDINGS), ending)
        left = obs.lay_down_left
        out[left_at : left_at + 3] = array("f", (0, 0, 0) if left is None else (1, *left))
        out[at["went_down_this_turn"]] = obs.went_down_this_turn
        out[owed_at] = obs.owed_rooks
        out[owed_at + 1] = obs.owed_before_down
        out[rebuilds_at] = obs.rebuilds
        out[rebuilds_at + 1] = limit is None or obs.rebuilds < limit

    contract_at = at["contract"]
    scores_at = at["scores"]

    @group("round", "dealer", "contract", "whole_hand", "round_scores")
    def _round(out: array[float], view: Any, obs: RookObservation, memo: list[Any]) -> None:
        seat = obs.seat
        one_hot(out, at["round"], enc.rounds, obs.round)
        seat_one_hot(out, "dealer", seat, obs.dealer)
        contract = obs.contract
        out[contract_at : contract_at + 3] = array(
            "f", (contract.cards, contract.sets, contract.runs)
        )
        out[at["whole_hand"]] = obs.whole_hand
        if obs.round_scores:
            totals = [sum(column) / SCORE_SCALE for column in zip(*obs.round_scores, strict=True)]
            out[scores_at : scores_at + players] = seat_rows(totals, seat)
        else:
            out[scores_at : scores_at + players] = seat_zeros

    return groups, start


def encode(game: Game, observation: RookObservation) -> Any:
    """The observation as a flat tensor (planes: `layout`).

    Args:
        game: the game the observation belongs to.
        observation: a `RookObservation` of that game.

    Returns:
        ``numpy.ndarray`` of shape ``(game.tensor_layout.size,)``, dtype ``float32``.

    Raises:
        cardrules.tensors.NumpyMissingError: numpy is not installed (an
            ``ImportError``; install the ``tensors`` extra:
            ``pip install 'cardrules[tensors]'``).
        cardrules.tensors.ObservationMismatchError: the observation does not fit
            the game (players, seat or round).

    The planes are written group by group, each group again only when the
    observation fields it depends on differ from the seat's last observation
    (`cardrules.plane_groups`); the result is the same as writing them all.
    """
    game.check_observation(observation, RookObservation)
    return cached_for_game(game, "rook-tensor", _build).groups.encode(observation)
