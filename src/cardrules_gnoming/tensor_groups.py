"""The plane groups of Gnoming A Round's observation tensor.

`cardrules_gnoming.tensor_reading` builds the game's
`cardrules.information.plane_groups.GroupEncoder` from these (`plane_groups`): one group
per layout row (relative seat), one for the held card, the discard piles,
the cards out of play, the rebuilt draw pile, the draw pile's size, the
turn, the positions filled this turn with the seats still to decide, and
the round. Each is written from its value, which it takes from an
observation's fields or from its *mark* read straight off the round state
(`cardrules_gnoming.tensor_reading`), so a seat's tensor can be written
without its observation being built. Every group writes only what changed
since it was last written; ``unseen`` is a running total those that show
cards keep up to date.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import compress
from operator import is_, is_not
from typing import Any

import attrs

from cardrules.engine import Game
from cardrules.information.plane_groups import (
    PlaneGroup,
    cell_writer,
    one_hot,
    zeros,
)
from cardrules.information.tensor_layout import ObservationMismatchError, TensorLayout
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.observation import GnomingObservation, filled_positions
from cardrules_gnoming.tensor_layout import ENDINGS, PHASES, SCORE_SCALE, SOURCES, card_kinds

__all__ = ["KindTables", "kind_tables", "plane_groups"]


@attrs.frozen
class KindTables:
    """What the encoder precomputes once per game: card kinds and plane offsets.

    Attributes:
        size: the flat tensor's length.
        kinds: the number of card kinds ``K``; index ``K`` stands for a face-down card.
        index: card kind -> index (``None``, face down -> ``K``).
        by_id: the same, keyed by the identity of the deck's own card objects.
        copies: the deck's copies of each kind, in kind order.
        deck_size: cards in the deck (the draw pile's size is scaled by it).
        rounds: rounds in the match.
        rebuild_limit: draw-pile rebuilds allowed a round (G8), ``None``: no limit.
        at: each plane's first offset in the flat tensor.
        players: seats at the table.
    """

    size: int
    kinds: int
    index: dict[Card | None, int]
    by_id: dict[int, int]
    copies: tuple[int, ...]
    deck_size: int
    rounds: int
    rebuild_limit: int | None
    at: dict[str, int]
    players: int

    def kinds_of(self, cards: Sequence[Card | None], face_down: bool = False) -> list[int]:
        """Kind indices of ``cards``; with ``face_down``, ``None`` (a face-down card) is ``K``.

        Raises:
            ObservationMismatchError: a card is not in the game's deck (or is ``None``
                without ``face_down``).
        """
        by_id = self.by_id
        try:
            found = [by_id[id(card)] for card in cards]
        except KeyError:  # a card object that is not the deck's own: look it up by value
            return self._kinds_by_value(cards, face_down)
        if not face_down and self.kinds in found:
            return self._kinds_by_value(cards, face_down)
        return found

    def _kinds_by_value(self, cards: Sequence[Card | None], face_down: bool) -> list[int]:
        try:
            found = [self.index[card] for card in cards if face_down or card is not None]
        except KeyError as error:
            raise ObservationMismatchError(
                f"card {error.args[0]} is not in this game's deck"
            ) from None
        if len(found) < len(cards):
            raise ObservationMismatchError("a card is missing (None) outside a layout")
        return found

    def kind_of(self, card: Card | None, face_down: bool = False) -> int:
        """``kinds_of((card,), face_down)[0]``, one card's kind index (same errors)."""
        found = self.by_id.get(id(card))
        if found is None or (found == self.kinds and not face_down):
            return self.kinds_of((card,), face_down)[0]
        return found


