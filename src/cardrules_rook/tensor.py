"""Observation tensors of Toonerville Rook: one flat ``float32`` vector per observation.

The layout depends only on the game's configuration: ``P`` players and the
number of rounds ``R``. Cards are indexed by their code (`Card.code`): 0-55
for the naturals (colour R, Y, G, B in that order x 14 + number - 1) and 56
(`ROOK_CODE`) for the Rook; planes of natural cards only have 56 entries.
Seats are *relative* to the observer: row ``r`` of a per-seat plane is seat
``(observer + r) % P``, so row 0 is the observer and row 1 the seat to its
left (the next to play after it).

The table is encoded twice: as totals over all melds (``table_run_naturals``
to ``melds_by_owner``), and meld by meld in ``table_melds``, whose row ``i``
is table meld ``i``: the meld that ``lay off`` and ``swap`` action ids name as
target ``i`` (`cardrules_rook.actions`). Its columns are given by
`meld_columns`.

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
    (4136, (3, 57))
    >>> tensor = state.game.observation_tensor(state.observation(0))
    >>> tensor.shape, str(tensor.dtype)
    ((4136,), 'float32')
    >>> int(layout.view(tensor, "hand").sum())  # 12 cards dealt in round 1 (R4)
    12
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from cardrules.engine import Game
from cardrules.tensors import (
    TensorLayout,
    cached_for_game,
    require_numpy,
)
from cardrules_rook.actions import action_space
from cardrules_rook.cards import COLOURS, NUMBERS, ROOK_CODE, Card, card_of_code
from cardrules_rook.melds import RunMeld
from cardrules_rook.observation import RookObservation
from cardrules_rook.state import RookPhase

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

#: Card codes (the width of a plane over every card): 56 naturals and the Rook.
CODES = ROOK_CODE + 1
#: Natural card codes (the width of a plane over natural cards only).
NATURALS = ROOK_CODE
#: Scores are divided by this in the ``scores`` plane.
SCORE_SCALE = 100.0
#: The phases in the order of the ``phase`` one-hot.
PHASES: tuple[RookPhase, ...] = tuple(RookPhase)
#: The ways a round ends, in the order of the ``ended_by`` one-hot.
ENDINGS: tuple[str, ...] = ("out", "stock")
_COLOUR_BASE = {colour: i * len(NUMBERS) for i, colour in enumerate(COLOURS)}
#: The columns of a ``table_melds`` row before the owner one-hot: (name, width),
#: in order. The owner's ``P`` columns follow (`meld_columns`).
MELD_COLUMNS: tuple[tuple[str, int], ...] = (
    ("present", 1),
    ("run", 1),
    ("set", 1),
    ("run_colour", len(COLOURS)),
    ("run_numbers", len(NUMBERS)),
    ("run_rooks", len(NUMBERS)),
    ("set_number", len(NUMBERS)),
    ("set_colours", len(COLOURS)),
    ("set_rooks", 1),
)


def meld_columns(players: int) -> dict[str, slice]:
    """The columns of a ``table_melds`` row, by name: `MELD_COLUMNS`, then ``owner`` (P wide).

    Examples:
        >>> columns = meld_columns(3)
        >>> columns["run_numbers"], columns["owner"]
        (slice(7, 21, None), slice(54, 57, None))
    """
    columns: dict[str, slice] = {}
    start = 0
    for name, width in (*MELD_COLUMNS, ("owner", players)):
        columns[name] = slice(start, start + width)
        start += width
    return columns


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


def _meld_description(players: int, targets: int) -> str:
    """The description of the ``table_melds`` plane (its columns from `meld_columns`)."""
    c = {name: (column.start, column.stop - 1) for name, column in meld_columns(players).items()}

    def at(name: str) -> str:
        first, last = c[name]
        return f"col {first}" if first == last else f"cols {first}-{last}"

    return (
        f"per table meld: row i is table meld i (melds in the order laid), the target i "
        f"of 'lay off' and 'swap' action ids; T = (deck size - P) // 3 = {targets} rows, "
        f"those past the last meld all 0. Columns: {at('present')}: 1 if a meld is there; "
        f"{at('run')}: 1 if it is a run; {at('set')}: 1 if it is a set; "
        f"{at('run_colour')}: one-hot of the run's colour R, Y, G, B; "
        f"{at('run_numbers')}: 1 for each number 1-14 the run covers, low to high, Rooks "
        f"included; {at('run_rooks')}: 1 for each number 1-14 a Rook in the run stands for "
        f"(swappable, R14); {at('set_number')}: one-hot of the set's number 1-14; "
        f"{at('set_colours')}: the set's natural cards of colour R, Y, G, B, whole numbers "
        f"(0 to the deck's copies); {at('set_rooks')}: the set's Rooks, whole number; "
        f"{at('owner')}: one-hot of the seat that laid it (column {c['owner'][0]} + r for "
        f"seat (observer + r) % P). Run columns are 0 for a set, set columns 0 for a run. "
        f"Melds past row T - 1 (never a lay-off or swap target; only a table where a seat "
        f"has no card left holds them) are in the totals planes only"
    )


def layout(game: Game) -> TensorLayout:
    """The planes of the observation tensor for this game's configuration.

    Shapes use ``P`` = players, ``R`` = rounds and ``T`` = the most melds a
    table can hold while a lay-off or swap is played, ``(deck size - P) // 3``
    (the lay-off and swap targets of `cardrules_rook.actions`); planes of 57 are
    indexed by card code, planes of 56 by natural card code, planes of 14 by
    number - 1; ``table_melds`` rows have ``54 + P`` columns (`meld_columns`).
    """
    players = game.players
    deck = game.deck.size
    targets = action_space(game).table_melds
    phases = ", ".join(str(p) for p in PHASES)
    seat = "row r = seat (observer + r) % P"
    numbers = len(NUMBERS)
    return TensorLayout.build(
        [
            (
                "hand",
                (CODES,),
                "the observer's cards: copies of each card code held, whole numbers "
                "(0 to the deck's copies, P with P decks)",
            ),
            (
                "known_cards",
                (players, CODES),
                f"per seat ({seat}): copies of each card code known to everyone to be in its "
                "hand (taken from the discard pile, bought, or taken back by a swap, less "
                "those seen leaving it), whole numbers",
            ),
            ("hand_sizes", (players,), f"cards held per seat ({seat}), whole numbers"),
            (
                "discard_counts",
                (CODES,),
                "copies of each card code in the discard pile, whole numbers",
            ),
            (
                "discard_top",
                (CODES,),
                "one-hot of the discard pile's top card; all 0 if the pile is empty",
            ),
            (
                "discard_under",
                (CODES,),
                "one-hot of the card under the discard pile's top card (the next top once "
                "the top is taken); all 0 if the pile holds under 2 cards",
            ),
            (
                "unseen",
                (CODES,),
                "copies of each card code the observer cannot place: the deck's copies less "
                "its hand, the table (Rooks at code 56), the discard pile and the known cards "
                "of the other seats (so: the rest of the other hands and the draw pile); "
                "whole numbers >= 0",
            ),
            (
                "rebuilt_draw_pile",
                (CODES,),
                "copies of each card code the draw pile was rebuilt from this round (R16), "
                "all 0 before a rebuild; whole numbers",
            ),
            (
                "drawn_from_rebuilt",
                (CODES,),
                "copies of each card code the observer drew from the rebuilt draw pile since "
                "the rebuild (no longer in it), whole numbers",
            ),
            (
                "rebuilt_draw_counts",
                (players,),
                f"per seat ({seat}): cards it drew from the rebuilt draw pile since the "
                "rebuild (draws and penalty cards, R10, R16), whole numbers; all 0 before a "
                "rebuild",
            ),
            (
                "table_run_naturals",
                (NATURALS,),
                "natural cards in runs on the table, by card code, whole numbers",
            ),
            (
                "table_set_naturals",
                (NATURALS,),
                "natural cards in sets on the table, by card code, whole numbers",
            ),
            (
                "table_run_rooks",
                (NATURALS,),
                "Rooks in runs on the table, by the code of the card each stands for "
                "(these can be swapped, R14), whole numbers",
            ),
            (
                "table_set_rooks",
                (numbers,),
                "Rooks in sets on the table, by the set's number - 1, whole numbers",
            ),
            (
                "run_ends",
                (2, NATURALS),
                "row 0: runs on the table whose lowest card (natural or Rook) is this code; "
                "row 1: runs whose highest card is this code; whole numbers",
            ),
            (
                "sets_by_number",
                (numbers,),
                "sets on the table of each number (index number - 1), whole numbers",
            ),
            (
                "melds_by_owner",
                (players, 2),
                f"per seat ({seat}): [runs, sets] it laid on the table, whole numbers",
            ),
            (
                "table_melds",
                (targets, meld_columns(players)["owner"].stop),
                _meld_description(players, targets),
            ),
            (
                "down",
                (players,),
                f"1 if the seat has laid down its contract (R11), per seat ({seat})",
            ),
            ("buys", (players,), f"buys made this round (R10) per seat ({seat}), whole numbers"),
            (
                "offered_to",
                (players,),
                f"1 for each seat still to be offered the discard (R10), per seat ({seat})",
            ),
            ("phase", (len(PHASES),), f"one-hot of the phase: {phases}"),
            (
                "current_player",
                (players,),
                f"one-hot of the seat deciding now ({seat}); all 0 once the round is over",
            ),
            (
                "turn_seat",
                (players,),
                f"one-hot of the seat whose turn it is, or whose turn was last ({seat})",
            ),
            ("dealer", (players,), f"one-hot of the dealing seat, R6 ({seat})"),
            (
                "went_out",
                (players,),
                f"one-hot of the seat that went out, R12 ({seat}); all 0 if none",
            ),
            ("round", (game.rounds,), "one-hot of the round index, 0 to R-1"),
            (
                "contract",
                (3,),
                "[cards dealt, sets, runs] of the round's contract (R4), whole numbers",
            ),
            (
                "whole_hand",
                (1,),
                "1 if this round's lay-down must use every card in hand (R12), else 0",
            ),
            (
                "lay_down_left",
                (3,),
                "[1, sets left, runs left] while a lay-down begun this turn is unfinished "
                "(whole numbers), else [0, 0, 0]",
            ),
            (
                "went_down_this_turn",
                (1,),
                "1 if the turn player laid down this turn (R11), else 0",
            ),
            (
                "owed_rooks",
                (2,),
                "[Rooks the turn player took by a swap and must still play (R14), whole "
                "number; 1 if they were taken before laying down, so they go into the "
                "lay-down itself, else 0]",
            ),
            (
                "ended_by",
                (2,),
                "one-hot of how the round ended: [a player went out (R12), the draw pile "
                "ran out (R16)]; all 0 while playing",
            ),
            (
                "draw_pile_size",
                (1,),
                f"cards left in the draw pile / deck size ({deck}), in [0, 1]",
            ),
            (
                "rebuilds",
                (2,),
                "[draw-pile rebuilds so far this round (whole number), 1 if another rebuild "
                "is allowed by stock_rebuilds (R16) else 0]",
            ),
            (
                "scores",
                (players,),
                f"total score over the finished rounds / {SCORE_SCALE:g} per seat ({seat}); "
                "lower is better; >= 0, not clipped",
            ),
        ]
    )


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

    start = at["known_cards"]
    for other, cards in enumerate(obs.known_cards):
        if cards:
            codes = _codes(cards)
            if other != seat:
                placed += codes
            row = start + rel(other) * CODES
            hits += [row + c for c in codes]

    if obs.discard_pile:
        codes = _codes(obs.discard_pile)
        placed += codes
        start = at["discard_counts"]
        hits += [start + c for c in codes]
        hits.append(at["discard_top"] + codes[-1])
        if len(codes) > 1:
            hits.append(at["discard_under"] + codes[-2])

    if obs.rebuilt_draw_pile:
        start = at["rebuilt_draw_pile"]
        hits += [start + c for c in _codes(obs.rebuilt_draw_pile)]
    if obs.drawn_from_rebuilt:
        start = at["drawn_from_rebuilt"]
        hits += [start + c for c in _codes(obs.drawn_from_rebuilt)]

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
        hits.append(at["ended_by"] + ENDINGS.index(obs.ended_by))

    out = np.bincount(hits, minlength=enc.size).astype(np.float32)
    start = at["unseen"]
    out[start : start + CODES] = enc.copies - np.bincount(placed, minlength=CODES)
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


def card_codes() -> tuple[Card, ...]:
    """The cards in code order (the index order of the 57-wide planes).

    Examples:
        >>> [str(card) for card in card_codes()[12:15]], str(card_codes()[-1])
        (['R13', 'R14', 'Y1'], 'Rook')
    """
    return tuple(card_of_code(code) for code in range(CODES))
