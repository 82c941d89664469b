"""Scoring Gnoming A Round by its own rules: layouts, rounds and the match (G19-G25).

`score_layout` is a pure function of nine revealed cards; the round and
match functions add the ender's bonus (G23), totals (G24) and the winner (G25).
These are the game's own answers to its scoring rule points
(`cardrules_gnoming.hookspecs`); a game with variants scores through
`cardrules_gnoming.rulebook.Rulebook`, which calls the hooks.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules_gnoming.cards import Card

__all__ = [
    "LINES",
    "LayoutBreakdown",
    "card_points",
    "ender_adjustment",
    "layout_breakdown",
    "line_match_value",
    "match_winners",
    "round_scores",
    "score_layout",
]

#: The six lines of a layout: rows then columns, as position triples (G19).
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
)


def line_match_value(cards: Sequence[Card]) -> int | None:
    """The value ``v`` a line of three cards matches at, or ``None`` (G19, G20).

    A line matches when all its cards are positive cards or Mulligans, at least
    one is positive, and all its positive cards have the same value ``v``; each
    Mulligan then stands for ``v`` in this line.

    Examples:
        >>> from cardrules_gnoming.cards import MULLIGAN, number
        >>> line_match_value([number(5), number(5), MULLIGAN])
        5
        >>> line_match_value([MULLIGAN, MULLIGAN, MULLIGAN]) is None
        True
    """
    value: int | None = None
    for card in cards:
        if card.is_mulligan:
            continue
        if not card.is_positive or (value is not None and card.value != value):
            return None
        value = card.value
    return value


def card_points(card: Card, matched: bool, hazard_points: int = 10) -> int:
    """The points one card of a revealed layout scores on its own (G21, G22).

    Args:
        card: the card.
        matched: the card lies in at least one matching line.
        hazard_points: points of a Hazard (G22; default 10).

    Returns:
        0 for a positive card in a matching line, else its value (G21); a
        negative card's value; 0 for a Mulligan; ``hazard_points`` for a Hazard.

    Examples:
        >>> from cardrules_gnoming.cards import HAZARD, number
        >>> card_points(number(7), True), card_points(number(7), False), card_points(HAZARD, False)
        (0, 7, 10)
    """
    if card.is_number:
        return 0 if matched and card.value > 0 else card.value
    return hazard_points if card.is_hazard else 0


def score_layout(
    cards: Sequence[Card],
    *,
    hazard_points: int = 10,
    lines: Sequence[Sequence[int]] = LINES,
) -> int:
    """Score a revealed 3x3 layout (G19-G22).

    Args:
        cards: nine cards, positions 0-8 row by row, all face up.
        hazard_points: points for each Hazard in the layout (G22; default 10).
        lines: the lines that can match (G19; default the rows and columns).

    Returns:
        The layout's score: each matching line scores ``-v`` (G19, G20); a
        positive card in no matching line scores its value (G21); a negative card
        its value, a Mulligan in no matching line 0, a Hazard ``hazard_points`` (G22).

    Raises:
        ValueError: ``cards`` does not hold nine cards.

    Examples:
        >>> from cardrules_gnoming.cards import number
        >>> score_layout([number(4)] * 9)
        -24
    """
    if len(cards) != 9:
        raise ValueError(f"a layout holds 9 cards, got {len(cards)}")
    score = 0
    in_match = [False] * 9
    for line in lines:
        value = line_match_value([cards[p] for p in line])
        if value is not None:
            score -= value
            for p in line:
                in_match[p] = True
    for p, card in enumerate(cards):
        score += card_points(card, in_match[p], hazard_points)
    return score


@attrs.frozen
class LayoutBreakdown:
    """Where a layout's score comes from (G19-G22); the parts add up to `score_layout`.

    Attributes:
        lines: the matching lines' part: ``-v`` for each line matching at ``v``
            (G19, G20), so zero or negative.
        cards: positive cards in no matching line plus negative cards (G21, G22).
        hazards: ``hazard_points`` for each Hazard (G22).
        matching_lines: how many of the six lines match.
    """

    lines: int
    cards: int
    hazards: int
    matching_lines: int

    @property
    def total(self) -> int:
        """The layout's score: ``lines + cards + hazards``."""
        return self.lines + self.cards + self.hazards