def kind_tables(game: Game) -> KindTables:
    """The game's `KindTables` (card kinds and plane offsets)."""
    kinds = card_kinds(game)
    tensor_layout: TensorLayout = game.tensor_layout
    index: dict[Card | None, int] = {card: i for i, card in enumerate(kinds)}
    index[None] = len(kinds)
    return KindTables(
        size=tensor_layout.size,
        kinds=len(kinds),
        index=index,
        by_id={id(card): i for card, i in index.items()},
        copies=tuple(n for _, n in game.deck.counts),
        deck_size=game.deck.size,
        rounds=game.rounds,
        rebuild_limit=game.options.draw_pile_rebuilds,
        at=tensor_layout.starts(),
        players=game.players,
    )


def _visible(mark: list[Any]) -> tuple[Card | None, ...]:
    """A layout row's value from its mark: the card where face up, ``None`` where face down."""
    # (written out: four times faster than a comprehension, on the hot path of every tensor)
    c0, c1, c2, c3, c4, c5, c6, c7, c8, u0, u1, u2, u3, u4, u5, u6, u7, u8 = mark
    return (
        c0 if u0 else None,
        c1 if u1 else None,
        c2 if u2 else None,
        c3 if u3 else None,
        c4 if u4 else None,
        c5 if u5 else None,
        c6 if u6 else None,
        c7 if u7 else None,
        c8 if u8 else None,
    )


