"""The planes of Toonerville Rook's observation tensor: names, shapes and meanings.

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
`meld_columns`. `cardrules_rook.tensor` fills the planes.
"""

from __future__ import annotations

from cardrules.engine import Game
from cardrules.information.tensor_layout import RELATIVE_SEATS, TensorLayout, turn_planes
from cardrules_rook.actions import action_space
from cardrules_rook.cards import COLOURS, NUMBERS, ROOK_CODE, Card, card_of_code
from cardrules_rook.state import RookPhase

__all__ = [
    "CODES",
    "ENDINGS",
    "MELD_COLUMNS",
    "NATURALS",
    "PHASES",
    "SCORE_SCALE",
    "card_codes",
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
#: Any other ``ended_by`` (a variant's move ended the round) is the last, ``"variant"``.
ENDINGS: tuple[str, ...] = ("out", "stock", "variant")
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


def _meld_description(players: int, targets: int) -> str:
    """The description of the ``table_melds`` plane (its columns from `meld_columns`)."""
    c = {name: (column.start, column.stop - 1) for name, column in meld_columns(players).items()}

    def at(name: str) -> str:
        first, last = c[name]
        return f"col {first}" if first == last else f"cols {first}-{last}"

    return (
        f"per table meld: row i is table meld i (melds in the order laid), the target i "
        f"of 'lay off' and 'swap' action ids; T = {targets} rows (the most melds a table "
        f"holds: (deck size - P) // 3, or // 1 under a variant's meld rule), "
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
    (``// 1`` when a variant's ``rook_meld_valid`` allows melds of any size;
    the lay-off and swap targets of `cardrules_rook.actions`); planes of 57 are
    indexed by card code, planes of 56 by natural card code, planes of 14 by
    number - 1; ``table_melds`` rows have ``54 + P`` columns (`meld_columns`).
    """
    players = game.players
    deck = game.deck.size
    targets = action_space(game).table_melds
    seat = RELATIVE_SEATS
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
            *turn_planes(PHASES, players),
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
                (3,),
                "one-hot of how the round ended: [a player went out (R12), the draw pile "
                "ran out (R16), a variant's move ended it]; all 0 while playing",
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


def card_codes() -> tuple[Card, ...]:
    """The cards in code order (the index order of the 57-wide planes).

    Examples:
        >>> [str(card) for card in card_codes()[12:15]], str(card_codes()[-1])
        (['R13', 'R14', 'Y1'], 'Rook')
    """
    return tuple(card_of_code(code) for code in range(CODES))
