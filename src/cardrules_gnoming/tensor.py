"""Observation tensors of Gnoming A Round: one flat ``float32`` vector per observation.

The planes (names, shapes, what each value means) are in
`cardrules_gnoming.tensor_layout`; its names are re-exported here. `encode`
fills them for one observation.

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

from array import array
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardrules.engine import Game
from cardrules.plane_groups import GroupEncoder, PlaneGroup, zeros
from cardrules.tensors import (
    ObservationMismatchError,
    TensorLayout,
    cached_for_game,
    require_numpy,
)
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.tensor_layout import (
    ENDINGS,
    PHASES,
    SCORE_SCALE,
    SOURCES,
    card_kinds,
    layout,
)

__all__ = ["ENDINGS", "PHASES", "SCORE_SCALE", "SOURCES", "card_kinds", "encode", "layout"]


@attrs.frozen
class _Encoder:
    """What `encode` precomputes once per game."""

    size: int
    kinds: int
    index: dict[Card | None, int]  # card kind -> index (None, face down -> K, in layouts only)
    by_id: dict[int, int]  # the same, keyed by the identity of the deck's own card objects
    copies: tuple[int, ...]  # the deck's copies of each kind
    deck_size: int
    rounds: int
    rebuild_limit: int | None
    at: dict[str, int]
    players: int
    #: the plane groups, and per seat the tensor last written (`cardrules.plane_groups`)
    groups: GroupEncoder = attrs.field(default=None)

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
    enc = _Encoder(
        size=tensor_layout.size,
        kinds=len(kinds),
        index=index,
        by_id={id(card): i for card, i in index.items()},
        copies=tuple(n for _, n in game.deck.counts),
        deck_size=game.deck.size,
        rounds=game.rounds,
        rebuild_limit=game.options.draw_pile_rebuilds,
        at=at,
        players=game.players,
    )
    groups, start = _plane_groups(enc, tensor_layout)
    return attrs.evolve(enc, groups=GroupEncoder(np, tensor_layout.size, groups, start))


def _plane_groups(enc: _Encoder, layout: TensorLayout) -> tuple[list[PlaneGroup], Any]:
    """The tensor's plane groups (`cardrules.plane_groups`), and how a fresh tensor starts.

    ``unseen`` is a running total: the deck's copies, less what each group shows
    (face-up layout cards, a visible held card, the discard piles, the cards out
    of play), each group taking back its last share when it writes again.
    """
    at = enc.at
    players = enc.players
    kinds = enc.kinds
    kinds_of = enc.kinds_of
    unseen = at["unseen"]
    groups: list[PlaneGroup] = []

    def start(out: array[float]) -> None:
        out[unseen : unseen + kinds] = array("f", enc.copies)

    def show(out: array[float], shown: Sequence[int], sign: int) -> None:
        """Take ``shown`` kinds out of ``unseen`` (``sign`` -1), or back in (+1)."""
        for kind in shown:
            if kind < kinds:
                out[unseen + kind] += sign

    def rel(seat: int, other: int) -> int:
        return (other - seat) % players

    # Each layout row (relative seat r) is a group of its own: a move changes one or two.
    width = kinds + 1

    def layout_row(r: int) -> None:
        row = at["layouts"] + r * 9 * width

        def key(obs: GnomingObservation) -> tuple[Card | None, ...]:
            return obs.layouts[(obs.seat + r) % players]

        def write(out: array[float], view: Any, obs: GnomingObservation, memo: list[Any]) -> None:
            new = kinds_of(key(obs), face_down=True)
            old = memo[0] if memo else [None] * 9
            cell = row
            for before, after in zip(old, new, strict=True):
                if before != after:
                    if before is not None:
                        out[cell + before] = 0
                        if before < kinds:
                            out[unseen + before] += 1
                    out[cell + after] = 1
                    if after < kinds:
                        out[unseen + after] -= 1
                cell += width
            memo[:] = [new]

        groups.append(PlaneGroup(("layouts",), write, key))

    for r in range(players):
        layout_row(r)

    held_at = at["held"]
    held_from = at["held_from"]
    cleared_held = zeros(width + len(SOURCES))

    def _held(out: array[float], view: Any, obs: GnomingObservation, memo: list[Any]) -> None:
        out[held_at : held_at + width + len(SOURCES)] = cleared_held
        shown: list[int] = []
        held = obs.held_card
        if held is not None:
            shown = kinds_of((held,))
            out[held_at + shown[0]] = 1
        elif obs.held_from == STOCK:
            out[held_at + kinds] = 1
        if obs.held_from is not None:
            out[held_from + SOURCES.index(obs.held_from)] = 1
        show(out, memo[0] if memo else (), 1)
        show(out, shown, -1)
        memo[:] = [shown]

    groups.append(PlaneGroup(("held_card", "held_from"), _held))

    tops = at["discard_top"]
    unders = at["discard_under"]
    pile_counts = at["discard_counts"]
    cleared = zeros(kinds)

    def _piles(out: array[float], view: Any, obs: GnomingObservation, memo: list[Any]) -> None:
        old = memo[0] if memo else ([], [])
        new = (kinds_of(obs.discard_piles[0]), kinds_of(obs.discard_piles[1]))
        for number, (before, after) in enumerate(zip(old, new, strict=True)):
            if before == after:
                continue
            base = number * kinds
            if after[:-1] == before:  # one card discarded
                changed, sign = after[-1:], 1
            elif before[:-1] == after:  # the top card taken
                changed, sign = before[-1:], -1
            else:  # a pile started, or the pile rebuilt into the draw pile
                for kind in before:
                    out[pile_counts + base + kind] -= 1
                    out[unseen + kind] += 1
                changed, sign = after, 1
            for kind in changed:
                out[pile_counts + base + kind] += sign
                out[unseen + kind] -= sign
            out[tops + base : tops + base + kinds] = cleared
            out[unders + base : unders + base + kinds] = cleared
            if after:
                out[tops + base + after[-1]] = 1
                if len(after) > 1:
                    out[unders + base + after[-2]] = 1
        memo[:] = [new]

    groups.append(PlaneGroup(("discard_piles",), _piles))

    gone_at = at["out_of_play"]

    def _gone(out: array[float], view: Any, obs: GnomingObservation, memo: list[Any]) -> None:
        new = kinds_of(obs.out_of_play)
        for kind in memo[0] if memo else ():
            out[gone_at + kind] -= 1
            out[unseen + kind] += 1
        for kind in new:
            out[gone_at + kind] += 1
            out[unseen + kind] -= 1
        memo[:] = [new]

    groups.append(PlaneGroup(("out_of_play",), _gone))

    known_at = at["draw_pile_known"]
    draw_counts = at["draw_pile_counts"]
    draw_hazards = at["draw_pile_hazards"]

    def _draw_pile(out: array[float], view: Any, obs: GnomingObservation, memo: list[Any]) -> None:
        out[draw_counts : draw_counts + kinds] = zeros(kinds)
        cards = obs.draw_pile_cards
        out[known_at] = cards is not None
        if cards is not None:
            for kind in kinds_of(cards):
                out[draw_counts + kind] += 1
        out[draw_hazards] = obs.draw_pile_hazards

    groups.append(PlaneGroup(("draw_pile_cards", "draw_pile_hazards"), _draw_pile))

    stock_at = at["draw_pile_size"]

    def _stock(out: array[float], view: Any, obs: GnomingObservation, memo: list[Any]) -> None:
        out[stock_at] = obs.draw_pile_size / enc.deck_size

    groups.append(PlaneGroup(("draw_pile_size",), _stock))

    seat_zeros = zeros(players)

    def seat_one_hot(out: array[float], name: str, seat: int, other: int | None) -> None:
        begin = at[name]
        out[begin : begin + players] = seat_zeros
        if other is not None:
            out[begin + rel(seat, other)] = 1

    def one_hot(out: array[float], name: str, count: int, index: int | None) -> None:
        begin = at[name]
        out[begin : begin + count] = zeros(count)
        if index is not None:
            out[begin + index] = 1

    pending_at = at["pending"]
    filled_at = at["filled_positions"]
    nine = zeros(9)

    def _turn(out: array[float], view: Any, obs: GnomingObservation, memo: list[Any]) -> None:
        seat = obs.seat
        one_hot(out, "phase", len(PHASES), PHASES.index(obs.phase))
        seat_one_hot(out, "current_player", seat, obs.current_player)
        seat_one_hot(out, "turn_seat", seat, obs.turn_seat)
        out[pending_at : pending_at + players] = seat_zeros
        for other in obs.pending:
            out[pending_at + rel(seat, other)] += 1
        out[filled_at : filled_at + 9] = nine
        for position in obs.filled_positions:
            out[filled_at + position] += 1
        out[at["kept_hazard"]] = 1 if obs.kept_hazard else 0

    groups.append(
        PlaneGroup(
            ("phase", "current_player", "turn_seat", "pending", "filled_positions", "kept_hazard"),
            _turn,
        )
    )

    final_at = at["final_turns"]
    rebuilds_at = at["rebuilds"]
    scores_at = at["scores"]
    limit = enc.rebuild_limit

    def _round(out: array[float], view: Any, obs: GnomingObservation, memo: list[Any]) -> None:
        seat = obs.seat
        seat_one_hot(out, "ender", seat, obs.ender)
        seat_one_hot(out, "starter", seat, obs.starter)
        ended = obs.ended_by
        ending = None if ended is None else ENDINGS.index(ended if ended in ENDINGS else "variant")
        one_hot(out, "ended_by", len(ENDINGS), ending)
        out[final_at] = obs.final_turns_left
        out[final_at + 1] = obs.mulligans_at_turn_start
        one_hot(out, "round", enc.rounds, obs.round)
        out[rebuilds_at] = obs.rebuilds
        out[rebuilds_at + 1] = limit is None or obs.rebuilds < limit
        if obs.round_scores:
            totals = [sum(column) / SCORE_SCALE for column in zip(*obs.round_scores, strict=True)]
            out[scores_at : scores_at + players] = array("f", totals[seat:] + totals[:seat])
        else:
            out[scores_at : scores_at + players] = seat_zeros

    groups.append(
        PlaneGroup(
            (
                "ender",
                "starter",
                "ended_by",
                "final_turns_left",
                "mulligans_at_turn_start",
                "round",
                "rebuilds",
                "round_scores",
            ),
            _round,
        )
    )
    return groups, start


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

    The planes are written group by group, each group again only when the
    observation fields it depends on differ from the seat's last observation
    (`cardrules.plane_groups`); the result is the same as writing them all.
    """
    game.check_observation(observation, GnomingObservation)
    return cached_for_game(game, "gnoming-tensor", _build).groups.encode(observation)