def _filled(mark: tuple[tuple[int, ...], int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pending seats and filled positions from their mark (the positions as a bitmask)."""
    return mark[0], filled_positions(mark[1])


def plane_groups(enc: KindTables) -> tuple[list[PlaneGroup], Any]:
    """The tensor's plane groups (`cardrules.information.plane_groups`), and how a fresh tensor
    starts.

    ``unseen`` is a running total: the deck's copies, less what each group shows
    (face-up layout cards, a visible held card, the discard piles, the cards out
    of play), each group taking back its last share when it writes again.
    One-hots remember (in their memo) the cell they set, and clear only that.
    """
    at = enc.at
    players = enc.players
    kinds = enc.kinds
    kinds_of = enc.kinds_of
    kind_of = enc.kind_of
    unseen = at["unseen"]
    groups: list[PlaneGroup] = []

    def start(out: array[float]) -> None:
        out[unseen : unseen + kinds] = array("f", enc.copies)

    def rel(seat: int, other: int) -> int:
        return (other - seat) % players

    # Each layout row (relative seat r) is a group of its own: a move changes one or two.
    width = kinds + 1
    nothing = (object(),) * 9  # equal to no card: every cell of a fresh row is written
    positions = range(9)

    def layout_row(r: int) -> None:
        row = at["layouts"] + r * 9 * width

        def key(obs: GnomingObservation) -> tuple[Card | None, ...]:
            return obs.layouts[(obs.seat + r) % players]

        def write(
            out: array[float], view: Any, shown: tuple[Card | None, ...], seat: int, memo: list[Any]
        ) -> None:
            old, cells = memo if memo else (nothing, [-1] * 9)
            for position in compress(positions, map(is_not, shown, old)):
                after = kind_of(shown[position], face_down=True)
                before = cells[position]
                if before != after:
                    cell = row + position * width
                    if before >= 0:
                        out[cell + before] = 0
                        if before < kinds:
                            out[unseen + before] += 1
                    out[cell + after] = 1
                    if after < kinds:
                        out[unseen + after] -= 1
                    cells[position] = after
            memo[:] = [shown, cells]

        groups.append(PlaneGroup(("layouts",), key=key, write_value=write, from_mark=_visible))

    for r in range(players):
        layout_row(r)

    held_at = at["held"]
    source_at = {source: at["held_from"] + i for i, source in enumerate(SOURCES)}

    def _held(
        out: array[float], view: Any, value: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        held, source = value
        kind = None if held is None else kind_of(held)
        old_kind, old_cell, old_source = memo if memo else (None, None, None)
        if old_cell is not None:
            out[old_cell] = 0
        if old_source is not None:
            out[old_source] = 0
        cell = held_at + kind if kind is not None else held_at + kinds if source == STOCK else None
        if cell is not None:
            out[cell] = 1
        source_cell = None if source is None else source_at[source]
        if source_cell is not None:
            out[source_cell] = 1
        if old_kind is not None:
            out[unseen + old_kind] += 1
        if kind is not None:
            out[unseen + kind] -= 1
        memo[:] = [kind, cell, source_cell]

    groups.append(PlaneGroup(("held_card", "held_from"), write_value=_held))

    tops = at["discard_top"]
    unders = at["discard_under"]
    pile_counts = at["discard_counts"]
    no_pile: tuple[tuple[Card, ...], list[int]] = ((), [])

    def _piles(
        out: array[float], view: Any, piles: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        # memo: per pile, its cards and their kinds as last written
        kept = memo if memo else [no_pile, no_pile]
        for number, cards in enumerate(piles):
            old_cards, old = kept[number]
            if cards is old_cards:  # (a pile hands out the same tuple while it is unchanged)
                continue
            base = number * kinds
            # The cards below the first that differs stayed; take out those above, put in
            # the new. Cards compare by identity first (a card's == is a Python call).
            count, old_count = len(cards), len(old_cards)
            if count == old_count + 1 and cards[:old_count] == old_cards:  # one discarded
                if old:  # (the old top is now under the new one)
                    out[tops + base + old[-1]] = 0
                    if old_count > 1:
                        out[unders + base + old[-2]] = 0
                    out[unders + base + old[-1]] = 1
                kind = kind_of(cards[-1])
                out[pile_counts + base + kind] += 1
                out[unseen + kind] -= 1
                out[tops + base + kind] = 1
                kept[number] = (tuple(cards), [*old, kind])
                continue
            if count == old_count - 1 and old_cards[:count] == cards:  # its top taken
                kind = old[-1]
                out[pile_counts + base + kind] -= 1
                out[unseen + kind] += 1
                out[tops + base + kind] = 0
                if count:  # (the card under it is the top now)
                    under = old[-2]
                    out[unders + base + under] = 0
                    out[tops + base + under] = 1
                    if count > 1:
                        out[unders + base + old[-3]] = 1
                kept[number] = (tuple(cards), old[:-1])
                continue
            if count > old_count and cards[:old_count] == old_cards:  # discarded onto
                same = old_count
            elif count < old_count and old_cards[:count] == cards:  # taken from
                same = count
            elif count == old_count and cards == old_cards:
                continue
            else:  # started again, rebuilt into the draw pile, or several moves since
                stayed = list(map(is_, cards, old_cards))
                same = stayed.index(False) if False in stayed else len(stayed)
            came = kinds_of(cards[same:])
            for kind in old[same:]:
                out[pile_counts + base + kind] -= 1
                out[unseen + kind] += 1
            for kind in came:
                out[pile_counts + base + kind] += 1
                out[unseen + kind] -= 1
            new = old[:same] + came
            if old:
                out[tops + base + old[-1]] = 0
                if len(old) > 1:
                    out[unders + base + old[-2]] = 0
            if new:
                out[tops + base + new[-1]] = 1
                if len(new) > 1:
                    out[unders + base + new[-2]] = 1
            kept[number] = (tuple(cards), new)
        memo[:] = kept

    groups.append(PlaneGroup(("discard_piles",), write_value=_piles))

    gone_at = at["out_of_play"]

    def _gone(
        out: array[float], view: Any, cards: tuple[Card, ...], seat: int, memo: list[Any]
    ) -> None:
        new = kinds_of(cards)
        for kind in memo[0] if memo else ():
            out[gone_at + kind] -= 1
            out[unseen + kind] += 1
        for kind in new:
            out[gone_at + kind] += 1
            out[unseen + kind] -= 1
        memo[:] = [new]

    groups.append(PlaneGroup(("out_of_play",), write_value=_gone))

    known_at = at["draw_pile_known"]
    draw_counts = at["draw_pile_counts"]
    draw_hazards = at["draw_pile_hazards"]

    def _draw_pile(
        out: array[float], view: Any, value: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        cards, hazards = value
        out[draw_counts : draw_counts + kinds] = zeros(kinds)
        out[known_at] = cards is not None
        if cards is not None:
            for kind in kinds_of(cards):
                out[draw_counts + kind] += 1
        out[draw_hazards] = hazards

    groups.append(PlaneGroup(("draw_pile_cards", "draw_pile_hazards"), write_value=_draw_pile))

    stock_at = at["draw_pile_size"]

    def _stock(out: array[float], view: Any, size: int, seat: int, memo: list[Any]) -> None:
        out[stock_at] = size / enc.deck_size

    groups.append(PlaneGroup(("draw_pile_size",), write_value=_stock))

    seat_zeros = zeros(players)

    def seat_one_hot(out: array[float], name: str, seat: int, other: int | None) -> None:
        one_hot(out, at[name], players, None if other is None else rel(seat, other))

    phase_at = {phase: at["phase"] + i for i, phase in enumerate(PHASES)}
    current_at = at["current_player"]
    turn_at = at["turn_seat"]
    kept_hazard_at = at["kept_hazard"]
    final_at = at["final_turns"]

    def turn_cells(value: tuple[Any, ...], seat: int) -> tuple[int, ...]:
        phase, current, turn_seat, kept_hazard, _, _ = value
        cells = [phase_at[phase]]
        if current is not None:
            cells.append(current_at + (current - seat) % players)
        if turn_seat is not None:
            cells.append(turn_at + (turn_seat - seat) % players)
        if kept_hazard:
            cells.append(kept_hazard_at)
        return tuple(cells)

    # (the cells of each value worked out once per seat: a few thousand values)
    write_cells = cell_writer(turn_cells, players)

    # The counts of the final turns and the Mulligans at the turn's start go with the
    # turn: the Mulligans change at about one decision in eleven, which rewrote every
    # plane of the round group, and the turn is written at nearly every decision anyway.
    def _turn(
        out: array[float], view: Any, value: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        write_cells(out, view, value, seat, memo)
        out[final_at] = value[4]
        out[final_at + 1] = value[5]

    groups.append(
        PlaneGroup(
            (
                "phase",
                "current_player",
                "turn_seat",
                "kept_hazard",
                "final_turns_left",
                "mulligans_at_turn_start",
            ),
            write_value=_turn,
        )
    )

    pending_at = at["pending"]
    filled_at = at["filled_positions"]

    def pending_cells(value: tuple[Any, ...], seat: int) -> list[int]:
        pending, filled = value
        cells = [pending_at + rel(seat, other) for other in pending]
        return cells + [filled_at + position for position in filled]

    _pending = cell_writer(pending_cells, players, add=True)

    groups.append(
        PlaneGroup(("pending", "filled_positions"), write_value=_pending, from_mark=_filled)
    )

    rebuilds_at = at["rebuilds"]
    scores_at = at["scores"]
    limit = enc.rebuild_limit

    def _round(
        out: array[float], view: Any, value: tuple[Any, ...], seat: int, memo: list[Any]
    ) -> None:
        ender, starter, ended, round_, rebuilds, scores = value
        seat_one_hot(out, "ender", seat, ender)
        seat_one_hot(out, "starter", seat, starter)
        ending = None if ended is None else ENDINGS.index(ended if ended in ENDINGS else "variant")
        one_hot(out, at["ended_by"], len(ENDINGS), ending)
        one_hot(out, at["round"], enc.rounds, round_)
        out[rebuilds_at] = rebuilds
        out[rebuilds_at + 1] = limit is None or rebuilds < limit
        if scores:
            totals = [sum(column) / SCORE_SCALE for column in zip(*scores, strict=True)]
            out[scores_at : scores_at + players] = array("f", totals[seat:] + totals[:seat])
        else:
            out[scores_at : scores_at + players] = seat_zeros

    groups.append(
        PlaneGroup(
            (
                "ender",
                "starter",
                "ended_by",
                "round",
                "rebuilds",
                "round_scores",
            ),
            write_value=_round,
        )
    )
    return groups, start
