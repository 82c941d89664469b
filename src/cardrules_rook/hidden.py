"""What a seat cannot see in Toonerville Rook, and dealing it anew (for checks and search).

Hidden from a seat: the other players' hands, except the cards known to be in
them (`RookRound.known`), and the draw pile. After a rebuild (R16) the draw
pile holds only cards it was rebuilt from that the seat did not draw since.
`deal_unseen` deals such cards at random under those constraints; both
`shuffle_hidden` and `cardrules_rook.determinize` use it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules.piles import Pile
from cardrules_rook.cards import Card, card_of_code
from cardrules_rook.state import RookRound

__all__ = ["deal_unseen", "draw_pile_limit", "shuffle_hidden"]


def draw_pile_limit(
    rebuilds: int, rebuilt: Sequence[int], drawn: Sequence[int]
) -> list[int] | None:
    """What the draw pile may hold as 57 counts by code, or ``None`` for any card.

    Args:
        rebuilds: draw-pile rebuilds so far this round (R16).
        rebuilt: 57 counts: the cards of the last rebuild.
        drawn: 57 counts: the cards the observing seat drew from it since.
    """
    if not rebuilds:
        return None
    return [max(0, r - d) for r, d in zip(rebuilt, drawn, strict=True)]


def deal_unseen(
    unseen: Sequence[int],
    draw_pile_size: int,
    draw_pile_limit: Sequence[int] | None,
    hand_sizes: Sequence[int],
    rng: random.Random,
) -> tuple[list[Card], list[list[int]]]:
    """Deal unseen cards at random: first the draw pile, then the hands.

    Every card counts as one (identical cards from several decks too, R2), so
    the deal is uniform over the ways to place the unseen cards.

    Args:
        unseen: 57 counts by code: the cards to deal.
        draw_pile_size: cards the draw pile gets.
        draw_pile_limit: 57 counts the draw pile may not exceed, or ``None``.
        hand_sizes: cards each hand gets, in order; with ``draw_pile_size``
            they add up to every unseen card.
        rng: the generator to deal with.

    Returns:
        ``(draw_pile, hands)``: the draw pile bottom first, and per entry of
        ``hand_sizes`` a hand of 57 counts by code.

    Raises:
        ValueError: the sizes do not add up, or too few unseen cards may go to
            the draw pile (the constraints contradict each other).
    """
    if draw_pile_size + sum(hand_sizes) != sum(unseen):
        raise ValueError(
            f"{sum(unseen)} unseen cards cannot fill a draw pile of {draw_pile_size} "
            f"and hands of {list(hand_sizes)}"
        )
    if draw_pile_limit is None:
        eligible = [code for code in range(57) for _ in range(unseen[code])]
        others: list[int] = []
    else:
        eligible = []
        others = []
        for code in range(57):
            n = unseen[code]
            if n:
                fit = min(n, draw_pile_limit[code])
                eligible += [code] * fit
                others += [code] * (n - fit)
    if len(eligible) < draw_pile_size:
        raise ValueError(
            f"only {len(eligible)} unseen cards may be in a draw pile of {draw_pile_size}"
        )
    rng.shuffle(eligible)
    split = len(eligible) - draw_pile_size
    stock = [card_of_code(code) for code in eligible[split:]]
    rest = eligible[:split] + others
    if others:
        rng.shuffle(rest)
    hands: list[list[int]] = []
    start = 0
    for size in hand_sizes:
        counts = [0] * 57
        for code in rest[start : start + size]:
            counts[code] += 1
        hands.append(counts)
        start += size
    return stock, hands


def shuffle_hidden(state: RookRound, seat: int, rng: random.Random) -> RookRound:
    """A copy of ``state`` where every card hidden from ``seat`` is dealt anew at random.

    Hidden from ``seat``: the other players' hands but their known cards
    (`RookRound.known`), and the draw pile. Each hand keeps its size and its
    known cards, the draw pile its length and, after a rebuild (R16), its
    limit (`draw_pile_limit` for ``seat``); the seat's own hand, the table and
    the discard pile stay as they are. Only ``seat``'s view is kept: what other
    seats knew of the moved cards may no longer hold.
    """
    twin = state.clone()
    others = [s for s in range(twin.players) if s != seat]
    unseen = [0] * 57
    sizes: list[int] = []
    for s in others:
        hand, known = twin.hands[s], twin.known[s]
        for code in range(57):
            unseen[code] += hand[code] - known[code]
        sizes.append(sum(hand) - sum(known))
    for card in twin.stock:
        unseen[card.code] += 1
    limit = draw_pile_limit(twin.rebuilds, twin.rebuilt, twin.rebuilt_draws[seat])
    stock, hands = deal_unseen(unseen, len(twin.stock), limit, sizes, rng)
    for s, dealt in zip(others, hands, strict=True):
        twin.hands[s] = [k + d for k, d in zip(twin.known[s], dealt, strict=True)]
    twin.stock = Pile(stock)
    return twin
