"""Observation tensors of Gnoming A Round: one flat ``float32`` vector per observation.

The layout depends only on the game's configuration: ``P`` players, the deck's
``K`` card kinds, the number of rounds. Card kinds are numbered in the order of
the game's deck composition (``game.deck.counts``; the default deck, G2, gives
``1 .. 12, -1 .. -5, H, M``: ``K = 19``). Seats are *relative* to the observer:
row ``r`` of a per-seat plane is seat ``(observer + r) % P``, so row 0 is the
observer and row 1 the seat to its left (the next to play after it).

Values are 0/1 flags and one-hots, raw card counts (whole numbers), or scaled
quantities whose scale the plane's description states. Legal moves are not
encoded (use the action mask), nor is the move history: what it makes public
is in the planes (face-up cards, the discard piles, cards out of play, the
draw pile's cards once it is rebuilt).

Examples:
    >>> from cardrules import new_game
    >>> state = new_game("gnoming-a-round", players=3, seed=1)
    >>> layout = state.game.tensor_layout
    >>> layout.size, layout.plane("layouts").shape
    (782, (3, 9, 20))
    >>> tensor = state.game.observation_tensor(state.observation(0))
    >>> tensor.shape, str(tensor.dtype)
    ((782,), 'float32')
    >>> int(layout.view(tensor, "layouts")[0, :, -1].sum())  # the observer's face-down cards
    9
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from cardrules.engine import Game
from cardrules.tensors import (
    ObservationMismatchError,
    TensorLayout,
    cached_for_game,
    require_numpy,
)
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.state import GnomingPhase

__all__ = ["SCORE_SCALE", "card_kinds", "encode", "layout"]

#: Scores are divided by this in the ``scores`` plane.
SCORE_SCALE = 100.0
#: The phases in the order of the ``phase`` one-hot.
PHASES: tuple[GnomingPhase, ...] = tuple(GnomingPhase)
#: The sources of a drawn card in the order of the ``held_from`` one-hot.
SOURCES: tuple[str | int, ...] = (STOCK, 0, 1)
#: The ways a round ends, in the order of the ``ended_by`` one-hot.
#: Any other ``ended_by`` (a variant's move ended the round) is the last, ``"variant"``.
ENDINGS: tuple[str, ...] = ("ender", "stock", "variant")


def card_kinds(game: Game) -> tuple[Card, ...]:
    """The card kinds of the game's deck, in tensor order (``game.deck.counts`` order).

    Examples:
        >>> from cardrules import new_game
        >>> kinds = card_kinds(new_game("gnoming-a-round", players=3, seed=1).game)
        >>> len(kinds), str(kinds[0]), str(kinds[-2]), str(kinds[-1])
        (19, '1', 'H', 'M')
    """
    return tuple(card for card, _ in game.deck.counts)


def layout(game: Game) -> TensorLayout:
    """The planes of the observation tensor for this game's configuration.

    Shapes use ``P`` = players, ``K`` = card kinds (`card_kinds`), ``R`` = rounds.
    """
    players = game.players
    kinds = len(card_kinds(game))
    deck = game.deck.size
    phases = ", ".join(str(p) for p in PHASES)
    seat = "row r = seat (observer + r) % P"
    return TensorLayout.build(
        [
            (
                "layouts",
                (players, 9, kinds + 1),
                f"per seat ({seat}), per position 0-8 row by row: one-hot of the face-up "
                f"card's kind (channels 0..K-1), or channel K = 1 if the card is face down; "
                "each position sums to 1",
            ),
            (
                "held",
                (kinds + 1,),
                "the card in hand: one-hot of its kind if the observer sees it, or channel "
                "K = 1 if a card drawn from the draw pile is held that only the drawer sees; "
                "all 0 when no card is held",
            ),
            (
                "held_from",
                (3,),
                "one-hot of where the held card was drawn from: draw pile, discard pile 0, "
                "discard pile 1; all 0 when no drawn card is held (none, or a displaced card)",
            ),
            (
                "discard_top",
                (2, kinds),
                "per discard pile 0, 1: one-hot of its top card's kind; all 0 if the pile is empty",
            ),
            (
                "discard_under",
                (2, kinds),
                "per discard pile 0, 1: one-hot of the kind of the card under its top card "
                "(the next top once the top is taken); all 0 if the pile holds under 2 cards",
            ),
            (
                "discard_counts",
                (2, kinds),
                "per discard pile 0, 1: cards of each kind in the pile (whole numbers, "
                "0 to the deck's copies of the kind)",
            ),
            (
                "out_of_play",
                (kinds,),
                "cards of each kind removed from the game (discarded or start-pile Hazards, "
                "G15, G5; earlier rounds' included unless hazards_return_each_round), "
                "whole numbers",
            ),
            (
                "draw_pile_known",
                (1,),
                "1 if the draw pile's cards are known (it was rebuilt from seen cards, G8), else 0",
            ),
            (
                "draw_pile_counts",
                (kinds,),
                "when draw_pile_known: cards of each kind in the draw pile, with a card drawn "
                "from it that is held hidden from the observer; else all 0 (whole numbers)",
            ),
            (
                "draw_pile_hazards",
                (1,),
                "Hazards known to be in the draw pile (or the hidden held card): shuffled "
                "back while starting a discard pile (G5 option), whole number",
            ),
            (
                "unseen",
                (kinds,),
                "cards of each kind the observer does not see anywhere: the deck's copies less "
                "face-up layout cards, discard piles, cards out of play and a visible held card "
                "(so: face-down cards, the draw pile, a hidden held card); whole numbers >= 0",
            ),
            (
                "draw_pile_size",
                (1,),
                f"cards left in the draw pile / deck size ({deck}), in [0, 1]",
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
                f"one-hot of the seat whose turn it is, or whose turn was last ({seat}); all 0 "
                "while the players choose their reveals (G6)",
            ),
            (
                "ender",
                (players,),
                f"one-hot of the seat that ended the round, G17 ({seat}); all 0 if none yet",
            ),
            (
                "starter",
                (players,),
                f"one-hot of the seat that took the round's first turn, G7 ({seat})",
            ),
            (
                "pending",
                (players,),
                f"1 for each seat still to choose its reveals (G6) or to be offered a flip "
                f"after a Hazard discard (G15), per seat ({seat})",
            ),
            (
                "ended_by",
                (3,),
                "one-hot of how the round ended: [an ender (G17), the draw pile (G8), a "
                "variant's move ended it]; all 0 while playing",
            ),
            (
                "final_turns",
                (2,),
                "[turns still due after the ender's (G17), face-up Mulligans in the turn "
                "player's layout when the turn began (G13)], whole numbers",
            ),
            (
                "filled_positions",
                (9,),
                "1 for each position of the turn player's layout that received a card this "
                "turn (G12), else 0",
            ),
            (
                "kept_hazard",
                (1,),
                "1 if the turn player drew a Hazard this turn and placed it (G14 option "
                "hazard_drawer_need_not_restart), else 0",
            ),
            ("round", (game.rounds,), "one-hot of the round index, 0 to R-1"),
            (
                "rebuilds",
                (2,),
                "[draw-pile rebuilds so far this round (whole number), 1 if another rebuild "
                "is allowed by draw_pile_rebuilds (G8) else 0]",
            ),
            (
                "scores",
                (players,),
                f"total score over the finished rounds / {SCORE_SCALE:g} per seat ({seat}); "
                "lower is better; not clipped (with the default deck and options one round "
                "adds -0.77 to 1.07)",
            ),
        ]
    )


@attrs.frozen
class _Encoder:
    """What `encode` precomputes once per game."""

    size: int
    kinds: int
    index: dict[Card | None, int]  # card kind -> index (None, face down -> K, in layouts only)
    by_id: dict[int, int]  # the same, keyed by the identity of the deck's own card objects
    copies: Any  # numpy int64 array (K,): the deck's copies of each kind
    layout_cells: Any  # numpy intp array (P*9,): flat index of channel 0 of each position
    deck_size: int
    rounds: int
    rebuild_limit: int | None
    at: dict[str, int]
    #: per seat, per row (relative seat): the layout last encoded and its kinds
    kept: dict[int, list[tuple[tuple[Card | None, ...], list[int]]]] = attrs.field(factory=dict)

    def kinds_of(self, cards: Iterable[Card | None], face_down: bool = False) -> list[int]:
        """Kind indices of ``cards``; with ``face_down``, ``None`` (a face-down card) is ``K``.

        Raises:
            ObservationMismatchError: a card is not in the game's deck (or is ``None``
                without ``face_down``).
        """
        cards = tuple(cards)
        by_id = self.by_id
        found = [by_id.get(id(card), -1) for card in cards]
        if -1 in found or (not face_down and self.kinds in found):
            # A card object that is not the deck's own: look it up by value.
            try:
                found = [self.index[card] for card in cards if face_down or card is not None]
            except KeyError as error:
                raise ObservationMismatchError(
                    f"card {error.args[0]} is not in this game's deck"
                ) from None
            if len(found) < len(cards):
                raise ObservationMismatchError("a card is missing (None) outside a layout")
        return found


def _build(game: Game) -> _Encoder:
    np = require_numpy()
    kinds = card_kinds(game)
    tensor_layout: TensorLayout = game.tensor_layout
    at = tensor_layout.starts()
    index: dict[Card | None, int] = {card: i for i, card in enumerate(kinds)}
    index[None] = len(kinds)
    return _Encoder(
        size=tensor_layout.size,
        kinds=len(kinds),
        index=index,
        by_id={id(card): i for card, i in index.items()},
        copies=np.array([n for _, n in game.deck.counts], dtype=np.int64),
        layout_cells=at["layouts"] + np.arange(game.players * 9, dtype=np.intp) * (len(kinds) + 1),
        deck_size=game.deck.size,
        rounds=game.rounds,
        rebuild_limit=game.options.draw_pile_rebuilds,
        at=at,
    )


def encode(game: Game, observation: GnomingObservation) -> Any:
    """The observation as a flat tensor (planes: `layout`).

    Args:
        game: the game the observation belongs to.
        observation: a `GnomingObservation` of that game.

    Returns:
        ``numpy.ndarray`` of shape ``(game.tensor_layout.size,)``, dtype ``float32``.

    Raises:
        cardrules.tensors.NumpyMissingError: numpy is not installed (an
            ``ImportError``; install the ``tensors`` extra:
            ``pip install 'cardrules[tensors]'``).
        cardrules.tensors.ObservationMismatchError: the observation does not fit
            the game (players, seat, round, or a card not in the game's deck).
    """
    game.check_observation(observation, GnomingObservation)
    np = require_numpy()
    enc = cached_for_game(game, "gnoming-tensor", _build)
    obs = observation
    players = obs.players
    seat = obs.seat
    at = enc.at
    kinds = enc.kinds
    kinds_of = enc.kinds_of
    # Flat indices that get +1: one-hots, flags and card counts alike (bincount sums them).
    hits: list[int] = []
    # Every position's kind (K where face down), observer first, then to its left. A
    # layout's kinds are kept per seat and row until that layout changes.
    rows = obs.layouts[seat:] + obs.layouts[:seat]
    kept = enc.kept.get(seat)
    if kept is None or len(kept) != len(rows):
        kept = enc.kept[seat] = [((), [])] * len(rows)
    seen = []
    for row, cards in enumerate(rows):
        entry = kept[row]
        if entry[0] != cards:
            entry = kept[row] = (cards, kinds_of(cards, face_down=True))
        seen += entry[1]
    cells = enc.layout_cells + np.array(seen, dtype=np.intp)
    held = obs.held_card
    if held is not None:
        (held_kind,) = kinds_of((held,))
        hits.append(at["held"] + held_kind)
        seen.append(held_kind)
    elif obs.held_from == STOCK:
        hits.append(at["held"] + kinds)
    if obs.held_from is not None:
        hits.append(at["held_from"] + SOURCES.index(obs.held_from))
    for pile_number, pile in enumerate(obs.discard_piles):
        if pile:
            pile_kinds = kinds_of(pile)
            seen += pile_kinds
            hits.append(at["discard_top"] + pile_number * kinds + pile_kinds[-1])
            if len(pile_kinds) > 1:
                hits.append(at["discard_under"] + pile_number * kinds + pile_kinds[-2])
            start = at["discard_counts"] + pile_number * kinds
            hits += [start + k for k in pile_kinds]
    gone = kinds_of(obs.out_of_play)
    seen += gone
    start = at["out_of_play"]
    hits += [start + k for k in gone]
    draw_pile_cards = obs.draw_pile_cards
    if draw_pile_cards is not None:
        hits.append(at["draw_pile_known"])
        start = at["draw_pile_counts"]
        hits += [start + k for k in kinds_of(draw_pile_cards)]
    hits.append(at["phase"] + PHASES.index(obs.phase))
    if obs.current_player is not None:
        hits.append(at["current_player"] + (obs.current_player - seat) % players)
    if obs.turn_seat is not None:
        hits.append(at["turn_seat"] + (obs.turn_seat - seat) % players)
    if obs.ender is not None:
        hits.append(at["ender"] + (obs.ender - seat) % players)
    start = at["filled_positions"]
    hits += [start + p for p in obs.filled_positions]
    if obs.kept_hazard:
        hits.append(at["kept_hazard"])
    hits.append(at["round"] + obs.round)
    hits.append(at["starter"] + (obs.starter - seat) % players)
    start = at["pending"]
    hits += [start + (other - seat) % players for other in obs.pending]
    if obs.ended_by is not None:
        ending = obs.ended_by if obs.ended_by in ENDINGS else "variant"
        hits.append(at["ended_by"] + ENDINGS.index(ending))

    out = np.bincount(hits, minlength=enc.size).astype(np.float32)
    out[cells] = 1.0
    unseen = at["unseen"]
    out[unseen : unseen + kinds] = (
        enc.copies - np.bincount(np.array(seen, dtype=np.intp), minlength=kinds + 1)[:kinds]
    )
    out[at["draw_pile_size"]] = obs.draw_pile_size / enc.deck_size
    out[at["draw_pile_hazards"]] = obs.draw_pile_hazards
    start = at["final_turns"]
    out[start] = obs.final_turns_left
    out[start + 1] = obs.mulligans_at_turn_start
    rebuilds = at["rebuilds"]
    out[rebuilds] = obs.rebuilds
    out[rebuilds + 1] = enc.rebuild_limit is None or obs.rebuilds < enc.rebuild_limit
    if obs.round_scores:
        start = at["scores"]
        totals = [sum(column) / SCORE_SCALE for column in zip(*obs.round_scores, strict=True)]
        out[start : start + players] = totals[seat:] + totals[:seat]
    return out
