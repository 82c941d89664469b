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

from collections.abc import Iterable
from typing import Any

import attrs

from cardrules.engine import Game
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
    #: per seat: (its last known cards, rebuilt pile, table and owners; their
    #: `_public_hits` counted: float32 (size,) and int64 (57,) numpy arrays), so
    #: that an unchanged table is not encoded again
    kept: dict[int, tuple[Any, Any, Any]] = attrs.field(factory=dict)


#: Layouts of the table planes (their starts, and the shape of table_melds) by number.
_TABLE_KEYS: dict[tuple[int, ...], int] = {}
#: ``(table key, row, relative owner, meld)``: (tensor indices that get +1, codes of the
#: cards it places: naturals, and 56 per Rook). Bounded: starts afresh when full.
_MELD_HITS: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
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
    return _Encoder(
        size=tensor_layout.size,
        copies=copies,
        deck_size=game.deck.size,
        rounds=game.rounds,
        rebuild_limit=game.options.stock_rebuilds,
        targets=targets,
        meld_width=width,
        at=at,
        table_key=_TABLE_KEYS.setdefault(table, len(_TABLE_KEYS)),
    )


def _meld_hits(enc: _Encoder, key: tuple[Any, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Compute and keep the `_MELD_HITS` entry of ``key``: table meld ``index``, laid by
    relative seat ``owner``.

    Its indices are in the table totals planes, and in row ``index`` of
    ``table_melds`` unless ``index`` is ``enc.targets`` (a meld past the last row).
    """
    _, index, owner, meld = key
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
        hits.append(at["melds_by_owner"] + owner * 2)
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
        hits.append(at["melds_by_owner"] + owner * 2 + 1)
        if row is not None:
            hits += (row + _M_PRESENT, row + _M_SET, row + _M_SET_NUMBER + number)
            hits += [row + _M_SET_COLOURS[colour] for colour in colours]
            hits += [row + _M_SET_ROOKS] * meld.rooks
    if row is not None:
        hits.append(row + _M_OWNER + owner)
    entry = (tuple(hits), tuple(placed))
    if len(_MELD_HITS) >= _MELD_HITS_LIMIT:
        _MELD_HITS.clear()
    _MELD_HITS[key] = entry
    return entry


def _public_hits(enc: _Encoder, obs: RookObservation) -> tuple[list[int], list[int]]:
    """The tensor indices that get +1, and the codes of the cards placed (for ``unseen``),
    of the parts of ``obs`` that change seldom: known cards, the rebuilt draw pile, the table.

    `encode` keeps them per seat and computes them again only when those parts change.
    """
    seat = obs.seat
    players = obs.players
    at = enc.at
    hits: list[int] = []
    placed: list[int] = []
    start = at["known_cards"]
    for other, cards in enumerate(obs.known_cards):
        if cards:
            codes = _codes(cards)
            if other != seat:
                placed += codes
            row = start + (other - seat) % players * CODES
            hits += [row + c for c in codes]
    if obs.rebuilt_draw_pile:
        start = at["rebuilt_draw_pile"]
        hits += [start + c for c in _codes(obs.rebuilt_draw_pile)]
    # The table: each meld's indices are computed once, then looked up (`_meld_hits`).
    targets = enc.targets
    cached = _MELD_HITS
    table_key = enc.table_key
    for index, (meld, owner) in enumerate(zip(obs.table, obs.owners, strict=True)):
        key = (table_key, index if index < targets else targets, (owner - seat) % players, meld)
        entry = cached.get(key)
        if entry is None:
            entry = _meld_hits(enc, key)
        hits += entry[0]
        placed += entry[1]
    return hits, placed


def _codes(cards: Iterable[Card]) -> list[int]:
    return [card.code for card in cards]


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
    """
    game.check_observation(observation, RookObservation)
    np = require_numpy()
    enc = cached_for_game(game, "rook-tensor", _build)
    obs = observation
    players = obs.players
    seat = obs.seat
    at = enc.at

    def rel(other: int) -> int:
        return (other - seat) % players

    # Flat indices that get +1: one-hots, flags and counts alike (bincount sums them).
    hits: list[int] = []
    # Codes of the cards the observer can place (for "unseen").
    placed = _codes(obs.hand)
    start = at["hand"]
    hits += [start + c for c in placed]

    # What changes seldom (known cards, the rebuilt pile, the table) is kept per seat.
    public = (obs.known_cards, obs.rebuilt_draw_pile, obs.table, obs.owners)
    kept = enc.kept.get(seat)
    if kept is None or kept[0] != public:
        public_hits, public_placed = _public_hits(enc, obs)
        kept = (
            public,
            np.bincount(public_hits, minlength=enc.size).astype(np.float32),
            enc.copies - np.bincount(public_placed, minlength=CODES),
        )
        enc.kept[seat] = kept

    if obs.discard_pile:
        codes = _codes(obs.discard_pile)
        placed += codes
        start = at["discard_counts"]
        hits += [start + c for c in codes]
        hits.append(at["discard_top"] + codes[-1])
        if len(codes) > 1:
            hits.append(at["discard_under"] + codes[-2])

    if obs.drawn_from_rebuilt:
        start = at["drawn_from_rebuilt"]
        hits += [start + c for c in _codes(obs.drawn_from_rebuilt)]

    start = at["down"]
    hits += [start + rel(s) for s, down in enumerate(obs.down) if down]
    start = at["offered_to"]
    hits += [start + rel(s) for s in obs.offered_to]
    hits.append(at["phase"] + PHASES.index(obs.phase))
    if obs.current_player is not None:
        hits.append(at["current_player"] + rel(obs.current_player))
    hits.append(at["turn_seat"] + rel(obs.turn_seat))
    hits.append(at["dealer"] + rel(obs.dealer))
    if obs.went_out is not None:
        hits.append(at["went_out"] + rel(obs.went_out))
    hits.append(at["round"] + obs.round)
    if obs.ended_by is not None:
        ending = obs.ended_by if obs.ended_by in ENDINGS else "variant"
        hits.append(at["ended_by"] + ENDINGS.index(ending))

    out = np.bincount(hits, minlength=enc.size).astype(np.float32)
    out += kept[1]
    start = at["unseen"]
    out[start : start + CODES] = kept[2] - np.bincount(placed, minlength=CODES)
    start = at["hand_sizes"]
    out[start : start + players] = obs.hand_sizes[seat:] + obs.hand_sizes[:seat]
    counts = obs.rebuilt_draw_counts
    if any(counts):
        start = at["rebuilt_draw_counts"]
        out[start : start + players] = counts[seat:] + counts[:seat]
    start = at["buys"]
    out[start : start + players] = obs.buys[seat:] + obs.buys[:seat]
    contract = obs.contract
    start = at["contract"]
    out[start : start + 3] = (contract.cards, contract.sets, contract.runs)
    out[at["whole_hand"]] = obs.whole_hand
    if obs.lay_down_left is not None:
        start = at["lay_down_left"]
        out[start : start + 3] = (1, *obs.lay_down_left)
    out[at["went_down_this_turn"]] = obs.went_down_this_turn
    start = at["owed_rooks"]
    out[start] = obs.owed_rooks
    out[start + 1] = obs.owed_before_down
    out[at["draw_pile_size"]] = obs.draw_pile_size / enc.deck_size
    rebuilds = obs.rebuilds
    start = at["rebuilds"]
    out[start] = rebuilds
    out[start + 1] = enc.rebuild_limit is None or rebuilds < enc.rebuild_limit
    if obs.round_scores:
        start = at["scores"]
        totals = [sum(column) / SCORE_SCALE for column in zip(*obs.round_scores, strict=True)]
        out[start : start + players] = totals[seat:] + totals[:seat]
    return out