def layout_breakdown(cards: Sequence[Card], *, hazard_points: int = 10) -> LayoutBreakdown:
    """Score a revealed layout as `score_layout` does, part by part (G19-G22).

    Args:
        cards: nine cards, positions 0-8 row by row, all face up.
        hazard_points: points for each Hazard in the layout (G22).

    Returns:
        A `LayoutBreakdown` whose ``total`` is ``score_layout(cards, hazard_points=...)``.

    Raises:
        ValueError: ``cards`` does not hold nine cards.

    Examples:
        >>> from cardrules_gnoming.cards import HAZARD, number
        >>> layout_breakdown([number(4)] * 6 + [number(2), number(-1), HAZARD])
        LayoutBreakdown(lines=-8, cards=1, hazards=10, matching_lines=2)
    """
    if len(cards) != 9:
        raise ValueError(f"a layout holds 9 cards, got {len(cards)}")
    lines = matching = 0
    in_match = [False] * 9
    for line in LINES:
        value = line_match_value([cards[p] for p in line])
        if value is not None:
            lines -= value
            matching += 1
            for p in line:
                in_match[p] = True
    loose = sum(
        card.value
        for p, card in enumerate(cards)
        if (card.is_positive and not in_match[p]) or card.is_negative
    )
    hazards = hazard_points * sum(1 for card in cards if card.is_hazard)
    return LayoutBreakdown(lines=lines, cards=loose, hazards=hazards, matching_lines=matching)


def round_scores(
    layouts: Sequence[Sequence[Card]],
    ender: int | None,
    *,
    hazard_points: int = 10,
    ender_bonus: int = 5,
    ender_tie_is_lowest: bool = True,
) -> tuple[int, ...]:
    """Score every revealed layout of a round and apply the ender's bonus or penalty.

    Args:
        layouts: one nine-card layout per seat, in seat order.
        ender: the seat that ended the round (G17), or ``None`` when the round
            ended because the draw pile ran out (G8): then no bonus or penalty.
        hazard_points: see `score_layout`.
        ender_bonus: G23: subtracted when the ender is lowest, added otherwise.
        ender_tie_is_lowest: G23: whether a tie for lowest counts as lowest.

    Returns:
        One score per seat.

    Examples:
        >>> from cardrules_gnoming.cards import number
        >>> round_scores([[number(1)] * 9, [number(2)] * 9, [number(3)] * 9], ender=0)
        (-1, -12, -18)
    """
    scores = [score_layout(cards, hazard_points=hazard_points) for cards in layouts]
    if ender is not None:
        scores[ender] += ender_adjustment(
            scores, ender, ender_bonus=ender_bonus, ender_tie_is_lowest=ender_tie_is_lowest
        )
    return tuple(scores)


def ender_adjustment(
    scores: Sequence[int],
    ender: int,
    *,
    ender_bonus: int = 5,
    ender_tie_is_lowest: bool = True,
) -> int:
    """The points added to the ender's layout score (G23).

    Args:
        scores: each seat's layout score before any bonus, in seat order.
        ender: the ender's seat.
        ender_bonus: subtracted when the ender is lowest, added otherwise.
        ender_tie_is_lowest: whether a tie for lowest counts as lowest.

    Returns:
        ``-ender_bonus`` or ``+ender_bonus``.

    Examples:
        >>> ender_adjustment([3, 7, 3], 0)
        -5
        >>> ender_adjustment([3, 7, 3], 0, ender_tie_is_lowest=False)
        5
    """
    lowest = min(scores)
    tied = scores.count(lowest) > 1
    is_lowest = scores[ender] == lowest and (ender_tie_is_lowest or not tied)
    return -ender_bonus if is_lowest else ender_bonus


def match_winners(round_scores: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The winners of a match (G24, G25).

    The lowest total wins; among tied players the lowest score in the last round
    wins; a tie that remains is a shared win.

    Args:
        round_scores: one sequence of per-seat scores per round, in round order.

    Returns:
        The winning seats in increasing order.

    Raises:
        ValueError: no round was played.

    Examples:
        >>> match_winners([(3, 1, 2), (1, 2, 1)])
        (2,)
        >>> match_winners([(1, 1, 5), (2, 2, 0)])
        (0, 1)
    """
    if not round_scores:
        raise ValueError("no round was played")
    totals = [sum(column) for column in zip(*round_scores, strict=True)]
    best = min(totals)
    tied = [s for s, total in enumerate(totals) if total == best]
    last = round_scores[-1]
    best_last = min(last[s] for s in tied)
    return tuple(s for s in tied if last[s] == best_last)
